"""Code sinking: an instruction computed before a conditional branch but used on
one path only moves to the top of that path's block, so the other paths do not
compute it (LLVM's Sink, gcc's tree-ssa-sink).

An instruction of block B moves to a successor S of B when it is pure and cannot
trap (not an `alloca`), B ends in a branch or switch with at least two distinct
targets, B is S's only predecessor (one edge: S runs at most as often as B), S
belongs to B's innermost loop (never into a loop, nor out of one: the value a
loop exit sees stays the last iteration's), and every real use lies in a block S
dominates (a successor argument counts as a use in the block it leaves). Blocks
are visited in reverse post-order and each block's instructions bottom-up, so a
chain of instructions feeding one use moves together, keeps its order, and
moves again from S when S branches in turn. The CFG does not change.

Debug info: a sunk instruction loses its location (the drop rule of
shared/specs/key-instructions.md §3, as for LICM: its line must not show up
after the branch it came before); so LOCS is not claimed. Records that name
its value and sat in B are copied to the top of S, right after it (the variable
gets its value where it is computed now). Where they were, and on the paths
that no longer compute it, they describe the value by an expression over the
instruction's operand where salvage can (`strm = &state->strm` as `state + 128`:
the operands dominate the records as the instruction did, and SSA values do not
change); otherwise they become "not assigned yet" in B (the assignment was sunk
below them) and "computation removed by sink" elsewhere. An
instruction whose value a variable with `add`/`delete` records refers to stays
put (those records name their `new` and must not lose it). VALUES and SCOPES
are kept.
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Block, DbgKind, DbgRecord, Function, Inst, Op, work
from ..ir.dominators import DomTree
from ..ir.loops import LoopInfo, loop_info
from ..ir.rewrite import LocPolicy, make_unavailable, move_records_to, move_to, salvage_record
from ..ir.why import Why, WhyKind
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


def _sinkable(inst: Inst) -> bool:
    return (inst.info.pure and not inst.info.may_trap and inst.op is not Op.ALLOCA
            and not inst.is_terminator and inst.has_real_uses())


def _use_blocks(inst: Inst) -> list[Block] | None:
    """The blocks of the real uses (None if one is outside any block)."""
    out = []
    for u in inst.uses:
        if u.is_debug:
            continue
        user = u.user
        if not isinstance(user, Inst) or user.block is None:
            return None
        out.append(user.block)
    return out


class Sink(FunctionPass):
    """Move pure instructions into the one successor that uses them (module docstring)."""

    name: ClassVar[str] = "sink"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        loops = loop_info(fn)
        dom = loops.dom
        preds = fn.predecessors()
        # variables with add/delete records: their `new`s stay where they are
        keyed = {id(r.var) for i in fn.insts() for r in i.dbg_records
                 if r.kind is not DbgKind.NEW}
        work.add("sink.blocks", len(fn.blocks))
        moved = 0
        for b in dom.rpo:
            targets = self._targets(b, preds, loops)
            if not targets:
                continue
            for inst in reversed(b.insts[:-1]):
                work.add("sink.insts", 1)
                if not _sinkable(inst) or any(isinstance(u.user, DbgRecord)
                                              and id(u.user.var) in keyed for u in inst.uses):
                    continue
                dest = self._destination(inst, targets, dom)
                if dest is not None:
                    self._sink(inst, b, dest, dom)
                    moved += 1
        if moved:
            ctx.count("sink.sunk", moved)
        return moved > 0

    @staticmethod
    def _targets(b: Block, preds: dict[Block, list[Block]], loops: LoopInfo) -> list[Block]:
        """B's successors an instruction may sink into (module docstring)."""
        succs = list(dict.fromkeys(b.successors))
        if len(succs) < 2:
            return []
        here = loops.loop_for(b)
        return [s for s in succs if preds.get(s) == [b] and loops.loop_for(s) is here]

    @staticmethod
    def _destination(inst: Inst, targets: list[Block], dom: DomTree[Block]) -> Block | None:
        blocks = _use_blocks(inst)
        if not blocks:
            return None
        for s in targets:
            if all(dom.dominates(s, u) for u in blocks):
                return s
        return None

    @staticmethod
    def _sink(inst: Inst, b: Block, dest: Block, dom: DomTree[Block]) -> None:
        line = inst.loc.line if inst.loc is not None else 0
        records = [u.user for u in inst.uses if u.is_debug]
        move_to(inst, dest, 0, LocPolicy.DROP, records_stay=True)
        after = dest.insts[1]  # a terminator at least follows
        for rec in records:
            assert isinstance(rec, DbgRecord) and rec.inst is not None
            where = rec.inst.block
            if where is not None and dom.dominates(dest, where):
                continue  # on the path that still computes it
            if where is b and rec.kind is DbgKind.NEW:
                copy = DbgRecord(DbgKind.NEW, rec.var, inst, rec.expr, loc=rec.loc)
                move_records_to([copy], after)  # before S's own updates
                if not salvage_record(rec, inst):
                    make_unavailable(rec, Why(WhyKind.NOT_YET, line=line))
            elif not salvage_record(rec, inst):
                make_unavailable(rec)  # "computation removed by sink"


register(Sink)
