"""The order of a function's blocks while a pass inserts and removes many of them.

`Function.blocks` is a list: finding a block's position to insert next to it
scans the list, which made the passes that add a block or two per loop
quadratic. `BlockOrder` gives every block a sort key instead (a tuple; the
blocks of the list start as `(i,)`) and records insertions and removals;
`materialize()` writes the list back once, in the order the same sequence of
list operations would have produced:

* `insert_after(anchor, blocks)`: the blocks go right after `anchor`, before
  anything inserted after it earlier (`list.insert(index(anchor) + 1, ...)`);
* `insert_before(anchor, block)`: right before `anchor`;
* `append(block)`: at the end (also to move a block there).

While the order is pending, `Function.blocks` is stale (only its first block,
the entry, is guaranteed): code that reads it calls `materialize()` first.
"""

from __future__ import annotations

from . import work
from .function import Block, Function

Key = tuple[float, ...]


class BlockOrder:
    __slots__ = ("fn", "key", "pending", "removed", "seq", "tail", "top")

    def __init__(self, fn: Function) -> None:
        self.fn = fn
        self.key: dict[Block, Key] = {b: (i,) for i, b in enumerate(fn.blocks)}
        self.removed: set[Block] = set()
        self.pending = False
        self.seq = 0
        self.top = len(fn.blocks)  # first element of the next appended key
        self.tail: Block | None = fn.blocks[-1] if fn.blocks else None

    def append(self, b: Block) -> None:
        self.key[b] = (self.top,)
        self.top += 1
        self.removed.discard(b)
        self.tail = b
        self.pending = True

    def __contains__(self, b: Block) -> bool:
        return b in self.key and b not in self.removed

    def last(self) -> Block | None:
        if self.tail is None or self.tail in self.removed:
            alive = [b for b in self.key if b not in self.removed]
            self.tail = max(alive, key=self.key.__getitem__) if alive else None
        return self.tail

    def insert_after(self, anchor: Block, blocks: list[Block]) -> None:
        self.seq += 1
        base = self.key[anchor] + (-self.seq,)
        for i, b in enumerate(blocks):
            self.key[b] = base + (i,)
            self.removed.discard(b)
        if blocks and anchor is self.tail:
            self.tail = blocks[-1]
        self.pending = True

    def insert_before(self, anchor: Block, block: Block) -> None:
        k = self.key[anchor]
        self.seq += 1
        # after everything that sorts before `anchor` (whose last element is below
        # k[-1]); a second insertion before the same anchor goes after the first
        self.key[block] = k[:-1] + (k[-1] - 0.5, self.seq)
        self.removed.discard(block)
        self.pending = True

    def remove(self, b: Block) -> None:
        self.removed.add(b)
        self.pending = True

    def sort_key(self, b: Block) -> Key:
        return self.key[b]

    def materialize(self) -> list[Block]:
        """Write the order back into `fn.blocks` (and restart the keys from it)."""
        if self.pending:
            alive = [b for b in self.key if b not in self.removed]
            alive.sort(key=self.key.__getitem__)
            self.fn.blocks = alive
            self.key = {b: (i,) for i, b in enumerate(alive)}
            self.top = len(alive)
            self.removed.clear()
            self.pending = False
            work.add("blockorder.materialize", len(alive))
        return self.fn.blocks
