"""Redundant zero extensions after register allocation: `movl %eax, %eax`
where the upper half of %rax is already zero.

Instruction selection widens a 32-bit value to 64 bits with a 32-bit move
(`zext`, unsigned arguments, `unsigned` indices), and the allocator gives both
sides one register when it can, leaving `movl %r, %r`. Every x86-64 write of a
32-bit register clears bits 32-63, so when the instruction that last wrote the
register was such a write (`addl`, `movl` from memory, `imull`, `movzbl`, ...),
the self-move does nothing. A forward dataflow finds, at each point, the
registers whose upper halves are known zero: a 32-bit write (or a zero
extension to 64 bits) makes it known, a byte or word write keeps what was
known (it leaves bits 16-63 alone), any other write forgets it; calls, inline
asm and instructions not in the opcode table forget everything. A block starts
with what holds at the end of every predecessor (nothing for the entry block
and for blocks whose address is taken).

Debug info: only machine instructions are looked at, so the code is the same
with and without -g. A removed move that carries a debug instruction number
leaves a DBG_PHI on its register with that number (the value it defined is
that register's), as the allocator does for the copies it drops.
"""

from __future__ import annotations

from ...ir import work
from ..mir import META_OPCODES, Imm, Mem, MFunction, MInst, PReg, Sym
from ..mir.cfg import predecessor_indices, solve_blocks, successor_indices
from ..mir.registers import written_operands
from .opcodes import find

__all__ = ["remove_redundant_zext"]

_ZERO_EXTENDING = frozenset({"movzbl", "movzwl", "movzbq", "movzwq"})


def remove_redundant_zext(mf: MFunction) -> int:
    """Drop `movl %r, %r` where %r's upper half is known zero; how many went."""
    n = len(mf.blocks)
    succ = successor_indices(mf)
    preds = predecessor_indices(succ, n)
    taken = _address_taken(mf)
    outs: list[frozenset[str] | None] = [None] * n  # None: not computed yet (top)

    def step(i: int) -> bool:
        out = frozenset(_transfer(mf.blocks[i].insts, _entry(i, preds, outs, taken), None))
        if out == outs[i]:
            return False
        outs[i] = out
        return True

    visits = solve_blocks(list(range(n - 1, -1, -1)), step, succ)  # first block first
    work.add("zext.blocks", visits)
    removed: list[MInst] = []
    for i, b in enumerate(mf.blocks):
        _transfer(b.insts, _entry(i, preds, outs, taken), removed)
    if removed:
        gone = {id(mi) for mi in removed}
        for b in mf.blocks:
            b.insts = [_debug_phi(mi) if id(mi) in gone else mi for mi in b.insts
                       if id(mi) not in gone or mi.instr_num]
    return len(removed)


def _debug_phi(mi: MInst) -> MInst:
    """What stays of a removed numbered move: its value is its register's."""
    return MInst("DBG_PHI", [mi.operands[1], Imm(mi.instr_num)], loc=None)


def _entry(i: int, preds: list[list[int]], outs: list[frozenset[str] | None],
           taken: set[int]) -> set[str]:
    if i == 0 or i in taken or not preds[i]:
        return set()
    known: set[str] | None = None
    for p in preds[i]:
        o = outs[p]
        if o is None:
            continue  # not reached yet: no constraint (the fixed point revisits)
        known = set(o) if known is None else known & o
    return known if known is not None else set()


def _transfer(insts: list[MInst], known: set[str], removed: list[MInst] | None) -> set[str]:
    """`known` after `insts`; with `removed`, collect the redundant moves."""
    for mi in insts:
        if mi.opcode in META_OPCODES:
            continue
        d = find(mi.opcode)
        if d is None or d.is_call or d.is_inline_asm:
            known.clear()
            continue
        ops = mi.operands
        if removed is not None and mi.opcode == "movl" and len(ops) == 2 \
                and isinstance(ops[0], PReg) and isinstance(ops[1], PReg) \
                and ops[0].name == ops[1].name and ops[0].name in known:
            removed.append(mi)
            continue
        explicit: set[str] = set()
        for k in written_operands(mi.opcode):
            if k >= len(ops):
                break
            op = ops[k]
            if type(op) is not PReg or op.name.startswith("xmm"):  # PReg is a final class
                continue
            explicit.add(op.name)
            if op.size == 4 or mi.opcode in _ZERO_EXTENDING:
                known.add(op.name)
            elif op.size == 8:
                known.discard(op.name)
            # a byte or word write leaves bits 16-63 as they were
        for r in (*d.implicit_defs, *mi.implicit_defs):
            if r not in explicit:
                known.discard(r)
    return known


def _address_taken(mf: MFunction) -> set[int]:
    """Blocks whose label an instruction names as a value (computed goto): they
    may be entered from anywhere."""
    index = {b.label: i for i, b in enumerate(mf.blocks)}
    out: set[int] = set()
    for b in mf.blocks:
        for mi in b.insts:
            for op in mi.operands:
                name = op.name if isinstance(op, Sym) else \
                    op.symbol if isinstance(op, Mem) else None
                if name in index:
                    out.add(index[name])
    return out
