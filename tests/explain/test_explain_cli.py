"""The `atomc-explain` command line: atomc's options pass through, bad input gets
atomc's diagnostics (exit 1, no page), the page and text outputs."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.explain.cli import main

PROGRAMS = Path(__file__).parent / "programs"


def test_page_is_written_with_the_report(tmp_path: Path) -> None:
    out = tmp_path / "walk.html"
    assert main(["-O1", str(PROGRAMS / "walk.c"), "-o", str(out)]) == 0
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and '"name":"walk"' in page
    assert "http://" not in page and "https://" not in page  # nothing to fetch


def test_text_mode_names_the_function(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-O2", "--format=text", "--function=walk", str(PROGRAMS / "walk.c")]) == 0
    out = capsys.readouterr().out
    assert "function walk:" in out and "execution order:" in out


def test_a_syntax_error_is_atomc_s_diagnostic(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.c"
    bad.write_text("int f(void) { return 1 +; }\n")
    out = tmp_path / "bad.html"
    assert main([str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:1:" in err and "error" in err and "Traceback" not in err
    assert not out.exists()


def test_missing_file_and_unknown_function(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nope.c")]) == 1
    assert "No such file" in capsys.readouterr().err
    assert main(["--format=text", "--function=nope", str(PROGRAMS / "walk.c")]) == 1
    assert "no function 'nope'" in capsys.readouterr().err
    assert main(["-O2", "--fake-option", str(PROGRAMS / "walk.c")]) == 1
    assert "fake-option" in capsys.readouterr().err
    assert main(["-E", str(PROGRAMS / "walk.c")]) == 1
    assert "'-E' stops before the object file" in capsys.readouterr().err


def test_c_and_S_are_implied(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-S", "-c", "--format=text", str(PROGRAMS / "walk.c")]) == 0
    assert "function walk:" in capsys.readouterr().out
