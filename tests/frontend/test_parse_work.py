"""How much work the parser does per token, counted, not timed.

pycparser reaches each operand through a chain of about fifteen calls and tries
`'(' type-name ')'` twice on every parenthesis; `fast_parse` reads the common
operands directly. These tests count the Python calls a parse makes per token
and the entries into pycparser's general cast-expression route, so a fast path
that stops applying (an override dropped, a new GNU layer in front of it) fails
here rather than as a slower compile. And no token outlives its parse."""

from __future__ import annotations

import gc
import sys

import pytest
from pycparser.c_lexer import _Token
from pycparser.c_parser import CParser

from atomc.diag import DiagnosticEngine
from atomc.frontend.parse import _Parser, parse_c
from atomc.frontend.parse_cache import ENV_VAR

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
    # 8.2 with the fast paths, 21.4 through pycparser's routes (the lexer's
    # token() is one of them); 11.8 when an assignment-expression went through
    # the conditional and binary levels for every operand (parse.py now reads
    # them inline); 10.7 when a token was made by _Token's generated __init__
    # and statements reached pycparser's rules through the GNU layers' calls
    # (FastStatementMixin dispatches them by their first token); 6.9 when the
    # parser called the lexer for every token (FastLexer.lex_into hands out the
    # tokens after an identifier or brace up to the next one at once); 6.2 when
    # an operand's ID or Constant, its Coord and a BinaryOp were made through
    # their `__init__` (fast_parse sets their slots in place)
    assert _calls_per_token(SOURCE) < 5.8


def test_lexer_entries_per_token(monkeypatch) -> None:
    """The lexer reads its tokens a stretch at a time (one regular expression
    matched on, one loop), up to the next line marker, and hands the parser those
    whose type does not depend on the moment they are lexed (punctuators other
    than braces and `[`, keywords, constants) together with the token before
    them: the parser entered the lexer once per token, and each entry matched its
    own expression."""
    from atomc.frontend.fast_lexer import FastLexer

    counts = {"token": 0, "lex_into": 0, "_fill": 0}
    for name in counts:
        method = getattr(FastLexer, name)

        def counting(self, *args, _method=method, _name=name):
            counts[_name] += 1
            return _method(self, *args)

        monkeypatch.setattr(FastLexer, name, counting)
    parser = _Parser()
    parser.parse("# 1 \"w.c\"\n" + SOURCE, "w.c")
    tokens = len(parser._tokens._buffer)
    assert tokens > 4000
    assert counts["_fill"] == 2  # after the marker; the text's end
    assert counts["token"] + counts["lex_into"] < 0.4 * tokens


def test_local_labels_looked_for_only_in_blocks_that_declare_them(monkeypatch) -> None:
    """A block's items were scanned for `__label__` declarations at every `}`;
    now only a block inside which one was read is (its own or an inner one's)."""
    from atomc.frontend import fast_parse

    looked: list[int] = []
    rename = fast_parse.rename_local_labels

    def counting(node):
        looked.append(len(node.block_items or ()))
        rename(node)

    monkeypatch.setattr(fast_parse, "rename_local_labels", counting)
    text = SOURCE + "int g(int x) { { __label__ out; goto out; out: ; } { x++; } return x; }"
    ast = _Parser().parse(text, "w.c")
    assert looked == [3, 3]  # the `__label__` block, then the function's body
    inner = ast.ext[-1].body.block_items[0].block_items
    assert [type(n).__name__ for n in inner] == ["Goto", "Label"]
    assert inner[0].name == inner[1].name != "out"


def _general_casts(monkeypatch, text: str) -> int:
    """Entries into pycparser's cast-expression route in a parse of `text`."""
    entered = 0
    general = CParser._parse_cast_expression

    def counting(self):
        nonlocal entered
        entered += 1
        return general(self)

    monkeypatch.setattr(CParser, "_parse_cast_expression", counting)
    _Parser().parse(text, "w.c")
    return entered


def test_general_cast_route_only_for_other_casts(monkeypatch) -> None:
    """pycparser's route tries `( type-name )` at every parenthesis that may start
    one, through the specifier list, an abstract declarator and
    `_fix_decl_name_type`; a cast to one typedef name or to basic type keywords
    (`(int)(U)x` here: 40 entries before), possibly a pointer to one, is read
    directly (`_simple_cast`), and
    only other casts, compound literals and parenthesised type names that are
    not followed by a cast operand take pycparser's route."""
    assert _general_casts(monkeypatch, SOURCE) == 0
    others = ("typedef unsigned long U; int g(void *p, int x) { return *(int *)p + "
              "(const int)x + (int){x} + (unsigned long int)x + (U)(long)-x + sizeof(int) "
              "+ (x) + **(U **)p + *(int * const)p + (int)(struct S *)p; }")
    # the qualified casts, the compound literal, the struct pointer and `sizeof`
    # (a unary operator no fast path reads)
    assert _general_casts(monkeypatch, others) == 5


@pytest.mark.parametrize("cache", ["off", "dir"])
def test_no_tokens_outlive_the_parse(cache: str, tmp_path, monkeypatch) -> None:
    """The parser and its lexer form a cycle; `parse_c` frees the token buffer so
    that the tokens do not wait for a full collection (with the cache too, which
    starts its own parser)."""
    monkeypatch.setenv(ENV_VAR, "off" if cache == "off" else str(tmp_path))
    text = '# 0 "w.c"\n# 1 "w.h" 1\ntypedef int T;\n# 1 "w.c" 2\n' + SOURCE
    gc.collect()
    gc.disable()
    try:
        for _ in range(2):  # the second run reads the header from the cache
            ast = parse_c(text, "w.c", DiagnosticEngine())
            alive = sum(isinstance(o, _Token) for o in gc.get_objects())
            assert alive == 0 and len(ast.ext) > 20
    finally:
        gc.enable()


def _scope_lookups(parser: _Parser, text: str) -> int:
    """Lookups (`dict.get`) made in the dictionaries of the parser's scope stack."""
    lookups = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal lookups
        if event == "c_call" and getattr(arg, "__name__", None) == "get":
            owner = getattr(arg, "__self__", None)
            lookups += any(owner is scope for scope in parser._scope_stack)

    sys.setprofile(count)
    try:
        parser.parse(text, "w.c")
    finally:
        sys.setprofile(None)
    return lookups


def test_typedef_lookup_is_one_table_whatever_the_nesting() -> None:
    """The lexer asks of every identifier whether it names a type; pycparser
    looked it up in each scope from the innermost out (11 lookups per identifier
    ten blocks deep, 3,606 here). The parser now keeps the answer for every
    visible name in one table, and the scopes' own dictionaries are read only
    where a name is declared (3 here)."""
    depth = 10
    text = ("int g; typedef int T; int f(void) { " + "{ " * depth + "T t; " + "g; " * 300
            + "t; " + "} " * depth + "return 0; }")
    parser = _Parser()
    assert _scope_lookups(parser, text) < 10
    kinds = [(t.value, t.type) for t in parser._tokens._buffer
             if t is not None and t.value in ("g", "t", "T")]
    # the declarations (a declared name is lexed before it is declared), `T t;`
    assert kinds[:4] == [("g", "ID"), ("T", "ID"), ("T", "TYPEID"), ("t", "ID")]
    assert kinds[4:] == [("g", "ID")] * 300 + [("t", "ID")]


def test_scopes_restore_what_they_hide() -> None:
    """A block's declarations hide outer ones until its `}`, and only until it."""
    text = ("typedef int T; int U; void f(void) { int T; { typedef int U; U u; T = 1; } "
            "T = 2; { U = 3; } } T x; void g(void) { U = 4; }")
    parser = _Parser()
    parser.parse(text, "w.c")
    kinds = [(t.value, t.type) for t in parser._tokens._buffer
             if t is not None and t.value in ("T", "U")]
    # (the tokens pycparser's scope stack gives: a name is lexed before it is declared)
    assert kinds == [("T", "ID"), ("U", "ID"), ("T", "TYPEID"), ("U", "ID"), ("U", "TYPEID"),
                     ("T", "ID"), ("T", "ID"), ("U", "ID"), ("T", "TYPEID"), ("U", "ID")]
    assert parser._visible == {**dict.fromkeys(_Parser.initial_type_symbols, True),
                               "T": True, "U": False, "f": False, "x": False, "g": False}


def test_stretches_stay_short(monkeypatch) -> None:
    """A stretch reads at most `_WINDOW` characters (to a line end): its lists (the
    tokens, their end offsets, the deferred ones) live only until the next one,
    while the tokens live on in the parser's buffer. A whole file in one stretch,
    or an end offset kept on every token, held an int per token to the parse's
    end (sqlite3: 30 MB more at its peak)."""
    from atomc.frontend import fast_lexer

    longest = 0
    fill = fast_lexer.FastLexer._fill

    def measuring(self):
        nonlocal longest
        found = fill(self)
        longest = max(longest, len(self._toks), len(self._ends))
        return found

    monkeypatch.setattr(fast_lexer.FastLexer, "_fill", measuring)
    parser = _Parser()
    parser.parse(SOURCE * 8, "w.c")
    tokens = len(parser._tokens._buffer)
    assert tokens > 32000
    assert 1000 < longest < tokens / 3
    assert not hasattr(parser._tokens._buffer[0], "end")
