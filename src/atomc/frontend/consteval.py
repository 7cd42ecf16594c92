"""Constant expression evaluation on the typed tree.

Integer constant expressions give an `int` (already wrapped to the
expression's type); address constants (static initialisers such as `&g + 2`
or `"str"`) give an `Address`. Anything else gives None. Division by zero
raises `ConstError` so the caller can report it where a constant is required.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..ir.x87float import X80
from . import tree as T
from .complex_sema import COMPLEX_NODES, CValue, evaluate_complex
from .ctype import BOOL, PointerT, as_float, as_int, unqual, wrap
from .floats import float_of_int, float_to_int, is_zero, ld_binary, round_to
from .scopes import SymKind


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


Value = int | float | X80 | CValue | Address


def eval_int(e: T.Expr) -> int | None:
    v = evaluate(e)
    return v if isinstance(v, int) else None


def evaluate(e: T.Expr) -> Value | None:
    match e:
        case T.IntConst() | T.FloatConst():
            return e.value
        case T.Cast():
            return _cast(e)
        case T.Unary():
            return _unary(e)
        case T.Binary():
            return _binary(e)
        case T.Logical():
            lv = evaluate(e.left)
            if not isinstance(lv, (int, float, X80)):
                return None
            if e.op == "&&" and is_zero(lv):
                return 0
            if e.op == "||" and not is_zero(lv):
                return 1
            rv = evaluate(e.right)
            return int(not is_zero(rv)) if isinstance(rv, (int, float, X80)) else None
        case T.Cond():
            c = evaluate(e.cond)
            if not isinstance(c, (int, float, X80)):
                return None
            return evaluate(e.then if not is_zero(c) else e.els)
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
            assert isinstance(base, int)  # a pointer's value
            return (base + delta) & ((1 << 64) - 1)
        case T.PtrDiff():
            return None
    if isinstance(e, COMPLEX_NODES):
        return evaluate_complex(e)
    return None


def _cast(e: T.Cast) -> Value | None:
    v = evaluate(e.operand)
    if v is None:
        return None
    it = as_int(e.type)
    ft = as_float(e.type)
    if isinstance(v, Address):
        return v if it is None or it.size == 8 else None
    assert not isinstance(v, CValue)  # a complex operand is a ComplexCast's
    if ft is not None:
        return round_to(v, ft.size) if isinstance(v, (float, X80)) else \
            float_of_int(v, ft.size)
    # (_Bool by identity or rank, not the dataclass __eq__: only _Bool has rank 1)
    boolean = it is BOOL or (it is not None and it.rank == 1 and it == BOOL)
    if isinstance(v, (float, X80)):
        if boolean:
            return int(not is_zero(v))
        return float_to_int(v, it) if it is not None else None
    if it is not None:
        return wrap(v, it) if not boolean else int(v != 0)
    if isinstance(unqual(e.type), PointerT):
        return v & ((1 << 64) - 1)
    return None


def _unary(e: T.Unary) -> Value | None:
    v = evaluate(e.operand)
    if isinstance(v, (float, X80)):
        return -v if e.op == "-" else int(is_zero(v)) if e.op == "!" else None
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


def _address(e: T.Expr) -> Address | None:
    """The address of an lvalue with static storage, if it is a link-time constant."""
    match e:
        case T.VarRef():
            s = e.sym
            if s.kind is SymKind.FUNC or (s.kind is SymKind.VAR and s.static_storage):
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
    if isinstance(lv, X80) and isinstance(rv, X80):
        return ld_binary(e.op, lv, rv)
    if isinstance(lv, X80) or isinstance(rv, X80):
        return None  # operands of a long double operation are converted first
    # complex operands are ComplexBinary's (complex_sema.py), never a Binary's
    assert not isinstance(lv, CValue) and not isinstance(rv, CValue)
    if isinstance(lv, float) or isinstance(rv, float):
        return _float_binary(e, float(lv), float(rv))
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
    elif op in ("<<", ">>"):
        count = rv & (127 if ot is not None and ot.bits == 128 else 63)
        r = (lv << count if op == "<<" else lv >> count) if rv >= 0 else 0
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


def _float_binary(e: T.Binary, a: float, b: float) -> Value | None:
    """A binary operation in a floating type, as gcc folds constant expressions
    (IEEE results; an invalid operation gives the positive quiet NaN, where the
    hardware would give the negative one: see `Sema._fold`)."""
    cmp = {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}
    if e.op in cmp:
        return int(cmp[e.op])
    ft = as_float(e.type)
    if ft is None:
        return None
    if e.op == "+":
        r = a + b
    elif e.op == "-":
        r = a - b
    elif e.op == "*":
        r = a * b
    elif e.op == "/":
        if math.isnan(a) or math.isnan(b):
            r = a if math.isnan(a) else b
        elif b == 0:
            if a == 0:
                r = math.nan
            else:
                r = math.copysign(math.inf, a) * math.copysign(1.0, b)
        else:
            r = a / b
    else:
        return None
    if math.isnan(r) and not (math.isnan(a) or math.isnan(b)):
        r = math.nan  # gcc folds an invalid operation to the positive quiet NaN
    return round_to(r, ft.size)
