"""Induction-variable strength reduction, checked with the IR interpreter."""

from __future__ import annotations

import struct

from atomc.ir import (
    ARTIFICIAL,
    I32, I64, PTR, Builder, Const, DbgKind, DbgRecord, DIBasicType, DICompileUnit, DIFile,
    DILocalVariable, DILocation, DISubprogram, DISubroutineType, EMPTY_EXPR, Function, Global,
    Module, Op,
)
from atomc.ir.interp import run_function
from atomc.ir.loops import LoopInfo
from atomc.opt.ivsr import IVStrengthReduce
from atomc.opt.passmanager import PassContext

F = DIFile("t.c", "/tmp")
CU = DICompileUnit(F, "t", "C11", True)
INT = DIBasicType("int", 32, "signed")
SP = DISubprogram("f", "f", F, 1, DISubroutineType(INT, (INT,)), 1, CU)


def build(nsw: bool = True) -> tuple[Module, Function, DILocalVariable]:
    """int g[10]; int f(int k) { int s = 0; for (int i = 0; i < 10; i++) s += g[i] + i * k*3; }
    (`nsw`: `i` is a signed int compiled without -fwrapv, so `i++` is `add nsw`)"""
    m = Module("t.c")
    data = struct.pack("<10i", *[3 * x - 7 for x in range(10)])
    g = m.add_global(Global("g", 40, 4, [data]))
    fn = m.add_function(Function("f", [I32], [I32]))
    fn.subprogram = SP
    off_var = DILocalVariable("off", SP, F, 1, DIBasicType("long", 64, "signed"))
    b = Builder(fn, ARTIFICIAL)
    entry, head, body, done = (fn.add_block() for _ in range(4))
    b.position_at_end(entry)
    b.jump(head, [Const(I32, 0), Const(I32, 0)])
    i, s = head.add_param(I32), head.add_param(I32)
    b.position_at_end(head)
    b.branch(b.cmp("slt", i, Const(I32, 10)), body, done)
    b.position_at_end(body)
    with b.at(DILocation(3, 1, SP)):
        wide = b.cast(Op.SEXT, i, I64)
        off = b.binary(Op.MUL, wide, Const(I64, 4))
        off.add_dbg_record(DbgRecord(DbgKind.NEW, off_var, off, EMPTY_EXPR,
                                     loc=DILocation(3, 1, SP)))
        elem = b.load(I32, b.ptradd(g, off))
        tri = b.binary(Op.MUL, i, Const(I32, 3))
        t = b.binary(Op.MUL, tri, fn.args[0])
        s2 = b.binary(Op.ADD, s, b.binary(Op.ADD, elem, t))
    with b.at(DILocation(2, 30, SP)):
        i2 = b.binary(Op.ADD, i, Const(I32, 1))
        i2.nsw = nsw  # type: ignore[attr-defined]
        b.jump(head, [i2, s2])
    b.position_at_end(done)
    b.ret([s])
    return m, fn, off_var


def test_reduces_and_keeps_results() -> None:
    m, fn, _ = build()
    before = [run_function(m, "f", [k]).value for k in (0, 1, -4, 9)]
    assert IVStrengthReduce().run(fn, PassContext(m, opt_level=2))
    after = [run_function(m, "f", [k]).value for k in (0, 1, -4, 9)]
    assert after == before
    loop = LoopInfo(fn).loops[0]
    loop_muls = [i for b in loop.blocks for i in b.insts
                 if i.op is Op.MUL and i.operand(1) is not fn.args[0]]
    # `i * 3` and `sext(i) * 4` are gone from the loop; only `tri * k` remains a multiply
    assert [x for x in loop_muls if x.op is Op.MUL and x.operand(0) in loop.header.params] == []
    assert len(loop.header.params) >= 3


def test_record_of_reduced_value_follows_the_new_induction_variable() -> None:
    m, fn, off_var = build()
    IVStrengthReduce().run(fn, PassContext(m, opt_level=2))
    recs = [r for i in fn.insts() for r in i.dbg_records if r.var is off_var]
    assert len(recs) == 1
    v = recs[0].value
    assert v in fn.blocks[1].params  # the new integer induction variable, same value


def test_address_without_records_becomes_a_pointer_induction_variable() -> None:
    m, fn, off_var = build()
    for inst in fn.insts():
        for r in list(inst.dbg_records):
            r.detach()
    before = [run_function(m, "f", [k]).value for k in (2, 5)]
    IVStrengthReduce().run(fn, PassContext(m, opt_level=2))
    assert [run_function(m, "f", [k]).value for k in (2, 5)] == before
    head = fn.blocks[1]
    assert any(p.ty == PTR for p in head.params)


def test_sign_extended_counter_that_may_wrap_is_left_alone() -> None:
    """Without nsw on `i++` (an unsigned counter read as int, or -fwrapv) `sext(i) * 4`
    is not a 64-bit induction variable: it jumps back when i wraps. Only `i * 3`,
    exact in 32-bit wrap-around arithmetic, is reduced."""
    m, fn, _ = build(nsw=False)
    assert IVStrengthReduce().run(fn, PassContext(m, opt_level=2))  # i * 3 still goes
    loop = LoopInfo(fn).loops[0]
    assert any(i.op is Op.MUL and i.ty == I64 and i.operand(0).op is Op.SEXT
               for b in loop.blocks for i in b.insts)
    assert not any(p.ty == PTR for p in loop.header.params)


def test_wrapping_counter_keeps_its_values() -> None:
    """for (unsigned u = 0x7ffffffe; u != 0x80000002; u++) s += (long)(int)u * 3; the
    counter crosses INT_MAX, so the 64-bit products go from 3 * (2^31 - 1) to
    3 * -2^31: the interpreter's result must survive the pass."""
    m = Module("t.c")
    fn = m.add_function(Function("f", [I32], [I64]))
    b = Builder(fn, ARTIFICIAL)
    entry, head, done = (fn.add_block() for _ in range(3))
    b.position_at_end(entry)
    b.jump(head, [fn.args[0], Const(I64, 0)])
    u, s = head.add_param(I32), head.add_param(I64)
    b.position_at_end(head)
    prod = b.binary(Op.MUL, b.cast(Op.SEXT, u, I64), Const(I64, 3))
    s2 = b.binary(Op.ADD, s, prod)
    u2 = b.binary(Op.ADD, u, Const(I32, 1))
    latch = fn.add_block()
    b.branch(b.cmp("ne", u2, Const(I32, 0x80000002)), latch, done)
    b.position_at_end(latch)
    b.jump(head, [u2, s2])
    b.position_at_end(done)
    b.ret([s2])
    before = run_function(m, "f", [0x7FFFFFFE]).value
    IVStrengthReduce().run(fn, PassContext(m, opt_level=2))
    assert run_function(m, "f", [0x7FFFFFFE]).value == before
    assert any(i.op is Op.SEXT for i in fn.insts())
