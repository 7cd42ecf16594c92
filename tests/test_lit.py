"""Run the lit golden tests under pytest: one item per lit test file, so each
failure is reported on its own and pytest-xdist spreads them over the cores.

Each item runs its file through lit's own test runner inside the pytest worker
(lit.discovery finds it, lit.worker._execute runs it and Test.setResult applies
its XFAIL lines, as lit's own worker does), not through a `lit` process of its
own: starting one meant a new interpreter importing lit and a pool of worker
processes for a single file, about half of a typical lit test's time. Discovery
still loads lit.cfg.py afresh for each file, with the file's own exec root, so
every RUN line runs with the configuration and environment `lit FILE` gives it."""

from __future__ import annotations

from pathlib import Path

import lit.discovery
import lit.LitConfig
import lit.Test
import lit.util
import lit.worker
import pytest

LIT_ROOT = Path(__file__).parent / "lit"
SUFFIXES = {".c", ".ir", ".mir", ".s"}
TIMEOUT = 600  # seconds for one file's RUN lines; lit kills what is still running


def _lit_tests() -> list[Path]:
    found = []
    for p in sorted(LIT_ROOT.rglob("*")):
        rel = p.relative_to(LIT_ROOT)
        if p.suffix in SUFFIXES and p.is_file() and not any(
                part in ("Inputs", "Output") for part in rel.parts):
            found.append(p)
    return found


def _lit_config() -> lit.LitConfig.LitConfig:
    """The configuration `lit -v FILE` makes from its default options, with a timeout.
    lit's timeout needs psutil (in the dev extras); a venv installed before it came
    runs without one rather than failing every file."""
    timeout = TIMEOUT if lit.util.killProcessAndChildrenIsSupported()[0] else 0
    return lit.LitConfig.LitConfig(
        progname="lit", path=[], quiet=False, useValgrind=False, valgrindLeakCheck=False,
        valgrindArgs=[], noExecute=False, debug=False, isWindows=False, order="lexical",
        params={}, maxIndividualTestTime=timeout)


@pytest.mark.parametrize("path", _lit_tests(), ids=lambda p: str(p.relative_to(LIT_ROOT)))
def test_lit(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # each file's `Output` directory under its own exec root (lit.cfg.py reads this)
    monkeypatch.setenv("ATOMC_LIT_EXEC_ROOT", str(tmp_path))
    config = _lit_config()
    [test] = lit.discovery.find_tests_for_inputs(config, [str(path)])
    test.setResult(lit.worker._execute(test, config))  # XFAIL turns FAIL into XFAIL here
    result = test.result
    out = f"{result.code.name}: {test.getFullName()}\n{result.output}"
    if result.code is lit.Test.UNSUPPORTED:
        pytest.skip("lit: unsupported here (missing REQUIRES feature)")
    assert result.code in (lit.Test.PASS, lit.Test.XFAIL), out
