"""Machine-value PHIs of a loop nested in another (ldv/machine.py): a register
neither loop writes has, at the outer header, the inner loop's PHI on the back
edge, and the inner blocks' PHIs read each other. Removing only PHIs whose
predecessors agree left all three, and a variable in that register lost its
location at the outer header (p33_label_lines.c's `n`, `dead` in both debuggers
from the loop on); the group stands for the one value entering it."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv import (
    DebugValue,
    InstrRef,
    MBlockView,
    MFunctionView,
    MInstView,
    VarKey,
    compute_var_ranges,
    reg,
)
from atomc.codegen.debuginfo.ldv.machine import solve_machine_values

RAX, RSI, RSP = reg(0), reg(4), reg(7)
X = VarKey("x", fragment=(0, 32))


def _nested() -> MFunctionView:
    # b0: rsi = ... (#1); REF x #1            -> b1
    # b1: outer header, rax = ...             -> b2, b3
    # b2: inner body, rax = ...               -> b3
    # b3: inner test                          -> b2, b4
    # b4: outer latch                         -> b1, b5
    # b5: rsi = ...; nop
    blocks = (
        MBlockView((MInstView(defs=(RSI,), instr_num=1),
                    MInstView(debug=DebugValue(X, InstrRef(1, 0)))), (1,)),
        MBlockView((MInstView(defs=(RAX,)),), (2, 3)),
        MBlockView((MInstView(defs=(RAX,)),), (3,)),
        MBlockView((MInstView(uses=(RAX,)),), (2, 4)),
        MBlockView((MInstView(uses=(RAX,)),), (1, 5)),
        MBlockView((MInstView(defs=(RSI,)), MInstView())),
    )
    return MFunctionView(blocks, frozenset({RAX, RSI}), frozenset(), {}, frozenset({RSP}))


def test_phis_of_nested_loops_stand_for_the_value_entering_them() -> None:
    fn = _nested()
    mv = solve_machine_values(fn)
    for b in range(1, 6):
        assert mv.live_in_at(b, RSI) == (0, 1, RSI), b


def test_variable_keeps_its_register_through_both_loops() -> None:
    ranges = [(r.start, r.end, r.loc) for r in compute_var_ranges(_nested())]
    # from the definition (position 0) to the clobber in b5 (position 5)
    assert ranges == [(0, 5, RSI)]
