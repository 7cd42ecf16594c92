"""Pre-register-allocation list scheduler, one basic block at a time.

Builds the dependence graph of a block (virtual and physical registers, the
flags register, memory, calls and terminators) and issues instructions
greedily by critical-path length under a small latency model, so independent
work of neighbouring statements interleaves as in gcc and clang output.

Dependences: register true, anti and output dependences (virtual registers,
physical registers including implicit ones); EFLAGS (every arithmetic or
compare instruction writes it, conditional jumps, setcc and cmov read it);
memory (loads may pass loads; stores, calls and anything else that writes
memory stay ordered with every memory access); calls and instructions with
physical-register operands around calls keep their order; terminators stay
last.

Debug info: instructions keep their locations and debug instruction numbers
(the line table then shows the interleaving; Key Instructions decides which
rows are statements). Debug meta instructions stay attached in front of the
real instruction that followed them, so a variable's assignment point moves
with it; LiveDebugValues treats a reference that now precedes its definition
as a use-before-def.
"""

from __future__ import annotations

from .mir import Mem, MBlock, MFunction, MInst, PReg, VReg
from .x86_64.opcodes import desc

_FLAG_READERS = ("j", "set", "cmov", "adc", "sbb")
_NO_FLAGS = ("mov", "lea", "push", "pop", "call", "jmp", "ret", "cltd", "cqto", "set", "cmov",
             "rep", "ud2")


def _writes_flags(op: str) -> bool:
    return not op.startswith(_NO_FLAGS) and not (op.startswith("j") and op != "jmp")


def _reads_flags(op: str) -> bool:
    return op != "jmp" and op.startswith(_FLAG_READERS)


def _latency(mi: MInst) -> int:
    op = mi.opcode
    if op.startswith(("idiv", "div")):
        return 20
    if op.startswith("imul"):
        return 3
    if any(isinstance(o, Mem) for o in mi.operands) and not op.startswith("lea"):
        return 4
    if desc(op).is_call:
        return 5
    return 1


def _regs(mi: MInst) -> tuple[set[object], set[object], bool, bool]:
    """(reads, writes, reads memory, writes memory); registers as VReg ids / PReg names."""
    d = desc(mi.opcode)
    reads: set[object] = set(d.implicit_uses) | set(mi.implicit_uses)
    writes: set[object] = set(d.implicit_defs) | set(mi.implicit_defs)
    mem_read = mem_write = False
    for k, op in enumerate(mi.operands):
        role = d.roles[k] if k < len(d.roles) else "u"
        if isinstance(op, VReg):
            if "u" in role:
                reads.add(("v", op.id))
            if "d" in role:
                writes.add(("v", op.id))
        elif isinstance(op, PReg):
            if "u" in role:
                reads.add(op.name)
            if "d" in role:
                writes.add(op.name)
        elif isinstance(op, Mem):
            for r in op.regs():
                reads.add(("v", r.id) if isinstance(r, VReg) else r.name)
            if not mi.opcode.startswith("lea"):
                if "u" in role:
                    mem_read = True
                if "d" in role:
                    mem_write = True
    if d.is_call or mi.opcode.startswith(("rep", "push", "pop")):
        mem_read = mem_write = True
    if _writes_flags(mi.opcode) or d.is_call:  # the callee does not preserve the flags
        writes.add("eflags")
    if _reads_flags(mi.opcode):
        reads.add("eflags")
    return reads, writes, mem_read, mem_write


def _is_statement(mi: MInst, writes_memory: bool) -> bool:
    """The anchors of debug records: calls and memory writes (the usual key
    instructions of statements). They are already ordered among themselves, so
    anchoring records to them constrains no real instruction: the code is the
    same with and without -g, and with and without Key Instructions."""
    return desc(mi.opcode).is_call or writes_memory


def schedule_block(b: MBlock) -> None:
    # Meta instructions at the top of the block (DBG_PHIs: "the value in this
    # location on entry") stay there. Every later run of debug meta instructions
    # is a node of its own that stays between the statement instructions that
    # surrounded it, so a variable changes value at the same statement boundary
    # as in the source order (and the pieces of one aggregate change together).
    lead = 0
    while lead < len(b.insts) and b.insts[lead].is_meta:
        lead += 1
    head = b.insts[:lead]
    units: list[list[MInst]] = []
    for mi in b.insts[lead:]:
        if mi.is_meta and units and units[-1][-1].is_meta:
            units[-1].append(mi)
        else:
            units.append([mi])
    n = len(units)
    if sum(1 for u in units if not u[0].is_meta) < 3:
        return
    real: list[MInst | None] = [None if u[0].is_meta else u[0] for u in units]
    preds: list[set[int]] = [set() for _ in range(n)]
    last_write: dict[object, int] = {}
    reads_since: dict[object, list[int]] = {}
    last_mem_write = -1
    mem_reads: list[int] = []
    last_call = -1
    last_branch = -1
    last_meta = -1
    statements_since_meta: list[int] = []
    for i, mi in enumerate(real):
        if mi is None:  # a debug run: after the statements before it, after the previous run
            preds[i].update(statements_since_meta)
            if last_meta >= 0:
                preds[i].add(last_meta)
            if last_branch >= 0:
                preds[i].add(last_branch)
            last_meta = i
            statements_since_meta = []
            continue
        reads, writes, mr, mw = _regs(mi)
        d = desc(mi.opcode)
        touches_preg = any(isinstance(r, str) and r != "eflags" for r in reads | writes)
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
        if (d.is_call or touches_preg) and last_call >= 0:
            preds[i].add(last_call)
        if d.is_call or d.is_branch or d.is_terminator:
            preds[i].update(range(i))  # nothing moves across a call; branches stay put
        if last_branch >= 0:
            preds[i].add(last_branch)  # nothing is hoisted above a branch (speculation)
        if _is_statement(mi, mw):
            if last_meta >= 0:
                preds[i].add(last_meta)
            statements_since_meta.append(i)
        if d.is_call:
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
    succs: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for p in preds[i]:
            succs[p].append(i)
    lat = [0 if mi is None else _latency(mi) for mi in real]
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
        # debug runs go as soon as they may; real instructions by critical path
        pick = max(avail, key=lambda i: (real[i] is None, height[i], -i))
        ready.remove(pick)
        order.append(pick)
        if real[pick] is not None:
            cycle = max(cycle, ready_at[pick]) + 1
        for s_ in succs[pick]:
            remaining[s_] -= 1
            ready_at[s_] = max(ready_at[s_], cycle + lat[pick] - 1)
            if remaining[s_] == 0:
                ready.append(s_)
    assert len(order) == n, "scheduling left instructions behind"
    b.insts = head + [mi for i in order for mi in units[i]]


def schedule(mf: MFunction) -> None:
    for b in mf.blocks:
        schedule_block(b)
