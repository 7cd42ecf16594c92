"""Loop rotation, jump threading and unrolling: same results as before (checked
with the IR interpreter), each copy of an atom with its own group, value
records rebuilt."""

from __future__ import annotations

import pytest

from atomc.ir import (
    ARTIFICIAL,
    DEREF_EXPR, I1, I32, Builder, Const, DbgKind, DbgRecord, DIBasicType, DICompileUnit, DIFile,
    DILocalVariable, DILocation, DISubprogram, DISubroutineType, Function, Module, Op,
)
from atomc.ir.interp import run_function
from atomc.ir.loops import LoopInfo
from atomc.opt.loop_passes import JumpThreading, LoopRotate, LoopUnroll, constant_trip_count
from atomc.opt.mem2reg import Mem2Reg
from atomc.opt.passmanager import PassContext

F = DIFile("t.c", "/tmp")
CU = DICompileUnit(F, "t", "C11", True)
INT = DIBasicType("int", 32, "signed")
SP = DISubprogram("f", "f", F, 1, DISubroutineType(INT, (INT,)), 1, CU, key_instructions=True)


def counted_loop(trips: int = 5, ivar: DILocalVariable | None = None
                 ) -> tuple[Module, Function, DILocalVariable]:
    """int f(int n) { int s = 0; for (int i = 0; i < TRIPS; i++) s += i * n; return s; }
    (`ivar`: also describe `i`)."""
    m = Module("t.c")
    fn = m.add_function(Function("f", [I32], [I32]))
    fn.subprogram = SP
    svar = DILocalVariable("s", SP, F, 1, INT)
    b = Builder(fn, ARTIFICIAL)
    entry, head, body, done = (fn.add_block(n) for n in ("entry", "head", "body", "done"))
    b.position_at_end(entry)
    with b.at(DILocation(1, 20, SP)):
        s, i = b.alloca(4, 4, "s"), b.alloca(4, 4, "i")
        st = b.store(Const(I32, 0), s)
        st.add_dbg_record(DbgRecord(DbgKind.NEW, svar, s, DEREF_EXPR, loc=DILocation(1, 20, SP)))
        sti = b.store(Const(I32, 0), i)
        if ivar is not None:
            sti.add_dbg_record(DbgRecord(DbgKind.NEW, ivar, i, DEREF_EXPR,
                                         loc=DILocation(1, 30, SP)))
        b.jump(head)
    b.position_at_end(head)
    with b.at(DILocation(1, 40, SP)):
        c = b.cmp("slt", b.load(I32, i), Const(I32, trips))
        br = b.branch(c, body, done)
    c.loc, br.loc = c.loc.with_atom(1, 1), br.loc.with_atom(2, 1)
    b.position_at_end(body)
    with b.at(DILocation(1, 60, SP)):
        prod = b.binary(Op.MUL, b.load(I32, i), fn.args[0])
        add = b.binary(Op.ADD, b.load(I32, s), prod)
        b.store(add, s)
    add.loc = add.loc.with_atom(3, 2)
    with b.at(DILocation(1, 50, SP)):
        inc = b.binary(Op.ADD, b.load(I32, i), Const(I32, 1))
        b.store(inc, i)
        b.jump(head)
    inc.loc = inc.loc.with_atom(4, 2)
    b.position_at_end(done)
    with b.at(DILocation(1, 70, SP)):
        b.ret([b.load(I32, s)])
    m.atoms.next_group = 5
    Mem2Reg().run(fn, PassContext(m))
    return m, fn, svar


def results(m: Module) -> list[int]:
    return [run_function(m, "f", [n]).value for n in (0, 1, 7, -3)]


def test_trip_count_of_counted_loop() -> None:
    m, fn, _ = counted_loop(5)
    loop = LoopInfo(fn).loops[0]
    assert constant_trip_count(loop, fn) == 5


def test_rotation_keeps_results_and_moves_the_test_to_the_bottom() -> None:
    m, fn, _ = counted_loop()
    before = results(m)
    assert LoopRotate().run(fn, PassContext(m, opt_level=2))
    assert results(m) == before
    loops = LoopInfo(fn).loops
    assert len(loops) == 1
    # the header (former body) no longer exits; the latch does
    assert all(loops[0].contains(s) for s in loops[0].header.successors)
    # the two copies of the loop test carry different atom groups
    cmps = [i for i in fn.insts() if i.op is Op.ICMP]
    assert len(cmps) == 2 and cmps[0].loc.atom_group != cmps[1].loc.atom_group


@pytest.mark.parametrize("trips", [1, 3, 5, 8])
def test_full_unroll_keeps_results_and_gives_every_copy_fresh_atoms(trips: int) -> None:
    m, fn, _ = counted_loop(trips)
    before = results(m)
    ctx = PassContext(m, opt_level=2)
    assert LoopUnroll().run(fn, ctx)
    assert results(m) == before
    adds = [i for i in fn.insts() if i.op is Op.ADD and i.loc is not None and i.loc.column == 60]
    assert len(adds) == trips + 1
    groups = [a.loc.atom_group for a in adds]
    assert len(set(groups)) == len(groups)  # one group per copy
    assert all(a.loc.atom_rank == 2 for a in adds)  # ranks never change


def test_zero_trip_loop_is_left_to_constant_folding() -> None:
    m, fn, _ = counted_loop(0)
    assert not LoopUnroll().run(fn, PassContext(m, opt_level=2))


def test_unrolled_copies_get_value_records() -> None:
    m, fn, svar = counted_loop(3)
    LoopUnroll().run(fn, PassContext(m, opt_level=2))
    recs = [r for i in fn.insts() for r in i.dbg_records if r.var is svar]
    assert all(r.kind is DbgKind.NEW and not r.expr.is_deref for r in recs)
    adds = {id(i) for i in fn.insts() if i.op is Op.ADD and i.loc and i.loc.column == 60}
    # every copy of `s += ...` is described by a record
    assert adds <= {id(r.value) for r in recs}


def test_jump_threading_on_constant_argument() -> None:
    """f(n): b = n > 3; join(b): if (b) return 10; return 20 -- with a constant path."""
    m = Module("t.c")
    fn = m.add_function(Function("f", [I32], [I32]))
    b = Builder(fn, ARTIFICIAL)
    entry, other, join, yes, no = (fn.add_block() for _ in range(5))
    b.position_at_end(entry)
    c = b.cmp("sgt", fn.args[0], Const(I32, 3))
    b.branch(c, other, join)
    fn.entry.terminator.succs[1].args  # the false edge passes a constant below
    b.position_at_end(other)
    b.jump(join, [Const(I1, 1)])
    p = join.add_param(I1)
    # the entry's false edge: rebuild as a jump through a forwarding block passing 0
    fwd = fn.add_block()
    fn.entry.terminator.succs[1].block = fwd
    b.position_at_end(fwd)
    b.jump(join, [Const(I1, 0)])
    b.position_at_end(join)
    b.branch(p, yes, no)
    b.position_at_end(yes)
    b.ret([Const(I32, 10)])
    b.position_at_end(no)
    b.ret([Const(I32, 20)])
    before = results(m)
    assert JumpThreading().run(fn, PassContext(m, opt_level=2))
    assert results(m) == before
    assert join not in fn.blocks


def test_rotation_gives_the_exit_join_a_record_of_the_merged_value() -> None:
    """After rotation the loop exit is reached from the guard and from the latch
    with different values of `s`: the join needs its own record of the merged
    value, or the variable would be optimised out (or stale) after the loop."""
    m, fn, svar = counted_loop()
    LoopRotate().run(fn, PassContext(m, opt_level=2))
    exit_block = next(b for b in fn.blocks if b.terminator is not None
                      and b.terminator.op is Op.RET)
    assert exit_block.params
    first = exit_block.insts[0]
    assert any(r.var is svar and r.value in exit_block.params for r in first.dbg_records)


def test_rotation_keeps_a_join_record_for_every_header_parameter() -> None:
    """The header has a parameter (and a join record) for both `s` and `i`; demoting
    the first puts its store in front of the records, and the second's record must
    still be carried: after rotation the new loop header records both variables,
    once each."""
    ivar = DILocalVariable("i", SP, F, 1, INT)
    m, fn, svar = counted_loop(ivar=ivar)
    before = results(m)
    LoopRotate().run(fn, PassContext(m, opt_level=2))
    assert results(m) == before
    loop = LoopInfo(fn).innermost_first()[0]
    head = loop.header
    assert len(head.params) == 2
    recs = [r for inst in head.insts for r in inst.dbg_records if r.value in head.params]
    assert sorted(r.var.name for r in recs) == ["i", "s"]
