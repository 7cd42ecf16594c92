"""Pre-register-allocation list scheduler, one basic block at a time.

Builds the dependence graph of a block (virtual and physical registers, the
flags register, memory, calls and terminators) and issues instructions
greedily by critical-path length under a small latency model, so independent
work of neighbouring statements interleaves as in gcc and clang output.

Dependences: register true, anti and output dependences (virtual registers,
physical registers including implicit ones, the x87 register stack); EFLAGS (every arithmetic or
compare instruction writes it, conditional jumps, setcc and cmov read it);
memory (loads may pass loads; stores, calls and anything else that writes
memory stay ordered with every memory access); calls are region boundaries
(nothing moves across one, as in LLVM, where call sequences adjust %rsp);
branches stay in place and nothing is hoisted above one. In a loop, a
register copy `mov %s, %d` stays after the reads of `%s` that precede it
(`_copy_source`): hoisted above the last one, `%s` and `%d` would be live at
once and the coalescer could not merge them, so the copy would stay (in a
loop's latch, two copies and a jump-only block on every iteration). Outside
loops the copy may still go up: it runs once, and keeping `%s` alive keeps a
variable it holds available to a debugger (a parameter overwritten by the
merged register's next value would show as optimized out). Likewise, in a loop,
an instruction whose result a copy elsewhere in the loop moves into `%p` (the
next value of a loop-carried register, copied on the back edge) stays after the
reads of `%p` that precede it (`loop_copies`): hoisted above them (a pointer's
`lea 1(%p)` above the store through `%p`), the next and the current value would
be live at once and the back edge would keep its copy. The code a block
ends with to enter an inlined call's loop (the callee's preheader, falling
through into a loop header the callee's code branches back to) stays after
the caller's code (`inlined_entry_tails`): a debugger takes the header for a
fresh entry into the call when the code before it is the caller's.

Debug info: instructions keep their locations and debug instruction numbers
(the line table then shows the interleaving; Key Instructions decides which
rows are statements). Debug meta instructions never influence the schedule;
they are put back after the last instruction a debugger may stop at that
preceded them in the original order (see `schedule_block`), and a reference
that now precedes its definition is a use-before-def for LiveDebugValues.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from typing import ClassVar, cast

from ...ir import work
from ...ir.cfgstate import checking
from ..debuginfo.currency import MovedStore, note_moved_stores
from ..debuginfo.hoisted_lines import settle_hoisted_lines
from ..debuginfo.inline_entries import inlined_entry_tails
from ..debuginfo.records_ahead import RecordsAhead, note_records_ahead, suffix_minima
from ..mir import META_OPCODES, DbgMeta, Imm, MBlock, Mem, MFunction, MIFlag, MInst, VReg
from ..mir.passes import MDI, MachineContext, MachinePass
from ..mir.registers import operand_regs
from ..regalloc.coalesce import loop_depths
from ..target import current, desc

_FLAGS = "flags"  # the condition flags, as a resource of `_regs`
_LOAD_LATENCY = 4
_CALL_LATENCY = 5


def _latency(mi: MInst) -> int:
    d = desc(mi.opcode)
    if d.latency > 1:  # division, multiplication
        return d.latency
    if any(isinstance(o, Mem) for o in mi.operands) and not d.is_address:
        return _LOAD_LATENCY
    if d.is_call:
        return _CALL_LATENCY
    return 1


def _regs(mi: MInst) -> tuple[set[object], set[object], bool, bool]:
    """(reads, writes, reads memory, writes memory); registers as their ids (ints,
    no tuple to build) for virtual registers and names (strings) for physical
    ones, plus the flags (`_FLAGS`) and the x87 stack."""
    uses, defs, puses, pdefs = operand_regs(mi)
    # `operand_regs` returns fresh sets: they become the results
    reads = cast("set[object]", puses)  # sets are invariant; nothing reads it as str
    reads.update([u.id for u in uses])
    writes = cast("set[object]", pdefs)
    writes.update([d.id for d in defs])
    d = desc(mi.opcode)
    mem_read = mem_write = False
    if not d.is_address:
        roles = d.roles
        for k, op in enumerate(mi.operands):
            if type(op) is Mem:  # a final class
                role = roles[k] if k < len(roles) else "u"
                mem_read |= "u" in role
                mem_write |= "d" in role
    if d.is_call or d.is_inline_asm or d.string_op or d.stack_op:
        mem_read = mem_write = True
    # dynamic allocation / stack restore: memory lifetimes change here
    if current().registers.stack_pointer in writes:
        mem_read = mem_write = True
    # volatile loads keep their order among themselves (most instructions have no flag:
    # the truth test spares IntFlag's `&`, a Python-level call)
    if mi.flags and mi.flags & MIFlag.VOLATILE:
        mem_read = mem_write = True
    if d.x87:  # the x87 register stack is an implicit operand of every x87 instruction
        reads.add("x87")
        writes.add("x87")
    if d.writes_flags or d.is_call:  # the callee does not preserve the flags
        writes.add(_FLAGS)
    if d.reads_flags:
        reads.add(_FLAGS)
    return reads, writes, mem_read, mem_write


def _may_stop(mi: MInst) -> bool:
    """Could a debugger stop here as the start of a statement? In a Key
    Instructions function only members of source atoms and calls can be
    is_stmt; elsewhere any instruction with a line can."""
    loc = mi.loc
    if loc is None or loc.line == 0:
        return False
    if loc.subprogram.key_instructions:
        return loc.atom_group != 0 or desc(mi.opcode).is_call
    return True


def schedule_block(b: MBlock, moved: list[MovedStore] | None = None,
                   tail: int | None = None, in_loop: bool = False,
                   ahead: list[RecordsAhead] | None = None,
                   copied_into: dict[int, list[int]] | None = None) -> None:
    """Schedule the real instructions (exactly as without -g), then put each run
    of debug meta instructions back after the last possible stop that preceded
    it in the original order: a variable takes its new value at the same
    statement boundary as in the source, and the pieces of an aggregate change
    together. Up to the next place a statement row may start, the run then
    follows the instruction it followed before (as LLVM's schedulers keep a
    DBG_VALUE behind its predecessor) when it replaces a value placed above,
    because debuggers also stop between rows (lldb at every row, gdb at the top
    of an inlined call): in a loop unrolled into one statement, each copy's
    counter value stays with its copy's code instead of all of them landing at
    the top (`k` showed its last value over the whole unrolled `for`). It never
    passes a read of a value it names, which may be the value's last use.
    `moved` receives the stores into frame objects moved across other statements
    (their variables' values are then not current there: debuginfo/currency.py).
    `ahead` receives the runs placed above instructions that preceded them (their
    values begin after those: debuginfo/records_ahead.py).
    `tail`: the position among the real instructions from which they issue after
    all the others (an inlined loop's entry code). `in_loop`: the block is inside
    a loop, where register copies stay after their sources' reads, and so do
    the definitions of the registers `copied_into` maps (`loop_copies`) after
    the reads of the registers they are copied into."""
    lead = 0
    while lead < len(b.insts) and b.insts[lead].opcode in META_OPCODES:
        lead += 1  # DBG_PHIs on entry stay at the top
    head = b.insts[:lead]
    real: list[MInst] = []
    runs: list[tuple[int, list[MInst]]] = []  # (real instructions before the run, run)
    for mi in b.insts[lead:]:
        if mi.opcode not in META_OPCODES:
            real.append(mi)
        elif runs and runs[-1][0] == len(real):
            runs[-1][1].append(mi)
        else:
            runs.append((len(real), [mi]))
    n = len(real)
    if n < 3:
        return
    into = copied_into if in_loop else None
    order = _list_schedule(real, tail, in_loop, into)
    if checking() and order != _list_schedule_dense(real, tail, in_loop, into):
        raise AssertionError("the heap scheduler differs from the dense one")
    if moved is not None:
        note_moved_stores(real, order, moved)
    settle_hoisted_lines(real, order, _may_stop)
    new_pos = {orig: k for k, orig in enumerate(order)}
    stops_before = [-1] * (n + 1)  # latest new position of a possible stop among real[:i]
    for i in range(n):
        latest = stops_before[i]
        if _may_stop(real[i]):
            latest = max(latest, new_pos[i])
        stops_before[i + 1] = latest
    block = [real[k] for k in order]
    rows = _possible_rows(block)
    defined = {mi.instr_num: mi for mi in real if mi.instr_num}
    placed: dict[int, list[MInst]] = {}
    floor = -1
    seen: set[tuple[object, object]] = set()  # variables with a record placed above
    suffix_min = suffix_minima(order) if ahead is not None and runs else []
    for before, run in runs:
        low = max(stops_before[before], floor)
        named = {(mi.meta.var, mi.meta.inlined_at) for mi in run if isinstance(mi.meta, DbgMeta)}
        # only a value that replaces one placed above needs to wait for its code;
        # a first value is no less right earlier
        behind = new_pos[before - 1] if before and named & seen else -1
        seen |= named
        # never past the next place a statement row may start (every stop sees
        # the same records as before, only the addresses between stops gain),
        # nor past a read of a value the run names (it may be the last one)
        next_row = rows[bisect_right(rows, low)] if low < rows[-1] else n
        at = min(behind, next_row - 1)
        at = low if at <= low else min(at, _first_read(block, low, at, run, defined) - 1)
        placed.setdefault(at, []).extend(run)
        floor = at
        if ahead is not None:
            note_records_ahead(block, order, suffix_min, at, before, run, ahead)
    out = head + placed.get(-1, [])
    for k, orig in enumerate(order):
        out.append(real[orig])
        out.extend(placed.get(k, []))
    b.insts = out


def _possible_rows(block: list[MInst]) -> list[int]:
    """Positions in the scheduled `block` where an is_stmt row may start (sorted,
    ending with len(block)): the block's first instruction (a block entered from
    another line gets one), every possible stop, and the first instruction of the
    same-line run before it (across copies), where Key Instructions floats the
    stop up to."""
    rows = {0, len(block)}
    for k, mi in enumerate(block):
        if not _may_stop(mi):
            continue
        rows.add(k)
        line = mi.loc.line if mi.loc is not None else 0
        j = k
        while j > 0 and not desc(block[j - 1].opcode).is_call and (
                _may_vanish(block[j - 1])
                or ((prev := block[j - 1].loc) is not None and prev.line == line)):
            j -= 1
        rows.add(j)
    return sorted(rows)


def _first_read(block: list[MInst], low: int, high: int, run: list[MInst],
                defined: dict[int, MInst]) -> int:
    """The first position in (low, high] of the scheduled `block` that reads a
    virtual register whose value a record of `run` names, else high + 1 (`low + 1`
    when a record names a value from another block, whose last use is unknown)."""
    names: set[int] = set()
    for mi in run:
        if mi.opcode == "DBG_INSTR_REF":
            num = mi.operands[0]
            d = defined.get(num.value) if isinstance(num, Imm) else None
            if d is None:
                return low + 1
            names.update(v.id for v in operand_regs(d)[1])
        elif mi.opcode == "DBG_VALUE":
            for o in mi.operands:
                parts = (o.base, o.index) if isinstance(o, Mem) else (o,)
                names.update(r.id for r in parts if isinstance(r, VReg))
    for k in range(low + 1, high + 1 if names else low + 1):
        if any(u.id in names for u in operand_regs(block[k])[0]):
            return k
    return high + 1


def _copy_source(mi: MInst) -> VReg | None:
    """The source of a virtual-to-virtual register copy, else None."""
    ops = mi.operands
    if desc(mi.opcode).is_move and len(ops) == 2 and isinstance(ops[0], VReg) \
            and isinstance(ops[1], VReg):
        return ops[0]
    return None


def _may_vanish(mi: MInst) -> bool:
    """A register copy, which coalescing may delete: the run of a line can then
    reach across it."""
    return desc(mi.opcode).is_move and not any(isinstance(o, Mem) for o in mi.operands)


def _branch_compare(real: list[MInst]) -> int:
    """The compare whose flags the block's conditional branch tests (an instruction
    that writes the flags and nothing else), when nothing between them reads the
    flags; else -1."""
    k = len(real) - 1
    while k >= 0 and desc(real[k].opcode).is_branch and not desc(real[k].opcode).reads_flags:
        k -= 1  # the trailing unconditional jump
    if k < 0 or not (desc(real[k].opcode).is_branch and desc(real[k].opcode).reads_flags):
        return -1
    for j in range(k - 1, -1, -1):
        d = desc(real[j].opcode)
        if d.reads_flags or d.is_call or d.is_branch:
            return -1
        if d.writes_flags:
            _reads, writes, _mr, mw = _regs(real[j])
            return j if writes == {_FLAGS} and not mw else -1
    return -1


def _loop_copy_edges(mi: MInst, i: int, writes: set[object],
                     copied_into: dict[int, list[int]] | None,
                     reads_since: dict[object, list[int]]) -> list[int]:
    """In a loop, what instruction `i` (`mi`) waits for so that copies coalesce: a
    copy, the earlier reads of its source; any instruction, the earlier reads of
    the registers a loop's copies move what it writes into (`loop_copies`)."""
    src = _copy_source(mi)
    out: list[int] = list(reads_since.get(src.id, ())) if src is not None else []
    if copied_into:
        for r in writes:
            if isinstance(r, int):
                for p in copied_into.get(r, ()):
                    out += [j for j in reads_since.get(p, ()) if j != i]
    return out


class _Graph:
    """A block's dependence graph. `preds` holds the explicit edges; three kinds
    stay implicit, each a count and a running maximum instead of an edge per
    pair (a block of n instructions would hold up to n^2/4 of them):

    * a barrier (call, branch, terminator, inline asm) depends on every
      instruction before it;
    * the branch's compare (`compare`) depends on every other instruction that is
      not a barrier, before and after it;
    * from `tail` on, each instruction that is not a barrier depends on every
      one before `tail` that is not a barrier.

    An implicit edge is as good as an explicit one: the instruction waits until
    all of the set have issued and for the latest cycle any of them makes it
    wait for, and the set's heights count in the priorities."""

    __slots__ = ("barrier", "compare", "preds", "tail")

    def __init__(self, preds: list[set[int]], barrier: list[bool], cmp: int,
                 tail: int | None) -> None:
        self.preds = preds
        self.barrier = barrier
        self.compare = cmp  # -1: none
        self.tail = tail

    def gated(self, i: int) -> bool:
        """Does instruction i wait for the whole pre-`tail` set (and not only
        through the compare's own, larger set)?"""
        return (self.tail is not None and i >= self.tail and i != self.compare
                and not self.barrier[i])

    def dense(self) -> list[set[int]]:
        """Every edge explicit: barriers', the compare's and the tail's too."""
        n = len(self.preds)
        out = [set(p) for p in self.preds]
        nb = [j for j in range(n) if not self.barrier[j]]
        if self.compare >= 0:
            out[self.compare].update(j for j in nb if j != self.compare)
        if self.tail is not None:
            head = [j for j in nb if j < self.tail]
            for i in range(self.tail, n):
                if self.gated(i):
                    out[i].update(head)
        for i in range(n):
            if self.barrier[i]:
                out[i].update(range(i))
        return out


def _dependences(real: list[MInst], tail: int | None = None,
                 in_loop: bool = False,
                 copied_into: dict[int, list[int]] | None = None) -> _Graph:
    """The block's dependence graph (`_Graph`): calls, branches, terminators and
    inline asm are barriers; the branch's compare and the instructions from `tail`
    on (not branches) depend on every one before them; `in_loop`: register copies
    depend on the earlier reads of their sources; `copied_into`: the definition of
    a register that a loop's copy moves into another depends on the earlier reads
    of that one. Explicit edges that an implicit set covers are left out."""
    n = len(real)
    preds: list[set[int]] = [set() for _ in range(n)]
    barrier = [False] * n
    last_write: dict[object, int] = {}
    reads_since: dict[object, list[int]] = {}
    last_mem_write = -1
    mem_reads: list[int] = []
    last_call = -1
    last_branch = -1
    for i, mi in enumerate(real):
        reads, writes, mr, mw = _regs(mi)
        d = desc(mi.opcode)
        for r in reads:
            if r in last_write:
                preds[i].add(last_write[r])
        for r in writes:
            if r in last_write:
                preds[i].add(last_write[r])
            for j in reads_since.get(r, []):
                if j != i:
                    preds[i].add(j)
        if mr or mw:
            if last_mem_write >= 0:
                preds[i].add(last_mem_write)
            if mw:
                preds[i].update(mem_reads)
        if last_call >= 0:
            preds[i].add(last_call)  # calls bound scheduling regions, as in LLVM
        if d.is_call or d.is_branch or d.is_terminator or d.is_inline_asm:
            barrier[i] = True  # nothing moves across a call or asm; branches stay put
        if last_branch >= 0:
            preds[i].add(last_branch)  # nothing is hoisted above a branch (speculation)
        if in_loop:  # keeps copies coalescable: see the module docstring
            preds[i].update(_loop_copy_edges(mi, i, writes, copied_into, reads_since))
        if d.is_call or d.is_inline_asm:
            last_call = i
        if d.is_branch:
            last_branch = i
        for r in reads:
            reads_since.setdefault(r, []).append(i)
        for r in writes:
            last_write[r] = i
            reads_since[r] = []
        if mw:
            last_mem_write = i
            mem_reads = []
        elif mr:
            mem_reads.append(i)
    # The branch's compare issues last, right before it, as gcc and clang emit it: x86
    # fuses an adjacent compare and jump into one micro-op, and a loop's exit test
    # stays after the body's stores, so a debugger stopping at the test sees the
    # iteration's memory complete.
    g = _Graph(preds, barrier, _branch_compare(real), tail)
    if g.compare >= 0:
        preds[g.compare] = {j for j in preds[g.compare] if barrier[j]}
    if tail is not None:
        for i in range(tail, n):
            if g.gated(i):
                preds[i] = {j for j in preds[i] if j >= tail or barrier[j]}
    return g


def _heights(g: _Graph, succs: list[list[int]], lat: list[int], is_gated: list[bool]
             ) -> list[int]:
    """Each instruction's priority: the longest latency-weighted path to the end of
    the block. An implicit edge leads to the next barrier (whose height exceeds
    every later barrier's), from a non-barrier before the compare to the compare
    (one after it reaches the compare before its height is known, as in the dense
    graph) and from one before the tail to every gated one."""
    n = len(lat)
    barrier, cmp, tail = g.barrier, g.compare, g.tail
    height = [0] * n
    next_barrier = -1
    tail_height = 0  # the highest gated instruction so far
    for i in reversed(range(n)):
        h = max((height[s] for s in succs[i]), default=0)
        if next_barrier >= 0:
            h = max(h, height[next_barrier])
        if not barrier[i]:
            if i < cmp:
                h = max(h, height[cmp])
            if tail is not None and i < tail:
                h = max(h, tail_height)
        height[i] = lat[i] + h
        if barrier[i]:
            next_barrier = i
        elif is_gated[i]:
            tail_height = max(tail_height, height[i])
    return height


class _Gates:
    """The implicit dependences of the branch's compare and of the gated tail
    instructions on whole sets (`_Graph`): how many of each set have issued and the
    latest cycle one of them makes its dependents wait for."""

    __slots__ = ("compare_at", "gated", "head", "head_count", "head_latest", "is_gated",
                 "tail")

    def __init__(self, g: _Graph, remaining: list[int]) -> None:
        n = len(g.barrier)
        self.tail = g.tail if g.tail is not None else -1
        self.gated = [i for i in range(n) if g.gated(i)] if g.tail is not None else []
        self.is_gated = [False] * n
        for i in self.gated:
            self.is_gated[i] = True
        # the non-barriers before the tail
        self.head = sum(1 for j in range(self.tail) if not g.barrier[j]) if self.gated else 0
        self.head_count = self.head_latest = 0
        if self.head:
            for i in self.gated:
                remaining[i] += 1  # the gate of the non-barriers before the tail
        # The compare's gate opens when every other non-barrier has issued. Then so
        # have the barriers before it (it depends on the last call and branch, which
        # issue after the ones before them) and none after it (they wait for it):
        # that is when this many instructions have issued; -1: no gate.
        self.compare_at = -1
        if g.compare >= 0:
            before = sum(g.barrier[:g.compare])
            others = n - sum(g.barrier) - 1
            if others:
                remaining[g.compare] += 1
                self.compare_at = others + before

    def head_issued(self, pick: int, done: int) -> list[int]:
        """A non-barrier before the tail issued, its result ready at cycle `done`:
        the gated instructions, when that was the last of them."""
        self.head_count += 1
        self.head_latest = max(self.head_latest, done)
        return self.gated if self.head_count == self.head else []


def _list_schedule(real: list[MInst], tail: int | None = None,
                   in_loop: bool = False,
                   copied_into: dict[int, list[int]] | None = None) -> list[int]:
    """Issue order of the block's real instructions (indices into `real`).

    The edges of an instruction that depends on a whole set (`_Graph`) are kept
    implicit: a barrier becomes ready when everything before it has issued
    (nothing after it can issue first: later instructions depend on it), the
    branch's compare when every other non-barrier has, a tail instruction when
    every non-barrier before the tail has; each at the latest cycle one of its
    set makes it wait for (`_Gates`). Ready instructions sit in heaps by
    readiness cycle and priority, so each issue costs a logarithm, not a scan."""
    n = len(real)
    g = _dependences(real, tail, in_loop, copied_into)
    preds, barrier = g.preds, g.barrier
    succs: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        if barrier[i]:
            continue  # its predecessors are all of 0..i-1, implicitly
        for p in preds[i]:
            succs[p].append(i)
    barriers = [i for i in range(n) if barrier[i]]
    if any(b != n - 1 and not (desc(real[b].opcode).is_call or desc(real[b].opcode).is_branch
                               or desc(real[b].opcode).is_inline_asm) for b in barriers):
        return _list_schedule_dense(real, in_loop=in_loop, copied_into=copied_into)
    lat = [_latency(mi) for mi in real]
    remaining = [len(p) for p in preds]
    gates = _Gates(g, remaining)
    height = _heights(g, succs, lat, gates.is_gated)
    ready_at = [0] * n
    waiting: list[tuple[int, int]] = []    # (ready cycle, i): ready, not yet available
    avail: list[tuple[int, int]] = []      # (-height, i): ready at the current cycle
    every: list[tuple[int, int]] = []      # (-height, i): all ready ones (lazily pruned)
    issued = [False] * n
    compare, compare_at, head, tail_at = g.compare, gates.compare_at, gates.head, gates.tail
    nb_latest = 0  # the latest cycle an issued non-barrier makes the compare wait for

    def make_ready(i: int) -> None:
        heapq.heappush(waiting, (ready_at[i], i))
        heapq.heappush(every, (-height[i], i))

    for i in range(n):
        if (remaining[i] == 0 and not barrier[i]) or (barrier[i] and i == 0):
            make_ready(i)
    bar = 0  # index into `barriers` of the next barrier to become ready
    if barriers and barriers[0] == 0:
        bar = 1
    latest = 0  # the latest cycle an issued instruction makes a barrier wait for
    count = 0
    order: list[int] = []
    cycle = 0
    while every:
        while waiting and (waiting[0][0] <= cycle or issued[waiting[0][1]]):
            r, i = heapq.heappop(waiting)
            if not issued[i]:
                heapq.heappush(avail, (-height[i], i))
        if avail:
            _, pick = heapq.heappop(avail)
        else:  # nothing ready yet at this cycle: the best of the waiting ones
            while issued[every[0][1]]:
                heapq.heappop(every)
            _, pick = heapq.heappop(every)
        issued[pick] = True
        while every and issued[every[0][1]]:
            heapq.heappop(every)
        order.append(pick)
        count += 1
        cycle = max(cycle, ready_at[pick]) + 1
        done = cycle + lat[pick] - 1
        latest = max(latest, done)
        for s_ in succs[pick]:
            remaining[s_] -= 1
            ready_at[s_] = max(ready_at[s_], done)
            if remaining[s_] == 0:
                make_ready(s_)
        if not barrier[pick]:
            if done > nb_latest:
                nb_latest = done
            if head and pick < tail_at:
                for s_ in gates.head_issued(pick, done):
                    remaining[s_] -= 1
                    ready_at[s_] = max(ready_at[s_], gates.head_latest)
                    if remaining[s_] == 0:
                        make_ready(s_)
        if count == compare_at:
            remaining[compare] -= 1
            ready_at[compare] = max(ready_at[compare], nb_latest)
            if remaining[compare] == 0:
                make_ready(compare)
        if bar < len(barriers) and count == barriers[bar]:
            b = barriers[bar]
            bar += 1
            ready_at[b] = max(ready_at[b], latest)
            make_ready(b)
    assert len(order) == n, "scheduling left instructions behind"
    work.add("schedule.edges", sum(len(p) for p in preds) + len(gates.gated) + (g.compare >= 0))
    work.add("schedule.issues", n)
    return order


def _list_schedule_dense(real: list[MInst], tail: int | None = None,
                         in_loop: bool = False,
                         copied_into: dict[int, list[int]] | None = None) -> list[int]:
    """`_list_schedule` with every edge explicit and a scan of the ready list per
    issue: for the rare block where a barrier other than the last instruction is
    neither a call nor a branch (later instructions need not wait for it)."""
    n = len(real)
    preds = _dependences(real, tail, in_loop, copied_into).dense()
    succs: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for p in preds[i]:
            succs[p].append(i)
    lat = [_latency(mi) for mi in real]
    # priority: longest latency-weighted path to the end of the block
    height = [0] * n
    for i in reversed(range(n)):
        height[i] = lat[i] + max((height[s] for s in succs[i]), default=0)
    remaining = [len(p) for p in preds]
    ready_at = [0] * n
    ready = [i for i in range(n) if remaining[i] == 0]
    order: list[int] = []
    cycle = 0
    while ready:
        avail = [i for i in ready if ready_at[i] <= cycle] or ready
        pick = max(avail, key=lambda i: (height[i], -i))
        ready.remove(pick)
        order.append(pick)
        cycle = max(cycle, ready_at[pick]) + 1
        for s_ in succs[pick]:
            remaining[s_] -= 1
            ready_at[s_] = max(ready_at[s_], cycle + lat[pick] - 1)
            if remaining[s_] == 0:
                ready.append(s_)
    assert len(order) == n, "scheduling left instructions behind"
    return order


def loop_copies(mf: MFunction, depths: list[int]) -> dict[int, list[int]]:
    """For each virtual register a copy in a loop block reads: the registers it is
    copied into (a back edge's copies into the header's registers)."""
    out: dict[int, list[int]] = {}
    for k, b in enumerate(mf.blocks):
        if depths[k] > 0:
            for mi in b.insts:
                src = None if mi.opcode in META_OPCODES else _copy_source(mi)
                if src is not None:
                    dst = mi.operands[1]
                    assert isinstance(dst, VReg)
                    out.setdefault(src.id, []).append(dst.id)
    return out


def schedule(mf: MFunction) -> None:
    tails = inlined_entry_tails(mf)
    depths = loop_depths(mf)
    into = loop_copies(mf, depths)
    for k, b in enumerate(mf.blocks):
        schedule_block(b, mf.moved_stores, tails.get(k), depths[k] > 0, mf.records_ahead,
                       into)


class Schedule(MachinePass):
    """The list scheduler, block by block (`schedule`).

    Debug info: instructions keep their numbers; one hoisted above a line's
    key instruction takes the location it lands in (`hoisted_lines`), so lines
    are not kept."""

    name: ClassVar[str] = "schedule"
    preserves_cfg: ClassVar[bool] = True
    keeps_di: ClassVar[MDI] = MDI.INSTR_NUMS | MDI.SUBSTITUTIONS

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        schedule(mf)
