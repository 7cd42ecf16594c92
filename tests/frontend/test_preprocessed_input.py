"""Preprocessed text compiles as it is: `atomc -E x.c -o x.i` then `atomc -c x.i` (what
distcc sends to its servers) must work, with no rewriting macros left for the parser, and
the object must behave like the one built from x.c."""

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
PROGRAMS = [HERE.parent / "exec" / "programs" / "300_extension_va_arg.c",
            HERE.parent / "exec" / "programs" / "427_utf8_identifiers.c",
            HERE / "programs" / "system_headers.c"]
ATOMC = [sys.executable, "-m", "atomc"]


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=cwd, check=False)


@pytest.mark.parametrize("src", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_dot_i_round_trip(src: Path, tmp_path: Path) -> None:
    pre = run([*ATOMC, "-E", str(src), "-o", "x.i"], tmp_path)
    assert pre.returncode == 0, pre.stderr
    text = (tmp_path / "x.i").read_text()
    assert "__atomc" not in text  # no atomc-private spellings in -E output
    obj = run([*ATOMC, "-g", "-c", "x.i", "-o", "x.o"], tmp_path)
    assert obj.returncode == 0, obj.stderr
    assert run(["gcc", "x.o", "-o", "from_i"], tmp_path).returncode == 0
    ref = run([*ATOMC, "-g", str(src), "-o", "from_c"], tmp_path)
    assert ref.returncode == 0, ref.stderr
    got, want = run(["./from_i"], tmp_path), run(["./from_c"], tmp_path)
    assert (got.stdout, got.returncode) == (want.stdout, want.returncode)
    # diagnostics and DWARF name the original source, as gcc's do
    names = run(["readelf", "--debug-dump=info", "x.o"], tmp_path).stdout
    assert src.name in names


def test_dot_i_diagnostic_names_source(tmp_path: Path) -> None:
    (tmp_path / "bad.c").write_text("int main(void)\n{\n    return undeclared;\n}\n")
    assert run([*ATOMC, "-E", "bad.c", "-o", "bad.i"], tmp_path).returncode == 0
    proc = run([*ATOMC, "-c", "bad.i", "-o", "bad.o"], tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.startswith("bad.c:3:12: error: use of undeclared identifier")
