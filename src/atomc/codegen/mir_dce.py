"""Remove machine instructions whose only effect is a virtual register nobody
reads (address computations that isel also folded into memory operands, copies
of dead values). Only moves and `lea`, which touch neither memory, flags nor
physical registers, are candidates, and never a volatile load; deadness counts real uses only, so -g
never changes the code.

Debug info: a deleted instruction's debug instruction number dies with it;
references to it resolve to nothing ("optimised out"), never to a wrong value.
"""

from __future__ import annotations

from .mir import Imm, Mem, MFunction, MIFlag, MInst, PReg, VReg
from .regalloc_linear import operand_regs
from .x86_64.opcodes import desc


def _removable(opcode: str) -> bool:
    return desc(opcode).is_move or opcode.startswith("lea") or opcode.startswith(("movz", "movs"))


def remove_dead_vreg_defs(mf: MFunction) -> int:
    removed = 0
    while True:
        used: set[int] = set()
        for _, mi in mf.instructions():
            if mi.is_meta:
                continue
            uses, _, _, _ = operand_regs(mi)
            used.update(u.id for u in uses)
        dead = 0
        for b in mf.blocks:
            keep = []
            for mi in b.insts:
                if not mi.is_meta and not mi.flags & MIFlag.VOLATILE and \
                        _removable(mi.opcode) and _defines_only_dead(mi, used):
                    dead += 1
                    if mi.instr_num and desc(mi.opcode).is_move and mi.operands \
                            and isinstance(mi.operands[0], PReg):
                        # a dead copy out of a physical register (an unused
                        # argument): variables referring to it find the value there
                        keep.append(MInst("DBG_PHI", [mi.operands[0], Imm(mi.instr_num)],
                                          loc=None))
                    continue
                keep.append(mi)
            b.insts = keep
        removed += dead
        if not dead:
            return removed


def _defines_only_dead(mi, used: set[int]) -> bool:  # type: ignore[no-untyped-def]
    uses, defs, puses, pdefs = operand_regs(mi)
    if pdefs or not defs or any(isinstance(o, Mem) for k, o in enumerate(mi.operands)
                                if "d" in (desc(mi.opcode).roles[k]
                                           if k < len(desc(mi.opcode).roles) else "u")):
        return False
    return all(isinstance(d, VReg) and d.id not in used for d in defs)
