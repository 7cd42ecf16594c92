"""How much work the parser does per token, counted, not timed.

pycparser reaches each operand through a chain of about fifteen calls and tries
`'(' type-name ')'` twice on every parenthesis; `fast_parse` reads the common
operands directly. These tests count the Python calls a parse makes per token
and the entries into pycparser's general cast-expression route, so a fast path
that stops applying (an override dropped, a new GNU layer in front of it) fails
here rather than as a slower compile."""

from __future__ import annotations

import sys

from pycparser.c_parser import CParser

from atomc.frontend.parse import _Parser

# expression-heavy code as interpreters and compressors have it (Lua's lvm.c,
# zlib's deflate.c): member chains, indexing, calls, parenthesised macro bodies
_BODY = """
struct S { int a[4]; struct S *next; int (*fn)(int); } s, *p;
typedef unsigned long U;
int f{n}(int x, int y) {
    int r = 0;
    r = (x + y) * (x - y) / (p->a[x & 3] + 1) % 7;
    r += p->next->a[(y >> 1) & 3] + s.fn(x) - -x + !y + ~r + (int)(U)x;
    if ((r < x && y >= 2) || (x == y)) r = f{n}(r - 1, y) ? x : y;
    while (p != 0 && p->a[0] > 0) { p = p->next; r <<= 1; }
    return ((r)) + ((x)) * ((y)) + "s"[0];
}
"""
SOURCE = "".join(_BODY.replace("{n}", str(i)) for i in range(20))
CASTS = 2 * 20  # `(int)(U)x` in each function


def _calls_per_token(text: str) -> float:
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        calls += event == "call"

    parser = _Parser()
    sys.setprofile(count)
    try:
        parser.parse(text, "w.c")
    finally:
        sys.setprofile(None)
    return calls / len(parser._tokens._buffer)


def test_calls_per_token() -> None:
    # 11.8 with the fast paths, 21.4 through pycparser's routes (the lexer's
    # token() and a _Token per token are two of them)
    assert _calls_per_token(SOURCE) < 13


def test_general_cast_route_only_for_casts(monkeypatch) -> None:
    entered = 0
    general = CParser._parse_cast_expression

    def counting(self):
        nonlocal entered
        entered += 1
        return general(self)

    monkeypatch.setattr(CParser, "_parse_cast_expression", counting)
    _Parser().parse(SOURCE, "w.c")
    assert entered == CASTS
