"""gcc's cpp answers __has_builtin/__has_attribute for atomc, as for gcc 12: every builtin
and attribute that real headers test for and then use must then work in atomc, and the
fallbacks gcc takes (clang-only builtins) are taken too. programs/has_feature.c gathers
those tests from glibc, pcre2, Python, X11, PostgreSQL and brotli headers; here it must
compile without a warning and run like gcc's build at -O0 and -O2."""

import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).parent / "programs" / "has_feature.c"


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_has_feature_paths_work(level: str, tmp_path: Path) -> None:
    gcc = subprocess.run(["gcc", "-std=gnu11", level, "-w", str(SRC), "-o", "ref"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert gcc.returncode == 0, gcc.stderr
    ours = subprocess.run([sys.executable, "-m", "atomc", "-std=gnu11", level, "-g", str(SRC),
                           "-o", "mine"], capture_output=True, text=True, cwd=tmp_path)
    assert ours.returncode == 0 and ours.stderr == "", ours.stderr
    want = subprocess.run(["./ref"], capture_output=True, text=True, cwd=tmp_path)
    got = subprocess.run(["./mine"], capture_output=True, text=True, cwd=tmp_path)
    assert got.stdout == want.stdout
    assert "no clang builtins: fallback taken" in got.stdout
    assert "clear_cache available" in got.stdout
