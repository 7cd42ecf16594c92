"""mem2reg: promotion to SSA with block parameters, and memory homes turned into
value records at stores and joins."""

from __future__ import annotations

from atomc.ir import (
    ARTIFICIAL,
    DEREF_EXPR, I32, PTR, VOID, Alloca, Builder, Const, DbgKind, DbgRecord, DIBasicType, DICompileUnit,
    DIFile, DILocalVariable, DILocation, DISubprogram, DISubroutineType, Function, Load, Module,
    Op, Store, print_function,
)
from atomc.opt.mem2reg import Mem2Reg
from atomc.opt.passmanager import PassContext

F = DIFile("t.c", "/tmp")
CU = DICompileUnit(F, "t", "C11", True)
INT = DIBasicType("int", 32, "signed")
SP = DISubprogram("f", "f", F, 1, DISubroutineType(INT, (INT,)), 1, CU)


def build_diamond() -> tuple[Module, Function, DILocalVariable]:
    """int f(int a) { int x = a; if (a > 0) x = x + 1; return x; }"""
    m = Module("t.c")
    fn = m.add_function(Function("f", [I32], [I32]))
    fn.subprogram = SP
    x = DILocalVariable("x", SP, F, 1, INT)
    b = Builder(fn, ARTIFICIAL)
    entry, then, join = fn.add_block(), fn.add_block(), fn.add_block()
    b.position_at_end(entry)
    with b.at(DILocation(1, 5, SP)):
        slot = b.alloca(4, 4, "x")
        st = b.store(fn.args[0], slot)
        st.add_dbg_record(DbgRecord(DbgKind.NEW, x, slot, DEREF_EXPR, loc=DILocation(1, 5, SP)))
    with b.at(DILocation(2, 5, SP)):
        c = b.cmp("sgt", fn.args[0], Const(I32, 0))
        b.branch(c, then, join)
    b.position_at_end(then)
    with b.at(DILocation(2, 16, SP)):
        v = b.load(I32, slot)
        s = b.binary(Op.ADD, v, Const(I32, 1))
        b.store(s, slot)
        b.jump(join)
    b.position_at_end(join)
    with b.at(DILocation(3, 5, SP)):
        r = b.load(I32, slot)
        b.ret([r])
    return m, fn, x


def test_promotes_to_block_parameter() -> None:
    m, fn, _ = build_diamond()
    assert Mem2Reg().run(fn, PassContext(m))
    insts = list(fn.insts())
    assert not any(isinstance(i, (Alloca, Load, Store)) for i in insts)
    join = fn.blocks[2]
    assert len(join.params) == 1
    ret = join.insts[-1]
    assert ret.operand(0) is join.params[0]
    # entry passes the argument, the then-block passes the incremented value
    entry_term, then_term = fn.blocks[0].terminator, fn.blocks[1].terminator
    assert entry_term.succs[1].arg_values == [fn.args[0]]
    add = fn.blocks[1].insts[0]
    assert add.op is Op.ADD and add.operand(0) is fn.args[0]
    assert then_term.succs[0].arg_values == [add]
    assert "alloca" not in print_function(fn)


def test_memory_home_becomes_value_records() -> None:
    m, fn, x = build_diamond()
    Mem2Reg().run(fn, PassContext(m))
    recs = [(r.inst.block, r.kind, r.var, r.value, r.expr.ops)
            for i in fn.insts() for r in i.dbg_records]
    entry, then, join = fn.blocks
    add = then.insts[0]
    assert (entry, DbgKind.NEW, x, fn.args[0], ()) in recs      # after the initialising store
    assert (then, DbgKind.NEW, x, add, ()) in recs              # after x = x + 1
    assert (join, DbgKind.NEW, x, join.params[0], ()) in recs   # at the join
    assert not any(ops == DEREF_EXPR.ops for *_, ops in recs)   # the memory home is gone
    assert len(recs) == 3


def test_address_taken_slot_is_not_promoted() -> None:
    m = Module("t.c")
    ext = m.add_function(Function("g", [PTR], []))
    fn = m.add_function(Function("f", [], [I32]))
    b = Builder(fn, ARTIFICIAL)
    b.position_at_end(fn.add_block())
    slot = b.alloca(4, 4)
    b.store(Const(I32, 1), slot)
    b.call(ext, [slot], VOID)
    b.ret([b.load(I32, slot)])
    assert not Mem2Reg().run(fn, PassContext(m))
    assert isinstance(fn.entry.insts[0], Alloca)


def test_loop_gets_header_parameter_and_undef_for_uninitialised() -> None:
    """int i; for (i = 0; i < 10; i++) ; return i;  -- and an unread slot."""
    m = Module("t.c")
    fn = m.add_function(Function("f", [], [I32]))
    b = Builder(fn, ARTIFICIAL)
    entry, head, body, done = (fn.add_block() for _ in range(4))
    b.position_at_end(entry)
    i = b.alloca(4, 4, "i")
    b.store(Const(I32, 0), i)
    b.jump(head)
    b.position_at_end(head)
    c = b.cmp("slt", b.load(I32, i), Const(I32, 10))
    b.branch(c, body, done)
    b.position_at_end(body)
    b.store(b.binary(Op.ADD, b.load(I32, i), Const(I32, 1)), i)
    b.jump(head)
    b.position_at_end(done)
    b.ret([b.load(I32, i)])
    Mem2Reg().run(fn, PassContext(m))
    assert len(head.params) == 1 and not done.params and not body.params
    assert done.insts[-1].operand(0) is head.params[0]
    assert entry.terminator.succs[0].arg_values[0].value == 0


def test_repeated_memory_homes_give_one_record_each_time() -> None:
    """Duplication passes add a home for a variable that already has one (the
    demoted join value): the variable still gets one record per store and join."""
    m, fn, x = build_diamond()
    st = fn.blocks[0].insts[1]
    slot = st.operand(1)
    st.add_dbg_record(DbgRecord(DbgKind.NEW, x, slot, DEREF_EXPR, loc=DILocation(1, 5, SP)))
    Mem2Reg().run(fn, PassContext(m))
    recs = [(r.inst.block, r.var, r.value) for i in fn.insts() for r in i.dbg_records]
    assert len(recs) == 3 and len(set(recs)) == 3
