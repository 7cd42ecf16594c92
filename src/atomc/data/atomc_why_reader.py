"""Read atomc's "why is it optimized out?" records back from a binary, for the gdb
extension (atomc_gdb.py), the lldb plugin and atomc-dbgeval.

A variable DIE carries ``DW_AT_atomc_why`` (0x3f10, DW_FORM_sec_offset) pointing
at a record of ``.debug.atomc_why`` (docs/why-optimized-out.md): address ranges
where the variable has no location, each with a reason code, a line and a name,
and ranges where it has one whose value is not current (codes 7 and 8).
Debuggers expose no vendor attributes, so this module opens the ELF file with
pyelftools, finds the scopes containing a (file) address and the variables
declared in them, innermost first, and answers with the reason at that address.
Needs only pyelftools (the debugger's Python finds it through
atomc_pyelftools.py).
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from typing import Any

from elftools.common.exceptions import DWARFError, ELFError
from elftools.dwarf.ranges import BaseAddressEntry
from elftools.elf.elffile import ELFFile
from elftools.elf.relocation import RelocationHandler
from elftools.elf.sections import SymbolTableSection

AT_ATOMC_WHY = 0x3F10
SECTION = ".debug.atomc_why"

# codes of ir/why.py's WhyKind, with what each says
DEAD, FOLDED, REMOVED, NOT_YET, PIECE, JOIN = 1, 2, 3, 4, 5, 6
# currency: the variable has a location there, but its value is not current
ASSIGNED_EARLY, ASSIGNED_LATE = 7, 8
ADDRESS = 9
PROLOGUE = 10
CURRENCY = (ASSIGNED_EARLY, ASSIGNED_LATE)
KIND_NAMES = {DEAD: "dead", FOLDED: "folded", REMOVED: "removed", NOT_YET: "not_yet",
              PIECE: "piece", JOIN: "join", ASSIGNED_EARLY: "assigned_early",
              ASSIGNED_LATE: "assigned_late", ADDRESS: "address",
              PROLOGUE: "prologue"}
NO_REASON = "no reason recorded"
ELF_READ_ERRORS: tuple[type[Exception], ...] = (OSError, ELFError, DWARFError, ValueError,
                                                KeyError)

_SCOPE_TAGS = ("DW_TAG_subprogram", "DW_TAG_inlined_subroutine", "DW_TAG_lexical_block")
_VAR_TAGS = ("DW_TAG_variable", "DW_TAG_formal_parameter")


@dataclass(frozen=True, slots=True)
class WhyEntry:
    low: int
    high: int
    code: int
    line: int
    name: str

    def describe(self) -> str:
        """The same words as the compiler's ir/why.py `describe`."""
        c, line, name = self.code, self.line, self.name
        if c == DEAD:
            return f"dead after line {line}" if line else "dead (no later use)"
        if c == FOLDED:
            return f"folded into {name}" if name else "folded into another value"
        if c == REMOVED:
            return f"computation removed by {name}" if name else "computation removed"
        if c == NOT_YET:
            return f"not assigned yet (line {line} assigns it)" if line else "not assigned yet"
        if c == PIECE:
            return f"piece missing ({name})" if name else "a piece is missing"
        if c == JOIN:
            return "paths leave its value in different places"
        if c == ADDRESS:
            return f"the address of {name}, not described" if name \
                else "an address, not described"
        if c == PROLOGUE:
            return "the prologue has not stored it yet"
        if c == ASSIGNED_EARLY:
            return f"line {line} already assigned it" if line else "assigned ahead of its line"
        if c == ASSIGNED_LATE:
            return f"line {line}'s assignment has not run yet" if line \
                else "its assignment has not run yet"
        return f"reason {c}"

    @property
    def is_currency(self) -> bool:
        """A range where the variable has a location whose value is not current."""
        return self.code in CURRENCY

    @property
    def kind(self) -> str:
        return KIND_NAMES.get(self.code, str(self.code))


@dataclass(frozen=True, slots=True)
class ScopeVar:
    """A variable visible at an address: its name, declaration line and reasons."""

    name: str
    decl_line: int
    is_param: bool
    entries: tuple[WhyEntry, ...]
    depth: int  # 0: innermost scope

    def _at(self, addr: int) -> WhyEntry | None:
        for e in self.entries:
            if e.low <= addr < e.high:
                return e
        return None

    def reason_at(self, addr: int) -> WhyEntry | None:
        """Why it has no location at `addr` (None: no reason recorded)."""
        e = self._at(addr)
        return e if e is not None and not e.is_currency else None

    def currency_at(self, addr: int) -> WhyEntry | None:
        """Why the value its location holds at `addr` is not current (None: it is,
        as far as the compiler knows)."""
        e = self._at(addr)
        return e if e is not None and e.is_currency else None


def _name(die: Any) -> str:
    """A subprogram's or inlined instance's function name ("" without one)."""
    if "DW_AT_abstract_origin" in die.attributes:
        die = die.get_DIE_from_attribute("DW_AT_abstract_origin")
    attr = die.attributes.get("DW_AT_name")
    if attr is None:
        return ""
    return attr.value.decode("utf-8", "replace") if isinstance(attr.value, bytes) \
        else str(attr.value)


def _uleb(data: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return result, pos


def parse_record(data: bytes, offset: int) -> tuple[WhyEntry, ...]:
    """The record at `offset` of the section's bytes."""
    count, pos = _uleb(data, offset)
    out = []
    for _ in range(count):
        low = int.from_bytes(data[pos:pos + 8], "little")
        high = int.from_bytes(data[pos + 8:pos + 16], "little")
        code = data[pos + 16]
        line, pos = _uleb(data, pos + 17)
        end = data.index(b"\0", pos)
        out.append(WhyEntry(low, high, code, line, data[pos:end].decode("utf-8", "replace")))
        pos = end + 1
    return tuple(out)


def section_data(elf: ELFFile) -> bytes:
    """The bytes of `.debug.atomc_why` (b"" without one), relocated in a relocatable
    object (`.o`), whose range addresses are relocations against the code sections,
    as pyelftools relocates the standard DWARF sections."""
    sec = elf.get_section_by_name(SECTION)
    if sec is None:
        return b""
    if elf["e_type"] != "ET_REL":
        return sec.data()
    handler = RelocationHandler(elf)
    rel = handler.find_relocations_for_section(sec)
    if rel is None:
        return sec.data()
    stream = io.BytesIO(sec.data())
    handler.apply_section_relocations(stream, rel)
    return stream.getvalue()


def die_entries(die: Any, why_data: bytes) -> tuple[WhyEntry, ...]:
    """The reasons recorded for a variable DIE (none without `DW_AT_atomc_why`)."""
    why = die.attributes.get(AT_ATOMC_WHY)
    if why is None or not why_data:
        return ()
    return parse_record(why_data, why.value)


class WhyIndex:
    """The scopes and variables of one ELF file (read once, then queried)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._fh = open(path, "rb")  # noqa: SIM115 (kept open: pyelftools reads lazily)
        self.elf = ELFFile(self._fh)
        self.why_data: bytes = section_data(self.elf)
        self.dwarf = self.elf.get_dwarf_info() if self.elf.has_dwarf_info() else None
        self._symbols: dict[str, int] | None = None
        # top-level subprograms: (low, high, die), found once
        self._functions: list[tuple[int, int, Any, Any]] = []
        if self.dwarf is not None:
            for cu in self.dwarf.iter_CUs():
                top = cu.get_top_DIE()
                for die in top.iter_children():
                    if die.tag == "DW_TAG_subprogram":
                        for lo, hi in self._ranges(die, cu):
                            self._functions.append((lo, hi, die, cu))

    @property
    def has_records(self) -> bool:
        return bool(self.why_data)

    def symbol_address(self, name: str) -> int | None:
        """The ELF symbol's value (to find a PIE's load bias from a runtime address)."""
        if self._symbols is None:
            self._symbols = {}
            tab = self.elf.get_section_by_name(".symtab")
            if isinstance(tab, SymbolTableSection):
                for sym in tab.iter_symbols():
                    if sym["st_info"]["type"] == "STT_FUNC" and sym["st_value"]:
                        self._symbols.setdefault(sym.name, sym["st_value"])
        return self._symbols.get(name)

    def _ranges(self, die: Any, cu: Any) -> list[tuple[int, int]]:
        attrs = die.attributes
        if "DW_AT_low_pc" in attrs and "DW_AT_high_pc" in attrs:
            lo = attrs["DW_AT_low_pc"].value
            hi = attrs["DW_AT_high_pc"]
            return [(lo, hi.value if hi.form == "DW_FORM_addr" else lo + hi.value)]
        if "DW_AT_ranges" in attrs and self.dwarf is not None:
            rl = self.dwarf.range_lists()
            if rl is None:
                return []
            base = cu.get_top_DIE().attributes.get("DW_AT_low_pc")
            base_addr = base.value if base is not None else 0
            out = []
            for e in rl.get_range_list_at_offset(attrs["DW_AT_ranges"].value, cu=cu):
                if isinstance(e, BaseAddressEntry):
                    base_addr = e.base_address
                    continue
                if getattr(e, "is_absolute", False):
                    out.append((e.begin_offset, e.end_offset))
                else:
                    out.append((base_addr + e.begin_offset, base_addr + e.end_offset))
            return out
        return []

    def _contains(self, die: Any, cu: Any, addr: int) -> bool:
        return any(lo <= addr < hi for lo, hi in self._ranges(die, cu))

    def _var(self, die: Any, depth: int) -> ScopeVar | None:
        named = die
        if "DW_AT_abstract_origin" in die.attributes:
            named = die.get_DIE_from_attribute("DW_AT_abstract_origin")
        name_attr = named.attributes.get("DW_AT_name")
        if name_attr is None:
            return None
        name = name_attr.value.decode("utf-8", "replace") \
            if isinstance(name_attr.value, bytes) else str(name_attr.value)
        line_attr = named.attributes.get("DW_AT_decl_line")
        return ScopeVar(name, line_attr.value if line_attr is not None else 0,
                        die.tag == "DW_TAG_formal_parameter", die_entries(die, self.why_data),
                        depth)

    def variables_at(self, addr: int, outer: int = 0, function: str = "") -> list[ScopeVar]:
        """The variables of every scope containing `addr` (a file address), innermost
        scope first; an inlined function's scope ends the walk (its caller's
        variables belong to the caller's frame). `outer`: how many inlined
        instances to step out of (the debugger's caller frames at the same pc).
        `function`: the name of the debugger's frame, when known: at the first
        instruction of an inlined call gdb and lldb show the caller's frame (the
        call line) before the callee's, so instances are stepped out of until
        the scope is that function's."""
        found = next(((sub, cu) for lo, hi, sub, cu in self._functions if lo <= addr < hi),
                     None)
        if found is None:
            return []
        sub, cu = found
        chain = [sub]
        die = sub
        while True:
            inner = next((c for c in die.iter_children() if c.tag in _SCOPE_TAGS
                          and self._contains(c, cu, addr)), None)
            if inner is None:
                break
            chain.append(inner)
            die = inner
        inlined = [i for i, d in enumerate(chain) if d.tag == "DW_TAG_inlined_subroutine"]
        if 0 < outer <= len(inlined):
            chain = chain[:inlined[-outer]]
            inlined = inlined[:-outer]
        while function and inlined and _name(chain[inlined[-1]]) != function \
                and any(_name(chain[i]) == function for i in [0, *inlined]):
            chain = chain[:inlined[-1]]
            inlined = inlined[:-1]
        if inlined:
            chain = chain[inlined[-1]:]
        out: list[ScopeVar] = []
        for depth, scope in enumerate(reversed(chain)):
            for c in scope.iter_children():
                if c.tag in _VAR_TAGS:
                    v = self._var(c, depth)
                    if v is not None:
                        out.append(v)
        return out

    def lookup(self, addr: int, name: str, decl_line: int = 0,
               outer: int = 0, function: str = "") -> ScopeVar | None:
        """The innermost variable `name` visible at `addr` (with that declaration
        line, when given; `outer` and `function` as in `variables_at`)."""
        for v in self.variables_at(addr, outer, function):
            if v.name == name and (not decl_line or v.decl_line == decl_line):
                return v
        return None

    def explain(self, addr: int, name: str, decl_line: int = 0, outer: int = 0,
                function: str = "") -> str:
        """The reason `name` has no value at `addr`, in words (or NO_REASON)."""
        v = self.lookup(addr, name, decl_line, outer, function)
        e = v.reason_at(addr) if v is not None else None
        return e.describe() if e is not None else NO_REASON

    def not_current(self, addr: int, name: str, decl_line: int = 0, outer: int = 0,
                    function: str = "") -> str:
        """Why the value `name` shows at `addr` is not current, in words ("": it is)."""
        v = self.lookup(addr, name, decl_line, outer, function)
        e = v.currency_at(addr) if v is not None else None
        return e.describe() if e is not None else ""

    def close(self) -> None:
        self._fh.close()


_CACHE: dict[tuple[str, float], WhyIndex] = {}


def index_for(path: str) -> WhyIndex:
    """One index per file (rebuilt when the file changes)."""
    key = (os.path.realpath(path), os.path.getmtime(path))
    idx = _CACHE.get(key)
    if idx is None:
        idx = _CACHE[key] = WhyIndex(path)
    return idx
