"""`desc` and `operand_regs` keep per-opcode caches of the installed target's
table (they run half a million times on one large file): installing another
target must drop them, or a pass would read the old target's roles."""

from __future__ import annotations

import dataclasses

from atomc.codegen import pipeline  # noqa: F401  (installs x86-64)
from atomc.codegen.mir.core import MInst, PReg, VReg
from atomc.codegen.mir.registers import operand_regs
from atomc.codegen.target import OpcodeInfo, current, desc, use_target
from atomc.codegen.x86_64.target import X86_64, X86_64Target


class _SwappedMove(X86_64Target):
    """x86-64 with `movq` reading its destination and writing its source."""

    def desc(self, opcode: str) -> OpcodeInfo:
        d = super().desc(opcode)
        return dataclasses.replace(d, roles=("d", "u")) if opcode == "movq" else d


def test_installing_a_target_drops_the_cached_descriptions() -> None:
    mi = MInst("movq", [VReg(1, 8), PReg("rax", 8)], loc=None)
    assert desc("movq").roles == ("u", "d")
    assert operand_regs(mi)[:2] == ([VReg(1, 8)], [])
    try:
        use_target(_SwappedMove())
        assert desc("movq").roles == ("d", "u")
        uses, defs, puses, pdefs = operand_regs(mi)
        assert (uses, defs) == ([], [VReg(1, 8)])
        assert "rax" in puses and "rax" not in pdefs
    finally:
        use_target(X86_64)
    assert current() is X86_64
    assert desc("movq").roles == ("u", "d")
    assert operand_regs(mi)[:2] == ([VReg(1, 8)], [])
