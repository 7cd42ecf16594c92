"""Output files: gcc's modes under the same umask, gcc's -save-temps names, -pipe,
-fsyntax-only, and where each output goes."""

from __future__ import annotations

import os
import stat

import pytest

from driver_support import atomc, files, gcc, ok, run

PROG = '#include "h.h"\nint helper(int x) { return x + ONE; }\nint main(void) { return helper(-1); }\n'
LIB = "int lib_fn(int x) { return x * 3; }\n"


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


# (description, argv, output file)
PRODUCTS = [
    ("object", ["-c", "t.c", "-o", "t.o"], "t.o"),
    ("object, default name", ["-c", "t.c"], "t.o"),
    ("assembly", ["-S", "t.c", "-o", "t.s"], "t.s"),
    ("preprocessed", ["-E", "t.c", "-o", "t.i"], "t.i"),
    ("dependency file", ["-c", "-MD", "t.c", "-o", "t.o"], "t.d"),
    ("executable", ["t.c", "-o", "t"], "t"),
    ("default executable", ["t.c"], "a.out"),
    ("shared library", ["-shared", "lib.c", "-o", "libx.so"], "libx.so"),
    ("relocatable link", ["-r", "-nostdlib", "lib.c", "-o", "rel.o"], "rel.o"),
]


@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077], ids=lambda m: f"umask{m:03o}")
@pytest.mark.parametrize("what,args,out", PRODUCTS, ids=[p[0] for p in PRODUCTS])
def test_modes_match_gcc(what, args, out, umask, twin):
    a_dir, g_dir = twin({"t.c": PROG, "h.h": "#define ONE 1\n", "lib.c": LIB})
    ok(gcc(*args, cwd=g_dir, umask=umask))
    ok(atomc(*args, cwd=a_dir, umask=umask))
    assert mode(a_dir / out) == mode(g_dir / out), \
        f"{what}: atomc {mode(a_dir / out):o}, gcc {mode(g_dir / out):o}"
    want = 0o777 if what in ("executable", "default executable", "shared library") else 0o666
    assert mode(a_dir / out) == want & ~umask


SAVE_TEMPS = [
    ["-save-temps", "-c", "t.c"],
    ["-save-temps", "-c", "t.c", "-o", "o/x.o"],
    ["-save-temps=cwd", "-c", "t.c", "-o", "o/x.o"],
    ["-save-temps=obj", "-c", "t.c", "-o", "o/x.o"],
    ["-save-temps=obj", "-c", "t.c"],
    ["-save-temps", "-S", "t.c", "-o", "o/y.s"],
    ["-save-temps", "t.c", "-o", "prog"],
    ["-save-temps", "t.c", "-o", "o/prog"],
    ["-save-temps=cwd", "t.c", "-o", "o/prog"],
    ["-save-temps=obj", "t.c", "-o", "o/prog"],
    ["-save-temps", "t.c"],
    ["-save-temps", "-c", "a.S", "-o", "o/a.o"],
    ["-save-temps", "-c", "b.s"],
]


@pytest.mark.parametrize("args", SAVE_TEMPS, ids=[" ".join(a) for a in SAVE_TEMPS])
def test_save_temps_names(args, twin):
    srcs = {"t.c": PROG, "h.h": "#define ONE 1\n", "o/.keep": "",
            "a.S": "#define V 1\nnop\n", "b.s": "nop\n"}
    a_dir, g_dir = twin(srcs)
    ok(gcc(*args, cwd=g_dir))
    ok(atomc(*args, cwd=a_dir))
    assert sorted(files(a_dir)) == sorted(files(g_dir))


def test_saved_intermediates_are_usable(tmp_path):
    (tmp_path / "t.c").write_text(PROG)
    (tmp_path / "h.h").write_text("#define ONE 1\n")
    ok(atomc("-save-temps", "-c", "t.c", cwd=tmp_path))
    assert "helper" in (tmp_path / "t.s").read_text()
    assert "return x + 1;" in (tmp_path / "t.i").read_text()
    ok(atomc("-c", "t.i", "-o", "again.o", cwd=tmp_path))


def test_pipe_gives_the_same_object(tmp_path):
    (tmp_path / "t.c").write_text(PROG)
    (tmp_path / "h.h").write_text("#define ONE 1\n")
    ok(atomc("-O2", "-g", "-c", "t.c", "-o", "a.o", cwd=tmp_path))
    ok(atomc("-O2", "-g", "-pipe", "-c", "t.c", "-o", "b.o", cwd=tmp_path))
    assert (tmp_path / "a.o").read_bytes() == (tmp_path / "b.o").read_bytes()
    err = ok(atomc("-v", "-pipe", "-c", "t.c", "-o", "c.o", cwd=tmp_path)).stderr
    assert ".i\n" not in err  # no intermediate file


def test_syntax_only_writes_nothing(tmp_path):
    (tmp_path / "t.c").write_text(PROG)
    (tmp_path / "h.h").write_text("#define ONE 1\n")
    ok(atomc("-fsyntax-only", "t.c", cwd=tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.h", "t.c"]
    (tmp_path / "bad.c").write_text("int f(void) { return nope; }\n")
    p = atomc("-fsyntax-only", "bad.c", cwd=tmp_path)
    assert p.returncode == 1 and "bad.c:1:" in p.stderr


def test_output_to_a_device(tmp_path):
    """-o /dev/null is written through, never replaced (checked on a private node for
    the null device, so a failure cannot break the machine's /dev/null)."""
    (tmp_path / "t.c").write_text(PROG)
    (tmp_path / "h.h").write_text("#define ONE 1\n")
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root")
    before = os.stat(null)
    for args in (["-S"], ["-c"], [], ["-E"]):
        ok(atomc(*args, "t.c", "-o", str(null), cwd=tmp_path))
        after = os.stat(null)
        assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino, args


def test_o_with_several_inputs(tmp_path):
    (tmp_path / "a.c").write_text("int a;\n")
    (tmp_path / "b.c").write_text("int b;\n")
    p = atomc("-c", "a.c", "b.c", "-o", "x.o", cwd=tmp_path)
    assert p.returncode == 1 and "cannot specify '-o' with '-c'" in p.stderr
    ok(atomc("-c", "a.c", "b.c", cwd=tmp_path))
    assert (tmp_path / "a.o").exists() and (tmp_path / "b.o").exists()


def test_assembly_to_stdout(tmp_path):
    (tmp_path / "t.c").write_text(PROG)
    (tmp_path / "h.h").write_text("#define ONE 1\n")
    out = ok(atomc("-S", "t.c", "-o", "-", cwd=tmp_path)).stdout
    assert "helper:" in out and not (tmp_path / "-").exists()
    assert ok(run(["true"])).returncode == 0
