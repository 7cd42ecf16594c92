"""Typing of `_Complex` expressions, with gcc's rules (C99 6.3.1.8 and GNU C).

Complex values are not IR values: irgen (`complex_gen`) keeps each one in
memory as its real and imaginary halves. Here the typed tree gets five node
kinds that irgen lowers to operations on the halves:

* `ComplexConst`: both halves constant (`2.0i` is `0.0 + 2.0i`);
* `ComplexBinary`: `+ - * /` where one operand may stay real: gcc computes
  `x + z` as `(x + re, im)` and `x * z` as `(x*re, x*im)` (no imaginary zero
  is invented, so signed zeros and infinities come out as gcc's);
  complex × complex is `ac - bd, ad + bc` with libgcc's `__mul?c3` taking over
  when both parts are NaN, complex ÷ complex (or real ÷ complex) is libgcc's
  `__div?c3`;
* `ComplexUnary`: `-z` and GNU `~z` (the conjugate);
* `ComplexCompare`: `==` and `!=` (a real operand's imaginary part is 0);
* `ComplexCast`: between complex types, from a real type, or to a real,
  integer or `_Bool` type (the real part; `_Bool` tests both halves);
* `ComplexPair`: `__builtin_complex(re, im)`, the halves as they are.

`__real__ z` and `__imag__ z` are members at offsets 0 and one half: lvalues
when `z` is. Constant operands are folded as gcc folds them: `+ - ` and the
componentwise products with IEEE rounding, complex `*` and `/` exactly rounded
(gcc folds them with MPC) when every part is finite; anything non-finite is
left to run time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..ir.x87float import DOUBLE, SINGLE, X80, round_binary
from . import tree as T
from .ctype import (
    BOOL,
    FLOAT,
    INT,
    LDOUBLE,
    ComplexT,
    CType,
    FloatT,
    PointerT,
    as_complex,
    as_float,
    as_int,
    common_arith,
    is_arith,
    unqual,
)
from .ctype import (
    DOUBLE as C_DOUBLE,
)
from .floats import float_of_int, is_zero, ld_binary, round_to

if TYPE_CHECKING:
    from fractions import Fraction  # imported where used: few compiles need it

    from .scopes import Pos
    from .sema import Sema

Part = float | X80


@dataclass(frozen=True, slots=True)
class CValue:
    """A complex constant: both halves already rounded to the base type."""

    re: Part
    im: Part


class ComplexConst(T.Expr):
    __slots__ = ("value",)

    def __init__(self, value: CValue, type: ComplexT, pos: Pos) -> None:
        super().__init__(type, pos)
        self.value = value


class ComplexBinary(T.Expr):
    """`left op right` in complex type `type`; each operand is either of `type`
    or of its real base type."""

    __slots__ = ("left", "op", "right")

    def __init__(self, op: str, left: T.Expr, right: T.Expr, type: ComplexT, pos: Pos) -> None:
        super().__init__(type, pos)
        self.op = op
        self.left = left
        self.right = right


class ComplexUnary(T.Expr):
    __slots__ = ("op", "operand")

    def __init__(self, op: str, operand: T.Expr, pos: Pos) -> None:
        super().__init__(operand.type, pos)
        self.op = op  # "-" or "~" (conjugate)
        self.operand = operand


class ComplexCompare(T.Expr):
    """`==` or `!=` (an int); operands as for `ComplexBinary` of `ctype`."""

    __slots__ = ("ctype", "left", "op", "right")

    def __init__(self, op: str, left: T.Expr, right: T.Expr, ctype: ComplexT, pos: Pos) -> None:
        super().__init__(INT, pos)
        self.op = op
        self.left = left
        self.right = right
        self.ctype = ctype


class ComplexPair(T.Expr):
    """GNU `__builtin_complex(re, im)` (<complex.h>'s CMPLX): the halves as given."""

    __slots__ = ("im", "re")

    def __init__(self, re: T.Expr, im: T.Expr, type: ComplexT, pos: Pos) -> None:
        super().__init__(type, pos)
        self.re = re
        self.im = im


class ComplexCast(T.Expr):
    __slots__ = ("operand",)

    def __init__(self, operand: T.Expr, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.operand = operand


COMPLEX_NODES = (ComplexConst, ComplexBinary, ComplexUnary, ComplexCompare, ComplexCast,
                 ComplexPair)


# ---------------------------------------------------------------------------
# types


def complex_of(names: list[str], base: CType, sema: Sema, pos: Pos) -> CType:
    """`_Complex` (or `__complex__`) with the other specifiers' type `base`."""
    b = unqual(base)
    if isinstance(b, FloatT) and b.nbytes in (4, 8, 16):
        return ComplexT(b)
    if as_int(b) is not None:
        if not sema.is_system(pos):
            sema.error(pos, "complex integer types (GNU '_Complex int') are unsupported")
        return ComplexT(C_DOUBLE)
    sema.error(pos, f"'_Complex {base}' is not a valid complex type")
    return ComplexT(C_DOUBLE)


# ---------------------------------------------------------------------------
# expressions


def imaginary_const(value: Part | int, real_type: CType, pos: Pos, sema: Sema) -> T.Expr:
    """The constant `value`i of the literal's real type."""
    f = as_float(real_type)
    if f is None:  # `3i`: gcc's _Complex int
        sema.error(pos, "complex integer constants (GNU '_Complex int') are unsupported")
        return sema.exprs.bad(pos)
    ct = ComplexT(f)
    return ComplexConst(CValue(_zero(f), round_to(value, f.size)
                               if not isinstance(value, int) else float_of_int(value, f.size)),
                        ct, pos)


def _zero(f: FloatT) -> Part:
    return X80.from_float(0.0) if f.size == 16 else 0.0


def complex_binary(sema: Sema, op: str, left: T.Expr, right: T.Expr, p: Pos) -> T.Expr:
    if op not in ("+", "-", "*", "/", "==", "!="):
        sema.error(p, f"invalid operands to binary '{op}' ('{left.type}' and '{right.type}')")
        return sema.exprs.bad(p)
    if not (is_arith(left.type) and is_arith(right.type)):
        sema.error(p, f"invalid operands to binary '{op}' ('{left.type}' and '{right.type}')")
        return sema.exprs.bad(p)
    ct = common_arith(left.type, right.type)
    assert isinstance(ct, ComplexT)
    lv = operand(sema, left, ct)
    rv = operand(sema, right, ct)
    if op in ("==", "!="):
        cmp = ComplexCompare(op, lv, rv, ct, p)
        v = _fold(cmp)
        return T.IntConst(v, INT, p) if isinstance(v, int) else cmp
    e = ComplexBinary(op, lv, rv, ct, p)
    v = _fold(e)
    return ComplexConst(v, ct, p) if isinstance(v, CValue) else e


def operand(sema: Sema, e: T.Expr, ct: ComplexT) -> T.Expr:
    """A complex operand converted to `ct`; a real one to ct's base (it stays real)."""
    if as_complex(e.type) is not None:
        return sema.conv.cast(e, ct)
    return sema.conv.cast(e, ct.base)


def complex_cast(sema: Sema, e: T.Expr, to: CType, explicit: bool) -> T.Expr:
    tu, eu = unqual(to), unqual(e.type)
    if isinstance(tu, ComplexT) and isinstance(eu, ComplexT) and tu == eu:
        return e
    if isinstance(tu, PointerT) or isinstance(eu, PointerT) or not is_arith(to) \
            or not is_arith(e.type):
        sema.error(e.pos, f"cannot convert '{e.type}' to '{to}'")
        return sema.exprs.bad(e.pos)
    c = ComplexCast(e, to, e.pos)
    v = _fold(c)
    if isinstance(v, CValue):
        return ComplexConst(v, tu, e.pos)  # type: ignore[arg-type]
    if isinstance(v, (float, X80)):
        return T.FloatConst(v, to, e.pos)
    if isinstance(v, int):
        return T.IntConst(v, to, e.pos)
    return c


def complex_unary(sema: Sema, op: str, operand: T.Expr, p: Pos) -> T.Expr:
    if op == "+":
        return operand
    if op == "!":
        return T.Unary("!", truth(sema, operand), INT, p)
    if op in ("-", "~"):
        e = ComplexUnary(op, operand, p)
        v = _fold(e)
        ct = operand.type
        return ComplexConst(v, ct, p) if isinstance(v, CValue) else e  # type: ignore[arg-type]
    sema.error(p, f"invalid argument type '{operand.type}' to unary '{op}'")
    return sema.exprs.bad(p)


def truth(sema: Sema, e: T.Expr) -> T.Expr:
    """A complex value used as a condition: `e != 0` (either half non-zero)."""
    ct = as_complex(e.type)
    if ct is None:
        return e
    return complex_binary(sema, "!=", e, T.IntConst(0, INT, e.pos), e.pos)


def part(sema: Sema, which: str, operand: T.Expr, p: Pos) -> T.Expr:
    """`__real__ x` / `__imag__ x`: a member of a complex object (an lvalue when the
    operand is); of a real operand, the operand itself or a zero."""
    ct = as_complex(operand.type)
    if ct is None:
        if not is_arith(operand.type):
            sema.error(p, f"wrong type argument to {which} ('{operand.type}')")
            return sema.exprs.bad(p)
        if which == "__real__":
            return operand
        zero = sema.conv.cast(T.IntConst(0, INT, p), operand.type)
        return T.Comma(T.Cast(operand, operand.type, p), zero, p) \
            if not isinstance(operand, (T.IntConst, T.FloatConst)) else zero
    if isinstance(operand, ComplexConst):
        v = operand.value.re if which == "__real__" else operand.value.im
        return T.FloatConst(v, ct.base, p)
    off = 0 if which == "__real__" else ct.base.size
    m = T.Member(operand, off, which, ct.base, p)
    m.lvalue = operand.lvalue and not isinstance(operand, (T.Call, T.Assign, T.Cond, T.Comma,
                                                          T.StmtExpr))
    return m


CREAL_NAMES = {f"{pre}{fn}{suf}": (fn, suf) for pre in ("", "__builtin_")
               for fn in ("creal", "cimag", "conj") for suf in ("", "f", "l")}


def builtin_complex(sema: Sema, args: list[T.Expr], p: Pos) -> T.Expr:
    """`__builtin_complex(re, im)`: two operands of one real floating type."""
    if len(args) != 2:
        sema.error(p, "'__builtin_complex' takes two arguments")
        return sema.exprs.bad(p)
    re, im = (sema.conv.value(a) for a in args)
    f = as_float(re.type)
    if f is None or as_float(im.type) != f or f.nbytes not in (4, 8, 16):
        sema.error(p, f"'__builtin_complex' needs two operands of the same real floating "
                      f"type, not '{re.type}' and '{im.type}'")
        return sema.exprs.bad(p)
    e = ComplexPair(re, im, ComplexT(f), p)
    v = _fold(e)
    return ComplexConst(v, ComplexT(f), p) if isinstance(v, CValue) else e


def complex_builtin(sema: Sema, name: str, args: list[T.Expr], p: Pos) -> T.Expr | None:
    """creal/cimag/conj (and their f and l forms), inline as gcc does."""
    fn, suf = CREAL_NAMES[name]
    base = {"f": FLOAT, "l": LDOUBLE}.get(suf, C_DOUBLE)
    if len(args) != 1:
        sema.error(p, f"'{name}' takes one argument")
        return sema.exprs.bad(p)
    z = sema.conv.cast(sema.conv.value(args[0]), ComplexT(base))
    if fn == "conj":
        return complex_unary(sema, "~", z, p)
    r = part(sema, "__real__" if fn == "creal" else "__imag__", z, p)
    if isinstance(r, T.Member):
        r.lvalue = False
    return r


# ---------------------------------------------------------------------------
# constant folding (also the static-initialiser evaluator, through consteval)


def evaluate_complex(e: T.Expr) -> CValue | Part | int | None:
    """The constant value of a complex node: a CValue for complex results, a real
    or an integer for comparisons and conversions to real types."""
    return _fold(e, initializer=True)


def _fold(e: T.Expr, initializer: bool = False) -> CValue | Part | int | None:
    from .consteval import ConstError, evaluate

    def val(x: T.Expr) -> CValue | Part | int | None:
        try:
            return evaluate(x)  # type: ignore[return-value]
        except ConstError:
            return None

    match e:
        case ComplexConst():
            return e.value
        case ComplexPair():
            r, i = val(e.re), val(e.im)
            if isinstance(r, (float, X80)) and isinstance(i, (float, X80)):
                return CValue(r, i)
            return None
        case ComplexCast():
            v = val(e.operand)
            if v is None:
                return None
            return _convert(v, e.type)
        case ComplexUnary():
            v = val(e.operand)
            if not isinstance(v, CValue):
                return None
            if e.op == "-":
                return CValue(-v.re, -v.im)
            return CValue(v.re, -v.im) if e.op == "~" else None
        case ComplexBinary():
            a, b = val(e.left), val(e.right)
            if a is None or b is None:
                return None
            return _arith(e.op, a, b, e.type.base, initializer)  # type: ignore[attr-defined]
        case ComplexCompare():
            a, b = val(e.left), val(e.right)
            if a is None or b is None:
                return None
            base = e.ctype.base
            ar, ai = _split(a, base)
            br, bi = _split(b, base)
            same = _eq(ar, br, base) and _eq(ai, bi, base)
            return int(same if e.op == "==" else not same)
    return None


def _convert(v: object, to: CType) -> CValue | Part | int | None:
    tu = unqual(to)
    if isinstance(v, CValue):
        if isinstance(tu, ComplexT):
            return CValue(round_to(v.re, tu.base.size), round_to(v.im, tu.base.size))
        if as_int(tu) == BOOL:
            return int(not (is_zero(v.re) and is_zero(v.im)))
        it = as_int(tu)
        if it is not None:
            from .floats import float_to_int
            return float_to_int(v.re, it)
        f = as_float(tu)
        return round_to(v.re, f.size) if f is not None else None
    if isinstance(tu, ComplexT):
        size = tu.base.size
        if isinstance(v, int):
            re = float_of_int(v, size)
        elif isinstance(v, (float, X80)):
            re = round_to(v, size)
        else:
            return None
        return CValue(re, _zero(tu.base))
    return None


def _split(v: CValue | Part | int, base: FloatT) -> tuple[Part, Part | None]:
    if isinstance(v, CValue):
        return v.re, v.im
    if isinstance(v, int):
        return float_of_int(v, base.size), None
    return v, None


def _eq(a: Part | None, b: Part | None, base: FloatT) -> bool:
    z = _zero(base)
    a = z if a is None else a
    b = z if b is None else b
    if isinstance(a, X80) or isinstance(b, X80):
        return ld_binary("==", a, b) == 1  # type: ignore[arg-type]
    return a == b


def _op(op: str, a: Part, b: Part, base: FloatT) -> Part:
    """One real operation, rounded as the machine rounds it."""
    if isinstance(a, X80):
        r = ld_binary(op, a, b)  # type: ignore[arg-type]
        assert isinstance(r, X80)
        return r
    assert not isinstance(b, X80)  # both operands have the base type
    if op == "+":
        r2 = a + b
    elif op == "-":
        r2 = a - b
    elif op == "*":
        r2 = a * b
    elif b != 0:
        r2 = a / b
    else:
        r2 = math.nan if a == 0 or math.isnan(a) else \
            math.copysign(math.inf, a) * math.copysign(1.0, b)
    return round_to(r2, base.size)


def _finite(*parts: Part | None) -> bool:
    for x in parts:
        if x is None:
            continue
        if isinstance(x, X80):
            if not x.is_finite():
                return False
        elif not math.isfinite(x):
            return False
    return True


def _exact(x: Part) -> Fraction:
    from fractions import Fraction

    return x.to_fraction() if isinstance(x, X80) else Fraction(x)


def _round(q: Fraction, base: FloatT, zero_sign: float) -> Part:
    """The exactly rounded `q` (an exact zero takes the sign of `zero_sign`)."""
    if base.size == 16:
        return X80.from_fraction(q, negative_zero=math.copysign(1.0, zero_sign) < 0)
    if q == 0:
        return math.copysign(0.0, zero_sign)
    r = round_binary(q, SINGLE if base.size == 4 else DOUBLE)
    if r is None:
        return math.copysign(math.inf, q)
    return math.copysign(math.ldexp(float(r[0]), r[1]), q)


def _arith(op: str, a: CValue | Part | int, b: CValue | Part | int, base: FloatT,
           initializer: bool) -> CValue | None:
    ar, ai = _split(a, base)
    br, bi = _split(b, base)
    componentwise = op in ("+", "-") or (op == "*" and (ai is None or bi is None)) or \
        (op == "/" and bi is None)
    if not _finite(ar, ai, br, bi) and not (initializer and componentwise):
        return None  # non-finite parts: computed at run time, as gcc leaves them
    if op in ("+", "-"):
        re = _op(op, ar, br, base)
        if ai is None:
            im = bi if op == "+" else (-bi if bi is not None else None)
        elif bi is None:
            im = ai
        else:
            im = _op(op, ai, bi, base)
        out = CValue(re, im if im is not None else _zero(base))
    elif op == "*" and (ai is None or bi is None):
        k, (zr, zi) = (ar, (br, bi)) if ai is None else (br, (ar, ai))
        out = CValue(_op("*", zr, k, base), _op("*", zi, k, base))  # type: ignore[arg-type]
    elif op == "/" and bi is None:
        out = CValue(_op("/", ar, br, base), _op("/", ai, br, base))  # type: ignore[arg-type]
    else:  # gcc folds complex * and / exactly rounded (MPC)
        ai = ai if ai is not None else _zero(base)
        bi = bi if bi is not None else _zero(base)
        a_r, a_i, b_r, b_i = map(_exact, (ar, ai, br, bi))
        if op == "*":
            re_q, im_q = a_r * b_r - a_i * b_i, a_r * b_i + a_i * b_r
            zs_re = _zero_sum(ar, br, ai, bi, subtract=True)
            zs_im = _zero_sum(ar, bi, ai, br, subtract=False)
        else:
            den = b_r * b_r + b_i * b_i
            if den == 0:
                return None
            re_q = (a_r * b_r + a_i * b_i) / den
            im_q = (a_i * b_r - a_r * b_i) / den
            zs_re = zs_im = 1.0
        out = CValue(_round(re_q, base, zs_re), _round(im_q, base, zs_im))
    if initializer and componentwise:  # gcc folds an invalid operation to +NaN
        return CValue(_positive_nan(out.re), _positive_nan(out.im))
    if not _finite(out.re, out.im):
        return None
    return out


def _positive_nan(x: Part) -> Part:
    if isinstance(x, X80):
        return abs(x) if x.is_nan() else x
    return math.nan if math.isnan(x) else x


def _zero_sum(a: Part, b: Part, c: Part, d: Part, subtract: bool) -> float:
    """The sign IEEE gives an exact zero result of a*b ± c*d."""
    def sgn(x: Part) -> float:
        neg = x.sign if isinstance(x, X80) else math.copysign(1.0, x) < 0
        return -1.0 if neg else 1.0
    p1 = math.copysign(0.0, sgn(a) * sgn(b))
    p2 = math.copysign(0.0, sgn(c) * sgn(d))
    return p1 - p2 if subtract else p1 + p2
