"""A variable whose value no location holds any more, while a register holds
that value plus a constant (`n = argc + 3` computed in argc's register, or
`lea 7(%rdi), %ebx` before %rdi is reused): the variable is described as that
register minus the constant, for as long as some location holds the sum (the
value numbering follows its copies and spills).

`add $k`, `sub $k` and `lea k(%base)` are exact wrap-around arithmetic, so the
low `bits` of register - k are the variable's value whenever the variable is
no wider than the add; a wider one (a `long` under an `addl`, whose upper half
the add cleared) is not described so, nor is a variable already described by
an expression (its ops would have to be composed).
"""

from __future__ import annotations

from collections.abc import Sequence

from ....dwarf.locexpr import Constu, LocExpr, Minus, PlusUconst
from ....ir.debuginfo import type_bits
from .machine import Value
from .model import MInstView, MLoc, VarKey

# value V -> the values W = V + k computed from it, with k and the add's width
Derived = dict[Value, list[tuple[Value, int, int]]]


def note_derived(derived: Derived, inst: MInstView, state: dict[MLoc, Value],
                 changed: Sequence[tuple[MLoc, Value | None]]) -> None:
    """Record the sum `inst` (just applied: `state` is after it, `changed` the
    previous values of what it wrote) computed from its base's value."""
    if inst.offset is None or not inst.defs:
        return
    base, k = inst.offset
    dst = inst.defs[0]
    before = dict(changed)
    v = before.get(base) if base in before else state.get(base)
    w = state.get(dst)
    if v is not None and w is not None and w != v and k:
        derived.setdefault(v, []).append((w, k, inst.offset_bits))


def undo_ops(var: VarKey, k: int, add_bits: int) -> LocExpr | None:
    """The ops turning V + k back into `var`'s value V, if `var` fits the add."""
    bits = var.fragment[1] if var.fragment is not None \
        else type_bits(getattr(var.var, "type", None))
    if not bits or bits > add_bits:
        return None
    return (Constu(k), Minus()) if k > 0 else (PlusUconst(-k),)
