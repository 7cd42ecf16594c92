"""`.debug.atomc_why`, atomc's vendor section saying why a variable has no
location (format: docs/why-optimized-out.md). A variable DIE points at its
record with `DW_AT_atomc_why` (0x3f10, DW_FORM_sec_offset); other tools ignore
both. The `.debug` prefix makes `strip -g` and `objcopy --only-keep-debug`
treat it as debug information; no `_` after it, because dwz and debugedit
(`dh_dwz`, rpm builds) reject a `.debug_*` section they do not know."""

from __future__ import annotations

from collections.abc import Sequence

from ..diag import InternalCompilerError
from .model import WhyEntry
from .strings import asm_string

SECTION = ".debug.atomc_why"
VERSION = 1


class WhySection:
    __slots__ = ("prefix", "_records")

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._records: list[tuple[str, tuple[WhyEntry, ...]]] = []

    def add(self, entries: Sequence[WhyEntry]) -> str:
        """A new record of `entries`; returns its label (for DW_FORM_sec_offset)."""
        if not entries:
            raise InternalCompilerError("empty why record")
        label = f"{self.prefix}why{len(self._records)}"
        self._records.append((label, tuple(entries)))
        return label

    def directives(self) -> list[str]:
        if not self._records:
            return []
        out = [f"\t.section\t{SECTION},\"\",@progbits",
               f"\t.value\t{VERSION}\t# version", "\t.byte\t8\t# address size",
               "\t.byte\t0\t# reserved"]
        for label, entries in self._records:
            out += [f"{label}:", f"\t.uleb128\t{len(entries)}\t# ranges"]
            for e in entries:
                out += [f"\t.quad\t{e.start}", f"\t.quad\t{e.end}",
                        f"\t.byte\t{e.code}\t# reason", f"\t.uleb128\t{e.line}\t# line",
                        f'\t.asciz\t"{asm_string(e.name)}"']
        return out
