"""GNU labels as values (`&&label`, `goto *p`, static tables of label addresses),
lowered in the front end so the IR and back end need nothing new.

The "address" of a label is its index (1, 2, ...) among the address-taken labels
of its function, as a `void *` constant; every `goto *p` of a function stores
`(long)p` into a hidden local and jumps to one dispatch block, which switches on
it to the labels. The optimiser sees an ordinary switch (mem2reg turns the local
into a block parameter), so a threaded interpreter compiles like its `switch`
form. As GCC documents, such values are only meaningful for jumping within the
same function; comparing and storing them works, and a debugger shows the index
where GCC's build would show a code address.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .ctype import LONG, VOID, PointerT, is_pointer

if TYPE_CHECKING:
    from ..ir.function import Block
    from ..ir.insts import Inst
    from .lower.module import IRGen
    from .scopes import Pos
    from .sema import Sema


class LabelValues:
    """The address-taken labels and computed gotos of the function being compiled."""

    __slots__ = ("dispatch", "slot", "taken")

    def __init__(self) -> None:
        self.taken: dict[str, tuple[int, Pos]] = {}  # label -> (index, first `&&label`)
        self.slot: Inst | None = None        # the hidden local `goto *` stores into
        self.dispatch: Block | None = None   # the block switching on it


def label_address(sema: Sema, node: c_ast.UnaryOp, p: Pos) -> T.Expr:
    """The value of `&&label`: a `void *` constant usable in static initialisers."""
    name = node.expr.name
    if sema.function is None:
        sema.error(p, f"label address '&&{name}' is not in a function")
        return sema.exprs.bad(p)
    taken = sema.label_values.taken
    index = taken.setdefault(name, (len(taken) + 1, p))[0]
    return T.Cast(T.IntConst(index, LONG, p), PointerT(VOID), p, True)


def computed_goto(gen: IRGen, node: c_ast.Node) -> None:
    """`goto *expr;`: store the target index and jump to the dispatch block."""
    gen.fs.ensure_open()
    sema = gen.sema
    p = sema.pos(node)
    target = sema.conv.value(sema.exprs.expr(node.expr))
    if not is_pointer(target.type):
        sema.error(p, f"computed goto must be pointer type (operand is '{target.type}')")
        return
    lv = sema.label_values
    if lv.slot is None:
        lv.slot = gen.fs.alloca(8, 8, "goto.target")
        lv.dispatch = gen.fs.new_block("computed.goto")
    assert lv.dispatch is not None
    with gen.fs.at(p):
        v = gen.exprs.value_of(sema.conv.cast(target, LONG, explicit=True))
        gen.fs.b.store(v, lv.slot)
        j = gen.fs.b.jump(lv.dispatch)
        gen.fs.b.add_to_new_atom(j)


def finish_label_values(gen: IRGen) -> None:
    """Emit the dispatch switch once every label of the function is known, and check
    that each address-taken label is defined."""
    lv = gen.sema.label_values
    for name, (_, p) in lv.taken.items():
        gen.fs.labels_used.setdefault(name, p)
    if lv.dispatch is None or lv.slot is None:
        return
    from ..ir.debuginfo import DILocation
    from ..ir.insts import Switch
    from ..ir.types import I64

    cases = [(index, gen.stmts.label_block(name)) for name, (index, _) in lv.taken.items()]
    body_end = gen.fs.b.block  # the body's last block, still open if it falls off the end
    gen.fs.start(lv.dispatch)
    # The dispatch belongs to every `goto *` at once, so it is on line 0 of the
    # function: a debugger's `next` from a `goto *` goes straight on to the target
    # label's line, and (in the function's scope) it stays inside an inlined copy.
    line0 = DILocation(0, 0, gen.fs.sp)
    with gen.fs.b.at(line0):
        if not cases:  # `goto *p` with no label taken: nowhere it may go
            gen.fs.b.unreachable()
        else:
            v = gen.fs.b.load(I64, lv.slot)
            lv.dispatch.append(Switch(v, cases[0][1], cases, loc=line0))
    if body_end is not None:
        gen.fs.b.position_at_end(body_end)
