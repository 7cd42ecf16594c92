"""The line-table file list, shared by the `.loc` emitter and `.debug_info`.

In DWARF 5, `DW_AT_decl_file` and `DW_AT_call_file` index the line table's
file_names, which the assembler builds from our `.file N` directives. Both
sides therefore number files through one `FileTable` per translation unit.
Entry 0 is the compile unit's primary file (DWARF 5 §6.2.4), entry 1 repeats
it (gdb and lldb read both conventions).
"""

from __future__ import annotations

from ..ir.debuginfo import DIFile


class FileTable:
    __slots__ = ("_numbers", "_entries")

    def __init__(self, primary: DIFile) -> None:
        self._numbers: dict[tuple[str, str], int] = {}
        self._entries: list[DIFile] = [primary]
        self.number(primary)

    def number(self, f: DIFile) -> int:
        """The `.file` number of `f` (1-based), assigning a new one on first sight."""
        key = (f.directory, f.name)
        n = self._numbers.get(key)
        if n is None:
            n = len(self._entries)
            self._entries.append(f)
            self._numbers[key] = n
        return n

    @property
    def primary(self) -> DIFile:
        return self._entries[0]

    def directives(self) -> list[str]:
        """`.file` directives for every numbered file, entry 0 first."""
        out = []
        for i, f in enumerate(self._entries):
            out.append(f'\t.file {i} "{_esc(f.directory)}" "{_esc(f.name)}"')
        return out


def _esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')
