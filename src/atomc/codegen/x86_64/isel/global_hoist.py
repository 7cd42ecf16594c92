"""Which global addresses instruction selection materialises once per loop nest.

A global whose address is needed in a register (an indexed address, a stored
pointer, a call argument, ...) costs a `leaq sym(%rip)` at each use. For the
outermost loop that has a preheader, the globals its blocks use that way get
one register defined at the end of the preheader, which dominates every use.
Uses that fold into a memory operand (`sym(%rip)`, `%fs:sym@tpoff`: a load or
store straight through the global, or a constant offset from it) need no
register and do not count; under -fPIC most globals fold into nothing and
their GOT loads are hoisted too. Decided on instruction operands only, so -g
cannot change the plan.

Debug info: the hoisted `leaq` defines no variable's value (nothing to keep).
"""

from __future__ import annotations

from collections.abc import Callable

from ....ir.function import Block, Function, Global
from ....ir.insts import Load, PtrAdd, Store
from ....ir.loops import Loop, loop_info
from ....ir.values import Const

MAX_PER_NEST = 3  # registers held across a whole loop nest


def plan_global_hoists(fn: Function, folds: Callable[[Global], bool]
                       ) -> tuple[dict[Block, list[Global]], dict[Block, Loop]]:
    """(preheader -> globals to materialise there, loop block -> its hoisting loop).
    `folds(g)`: a memory operand reaches `g` without a register."""
    info = loop_info(fn)
    preds = fn.predecessors()
    at: dict[Block, list[Global]] = {}
    scope: dict[Block, Loop] = {}
    work = [lp for lp in info.loops if lp.parent is None]
    while work:
        lp = work.pop()
        ph = lp.preheader(preds)
        if ph is None:
            work.extend(lp.children)
            continue
        found = _register_uses(lp, folds)
        if found:
            at[ph] = found[:MAX_PER_NEST]
            for b in lp.blocks:
                scope[b] = lp
    return at, scope


def _register_uses(lp: Loop, folds: Callable[[Global], bool]) -> list[Global]:
    seen: dict[int, Global] = {}
    for b in lp.blocks:
        for inst in b.insts:
            for k, use in enumerate(inst.operands):
                g = use.value
                if not isinstance(g, Global) or id(g) in seen:
                    continue
                if folds(g) and (k == 0 and isinstance(inst, (Load, PtrAdd))
                                 or k == 1 and isinstance(inst, Store)):
                    if not isinstance(inst, PtrAdd) or isinstance(inst.offset, Const):
                        continue  # folds into a %rip-relative operand
                seen[id(g)] = g
    return list(seen.values())
