"""Fixtures shared by every test directory: how to invoke the compiler under test,
and the compile server every `atomc` command of a test session goes through."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from atomc.compiled_copy import ENV_VAR as COMPILED_VAR
from atomc.frontend.parse_cache import ENV_VAR as PARSE_CACHE_VAR
from atomc.server.protocol import ENV_VAR
from atomc.server.spawn import start_server


# Before any test module is imported (one may copy the environment when imported): a
# command never uses the user's automatic server (server/auto.py) nor starts one that
# would outlive the session. The fixture below replaces "off" with this session's
# server; the tests of automatic mode set up their own.
USER_SERVER = os.environ.get(ENV_VAR, "")
os.environ[ENV_VAR] = USER_SERVER or "off"


@pytest.fixture(scope="session", autouse=True)
def compile_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path | None]:
    """One `atomc-server` per test process, named by ATOMC_SERVER in the environment
    that every test's commands inherit: each compile is forked from a process that
    imported the compiler once instead of importing it again (half a second of CPU,
    as much as compiling a small file). The server declines what it cannot run
    exactly like a new process (another hash seed, say), and tests/driver/
    test_compile_server.py checks the two give the same results.
    ATOMC_TEST_SERVER=0 runs every command in a process of its own instead."""
    # Every session starts with an empty parse cache of its own (unless told which to
    # use): the tests must pass cold, as on a new machine, and warm, as it fills up;
    # set before the server starts, which declines clients whose ATOMC_* differ.
    os.environ.setdefault(PARSE_CACHE_VAR, str(tmp_path_factory.mktemp("parse-cache")))
    # The suite tests the pure package (src/), which its in-process tests import, in
    # every command too: without this the console script and the server would run the
    # compiled copy install.sh built (atomc/compiled_copy.py). tests/test_compiled.py
    # and tests/driver/test_compiled_launch.py run the copy and compare it with src/.
    os.environ.setdefault(COMPILED_VAR, "0")
    if os.environ.get("ATOMC_TEST_SERVER") == "0" or USER_SERVER:
        yield None
        return
    folder = tmp_path_factory.mktemp("server")
    sock = folder / "atomc.sock"
    with open(folder / "server.log", "w") as log:
        proc = start_server(sock, log=log)
        if proc is None:  # every command then runs in a process of its own
            os.environ[ENV_VAR] = "off"
            yield None
            return
        os.environ[ENV_VAR] = str(sock)
        try:
            yield sock
        finally:
            os.environ[ENV_VAR] = "off"
            proc.terminate()
            proc.wait()


@pytest.fixture(scope="session")
def atomc_cmd() -> list[str]:
    """The atomc driver as a command prefix; run through this interpreter so no install
    is needed."""
    return [sys.executable, "-m", "atomc"]


# Modules whose tests run longest (one sqlite3 amalgamation build is over a minute on a
# quiet machine), put first: under `pytest -n 2` (xdist's load scheduling hands out tests in
# collection order) a long test that starts last keeps one core busy while the other idles.
LONG_FIRST = ("realworld/test_sqlite3.py",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Moves LONG_FIRST's tests to the front, keeping every other order (the same on every
    worker, as xdist requires)."""
    def first(item: pytest.Item) -> bool:
        return item.nodeid.split("::", 1)[0].removeprefix("tests/") in LONG_FIRST
    items[:] = [i for i in items if first(i)] + [i for i in items if not first(i)]
