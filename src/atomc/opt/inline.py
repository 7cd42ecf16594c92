"""Function inlining with a size-based cost model.

A direct call to a defined, non-variadic, non-recursive function is replaced by
a copy of the callee's body when the callee is small enough for the
optimisation level, is `always_inline`, or is an internal function with a
single call site; never for `noinline` / `noipa` / `optnone` callees, nor for
weak or interposable (-fPIC, default visibility) ones, whose body may not be the
one that runs, nor (gcc's rule) for a callee whose own `optimize` level differs
from the caller's; nothing is inlined into a function the run does not cover,
and only `always_inline` callees into one with gcc's `optimize("no-inline")`.

Debug info: every inlined instruction and record keeps its line, column and
scope, and its inlined-at chain is extended with the call's location, so the
callee's scopes and variables become inlined instances (DWARF
`DW_TAG_inlined_subroutine`). Atom groups are not renumbered: the new
inlined-at alone makes each inlined copy a distinct source atom (LLVM's rule).
Code from a callee without debug info takes the call's location without its
atom. Inlined `ret`s become jumps to the continuation and keep their location.
The call's own location is dropped with the call (LOCS, VALUES and SCOPES kept
for everything that survives).
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import (
    ARTIFICIAL,
    Alloca,
    Call,
    DILocation,
    Extract,
    Function,
    Jump,
    MemCopy,
    Module,
    Op,
    Ret,
    TupleType,
    VaStart,
)
from ..ir.cloning import Cloner
from ..ir.locations import keep
from ..ir.rewrite import (
    delete_body,
    erase,
    insert_at,
    insert_before,
    insert_blocks_before,
    make_unavailable,
    move_to,
    replace_inst,
    replace_terminator,
    split_block_after,
)
from ..optlevel import NO_INLINE_INTO, OPTNONE, explicit_level
from .passmanager import DI, ModulePass, PassContext
from .registry import register

THRESHOLD = {0: 0, 1: 0, 2: 45, 3: 150}
SIZE_THRESHOLD = 12
SINGLE_CALLER_BONUS = 400


def function_size(fn: Function) -> int:
    return sum(len(b.insts) for b in fn.blocks)


def inlinable(callee: Function, caller: Function, level: tuple[int, bool] = (2, False)) -> bool:
    """May `callee` be inlined into `caller`, which is optimised at `level`?"""
    if callee.is_declaration or callee.variadic or callee is caller:
        return False
    # a weak body may be replaced at link time, an interposable one (-fPIC) at load time
    if callee.attrs & {"noinline", "noipa", "weak", "interposable", OPTNONE}:
        return False
    own = explicit_level(callee.attrs)
    if own is not None and own != level:
        return False  # its own optimize(...) level differs from the caller's: gcc's rule
    for inst in callee.insts():
        if isinstance(inst, VaStart):
            return False
        if inst.op is Op.DYNALLOCA:
            return False  # its memory would live until the caller returns (gcc: same rule)
        if isinstance(inst, Call) and inst.callee is callee:
            return False  # directly recursive
    return True


def inlined_at_chain(loc: DILocation | None, site: DILocation) -> DILocation | None:
    """`loc` from the callee, re-rooted under the call site `site`."""
    return _Reroot(site)(loc)


class _Reroot:
    """`inlined_at_chain` for every location of one inlined body, each location
    and each inlined-at chain re-rooted once: the callee's instructions share
    their positions' chains (the instances inlined into it earlier), and its
    records repeat their instructions' positions."""

    __slots__ = ("memo", "site")

    def __init__(self, site: DILocation) -> None:
        self.site = site
        self.memo: dict[int, tuple[DILocation, DILocation]] = {}  # id(old) -> (old, new)

    def __call__(self, loc: DILocation | None) -> DILocation | None:
        if loc is None:
            return None
        hit = self.memo.get(id(loc))
        if hit is not None and hit[0] is loc:
            return hit[1]
        parent = self.site if loc.inlined_at is None else self(loc.inlined_at)
        new = loc.with_inlined_at(parent)
        self.memo[id(loc)] = (loc, new)
        return new


def inline_call(call: Call, callee: Function, module: Module) -> bool:
    caller_block = call.block
    assert caller_block is not None and caller_block.function is not None
    caller = caller_block.function
    if isinstance(call.ty, TupleType) and any(not isinstance(u.user, Extract)
                                              for u in call.uses if not u.is_debug):
        return False
    site = call.loc.without_atom() if call.loc is not None else None
    if callee.subprogram is None:
        loc_map = lambda _loc: site  # noqa: E731  nodebug callee: the call's location
    elif site is None:
        loc_map = lambda _loc: None  # noqa: E731
    else:
        loc_map = _Reroot(site)

    # Split the caller block after the call: `cont` receives the return values.
    cont = split_block_after(call, caller_block.name + ".cont" if caller_block.name else "")
    results = [cont.add_param(t) for t in callee.ret_types]

    # By-value aggregates: the callee owns a copy.
    vmap: dict = {}
    entry = caller.entry
    for arg, actual, bv in zip(callee.args, call.args, call.byval, strict=True):
        if bv is not None:
            size, align = bv
            tmp = Alloca(size, align, loc=ARTIFICIAL)  # the callee's copy: no source line
            insert_at(entry, 0, tmp)
            insert_before(MemCopy(tmp, actual, size, align, loc=keep(call)), call)
            vmap[arg] = tmp
        else:
            vmap[arg] = actual

    cloner = Cloner(vmap=vmap, loc_map=loc_map)
    new_blocks = [cloner.clone_block(b, caller, ".i") for b in callee.blocks]
    cloner.finish()
    insert_blocks_before(caller, cont, new_blocks)

    # Static allocas of the callee go to the caller's entry block.
    for nb in new_blocks:
        for inst in list(nb.insts):
            if isinstance(inst, Alloca):
                move_to(inst, entry, 0)
    # Returns become jumps to the continuation.
    for nb in new_blocks:
        term = nb.terminator
        if isinstance(term, Ret):
            vals = [u.value for u in term.operands]
            replace_terminator(nb, Jump(cont, vals, loc=keep(term)))

    # The call itself: results flow through the continuation's parameters.
    if isinstance(call.ty, TupleType):
        for use in list(call.uses):
            user = use.user
            if isinstance(user, Extract):
                user.replace_all_uses_with(results[user.index])
                erase(user)
    elif results:
        call.replace_all_uses_with(results[0])
    replace_inst(call, Jump(new_blocks[0],
                            loc=call.loc.without_atom() if call.loc else ARTIFICIAL))
    for use in list(call.uses):  # debug uses of a call that returned nothing usable
        make_unavailable(use.user)  # type: ignore[arg-type]
    return True


class Inliner(ModulePass):
    """Inline small functions bottom-up. Debug info: see module docstring."""

    name: ClassVar[str] = "inline"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, module: Module, ctx: PassContext) -> bool:
        threshold = SIZE_THRESHOLD if ctx.size_opt else THRESHOLD.get(ctx.opt_level, 150)
        changed = False
        for caller in _bottom_up(module):
            if not ctx.covers(caller):
                continue
            only_always = NO_INLINE_INTO in caller.attrs  # optimize("no-inline")
            budget = 8 * max(function_size(caller), 50)  # bound the growth of one caller
            work = [i for i in caller.insts() if isinstance(i, Call)]
            for call in work:
                callee = call.callee
                if not isinstance(callee, Function) or \
                        not inlinable(callee, caller, (ctx.opt_level, ctx.size_opt)):
                    continue
                size = function_size(callee)
                limit = threshold
                if callee.internal and _call_sites(callee) == 1:
                    limit += SINGLE_CALLER_BONUS
                if "always_inline" not in callee.attrs and (size > limit or size > budget
                                                            or only_always):
                    continue
                if inline_call(call, callee, module):
                    budget -= size
                    ctx.count("inline.calls")
                    changed = True
        if changed:
            _remove_dead_internal_functions(module)
        return changed


register(Inliner)


def _call_sites(fn: Function) -> int:
    return sum(1 for u in fn.uses if not u.is_debug)


def _bottom_up(module: Module) -> list[Function]:
    """Callees before callers (post-order of the call graph), so inlined bodies are final."""
    order: list[Function] = []
    seen: set[str] = set()

    def visit(fn: Function) -> None:
        stack = [(fn, iter(_callees(fn)))]
        seen.add(fn.name)
        while stack:
            f, it = stack[-1]
            for c in it:
                if c.name not in seen:
                    seen.add(c.name)
                    stack.append((c, iter(_callees(c))))
                    break
            else:
                stack.pop()
                order.append(f)

    for fn in module.functions.values():
        if fn.name not in seen:
            visit(fn)
    return order


def _callees(fn: Function) -> list[Function]:
    out: dict[str, Function] = {}
    for inst in fn.insts():
        if isinstance(inst, Call) and isinstance(inst.callee, Function):
            out.setdefault(inst.callee.name, inst.callee)
    return list(out.values())


def _remove_dead_internal_functions(module: Module) -> None:
    from ..ir import SymRef
    in_data = {it.name for g in module.globals.values() for it in (g.init or [])
               if isinstance(it, SymRef)}
    changed = True
    while changed:
        changed = False
        for name, fn in list(module.functions.items()):
            called = any(not u.is_debug for u in fn.uses)
            if fn.internal and name not in in_data and not fn.is_declaration and not called \
                    and not fn.attrs & {"used", "constructor", "destructor"}:
                delete_body(fn)
                del module.functions[name]
                changed = True

