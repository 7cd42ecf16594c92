"""Tail merging for simplifycfg: when every predecessor of a block ends with the
same instruction right before its jump there, the copies become one instruction
at the top of the block (LLVM's `simplifycfg<sink-common-insts>`, gcc's
tail merging).

"The same": pure instructions (gvn's `value_key` without the operands: opcode,
type, predicate, cast type; not `alloca`) whose operands have equal types, and
whose results the jumps pass in the same parameter positions (or not at all).
An operand equal in every copy stays; one that differs arrives through a new
parameter of the block. The first copy moves, the others are erased; `nsw`
stays only if every copy had it. Moving an instruction from the end of each
predecessor to the top of their common successor keeps the order of execution
on every path, so instructions that may trap qualify too. Repeated to a fixed
point, whole identical tails move one instruction at a time.

Debug info: the merged instruction's location is `merge_locations` over the
copies (LLVM's getMergedLocation, shared/specs/key-instructions.md §3: one line
keeps it and an atom chosen by rank, different lines give line 0 without atom);
records in front of a copy stay at their program point in the predecessor.
Records naming a copy's value describe it there by an expression over the copy's
operand where salvage can (rewrite.salvage_record: the operand stays in the
predecessor), else become "not assigned yet" (the assignment now happens in the
successor); a variable that every copy assigned with the same
expression gets its `new` again right after the merged instruction. (VALUES,
SCOPES kept; LOCS not, as for every merge.)
"""

from __future__ import annotations

from ..ir import (
    Binary,
    Block,
    DbgKind,
    DbgRecord,
    DIExpression,
    DILocalVariable,
    DILocation,
    Function,
    Inst,
    Jump,
    Value,
    work,
)
from ..ir.locations import merge_locations
from ..ir.rewrite import (
    erase,
    make_unavailable,
    move_records_to,
    move_to,
    redirect_edge,
    remove_param,
    replace_value,
    salvage_record,
)
from ..ir.types import TupleType
from ..ir.values import Const
from ..ir.why import Why, WhyKind
from .cfgutils import succ_args
from .gvn import value_key
from .passmanager import PassContext

_Assign = tuple[DILocalVariable, DIExpression, DILocation]  # a record's variable, expression, loc


def _shape(inst: Inst) -> tuple[object, ...] | None:
    key = value_key(inst)
    if key is None:
        return None
    return (*key[:3], *(str(u.value.ty) for u in inst.operands))


def _same(a: Value, b: Value) -> bool:
    if a is b:
        return True
    return isinstance(a, Const) and isinstance(b, Const) and str(a.ty) == str(b.ty) \
        and a.identity() == b.identity()


def sink_common_tails(fn: Function, ctx: PassContext,
                      preds: dict[Block, list[Block]] | None = None) -> bool:
    """Merge the identical last instructions of every block's predecessors
    (`preds`: the function's current predecessor lists, if the caller has them)."""
    module = fn.module
    assert module is not None, "tail merging needs the module's atom counter"
    if preds is None:
        preds = fn.predecessors()
    keyed = {id(r.var) for i in fn.insts() for r in i.dbg_records if r.kind is not DbgKind.NEW}
    work.add("simplifycfg.tail_blocks", len(fn.blocks))
    changed = False
    # record -> (it, the line of the copy it first named); holding the record keeps its id
    salvaged: dict[int, tuple[DbgRecord, int]] = {}
    for block in fn.blocks:
        ps = preds.get(block, [])
        if block is fn.entry or len(ps) < 2 or len({id(p) for p in ps}) != len(ps) \
                or any(p is block or not isinstance(p.terminator, Jump) for p in ps):
            continue
        while _merge_one(block, ps, keyed, salvaged, ctx):
            changed = True
    return changed


def _candidates(block: Block, ps: list[Block]) -> list[Inst] | None:
    copies = []
    for p in ps:
        if len(p.insts) < 2:
            return None
        copies.append(p.insts[-2])
    shape = _shape(copies[0])
    if shape is None or any(_shape(c) != shape for c in copies[1:]):
        return None
    positions = None
    for p, c in zip(ps, copies, strict=True):
        jump = p.insts[-1]
        for u in c.uses:
            if not u.is_debug and u.user is not jump:
                return None  # read before the jump (cannot be: it is last) or elsewhere
        mine = tuple(k for k, a in enumerate(succ_args(jump, 0)) if a is c)
        if positions is None:
            positions = mine
        elif mine != positions:
            return None
    for j in range(len(copies[0].operands)):
        v = copies[0].operand(j)
        same = all(_same(v, c.operand(j)) for c in copies[1:])
        if same and isinstance(v, Inst) and v.block is block:
            return None  # defined in the block itself, after where the copy would go
        if not same and isinstance(v.ty, TupleType):
            return None  # a call's whole result: no block parameter (register) holds it
    return copies


def _records_in_order(c: Inst) -> list[DbgRecord]:
    """The records naming `c`'s value, in program order (all sit between the copy,
    last in its block, and the jump)."""
    recs = [u.user for u in c.uses if u.is_debug]
    order = {id(r): k for i in c.block.insts for k, r in enumerate(i.dbg_records)} \
        if c.block is not None else {}
    out = [r for r in recs if isinstance(r, DbgRecord)]
    out.sort(key=lambda r: order.get(id(r), len(order)))
    return out


def _merge_one(block: Block, ps: list[Block], keyed: set[int],
               salvaged: dict[int, tuple[DbgRecord, int]], ctx: PassContext) -> bool:
    copies = _candidates(block, ps)
    if copies is None:
        return False
    fn = block.function
    module = fn.module if fn is not None else None
    assert module is not None
    first = copies[0]
    positions = [k for k, a in enumerate(succ_args(ps[0].insts[-1], 0)) if a is first]
    # the variables the copies assign, and which of them every copy assigns alike
    assigned: list[dict[int, _Assign]] = []
    for c in copies:
        line = c.loc.line if c.loc is not None else 0
        recs: dict[int, _Assign] = {}
        for rec in _records_in_order(c):
            # the first record of a variable is the assignment right after the copy;
            # later ones on the jump were salvaged from instructions merged before
            # (`hold = c >> 3` from `d = c >> 3`), which their own `new`s describe
            if rec.kind is DbgKind.NEW and id(rec.var) not in keyed:
                recs.setdefault(id(rec.var), (rec.var, rec.expr, rec.loc))
            first_line = salvaged.setdefault(id(rec), (rec, line))[1]
            if not salvage_record(rec, c):
                # the line of the assignment the record was made for, not of the
                # copy an earlier salvage described it through
                make_unavailable(rec, Why(WhyKind.NOT_YET, line=first_line))
        assigned.append(recs)
    common = [r for k, r in assigned[0].items()
              if all(k in a and a[k][1] == r[1] for a in assigned[1:])]
    # operands that differ come in through new parameters
    for j in range(len(first.operands)):
        values = [c.operand(j) for c in copies]
        if all(_same(values[0], v) for v in values[1:]):
            continue
        param = block.add_param(values[0].ty)
        for p, v in zip(ps, values, strict=True):
            jump = p.insts[-1]
            redirect_edge(jump, 0, block, [*succ_args(jump, 0), v])
        first.set_operand(j, param)
    loc = first.loc
    for c in copies[1:]:
        loc = merge_locations(loc, c.loc, module.atoms)
    if isinstance(first, Binary):
        first.nsw = all(isinstance(c, Binary) and c.nsw for c in copies)
    move_to(first, block, 0, records_stay=True)
    first.loc = loc
    for k in reversed(positions):
        replace_value(block.params[k], first)
        remove_param(block, k, ps)
    for c in copies[1:]:
        erase(c)  # its records in front stay, on the jump
    after = block.insts[1]
    for var, expr, rec_loc in common:
        if any(r.var is var and r.value is first and r.expr == expr for r in after.dbg_records):
            continue  # the block's own record of the parameter the copies fed says it
        copy = DbgRecord(DbgKind.NEW, var, first, expr, loc=rec_loc)
        move_records_to([copy], after)
    ctx.count("simplifycfg.tail_merged")
    return True
