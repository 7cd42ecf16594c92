"""Inlined instances whose first address is a loop header of their own code.

gdb treats a stop at the first address of an inlined instance's range (its
entry pc, or the start of any piece of its ranges) as a fresh entry into the
call: it shows the caller's frame at the call line and `step` then enters the
callee again. When an inlined body starts with a loop, its code begins at the
loop header and every back edge lands on the instance's entry address, so
stepping shows `main:60 countdown:51 digit_sum:36` on every iteration instead
of `digit_sum:36` (the issue's "inlined loops stop at the caller's line").

The loop's preheader usually ends in location-less code that belongs to the
loop: the copies that give the header's parameters their first values (the
callee's `s = 0`, its argument). Those instructions run once, on the way in.
Giving them the location of the loop header's first instruction (without its
atom: they are no key instruction) puts them inside the instance, whose entry
pc moves onto them, and the back edges land inside its range. Their row has
the header's line, which is where the first stop in the callee shows, and is
a statement (in Key Instructions functions they form an atom of their own):
gdb steps on past a row that is not when it comes from another inlined call,
and the stop at the call line is lost.

Only locations of instructions that had none change; machine code does not.
"""

from __future__ import annotations

from ...ir.debuginfo import DILexicalBlock
from ..mir import MFunction, MInst
from ..mir.cfg import successor_indices
from ..target import desc
from .instruction_scopes import ScopeKey, instruction_scopes


def open_inlined_loop_entries(mf: MFunction) -> None:
    """Move the entry of each inlined instance that begins at a branch target of its
    own code onto the location-less preheader code that falls through into it."""
    real = [[mi for mi in b.insts if not mi.is_meta] for b in mf.blocks]
    chains = instruction_scopes(mf)
    succs = successor_indices(mf)
    firsts: dict[ScopeKey, tuple[int, int]] = {}  # inlined instance -> (block, position)
    for b, block_chains in enumerate(chains):
        for i, chain in enumerate(block_chains):
            for key in chain:
                if key[1] is not None and not isinstance(key[0], DILexicalBlock):
                    firsts.setdefault(key, (b, i))
    for key, (b, i) in firsts.items():
        if not _entered_from_inside(key, b, chains, succs) or \
                any(mi.loc is not None for mi in real[b][:i]):
            continue
        loc = real[b][i].loc
        tail = _preheader_tail(b, real, succs)
        if loc is None or not tail:
            continue
        if loc.subprogram.key_instructions and mf.ir.module is not None:
            entry = loc.with_atom(mf.ir.module.atoms.fresh(), 1)
        else:
            entry = loc.without_atom()
        for mi in [*tail, *real[b][:i]]:
            mi.loc = entry


def _entered_from_inside(key: ScopeKey, b: int, chains: list[list[tuple[ScopeKey, ...]]],
                         succs: dict[int, list[int]]) -> bool:
    """Does a block whose last instruction is in the instance branch to block b?"""
    return any(b in ss and chains[p] and key in chains[p][-1] for p, ss in succs.items())


def _preheader_tail(b: int, real: list[list[MInst]],
                    succs: dict[int, list[int]]) -> list[MInst]:
    """The location-less instructions that end the block falling through into b
    alone (no calls, no branches)."""
    if b == 0 or succs.get(b - 1) != [b]:
        return []
    tail: list[MInst] = []
    for mi in reversed(real[b - 1]):
        d = desc(mi.opcode)
        if mi.loc is not None or d.is_call or d.is_branch:
            break
        tail.append(mi)
    return tail[::-1]
