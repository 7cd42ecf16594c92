"""One atomc compile with both recorders on: the same driver, options and code as
`atomc -c`, plus the pass actions, the machine code with atoms, the assembly
text and the object file (whose DWARF is what a debugger will read)."""

from __future__ import annotations

import glob
import os
from collections.abc import Sequence
from dataclasses import dataclass

from ..driver import main as atomc_main
from ..observe import machine_observer, pass_observer
from .machine import MachineFunction, MachineRecorder
from .records import Action, PassRecorder


class CompileFailed(Exception):
    """atomc itself reported the problem (a diagnostic on stderr); `status` is its exit code."""

    def __init__(self, status: int) -> None:
        super().__init__(f"atomc exited with status {status}")
        self.status = status


@dataclass(frozen=True, slots=True)
class Compiled:
    source: str
    object_path: str
    asm_path: str
    actions: tuple[Action, ...]
    passes: tuple[str, ...]
    functions: tuple[MachineFunction, ...]
    initial_lines: dict[str, set[tuple[str, int]]]


def debug_words(options: Sequence[str]) -> list[str]:
    """-g unless the user chose a debug level: the page is about debug information."""
    chosen = [o for o in options if o.startswith("-g") and o[2:3] in ("", "1", "2", "3")]
    return [] if chosen and chosen[-1] != "-g0" else ["-g"]


def compile_source(options: Sequence[str], source: str, workdir: str) -> Compiled:
    obj = os.path.join(workdir, "explain.o")
    argv = [*options, *debug_words(options), "-c", source, "-o", obj, "-save-temps=obj"]
    passes, machine = PassRecorder(), MachineRecorder()
    t1, t2 = pass_observer.set(passes), machine_observer.set(machine)
    try:
        status = atomc_main(argv)
    finally:
        pass_observer.reset(t1)
        machine_observer.reset(t2)
    if status != 0:
        raise CompileFailed(status)
    asm = sorted(glob.glob(os.path.join(workdir, "*.s")))
    return Compiled(source, obj, asm[0] if asm else "", tuple(passes.actions),
                    tuple(passes.passes_run), tuple(machine.functions), passes.initial_lines)
