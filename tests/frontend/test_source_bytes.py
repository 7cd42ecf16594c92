"""Source bytes that are not UTF-8 (Latin-1 or EUC-JP text in a literal, as in oniguruma's
testc.c): gcc copies them into narrow literals unchanged (tests/exec/programs/425_*),
refuses them in wide ones, names a stray one by its octal byte, and keeps them in -g3
macro definitions. These check the same of atomc, against gcc where gcc decides."""

import subprocess
import sys
from pathlib import Path

import pytest

ATOMC = [sys.executable, "-m", "atomc"]
WIDE = "converting to execution character set: Invalid or incomplete multibyte or wide character"


def compile_bytes(tmp_path: Path, data: bytes, *args: str,
                  cc: tuple[str, ...] = tuple(ATOMC)) -> subprocess.CompletedProcess:
    (tmp_path / "t.c").write_bytes(data)
    return subprocess.run([*cc, *args, "t.c"], capture_output=True, cwd=tmp_path, timeout=300,
                          errors="backslashreplace", text=True, check=False)


@pytest.mark.parametrize("line,col", [(b'int w = sizeof L"\xa4\xa2";', 16),
                                      (b"int v = L'\xa4';", 9)], ids=["string", "char"])
def test_wide_literal_rejects_non_utf8_byte(tmp_path: Path, line: bytes, col: int) -> None:
    data = b"int x;\n" + line + b"\n"
    assert WIDE in compile_bytes(tmp_path, data, "-c", cc=("gcc",)).stderr
    r = compile_bytes(tmp_path, data, "-c")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert f"t.c:2:{col}: error: {WIDE}" in r.stderr, r.stderr


def test_stray_byte_named_in_octal_like_gcc(tmp_path: Path) -> None:
    data = b"int \xa4 = 1;\n"
    assert "stray \u2018\\244\u2019 in program" in compile_bytes(tmp_path, data, "-c",
                                                               cc=("gcc",)).stderr
    r = compile_bytes(tmp_path, data, "-c")
    assert r.returncode == 1 and "t.c:1:5: error: stray '\\244' in program" in r.stderr, r.stderr


def test_g3_macro_keeps_non_utf8_bytes(tmp_path: Path) -> None:
    """.debug_macro holds the definition's own bytes, as gcc's does (was an internal error)."""
    data = b'#define EUC "\xa4\xa2"\nconst char *s = EUC;\n'
    r = compile_bytes(tmp_path, data, "-g3", "-S", "-o", "t.s")
    assert r.returncode == 0, r.stderr
    assert b'EUC \\"\\244\\242\\""' in (tmp_path / "t.s").read_bytes()
    g = compile_bytes(tmp_path, data, "-g3", "-S", "-o", "g.s", cc=("gcc",))
    assert g.returncode == 0 and b'EUC \\"\\244\\242\\""' in (tmp_path / "g.s").read_bytes()
