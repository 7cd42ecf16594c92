"""Constant expression evaluation on the typed tree.

Integer constant expressions give an `int` (already wrapped to the
expression's type); address constants (static initialisers such as `&g + 2`
or `"str"`) give an `Address`. Anything else gives None. Division by zero
raises `ConstError` so the caller can report it where a constant is required.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import tree as T
from .ctype import BOOL, PointerT, as_int, unqual, wrap


@dataclass(frozen=True, slots=True)
class Address:
    """`symbol + offset`; `string` holds a literal that still needs a symbol."""

    symbol: str
    offset: int = 0
    string: bytes | None = None


class ConstError(Exception):
    def __init__(self, message: str, expr: T.Expr) -> None:
        super().__init__(message)
        self.message = message
        self.expr = expr


Value = int | Address


def eval_int(e: T.Expr) -> int | None:
    v = evaluate(e)
    return v if isinstance(v, int) else None


def evaluate(e: T.Expr) -> Value | None:
    match e:
        case T.IntConst():
            return e.value
        case T.Cast():
            v = evaluate(e.operand)
            if v is None:
                return None
            it = as_int(e.type)
            if isinstance(v, Address):
                return v if it is None or it.size == 8 else None
            if it is not None:
                return wrap(v, it) if it != BOOL else int(v != 0)
            if isinstance(unqual(e.type), PointerT):
                return v & ((1 << 64) - 1)
            return None
        case T.Unary():
            v = evaluate(e.operand)
            if not isinstance(v, int):
                return None
            it = as_int(e.type)
            if e.op == "-":
                r = -v
            elif e.op == "~":
                r = ~v
            else:
                r = int(v == 0)
            return wrap(r, it) if it is not None else r
        case T.Binary():
            return _binary(e)
        case T.Logical():
            lv = evaluate(e.left)
            if not isinstance(lv, int):
                return None
            if e.op == "&&" and lv == 0:
                return 0
            if e.op == "||" and lv != 0:
                return 1
            rv = evaluate(e.right)
            return int(rv != 0) if isinstance(rv, int) else None
        case T.Cond():
            c = evaluate(e.cond)
            if not isinstance(c, int):
                return None
            return evaluate(e.then if c else e.els)
        case T.Comma():
            return None
        case T.Decay() | T.AddrOf():
            return _address(e.operand)
        case T.PtrArith():
            base = evaluate(e.ptr)
            idx = evaluate(e.index)
            if not isinstance(idx, int) or base is None:
                return None
            delta = idx * e.scale * (1 if e.op == "+" else -1)
            if isinstance(base, Address):
                return Address(base.symbol, base.offset + delta, base.string)
            return (base + delta) & ((1 << 64) - 1)
        case T.PtrDiff():
            return None
    return None


def _address(e: T.Expr) -> Address | None:
    """The address of an lvalue with static storage, if it is a link-time constant."""
    match e:
        case T.VarRef():
            s = e.sym
            if s.kind == "func" or (s.kind == "var" and s.static_storage):
                return Address(s.link_name or s.name)
            return None
        case T.StrLit():
            return Address("", 0, e.data)
        case T.Member():
            base = _address(e.base)
            return Address(base.symbol, base.offset + e.offset, base.string) if base else None
        case T.Deref():
            v = evaluate(e.ptr)
            return v if isinstance(v, Address) else None
        case T.CompoundLit():
            s = e.sym
            return Address(s.link_name) if s.static_storage and s.link_name else None
    return None


def _binary(e: T.Binary) -> Value | None:
    lv = evaluate(e.left)
    rv = evaluate(e.right)
    if lv is None or rv is None:
        return None
    op = e.op
    if isinstance(lv, Address) or isinstance(rv, Address):
        if op in ("==", "!=") and isinstance(lv, Address) and isinstance(rv, Address):
            same = lv == rv
            return int(same if op == "==" else not same)
        return None
    ot = as_int(e.left.type)  # operation type
    if ot is not None and not ot.signed:
        lv &= (1 << ot.bits) - 1
        rv &= (1 << ot.bits) - 1
    rt = as_int(e.type)
    if op in ("/", "%"):
        if rv == 0:
            raise ConstError("division by zero in constant expression", e)
        q = abs(lv) // abs(rv)
        if (lv < 0) != (rv < 0):
            q = -q
        r = q if op == "/" else lv - q * rv
    elif op == "+":
        r = lv + rv
    elif op == "-":
        r = lv - rv
    elif op == "*":
        r = lv * rv
    elif op == "<<":
        r = lv << (rv & 63) if rv >= 0 else 0
    elif op == ">>":
        r = lv >> (rv & 63) if rv >= 0 else 0
    elif op == "&":
        r = lv & rv
    elif op == "|":
        r = lv | rv
    elif op == "^":
        r = lv ^ rv
    elif op == "<":
        r = int(lv < rv)
    elif op == "<=":
        r = int(lv <= rv)
    elif op == ">":
        r = int(lv > rv)
    elif op == ">=":
        r = int(lv >= rv)
    elif op == "==":
        r = int(lv == rv)
    elif op == "!=":
        r = int(lv != rv)
    else:
        return None
    return wrap(r, rt) if rt is not None else r
