"""Call-site parameter values: what a debugger stopped in a callee can learn
about the callee's entry values from its caller's frame.

At each call, every integer argument register holds a machine value. The
caller can describe that value after the call (`DW_AT_call_value`, evaluated
in the caller's frame while the callee runs) only through a location the call
cannot change: a constant the register was loaded with, a register the ABI
makes the callee preserve, a spill slot (not addressable by the callee), or
the caller's own entry value of an argument register, or a register or slot plus a
constant the register was set to by a `lea k(%base)`/`add`/`sub` whose base
value one of them still holds at the call (`fib(n - 1)` with n kept in %rbx:
`DW_OP_breg3 -1`). Anything else is left
out, so the callee's `DW_OP_entry_value` resolves to "optimized out" rather
than a wrong value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .machine import MachineValues, StateWalker, Value
from .model import ConstLoc, EntryValueLoc, LocKind, MFunctionView, MLoc, VarLoc


@dataclass(frozen=True, slots=True)
class CallSiteParam:
    reg: MLoc  # the argument register at the call
    value: VarLoc  # preserved register or spill slot holding it, a constant, or an entry value
    offset: int = 0  # added to `value` (never set with a constant: that is folded)


@dataclass(frozen=True, slots=True)
class CallSiteValues:
    pos: int  # position of the call among the function's real instructions
    params: tuple[CallSiteParam, ...]


def call_site_values(fn: MFunctionView, mv: MachineValues, arg_regs: Sequence[MLoc],
                     preserved: frozenset[MLoc]) -> list[CallSiteValues]:
    """One entry per call instruction, in layout order. `arg_regs` are the
    registers that may carry integer arguments (also the only ones whose entry
    value the caller may name), `preserved` the registers a callee keeps."""
    out: list[CallSiteValues] = []
    pos = -1
    walker = StateWalker(mv, fn, reverse=True)
    bases: dict[tuple[int, int], Value] = {}  # (block, k) of a base + k definer -> base value
    for b, blk in enumerate(fn.blocks):
        walker.enter(b)
        state = walker.state
        for k, inst in enumerate(blk.insts, start=1):
            if inst.debug is not None:
                continue
            pos += 1
            if inst.call:
                params = []
                for r in arg_regs:
                    if r not in inst.uses:
                        continue
                    v = state.get(r, (b, 0, r))
                    val = _describe(fn, walker, v, arg_regs, preserved)
                    if val is not None:
                        params.append(CallSiteParam(r, val))
                    elif (p := _offset_from_base(fn, walker, v, bases, arg_regs, preserved)):
                        params.append(CallSiteParam(r, *p))
                out.append(CallSiteValues(pos, tuple(params)))
            if inst.offset is not None:
                base = inst.offset[0]
                bases[(b, k)] = state.get(base, (b, 0, base))
            walker.apply(inst, k)
    return out


def _describe(fn: MFunctionView, walker: StateWalker, v: Value,
              arg_regs: Sequence[MLoc], preserved: frozenset[MLoc]) -> VarLoc | None:
    b, k, loc = v  # block 0 is the entry (the prologue): it has no predecessors
    if k > 0:
        definer = fn.blocks[b].insts[k - 1]
        if definer.imm is not None and definer.defs[:1] == (loc,):
            return ConstLoc(definer.imm)
    holders = list(walker.holders(v))
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
                      bases: dict[tuple[int, int], Value], arg_regs: Sequence[MLoc],
                      preserved: frozenset[MLoc]) -> tuple[VarLoc, int] | None:
    """`v` as (location, k) when its definer computed base + k and the base's
    value is still describable at the call. Value numbering makes "the base is
    not redefined in between" exact: a redefinition is a different value. A
    definer later in layout order than the call (a loop) is not looked at."""
    b, k, loc = v
    if k == 0:
        return None
    definer = fn.blocks[b].insts[k - 1]
    base_v = bases.get((b, k))
    if definer.offset is None or definer.defs[:1] != (loc,) or base_v is None:
        return None
    val = _describe(fn, walker, base_v, arg_regs, preserved)
    # a constant base is left to constant folding; an entry value plus k is not
    # written: gdb evaluates the nested DW_OP_entry_value in the wrong frame
    # (p24_mutual_recursion's is_odd(n - 2) showed n - 4)
    if val is None or isinstance(val, (ConstLoc, EntryValueLoc)):
        return None
    return val, definer.offset[1]
