"""Starting a compile server from a program (the test suite, benchmarks): the
process, once its socket exists, or None if it died or took too long."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO


def start_server(sock: Path, *, env: Mapping[str, str] | None = None,
                 log: IO[str] | None = None, verbose: bool = False,
                 timeout: float = 120.0) -> subprocess.Popen[bytes] | None:
    """`python -m atomc.server SOCK`, waited for until it listens (its imports take
    a second or so); its output goes to `log`. On failure the process is stopped
    and None returned."""
    cmd = [sys.executable, "-m", "atomc.server", *(["-v"] if verbose else []), str(sock)]
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                            env=None if env is None else dict(env))
    deadline = time.monotonic() + timeout
    while not sock.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            return None
        time.sleep(0.02)
    return proc
