"""Debug references of the definitions dead-defs deletes, redirected to what
computed them: a `lea k(%base), %dst` that isel also folded into every memory
operand (`strm = &state->strm`: the loads use 128(%state)) is `%base` + k, a
dead copy is its source. A variable record naming the deleted instruction then
names the definition of the base register, with `DW_OP_plus_uconst k` (or
`DW_OP_constu -k, DW_OP_minus`) in front of its expression, instead of nothing.

Only a base virtual register with a single definition is followed (before
register allocation that definition holds the value wherever the deleted
instruction read it); a base that was itself a deleted copy or `lea` is
followed through it. Changes no real instruction: only debug instructions are
rewritten, so the code is the same with and without -g.

Debug info: turns "optimised out" references into exact expressions.
"""

from __future__ import annotations

from dataclasses import replace

from ...ir.debuginfo import DIExpression, DW_OP_constu, DW_OP_minus, DW_OP_plus_uconst
from ..mir import DbgMeta, Imm, Mem, MFunction, MInst, VReg
from ..target import desc

MAX_STEPS = 4  # deleted definitions followed from one reference

# deleted instruction number -> (base virtual register, constant added to it)
Sums = dict[int, tuple[int, int]]


def dead_sums(dead: list[MInst]) -> Sums:
    """The deleted numbered instructions that computed a register plus a constant."""
    out: Sums = {}
    for mi in dead:
        if not mi.instr_num or len(mi.operands) != 2:
            continue
        src = mi.operands[0]
        d = desc(mi.opcode)
        if d.is_move and not d.vector and d.width in (32, 64) and isinstance(src, VReg):
            out[mi.instr_num] = (src.id, 0)  # a copy, zero-extending or whole
        elif d.is_address and d.width == 64 and isinstance(src, Mem) \
                and isinstance(src.base, VReg) and src.index is None and src.symbol is None \
                and src.segment is None:
            out[mi.instr_num] = (src.base.id, src.disp)
    return out


def redirect_references(mf: MFunction, sums: Sums, dead: set[int]) -> None:
    """Point every DBG_INSTR_REF to a deleted sum at its base's definition
    (before the deletion: `dead` holds the ids of the instructions to go)."""
    if not sums:
        return
    refs = [mi for _, mi in mf.instructions() if mi.opcode == "DBG_INSTR_REF"
            and isinstance(mi.operands[0], Imm) and mi.operands[0].value in sums]
    if not refs:
        return
    defs = _definitions(mf, {base for base, _ in sums.values()})
    for mi in refs:
        ref = mi.operands[0]
        assert isinstance(ref, Imm)
        found = _through_sums(mf, ref.value, sums, defs, dead)
        if found is None:
            continue
        (num, k), offset = found
        mi.operands = [Imm(num), Imm(k)]
        meta = mi.meta
        assert isinstance(meta, DbgMeta)
        old = meta.expr.ops
        add = () if offset == 0 else (DW_OP_plus_uconst, offset) if offset > 0 \
            else (DW_OP_constu, -offset, DW_OP_minus)
        mi.meta = replace(meta, expr=DIExpression(add + old))


def _definitions(mf: MFunction, bases: set[int]) -> dict[int, list[tuple[MInst, int]]]:
    """Every (instruction, operand) defining one of the virtual registers `bases`, in
    order. Only instructions naming one are decoded: this walk is over the whole
    function, and a function's sums have few bases."""
    defs: dict[int, list[tuple[MInst, int]]] = {}
    for block in mf.blocks:
        for mi in block.insts:
            # the operand classes are final: `type() is` misses no subclass
            named = [k for k, op in enumerate(mi.operands) if type(op) is VReg and op.id in bases]
            if not named or mi.is_meta:
                continue
            roles = desc(mi.opcode).roles
            for k in named:
                if k < len(roles) and "d" in roles[k]:
                    defs.setdefault(mi.operands[k].id, []).append((mi, k))  # type: ignore[union-attr]
    return defs


def _through_sums(mf: MFunction, num: int, sums: Sums, defs: dict[int, list[tuple[MInst, int]]],
                  dead: set[int]) -> tuple[tuple[int, int], int] | None:
    """(instruction number, operand) of the surviving definition the deleted
    instruction `num` added a constant to, and the total constant."""
    offset = 0
    for _ in range(MAX_STEPS):
        base, k = sums[num]
        offset += k
        only = defs.get(base, [])
        if len(only) != 1:
            return None
        mi, op = only[0]
        if mi.instr_num and mi.instr_num in sums:
            num = mi.instr_num  # a deleted sum itself: follow it
            continue
        if id(mi) in dead:
            return None  # deleted, and not a sum
        if not mi.instr_num:
            mi.instr_num = mf.new_instr_num()
        return (mi.instr_num, op), offset
    return None
