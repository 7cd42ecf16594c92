"""Call-site parameter values: what a debugger stopped in a callee can learn
about the callee's entry values from its caller's frame.

At each call, every integer argument register holds a machine value. The
caller can describe that value after the call (`DW_AT_call_value`, evaluated
in the caller's frame while the callee runs) only through a location the call
cannot change: a constant the register was loaded with, a register the ABI
makes the callee preserve, a spill slot (not addressable by the callee), or
the caller's own entry value of an argument register, an address `leaq` wrote
(a frame object's, `DW_OP_fbreg`, or a global's or literal's, `DW_OP_addr`:
`compress(dest, &destLen, "hello", n)`), or a register or slot plus a
constant the register was set to by a `lea k(%base)`/`add`/`sub` whose base
value one of them still holds at the call (`fib(n - 1)` with n kept in %rbx:
`DW_OP_breg3 -1`). Anything else is left
out, so the callee's `DW_OP_entry_value` resolves to "optimized out" rather
than a wrong value.

The callee reads all 64 bits of the register, so a holder must agree with it
in all of them (widths.py): where the register got its value by a narrow move
(`movl`, zero-extending) the value is the holder's low bits masked
(`DW_OP_constu 0xffffffff, DW_OP_and`), and a holder that keeps fewer low bits
of the value than that (a `movl` spill read as 8 bytes) is not used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .machine import MachineValues, StateWalker, Value
from .model import ConstLoc, EntryValueLoc, LocKind, MFunctionView, MInstView, MLoc, VarLoc
from .widths import FULL_BITS, Form, Forms, Kind, entry_forms, form_of, step_forms


@dataclass(frozen=True, slots=True)
class CallSiteParam:
    reg: MLoc  # the argument register at the call
    value: VarLoc  # preserved register or spill slot holding it, a constant, or an entry value
    offset: int = 0  # added to `value` (never set with a constant: that is folded)
    bits: int = FULL_BITS  # the register holds only the low `bits` of that sum, zero-extended


@dataclass(frozen=True, slots=True)
class CallSiteValues:
    pos: int  # position of the call among the function's real instructions
    params: tuple[CallSiteParam, ...]


def call_site_values(fn: MFunctionView, mv: MachineValues, arg_regs: Sequence[MLoc],
                     preserved: frozenset[MLoc]) -> list[CallSiteValues]:
    """One entry per call instruction, in layout order. `arg_regs` are the
    registers that may carry integer arguments (also the only ones whose entry
    value the caller may name), `preserved` the registers a callee keeps."""
    sites = CallSites(fn, arg_regs, preserved)
    pos = -1
    walker = StateWalker(mv, fn, reverse=True)
    at_entry = entry_forms(fn, mv)
    for b, blk in enumerate(fn.blocks):
        walker.enter(b)
        forms = dict(at_entry[b])
        for k, inst in enumerate(blk.insts, start=1):
            if inst.debug is not None:
                continue
            pos += 1
            sites.see(inst, b, k, pos, walker, forms)
            walker.apply(inst, k)
            step_forms(forms, inst, fn.caller_saved)
    return sites.out


class CallSites:
    """`call_site_values`, collected along a layout walk that shows it each real
    instruction before applying it, with the state (a `StateWalker` keeping
    holders) and the widths (widths.py) there: its own walk, or phase E's
    (emit.py), which saves a walk over the function."""

    __slots__ = ("fn", "arg_regs", "preserved", "out", "bases")

    def __init__(self, fn: MFunctionView, arg_regs: Sequence[MLoc],
                 preserved: frozenset[MLoc]) -> None:
        self.fn = fn
        self.arg_regs = arg_regs
        self.preserved = preserved
        self.out: list[CallSiteValues] = []
        # (block, k) of a base + k definer -> base value, the base register's form there
        self.bases: dict[tuple[int, int], tuple[Value, Form]] = {}

    def see(self, inst: MInstView, b: int, k: int, pos: int, walker: StateWalker,
            forms: Forms) -> None:
        """Real instruction k of block b, the `pos`-th of the function."""
        fn, arg_regs, preserved = self.fn, self.arg_regs, self.preserved
        state = walker.state
        if inst.call:
            params = []
            for r in arg_regs:
                if r not in inst.uses:
                    continue
                v = state.get(r, (b, 0, r))
                f = form_of(fn, forms, r, v)
                if f.kind not in (Kind.EXACT, Kind.ZEXT):
                    continue  # its upper bits are no function of the value
                val = _describe(fn, walker, v, arg_regs, preserved, forms, f.bits)
                if val is not None:
                    # a holder in the register's own form holds the same 64 bits
                    same = isinstance(val, MLoc) and form_of(fn, forms, val, v) == f
                    params.append(CallSiteParam(r, val, 0, FULL_BITS if same else f.bits))
                elif (p := _offset_from_base(fn, walker, v, self.bases, arg_regs, preserved,
                                             forms, f)):
                    params.append(CallSiteParam(r, *p))
            self.out.append(CallSiteValues(pos, tuple(params)))
        if inst.offset is not None:
            base = inst.offset[0]
            base_v = state.get(base, (b, 0, base))
            self.bases[(b, k)] = (base_v, form_of(fn, forms, base, base_v))


def _describe(fn: MFunctionView, walker: StateWalker, v: Value,
              arg_regs: Sequence[MLoc], preserved: frozenset[MLoc], forms: Forms,
              bits: int) -> VarLoc | None:
    """A location (or constant) whose low `bits` are the value's low bits."""
    b, k, loc = v  # block 0 is the entry (the prologue): it has no predecessors
    if k > 0:
        definer = fn.blocks[b].insts[k - 1]
        if definer.imm is not None and definer.defs[:1] == (loc,):
            return ConstLoc(definer.imm & ((1 << bits) - 1))
        if definer.address is not None and definer.defs[:1] == (loc,) and bits >= FULL_BITS:
            return definer.address
    holders = [x for x in walker.holders(v) if form_of(fn, forms, x, v).low_bits() >= bits]
    regs = sorted(x for x in holders if x.kind is LocKind.REG and x in preserved)
    if regs:
        return regs[0]
    slots = sorted(x for x in holders if x.kind is LocKind.SLOT and x not in fn.narrow_slots)
    if slots:
        return slots[0]
    if b == 0 and k == 0 and loc in arg_regs:
        return EntryValueLoc(loc)
    return None


def _offset_from_base(fn: MFunctionView, walker: StateWalker, v: Value,
                      bases: dict[tuple[int, int], tuple[Value, Form]],
                      arg_regs: Sequence[MLoc], preserved: frozenset[MLoc], forms: Forms,
                      form: Form) -> tuple[VarLoc, int, int] | None:
    """`v` as (location, k) when its definer computed base + k and the base's
    value is still describable at the call. Value numbering makes "the base is
    not redefined in between" exact: a redefinition is a different value. A
    definer later in layout order than the call (a loop) is not looked at.
    The register (`form` of `v`) is zero above its low `bits` when a narrow
    move or a 32-bit add wrote it; below them the sum's bits depend only on
    the base's, which the base register at the definer and the holder at the
    call must both have (with a third value: (location, k, bits))."""
    b, k, loc = v
    if k == 0:
        return None
    definer = fn.blocks[b].insts[k - 1]
    based = bases.get((b, k))
    if definer.offset is None or definer.defs[:1] != (loc,) or based is None:
        return None
    base_v, base_form = based
    bits = min(form.bits, definer.offset_bits)
    if base_form.low_bits() < bits:
        return None
    val = _describe(fn, walker, base_v, arg_regs, preserved, forms, bits)
    # a constant base is left to constant folding; an entry value plus k is not
    # written: gdb evaluates the nested DW_OP_entry_value in the wrong frame
    # (p24_mutual_recursion's is_odd(n - 2) showed n - 4)
    if val is None or isinstance(val, (ConstLoc, EntryValueLoc)):
        return None
    return val, definer.offset[1], bits
