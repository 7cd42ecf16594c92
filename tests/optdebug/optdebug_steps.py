"""The stops of `step` from `main` under a debugger, as (function, line): what the
stepping tests here compare with exact sequences (atomc-dbgeval's drivers)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec


def step_stops(exe: Path, debugger: str, limit: int = 200) -> list[tuple[str, int]]:
    spec = RunSpec(program=str(exe), step_command="step", step_limit=limit, time_limit=60.0)
    trace = get_driver(debugger).trace(spec)
    assert trace.end.reason == "exited", trace.end
    return [(s.function, s.line) for s in trace.stops]


def debuggers(*names: str) -> list[object]:
    """pytest params for `names` (gdb, lldb, lldb-atomc) with their markers."""
    gdb = [pytest.mark.gdb, pytest.mark.skipif(shutil.which("gdb") is None,
                                               reason="gdb not installed")]
    return [pytest.param(n, marks=gdb if n == "gdb" else pytest.mark.lldb) for n in names]
