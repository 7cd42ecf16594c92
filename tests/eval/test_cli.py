"""The command line: every subcommand, and one-line errors for bad input."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from dbgeval_helpers import PROGRAMS, skip_without, stop, trace_of, var

from atomc_eval.cli import main
from atomc_eval.configs import Config, parse_config, with_references
from atomc_eval.trace import read_trace, write_trace

PNG = b"\x89PNG\r\n\x1a\n"


def _error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["trace", "/nonexistent/prog"], "program not found: /nonexistent/prog"),
        (
            ["compare", str(PROGRAMS / "loop_sum.c"), "--config", "bogus"],
            "unknown configuration 'bogus'",
        ),
        (["compare", str(PROGRAMS / "loop_sum.c"), "--config", "x=gcc {src}"], "must name both"),
        (["compare", "/nonexistent"], "no such file or folder"),
        (["score", "/nonexistent.jsonl", "--ref", "/nonexistent.jsonl"], "cannot read"),
        (["plot", "metrics", "/nonexistent.json", "-o", "x.png"], "report not found"),
        (["frobnicate"], "invalid choice"),
        (
            ["check", str(PROGRAMS / "loop_sum.c"), "--cc", "no-such-compiler-xyz"],
            "compiler not found",
        ),
        (["trace", str(PROGRAMS / "loop_sum.c"), "--step-limit", "0"], "must be positive"),
        (
            ["compare", str(PROGRAMS / "loop_sum.c"), "--config", "gcc-O0", "--determinacy",
             "nope"],
            "determinacy 'nope' is not one of the configurations",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_1(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 1
    line = _error_line(capsys)
    assert line.startswith("atomc-dbgeval: error: ") and message in line


def test_score_from_trace_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ref, build = tmp_path / "ref.jsonl", tmp_path / "opt.jsonl"
    write_trace(trace_of([stop(0, 1, variables=(var("x", "1"),)), stop(1, 2), stop(2, 3)]), ref)
    write_trace(trace_of([stop(0, 1, variables=(var("x", "2"),)), stop(1, 3)]), build)
    assert main(["score", str(build), "--ref", str(ref), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stops"] == 2 and data["line_coverage"] == pytest.approx(2 / 3)
    assert data["var_correctness"] == 0.0 and data["wrong"][0]["value"] == "2"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    assert main(["score", str(bad), "--ref", str(ref)]) == 1
    assert "unknown record type" in _error_line(capsys)


def test_plots_are_written(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write_trace(trace_of([stop(i, ln, "main") for i, ln in enumerate([3, 4, 5, 4, 6])]), a)
    write_trace(
        trace_of(
            [stop(i, ln, fn) for i, (fn, ln) in enumerate([("main", 3), ("g", 9), ("main", 6)])]
        ),
        b,
    )
    out = tmp_path / "steps.png"
    assert main(["plot", "steps", f"O0={a}", str(b), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(PNG)
    report = tmp_path / "report.json"
    summary = [
        {
            "config": c,
            "debugger": d,
            "order_precision": 0.9,
            "order_recall": 0.5,
            "line_coverage": 0.7,
            "var_availability": 0.6,
            "var_correctness": 1.0,
            "static_byte_coverage": 0.8,
            "backward_per_100": 3.0,
        }
        for c in ("gcc-O0", "gcc-O2")
        for d in ("gdb", "lldb")
    ]
    report.write_text(json.dumps({"summary": summary}))
    out2 = tmp_path / "metrics.png"
    assert main(["plot", "metrics", str(report), "-o", str(out2)]) == 0
    assert out2.read_bytes().startswith(PNG)


def test_configs_and_references() -> None:
    assert parse_config("gcc-O2").command == "gcc -gdwarf-5 -O2 -g {src} -o {out}"
    mine = parse_config("mine=cc -O1 -g {src} -o {out}")
    assert (mine.name, mine.command) == ("mine", "cc -O1 -g {src} -o {out}")
    given = [parse_config(c) for c in ("gcc-O0", "gcc-O2", "clang-O0", "clang-O2-noki")]
    given.append(Config("mine", "cc -O1 -g {src} -o {out}"))
    given.append(Config("mine2", "gcc -O3 -g {src} -o {out}"))
    configs, refs = with_references(given)
    # cc has no -O0 build: one is added; gcc under another name uses gcc-O0
    assert configs == [*given, Config("cc-O0", "cc -O0 -g '{src}' -o '{out}'")]
    assert refs == {"gcc-O0": "gcc-O0", "gcc-O2": "gcc-O0", "clang-O0": "clang-O0",
                    "clang-O2-noki": "clang-O0", "mine": "cc-O0", "cc-O0": "cc-O0",
                    "mine2": "gcc-O0"}
    assert with_references(given, "clang-O0")[1]["gcc-O2"] == "clang-O0"


def test_only_optimised_configs_get_their_own_O0_references() -> None:
    given = [parse_config("gcc-O2"), parse_config("clang-O2"),
             parse_config("mine=ccache atomc -O2 -g -O3 {src} -o {out}")]
    configs, refs = with_references(given)
    added = {c.name: c.command for c in configs[3:]}
    assert added == {"gcc-O0": "gcc -O0 -gdwarf-5 -g '{src}' -o '{out}'",
                     "clang-22-O0": "clang-22 -O0 -g '{src}' -o '{out}'",
                     "atomc-O0": "ccache atomc -O0 -g '{src}' -o '{out}'"}
    assert refs == {"gcc-O2": "gcc-O0", "clang-O2": "clang-22-O0", "mine": "atomc-O0",
                    "gcc-O0": "gcc-O0", "clang-22-O0": "clang-22-O0", "atomc-O0": "atomc-O0"}


@pytest.mark.gdb
def test_trace_subcommand_compiles_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    skip_without("gdb")
    out = tmp_path / "t.jsonl"
    assert main(["trace", str(PROGRAMS / "recurse.c"), "-o", str(out)]) == 0
    assert "stops, ended: exited" in capsys.readouterr().out
    trace = read_trace(out)
    # fact(4) recurses four times; every activation starts on the `if` line
    facts = [s for s in trace.stops if s.function == "fact" and s.line == 4]
    assert [s.value_of("n") for s in facts] == ["4", "3", "2", "1"]
    assert len({s.cfa for s in facts}) == 4


@pytest.mark.gdb
def test_compare_writes_reports_and_flags_output_differences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], build: Callable[..., Path]
) -> None:
    skip_without("gdb")
    src = tmp_path / "val.c"
    src.write_text(
        '#include <stdio.h>\nint main(void) {\n  int v = VAL;\n  printf("%d\\n", v);\n  return 0;\n}\n'
    )
    out = tmp_path / "out"
    argv = [
        "compare",
        str(src),
        "--out",
        str(out),
        "--debugger",
        "gdb",
        "--quiet",
        "--plots",
        "--config",
        "one-O0=gcc -O0 -g -DVAL=1 {src} -o {out}",
        "--config",
        "one-O2=gcc -O2 -g -DVAL=2 {src} -o {out}",
    ]
    assert main(argv) == 0
    data = json.loads((out / "report.json").read_text())
    rows = {r["config"]: r for r in data["rows"]}
    assert rows["one-O0"]["output_ok"] is True and rows["one-O2"]["output_ok"] is False
    assert rows["one-O2"]["reference"] == "one-O0"
    assert rows["one-O0"]["scores"]["order_recall"] == 1.0
    markdown = (out / "report.md").read_text()
    assert "| val.c | one-O2 | gdb |" in markdown and "OUTPUT DIFFERS" in markdown
    assert (out / "metrics.png").read_bytes().startswith(PNG)
    assert (out / "plots" / "val.gdb.png").read_bytes().startswith(PNG)
    assert read_trace(rows["one-O2"]["trace"]).header.config == "one-O2"


@pytest.mark.gdb
@pytest.mark.lldb
def test_compare_builds_the_O0_reference_and_runs_lldb_atomc(tmp_path: Path) -> None:
    """Given only an optimised configuration, compare builds gcc -O0 itself and
    scores against it; the lldb-atomc debugger traces beside gdb."""
    skip_without("gdb")
    skip_without("lldb-atomc")
    out = tmp_path / "out"
    argv = ["compare", str(PROGRAMS / "loop_sum.c"), "--out", str(out), "--quiet",
            "--config", "gcc-O2", "--debugger", "gdb", "--debugger", "lldb-atomc"]
    assert main(argv) == 0
    data = json.loads((out / "report.json").read_text())
    rows = {(r["config"], r["debugger"]): r for r in data["rows"]}
    assert set(rows) == {(c, d) for c in ("gcc-O2", "gcc-O0") for d in ("gdb", "lldb-atomc")}
    assert rows[("gcc-O2", "lldb-atomc")]["reference"] == "gcc-O0"
    assert rows[("gcc-O0", "lldb-atomc")]["scores"]["order_recall"] == 1.0
    assert "atomc_lldb" in data["debuggers"]["lldb-atomc"]


def test_compare_counts_wrong_values_at_build_dependent_reads_apart(tmp_path: Path) -> None:
    """`v` differs between the two unoptimised builds (as an uninitialised read does),
    `w` does not: the optimised build's wrong `v` is counted apart, its wrong `w` not,
    and WRONG itself keeps both."""
    skip_without("gdb")
    src = tmp_path / "dep.c"
    src.write_text('#include <stdio.h>\nint main(void) {\n  int v = VAL, w = W;\n'
                   '  printf("%d %d\\n", v, w);\n  return 0;\n}\n')
    out = tmp_path / "out"
    argv = ["compare", str(src), "--out", str(out), "--debugger", "gdb", "--quiet",
            "--config", "one-O0=gcc -O0 -g -DVAL=1 -DW=5 {src} -o {out}",
            "--config", "two-O0=gcc -O0 -g -DVAL=3 -DW=5 {src} -o {out}",
            "--config", f"one-O2={sys.executable} -m atomc -O2 -g -DVAL=2 -DW=6 {{src}} -o {{out}}",
            "--reference", "one-O0", "--determinacy", "two-O0"]
    assert main(argv) == 0
    data = json.loads((out / "report.json").read_text())
    row = next(r for r in data["rows"] if r["config"] == "one-O2")
    wrong = {name: sum(w["count"] for w in row["scores"]["wrong"] if w["variable"] == name)
             for name in {w["variable"] for w in row["scores"]["wrong"]}}
    assert set(wrong) == {"v", "w"}
    assert row["wrong_build_dependent"] == wrong["v"]
    summary = {(r["config"], r["debugger"]): r for r in data["build_dependent"]}
    assert summary[("one-O2", "gdb")]["determinate"] == wrong["w"]
    # both variables are shown (wrongly): available whether `v` counts or not
    assert row["var_availability_determinate"] == 1.0
    assert summary[("one-O2", "gdb")]["var_availability_determinate"] == 1.0
    assert "## WRONG values at build-dependent reads" in (out / "report.md").read_text()


def test_compare_reruns_the_reference_to_count_indeterminate_and_unreadable_reads(
    tmp_path: Path,
) -> None:
    """Each reference is traced twice, the second time over a scribbled stack. In
    uninit_read.c, `v` shows what `fill` left on the stack (-DGARBAGE changes it): the
    second build's `v` is WRONG at indeterminate reference reads, its `w`, `k`, `a`
    (-DW, -DGARBAGE) are plainly WRONG. In complex_ld.c lldb-22 reads `r`'s imaginary
    part from padding (-DDIRTY fills it) while gdb reads the same binary steadily: under
    lldb those WRONG values are at unreadable reference reads. WRONG itself keeps all."""
    skip_without("gdb")
    skip_without("lldb")
    out = tmp_path / "out"
    argv = ["compare", str(PROGRAMS / "indeterminate"), "--out", str(out), "--quiet",
            "--debugger", "gdb", "--debugger", "lldb",
            "--config", f"one-O0={sys.executable} -m atomc -O0 -g -DGARBAGE=100 -DW=5 "
                        "{src} -o {out}",
            "--config", f"two-O0={sys.executable} -m atomc -O0 -g -DGARBAGE=200 -DW=6 "
                        "-DDIRTY {src} -o {out}",
            "--reference", "one-O0"]
    assert main(argv) == 0
    data = json.loads((out / "report.json").read_text())
    rows = {(r["program"], r["debugger"]): r for r in data["rows"] if r["config"] == "two-O0"}

    def count(row: dict, variable: str) -> int:
        return sum(w["count"] for w in row["scores"]["wrong"] if w["variable"] == variable)

    for dbg in ("gdb", "lldb"):
        row = rows[("uninit_read.c", dbg)]
        total = sum(w["count"] for w in row["scores"]["wrong"])
        assert count(row, "v") > 0 and count(row, "w") > 0 and count(row, "k") > 0
        assert row["wrong_indeterminate_ref"] == count(row, "v")
        assert row["wrong_unreadable_ref"] == 0
        assert {tuple(k)[2] for k in row["indeterminate_ref_reads"]} == {"v"}
        assert (out / "traces" / "uninit_read" / f"one-O0.{dbg}.rerun.jsonl").is_file()
        assert total - row["wrong_indeterminate_ref"] == count(row, "w") + count(
            row, "k") + count(row, "a") + count(row, "junk") + count(row, "b")
    assert rows[("complex_ld.c", "gdb")]["scores"]["wrong"] == []
    lldb = rows[("complex_ld.c", "lldb")]
    assert count(lldb, "r") > 0
    assert lldb["wrong_unreadable_ref"] == count(lldb, "r")
    assert lldb["wrong_indeterminate_ref"] == 0
    summary = {(r["config"], r["debugger"]): r for r in data["reference_reads"]}
    entry = summary[("two-O0", "lldb")]
    assert entry["wrong_determinate_ref"] == (entry["wrong"] - entry["indeterminate"]
                                              - entry["unreadable"])
    report = (out / "report.md").read_text()
    assert "## WRONG values at indeterminate reference reads" in report
    assert "WRONG excl. indeterminate ref." in report and "[reference unreadable by lldb]" in report
