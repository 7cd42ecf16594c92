"""The lldb driver: a child Python process using lldb's SB API (:mod:`lldb_host`)."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import atomc.data as atomc_data
from atomc_eval.drivers.base import Driver, RunSpec, Trace
from atomc_eval.drivers.hostrun import build_trace, default_source_dirs, run_host

HOST_SCRIPT = str(Path(__file__).with_name("lldb_host.py"))
FALLBACK_PYTHON_DIR = "/usr/lib/llvm-22/lib/python3.11/site-packages"


@dataclass(frozen=True, slots=True)
class LldbSetup:
    """Where lldb's pieces are: its Python module and its debug server."""

    python_dir: str
    server: str
    version: str


def _ask(command: list[str]) -> str:
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return out.stdout.strip()


@functools.cache
def locate(lldb: str = "lldb-22") -> LldbSetup | str:
    """Find lldb's Python module and lldb-server; a string says what is missing."""
    exe = shutil.which(lldb)
    if exe is None:
        return f"{lldb} is not installed"
    candidates = [_ask([exe, "-P"]), FALLBACK_PYTHON_DIR]
    python_dir = next((c for c in candidates if c and os.path.isdir(os.path.join(c, "lldb"))), "")
    if not python_dir:
        return (
            f"the lldb Python module was not found (asked '{lldb} -P', tried {FALLBACK_PYTHON_DIR})"
        )
    probe = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {python_dir!r}); import lldb"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["unknown error"])[-1]
        return f"the lldb Python module does not load in {sys.executable}: {last}"
    bin_dir = os.path.dirname(os.path.realpath(exe))
    server = os.path.join(bin_dir, "lldb-server")
    if not os.path.exists(server):
        server = shutil.which("lldb-server-22") or shutil.which("lldb-server") or ""
    if not server:
        return "lldb-server was not found next to lldb"
    version = (_ask([exe, "--version"]).splitlines() or ["lldb"])[0]
    return LldbSetup(python_dir, server, version)


def plugin_path() -> str:
    """atomc's lldb plugin, as ``atomc -print-file-name=atomc_lldb.py`` finds it."""
    return str(Path(atomc_data.__file__).with_name("atomc_lldb.py"))


class LldbDriver(Driver):
    """Records traces with lldb (which ignores is_stmt when stepping), or with
    lldb and atomc's plugin (``plugin``: steps and shows frames as gdb does)."""

    name: ClassVar[str] = "lldb"

    def __init__(self, lldb: str = "lldb-22", plugin: bool = False) -> None:
        self._lldb = lldb
        self._plugin = plugin
        self.name = "lldb-atomc" if plugin else "lldb"  # type: ignore[misc]

    def unavailable_reason(self) -> str | None:
        found = locate(self._lldb)
        return found if isinstance(found, str) else None

    def version(self) -> str:
        found = locate(self._lldb)
        if isinstance(found, str):
            return found
        return found.version + (" + atomc_lldb" if self._plugin else "")

    def trace(self, spec: RunSpec, config: str = "", source: str = "") -> Trace:
        found = locate(self._lldb)
        if isinstance(found, str):
            raise RuntimeError(found)  # noqa: TRY004  (not a type error: lldb is missing)
        spec = default_source_dirs(spec)
        env = {
            "ATOMC_EVAL_LLDB_PYTHON": found.python_dir,
            "LLDB_DEBUGSERVER_PATH": found.server,
        }
        if self._plugin:
            env["ATOMC_EVAL_LLDB_PLUGIN"] = plugin_path()
        records = run_host([sys.executable, HOST_SCRIPT], spec, env)
        return build_trace(records, spec, self.name, self.version(), config, source)
