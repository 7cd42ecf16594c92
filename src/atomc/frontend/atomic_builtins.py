"""GCC's atomic builtins, type-checked as gcc 12 checks them.

* the C11-style `__atomic_*` family (explicit memory orders), in its value
  forms (`__atomic_load_n`, `__atomic_fetch_add`, ...), its generic forms that
  pass every value through a pointer (`__atomic_load`, `__atomic_exchange`, ...,
  used by <stdatomic.h> for any type), and its sized forms (`__atomic_load_4`);
* the legacy `__sync_*` family (full barriers; `__sync_lock_test_and_set` is an
  acquire exchange, `__sync_lock_release` a release store of 0);
* `__atomic_always_lock_free` / `__atomic_is_lock_free`.

Objects of 1, 2, 4 or 8 bytes are lock-free (as `__GCC_ATOMIC_*_LOCK_FREE` from
gcc's preprocessor says) and become `AtomicExpr` nodes, lowered by
`atomic_irgen`. A generic operation on any other size calls libatomic's
generic entry point (`__atomic_load(size, obj, ret, order)`, ...), as gcc
does; the program then links with -latomic, as it must with gcc. 16-byte objects
call libatomic's sized entry points (`atomic16`).

Memory orders: a constant is checked against the operation (an invalid one
warns, as gcc's -Winvalid-memory-model does, and becomes seq_cst); a run-time
order is seq_cst; consume is acquire; x86's HLE hint bits are accepted and
ignored (they only add `xacquire`/`xrelease` prefixes, which no current CPU acts on).
Pointer arithmetic in the fetch operations is not scaled (gcc: "as if the
operands were of the uintptr_t type").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pycparser import c_ast

import atomc.fastenum as fastenum

from ..ir.atomics import LOAD_ORDERINGS, STORE_ORDERINGS, Ordering, RMWOp
from . import atomic16
from . import tree as T
from .consteval import ConstError, evaluate
from .ctype import (
    BOOL,
    INT,
    LONG,
    SIZE_T,
    UCHAR,
    UINT,
    UINT128,
    ULONG,
    USHORT,
    VOID,
    CType,
    EnumT,
    FloatT,
    FuncT,
    IntT,
    PointerT,
    StructT,
    VoidT,
    as_int,
    is_pointer,
    is_volatile,
    qualify,
    unqual,
)
from .scopes import Pos

if TYPE_CHECKING:
    from .sema import Sema


class AtomicKind(fastenum.Enum):
    LOAD = "load"  # (p) -> *p
    STORE = "store"  # (p, v)
    EXCHANGE = "exchange"  # (p, v) -> old
    CAS = "cas"  # (p, expected ptr, desired) -> bool; *expected = old on failure
    FETCH_OP = "fetch_op"  # (p, v) -> old
    OP_FETCH = "op_fetch"  # (p, v) -> new
    VAL_CAS = "val_cas"  # (p, old, new) -> the value seen
    BOOL_CAS = "bool_cas"  # (p, old, new) -> bool
    FENCE = "fence"  # ()
    # generic forms: every value behind a pointer, the object an unsigned integer
    LOAD_MEM = "load_mem"  # (p, ret)
    STORE_MEM = "store_mem"  # (p, val)
    EXCHANGE_MEM = "exchange_mem"  # (p, val, ret)
    CAS_MEM = "cas_mem"  # (p, expected, desired) -> bool


class AtomicExpr(T.Expr):
    """One atomic operation on an object of type `obj` (1, 2, 4 or 8 bytes).

    `args` are the operands, already converted (the object's address first);
    `orders` the memory orders (success, failure for a compare-exchange);
    `side` expressions evaluated first for their side effects only (run-time
    memory orders, the `weak` flag)."""

    __slots__ = ("args", "kind", "obj", "orders", "rmw", "side", "signal", "volatile")

    def __init__(self, kind: AtomicKind, args: list[T.Expr], orders: tuple[Ordering, ...],
                 obj: CType, type: CType, pos: Pos, *, rmw: RMWOp | None = None,
                 volatile: bool = False, side: list[T.Expr] | None = None,
                 signal: bool = False) -> None:
        super().__init__(type, pos)
        self.kind = kind
        self.args = args
        self.orders = orders
        self.obj = obj
        self.rmw = rmw
        self.volatile = volatile
        self.side = side or []
        self.signal = signal


@dataclass(frozen=True, slots=True)
class _Spec:
    kind: AtomicKind
    nargs: int  # exact count; `__sync_*` value operations take any extra arguments
    orders: tuple[int, ...] = ()  # argument positions of memory orders
    rmw: RMWOp | None = None
    sync: bool = False
    fixed: Ordering = Ordering.SEQ_CST  # the order of a `__sync_*` operation


_OPS = {"add": RMWOp.ADD, "sub": RMWOp.SUB, "and": RMWOp.AND, "or": RMWOp.OR,
        "xor": RMWOp.XOR, "nand": RMWOp.NAND}
K = AtomicKind
_TABLE: dict[str, _Spec] = {
    "__atomic_load_n": _Spec(K.LOAD, 2, (1,)),
    "__atomic_store_n": _Spec(K.STORE, 3, (2,)),
    "__atomic_exchange_n": _Spec(K.EXCHANGE, 3, (2,), RMWOp.XCHG),
    "__atomic_compare_exchange_n": _Spec(K.CAS, 6, (4, 5)),
    "__atomic_load": _Spec(K.LOAD_MEM, 3, (2,)),
    "__atomic_store": _Spec(K.STORE_MEM, 3, (2,)),
    "__atomic_exchange": _Spec(K.EXCHANGE_MEM, 4, (3,), RMWOp.XCHG),
    "__atomic_compare_exchange": _Spec(K.CAS_MEM, 6, (4, 5)),
    "__atomic_thread_fence": _Spec(K.FENCE, 1, (0,)),
    "__atomic_signal_fence": _Spec(K.FENCE, 1, (0,)),
    "__sync_synchronize": _Spec(K.FENCE, 0),
    "__sync_bool_compare_and_swap": _Spec(K.BOOL_CAS, 3, sync=True),
    "__sync_val_compare_and_swap": _Spec(K.VAL_CAS, 3, sync=True),
    "__sync_lock_test_and_set": _Spec(K.EXCHANGE, 2, (), RMWOp.XCHG, True, Ordering.ACQUIRE),
    "__sync_lock_release": _Spec(K.STORE, 1, (), None, True, Ordering.RELEASE),
    **{f"__atomic_fetch_{n}": _Spec(K.FETCH_OP, 3, (2,), op) for n, op in _OPS.items()},
    **{f"__atomic_{n}_fetch": _Spec(K.OP_FETCH, 3, (2,), op) for n, op in _OPS.items()},
    **{f"__sync_fetch_and_{n}": _Spec(K.FETCH_OP, 2, (), op, True) for n, op in _OPS.items()},
    **{f"__sync_{n}_and_fetch": _Spec(K.OP_FETCH, 2, (), op, True) for n, op in _OPS.items()},
}
# the value forms that also exist with a size suffix (`__atomic_load_4`), whose
# object is the unsigned integer of that size behind a `volatile void *`
_SIZED = frozenset({"__atomic_load", "__atomic_store", "__atomic_exchange",
                    "__atomic_compare_exchange", *(n for n, s in _TABLE.items()
                                                   if s.kind in (K.FETCH_OP, K.OP_FETCH)
                                                   or s.sync)})
_UNSIGNED = {1: UCHAR, 2: USHORT, 4: UINT, 8: ULONG}
_MODEL_NAMES = ("memory_order_relaxed", "memory_order_consume", "memory_order_acquire",
                "memory_order_release", "memory_order_acq_rel", "memory_order_seq_cst")
_HLE_BITS = 0x30000  # __ATOMIC_HLE_ACQUIRE | __ATOMIC_HLE_RELEASE
_VP = PointerT(qualify(VOID, False, True))
_CVP = PointerT(qualify(VOID, True, True))


def atomic_builtin(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr | None:
    """The typed expression for an atomic builtin call, None for other names."""
    if name in ("__atomic_always_lock_free", "__atomic_is_lock_free"):
        return _lock_free(sema, name, args, p)
    if name in ("__atomic_test_and_set", "__atomic_clear"):
        return _flag(sema, name, args, p)
    spec = _TABLE.get(name)
    size = 0
    if spec is None:
        base, _, suffix = name.rpartition("_")
        if base not in _SIZED or suffix not in ("1", "2", "4", "8", "16"):
            return None
        spec = _TABLE[base + "_n"] if base + "_n" in _TABLE else _TABLE[base]
        size = int(suffix)
    if not _count(sema, name, args, spec, p):
        return sema.exprs.bad(p)
    if spec.kind is K.FENCE:
        return _fence(sema, name, args, spec, p)
    if spec.kind in (K.LOAD_MEM, K.STORE_MEM, K.EXCHANGE_MEM, K.CAS_MEM):
        return _generic(sema, name, args, spec, p)
    return _value_form(sema, name, args, spec, size, p)


# ---------------------------------------------------------------------------
# argument checks


def _count(sema: Sema, name: str, args: list[c_ast.Node], spec: _Spec, p: Pos) -> bool:
    n = len(args)
    if n >= spec.nargs and (n == spec.nargs or (spec.sync and spec.kind is not K.FENCE)):
        return True
    sema.error(p, f"too {'few' if n < spec.nargs else 'many'} arguments to function '{name}'")
    for a in args:
        sema.exprs.expr(a)
    return False


def _order(sema: Sema, name: str, node: c_ast.Node, index: int, generic: bool,
           side: list[T.Expr]) -> tuple[Ordering, int | None] | None:
    """The memory order argument `index` (0-based) and its constant value (None:
    known at run time only; it is seq_cst and its expression is evaluated, appended
    to `side`). None after an error."""
    e = sema.conv.value(sema.exprs.expr(node))
    if as_int(e.type) is None:
        if generic or not (is_pointer(e.type) or _is_float(e.type)):
            sema.error(e.pos, f"non-integer memory model argument {index + 1} of '{name}'")
            return None
        e = sema.conv.cast(e, INT)
    try:
        v = evaluate(e)
    except ConstError:
        v = None
    if not isinstance(v, int):
        side.append(e)
        return Ordering.SEQ_CST, None
    code = v & ~_HLE_BITS
    if not 0 <= code <= 5:
        _warn(sema, e.pos, f"invalid memory model {v} for '{name}'")
        return Ordering.SEQ_CST, None
    return Ordering.from_code(code), code


def _is_float(t: CType) -> bool:
    return isinstance(unqual(t), FloatT)


def _orders(sema: Sema, name: str, args: list[c_ast.Node], spec: _Spec, kind: AtomicKind,
            generic: bool, side: list[T.Expr]) -> tuple[Ordering, ...] | None:
    """The checked memory orders of a call, repaired as gcc repairs them."""
    if spec.sync:
        return (spec.fixed,)
    got = [_order(sema, name, args[i], i, generic, side) for i in spec.orders]
    if any(o is None for o in got):
        return None
    orders = [o[0] for o in got if o is not None]
    codes = [o[1] for o in got if o is not None]
    if kind is K.FENCE and codes[0] == 0:
        return ()  # a relaxed fence orders nothing: no code, no compiler barrier
    where = sema.pos(args[spec.orders[-1]]) if spec.orders else None
    bad_load = kind in (K.LOAD, K.LOAD_MEM) and orders[0] not in LOAD_ORDERINGS
    bad_store = kind in (K.STORE, K.STORE_MEM) and orders[0] not in STORE_ORDERINGS
    if bad_load or bad_store:
        _warn(sema, where, f"invalid memory model {_model(codes[0])} for '{name}'")
        orders[0] = Ordering.SEQ_CST
    elif kind in (K.CAS, K.CAS_MEM):  # gcc's expand_builtin_atomic_compare_exchange
        succ, fail = orders
        if fail.code > succ.code:
            _warn(sema, where, f"failure memory model {_model(codes[1])} cannot be stronger "
                               f"than success memory model {_model(codes[0])} for '{name}'")
            succ = Ordering.SEQ_CST
        if fail not in LOAD_ORDERINGS:
            _warn(sema, where, f"invalid failure memory model {_model(codes[1])} for '{name}'")
            succ = fail = Ordering.SEQ_CST
        orders = [succ, fail]
    return tuple(orders)


def _model(code: int | None) -> str:
    return f"'{_MODEL_NAMES[code]}'" if code is not None else "(known at run time)"


def _warn(sema: Sema, where: Pos | None, msg: str) -> None:
    sema.warning(where, msg + " [-Winvalid-memory-model]")


def _object(sema: Sema, name: str, ptr: T.Expr, fetch: bool, p: Pos) -> CType | None:
    """The object type behind argument 1 of a value-form builtin, as gcc's
    sync_resolve_size accepts it: an integer or pointer of 1..16 bytes (not _Bool
    for the arithmetic and __sync operations)."""
    t = unqual(ptr.type)
    if isinstance(t, PointerT):
        o = unqual(t.pointee)
        if isinstance(o, (IntT, EnumT, PointerT)) and not (fetch and o == BOOL) \
                and o.size in (1, 2, 4, 8, 16):
            return o
    sema.error(p, f"operand type '{ptr.type}' is incompatible with argument 1 of '{name}'")
    return None


def _operand(sema: Sema, node: c_ast.Node, obj: CType, arith: bool) -> T.Expr | None:
    """A value operand converted to the object's type (a pointer object's
    arithmetic operand to long: no scaling)."""
    v = sema.conv.value(sema.exprs.expr(node))
    if isinstance(unqual(v.type), StructT):
        sema.error(v.pos, "aggregate value used where an integer was expected")
        return None
    if arith and isinstance(obj, PointerT):
        return sema.conv.cast(v, LONG)
    if isinstance(unqual(obj), PointerT) and _is_float(v.type):
        sema.error(v.pos, f"incompatible type for argument: '{obj}' from '{v.type}'")
        return None
    return sema.conv.cast(v, obj)


# ---------------------------------------------------------------------------
# the forms


def _value_form(sema: Sema, name: str, args: list[c_ast.Node], spec: _Spec, size: int,
                p: Pos) -> T.Expr:
    ptr = sema.conv.value(sema.exprs.expr(args[0]))
    kind = spec.kind
    if size:  # `__atomic_load_4`: a `volatile void *` to an unsigned integer of that size
        if not is_pointer(ptr.type):
            sema.error(ptr.pos, f"passing '{ptr.type}' as argument 1 of '{name}', which "
                                "takes a pointer")
            return sema.exprs.bad(p)
        obj: CType | None = _UNSIGNED.get(size, UINT128)
        vol = True
    else:
        obj = _object(sema, name, ptr, kind in (K.FETCH_OP, K.OP_FETCH) or spec.sync, p)
        vol = obj is not None and is_volatile(unqual(ptr.type).pointee)  # type: ignore
    if obj is None:
        for a in args[1:]:
            sema.exprs.expr(a)
        return sema.exprs.bad(p)
    side: list[T.Expr] = []
    operands: list[T.Expr] = [ptr]
    arith = kind in (K.FETCH_OP, K.OP_FETCH)
    values = {K.LOAD: (), K.STORE: (1,), K.EXCHANGE: (1,), K.FETCH_OP: (1,), K.OP_FETCH: (1,),
              K.VAL_CAS: (1, 2), K.BOOL_CAS: (1, 2), K.CAS: (2,)}[kind]
    if spec.sync and kind is K.STORE:  # __sync_lock_release: a store of 0
        operands.append(sema.conv.cast(T.IntConst(0, INT, p), obj))
    for i, node in enumerate(args[1:spec.nargs], 1):
        if kind is K.CAS and i == 1:  # the expected value's address
            e = sema.conv.value(sema.exprs.expr(node))
            if not is_pointer(e.type):
                sema.error(e.pos, f"argument 2 of '{name}' must be a pointer type")
                return sema.exprs.bad(p)
            operands.append(e)
        elif i in values:
            v = _operand(sema, node, obj, arith)
            if v is None:
                return sema.exprs.bad(p)
            operands.append(v)
        elif kind is K.CAS and i == 3:  # weak: evaluated, x86 never fails spuriously
            side.append(sema.conv.value(sema.exprs.expr(node)))
    for node in args[spec.nargs:]:  # __sync_*'s list of protected variables: evaluated
        side.append(sema.conv.rvalue(sema.exprs.expr(node)))
    orders = _orders(sema, name, args, spec, kind, False, side)
    if orders is None:
        return sema.exprs.bad(p)
    if obj.size == 16 and not (spec.sync and sema.target.cx16):
        return atomic16.value_call(sema, kind, spec.sync, spec.rmw, operands, orders, obj,
                                   side, p)
    rtype = {K.STORE: VOID, K.CAS: BOOL, K.BOOL_CAS: BOOL}.get(kind, obj)
    return AtomicExpr(kind, operands, orders, obj, rtype, p, rmw=spec.rmw, volatile=vol,
                      side=side)


def _generic(sema: Sema, name: str, args: list[c_ast.Node], spec: _Spec, p: Pos) -> T.Expr:
    nptrs = {K.LOAD_MEM: 2, K.STORE_MEM: 2, K.EXCHANGE_MEM: 3, K.CAS_MEM: 3}[spec.kind]
    vals = [sema.conv.value(sema.exprs.expr(a)) for a in args[:nptrs]]
    pu = unqual(vals[0].type)
    obj = unqual(pu.pointee) if isinstance(pu, PointerT) else None
    if obj is None or isinstance(obj, (VoidT, FuncT)):
        sema.error(p, f"argument 1 of '{name}' must be a non-void pointer type")
        return sema.exprs.bad(p)
    if not obj.complete:
        sema.error(p, f"argument 1 of '{name}' must be a pointer to a constant size type")
        return sema.exprs.bad(p)
    size = obj.size
    if size == 0:
        sema.error(p, f"argument 1 of '{name}' must be a pointer to a nonzero size object")
        return sema.exprs.bad(p)
    for i in range(1, nptrs):
        t = unqual(vals[i].type)
        if not isinstance(t, PointerT):
            sema.error(p, f"argument {i + 1} of '{name}' must be a pointer type")
            return sema.exprs.bad(p)
        if unqual(t.pointee).size != size or not unqual(t.pointee).complete:
            sema.error(p, f"size mismatch in argument {i + 1} of '{name}'")
            return sema.exprs.bad(p)
    side: list[T.Expr] = []
    if spec.kind is K.CAS_MEM:
        side.append(sema.conv.value(sema.exprs.expr(args[3])))  # weak: x86 never fails spuriously
    orders = _orders(sema, name, args, spec, spec.kind, True, side)
    if orders is None:
        return sema.exprs.bad(p)
    if size == 16:
        return atomic16.generic_call(sema, spec.kind, vals[:nptrs], orders, side, p)
    if size not in _UNSIGNED:
        return _libatomic(sema, spec.kind, size, vals[:nptrs], orders, p)
    assert isinstance(pu, PointerT)
    vol = is_volatile(pu.pointee)
    rtype = BOOL if spec.kind is K.CAS_MEM else VOID
    return AtomicExpr(spec.kind, vals[:nptrs], orders, _UNSIGNED[size], rtype, p,
                      rmw=spec.rmw, volatile=vol, side=side)


def _libatomic(sema: Sema, kind: AtomicKind, size: int, ptrs: list[T.Expr],
               orders: tuple[Ordering, ...], p: Pos) -> T.Expr:
    """A generic operation on an object that is not lock-free: libatomic's
    `__atomic_load(size, obj, ret, order)` and friends, as gcc calls them."""
    name = {K.LOAD_MEM: "__atomic_load", K.STORE_MEM: "__atomic_store",
            K.EXCHANGE_MEM: "__atomic_exchange", K.CAS_MEM: "__atomic_compare_exchange"}[kind]
    ret = BOOL if kind is K.CAS_MEM else VOID
    params = (SIZE_T, *(PointerT(VOID) for _ in ptrs), *(INT for _ in orders))
    args: list[T.Expr] = [T.IntConst(size, SIZE_T, p), *ptrs,
                          *(T.IntConst(o.code, INT, p) for o in orders)]
    return sema.calls.libcall(name, ret, params, args, p)


def _fence(sema: Sema, name: str, args: list[c_ast.Node], spec: _Spec, p: Pos) -> T.Expr:
    side: list[T.Expr] = []
    orders = _orders(sema, name, args, spec, K.FENCE, False, side) if spec.orders \
        else (Ordering.SEQ_CST,)
    if orders is None:
        return sema.exprs.bad(p)
    return AtomicExpr(K.FENCE, [], orders, VOID, VOID, p, side=side,
                      signal=name == "__atomic_signal_fence")


def _flag(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr:
    """`__atomic_test_and_set(p, order)` exchanges the byte at p with 1 and gives the
    old byte as a _Bool (gcc returns the byte itself); `__atomic_clear` stores 0."""
    spec = _Spec(K.EXCHANGE if name == "__atomic_test_and_set" else K.STORE, 2, (1,))
    if not _count(sema, name, args, spec, p):
        return sema.exprs.bad(p)
    ptr = sema.conv.assign_convert(sema.exprs.expr(args[0]), _VP, f"for argument 1 of '{name}': "
                              "passing to parameter of type")
    side: list[T.Expr] = []
    orders = _orders(sema, name, args, spec, spec.kind, False, side)
    if orders is None:
        return sema.exprs.bad(p)
    one = T.IntConst(1 if spec.kind is K.EXCHANGE else 0, UCHAR, p)
    rtype = BOOL if spec.kind is K.EXCHANGE else VOID
    return AtomicExpr(spec.kind, [ptr, one], orders, UCHAR, rtype, p, rmw=RMWOp.XCHG,
                      volatile=True, side=side)


def _lock_free(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr:
    """Constant when gcc folds it; `__atomic_is_lock_free` otherwise asks libatomic."""
    if len(args) != 2:
        sema.error(p, f"too {'few' if len(args) < 2 else 'many'} arguments to function "
                      f"'{name}'")
        return sema.exprs.bad(p)
    size_e = sema.conv.value(sema.exprs.expr(args[0]))
    ptr = sema.conv.value(sema.exprs.expr(args[1]))
    try:
        size = evaluate(size_e)
    except ConstError:
        size = None
    if not isinstance(size, int):
        if name == "__atomic_always_lock_free":
            sema.error(p, f"non-constant argument 1 to '{name}'")
            return sema.exprs.bad(p)
        folded = None
    else:
        folded = _always_lock_free(size, ptr)
    if folded is not None and (folded or name == "__atomic_always_lock_free"):
        return T.IntConst(int(folded), BOOL, p)
    return sema.calls.libcall("__atomic_is_lock_free", BOOL, (SIZE_T, _CVP), [size_e, ptr], p)


def _always_lock_free(size: int, ptr: T.Expr) -> bool:
    """gcc's fold_builtin_atomic_always_lock_free for x86-64 (no cmpxchg16b)."""
    if size not in _UNSIGNED:
        return False
    try:
        v = evaluate(ptr)
    except ConstError:
        v = None
    if isinstance(v, int):  # null: typical alignment; otherwise a fake pointer
        return v == 0 or (v & -v) >= size
    e = ptr
    while isinstance(e, T.Cast) and is_pointer(e.operand.type):  # look through (void *)
        e = e.operand
    pt = unqual(e.type)
    if not isinstance(pt, PointerT) or not unqual(pt.pointee).complete:
        return False
    return pt.pointee.align >= size
