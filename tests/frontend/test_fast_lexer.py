"""The parser's one-call lexer (frontend/fast_lexer.py) must give exactly the tokens
of the layered lexer it short-cuts (`ImaginaryLexer` over `AtomcLexer` over
pycparserext and pycparser): the same types, spellings, lines and columns, the
same typedef lookups and brace callbacks, in whole parses of real programs and on
text made of every case the short cut treats apart."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from atomc.frontend import parse
from atomc.frontend.fast_lexer import _PUNCTUATORS, FastLexer, _punctuator_pattern
from atomc.frontend.gnu_parse import AtomcLexer
from atomc.frontend.imaginary import ImaginaryLexer

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "realworld"))
import debsrc  # noqa: E402

PROGRAMS = sorted((ROOT / "tests" / "frontend" / "programs").glob("*.c")) + \
    [ROOT / "bench" / "programs" / n for n in ("interp.c", "lz.c")]
LUA_FLAGS = ["-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX"]


class _Layered(ImaginaryLexer, AtomcLexer):
    """The lexer as the parser had it before the short cut."""

    def use_scopes(self, visible: dict[str, bool]) -> None:
        """(It asks the parser's `type_lookup_func` of every identifier.)"""

    def offset(self) -> int:
        return self._pos

    def lex_into(self, buf: list[object]) -> object:
        tok = self.token()
        buf.append(tok)
        return tok

    def marker_ahead(self) -> bool:
        return re.compile(r"[ \t\n]*+#").match(self._lexdata, self._pos) is not None


class _LayeredParser(parse._Parser):
    lexer_class = _Layered


Tok = tuple[str, str, int, int]


def _parse_tokens(parser_class: type, text: str) -> tuple[list[Tok | None], str]:
    """Every token a whole parse of `text` read, and the lexer's file at its end."""
    parser = parser_class()
    parser.parse(text, "t.c")
    toks = [None if t is None else (t.type, t.value, t.lineno, t.column)
            for t in parser._tokens._buffer]
    return toks, parser.clex.filename


def _lex(lexer_class: type, text: str, typedefs: frozenset[str]) -> list[object]:
    """The token stream of `text` alone, with the lexer's calls out interleaved."""
    events: list[object] = []

    def lookup(name: str) -> bool:
        events.append(("lookup", name))
        return name in typedefs

    lexer = lexer_class(lambda msg, line, col: events.append(("error", msg, line, col)),
                        lambda: events.append("{"), lambda: events.append("}"), lookup)
    lexer.input(text, "t.c")
    while (t := lexer.token()) is not None:
        events.append((t.type, t.value, t.lineno, t.column, lexer.filename))
    return events


def _cpp(path: Path, *flags: str) -> str:
    return subprocess.run(["gcc", "-E", *flags, str(path)], capture_output=True, text=True,
                          check=True, cwd=path.parent).stdout


# every case the short cut treats apart: prefixed literals after identifier
# characters, `.` and `/` (numbers, comments), line markers and pragmas (one of them
# spelled like a keyword), `[[...]]` and `[ __attribute__`, gcc's spellings,
# `__complex`, imaginary constants, typedef names, braces, bad characters
EDGES = r'''# 1 "edge.c"
typedef int T; T x; Lx L"w" u8"s" u"s" U"s" L'c' u8'c' u'c' U'c' u8 u Lq U2 $a a$1
  .5 a.b ... x/y x/=2 a->b a-->b <<= >>= <<<>>> ++-- &&||&|^~!%=*=
# 7 "other.h" 1 3
#pragma __const once
#pragma
__signed__ __const __restrict__ __inline__ __alignof__ __thread _Float32x __float128
__complex __complex__ 1.0iF 2i 0x1p3 0x10 07 08 'ab' '\n' "a\"b" 1e5f 3ULL
int a[[gnu::unused, maybe_unused, clang::optnone, other::x(1)]] b[ __attribute__((u)) 4];
int c[[]]; int d[ [1] ]; _Pragma("x") __extension__ typeof(x) __typeof__(y) asm
{ { } } @ \ ` ?:;,
# 40 "edge.c" 2
last'''
# line markers in every form CLexer reads (the short cut takes `# N "file" flags`),
# each followed by a token at the start of the next line; the last one ends the text
MARKERS = '''# 0 "m.c"
a
# 12"n.h"3
b
#   8   "sp.h"   1  3   \t
c
# 9
d
#line 20 "l.c"
e
# 05 "bad.h"
f
# 3 "esc\\aped.h" 2
g
# 4 "f.h" 1 2u
h
# 0 "z.h" 0 00 4
i
x # 7 "mid.h"
j
# 2 "q\"uote.h"
k
# 30 "end.h" 2'''
# integer constants the short cut reads, and their neighbours it leaves to the
# layered path (floats, bad octals, binary, imaginary and glued suffixes)
NUMBERS = r'''s.a s . b .. ... .... .5 a.5 ..5 .e5 x.y.z 1.x 0.. .	.
0 0) 00 07 0755;08 09 0x 0x1F 0X1fULL 0xfu) 0b101 1u 1U 1l 1L 1ul 1lu 1ull
1LLU 1uLL 1Ul 12lL 123abc 1.5 1e5 1i 2jL 0x1p3 0x1.8p1 1.f 0u 0ul 0x1fz 7)
9[1] 1+2-3*4/5%6<7>8==9!=0&1|2^3?4:5~6 42,43;44}45]46{ 1/2 1//c
# 3 "n.h"
0 1'0'''
# blank lines and indentation before a token, which the short cut reads with the
# token; before a line marker, a pragma, a literal, a number, `.`, a bad
# character and the end of the text, which it leaves to the layered path
NEWLINES = ('a\n\n  b\n\t\n\t c+\n  "s"\n \n# 5 "x.h"\n  d\n\n#pragma x\n e \n  \n'
            '  0x1\n\n 7\n\n .5\n \r\n f\n\n\t@\n  [\n [\n u8\n \n  ')
EXTENDED = '# 1 "u.c"\nint \u00e9 = L\'x\'; int \\u00e9a; Lx "\u00e9";\n'


@pytest.mark.parametrize("text", [EDGES, EXTENDED, EDGES.replace("\n", "\n\t "), MARKERS,
                                  MARKERS + "\n", NUMBERS, EXTENDED + NUMBERS, "", "\n\n",
                                  "a", "[", "[[", "x[[gnu::", "L", "0", "'", "u8", NEWLINES,
                                  EXTENDED + NEWLINES],
                         ids=["edges", "extended", "indented", "markers", "markers-nl",
                              "numbers", "extended-numbers",
                              "empty", "blank", "ident",
                              "bracket", "brackets", "cut-attr", "L", "zero", "quote", "u8",
                              "newlines", "extended-newlines"])
def test_same_events_as_layered(text: str) -> None:
    typedefs = frozenset({"T", "u8", "Lq", "__const", "typeof"})
    assert _lex(FastLexer, text, typedefs) == _lex(_Layered, text, typedefs)


def test_edges_take_every_short_cut() -> None:
    """The edge text reaches both paths of each kind of token (so the comparison
    above covers them): identifiers, keywords, typedef names and punctuators
    read in one call, and literals, numbers, markers on the layered path."""
    kinds = {e[0] for e in _lex(FastLexer, EDGES, frozenset({"T"})) if isinstance(e, tuple)}
    assert {"ID", "TYPEID", "INT", "ARROW", "MINUSMINUS", "LSHIFTEQUAL", "PERIOD",
            "ELLIPSIS", "DIVIDE", "FLOAT_CONST", "WSTRING_LITERAL", "U8CHAR_CONST",
            "PPPRAGMA", "PPPRAGMASTR", "__ATTRIBUTE__", "_COMPLEX", "CONST",
            "__EXTENSION__", "TYPEOF", "error"} <= kinds


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.name)
def test_same_parse_tokens_programs(path: Path) -> None:
    text = _cpp(path, "-std=gnu11")
    assert _parse_tokens(parse._Parser, text) == _parse_tokens(_LayeredParser, text)


@pytest.mark.parametrize(("package", "name", "flags"), [
    ("zlib", "inflate.c", ["-DHAVE_UNISTD_H", "-D_LARGEFILE64_SOURCE=1"]),
    ("zlib", "gzlib.c", ["-DHAVE_UNISTD_H", "-D_LARGEFILE64_SOURCE=1"]),
    ("lua5.4", "src/lapi.c", LUA_FLAGS),
    ("lua5.4", "src/lstrlib.c", LUA_FLAGS),
    ("lua5.4", "src/lvm.c", LUA_FLAGS),
])
def test_same_parse_tokens_real_world(package: str, name: str, flags: list[str],
                                      tmp_path: Path) -> None:
    root = debsrc.locate(package)
    if root is None:
        pytest.skip(f"{package} sources not fetched (python tests/realworld/debsrc.py)")
    (tmp_path / "lua5.4-deb-multiarch.h").write_text(
        '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n')
    text = _cpp(root / name, *flags, "-I", str(tmp_path))
    ours = _parse_tokens(parse._Parser, text)
    assert len(ours[0]) > 10000
    assert ours == _parse_tokens(_LayeredParser, text)


@pytest.mark.parametrize("spellings", [frozenset(_PUNCTUATORS), frozenset({".", "...", "-", "->"}),
                                       frozenset({"<<", "<<=", "=", "+", "++"})],
                         ids=["c", "dots", "no-single"])
def test_punctuator_pattern_reads_longest(spellings: frozenset[str]) -> None:
    """The grouped punctuator pattern reads the longest spelling at the start of
    every text of up to three punctuator characters, and nothing where none is."""
    pattern = re.compile(_punctuator_pattern(spellings))
    chars = sorted({c for p in spellings for c in p}) + ["a"]
    texts = [a + b + c for a in chars for b in chars for c in chars]
    for text in texts:
        m = pattern.match(text)
        want = max((p for p in spellings if text.startswith(p)), key=len, default=None)
        assert (m[0] if m else None) == want, text
