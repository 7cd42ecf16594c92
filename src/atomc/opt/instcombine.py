"""Instruction combining: constant folding and algebraic peepholes.

Works from a worklist in program order until nothing changes:

* folding of every integer binary op, `icmp` and cast with constant operands,
  with the interpreter's semantics (a fold that would trap is left alone);
  floating-point ops, `fcmp` and conversions fold exactly as the machine
  rounds them (`float_fold`); no integer identity is applied to floats;
* constants to the right of commutative ops and comparisons;
* identities: x+0, x-0, x|0, x^0, x<<0, x*1, x/1, x&-1, x&x, x|x -> x;
  x*0, x&0, x-x, x^x, x%1 -> 0; x|-1 -> -1;
* strength reduction: x*2^k -> x<<k, x udiv 2^k -> x>>k, x urem 2^k -> x&(2^k-1);
  x-c -> x+(-c) (`nsw` kept unless -c wraps); (x+c1)+c2 -> x+(c1+c2) (`nsw` if both
  adds have it and c1+c2 fits); ptradd chains with constant offsets;
* comparisons: x op x; of zero/sign-extended values against constants that fit
  the narrow type, and of two values extended the same way, are done in the
  narrow type (zext turns signed predicates into unsigned ones); i1 compared
  with a constant is the bit itself or its negation; `xor (icmp), true`
  inverts the predicate;
* casts: zext/sext chains, trunc of an extension, trunc of trunc,
  ptrtoint(inttoptr x) and inttoptr(ptrtoint p);
* select on a constant condition or between equal values; selects of the
  constants true/false, 1/0 and -1/0 become the condition, its negation,
  zext or sext.

Debug info: a replaced instruction's records follow the replacement through
`replace_all_uses_with`; it is then erased with salvage. New instructions take
the location of the instruction they replace (keep rule), atom included, so
the source atom keeps its member. Surviving instructions keep their locations
(LOCS, VALUES, SCOPES kept).
"""

from __future__ import annotations

from collections import deque
from typing import ClassVar

from ..ir import (
    I1,
    I64,
    Binary,
    Cast,
    Cmp,
    Const,
    Function,
    Inst,
    IntType,
    Op,
    PtrAdd,
    PtrType,
    Select,
    Value,
)
from ..ir.interp_eval import InterpError, as_int, eval_binary, eval_cast, eval_cmp, to_signed
from ..ir.locations import keep
from ..ir.rewrite import erase, insert_before, replace_value
from .cfgutils import is_removable
from .float_fold import fold_float
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

SWAPPED = {"eq": "eq", "ne": "ne", "slt": "sgt", "sle": "sge", "sgt": "slt", "sge": "sle",
           "ult": "ugt", "ule": "uge", "ugt": "ult", "uge": "ule"}
INVERSE = {"eq": "ne", "ne": "eq", "slt": "sge", "sle": "sgt", "sgt": "sle", "sge": "slt",
           "ult": "uge", "ule": "ugt", "ugt": "ule", "uge": "ult"}
TO_UNSIGNED = {"slt": "ult", "sle": "ule", "sgt": "ugt", "sge": "uge"}


def _const(v: Value) -> int | None:
    if isinstance(v, Const) and isinstance(v.value, int) and \
            isinstance(v.ty, (IntType, PtrType)):
        return v.value
    return None


def _nsw_sum(outer: Inst, inner: Binary) -> bool:
    """Whether `x + (c1 + c2)` keeps `nsw` from `(x +nsw c1) +nsw c2`: both steps
    stay in range, so the exact sum x + c1 + c2 does, and it is the same value
    when c1 + c2 itself fits the type."""
    if not (isinstance(outer, Binary) and outer.nsw and inner.nsw
            and isinstance(outer.rhs, Const) and isinstance(inner.rhs, Const)
            and isinstance(outer.ty, IntType)):
        return False
    half = 1 << (outer.ty.bits - 1)
    return -half <= outer.rhs.signed() + inner.rhs.signed() < half


def _bits(v: Value) -> int:
    return v.ty.bits if isinstance(v.ty, IntType) else 64


def _all_ones(v: Value) -> int:
    return (1 << _bits(v)) - 1


def _log2(c: int) -> int | None:
    return c.bit_length() - 1 if c > 0 and c & (c - 1) == 0 else None


def fold_constant(inst: Inst) -> Value | None:
    """The value an instruction whose operands decide it computes (constants, or the
    chosen arm of a select on a constant), with the interpreter's semantics; None
    when it is not decided or would trap. Shared with legalize-i128."""
    folded = fold_float(inst)
    if folded is not None:
        return folded
    if isinstance(inst, Select):
        c = _const(inst.cond)
        if c is not None:
            return inst.operand(1) if c else inst.operand(2)
        return None
    if not isinstance(inst, (Binary, Cmp, Cast)) or not isinstance(inst.ty, (IntType,
                                                                              PtrType)):
        return None
    if isinstance(inst, Cmp) and inst.op is not Op.ICMP:
        return None
    ints: list[int] = []
    for u in inst.operands:
        c = _const(u.value)
        if c is None:
            return None
        ints.append(c)
    try:
        if isinstance(inst, Cmp):
            return Const(I1, eval_cmp(inst.pred, inst.lhs.ty, ints[0], ints[1]))
        if isinstance(inst, Cast):
            if inst.op not in (Op.ZEXT, Op.SEXT, Op.TRUNC, Op.PTRTOINT, Op.INTTOPTR, Op.CLZ,
                               Op.CTZ):
                return None
            return Const(inst.ty, as_int(eval_cast(inst.op, inst.value.ty, inst.ty, ints[0])))
        return Const(inst.ty, as_int(eval_binary(inst.op, inst.ty, ints[0], ints[1])))
    except InterpError:
        return None


# the instruction classes `simplify` looks at (fold_float and fold_constant take no other)
_COMBINED = (Binary, Cmp, Cast, Select, PtrAdd)


class _Combiner:
    def __init__(self, fn: Function, ctx: PassContext) -> None:
        self.fn = fn
        self.ctx = ctx
        self.work: deque[Inst] = deque()
        self.queued: set[int] = set()
        self.changed = False

    def push(self, v: Value) -> None:
        if isinstance(v, Inst) and v.block is not None and id(v) not in self.queued:
            self.queued.add(id(v))
            self.work.append(v)

    def push_users(self, v: Value) -> None:
        for u in v.uses:
            if not u.is_debug and isinstance(u.user, Inst):
                self.push(u.user)

    def run(self) -> bool:
        queue, queued = self.work, self.queued
        for b in self.fn.blocks:  # every instruction once, in order (`push` of each)
            queue.extend(b.insts)
            queued.update(map(id, b.insts))
        budget = 50 * (len(queue) + 10)
        while queue and budget > 0:
            budget -= 1
            inst = queue.popleft()
            queued.discard(id(inst))
            if inst.block is None:
                continue
            if is_removable(inst) and inst.op is not Op.ALLOCA and not inst.has_real_uses():
                self._erase(inst)
                continue
            new = self.simplify(inst)
            if new is None:
                continue
            self.changed = True
            self.ctx.count("instcombine.combined")
            if new is inst:  # changed in place
                self.push(inst)
                self.push_users(inst)
                continue
            self.push_users(inst)
            replace_value(inst, new)
            self.push(new)
            self._erase(inst)
        return self.changed

    def _erase(self, inst: Inst) -> None:
        ops = [u.value for u in inst.operands]
        erase(inst)
        self.changed = True
        for v in ops:
            if isinstance(v, Inst) and not v.has_real_uses():
                self.push(v)

    @staticmethod
    def emit(new: Inst, before: Inst) -> Inst:
        """Insert `new` (built at `keep(before)`: it replaces `before`) just before it."""
        return insert_before(new, before)

    # ------------------------------------------------------------------------
    def simplify(self, inst: Inst) -> Value | None:
        if not isinstance(inst, _COMBINED):
            return None  # loads, stores, calls...: nothing below folds or rewrites them
        folded = self.fold_constant(inst)
        if folded is not None:
            return folded
        match inst:
            case Binary():
                return self.binary(inst)
            case Cmp() if inst.op is Op.ICMP:
                return self.icmp(inst)
            case Cast():
                return self.cast(inst)
            case Select():
                return self.select(inst)
            case PtrAdd():
                return self.ptradd(inst)
        return None

    def fold_constant(self, inst: Inst) -> Value | None:
        return fold_constant(inst)

    # -- binary ----------------------------------------------------------------
    def binary(self, inst: Binary) -> Value | None:
        op = inst.op
        if not isinstance(inst.ty, IntType):
            return None
        x, y = inst.lhs, inst.rhs
        if inst.info.commutative and _const(x) is not None and _const(y) is None:
            inst.operands[0].set(y)
            inst.operands[1].set(x)
            return inst
        c = _const(y)
        ty = inst.ty
        ones = ty.mask
        zero = Const(ty, 0)
        if x is y:
            if op in (Op.SUB, Op.XOR):
                return zero
            if op in (Op.AND, Op.OR):
                return x
        if c is None:
            return None
        if c == 0:
            if op in (Op.ADD, Op.SUB, Op.OR, Op.XOR, Op.SHL, Op.LSHR, Op.ASHR):
                return x
            if op in (Op.MUL, Op.AND):
                return zero
        if c == 1:
            if op in (Op.MUL, Op.SDIV, Op.UDIV):
                return x
            if op in (Op.SREM, Op.UREM):
                return zero
        if c == ones:
            if op is Op.AND:
                return x
            if op is Op.OR:
                return Const(ty, ones)
        if op is Op.XOR and ty.bits == 1 and c == 1 and isinstance(x, Cmp) \
                and x.op is Op.ICMP and self._single_use(x):
            return self.emit(Cmp(INVERSE[x.pred], x.lhs, x.rhs, loc=keep(inst)), inst)
        k = _log2(c)
        if k is not None and k > 0:
            if op is Op.MUL:
                return self.emit(Binary(Op.SHL, x, Const(ty, k), loc=keep(inst)), inst)
            if op is Op.UDIV:
                return self.emit(Binary(Op.LSHR, x, Const(ty, k), loc=keep(inst)), inst)
            if op is Op.UREM:
                return self.emit(Binary(Op.AND, x, Const(ty, c - 1), loc=keep(inst)), inst)
        if op is Op.SUB:
            # x -nsw c == x +nsw (-c) unless -c wraps (c the most negative value)
            nsw = inst.nsw and c != 1 << (ty.bits - 1)
            return self.emit(Binary(Op.ADD, x, Const(ty, -c), loc=keep(inst), nsw=nsw), inst)
        if op is Op.ADD and isinstance(x, Binary) and x.op is Op.ADD:
            c1 = _const(x.rhs)
            if c1 is not None:
                return self.emit(Binary(Op.ADD, x.lhs, Const(ty, c1 + c), loc=keep(inst),
                                        nsw=_nsw_sum(inst, x)), inst)
        return None

    @staticmethod
    def _single_use(v: Value) -> bool:
        return sum(1 for u in v.uses if not u.is_debug) == 1

    # -- icmp --------------------------------------------------------------------
    def icmp(self, inst: Cmp) -> Value | None:
        x, y = inst.lhs, inst.rhs
        pred = inst.pred
        if _const(x) is not None and _const(y) is None:
            return self.emit(Cmp(SWAPPED[pred], y, x, loc=keep(inst)), inst)
        if x is y:
            return Const(I1, int(pred in ("eq", "ule", "uge", "sle", "sge")))
        c = _const(y)
        if isinstance(x.ty, IntType) and x.ty.bits == 1 and c is not None and pred in ("eq",
                                                                                       "ne"):
            if (pred == "ne") == (c == 0):  # x != 0, x == 1
                return x
            return self.emit(Binary(Op.XOR, x, Const(I1, 1), loc=keep(inst)), inst)
        if isinstance(x, Cast) and x.op in (Op.ZEXT, Op.SEXT):
            narrow = x.value
            nbits = _bits(narrow)
            if c is not None:
                fits = (c >> nbits == 0) if x.op is Op.ZEXT else \
                    (to_signed(c, _bits(x)) == to_signed(c & ((1 << nbits) - 1), nbits))
                if fits:
                    p = TO_UNSIGNED.get(pred, pred) if x.op is Op.ZEXT else pred
                    return self.emit(Cmp(p, narrow, Const(narrow.ty, c), loc=keep(inst)), inst)
            elif isinstance(y, Cast) and y.op is x.op and y.value.ty == narrow.ty:
                p = TO_UNSIGNED.get(pred, pred) if x.op is Op.ZEXT else pred
                return self.emit(Cmp(p, narrow, y.value, loc=keep(inst)), inst)
        return None

    # -- casts ---------------------------------------------------------------------
    def cast(self, inst: Cast) -> Value | None:
        src = inst.value
        to = inst.ty
        if not isinstance(src, Cast):
            return None
        inner = src.value
        match inst.op, src.op:
            case (Op.ZEXT, Op.ZEXT) | (Op.SEXT, Op.SEXT) | (Op.SEXT, Op.ZEXT):
                return self.emit(Cast(src.op, inner, to, loc=keep(inst)), inst)
            case (Op.TRUNC, Op.ZEXT | Op.SEXT):
                if inner.ty == to:
                    return inner
                if _bits(inner) < _bits(inst):
                    return self.emit(Cast(src.op, inner, to, loc=keep(inst)), inst)
                return self.emit(Cast(Op.TRUNC, inner, to, loc=keep(inst)), inst)
            case (Op.TRUNC, Op.TRUNC):
                return self.emit(Cast(Op.TRUNC, inner, to, loc=keep(inst)), inst)
            case (Op.PTRTOINT, Op.INTTOPTR) if inner.ty == to == I64:
                return inner
            case (Op.INTTOPTR, Op.PTRTOINT) if src.ty == I64 and isinstance(inner.ty, PtrType):
                return inner
        return None

    # -- select ----------------------------------------------------------------------
    def select(self, inst: Select) -> Value | None:
        a, b = inst.operand(1), inst.operand(2)
        cond = inst.cond
        if a is b:
            return a
        ca, cb = _const(a), _const(b)
        if ca is None or cb is None or not isinstance(inst.ty, IntType):
            return None
        ones = inst.ty.mask
        if inst.ty.bits == 1:
            if ca == 1 and cb == 0:
                return cond
            if ca == 0 and cb == 1:
                return self.emit(Binary(Op.XOR, cond, Const(I1, 1), loc=keep(inst)), inst)
            return None
        if ca == 1 and cb == 0:
            return self.emit(Cast(Op.ZEXT, cond, inst.ty, loc=keep(inst)), inst)
        if ca == ones and cb == 0:
            return self.emit(Cast(Op.SEXT, cond, inst.ty, loc=keep(inst)), inst)
        return None

    # -- ptradd ------------------------------------------------------------------------
    def ptradd(self, inst: PtrAdd) -> Value | None:
        c = _const(inst.offset)
        if c is None:
            return None
        if c == 0:
            return inst.ptr
        base = inst.ptr
        if isinstance(base, PtrAdd):
            c1 = _const(base.offset)
            if c1 is not None:
                return self.emit(PtrAdd(base.ptr, Const(I64, c1 + c), loc=keep(inst)), inst)
        return None


class InstCombine(FunctionPass):
    """Algebraic simplification and constant folding (see module docstring)."""

    name: ClassVar[str] = "instcombine"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        return _Combiner(fn, ctx).run()


register(InstCombine)
