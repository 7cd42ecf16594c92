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
goes further, in Key Instructions functions: a hoisted instruction takes the
location of the instruction it now follows (without its atom), so its
statement begins where the statements before it have run. That holds for
instructions that can never be a key instruction (no atom, or a rank below
the key rank), and also for a possible key instruction hoisted above a stop
of an earlier line: a stop there would come before that line's stop (a jump
back in stepping) and before that line's stores and assignments, whose debug
records stay after their own stop (the scheduler puts them there), so every
variable the earlier line assigns would show its stale value at the later
line's stop. The hoisted line gives up that stop instead; its other members
that were not hoisted keep theirs. A possible key instruction hoisted only
above stops of its own line keeps its location: the line's stop just moves.
Line 0 is not used, because gdb stops on line-0 code it steps into.

The same holds for scopes, in every function: an instruction of an inlined
call (or of a lexical block) that the scheduler hoists above code of a scope
around it (the caller computing the call's arguments) would start the
inlined instance's address range there, and the caller's code after it would
split the range in two; gdb takes the start of the second piece for a fresh
entry into the call and stops at the call site again, then in the callee
(`bump:19 tally:29 bump:19`). Such an instruction, when it can never be a key
instruction, takes the location it lands in as well, so the inlined code
starts where the caller's code before it has run. Only code locations
change; machine code does not.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Callable, Sequence

from ...ir.debuginfo import DILocation
from ..mir import MInst
from ..target import desc
from .instruction_scopes import Chain, scope_chain


def settle_hoisted_lines(real: Sequence[MInst], order: Sequence[int],
                         may_stop: Callable[[MInst], bool]) -> None:
    """`real`: a block's real instructions in the original order; `order`: their
    new order (indices into `real`); `may_stop(mi)`: could a debugger stop at mi."""
    new_pos = {orig: k for k, orig in enumerate(order)}
    # the possible stops among real[:i], by new position (sorted)
    stop_pos: list[int] = []
    stop_loc_at: dict[int, DILocation] = {}
    hoisted: set[int] = set()
    for i, mi in enumerate(real):
        loc = mi.loc
        pos = new_pos[i]
        if loc is not None and stop_pos and stop_pos[-1] > pos and \
                loc.subprogram.key_instructions:
            # A never-key instruction counts any other position: a loop's pointer
            # increment (main's `r++`) hoisted above an inlined body's last stops and
            # its own line's counter update kept its line inside the inlined code and
            # split the instance's range (gdb: `main:45 row_sum:24 main:45`).
            if (_never_key(loc) and _passes_stop_unlike(loc, stop_pos, stop_loc_at, pos,
                                                        DILocation.same_position)) \
                    or (may_stop(mi) and _passes_stop_unlike(loc, stop_pos, stop_loc_at, pos,
                                                             DILocation.same_line)):
                hoisted.add(i)  # no atom any more: never a stop (calls are never hoisted)
                continue
        if may_stop(mi) and loc is not None:
            insort(stop_pos, pos)
            stop_loc_at[pos] = loc
    _locate_in_new_order(real, order, hoisted, keep_when_alone=False)
    _settle_scope_hoists(real, order, new_pos)


def _locate_in_new_order(real: Sequence[MInst], order: Sequence[int], hoisted: set[int],
                         keep_when_alone: bool) -> None:
    """Give each instruction of `hoisted` (indices into `real`) the location of the
    code it now follows, else of the code it now leads, without its atom.

    Walking the new order, the instruction before is already settled (an earlier
    hoisted one has its final location, not the one of the later line it came
    from); one that leads takes the first settled location after it. With no
    line around, `keep_when_alone` keeps the location, else its atom goes."""
    for k, orig in enumerate(order):
        if orig not in hoisted:
            continue
        mi = real[orig]
        near = _located_near(real, order, k, hoisted)
        if near is not None:
            mi.loc = near.without_atom()
        elif not keep_when_alone and mi.loc is not None:
            mi.loc = mi.loc.without_atom()


def _passes_stop_unlike(loc: DILocation, stop_pos: list[int],
                        stop_loc_at: dict[int, DILocation], pos: int,
                        alike: Callable[[DILocation, DILocation], bool]) -> bool:
    """Does an instruction now at `pos` run before a stop that came before it whose
    location is not `alike` its own? Any of those stops counts, not only the last."""
    for k in range(len(stop_pos) - 1, bisect_right(stop_pos, pos) - 1, -1):
        if not alike(loc, stop_loc_at[stop_pos[k]]):
            return True
    return False


def _settle_scope_hoists(real: Sequence[MInst], order: Sequence[int],
                         new_pos: dict[int, int]) -> None:
    """Instructions hoisted above code of a scope that encloses theirs join the
    location they land in (calls and possible key instructions keep theirs)."""
    latest: dict[Chain, int] = {}  # scope -> greatest new position among real[:i] in it
    hoisted: set[int] = set()
    for i, mi in enumerate(real):
        loc = mi.loc
        if loc is None or loc.line == 0:
            continue
        chain = scope_chain(loc)
        if chain and _never_key(loc) and not desc(mi.opcode).is_call and \
                any(latest.get(chain[k:], -1) > new_pos[i] for k in range(1, len(chain) + 1)):
            near = _located_near(real, order, new_pos[i], hoisted)
            if near is not None:
                hoisted.add(i)
                chain = scope_chain(near)
        if latest.get(chain, -1) < new_pos[i]:
            latest[chain] = new_pos[i]
    _locate_in_new_order(real, order, hoisted, keep_when_alone=True)


def _never_key(loc: DILocation) -> bool:
    return loc.atom_group == 0 or loc.atom_rank > 1


def _located_near(real: Sequence[MInst], order: Sequence[int], pos: int,
                  unsettled: set[int]) -> DILocation | None:
    """The location of the nearest instruction with a line before new position
    `pos` (the code it now follows), else the nearest after it (the code it now
    leads) whose location is settled (not in `unsettled`)."""
    for k in range(pos - 1, -1, -1):
        loc = real[order[k]].loc
        if loc is not None and loc.line != 0:
            return loc
    for k in range(pos + 1, len(order)):
        loc = real[order[k]].loc
        if order[k] not in unsettled and loc is not None and loc.line != 0:
            return loc
    return None
