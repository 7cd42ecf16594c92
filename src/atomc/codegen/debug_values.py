"""Variable locations of optimised code: describe the final machine code to
LiveDebugValues, run it, put labels where ranges start and end, and lower the
result for the DWARF writer.

Runs after register allocation and frame lowering, on the code as it will be
printed. Spills and restores are recognised as moves to and from the
allocator's spill slots (%rbp-relative after frame lowering); any other write
to a spill slot is a clobber. A variable record whose expression is more than
a fragment (a salvaged computation) is treated as "optimised out" rather than
risk a wrong value: every location produced here holds exactly the variable's
value.
"""

from __future__ import annotations

from ..dwarf.model import VarLocation
from ..ir.debuginfo import DIExpression, DILocalVariable
from .ldv import (
    ConstOp, DebugPhi, DebugValue, InstrRef, MBlockView, MFunctionView, MInstView, MLoc,
    VarKey, compute_var_ranges, reg, slot,
)
from .mir import DbgMeta, Imm, Mem, MFunction, MInst, PReg, StackSlot, Sym
from .regalloc_linear import operand_regs, successors
from .varlocs import lower_var_ranges
from .x86_64.opcodes import desc
from .x86_64.registers import CALLER_SAVED, DWARF_NUMBER

_FRAME_REGS = frozenset({reg(DWARF_NUMBER["rsp"]), reg(DWARF_NUMBER["rbp"])})
_CALLER_SAVED = frozenset(reg(DWARF_NUMBER[r]) for r in CALLER_SAVED)


def _r(name: str) -> MLoc:
    return reg(DWARF_NUMBER[name])


class _Describer:
    def __init__(self, mf: MFunction) -> None:
        self.mf = mf
        # %rbp displacement -> spill slot location
        self.spill_at: dict[int, MLoc] = {}
        for s in mf.slots:
            if s.kind == "spill" and s.cfa_offset is not None:
                self.spill_at[s.cfa_offset + 16] = slot(s.cfa_offset)

    def spill_slot(self, op: object) -> MLoc | None:
        if isinstance(op, Mem) and isinstance(op.base, PReg) and op.base.name == "rbp" \
                and op.index is None and op.symbol is None:
            return self.spill_at.get(op.disp)
        return None

    def real(self, mi: MInst) -> MInstView:
        d = desc(mi.opcode)
        _, _, puses, pdefs = operand_regs(mi)
        uses = tuple(_r(r) for r in sorted(puses) if r in DWARF_NUMBER)
        defs = [_r(r) for r in sorted(pdefs) if r in DWARF_NUMBER]
        def_operands: list[MLoc | None] = []
        for k, op in enumerate(mi.operands):
            role = d.roles[k] if k < len(d.roles) else "u"
            def_operands.append(_r(op.name) if isinstance(op, PReg) and "d" in role else None)
            sl = self.spill_slot(op)
            if sl is not None and "d" in role:
                defs.append(sl)
        ops = mi.operands
        if d.is_move and len(ops) == 2:
            src, dst = ops
            if isinstance(src, PReg) and isinstance(dst, PReg):
                return MInstView(copy=(_r(dst.name), _r(src.name)), instr_num=mi.instr_num,
                                 def_operands=tuple(def_operands))
            if isinstance(src, PReg) and self.spill_slot(dst) is not None:
                return MInstView(spill=(self.spill_slot(dst), _r(src.name)),  # type: ignore[arg-type]
                                 instr_num=mi.instr_num)
        if mi.opcode in ("movl", "movq", "movzbl", "movzwl") and len(ops) == 2 \
                and isinstance(ops[1], PReg) and self.spill_slot(ops[0]) is not None:
            return MInstView(restore=(_r(ops[1].name), self.spill_slot(ops[0])),  # type: ignore[arg-type]
                             instr_num=mi.instr_num, def_operands=tuple(def_operands))
        return MInstView(defs=tuple(defs), uses=uses, instr_num=mi.instr_num, call=d.is_call,
                         def_operands=tuple(def_operands))

    def debug(self, mi: MInst) -> MInstView | None:
        if mi.opcode == "DBG_PHI":
            if len(mi.operands) != 2:
                return None  # the value was never computed: nothing to describe
            loc_op, num = mi.operands
            loc = self.location(loc_op)
            if loc is None or not isinstance(num, Imm):
                return None
            return MInstView(debug=DebugPhi(loc, num.value))
        meta = mi.meta
        if not isinstance(meta, DbgMeta) or meta.kind != "new":
            return None  # additional locations (add/delete) are not described yet
        var = meta.var
        expr = meta.expr
        frag = expr.fragment if isinstance(expr, DIExpression) else None
        key = VarKey(var, meta.inlined_at, frag,
                     is_param=isinstance(var, DILocalVariable) and var.arg > 0)
        plain = isinstance(expr, DIExpression) and (expr.ops[:-3] if frag else expr.ops) == ()
        if not plain:
            return MInstView(debug=DebugValue(key, None))
        if mi.opcode == "DBG_INSTR_REF":
            num, op = mi.operands
            assert isinstance(num, Imm) and isinstance(op, Imm)
            return MInstView(debug=DebugValue(key, InstrRef(num.value, op.value)))
        if not mi.operands:
            return MInstView(debug=DebugValue(key, None))
        op0 = mi.operands[0]
        if isinstance(op0, Imm):
            return MInstView(debug=DebugValue(key, ConstOp(op0.value)))
        return MInstView(debug=DebugValue(key, self.location(op0)))

    def location(self, op: object) -> MLoc | None:
        if isinstance(op, PReg) and op.name in DWARF_NUMBER:
            return _r(op.name)
        if isinstance(op, StackSlot):
            off = self.mf.slots[op.index].cfa_offset
            return slot(off) if off is not None else None
        return None


def describe_function(mf: MFunction) -> tuple[MFunctionView, list[tuple[int, int]]]:
    """The LDV view, and for each real instruction its (block, index) in the MIR."""
    d = _Describer(mf)
    succ = successors(mf)
    blocks: list[MBlockView] = []
    where: list[tuple[int, int]] = []
    for bi, b in enumerate(mf.blocks):
        views: list[MInstView] = []
        for ii, mi in enumerate(b.insts):
            if mi.opcode in ("DBG_VALUE", "DBG_INSTR_REF", "DBG_PHI"):
                v = d.debug(mi)
                if v is not None:
                    views.append(v)
            elif not mi.is_meta:
                views.append(d.real(mi))
                where.append((bi, ii))
        blocks.append(MBlockView(tuple(views), tuple(succ[bi])))
    subs = {(old.instr_num, old.operand): (new.instr_num, new.operand)
            for old, (new, _sub) in mf.substitutions.items()}
    saved = frozenset(_r(r) for r in mf.callee_saved)
    view = MFunctionView(tuple(blocks), _CALLER_SAVED, saved, subs, _FRAME_REGS)
    return view, where


def variable_locations(mf: MFunction, mode: str, fresh_label) -> tuple[VarLocation, ...]:  # type: ignore[no-untyped-def]
    """Run LiveDebugValues and insert the labels its ranges need."""
    view, where = describe_function(mf)
    ranges = compute_var_ranges(view, mode)
    needed = sorted({p for r in ranges for p in (r.start, r.end) if 0 <= p < len(where) - 1})
    names: dict[int, str] = {}

    def label_after(p: int) -> str:
        if p < 0:
            return mf.name
        if p >= len(where) - 1:
            return mf.end_label
        return names[p]

    for p in needed:
        names[p] = fresh_label()
    for p in sorted(needed, reverse=True):
        bi, ii = where[p]
        mf.blocks[bi].insts.insert(ii + 1, MInst("LABEL", [Sym(names[p])], loc=None))
    located = lower_var_ranges(ranges, label_after, len(where) - 1)
    seen = {(id(v.var), v.inlined_at) for v in located}  # inlined-at: a value, not an object
    # variables with no location anywhere are still listed ("optimized out")
    extra: list[VarLocation] = []
    for b in view.blocks:
        for inst in b.insts:
            dv = inst.debug
            if isinstance(dv, DebugValue):
                k = (id(dv.var.var), dv.var.inlined_at)
                if k not in seen:
                    seen.add(k)
                    extra.append(VarLocation(dv.var.var, dv.var.inlined_at))  # type: ignore[arg-type]
    return tuple(located) + tuple(extra)
