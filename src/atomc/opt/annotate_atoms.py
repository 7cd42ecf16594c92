"""Heuristic Key Instructions annotation for IR that arrives without atoms
(hand-written IR, or IR from a front end that does not group source atoms),
in the manner of the original Sony prototype.

Every return, switch, conditional branch, store and memory intrinsic with a
line becomes its own source atom (a fresh group, rank 1); the stored value,
the branch condition, the switch operand or the returned value joins that
atom as a rank-2 backup when it is an instruction that has no atom yet. The
function's subprogram is switched to Key Instructions mode. Functions that
already carry atoms are left alone.

Debug info: only atom fields change; lines, columns, scopes and records are
kept (LOCS, VALUES, SCOPES).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Branch, Function, Inst, MemCopy, MemSet, Ret, Store, Switch, Value
from ..ir.debuginfo import enable_key_instructions
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


def _backup(inst: Inst) -> Value | None:
    if isinstance(inst, Store):
        return inst.value
    if isinstance(inst, Branch):
        return inst.cond
    if isinstance(inst, Switch):
        return inst.value
    if isinstance(inst, Ret) and inst.operands:
        return inst.operand(0)
    return None


class AnnotateAtoms(FunctionPass):
    """Give key-instruction atoms to IR without them. Debug info: module docstring."""

    name: ClassVar[str] = "annotate-atoms"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        sp = fn.subprogram
        if sp is None or any(i.loc is not None and i.loc.atom_group for i in fn.insts()):
            return False
        atoms = ctx.module.atoms
        changed = False
        for inst in list(fn.insts()):
            if not isinstance(inst, (Ret, Switch, Branch, Store, MemCopy, MemSet)):
                continue
            loc = inst.loc
            if loc is None or loc.line == 0 or loc.subprogram is not sp:
                continue  # inlined code follows its own subprogram's mode
            group = atoms.fresh()
            inst.loc = loc.with_atom(group, 1)
            backup = _backup(inst)
            if (isinstance(backup, Inst) and backup.loc is not None and backup.loc.line != 0
                    and not backup.loc.atom_group and backup.loc.subprogram is sp):
                backup.loc = backup.loc.with_atom(group, 2)
            changed = True
        if changed:
            enable_key_instructions(sp)
        return changed


register(AnnotateAtoms)
