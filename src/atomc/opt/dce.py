"""Dead code elimination: instructions and block parameters whose values no
side effect ever needs.

Liveness starts from the instructions with effects (stores, calls, volatile
loads, terminators) and flows backwards through operands; a block parameter
is live only if some live value uses it, so a parameter that merely passes
itself around a loop dies with its cycle. Dead parameters disappear with
their argument on every edge; dead instructions are erased users first.

Debug info: erasure goes through `rewrite.erase`, so records that used a dead
value are salvaged into an expression over its operands (add/sub of a
constant, casts) or become "optimised out"; records attached before a dead
instruction stay at the same program point. A removed block parameter's
records become "optimised out" (nothing computes its value any more).
Surviving instructions keep their locations (LOCS, VALUES, SCOPES kept).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Block, BlockParam, Function, Inst, Undef, Value
from .cfgutils import erase_dead, is_removable, remove_param
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


def live_values(fn: Function) -> set[int]:
    """ids of every value some side effect depends on."""
    live: set[int] = set()
    work: list[Value] = []

    def mark(v: Value) -> None:
        if isinstance(v, (Inst, BlockParam)) and id(v) not in live:
            live.add(id(v))
            work.append(v)

    for b in fn.blocks:
        for inst in b.insts:
            if not is_removable(inst):
                mark(inst)
    while work:
        v = work.pop()
        if isinstance(v, BlockParam):
            # the argument each edge passes for this parameter
            preds = _incoming_args(v)
            for a in preds:
                mark(a)
            continue
        assert isinstance(v, Inst)
        for u in v.operands:
            mark(u.value)
    return live


def _incoming_args(p: BlockParam) -> list[Value]:
    fn = p.block.function
    assert fn is not None
    out: list[Value] = []
    for b in fn.blocks:
        term = b.terminator
        if term is None:
            continue
        for s in term.succs:
            if s.block is p.block and p.index < len(s.args):
                out.append(s.args[p.index].value)
    return out


@register
class DeadCodeElimination(FunctionPass):
    """Delete dead instructions and dead block parameters (see module docstring)."""

    name: ClassVar[str] = "dce"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        live = live_values(fn)
        dead_params = [(b, i) for b in fn.blocks if b is not fn.entry
                       for i in range(len(b.params)) if id(b.params[i]) not in live]
        # 1. edges stop feeding dead parameters, so dead values lose those uses
        for b, i in dead_params:
            _clear_incoming(b, i)
        # 2. dead instructions go, users first (salvage may name a dead parameter)
        n = erase_dead([i for i in fn.insts() if id(i) not in live])
        # 3. dead parameters go; records naming them become "optimised out"
        preds = fn.predecessors()
        for b, i in reversed(dead_params):
            remove_param(b, i, preds[b])
        ctx.count("dce.insts", n)
        ctx.count("dce.params", len(dead_params))
        return bool(n or dead_params)


def _clear_incoming(block: Block, index: int) -> None:
    fn = block.function
    assert fn is not None
    ty = block.params[index].ty
    for b in fn.blocks:
        term = b.terminator
        if term is None:
            continue
        for s in term.succs:
            if s.block is block:
                s.args[index].set(Undef(ty))
