"""Inlining: the callee's body replaces the call, with inlined-at chains on its
locations and records, its atoms kept distinct per inlined instance."""

from __future__ import annotations

from atomc.ir import (
    ARTIFICIAL,
    EMPTY_EXPR, I32, Builder, Call, Const, DbgKind, DbgRecord, DIBasicType, DICompileUnit,
    DIFile, DILocalVariable, DILocation, DISubprogram, DISubroutineType, Function, Module, Op,
    Ret,
)
from atomc.opt.inline import Inliner, inlined_at_chain
from atomc.opt.passmanager import PassContext

F = DIFile("t.c", "/tmp")
CU = DICompileUnit(F, "t", "C11", True)
INT = DIBasicType("int", 32, "signed")
SQ = DISubprogram("sq", "sq", F, 1, DISubroutineType(INT, (INT,)), 1, CU, is_local=True,
                  key_instructions=True)
MAIN = DISubprogram("main", "main", F, 5, DISubroutineType(INT, ()), 5, CU,
                    key_instructions=True)


def build() -> tuple[Module, Function, Function, DILocalVariable]:
    """static int sq(int v) { return v * v; }  int main(void) { return sq(3) + sq(4); }"""
    m = Module("t.c")
    sq = m.add_function(Function("sq", [I32], [I32], internal=True))
    sq.subprogram = SQ
    v = DILocalVariable("v", SQ, F, 1, INT, arg=1)
    b = Builder(sq, ARTIFICIAL)
    b.position_at_end(sq.add_block())
    with b.at(DILocation(1, 30, SQ)):
        mul = b.binary(Op.MUL, sq.args[0], sq.args[0])
        mul.add_dbg_record(DbgRecord(DbgKind.NEW, v, sq.args[0], EMPTY_EXPR,
                                     loc=DILocation(1, 20, SQ)))
        ret = b.ret([mul])
    mul.loc = mul.loc.with_atom(1, 2)
    ret.loc = ret.loc.with_atom(1, 1)
    main = m.add_function(Function("main", [], [I32]))
    main.subprogram = MAIN
    b = Builder(main, ARTIFICIAL)
    b.position_at_end(main.add_block())
    with b.at(DILocation(6, 12, MAIN)):
        c1 = b.call(sq, [Const(I32, 3)], I32)
    with b.at(DILocation(6, 20, MAIN)):
        c2 = b.call(sq, [Const(I32, 4)], I32)
    with b.at(DILocation(6, 5, MAIN)):
        s = b.binary(Op.ADD, c1, c2)
        b.ret([s])
    return m, sq, main, v


def test_calls_are_replaced_and_dead_static_callee_removed() -> None:
    m, sq, main, _ = build()
    assert Inliner().run(m, PassContext(m, opt_level=2))
    assert not any(isinstance(i, Call) for i in main.insts())
    assert "sq" not in m.functions
    rets = [i for i in main.insts() if isinstance(i, Ret)]
    assert len(rets) == 1  # only main's own return is left
    add = rets[0].operand(0)
    assert add.op is Op.ADD
    # both operands are the continuation blocks' parameters fed by the inlined multiplies
    muls = [i for i in main.insts() if i.op is Op.MUL]
    assert len(muls) == 2
    assert [m.operand(0).value for m in muls] == [3, 4]


def test_inlined_locations_carry_the_call_site() -> None:
    m, _, main, v = build()
    Inliner().run(m, PassContext(m, opt_level=2))
    muls = [i for i in main.insts() if i.op is Op.MUL]
    sites = [mu.loc.inlined_at for mu in muls]
    assert [(s.line, s.column, s.scope) for s in sites] == [(6, 12, MAIN), (6, 20, MAIN)]
    assert all(s.atom_group == 0 for s in sites)  # the site carries no atom
    # atoms are kept; the two instances differ by inlined-at
    assert [(mu.loc.atom_group, mu.loc.atom_rank) for mu in muls] == [(1, 2), (1, 2)]
    assert muls[0].loc.scope is SQ and muls[0].loc.line == 1
    # the parameter's record now describes an inlined instance with the actual argument
    recs = [r for i in main.insts() for r in i.dbg_records]
    assert [(r.var, r.value.value, r.loc.inlined_at.column) for r in recs] == [
        (v, 3, 12), (v, 4, 20)]


def test_inlined_at_chain_nests() -> None:
    inner_site = DILocation(2, 3, SQ)
    loc = DILocation(9, 1, MAIN, inlined_at=inner_site)
    outer = DILocation(7, 7, MAIN)
    got = inlined_at_chain(loc, outer)
    assert got.inlined_at.inlined_at == outer and got.inlined_at.line == 2


def test_noinline_is_respected() -> None:
    m, sq, main, _ = build()
    sq.attrs.add("noinline")
    assert not Inliner().run(m, PassContext(m, opt_level=3))
    assert sum(isinstance(i, Call) for i in main.insts()) == 2
