"""--trace: a real gdb run (atomc-dbgeval trace) of the program built by atomc with
the same options, placed on the report's instructions by address."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atomc.explain.compile import compile_source
from atomc.explain.html import report_html
from atomc.explain.model import build_report
from atomc.explain.text import report_text

PROGRAM = Path(__file__).parent / "programs" / "run.c"
pytestmark = [pytest.mark.gdb,
              pytest.mark.skipif(shutil.which("gdb") is None, reason="needs gdb")]


@pytest.fixture(scope="module")
def traced(tmp_path_factory):  # type: ignore[no-untyped-def]
    work = tmp_path_factory.mktemp("trace")
    exe, trace = work / "run", work / "run.gdb.jsonl"
    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", str(PROGRAM), "-o", str(exe)],
                   check=True)
    subprocess.run([sys.executable, "-m", "atomc_eval.cli", "trace", str(exe), "--debugger",
                    "gdb", "--break", "walk", "--step", "next", "-o", str(trace)], check=True,
                   capture_output=True)
    c = compile_source(["-O2"], str(PROGRAM), str(work))
    return build_report(c, ("-O2",), str(trace))


def test_every_stop_lands_on_a_row_of_its_line(traced) -> None:
    stops = [(f, s) for f in traced.functions for s in f.trace]
    assert len(stops) >= 4  # the breakpoint, then `next` through the loop
    for f, s in stops:
        assert s.inst is not None, s
        inst = f.insts[s.inst]
        # a row of the stop's line starts there, or (gdb's rule at the first instruction of
        # an inlined call) the stop shows the line of the call
        calls = {int(site.rsplit("@", 1)[1]) for site in inst.inlined.split(" < ") if site}
        assert s.line == inst.row_line or s.line in calls, (s, inst)


def test_values_the_debugger_showed(traced) -> None:
    main = next(f for f in traced.functions if f.name == "main")  # walk is inlined into main
    first = main.trace[0]
    assert first.via == "break"
    vals = dict(first.values)
    assert vals.get("n") == "4" and vals.get("i") == "1"


def test_page_and_text_show_the_run(traced) -> None:
    page = report_html(traced)
    assert 'id="run-pane"' in page and "data:image/png;base64," in page
    text = report_text(traced, "main")
    assert "debugger stops:" in text and "#1 line " in text and "via break" in text


def test_the_run_pane_in_a_browser(traced, browser, tmp_path: Path) -> None:
    page = tmp_path / "run.html"
    page.write_text(report_html(traced), encoding="utf-8")
    browser.get(page.as_uri() + "#fn=main")
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    main = next(f for f in traced.functions if f.name == "main")
    rows = browser.find_elements("css selector", "#run tr.stopr")
    assert [int(r.get_attribute("data-stop")) for r in rows] == [s.number for s in main.trace]
    rows[1].click()  # selects the instruction the second stop is at
    sel = browser.find_elements("css selector", "#asm tr.sel")
    assert [int(e.get_attribute("data-inst")) for e in sel] == [main.trace[1].inst]
    marks = [e.text for e in browser.find_elements("css selector", "#order td.run") if e.text]
    assert " ".join(marks).split() == [f"#{s.number}" for s in
                                       sorted(main.trace, key=lambda s: s.inst or 0)]
    plot = browser.find_element("css selector", "#step-plot")
    assert browser.execute_script("return arguments[0].naturalWidth", plot) > 100
