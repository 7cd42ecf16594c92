"""Induction-variable strength reduction.

For a loop with a preheader and one latch (a jump, or the conditional
branch that ends a rotated loop), and a basic induction variable
`i` (a header parameter whose back-edge value is `i + s`, s constant), a
multiplication `i * c` — or `sext(i) * c`, the shape array indexing takes —
becomes a new induction variable `j` that starts at `init * c` and steps by
`s * c`; an address `base + i * c` with a loop-invariant base becomes a
pointer that steps by `s * c`. Both are exact in wrap-around arithmetic; the
sign-extended form relies on C's rule that a signed `i` does not overflow, so
it is used only when the step is `add nsw` (the front end's promise: a signed
`i` without -fwrapv; never an unsigned counter converted to int).

The copies of an unrolled body scale `i + d` (`sext(i + d)` from an `add nsw`):
each such use adds `d * c` to the IV made for `i * c` with the same base
instead of making its own, and an integer one that only addresses use becomes
their displacement, `(p + j) + d*c`; the counter-plus-constant goes with it.

Debug info: the replaced multiplication's debug uses move to the new
induction variable, which holds the same value at every point (VALUES kept);
those of an offset use move to the add that replaces it, or, folded into
addresses, are salvaged through the erased `sext`/`add` onto the counter.
The new step instruction sits right after the induction variable's own step
(when that is in the latch), before the records of the statements after it, so
a row of its line never shows their new values, and takes that step's location
without its atom (the counter, which keeps the atom, outlives every
reduction: see `_counter_survives`; LFTR, which deletes it, hands the atom to the
scaled step); the initial value in the preheader gets no location (drop rule:
it is hoisted out of the loop).
"""

from __future__ import annotations

from typing import ClassVar, TypeGuard

from ..ir import (
    I64,
    PTR,
    Binary,
    Block,
    BlockParam,
    Cast,
    Const,
    Function,
    Inst,
    Op,
    PtrAdd,
    Value,
)
from ..ir.locations import drop
from ..ir.loops import Loop, loop_info
from ..ir.rewrite import (
    erase,
    insert_after,
    insert_before,
    insert_before_terminator,
)
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


class IVStrengthReduce(FunctionPass):
    """Turn multiplications by induction variables into additions."""

    name: ClassVar[str] = "iv-sr"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        # the latch may be a conditional branch: a rotated loop's test sits there
        for loop, pre, latch in loop_info(fn).counted_shapes(fn.predecessors()):
            n = _reduce_loop(loop, pre, latch)
            if n:
                ctx.count("iv-sr.reduced", n)
                changed = True
        return changed


register(IVStrengthReduce)


def _basic_ivs(loop: Loop, pre_term: Inst,
               latch_term: Inst) -> list[tuple[BlockParam, Value, Binary]]:
    """(param, initial value, step instruction) of each basic induction variable."""
    h = loop.header
    entry = next(s for s in pre_term.succs if s.block is h)
    back = next(s for s in latch_term.succs if s.block is h)
    out = []
    for k, p in enumerate(h.params):
        nxt = back.arg_values[k]
        if (isinstance(nxt, Binary) and nxt.op is Op.ADD and nxt.lhs is p
                and isinstance(nxt.rhs, Const) and nxt.block is not None
                and loop.contains(nxt.block)):
            out.append((p, entry.arg_values[k], nxt))
    return out


def _counter_survives(p: BlockParam, step: Binary, latch_term: Inst, header: Block) -> bool:
    """Whether the counter `p` keeps a use besides its step and index arithmetic
    (`p + d`, `sext(p + d)`, their products) once those are reduced: an exit test,
    a store, a live-out value. Reductions that would leave only the counter's own
    cycle are done only when such a use exists, so the variable the counter holds
    keeps a value (LFTR, which deletes a counter, describes it through its IV)."""
    back = next(s for s in latch_term.succs if s.block is header)
    back_arg = back.args[header.params.index(p)]

    def index_only(v: Value, depth: int) -> bool:
        # used only by more index arithmetic or by addresses as their offset
        return all(u.is_debug or _is_offset_of(u.user, v)
                   or (depth < 3 and u.user is not step and _is_index_arith(u.user, v)
                       and index_only(u.user, depth + 1))
                   for u in v.uses)

    def kept_by(v: Value) -> bool:
        return not all(u.is_debug or u.user is step or u is back_arg
                       or (_is_index_arith(u.user, v) and index_only(u.user, 1))
                       for u in v.uses)

    return kept_by(p) or kept_by(step)


def _is_index_arith(w: object, v: Value) -> TypeGuard[Cast | Binary]:
    """`w` extends `v`, or adds, multiplies or shifts it by a constant."""
    return (isinstance(w, Cast) and w.op is Op.SEXT) or (
        isinstance(w, Binary) and w.op in (Op.MUL, Op.SHL, Op.ADD)
        and isinstance(w.rhs, Const) and w.lhs is v)


def _is_offset_of(w: object, v: Value) -> TypeGuard[PtrAdd]:
    """`w` is an address with `v` as its offset (not its base)."""
    return isinstance(w, PtrAdd) and w.offset is v and w.ptr is not v


def _reduce_loop(loop: Loop, pre, latch) -> int:
    pre_term, latch_term = pre.terminator, latch.terminator
    reduced = 0
    for p, init, step in _basic_ivs(loop, pre_term, latch_term):
        # (c, wide, id(base), id(minus)) -> (IV, d): the IV steps as
        # base + (i + d - minus) * c
        made: dict[tuple[int, bool, int, int], tuple[Value, int]] = {}
        steps_made: list[Inst] = []
        # the uses of i itself first: they make the IVs the uses of i + d add to
        found = [(i, sc) for b in loop.blocks for i in b.insts
                 if (sc := _scaled_use(i, p, loop)) is not None]
        # extensions last: the multiplications reduced before them may leave an
        # extension whose only uses are then addresses
        found.sort(key=lambda f: (isinstance(f[0], Cast), f[1][2] != 0))
        survives = _counter_survives(p, step, latch_term, loop.header)
        for inst, scaled in found:
            if inst.block is None:  # erased by an earlier reduction
                continue
            if isinstance(inst, Cast) and not _only_offsets(inst):
                continue
            if scaled[1] and not step.nsw:
                continue  # sext(i) * c steps evenly only if i cannot wrap
            factor, wide, offset, minus = scaled
            base = None
            target: Inst = inst
            user_ptradds = [u.user for u in inst.uses
                            if isinstance(u.user, PtrAdd) and u.user.offset is inst
                            and not u.is_debug]
            # A value that a variable record describes stays an integer IV, so the
            # record keeps an exact value; otherwise the address itself steps.
            if len(user_ptradds) == 1 and len(inst.uses) == 1:
                pa = user_ptradds[0]
                if pa.block is not None and loop.contains(pa.block) and loop.is_invariant(pa.ptr):
                    base, target = pa.ptr, pa
            if isinstance(inst, Cast) and base is None and offset == 0:
                continue  # an add per iteration would only replace the extension
            key = (factor, wide, id(base), id(minus))
            if key not in made and (isinstance(inst, Cast) or offset != 0) and not survives:
                # a new IV for a byte index or an offset use would leave the counter
                # dead, and the variable it holds cannot be described by an IV minus
                # its base (an expression over one operand)
                continue
            if key in made:
                iv, baked = made[key]
                _offset_from(iv, target, (offset - baked) * factor, base is not None)
            else:
                made[key] = (_make_iv(loop, pre, latch, p, init, step, factor, wide,
                                      (offset, minus), base, target, steps_made), offset)
            reduced += 1
    return reduced


def _offset_from(iv: Value, target: Inst, delta: int, is_ptr: bool) -> None:
    """`target` (the IV's value plus `delta`) becomes an add to the existing IV,
    in its place and with its location: the same value, so its records follow.
    An integer one that only addresses use folds into them instead:
    p + (iv + d) as (p + iv) + d, d the address's displacement; its records are
    then salvaged through what computed it."""
    loc = target.loc or drop()
    new: Inst
    if is_ptr:
        new = PtrAdd(iv, Const(I64, delta), loc=loc)
    else:
        addrs = [u.user for u in target.uses if not u.is_debug]
        if addrs and all(isinstance(a, PtrAdd) and a.offset is target and a.ptr is not target
                         for a in addrs):
            for a in addrs:
                assert isinstance(a, PtrAdd)
                inner = insert_before(PtrAdd(a.ptr, iv, loc=a.loc or drop()), a)
                a.set_operand(0, inner)
                a.set_operand(1, Const(I64, delta))
            # records of the offset are salvaged onto the counter: an add kept
            # only for them would exist with -g alone
            _replace_chain(target, None)
            return
        new = Binary(Op.ADD, iv, Const(target.ty, delta), loc=loc)
    insert_before(new, target)
    _replace_chain(target, new)


def _scaled_use(inst: Inst, p: BlockParam,
                loop: Loop) -> tuple[int, bool, int, Value | None] | None:
    """(c, widened, d, None) if inst is `(p + d) * c` or `sext(p + d) * c` (shl by
    a constant counts; d = 0 for `p` itself), or `sext(p + d)` used only as
    addresses' offsets (c = 1: a byte array's index). The widened form with
    d != 0 needs `add nsw`, for sext(p + d) = sext(p) + d.
    (-c, widened, d, n) if the scaled value is `n - (p + d)` (or `n - p`) for
    a loop-invariant n: (p + d - n) * -c, an index running down the array as
    `p` runs up (`a[n - 1 - i]`, a filter's `x[i - t]`); widened, the `sub`
    needs `nsw` too, for sext(n - q) = sext(n) - sext(q)."""
    if isinstance(inst, Cast):
        if inst.op is not Op.SEXT or inst.ty != I64:
            return None
        c, lhs, wide = 1, inst.value, True
    elif isinstance(inst, Binary) and inst.op in (Op.MUL, Op.SHL) \
            and isinstance(inst.rhs, Const):
        c = inst.rhs.int_value if inst.op is Op.MUL else 1 << inst.rhs.int_value
        lhs = inst.lhs
        wide = False
        if isinstance(lhs, Cast) and lhs.op is Op.SEXT and inst.ty == I64:
            wide, lhs = True, lhs.value
    else:
        return None
    minus: Value | None = None
    if (isinstance(lhs, Binary) and lhs.op is Op.SUB and (lhs.nsw or not wide)
            and lhs.rhs is not lhs.lhs and loop.is_invariant(lhs.lhs)):
        minus, lhs, c = lhs.lhs, lhs.rhs, -c
    if lhs is p:
        return c, wide, 0, minus
    if (isinstance(lhs, Binary) and lhs.op is Op.ADD and lhs.lhs is p
            and isinstance(lhs.rhs, Const) and (lhs.nsw or not wide)):
        return c, wide, lhs.rhs.signed(), minus
    return None


def _only_offsets(inst: Inst) -> bool:
    """Every use of `inst` but debug ones is the offset of an address."""
    real = [u.user for u in inst.uses if not u.is_debug]
    return bool(real) and all(_is_offset_of(a, inst) for a in real)


def _make_iv(loop: Loop, pre, latch, p: BlockParam, init: Value, step: Binary,
             factor: int, wide: bool, shift: tuple[int, Value | None], base: Value | None,
             target: Inst, steps_made: list[Inst]) -> Value:
    """A new header parameter holding `base + (p + offset - minus) * factor`
    (`(sext(p) + offset - sext(minus)) * factor` when wide; `shift` is (offset,
    minus), minus None for none), `target`'s value, which it replaces.
    `steps_made`: the steps made for the same counter so far (this one joins them)."""
    offset, minus = shift
    ty = target.ty
    h = loop.header
    mask = (1 << 64) - 1
    step_c = step.rhs.value  # type: ignore[attr-defined]
    if wide:
        bits = p.ty.bits  # type: ignore[union-attr]
        step_c = step_c - (1 << bits) if step_c >> (bits - 1) & 1 else step_c
    stride = (step_c * factor) & (ty.mask if ty != PTR else mask)  # type: ignore[union-attr]
    # initial value, computed at the end of the preheader
    pre_term = pre.terminator
    assert pre_term is not None
    start: Value = init
    if wide:
        start = insert_before_terminator(pre, Cast(Op.SEXT, init, I64, loc=drop()))
    if offset:
        start = insert_before_terminator(pre, Binary(Op.ADD, start,
                                                     Const(start.ty, offset), loc=drop()))
    times = factor
    if minus is not None:  # (p + offset - minus) * factor as (minus - p - offset) * -factor
        if wide:
            minus = insert_before_terminator(pre, Cast(Op.SEXT, minus, I64, loc=drop()))
        start = insert_before_terminator(pre, Binary(Op.SUB, minus, start, loc=drop()))
        times = -factor
    scaled_ty = I64 if base is not None or wide else ty
    scaled = start
    if times != 1:
        scaled = insert_before_terminator(pre, Binary(Op.MUL, start,
                                                      Const(scaled_ty, times), loc=drop()))
    first = scaled
    if base is not None:
        first = insert_before_terminator(pre, PtrAdd(base, scaled, loc=drop()))
    # the new header parameter and its step on the back edge
    iv = h.add_param(ty, target.name)
    for s in pre_term.succs:
        if s.block is h:
            s.args.append(_use(pre_term, first))
    latch_term = latch.terminator
    step_loc = step.loc.without_atom() if step.loc is not None else drop()
    nxt: Inst
    if base is not None:
        nxt = PtrAdd(iv, Const(I64, stride), loc=step_loc)
    else:
        nxt = Binary(Op.ADD, iv, Const(ty, stride), loc=step_loc)
    if step.block is latch:
        # beside the counter's step (after the steps made before), whose line it
        # takes: before the records of the statements after it, so a row of that
        # line (a debugger may stop at it) does not show their new values
        insert_after(nxt, steps_made[-1] if steps_made else step)
        steps_made.append(nxt)
    else:
        insert_before_terminator(latch, nxt)
    for s in latch_term.succs:
        if s.block is h:
            s.args.append(_use(latch_term, nxt))
    # unreachable / other predecessors of the header (none, by the preheader check)
    _replace_chain(target, iv)
    return iv


def _replace_chain(old: Inst, new: Value | None) -> None:
    """RAUW `old` by `new` (if any), then erase (with salvage) what computed it and is
    now unused: the address's offset, the multiplication, its extension and the
    counter-plus-constant it scaled."""
    if new is not None:
        old.replace_all_uses_with(new)
    work = [old]
    while work:
        dead = work.pop()
        if dead.block is None or dead.has_real_uses():
            continue
        ops = [dead.operand(i) for i in range(len(dead.operands))]
        erase(dead)
        work += [v for v in ops if isinstance(v, (Binary, Cast, PtrAdd)) and not
                 isinstance(v, BlockParam)]


def _use(user: Inst, v: Value):
    from ..ir import Use
    return Use(user, v)
