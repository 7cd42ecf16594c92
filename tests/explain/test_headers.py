"""Code from a header (programs/headers_util.h's `clamp`, inlined twice into
`squash` at -O2, its own function at -O0) shows in the source pane under the
header's name, keyed apart from the main file's lines, in the model, the text
mode and the browser."""

from __future__ import annotations

from pathlib import Path

from atomc.explain.html import report_html
from atomc.explain.model import FILE_STRIDE, Function
from atomc.explain.text import function_text

HEADER = Path(__file__).parent / "programs" / "headers_util.h"
HEADER_LINES = HEADER.read_text().splitlines()


def _fn(report, name: str, *options: str) -> Function:  # type: ignore[no-untyped-def]
    return next(f for f in report("headers.c", *options).functions if f.name == name)


def test_header_lines_are_keyed_labelled_and_read_from_the_header(report) -> None:
    f = _fn(report, "squash", "-O2")
    mine = [ln for ln in f.lines if ln.file]
    assert mine and all(Path(ln.file).resolve() == HEADER.resolve() for ln in mine)
    for ln in mine:
        n = ln.number - FILE_STRIDE
        assert 0 < n <= len(HEADER_LINES)
        assert ln.text == HEADER_LINES[n - 1].rstrip()
        assert ln.label == f"headers_util.h:{n}" == f.label(ln.number)
        assert all(f.insts[k].line == ln.number for k in ln.insts)
    assert sum(len(ln.insts) for ln in mine) >= 4  # clamp's compares, twice
    main = [ln for ln in f.lines if not ln.file]
    assert {ln.number for ln in main} >= {7, 8, 9} and all(ln.number < FILE_STRIDE for ln in main)
    # every instruction with a line belongs to exactly one listed line
    listed = sorted(k for ln in f.lines for k in ln.insts)
    assert listed == [i.index for i in f.insts if i.line]


def test_inlined_header_line_names_both_call_sites(report) -> None:
    f = _fn(report, "squash", "-O2")
    first = next(ln for ln in f.lines if ln.text.strip() == "if (v < lo)")
    sites = {a.split("@", 1)[1] for a, _r, _k in first.atoms}
    assert sites == {"clamp@8", "clamp@9"}
    assert "inlined into squash at 2 call sites (lines 8, 9)" in first.actions


def test_at_O0_the_header_function_is_all_header_lines(report) -> None:
    f = _fn(report, "clamp", "-O0")
    assert f.lines and all(ln.file and ln.label.startswith("headers_util.h:") for ln in f.lines)
    text = function_text(f)
    assert "line headers_util.h:4: if (v < lo)" in text
    assert f"line {FILE_STRIDE}" not in text  # keys never leak into what a person reads


def _css(browser, sel: str):  # type: ignore[no-untyped-def]
    return browser.find_elements("css selector", sel)


def test_browser_shows_the_header_and_selects_its_lines(report, browser, tmp_path) -> None:
    r = report("headers.c", "-O2")
    f = next(fn for fn in r.functions if fn.name == "squash")
    page = tmp_path / "headers.html"
    page.write_text(report_html(r), encoding="utf-8")
    browser.get(page.as_uri() + "#fn=squash")
    headers = [e.text for e in _css(browser, "#src tr.filehdr")]
    assert [Path(h).name for h in headers] == ["headers_util.h"]
    first = next(ln for ln in f.lines if ln.text.strip() == "if (v < lo)")
    row = _css(browser, f'#src tr[data-line="{first.number}"]')[0]
    assert row.find_elements("css selector", "td.num")[0].text == str(first.number - FILE_STRIDE)
    assert "(in clamp@8, clamp@9)" in row.text
    row.click()
    lit = sorted(int(e.get_attribute("data-inst")) for e in _css(browser, "#asm tr.hl"))
    assert lit == sorted(first.insts)
    shown = {e.text for e in _css(browser, "#asm tr.hl td.lineno")}
    assert shown == {first.label}
    errors = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert not errors
