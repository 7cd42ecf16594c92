"""Which files are system headers (cpp's line-marker flag 3): functions defined there
are compiled only when used, and some diagnostics are silenced. cpp also gives that
flag, for one line, to a user file's line that expands a system macro such as `NULL`
or `true`; such a file stays a user file, and every external function it defines is
compiled, as gcc does (pcre2's pcre2_jit_compile.c includes pcre2_jit_match.c and
pcre2_jit_misc.c, whose exported functions were dropped and the library did not link)."""

import subprocess
import sys
from pathlib import Path

import pytest

ATOMC = [sys.executable, "-m", "atomc"]

MAIN = """#include <stdio.h>
#include "part.c"
int main(void) { return first(NULL); }
"""
PART = """#include <stdbool.h>
#include <stddef.h>
#include <string.h>
int first(const char *s) { return s == NULL ? 0 : (int)strlen(s); }
bool exported_after(const char *s) { return s != NULL && *s ? true : false; }
size_t exported_last(const char *s) { return s == NULL ? 0 : strlen(s); }
"""


def defined(obj: Path) -> list[str]:
    out = subprocess.run(["nm", "--defined-only", str(obj)], capture_output=True, text=True,
                         check=True).stdout
    return sorted(ln.split()[-1] for ln in out.splitlines() if ln.split()[1] in "TDB")


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_user_file_expanding_system_macros_keeps_its_functions(level: str,
                                                                tmp_path: Path) -> None:
    (tmp_path / "main.c").write_text(MAIN)
    (tmp_path / "part.c").write_text(PART)
    for cc, obj in ((["gcc"], "g.o"), (ATOMC, "a.o")):
        subprocess.run([*cc, level, "-c", "main.c", "-o", obj], cwd=tmp_path, check=True)
    assert defined(tmp_path / "a.o") == defined(tmp_path / "g.o")
    assert "exported_last" in defined(tmp_path / "a.o")
