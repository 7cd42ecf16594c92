"""Floating-point semantics shared by the interpreter and the constant folders
(issue 7): IEEE results as x86 SSE computes them, f32 rounded once to single,
NaN behaviour of compares, and which conversions may be folded at all."""

from __future__ import annotations

import math
import struct

import pytest

from atomc.frontend.floats import float_literal
from atomc.ir import ARTIFICIAL, F32, F64, I1, I32, I64, X80, Cast, Cmp, Const, Op
from atomc.ir.interp_eval import eval_binary, eval_cast, eval_cmp
from atomc.ir.parser import parse_module
from atomc.ir.printer import print_module
from atomc.opt.float_fold import fold_float


def bits(v: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", v))[0]


NAN = math.nan
INF = math.inf


def test_f32_arithmetic_rounds_to_single() -> None:
    a, b = struct.unpack("<ff", struct.pack("<ff", 0.1, 0.2))
    assert eval_binary(Op.FADD, F32, a, b) == struct.unpack("<f", struct.pack("<f", a + b))[0]
    assert eval_binary(Op.FADD, F32, a, b) != a + b  # the double sum is not a single
    assert eval_binary(Op.FMUL, F32, 3.0e38, 10.0) == INF  # overflow of the single


def test_division_by_zero_and_nan_propagation() -> None:
    assert eval_binary(Op.FDIV, F64, 1.0, 0.0) == INF
    assert eval_binary(Op.FDIV, F64, 1.0, -0.0) == -INF
    assert eval_binary(Op.FDIV, F64, -1.0, 0.0) == -INF
    assert bits(eval_binary(Op.FDIV, F64, 0.0, 0.0)) == 0xFFF8000000000000  # x86's default NaN
    payload = struct.unpack("<d", struct.pack("<Q", 0x7FF8000000000123))[0]
    assert bits(eval_binary(Op.FDIV, F64, payload, 0.0)) == 0x7FF8000000000123
    assert bits(eval_binary(Op.FSUB, F64, INF, INF)) == 0xFFF8000000000000


@pytest.mark.parametrize("pred,want", [("oeq", 0), ("one", 0), ("olt", 0), ("ole", 0),
                                       ("ogt", 0), ("oge", 0), ("ord", 0), ("ueq", 1),
                                       ("une", 1), ("ult", 1), ("ule", 1), ("ugt", 1),
                                       ("uge", 1), ("uno", 1)])
def test_every_predicate_with_nan(pred: str, want: int) -> None:
    assert eval_cmp(pred, F64, NAN, 1.0) == want
    assert eval_cmp(pred, F64, 1.0, NAN) == want


def test_signed_zeros_compare_equal_but_negate_exactly() -> None:
    assert eval_cmp("oeq", F64, 0.0, -0.0) == 1
    assert math.copysign(1.0, eval_cast(Op.FNEG, F64, F64, 0.0)) == -1.0
    assert bits(eval_cast(Op.FNEG, F64, F64, NAN)) == 0xFFF8000000000000


def test_integer_to_single_rounds_once() -> None:
    # 2^53 + 2^29 + 1: through a double it would round to 2^53 (two ties to even);
    # rounded once it is above the halfway point and goes up.
    assert eval_cast(Op.UITOFP, I64, F32, (1 << 53) + (1 << 29) + 1) == float((1 << 53) + (1 << 30))
    assert eval_cast(Op.SITOFP, I64, F32, -((1 << 53) + (1 << 29) + 1) & ((1 << 64) - 1)) \
        == -float((1 << 53) + (1 << 30))
    assert eval_cast(Op.UITOFP, I64, F64, (1 << 64) - 1) == 2.0 ** 64


def test_bitcasts_keep_bits() -> None:
    assert eval_cast(Op.BITCAST, F64, I64, -0.0) == 1 << 63
    assert eval_cast(Op.BITCAST, I32, F32, 0x3FC00000) == 1.5
    assert eval_cast(Op.BITCAST, F32, I32, 1.5) == 0x3FC00000


def _cast(op: Op, v: float | int, src, dst) -> Cast:  # type: ignore[no-untyped-def]
    return Cast(op, Const(src, v), dst, loc=ARTIFICIAL)


def test_folding_leaves_undefined_conversions_alone() -> None:
    assert fold_float(_cast(Op.FPTOSI, NAN, F64, I32)) is None
    assert fold_float(_cast(Op.FPTOSI, 3e9, F64, I32)) is None
    assert fold_float(_cast(Op.FPTOUI, -1.0, F64, I64)) is None
    assert fold_float(_cast(Op.FPTOSI, INF, F64, I64)) is None
    got = fold_float(_cast(Op.FPTOUI, 1e19, F64, I64))
    assert isinstance(got, Const) and got.value == 10 ** 19
    got = fold_float(_cast(Op.FPTOSI, -2.9, F64, I32))
    assert isinstance(got, Const) and got.signed() == -2


def test_folding_compares_and_arithmetic() -> None:
    c = fold_float(Cmp("une", Const(F64, NAN), Const(F64, NAN), loc=ARTIFICIAL, float_cmp=True))
    assert isinstance(c, Const) and c.ty == I1 and c.value == 1


def test_constants_round_trip_through_text() -> None:
    neg_nan = struct.unpack("<d", struct.pack("<Q", 0xFFF8000000000001))[0]
    src = ("define @f() -> (f64) {\nbb0:\n"
           f"  %a = fadd f64 -0.0, f64 {print_float(neg_nan)}\n"
           "  %b = fptrunc f64 %a to f32\n  %c = fadd f32 %b, f32 0.10000000149011612\n"
           "  %d = fpext f32 %c to f64\n  ret f64 %d\n}\n")
    text = print_module(parse_module(src))
    again = print_module(parse_module(text))
    assert text == again
    assert "0xfff8000000000001" in text and "-0.0" in text


def print_float(v: float) -> str:
    from atomc.ir.printer import float_text
    return float_text(v)


@pytest.mark.parametrize("text,value,size", [
    ("1.5", 1.5, 8), ("1.5f", 1.5, 4), ("0x1.8p1", 3.0, 8), ("0x1.fffffep127f", 3.4028234663852886e38, 4),
    # 1 + 2^-24 + a little: rounded through a double it would tie down to 1.0f
    ("1.00000005960464477539062500001f", 1.0000001192092896, 4),
    ("1e400", INF, 8), ("4.9406564584124654e-324", 5e-324, 8),
    # long double literals are exact x87 values, not doubles
    ("2.5L", X80.from_float(2.5), 16), ("0.1L", X80(0x3FFBCCCCCCCCCCCCCCCD), 16),
])
def test_literals_round_once_to_their_type(text: str, value: float | X80, size: int) -> None:
    assert float_literal(text) == (value, size)
