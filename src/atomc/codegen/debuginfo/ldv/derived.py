"""A variable whose value no location holds any more, described through a
value some location still holds that an instruction computed from it or it
from (codegen/debuginfo/derivations.py says what each instruction computes):

- backwards: a register holds `W = f(V)` for an invertible `f` (`n = argc + 3`
  computed in argc's register, `lea 7(%rdi), %ebx`, `xorl $k`, a zero or sign
  extension of a narrow variable): the variable is `f`'s undo ops applied to
  that register, in the low bits `f` keeps;
- forwards: the variable's value `V = f(W)` was computed from a value `W` still
  held (`x = (unsigned char)c`, `y = a >> 3` with `a` still in a register):
  the variable is `f`'s ops applied to that holder.

Both hold for as long as some location holds the other value (the value
numbering follows its copies and spills). Either is used only where it is exact
in the variable's bits: a variable wider than the bits the ops get right (a
`long` under an `addl`, whose upper half the add cleared) is not described so,
nor is one already described by an expression (its ops would have to be
composed), and ops that read the whole source never read a spill slot (a
narrow spill leaves its upper bytes stale).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ....dwarf.locexpr import LocExpr
from ....ir.debuginfo import type_bits
from .machine import Value
from .model import MInstView, MLoc, VarKey


@dataclass(frozen=True, slots=True)
class Link:
    """The value `other` gives the variable's value through `ops`, exact in the
    low `bits`; `exact`: `ops` read all 64 bits of `other`."""

    other: Value
    ops: LocExpr
    bits: int
    exact: bool = False


@dataclass
class Derived:
    """The links noted so far in the walk: V -> the results computed from it that
    give it back (backwards), and V -> what it was computed from (forwards)."""

    back: dict[Value, list[Link]] = field(default_factory=dict)
    forth: dict[Value, Link] = field(default_factory=dict)

    def links(self, v: Value) -> list[Link]:
        """Ways to `v`, the inverse ones (older practice) first."""
        out = list(self.back.get(v, ()))
        f = self.forth.get(v)
        if f is not None:
            out.append(f)
        return out


def note_derived(derived: Derived, inst: MInstView, state: dict[MLoc, Value],
                 changed: Sequence[tuple[MLoc, Value | None]]) -> None:
    """Record what `inst` (just applied: `state` is after it, `changed` the
    previous values of what it wrote) computed from the register it read."""
    d = inst.derive
    if d is None:
        return
    before = dict(changed)
    v = before.get(d.src) if d.src in before else state.get(d.src)
    w = state.get(d.dst)
    if v is None or w is None or w == v:
        return
    if d.undo is not None:
        derived.back.setdefault(v, []).append(Link(w, d.undo, d.undo_bits))
    derived.forth[w] = Link(v, d.ops, d.bits, d.needs_exact)


def fits(var: VarKey, bits: int) -> bool:
    """`var`'s value lies in the low `bits` of a 64-bit DWARF value."""
    width = var.fragment[1] if var.fragment is not None \
        else type_bits(getattr(var.var, "type", None))
    return bool(width) and width <= bits
