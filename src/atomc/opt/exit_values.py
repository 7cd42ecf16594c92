"""Loop-exit values: a variable's value where paths join, named by the
conditions of the branches that lead there (issue 15, loop-exit values).

After `for (i = 0; i != n; i++)` the exit block is reached from the guard
(`n != 0` false: `i` is 0, and so is `n`) and from the latch (`i + 1 != n`
false: `i` is `n`). The two paths bring different values, so the variable
solver finds no common location ("paths leave its value in different
places"), yet on every path `i` equals `n`. Where each incoming edge implies
that the variable's value on it equals one value X available in the block,
this pass adds a record `var = X` at the block's start.

An edge P -> B implies `V == X` when
* V is X (the same value, or equal constants);
* P branches on `icmp eq V, X` to B when true, or `icmp ne V, X` when false;
* V is 0 and the branch says X <=u 0 (`X >u 0` false: the guard of an
  unsigned loop from 0);
* V = A + k and the branch says A == C: V == C + k (`while (n--)`).

Where every edge in names a constant for the variable and is a loop's exit
(`while (--blks)` leaves blks at 0) or its value has no later use, the block
gets a record of that constant even when the variable's value is one
register on every path: a constant location outlives the register.
* P is the latch of an up-counting loop leaving on `icmp ult/slt A, X` false
  (A >= X), A = `add iv, 1`, and on every edge into iv's block the incoming
  value is below X (the branch it comes through says so): iv < X, so
  A <= X, so A == X.

A signed `for (i = 0; i < n; i++)` leaves from the guard with i = 0 where
n <= 0, and from the latch with i = n >= 1: on both paths i = max(n, 0),
which the record computes from n without a branch as
`n & ((n & mask) >> (w-1)) - 1` (the sign bit, less one: all ones for n >= 0,
zero below), with DW_OP_dup and a logical shift only (lldb-22 evaluates
DW_OP_shra as a logical shift).

V is the variable's value at the end of P: its last record there, or in P's
single-predecessor ancestors. Only plain `new` records (no expression,
fragment or added locations) of one inlined instance take part.

Debug info: adds records only; instructions, locations and existing records
are unchanged, and records never change code (they are there without -g too).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Block, DbgKind, DbgRecord, Function, Inst, Op, work
from ..ir.debuginfo import (
    DIExpression,
    DW_OP_and,
    DW_OP_constu,
    DW_OP_dup,
    DW_OP_minus,
    DW_OP_shr,
)
from ..ir.dominators import DomTree, dominators_of_function
from ..ir.insts import Binary, Cmp
from ..ir.types import IntType
from ..ir.values import Arg, BlockParam, Const, Value
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

_WALK = 8  # single-predecessor ancestors searched for a variable's last record
_LESS = {"ult": False, "slt": True}  # predicate -> signed
_GREATER = {"ugt": False, "sgt": True}
EQ, MAX0 = "eq", "max0"  # V == X; V == max(X, 0) (signed)
Fact = tuple[Value, str]


def _same(a: Value, b: Value) -> bool:
    if a is b:
        return True
    return isinstance(a, Const) and isinstance(b, Const) and a.ty == b.ty and a.value == b.value


def _edge_cond(p: Block, b: Block) -> tuple[Cmp, bool] | None:
    """The integer compare P branches on and the outcome that leads to B."""
    term = p.terminator
    if term is None or term.op is not Op.BRANCH or len(term.succs) != 2:
        return None
    then, els = term.succs[0].block, term.succs[1].block
    if then is els:
        return None
    cond = term.operands[0].value
    if not isinstance(cond, Cmp) or cond.op is not Op.ICMP:
        return None
    return cond, then is b


def _reaching(p: Block, preds: dict[Block, list[Block]]) -> dict[object, DbgRecord | None]:
    """Each variable's last record on the way to P's end (None: one not usable):
    P's own, then those of the chain above it of blocks with one predecessor and
    one successor each (so every block is walked for one P only: linear work)."""
    out: dict[object, DbgRecord | None] = {}
    blk: Block | None = p
    for _ in range(_WALK):
        if blk is None:
            break
        for inst in reversed(blk.insts):
            for rec in reversed(inst.dbg_records):
                work.add("exit_values.records", 1)
                key = (rec.var, rec.loc.inlined_at if rec.loc is not None else None)
                if key in out:
                    continue
                plain = rec.kind is DbgKind.NEW and rec.value is not None and not rec.expr.ops
                out[key] = rec if plain else None
        ps = preds.get(blk, [])
        up = ps[0] if len(ps) == 1 else None
        term = up.terminator if up is not None else None
        blk = up if term is not None and len(term.succs) == 1 and up is not p else None
    return out


def _below_on_edge(src: Block, dest: Block, a: Value, x: Value, signed: bool) -> bool:
    """Does the branch of `src` into `dest` say `a < x`?"""
    got = _edge_cond(src, dest)
    if got is None:
        return False
    c, taken = got
    lhs, rhs = c.operands[0].value, c.operands[1].value
    if taken and _LESS.get(c.pred) is signed and _same(lhs, a) and _same(rhs, x):
        return True
    if taken and _GREATER.get(c.pred) is signed and _same(lhs, x) and _same(rhs, a):
        return True
    # 0 <u x from `x != 0` (instcombine's form of the guard `0 < x`)
    zero = isinstance(a, Const) and a.value == 0
    return (taken and not signed and zero and c.pred == "ne"
            and any(_same(o, x) for o in (lhs, rhs)) and any(_same(o, a) for o in (lhs, rhs)))


def _counted_exit(cond: Cmp, v: Value, preds: dict[Block, list[Block]],
                  dom: DomTree[Block]) -> list[Fact]:
    """`v == X` when `v` = iv + 1 leaves an up-counting loop on `v < X` false
    (and `v == max(X, 0)` for a signed one whose counter starts at constants
    >= 0: then X = v >= 1). X must be defined before the loop (a value computed
    in it would differ per iteration)."""
    signed = _LESS.get(cond.pred)
    if signed is None or cond.operands[0].value is not v:
        return []
    x = cond.operands[1].value
    if not (isinstance(v, Binary) and v.op is Op.ADD):
        return []
    iv, step = v.operands[0].value, v.operands[1].value
    if not (isinstance(step, Const) and step.value == 1 and isinstance(iv, BlockParam)):
        return []
    header = iv.block
    incoming = preds.get(header, [])
    if not incoming or not _available(x, header, dom):
        return []
    nonneg = True  # every value iv starts from is a constant >= 0, or v itself
    for src in incoming:
        term = src.terminator
        if term is None:
            return []
        for s in term.succs:
            if s.block is not header:
                continue
            start = s.args[iv.index].value
            if not _below_on_edge(src, header, start, x, signed):
                return []
            nonneg = nonneg and (start is v or isinstance(start, Const)
                                 and isinstance(start.ty, IntType) and isinstance(start.value, int)
                                 and start.value < 1 << (start.ty.bits - 1))
    return [(x, EQ), (x, MAX0)] if signed and nonneg else [(x, EQ)]


def _equal_on_edge(p: Block, b: Block, v: Value, preds: dict[Block, list[Block]],
                   dom: DomTree[Block]) -> list[Fact]:
    """Facts (X, EQ): `v == X`, (X, MAX0): `v == max(X, 0)`, whenever P branches to B."""
    out: list[Fact] = [(v, EQ)]
    got = _edge_cond(p, b)
    if got is None:
        return out
    c, taken = got
    lhs, rhs = c.operands[0].value, c.operands[1].value
    if (c.pred == "eq" and taken) or (c.pred == "ne" and not taken):
        if _same(lhs, v):
            out.append((rhs, EQ))
        if _same(rhs, v):
            out.append((lhs, EQ))
        # v = a + k where the edge says a == C: v == C + k (`while (n--)` leaves n at -1)
        if isinstance(v, Binary) and v.op is Op.ADD and isinstance(v.operands[1].value, Const):
            a, k = v.operands[0].value, v.operands[1].value
            for this, other in ((lhs, rhs), (rhs, lhs)):
                if _same(this, a) and isinstance(other, Const) and isinstance(other.value, int) \
                        and isinstance(k.value, int):
                    out.append((Const(v.ty, other.value + k.value), EQ))
    elif not taken:
        out += _counted_exit(c, v, preds, dom)
    # `X <= 0` and v = 0: unsigned, X == 0 == v (the guard `0 < X` false, as
    # `X >u 0`); signed, v == max(X, 0)
    if isinstance(v, Const) and v.value == 0:
        for x, signed in _not_above_zero(c, taken):
            out.append((x, MAX0) if signed else (x, EQ))
    return out


def _not_above_zero(c: Cmp, taken: bool) -> list[tuple[Value, bool]]:
    """(X, signed) when the outcome `taken` of `c` says X <= 0."""
    lhs, rhs = c.operands[0].value, c.operands[1].value
    rzero = isinstance(rhs, Const) and rhs.value == 0
    lzero = isinstance(lhs, Const) and lhs.value == 0
    out: list[tuple[Value, bool]] = []
    for signed, gt, lt, le in ((False, "ugt", "ult", "ule"), (True, "sgt", "slt", "sle")):
        if not taken and c.pred == gt and rzero:
            out.append((lhs, signed))
        if not taken and c.pred == lt and lzero:
            out.append((rhs, signed))
        if taken and c.pred == le and rzero:
            out.append((lhs, signed))
    return out


def _max0_ops(ty: IntType) -> DIExpression:
    """max(x, 0) for a signed `ty` x: x & (sign bit - 1), the sign bit read after
    a mask (the register's upper bits are unknown) with a logical shift."""
    w = ty.bits
    return DIExpression((DW_OP_dup, DW_OP_constu, (1 << w) - 1, DW_OP_and, DW_OP_constu, w - 1,
                         DW_OP_shr, DW_OP_constu, 1, DW_OP_minus, DW_OP_and))


def _says_equal(p: Block, b: Block) -> bool:
    """Does P's branch into B say that two values are equal?"""
    got = _edge_cond(p, b)
    return got is not None and (got[0].pred, got[1]) in (("eq", True), ("ne", False))


def _leaves_loop(p: Block, b: Block, dom: DomTree[Block]) -> bool:
    """Is P -> B the exit of a loop whose latch is P (P's other edge goes back to
    a block dominating P)? After a loop the counter's register is soon reused; a
    constant on a plain `if` edge would instead meet the same value in that
    register at the next join, where the solver, seeing two values, gives up."""
    term = p.terminator
    return term is not None and any(s.block is not b and dom.dominates(s.block, p)
                                    for s in term.succs)


def _unused_after(v: Value | None, ps: list[Block], dom: DomTree[Block]) -> bool:
    """Is every real use of `v` above the branches of `ps` (in blocks dominating
    each)? Then its register is free after them, and a constant keeps the value;
    a later use keeps the register, where the constant would only make the next
    join see two values."""
    if v is None or isinstance(v, Const):
        return False
    for u in v.uses:
        if u.is_debug:
            continue
        user = u.user
        blk = user.block if isinstance(user, Inst) else None
        if blk is None or not all(dom.dominates(blk, p) for p in ps):
            return False
    return True


def _available(x: Value, b: Block, dom: DomTree[Block]) -> bool:
    """Is `x` defined on every path to B, before B (its value at B's start)?"""
    if isinstance(x, (Const, Arg)):
        return True
    if isinstance(x, BlockParam):
        return dom.dominates(x.block, b)
    if isinstance(x, Inst) and x.block is not None:
        return x.block is not b and dom.dominates(x.block, b)
    return False


def _start_vars(b: Block) -> set[object]:
    first = b.insts[0] if b.insts else None
    return {(r.var, r.loc.inlined_at if r.loc is not None else None)
            for r in (first.dbg_records if first is not None else ())}


def add_exit_values(fn: Function) -> int:
    """Add the join records; returns how many."""
    preds = fn.predecessors()
    dom = dominators_of_function(fn)
    memo: dict[int, dict[object, DbgRecord | None]] = {}  # block -> its _reaching
    added = 0
    for b in fn.blocks:
        ps = preds.get(b, [])
        if not ps or len(set(map(id, ps))) != len(ps) or not b.insts:
            continue
        named = all(_says_equal(p, b) for p in ps)
        leaves = named and all(_leaves_loop(p, b, dom) for p in ps)
        if len(ps) == 1 and not named:
            continue  # one way in: only a constant the branch names can help
        reach = []
        for p in ps:
            if id(p) not in memo:
                memo[id(p)] = _reaching(p, preds)
            reach.append(memo[id(p)])
        at_start = _start_vars(b)
        for key, rec0 in reach[0].items():
            if rec0 is None or key in at_start:
                continue
            recs = [r.get(key) for r in reach]
            if any(r is None for r in recs):
                continue
            vals = [v for r in recs if r is not None and (v := r.value) is not None]
            if len(vals) != len(ps):
                continue
            # one value: the solver joins it already, but a constant the branches
            # name outlives the register holding it
            only_const = all(_same(v, vals[0]) for v in vals)
            if only_const and not (named and (leaves or _unused_after(vals[0], ps, dom))):
                continue
            common: list[Fact] | None = None
            for p, v in zip(ps, vals, strict=True):
                facts = _equal_on_edge(p, b, v, preds, dom)
                common = facts if common is None else [
                    c for c in common if any(_same(c[0], f[0]) and c[1] == f[1] for f in facts)]
                if not common:
                    break
            if not common:
                continue
            fit = [c for c in common if _available(c[0], b, dom) and c[0].ty == vals[0].ty
                   and (c[1] == EQ or isinstance(c[0].ty, IntType) and 1 < c[0].ty.bits <= 64)
                   and (not only_const or isinstance(c[0], Const) and c[1] == EQ
                        and not _same(c[0], vals[0]))]
            if not fit:
                continue
            # a constant first (no register to lose), then a plain value
            x, kind = min(fit, key=lambda c: (not isinstance(c[0], Const), c[1] != EQ))
            expr = _max0_ops(x.ty) if kind == MAX0 and isinstance(x.ty, IntType) \
                else DIExpression()
            new = DbgRecord(DbgKind.NEW, rec0.var, x, expr, loc=rec0.loc)
            new.inst = b.insts[0]
            b.insts[0].dbg_records.insert(0, new)
            added += 1
    return added


@register
class ExitValues(FunctionPass):
    """Records for variables equal to one value on every path into a join
    (see module docstring)."""

    name: ClassVar[str] = "exit-values"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        n = add_exit_values(fn)
        ctx.count("exit-values.records", n)
        return bool(n)
