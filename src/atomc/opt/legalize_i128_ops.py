"""The per-instruction expansions of `legalize-i128` (see legalize_i128.py).

`OpExpander.visit(inst)` replaces one instruction that produces or reads an
i128 by i64 code: the new instructions collect in `expansions[inst]` (placed
by the pass), an i128 result is recorded as its (low, high) halves, any
other result replaces the old one's uses at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import atomc.fastenum as fastenum

from ..diag import InternalCompilerError
from ..ir import (
    ARTIFICIAL,
    I64,
    PTR,
    Alloca,
    Binary,
    Block,
    Branch,
    Call,
    Cast,
    Cmp,
    Const,
    Extract,
    FloatType,
    Function,
    Inst,
    IntType,
    Load,
    Loc,
    Module,
    Op,
    PtrAdd,
    Ret,
    Select,
    Store,
    Switch,
    TupleType,
    Type,
    Undef,
    Use,
    Value,
)
from ..ir.interp_eval import as_int, eval_binary, to_signed
from ..ir.locations import keep
from ..ir.rewrite import insert_at, insert_blocks_after
from ..ir.wide import PAIR, Wide, WideKind
from .instcombine import fold_constant

M64 = (1 << 64) - 1
GP_ARG_REGS = 6  # rdi, rsi, rdx, rcx, r8, r9
Pair = tuple[Value, Value]

# libgcc's names: the operation and the floating type's mode suffix
_DIVIDE = {Op.SDIV: "__divti3", Op.UDIV: "__udivti3", Op.SREM: "__modti3",
           Op.UREM: "__umodti3"}
_FLOAT_MODE = {32: "sf", 64: "df", 80: "xf"}
_WIDE_OF = {Op.ADD: WideKind.ADD, Op.SUB: WideKind.SUB, Op.SHL: WideKind.SHL,
            Op.LSHR: WideKind.LSHR, Op.ASHR: WideKind.ASHR}
_COMMUTATIVE = frozenset({Op.ADD, Op.MUL, Op.AND, Op.OR, Op.XOR})


def is_i128(t: Type) -> bool:
    return isinstance(t, IntType) and t.bits == 128


class ArgClass(fastenum.Enum):
    KEEP = "keep"  # not an i128: unchanged
    PAIR = "pair"  # two i64 in consecutive integer registers
    MEMORY = "memory"  # on the stack, 16-byte aligned: a byval(16, 16) pointer


def classify_args(types: Sequence[Type],
                  byvals: Sequence[tuple[int, int] | None]) -> list[ArgClass]:
    """SysV placement of each argument as far as i128 is concerned; integer
    registers are counted the way the front end and the back end count them."""
    used = 0
    out = []
    for t, bv in zip(types, byvals, strict=True):
        if bv is not None or isinstance(t, FloatType):
            out.append(ArgClass.KEEP)
        elif is_i128(t):
            if used + 2 <= GP_ARG_REGS:
                out.append(ArgClass.PAIR)
                used += 2
            else:
                out.append(ArgClass.MEMORY)
        else:
            out.append(ArgClass.KEEP)
            used = min(used + 1, GP_ARG_REGS)
    return out


def _ice(msg: str) -> InternalCompilerError:
    return InternalCompilerError(msg, where="legalize-i128")


def _int(v: Value) -> int | None:
    return v.value if isinstance(v, Const) and isinstance(v.value, int) else None


def _c64(v: int) -> Const:
    return Const(I64, v & M64)


def _split_const(v: int) -> Pair:
    return _c64(v), _c64(v >> 64)


class OpExpander:
    def __init__(self, fn: Function, module: Module) -> None:
        self.fn = fn
        self.module = module
        self.halves: dict[Value, Pair] = {}
        self.replaced: dict[Inst, None] = {}  # in visiting order
        self.expansions: dict[Inst, list[Inst]] = {}
        self.visited: set[Inst] = set()
        self.out: list[Inst] = []
        self.loc: Loc = ARTIFICIAL  # the location of the instruction being expanded

    # -- plumbing ---------------------------------------------------------------------
    def emit(self, inst: Inst) -> Inst:
        """Collect an instruction of the current expansion (built at `self.loc`)."""
        self.out.append(inst)
        return inst

    def pair(self, v: Value) -> Pair:
        h = self.halves.get(v)
        if h is not None:
            return h
        if isinstance(v, Const):
            return _split_const(v.int_value)
        if isinstance(v, Undef):
            return Undef(I64), Undef(I64)
        if isinstance(v, Inst) and v not in self.visited:
            self.visit(v)
            return self.halves[v]
        raise _ice(f"no 64-bit halves for {v!r}")

    def visit(self, inst: Inst) -> None:
        if inst in self.visited:
            return
        self.visited.add(inst)
        if not is_i128(inst.ty) and not any(is_i128(u.value.ty) for u in inst.operands):
            return
        saved = self.out, self.loc
        self.out, self.loc = [], keep(inst)  # legalised code keeps the location
        result = self.fold(inst)
        if result is None:
            result = self.expand(inst)
        if is_i128(inst.ty):
            assert isinstance(result, tuple)
            self.halves[inst] = result
        elif isinstance(result, Value):
            inst.replace_all_uses_with(result)
        self.expansions[inst] = self.out
        self.replaced[inst] = None
        self.out, self.loc = saved

    def fold(self, inst: Inst) -> Pair | Value | None:
        """What instcombine would fold (no pass runs after this one): constants, and
        a select on a constant condition."""
        v = fold_constant(inst)
        if v is None or not is_i128(v.ty):
            return v
        return self.pair(v)

    def bin(self, op: Op, a: Value, b: Value) -> Value:
        """An i64 operation, folded when its operands decide it."""
        ca: int | None = _int(a)
        cb: int | None = _int(b)
        if ca is not None and cb is not None and op not in _DIVIDE:
            return _c64(as_int(eval_binary(op, I64, ca, cb)))
        # the test apart from the swap: narrowed by it, ca and cb would be typed
        # int and None at the swap, which the compiled build checks
        swap = ca is not None and cb is None and op in _COMMUTATIVE
        if swap:
            a, b, ca, cb = b, a, cb, ca
        if cb == 0:
            if op in (Op.ADD, Op.SUB, Op.OR, Op.XOR, Op.SHL, Op.LSHR, Op.ASHR):
                return a
            if op in (Op.MUL, Op.AND):
                return _c64(0)
        if (cb == 1 and op is Op.MUL) or (cb == M64 and op is Op.AND):
            return a
        return self.emit(Binary(op, a, b, loc=self.loc))

    def halves_of(self, w: Inst) -> Pair:
        return self.emit(Extract(w, 0, loc=self.loc)), self.emit(Extract(w, 1, loc=self.loc))

    def libcall(self, name: str, params: list[Type], rets: list[Type],
                args: list[Value]) -> Inst:
        fn = self.module.functions.get(name)
        if fn is None:
            fn = self.module.add_function(Function(name, params, rets))
        elif fn.param_types != params or fn.ret_types != rets:
            raise _ice(f"@{name} is declared with another signature than libgcc's")
        ret: Type = rets[0] if len(rets) == 1 else TupleType(tuple(rets))
        return self.emit(Call(fn, args, ret, loc=self.loc))

    def load_pair(self, p: Value, volatile: bool) -> Pair:
        lo = self.emit(Load(I64, p, volatile=volatile, loc=self.loc))
        q = self.emit(PtrAdd(p, Const(I64, 8), loc=self.loc))
        return lo, self.emit(Load(I64, q, volatile=volatile, loc=self.loc))

    def store_pair(self, v: Value, p: Value, volatile: bool) -> None:
        lo, hi = self.pair(v)
        self.emit(Store(lo, p, volatile=volatile, loc=self.loc))
        q = self.emit(PtrAdd(p, Const(I64, 8), loc=self.loc))
        self.emit(Store(hi, q, volatile=volatile, loc=self.loc))

    # -- the expansions ---------------------------------------------------------------
    def expand(self, inst: Inst) -> Pair | Value | None:
        match inst:
            case Binary():
                return self.binary(inst)
            case Cmp():
                return self.compare(inst.pred, self.pair(inst.lhs), self.pair(inst.rhs))
            case Cast():
                return self.cast(inst)
            case Select():
                a, b = self.pair(inst.operand(1)), self.pair(inst.operand(2))
                c = inst.cond
                return (self.emit(Select(c, a[0], b[0], loc=self.loc)),
                        self.emit(Select(c, a[1], b[1], loc=self.loc)))
            case Load():
                return self.load_pair(inst.ptr, inst.volatile)
            case Store():
                self.store_pair(inst.value, inst.ptr, inst.volatile)
                return None
            case Call():
                return self.call(inst)
            case Ret():
                vals: list[Value] = []
                for u in inst.operands:
                    vals += self.pair(u.value) if is_i128(u.value.ty) else [u.value]
                self.emit(Ret(vals, loc=self.loc, close=inst.close))
                return None
            case Switch():
                self.switch(inst)
                return None
        raise _ice(f"no expansion of '{inst.op.value}' with 128-bit operands")

    def binary(self, inst: Binary) -> Pair:
        op = inst.op
        a, b = self.pair(inst.lhs), self.pair(inst.rhs)
        if op in (Op.AND, Op.OR, Op.XOR):
            return self.bin(op, a[0], b[0]), self.bin(op, a[1], b[1])
        if op in (Op.ADD, Op.SUB):
            if _int(b[0]) == 0 and _int(b[1]) == 0:
                return a
            return self.halves_of(self.emit(Wide(_WIDE_OF[op], [*a, *b], loc=self.loc)))
        if op is Op.MUL:
            return self.multiply(a, b)
        if op in (Op.SHL, Op.LSHR, Op.ASHR):
            return self.shift(op, a, b[0])
        if op in _DIVIDE:
            if op in (Op.UDIV, Op.UREM) and _int(a[1]) == 0 and _int(b[1]) == 0:
                return self.emit(Binary(op, a[0], b[0], loc=self.loc)), _c64(0)
            return self.halves_of(self.libcall(_DIVIDE[op], [I64] * 4, [I64, I64], [*a, *b]))
        raise _ice(f"no expansion of 128-bit '{op.value}'")

    def multiply(self, a: Pair, b: Pair) -> Pair:
        """(a1:a0) * (b1:b0) mod 2^128 = a0*b0 (full) + ((a0*b1 + a1*b0) << 64)."""
        if _int(a[0]) == 0 or _int(b[0]) == 0:
            low: Pair = (_c64(0), _c64(0))
        else:
            low = self.halves_of(self.emit(Wide(WideKind.UMUL, [a[0], b[0]], loc=self.loc)))
        cross = self.bin(Op.ADD, self.bin(Op.MUL, a[0], b[1]), self.bin(Op.MUL, a[1], b[0]))
        return low[0], self.bin(Op.ADD, low[1], cross)

    def shift(self, op: Op, x: Pair, amount: Value) -> Pair:
        c = _int(amount)
        if c is None:
            return self.halves_of(self.emit(Wide(_WIDE_OF[op], [*x, amount], loc=self.loc)))
        c &= 127
        if c == 0:
            return x
        if c < 64:
            return self.halves_of(self.emit(Wide(_WIDE_OF[op], [*x, _c64(c)], loc=self.loc)))
        k = _c64(c - 64)
        if op is Op.SHL:
            return _c64(0), self.bin(Op.SHL, x[0], k)
        if op is Op.LSHR:
            return self.bin(Op.LSHR, x[1], k), _c64(0)
        return self.bin(Op.ASHR, x[1], k), self.bin(Op.ASHR, x[1], _c64(63))

    def compare(self, pred: str, a: Pair, b: Pair) -> Value:
        if a[1] is b[1] or (_int(a[1]) is not None and _int(a[1]) == _int(b[1])):
            # equal high halves: the low halves decide, as unsigned numbers
            p = {"slt": "ult", "sle": "ule", "sgt": "ugt", "sge": "uge"}.get(pred, pred)
            return self.emit(Cmp(p, a[0], b[0], loc=self.loc))
        if pred in ("eq", "ne") and _int(b[0]) == 0 and _int(b[1]) == 0:
            return self.emit(Cmp(pred, self.bin(Op.OR, a[0], a[1]), _c64(0), loc=self.loc))
        return self.emit(Wide(WideKind.ICMP, [*a, *b], pred=pred, loc=self.loc))

    def cast(self, inst: Cast) -> Pair | Value:
        op, v, to = inst.op, inst.value, inst.ty
        if op in (Op.ZEXT, Op.SEXT) and is_i128(to):
            lo = v if v.ty == I64 else self.emit(Cast(op, v, I64, loc=self.loc))
            return lo, (_c64(0) if op is Op.ZEXT else self.bin(Op.ASHR, lo, _c64(63)))
        if op is Op.PTRTOINT and is_i128(to):
            return self.emit(Cast(Op.PTRTOINT, v, I64, loc=self.loc)), _c64(0)
        if op is Op.TRUNC:
            lo = self.pair(v)[0]
            return lo if to == I64 else self.emit(Cast(Op.TRUNC, lo, to, loc=self.loc))
        if op is Op.INTTOPTR:
            return self.emit(Cast(Op.INTTOPTR, self.pair(v)[0], PTR, loc=self.loc))
        if op in (Op.SITOFP, Op.UITOFP) and isinstance(to, FloatType) \
                and to.bits in _FLOAT_MODE:
            name = f"__float{'un' if op is Op.UITOFP else ''}ti{_FLOAT_MODE[to.bits]}"
            return self.libcall(name, [I64, I64], [to], list(self.pair(v)))
        if op in (Op.FPTOSI, Op.FPTOUI) and isinstance(v.ty, FloatType) \
                and v.ty.bits in _FLOAT_MODE:
            name = f"__fix{'uns' if op is Op.FPTOUI else ''}{_FLOAT_MODE[v.ty.bits]}ti"
            return self.halves_of(self.libcall(name, [v.ty], [I64, I64], [v]))
        raise _ice(f"no expansion of '{op.value}' from {v.ty} to {to}")

    # -- calls and switches -----------------------------------------------------------
    def call(self, inst: Call) -> Pair | Value:
        args = inst.args
        classes = classify_args([a.ty for a in args], inst.byval)
        new_args: list[Value] = []
        byval: list[tuple[int, int] | None] = []
        fixed: int | None = None
        for k, (a, cls, bv) in enumerate(zip(args, classes, inst.byval, strict=True)):
            if k == inst.fixed_args:
                fixed = len(new_args)
            if cls is ArgClass.KEEP:
                new_args.append(a)
                byval.append(bv)
            elif cls is ArgClass.PAIR:
                new_args += self.pair(a)
                byval += [None, None]
            else:  # MEMORY: the value goes on the stack through a byval copy
                slot = Alloca(16, 16, loc=self.loc)
                insert_at(self.fn.entry, 0, slot)
                self.store_pair(a, slot, False)
                new_args.append(slot)
                byval.append((16, 16))
        if inst.fixed_args is not None and fixed is None:
            fixed = len(new_args)
        ret = PAIR if is_i128(inst.ty) else inst.ty
        c = self.emit(Call(inst.callee, new_args, ret, fixed_args=fixed, byval=byval, loc=self.loc))
        return self.halves_of(c) if is_i128(inst.ty) else c

    def switch(self, sw: Switch) -> None:
        """Values that fit in 64 bits (sign-extended) switch on the low half; the
        rest are compared one by one."""
        lo, hi = self.pair(sw.value)
        b = sw.block
        assert b is not None
        default = sw.succs[0]
        small: list[tuple[int, Block, list[Value]]] = []
        big: list[tuple[int, Block, list[Value]]] = []
        for cv, s in zip(sw.values, sw.succs[1:], strict=True):
            sv = to_signed(cv, 128)
            (small if -(1 << 63) <= sv < (1 << 63) else big).append((cv, s.block, s.arg_values))
        new_blocks: list[Block] = []

        def block(suffix: str) -> Block:
            nb = Block(f"{b.name}.{suffix}" if b.name else "")
            nb.function = self.fn
            new_blocks.append(nb)
            return nb

        low_block = block("lo")
        chain = [block(f"big{k}") for k in range(len(big))]
        sign = self.bin(Op.ASHR, lo, _c64(63))
        fits = self.emit(Cmp("eq", hi, sign, loc=self.loc))
        if chain:
            self.emit(Branch(fits, low_block, chain[0], loc=self.loc))
        else:
            self.emit(Branch(fits, low_block, default.block, (), default.arg_values, loc=self.loc))
        lsw = Switch(lo, default.block, [(to_signed(cv, 64), tb) for cv, tb, _ in small],
                     loc=self.loc)
        for succ, vals in zip(lsw.succs, [default.arg_values] + [a for _, _, a in small],
                              strict=True):
            succ.args = [Use(lsw, v) for v in vals]
        low_block.append(lsw)
        for k, (cv, tb, vals) in enumerate(big):
            c = Wide(WideKind.ICMP, [lo, hi, *_split_const(cv)], pred="eq", loc=self.loc)
            chain[k].append(c)
            if k + 1 < len(chain):
                chain[k].append(Branch(c, tb, chain[k + 1], vals, loc=self.loc))
            else:
                chain[k].append(Branch(c, tb, default.block, vals, default.arg_values,
                                       loc=self.loc))
        insert_blocks_after(self.fn, b, new_blocks)
