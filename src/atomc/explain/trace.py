"""A real debugger run over the report: the stops of an `atomc-dbgeval trace`
(JSON Lines) placed on the instructions and execution-order rows they stopped
at, with the values the debugger showed, and the evaluator's step plot.

A stop's address is in the executable; its offset from the concrete function's
symbol there is the same offset in the object atomc-explain compiled (same
source, same options, same code), so the stop lands on one instruction. When
the executable cannot be read, stops are placed by line only.
"""

from __future__ import annotations

import base64
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

from atomc_eval.drivers.base import Stop, Trace
from atomc_eval.trace import read_trace


@dataclass(frozen=True, slots=True)
class TraceStop:
    number: int  # 1-based, in run order
    function: str  # the concrete (not inlined) function
    line: int
    via: str
    inst: int | None  # the instruction stopped at (None: placed by line only)
    values: tuple[tuple[str, str], ...]  # what the debugger showed, "<optimized out>" if none


def _symbols(program: str) -> dict[str, int]:
    try:
        with open(program, "rb") as f:
            elf = ELFFile(f)
            tab = elf.get_section_by_name(".symtab")
            if not isinstance(tab, SymbolTableSection):
                return {}
            return {s.name: s["st_value"] for s in tab.iter_symbols()
                    if s["st_info"]["type"] == "STT_FUNC" and s["st_value"]}
    except (OSError, ELFError):
        return {}


def _concrete(stop: Stop) -> str:
    for f in stop.frames:
        if not f.inlined:
            return f.function
    return stop.function


def place_stops(trace: Trace, starts: dict[str, dict[int, int]]) -> list[TraceStop]:
    """`starts`: per function of the report, object address -> instruction index."""
    symbols = _symbols(trace.header.program)
    out: list[TraceStop] = []
    for n, s in enumerate(trace.stops, 1):
        fn = _concrete(s)
        inst = None
        addrs = starts.get(fn)
        if addrs is not None and fn in symbols:
            base = min(addrs) if addrs else 0
            inst = addrs.get(base + s.addr - symbols[fn])
        values = tuple((v.name, v.value if v.value is not None else "<optimized out>")
                       for v in s.variables if v.scope != "global")
        out.append(TraceStop(n, fn, s.line, s.via, inst, values))
    return out


def load(path: str) -> Trace:
    return read_trace(path)


def step_plot_png(trace: Trace, title: str) -> str:
    """The evaluator's step-over-time plot as base64 PNG (embedded: no file to fetch)."""
    from atomc_eval.plots import plot_steps
    with tempfile.TemporaryDirectory(prefix="atomc-explain-plot-") as d:
        out = Path(d) / "steps.png"
        plot_steps([(os.path.basename(trace.header.program), trace)], out, title)
        return base64.b64encode(out.read_bytes()).decode("ascii")
