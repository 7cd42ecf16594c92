"""Call-site parameter values (ldv/callsites.py): which argument registers a
caller can describe after the call, and with what."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv import ConstLoc, EntryValueLoc, MBlockView, MFunctionView, MInstView, reg, slot
from atomc.codegen.debuginfo.ldv.callsites import CallSiteParam, call_site_values
from atomc.codegen.debuginfo.ldv.machine import solve_machine_values

RAX, RCX, RDX, RBX, RSI, RDI, R8, R12 = reg(0), reg(2), reg(1), reg(3), reg(4), reg(5), reg(8), reg(12)
ARGS = (RDI, RSI, RDX, RCX, R8)
PRESERVED = frozenset({RBX, R12})
CALLER_SAVED = frozenset({RAX, RCX, RDX, RSI, RDI, R8})
SLOT = slot(-24)


def _sites(*blocks: tuple[list[MInstView], tuple[int, ...]]):  # type: ignore[no-untyped-def]
    fn = MFunctionView(tuple(MBlockView(tuple(i), s) for i, s in blocks), CALLER_SAVED)
    return call_site_values(fn, solve_machine_values(fn), ARGS, PRESERVED)


def call(*args) -> MInstView:  # type: ignore[no-untyped-def]
    return MInstView(uses=tuple(args), call=True)


def test_each_kind_of_call_value() -> None:
    [site] = _sites(([
        MInstView(defs=(RBX,)),                      # rbx = something
        MInstView(copy=(RDI, RBX)),                  # rdi = rbx: preserved copy
        MInstView(defs=(RSI,), imm=42),              # rsi = 42
        MInstView(defs=(RAX,)),                      # rax = something
        MInstView(spill=(SLOT, RAX)),                # spilled
        MInstView(copy=(RDX, RAX)),                  # rdx = rax: the slot has it too
        MInstView(defs=(RCX,)),                      # rcx = a fresh temporary: lost
        call(RDI, RSI, RDX, RCX, R8),                # r8 still holds the caller's entry r8
    ], ()))
    assert site.pos == 7
    assert site.params == (CallSiteParam(RDI, RBX), CallSiteParam(RSI, ConstLoc(42)),
                           CallSiteParam(RDX, SLOT), CallSiteParam(R8, EntryValueLoc(R8)))


def test_values_are_taken_right_before_each_call() -> None:
    """After the first call every caller-saved register is a new value: the
    second call's rdi is not the caller's entry value any more."""
    first, second = _sites(([call(RDI), call(RDI)], ()))
    assert first.params == (CallSiteParam(RDI, EntryValueLoc(RDI)),)
    assert second.params == ()


def test_preserved_register_after_an_overwrite_is_not_used() -> None:
    [site] = _sites(([MInstView(defs=(RDI,)), MInstView(copy=(RBX, RDI)),
                      MInstView(defs=(RBX,)), call(RDI)], ()))
    assert site.params == ()


def test_values_flow_across_blocks() -> None:
    [site] = _sites(([MInstView(defs=(R12,), imm=7), MInstView(copy=(RDI, R12))], (1,)),
                    ([call(RDI)], ()))
    # the constant is found through the copy: the value was defined by a move-immediate
    assert site.params == (CallSiteParam(RDI, ConstLoc(7)),)
