"""What the tool reads from an executable's DWARF, independent of any debugger.

The line table decides ``is_stmt`` for every stop (gdb 13's Python API does
not expose it, and doing it here treats both debuggers the same); the program
info gives source directories (to know which stops are "the program") and the
declaration line of each function (for step-over-time plots).
"""

from __future__ import annotations

import bisect
import os
from dataclasses import dataclass

from elftools.common.exceptions import DWARFError, ELFError
from elftools.dwarf.die import DIE
from elftools.dwarf.dwarfinfo import DWARFInfo
from elftools.elf.elffile import ELFFile

# the lldb plugin's line-table reader: it must load without atomc, so it is the owner
from atomc.data.atomc_lldb_lines import decode, file_names

ELF_ERRORS: tuple[type[Exception], ...] = (OSError, ELFError, DWARFError, ValueError, KeyError)


@dataclass(frozen=True, slots=True)
class LineRow:
    """One row of ``.debug_line``."""

    address: int
    file: str
    line: int
    column: int
    is_stmt: bool
    end_sequence: bool


def cu_comp_dir(top: DIE) -> str:
    attr = top.attributes.get("DW_AT_comp_dir")
    return decode(attr.value) if attr is not None else ""


def read_line_rows(dwarf: DWARFInfo) -> list[LineRow]:
    """Every row of every CU's line program, in program order."""
    rows: list[LineRow] = []
    for cu in dwarf.iter_CUs():
        lineprog = dwarf.line_program_for_CU(cu)
        if lineprog is None:
            continue
        names = file_names(lineprog, cu_comp_dir(cu.get_top_DIE()))
        for entry in lineprog.get_entries():
            state = entry.state
            if state is None:
                continue
            fname = names[state.file] if 0 <= state.file < len(names) else ""
            rows.append(
                LineRow(
                    state.address,
                    fname,
                    state.line,
                    state.column,
                    bool(state.is_stmt),
                    bool(state.end_sequence),
                )
            )
    return rows


class LineTable:
    """Address lookup over line rows (what row covers a pc, is it is_stmt)."""

    def __init__(self, rows: list[LineRow]) -> None:
        order = sorted(
            range(len(rows)), key=lambda i: (rows[i].address, not rows[i].end_sequence, i)
        )
        self._rows = [rows[i] for i in order]
        self._addrs = [r.address for r in self._rows]

    @classmethod
    def from_elf(cls, path: str) -> LineTable:
        with open(path, "rb") as fh:
            elf = ELFFile(fh)
            if not elf.has_dwarf_info():
                return cls([])
            return cls(read_line_rows(elf.get_dwarf_info()))

    @property
    def rows(self) -> list[LineRow]:
        return list(self._rows)

    def rows_at(self, addr: int) -> list[LineRow]:
        """Rows that start exactly at ``addr`` (end-of-sequence rows excluded)."""
        lo = bisect.bisect_left(self._addrs, addr)
        hi = bisect.bisect_right(self._addrs, addr)
        return [r for r in self._rows[lo:hi] if not r.end_sequence]

    def covering(self, addr: int) -> LineRow | None:
        """The row whose address range holds ``addr``; None outside any sequence."""
        idx = bisect.bisect_right(self._addrs, addr) - 1
        if idx < 0:
            return None
        row = self._rows[idx]
        return None if row.end_sequence else row

    def is_stmt_at(self, addr: int) -> bool | None:
        """True if a row starting at ``addr`` is is_stmt; else the covering row's flag.

        A pc reached by stepping sits at a row start; a pc reached by returning
        from a call usually sits inside a row, whose flag then applies.
        """
        exact = self.rows_at(addr)
        if exact:
            return any(r.is_stmt for r in exact)
        row = self.covering(addr)
        return None if row is None else row.is_stmt


@dataclass(frozen=True, slots=True)
class ProgramInfo:
    """Source files and function start lines of one executable."""

    sources: tuple[str, ...]
    function_lines: dict[str, int]

    @property
    def source_dirs(self) -> tuple[str, ...]:
        return tuple(sorted({os.path.dirname(s) for s in self.sources}))

    @classmethod
    def from_elf(cls, path: str) -> ProgramInfo:
        with open(path, "rb") as fh:
            elf = ELFFile(fh)
            if not elf.has_dwarf_info():
                return cls((), {})
            dwarf = elf.get_dwarf_info()
            sources: list[str] = []
            lines: dict[str, int] = {}
            for cu in dwarf.iter_CUs():
                top = cu.get_top_DIE()
                name_attr = top.attributes.get("DW_AT_name")
                if name_attr is None:
                    continue
                name = decode(name_attr.value)
                if not os.path.isabs(name):
                    name = os.path.join(cu_comp_dir(top), name)
                sources.append(os.path.realpath(name))
                for die in cu.iter_DIEs():
                    if die.tag != "DW_TAG_subprogram" or "DW_AT_declaration" in die.attributes:
                        continue
                    fn = die.attributes.get("DW_AT_name")
                    line = die.attributes.get("DW_AT_decl_line")
                    if fn is not None and line is not None:
                        lines.setdefault(decode(fn.value), int(line.value))
            return cls(tuple(sources), lines)
