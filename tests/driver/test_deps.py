"""Dependency output (-M, -MM, -MD, -MMD, -MF, -MT, -MQ, -MP, -MG) byte for byte as gcc's,
including the file and target names gcc derives from -o and the input."""

from __future__ import annotations

import pytest

from driver_support import atomc, files, gcc

SOURCES = {
    "t.c": '#include "h.h"\n#include <stdio.h>\nint main(void) { return X; }\n',
    "h.h": "#define X 0\n",
    "sub/u.c": '#include "uh.h"\nint u(void) { return Y; }\n',
    "sub/uh.h": "#define Y 1\n",
    "gen.c": '#include "generated.h"\nint g;\n',
    "obj/.keep": "",
}

CASES = [
    ["-c", "-MD", "t.c"],
    ["-c", "-MMD", "t.c"],
    ["-c", "-MD", "t.c", "-o", "obj/t.o"],
    ["-c", "-MMD", "-MP", "sub/u.c"],
    ["-c", "-MD", "-MF", "obj/deps.d", "t.c"],
    ["-c", "-MD", "-MT", "custom target", "t.c", "-o", "obj/x.o"],
    ["-c", "-MD", "-MQ", "a$b c", "t.c"],
    ["-c", "-MD", "-MT", "one", "-MQ", "two", "-MP", "t.c"],
    ["-c", "-MF", "obj/late.d", "-MMD", "t.c"],
    ["-c", "-MD", "t.c", "sub/u.c"],
    ["-c", "-MMD", "-MF", "obj/a.d", "-MT", "obj/a.o", "-MP", "t.c", "-o", "obj/a.o"],
    ["-S", "-MD", "t.c", "-o", "obj/t.s"],
    ["-E", "-MD", "t.c", "-o", "obj/out.i"],
    ["-E", "-MMD", "t.c"],
    ["-M", "t.c"],
    ["-MM", "t.c", "sub/u.c"],
    ["-MM", "-MT", "x", "-MQ", "y$", "t.c"],
    ["-M", "-MF", "obj/m.d", "t.c"],
    ["-M", "-o", "obj/m2.d", "t.c"],
    ["-MM", "-MG", "gen.c"],
    ["-MM", "-MG", "-MP", "gen.c"],
    ["-MD", "-MP", "t.c", "-o", "obj/prog"],
    ["-MMD", "-Isub", "-c", "sub/u.c", "-o", "obj/u.o"],
]


@pytest.mark.parametrize("args", CASES, ids=[" ".join(c) for c in CASES])
def test_dependencies_match_gcc(args, twin):
    a_dir, g_dir = twin(SOURCES)
    a = atomc(*args, cwd=a_dir)
    g = gcc(*args, cwd=g_dir)
    assert a.returncode == g.returncode == 0, a.stderr + g.stderr
    assert a.stdout == g.stdout
    deps = {k: v for k, v in files(g_dir).items() if k.endswith(".d") or k.endswith(".i")}
    assert deps or ": " in g.stdout, "gcc wrote no dependencies?"
    assert {k: v for k, v in files(a_dir).items() if k in deps or k.endswith(".d")} == deps


def test_stdin_dependencies(twin):
    a_dir, g_dir = twin(SOURCES)
    src = SOURCES["t.c"]
    a = atomc("-x", "c", "-c", "-", "-MD", cwd=a_dir, stdin=src)
    g = gcc("-x", "c", "-c", "-", "-MD", cwd=g_dir, stdin=src)
    assert a.returncode == g.returncode == 0, a.stderr
    assert (a_dir / "-.d").read_bytes() == (g_dir / "-.d").read_bytes()
    assert (a_dir / "-.o").exists()


def test_failed_compile_keeps_gccs_dependency_behaviour(twin):
    """A compile error after preprocessing: gcc leaves the .d file (make needs it)."""
    a_dir, g_dir = twin({"bad.c": '#include "h.h"\nint f(void) { return undeclared; }\n',
                         "h.h": "\n"})
    a = atomc("-c", "-MD", "bad.c", cwd=a_dir)
    g = gcc("-c", "-MD", "bad.c", cwd=g_dir)
    assert a.returncode == g.returncode == 1
    assert (a_dir / "bad.d").read_bytes() == (g_dir / "bad.d").read_bytes()
    assert not (a_dir / "bad.o").exists()
