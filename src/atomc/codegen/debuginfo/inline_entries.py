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

That needs the preheader code at the end of its block. The list scheduler
would hoist it (the callee's `lea`s and zeroed counters start the longest
paths) into the caller's code before the call (the stores of `struct vm
machine = {0}`), and the instruction before the loop header is then the
caller's: both debuggers take the header for an entry into the call again
(gdb because the address before it is outside the instance, lldb because a
range starts there), and every iteration stops at the call line, where the
caller's variables show what the call has done so far. `inlined_entry_tail`
names that code so the scheduler keeps it last; it reads only locations and
the CFG, which are the same with and without -g, so the code is too.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...ir.debuginfo import DILexicalBlock, DILocation
from ..mir import META_OPCODES, MFunction, MInst
from ..mir.cfg import successor_indices
from ..target import desc
from .instruction_scopes import ScopeKey, SharedScopes, scope_chain, shared_scopes


def open_inlined_loop_entries(mf: MFunction, scopes: SharedScopes | None = None) -> None:
    """Move the entry of each inlined instance that begins at a branch target of its
    own code onto the location-less preheader code that falls through into it.
    `scopes`: the function's shared instruction scopes (invalidated when a
    location changes)."""
    real = [[mi for mi in b.insts if mi.opcode not in META_OPCODES] for b in mf.blocks]
    held = shared_scopes(mf, scopes)
    chains = held.get()
    succs = successor_indices(mf)
    back = _back_edge_sources(succs)
    firsts: dict[ScopeKey, tuple[int, int]] = {}  # inlined instance -> (block, position)
    for b, block_chains in enumerate(chains):
        for i, chain in enumerate(block_chains):
            for key in chain:
                if key[1] is not None and not isinstance(key[0], DILexicalBlock):
                    firsts.setdefault(key, (b, i))
    for key, (b, i) in firsts.items():
        if _kept_entry_tail(key, b, i, real, chains, succs, back):
            b, i = b + 1, 0  # the scheduler kept the entry code last: it opens the header
            tail = [mi for mi in real[b - 1][_first_in(key, chains[b - 1]):]
                    if not desc(mi.opcode).is_branch]
            if any(mi.loc is not None and not _never_key(mi.loc) for mi in tail):
                continue  # a statement of the callee already opens the instance
        elif not _entered_from_inside(key, b, chains, succs) or \
                any(mi.loc is not None for mi in real[b][:i]):
            continue
        else:
            tail = _preheader_tail(b, real, succs)
        loc = real[b][i].loc if i < len(real[b]) else None
        if loc is None and not i:  # the header's first located instruction
            loc = next((mi.loc for mi in real[b] if mi.loc is not None), None)
        if loc is None or not tail:
            continue
        if loc.subprogram.key_instructions and mf.ir.module is not None:
            entry = loc.with_atom(mf.ir.module.atoms.fresh(), 1)
        else:
            entry = loc.without_atom()
        for mi in [*tail, *real[b][:i]]:
            mi.loc = entry
        held.invalidate()  # read on from the scopes before the change, as always


def _kept_entry_tail(key: ScopeKey, b: int, i: int, real: list[list[MInst]],
                     chains: list[list[tuple[ScopeKey, ...]]],
                     succs: dict[int, list[int]], back: dict[int, list[int]]) -> bool:
    """Is the instance's first code the end of block b (from position i on, up to
    its branches), falling through into a header of the instance that the
    instance's own code branches back to (the scheduler's `inlined_entry_tails`)?"""
    if not i or b + 1 >= len(real) or b + 1 not in succs.get(b, ()) or \
            not chains[b + 1] or key not in chains[b + 1][0]:
        return False
    if any(key not in c for c, mi in zip(chains[b][i:], real[b][i:], strict=False)
           if not desc(mi.opcode).is_branch):
        return False
    return any(chains[p] and key in chains[p][-1]
               for p in back.get(b + 1, ()))  # a back edge of the instance


def _back_edge_sources(succs: dict[int, list[int]]) -> dict[int, list[int]]:
    """Loop header -> the blocks (at or after it in layout) that branch back to it."""
    back: dict[int, list[int]] = {}
    for p, ss in succs.items():
        for s in ss:
            if s <= p:
                back.setdefault(s, []).append(p)
    return back


def _first_in(key: ScopeKey, block_chains: list[tuple[ScopeKey, ...]]) -> int:
    return next(k for k, c in enumerate(block_chains) if key in c)


def _never_key(loc: DILocation) -> bool:
    return loc.atom_group == 0 or loc.atom_rank > 1


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


def inlined_entry_tails(mf: MFunction) -> dict[int, int]:
    """Block index -> position (among its real instructions) where the block's
    entry code into an inlined instance begins, for each block that falls
    through into a loop header of that instance (a block a later block
    branches back to): the maximal run of instructions of the instance that
    ends the block (before its branches), when caller code precedes it."""
    succs = successor_indices(mf)
    headers = _back_edge_sources(succs)
    out: dict[int, int] = {}
    for b, block in enumerate(mf.blocks[:-1]):
        if b + 1 not in headers or b + 1 not in succs.get(b, ()):
            continue
        head = next((mi.loc for mi in mf.blocks[b + 1].insts
                     if mi.opcode not in META_OPCODES and mi.loc is not None), None)
        real = [mi for mi in block.insts if mi.opcode not in META_OPCODES]
        start = _entry_tail(real, scope_chain(head) if head is not None else ())
        if start is not None:
            out[b] = start
    return out


def _entry_tail(real: Sequence[MInst], header: tuple[ScopeKey, ...]) -> int | None:
    """Where the run of `real` (before its trailing branches) inside the outermost
    inlined instance of the loop header `header` that the code before the run is
    not in begins; None when there is no such run or no code before it."""
    end = len(real)
    while end > 0 and desc(real[end - 1].opcode).is_branch:
        end -= 1
    for key in reversed(header):  # outermost first
        if isinstance(key[0], DILexicalBlock) or key[1] is None:
            continue
        start = end
        while start > 0 and (loc := real[start - 1].loc) is not None and \
                key in scope_chain(loc):
            start -= 1
        if start == end:
            return None  # the block does not end in the instance
        if start > 0:
            return start
    return None
