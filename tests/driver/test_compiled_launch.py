"""`atomc` runs the compiled copy that scripts/install.sh builds (build/compiled)
while it is fresh, and the pure package when told to or when the copy is stale.
CI builds the copy (install.sh), so there these run; without a fresh copy they
skip, as tests/test_compiled.py does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from atomc import compiled_copy
from atomc.server.protocol import ENV_VAR as SERVER_VAR

COPY = compiled_copy.default_copy()
FRESH = compiled_copy.is_fresh(COPY, compiled_copy.source_root())
pytestmark = pytest.mark.skipif(not FRESH, reason=f"no fresh compiled copy in {COPY} "
                                "(scripts/install.sh or scripts/build_compiled.py builds it)")


def _banner(**env: str) -> str:
    """`atomc -v`'s "Configured with" line, run in a process of its own (a compile
    server runs whichever build it started with)."""
    base = {k: v for k, v in os.environ.items() if k not in (SERVER_VAR, compiled_copy.ENV_VAR)} | {SERVER_VAR: "off"}
    proc = subprocess.run([sys.executable, "-m", "atomc", "-v"], env=base | env,
                          capture_output=True, text=True, check=True)
    return next(line for line in proc.stderr.splitlines() if line.startswith("Configured with"))


def test_fresh_copy_runs() -> None:
    assert f"compiled by mypyc in {Path(COPY).parent}" in _banner()


def test_env_var_runs_pure_python() -> None:
    assert "(pure Python)" in _banner(ATOMC_COMPILED="0")


def test_compile_uses_extension_modules(tmp_path: Path) -> None:
    """A compile through the console script's path loads the back end's extensions."""
    code = ("import sys; from atomc.server.client import main; "
            "import atexit; atexit.register(lambda: print('IR', "
            "sys.modules['atomc.ir.insts'].__file__, file=sys.stderr)); "
            f"sys.argv = ['atomc', '-O2', '-c', {str(tmp_path / 't.c')!r}, "
            f"'-o', {str(tmp_path / 't.o')!r}]; main()")
    (tmp_path / "t.c").write_text("int f(int x) { return x * 3; }\n")
    env = {k: v for k, v in os.environ.items() if k not in (SERVER_VAR, compiled_copy.ENV_VAR)} | {SERVER_VAR: "off"}
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    assert (tmp_path / "t.o").exists()
    ir = next(line for line in proc.stderr.splitlines() if line.startswith("IR "))
    assert ir.endswith(".so") and ir.split()[1].startswith(str(Path(COPY))), ir


def test_server_runs_the_copy(tmp_path: Path) -> None:
    """`atomc-server` imports the build `atomc` would run, so served commands are
    as fast as the console script's own."""
    from atomc.server.spawn import start_server

    env = {k: v for k, v in os.environ.items() if k not in (SERVER_VAR, compiled_copy.ENV_VAR)} | {SERVER_VAR: "off"}
    sock = tmp_path / "s.sock"
    with open(tmp_path / "server.log", "w") as log:
        server = start_server(sock, env=env, log=log, verbose=True)
    assert server is not None
    try:
        proc = subprocess.run([sys.executable, "-m", "atomc", "-v"],
                              env=env | {SERVER_VAR: str(sock)}, capture_output=True,
                              text=True, check=True)
    finally:
        server.terminate()
        server.wait()
    assert "compiled by mypyc" in proc.stderr
    assert "['-v']" in (tmp_path / "server.log").read_text()  # served, not declined
    assert "declined" not in (tmp_path / "server.log").read_text()
