"""What x86-64 keeps per machine function beyond the neutral `MFunction`: which
virtual registers are of the SSE class, and the floating-point constants the
function's code loads from `.rodata` (merged into the module's pool when the
function is printed). Stored in `MFunction.target_state`; neutral passes reach
it through the target's hooks (`X86_64Target.is_vector_vreg`, `constant_pool`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..mir.core import MFunction, PReg, VReg

__all__ = ["X86FunctionState", "is_xmm", "new_xmm_vreg", "x86_state"]


@dataclass(slots=True)
class X86FunctionState:
    xmm_vregs: set[int] = field(default_factory=set)  # virtual registers of the SSE class
    float_consts: dict[str, bytes] = field(default_factory=dict)  # label -> image (16-aligned)


def x86_state(mf: MFunction) -> X86FunctionState:
    """`mf`'s x86-64 state, made on first use."""
    state = mf.target_state
    if state is None:
        state = mf.target_state = X86FunctionState()
    assert isinstance(state, X86FunctionState)
    return state


def new_xmm_vreg(mf: MFunction, size: int) -> VReg:
    """A new virtual register of the SSE class."""
    r = mf.new_vreg(size)
    x86_state(mf).xmm_vregs.add(r.id)
    return r


def is_xmm(mf: MFunction, op: object) -> bool:
    """Is this register operand of the SSE class?"""
    if isinstance(op, VReg):
        return op.id in x86_state(mf).xmm_vregs
    return isinstance(op, PReg) and op.name.startswith("xmm")
