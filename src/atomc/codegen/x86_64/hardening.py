"""The hardening steps that run after frame lowering, when every slot has its
final address and the prologue and epilogues exist: the stack protector's
checks (`stack_protector`) and CET's end-branch markers (`cet`). Stack-clash
probes and the canary store are part of the prologue (frame lowering), the
canary's slot and layout are decided before allocation.

Debug info: see those modules (nothing here defines a variable's value).
"""

from __future__ import annotations

from ...ir.function import Module
from ...options import CompileOptions
from ..mir import MFunction
from .cet import data_references, insert_end_branches, tracks_branches
from .frame import slot_memory
from .pic import SymbolPolicy
from .stack_protector import guard_slot, insert_guard_checks


def harden_frame(mf: MFunction, module: Module, opts: CompileOptions,
                 data_refs: frozenset[str] | None = None) -> None:
    """`data_refs`: the module's `cet.data_references` (computed when not given)."""
    guard = guard_slot(mf)
    if guard is not None:
        insert_guard_checks(mf, slot_memory(mf, guard),
                          SymbolPolicy(opts.code_model, opts.visibility))
    if tracks_branches(opts.cf_protection):
        refs = data_refs if data_refs is not None else data_references(module)
        insert_end_branches(mf, module.functions, refs, opts.opt_level > 0)
