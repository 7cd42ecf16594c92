"""C11 extended identifiers read from preprocessed text (a `.i` file, what distcc sends):
raw UTF-8 and universal character names name one identifier, with gcc's symbol names,
and an invalid one gets gcc's error at gcc's place. (From a `.c` file gcc's own
preprocessor checks them first; tests/exec/programs/427_utf8_identifiers.c and
tests/debugger/programs/p33_utf8_identifiers.c cover that path.)"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ATOMC = [sys.executable, "-m", "atomc"]

# one declaration each; gcc accepts some and rejects the others
DECLARATIONS = [
    "int \\u0041;", "int x\\ud800;", "int \\u00a0;", "int x\\u00a0y;", "int \\U00110000;",
    "int \\u0301d;", "int a\\u0040b;", "int \\u0024d;", "int \\u00e;", "int a\\u00e9;",
    "int \\U0001f600\\u0301;", "int \u0301d;", "int e\u00a0f;", "int \u00e9\u2028;",
    "int x\udcff;", "int \u00e9\u0301;", "int \u3042\u3044 = 1;", "int \\u00C0\u00c0;",
]


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=300,
                          cwd=cwd, check=False,
                          env={**os.environ, "LC_ALL": "C"})  # gcc quotes with '' not ‘’


def first_error(stderr: str) -> str:
    """`file:line:col: error: message` of the first error, without atomc's explanation."""
    line = next((ln for ln in stderr.splitlines() if ": error: " in ln), "")
    return line.removesuffix(" (expected a token)")


@pytest.mark.parametrize("decl", DECLARATIONS)
def test_identifier_checked_like_gcc(decl: str, tmp_path: Path) -> None:
    (tmp_path / "t.i").write_bytes(decl.encode("utf-8", "surrogateescape") + b"\n")
    gcc = run(["gcc", "-fsyntax-only", "t.i"], tmp_path)
    mine = run([*ATOMC, "-fsyntax-only", "t.i"], tmp_path)
    assert "Traceback" not in mine.stderr
    assert mine.returncode == (1 if gcc.returncode else 0), mine.stderr
    assert first_error(mine.stderr) == first_error(gcc.stderr)


def test_spellings_name_one_symbol(tmp_path: Path) -> None:
    """`é`, `\\u00e9` and `\\U000000E9` are one identifier; the symbols are gcc's UTF-8."""
    (tmp_path / "t.i").write_text(
        "int \u00e9 = 1;\nstatic int \\u00e8;\nint $d;\n"
        "int f\\U000000E9e(int \u00f1) { return \\u00e9 + \u00f1 + \u00e8 + $d; }\n")
    names = []
    for cc in (["gcc"], ATOMC):
        obj = run([*cc, "-c", "t.i", "-o", "t.o"], tmp_path)
        assert obj.returncode == 0, obj.stderr
        nm = subprocess.run(["nm", "t.o"], capture_output=True, check=True, cwd=tmp_path)
        names.append(sorted(ln.split()[-2:] for ln in nm.stdout.decode().splitlines()))
    assert names[0] == names[1]
    assert ["T", "f\u00e9e"] in names[1]
