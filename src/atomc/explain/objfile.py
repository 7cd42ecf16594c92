"""What a debugger will read from the object: instruction addresses (objdump),
line rows with `is_stmt` (.debug_line) and where each variable lives at each
address (.debug_info and location lists), read with pyelftools."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from typing import Any

from elftools.dwarf.die import DIE
from elftools.dwarf.dwarf_expr import DWARFExprParser
from elftools.dwarf.locationlists import BaseAddressEntry, LocationEntry, LocationParser
from elftools.dwarf.ranges import RangeEntry
from elftools.elf.elffile import ELFFile

from atomc_eval.elfinfo import cu_comp_dir, file_names

from ..data.atomc_why_reader import WhyEntry, die_entries, section_data

_REGS = ["rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp", *[f"r{i}" for i in range(8, 16)],
         "rip", *[f"xmm{i}" for i in range(16)], *[f"st{i}" for i in range(8)]]
_INSN = re.compile(r"^\s*([0-9a-f]+):\t(.*)$")
_FUNC = re.compile(r"^[0-9a-f]+ <(.+)>:$")


@dataclass(frozen=True, slots=True)
class Row:
    address: int
    line: int
    column: int
    is_stmt: bool
    file: str = ""  # the row's file (path as the line table names it)


@dataclass(frozen=True, slots=True)
class Variable:
    name: str
    is_param: bool
    decl_line: int
    scope: tuple[tuple[int, int], ...]  # address ranges where it is in scope
    locations: tuple[tuple[int, int, str], ...]  # [lo, hi) -> description
    everywhere: str  # a single location for the whole scope ("" if none)
    inlined_from: str  # the inlined function it belongs to ("" for the function's own)
    # the compiler's reasons where it has no location (`.debug.atomc_why`, read with the
    # debuggers' reader); none in a gcc/clang object
    reasons: tuple[WhyEntry, ...] = ()

    def at(self, address: int) -> list[str]:
        """Where the variable lives at `address` (several in multi mode); [] = optimized out."""
        if self.everywhere:
            return [self.everywhere]
        return [d for lo, hi, d in self.locations if lo <= address < hi]

    def why_out(self, address: int) -> str:
        """Why a debugger shows `optimized out` at `address`: the reason the compiler
        recorded there, else a guess from the location list's shape."""
        for e in self.reasons:
            if e.low <= address < e.high:
                return e.describe()
        if not self.locations:
            return "no location anywhere: the value was optimised away"
        first = self.locations[0][0]
        if address < first:
            return f"no location before 0x{first:04x}" if self.is_param else \
                f"not computed yet (first location at 0x{first:04x})"
        before = [hi for _lo, hi, _d in self.locations if hi <= address]
        after = [lo for lo, _hi, _d in self.locations if lo > address]
        if not after:
            return f"not kept after 0x{max(before):04x}"
        return f"not kept between 0x{max(before):04x} and 0x{min(after):04x}"

    def in_scope(self, address: int) -> bool:
        return any(lo <= address < hi for lo, hi in self.scope)


@dataclass(frozen=True, slots=True)
class ObjFunction:
    name: str
    addresses: tuple[tuple[int, str], ...]  # (address, objdump text) per instruction
    variables: tuple[Variable, ...]


def disassemble(obj: str) -> dict[str, list[tuple[int, str]]]:
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-w", obj],
                         capture_output=True, text=True, check=True).stdout
    funcs: dict[str, list[tuple[int, str]]] = {}
    cur: list[tuple[int, str]] | None = None
    for line in out.splitlines():
        m = _FUNC.match(line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = _INSN.match(line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(2).strip()))
    return funcs


def line_rows(elf: ELFFile) -> list[list[Row]]:
    """The rows of each line-table sequence (one per code section), in order."""
    dwarf = elf.get_dwarf_info()
    seqs: list[list[Row]] = []
    rows: list[Row] = []
    for cu in dwarf.iter_CUs():
        lp = dwarf.line_program_for_CU(cu)
        if lp is None:
            continue
        files = file_names(lp, cu_comp_dir(cu.get_top_DIE()))  # by the `file` register
        for e in lp.get_entries():
            s = e.state
            if s is None:
                continue
            if s.end_sequence:
                seqs.append(rows)
                rows = []
            else:
                rows.append(Row(s.address, s.line, s.column, bool(s.is_stmt),
                                files[s.file] if 0 <= s.file < len(files) else ""))
    return seqs


class _Reader:
    def __init__(self, elf: ELFFile) -> None:
        self.dwarf = elf.get_dwarf_info()
        self.expr = DWARFExprParser(self.dwarf.structs)
        self.locs = LocationParser(self.dwarf.location_lists())
        self.why_data = section_data(elf)

    def functions(self) -> dict[str, list[Variable]]:
        out: dict[str, list[Variable]] = {}
        for cu in self.dwarf.iter_CUs():
            for d in cu.get_top_DIE().iter_children():
                if d.tag == "DW_TAG_subprogram" and "DW_AT_low_pc" in d.attributes:
                    name = _name(d)
                    vars_: list[Variable] = []
                    self._scope(d, self._ranges(d, cu), cu, "", vars_)
                    out[name] = vars_
        return out

    def _ranges(self, d: DIE, cu: Any) -> tuple[tuple[int, int], ...]:
        a = d.attributes
        if "DW_AT_low_pc" in a and "DW_AT_high_pc" in a:
            lo = a["DW_AT_low_pc"].value
            hi = a["DW_AT_high_pc"].value
            return ((lo, hi if a["DW_AT_high_pc"].form == "DW_FORM_addr" else lo + hi),)
        if "DW_AT_ranges" in a:
            rl = self.dwarf.range_lists()
            if rl is None:  # DW_AT_ranges without a ranges section: a broken object
                return ()
            base = cu.get_top_DIE().attributes.get("DW_AT_low_pc")
            base_v = base.value if base is not None else 0
            out = []
            for e in rl.get_range_list_at_offset(a["DW_AT_ranges"].value, cu=cu):
                if isinstance(e, RangeEntry):
                    lo = e.begin_offset if e.is_absolute else base_v + e.begin_offset
                    hi = e.end_offset if e.is_absolute else base_v + e.end_offset
                    out.append((lo, hi))
                else:
                    base_v = e.base_address
            return tuple(out)
        return ()

    def _scope(self, d: DIE, ranges: tuple[tuple[int, int], ...], cu: Any, inlined: str,
               out: list[Variable]) -> None:
        for c in d.iter_children():
            if c.tag in ("DW_TAG_formal_parameter", "DW_TAG_variable"):
                out.append(self._variable(c, ranges, cu, inlined))
            elif c.tag == "DW_TAG_lexical_block":
                self._scope(c, self._ranges(c, cu) or ranges, cu, inlined, out)
            elif c.tag == "DW_TAG_inlined_subroutine":
                self._scope(c, self._ranges(c, cu), cu, _name(c), out)

    def _variable(self, d: DIE, scope: tuple[tuple[int, int], ...], cu: Any,
                  inlined: str) -> Variable:
        a = d.attributes
        decl = _origin(d)
        line = decl.attributes["DW_AT_decl_line"].value if "DW_AT_decl_line" in decl.attributes \
            else 0
        everywhere, ranges = "", []
        if "DW_AT_const_value" in a:
            everywhere = f"constant {a['DW_AT_const_value'].value}"
        elif "DW_AT_location" in a:
            attr = a["DW_AT_location"]
            if attr.form in ("DW_FORM_exprloc", "DW_FORM_block1"):
                everywhere = self.describe(attr.value)
            else:
                base = cu.get_top_DIE().attributes.get("DW_AT_low_pc")
                base_v = base.value if base is not None else 0
                for e in self.locs.parse_from_attribute(attr, cu["version"], die=d):
                    if isinstance(e, BaseAddressEntry):
                        base_v = e.base_address
                    elif isinstance(e, LocationEntry):
                        lo = e.begin_offset if e.is_absolute else base_v + e.begin_offset
                        hi = e.end_offset if e.is_absolute else base_v + e.end_offset
                        ranges.append((lo, hi, self.describe(e.loc_expr)))
        return Variable(_name(d), d.tag == "DW_TAG_formal_parameter", line, scope,
                        tuple(sorted(ranges)), everywhere, inlined,
                        die_entries(d, self.why_data))

    def describe(self, raw: list) -> str:
        """A reader's phrase for a DWARF location expression."""
        parsed = raw if raw and not isinstance(raw[0], int) else self.expr.parse_expr(raw)
        parts: list[str] = []
        stack: list[str] = []
        value = False
        for op in parsed:
            n, args = op.op_name, op.args
            if n.startswith("DW_OP_reg") and n != "DW_OP_regx":
                stack.append("%" + _REGS[int(n[9:])])
            elif n == "DW_OP_regx":
                stack.append("%" + _REGS[args[0]])
            elif n.startswith("DW_OP_breg") and n != "DW_OP_bregx":
                stack.append(f"[%{_REGS[int(n[10:])]}{args[0]:+d}]")
            elif n == "DW_OP_fbreg":
                stack.append(f"[frame{args[0]:+d}]")
            elif n.startswith("DW_OP_lit"):
                stack.append(n[9:])
            elif n in ("DW_OP_constu", "DW_OP_consts") or n.startswith(("DW_OP_const1",
                                                                         "DW_OP_const2",
                                                                         "DW_OP_const4",
                                                                         "DW_OP_const8")):
                stack.append(str(args[0]))
            elif n == "DW_OP_addr":
                stack.append(f"[0x{args[0]:x}]")
            elif n == "DW_OP_stack_value":
                value = True
            elif n == "DW_OP_entry_value":
                stack.append("entry(" + self.describe(args[0]).removesuffix(" (value)") + ")")
            elif n == "DW_OP_piece":
                parts.append(" ".join(stack) + (" (value)" if value else "") + f":{args[0]}B")
                stack, value = [], False
            elif n == "DW_OP_bit_piece":
                text = " ".join(stack) + (" (value)" if value else "") if stack else "unavailable"
                parts.append(f"{text}:{args[0]}b")
                stack, value = [], False
            elif n == "DW_OP_plus_uconst" and stack:
                stack[-1] = f"{stack[-1]}+{args[0]}"
            else:
                stack.append(n.removeprefix("DW_OP_"))
        if stack:
            text = " ".join(stack)
            parts.append(text if not value else (f"constant {text}" if text.lstrip("-")
                                                  .isdigit() else f"{text} (value)"))
        return " | ".join(parts) if parts else "<empty>"


def _origin(d: DIE) -> DIE:
    while "DW_AT_abstract_origin" in d.attributes:
        d = d.get_DIE_from_attribute("DW_AT_abstract_origin")
    return d


def _name(d: DIE) -> str:
    o = _origin(d)
    v = o.attributes.get("DW_AT_name")
    if v is None:
        return "?"
    return v.value.decode() if isinstance(v.value, bytes) else str(v.value)


def read_object(obj: str) -> tuple[dict[str, ObjFunction], list[list[Row]]]:
    code = disassemble(obj)
    with open(obj, "rb") as f:
        elf = ELFFile(f)
        if not elf.has_dwarf_info():
            return ({n: ObjFunction(n, tuple(a), ()) for n, a in code.items()}, [])
        variables = _Reader(elf).functions()
        rows = line_rows(elf)
    return ({n: ObjFunction(n, tuple(a), tuple(variables.get(n, ()))) for n, a in code.items()},
            rows)
