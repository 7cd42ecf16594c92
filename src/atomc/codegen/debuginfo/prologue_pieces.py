"""A parameter passed in registers whose home is a frame object the prologue
fills (a struct in %rdi, or %rdi and %rsi, or %xmm0): before those stores have
run, the home holds stale bytes and the parameter had no location ("the
prologue has not stored it yet"), although its bytes are all in their
argument registers. gdb's `step` into a function without a frame pointer stops
at its first instruction, right there. This describes the parameter over that
window by those registers, a `DW_OP_piece` each (`DW_OP_reg5 RDI, DW_OP_piece
8, DW_OP_reg4 RSI, DW_OP_piece 8`), from the function's first address until
its home holds it or one of those registers is written, whichever comes first.

Only where that is exact: the entry block has no predecessor (no loop back to
the first instruction), every write into the home before it starts is a plain
store of a register that nothing in the function wrote before (so it holds its
value from the function's entry), and those stores cover the parameter's bytes
once each.

Debug info: read-only; adds location ranges, changes no instruction.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...ir.debuginfo import DILocalVariable, type_bits
from ..mir import DbgMeta, Mem, MFunction, PReg, StackSlot
from ..mir.cfg import successor_indices
from ..mir.registers import operand_regs
from ..target import current, desc
from .ldv.model import MLoc, PiecesLoc, VarKey, VarRange, WhyRange
from .ldv.reasons import PROLOGUE
from .memory_homes import HomeStart, Where


def prologue_pieces(mf: MFunction, homes: dict[Where, HomeStart | None],
                    where: list[tuple[int, int]], locs: Mapping[str, MLoc]) -> list[VarRange]:
    """Ranges describing register-passed parameters by their argument registers
    from the function's first address until their memory home starts (`homes`,
    memory_homes.py); `where`: the (block, index) of each real instruction,
    `locs`: register name -> machine location."""
    if not mf.blocks or any(0 in s for s in successor_indices(mf).values()):
        return []
    pos = {w: p for p, w in enumerate(where)}
    base = current().frame_base_register(mf)
    out: list[VarRange] = []
    for (bi, ii), start in homes.items():
        meta = mf.blocks[bi].insts[ii].meta
        if start is None or start.block != 0 or not isinstance(meta, DbgMeta) \
                or meta.inlined_at is not None or meta.expr.fragment is not None \
                or not isinstance(meta.var, DILocalVariable) or meta.var.arg <= 0:
            continue
        slot = mf.blocks[bi].insts[ii].operands[0]
        cfa = mf.slots[slot.index].cfa_offset if isinstance(slot, StackSlot) else None
        if cfa is None:
            continue
        lo = cfa + mf.frame_base_offset
        size = (type_bits(meta.var.type) or 0) // 8
        found = _pieces(mf, start.index, base, lo, size, locs)
        if found is None:
            continue
        parts, end = found
        end_pos = pos.get((0, end), pos.get((0, start.index), -1)) if end is not None \
            else pos.get((0, start.index), -1)
        if end_pos >= 0:
            key = VarKey(meta.var, None, None, is_param=True)
            out.append(VarRange(key, -1, end_pos, PiecesLoc(parts)))
    return out


def _pieces(mf: MFunction, last: int, base: str, lo: int, size: int,
            locs: Mapping[str, MLoc]) -> tuple[tuple[tuple[MLoc, int], ...], int | None] | None:
    """The registers whose argument stores fill the `size` bytes at `lo(%base)`,
    and the MIR index of the first instruction up to `last` (the home's start)
    that writes one of them (None: none does). The argument stores are the
    leading ones without a source line, before the body's first instruction."""
    if size <= 0:
        return None
    insts = mf.blocks[0].insts
    written: set[str] = set()
    stored: dict[int, tuple[str, int]] = {}  # offset in the object -> (register, bytes)
    for mi in insts:
        if mi.is_meta:
            continue
        if mi.loc is not None:
            break  # the body
        ops = mi.operands
        dst = ops[-1] if ops else None
        if isinstance(dst, Mem) and isinstance(dst.base, PReg) and dst.base.name == base \
                and dst.index is None and dst.symbol is None and lo <= dst.disp < lo + size:
            src = ops[0]
            d = desc(mi.opcode)
            n = d.width // 8 if d.is_move else None  # a plain store of one register
            if len(ops) != 2 or n is None or not isinstance(src, PReg) or src.name in written \
                    or src.name not in locs or dst.disp - lo in stored:
                return None
            stored[dst.disp - lo] = (src.name, n)
        written.update(operand_regs(mi)[3])
    parts: list[tuple[MLoc, int]] = []
    at = 0
    for off in sorted(stored):
        name, n = stored[off]
        if off != at:
            return None
        parts.append((locs[name], n))
        at += n
    if at != size:
        return None
    regs = {name for name, _ in stored.values()}
    end = next((k for k, mi in enumerate(insts[:last + 1])
                if not mi.is_meta and regs & set(operand_regs(mi)[3])), None)
    return tuple(parts), end


def trim_prologue_gaps(gaps: list[WhyRange], pieces: list[VarRange]) -> list[WhyRange]:
    """The reasons without the prologue windows the pieces now describe."""
    covered = {r.var: r.end for r in pieces}
    out: list[WhyRange] = []
    for g in gaps:
        end = covered.get(g.var)
        if end is None or g.reason != PROLOGUE or g.start >= end:
            out.append(g)
        elif g.end > end:
            out.append(WhyRange(g.var, end, g.end, g.reason))
    return out
