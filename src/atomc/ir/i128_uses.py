"""Does a module hold any i128? Asked before instruction selection on every
compile, so it lives apart from the legaliser (`opt/legalize_i128.py`), which only
a module with an i128 value imports (with the instruction combiner and the pass
manager it is built on), and outside the optimiser's package: a compile at -O0
loads none of it (with the compiled copy, not its library either)."""

from __future__ import annotations

from typing import Final

from .function import Function, Module
from .insts import Op
from .types import IntType, Type

# instructions that may read an i128 without producing one (every other reader of
# an i128 is itself i128-typed, or reads one that an i128 instruction defines;
# Final: the compiled copy reads it without a module dict lookup per instruction)
_READERS: Final = frozenset({Op.ICMP, Op.STORE, Op.CALL, Op.RET, Op.SWITCH, Op.TRUNC,
                             Op.INTTOPTR, Op.SITOFP, Op.UITOFP, Op.ASM, Op.MEMSET})


# (`type(t) is`: a native test in the compiled copy, where `t.__class__` is a
# generic attribute lookup)
def _wide(t: Type) -> bool:
    return type(t) is IntType and t.bits == 128


def module_uses_i128(module: Module) -> bool:
    """Does any signature, value or operand of `module` have type i128?"""
    return any(function_uses_i128(fn) for fn in module.functions.values())


def function_uses_i128(fn: Function) -> bool:
    """Does `fn`'s signature, or any value or operand of its body, have type i128? (Run
    on every compilation, so it looks at operands only where an i128 can hide: a
    constant read by an instruction of another type.)"""
    if any(_wide(t) for t in fn.param_types) or any(_wide(t) for t in fn.ret_types):
        return True
    for b in fn.blocks:
        if any(_wide(p.ty) for p in b.params):
            return True
        for inst in b.insts:  # written out: this loop is on every compile's path
            ty = inst.ty
            if type(ty) is IntType and ty.bits == 128:
                return True
            if inst.op in _READERS:
                for u in inst.operands:
                    ty = u.value.ty
                    if type(ty) is IntType and ty.bits == 128:
                        return True
    return False
