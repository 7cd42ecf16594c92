"""Linear function test replacement: a counted loop's exit test on its scaled
induction variable, so the counter itself goes.

After iv-sr, a loop over arrays that share one index (`s += a[k] * b[k]`) keeps
two induction variables: the counter `k` (i32), which only feeds its own step and
the exit test `k + 1 < n`, and the byte offset `j = sext(k) * f` that the
addresses use. One register and one add per iteration are spent on `k`. This
pass rewrites the test to `j + s*f < sext(n) * f` and deletes `k`.

It applies when, in a loop with a preheader and one latch:
* `k` is a header parameter stepped by `add nsw k, s` (the `nsw` makes
  `sext(k + s) = sext(k) + s`, so `j == sext(k) * f` at every point of the loop);
* `j` is a header parameter entering with `sext(init) * f` (iv-sr's start value)
  and stepped by `s * f`; `f` is a power of two below 2^32, so no product of a
  32-bit value overflows 64 bits and the comparison's outcome is unchanged;
* the test is a signed or equality `icmp` of `k` or its step against a loop
  invariant, in the block whose branch ends the loop (the latch or the header);
* nothing else in the program uses `k` or its step.

Debug info: the counter is a source variable. Its records move to `j` with the
expression `constu 2^(32+log2 f)-1, and, constu log2 f, shr`, exact in the
variable's 32 bits whatever the sign of `j` (a logical shift of a
two's-complement multiple of `f` keeps the low bits of the quotient; the mask
keeps just the bits the shift brings into those 32); the records of the step
follow the scaled step with the same expression, the scaled step now sitting
where the counter's step was, before every record of it. So the variable keeps
a value everywhere it had one (VALUES kept). The scaled step takes the counter
step's location with its atom (it is now the instruction that carries out the
source's increment); the bound computed in the preheader for a variable limit
gets no location (drop rule: hoisted out of the loop).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import (
    ARTIFICIAL,
    I64,
    Binary,
    Block,
    BlockParam,
    Cast,
    Cmp,
    Const,
    Function,
    Inst,
    IntType,
    Op,
    Value,
)
from ..ir.debuginfo import DW_OP_constu, DW_OP_shr
from ..ir.locations import drop
from ..ir.loops import Loop, loop_info
from ..ir.rewrite import (
    erase,
    insert_before_terminator,
    move_to,
    remove_param,
    retarget_debug_uses,
)
from ..ir.salvage_ops import zero_extended
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

# predicates whose outcome is the same on sext(x) * f as on x, for f > 0
_ORDER_KEEPING = frozenset({"eq", "ne", "slt", "sle", "sgt", "sge"})


class LinearTestReplace(FunctionPass):
    """Test a counted loop's exit on its scaled IV and delete the counter."""

    name: ClassVar[str] = "lftr"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        preds = fn.predecessors()
        for loop, pre, latch in loop_info(fn).counted_shapes(preds):
            if _replace_test(loop, pre, latch, preds[loop.header]):
                ctx.count("lftr.replaced")
                changed = True
        return changed


register(LinearTestReplace)


def _edge_args(term: Inst | None, h: Block) -> list[Value]:
    assert term is not None
    return next(s for s in term.succs if s.block is h).arg_values


def _replace_test(loop: Loop, pre: Block, latch: Block, header_preds: list[Block]) -> bool:
    h = loop.header
    entry = _edge_args(pre.terminator, h)
    back = _edge_args(latch.terminator, h)
    for k, p in enumerate(h.params):
        step = back[k]
        if not (isinstance(p.ty, IntType) and p.ty.bits == 32 and isinstance(step, Binary)
                and step.op is Op.ADD and step.nsw and step.lhs is p
                and isinstance(step.rhs, Const) and step.block is not None
                and loop.contains(step.block)):
            continue
        s = step.rhs.signed()
        for m, j in enumerate(h.params):
            f = _scale(entry[k], entry[m], back[m], j, s)
            if f is not None and _rewrite(loop, pre, latch, header_preds, k, m, step, f):
                return True
    return False


def _scale(init_k: Value, init_j: Value, next_j: Value, j: BlockParam, s: int) -> int | None:
    """f if `j` starts at sext(init_k) * f and steps by s * f (f a power of two < 2^32)."""
    if j.ty != I64 or not (isinstance(next_j, Binary) and next_j.op is Op.ADD
                           and next_j.lhs is j and isinstance(next_j.rhs, Const)):
        return None
    stride = next_j.rhs.signed()
    if s == 0 or stride % s:
        return None
    f = stride // s
    if f <= 0 or f & (f - 1) or f >= 1 << 32:
        return None
    if isinstance(init_j, Const) and isinstance(init_k, Const):
        return f if init_j.signed() == init_k.signed() * f else None
    if (isinstance(init_j, Binary) and init_j.op is Op.MUL and isinstance(init_j.rhs, Const)
            and init_j.rhs.signed() == f and isinstance(init_j.lhs, Cast)
            and init_j.lhs.op is Op.SEXT and _same(init_j.lhs.value, init_k)):
        return f
    return None


def _same(a: Value, b: Value) -> bool:
    return a is b or (isinstance(a, Const) and isinstance(b, Const) and a.ty == b.ty
                      and a.identity() == b.identity())


def _exit_test(loop: Loop, p: BlockParam, step: Binary) -> tuple[Cmp, int] | None:
    """The only other real user of the counter or its step: an order-keeping icmp
    against a loop invariant, which ends its block's branch. (cmp, counter side)"""
    users = [u.user for v in (p, step) for u in v.uses
             if not u.is_debug and u.user is not step and not _dead_cast(u.user)]
    term_uses = [u for u in step.uses if not u.is_debug and u.user is not step
                 and isinstance(u.user, Inst) and u.user.is_terminator]
    cmps = [u for u in users if isinstance(u, Cmp)]
    # the step's one terminator use is the back edge; everything else is the test
    if len(term_uses) != 1 or len(cmps) != 1 or len(users) != 2:
        return None
    cmp = cmps[0]
    if cmp.op is not Op.ICMP or cmp.pred not in _ORDER_KEEPING or cmp.block is None \
            or not loop.contains(cmp.block) or len(cmp.uses) != 1:
        return None
    side = 0 if cmp.lhs in (p, step) else 1
    other = cmp.operand(1 - side)
    if cmp.operand(side) not in (p, step) or not loop.is_invariant(other):
        return None
    br = cmp.uses[0].user
    if br is not cmp.block.terminator or br.op is not Op.BRANCH:
        return None
    return cmp, side


def _dead_cast(v: object) -> bool:
    return isinstance(v, Cast) and v.op is Op.SEXT and not v.has_real_uses()


def _rewrite(loop: Loop, pre: Block, latch: Block, header_preds: list[Block], k: int, m: int,
             step: Binary, f: int) -> bool:
    h = loop.header
    p, j = h.params[k], h.params[m]
    found = _exit_test(loop, p, step)
    if found is None:
        return False
    cmp, side = found
    next_j = _edge_args(latch.terminator, h)[m]
    assert isinstance(next_j, Binary)
    uses_step = cmp.operand(side) is step
    bound = cmp.operand(1 - side)
    new_bound: Value
    if isinstance(bound, Const):
        new_bound = Const(I64, bound.signed() * f)
    else:
        wide = insert_before_terminator(pre, Cast(Op.SEXT, bound, I64, loc=drop()))
        new_bound = insert_before_terminator(pre, Binary(Op.MUL, wide, Const(I64, f),
                                                         loc=drop()))
    log2 = f.bit_length() - 1
    # bits log2 .. log2+31 of j are k's; masking the rest first makes the shift
    # exact for the back end (ldv/salvage.py accepts no shift of unknown bits)
    shr = zero_extended(32 + log2) + (DW_OP_constu, log2, DW_OP_shr)  # k is an i32
    # the increment of the source now happens here
    next_j.set_loc(step.loc if step.loc is not None else ARTIFICIAL)
    cmp.set_operand(side, next_j if uses_step else j)
    cmp.set_operand(1 - side, new_bound)
    # the scaled step goes where the counter's was: every record and test of the
    # step comes after it
    blk = step.block
    assert blk is not None
    move_to(next_j, blk, _index_after(step, next_j), records_stay=True)
    retarget_debug_uses(step, next_j, shr)
    retarget_debug_uses(p, j, shr)
    latch_term = latch.terminator
    assert latch_term is not None
    for succ in latch_term.succs:
        if succ.block is h:
            succ.args[k].set(p)
    for cast in [u.user for u in p.uses if isinstance(u.user, Cast) and _dead_cast(u.user)]:
        erase(cast)
    erase(step)
    remove_param(h, k, header_preds)
    return True


def _index_after(anchor: Inst, moving: Inst) -> int:
    """The index just after `anchor` in its block once `moving` has left its own."""
    assert anchor.block is not None
    insts = anchor.block.insts
    i = insts.index(anchor) + 1
    if moving.block is anchor.block and insts.index(moving) < i:
        i -= 1
    return i
