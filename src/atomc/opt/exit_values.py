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
  value is below X (the branch it comes through says so, or it and X are
  constants): iv < X, so A <= X, so A == X.

A loop from a constant to a constant bound (`for (i = 0; i < 16; i++)`) has no
guard: its exit block's one way in is the latch's edge, on an order compare
false. That edge names a constant as an `eq` branch does (the counter leaves at
16), and the block gets its record; a closed form (`Counted`) over a constant
bound is folded to the constant it computes, for counters of up to 64 bits (it
needs no room on the DWARF stack), and so is a down-counter's constant bound.

A signed `for (i = 0; i < n; i++)` leaves from the guard with i = 0 where
n <= 0, and from the latch with i = n >= 1: on both paths i = max(n, 0),
which the record computes from n without a branch as
`n & ((n & mask) >> (w-1)) - 1` (the sign bit, less one: all ones for n >= 0,
zero below), with DW_OP_dup and a logical shift only (lldb-22 evaluates
DW_OP_shra as a logical shift).

Counters that start at another constant, step by a power of two or count down
(`Counted`): an up-counter from the constant C by s leaves at the first of C,
C + s, ... that is >= X (C itself from the guard, which says X <= C), a
down-counter from S to the constant C at the first of S, S - s, ... that is <= C
(S from the guard, which says S <= C). Both are one closed form over X or S,
computed on the 64-bit DWARF stack from the value extended there (so only for
counters of at most 32 bits); a signed one needs `nsw` (no wrap), an unsigned
one a start or bound in the lower half (an unsigned wrap keeps the counter
congruent to its start modulo a power-of-two step, and cannot end the loop).
A loop running while `k <= X` leaves at the first value > X (C when the guard
says X < C); one counting down while `k >= C` is one counting while `k > C - 1`.

V is the variable's value at the end of P: its last record there, or in P's
single-predecessor ancestors. Only plain `new` records (no expression,
fragment or added locations) of one inlined instance take part.

Debug info: adds records only; instructions, locations and existing records
are unchanged, and records never change code (they are there without -g too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..ir import Block, DbgKind, DbgRecord, Function, Inst, Op, work
from ..ir.debuginfo import (
    DIExpression,
    DW_OP_and,
    DW_OP_constu,
    DW_OP_dup,
    DW_OP_minus,
    DW_OP_plus,
    DW_OP_shr,
    DW_OP_xor,
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
_AT_MOST = {"ule": False, "sle": True}
_AT_LEAST = {"uge": False, "sge": True}
_ORDER_PREDS = frozenset([*_LESS, *_GREATER, *_AT_MOST, *_AT_LEAST])
EQ, MAX0 = "eq", "max0"  # V == X; V == max(X, 0) (signed)
_MAX_STEP = 1 << 16  # steps above it are left alone (wrap-around reasoning below)


@dataclass(frozen=True, slots=True)
class Counted:
    """A counter's exit value as a closed form over X (extended to 64 bits, where the
    arithmetic below cannot overflow for X of at most 32 bits), with
    m = roundup(max(X - bound, 0), step):
    up (X the bound, `bound` the start): V = bound + m, the first value of
    bound, bound + step, ... that is >= X (bound itself when the loop never ran);
    down (X the start): V = X - m, the first of X, X - step, ... that is <= bound.
    `step` None: an edge that says X <= bound, where m is 0 whatever the step.
    `incl` (an up-counter running while k <= X): m = roundup(max(X + 1 - bound, 0),
    step), the first value > X."""

    up: bool
    bound: int
    step: int | None
    signed: bool
    incl: bool = False  # up only: the loop runs while k <= X, so d = X + 1 - bound

    def merge(self, other: Counted) -> Counted | None:
        """The one form both say, when they agree (a step only one names is kept)."""
        if (self.up, self.bound, self.signed, self.incl) != (other.up, other.bound,
                                                             other.signed, other.incl):
            return None
        if self.step is None or other.step is None or self.step == other.step:
            return self if self.step is not None else other
        return None


Kind = str | Counted
Fact = tuple[Value, Kind]


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


def reaching_records(p: Block, preds: dict[Block, list[Block]]) -> dict[object, DbgRecord | None]:
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


def _order(c: Cmp, taken: bool) -> list[tuple[Value, Value, bool, bool]]:
    """(a, b, signed, strict) for each `a < b` (strict) or `a <= b` that the
    outcome `taken` of `c` says."""
    lhs, rhs = c.operands[0].value, c.operands[1].value
    out: list[tuple[Value, Value, bool, bool]] = []
    for signed, p in ((False, "u"), (True, "s")):
        pred = c.pred.removeprefix(p) if c.pred.startswith(p) else ""
        # (a, b, strict) when taken, and when not taken
        forms = {"lt": ((lhs, rhs, True), (rhs, lhs, False)),
                 "gt": ((rhs, lhs, True), (lhs, rhs, False)),
                 "le": ((lhs, rhs, False), (rhs, lhs, True)),
                 "ge": ((rhs, lhs, False), (lhs, rhs, True))}.get(pred)
        if forms is not None:
            a, b, strict = forms[0] if taken else forms[1]
            out.append((a, b, signed, strict))
    return out


def _plus(x: Value, k: int, signed: bool) -> Const | None:
    """The constant x + k when it is one and the sum stays in x's range."""
    v = _int(x, signed) if isinstance(x, Const) else None
    if v is None or not isinstance(x.ty, IntType):
        return None
    w = x.ty.bits
    lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if signed else (0, (1 << w) - 1)
    return Const(x.ty, v + k) if lo <= v + k <= hi else None


def _says_order(src: Block, dest: Block, a: Value, x: Value, signed: bool,
                strict: bool) -> bool:
    """Does the branch of `src` into `dest` say `a < x` (strict) or `a <= x`? Two
    constants say it (or not) on every edge: a loop entered by a plain jump from
    `i = 0` to its `i < 16` test."""
    if isinstance(a, Const) and isinstance(x, Const):
        ca, cx = _int(a, signed), _int(x, signed)
        return ca is not None and cx is not None and (ca < cx if strict else ca <= cx)
    got = _edge_cond(src, dest)
    if got is None:
        return False
    c, taken = got
    for lo, hi, sgn, stc in _order(c, taken):
        if sgn is not signed:
            continue
        if _same(lo, a) and _same(hi, x) and (stc or not strict):
            return True
        # a < x as a + 1 <= x or a <= x - 1 for a constant; a <= x as a < x + 1
        k = 1 if strict else -1
        if not stc and strict or stc and not strict:
            if (_same(hi, x) and (b := _plus(a, k, signed)) is not None and _same(lo, b)
                    or _same(lo, a) and (y := _plus(x, -k, signed)) is not None
                    and _same(hi, y)):
                return True
    # 0 <u x from `x != 0` (instcombine's form of the guard `0 < x`)
    lhs, rhs = c.operands[0].value, c.operands[1].value
    zero = isinstance(a, Const) and a.value == 0
    return (taken and not signed and zero and c.pred == "ne"
            and any(_same(o, x) for o in (lhs, rhs)) and any(_same(o, a) for o in (lhs, rhs)))


def _below_on_edge(src: Block, dest: Block, a: Value, x: Value, signed: bool) -> bool:
    """Does the branch of `src` into `dest` say `a < x`?"""
    return _says_order(src, dest, a, x, signed, True)


def _int(c: Const, signed: bool) -> int | None:
    """A constant's value as the compare reads it."""
    if not isinstance(c.ty, IntType) or not isinstance(c.value, int):
        return None
    w = c.ty.bits
    v = c.value & ((1 << w) - 1)
    return v - (1 << w) if signed and v >> (w - 1) else v


def _step(v: Value) -> tuple[BlockParam, int] | None:
    """(iv, k) for v = iv + k, k a constant (negative for a down-counter)."""
    if not (isinstance(v, Binary) and v.op is Op.ADD):
        return None
    iv, k = v.operands[0].value, v.operands[1].value
    if not isinstance(iv, BlockParam) or not isinstance(k, Const):
        return None
    step = _int(k, True)
    return (iv, step) if step else None


def _starts(iv: BlockParam, v: Value, preds: dict[Block, list[Block]],
            ) -> list[tuple[Block, Value]] | None:
    """Each edge into iv's block and the value iv gets on it (None: unknown)."""
    header = iv.block
    out = []
    for src in preds.get(header, []):
        term = src.terminator
        if term is None:
            return None
        out += [(src, s.args[iv.index].value) for s in term.succs if s.block is header]
    return out or None


def _counted_exit(cond: Cmp, v: Value, preds: dict[Block, list[Block]],
                  dom: DomTree[Block]) -> list[Fact]:
    """`v == X` when `v` = iv + 1 leaves an up-counting loop on `v < X` false
    (and `v == max(X, 0)` for a signed one whose counter starts at constants
    >= 0: then X = v >= 1). X must be defined before the loop (a value computed
    in it would differ per iteration). Also the closed forms of `Counted`, and
    those of a loop running while `v <= X` (every start <= X)."""
    signed = _LESS.get(cond.pred)
    incl = signed is None and cond.pred in _AT_MOST
    if incl:
        signed = _AT_MOST[cond.pred]
    if signed is None or cond.operands[0].value is not v:
        return _counted_down(cond, v, preds)
    x = cond.operands[1].value
    got = _step(v)
    if got is None:
        return []
    iv, step = got
    header = iv.block
    starts = _starts(iv, v, preds)
    if starts is None or not _available(x, header, dom):
        return []
    nonneg = True  # every value iv starts from is a constant >= 0, or v itself
    for src, start in starts:
        if not _says_order(src, header, start, x, signed, not incl):
            return []
        nonneg = nonneg and (start is v or isinstance(start, Const)
                             and isinstance(start.ty, IntType) and isinstance(start.value, int)
                             and start.value < 1 << (start.ty.bits - 1))
    out: list[Fact] = []
    if step == 1 and not incl:
        out.append((x, EQ))
        if signed and nonneg:
            out.append((x, MAX0))
    first = {_int(s, signed) for _, s in starts if s is not v and isinstance(s, Const)}
    others = [s for _, s in starts if s is not v and not isinstance(s, Const)]
    bits = _counter_bits(v, step, signed, wide=isinstance(x, Const))
    if len(first) == 1 and not others and bits:
        c = first.pop()
        if c is not None and (signed or c <= 1 << (bits - 1)):
            out.append((x, Counted(True, c, step, signed, incl)))
    return out


def _counter_bits(v: Value, step: int, signed: bool, wide: bool = False) -> int:
    """The width of `v` (0: none) when it is a counter of at most 32 bits whose
    steps cannot skip the closed form:
    a power-of-two step (each value stays congruent to the start after an
    unsigned wrap) small against the type, and for a signed compare no signed
    wrap (`nsw`)? `wide`: the bound is a constant, so the form is folded here
    (`_folded`) and needs no room on the DWARF stack: up to 64 bits."""
    ty = v.ty
    mag = abs(step)
    ok = (isinstance(ty, IntType) and 1 < ty.bits <= (64 if wide else 32)
          and mag & (mag - 1) == 0
          and mag <= _MAX_STEP and mag < 1 << (ty.bits - 2)
          and (not signed or isinstance(v, Binary) and v.nsw))
    return ty.bits if ok and isinstance(ty, IntType) else 0


def _counted_down(cond: Cmp, v: Value, preds: dict[Block, list[Block]]) -> list[Fact]:
    """A down-counter v = iv - s leaving on `v > C` false (C a constant), every
    edge into iv's block saying its start is > C: from the one start S other
    than v, V == S - roundup(S - C, s) (the first of S, S - s, ... <= C), and V ==
    C when s is 1. `v >= C` false is `v > C - 1` false."""
    signed = _GREATER.get(cond.pred)
    bound: Value | None = cond.operands[1].value
    if signed is None and cond.pred in _AT_LEAST:
        signed = _AT_LEAST[cond.pred]
        bound = _plus(cond.operands[1].value, -1, signed)
    if signed is None or cond.operands[0].value is not v or not isinstance(bound, Const):
        return []
    got = _step(v)
    c = _int(bound, signed)
    # up to 64 bits: `bound` is a constant, and a closed form over a start that is
    # not one is left out for a counter wider than 32 bits where the records are made
    bits = _counter_bits(v, got[1], signed, wide=True) if got is not None and got[1] < 0 else 0
    if got is None or c is None or not bits:
        return []
    if not signed and c >= 1 << (bits - 1):
        return []  # an unsigned exit near the top could follow a wrap
    iv, step = got
    starts = _starts(iv, v, preds)
    if starts is None:
        return []
    for src, start in starts:
        if not _below_on_edge(src, iv.block, bound, start, signed):
            return []
    firsts = [s for _, s in starts if s is not v]
    if not firsts or any(not _same(f, firsts[0]) for f in firsts):
        return []
    out: list[Fact] = [(firsts[0], Counted(False, c, -step, signed))]
    if step == -1:
        out.append((bound, EQ))
    return out


def _at_most(c: Cmp, taken: bool) -> list[tuple[Value, Value, bool]]:
    """(a, b, signed) for each `a <= b` that the outcome `taken` of `c` says (`a < C`
    as `a <= C - 1`, `C < b` as `C + 1 <= b`)."""
    out: list[tuple[Value, Value, bool]] = []
    for a, b, signed, strict in _order(c, taken):
        if not strict:
            out.append((a, b, signed))
        elif (b1 := _plus(b, -1, signed)) is not None:
            out.append((a, b1, signed))
        elif (a1 := _plus(a, 1, signed)) is not None:
            out.append((a1, b, signed))
    return out


def _guard_facts(c: Cmp, taken: bool, v: Value) -> list[Fact]:
    """Facts of a loop's guard edge: `X <= C` with v the constant C (an up-counter
    from C that never ran), `v <= C` (a down-counter to C that never ran), and v
    == 0 from `v <=u 0`."""
    out: list[Fact] = []
    for a, b, signed in _at_most(c, taken):
        if isinstance(b, Const) and _same(a, v) and not isinstance(v, Const):
            cb = _int(b, signed)
            if cb is not None:
                out.append((v, Counted(False, cb, None, signed)))
            if cb == 0 and not signed:
                out.append((b, EQ))
        if isinstance(v, Const) and isinstance(b, Const) and not isinstance(a, Const):
            cv, cb = _int(v, signed), _int(b, signed)
            if cv is not None and cb is not None and cb <= cv:
                out.append((a, Counted(True, cv, None, signed)))
            if cv is not None and cb is not None and cb <= cv - 1:  # X + 1 <= v
                out.append((a, Counted(True, cv, None, signed, True)))
    return out


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
    return out + _guard_facts(c, taken, v)


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


def _counted_ops(k: Counted, ty: IntType) -> DIExpression:
    """`Counted`'s closed form over X on the DWARF stack: X extended to 64 bits
    (masked; a signed one by `(x ^ sign) - sign`), d = X - bound, max(d, 0) as d &
    ((d >> 63) - 1), rounded up to the step by `(m + step - 1) & -step`, then
    bound + m (up) or X - m (down, X kept below by a DW_OP_dup)."""
    u64 = (1 << 64) - 1
    w = ty.bits
    ops: list[int] = [DW_OP_constu, (1 << w) - 1, DW_OP_and]
    if k.signed:
        ops += [DW_OP_constu, 1 << (w - 1), DW_OP_xor, DW_OP_constu, 1 << (w - 1), DW_OP_minus]
    if not k.up:
        ops.append(DW_OP_dup)
    if k.bound - k.incl:
        ops += [DW_OP_constu, (k.bound - k.incl) & u64, DW_OP_minus]
    ops += [DW_OP_dup, DW_OP_constu, 63, DW_OP_shr, DW_OP_constu, 1, DW_OP_minus, DW_OP_and]
    if k.step is not None and k.step > 1:
        ops += [DW_OP_constu, k.step - 1, DW_OP_plus, DW_OP_constu, -k.step & u64, DW_OP_and]
    if not k.up:
        ops.append(DW_OP_minus)
    elif k.bound:
        ops += [DW_OP_constu, k.bound & u64, DW_OP_plus]
    return DIExpression(tuple(ops))


def _folded(x: Value, kind: Kind) -> Fact:
    """A closed form over a constant X as the constant it computes (`Counted`'s
    formula in Python), when it lies in X's type; any other fact as it is."""
    if not isinstance(kind, Counted) or not isinstance(x, Const) \
            or not isinstance(x.ty, IntType):
        return x, kind
    cx = _int(x, kind.signed)
    if cx is None:
        return x, kind
    d = max(cx + kind.incl - kind.bound if kind.up else cx - kind.bound, 0)
    m = -(-d // kind.step) * kind.step if kind.step else 0
    v = kind.bound + m if kind.up else cx - m
    w = x.ty.bits
    lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if kind.signed else (0, (1 << w) - 1)
    return (Const(x.ty, v), EQ) if lo <= v <= hi else (x, kind)


def _kind_ops(kind: Kind, ty: object) -> DIExpression:
    """The record expression that computes V from X."""
    if isinstance(ty, IntType) and kind == MAX0:
        return _max0_ops(ty)
    if isinstance(ty, IntType) and isinstance(kind, Counted):
        return _counted_ops(kind, ty)
    return DIExpression()


def _both(common: list[Fact], facts: list[Fact]) -> list[Fact]:
    """The facts of `common` that `facts` also says (a `Counted` merged with one
    that names its step)."""
    out: list[Fact] = []
    for x, k in common:
        for y, f in facts:
            if not _same(x, y):
                continue
            if isinstance(k, Counted) and isinstance(f, Counted):
                merged = k.merge(f)
                if merged is not None:
                    out.append((x, merged))
                    break
            elif k == f:
                out.append((x, k))
                break
    return out


def _says_equal(p: Block, b: Block) -> bool:
    """Does P's branch into B say that two values are equal?"""
    got = _edge_cond(p, b)
    return got is not None and (got[0].pred, got[1]) in (("eq", True), ("ne", False))


def _says_bound(p: Block, b: Block, dom: DomTree[Block]) -> bool:
    """Is P -> B a loop's exit on an order compare false (`i + 1 < 16`)? With a
    counter from a constant below a constant bound, that names the constant the
    counter leaves with (`_counted_exit`) on a loop whose guard folded away: the
    exit's one way in (`for (i = 0; i < 16; i++)` leaves i at 16)."""
    got = _edge_cond(p, b)
    return got is not None and not got[1] and got[0].pred in _ORDER_PREDS \
        and _leaves_loop(p, b, dom)


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
        named = all(_says_equal(p, b) or _says_bound(p, b, dom) for p in ps)
        leaves = named and all(_leaves_loop(p, b, dom) for p in ps)
        if len(ps) == 1 and not named:
            continue  # one way in: only a constant the branch names can help
        reach = []
        for p in ps:
            if id(p) not in memo:
                memo[id(p)] = reaching_records(p, preds)
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
                common = facts if common is None else _both(common, facts)
                if not common:
                    break
            if not common:
                continue
            common = [_folded(x, k) for x, k in common]
            fit = [c for c in common if _available(c[0], b, dom) and c[0].ty == vals[0].ty
                   and (c[1] == EQ or isinstance(c[0].ty, IntType) and 1 < c[0].ty.bits
                        <= (32 if isinstance(c[1], Counted) else 64))
                   and (not only_const or isinstance(c[0], Const) and c[1] == EQ
                        and not _same(c[0], vals[0]))]
            if not fit:
                continue
            # a constant first (no register to lose), then a plain value, then the
            # shortest expression
            x, kind = min(fit, key=lambda c: (not isinstance(c[0], Const), c[1] != EQ,
                                              isinstance(c[1], Counted)))
            expr = _kind_ops(kind, x.ty)
            new = DbgRecord(DbgKind.NEW, rec0.var, x, expr, loc=rec0.loc)
            new.inst = b.insts[0]
            b.insts[0].dbg_records.insert(0, new)
            added += 1
    return added


class ExitValues(FunctionPass):
    """Records for variables equal to one value on every path into a join
    (see module docstring)."""

    name: ClassVar[str] = "exit-values"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        n = add_exit_values(fn)
        ctx.count("exit-values.records", n)
        return bool(n)


register(ExitValues)
