"""Text form of the atomic instructions (printer and parser halves; see atomics.py).

```
%r = atomic_load i32, ptr %p, seq_cst [volatile]
atomic_store i32 %v, ptr %p, release [volatile]
%r = atomicrmw add ptr %p, i32 %v, acq_rel [volatile]
%r = cmpxchg [weak] ptr %p, i32 %e, i32 %d, seq_cst, acquire [volatile]
fence [signal] seq_cst
```
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from .atomics import AtomicLoad, AtomicRMW, AtomicStore, CmpXchg, Fence, Ordering, RMWOp
from .insts import Inst, Op
from .values import Value

if TYPE_CHECKING:
    from .parser import IRParser

_E = TypeVar("_E", bound=Enum)
_R = TypeVar("_R")


def atomic_body(inst: Inst, typed: Callable[[Value], str]) -> str:
    """The printed instruction (without result name and location)."""
    vol = " volatile" if getattr(inst, "volatile", False) else ""
    match inst:
        case AtomicLoad():
            return f"atomic_load {inst.ty}, {typed(inst.ptr)}, {inst.ordering.value}{vol}"
        case AtomicStore():
            return (f"atomic_store {typed(inst.value)}, {typed(inst.ptr)}, "
                    f"{inst.ordering.value}{vol}")
        case AtomicRMW():
            return (f"atomicrmw {inst.rmw.value} {typed(inst.ptr)}, {typed(inst.value)}, "
                    f"{inst.ordering.value}{vol}")
        case CmpXchg():
            weak = " weak" if inst.weak else ""
            return (f"cmpxchg{weak} {typed(inst.ptr)}, {typed(inst.expected)}, "
                    f"{typed(inst.desired)}, {inst.success.value}, {inst.failure.value}{vol}")
        case Fence():
            return f"fence{' signal' if inst.signal else ''} {inst.ordering.value}"
    raise AssertionError(inst.op)


def _choice(p: IRParser, enum_cls: type[_E], what: str) -> _E:
    # the lexer comes with the parser: a compile, which only prints, never loads it
    from .text_lexer import TokKind

    tok = p.expect_kind(TokKind.IDENT, what)
    try:
        return enum_cls(tok.text)
    except ValueError:
        names = ", ".join(m.value for m in enum_cls)
        p.error(tok, f"unknown {what} '{tok.text}' (one of {names})")


def parse_atomic(p: IRParser, op: Op, scope: Any) -> Inst:
    """Parse the body of an atomic instruction after its opcode."""
    def typed() -> Value:
        return p.parse_typed(scope)

    def order() -> Ordering:
        return _choice(p, Ordering, "memory ordering")

    def then(read: Callable[[], _R]) -> _R:
        """The next comma-separated item."""
        p.expect(",")
        return read()

    if op is Op.FENCE:
        signal = p.accept("signal")
        return Fence(order(), loc=p.inst_loc, signal=signal)
    if op is Op.ATOMIC_LOAD:
        ty = p.parse_type()
        ptr, o = then(typed), then(order)
        return AtomicLoad(ty, ptr, o, loc=p.inst_loc, volatile=p.accept("volatile"))
    if op is Op.ATOMIC_STORE:
        v = typed()
        ptr, o = then(typed), then(order)
        return AtomicStore(v, ptr, o, loc=p.inst_loc, volatile=p.accept("volatile"))
    if op is Op.ATOMIC_RMW:
        rmw = _choice(p, RMWOp, "atomicrmw operation")
        ptr = typed()
        v, o = then(typed), then(order)
        return AtomicRMW(rmw, ptr, v, o, loc=p.inst_loc, volatile=p.accept("volatile"))
    assert op is Op.CMPXCHG
    weak = p.accept("weak")
    ptr = typed()
    e, d, succ, fail = then(typed), then(typed), then(order), then(order)
    return CmpXchg(ptr, e, d, succ, fail, loc=p.inst_loc, weak=weak, volatile=p.accept("volatile"))
