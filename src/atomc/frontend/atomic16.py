"""Atomic builtins on 16-byte objects, as gcc 12 compiles them for x86-64.

16 bytes are never lock-free to gcc (`__atomic_always_lock_free(16, 0)` is 0, even
with -mcx16), so every `__atomic_*` operation on an `__int128` or a 16-byte object,
in its value, sized (`__atomic_load_16`) and generic forms, is a call to libatomic's
sized entry point with the value in registers: `__atomic_load_16(p, order)`,
`__atomic_store_16(p, v, order)`, `__atomic_exchange_16`, `__atomic_fetch_OP_16`,
`__atomic_compare_exchange_16(p, expected, desired, success, failure)` (no `weak`
argument); `__atomic_OP_fetch` is `__atomic_fetch_OP_16` with the operation redone
on its result, as gcc emits it. The generic forms move the value through their
pointers around the call. The program links with -latomic, as gcc's does.

The `__sync_*` builtins call `__sync_fetch_and_OP_16`, `__sync_OP_and_fetch_16`,
`__sync_val/bool_compare_and_swap_16` and `__sync_lock_test_and_set_16`, which is
what gcc emits without cmpxchg16b (no library defines them: the link fails as gcc's
does); `__sync_lock_release` on 16 bytes is dropped, as gcc drops it. With
cmpxchg16b (-mcx16 or a -march= CPU that has it) they stay `AtomicExpr`s, which
`atomic16_ir.lower_sync` expands inline with `lock cmpxchg16b`, as gcc does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ir.atomics import Ordering, RMWOp
from . import tree as T
from .ctype import BOOL, INT, UINT128, VOID, CType, PointerT, qualify
from .scopes import Pos

if TYPE_CHECKING:
    from .atomic_builtins import AtomicKind
    from .sema import Sema

_VP = PointerT(qualify(VOID, False, True))
_U128P = PointerT(UINT128)


def _order(o: Ordering, p: Pos) -> T.Expr:
    return T.IntConst(o.code, INT, p)


def _sequence(side: list[T.Expr], e: T.Expr, p: Pos) -> T.Expr:
    """`e` after the expressions evaluated for their side effects only."""
    for s in reversed(side):
        e = T.Comma(s, e, p)
    return e


def _combine(sema: Sema, rmw: RMWOp, old: T.Expr, v: T.Expr, p: Pos) -> T.Expr:
    """What `OP_fetch` gives from the old value: `old OP v` (`~(old & v)` for nand)."""
    if rmw is RMWOp.NAND:
        return sema.ops.binary("^", sema.ops.binary("&", old, v, p),
                               T.IntConst(-1, UINT128, p), p)
    sym = {RMWOp.ADD: "+", RMWOp.SUB: "-", RMWOp.AND: "&", RMWOp.OR: "|", RMWOp.XOR: "^"}[rmw]
    return sema.ops.binary(sym, old, v, p)


def value_call(sema: Sema, kind: AtomicKind, sync: bool, rmw: RMWOp | None,
               operands: list[T.Expr], orders: tuple[Ordering, ...], obj: CType,
               side: list[T.Expr], p: Pos) -> T.Expr:
    """A value-form builtin on a 16-byte integer `obj`: operands are the object's
    address then the values (converted to `obj`; a compare-exchange's second is the
    expected value's address)."""
    from .atomic_builtins import AtomicKind as K
    call = sema.calls.libcall
    ptr, vals = operands[0], operands[1:]
    if sync:
        if kind is K.STORE:  # __sync_lock_release: gcc 12 emits nothing at all
            return _sequence([ptr, *side], T.Cast(T.IntConst(0, INT, p), VOID, p), p)
        if kind in (K.VAL_CAS, K.BOOL_CAS):
            name = f"__sync_{'val' if kind is K.VAL_CAS else 'bool'}_compare_and_swap_16"
            ret = UINT128 if kind is K.VAL_CAS else BOOL
            r = call(name, ret, (_VP, UINT128, UINT128), [ptr, *vals], p)
        else:
            assert rmw is not None
            name = {K.EXCHANGE: "__sync_lock_test_and_set_16",
                    K.FETCH_OP: f"__sync_fetch_and_{rmw.value}_16",
                    K.OP_FETCH: f"__sync_{rmw.value}_and_fetch_16"}[kind]
            r = call(name, UINT128, (_VP, UINT128), [ptr, *vals], p)
        return _sequence(side, sema.conv.cast(r, obj) if r.type != BOOL else r, p)
    if kind is K.LOAD:
        r = call("__atomic_load_16", UINT128, (_VP, INT), [ptr, _order(orders[0], p)], p)
    elif kind is K.STORE:
        r = call("__atomic_store_16", VOID, (_VP, UINT128, INT),
                 [ptr, vals[0], _order(orders[0], p)], p)
    elif kind is K.EXCHANGE:
        r = call("__atomic_exchange_16", UINT128, (_VP, UINT128, INT),
                 [ptr, vals[0], _order(orders[0], p)], p)
    elif kind is K.CAS:
        r = call("__atomic_compare_exchange_16", BOOL, (_VP, PointerT(VOID), UINT128, INT, INT),
                 [ptr, vals[0], vals[1], _order(orders[0], p), _order(orders[-1], p)], p)
    else:
        assert rmw is not None
        v = T.Reuse(vals[0]) if kind is K.OP_FETCH else vals[0]
        r = call(f"__atomic_fetch_{rmw.value}_16", UINT128, (_VP, UINT128, INT),
                 [ptr, v, _order(orders[0], p)], p)
        if kind is K.OP_FETCH:
            r = _combine(sema, rmw, r, sema.conv.cast(v, UINT128), p)
    if r.type not in (BOOL, VOID):
        r = sema.conv.cast(r, obj)
    return _sequence(side, r, p)


def generic_call(sema: Sema, kind: AtomicKind, ptrs: list[T.Expr],
                 orders: tuple[Ordering, ...], side: list[T.Expr], p: Pos) -> T.Expr:
    """A generic-form builtin (`__atomic_load(p, ret, order)`, ...) on a 16-byte
    object: the sized call, with the values read from and written to the pointers."""
    from .atomic_builtins import AtomicKind as K
    call = sema.calls.libcall

    def at(e: T.Expr) -> T.Expr:  # the 16 bytes at e
        return T.Deref(sema.conv.cast(e, _U128P), UINT128, p)

    def into(e: T.Expr, value: T.Expr) -> T.Expr:
        return T.Cast(T.Assign(at(e), value, p), VOID, p)

    obj, order = ptrs[0], _order(orders[0], p)
    if kind is K.LOAD_MEM:
        r = into(ptrs[1], call("__atomic_load_16", UINT128, (_VP, INT), [obj, order], p))
    elif kind is K.STORE_MEM:
        r = call("__atomic_store_16", VOID, (_VP, UINT128, INT), [obj, at(ptrs[1]), order], p)
    elif kind is K.EXCHANGE_MEM:
        r = into(ptrs[2], call("__atomic_exchange_16", UINT128, (_VP, UINT128, INT),
                               [obj, at(ptrs[1]), order], p))
    else:
        r = call("__atomic_compare_exchange_16", BOOL, (_VP, PointerT(VOID), UINT128, INT, INT),
                 [obj, ptrs[1], at(ptrs[2]), order, _order(orders[-1], p)], p)
    return _sequence(side, r, p)
