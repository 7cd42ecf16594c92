"""The abbreviation table: DIEs with the same tag, children flag and ordered
(attribute, form) list share one abbreviation code."""

from __future__ import annotations

from .constants import AT_NAMES, FORM_NAMES, TAG_NAMES
from .leb128 import uleb128

AbbrevKey = tuple[int, bool, tuple[tuple[int, int], ...]]


class AbbrevTable:
    __slots__ = ("_codes",)

    def __init__(self) -> None:
        self._codes: dict[AbbrevKey, int] = {}

    def code(self, tag: int, has_children: bool, specs: tuple[tuple[int, int], ...]) -> int:
        key = (tag, has_children, specs)
        code = self._codes.get(key)
        if code is None:
            code = len(self._codes) + 1
            self._codes[key] = code
        return code

    def __len__(self) -> int:
        return len(self._codes)

    def encode(self) -> bytes:
        """The `.debug_abbrev` contribution, terminated by a 0 code."""
        out = bytearray()
        for (tag, children, specs), code in self._codes.items():
            out += uleb128(code) + uleb128(tag) + bytes([1 if children else 0])
            for at, form in specs:
                out += uleb128(at) + uleb128(form)
            out += b"\0\0"
        out += b"\0"
        return bytes(out)

    def directives(self, label: str) -> list[str]:
        out = ["\t.section\t.debug_abbrev,\"\",@progbits", f"{label}:"]
        for (tag, children, specs), code in self._codes.items():
            out.append(f"\t.uleb128\t{code}\t# {_name('TAG', TAG_NAMES, tag)}")
            out.append(f"\t.uleb128\t0x{tag:x}")
            out.append(f"\t.byte\t{1 if children else 0}")
            for at, form in specs:
                out.append(f"\t.uleb128\t0x{at:x}\t# {_name('AT', AT_NAMES, at)}")
                out.append(f"\t.uleb128\t0x{form:x}\t# {_name('FORM', FORM_NAMES, form)}")
            out.append("\t.byte\t0, 0")
        out.append("\t.byte\t0")
        return out


def _name(kind: str, names: dict[int, str], value: int) -> str:
    name = names.get(value)
    return hex(value) if name is None else "DW_" + kind + "_" + name
