"""IR for C11 `_Atomic` 16-byte integers (`_Atomic __int128`): libatomic calls.

gcc 12 never treats 16 bytes as lock-free, so an `_Atomic unsigned __int128` is read
with `__atomic_load_16(p, 5)`, written with `__atomic_store_16(p, v, 5)`,
`x += v` (and `- & | ^`, `++`, `--`) is `__atomic_fetch_OP_16(p, v, 5)` with the
operation redone on the old value, and every other operator is a loop around
`__atomic_compare_exchange_16(p, &expected, desired, 5, 5)`, which writes the value
it found into `expected` when it fails. The program links with -latomic, as gcc's
does. (The builtins on such objects are `atomic16`'s, in the front end.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..ir import I32, I128, Branch, Const, Function, Inst, Op, Type, Value
from ..ir import VOID as IR_VOID
from ..ir.atomics import RMWOp
from .abi import scalar_ir_type
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
    expected = g.fs.alloca(16, 16)
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

