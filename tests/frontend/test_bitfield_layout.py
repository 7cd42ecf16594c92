"""Bit-field layout (sizeof, alignment, bit position of every member) against gcc.

Random struct and union declarations (plain, `packed`, `#pragma pack(N)`, with
zero-width and unnamed bit-fields and ordinary members in between) are laid
out by atomc's front end and compared with what a gcc-built probe measures at
run time: the bits a member occupies are found by storing all-ones into it in
a zeroed object.
"""

import random
import subprocess
from pathlib import Path

from pycparser import c_ast

from atomc.diag import DiagnosticEngine
from atomc.frontend.ctype import StructT, unqual
from atomc.frontend.parse import parse_c
from atomc.frontend.preprocess import run_cpp, system_headers
from atomc.frontend.sema import Sema
from atomc.options import CompileOptions

_BF_TYPES = [("char", 8), ("signed char", 8), ("unsigned char", 8), ("short", 16),
             ("unsigned short", 16), ("int", 32), ("unsigned", 32), ("long", 64),
             ("unsigned long", 64), ("long long", 64), ("_Bool", 1)]
_PLAIN_TYPES = ["char", "short", "int", "long", "char[3]", "short[3]"]


def _record(rng: random.Random, n: int) -> tuple[str, list[tuple[str, bool]]]:
    """One random record body; returns (declaration text, [(member, is_bitfield)])."""
    kind = "union" if rng.random() < 0.15 else "struct"
    packed = kind == "struct" and rng.random() < 0.2
    lines: list[str] = []
    members: list[tuple[str, bool]] = []
    for i in range(rng.randint(1, 7)):
        name = f"m{i}"
        if rng.random() < 0.25:
            t = rng.choice(_PLAIN_TYPES)
            if t.endswith("]"):
                base, dim = t[:-1].split("[")
                lines.append(f"{base} {name}[{dim}];")
            else:
                lines.append(f"{t} {name};")
            members.append((name, False))
            continue
        t, bits = rng.choice(_BF_TYPES)
        if rng.random() < 0.15:
            lines.append(f"{t} : {rng.choice([0, 0, rng.randint(1, bits)])};")
            continue
        lines.append(f"{t} {name} : {rng.randint(1, bits)};")
        members.append((name, True))
    if not members:
        lines.append("int last : 5;")
        members.append(("last", True))
    body = " ".join(lines)
    attr = " __attribute__((packed))" if packed else ""
    return f"{kind} r{n} {{ {body} }}{attr};", members


def _program(seed: int, count: int) -> tuple[str, list[tuple[str, list[tuple[str, bool]]]]]:
    rng = random.Random(seed)
    decls: list[str] = []
    records = []
    for n in range(count):
        text, members = _record(rng, n)
        pack = rng.choice([None, None, None, 1, 2, 4])
        if pack is not None:
            text = f"#pragma pack(push, {pack})\n{text}\n#pragma pack(pop)"
        decls.append(text)
        records.append((text.split("{")[0].split("\n")[-1].strip().split()[0]
                        + f" r{n}", members))
    return "\n".join(decls), records


def _gcc_rows(tmp_path: Path, decls: str, records) -> list[list[int]]:
    body = ["#include <stdio.h>", "#include <string.h>", "#include <stddef.h>", decls,
            "static int first(const unsigned char *p, int n) { for (int i = 0; i < 8 * n; i++)"
            " if (p[i / 8] >> (i % 8) & 1) return i; return -1; }",
            "static int count(const unsigned char *p, int n) { int c = 0; for (int i = 0;"
            " i < 8 * n; i++) c += p[i / 8] >> (i % 8) & 1; return c; }",
            "int main(void) {"]
    for t, members in records:
        body.append(f'printf("%d %d", (int)sizeof({t}), (int)_Alignof({t}));')
        for m, is_bf in members:
            if is_bf:
                body.append(f"{{ {t} x; memset(&x, 0, sizeof x); x.{m} = -1; "
                            f'printf(" %d:%d", first((void *)&x, sizeof x), '
                            f"count((void *)&x, sizeof x)); }}")
            else:
                body.append(f'printf(" %d:0", (int)offsetof({t}, {m}) * 8);')
        body.append('printf("\\n");')
    body.append("return 0; }")
    src = tmp_path / "probe.c"
    src.write_text("\n".join(body))
    exe = tmp_path / "probe"
    subprocess.run(["gcc", "-w", str(src), "-o", str(exe)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    return [[int(v) for v in line.replace(":", " ").split()] for line in out.splitlines()]


def _declare(tmp_path: Path, decls: str) -> Sema:
    """atomc's front end on the declarations (no code generation)."""
    src = tmp_path / "decls.c"
    src.write_text(decls)
    diags = DiagnosticEngine()
    text = run_cpp(str(src), CompileOptions(), diags)
    ast = parse_c(text, str(src), diags)
    sema = Sema(diags, str(src), system_headers(text, str(src)))
    for ext in ast.ext:
        if isinstance(ext, c_ast.Decl):
            sema.decls.declare_file_scope(ext)
        elif isinstance(ext, c_ast.Pragma):
            sema.types.pragma(ext)
    assert diags.error_count == 0
    return sema


def _atomc_rows(tmp_path: Path, decls: str, records) -> list[list[int]]:
    sema = _declare(tmp_path, decls)
    rows = []
    for t, members in records:
        st = unqual(sema.scopes.lookup_tag(t.split()[1]))
        assert isinstance(st, StructT)
        row = [st.size, st.align]
        for m, is_bf in members:
            found = st.find_member(m)
            assert found is not None
            off, mem = found
            if is_bf:
                # `= -1` into a _Bool bit-field stores 1: one bit, like any width-1 field
                row += [off * 8 + mem.bit_pos, mem.bit_width]
            else:
                row += [off * 8, 0]
        rows.append(row)
    return rows


def test_bitfield_layout_matches_gcc(tmp_path: Path) -> None:
    for seed in range(6):
        decls, records = _program(seed, 40)
        gcc = _gcc_rows(tmp_path, decls, records)
        ours = _atomc_rows(tmp_path, decls, records)
        for (t, _), g, a in zip(records, gcc, ours):
            assert g == a, f"seed {seed} {t}: gcc {g} atomc {a}\n" + next(
                d for d in decls.split("\n") if f" {t.split()[1]} " in d)


def test_access_units_stay_inside_their_record(tmp_path: Path) -> None:
    """Every bit-field's access unit lies inside the record and holds the whole field."""
    for seed in range(6):
        decls, records = _program(100 + seed, 40)
        sema = _declare(tmp_path, decls)
        for t, _ in records:
            st = unqual(sema.scopes.lookup_tag(t.split()[1]))
            for m in st.members:
                if not m.is_bitfield:
                    continue
                assert 0 <= m.unit_offset and m.unit_offset + m.unit_size <= st.size
                assert 0 <= m.unit_shift and m.unit_shift + m.bit_width <= 8 * m.unit_size
                assert m.unit_offset * 8 + m.unit_shift == m.offset * 8 + m.bit_pos
