"""The gdb driver: gdb in batch mode running :mod:`gdb_host` with its Python API."""

from __future__ import annotations

import functools
import shutil
import subprocess
from pathlib import Path
from typing import ClassVar

from atomc_eval.drivers.base import Driver, RunSpec, Trace
from atomc_eval.drivers.hostrun import build_trace, default_source_dirs, run_host

HOST_SCRIPT = str(Path(__file__).with_name("gdb_host.py"))


@functools.cache
def _gdb_version(gdb: str) -> str:
    out = subprocess.run([gdb, "--version"], capture_output=True, text=True, check=False)
    return out.stdout.splitlines()[0].strip() if out.stdout else "gdb"


class GdbDriver(Driver):
    """Records traces with gdb (which honours is_stmt when stepping)."""

    name: ClassVar[str] = "gdb"

    def __init__(self, gdb: str = "gdb") -> None:
        self._gdb = gdb

    def unavailable_reason(self) -> str | None:
        if shutil.which(self._gdb) is None:
            return f"{self._gdb} is not installed"
        return None

    def version(self) -> str:
        return _gdb_version(self._gdb)

    def trace(self, spec: RunSpec, config: str = "", source: str = "") -> Trace:
        reason = self.unavailable_reason()
        if reason is not None:
            raise RuntimeError(reason)
        spec = default_source_dirs(spec)
        command = [self._gdb, "-nx", "-nh", "-batch", "-x", HOST_SCRIPT, "--", spec.program]
        records = run_host(command, spec, {})
        return build_trace(records, spec, "gdb", self.version(), config, source)
