"""Lowering of GNU labels as values (see `labelvalues.py`): each `goto *p` stores
`(long)p` into a hidden local and jumps to the function's one dispatch block, a
switch on that local to the address-taken labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ir import I64, DILocation, Switch
from .. import tree as T

if TYPE_CHECKING:
    from .module import IRGen


def computed_goto(gen: IRGen, s: T.ComputedGoto) -> None:
    """`goto *expr;`: store the target index and jump to the dispatch block."""
    fs = gen.fs
    fs.ensure_open()
    if fs.goto_slot is None:
        fs.goto_slot = fs.alloca(8, 8, "goto.target")
        fs.goto_dispatch = fs.new_block("computed.goto")
    assert fs.goto_dispatch is not None
    with fs.at(s.pos):
        v = gen.exprs.value_of(s.target)
        fs.b.store(v, fs.goto_slot)
        j = fs.b.jump(fs.goto_dispatch)
        fs.b.add_to_new_atom(j)


def finish_label_values(gen: IRGen, taken: dict[str, int]) -> None:
    """Emit the dispatch switch once every label of the function is known: `taken`
    maps each address-taken label to its index (sema checked they are defined)."""
    dispatch, slot = gen.fs.goto_dispatch, gen.fs.goto_slot
    if dispatch is None or slot is None:
        return
    cases = [(index, gen.stmts.label_block(name)) for name, index in taken.items()]
    body_end = gen.fs.b.block  # the body's last block, still open if it falls off the end
    gen.fs.start(dispatch)
    # The dispatch belongs to every `goto *` at once, so it is on line 0 of the
    # function: a debugger's `next` from a `goto *` goes straight on to the target
    # label's line, and (in the function's scope) it stays inside an inlined copy.
    assert gen.fs.sp is not None
    line0 = DILocation(0, 0, gen.fs.sp)
    with gen.fs.b.at(line0):
        if not cases:  # `goto *p` with no label taken: nowhere it may go
            gen.fs.b.unreachable()
        else:
            v = gen.fs.b.load(I64, slot)
            dispatch.append(Switch(v, cases[0][1], cases, loc=line0))
    if body_end is not None:
        gen.fs.b.position_at_end(body_end)
