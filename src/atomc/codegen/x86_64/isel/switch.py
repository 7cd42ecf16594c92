"""Switch lowering: jump tables for dense runs of cases, a balanced binary
search of compares over the rest.

The cases, sorted by (signed) value, are partitioned into clusters: a single
case, or a jump table covering `lo..hi` when it holds at least
`MIN_TABLE_CASES` cases and they fill at least `MIN_DENSITY_PERCENT` of the
range (the thresholds of gcc and LLVM). The partition with the fewest clusters
is found by dynamic programming. More than `LINEAR_LIMIT` clusters are split
at the middle cluster with one signed compare; smaller groups are tested one
after another. A table cluster is a bounds check (`sub lo; cmp; ja`) and an
indirect jump through a table in `.rodata`. Position-independent code (gcc's
sequence) loads a 32-bit entry holding the target's offset from the table
and adds the table's address: `leaq T(%rip), b; movslq (b,i,4), i; addq b, i;
jmp *i`, so the table needs no relocation at load time. Under -fno-pic the
entries are absolute addresses and the jump reads one. With
-fcf-protection the jump is `notrack`, as gcc's: its targets need no
`endbr64`.

Debug info: every instruction emitted carries the switch's location (its
atom included), so the line table keeps the switch line on the table jump
and on every compare, exactly as the compare chain it replaces.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

import atomc.fastenum as fastenum

from ....options import CfProtection
from ...mir import BlockRef, Imm, JumpTable, MBlock, Mem, VReg
from ..opcodes import SIZED

if TYPE_CHECKING:
    from ....ir.insts import Switch
    from .select import FunctionISel

MIN_TABLE_CASES = 4
MIN_DENSITY_PERCENT = 40
MAX_TABLE_ENTRIES = 1 << 16
LINEAR_LIMIT = 3
_DP_WINDOW = 512  # the most runs of cases one table may be chosen from


class ClusterKind(fastenum.Enum):
    """CASE: one value (lo == hi); RANGE: a run of consecutive values with one
    successor (GNU `case a ... b`, or adjacent cases sharing a target); TABLE:
    `targets[v - lo]` is the successor index for value v (0, the default, for a hole)."""

    CASE = enum.auto()
    RANGE = enum.auto()
    TABLE = enum.auto()


@dataclass(frozen=True, slots=True)
class Cluster:
    """Values `lo..hi` that one test (or one jump table) sends to their successors."""

    kind: ClusterKind
    lo: int
    hi: int
    targets: tuple[int, ...]


def _table_ok(count: int, lo: int, hi: int) -> bool:
    span = hi - lo + 1
    return (count >= MIN_TABLE_CASES and span <= MAX_TABLE_ENTRIES
            and count * 100 >= MIN_DENSITY_PERCENT * span)


def _ranges(cases: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """Sorted distinct (value, successor) -> maximal runs (lo, hi, successor)."""
    out: list[tuple[int, int, int]] = []
    for v, k in cases:
        if out and out[-1][1] + 1 == v and out[-1][2] == k:
            out[-1] = (out[-1][0], v, k)
        else:
            out.append((v, v, k))
    return out


def plan_clusters(cases: list[tuple[int, int]]) -> list[Cluster]:
    """Fewest clusters covering `cases` ((value, successor index), sorted by
    value, values distinct)."""
    runs = _ranges(cases)
    n = len(runs)
    covered = [0]  # covered[i]: number of case values in runs[:i]
    for lo, hi, _ in runs:
        covered.append(covered[-1] + hi - lo + 1)
    best = [0] + [n + 1] * n  # best[i]: clusters for runs[:i]
    start = [0] * (n + 1)  # best[i] uses runs[start[i]:i] as its last cluster
    for i in range(1, n + 1):
        best[i], start[i] = best[i - 1] + 1, i - 1
        hi = runs[i - 1][1]
        for j in range(i - 2, max(-1, i - 1 - _DP_WINDOW), -1):
            lo = runs[j][0]
            if hi - lo + 1 > MAX_TABLE_ENTRIES:
                break
            if best[j] + 1 < best[i] and _table_ok(covered[i] - covered[j], lo, hi):
                best[i], start[i] = best[j] + 1, j
    out: list[Cluster] = []
    i = n
    while i > 0:
        j = start[i]
        if i - j == 1:
            lo, hi, k = runs[j]
            out.append(Cluster(ClusterKind.CASE if lo == hi else ClusterKind.RANGE, lo, hi, (k,)))
        else:
            lo, hi = runs[j][0], runs[i - 1][1]
            entries = [0] * (hi - lo + 1)
            for rlo, rhi, k in runs[j:i]:
                entries[rlo - lo:rhi - lo + 1] = [k] * (rhi - rlo + 1)
            out.append(Cluster(ClusterKind.TABLE, lo, hi, tuple(entries)))
        i = j
    out.reverse()
    return out


def _signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) & 1 else v


def _fits_i32(v: int) -> bool:
    return -(1 << 31) <= v < (1 << 31)


class SwitchLowering:
    """Emits one switch through the instruction selector's helpers."""

    def __init__(self, sel: FunctionISel, inst: Switch, x: VReg, size: int) -> None:
        self.sel = sel
        self.inst = inst
        self.x = x
        self.size = size
        self.targets: dict[int, MBlock] = {}

    def target(self, k: int) -> MBlock:
        if k not in self.targets:
            self.targets[k] = self.sel.edge_target(self.inst.succs[k])
        return self.targets[k]

    def run(self) -> None:
        bits = self.size * 8
        # successors going to the same block with the same arguments are one target
        canon: dict[tuple[int, tuple[int, ...]], int] = {}
        same: list[int] = []
        for k, succ in enumerate(self.inst.succs):
            key = (id(succ.block), tuple(id(a) for a in succ.arg_values))
            same.append(canon.setdefault(key, k))
        # a case going where the default goes needs no test
        cases = sorted((_signed(v, bits), same[k + 1]) for k, v in enumerate(self.inst.values)
                       if same[k + 1] != 0)
        self.tree(plan_clusters(cases))

    def new_block(self) -> MBlock:
        b = self.sel.mf.new_block(None)
        self.sel.pending_blocks.append(b)
        return b

    def compare(self, value: int) -> None:
        """`cmp $value, x` (through a register when the value needs 64 bits)."""
        if self.size == 8 and not _fits_i32(value):
            t = self.sel.mf.new_vreg(8)
            self.sel.emit("movabsq", Imm(value), t)
            self.sel.emit("cmpq", t, self.x)
        else:
            self.sel.emit(SIZED["cmp", self.size], Imm(value), self.x)

    def tree(self, clusters: list[Cluster]) -> None:
        sel = self.sel
        if len(clusters) > LINEAR_LIMIT:
            mid = len(clusters) // 2
            right = self.new_block()
            self.compare(clusters[mid].lo)
            sel.emit("jge", BlockRef(right))
            self.tree(clusters[:mid])
            sel.cur = right
            self.tree(clusters[mid:])
            return
        # tests first, so that the last table may end the block with its jump
        tables = [c for c in clusters if c.kind is ClusterKind.TABLE]
        for c in clusters:
            if c.kind is ClusterKind.CASE:
                self.compare(c.lo)
                sel.emit("je", BlockRef(self.target(c.targets[0])))
            elif c.kind is ClusterKind.RANGE:
                self.range_check(c)
                sel.emit("jbe", BlockRef(self.target(c.targets[0])))
        for c in tables[:-1]:
            index = self.range_check(c)
            inside = self.new_block()
            sel.emit("jbe", BlockRef(inside))
            saved = sel.cur
            sel.cur = inside
            self.table_jump(c, index)
            sel.cur = saved
        if tables:
            index = self.range_check(tables[-1])
            sel.emit("ja", BlockRef(self.target(0)))
            self.table_jump(tables[-1], index)
        else:
            sel.emit("jmp", BlockRef(self.target(0)))

    def range_check(self, c: Cluster) -> VReg:
        """index = x - lo (64 bits, zero-extended), compared unsigned with hi - lo:
        x is in lo..hi exactly when index <= hi - lo."""
        sel = self.sel
        t = sel.mf.new_vreg(8)
        if self.size == 8:
            sel.emit("movq", self.x, t)
            if _fits_i32(c.lo):
                if c.lo:
                    sel.emit("subq", Imm(c.lo), t)
            else:
                k = sel.mf.new_vreg(8)
                sel.emit("movabsq", Imm(c.lo), k)
                sel.emit("subq", k, t)
            if _fits_i32(c.hi - c.lo):
                sel.emit("cmpq", Imm(c.hi - c.lo), t)
            else:
                k = sel.mf.new_vreg(8)
                sel.emit("movabsq", Imm(c.hi - c.lo), k)
                sel.emit("cmpq", k, t)
            return t
        t32 = VReg(t.id, 4)
        ext = {1: "movsbl", 2: "movswl", 4: "movl"}[self.size]
        sel.emit(ext, self.x, t32)
        if c.lo:
            sel.emit("subl", Imm(c.lo), t32)
        sel.emit("cmpl", Imm(c.hi - c.lo), t32)
        return t

    def table_jump(self, c: Cluster, index: VReg) -> None:
        sel = self.sel
        label = f".LJTI{sel.mf.number}_{_tables_so_far(sel)}"
        notrack = sel.opts.cf_protection in (CfProtection.BRANCH, CfProtection.FULL)
        table = JumpTable(label, tuple(self.target(k) for k in c.targets), notrack=notrack)
        base = sel.mf.new_vreg(8)
        sel.emit("leaq", Mem(symbol=label), base)
        if not sel.policy.position_independent:
            sel.emit("jmptab", Mem(base=base, index=index, scale=8), meta=table)
            return
        # the index register takes the entry: two virtual registers per instruction
        sel.emit("movslq", Mem(base=base, index=index, scale=4), index)
        sel.emit("addq", base, index)
        sel.emit("jmptab", index, meta=table)


def _tables_so_far(sel: FunctionISel) -> int:
    blocks = list(sel.mf.blocks) + list(sel.pending_blocks)
    if sel.cur is not None and sel.cur not in blocks:
        blocks.append(sel.cur)
    return sum(1 for b in blocks for mi in b.insts if mi.opcode == "jmptab")


def lower_switch(sel: FunctionISel, inst: Switch, x: VReg, size: int) -> None:
    SwitchLowering(sel, inst, x, size).run()


__all__ = ["Cluster", "lower_switch", "plan_clusters"]
