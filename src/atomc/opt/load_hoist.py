"""Hoist loop-invariant loads out of rotated loops (`licm-loads`).

`licm` moves only pure instructions; a load of an address that does not change
in the loop (`a[i - 1]` in a loop over j) still runs every iteration unless
nothing in the loop can write what it reads. This pass, run after
`loop-rotate`, moves such a load to the loop's preheader (made if the loop has
none, as in `licm`) when:

* it is in the loop's header, and nothing before it there is a call or may trap:
  after rotation the header runs whenever the preheader does, so the load runs
  at least as often as before, never where the program would not have run it;
* its address is defined outside the loop, and it is neither volatile nor atomic;
* no instruction of the loop (nested loops included) writes memory, except
  stores whose address is based on objects other than the load's. The objects
  an address may point into (`underlying_objects`) are followed through
  `ptradd`, `select` and block arguments to globals this module defines and to
  allocas; C pointer arithmetic stays inside its object, so two addresses with
  disjoint sets of such objects never overlap. Any other origin is unknown and
  may alias anything.

Debug info: a hoisted load gets no location (drop rule, as in `licm`: its line
would otherwise seem to run once before the loop); records in front of it stay
at the original point, and records of its value keep naming it (it still
dominates them). VALUES and SCOPES are kept.
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import Alloca, Block, BlockParam, Function, Global, Load, PtrAdd, Select, Store, Value
from ..ir.insts import MEMORY_WRITERS
from ..ir.loops import Loop, loop_info
from ..ir.rewrite import LocPolicy, move_to
from .licm import ensure_preheader_in_nest
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

# block arguments followed back from one address (a bound on the search)
MAX_ORIGINS = 32


def underlying_objects(v: Value, preds: dict[Block, list[Block]]) -> frozenset[int] | None:
    """The ids of the objects `v` may point into (defined globals, allocas), or
    None when some origin is unknown."""
    found: set[int] = set()
    seen: set[int] = set()
    work: list[Value] = [v]
    while work:
        cur = work.pop()
        if id(cur) in seen:
            continue
        seen.add(id(cur))
        if len(seen) > MAX_ORIGINS:
            return None
        if isinstance(cur, Global) and not cur.is_declaration:
            found.add(id(cur))
        elif isinstance(cur, Alloca):
            found.add(id(cur))
        elif isinstance(cur, PtrAdd):
            work.append(cur.ptr)
        elif isinstance(cur, Select):
            work += [cur.operand(1), cur.operand(2)]
        elif isinstance(cur, BlockParam):
            incoming = incoming_values(cur, preds)
            if incoming is None:
                return None
            work += incoming
        else:
            return None
    return frozenset(found)


def incoming_values(p: BlockParam, preds: dict[Block, list[Block]]) -> list[Value] | None:
    """The values every edge into `p`'s block passes for it (None: an edge without
    arguments, such as a `switch` case, or the entry block's parameter)."""
    out: list[Value] = []
    sources = preds.get(p.block, [])
    if not sources:
        return None
    for b in sources:
        term = b.terminator
        if term is None:
            return None
        for s in term.succs:
            if s.block is p.block:
                if len(s.args) <= p.index:
                    return None
                out.append(s.args[p.index].value)
    return out


def _hoistable_loads(loop: Loop, preds: dict[Block, list[Block]]) -> list[Load]:
    """The loads of `loop`'s header that may move to its preheader (module docstring)."""
    writes: list[frozenset[int] | None] = []
    for b in loop.blocks:
        for i in b.insts:
            if isinstance(i, Store) and not i.volatile:
                writes.append(underlying_objects(i.ptr, preds))
            elif i.op in MEMORY_WRITERS or i.info.is_call:
                return []
    out: list[Load] = []
    for i in loop.header.insts:
        if i.info.is_call or i.info.may_trap:
            break
        if not isinstance(i, Load) or i.volatile or not loop.is_invariant(i.ptr):
            continue
        if writes:
            objs = underlying_objects(i.ptr, preds)
            if objs is None or any(w is None or w & objs for w in writes):
                continue
        out.append(i)
    return out


class LoadHoist(FunctionPass):
    """Hoist invariant loads of rotated loops (see module docstring)."""

    name: ClassVar[str] = "licm-loads"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        preds = fn.predecessors()
        changed = False
        for loop in loop_info(fn).innermost_first():
            loads = _hoistable_loads(loop, preds)
            if not loads:
                continue
            ph = ensure_preheader_in_nest(fn, loop, preds)
            if ph is None:
                continue
            for ld in loads:
                move_to(ld, ph, None, LocPolicy.DROP, records_stay=True)
            ctx.count("licm-loads.hoisted", len(loads))
            changed |= bool(loads)
        return changed


register(LoadHoist)
