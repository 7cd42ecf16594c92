"""Source-text helpers that pycparser's start-only coordinates make necessary."""

from __future__ import annotations

from collections.abc import Callable

from .scopes import Pos


def find_closing_brace(open_pos: Pos, line_of: Callable[[Pos], str | None],
                       max_lines: int = 200000) -> Pos | None:
    """Position of the `}` matching the `{` at `open_pos`, skipping comments,
    string and character literals. None if the text cannot be matched (e.g. the
    braces come from a macro expansion)."""
    depth = 0
    line_no = open_pos.line
    col = open_pos.column - 1
    in_block_comment = False
    for _ in range(max_lines):
        text = line_of(Pos(open_pos.file, line_no, 1))
        if text is None:
            return None
        i = col
        n = len(text)
        while i < n:
            c = text[i]
            if in_block_comment:
                if c == "*" and i + 1 < n and text[i + 1] == "/":
                    in_block_comment = False
                    i += 2
                    continue
                i += 1
                continue
            if c == "/" and i + 1 < n and text[i + 1] == "/":
                break
            if c == "/" and i + 1 < n and text[i + 1] == "*":
                in_block_comment = True
                i += 2
                continue
            if c in "\"'":
                j = i + 1
                while j < n and text[j] != c:
                    j += 2 if text[j] == "\\" else 1
                i = j + 1
                continue
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    return Pos(open_pos.file, line_no, i + 1)
            i += 1
        line_no += 1
        col = 0
    return None
