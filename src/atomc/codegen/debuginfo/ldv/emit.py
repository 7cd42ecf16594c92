"""Phase E: walk the function once more, place every variable in a machine
location as its value moves, and turn the placements into ranges.

`single` mode is LLVM's TransferTracker: one location per address, chosen by
quality (spill slot > register this function saves > other register; ties go
to the location seen first); a spill moves variables to the slot at once; a
restore moves nothing; a copy moves them only into a saved callee-saved
register when the source dies; when a location is clobbered, the last other
location (in tracking order) still holding the value takes over, else a
location holding a value computed from it or it from (derived.py), else an entry value
(for a value a register had on function entry: a parameter, an inlined
instance's parameter bound to one, a copy), else the range ends at the clobber.
A block entry places each variable the same way.

`multi` mode adds, beside those primary ranges, a range for every other
location holding the variable's current value (overlapping entries, DWARF 5
§2.6.2), so a value kept both in a stack slot and in a register is described
by both.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field

from ....dwarf.locexpr import LocExpr
from ....ir import work
from ....ir.dbgrecords import DbgKind
from ....options import LoclistMode
from .callsites import CallSites
from .compose import ops_reads
from .derived import Derived, fits, note_derived
from .homes import HomeEntries
from .known import known_location, var_bits
from .machine import MachineValues, StateWalker, Value, solve_machine_values
from .model import (
    ComputedLoc,
    ConstLoc,
    DebugValue,
    EntryValueLoc,
    HomeFact,
    LocKind,
    MFunctionView,
    MInstView,
    MLoc,
    Moved,
    NoLoc,
    VarKey,
    VarLoc,
    VarRange,
    VarWhole,
    WhyRange,
)
from .ranges import ranges_from_events, secondary_ranges
from .reasons import BACK_END_REMOVED, NOT_YET, PIECE, ReasonLog, dead, is_dead
from .salvage import MEMORY_AT
from .variables import (
    Computed,
    Const,
    VarValue,
    all_variables,
    resolve_operand,
    solve_variable_values,
    tagged,
)
from .widths import Forms, entry_forms, form_of, step_forms

Alts = dict[int, VarValue]  # token of an `add` -> the value it says also holds the variable


@dataclass
class _Tracker:
    fn: MFunctionView
    mv: MachineValues
    state: dict[MLoc, Value] = field(default_factory=dict)
    value: dict[VarKey, VarValue] = field(default_factory=dict)
    where: dict[VarKey, VarLoc | None] = field(default_factory=dict)
    pending: dict[VarKey, Value] = field(default_factory=dict)  # use before def
    events: dict[VarKey, list[tuple[int, VarLoc | None]]] = field(default_factory=dict)
    holders: dict[VarKey, list[tuple[int, frozenset[MLoc | ComputedLoc]]]] = field(
        default_factory=dict)
    multi: bool = False  # only `multi` mode reads `holders`: building them is the hot loop
    ops: dict[VarKey, LocExpr] = field(default_factory=dict)  # expression of `where`
    # `ops` are a derived link's (derived.py): the low bits its holder must be right in
    undone: dict[VarKey, int] = field(default_factory=dict)
    derived: Derived = field(default_factory=Derived)  # values computed from others
    cur_key: dict[VarKey, int] = field(default_factory=dict)  # token of the current `new`
    alts: dict[VarKey, Alts] = field(default_factory=dict)  # its added locations
    # the machine state, with the locations holding each value (kept as it changes)
    walker: StateWalker | None = None
    # the variables whose current location is each machine location
    at: dict[MLoc, dict[VarKey, None]] = field(default_factory=dict)
    reasons: ReasonLog = field(default_factory=ReasonLog)  # why, where none
    # Indexes that let a block entry visit only the variables it can change
    # (_entry_vars): those located by an entry value or restless without a
    # location (`roaming`), those in a machine location whose `settled` inputs
    # changed since the last entry (`stirred`: their own placement or value, the
    # holders or widths of their value, the location they are in), and those by
    # the machine value (and its block) they are assigned
    roaming: dict[VarKey, None] = field(default_factory=dict)
    stirred: dict[VarKey, None] = field(default_factory=dict)
    by_value: dict[Value, dict[VarKey, None]] = field(default_factory=dict)
    by_block: dict[int, dict[VarKey, None]] = field(default_factory=dict)
    # placed at this block's entry, or found in a machine location there (a variable
    # in one was at the entry or got there by a record, which enters it first)
    entered: set[VarKey] = field(default_factory=set)
    entry_pos: int = -1  # the position of this block's entry
    entry_positions: list[int] = field(default_factory=list)  # of the blocks walked
    forms: Forms = field(default_factory=dict)  # how much of its value each location holds
    # per variable, per call position: where it was before the call clobbered its
    # location, where that left it (outer_frames.py: it holds from R-1) and why nowhere
    during: dict[VarKey, dict[int, Moved]] = field(default_factory=dict)
    bits_of: dict[VarKey, int] = field(default_factory=dict)  # needs(), per variable

    def set_value(self, var: VarKey, v: VarValue) -> None:
        self.stirred[var] = None
        old = self.value.get(var)
        base = old.base if isinstance(old, Computed) else old
        if isinstance(base, tuple):
            self.by_value[base].pop(var, None)
            self.by_block[base[0]].pop(var, None)
        self.value[var] = v
        base = v.base if isinstance(v, Computed) else v
        if isinstance(base, tuple):
            self.by_value.setdefault(base, {})[var] = None
            self.by_block.setdefault(base[0], {})[var] = None

    def restless(self, var: VarKey) -> bool:
        """Without a location, the variable's next block entry may give it another
        reason or a location all the same: it has no reason (the entry makes one
        up), its value is in no location but its reason is not "dead" (the entry
        says dead), or its value is a register's on entry (an entry value)."""
        why = self.reasons.current.get(var)
        v = self.value.get(var)
        base = v.base if isinstance(v, Computed) else v
        return why is None or isinstance(base, tuple) and (
            not is_dead(why) or (base[0] == 0 and base[1] == 0))

    def wake(self, var: VarKey) -> None:
        """A record changes a variable this block's entry did not place: first the
        events the entries would have given it."""
        if var in self.entered:
            return
        self.entered.add(var)  # its first record here: the entry's events come before
        if self.where.get(var) is None:
            self.catch_up(var)
            self.unplaced_entry(var, self.entry_pos)

    def catch_up(self, var: VarKey) -> None:
        """Before this block's entry places a variable, the event of the last entry
        at an earlier position, if it did not place it."""
        k = bisect_left(self.entry_positions, self.entry_pos) - 1
        evs = self.events.get(var)
        if k >= 0 and self.where.get(var) is None and evs and evs[-1][0] < self.entry_positions[k]:
            self.unplaced_entry(var, self.entry_positions[k])

    def unplaced_entry(self, var: VarKey, pos: int) -> None:
        """The event a block entry gives a variable it need not place (_entry_vars):
        no location, for the reason it has. It only matters where it ends a "not
        assigned yet" range just before a location (reasons.ranges), as the walk
        over every variable at every entry gave it."""
        v = self.value.get(var)
        self.ops[var] = v.ops if isinstance(v, Computed) else ()
        self.undone.pop(var, None)
        self.set_loc(var, pos, None, self.reasons.current.get(var))

    def agree(self, loc: MLoc, v: Value) -> int:
        """In how many low bits `loc` holds `v` now."""
        return form_of(self.fn, self.forms, loc, v).low_bits()

    def quality(self, loc: MLoc) -> int:
        if loc.kind is LocKind.SLOT:
            return 0
        return 1 if loc in self.fn.saved_csrs else 2

    def from_sum(self, var: VarKey, v: Value) -> tuple[MLoc | EntryValueLoc, LocExpr, int] | None:
        """A location holding a value computed from `v` or `v` was computed from,
        the ops giving the variable back from it (derived.py: the link's, then the
        variable's own ops over `v` when the link is exact in the bits those read,
        compose.py) and the low bits that location must be right in; else the
        entry value of a register `v` was computed from (`x = a >> 3` after a's
        register was reused: a's entry value, shifted)."""
        own = self.ops.get(var, ())
        if own:  # the variable's own ops over `v`: composed after the link's
            bits = var_bits(var)
            reads = ops_reads(own, bits) if bits is not None and own != MEMORY_AT else None
            links = [link for link in self.derived.links(v)
                     if reads is not None and link.bits >= reads]
        else:
            links = [link for link in self.derived.links(v) if fits(var, link.bits)]
        for link in links:
            loc = self.best_holder(link.other, whole=True, agree=link.need)
            if loc is not None:
                return loc, link.ops + own, link.need
        for link in links:
            entry = self.entry_value(var, link.other)
            if isinstance(entry, EntryValueLoc):
                return entry, link.ops + own, link.need
        return None

    def needs(self, var: VarKey) -> int:
        """The low bits a location must hold of the variable's value for the
        variable to be read from it whole: a 32-bit copy (`movl %eax, %r8d`, a
        truncation the code wanted) holds only the low half of a 64-bit value,
        and gdb would show that half zero-extended as the variable (csmith seed
        1007: a struct parameter's `int64_t` member). 0 (no check) while no
        location holds a narrowed value."""
        if not self.forms:
            return 0
        bits = self.bits_of.get(var)
        if bits is None:
            bits = self.bits_of[var] = min(var_bits(var) or 0, 64)
        return bits

    def best_holder(self, v: Value, whole: bool = False, agree: int = 0) -> MLoc | None:
        """The best location holding `v`; `whole`: one an expression may read all
        of (not a narrow slot); `agree`: one right in that many low bits of `v`
        (a narrow move leaves zeros or stale bytes above its width, widths.py)."""
        assert self.walker is not None
        cands = self.walker.holders(v)
        if whole:
            cands = [loc for loc in cands if loc not in self.fn.narrow_slots]
        if agree and self.forms:  # a location not in `forms` holds all 64 bits
            forms = self.forms
            cands = [loc for loc in cands if loc not in forms or self.agree(loc, v) >= agree]
        if not cands:
            return None
        return min(cands, key=lambda loc: (self.quality(loc), self.mv.order[loc]))

    def set_loc(self, var: VarKey, pos: int, loc: VarLoc | None,
                why: NoLoc | None = None) -> None:
        old = self.where.get(var)
        if isinstance(old, MLoc):
            self.at[old].pop(var, None)
            self.entered.add(var)
        if isinstance(loc, MLoc):
            self.at.setdefault(loc, {})[var] = None
        self.where[var] = loc
        self.stirred[var] = None
        self.reasons.note(var, pos, loc, why)
        if isinstance(loc, EntryValueLoc) or loc is None and self.restless(var):
            self.roaming[var] = None
        else:
            self.roaming.pop(var, None)
        ops = self.ops.get(var, ())
        self.events.setdefault(var, []).append(
            (pos, ComputedLoc(loc, ops) if ops and loc is not None else loc))  # type: ignore[arg-type]

    def stir(self, loc: MLoc, values: Iterable[Value | None]) -> None:
        """`loc` changed its value or its width: the variables in it, and those
        whose value it held or holds now, may be placed elsewhere at the next entry."""
        stirred = self.stirred
        stirred.update(self.at.get(loc, ()))
        for v in values:
            if v is not None:
                stirred.update(self.by_value.get(v, ()))

    def settled(self, var: VarKey, v: VarValue) -> bool:
        """Placing `var` with value `v` now would leave everything as it is: `v` is
        its value already, its location holds it and is still the best holder, and
        nothing derived or pending hangs on it. A block entry skips such a variable
        (a big function's entries would re-place hundreds of them, each adding an
        event that only repeats the location it has), and asks only those `stirred`
        since the last entry: for the others the answer cannot have changed."""
        loc = self.where.get(var)
        if not isinstance(loc, MLoc) or self.value.get(var) != v \
                or var in self.undone or var in self.pending:
            return False
        ops: LocExpr = v.ops if isinstance(v, Computed) else ()
        base = v.base if isinstance(v, Computed) else v
        if not isinstance(base, tuple) or self.ops.get(var, ()) != ops:
            return False
        return self.best_holder(base, whole=bool(ops), agree=self.needs(var)) == loc

    def lost(self, var: VarKey, pos: int, v: VarValue, why: NoLoc | None = None) -> None:
        """The current location stopped holding the value: an entry value, else
        another location an `add` named, else none (for the reason `why`)."""
        loc: VarLoc | None = self.entry_value(var, v) if isinstance(v, tuple) else None
        if loc is None:
            for a in reversed(self.alts.get(var, {}).values()):
                if isinstance(a, tuple):
                    loc = self.best_holder(a, agree=self.needs(var))
                if loc is not None:
                    self.ops[var] = ()  # an added location holds the value itself
                    break
        if loc is None and isinstance(v, tuple) and var not in self.pending \
                and not self.ops.get(var):
            loc = known_location(self.fn, v, var)  # a constant, or read-only bytes
        self.set_loc(var, pos, loc, why)

    def place(self, var: VarKey, pos: int, block: int, index: int,
              why: NoLoc | None = None, entry: list[int] | None = None) -> None:
        """Locate the variable's current value (an assignment or a block entry);
        `why`: the reason when it has none; at a block entry, `entry` (the
        block's predecessors) gives it instead, worked out only when no location
        holds the value (most variables have one: a big function's walk places
        hundreds of variables at each join)."""
        v = self.value.get(var)
        self.pending.pop(var, None)
        self.ops[var] = ()
        self.undone.pop(var, None)
        if isinstance(v, Computed):
            self.ops[var] = v.ops
            v = v.base
        if v is None:
            if entry is not None:
                why = self.reasons.at_entry(var, entry, pos)
            self.lost(var, pos, None, why)
        elif isinstance(v, Const):
            self.set_loc(var, pos, ConstLoc(v.value, v.frame, v.symbol))
        else:
            loc = self.best_holder(v, whole=bool(self.ops[var]), agree=self.needs(var))
            if loc is not None:
                self.set_loc(var, pos, loc)
                return
            if entry is not None:
                why = self.reasons.at_entry(var, entry, pos)
            if v[0] == block and v[1] > index:
                self.pending[var] = v  # defined later in this block
                why = NOT_YET  # its assignment was sunk below this point
            elif not is_dead(why):
                why = dead(pos)  # the value exists but nothing holds it: it was not kept
            if (found := self.from_sum(var, v)) is not None:
                self.ops[var] = found[1]  # a location holds a value linked to it
                self.undone[var] = found[2]
                self.set_loc(var, pos, found[0], why)
            else:
                self.lost(var, pos, v, why)

    def entry_value(self, var: VarKey, v: Value) -> VarLoc | None:
        """A register's value on entry to the function: a parameter's, a salvaged
        variable computed from one (`int y = x + 5;` with `y` otherwise unused), a
        local copy of one, or an inlined instance's parameter or local bound to it
        (DW_OP_entry_value is taken in the frame of the function the code belongs
        to: gdb skips inline frames to find the call site; lldb-22 shows it
        unavailable inside an inlined frame, never a wrong value)."""
        if (v[0] == 0 and v[1] == 0
                and v[2].kind is LocKind.REG and v[2] not in self.fn.frame_regs):
            return EntryValueLoc(v[2])
        return None

    def note_holders(self, pos: int) -> None:
        if not self.multi:
            return
        for var, v in self.value.items():
            ops: LocExpr = ()
            if isinstance(v, Computed):
                ops = v.ops
                v = v.base
            vals = [v, *(a for a in self.alts.get(var, {}).values() if not ops)]
            assert self.walker is not None
            need = 0 if ops else self.needs(var)  # no narrowed copy of the whole value
            hs = frozenset(loc if not ops else ComputedLoc(loc, ops)
                           for x in vals
                           if x is not None and not isinstance(x, (Const, Computed))
                           for loc in self.walker.holders(x)
                           if not (ops and loc in self.fn.narrow_slots)
                           and (not need or loc not in self.forms or self.agree(loc, x) >= need))
            lst = self.holders.setdefault(var, [])
            if not lst or lst[-1][1] != hs:
                lst.append((pos, hs))


def compute_var_ranges(fn: MFunctionView, mode: LoclistMode = LoclistMode.SINGLE,
                       mv: MachineValues | None = None,
                       why: list[WhyRange] | None = None,
                       calls: CallSites | None = None,
                       during: dict[VarKey, dict[int, Moved]] | None = None
                       ) -> list[VarRange]:
    """`mv`: the machine values of `fn`, when the caller has solved them already;
    `why`, if given, receives the ranges without location that have a reason;
    `calls`, if given, is shown the walk (callsites.py: no walk of its own);
    `during`, if given, receives where each call moved the variables whose
    location it clobbered (`_Tracker.during`)."""
    mv = mv if mv is not None else solve_machine_values(fn)
    flow = solve_variable_values(fn, mv)
    variables = all_variables(fn)
    rank = {var: i for i, var in enumerate(variables)}
    multi = _multi_located(fn)
    same_whole: dict[VarWhole, list[VarKey]] = {}
    for var in variables:
        same_whole.setdefault(var.whole, []).append(var)
    t = _Tracker(fn, mv, multi=mode is LoclistMode.MULTI)
    t.reasons.track(variables)
    homes = HomeEntries(fn, mv.solver.reachable, multi)
    t.walker = StateWalker(mv, fn, reverse=True)
    at_entry = entry_forms(fn, mv)
    t.state = t.walker.state
    pos = -1  # after the last real instruction seen
    exits: dict[int, tuple[dict[VarKey, int], dict[VarKey, Alts]]] = {}
    live_in: dict[VarKey, VarValue] = {}  # the variables' values at this block's entry
    touched: dict[VarKey, None] = {}  # value set by a record in the block before
    last_succ = [-1] * len(fn.blocks)  # each block's last successor in layout order
    for b, ps in enumerate(mv.preds):
        for p in ps:
            last_succ[p] = max(last_succ[p], b)
    for b, blk in enumerate(fn.blocks):
        if b:
            live_in.update(flow.assigns[b - 1])
        live_in.update(flow.entry[b])
        new_values = t.walker.enter(b)
        for loc, old in t.walker.replaced:
            t.stir(loc, (old, t.state[loc]))
        _stir_forms(t, at_entry[b])
        t.forms = dict(at_entry[b])
        pending = list(t.pending)
        t.pending.clear()
        t.cur_key, t.alts = _inherited_sets(mv.preds[b], exits)
        t.entered = set()
        t.entry_pos = pos
        moved = [*flow.entry[b], *touched, *pending]
        # a variable outside a machine location may find one among its added ones
        # (without any, it is placed as any other variable)
        unplaced = [var for var, added in t.alts.items()
                    if added and not isinstance(t.where.get(var), MLoc)]
        changed = [*moved, *unplaced]
        if b and not t.reasons.walked(mv.preds[b]):
            changed += _unassigned_to_renote(t)
        entry_vars = _entry_vars(t, b, changed, new_values, rank) if b else variables
        t.stirred = {}
        touched = {}
        work.add("ldv.emit.entry_vars", len(entry_vars))
        placed = 0
        for var in entry_vars:
            if t.settled(var, live_in.get(var)):
                t.entered.add(var)
                continue
            placed += 1
            t.catch_up(var)
            t.set_value(var, live_in.get(var))
            t.entered.add(var)
            t.place(var, pos, b, 0, entry=mv.preds[b])
        work.add("ldv.emit.entry_placed", placed)
        for p in t.reasons.walked(mv.preds[b]):
            if p != b - 1 and last_succ[p] > b:  # a switch block: more cases to come
                t.reasons.rebase(p)
        t.note_holders(pos)
        if fn.homes:
            _restate_homes(t, *homes.at_entry(b, moved), pos, b, touched, same_whole, multi)
        for k, inst in enumerate(blk.insts, start=1):
            if isinstance(inst.debug, DebugValue):
                d = inst.debug
                t.wake(d.var)
                touched[d.var] = None
                if d.kind is not DbgKind.NEW:
                    _add_or_delete(t, d, pos, b, k)
                    t.note_holders(pos)
                    continue
                _assign(t, d, pos, b, k, same_whole, multi, touched)
                continue
            if inst.debug is not None:
                continue
            pos += 1
            if calls is not None:
                calls.see(inst, b, k, pos, t.walker, t.forms)
            t.reasons.read(inst, pos)  # first: an instruction reading what it overwrites
            _transfer(t, inst, b, k, pos)  # is the value's last read (dead after its line)
            t.note_holders(pos)
        t.reasons.block_exit(b)
        t.entry_positions.append(t.entry_pos)
        work.add("ldv.emit.insts", len(blk.insts))
        exits[b] = (t.cur_key, t.alts)  # (the next entry makes new ones: _inherited_sets)
    end = pos
    ranges = ranges_from_events(t.events, end)
    if why is not None:
        why += t.reasons.ranges(t.events, end)
    if mode is LoclistMode.MULTI:
        ranges += secondary_ranges(t.holders, ranges, end)
    if during is not None:
        during.update(t.during)
    return ranges


def _assign(t: _Tracker, d: DebugValue, pos: int, b: int, k: int,
            same_whole: dict[VarWhole, list[VarKey]],
            multi: dict[VarKey, None], touched: dict[VarKey, None]) -> None:
    """A `new` record (instruction k of block b, 0: a home restated at the entry)."""
    for other in same_whole.get(d.var.whole, ()):  # only these can overlap
        if other != d.var and other.overlaps(d.var):
            t.wake(other)
            touched[other] = None
            t.set_value(other, None)
            t.cur_key.pop(other, None)
            t.alts.pop(other, None)
            t.set_loc(other, pos, None, PIECE)
    if d.var in multi:
        t.cur_key[d.var] = d.token
        t.alts[d.var] = {}
    t.set_value(d.var, tagged(resolve_operand(d.operand, t.state, t.fn, t.mv, b, k), d.expr))
    t.place(d.var, pos, b, k, _new_reason(d, t.value[d.var]))
    if d.var.is_param and d.var not in t.reasons.assigned:
        _from_entry(t, d.var)
    if t.value[d.var] is not None:
        t.reasons.mark_assigned(d.var)
    t.note_holders(pos)


def _restate_homes(t: _Tracker, placed: list[HomeFact], renewed: list[HomeFact], pos: int,
                   b: int, touched: dict[VarKey, None],
                   same_whole: dict[VarWhole, list[VarKey]],
                   multi: dict[VarKey, None]) -> None:
    """The home records restated at block b's entry that can change something
    (`HomeEntries.at_entry`). One whose variable is where it would put it, with
    that value, changes nothing but its current `new` (which an `add` names)."""
    refresh = False
    for h in placed:
        d = h.record
        var = d.var
        v = tagged(resolve_operand(d.operand, t.state, t.fn, t.mv, b, 0), d.expr)
        if var in t.reasons.assigned and t.settled(var, v) \
                and len(same_whole.get(var.whole, ())) == 1:
            t.entered.add(var)
            if var in multi:
                refresh = _renew(t, d) or refresh
            continue
        work.add("ldv.homes.restated", 1)
        t.wake(var)
        touched[var] = None  # (a placed one stays put: the next entry need not look)
        _assign(t, d, pos, b, 0, same_whole, multi, touched)
    for h in renewed:
        refresh = _renew(t, h.record) or refresh
    if refresh:
        t.note_holders(pos)


def _renew(t: _Tracker, d: DebugValue) -> bool:
    """Make `d` its variable's current `new`, without added locations; whether it
    had some (the holders `multi` mode notes change)."""
    var = d.var
    alts = t.alts.get(var)
    t.cur_key[var] = d.token
    if alts is None or alts:  # (an empty one is kept: a home renewed at every entry)
        t.alts[var] = _NO_ALTS
    return bool(alts)


def _transfer(t: _Tracker, inst: MInstView, b: int, k: int, pos: int) -> None:
    assert t.walker is not None
    changed = t.walker.apply(inst, k)  # (location, value it held before)
    state, at, by_value, stirred = t.state, t.at, t.by_value, t.stirred
    for loc, old in changed:  # (Tracker.stir, inlined: once per location written)
        stirred.update(at.get(loc, ()))
        if old is not None:
            stirred.update(by_value.get(old, ()))
        stirred.update(by_value.get(state[loc], ()))
    if inst.derive is not None:
        note_derived(t.derived, inst, state, changed, t.agree)
    moved_to = inst.copy or inst.restore or inst.spill
    if moved_to is not None:  # a move may change a width and not the value
        dst = moved_to[0]
        before = t.forms.get(dst)
        step_forms(t.forms, inst, t.fn.caller_saved)
        if t.forms.get(dst) != before:
            t.stir(dst, (t.state.get(dst),))
    else:  # (a definition changes the value too)
        step_forms(t.forms, inst, t.fn.caller_saved)
    moved: set[VarKey] = set()
    pair = inst.spill or (inst.copy if inst.copy and inst.kills_src
                          and inst.copy[0] in t.fn.saved_csrs else None)
    if pair:  # a spill, or a copy into a saved register that kills its source
        dst, src = pair
        for var in list(t.at.get(src, ())):
            t.set_loc(var, pos, dst)
            moved.add(var)
    was_at: dict[VarKey, VarLoc | None] | None = {} if inst.call else None
    for loc, old in changed:
        held = at.get(loc)
        if not held:
            continue
        for var in list(held):
            if var in moved:
                continue
            if was_at is not None and var not in was_at:
                was_at[var] = t.events[var][-1][1]
            narrow = t.fn.narrow_slots if t.ops.get(var) else frozenset()
            # a holder of the whole variable (csmith seed 1235: `movl %eax, %r14d`
            # held the low half of a uint64_t when %rax was reused), or of the bits
            # a linked value's ops read
            need = max(t.undone.get(var, 0), t.needs(var))
            alternatives = [x for x in t.walker.holders(old) if x not in narrow
                            and (not need or t.agree(x, old) >= need)] if old is not None else []
            if alternatives:
                t.set_loc(var, pos, max(alternatives, key=lambda x: t.mv.order[x]))
                continue
            v = t.value.get(var)
            base = v.base if isinstance(v, Computed) else v
            why = t.reasons.clobbered(loc, _placed_at(t, var))
            if var in t.undone:  # `loc` held a value linked to the variable's: look again
                t.undone.pop(var, None)
                t.ops[var] = v.ops if isinstance(v, Computed) else ()
            if isinstance(base, tuple) and (found := t.from_sum(var, base)) is not None:
                t.ops[var] = found[1]  # a location holds a value linked to it
                t.undone[var] = found[2]
                t.set_loc(var, pos, found[0], why)
            else:
                t.lost(var, pos, base, why)
    if was_at:  # (before the call's own result is placed: that holds from R only)
        for var, was in was_at.items():
            t.during.setdefault(var, {})[pos] = (was, t.events[var][-1][1],
                                                 t.reasons.current.get(var))
    if not t.pending:
        return
    for var, v in list(t.pending.items()):
        if v[0] == b and v[1] == k:
            del t.pending[var]
            t.set_loc(var, pos, v[2])


def _add_or_delete(t: _Tracker, d: DebugValue, pos: int, b: int, k: int) -> None:
    """An `add` of the current `new` records another holder of its value (used
    at once if the variable has no location); a `delete` drops one."""
    var = d.var
    current = t.cur_key.get(var)
    if d.kind is DbgKind.ADD:
        if current is None or d.key != current or d.expr:
            return  # an add of an older value, or a computed one: not used
        v: VarValue = resolve_operand(d.operand, t.state, t.fn, t.mv, b, k)
        t.alts[var] = {**t.alts.get(var, {}), d.token: v}  # (shared: see _inherited_sets)
        if t.where.get(var) is None:
            t.lost(var, pos, None)
        return
    alts = t.alts.get(var, {})
    if d.key == current:  # the `new`'s own location stops holding the value
        v = t.value.get(var)
        t.set_value(var, None)
        old = t.where.get(var)
        base = v.base if isinstance(v, Computed) else v
        if old is None or not isinstance(old, MLoc) or t.state.get(old) == base:
            t.lost(var, pos, None, dead(pos))
        return
    gone = alts.get(d.key)
    if d.key in alts:  # (shared: see _inherited_sets)
        t.alts[var] = {tok: a for tok, a in alts.items() if tok != d.key}
    old = t.where.get(var)
    v = t.value.get(var)
    base = v.base if isinstance(v, Computed) else v
    if gone is not None and isinstance(old, MLoc) and t.state.get(old) == gone \
            and t.state.get(old) != base:
        t.lost(var, pos, base, dead(pos))


def _multi_located(fn: MFunctionView) -> dict[VarKey, None]:
    """The variables with `add` or `delete` records: their added locations are
    inherited at every block entry, so every entry places them."""
    return {inst.debug.var: None for blk in fn.blocks for inst in blk.insts
            if isinstance(inst.debug, DebugValue) and inst.debug.kind is not DbgKind.NEW}


def _entry_vars(t: _Tracker, b: int, changed: list[VarKey], new_values: Iterable[Value],
                rank: dict[VarKey, int]) -> list[VarKey]:
    """The variables whose placement at block `b`'s entry can differ from where the
    walk left them, in `all_variables` order; placing any other one gives the same
    location (a constant, or none) and the same reason, which adds nothing to the
    ranges. Those are: the ones `changed` (a new live-in value, a record in the
    block before, pending there, outside a machine location with added
    locations); the ones by an entry value or restless (`roaming`); the ones in
    a machine location that may not be `settled` any more (`stirred`: the others
    would stay where they are, and only the entry's `entered` and `_placed_at`
    need to know it looked); the ones whose value the entry puts somewhere
    or that is defined in the block (pending); and the ones whose reason changed
    after the exit of a predecessor other than the block before (at_entry)."""
    out = dict.fromkeys(changed)
    out.update(t.roaming)
    where = t.where
    for var in (*t.stirred, *t.undone):  # the others in a machine location are `settled`
        if isinstance(where.get(var), MLoc):
            out[var] = None
    for v in new_values:
        out.update(t.by_value.get(v, ()))
    out.update(t.by_block.get(b, ()))
    others = [p for p in t.reasons.walked(t.mv.preds[b]) if p != b - 1]
    out.update(dict.fromkeys(t.reasons.changed_since_any(others)))
    return sorted(out, key=rank.__getitem__)


def _stir_forms(t: _Tracker, entry: Forms) -> None:
    """The locations whose width at this entry differs from the walk's at the
    block before's exit (widths.py): their values' variables are rechecked."""
    before = t.forms
    if not before and not entry:
        return
    for loc in before.keys() | entry.keys():
        if before.get(loc) != entry.get(loc):
            t.stir(loc, (t.state.get(loc),))


def _unassigned_to_renote(t: _Tracker) -> list[VarKey]:
    """At a block none of whose predecessors was walked (a loop head reached by its
    back edges, a dispatch target), a variable keeps its current reason
    (ReasonLog.at_entry) except one not assigned yet, which takes the prologue's or
    "not yet": the block entry need place only those beside `_entry_vars`' ones,
    the ones `ReasonLog.unsettled` lists (not every variable not assigned yet)."""
    out = list(t.reasons.unsettled)
    work.add("ldv.emit.renote", len(out) + 1)
    return out


def _new_reason(d: DebugValue, value: VarValue) -> NoLoc | None:
    """Why an assignment leaves the variable without a location: the IR's reason, or
    (a value that resolved to nothing) its computation was removed in the back end."""
    if d.why is not None:
        return NoLoc(d.why)
    if d.operand is not None and value is None:
        return BACK_END_REMOVED
    return None


def _from_entry(t: _Tracker, var: VarKey) -> None:
    """A parameter's first record names the value its register had on entry, still
    there (the register was never written, or the machine state would hold another
    value): the location holds from the function's first address, not only from
    after the prologue instructions in front of the record. Likewise a stack-passed
    one's slot (incoming_args.py), from the first address to the record."""
    v = t.value.get(var)
    loc = t.where.get(var)
    evs = t.events.get(var, [])
    if not (isinstance(v, tuple) and v[0] == 0 and v[1] == 0 and isinstance(loc, MLoc)
            and all(x is None for _, x in evs[:-1])):
        return
    if v[2] is loc and loc.kind is LocKind.REG:
        t.events[var] = [(-1, loc)]
        t.reasons.at.pop(var, None)
    elif v[2].kind is LocKind.SLOT and v[2].num >= 0 and not t.ops.get(var):
        # a stack-passed argument loaded into `loc`: its slot, in the caller's frame
        # (at or above the CFA), held it from the start; an object of this frame
        # (below the CFA) holds nothing before the function writes it
        t.events[var] = [(-1, v[2]), evs[-1]]
        t.reasons.at.pop(var, None)


def _placed_at(t: _Tracker, var: VarKey) -> int:
    """The position after which the variable was put where it is now: its last
    event, or this block's entry, which found it there (`settled`) or placed it."""
    evs = t.events.get(var)
    return max(evs[-1][0] if evs else -1, t.entry_pos)


def _inherited_sets(preds: list[int], exits: dict[int, tuple[dict[VarKey, int], dict[VarKey, Alts]]]
                    ) -> tuple[dict[VarKey, int], dict[VarKey, Alts]]:
    """The current `new` and its added locations at a block entry: those all
    predecessors agree on, when every predecessor has been walked already.

    A block's exit sets are the walk's own dicts, kept as they were (the next
    entry makes new ones); the added-location dicts of a variable are shared
    between blocks and never written: a record that changes them replaces its
    variable's (`_add_or_delete`). So one predecessor's sets are a copy of its
    outer dicts, and a join rebuilds only what its predecessors disagree on,
    not every variable's dicts at every block."""
    if not preds or any(p not in exits for p in preds):
        return {}, {}
    work.add("ldv.emit.inherited", len(preds))
    keys, alts0 = exits[preds[0]]
    rest = [exits[p] for p in preds[1:]]
    # (comparing two dicts whole is a C loop: the keys are the same objects)
    if all(k == keys and a == alts0 for k, a in rest):
        return dict(keys), dict(alts0)
    for other, _ in rest:
        if other != keys:
            keys = {v: tok for v, tok in keys.items() if other.get(v) == tok}
    work.add("ldv.emit.inherited_vars", len(keys) * len(preds))
    alts: dict[VarKey, Alts] = {}
    for var in keys:
        common = alts0.get(var, _NO_ALTS)
        for _, other_alts in rest:
            theirs = other_alts.get(var, _NO_ALTS)
            if theirs is not common:
                common = {tok: v for tok, v in common.items() if theirs.get(tok) == v}
        alts[var] = common
    return dict(keys), alts


_NO_ALTS: Alts = {}  # (never written: see _inherited_sets)
