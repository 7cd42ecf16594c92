"""IR for C11 `_Atomic` 16-byte integers (`_Atomic __int128`): libatomic calls.

gcc 12 never treats 16 bytes as lock-free, so an `_Atomic unsigned __int128` is read
with `__atomic_load_16(p, 5)`, written with `__atomic_store_16(p, v, 5)`,
`x += v` (and `- & | ^`, `++`, `--`) is `__atomic_fetch_OP_16(p, v, 5)` with the
operation redone on the old value, and every other operator is a loop around
`__atomic_compare_exchange_16(p, &expected, desired, 5, 5)`, which writes the value
it found into `expected` when it fails. The program links with -latomic, as gcc's
does. (The builtins on such objects are `atomic16`'s, in the front end.)

With cmpxchg16b (-mcx16, `target.py`) gcc expands the `__sync_*` builtins on 16
bytes inline: a compare-and-swap is one `lock cmpxchg16b`, every other one a loop
around it (`sync_loop`); `lower_sync` builds them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..ir import (
    I32,
    I64,
    I128,
    Branch,
    Const,
    Function,
    InlineAsm,
    Inst,
    Op,
    TupleType,
    Type,
    Value,
)
from ..ir import VOID as IR_VOID
from ..ir.atomics import RMWOp
from .abi import scalar_ir_type
from .atomic_builtins import AtomicExpr, AtomicKind
from .ctype import BOOL, INT, UINT128, VOID, CType, FuncT, PointerT, as_int

if TYPE_CHECKING:
    from .lower.module import IRGen

SEQ_CST = 5  # __ATOMIC_SEQ_CST, the order of every `_Atomic` access
_VP = PointerT(VOID)
_SIGNATURES: dict[str, FuncT] = {
    "__atomic_load_16": FuncT(UINT128, (_VP, INT)),
    "__atomic_store_16": FuncT(VOID, (_VP, UINT128, INT)),
    "__atomic_compare_exchange_16": FuncT(BOOL, (_VP, _VP, UINT128, INT, INT)),
    **{f"__atomic_fetch_{op.value}_16": FuncT(UINT128, (_VP, UINT128, INT))
       for op in (RMWOp.ADD, RMWOp.SUB, RMWOp.AND, RMWOp.OR, RMWOp.XOR)},
}
_BINOP = {RMWOp.ADD: Op.ADD, RMWOp.SUB: Op.SUB, RMWOp.AND: Op.AND, RMWOp.OR: Op.OR,
          RMWOp.XOR: Op.XOR}


def is_atomic16(t: CType) -> bool:
    """Is `t` an integer handled here (16 bytes)?"""
    return as_int(t) is not None and t.size == 16


def _function(g: IRGen, name: str) -> Function:
    existing = g.module.functions.get(name)
    return existing if existing is not None else g.new_function(name, _SIGNATURES[name], False)


def _call(g: IRGen, name: str, args: list[Value], ret: Type) -> Inst:
    return g.fs.b.call(_function(g, name), args, ret)


def load(g: IRGen, addr: Value) -> Inst:
    return _call(g, "__atomic_load_16", [addr, Const(I32, SEQ_CST)], I128)


def store(g: IRGen, v: Value, addr: Value) -> Inst:
    return _call(g, "__atomic_store_16", [addr, v, Const(I32, SEQ_CST)], IR_VOID)


def fetch_op(g: IRGen, rmw: RMWOp, addr: Value, v: Value) -> tuple[Inst, Value]:
    """(the old value, the new one) of `*addr OP= v`."""
    old = _call(g, f"__atomic_fetch_{rmw.value}_16", [addr, v, Const(I32, SEQ_CST)], I128)
    return old, g.fs.b.binary(_BINOP[rmw], old, v)


def cas_loop(g: IRGen, dst: Value, combine: Callable[[Value], Value]) -> tuple[Value, Value]:
    """Replace the 16-byte integer at `dst` by `combine(its value)`; (old, new)."""
    b = g.fs.b
    expected = g.fs.temporary(16, 16, escapes=True)
    first = load(g, dst)
    loop_b, done_b = g.fs.new_block("atomic.retry"), g.fs.new_block("atomic.done")
    cur = loop_b.add_param(I128)
    b.jump(loop_b, [first])
    g.fs.start(loop_b)
    new = combine(cur)
    b.store(cur, expected)
    ok = _call(g, "__atomic_compare_exchange_16",
               [dst, expected, new, Const(I32, SEQ_CST), Const(I32, SEQ_CST)],
               scalar_ir_type(BOOL))
    b.add_to_atom(ok, new)
    seen = b.load(I128, expected)
    failed = b.cmp("eq", ok, Const(ok.ty, 0))
    b.insert(Branch(failed, loop_b, done_b, (seen,), (), loc=b.loc))
    g.fs.start(done_b)
    return cur, new



# ---------------------------------------------------------------------------
# `__sync_*` on 16 bytes with cmpxchg16b (-mcx16): gcc's inline loops

CMPXCHG16B = "lock cmpxchg16b %6"  # rdx:rax = expected, rcx:rbx = desired; rdx:rax = seen


def _halves(g: IRGen, v: Value) -> tuple[Value, Value]:
    b = g.fs.b
    return b.cast(Op.TRUNC, v, I64), b.cast(Op.TRUNC, b.binary(Op.LSHR, v, Const(I128, 64)), I64)


def cmpxchg16b(g: IRGen, ptr: Value, expected: Value, desired: Value) -> Value:
    """One `lock cmpxchg16b` on the 16 bytes at `ptr`: the value it saw (equal to
    `expected` when it stored `desired`)."""
    b = g.fs.b
    asm = b.insert(InlineAsm(CMPXCHG16B, ["=a", "=d", "0", "1", "b", "c", "m"],
                             ["memory", "cc"], [*_halves(g, expected), *_halves(g, desired), ptr],
                             TupleType((I64, I64)), loc=b.loc, side_effects=True))
    b.add_to_new_atom(asm, desired)
    low = b.cast(Op.ZEXT, b.extract(asm, 0), I128)
    high = b.binary(Op.SHL, b.cast(Op.ZEXT, b.extract(asm, 1), I128), Const(I128, 64))
    return b.binary(Op.OR, high, low)


def sync_loop(g: IRGen, ptr: Value, update: Callable[[Value], Value]) -> tuple[Value, Value]:
    """gcc's -mcx16 loop for a `__sync_*` read-modify-write: read the 16 bytes with
    two plain loads, then cmpxchg16b `update(value)` until the value was still there;
    (old, new)."""
    b = g.fs.b
    first = b.load(I128, ptr)
    loop_b, done_b = g.fs.new_block("sync16.retry"), g.fs.new_block("sync16.done")
    cur = loop_b.add_param(I128)
    b.jump(loop_b, [first])
    g.fs.start(loop_b)
    new = update(cur)
    seen = cmpxchg16b(g, ptr, cur, new)
    b.insert(Branch(b.cmp("eq", seen, cur), done_b, loop_b, (), (seen,), loc=b.loc))
    g.fs.start(done_b)
    return cur, new


def lower_sync(g: IRGen, e: AtomicExpr, vals: list[Value]) -> Value:
    """A `__sync_*` builtin on a 16-byte integer with cmpxchg16b, as gcc -mcx16 emits
    it (`__sync_lock_release` too: a loop storing 0)."""
    b = g.fs.b
    ptr, k = vals[0], e.kind
    if k in (AtomicKind.VAL_CAS, AtomicKind.BOOL_CAS):
        seen = cmpxchg16b(g, ptr, vals[1], vals[2])
        if k is AtomicKind.VAL_CAS:
            return seen
        return b.cast(Op.ZEXT, b.cmp("eq", seen, vals[1]), scalar_ir_type(BOOL))
    v, rmw = vals[1], e.rmw

    def update(cur: Value) -> Value:
        if rmw is None or rmw is RMWOp.XCHG:  # lock_test_and_set, lock_release (v is 0)
            return v
        if rmw is RMWOp.NAND:
            return b.binary(Op.XOR, b.binary(Op.AND, cur, v), Const(I128, -1))
        return b.binary(_BINOP[rmw], cur, v)

    old, new = sync_loop(g, ptr, update)
    if k is AtomicKind.STORE:
        return Const(scalar_ir_type(BOOL), 0)
    return new if k is AtomicKind.OP_FETCH else old
