"""The final machine code of each function as the back end wrote it, with atoms.

`MachineRecorder` is the back end's observer (`atomc.observe.machine_observer`):
for each function it keeps, per emitted instruction, the assembly text, the
`.loc` row the line-table writer gave it (line, `is_stmt`) and the source
location with its atom (group, rank) and inlined-at chain. Atoms are not in
DWARF, so this is the one fact the object file cannot give back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..codegen.x86_64.asm.printer import format_inst
from ..ir.locations import call_chain
from .records import loc_file


@dataclass(frozen=True, slots=True)
class InlineSite:
    function: str  # the callee inlined here
    line: int  # the call's line in its caller


@dataclass(frozen=True, slots=True)
class MachineInst:
    index: int  # position among the function's emitted instructions
    text: str
    line: int  # the instruction's source line (0: none)
    column: int
    file: str
    atom_group: int  # 0: not in an atom
    atom_rank: int
    inlined: tuple[InlineSite, ...]  # innermost first
    row_line: int  # the `.loc` row written before it (0: none, the previous row holds)
    is_stmt: bool
    block: str  # the machine block label


@dataclass(frozen=True, slots=True)
class MachineFunction:
    name: str
    insts: tuple[MachineInst, ...]


def _sites(loc: Any) -> tuple[InlineSite, ...]:
    """Each call site `loc` is inlined through, named by the function it inlined."""
    chain = call_chain(loc)
    callees = [loc.scope.subprogram.name, *(at.scope.subprogram.name for at in chain)]
    return tuple(InlineSite(fn, at.line) for fn, at in zip(callees[:-1], chain, strict=True))


class MachineRecorder:
    def __init__(self) -> None:
        self.functions: list[MachineFunction] = []

    def function(self, mf: Any, table: Any) -> None:
        insts: list[MachineInst] = []
        k = 0
        for b in mf.blocks:
            for mi in b.insts:
                row = table.rows[k] if table is not None else None
                k += 1
                if mi.is_meta:
                    continue
                text = "<inline asm>" if mi.opcode == "INLINEASM" else format_inst(mi)
                loc = mi.loc
                insts.append(MachineInst(
                    len(insts), text,
                    loc.line if loc is not None else 0, loc.column if loc is not None else 0,
                    loc_file(loc) if loc is not None else "",
                    loc.atom_group if loc is not None else 0,
                    loc.atom_rank if loc is not None else 0,
                    _sites(loc) if loc is not None else (),
                    row.line if row is not None else 0,
                    bool(row is not None and row.is_stmt), b.label))
        self.functions.append(MachineFunction(mf.name, tuple(insts)))
