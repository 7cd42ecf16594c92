"""Stack-passed arguments as locations: the caller's argument slot keeps the
value the function received for as long as the function does not write it.

A scalar argument passed on the stack (the seventh integer argument on, or any
after the registers ran out) is loaded from its slot at entry into a register,
and the parameter's value is that register's. Once the register is reused the
value looks lost, yet the slot at CFA+k still holds it: LiveDebugValues may use
the slot as one more home of the value, exactly as it uses a spill slot, when
the function reads the slot only as a whole-slot load at its first byte and
never writes it, takes its address or touches part of it (any such access
disqualifies the slot, so a slot written through a pointer never qualifies).

A slot loaded narrower than its 8 bytes (`movl` of an `int`) holds the value
only in its low bytes: a debugger reading the variable reads only its type's
bytes, but an expression over the slot (a salvaged `x + 1`, a call-site value)
reads all 8, so those slots are `narrow` and never the base of one.

Debug info: read-only analysis of the final code (the frame is laid out); it
changes no instruction.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..mir import Mem, MFunction, PReg, SlotKind
from ..target import Target, current
from .ldv import MLoc, slot

_SLOT_BYTES = 8
_WIDEST = 16  # bytes an instruction other than a load may access (an SSE move)


@cache
def reloads(target: Target) -> dict[str, bool]:
    """The loads that copy a slot into a register unchanged (the target's restores
    of a spill, integer and vector), each saying whether it reads all 8 bytes."""
    out = {target.reload_opcode(n, False): n == _SLOT_BYTES for n in (1, 2, 4, 8)}
    out.update({target.reload_opcode(n, True): n == _SLOT_BYTES for n in (4, 8)})
    return out


@dataclass(frozen=True, slots=True)
class ArgumentSlots:
    """Read-only argument slots by their displacement from the frame base register."""

    at: dict[int, MLoc]
    narrow: frozenset[MLoc]


def read_only_arguments(mf: MFunction, base: str) -> ArgumentSlots:
    """The incoming scalar argument slots the function only loads whole (see above);
    `base` is the register the body addresses its frame from."""
    start: dict[int, MLoc] = {}
    for s in mf.slots:
        if s.kind is SlotKind.INCOMING and s.size == _SLOT_BYTES and s.cfa_offset is not None \
                and s.name != "va_overflow":
            start[s.cfa_offset + mf.frame_base_offset] = slot(s.cfa_offset)
    if not start:
        return ArgumentSlots({}, frozenset())
    bad: set[int] = set()
    narrow: set[MLoc] = set()
    whole = reloads(current())
    for _, mi in mf.instructions():
        if mi.is_meta:
            continue
        for k, op in enumerate(mi.operands):
            if not isinstance(op, Mem) or not isinstance(op.base, PReg) or op.base.name != base \
                    or op.index is not None or op.symbol is not None:
                continue  # (an indexed frame access is an array's, inside its object)
            loc = start.get(op.disp)
            if loc is not None and k == 0 and len(mi.operands) == 2 \
                    and mi.opcode in whole and isinstance(mi.operands[1], PReg):
                if not whole[mi.opcode]:
                    narrow.add(loc)
                continue  # a load of the whole slot
            # anything else may touch the bytes [disp, disp + 16) (the widest access)
            bad.update(d for d in start if op.disp - _SLOT_BYTES < d < op.disp + _WIDEST)
    at = {d: loc for d, loc in start.items() if d not in bad}
    return ArgumentSlots(at, frozenset(loc for loc in narrow if loc in at.values()))
