"""System V AMD64 argument placement for already ABI-lowered IR.

The front end has split aggregates into integer pieces, byval pointers and
sret pointers, so what is left here is placement: the first six integer
(INTEGER-class) arguments go in rdi, rsi, rdx, rcx, r8, r9, the first eight
floating-point (SSE-class) ones in xmm0-7; later ones and
every byval (MEMORY-class) aggregate go on the stack in argument order, each
in 8-byte units, byval objects aligned to their own alignment (at least 8).
An `f80` (long double, class X87) always goes on the stack: 16 bytes, 16-aligned.
Caller and callee use the same function, so they always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...ir.types import FloatType, Type
from .registers import ARG_REGS, XMM_ARG_REGS


@dataclass(frozen=True, slots=True)
class ArgLoc:
    """Where an argument is passed: a register, or the argument area."""

    reg: str | None  # canonical register name, or None for a stack argument
    stack_offset: int = 0  # from the first stack argument (the CFA in the callee)
    byval: tuple[int, int] | None = None  # (size, align) of a copied aggregate

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, reg: str | None, stack_offset: int = 0,
                 byval: tuple[int, int] | None = None) -> None:
        object.__setattr__(self, "reg", reg)
        object.__setattr__(self, "stack_offset", stack_offset)
        object.__setattr__(self, "byval", byval)


@dataclass(frozen=True, slots=True)
class CallLayout:
    args: tuple[ArgLoc, ...]
    stack_bytes: int  # size of the outgoing argument area, 16-byte aligned
    stack_bytes_used: int  # offset just past the last stack argument
    int_regs_used: int
    xmm_regs_used: int = 0


def align_to(n: int, a: int) -> int:
    return (n + a - 1) // a * a


def layout_args(types: Sequence[Type], byvals: Sequence[tuple[int, int] | None]) -> CallLayout:
    locs: list[ArgLoc] = []
    next_reg = 0
    next_xmm = 0
    offset = 0
    if len(types) != len(byvals):
        raise ValueError(f"{len(types)} argument types but {len(byvals)} byval entries")
    # (lengths checked: a plain zip is a native loop, `strict=True` a generic call)
    for ty, bv in zip(types, byvals):  # noqa: B905
        if bv is None and isinstance(ty, FloatType) and ty.bits == 80:  # class X87: memory
            offset = align_to(offset, 16)
            locs.append(ArgLoc(None, offset, None))
            offset += 16
            continue
        if bv is not None:
            size, align = bv
            offset = align_to(offset, max(8, align))
            locs.append(ArgLoc(None, offset, bv))
            offset += align_to(max(size, 1), 8)
        elif isinstance(ty, FloatType) and next_xmm < len(XMM_ARG_REGS):
            locs.append(ArgLoc(XMM_ARG_REGS[next_xmm]))
            next_xmm += 1
        elif not isinstance(ty, FloatType) and next_reg < len(ARG_REGS):
            locs.append(ArgLoc(ARG_REGS[next_reg]))
            next_reg += 1
        else:
            if ty.size > 8:
                raise ValueError(f"argument of type {ty} is not ABI-lowered")
            locs.append(ArgLoc(None, offset))
            offset += 8
    return CallLayout(tuple(locs), align_to(offset, 16), offset, next_reg, next_xmm)


# Register save area of a variadic function: 6 GPRs then 8 XMM registers.
REG_SAVE_AREA_SIZE = 6 * 8 + 8 * 16
FP_OFFSET_NO_XMM = 6 * 8
