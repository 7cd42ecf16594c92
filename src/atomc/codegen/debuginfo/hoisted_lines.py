"""Line attribution of instructions the scheduler hoists above a statement.

When the list scheduler moves an instruction of a later statement above a
place where a debugger may stop for an earlier statement, the instruction's
own line would open there: the line table then starts the later statement
(or, at the top of an inlined call's code, the inlined frame) before the
earlier statement ran, and a debugger that stops on the row (lldb ignores
`is_stmt`; gdb stops on the first instruction of an inlined instance
whatever its flag) shows variables before their values exist.

LLVM keeps a scheduled instruction's location and relies on Key Instructions
to keep `is_stmt` off it, which covers gdb's ordinary stepping only. atomc
goes one step further for instructions that can never be a statement's key
instruction (no atom, or a rank below the key rank): such an instruction
takes the location of the instruction it now follows (without its atom), so
its statement begins where its key instruction is. A possible key
instruction keeps its location: moving it moves the statement, and a stop
there is real. Line 0 is not used, because gdb stops on line-0 code it steps
into. Only code locations change; machine code does not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..mir import MInst


def settle_hoisted_lines(real: Sequence[MInst], order: Sequence[int],
                         may_stop: Callable[[MInst], bool]) -> None:
    """`real`: a block's real instructions in the original order; `order`: their
    new order (indices into `real`); `may_stop(mi)`: could a debugger stop at mi."""
    new_pos = {orig: k for k, orig in enumerate(order)}
    latest_stop = -1  # greatest new position of a possible stop among real[:i]
    stop_loc_at: dict[int, object] = {}
    for i, mi in enumerate(real):
        loc = mi.loc
        if (loc is not None and latest_stop > new_pos[i] and _never_key(mi)
                and not loc.same_position(stop_loc_at[latest_stop])):  # type: ignore[union-attr]
            prev = _located_before(real, order, new_pos[i])
            if prev is not None:
                mi.loc = prev.without_atom()
        if may_stop(mi):
            if new_pos[i] > latest_stop:
                latest_stop = new_pos[i]
                stop_loc_at[latest_stop] = mi.loc


def _never_key(mi: MInst) -> bool:
    loc = mi.loc
    return loc is not None and loc.subprogram.key_instructions and \
        (loc.atom_group == 0 or loc.atom_rank > 1)


def _located_before(real: Sequence[MInst], order: Sequence[int], pos: int):  # type: ignore[no-untyped-def]
    for k in range(pos - 1, -1, -1):
        loc = real[order[k]].loc
        if loc is not None and loc.line != 0:
            return loc
    return None
