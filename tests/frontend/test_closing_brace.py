"""The parser records where each `{ ... }` block ends (gnu_parse.Compound.end): the
end of a block's scope and the line of a function's implicit return.

It was found by scanning the source text for the matching brace, which went wrong
where cpp cuts a line into pieces around a system macro's expansion: the `}` of
`} while (isalnum(c));` was lost, and a function "ended" at another function's
brace or on its own first line (12 blocks of Lua and zlib, 5 functions of
sqlite3 up to 160,000 lines away). Here every block of a source whose lines
expand `isalnum`, `NULL`, `errno` and `true` must end at the `}` the source marks."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pycparser import c_ast

from atomc.diag import DiagnosticEngine
from atomc.frontend.parse import parse_c

SOURCE = r"""#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

static int count(const char *s) { // b1
    int n = 0;
    if (s == NULL) { errno = EINVAL; return -1; } // b2 e2
    do { // b3
        n++;
        s++;
    } while (isalnum((unsigned char)*s)); // e3
    return n;
} // e1

static bool first_word(const char *s, const char **end) { // b4
    while (*s != '\0' && isspace((unsigned char)*s)) { // b5
        s++;
    } // e5
    if (*s == '\0') { // b6
        *end = NULL;
        return false;
    } else if (s[1] == '\0' || isspace((unsigned char)s[1])) { // e6 b7
        *end = s + 1; return true; } // e7
    for (*end = s; **end != '\0' && !isspace((unsigned char)**end); (*end)++) { // b8
        if (errno == ERANGE) { break; } // b9 e9
    } // e8
    return true;
} // e4

int main(void) { // b10
    const char *e = NULL;
    return count("ab1 c") + first_word("  xy z", &e) + (e != NULL); } // e10
"""


CUT = re.compile(r"\b(NULL|errno|EINVAL|ERANGE|isalnum|isspace|bool|true|false)\b")


def shifted(line: str, column: int) -> tuple[int, ...]:
    """The columns the parser may give a character of `line` at `column`: after a
    system macro's expansion cpp pads the rest of the cut line one column short."""
    return (column, column - 1) if CUT.search(line[:column]) else (column,)


def marked(source: str, kind: str, brace: str) -> dict[int, tuple[int, int]]:
    """Block number -> (line, column) of the `brace` a `// bN`/`// eN` comment marks
    (the last such brace on the line before the comment)."""
    found = {}
    for line_no, text in enumerate(source.split("\n"), 1):
        code, _, comment = text.partition("//")
        for n in re.findall(rf"\b{kind}(\d+)\b", comment):
            found[int(n)] = (line_no, code.rindex(brace) + 1)
    return found


def blocks(ast: c_ast.Node, main: str) -> list[c_ast.Compound]:
    out, stack = [], [ast]
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.Compound) and node.coord.file == main:
            out.append(node)
        stack.extend(child for _, child in node.children())
    return out


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc's preprocessor")
def test_every_block_ends_at_its_closing_brace(tmp_path: Path) -> None:
    src = tmp_path / "blocks.c"
    src.write_text(SOURCE)
    text = subprocess.run(["gcc", "-E", str(src)], capture_output=True, text=True,
                          check=True).stdout
    assert text.count(f'"{src}" 3 4') >= 5, "the system macros no longer cut the lines"
    starts, ends = marked(SOURCE, "b", "{"), marked(SOURCE, "e", "}")
    assert sorted(starts) == sorted(ends) == list(range(1, 11))
    lines = SOURCE.split("\n")
    by_start = {(line, col): n for n, (line, column) in starts.items()
                for col in shifted(lines[line - 1], column)}
    seen = set()
    for block in blocks(parse_c(text, str(src), DiagnosticEngine()), str(src)):
        n = by_start[(block.coord.line, block.coord.column)]
        line, column = ends[n]
        assert (block.end.file, block.end.line) == (str(src), line), f"block b{n}"
        assert block.end.column in shifted(lines[line - 1], column), f"block b{n}"
        seen.add(n)
    assert seen == set(starts)
