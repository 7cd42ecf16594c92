"""Which blocks start with gcc's loop alignment (`.p2align 4,,10` then `.p2align 3`).

A loop whose first instruction straddles a 16-byte boundary costs the front end an
extra fetch (and a decoded-uop-cache line) on every iteration; gcc -O2 pads before a
loop header when the header is entered by branches more often than by falling into
it (final.cc `compute_alignments`, `-falign-loops` with the generic tuning
`16:11:8`: pad to 16 when it takes at most 10 bytes, else to 8). atomc has no
profile, so a loop header is a block some later block (or itself) branches back to
in the final layout: its back edge runs once per iteration, the fall-through into
it once per entry. gcc does this at -O2 and -O3, not at -O1 or -Os.

The decision reads only the final block order and branches, which -g and Key
Instructions do not change, so `.text` stays the same with and without them.
"""

from __future__ import annotations

from typing import Final

from ...mir import BlockRef, MFunction
from ...target import desc

# gcc's x86-64 generic tuning: 16 bytes when at most 10 of padding, then 8
LOOP_ALIGN_DIRECTIVES: Final[tuple[str, ...]] = ("\t.p2align\t4,,10", "\t.p2align\t3")


def aligns_loops(opt_level: int, size_opt: bool) -> bool:
    """gcc's `-falign-loops`: on at -O2 and above, off at -O1 and -Os."""
    return opt_level >= 2 and not size_opt


def loop_headers(mf: MFunction) -> frozenset[str]:
    """Labels of the blocks after the first that a branch in the same or a later
    block (in layout order) jumps to: the loop headers to align."""
    index = {id(b): i for i, b in enumerate(mf.blocks)}
    headers: set[str] = set()
    for i, b in enumerate(mf.blocks):
        for mi in b.insts:
            target = mi.operands[0] if mi.operands else None
            if not isinstance(target, BlockRef) or not desc(mi.opcode).is_branch:
                continue
            t = index.get(id(target.block))
            if t is not None and 0 < t <= i:
                headers.add(target.block.label)
    return frozenset(headers)
