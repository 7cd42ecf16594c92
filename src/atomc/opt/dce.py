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
records become "optimised out" (nothing computes its value any more). Either
way the reason is "dead after" the record's line (ir/why.py).
Surviving instructions keep their locations (LOCS, VALUES, SCOPES kept).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Block, BlockParam, Function, Inst, Succ, Undef, Value, work
from ..ir.rewrite import erase_dead, remove_param
from .cfgutils import is_removable
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


def incoming_edges(fn: Function) -> dict[Block, list[Succ]]:
    """Every edge into each block (one walk, instead of one per parameter)."""
    edges: dict[Block, list[Succ]] = {}
    for b in fn.blocks:
        term = b.terminator
        if term is not None:
            for s in term.succs:
                edges.setdefault(s.block, []).append(s)
    return edges


def live_values(fn: Function, edges: dict[Block, list[Succ]] | None = None) -> set[int]:
    """ids of every value some side effect depends on."""
    live: set[int] = set()
    pending: list[Value] = []
    scanned = 0
    if edges is None:
        edges = incoming_edges(fn)

    def mark(v: Value) -> None:
        if isinstance(v, (Inst, BlockParam)) and id(v) not in live:
            live.add(id(v))
            pending.append(v)

    for b in fn.blocks:
        for inst in b.insts:
            if not is_removable(inst):
                mark(inst)
    while pending:
        v = pending.pop()
        if isinstance(v, BlockParam):
            # the argument each edge passes for this parameter
            incoming = edges.get(v.block, ())
            for s in incoming:
                if v.index < len(s.args):
                    mark(s.args[v.index].value)
            scanned += len(incoming)
            continue
        assert isinstance(v, Inst)
        for u in v.operands:
            mark(u.value)
    work.add("dce.edges", scanned)
    return live


class DeadCodeElimination(FunctionPass):
    """Delete dead instructions and dead block parameters (see module docstring)."""

    name: ClassVar[str] = "dce"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        edges = incoming_edges(fn)
        work.add("dce.blocks", len(fn.blocks))
        live = live_values(fn, edges)
        dead_params = [(b, i) for b in fn.blocks if b is not fn.entry
                       for i in range(len(b.params)) if id(b.params[i]) not in live]
        # 1. edges stop feeding dead parameters, so dead values lose those uses
        for b, i in dead_params:
            ty = b.params[i].ty
            for s in edges.get(b, ()):
                s.args[i].set(Undef(ty))
        # 2. dead instructions go, users first (salvage may name a dead parameter)
        n = erase_dead([i for i in fn.insts() if id(i) not in live])
        # 3. dead parameters go; records naming them become "optimised out"
        preds = fn.predecessors()
        for b, i in reversed(dead_params):
            remove_param(b, i, preds[b], dead=True)
        ctx.count("dce.insts", n)
        ctx.count("dce.params", len(dead_params))
        return bool(n or dead_params)


register(DeadCodeElimination)
