"""Static metrics: how much of each variable's scope its DWARF location covers.

Read with pyelftools, no debugger: cheap, deterministic, and it sees variables
on paths the run never took.  Covers local variables and parameters of every
concrete function and inlined instance (abstract inline-only DIEs are the
templates, not code, and are skipped).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from elftools.dwarf.compileunit import CompileUnit
from elftools.dwarf.die import DIE
from elftools.dwarf.dwarfinfo import DWARFInfo
from elftools.dwarf.locationlists import BaseAddressEntry as LocBase
from elftools.dwarf.locationlists import LocationEntry, LocationExpr, LocationParser
from elftools.dwarf.ranges import BaseAddressEntry as RangeBase
from elftools.dwarf.typeunit import TypeUnit
from elftools.elf.elffile import ELFFile

from atomc_eval.elfinfo import LineRow, read_line_rows

Ranges = list[tuple[int, int]]
_SCOPES = ("DW_TAG_subprogram", "DW_TAG_inlined_subroutine", "DW_TAG_lexical_block")
_VARIABLES = ("DW_TAG_variable", "DW_TAG_formal_parameter")


def _merge(ranges: Ranges) -> Ranges:
    out: Ranges = []
    for lo, hi in sorted(r for r in ranges if r[1] > r[0]):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _intersect(a: Ranges, b: Ranges) -> Ranges:
    out: Ranges = []
    for lo, hi in a:
        for lo2, hi2 in b:
            start, end = max(lo, lo2), min(hi, hi2)
            if start < end:
                out.append((start, end))
    return _merge(out)


def _size(ranges: Ranges) -> int:
    return sum(hi - lo for lo, hi in ranges)


def _cu_base(cu: CompileUnit | TypeUnit) -> int:
    low = cu.get_top_DIE().attributes.get("DW_AT_low_pc")
    return int(low.value) if low is not None else 0


def die_ranges(dwarf: DWARFInfo, die: DIE) -> Ranges:
    """Code ranges of a DIE from low_pc/high_pc or DW_AT_ranges (DWARF 4 and 5)."""
    attrs = die.attributes
    if "DW_AT_low_pc" in attrs and "DW_AT_high_pc" in attrs:
        low = int(attrs["DW_AT_low_pc"].value)
        high_attr = attrs["DW_AT_high_pc"]
        high = int(high_attr.value)
        if high_attr.form not in (
            "DW_FORM_addr",
            "DW_FORM_addrx",
            "DW_FORM_addrx1",
            "DW_FORM_addrx2",
            "DW_FORM_addrx4",
        ):
            high += low  # DWARF 4+: high_pc as a length
        return [(low, high)]
    if "DW_AT_ranges" in attrs:
        lists = dwarf.range_lists()
        if lists is None:
            return []
        base = _cu_base(die.cu)
        out: Ranges = []
        cu = die.cu
        assert isinstance(cu, CompileUnit)  # ranges only occur in compile units here
        for entry in lists.get_range_list_at_offset(int(attrs["DW_AT_ranges"].value), cu=cu):
            if isinstance(entry, RangeBase):
                base = entry.base_address
            else:
                out.append(_entry_range(entry, base))
        return _merge(out)
    return []


def _entry_range(entry: Any, base: int) -> tuple[int, int]:
    """A range or location list entry's addresses: as written, or after `base`."""
    if entry.is_absolute:
        return (entry.begin_offset, entry.end_offset)
    return (base + entry.begin_offset, base + entry.end_offset)


def _origin_attr(die: DIE, name: str) -> Any:
    """An attribute of the DIE or, failing that, of its abstract origin."""
    seen = 0
    while die is not None and seen < 4:
        if name in die.attributes:
            return die.attributes[name].value
        if "DW_AT_abstract_origin" not in die.attributes:
            return None
        die = die.get_DIE_from_attribute("DW_AT_abstract_origin")
        seen += 1
    return None


def _location_ranges(dwarf: DWARFInfo, die: DIE, scope: Ranges) -> Ranges | None:
    """Where the variable has a location (None: no location attribute at all)."""
    if "DW_AT_const_value" in die.attributes:
        return list(scope)
    attr = die.attributes.get("DW_AT_location")
    if attr is None:
        return None
    parser = LocationParser(dwarf.location_lists())
    loc = parser.parse_from_attribute(attr, die.cu.header["version"], die)
    if isinstance(loc, LocationExpr):
        return list(scope) if loc.loc_expr else []
    base = _cu_base(die.cu)
    out: Ranges = []
    for entry in loc:
        if isinstance(entry, LocBase):
            base = entry.base_address
        elif isinstance(entry, LocationEntry) and entry.loc_expr:
            if entry.begin_offset < 0:  # DW_LLE_default_location: everywhere
                out.append((scope[0][0], scope[-1][1]) if scope else (0, 0))
            else:
                out.append(_entry_range(entry, base))
    return _intersect(_merge(out), scope)


@dataclass(frozen=True, slots=True)
class VariableCoverage:
    """One variable instance (per function, and per inlined copy)."""

    function: str
    name: str
    decl_line: int
    has_location: bool
    scope_bytes: int
    covered_bytes: int
    lines: int  # source lines with code in scope at or after the declaration
    covered_lines: int


@dataclass(frozen=True, slots=True)
class StaticScores:
    """Averages over all variable instances of a binary."""

    variables: int
    with_location: float | None  # share of variables with any location
    byte_coverage: float | None  # covered scope bytes / scope bytes, summed
    line_coverage: float | None  # mean per-variable share of its lines covered
    per_variable: tuple[VariableCoverage, ...]


def _walk(
    die: DIE, function: str, scope: Ranges, dwarf: DWARFInfo
) -> Iterator[tuple[DIE, str, Ranges]]:
    """Variables under ``die`` with their function name and innermost scope ranges."""
    for child in die.iter_children():
        if child.tag in _VARIABLES:
            yield child, function, scope
        elif child.tag in _SCOPES:
            if (
                child.tag == "DW_TAG_subprogram"
                and "DW_AT_inline" in child.attributes
                and not die_ranges(dwarf, child)
            ):
                continue  # abstract instance: only its concrete copies hold code
            ranges = die_ranges(dwarf, child) or scope
            if child.tag == "DW_TAG_subprogram" and not ranges:
                continue  # a declaration
            name = function
            if child.tag != "DW_TAG_lexical_block":
                raw = _origin_attr(child, "DW_AT_name")
                name = (
                    raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw or "??")
                )
            yield from _walk(child, name, ranges, dwarf)


class _RowIndex:
    """Line rows with their address extents, for per-line coverage."""

    def __init__(self, rows: list[LineRow]) -> None:
        ordered = sorted(rows, key=lambda r: (r.address, not r.end_sequence))
        self.extents: list[tuple[int, int, int]] = []  # (start, end, line)
        for row, nxt in pairwise(ordered):
            if not row.end_sequence and row.line > 0 and nxt.address > row.address:
                self.extents.append((row.address, nxt.address, row.line))

    def lines_in(self, scope: Ranges, from_line: int, covered: Ranges) -> tuple[int, int]:
        lines: set[int] = set()
        hit: set[int] = set()
        for start, end, line in self.extents:
            if line < from_line:
                continue
            inside = _intersect([(start, end)], scope)
            if not inside:
                continue
            lines.add(line)
            if _intersect(inside, covered):
                hit.add(line)
        return len(lines), len(hit)


def static_scores(path: str) -> StaticScores:
    """Location coverage of every local variable and parameter in ``path``."""
    with open(path, "rb") as fh:
        elf = ELFFile(fh)
        if not elf.has_dwarf_info():
            return StaticScores(0, None, None, None, ())
        dwarf = elf.get_dwarf_info()
        index = _RowIndex(read_line_rows(dwarf))
        found: list[VariableCoverage] = []
        for cu in dwarf.iter_CUs():
            for var, function, scope in _walk(cu.get_top_DIE(), "", [], dwarf):
                if not scope:
                    continue  # a file-scope variable: always located, not interesting
                raw_name = _origin_attr(var, "DW_AT_name")
                name = (
                    raw_name.decode("utf-8", "replace")
                    if isinstance(raw_name, bytes)
                    else str(raw_name or "?")
                )
                decl_line = int(_origin_attr(var, "DW_AT_decl_line") or 0)
                located = _location_ranges(dwarf, var, scope)
                covered = located or []
                lines, hit = index.lines_in(scope, decl_line, covered)
                found.append(
                    VariableCoverage(
                        function,
                        name,
                        decl_line,
                        located is not None and bool(covered),
                        _size(scope),
                        _size(covered),
                        lines,
                        hit,
                    )
                )
    total = len(found)
    scope_bytes = sum(v.scope_bytes for v in found)
    with_lines = [v for v in found if v.lines]
    return StaticScores(
        variables=total,
        with_location=sum(v.has_location for v in found) / total if total else None,
        byte_coverage=sum(v.covered_bytes for v in found) / scope_bytes if scope_bytes else None,
        line_coverage=sum(v.covered_lines / v.lines for v in with_lines) / len(with_lines)
        if with_lines
        else None,
        per_variable=tuple(found),
    )
