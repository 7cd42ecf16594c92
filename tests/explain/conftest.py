"""Compiles the explain test programs once per session, in process (as the
`atomc-explain` command does)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from atomc.explain.compile import Compiled, compile_source
from atomc.explain.model import Report, build_report

PROGRAMS = Path(__file__).parent / "programs"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
HAVE_CHROMIUM = CHROMIUM is not None and DRIVER is not None


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    cache: dict[tuple[str, tuple[str, ...]], Compiled] = {}

    def get(name: str, *options: str) -> Compiled:
        key = (name, options)
        if key not in cache:
            work = tmp_path_factory.mktemp("explain")
            cache[key] = compile_source(list(options), str(PROGRAMS / name), str(work))
        return cache[key]
    return get


@pytest.fixture(scope="session")
def report(compiled):  # type: ignore[no-untyped-def]
    cache: dict[tuple[str, tuple[str, ...]], Report] = {}

    def get(name: str, *options: str) -> Report:
        key = (name, options)
        if key not in cache:
            cache[key] = build_report(compiled(name, *options), options)
        return cache[key]
    return get


@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    """Headless Chromium through Selenium, logging console messages and network events."""
    if not HAVE_CHROMIUM:
        pytest.skip("needs Debian's chromium and chromium-driver")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1600,1000",
              "--disable-dev-shm-usage"):
        opts.add_argument(a)
    opts.binary_location = CHROMIUM  # type: ignore[assignment]
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    yield driver
    driver.quit()
