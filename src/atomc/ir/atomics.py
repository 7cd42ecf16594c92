"""Atomic memory operations and fences (C11 `_Atomic`, gcc's `__atomic_*`/`__sync_*`).

Five instruction formats, each with a C11 memory ordering and (for accesses) a
volatile flag:

* `atomic_load T, ptr p, ORD` reads a T atomically;
* `atomic_store T v, ptr p, ORD` writes one;
* `atomicrmw OP ptr p, T v, ORD` replaces the object by `old OP v` (`xchg`: by
  `v`) in one indivisible step and yields `old`;
* `cmpxchg [weak] ptr p, T e, T d, SUCC, FAIL` writes `d` if the object holds
  `e`, yielding `{old, success}` (weak: may fail spuriously; never does here);
* `fence [signal] ORD` orders the accesses around it (`signal`: only against a
  signal handler of the same thread, so only the compiler is fenced).

T is an integer of 8..64 bits or `ptr` (a `ptr` only for loads, stores, `xchg` and
`cmpxchg`).
`consume` does not exist here: the front end strengthens it to `acquire`, as
gcc does. Every atomic is a memory barrier for the optimiser: it is never
removed (not even an unused load), merged or moved, and no other memory access
moves across it (`MEMORY_WRITERS` holds all five opcodes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import atomc.fastenum as fastenum

from .debuginfo import Loc
from .insts import Inst, Op, StoreLike
from .types import I1, I64, PTR, VOID, IntType, PtrType, TupleType, Type
from .values import Value

if TYPE_CHECKING:
    from .interp import Interpreter


class Ordering(fastenum.Enum):
    """C11 memory orderings (gcc's `__ATOMIC_*` values in `code`)."""

    RELAXED = "relaxed"
    ACQUIRE = "acquire"
    RELEASE = "release"
    ACQ_REL = "acq_rel"
    SEQ_CST = "seq_cst"

    @property
    def code(self) -> int:
        """gcc's numbering (`__ATOMIC_RELAXED` 0 ... `__ATOMIC_SEQ_CST` 5)."""
        return _CODES[self]

    @staticmethod
    def from_code(code: int) -> Ordering:
        """gcc's value for a valid memory model; consume (1) is acquire."""
        return _BY_CODE[code]


_CODES = {Ordering.RELAXED: 0, Ordering.ACQUIRE: 2, Ordering.RELEASE: 3, Ordering.ACQ_REL: 4,
          Ordering.SEQ_CST: 5}
_BY_CODE = {0: Ordering.RELAXED, 1: Ordering.ACQUIRE, 2: Ordering.ACQUIRE, 3: Ordering.RELEASE,
            4: Ordering.ACQ_REL, 5: Ordering.SEQ_CST}

LOAD_ORDERINGS = frozenset({Ordering.RELAXED, Ordering.ACQUIRE, Ordering.SEQ_CST})
STORE_ORDERINGS = frozenset({Ordering.RELAXED, Ordering.RELEASE, Ordering.SEQ_CST})


class RMWOp(fastenum.Enum):
    XCHG = "xchg"
    ADD = "add"
    SUB = "sub"
    AND = "and"
    OR = "or"
    XOR = "xor"
    NAND = "nand"  # ~(old & v), gcc's semantics since 4.4


_BINARY = {RMWOp.ADD: Op.ADD, RMWOp.SUB: Op.SUB, RMWOp.AND: Op.AND, RMWOp.OR: Op.OR,
           RMWOp.XOR: Op.XOR}


def rmw_result(op: RMWOp, old: int, v: int, ty: IntType) -> int:
    """The value an atomicrmw writes (unsigned bit patterns of type `ty`)."""
    if op is RMWOp.XCHG:
        return v & ty.mask
    if op is RMWOp.NAND:
        return ~(old & v) & ty.mask
    from .interp_eval import as_int, eval_binary  # the one definition of integer arithmetic
    return as_int(eval_binary(_BINARY[op], ty, old, v))


class AtomicLoad(Inst):
    __slots__ = ("ordering", "volatile")

    def __init__(self, ty: Type, ptr: Value, ordering: Ordering, *, loc: Loc,
                 volatile: bool = False, name: str = "") -> None:
        super().__init__(Op.ATOMIC_LOAD, ty, [ptr], loc=loc, name=name)
        self.ordering = ordering
        self.volatile = volatile

    @property
    def ptr(self) -> Value:
        return self.operands[0].value


class AtomicStore(StoreLike):
    __slots__ = ("ordering", "volatile")

    def __init__(self, value: Value, ptr: Value, ordering: Ordering, *,
                 loc: Loc, volatile: bool = False) -> None:
        super().__init__(Op.ATOMIC_STORE, VOID, [value, ptr], loc=loc)
        self.ordering = ordering
        self.volatile = volatile


class AtomicRMW(Inst):
    """`old = *ptr; *ptr = old OP value` indivisibly; the result is `old`."""

    __slots__ = ("ordering", "rmw", "volatile")

    def __init__(self, rmw: RMWOp, ptr: Value, value: Value, ordering: Ordering, *,
                 loc: Loc, volatile: bool = False, name: str = "") -> None:
        super().__init__(Op.ATOMIC_RMW, value.ty, [ptr, value], loc=loc, name=name)
        self.rmw = rmw
        self.ordering = ordering
        self.volatile = volatile

    @property
    def ptr(self) -> Value:
        return self.operands[0].value

    @property
    def value(self) -> Value:
        return self.operands[1].value


class CmpXchg(Inst):
    """Compare-and-exchange; the result is the tuple {old value, i1 success}."""

    __slots__ = ("failure", "success", "volatile", "weak")

    def __init__(self, ptr: Value, expected: Value, desired: Value, success: Ordering,
                 failure: Ordering, *, loc: Loc, weak: bool = False,
                 volatile: bool = False, name: str = "") -> None:
        super().__init__(Op.CMPXCHG, TupleType((expected.ty, I1)), [ptr, expected, desired],
                         loc=loc, name=name)
        self.success = success
        self.failure = failure
        self.weak = weak
        self.volatile = volatile

    @property
    def ptr(self) -> Value:
        return self.operands[0].value

    @property
    def expected(self) -> Value:
        return self.operands[1].value

    @property
    def desired(self) -> Value:
        return self.operands[2].value


class Fence(Inst):
    """A memory fence; `signal`: a compiler-only fence (`__atomic_signal_fence`)."""

    __slots__ = ("ordering", "signal")

    def __init__(self, ordering: Ordering, *, loc: Loc,
                 signal: bool = False) -> None:
        super().__init__(Op.FENCE, VOID, [], loc=loc)
        self.ordering = ordering
        self.signal = signal


FORMATS: dict[Op, type] = {Op.ATOMIC_LOAD: AtomicLoad, Op.ATOMIC_STORE: AtomicStore,
                           Op.ATOMIC_RMW: AtomicRMW, Op.CMPXCHG: CmpXchg, Op.FENCE: Fence}
OPERAND_COUNTS: dict[type, int] = {AtomicLoad: 1, AtomicStore: 2, AtomicRMW: 2, CmpXchg: 3,
                                   Fence: 0}
VALUE_FORMATS = (AtomicLoad, AtomicRMW, CmpXchg)


def atomic_type_ok(t: Type) -> bool:
    """Types an atomic instruction can access: i8..i64 and ptr."""
    return isinstance(t, PtrType) or (isinstance(t, IntType) and t.bits in (8, 16, 32, 64))


def accessed_type(inst: Inst) -> Type:
    """The type of the object an atomic access reads or writes."""
    if isinstance(inst, AtomicStore):
        return inst.value.ty
    if isinstance(inst, CmpXchg):
        return inst.expected.ty
    return inst.ty if isinstance(inst, AtomicLoad) else inst.operand(1).ty


# ---------------------------------------------------------------------------
# Verifier rules A1..A5 (see verifier.py's docstring)


def check_atomic(inst: Inst) -> list[str]:
    """Problems with one atomic instruction (empty when it is well formed)."""
    out: list[str] = []
    if isinstance(inst, Fence):
        if inst.ordering is Ordering.RELAXED:
            out.append("a fence cannot be relaxed")  # A2
        return out
    ptr = inst.operand(1) if isinstance(inst, AtomicStore) else inst.operand(0)
    if ptr.ty != PTR:
        out.append(f"atomic address must be ptr, not {ptr.ty}")  # A1
    t = accessed_type(inst)
    if not atomic_type_ok(t):
        out.append(f"atomic access of type {t}: it must be i8, i16, i32, i64 or ptr")  # A1
    if isinstance(inst, AtomicLoad) and inst.ordering not in LOAD_ORDERINGS:
        out.append(f"an atomic load cannot be {inst.ordering.value}")  # A2
    elif isinstance(inst, AtomicStore) and inst.ordering not in STORE_ORDERINGS:
        out.append(f"an atomic store cannot be {inst.ordering.value}")  # A2
    elif isinstance(inst, AtomicRMW):
        if inst.ty != t:  # A3
            out.append(f"atomicrmw result type {inst.ty} differs from its value type {t}")
        if inst.rmw is not RMWOp.XCHG and not isinstance(t, IntType):
            out.append(f"atomicrmw {inst.rmw.value} needs an integer, not {t}")
    elif isinstance(inst, CmpXchg):
        if inst.desired.ty != t:  # A4
            out.append(f"cmpxchg expected and desired values differ in type: {t} and "
                       f"{inst.desired.ty}")
        if inst.ty != TupleType((t, I1)):
            out.append(f"cmpxchg result must be {{{t}, i1}}, not {inst.ty}")
        if inst.failure not in LOAD_ORDERINGS:  # A5
            out.append(f"cmpxchg failure ordering cannot be {inst.failure.value}")
        elif inst.failure.code > inst.success.code:
            out.append(f"cmpxchg failure ordering {inst.failure.value} is stronger than the "
                       f"success ordering {inst.success.value}")
    return out


# ---------------------------------------------------------------------------
# Interpreter semantics (one thread: every ordering behaves alike)


def execute_atomic(it: Interpreter, addr: int, inst: Inst, operands: Sequence[object]) -> object:
    """Run one atomic instruction at address `addr` (unused for fences) with the
    operand values `operands` (after the address); returns its result."""
    mem = it.mem
    if isinstance(inst, Fence):
        return None
    if isinstance(inst, AtomicLoad):
        return mem.load(inst.ty, addr)
    if isinstance(inst, AtomicStore):
        mem.store(inst.value.ty, addr, operands[0])  # type: ignore[arg-type]
        return None
    t = accessed_type(inst)
    old = mem.load(t, addr)
    assert isinstance(old, int)
    if isinstance(inst, AtomicRMW):
        v = operands[0]
        assert isinstance(v, int)
        mem.store(t, addr, rmw_result(inst.rmw, old, v, t if isinstance(t, IntType) else I64))
        return old
    assert isinstance(inst, CmpXchg)
    expected, desired = operands
    if old == expected:
        mem.store(t, addr, desired)  # type: ignore[arg-type]
        return (old, 1)
    return (old, 0)
