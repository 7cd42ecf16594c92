"""LiveDebugValues on numbered moves: instruction selection numbers the copy
that takes a call's result or an incoming argument into its virtual register
(`movq %rax, %vreg`), and the variable refers to that copy's destination.
The copy defines no new value: the reference names the value it moved, which
then follows spills and survives the clobber of either register."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv import (
    DebugValue, InstrRef, MBlockView, MFunctionView, MInstView, VarKey, compute_var_ranges,
    reg, slot,
)

RAX, R10, RDI, RSP = reg(0), reg(10), reg(5), reg(7)
SLOT = slot(-64)
CALLER_SAVED = frozenset({RAX, reg(1), reg(2), reg(4), RDI, reg(8), reg(9), R10, reg(11)})
X = VarKey("x")


def _run(insts: list[MInstView]) -> list[tuple[int, int, object]]:
    fn = MFunctionView((MBlockView(tuple(insts)),), CALLER_SAVED, frozenset(), {},
                       frozenset({RSP}))
    return [(r.start, r.end, r.loc) for r in compute_var_ranges(fn)]


def test_numbered_copy_of_a_call_result_follows_the_spill() -> None:
    # i0 call; i1 r10 = rax (#1, operand 1 = r10); REF x #1.1; i2 spill r10; i3 call; i4 nop
    insts = [
        MInstView(call=True, defs=(RSP,), uses=(RSP,)),
        MInstView(copy=(R10, RAX), instr_num=1, def_operands=(None, R10)),
        MInstView(debug=DebugValue(X, InstrRef(1, 1))),
        MInstView(spill=(SLOT, R10)),
        MInstView(call=True, defs=(RSP,), uses=(RSP,)),
        MInstView(),
    ]
    # x is placed in RAX (first in tracking order among RAX and R10); the spill of R10
    # does not move it, but when the call clobbers both registers the slot takes over
    assert _run(insts) == [(1, 3, RAX), (3, 4, SLOT)]


def test_numbered_copy_of_an_argument_survives_the_clobber_of_its_source() -> None:
    # i0 r10 = rdi (#1); REF x #1.1; i1 rdi = ...; i2 nop
    insts = [
        MInstView(copy=(R10, RDI), instr_num=1, def_operands=(None, R10)),
        MInstView(debug=DebugValue(X, InstrRef(1, 1))),
        MInstView(defs=(RDI,)),
        MInstView(),
    ]
    assert _run(insts) == [(0, 1, RDI), (1, 2, R10)]


def test_numbered_restore_names_the_value_it_reloads() -> None:
    # i0 rax = 5 (#1); i1 spill rax; i2 rax = 0; i3 r10 = slot (#2, operand 1);
    # REF x #2.1; i4 slot overwritten by a different value; i5 nop
    insts = [
        MInstView(defs=(RAX,), instr_num=1),
        MInstView(spill=(SLOT, RAX)),
        MInstView(defs=(RAX,)),
        MInstView(restore=(R10, SLOT), instr_num=2, def_operands=(None, R10)),
        MInstView(debug=DebugValue(X, InstrRef(2, 1))),
        MInstView(spill=(SLOT, RAX)),
        MInstView(),
    ]
    assert _run(insts) == [(3, 4, SLOT), (4, 5, R10)]
