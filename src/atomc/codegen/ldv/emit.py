"""Phase E: walk the function once more, place every variable in a machine
location as its value moves, and turn the placements into ranges.

`single` mode is LLVM's TransferTracker: one location per address, chosen by
quality (spill slot > register this function saves > other register; ties go
to the location seen first); a spill moves variables to the slot at once; a
restore moves nothing; a copy moves them only into a saved callee-saved
register when the source dies; when a location is clobbered, the last other
location (in tracking order) still holding the value takes over, else an
entry value for a parameter, else the range ends at the clobber.

`multi` mode adds, beside those primary ranges, a range for every other
location holding the variable's current value (overlapping entries, DWARF 5
§2.6.2), so a value kept both in a stack slot and in a register is described
by both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from .machine import MachineValues, Value, solve_machine_values, step
from .model import (
    ConstLoc, DebugValue, EntryValueLoc, MFunctionView, MInstView, MLoc, VarKey, VarLoc,
    VarRange,
)
from .variables import Const, VarValue, all_variables, resolve_operand, solve_variable_values


@dataclass
class _Tracker:
    fn: MFunctionView
    mv: MachineValues
    state: dict[MLoc, Value] = field(default_factory=dict)
    value: dict[VarKey, VarValue] = field(default_factory=dict)
    where: dict[VarKey, VarLoc | None] = field(default_factory=dict)
    pending: dict[VarKey, Value] = field(default_factory=dict)  # use before def
    events: dict[VarKey, list[tuple[int, VarLoc | None]]] = field(default_factory=dict)
    holders: dict[VarKey, list[tuple[int, frozenset[MLoc]]]] = field(default_factory=dict)

    def quality(self, loc: MLoc) -> int:
        if loc.kind == "slot":
            return 0
        return 1 if loc in self.fn.saved_csrs else 2

    def best_holder(self, v: Value) -> MLoc | None:
        cands = [loc for loc in self.mv.locs if self.state.get(loc) == v]
        if not cands:
            return None
        return min(cands, key=lambda loc: (self.quality(loc), self.mv.order[loc]))

    def set_loc(self, var: VarKey, pos: int, loc: VarLoc | None) -> None:
        self.where[var] = loc
        self.events.setdefault(var, []).append((pos, loc))

    def place(self, var: VarKey, pos: int, block: int, index: int) -> None:
        """Locate the variable's current value (an assignment or a block entry)."""
        v = self.value.get(var)
        self.pending.pop(var, None)
        if v is None:
            self.set_loc(var, pos, None)
        elif isinstance(v, Const):
            self.set_loc(var, pos, ConstLoc(v.value))
        else:
            loc = self.best_holder(v)
            if loc is None and v[0] == block and v[1] > index:
                self.pending[var] = v  # defined later in this block
            if loc is None:
                self.set_loc(var, pos, self.entry_value(var, v))
            else:
                self.set_loc(var, pos, loc)

    def entry_value(self, var: VarKey, v: Value) -> VarLoc | None:
        if (var.is_param and var.inlined_at is None and v[0] == 0 and v[1] == 0
                and v[2].kind == "reg" and v[2] not in self.fn.frame_regs):
            return EntryValueLoc(v[2])
        return None

    def note_holders(self, pos: int) -> None:
        for var, v in self.value.items():
            hs = frozenset() if v is None or isinstance(v, Const) else \
                frozenset(loc for loc in self.mv.locs if self.state.get(loc) == v)
            lst = self.holders.setdefault(var, [])
            if not lst or lst[-1][1] != hs:
                lst.append((pos, hs))


def compute_var_ranges(fn: MFunctionView, mode: str = "single") -> list[VarRange]:
    assert mode in ("single", "multi"), mode
    mv = solve_machine_values(fn)
    vin = solve_variable_values(fn, mv)
    variables = all_variables(fn)
    t = _Tracker(fn, mv)
    pos = -1  # after the last real instruction seen
    for b, blk in enumerate(fn.blocks):
        t.state = dict(mv.live_in[b])
        t.pending.clear()
        for var in variables:
            t.value[var] = vin[b].get(var)
            t.place(var, pos, b, 0)
        t.note_holders(pos)
        for k, inst in enumerate(blk.insts, start=1):
            if isinstance(inst.debug, DebugValue):
                d = inst.debug
                for other in variables:
                    if other != d.var and other.overlaps(d.var):
                        t.value[other] = None
                        t.set_loc(other, pos, None)
                t.value[d.var] = resolve_operand(d.operand, t.state, fn, mv, b, k)
                t.place(d.var, pos, b, k)
                t.note_holders(pos)
                continue
            if inst.debug is not None:
                continue
            pos += 1
            _transfer(t, inst, b, k, pos)
            t.note_holders(pos)
    end = pos
    ranges = _ranges_from_events(t.events, end)
    if mode == "multi":
        ranges += _secondary_ranges(t.holders, ranges, end)
    return ranges


def _transfer(t: _Tracker, inst: MInstView, b: int, k: int, pos: int) -> None:
    before = dict(t.state)
    step(t.state, inst, b, k, t.fn)
    moved: set[VarKey] = set()
    if inst.spill:
        sl, src = inst.spill
        for var, loc in list(t.where.items()):
            if loc == src:
                t.set_loc(var, pos, sl)
                moved.add(var)
    elif inst.copy and inst.kills_src and inst.copy[0] in t.fn.saved_csrs:
        dst, src = inst.copy
        for var, loc in list(t.where.items()):
            if loc == src:
                t.set_loc(var, pos, dst)
                moved.add(var)
    for var, loc in list(t.where.items()):
        if var in moved or not isinstance(loc, MLoc):
            continue
        if t.state.get(loc) == before.get(loc):
            continue
        old = before.get(loc)
        alternatives = [x for x in t.mv.locs if t.state.get(x) == old]
        if alternatives:
            t.set_loc(var, pos, max(alternatives, key=lambda x: t.mv.order[x]))
        else:
            v = t.value.get(var)
            t.set_loc(var, pos, t.entry_value(var, v) if isinstance(v, tuple) else None)
    for var, v in list(t.pending.items()):
        if v[0] == b and v[1] == k:
            del t.pending[var]
            t.set_loc(var, pos, v[2])


T = TypeVar("T")


def _last_per_position(events: list[tuple[int, T]]) -> list[tuple[int, T]]:
    """Events in position order where, at one position, only the last counts."""
    out: list[tuple[int, T]] = []
    for p, x in events:
        if out and out[-1][0] == p:
            out[-1] = (p, x)
        else:
            out.append((p, x))
    return out


def _ranges_from_events(events: dict[VarKey, list[tuple[int, VarLoc | None]]],
                        end: int) -> list[VarRange]:
    out: list[VarRange] = []
    for var, evs in events.items():
        collapsed = _last_per_position(evs)
        for i, (p, loc) in enumerate(collapsed):
            stop = collapsed[i + 1][0] if i + 1 < len(collapsed) else end
            if loc is None or stop <= p:
                continue
            if out and out[-1].var == var and out[-1].loc == loc and out[-1].end == p:
                out[-1] = VarRange(var, out[-1].start, stop, loc)
            else:
                out.append(VarRange(var, p, stop, loc))
    return out


def _secondary_ranges(holders: dict[VarKey, list[tuple[int, frozenset[MLoc]]]],
                      primary: list[VarRange], end: int) -> list[VarRange]:
    """Every location holding the value, minus where it already is the primary one."""
    out: list[VarRange] = []
    for var, timeline in holders.items():
        open_at: dict[MLoc, int] = {}
        intervals: list[tuple[MLoc, int, int]] = []
        for p, hs in _last_per_position(timeline):
            for loc in list(open_at):
                if loc not in hs:
                    intervals.append((loc, open_at.pop(loc), p))
            for loc in hs:
                open_at.setdefault(loc, p)
        for loc, start in open_at.items():
            intervals.append((loc, start, end))
        prim = [r for r in primary if r.var == var]
        for loc, s, e in intervals:
            for a, z in _subtract((s, e), [(r.start, r.end) for r in prim if r.loc == loc]):
                if z > a:
                    out.append(VarRange(var, a, z, loc, primary=False))
    return out


def _subtract(span: tuple[int, int], cuts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    pieces = [span]
    for cs, ce in cuts:
        nxt = []
        for a, z in pieces:
            if ce <= a or cs >= z:
                nxt.append((a, z))
                continue
            if a < cs:
                nxt.append((a, cs))
            if ce < z:
                nxt.append((ce, z))
        pieces = nxt
    return pieces
