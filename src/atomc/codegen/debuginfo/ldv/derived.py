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
`long` under an `addl`, whose upper half the add cleared) is not described so;
one already described by an expression over the value gets the link's ops, then
its own, where the link is exact in the bits its own read (compose.py). Value
numbering counts a narrow move (`movl` into a register or a spill slot) as a
copy, so a value's holders may agree with it in their low 32 bits only
(widths.py): a link is exact in no more bits than the instruction's source
agreed with its value, and is read only from a holder that agrees in the bits
its ops read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ....dwarf.locexpr import LocExpr
from ....ir.debuginfo import type_bits
from .machine import Value
from .model import MInstView, MLoc, VarKey

CHAIN = 3  # instructions followed back from a value to what it was computed from


@dataclass(frozen=True, slots=True)
class Link:
    """The value `other` gives the variable's value through `ops`, exact in the
    low `bits`, from a holder of `other` right in its low `need` bits."""

    other: Value
    ops: LocExpr
    bits: int
    need: int

    # written out, not generated: see codegen/mir/core.py
    def __init__(self, other: Value, ops: LocExpr, bits: int, need: int) -> None:
        object.__setattr__(self, "other", other)
        object.__setattr__(self, "ops", ops)
        object.__setattr__(self, "bits", bits)
        object.__setattr__(self, "need", need)


@dataclass
class Derived:
    """The links noted so far in the walk: V -> the results computed from it that
    give it back (backwards), and V -> what it was computed from (forwards)."""

    back: dict[Value, list[Link]] = field(default_factory=dict)
    forth: dict[Value, Link] = field(default_factory=dict)

    def links(self, v: Value) -> list[Link]:
        """Ways to `v`: the inverse ones first, then what it was computed from and,
        through up to `CHAIN` instructions, what that was computed from (`s = a >> 2`
        sign-extended for a call: the extension's source, then a itself), each
        followed by the results that give that source back, as long as each step
        is exact in the bits the next one reads."""
        out = list(self.back.get(v, ()))
        link = self.forth.get(v)
        for _ in range(CHAIN):
            if link is None:
                break
            out.append(link)
            # what that was computed from, given back by a result still held
            # (`p.x = argc + 2` after argc's register took `argc + 0x6a`, with
            # `argc + 1` in a saved register: that, minus 1, plus 2)
            out += [Link(b.other, b.ops + link.ops, link.bits, b.need)
                    for b in self.back.get(link.other, ()) if b.bits >= link.need]
            g = self.forth.get(link.other)
            if g is None or g.bits < link.need:
                break
            link = Link(g.other, g.ops + link.ops, link.bits, g.need)
        return out


def note_derived(derived: Derived, inst: MInstView, state: dict[MLoc, Value],
                 changed: Sequence[tuple[MLoc, Value | None]],
                 agree: Callable[[MLoc, Value], int]) -> None:
    """Record what `inst` (just applied: `state` is after it, `changed` the
    previous values of what it wrote) computed from the register it read;
    `agree(loc, v)`: in how many low bits `loc` held `v` before `inst`."""
    d = inst.derive
    if d is None:
        return
    before = dict(changed)
    v = before.get(d.src) if d.src in before else state.get(d.src)
    w = state.get(d.dst)
    if v is None or w is None or w == v:
        return
    src_bits = agree(d.src, v)  # what the instruction read of v
    if d.undo is not None and (bits := min(d.undo_bits, src_bits)):
        derived.back.setdefault(v, []).append(Link(w, d.undo, bits, bits))
    if d.reads is None and (bits := min(d.bits, src_bits)):
        derived.forth[w] = Link(v, d.ops, bits, bits)
    elif d.reads is not None and src_bits >= d.reads:
        derived.forth[w] = Link(v, d.ops, d.bits, d.reads)


def fits(var: VarKey, bits: int) -> bool:
    """`var`'s value lies in the low `bits` of a 64-bit DWARF value."""
    width = var.fragment[1] if var.fragment is not None \
        else type_bits(getattr(var.var, "type", None))
    return width is not None and 0 < width <= bits
