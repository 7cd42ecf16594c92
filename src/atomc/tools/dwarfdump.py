"""`atomc-dwarfdump`: a stable text dump of an object's DWARF, for golden tests.

Unlike llvm-dwarfdump or readelf, the output does not depend on DIE offsets,
abbreviation codes or form choices: references print as what they refer to
(`type: node_t *`), attributes are sorted by name, files print by name, and
location lists print as decoded ranges. DIE children keep their order (it is
meaningful: parameters), and units print in section order.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from elftools.common.exceptions import ELFError
from elftools.dwarf.compileunit import CompileUnit
from elftools.dwarf.die import DIE
from elftools.dwarf.dwarf_expr import DWARFExprParser
from elftools.dwarf.enums import ENUM_DW_ATE, ENUM_DW_INL, ENUM_DW_LANG
from elftools.dwarf.locationlists import (
    BaseAddressEntry,
    LocationEntry,
    LocationExpr,
    LocationParser,
)
from elftools.dwarf.ranges import BaseAddressEntry as RangeBaseAddress
from elftools.dwarf.ranges import RangeEntry
from elftools.elf.elffile import ELFFile

from ..data.atomc_why_reader import AT_ATOMC_WHY, parse_record, section_data

_LANG = {v: k for k, v in ENUM_DW_LANG.items()}
_ATE = {v: k for k, v in ENUM_DW_ATE.items()}
_INL = {v: k for k, v in ENUM_DW_INL.items()}
_VENDOR_ATTRS = {AT_ATOMC_WHY: "atomc_why"}
_REFERENCE_FORMS = {"DW_FORM_ref1", "DW_FORM_ref2", "DW_FORM_ref4", "DW_FORM_ref8",
                    "DW_FORM_ref_udata", "DW_FORM_ref_addr"}
_LOCATION_ATTRS = {"DW_AT_location", "DW_AT_frame_base", "DW_AT_data_member_location"}
_FILE_ATTRS = {"DW_AT_decl_file", "DW_AT_call_file"}


class Dumper:
    def __init__(self, elf: ELFFile, out: TextIO) -> None:
        self.elf = elf
        self.dwarf = elf.get_dwarf_info()
        self.out = out
        self.expr = DWARFExprParser(self.dwarf.structs)
        self.locs = LocationParser(self.dwarf.location_lists())
        self._why: bytes | None = None

    def w(self, depth: int, text: str) -> None:
        self.out.write("  " * depth + text + "\n")

    # -- .debug_info ------------------------------------------------------

    def units(self, cu_filter: str | None) -> Iterator[tuple[CompileUnit, DIE, str]]:
        """Each compile unit whose name contains `cu_filter` (all without one), with
        its top DIE and name."""
        for cu in self.dwarf.iter_CUs():
            top = cu.get_top_DIE()
            name = _str(top.attributes["DW_AT_name"].value) if "DW_AT_name" in top.attributes \
                else "?"
            if cu_filter is None or cu_filter in name:
                yield cu, top, name

    def info(self, cu_filter: str | None) -> None:
        for cu, top, name in self.units(cu_filter):
            self.w(0, f"unit {name} version {cu['version']}")
            files = self.file_names(cu)
            base = top.attributes["DW_AT_low_pc"].value if "DW_AT_low_pc" in top.attributes else 0
            self.die(top, 1, files, base, cu["version"])

    def die(self, d: DIE, depth: int, files: list[str], cu_base: int, version: int) -> None:
        self.w(depth, _tag_name(d))
        lines = []
        for at_name, attr in d.attributes.items():
            label = at_name.removeprefix("DW_AT_") if isinstance(at_name, str) \
                else _VENDOR_ATTRS.get(at_name, f"unknown_{at_name:x}")
            for text in self.attr(d, at_name, attr, files, cu_base, version):
                lines.append(f"{label}: {text}")
        lines.sort()
        for line in lines:
            self.w(depth + 1, line)
        for c in d.iter_children():
            self.die(c, depth + 1, files, cu_base, version)

    def attr(self, d: DIE, at: str, attr: Any, files: list[str], cu_base: int,
             version: int) -> Iterator[str]:
        form, value = attr.form, attr.value
        if at == AT_ATOMC_WHY and form == "DW_FORM_sec_offset":
            yield from self.why(value)
        elif form in _REFERENCE_FORMS:
            target = d.get_DIE_from_attribute(at)
            yield type_name(target) if at == "DW_AT_type" else _die_summary(target)
        elif at in _FILE_ATTRS:
            yield files[value] if 0 <= value < len(files) else f"<bad file {value}>"
        elif at == "DW_AT_language":
            yield _LANG.get(value, hex(value))
        elif at == "DW_AT_encoding":
            yield _ATE.get(value, hex(value))
        elif at == "DW_AT_inline":
            yield _INL.get(value, hex(value))
        elif at == "DW_AT_high_pc" and form != "DW_FORM_addr":
            yield f"low_pc+0x{value:x}"
        elif at == "DW_AT_ranges":
            yield from self.ranges(d, attr, cu_base)
        elif at in _LOCATION_ATTRS and form in ("DW_FORM_exprloc", "DW_FORM_block1"):
            yield self.expression(value)
        elif at == "DW_AT_location" and form in ("DW_FORM_sec_offset", "DW_FORM_loclistx"):
            yield from self.loclist(d, attr, cu_base, version)
        elif form == "DW_FORM_flag_present":
            yield "true"
        elif form in ("DW_FORM_addr",):
            yield f"0x{value:x}"
        elif form == "DW_FORM_sec_offset":
            yield f"<offset 0x{value:x}>"
        elif isinstance(value, bytes):
            yield '"' + _str(value) + '"'
        else:
            yield str(value)

    def why(self, offset: int) -> Iterator[str]:
        """A `.debug.atomc_why` record: each range without location, and why."""
        if self._why is None:
            self._why = section_data(self.elf)  # relocated in a .o
        data = self._why
        if not data:
            yield f"<offset 0x{offset:x}: no .debug.atomc_why>"
            return
        for e in parse_record(data, offset):
            yield f"[0x{e.low:x}, 0x{e.high:x}): {e.describe()}"

    def expression(self, raw: list) -> str:
        ops = []
        # pyelftools gives DW_OP_entry_value's sub-expression already parsed
        parsed = raw if raw and not isinstance(raw[0], int) else self.expr.parse_expr(raw)
        for op in parsed:
            args = []
            for a in op.args:
                if isinstance(a, list) and op.op_name == "DW_OP_implicit_value":
                    args.append(" ".join(f"0x{b:02x}" for b in a))  # the value's bytes
                elif isinstance(a, list):  # DW_OP_entry_value's sub-expression
                    args.append("(" + self.expression(a) + ")")
                else:
                    args.append(hex(a) if op.op_name == "DW_OP_addr" else str(a))
            ops.append(" ".join([op.op_name, *args]))
        return ", ".join(ops) if ops else "<empty>"

    def loclist(self, d: DIE, attr: Any, cu_base: int, version: int) -> Iterator[str]:
        entries = self.locs.parse_from_attribute(attr, version, die=d)
        base = cu_base
        for e in entries:
            if isinstance(e, BaseAddressEntry):
                base = e.base_address
            elif isinstance(e, LocationEntry):
                lo = e.begin_offset if e.is_absolute else base + e.begin_offset
                hi = e.end_offset if e.is_absolute else base + e.end_offset
                yield f"[0x{lo:x}, 0x{hi:x}): {self.expression(e.loc_expr)}"
            elif isinstance(e, LocationExpr):
                yield f"default: {self.expression(e.loc_expr)}"

    def ranges(self, d: DIE, attr: Any, cu_base: int) -> Iterator[str]:
        rl = self.dwarf.range_lists()
        if rl is None:
            yield "<no range list section>"
            return
        if attr.form == "DW_FORM_rnglistx":
            yield "<DW_FORM_rnglistx: atomc never writes it>"
            return
        base = cu_base
        cu = d.cu
        assert isinstance(cu, CompileUnit), "atomc writes no type units"
        for e in rl.get_range_list_at_offset(attr.value, cu=cu):
            if isinstance(e, RangeEntry):
                lo = e.begin_offset if e.is_absolute else base + e.begin_offset
                hi = e.end_offset if e.is_absolute else base + e.end_offset
                yield f"[0x{lo:x}, 0x{hi:x})"
            elif isinstance(e, RangeBaseAddress):
                base = e.base_address

    def file_names(self, cu: Any) -> list[str]:
        lp = self.dwarf.line_program_for_CU(cu)
        if lp is None:
            return []
        return [_str(fe.name) for fe in lp["file_entry"]]

    # -- .debug_line -----------------------------------------------------

    def lines(self, cu_filter: str | None) -> None:
        for cu, _, name in self.units(cu_filter):
            lp = self.dwarf.line_program_for_CU(cu)
            if lp is None:
                continue
            files = self.file_names(cu)
            self.w(0, f"lines {name}")
            for entry in lp.get_entries():
                s = entry.state
                if s is None:
                    continue
                flags = [f for f, on in (("is_stmt", s.is_stmt), ("prologue_end", s.prologue_end),
                                         ("epilogue_begin", s.epilogue_begin),
                                         ("end_sequence", s.end_sequence)) if on]
                fname = files[s.file] if 0 <= s.file < len(files) else f"<bad file {s.file}>"
                self.w(1, " ".join([f"0x{s.address:06x}", f"{fname}:{s.line}:{s.column}",
                                    *flags]))


def type_name(d: DIE, depth: int = 0) -> str:
    """A C-like spelling of the type DIE `d` (bounded for recursive types)."""
    if depth > 8:
        return "..."
    tag = d.tag
    name = _str(d.attributes["DW_AT_name"].value) if "DW_AT_name" in d.attributes else ""

    def base() -> str:
        if "DW_AT_type" not in d.attributes:
            return "void"
        return type_name(d.get_DIE_from_attribute("DW_AT_type"), depth + 1)

    if tag in ("DW_TAG_base_type", "DW_TAG_typedef"):
        return name
    if tag in ("DW_TAG_structure_type", "DW_TAG_union_type", "DW_TAG_enumeration_type"):
        kind = {"DW_TAG_structure_type": "struct", "DW_TAG_union_type": "union",
                "DW_TAG_enumeration_type": "enum"}[tag]
        return f"{kind} {name or '<anonymous>'}"
    if tag == "DW_TAG_pointer_type":
        return base() + " *"
    if tag in ("DW_TAG_const_type", "DW_TAG_volatile_type", "DW_TAG_atomic_type"):
        return {"DW_TAG_const_type": "const ", "DW_TAG_volatile_type": "volatile ",
                "DW_TAG_atomic_type": "_Atomic "}[tag] + base()
    if tag == "DW_TAG_array_type":
        dims = []
        for c in d.iter_children():
            if c.tag == "DW_TAG_subrange_type":
                if "DW_AT_count" in c.attributes:
                    dims.append(f"[{c.attributes['DW_AT_count'].value}]")
                elif "DW_AT_upper_bound" in c.attributes:
                    dims.append(f"[{c.attributes['DW_AT_upper_bound'].value + 1}]")
                else:
                    dims.append("[]")
        return base() + "".join(dims)
    if tag == "DW_TAG_subroutine_type":
        params = []
        for c in d.iter_children():
            if c.tag == "DW_TAG_formal_parameter":
                params.append(type_name(c.get_DIE_from_attribute("DW_AT_type"), depth + 1))
            elif c.tag == "DW_TAG_unspecified_parameters":
                params.append("...")
        return f"{base()} ({', '.join(params)})"
    return f"<{_tag_name(d)}>"


def _die_summary(d: DIE) -> str:
    name = _str(d.attributes["DW_AT_name"].value) if "DW_AT_name" in d.attributes else ""
    return f"<{_tag_name(d)} {name}>".replace(" >", ">")


def _tag_name(d: DIE) -> str:
    """The DIE's tag without its prefix; a vendor tag pyelftools does not know is a
    number, printed in hex as llvm-dwarfdump prints it."""
    tag = d.tag
    return tag.removeprefix("DW_TAG_") if isinstance(tag, str) else f"DW_TAG_{tag:#x}"


def _str(v: bytes | str) -> str:
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else v


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="atomc-dwarfdump", description=__doc__.split("\n")[0])
    ap.add_argument("file", help="ELF object or executable")
    ap.add_argument("--info", action="store_true", help="dump the DIE tree")
    ap.add_argument("--lines", action="store_true", help="dump line table rows")
    ap.add_argument("--cu", metavar="NAME", help="only units whose name contains NAME")
    args = ap.parse_args(argv)
    both = not args.info and not args.lines
    try:
        with open(args.file, "rb") as fh:
            elf = ELFFile(fh)
            if not elf.has_dwarf_info():
                print(f"atomc-dwarfdump: {args.file}: no DWARF", file=sys.stderr)
                return 1
            d = Dumper(elf, sys.stdout)
            if args.info or both:
                d.info(args.cu)
            if args.lines or both:
                d.lines(args.cu)
    except BrokenPipeError:  # `atomc-dwarfdump x | head`
        sys.stderr.close()
        return 0
    except (OSError, ELFError) as e:
        print(f"atomc-dwarfdump: {args.file}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
