"""`.debug_loclists` and `.debug_rnglists` (DWARF 5 §7.29, §7.28).

Lists are referred to with DW_FORM_sec_offset (a label in the section), so no
offsets table or `DW_AT_loclists_base` is needed. Location lists set a base
address (the function symbol) and use offset pairs from it; range lists use
start/length pairs, so each entry is independent of any base.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..diag import InternalCompilerError
from .constants import LLE, RLE
from .locexpr import Encoded


def _header(section: str, start: str, end: str) -> list[str]:
    return [f"\t.section\t{section},\"\",@progbits",
            f"\t.long\t{end}-{start}\t# unit length", f"{start}:",
            "\t.value\t5\t# version", "\t.byte\t8\t# address size",
            "\t.byte\t0\t# segment selector size", "\t.long\t0\t# offset entry count"]


class RangeLists:
    __slots__ = ("prefix", "_lists")

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._lists: list[tuple[str, tuple[tuple[str, str], ...]]] = []

    def add(self, ranges: Sequence[tuple[str, str]]) -> str:
        """A new list of (start label, end label) ranges; returns its label."""
        if not ranges:
            raise InternalCompilerError("empty range list")
        label = f"{self.prefix}rnglist{len(self._lists)}"
        self._lists.append((label, tuple(ranges)))
        return label

    def __bool__(self) -> bool:
        return bool(self._lists)

    def directives(self) -> list[str]:
        if not self._lists:
            return []
        start, end = f"{self.prefix}rnglists_start", f"{self.prefix}rnglists_end"
        out = _header(".debug_rnglists", start, end)
        for label, ranges in self._lists:
            out.append(f"{label}:")
            for lo, hi in ranges:
                out += [f"\t.byte\t0x{RLE.start_length:x}\t# DW_RLE_start_length",
                        f"\t.quad\t{lo}", f"\t.uleb128\t{hi}-{lo}"]
            out.append(f"\t.byte\t0x{RLE.end_of_list:x}\t# DW_RLE_end_of_list")
        out.append(f"{end}:")
        return out


class LocLists:
    __slots__ = ("prefix", "_lists")

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._lists: list[tuple[str, str, tuple[tuple[str, str, Encoded], ...]]] = []

    def add(self, base: str, entries: Sequence[tuple[str, str, Encoded]]) -> str:
        """A new list of (start, end, expression) entries with offsets from `base`."""
        if not entries:
            raise InternalCompilerError("empty location list")
        label = f"{self.prefix}loclist{len(self._lists)}"
        self._lists.append((label, base, tuple(entries)))
        return label

    def __bool__(self) -> bool:
        return bool(self._lists)

    def directives(self) -> list[str]:
        if not self._lists:
            return []
        start, end = f"{self.prefix}loclists_start", f"{self.prefix}loclists_end"
        out = _header(".debug_loclists", start, end)
        for label, base, entries in self._lists:
            out += [f"{label}:", f"\t.byte\t0x{LLE.base_address:x}\t# DW_LLE_base_address",
                    f"\t.quad\t{base}"]
            for lo, hi, expr in entries:
                out += [f"\t.byte\t0x{LLE.offset_pair:x}\t# DW_LLE_offset_pair",
                        f"\t.uleb128\t{lo}-{base}", f"\t.uleb128\t{hi}-{base}",
                        f"\t.uleb128\t{expr.size}", *expr.directives()]
            out.append(f"\t.byte\t0x{LLE.end_of_list:x}\t# DW_LLE_end_of_list")
        out.append(f"{end}:")
        return out
