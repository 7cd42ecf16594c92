"""The parser's leaf fast path (`_Parser._parse_cast_expression`) must build the
same trees as pycparser's full call chain: node types, every slot, coords."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pycparser import c_ast

sys.path.insert(0, str(Path(__file__).parent))
from parse_identity import ReferenceParser, compare_text  # noqa: E402

from atomc.frontend.parse import _Parser  # noqa: E402

SNIPPETS = {
    "operands": """
        int a, b, *p; long l; double d; struct S { int x; int y[3]; } s, *ps;
        void f(void) {
            a = b + 1 * 2u - 3UL / 4ll % 0x5LLU << 6 >> 07;
            d = 1.5f + 2.5L + 0x1p3 + 'c' + L'x' + u'y' + '\\n';
            a = b ? a : b; a = b ?: 3; a = a == b && b != 1 || !a;
            p[a] = s.x + ps->y[1] + p[0]++ + --b + a-- + sizeof a + sizeof(int) + -a + ~b;
            f(); a = (a, b), b; l = (long)a + (long)(unsigned char)b;
            a += 1; a <<= b; a |= 'q'; a = (b);
        }
    """,
    "compound_literals": """
        struct P { int x, y; };
        int g(void) { return (struct P){1, 2}.x + ((int[]){3, 4})[1] + (int){5}; }
    """,
    "statement_expressions": """
        int h(int v) { int w = ({ int t = v; t + 1; }) + 2; return __extension__ ({ w; }); }
    """,
    "typeof_attributes_extension": """
        __extension__ typedef long long ll;
        int x __attribute__((aligned(16))) = 3;
        __typeof__(x) y = sizeof(__typeof__(x)) + __alignof__(x) + _Alignof(int);
        static inline __attribute__((always_inline)) int k(int a) { return a; }
        __extension__ long long z = __extension__ 1LL;
        struct Q { int a; } __attribute__((packed));
    """,
    "knr": "int old(a, b) int a; char *b; { return a + b[0]; }",
    "typedef_ambiguity": """
        typedef int T; int U;
        int m(void) { T *q = 0; int r = (T)U + (T)+1; { int T = 4; return T * U + r; } }
        int n(T T2) { return (T2) * 2 + sizeof(T) + sizeof T2; }
    """,
    "gnu_builtins": """
        typedef __builtin_va_list va_list;
        struct S { int a[4]; int b; };
        int v(int n, ...) { va_list ap; __builtin_va_start(ap, n);
            int r = __builtin_va_arg(ap, int); __builtin_va_end(ap);
            return r + __builtin_offsetof(struct S, a[2]) + _Generic(n, int: 1, default: 2)
                   + __builtin_types_compatible_p(int, long); }
        int w(int i) { static void *t[] = { &&one }; goto *t[i]; one: return __real__ i; }
    """,
    "postfix_and_parentheses": """
        struct N { int a[3]; struct N *next; int (*fn)(int); } n, *q, *arr[2];
        typedef int T;
        int k(int x) {
            int r = q->next->a[x & 1] + n.fn(x) + (q)->a[0] + ((n)).a[1]++ + (arr[0])->a[2];
            r = -(x) + !(r) + ~(x + 1) + *(&r) + ++*(&r) + --r + *arr[1]->a + &*q - q;
            r = "abc"[1] + 1[n.a] + (x, r) + ((T)x) + ((T){3}) + (int)(x) + sizeof (x)
                + sizeof x + (r ? x : r) + (r ?: x) + (x = 2, x) + ((struct N){{1}}).a[0];
            r = x * (x + (x * (x - (x / (x % 3))))) << 1 | (x & 1) ^ (x >> 2) && r || x;
            r = k(k(k(x))) + (k)(x) + (*q->fn)(x) + q->fn(x)(0 + 0 ? 0 : 0);
            r = (__extension__ (x + 1)) + ({ int t = x; t; }) + (r) - (x)--;
            return r + L"w"[0] + u8"u"[0] + 'c' + 1.5f + 0x10;
        }
    """,
    # parse.py reads the conditional expression inline: an assignment operator after
    # a `?:` (which sema rejects: not an lvalue) must still make an Assignment of it
    "conditional_then_assignment": """
        void g(int a, int b, int c) { a ? b : c = 1; a = b ? c : a ? b : c; a ?: b += 2;
                                      a = b + c ? a * b : c << 1, b = c; }
    """,
    # every route of the statement dispatch (FastStatementMixin) and the GNU
    # statements it leaves to the layers
    "statements": """
        typedef int T; int g(int);
        int s(int x, int *p) {
            __label__ done, again;
            T t = 0; const int c = 1; static int st; struct { int a; } sa; enum { E1 } e;
            __extension__ long long ll = 0; __attribute__((unused)) int au;
            ;
            lab: x++; lab2: __attribute__((unused)); again: ;
            if (x) x--; else if (p) { } else ;
            switch (x) { case 1: case 2 ... 3: x = 1; break; default: ; }
            while (x--) continue; do { x++; } while (x < 3); do ; while (0);
            for (;;) break; for (int i = 0; i < 3; i++) x += i; for (x = 0; x; ) { }
            for (T j = 0, k; j; j++) ;
            { { int inner; } } {}
            _Static_assert(1, "s");
            __asm__ volatile ("" ::: "memory"); asm("nop");
            __extension__ ({ x; }); __real__ x; __imag__ x;
            (void)0; -x; *p = 1; ++x; --x; !x; ~x; &x; sizeof x; _Alignof(int);
            "str"; 1; 1.5; 'c'; L"w"; (x) = 2; g(x), g(x);
            #pragma omp barrier
            if (x)
            #pragma weird
              x = 3;
            { __label__ done; goto done; done: ; }
            static void *tab[] = { &&again }; goto *tab[0];
            goto done;
        done:
            return x ? x : 0;
        }
        int r(void) { return; }
    """,
    # asm labels and attributes around declarators (FastDeclaratorMixin reads the
    # declarators followed by neither itself)
    "declarator_extras": """
        int f1(void) __asm__("g1"); extern int v1 __asm__("w1") __attribute__((used));
        int *__attribute__((aligned(8))) p1 __attribute__((unused)), *p2, (*fp)(int) asm("h");
        int *__attribute__((unused)) p3; int a1[2] __attribute__((aligned(16))), a2[3];
        typedef int T __attribute__((aligned(4))); T t1 __attribute__((unused)) = 1, t2;
        struct S { int m __attribute__((packed)); int n : 3 __attribute__((unused)); } s;
        void f2(int x __attribute__((unused)), int *__restrict y) { int l __asm__("r") = x; }
        int (*pf __attribute__((unused)))(void);
    """,
    # every kind of declaration specifier (FastDeclaratorMixin's loop)
    "specifiers": """
        typedef int T; typedef T U;
        static const volatile unsigned long long int a; extern __const char b;
        _Alignas(16) int c; _Alignas(double) char d; _Atomic(int) e; _Atomic int f;
        _Atomic(T) *g; register int *__restrict__ h; __extension__ __int128 i;
        inline static int j(void) { return 0; } __inline__ int k(void); _Noreturn void l(void);
        __attribute__((unused)) static int m; int __attribute__((aligned(8))) n;
        typeof(a) o; __typeof__(int *) p; struct S { int x; } q; union V { int y; } r;
        enum E { E1 } s; _Thread_local int t; __thread int u; _Bool v; _Complex double w;
        T x; const T y; T const z; U T2; signed short ss; void fn(T, U u2, const T *);
        int main2(void) { T T; register int r2 = 1; auto int au; return T + r2 + au; }
    """,
    "strings_and_init": """
        const char *s = "a" "b" L"c"; char c[] = "xy"; int arr[] = { 1, [2] = 3, };
        struct { int a, b; } st = { .b = 1, .a = 2 };
    """,
    # every shape `_simple_cast` reads and those it leaves to pycparser's route
    # (qualifiers, tags, function pointers, compound literals, a name after the
    # keywords); line markers inside a cast change the file its coordinates name
    "casts": """
        typedef int T; typedef unsigned long U; struct S { int a; };
        long c(void *p, int x, T t) {
            long r = (T)x + (int)t + (unsigned long int)x + (U)(long)-x + (void *)p - p;
            r += (char **)p - (char **)0 + *(T *)p + **(int **)p + (long long)(_Bool)r;
            r += (const int)x + (T const)x + (int * const)p - p + (int volatile *)p - p;
            r += (struct S *)p - p + ((struct S *)p)->a + (int (*)(void))p - p + (T){3};
            r += (int){x} + (unsigned){1} + (T *){p} - p + (T)(T)(T)x + (double)x;
            r += (x) + (t) * 2 + (T)+x + (T)-x + (int)!x + (int)~x + (int)*(char *)p;
            r += (int)sizeof(T) + (int)sizeof (T *) + (unsigned char)(signed char)x;
            (void)r; (void)(T)r; return (long)(T)(r + (T)1);
        }
        int m(void *p) { return (T
        # 1 "m.h" 1
        *
        # 5 "casts.c" 2
        )p != 0 && (unsigned
        # 1 "n.h" 1
        long
        # 9 "casts.c" 2
        ) p && (T)
        # 1 "o.h" 1
        p; }
    """,
    # a line marker inside a parenthesised type name `_simple_cast` leaves to
    # pycparser's route: its look-ahead stops before the marker, so the route
    # makes the type's coordinates naming the file it would have named
    "casts_across_markers": """
        typedef int T;
        int m(int p) { return (T
        # 1 "q.h" 1
        const) p + (unsigned
        # 1 "r.h" 1
        char *
        # 7 "casts_across_markers.c" 2
        const) p + (T
        # 1 "s.h" 1
        ) p; }
    """,
}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippet_trees_identical(name: str) -> None:
    assert compare_text(SNIPPETS[name], f"{name}.c") is None


_BROKEN = [
    "int f(struct S *p) { return p->1; }",
    "int f(int x) { return (x + ; }",
    "int f(int x) { return x[1; }",
    "int f(int x) { return f(x, ; }",
    "int f(int x) { return (x) (; }",
    "int f(int x) { return -; }",
    "int f(int x) { return \"s\"[; }",
    "int f(int x) { return x ? : ; }",
    "int f(int x) { return x +",
    "int f(int x) { return (x",
    "int f(int x) { return (int",
    "int f(int x) { return (int *",
    "int f(int x) { return (int) ; }",
    "int f(int x) { return (int *) ; }",
    "int f(int x) { return (unsigned x) x; }",
]


@pytest.mark.parametrize("text", _BROKEN)
def test_same_error_as_pycparser_routes(text: str) -> None:
    """A syntax error inside an operand is reported where and as pycparser's routes
    report it."""
    def error(parser_class: type) -> tuple[str, ...]:
        with pytest.raises(Exception) as info:
            parser_class().parse(text, "e.c")
        e = info.value
        return (type(e).__name__, str(e), *(str(getattr(e, a, "")) for a in
                                            ("file", "line", "column")))

    assert error(_Parser) == error(ReferenceParser)


class _BrokenLeafParser(_Parser):
    """A fast path that gives identifiers the wrong column."""

    def _parse_cast_expression(self):
        node = super()._parse_cast_expression()
        if isinstance(node, c_ast.ID) and node.coord is not None:
            node.coord = self._coord(node.coord.line, node.coord.column + 1)
        return node


def test_checker_catches_a_changed_tree() -> None:
    assert "coord" in compare_text(SNIPPETS["operands"], "o.c", fast=_BrokenLeafParser)


def test_checker_sees_different_node_types() -> None:
    class _ConstAsId(_Parser):
        def _parse_cast_expression(self):
            node = super()._parse_cast_expression()
            if isinstance(node, c_ast.Constant) and node.type == "int":
                return c_ast.ID(node.value, node.coord)
            return node

    assert "Constant != ID" in compare_text("int x = 1 + 2;", "c.c", fast=_ConstAsId)


_DEBSRC = Path.home() / ".cache" / "atomc-debsrc"
_REAL_FILES = [
    ("lua5.4-5.4.4/src/lvm.c", ("-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX")),
    ("lua5.4-5.4.4/src/lparser.c", ("-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX")),
    ("zlib-1.2.13.dfsg/inflate.c", ()),
    ("zlib-1.2.13.dfsg/deflate.c", ()),
]


@pytest.mark.parametrize("rel,flags", _REAL_FILES, ids=[r for r, _ in _REAL_FILES])
def test_real_file_trees_identical(rel: str, flags: tuple[str, ...], tmp_path: Path) -> None:
    src = _DEBSRC / rel
    if not src.exists() or shutil.which("gcc") is None:
        pytest.skip(f"{src} not unpacked (tests/realworld fetches it)")
    (tmp_path / "lua5.4-deb-multiarch.h").write_text(
        '#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n')
    text = subprocess.run(["gcc", "-E", *flags, "-I", str(tmp_path), "-I", str(src.parent),
                           str(src)], capture_output=True, text=True, check=True).stdout
    assert compare_text(text, src.name) is None


def test_gnu_statement_rules_reach_the_parser() -> None:
    """The comparison above shares gnu_parse's layers with the reference, so it
    cannot see one of their rules drop out of the parser: each must be there and
    read what only it reads."""
    from atomc.frontend.gnu_parse import GnuStatementsMixin

    for name in ("_parse_labeled_statement", "_parse_enumerator", "_parse_struct_declaration",
                 "_build_declarations", "_parse_local_labels", "_parse_block_item"):
        assert name in vars(GnuStatementsMixin), name
    ast = _Parser().parse("""
        enum E { A __attribute__((deprecated)) = 1, B [[maybe_unused]] };
        struct S { int x; _Static_assert(1, "s"); };
        typedef int __attribute__((aligned(8))) T8;
        void f(void) { l: __attribute__((unused)); }
    """, "g.c")
    assert [e.name for e in ast.ext[0].type.values.enumerators] == ["A", "B"]
    assert ast.ext[2].type.attributes is not None  # kept on the typedef's declarator
