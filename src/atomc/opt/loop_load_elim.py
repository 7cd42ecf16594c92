"""Carry a value stored in one iteration to the load of it in the next (`loop-load-elim`).

A dynamic-programming row `cur[j] = f(cur[j - 1], ...)` stores `cur[j]` and reads it
back one iteration later as `cur[j - 1]`: through memory, that is a store-to-load
forwarding delay on the loop's critical path every iteration. gcc's predictive
commoning and LLVM's LoopLoadElimination keep the value in a register instead; this
pass does the same for one store and the loads one iteration behind it:

* the loop is entered from one block (a preheader is made when needed, as in
  `licm`), has one latch and no inner loop;
* addresses are affine: invariant pointers and integers plus constant multiples of
  the header's induction variables (a parameter whose back-edge value is itself plus
  a constant: i64 and pointers, or the sign extension of a narrower signed counter
  stepped by `add nsw`, where `sext(i + c)` is `sext(i) + c` too since C's signed
  counters do not overflow), plus a constant; the stride of an address is how much
  it moves per iteration;
* the store is not volatile, and its block dominates the latch, so it runs in every
  iteration that goes round; a load of the same type reads exactly the address it
  wrote one iteration earlier (the load's address plus the stride is the store's),
  and the stride is at least the access size (the store of the next iteration does
  not overlap it);
* nothing else in the loop may write what the load reads: every other memory write is
  a store into objects (`underlying_objects`) disjoint from the load's; a call,
  memcpy, inline asm or atomic stops the pass for the loop;
* the first iteration's value is loaded in the preheader, at the load's address with
  each induction variable at its initial value: the load must run in the first
  iteration anyway (its block dominates every exit and the latch), or the address
  must lie inside a defined global or alloca whatever the path (constant offsets
  from such objects, through selects and block parameters), so the early load
  cannot fault where the program would not.

The load becomes a header parameter: the preheader passes the first value, the latch
the stored value.

Debug info: the load's records follow the parameter, which holds the same value at
every point the load did (VALUES kept); records in front of it move to the next
instruction. The preheader's load and address arithmetic (and a preheader made for
them) are new and get no location (drop rule: a line in front of the loop would
seem to run once more), so LOCS is not claimed, though no surviving instruction
changes its location. SCOPES kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..ir import (
    I64,
    PTR,
    Alloca,
    Binary,
    Block,
    BlockParam,
    Cast,
    Const,
    Function,
    Global,
    Inst,
    IntType,
    Load,
    Op,
    PtrAdd,
    Select,
    Store,
    Use,
    Value,
)
from ..ir.insts import MEMORY_WRITERS
from ..ir.locations import drop
from ..ir.loops import Loop, LoopInfo, loop_info
from ..ir.rewrite import erase, insert_before_terminator
from .licm import ensure_preheader_in_nest
from .load_hoist import incoming_values, underlying_objects
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

MASK = (1 << 64) - 1
# (value, offset) pairs followed back when proving an address dereferenceable
MAX_DEREF_STEPS = 32


@dataclass(frozen=True, slots=True)
class Affine:
    """sum(coef * term) + const, modulo 2**64; terms by id (invariants and IVs)."""

    terms: frozenset[tuple[int, int]]
    const: int

    def plus(self, other: Affine, scale: int = 1) -> Affine:
        acc = dict(self.terms)
        for t, c in other.terms:
            acc[t] = (acc.get(t, 0) + scale * c) & MASK
        return Affine(frozenset((t, c) for t, c in acc.items() if c),
                      (self.const + scale * other.const) & MASK)

    def scaled(self, k: int) -> Affine:
        return Affine(frozenset((t, (c * k) & MASK) for t, c in self.terms if (c * k) & MASK),
                      (self.const * k) & MASK)


@dataclass(frozen=True, slots=True)
class IV:
    """A header induction variable: its initial value and step per iteration.
    `narrow`: a signed counter narrower than 64 bits stepped by `add nsw`; it takes
    part in addresses only sign-extended (its term is then `sext(param)`)."""

    param: BlockParam
    init: Value
    step: int
    narrow: bool = False


class LoopLoadElim(FunctionPass):
    """Forward a store to the load of it one iteration later (module docstring)."""

    name: ClassVar[str] = "loop-load-elim"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        preds = fn.predecessors()
        info = loop_info(fn)
        changed = False
        for loop in info.innermost_first():
            latches = loop.latches()
            outside = loop.outside_preds(preds)
            if loop.children or len(latches) != 1 or len(outside) != 1:
                continue
            n = _carry_loop(fn, loop, outside[0], latches[0], info, preds)
            if n:
                ctx.count("loop-load-elim.forwarded", n)
                changed = True
        return changed


register(LoopLoadElim)


def _induction_vars(loop: Loop, pre: Block, latch: Block) -> dict[int, IV]:
    """id(param) -> IV for the header's induction variables (none when the edges into
    the header do not pass its parameters one way each)."""
    pre_term, latch_term = pre.terminator, latch.terminator
    assert pre_term is not None and latch_term is not None
    entries = [s for s in pre_term.succs if s.block is loop.header]
    backs = [s for s in latch_term.succs if s.block is loop.header]
    if len(entries) != 1 or len(backs) != 1:
        return {}
    n = len(loop.header.params)
    if len(entries[0].args) != n or len(backs[0].args) != n:
        return {}
    out: dict[int, IV] = {}
    for k, p in enumerate(loop.header.params):
        nxt = backs[0].arg_values[k]
        init = entries[0].arg_values[k]
        if p.ty == PTR and isinstance(nxt, PtrAdd) and nxt.ptr is p \
                and isinstance(nxt.offset, Const):
            out[id(p)] = IV(p, init, nxt.offset.int_value & MASK)
        elif (isinstance(p.ty, IntType) and isinstance(nxt, Binary) and nxt.op is Op.ADD
              and nxt.lhs is p and isinstance(nxt.rhs, Const)):
            if p.ty == I64:
                out[id(p)] = IV(p, init, nxt.rhs.int_value & MASK)
            elif nxt.nsw and p.ty.bits < 64:
                out[id(p)] = IV(p, init, nxt.rhs.signed() & MASK, narrow=True)
    return out


def _affine(v: Value, loop: Loop, ivs: dict[int, IV]) -> Affine | None:
    """`v` as an affine form over invariants and `ivs`, or None."""
    if isinstance(v, Const) and isinstance(v.ty, IntType):
        return Affine(frozenset(), v.int_value & MASK)
    if (id(v) in ivs and not ivs[id(v)].narrow) or loop.is_invariant(v):
        return Affine(frozenset({(id(v), 1)}), 0)
    if isinstance(v, Cast) and v.op is Op.SEXT and v.ty == I64:
        # sext(i + c) = sext(i) + c for a signed counter: `add nsw` does not wrap
        w: Value = v.value
        c = 0
        step = w.rhs if isinstance(w, Binary) and w.op is Op.ADD and w.nsw else None
        if isinstance(w, Binary) and isinstance(step, Const):
            w, c = w.lhs, step.signed()
        iv = ivs.get(id(w))
        if iv is None or not iv.narrow:
            return None
        return Affine(frozenset({(id(w), 1)}), c & MASK)
    if isinstance(v, PtrAdd):
        a, b = _affine(v.ptr, loop, ivs), _affine(v.offset, loop, ivs)
        return None if a is None or b is None else a.plus(b)
    if isinstance(v, Binary) and v.ty == I64:
        a = _affine(v.lhs, loop, ivs)
        if a is None:
            return None
        if v.op in (Op.ADD, Op.SUB):
            b = _affine(v.rhs, loop, ivs)
            return None if b is None else a.plus(b, 1 if v.op is Op.ADD else -1)
        if isinstance(v.rhs, Const) and v.op is Op.MUL:
            return a.scaled(v.rhs.int_value)
        if isinstance(v.rhs, Const) and v.op is Op.SHL and v.rhs.int_value < 64:
            return a.scaled(1 << v.rhs.int_value)
    return None


def _stride(a: Affine, ivs: dict[int, IV]) -> int:
    return sum(c * ivs[t].step for t, c in a.terms if t in ivs) & MASK


def _carry_loop(fn: Function, loop: Loop, entry: Block, latch: Block, info: LoopInfo,
                preds: dict[Block, list[Block]]) -> int:
    """Forward the stores of `loop` (entered from `entry` alone) to the loads one
    iteration behind them; the number of loads replaced."""
    stores: list[Store] = []
    loads: list[Load] = []
    for b in loop.blocks:
        for i in b.insts:
            if isinstance(i, Store):
                stores.append(i)
            elif i.op in MEMORY_WRITERS or i.info.is_call:
                return 0
            elif isinstance(i, Load) and not i.volatile and _carriable(i.ty):
                loads.append(i)
    if not stores or not loads:
        return 0
    ivs = _induction_vars(loop, entry, latch)
    if not ivs:
        return 0
    dom = info.dom
    exits = loop.exiting_blocks()
    done = 0
    for s in stores:
        if s.volatile or s.block is None or not dom.dominates(s.block, latch):
            continue
        sa = _affine(s.ptr, loop, ivs)
        if sa is None:
            continue
        st = _stride(sa, ivs)
        size = s.value.ty.size
        if st == 0 or min(st, -st & MASK) < size:
            continue
        want = Affine(sa.terms, (sa.const - st) & MASK)
        matched = [ld for ld in loads if ld.block is not None and ld.ty == s.value.ty
                   and _affine(ld.ptr, loop, ivs) == want]
        if not matched or not _others_disjoint(s, stores, matched[0], preds):
            continue
        runs_first = any(_runs_in_first_iteration(ld, latch, exits, dom) for ld in matched)
        if not runs_first and not _dereferenceable(matched[0].ptr, size, loop, ivs, preds):
            continue
        if not _forward(fn, s, matched, loop, latch, preds):
            return done
        loads = [ld for ld in loads if ld not in matched]
        done += len(matched)
    return done


def _carriable(ty: object) -> bool:
    return ty == PTR or (isinstance(ty, IntType) and ty.bits in (8, 16, 32, 64))


def _others_disjoint(s: Store, stores: list[Store], ld: Load,
                     preds: dict[Block, list[Block]]) -> bool:
    """Does no store of the loop but `s` write into the objects `ld` reads?"""
    others = [o for o in stores if o is not s]
    if not others:
        return True
    objs = underlying_objects(ld.ptr, preds)
    if objs is None:
        return False
    for o in others:
        w = underlying_objects(o.ptr, preds)
        if w is None or w & objs:
            return False
    return True


def _runs_in_first_iteration(ld: Load, latch: Block, exits: list[Block], dom) -> bool:
    assert ld.block is not None
    return all(dom.dominates(ld.block, b) for b in [latch, *exits])


def _dereferenceable(addr: Value, size: int, loop: Loop, ivs: dict[int, IV],
                     preds: dict[Block, list[Block]]) -> bool:
    """Is the address `addr` has in the first iteration inside a defined global or
    alloca, `size` bytes of it, whichever way it was computed?"""
    work: list[tuple[Value, int]] = [(addr, 0)]
    seen: set[tuple[int, int]] = set()
    while work:
        v, off = work.pop()
        if (id(v), off) in seen:
            continue
        seen.add((id(v), off))
        if len(seen) > MAX_DEREF_STEPS:
            return False
        if id(v) in ivs:
            work.append((ivs[id(v)].init, off))
        elif isinstance(v, PtrAdd) and (c := _constant_at_first(v.offset, ivs)) is not None:
            work.append((v.ptr, off + c))
        elif isinstance(v, Select):
            work += [(v.operand(1), off), (v.operand(2), off)]
        elif isinstance(v, BlockParam) and loop.is_invariant(v):
            incoming = incoming_values(v, preds)
            if incoming is None:
                return False
            work += [(x, off) for x in incoming]
        elif isinstance(v, Global) and not v.is_declaration:
            if not 0 <= off <= v.size - size:
                return False
        elif isinstance(v, Alloca):
            if not 0 <= off <= v.size - size:
                return False
        else:
            return False
    return True


def _constant_at_first(v: Value, ivs: dict[int, IV], depth: int = 0) -> int | None:
    """The signed i64 value `v` has in the first iteration, if a constant."""
    if depth > 8:
        return None
    if id(v) in ivs:  # a narrow counter's constant start is read signed, as sext does
        return _constant_at_first(ivs[id(v)].init, ivs, depth + 1)
    if isinstance(v, Const) and isinstance(v.ty, IntType):
        return v.signed()
    if isinstance(v, Cast) and v.op is Op.SEXT:
        return _constant_at_first(v.value, ivs, depth + 1)
    if isinstance(v, Binary) and v.ty == I64 and v.op in (Op.ADD, Op.SUB, Op.MUL, Op.SHL):
        a = _constant_at_first(v.lhs, ivs, depth + 1)
        b = _constant_at_first(v.rhs, ivs, depth + 1)
        if a is None or b is None or (v.op is Op.SHL and not 0 <= b < 64):
            return None
        r = {Op.ADD: a + b, Op.SUB: a - b, Op.MUL: a * b}.get(v.op, a << b) & MASK
        return r - (1 << 64) if r >> 63 else r
    return None


def _forward(fn: Function, s: Store, matched: list[Load], loop: Loop, latch: Block,
             preds: dict[Block, list[Block]]) -> bool:
    """The loads become one header parameter: the first value loaded in the preheader
    (made if the loop has none, as in `licm`), then the value `s` stored."""
    pre = ensure_preheader_in_nest(fn, loop, preds)
    if pre is None:
        return False
    ivs = _induction_vars(loop, pre, latch)  # a new preheader passes its parameters
    ty = matched[0].ty
    made: dict[int, Value] = {}
    first_addr = _at_first_iteration(matched[0].ptr, loop, pre, ivs, made)
    first = _stored_before_end(pre, first_addr, ty)
    if first is None:
        first = insert_before_terminator(pre, Load(ty, first_addr, loc=drop()))
    carried = loop.header.add_param(ty, matched[0].name)
    pre_term, latch_term = pre.terminator, latch.terminator
    assert pre_term is not None and latch_term is not None
    for term, v in ((pre_term, first), (latch_term, s.value)):
        for succ in term.succs:
            if succ.block is loop.header:
                succ.args.append(Use(term, v))
    for ld in matched:
        ld.replace_all_uses_with(carried)
        erase(ld)
    return True


def _at_first_iteration(v: Value, loop: Loop, pre: Block, ivs: dict[int, IV],
                        made: dict[int, Value]) -> Value:
    """`v` with every induction variable at its initial value, computed at the end
    of the preheader (`v` is affine: see `_affine`)."""
    if id(v) in ivs:
        return ivs[id(v)].init
    if isinstance(v, Const) or loop.is_invariant(v):
        return v
    if id(v) in made:
        return made[id(v)]
    new: Inst
    if isinstance(v, Cast):
        new = Cast(v.op, _at_first_iteration(v.value, loop, pre, ivs, made), v.ty, loc=drop())
        made[id(v)] = insert_before_terminator(pre, new)
        return made[id(v)]
    if isinstance(v, PtrAdd):
        base = _at_first_iteration(v.ptr, loop, pre, ivs, made)
        offset = _at_first_iteration(v.offset, loop, pre, ivs, made)
        if isinstance(offset, Const):  # (p + c1) + c2 as p + (c1 + c2), p + 0 as p
            c = offset.int_value
            if isinstance(base, PtrAdd) and isinstance(base.offset, Const):
                inner, c, base = base, c + base.offset.int_value, base.ptr
                mine = [k for k, m in made.items() if m is inner]
                if mine and not inner.uses:  # made a moment ago, now folded into this one
                    for k in mine:
                        del made[k]
                    erase(inner)
            if not c & MASK:
                made[id(v)] = base
                return base
            offset = Const(I64, c & MASK)
        new = PtrAdd(base, offset, loc=drop())
    else:
        assert isinstance(v, Binary)
        new = Binary(v.op, _at_first_iteration(v.lhs, loop, pre, ivs, made),
                     _at_first_iteration(v.rhs, loop, pre, ivs, made), loc=drop())
    made[id(v)] = insert_before_terminator(pre, new)
    return made[id(v)]


def _stored_before_end(b: Block, addr: Value, ty: object) -> Value | None:
    """The value a store at the end of `b` leaves at `addr` (same address value and
    type, nothing that may write memory after it), if any: no load is needed then."""
    for i in reversed(b.insts):
        if isinstance(i, Store):
            if i.ptr is addr and i.value.ty == ty and not i.volatile:
                return i.value
            return None
        if i.op in MEMORY_WRITERS or i.info.is_call:
            return None
    return None
