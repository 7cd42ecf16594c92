"""x86-64 SysV calling convention for the C types we compile (INTEGER, SSE, MEMORY).

The front end lowers C signatures to IR signatures here: scalars pass as one
IR value; a struct or union of at most 16 bytes passes as one or two integer
pieces (i64 for a full eightbyte, the smallest of i8/i16/i32/i64 covering a
partial last eightbyte; an eightbyte holding only floating members is an SSE
piece, f64, or f32 when it holds 4 bytes); larger aggregates pass by pointer to a stack copy
(`byval`) and return through a hidden first pointer parameter (`sret`).

`long double` is one `f80` value (class X87: the back end passes it in memory
and returns it in %st(0)); a struct or union made only of long doubles at
offset 0 is passed in memory and returned in %st(0) too (X87, X87UP), any other
aggregate holding one is MEMORY. `_Complex float` and `_Complex double` travel
as a struct of two floats or doubles would; `_Complex long double` (class
COMPLEX_X87) is passed in memory and returned as two f80 pieces, in %st(0)
and %st(1).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

import atomc.fastenum as fastenum

from ..ir import F32, F64, F80, I8, I16, I32, I64, I128, PTR, FloatType, IntType, Op, Type
from .ctype import (
    BOOL,
    LDOUBLE,
    ArrayT,
    ComplexT,
    CType,
    EnumT,
    FloatT,
    FuncT,
    IntT,
    PointerT,
    StructT,
    VoidT,
    contains_long_double,
    unqual,
)


class ArgKind(fastenum.Enum):
    """How a C argument or return value travels."""

    DIRECT = enum.auto()  # one scalar IR value
    PIECES = enum.auto()  # one or two eightbyte pieces (or x87 halves)
    BYVAL = enum.auto()  # a pointer to a stack copy
    SRET = enum.auto()  # returned through a hidden first pointer parameter
    VOID = enum.auto()  # no value


@dataclass(frozen=True, slots=True)
class ArgABI:
    """How one C argument (or the return value) travels."""

    kind: ArgKind
    types: tuple[Type, ...] = ()
    size: int = 0
    align: int = 0
    # a char/short/_Bool scalar travels as an i32 (types[0]) holding its sign (Op.SEXT) or
    # zero (Op.ZEXT) extension of `narrow`: clang's callers and callees rely on it, gcc's
    # ignore it, so the caller extends arguments and the callee extends its result
    ext: Op | None = None
    narrow: Type | None = None

    def piece_offset(self, k: int) -> int:
        """Byte offset of piece `k` in the object: eightbytes, or 16-byte x87 halves."""
        return k * (16 if F80 in self.types else 8)


@dataclass(frozen=True, slots=True)
class FuncABI:
    ret: ArgABI
    params: tuple[ArgABI, ...]
    variadic: bool

    @property
    def sret(self) -> bool:
        return self.ret.kind is ArgKind.SRET

    def ir_params(self) -> tuple[list[Type], list[tuple[int, int] | None]]:
        """IR parameter types and byval markers, in order (sret pointer first)."""
        types: list[Type] = []
        byval: list[tuple[int, int] | None] = []
        if self.sret:
            types.append(PTR)
            byval.append(None)
        for p in self.params:
            if p.kind is ArgKind.BYVAL:
                types.append(PTR)
                byval.append((p.size, p.align))
            else:
                types.extend(p.types)
                byval.extend([None] * len(p.types))
        return types, byval

    def ir_rets(self) -> list[Type]:
        if self.ret.kind is ArgKind.SRET:
            return [PTR]
        return list(self.ret.types)


def scalar_ir_type(t: CType) -> Type:
    """The IR type a scalar C value lives in (`_Bool` is an i8 holding 0 or 1)."""
    u = unqual(t) if t.layered else t
    if isinstance(u, PointerT):
        return PTR
    if isinstance(u, EnumT):
        u = u.underlying
    if isinstance(u, IntT):
        if u.nbytes == 1 and u == BOOL:
            return I8
        ir = _INT_IR.get(u.nbytes)  # __int128: i128, legalised to i64 pairs before codegen
        return ir if ir is not None else IntType(u.nbytes * 8)
    if isinstance(u, FloatT):
        return {4: F32, 8: F64}.get(u.size, F80)  # _Float128 is rejected where it is used
    raise TypeError(f"not a scalar type: {t}")


# the IR type of each integer size (asked for most values loaded, stored or converted)
_INT_IR: Final[dict[int, IntType]] = {1: I8, 2: I16, 4: I32, 8: I64, 16: I128}


def piece_type(nbytes: int) -> IntType:
    """Smallest integer register piece covering `nbytes` (1..8) bytes."""
    if nbytes <= 1:
        return I8
    if nbytes <= 2:
        return I16
    if nbytes <= 4:
        return I32
    return I64


def data_size(st: StructT | ComplexT) -> int:
    """Bytes up to the end of the last member (the size without tail padding)."""
    if isinstance(st, ComplexT):
        return st.size
    return max((m.offset + ((m.bit_pos + m.bit_width + 7) // 8 if m.is_bitfield
                            else m.type.size) for m in st.members), default=st.size)


def classify(t: CType, is_return: bool = False) -> ArgABI:
    u = unqual(t)
    if isinstance(u, VoidT):
        return ArgABI(ArgKind.VOID)
    if isinstance(u, ComplexT) and u.base == LDOUBLE:  # COMPLEX_X87
        if is_return:
            return ArgABI(ArgKind.PIECES, (F80, F80), u.size, u.align)
        return ArgABI(ArgKind.BYVAL, (), u.size, u.align)
    if isinstance(u, (StructT, ComplexT)):
        size = u.size
        if size == 0:
            return ArgABI(ArgKind.PIECES, (), 0, u.align)
        if contains_long_double(u):  # X87 and X87UP, or MEMORY
            if is_return and size == 16 and all(f == (0, 16, True)
                                                for f in _scalar_fields(u, 0)):
                return ArgABI(ArgKind.PIECES, (F80,), size, u.align)
            return ArgABI(ArgKind.SRET if is_return else ArgKind.BYVAL, (), size, max(u.align, 8))
        if size > 16:
            return ArgABI(ArgKind.SRET if is_return else ArgKind.BYVAL, (), size, max(u.align, 8))
        pieces: list[Type] = []
        remaining = data_size(u)  # tail padding does not widen the last piece
        sse = sse_eightbytes(u)
        k = 0
        while remaining > 0:
            n = min(remaining, 8)
            pieces.append((F32 if n <= 4 else F64) if sse[k] else piece_type(n))
            remaining -= 8
            k += 1
        return ArgABI(ArgKind.PIECES, tuple(pieces), size, u.align)
    ir = scalar_ir_type(t)
    if isinstance(ir, IntType) and ir.bits < 32 and not isinstance(u, PointerT):
        base = u.underlying if isinstance(u, EnumT) else u
        signed = isinstance(base, IntT) and base != BOOL and base.signed
        return ArgABI(ArgKind.DIRECT, (I32,), u.size, u.align, Op.SEXT if signed else Op.ZEXT, ir)
    return ArgABI(ArgKind.DIRECT, (ir,), u.size, u.align)


def _scalar_fields(t: CType, base: int) -> list[tuple[int, int, bool]]:
    """(offset, size, is floating) of every scalar inside an object of type `t`."""
    u = unqual(t)
    if isinstance(u, StructT):
        return [f for m in u.members for f in _scalar_fields(m.type, base + m.offset)]
    if isinstance(u, ComplexT):
        n = u.base.size
        return [(base, n, True), (base + n, n, True)]
    if isinstance(u, ArrayT):
        n = u.count or 0
        return [f for i in range(n) for f in _scalar_fields(u.elem, base + i * u.elem.size)]
    return [(base, u.size, isinstance(u, FloatT))]


def sse_eightbytes(st: StructT | ComplexT) -> list[bool]:
    """SysV classification of a struct of at most 16 bytes, per eightbyte: True
    when every scalar overlapping it is floating (class SSE), else INTEGER."""
    fields = _scalar_fields(st, 0)
    out = []
    for k in range((st.size + 7) // 8):
        lo, hi = 8 * k, 8 * k + 8
        inside = [f for f in fields if f[0] < hi and f[0] + f[1] > lo and f[1] > 0]
        out.append(bool(inside) and all(f[2] for f in inside))
    return out


GP_ARG_REGS = 6  # rdi, rsi, rdx, rcx, r8, r9
SSE_ARG_REGS = 8  # xmm0-7


def lower_args(ret: ArgABI, types: list[CType]) -> tuple[ArgABI, ...]:
    """Classify arguments in order, tracking the six integer argument registers:
    a struct whose pieces do not all fit in the registers left goes to memory as a
    whole (SysV never splits an aggregate between registers and the stack)."""
    used = 1 if ret.kind is ArgKind.SRET else 0
    used_sse = 0
    out: list[ArgABI] = []
    for t in types:
        a = classify(t)
        in_regs = a.kind in (ArgKind.DIRECT, ArgKind.PIECES)
        # (x87 pieces tested by class and width: `x != F80` ran the dataclass __eq__)
        regs = tuple(x for x in a.types if not (isinstance(x, FloatType) and x.bits == 80)) \
            if in_regs else ()
        n_sse = sum(1 for x in regs if isinstance(x, FloatType))
        n = len(regs) - n_sse
        if a.kind is ArgKind.DIRECT and regs == (I128,):  # two registers or the stack, never one
            n = 2 if used + 2 <= GP_ARG_REGS else 0
        if a.kind is ArgKind.PIECES and regs and (used + n > GP_ARG_REGS
                                                  or used_sse + n_sse > SSE_ARG_REGS):
            u = unqual(t)
            a = ArgABI(ArgKind.BYVAL, (), u.size, max(u.align, 8))
            n = n_sse = 0
        used += n
        used_sse += n_sse
        out.append(a)
    return tuple(out)


def func_abi(ft: FuncT, extra: list[CType] | None = None) -> FuncABI:
    """ABI of a function type; `extra` are the types of a call's variadic arguments."""
    ret = classify(ft.ret, is_return=True)
    params = lower_args(ret, list(ft.params) + (extra or []))
    return FuncABI(ret, params, ft.variadic)


class ABICache:
    """`func_abi` of the function types a translation unit calls and defines, by the
    type object: every call of a function names its symbol's one type, and the
    classification walked each parameter again per call. Keeps each type it saw
    alive, so an id is never reused for another type while cached. Only types
    whose structs and enums are all complete are cached: a complete one does not
    change, so the answer stays right."""

    __slots__ = ("abis",)

    def __init__(self) -> None:
        self.abis: dict[int, tuple[FuncT, FuncABI]] = {}

    def of(self, ft: FuncT, extra: list[CType] | None = None) -> FuncABI:
        if extra:  # a variadic call's own argument types: not shared
            return func_abi(ft, extra)
        hit = self.abis.get(id(ft))
        if hit is not None:
            return hit[1]
        abi = func_abi(ft)
        if all(_settled(t) for t in (ft.ret, *ft.params)):
            self.abis[id(ft)] = (ft, abi)
        return abi


def _settled(t: CType) -> bool:
    """Is `t`'s classification final (no incomplete struct or enum to complete later)?"""
    u = unqual(t)
    return not isinstance(u, (StructT, EnumT)) or u.complete
