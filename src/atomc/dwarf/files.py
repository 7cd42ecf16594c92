"""The line-table file list, shared by the `.loc` emitter and `.debug_info`.

In DWARF 5, `DW_AT_decl_file` and `DW_AT_call_file` index the line table's
file_names, which the assembler builds from our `.file N` directives. Both
sides therefore number files through one `FileTable` per translation unit.
Entry 0 is the compile unit's primary file (DWARF 5 §6.2.4), entry 1 repeats
it (gdb and lldb read both conventions). Directories are written through the
-ffile-prefix-map/-fdebug-prefix-map rewrites (`remap`), as gcc writes them.
"""

from __future__ import annotations

from collections.abc import Sequence

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

    def directives(self, maps: Sequence[tuple[str, str]] = ()) -> list[str]:
        """`.file` directives for every numbered file, entry 0 first."""
        out = []
        for i, f in enumerate(self._entries):
            out.append(f'\t.file {i} "{_esc(remap(f.directory, maps))}" "{_esc(f.name)}"')
        return out


def remap(path: str, maps: Sequence[tuple[str, str]]) -> str:
    """gcc's prefix-map rewrite: the last OLD=NEW whose OLD starts `path` (a plain
    string prefix) replaces it; no match leaves `path` alone."""
    for old, new in reversed(maps):
        if path.startswith(old):
            return new + path[len(old):]
    return path


def _esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')
