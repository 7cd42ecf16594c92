"""The `atomc` console script leaves without the interpreter's teardown
(server/client.py `leave`): its exit handlers run and its output is complete, but
the finalizing collections and module clearing, a fixed cost of every compile, are
skipped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import atomc

SRC = str(Path(atomc.__file__).resolve().parent.parent)
# an object that only the teardown's module clearing would finalize
SCRIPT = """\
import atexit, sys
class Late:
    def __del__(self):
        print("torn down", flush=True)
keep = Late()
atexit.register(print, "exit handlers ran")
from atomc.server.client import main
sys.exit(main())
"""


def _atomc(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env["ATOMC_SERVER"] = "off"
    return subprocess.run([sys.executable, "-c", SCRIPT, *args], env=env, capture_output=True,
                          text=True, check=False)


def test_console_script_skips_the_teardown() -> None:
    p = _atomc("--version")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("atomc ") and lines[-1] == "exit handlers ran"
    assert "torn down" not in p.stdout


def test_status_and_output_survive_the_fast_exit(tmp_path: Path) -> None:
    p = _atomc("-c", str(tmp_path / "missing.c"))
    assert p.returncode == 1
    assert "missing.c: No such file or directory" in p.stderr
    # a long output written just before the exit arrives whole
    full = subprocess.run([sys.executable, "-c", "from atomc.driver import main; "
                           "raise SystemExit(main(['--help=ignored']))"],
                          env={**os.environ, "PYTHONPATH": SRC}, capture_output=True, text=True,
                          check=True).stdout
    p = _atomc("--help=ignored")
    assert p.returncode == 0 and len(full) > 10000
    assert p.stdout == full + "exit handlers ran\n"


def test_no_collection_while_the_driver_is_imported() -> None:
    """The console script sets the compile's collector thresholds before importing
    the driver, whose modules and classes the collector would walk for nothing."""
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env["ATOMC_SERVER"] = "off"
    probe = ("import gc, sys\n"
             "runs = []\n"
             "gc.callbacks.append(lambda phase, info: phase == 'start' and runs.append(1))\n"
             "sys.argv = ['atomc', '--version']\n"
             "from atomc.server.client import main\n"
             "before = len(runs)\n"
             "import atexit\n"
             "atexit.register(lambda: print('collections', len(runs) - before, flush=True))\n"
             "sys.exit(main())\n")
    p = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True,
                       check=True)
    assert p.stdout.splitlines()[-1] == "collections 0"
