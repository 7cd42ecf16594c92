"""x86-64 SysV calling convention for the C types we compile (integer classes only).

The front end lowers C signatures to IR signatures here: scalars pass as one
IR value; a struct or union of at most 16 bytes passes as one or two integer
pieces (i64 for a full eightbyte, the smallest of i8/i16/i32/i64 covering a
partial last eightbyte); larger aggregates pass by pointer to a stack copy
(`byval`) and return through a hidden first pointer parameter (`sret`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir import F32, F64, I8, I16, I32, I64, PTR, IntType, Type
from .ctype import BOOL, CType, EnumT, FloatT, FuncT, IntT, PointerT, StructT, VoidT, unqual


@dataclass(frozen=True, slots=True)
class ArgABI:
    """How one C argument (or the return value) travels."""

    kind: str  # "direct" (one scalar), "pieces" (1-2 ints), "byval", "sret", "void"
    types: tuple[Type, ...] = ()
    size: int = 0
    align: int = 0


@dataclass(frozen=True, slots=True)
class FuncABI:
    ret: ArgABI
    params: tuple[ArgABI, ...]
    variadic: bool

    @property
    def sret(self) -> bool:
        return self.ret.kind == "sret"

    def ir_params(self) -> tuple[list[Type], list[tuple[int, int] | None]]:
        """IR parameter types and byval markers, in order (sret pointer first)."""
        types: list[Type] = []
        byval: list[tuple[int, int] | None] = []
        if self.sret:
            types.append(PTR)
            byval.append(None)
        for p in self.params:
            if p.kind == "byval":
                types.append(PTR)
                byval.append((p.size, p.align))
            else:
                types.extend(p.types)
                byval.extend([None] * len(p.types))
        return types, byval

    def ir_rets(self) -> list[Type]:
        if self.ret.kind == "sret":
            return [PTR]
        return list(self.ret.types)


def scalar_ir_type(t: CType) -> Type:
    """The IR type a scalar C value lives in (`_Bool` is an i8 holding 0 or 1)."""
    u = unqual(t)
    if isinstance(u, PointerT):
        return PTR
    if isinstance(u, EnumT):
        u = u.underlying
    if isinstance(u, IntT):
        if u == BOOL:
            return I8
        if u.size > 8:
            return I64  # __int128 appears only in header declarations we never call
        return IntType(u.size * 8)
    if isinstance(u, FloatT):
        return F32 if u.size == 4 else F64  # declarations only: floats are rejected on use
    raise TypeError(f"not a scalar type: {t}")


def piece_type(nbytes: int) -> IntType:
    """Smallest integer register piece covering `nbytes` (1..8) bytes."""
    if nbytes <= 1:
        return I8
    if nbytes <= 2:
        return I16
    if nbytes <= 4:
        return I32
    return I64


def data_size(st: StructT) -> int:
    """Bytes up to the end of the last member (the size without tail padding)."""
    return max((m.offset + m.type.size for m in st.members), default=st.size)


def classify(t: CType, is_return: bool = False) -> ArgABI:
    u = unqual(t)
    if isinstance(u, VoidT):
        return ArgABI("void")
    if isinstance(u, StructT):
        size = u.size
        if size == 0:
            return ArgABI("pieces", (), 0, u.align)
        if size > 16:
            return ArgABI("sret" if is_return else "byval", (), size, max(u.align, 8))
        pieces: list[Type] = []
        remaining = data_size(u)  # tail padding does not widen the last piece
        while remaining > 0:
            pieces.append(piece_type(min(remaining, 8)))
            remaining -= 8
        return ArgABI("pieces", tuple(pieces), size, u.align)
    return ArgABI("direct", (scalar_ir_type(t),), u.size, u.align)


GP_ARG_REGS = 6  # rdi, rsi, rdx, rcx, r8, r9


def lower_args(ret: ArgABI, types: list[CType]) -> tuple[ArgABI, ...]:
    """Classify arguments in order, tracking the six integer argument registers:
    a struct whose pieces do not all fit in the registers left goes to memory as a
    whole (SysV never splits an aggregate between registers and the stack)."""
    used = 1 if ret.kind == "sret" else 0
    out: list[ArgABI] = []
    for t in types:
        a = classify(t)
        n = len(a.types) if a.kind in ("direct", "pieces") else 0
        if a.kind == "pieces" and n and used + n > GP_ARG_REGS:
            u = unqual(t)
            a = ArgABI("byval", (), u.size, max(u.align, 8))
            n = 0
        used += n
        out.append(a)
    return tuple(out)


def func_abi(ft: FuncT, extra: list[CType] | None = None) -> FuncABI:
    """ABI of a function type; `extra` are the types of a call's variadic arguments."""
    ret = classify(ft.ret, is_return=True)
    params = lower_args(ret, list(ft.params) + (extra or []))
    return FuncABI(ret, params, ft.variadic)
