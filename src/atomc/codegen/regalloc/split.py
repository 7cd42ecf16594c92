"""Live-range splitting for the linear-scan allocator: a spilled virtual
register gets a register back around its uses inside each block.

Linear scan spills an interval whole: its value lives in a stack slot and
every instruction that reads it reloads it into a scratch register. Here, after
the main allocation, each spilled interval is split at block boundaries (and,
when no register survives a call, at calls): the piece of a block that holds
two or more of its references gets any register free over that piece. The
value is reloaded once at the piece's first use (or rematerialised, for a
constant), stays in the register across the piece's other uses, and every
definition inside the piece is still stored to the slot right away, so the slot
holds the current value everywhere outside the pieces (the slot is where the
other pieces and the scratch reloads look) — except when the piece's next
reference defines the value again (two-address code): that store is dropped,
and a debug instruction inside a piece names the piece's register.

Debug info: a reload is a move from the value's spill slot into a register,
which LiveDebugValues recognises as a restore (the value gains a location, it
does not become a new value); reloads and stores take the location of the
instruction they serve, like the allocator's other spill code.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from ..target import desc

if TYPE_CHECKING:
    from .linear import LinearScan


@dataclass(frozen=True, slots=True)
class Piece:
    """Positions `start`..`end` (inclusive) of one block where spilled
    virtual register `vreg` lives in `reg`; `reload` is False when the piece
    begins with a definition (nothing to load)."""

    vreg: int
    start: int
    end: int
    reg: str
    reload: bool


@dataclass(frozen=True, slots=True)
class _Ref:
    """A reference to a register at instruction position `pos`."""

    pos: int
    use: bool
    define: bool

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, pos: int, use: bool, define: bool) -> None:
        object.__setattr__(self, "pos", pos)
        object.__setattr__(self, "use", use)
        object.__setattr__(self, "define", define)


class RangeSplitter:
    """Finds and assigns the pieces of the spilled intervals of `ls`."""

    def __init__(self, ls: LinearScan) -> None:
        self.ls = ls
        # register -> sorted, disjoint (start, end) ranges it is taken over
        self.taken: dict[str, list[tuple[int, int]]] = {}
        for iv in ls.intervals.values():
            if iv.reg is not None:
                bisect.insort(self.taken.setdefault(iv.reg, []), (iv.start, iv.end))
        self.pieces: dict[int, list[Piece]] = {}  # by start
        self.piece_starts: dict[int, list[int]] = {}
        self.used: set[str] = set(self.taken)
        self.dead_stores: set[tuple[int, int]] = set()  # (vreg, position of the definition)

    def run(self) -> None:
        ls = self.ls

        refs: dict[tuple[int, int], list[_Ref]] = {}  # (vreg, block) -> references
        calls: list[int] = []
        block = 0
        for (pos, mi), (uses, defs, _, _) in zip(ls.order, ls.refs, strict=True):
            while pos > ls.block_range[block][1]:
                block += 1
            if desc(mi.opcode).is_call:
                calls.append(pos)
            if ls.is_vreg_self_copy(mi):
                continue  # disappears: no reference
            ids = {r.id for r in uses} | {r.id for r in defs}
            for v in ids:
                iv = ls.intervals[v]
                if iv.reg is not None:
                    continue
                define = any(d.id == v for d in defs)
                if define and v in ls.remat:
                    continue  # the constant's own move disappears
                refs.setdefault((v, block), []).append(
                    _Ref(pos, any(u.id == v for u in uses), define))
        # the pieces with the most references choose first
        for (v, _), rs in sorted(refs.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            for group in self.groups(rs, calls):
                self.place(v, group)

    @staticmethod
    def groups(rs: list[_Ref], calls: list[int]) -> list[list[_Ref]]:
        """The whole block's references first; if no register is free over
        them, the call-free runs between them are tried one by one (`place`
        refuses the whole run when it fails, so the split runs are the fallback)."""
        runs: list[list[_Ref]] = [[]]
        for r in rs:
            if runs[-1]:  # a call strictly between the previous reference and this one?
                k = bisect.bisect_right(calls, runs[-1][-1].pos)
                if k < len(calls) and calls[k] < r.pos:
                    runs.append([])
            runs[-1].append(r)
        return [rs] if len(runs) == 1 else [rs, *runs]

    def place(self, v: int, group: list[_Ref]) -> None:
        if len(group) < 2:
            return  # one reference: the scratch reload costs the same
        a, b = group[0].pos, group[-1].pos
        if self._overlapping(v, a, b) is not None:
            return  # already covered by the whole-block piece
        reg = self.choose(v, a, b, reload=group[0].use, last_defines=group[-1].define)
        if reg is None:
            return
        piece = Piece(v, a, b, reg, group[0].use)
        pieces = self.pieces.setdefault(v, [])
        starts = self.piece_starts.setdefault(v, [])
        k = bisect.bisect_left(starts, a)  # pieces of a register are disjoint: kept by start
        pieces.insert(k, piece)
        starts.insert(k, a)
        # a store the piece's next definition overwrites before anyone reloads it
        self.dead_stores.update((v, r.pos) for r, nxt in pairwise(group)
                                if r.define and nxt.define)
        bisect.insort(self.taken.setdefault(reg, []), (a, b))
        self.used.add(reg)

    def choose(self, v: int, a: int, b: int, reload: bool, last_defines: bool) -> str | None:
        ls = self.ls
        iv = ls.intervals[v]
        if iv.xmm:
            candidates: tuple[str, ...] = ls.regs.vector_allocatable
        else:
            used = self.used
            # callee-saved registers already saved cost nothing more; others a push/pop
            callee = ls.callee_candidates
            candidates = (*ls.regs.allocatable_caller, *(r for r in callee if r in used),
                          *(r for r in callee if r not in used))
        for r in candidates:
            if self.free(r, a, b) and self.physical_ok(r, a, b, reload, last_defines):
                return r
        return None

    def free(self, reg: str, a: int, b: int) -> bool:
        rs = self.taken.get(reg, [])
        k = bisect.bisect_right(rs, (b, float("inf")))
        return all(rs[j][1] < a for j in range(max(0, k - 2), k))

    def physical_ok(self, reg: str, a: int, b: int, reload: bool, last_defines: bool) -> bool:
        """No fixed use or write of `reg` inside the piece. At its first
        position the instruction may read `reg` when nothing is reloaded before
        it; at its last the instruction may write `reg` when it only reads the
        value (no store of a new value follows)."""
        for pa, pb, from_def in self.ls.pindex.overlapping(reg, a, b):
            if pb < a or pa > b:
                continue
            if pb == a and not reload and not (pa == pb and from_def):
                continue
            if pa == b and from_def and not last_defines:
                continue
            return False
        return True

    def _last_starting_by(self, v: int, pos: int) -> Piece | None:
        """The piece of `v` with the greatest start <= pos (pieces are disjoint)."""
        starts = self.piece_starts.get(v)
        if not starts:
            return None
        k = bisect.bisect_right(starts, pos)
        return self.pieces[v][k - 1] if k else None

    def _overlapping(self, v: int, a: int, b: int) -> Piece | None:
        p = self._last_starting_by(v, b)
        return p if p is not None and a <= p.end else None

    def register_between(self, v: int, pos: int) -> str | None:
        """The register holding `v` just after the instruction at `pos`, when a
        piece of `v` continues past it (for debug instructions placed there)."""
        p = self._last_starting_by(v, pos)
        return p.reg if p is not None and pos < p.end else None

    def piece_at(self, v: int, pos: int) -> Piece | None:
        p = self._last_starting_by(v, pos)
        return p if p is not None and pos <= p.end else None

    def registers(self) -> set[str]:
        return self.used
