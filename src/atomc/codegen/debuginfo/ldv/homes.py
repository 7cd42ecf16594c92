"""Memory homes as facts (model.HomeFact): a home record that holds again at
the entry of every block reachable from where the home starts.

Written out as records, a big function's homes were restated at the entry of
almost every block (Lua's `luaV_execute`: 23 homes x 1,116 blocks), and each
restated record went through every phase: resolved per block, joined at the
iterated dominance frontier of all those blocks, placed again at each entry.
Here a home's value is read off the fact instead (variables.HomeFlow): on
entry to a block it reaches, the value its slot holds there; elsewhere whatever
the variable's own records leave. Phase E applies the fact only at the entries where the
variable's placement can change (emit.py); `expand_homes` writes the facts out
as records, the meaning they must keep (tests compare the two).

Debug info: read-only; describes where variables live, changes no instruction.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ....ir import work
from .model import HomeFact, MBlockView, MFunctionView, MInstView, MLoc, VarKey


def expand_homes(fn: MFunctionView) -> MFunctionView:
    """`fn` with every home record restated at the entry of the blocks it reaches,
    and no facts: what the facts stand for."""
    if not fn.homes:
        return fn
    blocks = []
    masks = [h.restated(fn.starts) for h in fn.homes]
    for b, blk in enumerate(fn.blocks):
        lead = tuple(MInstView(debug=h.record) for h, m in zip(fn.homes, masks, strict=True)
                     if (m >> b) & 1)
        blocks.append(MBlockView(lead + blk.insts, blk.succs))
    return MFunctionView(tuple(blocks), fn.caller_saved, fn.saved_csrs, fn.substitutions,
                         fn.frame_regs, fn.narrow_slots, (), fn.starts)


def bits(mask: int) -> list[int]:
    """The positions of a mask's set bits, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def first_restated(fn: MFunctionView, home: HomeFact) -> int:
    """The first block whose entry restates the home (-1: none)."""
    m = home.restated(fn.starts)
    return (m & -m).bit_length() - 1


def quiet_slots(fn: MFunctionView) -> frozenset[MLoc]:
    """The home slots no instruction writes, copies or restores from: the value a
    home's slot holds is then the same at every block entry, and no other
    location ever holds it (phase E may trust a home it placed to stay put)."""
    slots = {h.record.operand for h in fn.homes if isinstance(h.record.operand, MLoc)}
    if not slots:
        return frozenset()
    busy: set[MLoc] = set()
    for blk in fn.blocks:
        for inst in blk.insts:
            if inst.debug is not None:
                continue
            busy.update(inst.defs)
            for pair in (inst.copy, inst.spill, inst.restore):
                if pair is not None:
                    busy.update(pair)
    return frozenset(slots - busy)


class HomeEntries:
    """Which home records phase E restates at a block's entry, and how. A home
    placed in a quiet slot stays there, with the same value, until a record of
    its own moves it, or until a block the fact does not reach gives it none:
    then its variable is among the entry's `moved` ones (a record in the block
    before, a new live-in value). Only those homes, the ones in slots that are
    not quiet, and every home at the function's entry or an unreachable block
    are restated in full (`placed`); a home with `add` or `delete` records
    (`multi`) is otherwise only made the current `new` again (`renewed`): a
    restated record starts its added locations afresh."""

    __slots__ = ("homes", "masks", "rank", "loud", "multi", "reachable")

    def __init__(self, fn: MFunctionView, reachable: Collection[int],
                 multi: Collection[VarKey]) -> None:
        self.homes = fn.homes
        self.masks = [h.restated(fn.starts) for h in fn.homes]
        self.rank = {h.record.var: i for i, h in enumerate(fn.homes)}
        quiet = quiet_slots(fn)
        self.loud = [i for i, h in enumerate(fn.homes) if h.record.operand not in quiet]
        self.multi = [i for i, h in enumerate(fn.homes) if h.record.var in multi]
        self.reachable = reachable

    def at_entry(self, b: int, moved: Iterable[VarKey]
                 ) -> tuple[list[HomeFact], list[HomeFact]]:
        """(placed, renewed) at block `b`'s entry, each in the homes' order."""
        masks, homes = self.masks, self.homes
        if b == 0 or b not in self.reachable:
            return [h for h, m in zip(homes, masks, strict=True) if (m >> b) & 1], []
        rank = self.rank
        picked = {rank[v] for v in moved if v in rank}
        picked.update(self.loud)
        placed = [homes[i] for i in sorted(picked) if (masks[i] >> b) & 1]
        renewed = [homes[i] for i in self.multi if i not in picked and (masks[i] >> b) & 1]
        work.add("ldv.homes.placed", len(placed))
        return placed, renewed
