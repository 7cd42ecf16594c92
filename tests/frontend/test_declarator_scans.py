"""The parser's declaration helpers that replace pycparser(ext)'s for speed must
build the same trees: `_Parser._scan_declarator_name_info` (pycparserext's
look-ahead with its sets made once) and `atomic_specifiers._fix_once`
(pycparser's `_Atomic` search without an exception). Each is compared with the
library's own on declarations of every shape they treat apart, and the second
must leave the declarations without `_Atomic(...)` to itself."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from pycparser import ast_transforms, c_parser
from pycparserext.ext_c_parser import GnuCParser

sys.path.insert(0, str(Path(__file__).parent))
from parse_identity import first_difference  # noqa: E402

from atomc.frontend import atomic_specifiers  # noqa: E402
from atomc.frontend.parse import _Parser  # noqa: E402

DECLARATIONS = """
typedef int T; typedef struct S { int a; } S;
int a, *b, **c, * const d = 0, * volatile * restrict e, * __restrict__ f;
int * __attribute__((unused)) g, * const __attribute__((aligned(8))) h;
int (*fp)(int), (*(*fpp))(T, int *), (*arr[3])(void), (h2)(int x);
int ((nested)), *(*(deep))[4], (*(*ptr_to_fn_ret_ptr)(int))[2];
T t, *tp, (tq); S s1, *(sp);
int f1(int (*)(int), int [], T (*)[3], int (*(*)(void))(void));
int f2(int x, ...), f3(), (*f4(int))(char);
int p1(int (T)), p2(int (aa)), p3(int ((T))), p4(T (T)), p5(int * (T));
_Atomic int ai; _Atomic(int) ai2, *aip; _Atomic(int *) apa;
_Atomic(_Atomic(int) *) nested_atomic; int * _Atomic pa; _Atomic(T) at[2];
struct A { _Atomic(long) x; int (*cb)(void *); _Atomic int y : 3; } sa;
void body(void) {
    int (*local)(int) = 0, * const lc = 0; _Atomic(int) la = 1;
    T (*lt)[2]; int (x1), *(x2);
    for (int (*i)(void) = 0, j = 0; j < 1; j++) { }
    (void)sizeof(int (*)(int)); (void)(_Atomic(int) *)0;
}
"""


@contextmanager
def _library_helpers() -> Iterator[None]:
    """Parse with pycparserext's scan and pycparser's `_Atomic` fix-up and step."""
    saved_scan = _Parser.__dict__["_scan_declarator_name_info"]
    saved_once = ast_transforms._fix_atomic_specifiers_once
    saved_fix = c_parser.fix_atomic_specifiers
    _Parser._scan_declarator_name_info = GnuCParser._scan_declarator_name_info  # type: ignore[method-assign]
    ast_transforms._fix_atomic_specifiers_once = atomic_specifiers._library_once
    c_parser.fix_atomic_specifiers = atomic_specifiers._library_fix
    try:
        yield
    finally:
        _Parser._scan_declarator_name_info = saved_scan  # type: ignore[method-assign]
        ast_transforms._fix_atomic_specifiers_once = saved_once
        c_parser.fix_atomic_specifiers = saved_fix


def _parse(text: str) -> object:
    return _Parser().parse(text, "d.c")


@pytest.mark.parametrize("text", [DECLARATIONS, "int (*broken(int);", "int * const (;",
                                  "typedef int T; int p6(int (*T));"],
                         ids=["declarations", "unclosed", "qualifier-paren", "typeid-pointer"])
def test_same_trees_as_library_helpers(text: str) -> None:
    def outcome() -> object:
        try:
            return _parse(text)
        except Exception as e:  # a syntax error: the same one
            return (type(e).__name__, str(e))

    with _library_helpers():
        want = outcome()
    assert first_difference(want, outcome(), "FileAST") is None


def test_declarations_parse() -> None:
    assert type(_parse(DECLARATIONS)).__name__ == "FileAST"


def test_atomic_search_hands_on_only_atomic_declarations() -> None:
    """pycparser's own step (which raised and caught an exception for every
    declaration) runs only for the declarations holding `_Atomic(...)`."""
    calls: list[str] = []

    def counting(decl: object) -> tuple[object, bool]:
        calls.append(getattr(decl, "name", None) or "")
        return _library_once(decl)

    _library_once = atomic_specifiers._library_once
    atomic_specifiers._library_once = counting
    try:
        _parse("typedef int T; int a, *b, (*c)(int); T d[3]; struct S { int x; } s;"
               " _Atomic(int) e; _Atomic(int *) f; int g;")
    finally:
        atomic_specifiers._library_once = _library_once
    # once for each `_Atomic(...)` declaration: the search after its fix finds none
    assert calls == ["e", "f"]


def test_whole_fix_up_only_for_atomic_declarations(monkeypatch) -> None:
    """pycparser's fix-up walks each declaration's chain twice (the search, then
    to the TypeDecl); `atomic_specifiers.fix` walks it once and hands on only the
    declarations holding `_Atomic(...)`, whose names still reach the TypeDecl."""
    handed: list[str] = []
    library = atomic_specifiers._library_fix

    def counting(decl: object) -> object:
        handed.append(getattr(decl, "name", None) or "")
        return library(decl)

    monkeypatch.setattr(atomic_specifiers, "_library_fix", counting)
    ast = _parse("typedef int T; int a, *b, (*c)(int); T d[3]; struct S { int x; } s;"
                 " _Atomic(int) e; _Atomic int f; int g(void) { _Atomic(long) h; return 0; }")
    assert handed == ["e", "h"]

    def declname(decl: object) -> object:
        node = decl.type  # type: ignore[attr-defined]
        while type(node).__name__ not in ("TypeDecl", "TypeDeclExt"):
            node = node.type
        return node.declname

    assert [declname(d) for d in ast.ext[1:5]] == ["a", "b", "c", "d"]
    assert "_Atomic" in ast.ext[7].quals
