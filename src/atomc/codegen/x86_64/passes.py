"""The x86-64 machine passes, as pass objects for the machine pass manager
(`mir/passes.py`); the functions they run live in the modules named below.
`codegen/pipeline.py` decides when each runs."""

from __future__ import annotations

from typing import ClassVar

from ..mir import MFunction
from ..mir.passes import MDI, MachineContext, MachinePass, MIRState
from .frame import lower_body_frame
from .frame_policy import needs_frame_pointer
from .hardening import harden_frame
from .isel.atomic import drop_compiler_barriers
from .peephole import run_peepholes
from .stack_protector import add_stack_guard
from .zext import remove_redundant_zext

__all__ = ["DropBarriers", "FrameLowering", "FramePolicy", "Hardening", "Peephole",
           "RedundantZext", "StackProtector"]


class FramePolicy(MachinePass):
    """Decide whether the function keeps %rbp as its frame pointer (`frame_policy`).

    Debug info: decides only a flag; no instruction changes."""

    name: ClassVar[str] = "frame-policy"
    keeps_di: ClassVar[MDI] = MDI.ALL

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        mf.frame_pointer = needs_frame_pointer(mf, ctx.omit_frame_pointer)


class StackProtector(MachinePass):
    """Give a function that needs one the canary's guard slot (`stack_protector`).

    Debug info: adds a frame slot, no instruction."""

    name: ClassVar[str] = "stack-protector"
    keeps_di: ClassVar[MDI] = MDI.ALL

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        add_stack_guard(mf, ctx.opts.stack_protector)


class DropBarriers(MachinePass):
    """Remove the MEMBARRIER pseudo instructions, which only constrain the scheduler.

    CFG: a barrier is no branch, so successors stay (and the CFG kept from
    dead-defs on stays kept through the allocator).

    Debug info: a barrier has no location or number."""

    name: ClassVar[str] = "drop-barriers"
    keeps_di: ClassVar[MDI] = MDI.ALL
    preserves_cfg: ClassVar[bool] = True

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        drop_compiler_barriers(mf)


class Peephole(MachinePass):
    """Shorter idioms after allocation (`peephole`: zeroing `xor`, `test`).

    Debug info: a replaced numbered `mov` gets a substitution to its `xor`, which
    takes its location."""

    name: ClassVar[str] = "peephole"
    keeps_di: ClassVar[MDI] = MDI.ALL

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        run_peepholes(mf)


class RedundantZext(MachinePass):
    """Drop `movl %r, %r` where %r's upper half is already zero (`zext`).

    CFG: removes only moves, never a branch: the allocator's kept CFG serves it.

    Debug info: a removed move with a debug instruction number leaves a
    DBG_PHI defining that number on its register."""

    name: ClassVar[str] = "redundant-zext"
    keeps_di: ClassVar[MDI] = MDI.ALL
    preserves_cfg: ClassVar[bool] = True

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        remove_redundant_zext(mf)


class FrameLowering(MachinePass):
    """Prologue, epilogues, CFI and slot offsets (`frame`); the callee-saved
    registers inline asm writes are saved too.

    Debug info: instructions keep their locations and numbers; the prologue and
    epilogues are frame-setup/frame-destroy instructions without a line."""

    name: ClassVar[str] = "frame-lowering"
    keeps_di: ClassVar[MDI] = MDI.ALL
    leaves: ClassVar[MIRState | None] = MIRState.FRAME

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        lower_body_frame(mf, ctx.opts.stack_clash_protection)  # asm operands, clobbers saved


class Hardening(MachinePass):
    """What needs final addresses: canary checks and `endbr64` (`hardening`).

    Debug info: the checks are new instructions at the returns they guard; nothing
    existing changes."""

    name: ClassVar[str] = "hardening"
    keeps_di: ClassVar[MDI] = MDI.ALL

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        harden_frame(mf, ctx.module, ctx.opts, ctx.data_refs)
