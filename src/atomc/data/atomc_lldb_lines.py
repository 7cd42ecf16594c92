"""gdb 13's view of a compile unit's line table, rebuilt from ``.debug_line``.

The lldb plugin must stop exactly where gdb stops, and gdb does not use the
DWARF rows as they are: it keeps one table per source file ("subfile"),
drops line-0 rows (the previous row's range runs on through them), marks a
file switch with an end marker that erases rows at the same address,
coalesces repeated rows of a line that has had a discriminator, and looks a
pc up across all the unit's files.  This module reproduces that, so
:func:`CuLines.find_pc_line` answers what gdb's ``find_pc_line`` answers.

The standard library, pyelftools and ``atomc_lldb_gdbstep`` (for `Sal`, the
stepper's view of a pc's line) only: it runs inside lldb's embedded Python,
next to ``atomc_lldb.py``, where atomc is not importable.
atomc_eval (elfinfo.py) imports its `file_names` and `decode` from here, the
one direction that keeps both true.
"""

from __future__ import annotations

import bisect
import os
from dataclasses import dataclass
from typing import Any

from elftools.dwarf.constants import DW_LNS

try:  # inside lldb: the plugin's modules sit side by side on sys.path
    from atomc_lldb_gdbstep import Sal
except ModuleNotFoundError:  # atomc_eval imports this file as atomc.data.atomc_lldb_lines
    from atomc.data.atomc_lldb_gdbstep import Sal


@dataclass(frozen=True, slots=True)
class LineEntry:
    """One entry of a gdb line table (line 0: an end marker)."""

    pc: int
    line: int
    is_stmt: bool
    prologue_end: bool


def decode(value: Any) -> str:
    """A DWARF string attribute or header name as text (pyelftools gives bytes)."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def file_names(lineprog: Any, comp_dir: str) -> list[str]:
    """Absolute, normalised file names indexed by the line program's file register."""
    header = lineprog.header
    version = header["version"]
    dirs = [decode(d) for d in header["include_directory"]]
    names: list[str] = []
    for entry in header["file_entry"]:
        name = decode(entry.name)
        index = entry.dir_index
        if version >= 5:
            directory = dirs[index] if index < len(dirs) else ""
        else:
            directory = comp_dir if index == 0 else dirs[index - 1]
        if not os.path.isabs(directory):
            directory = os.path.join(comp_dir, directory)
        names.append(os.path.normpath(os.path.join(directory, name)))
    if version < 5:
        names.insert(0, "")  # DWARF 2-4 number files from 1
    return names


class _Builder:
    """gdb's buildsym line recording: one entry vector per subfile."""

    def __init__(self) -> None:
        self.subfiles: dict[str, list[LineEntry]] = {}

    def record(self, subfile: str, line: int, pc: int, is_stmt: bool, prologue_end: bool) -> None:
        vec = self.subfiles.setdefault(subfile, [])
        if line == 0:
            # an end marker erases the entries at its address; none is
            # recorded after an empty run or after another marker
            last_line: int | None = None
            while vec:
                last_line = vec[-1].line
                if vec[-1].pc != pc:
                    break
                vec.pop()
            if last_line is None or last_line == 0:
                return
        vec.append(LineEntry(pc, line, is_stmt, prologue_end))

    def finish(self) -> dict[str, list[LineEntry]]:
        done: dict[str, list[LineEntry]] = {}
        for name, vec in self.subfiles.items():
            if vec:
                # stable: same-address order is kept; end markers go first
                done[name] = sorted(vec, key=lambda e: (e.pc, e.line != 0))
        return done


class _Sequence:
    """gdb's lnp_state_machine for one sequence of the line program."""

    def __init__(self, builder: _Builder, subfile: str, default_is_stmt: bool) -> None:
        self.builder = builder
        self.subfile = subfile
        self.last_subfile: str | None = None
        self.last_line = 0
        self.last_address = 0
        self.stmt_at_address = False
        self.discriminated = False  # m_line_has_non_zero_discriminator
        self.prev_line = 1
        self.is_stmt = default_is_stmt

    def set_file(self, subfile: str) -> None:
        self.subfile = subfile

    def row(self, state: Any, end_sequence: bool) -> None:
        address, line = state.address, state.line
        if line != self.prev_line:
            self.discriminated = state.discriminator != 0
        else:
            self.discriminated |= state.discriminator != 0
        self.prev_line = line
        is_stmt = bool(state.is_stmt) if not end_sequence else self.is_stmt
        if state.op_index == 0 or end_sequence:
            file_changed = self.last_subfile != self.subfile
            ignore = (
                file_changed
                and not end_sequence
                and self.last_address == address
                and not is_stmt
                and self.stmt_at_address
            ) or (not end_sequence and line == 0)
            if (file_changed and not ignore) or end_sequence:
                if self.last_subfile is not None:
                    self.builder.record(self.last_subfile, 0, address, True, False)
            if not end_sequence and not ignore:
                if (
                    self.subfile != self.last_subfile
                    or line != self.last_line
                    or not self.discriminated
                ):
                    self.builder.record(self.subfile, line, address, is_stmt, state.prologue_end)
                self.last_subfile = self.subfile
                self.last_line = line
        if self.last_address != address:
            self.stmt_at_address = False
            self.last_address = address
        self.stmt_at_address |= is_stmt
        self.is_stmt = is_stmt


def build_tables(lineprog: Any, names: list[str]) -> dict[str, list[LineEntry]]:
    """gdb's per-file line tables for one CU's line program."""
    builder = _Builder()
    default_is_stmt = bool(lineprog.header["default_is_stmt"])

    def name_of(index: int) -> str:
        return names[index] if 0 <= index < len(names) else f"<file {index}>"

    seq: _Sequence | None = None
    for entry in lineprog.get_entries():
        if seq is None:
            seq = _Sequence(builder, name_of(1), default_is_stmt)
        state = entry.state
        if state is None:
            if not entry.is_extended and entry.command == DW_LNS.set_file:
                seq.set_file(name_of(entry.args[0]))
            continue
        end = bool(state.end_sequence)
        seq.row(state, end)
        if end:
            seq = None
    return builder.finish()


def search_name_matches(filename: str, wanted: str) -> bool:
    """gdb's compare_filenames_for_search: ``wanted`` names ``filename`` or a tail of it."""
    if os.path.isabs(wanted):
        return os.path.normpath(wanted) == filename
    wanted = os.path.normpath(wanted)
    return filename == wanted or filename.endswith(os.sep + wanted)


class CuLines:
    """The line tables of one compile unit, with gdb's lookups."""

    def __init__(self, tables: dict[str, list[LineEntry]], global_end: int) -> None:
        self.tables = tables
        self._pcs = {name: [e.pc for e in vec] for name, vec in tables.items()}
        self.global_end = global_end

    def find_pc_line(self, pc: int) -> Sal | None:
        """gdb's find_pc_line: None where gdb finds no line (line 0)."""
        best: LineEntry | None = None
        best_file = ""
        best_end = 0
        alt: LineEntry | None = None
        for name, vec in self.tables.items():
            pcs = self._pcs[name]
            if vec[0].pc > pc and (alt is None or vec[0].pc < alt.pc):
                alt = vec[0]
            idx = bisect.bisect_right(pcs, pc)
            prev = vec[idx - 1] if idx > 0 else None
            if prev is not None and (best is None or prev.pc > best.pc):
                best_i = idx - 1
                # on a non-statement entry, prefer a statement entry at its address
                if not prev.is_stmt:
                    tmp = best_i
                    while (
                        tmp > 0
                        and vec[tmp - 1].pc == vec[tmp].pc
                        and vec[tmp - 1].line != 0
                        and not vec[tmp].is_stmt
                    ):
                        tmp -= 1
                    if vec[tmp].is_stmt:
                        best_i = tmp
                best = vec[best_i]
                best_file = name
                if best_end <= best.pc:
                    best_end = 0
            if (
                best is not None
                and idx < len(vec)
                and vec[idx].pc > best.pc
                and (best_end == 0 or best_end > vec[idx].pc)
            ):
                best_end = vec[idx].pc
        if best is None or best.line == 0:
            return None
        if best_end and (alt is None or best_end < alt.pc):
            end = best_end
        elif alt is not None:
            end = alt.pc
        else:
            end = self.global_end
        return Sal(best_file, best.line, best.pc, end, best.is_stmt)

    def files_matching(self, wanted: str) -> list[str]:
        return [name for name in self.tables if search_name_matches(name, wanted)]

    def stmt_pcs(self, file: str, line: int) -> list[int]:
        """Addresses of the statement entries of ``line`` in ``file`` (gdb's exact match)."""
        return [e.pc for e in self.tables.get(file, ()) if e.is_stmt and e.line == line]

    def next_stmt_line(self, file: str, line: int) -> int | None:
        """The smallest line after ``line`` with a statement entry (gdb's best_entry)."""
        later = [e.line for e in self.tables.get(file, ()) if e.is_stmt and e.line > line]
        return min(later) if later else None

    def entries_from(self, file: str, start: int, end: int) -> list[LineEntry]:
        """Entries of ``file`` with start <= pc <= end, in table order."""
        vec = self.tables.get(file, [])
        pcs = self._pcs.get(file, [])
        lo = bisect.bisect_left(pcs, start)
        hi = bisect.bisect_right(pcs, end)
        return vec[lo:hi]

    def has_entry_pair_at(self, file: str, pc: int) -> bool:
        """Whether ``file``'s first entry at ``pc`` is followed by another at ``pc``
        (gdb's "two line entries at one address": no prologue)."""
        vec = self.tables.get(file, [])
        pcs = self._pcs.get(file, [])
        idx = bisect.bisect_left(pcs, pc)
        while idx < len(vec) and vec[idx].line == 0 and vec[idx].pc == pc:
            idx += 1
        return (
            idx + 1 < len(vec)
            and vec[idx].pc == pc
            and vec[idx + 1].line != 0
            and vec[idx + 1].pc == pc
        )
