"""String pools for `.debug_str` and `.debug_line_str`: each distinct string
is emitted once and referred to by a label (DW_FORM_strp / DW_FORM_line_strp)."""

from __future__ import annotations


class StringPool:
    __slots__ = ("section", "prefix", "_labels")

    def __init__(self, section: str, prefix: str) -> None:
        self.section = section
        self.prefix = prefix
        self._labels: dict[str, str] = {}  # insertion order = emission order

    def ref(self, s: str) -> str:
        """The label of `s` in this pool, adding it on first use."""
        label = self._labels.get(s)
        if label is None:
            label = f"{self.prefix}{len(self._labels)}"
            self._labels[s] = label
        return label

    def __len__(self) -> int:
        return len(self._labels)

    def directives(self) -> list[str]:
        if not self._labels:
            return []
        out = [f'\t.section\t{self.section},"MS",@progbits,1']
        for s, label in self._labels.items():
            out.append(f"{label}:")
            out.append(f'\t.asciz\t"{asm_string(s)}"')
        return out


def asm_string(s: str) -> str:
    """`s` as the inside of a GNU as string literal (UTF-8, octal escapes). Source
    bytes that are not UTF-8 (in a -g3 macro, decoded with surrogateescape) go out as
    they were, like gcc's."""
    out: list[str] = []
    for b in s.encode("utf-8", "surrogateescape"):
        if b == 0x22:
            out.append('\\"')
        elif b == 0x5C:
            out.append("\\\\")
        elif 0x20 <= b < 0x7F:
            out.append(chr(b))
        else:
            out.append(f"\\{b:03o}")
    return "".join(out)
