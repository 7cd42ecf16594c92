"""Regression tests from differential testing and fuzzing (issue 7, items 4 and 6).

tests/regress/*.c are reduced programs (from csmith seeds, or written by hand from
a failure found that way).  Each is built by gcc -O0 and by atomc at -O0, -O1
and -O2; every atomc build must print what gcc's prints and exit the same way.
The header comment of each file says where it came from and the symptom; its
`open at:` line lists (comma-separated) the levels that fail today, which xfail strictly (delete a
level from that line when the bug is fixed).

tests/regress/fuzz/*.c are mutants from tests/fuzz that crashed atomc: compiled
with the flags in their header, atomc must compile them or print a diagnostic and
exit 1 (never exit 70, a traceback or a hang).  `open at:` works the same way.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "csmith"))
sys.path.insert(0, str(HERE.parent / "fuzz"))
import csmith_diff
import test_mutation_fuzz as fuzz

PROGRAMS = sorted(HERE.glob("*.c"))
MUTANTS = sorted((HERE / "fuzz").glob("*.c"))
HEADER_END = "*/"


def header(path: Path) -> str:
    text = path.read_text(errors="replace")
    assert text.startswith("/*"), f"{path.name} must start with its header comment"
    return text.split(HEADER_END, 1)[0]


def open_levels(path: Path) -> list[str]:
    m = re.search(r"^ \* open at:(.*)$", header(path), re.MULTILINE)
    return [level.strip() for level in m.group(1).split(",") if level.strip()] if m else []


class KnownBug(AssertionError):
    """Raised only when an open case fails exactly as its header records (kind and signature);
    any other failure is a plain AssertionError, which xfail(raises=KnownBug) does not swallow."""


def header_field(path: Path, name: str) -> str:
    m = re.search(rf"^ \* {name}: (.*)$", header(path), re.MULTILINE)
    return m.group(1).strip() if m else ""


def symptom(path: Path) -> str:
    m = re.search(r"^ \* symptom: (.*)$", header(path), re.MULTILINE)
    return m.group(1).strip() if m else "see the file's header"


def _program_params() -> list:
    params = []
    for path in PROGRAMS:
        failing = open_levels(path)
        for level in csmith_diff.ATOMC_LEVELS:
            marks = [pytest.mark.xfail(strict=True, raises=KnownBug,
                                       reason=f"{path.name}: {symptom(path)}")] \
                if level in failing else []
            params.append(pytest.param(path, level, id=f"{path.stem}[{level}]", marks=marks))
    return params


def _mutant_params() -> list:
    params = []
    for path in MUTANTS:
        marks = [pytest.mark.xfail(strict=True, reason=f"{path.name}: {symptom(path)}")] \
            if open_levels(path) else []
        params.append(pytest.param(path, id=path.stem, marks=marks))
    return params


def test_headers_well_formed() -> None:
    for path in PROGRAMS + MUTANTS:
        head = header(path)
        assert " * symptom: " in head and " * configuration: " in head, path.name
        if path in PROGRAMS and open_levels(path):
            assert " * signature: " in head, f"{path.name}: an open case needs its signature"


@pytest.mark.parametrize("path,level", _program_params())
def test_reduced_program(path: Path, level: str, tmp_path: Path) -> None:
    status, why, steps = csmith_diff.check_program(path, tmp_path, (level,))
    assert status == "ok", f"{path.name}: gcc cannot be the oracle: {why}"
    step = steps[0]
    if step.kind != "ok" and level in open_levels(path) \
            and symptom(path).startswith(step.kind + ":") \
            and step.signature == header_field(path, "signature"):
        raise KnownBug(f"{path.name} atomc {level}: {step.kind}: {step.detail}")
    assert step.kind == "ok", f"{path.name} atomc {level}: {step.kind}: {step.detail}"


@pytest.mark.parametrize("path", _mutant_params())
def test_fuzz_mutant(path: Path, atomc_cmd: list[str], tmp_path: Path) -> None:
    m = re.search(r"^ \* configuration: atomc (.*?) -c$", header(path), re.MULTILINE)
    assert m, f"{path.name}: header has no 'configuration: atomc <flags> -c' line"
    src = tmp_path / "mutant.c"
    src.write_bytes(path.read_bytes())
    failure = fuzz.robustness_failure(fuzz.compile_mutant(atomc_cmd, src, tuple(m.group(1).split())))
    assert failure is None, f"{path.name}: {failure}"
