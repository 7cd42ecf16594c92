"""Machine-IR verifier: the invariants each back-end stage may rely on.

Checked at every stage:
 1. every opcode is in the target table or is a meta opcode;
 2. a real instruction has exactly as many operands as its opcode has roles;
 3. a written operand is a register or memory, never an immediate or label;
 4. branch targets are `BlockRef`s to blocks of this function;
 5. nothing but meta instructions follows a terminator that does not fall
    through (`jmp`, `ret`, `ud2`), and the last block does not fall off the end;
 6. debug instruction numbers are unique, and below `next_instr_num`.
Before register allocation (stage "isel"):
 7. every virtual register read is written somewhere in the function, and its
    id is known to `vreg_sizes`;
 8. no instruction names more than two distinct virtual registers (the -O0
    allocator's scratch budget; `two_vregs=False` when the linear allocator,
    which folds a third into an address, runs instead).
After register allocation ("regalloc") no virtual register remains; after
frame lowering ("frame") no stack-slot memory operand remains either.
"""

from __future__ import annotations

from collections.abc import Callable

from ...diag import InternalCompilerError
from ..target import current
from .core import BlockRef, Imm, Mem, MFunction, MInst, StackSlot, Sym, VReg
from .printer import format_minst

STAGES = ("isel", "regalloc", "frame")


def verify_mfunction(mf: MFunction, stage: str, two_vregs: bool = True) -> list[str]:
    """All violations found, as `block: instruction: message` strings."""
    assert stage in STAGES
    v = _Verifier(mf, stage, two_vregs)
    for bi, b in enumerate(mf.blocks):
        where = f"bb.{b.number}"
        ended = False
        for mi in b.insts:
            ended = v.instruction(where, mi, ended)
        if bi == len(mf.blocks) - 1 and not ended:
            v.err(where, None, "the last block falls off the end of the function")
    if stage == "isel":
        for vid, (where, mi) in sorted(v.used.items()):
            if vid not in v.defined:
                v.err(where, mi, f"%v{vid} is read but never written")
    return v.errors


class _Verifier:
    """What the rules collect over a function while its instructions are checked."""

    def __init__(self, mf: MFunction, stage: str, two_vregs: bool) -> None:
        self.mf = mf
        self.stage = stage
        self.two_vregs = two_vregs
        self.errors: list[str] = []
        self.blocks = {id(b) for b in mf.blocks}
        self.defined: set[int] = set()
        self.used: dict[int, tuple[str, MInst]] = {}
        self.numbers: set[int] = set()
        self.target = current()

    def err(self, where: str, mi: MInst | None, msg: str) -> None:
        self.errors.append(f"{where}: {format_minst(mi) if mi else '-'}: {msg}")

    def instruction(self, where: str, mi: MInst, ended: bool) -> bool:
        """Check `mi`; whether its block has ended (an unconditional terminator) after it."""
        err = self.err
        if mi.instr_num:
            if mi.instr_num in self.numbers:
                err(where, mi, f"debug instruction number {mi.instr_num} used twice")
            if mi.instr_num >= self.mf.next_instr_num:
                err(where, mi, "debug instruction number not allocated by the function")
            self.numbers.add(mi.instr_num)
        if mi.is_meta:
            _check_meta_operands(self.mf, mi, self.stage, where, err)
            return ended
        d = self.target.desc(mi.opcode) if self.target.is_opcode(mi.opcode) else None
        if d is None:
            err(where, mi, "unknown opcode")
            return ended
        if ended:
            err(where, mi, "instruction after an unconditional terminator")
        if len(mi.operands) != len(d.roles) and not d.is_inline_asm:
            err(where, mi, f"{len(mi.operands)} operands, opcode takes {len(d.roles)}")
        vregs = self.operands(where, mi, d.roles)
        if d.is_branch and (not mi.operands or not isinstance(mi.operands[0], BlockRef)):
            err(where, mi, "branch without a block target")
        if vregs and self.stage != "isel":
            err(where, mi, "virtual register after register allocation")
        if self.stage == "isel" and self.two_vregs and len(vregs) > 2:
            err(where, mi, "more than two virtual registers in one instruction")
        return ended or (d.is_terminator and not d.is_cond_branch)

    def operands(self, where: str, mi: MInst, roles: tuple[str, ...]) -> set[int]:
        """Check `mi`'s operands; the virtual registers they name."""
        err = self.err
        vregs: set[int] = set()
        for k, op in enumerate(mi.operands):
            role = roles[k] if k < len(roles) else "u"
            if "d" in role and isinstance(op, (Imm, BlockRef, Sym)):
                err(where, mi, f"operand {k} is written but is {type(op).__name__}")
            for r in _vregs(op):
                vregs.add(r.id)
                if r.id >= len(self.mf.vreg_sizes):
                    err(where, mi, f"unknown virtual register %v{r.id}")
                if "d" in role and isinstance(op, VReg):
                    self.defined.add(r.id)
                if "u" in role or isinstance(op, Mem):
                    self.used.setdefault(r.id, (where, mi))
            if isinstance(op, BlockRef) and id(op.block) not in self.blocks:
                err(where, mi, "branch to a block outside the function")
            if self.stage == "frame" and isinstance(op, Mem) and isinstance(op.base, StackSlot):
                err(where, mi, "stack slot left after frame lowering")
            if isinstance(op, StackSlot):
                err(where, mi, "a stack slot is only valid as a memory base")
        return vregs


def _vregs(op: object) -> list[VReg]:
    if isinstance(op, VReg):
        return [op]
    if isinstance(op, Mem):
        return [r for r in op.regs() if isinstance(r, VReg)]
    return []


def _check_meta_operands(mf: MFunction, mi: MInst, stage: str, where: str,
                         err: Callable[[str, MInst | None, str], None]) -> None:
    for op in mi.operands:
        if isinstance(op, StackSlot) and op.index >= len(mf.slots):
            err(where, mi, f"unknown stack slot {op.index}")
        if isinstance(op, VReg) and stage != "isel":
            err(where, mi, "virtual register in a debug instruction after allocation")


def check_mfunction(mf: MFunction, stage: str, two_vregs: bool = True) -> None:
    """Raise an internal compiler error listing every violation."""
    errors = verify_mfunction(mf, stage, two_vregs)
    if errors:
        raise InternalCompilerError(
            f"machine IR of {mf.name} is broken after {stage}:\n  " + "\n  ".join(errors),
            where=f"verify-mir ({stage})")
