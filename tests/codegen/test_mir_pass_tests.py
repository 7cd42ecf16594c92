"""The .mir lit tests of machine passes (tests/lit/codegen/mir-passes/) test
their pass: every machine pass has one, and each test's checks fail on its
input left as it is (parsed and printed, the pass not run), so a pass that did
nothing would fail its tests."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from atomc.codegen.mir import print_mfunction
from atomc.codegen.mir.parser import parse_mir
from atomc.codegen.pipeline import machine_pass_names

DIR = Path(__file__).parent.parent / "lit" / "codegen" / "mir-passes"
TESTS = sorted(DIR.rglob("*.mir"))


def _pass_of(test: Path) -> str:
    m = re.search(r"--run-pass=([\w-]+)", test.read_text(encoding="utf-8"))
    assert m, f"{test.name}: no --run-pass in its RUN line"
    return m.group(1)


def test_every_machine_pass_has_a_mir_test() -> None:
    tested = {_pass_of(t) for t in TESTS}
    assert machine_pass_names() - {"isel"} - tested == set()


@pytest.mark.parametrize("test", TESTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_checks_fail_when_the_pass_does_nothing(test: Path) -> None:
    text = test.read_text(encoding="utf-8")
    unchanged = "".join(print_mfunction(mf) for mf in parse_mir(text, str(test)))
    done = subprocess.run([sys.executable, "-m", "filecheck", str(test)], input=unchanged,
                          capture_output=True, text=True, check=False)
    assert done.returncode != 0, f"{test.name} passes without its pass {_pass_of(test)}"
