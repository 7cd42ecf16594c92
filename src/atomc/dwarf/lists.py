"""`.debug_loclists` and `.debug_rnglists` (DWARF 5 §7.29, §7.28).

Lists are referred to with DW_FORM_sec_offset (a label in the section), so no
offsets table or `DW_AT_loclists_base` is needed. Location lists set a base
address (the function symbol) and use offset pairs from it; range lists use
start/length pairs, so each entry is independent of any base.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Generic, TypeVar

from ..diag import InternalCompilerError
from .constants import LLE, RLE
from .locexpr import Encoded

T = TypeVar("T")


def _header(section: str, start: str, end: str) -> list[str]:
    return [f"\t.section\t{section},\"\",@progbits",
            f"\t.long\t{end}-{start}\t# unit length", f"{start}:",
            "\t.value\t5\t# version", "\t.byte\t8\t# address size",
            "\t.byte\t0\t# segment selector size", "\t.long\t0\t# offset entry count"]


class _Lists(Generic[T]):
    """One section of lists, each under its own label: `_KIND` names them
    (`rnglist`, `loclist`) and `_entries` writes one list's entries."""

    __slots__ = ("prefix", "_lists")
    _KIND: ClassVar[str]
    _WHAT: ClassVar[str]  # for the internal error on an empty list

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._lists: list[tuple[str, T]] = []

    def _add(self, item: T, empty: bool) -> str:
        if empty:
            raise InternalCompilerError(f"empty {self._WHAT} list")
        label = f"{self.prefix}{self._KIND}{len(self._lists)}"
        self._lists.append((label, item))
        return label

    def __bool__(self) -> bool:
        return bool(self._lists)

    def _entries(self, label: str, item: T) -> list[str]:
        raise NotImplementedError

    def directives(self) -> list[str]:
        if not self._lists:
            return []
        start, end = f"{self.prefix}{self._KIND}s_start", f"{self.prefix}{self._KIND}s_end"
        out = _header(f".debug_{self._KIND}s", start, end)
        for label, item in self._lists:
            out += self._entries(label, item)
        out.append(f"{end}:")
        return out


class RangeLists(_Lists[tuple[tuple[str, str], ...]]):
    __slots__ = ()
    _KIND = "rnglist"
    _WHAT = "range"

    def add(self, ranges: Sequence[tuple[str, str]]) -> str:
        """A new list of (start label, end label) ranges; returns its label."""
        return self._add(tuple(ranges), not ranges)

    def _entries(self, label: str, item: tuple[tuple[str, str], ...]) -> list[str]:
        out = [f"{label}:"]
        for lo, hi in item:
            out += [f"\t.byte\t0x{RLE.start_length:x}\t# DW_RLE_start_length",
                    f"\t.quad\t{lo}", f"\t.uleb128\t{hi}-{lo}"]
        out.append(f"\t.byte\t0x{RLE.end_of_list:x}\t# DW_RLE_end_of_list")
        return out


_LocList = tuple[str, tuple[tuple[str, str, Encoded], ...]]


class LocLists(_Lists[_LocList]):
    __slots__ = ()
    _KIND = "loclist"
    _WHAT = "location"

    def add(self, base: str, entries: Sequence[tuple[str, str, Encoded]]) -> str:
        """A new list of (start, end, expression) entries with offsets from `base`."""
        return self._add((base, tuple(entries)), not entries)

    def _entries(self, label: str, item: _LocList) -> list[str]:
        base, entries = item
        out = [f"{label}:", f"\t.byte\t0x{LLE.base_address:x}\t# DW_LLE_base_address",
               f"\t.quad\t{base}"]
        for lo, hi, expr in entries:
            out += [f"\t.byte\t0x{LLE.offset_pair:x}\t# DW_LLE_offset_pair",
                    f"\t.uleb128\t{lo}-{base}", f"\t.uleb128\t{hi}-{base}",
                    f"\t.uleb128\t{expr.size}", *expr.directives()]
        out.append(f"\t.byte\t0x{LLE.end_of_list:x}\t# DW_LLE_end_of_list")
        return out
