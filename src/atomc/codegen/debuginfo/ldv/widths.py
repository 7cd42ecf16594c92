"""How much of its value each location holds: all 64 bits, or only the low ones.

Value numbering treats every copy, spill and restore as moving the whole value,
which is what a variable's location needs (a debugger reads only the
variable's bytes). A call-site value is read as the full 64-bit register by
the callee's `DW_OP_entry_value`, and a `movl` is not a whole copy: into a
register it zero-extends the low 32 bits (`movl %ebx, %edi` passing an
`unsigned` truncated from the `long` in %rbx to an `unsigned long` parameter),
into an 8-byte spill slot it leaves the upper bytes stale. This forward
analysis tells, per location, which of those forms it holds its value in, so a
call-site value names only a holder that agrees with the argument register in
the bits the callee can read.

Debug info: read-only analysis over the machine view; changes no instruction.
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappop, heappush

import atomc.fastenum as fastenum

from ....ir import work
from .machine import MachineValues, Value, phi
from .model import MFunctionView, MInstView, MLoc

FULL_BITS = 64


class Kind(fastenum.Enum):
    EXACT = 1  # all 64 bits are the value's
    ZEXT = 2  # the value's low `bits`, zeros above (a narrow move into a register)
    LOW = 3  # the value's low `bits`, stale bytes above (a narrow spill)
    UNKNOWN = 4  # paths disagree, or a wide read of a narrow slot


@dataclass(frozen=True, slots=True)
class Form:
    """How a location holds a value: exactly, or in its low `bits` only."""

    kind: Kind
    bits: int = FULL_BITS

    # written out, not generated: see codegen/mir/core.py
    def __init__(self, kind: Kind, bits: int = FULL_BITS) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "bits", bits)

    def low_bits(self) -> int:
        """How many low bits are known to be the value's."""
        return 0 if self.kind is Kind.UNKNOWN else self.bits


EXACT = Form(Kind.EXACT)
UNKNOWN = Form(Kind.UNKNOWN, 0)
Forms = dict[MLoc, Form]  # a missing location is EXACT


def _into_register(f: Form, bits: int) -> Form:
    if bits >= FULL_BITS:
        return f
    if f.kind is Kind.UNKNOWN or f.kind is Kind.LOW and bits > f.bits:
        return UNKNOWN
    return Form(Kind.ZEXT, min(bits, f.bits))


def _into_slot(f: Form, bits: int) -> Form:
    if bits >= FULL_BITS or f.kind is Kind.UNKNOWN:
        return f
    return Form(Kind.LOW, min(bits, f.bits))


def step_forms(forms: Forms, inst: MInstView, caller_saved: frozenset[MLoc]) -> None:
    """Apply one instruction to `forms` (a new value is always EXACT)."""
    if inst.debug is not None:
        return
    move = inst.copy or inst.restore
    if move is not None:
        dst, src = move
        _put(forms, dst, _into_register(forms.get(src, EXACT), inst.move_bits))
        return
    if inst.spill is not None:
        sl, src = inst.spill
        _put(forms, sl, _into_slot(forms.get(src, EXACT), inst.move_bits))
        return
    for d in inst.defs:
        forms.pop(d, None)
    if inst.call:
        for loc in caller_saved:
            forms.pop(loc, None)


def _put(forms: Forms, loc: MLoc, f: Form) -> None:
    if f == EXACT:
        forms.pop(loc, None)
    else:
        forms[loc] = f


def form_of(fn: MFunctionView, forms: Forms, loc: MLoc, v: Value) -> Form:
    """`loc`'s form for `v`, EXACT when a narrow move kept every bit that is not
    zero anyway (`v` was written by a 32-bit operation)."""
    f = forms.get(loc, EXACT)
    b, k, where = v
    if f.kind is Kind.ZEXT and k > 0:
        definer = fn.blocks[b].insts[k - 1]
        if definer.defs[:1] == (where,) and definer.zero_above <= f.bits:
            return EXACT
    return f


def entry_forms(fn: MFunctionView, mv: MachineValues) -> list[Forms]:
    """Per block, the forms on entry (iterated to a fixed point over the CFG,
    once per function: kept in `mv`): a location whose live-in is its own PHI is
    EXACT; otherwise the predecessors must agree on its form, or it is UNKNOWN."""
    if mv.forms_cache is None:
        mv.forms_cache = _solve_entry_forms(fn, mv)
    return mv.forms_cache


def _solve_entry_forms(fn: MFunctionView, mv: MachineValues) -> list[Forms]:
    """The greatest fixed point, by a worklist in reverse post-order: a block is
    visited again only when a predecessor's exit changed (the meet is over a flat
    lattice and the steps are monotone, so any order reaches the same one)."""
    n = len(fn.blocks)
    entry: list[Forms | None] = [None] * n
    exits: list[Forms | None] = [None] * n
    rpo = mv.rpo
    index = {b: i for i, b in enumerate(rpo)}
    heap = list(range(len(rpo)))  # rpo indices waiting (sorted: already a heap)
    queued = [True] * len(rpo)
    visits = 0
    while heap:
        i = heappop(heap)
        queued[i] = False
        b = rpo[i]
        visits += 1
        ins = _meet(b, [exits[p] for p in mv.preds[b]], mv)
        if entry[b] == ins and exits[b] is not None:
            continue
        entry[b] = ins
        out = dict(ins)
        for inst in fn.blocks[b].insts:
            step_forms(out, inst, fn.caller_saved)
        if out != exits[b]:
            exits[b] = out
            for succ in fn.blocks[b].succs:
                j = index.get(succ)
                if j is not None and not queued[j]:
                    queued[j] = True
                    heappush(heap, j)
    work.add("ldv.forms.visits", visits)
    return [e if e is not None else {} for e in entry]


def _meet(b: int, preds: list[Forms | None], mv: MachineValues) -> Forms:
    seen = [p for p in preds if p is not None]  # not yet visited: no constraint
    locs = {loc for p in seen for loc in p}
    out: Forms = {}
    for loc in locs:
        if mv.solver.value_in(b, loc) == phi(b, loc):
            continue  # the block's own PHI: EXACT by definition
        fs = {p.get(loc, EXACT) for p in seen}
        f = fs.pop() if len(fs) == 1 else UNKNOWN
        if f != EXACT:
            out[loc] = f
    return out
