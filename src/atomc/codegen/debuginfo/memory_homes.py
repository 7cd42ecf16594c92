"""Where a stack-homed variable's memory starts to hold its value, in optimised code.

A memory home (a `new` record on an alloca's address with a dereference) is
emitted where the alloca is, usually the function entry. Taken literally the
stack bytes would describe the variable from there on, but until the program
first writes them they hold whatever an earlier frame left: a debugger would
show stale bytes that -O0 never shows after the declaration. So the home is
made positional, like a value record: it starts after the first write to the
object that follows the record (a store into it, or, once its address has
been taken, the first call or store through a pointer), extended over the
rest of that statement's stores into it in the same block (an initialiser
expanded into several stores, or an unrolled initialising loop, is one step
at -O0). From there it holds in every block reachable from that point, which
is what "written at least once" means: a variable first written inside a loop
keeps its home at the loop head and after the loop.

Only variables whose every `new` record is this one memory home are moved; a
variable that also has value records keeps its records where they are. The
`add`s and `delete`s tied to a moved home stay put: LiveDebugValues ignores an
`add` whose `new` has not started, and the first write starts the home no later
than the store an `add` follows.
Objects the caller owns (incoming stack arguments) hold their value from entry.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from ...ir import work
from ...ir.dbgrecords import DbgKind
from ...ir.debuginfo import DILocation
from ..mir import META_OPCODES, DbgMeta, Mem, MFunction, MInst, PReg, SlotKind, StackSlot
from ..target import OpcodeInfo, current, desc


@dataclass(frozen=True, slots=True)
class HomeStart:
    """The home holds the value after MIR instruction `index` of `block`, and
    from the entry of every block in `restate` (those reachable from there)."""

    block: int
    index: int
    restate: tuple[int, ...]


Where = tuple[int, int]  # (block, index in the block's MIR list)


def _key(meta: DbgMeta) -> tuple[int, int, object]:
    frag = meta.expr.fragment
    return (id(meta.var), id(meta.inlined_at) if meta.inlined_at is not None else 0, frag)


def _home_slot(mf: MFunction, mi: MInst) -> int | None:
    """The alloca slot index a memory-home record names, else None."""
    meta = mi.meta
    if mi.opcode != "DBG_VALUE" or not isinstance(meta, DbgMeta) or meta.kind is not DbgKind.NEW \
            or not mi.operands or not isinstance(mi.operands[0], StackSlot):
        return None
    idx = mi.operands[0].index
    s = mf.slots[idx]
    if s.kind is not SlotKind.ALLOCA or s.cfa_offset is None:
        return None
    return idx


def place_memory_homes(mf: MFunction, succ: dict[int, list[int]]) -> dict[Where, HomeStart | None]:
    """For each memory-home record to move: where its home starts (None: the
    object is never written after the record, so it has no location)."""
    records: dict[tuple[int, int, object], list[Where]] = {}
    homes: dict[Where, int] = {}
    for bi, b in enumerate(mf.blocks):
        for ii, mi in enumerate(b.insts):
            if mi.opcode in ("DBG_VALUE", "DBG_INSTR_REF") and isinstance(mi.meta, DbgMeta) \
                    and mi.meta.kind is DbgKind.NEW:  # adds/deletes tied to the home follow it
                records.setdefault(_key(mi.meta), []).append((bi, ii))
                s = _home_slot(mf, mi)
                if s is not None:
                    homes[(bi, ii)] = s
    out: dict[Where, HomeStart | None] = {}
    base = current().frame_base_register(mf)
    index: _WriteIndex | None = None  # built for the first home to place
    for where in records.values():
        slots = {homes.get(w) for w in where}
        if len(slots) != 1 or None in slots:
            continue  # also described by value records (or by two homes): left alone
        first = min(where)
        (s,) = slots
        assert s is not None
        lo = mf.slots[s].cfa_offset + mf.frame_base_offset  # type: ignore[operator]
        span = (lo, lo + mf.slots[s].size)
        if index is None:
            index = _WriteIndex.build(mf, base)
        start = _first_write(mf, index, first, base, span)
        if start is None:
            for w in where:
                out[w] = None
            continue
        restate = _reachable(succ, start[0])
        for w in where:
            out[w] = None
        out[first] = HomeStart(start[0], start[1], restate)
    return out


def _in_span(op: object, base: str, span: tuple[int, int]) -> bool:
    return isinstance(op, Mem) and isinstance(op.base, PReg) and op.base.name == base \
        and op.symbol is None and span[0] <= op.disp < span[1]


def _writes_indirectly(d: OpcodeInfo) -> bool:
    """May write memory no operand names (a call, a string copy or fill, inline asm)?"""
    return d.is_call or d.string_op or d.is_inline_asm


@dataclass(frozen=True, slots=True)
class _WriteIndex:
    """Where the function's real instructions write frame bytes, found in one walk
    over it, so that each home's first write is looked up rather than walked to
    (a walk per home scans the code between record and write again for every
    home: homes x instructions). Positions are (block, index), in layout order."""

    offsets: list[int]                 # the distinct frame offsets below, sorted
    direct: dict[int, list[Where]]     # offset -> the stores into it
    taken: dict[int, list[Where]]      # offset -> where its address is computed
    indirect: list[Where]              # may write memory through a pointer

    @staticmethod
    def build(mf: MFunction, base: str) -> _WriteIndex:
        direct: dict[int, list[Where]] = {}
        taken: dict[int, list[Where]] = {}
        indirect: list[Where] = []
        walked = 0
        for bi, b in enumerate(mf.blocks):
            for ii, mi in enumerate(b.insts):
                if mi.opcode in META_OPCODES:
                    continue
                walked += 1
                d = desc(mi.opcode)
                through = _writes_indirectly(d)
                for k, op in enumerate(mi.operands):
                    if not isinstance(op, Mem):
                        continue
                    role = d.roles[k] if k < len(d.roles) else "u"
                    if isinstance(op.base, PReg) and op.base.name == base:
                        if op.symbol is None:  # the frame's bytes: a home's if in its span
                            if d.is_address:
                                taken.setdefault(op.disp, []).append((bi, ii))
                            elif "d" in role:
                                direct.setdefault(op.disp, []).append((bi, ii))
                    elif "d" in role and not d.is_address:
                        through = True
                if through:
                    indirect.append((bi, ii))
        work.add("ldv.homes.scanned", walked)
        return _WriteIndex(sorted({*direct, *taken}), direct, taken, indirect)

    def first_write(self, after: Where, span: tuple[int, int]) -> tuple[Where, bool] | None:
        """The first write to the object in `span` after `after`: a store into it
        (True), or, once its address has been taken, the first instruction after
        that which may write through a pointer (False)."""
        lo = bisect_left(self.offsets, span[0])
        hi = bisect_left(self.offsets, span[1])
        offsets = self.offsets[lo:hi]
        first_direct = _first_after(self.direct, offsets, after)
        first_taken = _first_after(self.taken, offsets, after)
        work.add("ldv.homes.scanned", hi - lo + 1)
        through: Where | None = None
        if first_taken is not None:  # an instruction taking the address writes after it
            k = bisect_right(self.indirect, first_taken)
            through = self.indirect[k] if k < len(self.indirect) else None
        if first_direct is not None and (through is None or first_direct <= through):
            return first_direct, True
        return (through, False) if through is not None else None


def _first_after(table: dict[int, list[Where]], offsets: list[int], after: Where
                 ) -> Where | None:
    """The first position after `after` listed in `table` under any of `offsets`."""
    best: Where | None = None
    for off in offsets:
        at = table.get(off)
        if at:
            k = bisect_right(at, after)
            if k < len(at) and (best is None or at[k] < best):
                best = at[k]
    return best


def _writes(mi: MInst, base: str, span: tuple[int, int]) -> bool:
    """Writes the object in `span` directly (a store into it)?"""
    d = desc(mi.opcode)
    for k, op in enumerate(mi.operands):
        role = d.roles[k] if k < len(d.roles) else "u"
        if isinstance(op, Mem) and _in_span(op, base, span) and not d.is_address \
                and "d" in role:
            return True
    return False


def _first_write(mf: MFunction, index: _WriteIndex, after: Where, base: str,
                 span: tuple[int, int]) -> Where | None:
    found = index.first_write(after, span)
    if found is None:
        return None
    (bi, ii), direct = found
    return (bi, _run_end(mf.blocks[bi].insts, ii, base, span)) if direct else (bi, ii)


def _same_statement(a: DILocation | None, b: DILocation | None) -> bool:
    return a is not None and b is not None and a.line == b.line and a.scope is b.scope \
        and a.inlined_at == b.inlined_at


def _run_end(insts: list[MInst], first: int, base: str, span: tuple[int, int]) -> int:
    """The last store into the object, in this block, of the statement that
    stores first (no write from elsewhere, and no call, in between)."""
    end = first
    loc = insts[first].loc
    for ii in range(first + 1, len(insts)):
        mi = insts[ii]
        if mi.opcode in META_OPCODES:
            continue
        if _writes_indirectly(desc(mi.opcode)):
            break
        if _writes(mi, base, span):
            if not _same_statement(loc, mi.loc):
                break
            end = ii
    return end


def _reachable(succ: dict[int, list[int]], block: int) -> tuple[int, ...]:
    seen: set[int] = set()
    work = list(succ[block])
    while work:
        b = work.pop()
        if b not in seen:
            seen.add(b)
            work.extend(succ[b])
    return tuple(sorted(seen))
