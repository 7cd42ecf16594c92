"""Debug-information options: -g1 (functions and line tables), -g3 (.debug_macro, read by
gdb), -gz, -gdwarf-4's documented fallback, and the prefix maps of reproducible builds."""

from __future__ import annotations

import re
import shutil

import pytest

from driver_support import atomc, gcc, ok, run

G1 = ("int g = 3;\nstatic int s;\nstruct S { int a; };\n"
      "int f(int x) { int y = x + g; struct S q = {y}; return q.a + s; }\n"
      "int main(void) { return f(1); }\n")


def dwarfdump(*args: str) -> str:
    """llvm-dwarfdump's output without its first line (which names the file dumped)."""
    return ok(run(["llvm-dwarfdump-22", *args])).stdout.split("\n", 1)[1]


def tags(obj) -> list[tuple[str, str]]:
    """(tag, name) of every DIE, sorted."""
    out, tag = [], None
    for line in dwarfdump("--debug-info", str(obj)).splitlines():
        m = re.search(r"(DW_TAG_\w+)", line)
        if m:
            tag = m.group(1)
            out.append((tag, ""))
        m = re.search(r'DW_AT_name\s+\("([^"]*)"\)', line)
        if m and out:
            out[-1] = (out[-1][0], m.group(1))
    return sorted(out)


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_g1_describes_what_gccs_does(level, twin):
    a_dir, g_dir = twin({"g1.c": G1})
    ok(atomc("-g1", level, "-c", "g1.c", cwd=a_dir))
    ok(gcc("-g1", level, "-c", "g1.c", cwd=g_dir))
    if level == "-O0":
        assert tags(a_dir / "g1.o") == tags(g_dir / "g1.o")
    else:  # gcc's concrete out-of-line copy names its abstract origin instead of itself
        assert [t for t, _ in tags(a_dir / "g1.o")] == [t for t, _ in tags(g_dir / "g1.o")]
    assert "DW_TAG_base_type" not in dwarfdump("--debug-info", str(a_dir / "g1.o"))
    lines = dwarfdump("--debug-line", str(a_dir / "g1.o"))
    assert re.search(r"^0x[0-9a-f]+\s+4\s", lines, re.M)  # rows for f's line
    ok(run(["llvm-dwarfdump-22", "--verify", str(a_dir / "g1.o")]))


MACROS = {"m.c": '#include "h.h"\n#define Y 2\n#define SQ(a) ((a) * (a))\n'
                 "int main(void) {\n  int r = SQ(Y) + X;\n  return r - 4;\n}\n#undef X\n",
          "h.h": "#define X 0\n"}


def test_g3_macro_section(tmp_path):
    for name, text in MACROS.items():
        (tmp_path / name).write_text(text)
    ok(atomc("-g3", "-DCMDLINE=5", "m.c", "-o", "m", cwd=tmp_path))
    dump = ok(run(["readelf", "--debug-dump=macro", str(tmp_path / "m")])).stdout
    assert "DW_MACRO_define_strp - lineno : 2 macro : Y 2" in dump
    assert "DW_MACRO_define_strp - lineno : 0 macro : CMDLINE 5" in dump
    assert "DW_MACRO_undef_strp - lineno : 8 macro : X" in dump
    assert "__extension__" not in dump  # atomc's own preprocessor help is not the program's
    ok(run(["llvm-dwarfdump-22", "--verify", str(tmp_path / "m")]))
    ok(atomc("-g2", "m.c", "-o", "m2", cwd=tmp_path))
    assert ".debug_macro" not in ok(run(["readelf", "-S", str(tmp_path / "m2")])).stdout


@pytest.mark.gdb
@pytest.mark.skipif(shutil.which("gdb") is None, reason="needs gdb")
@pytest.mark.parametrize("flags", [["-g3"], ["-ggdb3", "-O2"]])
def test_gdb_expands_macros(flags, tmp_path):
    for name, text in MACROS.items():
        (tmp_path / name).write_text(text)
    ok(atomc(*flags, "m.c", "-o", "m", cwd=tmp_path))
    out = ok(run(["gdb", "-batch", "-nx", "-ex", "break 5", "-ex", "run",
                  "-ex", "info macro Y", "-ex", "macro expand SQ(Y) + X",
                  "-ex", "info macro X", "-ex", "print SQ(Y)", str(tmp_path / "m")],
                 cwd=tmp_path)).stdout
    assert f"Defined at {tmp_path}/m.c:2\n#define Y 2" in out
    assert "expands to: ((2) * (2)) + 0" in out
    assert f"Defined at {tmp_path}/h.h:1\n  included at {tmp_path}/m.c:1" in out
    assert "$1 = 4" in out


def test_gz_compresses_debug_sections(twin):
    a_dir, g_dir = twin({"g1.c": G1})
    for d, cc in ((a_dir, atomc), (g_dir, gcc)):
        ok(cc("-g", "-gz", "-c", "g1.c", cwd=d))
        ok(cc("-g", "-gz", "g1.c", "-o", "prog", cwd=d))
    for f in ("g1.o", "prog"):
        flags = [re.search(r"\.debug_info\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S+)", ln)
                 for ln in ok(run(["readelf", "-SW", str(a_dir / f)])).stdout.splitlines()]
        assert any(m and "C" in m.group(1) for m in flags), f
    ok(run(["llvm-dwarfdump-22", "--verify", str(a_dir / "prog")]))
    ok(atomc("-g", "-gz=none", "-c", "g1.c", "-o", "plain.o", cwd=a_dir))
    assert "C" not in "".join(ln.split()[-4] for ln in ok(run(
        ["readelf", "-SW", str(a_dir / "plain.o")])).stdout.splitlines() if ".debug_info" in ln)


def test_gdwarf4_falls_back_to_dwarf5(tmp_path):
    (tmp_path / "g1.c").write_text(G1)
    p = ok(atomc("-gdwarf-4", "-v", "-c", "g1.c", cwd=tmp_path))
    assert "writing DWARF 5" in p.stderr
    assert "version = 0x0005" in dwarfdump("--debug-info", str(tmp_path / "g1.o"))
    assert "DWARF 5" in ok(atomc("--help")).stdout


PREFIX_SRC = {"src/p.c": '#include "inc/h.h"\nint main(void) { return H; }\n',
              "src/inc/h.h": "#define H 0\nstatic int unused_h;\n"}


def _dirs(obj) -> tuple[str, list[str]]:
    info = dwarfdump("--debug-info", str(obj))
    comp_dir = re.search(r'DW_AT_comp_dir\s+\("([^"]*)"\)', info).group(1)
    line = dwarfdump("--debug-line", str(obj))
    dirs = re.findall(r'include_directories\[\s*\d+\] = "([^"]*)"', line)
    return comp_dir, dirs


@pytest.mark.parametrize("flag", ["-ffile-prefix-map", "-fdebug-prefix-map"])
def test_prefix_maps_rewrite_debug_paths_like_gcc(flag, twin):
    a_dir, g_dir = twin(PREFIX_SRC)
    for d, cc in ((a_dir, atomc), (g_dir, gcc)):
        ok(cc("-g", f"{flag}={d}=/build", "-c", "src/p.c", "-o", "p.o", cwd=d))
        ok(cc("-g", f"{flag}={d}/src=/s", "-c", f"{d}/src/p.c", "-o", "abs.o", cwd=d))
    a_comp, a_dirs = _dirs(a_dir / "p.o")
    g_comp, g_dirs = _dirs(g_dir / "p.o")
    assert a_comp == g_comp == "/build"
    assert "/build/src/inc" not in g_dirs or "/build/src/inc" in a_dirs
    assert not any(str(a_dir) in x for x in a_dirs)
    # an absolute source path: no trace of the build directory either
    for text in (dwarfdump("--debug-info", str(a_dir / "abs.o")),
                 dwarfdump("--debug-line", str(a_dir / "abs.o"))):
        assert f"{a_dir}/src" not in text and "/s" in text


def test_reproducible_objects_across_directories(twin):
    """Debian's -ffile-prefix-map=<srcdir>=.: the same object wherever it is built."""
    a_dir, b_dir = twin(PREFIX_SRC)
    objs = []
    for d in (a_dir, b_dir):
        ok(atomc("-g", "-O2", f"-ffile-prefix-map={d}=.", "-c", f"{d}/src/p.c", "-o", "p.o",
                 cwd=d))
        objs.append((d / "p.o").read_bytes())
        assert _dirs(d / "p.o")[0].startswith(".")
        assert str(d) not in dwarfdump("--debug-line", str(d / "p.o"))
        assert str(d) not in dwarfdump("--debug-info", str(d / "p.o"))
    assert objs[0] == objs[1]
