"""Preprocessing as gcc does it: -E -dM with any flags gives gcc's macros byte for byte,
-dD/-dN/-dI/-dU, the cpp options, -std= spellings, -march= and -m<isa> macros,
__FILE__ under -fmacro-prefix-map / -ffile-prefix-map."""

from __future__ import annotations

import pytest

from driver_support import atomc, gcc, ok

FLAG_SETS = [
    [], ["-O2"], ["-O1"], ["-Os"], ["-Oz"], ["-Og"], ["-Ofast"], ["-O3", "-fno-inline"],
    ["-march=native"], ["-march=haswell"], ["-march=x86-64-v3", "-mno-avx2"],
    ["-msse4.2"], ["-mavx2", "-mfma"], ["-mno-red-zone"], ["-mtune=znver3"],
    ["-fPIC"], ["-fpic"], ["-fPIE"], ["-fno-pie"], ["-fPIC", "-fno-pie"], ["-fPIC", "-fpie"],
    ["-fstack-protector-strong"], ["-fstack-protector-all"], ["-fstack-protector"],
    ["-fcf-protection"], ["-fcf-protection=branch"], ["-pthread"], ["-ffast-math"],
    ["-fno-math-errno"], ["-ffinite-math-only"], ["-ffreestanding"], ["-fno-builtin"],
    ["-ansi"], ["-std=c99"], ["-std=iso9899:199409"], ["-std=gnu89"], ["-std=c2x"],
    ["-pedantic"], ["-D", "X=1", "-UX", "-DY=2"], ["-undef"], ["-fgnu89-inline"],
    ["-g3"], ["-fwrapv"], ["-fexcess-precision=standard"], ["-fshort-wchar"],
    ["-posix"], ["-fno-asynchronous-unwind-tables"], ["-fsigned-char"],
]


@pytest.mark.parametrize("flags", FLAG_SETS, ids=[" ".join(f) or "none" for f in FLAG_SETS])
def test_predefined_macros_are_gccs(flags, tmp_path):
    args = [*flags, "-E", "-dM", "-x", "c", "/dev/null"]
    g = gcc(*args, cwd=tmp_path)
    a = atomc(*args, cwd=tmp_path)
    if g.returncode == 0 and a.returncode != 0:
        assert "does not support" in a.stderr, a.stderr  # rejected by atomc, with a reason
        return
    assert a.returncode == g.returncode == 0, a.stderr
    assert a.stdout == g.stdout


def test_dm_on_stdin(tmp_path):
    """Meson's probe: `cc -E -dM -` (no -x needed with -E)."""
    g = gcc("-E", "-dM", "-", cwd=tmp_path, stdin="")
    a = ok(atomc("-E", "-dM", "-", cwd=tmp_path, stdin=""))
    assert a.stdout == g.stdout and "#define __GNUC__ 12" in a.stdout


SRC = {
    "m.c": '#include "inc.h"\n#include <limits.h>\n#define LOCAL(x) ((x) + 1) /* c */\n'
           '#undef INC\nint v = LOCAL(INC2) + INT_MAX; // tail\n'
           '#ifdef FROM_P\nint p;\n#endif\n',
    "inc.h": "#define INC 1\n#define INC2 2\n",
    "pre.h": "#define PRE 3\n",
    "q/quoted.h": "#define QUOTED 4\n",
    "s/sys.h": "#define SYSH 5\n",
    "after/late.h": "#define LATE 6\n",
    "tri.c": "??=define TRI 1\nint t = TRI;\n",
    "std.c": "#include <stdio.h>\nint s;\n",
    "usesall.c": '#include "quoted.h"\n#include <sys.h>\n#include <late.h>\n'
                 "int a = QUOTED + SYSH + LATE + PRE;\n",
}

E_CASES = [
    ["-E", "m.c"], ["-E", "-dD", "m.c"], ["-E", "-dN", "m.c"], ["-E", "-dI", "m.c"],
    ["-E", "-dU", "m.c"], ["-E", "-C", "m.c"], ["-E", "-CC", "m.c"], ["-E", "-P", "m.c"],
    ["-E", "-H", "m.c"], ["-E", "-include", "pre.h", "m.c"], ["-E", "-imacros", "pre.h", "m.c"],
    ["-E", "-iquote", "q", "-isystem", "s", "-idirafter", "after", "-include", "pre.h",
     "usesall.c"],
    ["-E", "-Iq", "-Is", "-Iafter", "-includepre.h", "usesall.c"],
    ["-E", "-trigraphs", "tri.c"], ["-E", "-undef", "m.c"], ["-E", "-Wp,-DFROM_P", "m.c"],
    ["-E", "-Xpreprocessor", "-DFROM_P", "m.c"], ["-E", "-traditional-cpp", "inc.h"],
    ["-E", "-traditional", "inc.h"], ["-E", "-iprefix", "./", "-iwithprefix", "q", "usesall.c",
                                      "-Is", "-Iafter", "-include", "pre.h"],
    ["-E", "-g", "m.c"], ["-E", "-g3", "m.c"], ["-E", "-pthread", "-dM", "m.c"],
    ["-E", "-nostdinc", "inc.h"], ["-E", "-o", "out.i", "m.c"], ["-E", "m.c", "inc.h"],
    ["-E", "-x", "assembler-with-cpp", "inc.h"],
    ["-E", "--sysroot=/nonexistent", "std.c"], ["-E", "--sysroot", "/", "-H", "std.c"],
    ["-E", "-isysroot", "/nonexistent", "std.c"],
]


@pytest.mark.parametrize("args", E_CASES, ids=[" ".join(c) for c in E_CASES])
def test_preprocessed_output_is_gccs(args, twin):
    a_dir, g_dir = twin(SRC)
    g = gcc(*args, cwd=g_dir)
    a = atomc(*args, cwd=a_dir)
    assert a.returncode == g.returncode, a.stderr
    assert a.stdout.replace(str(a_dir), str(g_dir)) == g.stdout  # -g names the directory
    assert a.stderr == g.stderr.replace("gcc:", "atomc:")
    if "out.i" in args:
        assert (a_dir / "out.i").read_bytes() == (g_dir / "out.i").read_bytes()


STDS = ["c89", "c90", "iso9899:1990", "iso9899:199409", "c99", "c9x", "iso9899:1999",
        "iso9899:199x", "c11", "c1x", "iso9899:2011", "c17", "c18", "iso9899:2017",
        "iso9899:2018", "c2x", "gnu89", "gnu90", "gnu99", "gnu9x", "gnu11", "gnu1x", "gnu17",
        "gnu18", "gnu2x"]
STD_PROG = ('#include <stdio.h>\n#ifdef __STRICT_ANSI__\n#define SA 1\n#else\n#define SA 0\n'
            '#endif\nint main(void) {\n#ifdef __STDC_VERSION__\n'
            '  printf("%ld %d\\n", (long)__STDC_VERSION__, SA);\n#else\n'
            '  printf("c90 %d\\n", SA);\n#endif\n  return 0;\n}\n')


@pytest.mark.parametrize("std", STDS)
def test_std_spellings(std, twin):
    """Every -std= spelling gcc 12 takes compiles, and the program sees gcc's dialect."""
    a_dir, g_dir = twin({"s.c": STD_PROG})
    ok(gcc(f"-std={std}", "s.c", "-o", "s", cwd=g_dir))
    ok(atomc(f"-std={std}", "s.c", "-o", "s", cwd=a_dir))
    assert ok(atomc_run(a_dir)).stdout == ok(atomc_run(g_dir)).stdout


def atomc_run(d):
    from driver_support import run
    return run([str(d / "s")], cwd=d)


def test_ansi_is_c90(twin):
    a_dir, g_dir = twin({"s.c": STD_PROG})
    ok(gcc("-ansi", "s.c", "-o", "s", cwd=g_dir))
    ok(atomc("-ansi", "s.c", "-o", "s", cwd=a_dir))
    assert ok(atomc_run(a_dir)).stdout == ok(atomc_run(g_dir)).stdout == "c90 1\n"


FILE_PROG = '#include <stdio.h>\nint main(void) { puts(__FILE__); return 0; }\n'


@pytest.mark.parametrize("flag", ["-fmacro-prefix-map", "-ffile-prefix-map"])
def test_file_macro_prefix_map(flag, twin):
    a_dir, g_dir = twin({"src/f.c": FILE_PROG})
    outs = []
    for d, cc in ((a_dir, atomc), (g_dir, gcc)):
        ok(cc(f"{flag}={d}=/build", f"{d}/src/f.c", "-o", "f", cwd=d))
        outs.append(ok(atomc_run_named(d, "f")).stdout)
    assert outs[0] == outs[1] == "/build/src/f.c\n"


def atomc_run_named(d, name):
    from driver_support import run
    return run([str(d / name)], cwd=d)


def test_march_native_compiles_baseline_code(tmp_path):
    (tmp_path / "n.c").write_text('#include <stdio.h>\nint main(void) {\n#ifdef __SSE2__\n'
                                  '  puts("sse2");\n#endif\n  return 0;\n}\n')
    ok(atomc("-march=native", "-O2", "n.c", "-o", "n", cwd=tmp_path))
    assert atomc_run_named(tmp_path, "n").stdout == "sse2\n"
    asm = ok(atomc("-march=native", "-O2", "-S", "n.c", "-o", "-", cwd=tmp_path)).stdout
    assert "ymm" not in asm and "vex" not in asm.lower()
