"""Lowering of a checked GNU `asm` statement (`tree.Asm`, see `asm_stmt.py`): one
`InlineAsm` instruction plus the stores of its register outputs.

Debug info: the asm instruction is the key instruction of the statement's
atom; output stores carry the statement's location.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ir import VOID, InlineAsm, TupleType, Type
from .. import tree as T
from ..abi import scalar_ir_type
from ..ctype import ArrayT, is_volatile, unqual

if TYPE_CHECKING:
    from .module import IRGen


def lower_asm(g: IRGen, stmt: T.Asm) -> None:
    """One `InlineAsm` instruction, then the stores of its register outputs."""
    text, outs, ins, p = stmt.text, stmt.outs, stmt.ins, stmt.pos
    g.fs.ensure_open()
    constraints: list[str] = []
    operands = []
    out_addrs = []
    result_types: list[Type] = []
    with g.fs.b.atom_group():
        for o in outs:
            addr = g.exprs.addr_of(o.expr)
            out_addrs.append(addr)
            constraints.append(o.cons)
            if o.cons.endswith("m"):
                operands.append(addr)
            else:
                result_types.append(scalar_ir_type(o.expr.type))
        for o in ins:
            constraints.append(o.cons)
            if o.cons == "m":
                operands.append(_memory_input(g, o.expr))
            else:
                operands.append(g.exprs.value_of(o.expr))
        for i in stmt.hidden:  # the read half of `+` operands
            o = outs[i]
            if o.cons.endswith("m"):
                constraints.append("m")
                operands.append(out_addrs[i])
                continue
            constraints.append(str(i))
            with g.fs.at(o.pos):
                operands.append(g.exprs.load_scalar(o.expr.type, out_addrs[i]))
        ret: Type = VOID if not result_types else result_types[0] if len(result_types) == 1 \
            else TupleType(tuple(result_types))
        with g.fs.at(p):
            inst = InlineAsm(text, constraints, list(stmt.clobbers), operands, ret,
                             loc=g.fs.b.loc, side_effects=stmt.volatile)
            g.fs.b.insert(inst)
            g.fs.b.add_to_atom(inst)
            k = 0
            for i, o in enumerate(outs):
                if o.cons.endswith("m"):
                    continue
                v = inst if len(result_types) == 1 else g.fs.b.extract(inst, k)
                k += 1
                g.fs.b.store(v, out_addrs[i], volatile=is_volatile(o.expr.type))


def _memory_input(g: IRGen, e: T.Expr):
    """Address of a memory input: the object itself, or a temporary holding the value."""
    if e.lvalue or isinstance(unqual(e.type), ArrayT):
        return g.exprs.addr_of(e)
    v = g.exprs.value_of(e)
    t = e.type
    tmp = g.fs.temporary(max(t.size, 1), max(t.align, 1), escapes=True)
    g.fs.b.store(v, tmp)
    return tmp
