"""`wide`: the double-word operations that i128 legalisation leaves behind.

After `codegen.legalize_i128` no IR value is wider than 64 bits: an i128
value lives as two i64 halves (low, high). Most operations split into
independent i64 operations; the ones whose halves interact through the carry
or across the halves become one `wide` instruction each, so instruction
selection can emit the machine's double-word sequence (add/adc, sub/sbb,
mul, shld/shrd, cmp/sbb) instead of recovering it from generic code:

    %r = wide add i64 alo, i64 ahi, i64 blo, i64 bhi     ; {i64, i64}: a + b
    %r = wide sub i64 alo, i64 ahi, i64 blo, i64 bhi     ; {i64, i64}: a - b
    %r = wide shl i64 lo, i64 hi, i64 n                  ; {i64, i64}: x << (n & 127)
    %r = wide lshr i64 lo, i64 hi, i64 n                 ; {i64, i64}: x >> (n & 127), logical
    %r = wide ashr i64 lo, i64 hi, i64 n                 ; {i64, i64}: x >> (n & 127), arithmetic
    %r = wide umul i64 a, i64 b                          ; {i64, i64}: the full 128-bit a * b
    %c = wide icmp PRED i64 alo, i64 ahi, i64 blo, i64 bhi   ; i1: a PRED b on 128 bits

The `{i64, i64}` results are taken apart with `extract` (0 = low, 1 = high).
`wide` is pure and never traps; `eval_wide` is its meaning, which the
interpreter runs and the legaliser's tests compare against i128 IR.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import atomc.fastenum as fastenum

from .debuginfo import Loc
from .insts import ICMP_PREDS, Inst, Op
from .types import I1, I64, IntType, TupleType, Type
from .values import Value

PAIR: Final = TupleType((I64, I64))
_M64: Final = (1 << 64) - 1
_M128: Final = (1 << 128) - 1


class WideKind(fastenum.Enum):
    ADD = "add"
    SUB = "sub"
    SHL = "shl"
    LSHR = "lshr"
    ASHR = "ashr"
    UMUL = "umul"
    ICMP = "icmp"


# operand count of each kind
ARITY: Final = {WideKind.ADD: 4, WideKind.SUB: 4, WideKind.SHL: 3, WideKind.LSHR: 3,
                WideKind.ASHR: 3, WideKind.UMUL: 2, WideKind.ICMP: 4}


class Wide(Inst):
    """One double-word operation on i64 halves (see the module docstring)."""

    __slots__ = ("kind", "pred")

    def __init__(self, kind: WideKind, operands: Sequence[Value], *, pred: str = "",
                 loc: Loc, name: str = "") -> None:
        assert len(operands) == ARITY[kind], (kind, len(operands))
        assert (kind is WideKind.ICMP) == bool(pred) and (not pred or pred in ICMP_PREDS)
        super().__init__(Op.WIDE, I1 if kind is WideKind.ICMP else PAIR, operands, loc=loc,
                         name=name)
        self.kind = kind
        self.pred = pred

    @property
    def mnemonic(self) -> str:
        """`add`, ..., or `icmp slt`: the text between `wide` and the operands."""
        return f"icmp {self.pred}" if self.pred else self.kind.value


def join_halves(lo: int, hi: int) -> int:
    """The 128-bit pattern of (low, high) 64-bit halves."""
    return (lo & _M64) | (hi & _M64) << 64


def split_halves(v: int) -> tuple[int, int]:
    """(low, high) 64-bit halves of a 128-bit pattern."""
    return v & _M64, v >> 64 & _M64


def signed128(v: int) -> int:
    return v - (1 << 128) if v >> 127 else v


def eval_wide(kind: WideKind, pred: str, args: Sequence[int]) -> tuple[int, int] | int:
    """The result of a `wide` instruction: (low, high) halves, or 0/1 for `icmp`."""
    if kind is WideKind.UMUL:
        return split_halves((args[0] & _M64) * (args[1] & _M64))
    x = join_halves(args[0], args[1])
    if kind in (WideKind.SHL, WideKind.LSHR, WideKind.ASHR):
        n = args[2] & 127
        if kind is WideKind.SHL:
            return split_halves(x << n & _M128)
        if kind is WideKind.LSHR:
            return split_halves(x >> n)
        return split_halves(signed128(x) >> n & _M128)
    y = join_halves(args[2], args[3])
    if kind is WideKind.ADD:
        return split_halves((x + y) & _M128)
    if kind is WideKind.SUB:
        return split_halves((x - y) & _M128)
    from .interp_eval import eval_cmp  # the one definition of each predicate
    return eval_cmp(pred, IntType(128), x, y)


def check_wide(inst: Wide) -> list[str]:
    """Verifier rules: i64 operands, the result type its kind gives."""
    problems = []
    for k, u in enumerate(inst.operands):
        if u.value.ty != I64:
            problems.append(f"wide {inst.mnemonic} operand {k} must be i64, not {u.value.ty}")
    want: Type = I1 if inst.kind is WideKind.ICMP else PAIR
    if inst.ty != want:
        problems.append(f"wide {inst.mnemonic} produces {want}, not {inst.ty}")
    return problems


def parse_wide_head(kind_text: str, pred_text: str | None) -> tuple[WideKind, str] | str:
    """(kind, predicate) for the words after `wide`, or an error message."""
    try:
        kind = WideKind(kind_text)
    except ValueError:
        return f"unknown wide operation '{kind_text}'"
    if kind is WideKind.ICMP:
        if pred_text not in ICMP_PREDS:
            return f"unknown icmp predicate '{pred_text}'"
        return kind, pred_text
    return kind, ""
