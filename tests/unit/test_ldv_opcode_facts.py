"""LiveDebugValues' per-opcode facts (live_debug_values._OpcodeFacts).

The describer asks `_immediate`, `_offset`, `_zero_above`, `static_load` and
`derivation` only for an opcode whose fact says the helper can find something.
Each fact must be False only where the helper answers "nothing" whatever the
operands: a helper taught a new case without its fact would lose it silently.
Every opcode of the target is tried with operand shapes covering each helper's
cases (immediates, registers of both widths, frame, base and symbol addresses).
"""

from __future__ import annotations

import pytest

import atomc.codegen.pipeline  # noqa: F401  (installs the target)
from atomc.codegen.debuginfo.derivations import derivation
from atomc.codegen.debuginfo.incoming_args import reloads
from atomc.codegen.debuginfo.live_debug_values import (
    _immediate,
    _offset,
    _opcode_facts,
    _regs,
    _zero_above,
)
from atomc.codegen.debuginfo.static_loads import static_load
from atomc.codegen.mir import Imm, Mem, MInst, PReg
from atomc.codegen.target import current
from atomc.codegen.x86_64.opcodes import table

OPCODES = table()  # every row, made now (opcodes.py makes them when first asked for)

_SHAPES: list[list[object]] = [
    [Imm(5), PReg("rax", 8)],
    [Imm(-1), PReg("rcx", 4)],
    [PReg("rax", 8), PReg("rax", 8)],
    [PReg("rdx", 4), PReg("rdx", 4)],
    [PReg("rsi", 8), PReg("rdi", 8)],
    [PReg("rsi", 4), PReg("rdi", 4)],
    [PReg("rsi", 1), PReg("rdi", 4)],
    [Mem(base=PReg("rbx", 8), disp=16), PReg("rax", 8)],
    [Mem(base=PReg("rbp", 8), disp=-8), PReg("rax", 4)],
    [Mem(symbol="table", disp=4), PReg("rax", 8)],
    [Mem(symbol="table"), PReg("rax", 4)],
    [Imm(3), PReg("rax", 8), PReg("rcx", 8)],
    [Imm(3), PReg("rax", 4), PReg("rcx", 4)],
    [PReg("rax", 8)],
    [PReg("rax", 4)],
]


class _AllReadOnly:
    """Every symbol reads as read-only memory (`static_load`'s question)."""

    def __contains__(self, name: object) -> bool:
        return True


@pytest.mark.parametrize("opcode", sorted(OPCODES))
def test_a_fact_is_false_only_where_its_helper_finds_nothing(opcode: str) -> None:
    regs = _regs()
    facts = _opcode_facts(opcode, reloads(current()))
    d = facts.desc
    for ops in _SHAPES:
        mi = MInst(opcode, list(ops), None)  # type: ignore[arg-type]
        if not facts.may_imm:
            assert _immediate(mi, d, regs.general) is None, ops
        if not facts.may_offset:
            assert _offset(mi, d, regs.general, regs.locs) is None, ops
        if not facts.may_zero:
            assert _zero_above(mi, d, regs.general) == 64, ops
        if not facts.may_load:
            assert static_load(mi, _AllReadOnly()) is None, ops
        if not facts.may_derive:
            assert derivation(mi, regs.locs) is None, ops


def test_the_facts_let_through_the_cases_the_helpers_find() -> None:
    """(That the shapes above reach each helper's cases: each finds something for
    some opcode, so the test above is not vacuous.)"""
    regs = _regs()
    found = {"imm": 0, "offset": 0, "zero": 0, "load": 0, "derive": 0}
    for opcode in OPCODES:
        facts = _opcode_facts(opcode, reloads(current()))
        d = facts.desc
        for ops in _SHAPES:
            mi = MInst(opcode, list(ops), None)  # type: ignore[arg-type]
            found["imm"] += _immediate(mi, d, regs.general) is not None
            found["offset"] += _offset(mi, d, regs.general, regs.locs) is not None
            found["zero"] += _zero_above(mi, d, regs.general) != 64
            found["load"] += static_load(mi, _AllReadOnly()) is not None
            found["derive"] += derivation(mi, regs.locs) is not None
    assert all(found.values()), found


def test_reload_and_move_facts_follow_the_target() -> None:
    table = reloads(current())
    for opcode in OPCODES:
        facts = _opcode_facts(opcode, table)
        assert facts.reload == (opcode in table)
        assert facts.is_move == facts.desc.is_move
        assert facts.call == facts.desc.is_call
