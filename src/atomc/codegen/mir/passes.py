"""Machine passes and the machine pass manager, the back end's twin of
`opt/passmanager.py`.

Every machine pass declares its debug-info contract in `keeps_di` (and explains
it in a "Debug info:" paragraph of its docstring):

* `LINES`         — every real instruction that survives keeps its source
                    location, so the line rows computed from it are unchanged.
* `INSTR_NUMS`    — every debug instruction number defined before the pass is
                    still defined after it, directly or through a substitution,
                    so no DBG_INSTR_REF loses its value.
* `SUBSTITUTIONS` — the substitution table only grows: no entry is dropped or
                    redirected.

`mir/contracts.py` checks these claims (`--verify-machineinstrs` runs it with
the verifier). A pass also says what state it leaves the machine IR in
(`leaves`: virtual registers, allocated, frame lowered), which tells the
verifier which rules apply after it. The manager implements
--print-mir-after(-all), --verify-machineinstrs and --time-passes, so no pass has to.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TextIO

from mypy_extensions import mypyc_attr

import atomc.fastenum as fastenum

from ...diag import InternalCompilerError
from ...ir.function import Module
from ...ir.work import stage
from ...options import CompileOptions
from .core import MFunction
from .printer import print_mfunction

__all__ = ["MDI", "MIRState", "MachineContext", "MachinePass", "MachinePassManager"]

BACK = "back end"


class MDI(fastenum.Flag):
    """The debug information a machine pass keeps up."""

    NONE = 0
    LINES = enum.auto()
    INSTR_NUMS = enum.auto()
    SUBSTITUTIONS = enum.auto()
    # LINES | INSTR_NUMS | SUBSTITUTIONS, spelt as its value: mypyc cannot read
    # enum members in the class body that defines them
    ALL = 7


class MIRState(fastenum.Enum):
    """What the machine IR looks like; the verifier's rules depend on it."""

    VIRTUAL = "isel"        # virtual registers and stack-slot operands
    ALLOCATED = "regalloc"  # physical registers only
    FRAME = "frame"         # and frame slots resolved to %rbp/%rsp offsets


@dataclass(frozen=True, slots=True)
class MachineContext:
    """What passes may read besides the function: the module, the options (code
    model, hardening, levels) and what the pipeline computed once per module."""

    module: Module
    opts: CompileOptions
    omit_frame_pointer: bool = False
    data_refs: frozenset[str] | None = None  # cet.data_references, under -fcf-protection


# compiled (scripts/build_compiled.py), still subclassed by Python code (tests)
@mypyc_attr(allow_interpreted_subclasses=True)
class MachinePass:
    """One transformation of a machine function."""

    name: ClassVar[str]
    keeps_di: ClassVar[MDI] = MDI.ALL
    leaves: ClassVar[MIRState | None] = None  # None: the state it was given
    preserves_cfg: ClassVar[bool] = False  # no block, branch target or fall-through changes

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)  # as MachinePass
@dataclass
class MachinePassManager:
    """Runs `passes` over one function at a time, in order."""

    passes: Sequence[MachinePass]
    verify: bool = False     # the verifier after each pass (--verify-each, --verify-machineinstrs)
    check_di: bool = False   # each pass's debug-info contract too (--verify-machineinstrs)
    print_after_all: bool = False
    print_after: frozenset[str] = frozenset()
    out: TextIO = field(default_factory=lambda: sys.stderr)
    state: MIRState = MIRState.VIRTUAL
    # called with (pass, violations) instead of raising; tests use it to collect findings
    on_violation: Callable[[MachinePass, list[str]], None] | None = None

    def run(self, mf: MFunction, ctx: MachineContext,
            state: MIRState = MIRState.VIRTUAL) -> MIRState:
        from .cfg import drop_cfg, stale_cfg, start_keeping_cfg
        if self.check_di or self.verify:  # --verify-machineinstrs, --verify-each only
            from .contracts import snapshot, violations
            from .verifier import verify_mfunction
        kept = False  # whether this run keeps the CFG (across a run of passes preserving it)
        try:
            for p in self.passes:
                if p.preserves_cfg and not kept:
                    kept = start_keeping_cfg(mf)
                elif not p.preserves_cfg:
                    drop_cfg(mf)  # whoever kept it: the pass may change the CFG
                    kept = False
                before = snapshot(mf) if self.check_di else None
                handed = mf.alloc_facts  # a pass's hand-over lives into the next pass only
                with stage(p.name, BACK, ctx.opts.time_passes):
                    p.run(mf, ctx)
                if handed is not None and mf.alloc_facts is handed:
                    mf.alloc_facts = None
                state = p.leaves or state
                found = [] if before is None else \
                    [f"debug info: {v}" for v in violations(before, mf, p.keeps_di)]
                if self.verify or self.check_di:
                    found += verify_mfunction(mf, state.value,
                                              two_vregs=ctx.opts.opt_level == 0)
                    if p.preserves_cfg:
                        found += [f"CFG: {v}" for v in stale_cfg(mf)]
                if found:
                    self._report(p, mf, found)
                self.after(p.name, mf)
        finally:
            if kept:
                drop_cfg(mf)
        return state

    def after(self, name: str, mf: MFunction) -> None:
        """Print `mf` if the command line asked for it after `name` (a pass, or "isel")."""
        if self.print_after_all or name in self.print_after:
            self.out.write(f"# *** MIR after {name} ***\n{print_mfunction(mf)}")

    def _report(self, p: MachinePass, mf: MFunction, found: list[str]) -> None:
        if self.on_violation is not None:
            self.on_violation(p, found)
            return
        raise InternalCompilerError(
            f"machine IR of {mf.name} is broken after {p.name}:\n  " + "\n  ".join(found),
            where=f"verify-machineinstrs ({p.name})")
