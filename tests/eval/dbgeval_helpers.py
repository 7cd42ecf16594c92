"""Helpers for the atomc-dbgeval tests: programs, tools, hand-made stops."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import FrameInfo, Stop, Trace, TraceEnd, TraceHeader, Variable

PROGRAMS = Path(__file__).parent / "programs"

CC = {
    "gcc-O0": "gcc -gdwarf-5 -O0 -g {src} -o {out}",
    "gcc-O2": "gcc -gdwarf-5 -O2 -g {src} -o {out}",
    "clang-O0": "clang-22 -g -O0 {src} -o {out}",
    "clang-O2": "clang-22 -g -O2 {src} -o {out}",
    "clang-O2-noki": "clang-22 -g -O2 -gno-key-instructions {src} -o {out}",
    "atomc-O0": f"{sys.executable} -m atomc -O0 -g {{src}} -o {{out}}",
}


def line_of(path: Path, marker: str) -> int:
    """1-based number of the only line of ``path`` containing ``marker``."""
    hits = [i for i, text in enumerate(path.read_text().splitlines(), start=1) if marker in text]
    assert len(hits) == 1, f"{marker!r} found {len(hits)} times in {path}"
    return hits[0]


def skip_without(debugger: str) -> None:
    reason = get_driver(debugger).unavailable_reason()
    if reason is not None:
        pytest.skip(f"{debugger} unavailable: {reason}")


def skip_without_compiler(config: str) -> None:
    exe = CC[config].split()[0]
    if shutil.which(exe) is None:
        pytest.skip(f"{exe} is not installed")


def stop(
    index: int,
    line: int,
    function: str = "f",
    *,
    cfa: int = 0x1000,
    addr: int | None = None,
    file: str = "p.c",
    variables: tuple[Variable, ...] = (),
    inlined_in: str | None = None,
) -> Stop:
    """A hand-written stop; ``addr`` defaults to something unique per line."""
    frames: tuple[FrameInfo, ...] = (FrameInfo(function, file, line, inlined_in is not None),)
    if inlined_in is not None:
        frames += (FrameInfo(inlined_in, file, 0, False),)
    return Stop(
        index=index,
        via="step",
        function=function,
        file=file,
        line=line,
        column=0,
        pc=0x400000 + (addr if addr is not None else line * 16),
        addr=addr if addr is not None else line * 16,
        cfa=cfa,
        is_stmt=True,
        frames=frames,
        variables=variables,
    )


def var(
    name: str, value: str | None, kind: str = "int", decl_line: int = 0, scope: str = "local"
) -> Variable:
    return Variable(name, scope, value, kind, decl_line)  # type: ignore[arg-type]


def trace_of(stops: list[Stop], reason: str = "exited") -> Trace:
    return Trace(
        TraceHeader(program="p", debugger="hand"), tuple(stops), TraceEnd(reason, len(stops), 0)
    )
