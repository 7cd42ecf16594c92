"""IR for atomics: the builtins of `atomic_builtins` and C11 `_Atomic` objects.

An `_Atomic` object is read with a `seq_cst` atomic load and written with a
`seq_cst` atomic store (initialisation is a plain store, as C11 says).
`x op= v`, `++x` and `x--` are one atomic read-modify-write for integers and
pointers with `+ - & | ^` (an `atomicrmw` whose old value gives the result);
every other operator, and floating-point or `_Bool` objects, use a
compare-exchange loop that recomputes the new value from the value the failed
exchange saw (gcc's code also saves and restores the floating-point
environment around it, so that only the last attempt's exceptions are raised;
here a failed attempt's exception flags stay set). A whole `_Atomic` struct or
union is copied with an atomic load or store of its integer image when it has
1, 2, 4 or 8 bytes, by libatomic's `__atomic_load_16`/`__atomic_store_16` with
16, and by its `__atomic_load`/`__atomic_store` otherwise (gcc does the same; link
with -latomic). `_Atomic __int128` objects: `atomic16_ir`. `long double` and
`_Complex` objects, whose value is not one integer image, are read and rewritten
through a temporary (`update_in_memory`).

Floating-point objects are accessed as integers of their size (bitcasts). A
pointer object's arithmetic (`fetch_add` on `int *`, `p += 2` on `_Atomic(int *)`)
works on its i64 image.

Key Instructions: an atomic builtin is a source atom of its own (like the call
it looks like), keyed on its atomic instruction with the stored or combined
value as backup; an `_Atomic` assignment's atomic store, read-modify-write or
compare-exchange is the key of the assignment's atom.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..ir import (
    F80,
    I8,
    I64,
    I128,
    PTR,
    Branch,
    Const,
    Function,
    Inst,
    IntType,
    Op,
    Type,
    Value,
    int_type,
)
from ..ir import VOID as IR_VOID
from ..ir.atomics import AtomicLoad, AtomicRMW, AtomicStore, CmpXchg, Fence, Ordering, RMWOp
from . import atomic16_ir
from . import tree as T
from .abi import scalar_ir_type
from .atomic_builtins import AtomicExpr, AtomicKind
from .ctype import (
    BOOL,
    INT,
    SIZE_T,
    VOID,
    ComplexT,
    CType,
    FuncT,
    PointerT,
    as_float,
    as_int,
    is_volatile,
    unqual,
)
from .vla import vla_pointee

if TYPE_CHECKING:
    from .lower.module import IRGen

SEQ = Ordering.SEQ_CST
_BINOP = {RMWOp.ADD: Op.ADD, RMWOp.SUB: Op.SUB, RMWOp.AND: Op.AND, RMWOp.OR: Op.OR,
          RMWOp.XOR: Op.XOR}
_C_RMW = {"+": RMWOp.ADD, "-": RMWOp.SUB, "&": RMWOp.AND, "|": RMWOp.OR, "^": RMWOp.XOR}
_VP = PointerT(VOID)


def _storage(t: CType) -> tuple[Type, Type | None]:
    """(the type an atomic instruction accesses, the value's own type if it differs:
    floats travel as integers of their size)."""
    ty = scalar_ir_type(t)
    if as_float(t) is not None:
        return int_type(ty.size), ty
    return ty, None


def _new_atom(g: IRGen, key: Inst, backup: Value | None = None) -> None:
    g.fs.b.add_to_new_atom(key, backup)


# ---------------------------------------------------------------------------
# the builtins


def lower_atomic_expr(g: IRGen, e: AtomicExpr) -> Value:
    vals = [g.exprs.value_of(a) for a in e.args]
    for s in e.side:
        g.stmts.discard(s)
    k = e.kind
    with g.fs.at(e.pos):
        b = g.fs.b
        if k is AtomicKind.FENCE:
            if e.orders:  # relaxed: nothing at all
                _new_atom(g, b.insert(Fence(e.orders[0], loc=b.loc, signal=e.signal)))
            return Const(I8, 0)
        if atomic16_ir.is_atomic16(e.obj):  # __sync_* with cmpxchg16b
            return atomic16_ir.lower_sync(g, e, vals)
        arith = k in (AtomicKind.FETCH_OP, AtomicKind.OP_FETCH)
        ity = I64 if arith and isinstance(unqual(e.obj), PointerT) else scalar_ir_type(e.obj)
        ptr = vals[0]
        vol = e.volatile
        if k in (AtomicKind.LOAD, AtomicKind.LOAD_MEM):
            v = b.insert(AtomicLoad(ity, ptr, e.orders[0], loc=b.loc, volatile=vol))
            _new_atom(g, v)
            if k is AtomicKind.LOAD:
                return v
            b.store(v, vals[1])
            return Const(I8, 0)
        if k in (AtomicKind.STORE, AtomicKind.STORE_MEM):
            sv = vals[1] if k is AtomicKind.STORE else b.load(ity, vals[1])
            _new_atom(g, b.insert(AtomicStore(sv, ptr, e.orders[0], loc=b.loc, volatile=vol)), sv)
            return Const(I8, 0)
        if k in (AtomicKind.EXCHANGE, AtomicKind.EXCHANGE_MEM):
            xv = vals[1] if k is AtomicKind.EXCHANGE else b.load(ity, vals[1])
            old = b.insert(AtomicRMW(RMWOp.XCHG, ptr, xv, e.orders[0], loc=b.loc, volatile=vol))
            _new_atom(g, old, xv)
            if k is AtomicKind.EXCHANGE:
                return old
            b.store(old, vals[2])
            return Const(I8, 0)
        if arith:
            return _fetch(g, e, ity, ptr, vals[1])
        if k in (AtomicKind.VAL_CAS, AtomicKind.BOOL_CAS):
            r = _cmpxchg(g, e, ity, ptr, vals[1], vals[2])
            if k is AtomicKind.VAL_CAS:
                return b.extract(r, 0)
            return b.cast(Op.ZEXT, b.extract(r, 1), I8)
        # CAS / CAS_MEM: *expected = old when the exchange fails
        expected = b.load(ity, vals[1])
        desired = vals[2] if k is AtomicKind.CAS else b.load(ity, vals[2])
        r = _cmpxchg(g, e, ity, ptr, expected, desired)
        ok = b.extract(r, 1)
        fail_b, done_b = g.fs.new_block("cas.fail"), g.fs.new_block("cas.done")
        b.branch(ok, done_b, fail_b)
        g.fs.start(fail_b)
        b.store(b.extract(r, 0), vals[1])
        b.jump(done_b)
        g.fs.start(done_b)
        return b.cast(Op.ZEXT, ok, I8)


def _cmpxchg(g: IRGen, e: AtomicExpr, ity: Type, ptr: Value, expected: Value,
             desired: Value) -> Inst:
    succ = e.orders[0]
    fail = e.orders[1] if len(e.orders) > 1 else succ
    if fail not in (Ordering.RELAXED, Ordering.ACQUIRE, SEQ):  # a __sync_* order
        fail = {Ordering.RELEASE: Ordering.RELAXED, Ordering.ACQ_REL: Ordering.ACQUIRE}[fail]
    r = g.fs.b.insert(CmpXchg(ptr, expected, desired, succ, fail, loc=g.fs.b.loc,
                           volatile=e.volatile))
    _new_atom(g, r, desired)
    return r


def _fetch(g: IRGen, e: AtomicExpr, ity: Type, ptr: Value, v: Value) -> Value:
    """`fetch_OP` (the old value) and `OP_fetch` (the new one)."""
    b = g.fs.b
    assert e.rmw is not None
    old = b.insert(AtomicRMW(e.rmw, ptr, v, e.orders[0], loc=b.loc, volatile=e.volatile))
    _new_atom(g, old, v)
    res: Value = old
    if e.kind is AtomicKind.OP_FETCH:
        if e.rmw is RMWOp.NAND:
            res = b.binary(Op.XOR, b.binary(Op.AND, old, v), Const(ity, -1))
        else:
            res = b.binary(_BINOP[e.rmw], old, v)
    if ity != scalar_ir_type(e.obj):  # a pointer's i64 image
        res = b.cast(Op.INTTOPTR, res, PTR)
    return res


# ---------------------------------------------------------------------------
# `_Atomic` objects


def load_atomic(g: IRGen, t: CType, addr: Value) -> Value:
    """The value of the `_Atomic` scalar at `addr` (a seq_cst load)."""
    if atomic16_ir.is_atomic16(t):
        return atomic16_ir.load(g, addr)
    if in_memory(t):
        return _load_long_double(g, addr)
    ity, fty = _storage(t)
    v = g.fs.b.insert(AtomicLoad(ity, addr, SEQ, loc=g.fs.b.loc, volatile=is_volatile(t)))
    return g.fs.b.cast(Op.BITCAST, v, fty) if fty is not None else v


def store_atomic(g: IRGen, v: Value, addr: Value, t: CType) -> Inst:
    """A seq_cst store of `v` into the `_Atomic` scalar at `addr`."""
    if atomic16_ir.is_atomic16(t):
        return atomic16_ir.store(g, v, addr)
    if in_memory(t):
        return _store_long_double(g, v, addr)
    ity, fty = _storage(t)
    bits = g.fs.b.cast(Op.BITCAST, v, ity) if fty is not None else v
    return g.fs.b.insert(AtomicStore(bits, addr, SEQ, loc=g.fs.b.loc, volatile=is_volatile(t)))


def _target(g: IRGen, e: T.CompoundAssign | T.IncDec) -> tuple[CType, Value, Value | None]:
    """The modified object's type and address, and the run-time element size when
    it points to a variable length array."""
    t = e.target.type
    dst = g.exprs.addr_of(e.target)
    vla = vla_pointee(t)
    return t, dst, g.vlas.size_of(vla, e.pos) if vla is not None else None


def compound_assign(g: IRGen, e: T.CompoundAssign) -> Value:
    """`x op= v` on an `_Atomic` object (the caller opened the assignment's atom)."""
    rhs = g.exprs.value_of(e.rhs)
    t, dst, step = _target(g, e)
    with g.fs.at(e.pos):
        b = g.fs.b
        if isinstance(unqual(t), PointerT):  # p += n: n elements, as C11 says
            delta = b.binary(Op.MUL, rhs, step) if step is not None else \
                b.binary(Op.MUL, rhs, Const(I64, e.scale)) if e.scale != 1 else rhs
            return _pointer_step(g, dst, t, delta, e.op == "-", prefix=True)
        if in_memory(t) or isinstance(unqual(e.optype), ComplexT):
            return update_in_memory(g, dst, t, lambda work: _compound_step(g, e, work, rhs))
        it = as_int(t)
        if e.op in _C_RMW and it is not None and it != BOOL and as_int(e.optype) is not None:
            ity = scalar_ir_type(t)
            v = g.exprs.convert(rhs, e.optype, t)
            if atomic16_ir.is_atomic16(t):
                old16, new16 = atomic16_ir.fetch_op(g, _C_RMW[e.op], dst, v)
                b.add_to_atom(old16, v)
                return new16
            old = b.insert(AtomicRMW(_C_RMW[e.op], dst, v, SEQ, loc=b.loc,
                                     volatile=is_volatile(t)))
            b.add_to_atom(old, v)
            assert isinstance(ity, IntType)
            return b.binary(_BINOP[_C_RMW[e.op]], old, v)

        def combine(old: Value) -> Value:
            wide = g.exprs.convert(old, t, e.optype)
            return g.exprs.convert(g.exprs.arith(e.op, wide, rhs, e.optype), e.optype, t)

        return cas_loop(g, dst, t, combine)[1]


def _compound_step(g: IRGen, e: T.CompoundAssign, work: Value, rhs: Value) -> Value:
    """`work op= rhs` on the temporary of `update_in_memory`, as on a plain object."""
    if isinstance(unqual(e.optype), ComplexT):
        return g.cplx.complex_compound(e, work, rhs)
    b, t = g.fs.b, e.target.type
    wide = g.exprs.convert(b.load(scalar_ir_type(t), work), t, e.optype)
    new = g.exprs.convert(g.exprs.arith(e.op, wide, rhs, e.optype), e.optype, t)
    b.store(new, work)
    return new


def _incdec_step(g: IRGen, e: T.IncDec, work: Value) -> Value:
    """`++work`, `work--`, ... on the temporary of `update_in_memory`."""
    b, ct = g.fs.b, unqual(e.target.type)
    if isinstance(ct, ComplexT):
        return g.cplx.complex_incdec(e, work, ct)
    old = b.load(scalar_ir_type(ct), work)
    new = b.binary(Op.FADD, old, Const(old.ty, float(e.delta)))
    b.store(new, work)
    return new if e.prefix else old


def incdec(g: IRGen, e: T.IncDec) -> Value:
    """`++x`, `x--`, ... on an `_Atomic` object."""
    t, dst, step = _target(g, e)
    with g.fs.at(e.pos):
        b = g.fs.b
        if isinstance(unqual(t), PointerT):
            delta = step if step is not None else Const(I64, abs(e.delta))
            return _pointer_step(g, dst, t, delta, e.delta < 0, e.prefix)
        if in_memory(t):
            return update_in_memory(g, dst, t, lambda work: _incdec_step(g, e, work))
        it = as_int(t)
        if it is not None and it != BOOL:
            ity = scalar_ir_type(t)
            one = Const(ity, 1)
            rmw = RMWOp.ADD if e.delta > 0 else RMWOp.SUB
            if atomic16_ir.is_atomic16(t):
                old16, new16 = atomic16_ir.fetch_op(g, rmw, dst, one)
                b.add_to_atom(old16)
                return new16 if e.prefix else old16
            old = b.insert(AtomicRMW(rmw, dst, one, SEQ, loc=b.loc, volatile=is_volatile(t)))
            b.add_to_atom(old)
            return b.binary(_BINOP[rmw], old, one) if e.prefix else old

        def step_value(old: Value) -> Value:
            if it == BOOL:  # ++ sets it; -- flips it
                return Const(I8, 1) if e.delta > 0 else b.binary(Op.XOR, old, Const(I8, 1))
            return b.binary(Op.FADD, old, Const(old.ty, float(e.delta)))

        old_v, new_v = cas_loop(g, dst, t, step_value)
        return new_v if e.prefix else old_v


def _pointer_step(g: IRGen, dst: Value, t: CType, delta: Value, minus: bool,
                  prefix: bool) -> Value:
    """Move the `_Atomic` pointer at `dst` by `delta` bytes (an i64)."""
    b = g.fs.b
    rmw = RMWOp.SUB if minus else RMWOp.ADD
    old = b.insert(AtomicRMW(rmw, dst, delta, SEQ, loc=b.loc, volatile=is_volatile(t)))
    b.add_to_atom(old, delta)
    res = b.binary(_BINOP[rmw], old, delta) if prefix else old
    return b.cast(Op.INTTOPTR, res, PTR)


def cas_loop(g: IRGen, dst: Value, t: CType,
             combine: Callable[[Value], Value]) -> tuple[Value, Value]:
    """Replace the `_Atomic` scalar at `dst` by `combine(its value)` with a
    compare-exchange loop; returns (old value, new value)."""
    if atomic16_ir.is_atomic16(t):
        return atomic16_ir.cas_loop(g, dst, combine)
    ity, fty = _storage(t)
    return _image_cas_loop(g, dst, ity, fty, is_volatile(t), combine)


def _image_cas_loop(g: IRGen, dst: Value, ity: Type, fty: Type | None, vol: bool,
                    combine: Callable[[Value], Value]) -> tuple[Value, Value]:
    """The loop of `cas_loop` on an object read as the integer `ity` (seen as `fty`
    when given)."""
    b = g.fs.b
    first = b.insert(AtomicLoad(ity, dst, SEQ, loc=b.loc, volatile=vol))
    loop_b, done_b = g.fs.new_block("atomic.retry"), g.fs.new_block("atomic.done")
    cur = loop_b.add_param(ity)
    b.jump(loop_b, [first])
    g.fs.start(loop_b)
    old = b.cast(Op.BITCAST, cur, fty) if fty is not None else cur
    new = combine(old)
    new_bits = b.cast(Op.BITCAST, new, ity) if fty is not None else new
    r = b.insert(CmpXchg(dst, cur, new_bits, SEQ, SEQ, loc=b.loc, volatile=vol))
    b.add_to_atom(r, new)
    seen, ok = b.extract(r, 0), b.extract(r, 1)
    b.insert(Branch(ok, done_b, loop_b, (), (seen,), loc=b.loc))
    g.fs.start(done_b)
    return old, new


# ---------------------------------------------------------------------------
# objects updated through memory: `long double` and `_Complex`


def in_memory(t: CType) -> bool:
    """Is the `_Atomic` object's value read and rewritten through a temporary (its
    value is not one integer image: a long double, or a complex's two halves)?"""
    return isinstance(unqual(t), ComplexT) or (as_float(t) is not None and t.size == 16)


def update_in_memory(g: IRGen, dst: Value, t: CType,
                     step: Callable[[Value], Value]) -> Value:
    """Replace the `_Atomic` object at `dst` by what `step(work)` leaves in `work`, a
    temporary holding the object's current bytes; `step` uses the ordinary code for the
    operator, and what it returns is the result. The loop compares the whole image
    (8 bytes with `lock cmpxchg`, 16 with `__atomic_compare_exchange_16`, 32 with
    libatomic's generic call), as gcc's does."""
    b = g.fs.b
    size, align = t.size, t.align
    work = g.fs.temporary(size, align, escapes=size == 32)  # 32: libatomic's operand
    if size == 32:
        return _generic_update(g, dst, work, size, align, step)
    ity = I128 if size == 16 else int_type(size)
    results: list[Value] = []

    def combine(cur: Value) -> Value:
        b.store(cur, work)
        results.append(step(work))
        return b.load(ity, work)

    if size == 16:
        atomic16_ir.cas_loop(g, dst, combine)
    else:
        _image_cas_loop(g, dst, ity, None, is_volatile(t), combine)
    return results[0]


def _generic_update(g: IRGen, dst: Value, work: Value, size: int, align: int,
                    step: Callable[[Value], Value]) -> Value:
    """`update_in_memory` for objects with no sized libatomic call (32 bytes)."""
    b = g.fs.b
    expected = g.fs.temporary(size, align, escapes=True)
    order = Const(int_type(4), SEQ.code)
    b.call(_libatomic_function(g, "__atomic_load"), [Const(I64, size), dst, expected, order],
           IR_VOID)
    loop_b, done_b = g.fs.new_block("atomic.retry"), g.fs.new_block("atomic.done")
    b.jump(loop_b, [])
    g.fs.start(loop_b)
    b.memcpy(work, expected, size, align)
    result = step(work)
    ok = b.call(_libatomic_function(g, "__atomic_compare_exchange"),
                [Const(I64, size), dst, expected, work, order, order], scalar_ir_type(BOOL))
    b.add_to_atom(ok, result)
    failed = b.cmp("eq", ok, Const(ok.ty, 0))
    b.insert(Branch(failed, loop_b, done_b, (), (), loc=b.loc))
    g.fs.start(done_b)
    return result


def _load_long_double(g: IRGen, addr: Value) -> Value:
    """`__atomic_load_16` of the object, its bits moved to x87 through memory."""
    b = g.fs.b
    tmp = g.fs.temporary(16, 16)
    b.store(atomic16_ir.load(g, addr), tmp)
    return b.load(F80, tmp)


def _store_long_double(g: IRGen, v: Value, addr: Value) -> Inst:
    """`__atomic_store_16` of `v`'s bits; its six bytes of padding are zero."""
    b = g.fs.b
    tmp = g.fs.temporary(16, 16)
    b.store(Const(I128, 0), tmp)
    b.store(v, tmp)
    return atomic16_ir.store(g, b.load(I128, tmp), addr)


# ---------------------------------------------------------------------------
# whole `_Atomic` structs and unions


def copy_in(g: IRGen, t: CType, addr: Value) -> Value:
    """Read the `_Atomic` aggregate at `addr` into a temporary (its address)."""
    tmp = g.fs.temporary(t.size, t.align)
    _copy(g, t, addr, tmp, load=True)
    return tmp


def store_aggregate(g: IRGen, t: CType, dst: Value, src: Value) -> Inst | None:
    """Write the aggregate at `src` into the `_Atomic` one at `dst`."""
    return _copy(g, t, dst, src, load=False)


def _copy(g: IRGen, t: CType, obj: Value, other: Value, load: bool) -> Inst | None:
    size = t.size
    b = g.fs.b
    if size in (1, 2, 4, 8):
        ity = int_type(size)
        if load:
            v = b.insert(AtomicLoad(ity, obj, SEQ, loc=b.loc, volatile=is_volatile(t)))
            b.store(v, other)
            return None
        v = b.load(ity, other)
        return b.insert(AtomicStore(v, obj, SEQ, loc=b.loc, volatile=is_volatile(t)))
    if size == 16:  # libatomic's sized calls, the value in registers (as gcc)
        if load:
            b.store(atomic16_ir.load(g, obj), other)
            return None
        return atomic16_ir.store(g, b.load(I128, other), obj)
    name = "__atomic_load" if load else "__atomic_store"
    fn = _libatomic_function(g, name)
    return b.call(fn, [Const(I64, size), obj, other, Const(int_type(4), SEQ.code)], IR_VOID)


def _libatomic_function(g: IRGen, name: str) -> Function:
    existing = g.module.functions.get(name)
    if existing is not None:
        return existing
    ft = FuncT(VOID, (SIZE_T, _VP, _VP, INT))
    return g.new_function(name, ft, False)
