"""Global value numbering by dominator-tree walk (common subexpression elimination).

Pure instructions (arithmetic, comparisons, casts, `ptradd`, `select`,
`extract`; not `alloca`, which makes a new object each time) are numbered by
opcode, type, attributes and operands (sorted for commutative ops) in a
scoped table: an instruction equal to one in a dominating position is
replaced by it. A non-volatile load from the same pointer with the same type
as an earlier load, or as an earlier store's value, is replaced by that value
as long as no store, call, memcpy, memset or va_start came in between: within
a block, and from a block into a successor whose only predecessor it is (the
arms of an `if`: the memory they start with is the memory the branch left),
so a diamond that re-reads `a[j]` reads it once.

Arithmetic is numbered without its `nsw` flag; the survivor of a merge keeps
`nsw` only if both instructions had it.

Debug info: when two instructions are unified, the survivor's location
becomes `merge_locations(survivor, removed, module.atoms)` (the Key
Instructions merge rules: same line keeps an atom, different lines give
line 0 without one), so LOCS is not claimed. The removed instruction's
records follow the survivor through `replace_all_uses_with`; forwarding a
stored value leaves every location alone. (VALUES, SCOPES kept.)
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import (
    MEMORY_WRITERS,
    Binary,
    Block,
    Cast,
    Cmp,
    Const,
    Extract,
    Function,
    Inst,
    Load,
    Module,
    Op,
    Store,
    Value,
)
from ..ir.dominators import dominators_of_function
from ..ir.locations import merge_locations
from ..ir.rewrite import erase, replace_value
from ..ir.wide import Wide
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

# (id(pointer), type) -> the value in memory there
_Avail = dict[tuple[int, str], Value]
# loads carried into a successor at most (a bound on the copying per block)
_MAX_CARRIED = 64


def _operand_key(v: Value) -> tuple[int, object, object]:
    if isinstance(v, Const):
        return (0, str(v.ty), v.identity())
    return (1, id(v), 0)


def value_key(inst: Inst) -> tuple[object, ...] | None:
    """The value number of a pure instruction, or None if it must not be merged."""
    info = inst.info
    if not info.pure or inst.op is Op.ALLOCA or info.terminator:
        return None
    ops = [_operand_key(u.value) for u in inst.operands]
    if info.commutative:
        ops.sort()
    extra: object = None
    if isinstance(inst, Cmp):
        extra = inst.pred
    elif isinstance(inst, Extract):
        extra = inst.index
    elif isinstance(inst, Cast):
        extra = str(inst.ty)
    elif isinstance(inst, Wide):
        extra = inst.mnemonic
    return (inst.op, str(inst.ty), extra, *ops)


class GVN(FunctionPass):
    """Dominator-scoped CSE and block-local redundant load elimination."""

    name: ClassVar[str] = "gvn"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, fn: Function, ctx: PassContext) -> bool:
        module = fn.module
        assert module is not None, "gvn needs the module's atom counter"
        dom = dominators_of_function(fn)
        preds = fn.predecessors()
        table: dict[tuple[object, ...], Inst] = {}
        changed = False
        # preorder walk; each frame undoes the table entries it added and carries the
        # memory contents its block starts with
        stack: list[tuple[Block, bool, list[tuple[object, ...]], _Avail]] = [
            (dom.entry, False, [], {})]
        while stack:
            block, done, added, avail = stack.pop()
            if done:
                for k in added:
                    del table[k]
                continue
            mine: list[tuple[object, ...]] = []
            changed |= self._block(block, table, mine, avail, module, ctx)
            stack.append((block, True, mine, {}))
            heirs = [c for c in dom.children[block] if all(p is block for p in preds[c])]
            for child in reversed(dom.children[block]):
                inherit: _Avail = {}
                if child in heirs and len(avail) <= _MAX_CARRIED:
                    # the last heir takes the dict itself: a chain copies nothing
                    inherit = avail if child is heirs[-1] else dict(avail)
                stack.append((child, False, [], inherit))
        return changed

    def _block(self, block: Block, table: dict[tuple[object, ...], Inst],
               added: list[tuple[object, ...]], avail: _Avail, module: Module,
               ctx: PassContext) -> bool:
        """Number `block`'s instructions; `avail` holds the memory contents it starts
        with and is updated to those it ends with."""
        changed = False
        for inst in list(block.insts):
            if isinstance(inst, Load) and not inst.volatile:
                k = (id(inst.ptr), str(inst.ty))
                prev = avail.get(k)
                if prev is not None:
                    if isinstance(prev, Load):
                        self._merge_loc(prev, inst, module)
                    replace_value(inst, prev)
                    erase(inst)
                    ctx.count("gvn.loads")
                    changed = True
                else:
                    avail[k] = inst
                continue
            if inst.op in MEMORY_WRITERS:  # values in escaped memory are reloaded after them
                avail.clear()
                if isinstance(inst, Store) and not inst.volatile:
                    avail[(id(inst.ptr), str(inst.value.ty))] = inst.value
                continue
            key = value_key(inst)
            if key is None:
                continue
            prev_inst = table.get(key)
            if prev_inst is None:
                table[key] = inst
                added.append(key)
                continue
            self._merge_loc(prev_inst, inst, module)
            if isinstance(prev_inst, Binary):  # the survivor promises only what both did
                prev_inst.nsw = prev_inst.nsw and inst.nsw  # type: ignore[attr-defined]
            replace_value(inst, prev_inst)
            erase(inst)
            ctx.count("gvn.cse")
            changed = True
        return changed

    @staticmethod
    def _merge_loc(survivor: Inst, removed: Inst, module: Module) -> None:
        survivor.loc = merge_locations(survivor.loc, removed.loc, module.atoms)


register(GVN)
