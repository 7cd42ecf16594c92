"""Values kept by two counters that step in opposite directions.

In `int len = strlen(s); int i = 0, j = len - 1; while (i < j) { ...; i++; j--; }`
nothing reads `len` inside the loop, so its register is reused for `j`, and the
debugger shows `<optimized out>` there. Yet at the loop header every trip has
`i + j == 0 + (len - 1)`: the two counters move by +c and -c. So `len` is
`i + j + 1`, over two values that live on through the loop.

For a loop header H with block parameters A and B, one predecessor outside the
loop passing (Sa, Sb), and every latch passing (A + c, B - c) for one constant c,
`A + B == Sa + Sb` on every entry of H (wrap-around arithmetic, so in every low
bit). When Sa is a constant and a variable whose value reaching the loop is X
(its last record before the loop, with no record of it inside the loop) has
X == Sb or Sb == X + k, then in the loop X == A + B - Sa - k: the header gets a
record of the variable over A and B (ir/operand_records.py: `arg N, plus`, then
the constant), exact wherever both have a location (the back end cuts it where
either is lost).

Debug info: adds records only; instructions and existing records are unchanged
(they are there without -g too, so the code is the same).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Block, DbgKind, Function, Op
from ..ir.debuginfo import DW_OP_constu, DW_OP_minus, DW_OP_plus_uconst
from ..ir.insts import Binary
from ..ir.loops import Loop, loop_info
from ..ir.operand_records import add_pair_record, is_operand_var
from ..ir.types import IntType
from ..ir.values import BlockParam, Const, Value
from .exit_values import reaching_records
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


def _entry_args(p: Block, h: Block) -> list[Value] | None:
    """The values the edge p -> h passes, when p has one edge to h."""
    term = p.terminator
    edges = [s for s in term.succs if s.block is h] if term is not None else []
    return [a.value for a in edges[0].args] if len(edges) == 1 else None


def _step(v: Value, param: BlockParam) -> int | None:
    """k when v is `param + k` (k a constant)."""
    if isinstance(v, Binary) and v.op is Op.ADD and v.lhs is param \
            and isinstance(v.rhs, Const):
        return v.rhs.signed()
    return None


def _offset(x: Value, s: Value) -> int | None:
    """k with s == x + k."""
    if s is x:
        return 0
    if isinstance(s, Binary) and s.op is Op.ADD and s.lhs is x and isinstance(s.rhs, Const):
        return s.rhs.signed()
    return None


def _opposite_pairs(loop: Loop, preds: dict[Block, list[Block]]
                    ) -> list[tuple[BlockParam, BlockParam, int, Value]]:
    """(A, B, Sa, Sb) for header parameters stepping by +c and -c on every latch,
    Sa a constant."""
    h = loop.header
    outside = loop.outside_preds(preds)
    latches = loop.latches()
    start = _entry_args(outside[0], h) if len(outside) == 1 else None
    steps = [_entry_args(lt, h) for lt in latches]
    if start is None or not latches or any(s is None for s in steps):
        return []
    out = []
    params = [p for p in h.params if isinstance(p.ty, IntType) and p.ty.bits <= 64]
    for a in params:
        sa = start[a.index]
        if not isinstance(sa, Const):
            continue
        for b in params:
            if b is a or b.ty != a.ty:
                continue
            cs = {(_step(st[a.index], a), _step(st[b.index], b)) for st in steps if st}
            if len(cs) == 1 and (c := cs.pop())[0] is not None and c[1] is not None \
                    and c[0] == -c[1]:
                out.append((a, b, sa.signed(), start[b.index]))
    return out


def _inside(loop: Loop) -> set[object]:
    """The variables (with inlined-at) some record in the loop assigns."""
    return {(r.var, r.loc.inlined_at if r.loc is not None else None)
            for b in loop.blocks for i in b.insts for r in i.dbg_records}


def add_counter_sums(fn: Function) -> int:
    """Add the header records; returns how many."""
    if fn.module is None:
        return 0
    preds = fn.predecessors()
    added = 0
    for loop in loop_info(fn).loops:
        pairs = _opposite_pairs(loop, preds)
        if not pairs:
            continue
        outside = loop.outside_preds(preds)[0]
        assigned = _inside(loop)
        for key, rec in reaching_records(outside, preds).items():
            if rec is None or key in assigned or is_operand_var(rec.var) \
                    or rec.kind is not DbgKind.NEW:
                continue
            x = rec.value
            for a, b, sa, sb in pairs:
                k = _offset(x, sb) if x is not None and x.ty == a.ty else None
                if k is None:
                    continue
                c = (sa + k) % (1 << 64)  # X = A + B - (Sa + k)
                ops = () if c == 0 else (DW_OP_plus_uconst, (1 << 64) - c) \
                    if c >= 1 << 63 else (DW_OP_constu, c, DW_OP_minus)
                add_pair_record(loop.header.insts[0], rec, a, b, ops)
                added += 1
                break
    return added


class CounterSums(FunctionPass):
    """Records for values two opposite counters keep in their sum (module docstring)."""

    name: ClassVar[str] = "counter-sums"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        n = add_counter_sums(fn)
        ctx.count("counter-sums.records", n)
        return bool(n)


register(CounterSums)
