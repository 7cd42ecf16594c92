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


# -- narrow moves (ldv/widths.py): the callee reads all 64 bits of its register


def test_zero_extending_copy_of_a_wide_value_is_masked() -> None:
    """`movl %ebx, %edi` of the long in %rbx passes its low half zero-extended:
    %rbx is that value only once masked (gdb showed 0x50000000c for 12)."""
    [site] = _sites(([MInstView(defs=(RBX,)), MInstView(copy=(RDI, RBX), move_bits=32),
                      call(RDI)], ()))
    assert site.params == (CallSiteParam(RDI, RBX, 0, 32),)


def test_zero_extending_copy_of_a_32_bit_result_is_whole() -> None:
    """A value a 32-bit operation wrote is zero above bit 32 already: no mask."""
    [site] = _sites(([MInstView(defs=(RBX,), zero_above=32),
                      MInstView(copy=(RDI, RBX), move_bits=32), call(RDI)], ()))
    assert site.params == (CallSiteParam(RDI, RBX),)


def test_narrow_spill_is_no_whole_value() -> None:
    """A `movl` spill leaves the slot's upper bytes stale: an 8-byte read of it is
    the value only when masked, and never for a register holding all 64 bits."""
    whole, zext = _sites(([
        MInstView(defs=(RAX,)),
        MInstView(spill=(SLOT, RAX), move_bits=32),
        MInstView(copy=(RDI, RAX)),                  # all 64 bits: the slot cannot say
        call(RDI),
        MInstView(restore=(RDI, SLOT), move_bits=32),  # the low half zero-extended
        call(RDI),
    ], ()))
    assert whole.params == ()
    assert zext.params == (CallSiteParam(RDI, SLOT, 0, 32),)


def test_forms_meet_at_a_join() -> None:
    """%rdi zero-extended on one path and whole on the other: neither is known."""
    [site] = _sites(([MInstView(defs=(RBX,))], (1, 2)),
                    ([MInstView(copy=(RDI, RBX), move_bits=32)], (3,)),
                    ([MInstView(copy=(RDI, RBX))], (3,)),
                    ([call(RDI)], ()))
    assert site.params == ()


def test_offset_from_a_zero_extended_base_is_masked() -> None:
    """`leal -1(%rbx), %edi`: the sum's low 32 bits, zero-extended (n = 0 passes
    0xffffffff, not %rbx - 1 = 2^64 - 1)."""
    [site] = _sites(([MInstView(defs=(RBX,)),
                      MInstView(defs=(RDI,), offset=(RBX, -1), offset_bits=32, zero_above=32),
                      call(RDI)], ()))
    assert site.params == (CallSiteParam(RDI, RBX, -1, 32),)
