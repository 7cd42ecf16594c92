"""Build a real program once per pytest session, however many xdist workers ask for it.

The first worker to ask builds under a file lock in a directory common to all
workers of the session and leaves a `done` marker; the others wait on the lock
and reuse the result, or its recorded failure, instead of building again.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path

import pytest


def shared_dir(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """`name` inside a directory common to all xdist workers of this session."""
    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    root.mkdir(exist_ok=True)
    return root


def build_once(root: Path, name: str, build: Callable[[Path], str]) -> Path:
    """root/name, made by `build(out_dir)` (which returns a one-line summary) on first use.

    A failed build fails every test that needs it, with the builder's message."""
    out = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done, failed = root / f"{name}.done", root / f"{name}.failed"
        if failed.exists():
            pytest.fail(f"building {name} failed (in another worker):\n{failed.read_text()}")
        if not done.exists():
            try:
                summary = build(out)
            except Exception as exc:  # the builder's own error, reported verbatim
                failed.write_text(f"{type(exc).__name__}: {exc}")
                pytest.fail(f"building {name} failed:\n{type(exc).__name__}: {exc}")
            done.write_text(summary + "\n")
    return out


class SharedFailure(Exception):
    """`once`'s computation failed (in this worker or another): its message, and `text`,
    the longer record it carried (a build's whole log), for tests that search it."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


def once(root: Path, name: str, compute: Callable[[], str]) -> str:
    """The text `compute()` returns, computed by the first worker of the session to ask
    and read back by the others. A failure is kept too, and every caller gets it as
    SharedFailure, so each test judges the same failure."""
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done, failed, text = (root / f"{name}.{x}" for x in ("result", "error", "text"))
        if not done.exists() and not failed.exists():
            try:
                done.write_text(compute())
            except Exception as exc:  # the builder's own error, kept verbatim
                text.write_text(getattr(exc, "text", "") or str(exc))
                failed.write_text(f"{type(exc).__name__}: {exc}")
        if failed.exists():
            raise SharedFailure(failed.read_text(), text.read_text())
        return done.read_text()
