"""Partial unrolling of counted loops whose trip count the factor divides.

A small innermost loop `for (k = 0; k < 160; k++) s += a[i][k] * b[k][j];`
spends as many instructions on its counter, exit test and branch as on its
work. `loop-unroll` chains K copies of its body (K = 4 or 2); when the loop
runs a known number of times T with T % K == 0, iteration n ends in copy
n mod K, so the last iteration ends in copy K-1 and the exit tests of copies
0..K-2 are never taken. `fold_untaken_exits` turns each of them into a jump
to the next copy, and simplifycfg then merges the chain into one block: one
test and one branch per K iterations, and iv-sr / lftr give the copies' address
offsets constant displacements from one induction variable.

The trip count is found by stepping the counter from its constant start
(bounded by `COUNTED_UNROLL_MAX_TRIPS`), so wrap-around and every predicate are
exact. The loop must be entered only from its preheader, have one latch, and
leave only through the latch's test, so the latch runs exactly T times.

What a user stepping sees decides too (`one_line_loop`): only a loop all on
one line (`for (...) s += a[k];`, matmul's) is unrolled this way. Copies
0..K-2 lose their counter step and exit test, the code of the `for` line
between two iterations. With the body on another line, gdb's and lldb's `step`
then stop once per K iterations (a line is left only for a different one)
where -O0 stops on the body line every iteration; a body of two lines keeps a
stop per copy but loses the `for` line between them, and steps back from its
last line to its first, which -O0 never does (atomc-dbgeval: order recall and
new back-jumps). A loop on one line is one stop at -O0 already.
Locations exist with and without -g, so the code does not depend on -g.

Debug info: copies are made by `loop-unroll` (duplication.py: lines, columns
and scopes kept, a fresh atom group per copy, value records rebuilt by
mem2reg). The folded tests are never taken: each branch becomes a jump that
keeps its location (keep rule), records in front of it stay in front of the
jump, and the comparison, now unused, is left to dce (its value describes no
variable). No instruction that runs changes location; all are on the loop's
one line.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir import Binary, Block, Branch, Call, Cmp, Const, Function, Jump, Op
from ..ir.debuginfo import DILocation
from ..ir.interp_eval import eval_cmp
from ..ir.loops import Loop
from ..ir.rewrite import jump_to

# iterations stepped to find T (a loop running longer is not unrolled this way)
COUNTED_UNROLL_MAX_TRIPS = 4096
# instructions of the unrolled body, all copies together
COUNTED_UNROLL_MAX_SIZE = 64
COUNTED_UNROLL_FACTORS = (4, 2)


@dataclass(frozen=True, slots=True)
class CountedPick:
    """A loop to unroll `factor` times whose latch `latch` leaves to `exit`."""

    factor: int
    latch: Block
    exit: Block


@dataclass(frozen=True, slots=True)
class TripCount:
    """The latch runs `trips` times per entry, leaving to `exit`."""

    trips: int
    exit: Block


def latch_trip_count(loop: Loop, preds: dict[Block, list[Block]]) -> TripCount | None:
    """How often the latch of `loop` runs whenever the loop is entered, if that is
    a constant T <= COUNTED_UNROLL_MAX_TRIPS."""
    outside = loop.outside_preds(preds)
    latches = loop.latches()
    if len(outside) != 1 or len(latches) != 1 or loop.exiting_blocks() != latches:
        return None
    h, latch = loop.header, latches[0]
    term, entry_term = latch.terminator, outside[0].terminator
    if not isinstance(term, Branch) or not isinstance(term.cond, Cmp) or entry_term is None:
        return None
    cmp = term.cond
    inside = [loop.contains(s.block) for s in term.succs]
    if inside.count(True) != 1 or not isinstance(cmp.rhs, Const) or cmp.op is not Op.ICMP:
        return None
    stays = inside[0]
    exit_block = term.succs[1 if stays else 0].block
    entry = next(s for s in entry_term.succs if s.block is h).arg_values
    back = next(s for s in term.succs if s.block is h).arg_values
    for k, p in enumerate(h.params):
        start, nxt = entry[k], back[k]
        if not (isinstance(start, Const) and isinstance(nxt, Binary) and nxt.op is Op.ADD
                and nxt.lhs is p and isinstance(nxt.rhs, Const) and cmp.lhs in (p, nxt)):
            continue
        mask = p.ty.mask  # type: ignore[union-attr]
        step, bound = nxt.rhs.int_value, cmp.rhs.int_value
        v = start.int_value
        for n in range(COUNTED_UNROLL_MAX_TRIPS):
            tested = v if cmp.lhs is p else (v + step) & mask
            if bool(eval_cmp(cmp.pred, p.ty, tested, bound)) != stays:
                return TripCount(n + 1, exit_block)
            v = (v + step) & mask
        return None
    return None


def counted_pick(loop: Loop, fn: Function, preds: dict[Block, list[Block]],
                 size: int) -> CountedPick | None:
    """The largest factor that divides the trip count of a small call-free
    straight-line loop and leaves at least two trips of the unrolled loop. (A
    body with branches keeps them in every copy: measured slower on bench/dp.c.)"""
    if loop.children or any(isinstance(i, Call) for b in loop.blocks for i in b.insts):
        return None
    # straight-line: every block but the latch jumps to the next
    if any(not isinstance(b.terminator, Jump) for b in loop.blocks if b not in loop.latches()):
        return None
    found = latch_trip_count(loop, preds)
    if found is None or not one_line_loop(loop):
        return None
    for k in COUNTED_UNROLL_FACTORS:
        if found.trips % k == 0 and found.trips >= 2 * k and size * k <= COUNTED_UNROLL_MAX_SIZE:
            return CountedPick(k, loop.latches()[0], found.exit)
    return None


def step_line(loc: DILocation) -> tuple[int, object, object]:
    """What `step` compares: the line, in one (inlined) function instance."""
    return loc.line, loc.inlined_at, loc.scope.subprogram


def one_line_loop(loop: Loop) -> bool:
    """Is all of `loop`'s located code on one source line (module docstring)?"""
    lines = {step_line(i.loc) for b in loop.blocks for i in b.insts
             if i.loc is not None and i.loc.line != 0}
    return len(lines) <= 1


def fold_untaken_exits(pick: CountedPick, maps: list[dict[Block, Block]]) -> int:
    """Jump straight to the next copy from the latches of copies 0..K-2 (their exit
    tests are never taken). Returns the number of branches folded."""
    latches = [pick.latch] + [m[pick.latch] for m in maps[:-1]]
    folded = 0
    for lt in latches:
        term = lt.terminator
        if not isinstance(term, Branch):
            continue
        stay = [s for s in term.succs if s.block is not pick.exit]
        if len(stay) != 1:
            continue
        jump_to(lt, stay[0].block, list(stay[0].arg_values), loc_from=term)
        folded += 1
    return folded
