"""`atomc-dbgeval check` on C files with //@ expectations, under gdb and lldb."""

from __future__ import annotations

from pathlib import Path

import pytest
from dbgeval_helpers import CC, PROGRAMS, skip_without, skip_without_compiler

from atomc_eval.cli import main
from atomc_eval.expectations import check_file

EXPECT = PROGRAMS / "expect"
DEBUGGERS = [
    pytest.param("gdb", marks=pytest.mark.gdb),
    pytest.param("lldb", marks=pytest.mark.lldb),
]


@pytest.mark.parametrize("debugger", DEBUGGERS)
@pytest.mark.parametrize(
    "name", ["watch_pass.c", "order_pass.c", "unreachable_pass.c", "label_pass.c"]
)
def test_passing_examples_pass(debugger: str, name: str) -> None:
    skip_without(debugger)
    report = check_file(EXPECT / name, debugger=debugger)
    assert report.passed, report.render()
    assert report.outcomes


@pytest.mark.parametrize("debugger", DEBUGGERS)
@pytest.mark.parametrize(
    ("name", "verdicts"),
    [
        ("watch_fail.c", [False, False]),
        ("order_fail.c", [True, False, True]),
        ("unreachable_fail.c", [False]),
    ],
)
def test_failing_examples_fail_where_expected(
    debugger: str, name: str, verdicts: list[bool]
) -> None:
    skip_without(debugger)
    report = check_file(EXPECT / name, debugger=debugger)
    assert [o.passed for o in report.outcomes] == verdicts, report.render()
    assert not report.passed


@pytest.mark.gdb
def test_watch_failure_names_what_was_seen() -> None:
    skip_without("gdb")
    report = check_file(EXPECT / "watch_fail.c")
    assert [o.message for o in report.outcomes] == ["missing 5 (saw 0 1 2 3)", "missing 7 (saw 6)"]


@pytest.mark.gdb
def test_check_works_on_optimised_clang_builds() -> None:
    skip_without("gdb")
    skip_without_compiler("clang-O2")
    report = check_file(EXPECT / "unreachable_pass.c", cc=CC["clang-O2"])
    assert report.passed, report.render()


@pytest.mark.gdb
def test_cli_exit_status_and_report(capsys: pytest.CaptureFixture[str]) -> None:
    skip_without("gdb")
    assert main(["check", str(EXPECT / "watch_pass.c")]) == 0
    out = capsys.readouterr().out
    assert "PASS  watch(i) line 6: 0 1 2 3 -- saw 0 1 2 3" in out
    assert out.rstrip().endswith("2 passed, 0 failed")
    assert main(["check", str(EXPECT / "unreachable_fail.c"), "--debugger", "gdb"]) == 1
    assert "FAIL  unreachable line 3" in capsys.readouterr().out


def test_cli_rejects_an_unknown_label(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXPECT / "label_fail.c")]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"atomc-dbgeval: error: {EXPECT / 'label_fail.c'}:5: unknown label 'lop'"


def test_expectation_sources_compile_cleanly(tmp_path: Path) -> None:
    from atomc_eval.build import compile_c

    for source in sorted(EXPECT.glob("*.c")):
        compile_c("gcc -O0 -g -Wall -Werror", source, tmp_path / source.stem)
