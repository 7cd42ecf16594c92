"""gdb 13's view of a module's debug info: compile units, blocks, line tables.

What the stepping rules need besides lines: the block tree gdb builds from
``.debug_info`` (functions, inlined subroutines, and lexical blocks that
declare something; a lexical block without symbols is not a block to gdb),
each block's ranges in DWARF order (an inlined call's entry is the start of
its first range), the per-unit "address map" gdb keeps only when some block
is not contiguous (it decides whether the start of any range, not just the
entry, counts as entering an inlined call), and the producer facts gdb
consults (clang's line notes for prologues, gcc's valid locations).

Units are read lazily: libc's separate debug file has thousands of them.
All addresses here are file addresses.  Self-contained (stdlib and
pyelftools): it runs inside lldb's embedded Python.
"""

from __future__ import annotations

import bisect
import os
import re
from dataclasses import dataclass, field
from typing import Any

from atomc_lldb_lines import CuLines, build_tables, decode, file_names, search_name_matches
from elftools.dwarf.ranges import BaseAddressEntry
from elftools.elf.elffile import ELFFile

FUNCTION, INLINED, LEXICAL = "function", "inlined", "lexical"
_SYMBOL_TAGS = {
    "DW_TAG_variable",
    "DW_TAG_label",
    "DW_TAG_typedef",
    "DW_TAG_structure_type",
    "DW_TAG_union_type",
    "DW_TAG_enumeration_type",
}
_LOCLIST_FORMS = {"DW_FORM_sec_offset", "DW_FORM_loclistx", "DW_FORM_data4", "DW_FORM_data8"}
_ADDR_FORMS = {"DW_FORM_addr", "DW_FORM_addrx", "DW_FORM_addrx1", "DW_FORM_addrx2",
               "DW_FORM_addrx4"}


@dataclass(eq=False, slots=True)
class Block:
    """A gdb block: a function, an inlined call, or a lexical block with symbols."""

    kind: str
    name: str
    ranges: tuple[tuple[int, int], ...]  # in DWARF order
    parent: Block | None
    call_file: str = ""
    call_line: int = 0
    cu: CuModel | None = None

    @property
    def start(self) -> int:
        return min(lo for lo, _ in self.ranges)

    @property
    def end(self) -> int:
        return max(hi for _, hi in self.ranges)

    @property
    def contiguous(self) -> bool:
        return len(self.ranges) <= 1

    @property
    def entry_pc(self) -> int:
        """gdb 13's entry: the start, or the first listed range's start."""
        return self.start if self.contiguous else self.ranges[0][0]

    def contains(self, pc: int) -> bool:
        return any(lo <= pc < hi for lo, hi in self.ranges)

    def range_containing(self, pc: int) -> tuple[int, int] | None:
        for lo, hi in self.ranges:
            if lo <= pc < hi:
                return lo, hi
        return None

    @property
    def is_function(self) -> bool:
        return self.kind in (FUNCTION, INLINED)

    def linkage_function(self) -> Block:
        """The real (not inlined) function this block belongs to."""
        block: Block = self
        while block.kind != FUNCTION and block.parent is not None:
            block = block.parent
        return block

    def contained_in(self, other: Block) -> bool:
        """gdb's contained_in: nested in ``other`` without crossing a real function."""
        block: Block | None = self
        while block is not None:
            if block is other:
                return True
            if block.kind == FUNCTION:
                return False
            block = block.parent
        return False


def producer_is_llvm(producer: str) -> bool:
    """gdb 13's test (Debian's "Debian clang version ..." does not pass it)."""
    return producer.startswith("clang ") or producer.startswith(" F90 Flang ")


def gcc_version(producer: str) -> tuple[int, int] | None:
    """gdb's producer_is_gcc: "GNU <lang> <major>.<minor>"."""
    match = re.match(r"GNU \S+ (\d+)\.(\d+)", producer)
    if match is None or producer.startswith("GNU Go"):
        return None
    return int(match.group(1)), int(match.group(2))


@dataclass(eq=False, slots=True)
class CuModel:
    """One compile unit as gdb holds it."""

    name: str
    producer: str
    language: int
    lines: CuLines
    blocks: list[Block] = field(default_factory=list)  # in gdb's finish order
    has_loclist: bool = False
    interesting: bool = False  # gdb keeps an address map (some block has ranges)
    stmt_differences: bool = False  # some row is not a statement (Key Instructions, views)
    _starts: list[int] = field(default_factory=list)
    _segments: list[tuple[int, int, Block]] = field(default_factory=list)

    @property
    def locations_valid(self) -> bool:
        version = gcc_version(self.producer)
        return self.has_loclist and version is not None and version >= (4, 5)

    @property
    def is_asm(self) -> bool:
        return self.language == 0x8001  # DW_LANG_Mips_Assembler

    def build_map(self) -> None:
        """gdb's address map: each address belongs to the first-finished block covering it."""
        segments: list[tuple[int, int, Block]] = []
        for block in self.blocks:
            for lo, hi in block.ranges:
                segments.extend(_fill_gaps(segments, lo, hi, block))
        segments.sort(key=lambda s: s[0])
        self._segments = segments
        self._starts = [s[0] for s in segments]

    def block_at(self, pc: int) -> Block | None:
        """gdb's block_for_pc: the innermost block holding ``pc``."""
        idx = bisect.bisect_right(self._starts, pc) - 1
        if idx >= 0:
            lo, hi, block = self._segments[idx]
            if lo <= pc < hi:
                return block
        return None

    def functions(self) -> list[Block]:
        return [b for b in self.blocks if b.kind == FUNCTION]


def _fill_gaps(
    taken: list[tuple[int, int, Block]], lo: int, hi: int, block: Block
) -> list[tuple[int, int, Block]]:
    """The parts of [lo, hi) not yet in ``taken`` (gdb's addrmap set_empty)."""
    pieces = [(lo, hi)]
    for tlo, thi, _ in taken:
        if thi <= lo or tlo >= hi:
            continue
        next_pieces: list[tuple[int, int]] = []
        for plo, phi in pieces:
            if thi <= plo or tlo >= phi:
                next_pieces.append((plo, phi))
                continue
            if plo < tlo:
                next_pieces.append((plo, tlo))
            if thi < phi:
                next_pieces.append((thi, phi))
        pieces = next_pieces
        if not pieces:
            break
    return [(plo, phi, block) for plo, phi in pieces if phi > plo]


def _die_ranges(dwarf: Any, cu: Any, top: Any, die: Any) -> list[tuple[int, int]]:
    """The address ranges of a DIE (low/high pc or a range list based at the unit's low pc)."""
    attrs = die.attributes
    if "DW_AT_low_pc" in attrs and "DW_AT_high_pc" in attrs:
        low = int(attrs["DW_AT_low_pc"].value)
        high_attr = attrs["DW_AT_high_pc"]
        high = int(high_attr.value)
        if high_attr.form not in _ADDR_FORMS:
            high += low
        return [(low, high)] if high > low else []
    if "DW_AT_ranges" in attrs:
        lists = dwarf.range_lists()
        if lists is None:
            return []
        low_attr = top.attributes.get("DW_AT_low_pc")
        base = int(low_attr.value) if low_attr is not None else 0
        out: list[tuple[int, int]] = []
        for entry in lists.get_range_list_at_offset(int(attrs["DW_AT_ranges"].value), cu=cu):
            if isinstance(entry, BaseAddressEntry):
                base = entry.base_address
            elif entry.is_absolute:
                out.append((entry.begin_offset, entry.end_offset))
            else:
                out.append((base + entry.begin_offset, base + entry.end_offset))
        return [(lo, hi) for lo, hi in out if hi > lo]
    return []


class _CuReader:
    """Builds a CuModel from one pyelftools CU."""

    def __init__(self, dwarf: Any, cu: Any) -> None:
        self.dwarf = dwarf
        self.cu = cu
        top = cu.get_top_DIE()
        self.top = top
        attrs = top.attributes
        self.comp_dir = decode(attrs["DW_AT_comp_dir"].value) if "DW_AT_comp_dir" in attrs else ""
        self.lineprog = dwarf.line_program_for_CU(cu)
        self.names = file_names(self.lineprog, self.comp_dir) if self.lineprog else []
        self.model: CuModel | None = None

    def die_ranges(self, die: Any) -> list[tuple[int, int]]:
        return _die_ranges(self.dwarf, self.cu, self.top, die)

    def file_name(self, index: int) -> str:
        return self.names[index] if 0 <= index < len(self.names) else ""

    def read(self) -> CuModel:
        attrs = self.top.attributes
        name = decode(attrs["DW_AT_name"].value) if "DW_AT_name" in attrs else ""
        if name and not os.path.isabs(name):
            name = os.path.normpath(os.path.join(self.comp_dir, name))
        producer = decode(attrs["DW_AT_producer"].value) if "DW_AT_producer" in attrs else ""
        language = int(attrs["DW_AT_language"].value) if "DW_AT_language" in attrs else 0
        tables = build_tables(self.lineprog, self.names) if self.lineprog else {}
        model = CuModel(name, producer, language, CuLines(tables, 0))
        model.stmt_differences = self.lineprog is not None and any(
            e.state is not None and not e.state.end_sequence and not e.state.is_stmt
            for e in self.lineprog.get_entries())
        self.model = model
        self._walk(self.top, None)
        ends = [b.end for b in model.blocks if b.kind == FUNCTION]
        cu_ranges = self.die_ranges(self.top)
        model.lines.global_end = max(ends + [hi for _, hi in cu_ranges] + [0])
        model.build_map()
        return model

    def _name_of(self, die: Any) -> str:
        seen = 0
        while die is not None and seen < 4:
            if "DW_AT_name" in die.attributes:
                return decode(die.attributes["DW_AT_name"].value)
            key = next((k for k in ("DW_AT_abstract_origin", "DW_AT_specification")
                        if k in die.attributes), None)
            if key is None:
                return ""
            die = die.get_DIE_from_attribute(key)
            seen += 1
        return ""

    def _has_symbols(self, die: Any) -> bool:
        dies = [die]
        if "DW_AT_abstract_origin" in die.attributes:
            dies.append(die.get_DIE_from_attribute("DW_AT_abstract_origin"))
        for one in dies:
            for child in one.iter_children():
                if child.tag in _SYMBOL_TAGS:
                    if child.tag == "DW_TAG_variable" or "DW_AT_name" in child.attributes:
                        return True
        return False

    def _note_loclist(self, die: Any) -> None:
        if die.tag in ("DW_TAG_variable", "DW_TAG_formal_parameter"):
            attr = die.attributes.get("DW_AT_location")
            if attr is not None and attr.form in _LOCLIST_FORMS:
                assert self.model is not None
                self.model.has_loclist = True

    def _walk(self, die: Any, parent: Block | None) -> None:
        """Create blocks in gdb's finish order (children before their parent)."""
        assert self.model is not None
        for child in die.iter_children():
            self._note_loclist(child)
            tag = child.tag
            if tag in ("DW_TAG_subprogram", "DW_TAG_inlined_subroutine", "DW_TAG_lexical_block"):
                ranges = self.die_ranges(child)
                if not ranges:
                    if tag == "DW_TAG_lexical_block" and not (
                        "DW_AT_ranges" in child.attributes or "DW_AT_low_pc" in child.attributes
                    ):
                        self._walk(child, parent)  # no pc attributes: transparent
                    continue
                if tag == "DW_TAG_lexical_block" and not self._has_symbols(child):
                    self._walk(child, parent)
                    continue
                kind = {"DW_TAG_subprogram": FUNCTION, "DW_TAG_inlined_subroutine": INLINED,
                        "DW_TAG_lexical_block": LEXICAL}[tag]
                block = Block(kind, self._name_of(child) if kind != LEXICAL else "",
                              tuple(ranges), parent, cu=self.model)
                if kind == INLINED:
                    cattrs = child.attributes
                    if "DW_AT_call_file" in cattrs:
                        block.call_file = self.file_name(int(cattrs["DW_AT_call_file"].value))
                    if "DW_AT_call_line" in cattrs:
                        block.call_line = int(cattrs["DW_AT_call_line"].value)
                self._walk(child, block)
                self.model.blocks.append(block)
                if len(ranges) > 1:
                    self.model.interesting = True
            elif child.has_children:
                self._walk(child, parent)


@dataclass(frozen=True, slots=True)
class _CuSpan:
    lo: int
    hi: int
    offset: int


class ModuleModel:
    """The gdb view of one module's DWARF, by file address."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._fh = open(path, "rb")  # noqa: SIM115  (kept open for lazy reads)
        self.elf = ELFFile(self._fh)
        self.dwarf = self.elf.get_dwarf_info() if self.elf.has_dwarf_info() else None
        self._cus: dict[int, CuModel] = {}
        self._spans: list[_CuSpan] = []
        self._offsets: list[int] = []
        self._header_names: dict[int, list[str]] = {}  # file names of units not read yet
        if self.dwarf is not None:
            self._index()

    def _index(self) -> None:
        """Each unit's address spans, from `.debug_aranges` where it lists the unit
        (as gdb reads them) and from the unit's top DIE otherwise.  A system
        library's separate debug file has thousands of units: reading every top
        DIE and line program header made the first stop inside libc take seconds."""
        assert self.dwarf is not None
        listed: set[int] = set()
        aranges = self.dwarf.get_aranges()
        for entry in aranges.entries if aranges is not None else ():
            if entry.length > 0:
                lo = int(entry.begin_addr)
                self._spans.append(_CuSpan(lo, lo + int(entry.length), int(entry.info_offset)))
                listed.add(int(entry.info_offset))
        for cu in self.dwarf.iter_CUs():
            self._offsets.append(cu.cu_offset)
            if cu.cu_offset not in listed:
                top = cu.get_top_DIE()
                for lo, hi in _die_ranges(self.dwarf, cu, top, top):
                    self._spans.append(_CuSpan(lo, hi, cu.cu_offset))
        self._spans.sort(key=lambda s: (s.lo, s.hi))

    def cu_at_offset(self, offset: int) -> CuModel:
        model = self._cus.get(offset)
        if model is None:
            assert self.dwarf is not None
            model = _CuReader(self.dwarf, self.dwarf.get_CU_at(offset)).read()
            self._cus[offset] = model
        return model

    def cu_for(self, pc: int) -> CuModel | None:
        """The unit whose ranges hold ``pc`` (the smallest such, as gdb picks)."""
        best: _CuSpan | None = None
        for span in self._spans:
            if span.lo > pc:
                break
            if pc < span.hi and (best is None or span.hi - span.lo < best.hi - best.lo):
                best = span
        return self.cu_at_offset(best.offset) if best is not None else None

    def cus_naming(self, wanted: str) -> list[CuModel]:
        """The units whose line tables may name ``wanted`` (`b FILE:LINE`, gdb's search
        rules): a unit is read in full only when its line program header lists a
        matching file, as gdb expands only such units. Reading every unit made a
        `b FILE:LINE` in a process with libc6-dbg's libc and ld.so take over 20 s of CPU."""
        placeholder = wanted.startswith("<file ")  # build_tables' name for a bad index
        out: list[CuModel] = []
        for off in self._offsets:
            if off not in self._cus and not placeholder:
                names = self._header_names.get(off)
                if names is None:
                    assert self.dwarf is not None
                    names = _CuReader(self.dwarf, self.dwarf.get_CU_at(off)).names
                    self._header_names[off] = names
                if not any(search_name_matches(name, wanted) for name in names):
                    continue
            out.append(self.cu_at_offset(off))
        return out

    def block_at(self, pc: int) -> Block | None:
        cu = self.cu_for(pc)
        return cu.block_at(pc) if cu is not None else None

    def close(self) -> None:
        self._fh.close()
