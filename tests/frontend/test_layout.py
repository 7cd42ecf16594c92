"""Type sizes, alignments and member offsets, checked against gcc on this machine."""

import shutil
import subprocess
from pathlib import Path

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend.ctype import StructT, unqual
from atomc.frontend.parse import parse_c
from atomc.frontend.preprocess import run_cpp, system_headers
from atomc.frontend.sema import Sema
from atomc.options import CompileOptions

DECLS = """
#include <stddef.h>
#include <stdint.h>
struct a { char c; int i; short s; };
struct b { char c; long l; char d; };
struct c { struct a x; char y[3]; };
union d { char c[5]; int i; long l; };
struct e { int n; struct { char p; short q; }; union { long r; char t; }; };
struct f { char c; char tail[]; };
struct g { _Bool b; long long ll; unsigned char uc; void *p; int arr[3][2]; };
struct h { char c; struct f *next; enum { X, Y } e; };
typedef struct { short s[3]; char c; } i_t;
struct j { i_t a[2]; char z; };
"""

# (type spelling, member names) probed with sizeof/_Alignof/offsetof
PROBES = [
    ("struct a", ["c", "i", "s"]),
    ("struct b", ["c", "l", "d"]),
    ("struct c", ["x", "y"]),
    ("union d", ["c", "i", "l"]),
    ("struct e", ["n", "p", "q", "r", "t"]),
    ("struct f", ["c", "tail"]),
    ("struct g", ["b", "ll", "uc", "p", "arr"]),
    ("struct h", ["c", "next", "e"]),
    ("i_t", ["s", "c"]),
    ("struct j", ["a", "z"]),
]


def gcc_layout(tmp_path: Path) -> list[list[int]]:
    body = ["#include <stdio.h>", DECLS, "int main(void) {"]
    for t, members in PROBES:
        vals = [f"(long)sizeof({t})", f"(long)_Alignof({t})"]
        vals += [f"(long)offsetof({t}, {m})" for m in members]
        body.append('printf("' + " ".join(["%ld"] * len(vals)) + '\\n", ' + ", ".join(vals) + ");")
    body.append("return 0; }")
    src = tmp_path / "probe.c"
    src.write_text("\n".join(body))
    exe = tmp_path / "probe"
    subprocess.run(["gcc", "-w", str(src), "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    return [[int(x) for x in line.split()] for line in out.splitlines()]


def atomc_layout(tmp_path: Path) -> list[list[int]]:
    src = tmp_path / "decls.c"
    src.write_text(DECLS)
    diags = DiagnosticEngine()
    text = run_cpp(str(src), CompileOptions(), diags)
    ast = parse_c(text, str(src), diags)
    sema = Sema(diags, str(src), system_headers(text, str(src)))
    from pycparser import c_ast
    for ext in ast.ext:
        if isinstance(ext, c_ast.Typedef):
            sema.decls.declare_typedef(ext)
        elif isinstance(ext, c_ast.Decl):
            sema.decls.declare_file_scope(ext)
    rows = []
    for t, members in PROBES:
        if t.startswith(("struct ", "union ")):
            ty = sema.scopes.lookup_tag(t.split()[1])
        else:
            ty = sema.scopes.lookup(t).type
        st = unqual(ty)
        assert isinstance(st, StructT)
        row = [st.size, st.align]
        for m in members:
            found = st.find(m)
            assert found is not None, (t, m)
            row.append(found[0])
        rows.append(row)
    return rows


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_struct_layout_matches_gcc(tmp_path):
    assert atomc_layout(tmp_path) == gcc_layout(tmp_path)


def test_scalar_sizes():
    from atomc.frontend import ctype as C
    assert [t.size for t in (C.BOOL, C.CHAR, C.SHORT, C.INT, C.LONG, C.LLONG)] == [1, 1, 2, 4, 8, 8]
    assert C.PointerT(C.CHAR).size == 8
    assert C.ArrayT(C.ArrayT(C.INT, 3), 2).size == 24


def test_usual_arithmetic_conversions():
    from atomc.frontend import ctype as C
    assert C.usual_arith(C.CHAR, C.SHORT) == C.INT
    assert C.usual_arith(C.INT, C.UINT) == C.UINT
    assert C.usual_arith(C.UINT, C.LONG) == C.LONG
    assert C.usual_arith(C.ULONG, C.LLONG) == C.ULLONG
    assert C.usual_arith(C.UCHAR, C.UINT) == C.UINT
