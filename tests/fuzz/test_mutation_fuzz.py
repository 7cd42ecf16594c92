"""Robustness fuzzing (issue 7, item 6): atomc must survive any mutation of a valid program.

Each mutant of a program from tests/exec/programs (tokens and lines deleted,
duplicated, swapped or replaced, truncation, random bytes inserted; see
mutate.py) is compiled with `atomc -c` under a time limit.  It must either
compile (exit 0) or print a compiler-style diagnostic (`file:line:col: error: ...`)
and exit 1: never a Python traceback, never exit 70 (internal compiler
error), never assembly the assembler rejects, never a hang.

Mutants that break atomc today are saved under tests/regress/fuzz/ (with the
symptom in a header comment) and listed in KNOWN_CRASHES: they xfail strictly,
so a fix shows up as XPASS.  If the corpus program changed so the mutant is no
longer the saved one, the case simply runs (the saved file keeps the bug covered
in tests/regress/test_regress.py).
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from mutate import mutate

CORPUS = sorted((HERE.parent / "exec" / "programs").glob("*.c"))
SAVED = HERE.parent / "regress" / "fuzz"
N_MUTANTS = 150
COMPILE_TIMEOUT = 60
LEVELS = (("-O0",), ("-O2", "-g"), ("-O1",))
DIAGNOSTIC = re.compile(r"^\S[^\n]*?: (fatal )?error: \S", re.MULTILINE)

# mutant name -> symptom (the saved copy is tests/regress/fuzz/<name with '#' as '_'>.c)
KNOWN_CRASHES: dict[str, str] = {
}


def mutant_names() -> list[str]:
    names = []
    for j in range(N_MUTANTS):
        prog = CORPUS[j % len(CORPUS)]
        names.append(f"{prog.stem}#{j // len(CORPUS)}")
    return names


def build_mutant(name: str) -> tuple[bytes, list[str], tuple[str, ...]]:
    stem = name.split("#")[0]
    data = (HERE.parent / "exec" / "programs" / f"{stem}.c").read_bytes()
    mutant, ops = mutate(data, name)
    level = random.Random(name + "/level").choice(LEVELS)
    return mutant, ops, level


def saved_path(name: str) -> Path:
    return SAVED / f"{name.replace('#', '_')}.c"


def strip_header(data: bytes) -> bytes:
    """The saved mutants start with a '/* fuzz mutant ... */' header of our own; the mutant follows."""
    if data.startswith(b"/* fuzz mutant"):
        return data.split(b"*/\n", 1)[1]
    return data


def robustness_failure(proc: subprocess.CompletedProcess | None) -> str | None:
    """None when atomc behaved (compiled, or a diagnostic and exit 1), else what went wrong."""
    if proc is None:
        return f"hang: no result within {COMPILE_TIMEOUT} s"
    err = proc.stderr.decode("utf-8", "backslashreplace")
    if "Traceback (most recent call last)" in err:
        return "Python traceback:\n" + err[-3000:]
    if proc.returncode == 70 or "internal compiler error" in err:
        return f"internal compiler error (exit {proc.returncode}): {err.strip()[-1500:]}"
    if "assembler failed" in err or "linker command failed" in err:
        return f"atomc wrote assembly the assembler rejects: {err.strip()[-1500:]}"
    if proc.returncode == 0:
        return None
    if proc.returncode != 1:
        return f"exit {proc.returncode} (expected 0 or 1): {err.strip()[-1500:]}"
    if not DIAGNOSTIC.search(err):
        return f"exit 1 without a 'file:line:col: error:' diagnostic: {err.strip()[-1500:]!r}"
    return None


def compile_mutant(atomc_cmd: list[str], src: Path, level: tuple[str, ...]) -> subprocess.CompletedProcess | None:
    try:
        return subprocess.run([*atomc_cmd, *level, "-c", str(src), "-o", str(src.with_suffix(".o"))],
                              capture_output=True, timeout=COMPILE_TIMEOUT, stdin=subprocess.DEVNULL,
                              check=False)
    except subprocess.TimeoutExpired:
        return None


def _params() -> list:
    params = []
    for name in mutant_names():
        marks = []
        if name in KNOWN_CRASHES:
            saved = saved_path(name)
            mutant = build_mutant(name)[0]
            if saved.exists() and strip_header(saved.read_bytes()) == mutant:
                marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_CRASHES[name]))
        params.append(pytest.param(name, id=name, marks=marks))
    return params


def test_corpus_present() -> None:
    assert len(CORPUS) >= 20, "the fuzzer needs tests/exec/programs/*.c as seeds"


@pytest.mark.parametrize("name", _params())
def test_mutant(name: str, atomc_cmd: list[str], tmp_path: Path) -> None:
    mutant, ops, level = build_mutant(name)
    src = tmp_path / "mutant.c"
    src.write_bytes(mutant)
    failure = robustness_failure(compile_mutant(atomc_cmd, src, level))
    assert failure is None, f"mutant {name} ({'+'.join(ops)}, atomc {' '.join(level)} -c): {failure}"
