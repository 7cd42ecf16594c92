"""The IR verifier, on IR built in Python: valid IR passes, and each rule that
text cannot express (broken back-pointers, stale use lists, values from other
functions) is caught. The rules text can express have lit tests in
tests/lit/ir/verify-*.ir."""

from __future__ import annotations

import random

import pytest
from ir_samples import DI, every_format_module, simple_module
from random_ir import random_module

from atomc.ir import (
    ARTIFICIAL,
    EMPTY_EXPR,
    I32,
    I64,
    PTR,
    Alloca,
    Binary,
    Block,
    Builder,
    Const,
    DbgKind,
    DbgRecord,
    DILocalVariable,
    DILocation,
    Extract,
    Function,
    Global,
    Jump,
    Module,
    Op,
    Ret,
    TupleType,
    Use,
    print_module,
)
from atomc.ir.dominators import dominators_of_function
from atomc.ir.parser import parse_module
from atomc.ir.verifier import VerificationFailed, check, verify_function, verify_module


def messages(m: Module) -> list[str]:
    return [e.message for e in verify_module(m)]


def one_error(m: Module, fragment: str) -> None:
    msgs = messages(m)
    assert len(msgs) == 1 and fragment in msgs[0], msgs


def test_samples_are_valid() -> None:
    assert messages(every_format_module()) == []
    assert messages(simple_module()[0]) == []


@pytest.mark.parametrize("seed", range(60))
def test_random_valid_modules_pass(seed: int) -> None:
    m = random_module(seed)
    assert messages(m) == []
    assert messages(parse_module(print_module(m))) == []


def _func(m: Module | None = None) -> tuple[Module, Function, Builder]:
    m = m or Module()
    fn = m.add_function(Function("g", [I32], [I32]))
    b = Builder(fn, ARTIFICIAL)
    b.position_at_end(fn.add_block())
    return m, fn, b


def test_block_function_pointer() -> None:
    m, fn, b = _func()
    b.ret([fn.args[0]])
    fn.blocks[0].function = None
    one_error(m, "block does not point back at this function")


def test_duplicate_block_in_list() -> None:
    m, fn, b = _func()
    b.ret([fn.args[0]])
    fn.blocks.append(fn.blocks[0])
    assert any("appears twice" in s for s in messages(m))


def test_instruction_block_pointer() -> None:
    m, fn, b = _func()
    r = b.ret([fn.args[0]])
    r.block = None
    one_error(m, "instruction's block pointer is not the block holding it")


def test_block_param_index() -> None:
    m, fn, b = _func()
    other = fn.add_block()
    p = other.add_param(I32)
    b.jump(other, [fn.args[0]])
    b.position_at_end(other)
    b.ret([p])
    p.index = 3
    one_error(m, "block parameter 0 does not point back at its block and index")


def test_branch_target_in_other_function() -> None:
    m, _fn, b = _func()
    stranger = Function("h", [], [])
    alien = stranger.add_block()
    b.jump(alien)
    msgs = messages(m)
    assert any("is not a block of this function" in s for s in msgs), msgs


def test_operand_from_another_function() -> None:
    m, _fn, b = _func()
    _, other, ob = _func(Module())
    foreign = ob.binary(Op.ADD, other.args[0], Const(I32, 1))
    b.ret([foreign])
    one_error(m, "is not an instruction of this function")


def test_argument_of_another_function() -> None:
    m, _fn, b = _func()
    other = Function("h", [I32], [])
    b.ret([other.args[0]])
    one_error(m, "is an argument of another function")


def test_erased_instruction_operand() -> None:
    m, fn, b = _func()
    x = b.binary(Op.ADD, fn.args[0], Const(I32, 1))
    b.ret([x])
    fn.blocks[0].remove(x)
    assert sorted(messages(m)) == [
        ("operand 'add' instruction from elsewhere is not an instruction of this function "
         "(erased or from elsewhere)"),
        "use list of %0 holds a stale use (its user is gone or no longer refers to it)"]
    x.drop_all_references()  # a proper erase leaves only the dangling operand
    one_error(m, "is not an instruction of this function")


def test_symbol_not_in_module() -> None:
    m, fn, b = _func()
    ghost = Global("ghost", 4, 4, [Zeros4 := b"\0\0\0\0"])
    assert Zeros4
    b.store(fn.args[0], ghost)
    b.ret([fn.args[0]])
    one_error(m, "operand @ghost is not a symbol of this module")


def test_extract_index_out_of_range() -> None:
    m, fn, b = _func()
    callee = m.add_function(Function("pair", [], [I64, I64]))
    t = b.call(callee, [], TupleType((I64, I64)))
    e = b.extract(t, 1)
    assert isinstance(e, Extract)
    e.index = 2
    b.ret([fn.args[0]])
    one_error(m, "extract index 2 is out of range for {i64, i64}")


def test_extract_of_non_tuple() -> None:
    m, fn, b = _func()
    callee = m.add_function(Function("pair", [], [I64, I64]))
    t = b.call(callee, [], TupleType((I64, I64)))
    e = b.extract(t, 0)
    e.set_operand(0, Const(I64, 1))
    b.ret([fn.args[0]])
    one_error(m, "extract needs a tuple operand, not i64")


def test_binary_result_type() -> None:
    m, fn, b = _func()
    x = b.binary(Op.ADD, fn.args[0], Const(I32, 1))
    x.ty = I64
    b.ret([fn.args[0]])
    one_error(m, "binary result type i64 differs from the operand type i32")


def test_format_class_and_opcode_agree() -> None:
    m, fn, b = _func()
    x = b.binary(Op.ADD, fn.args[0], Const(I32, 1))
    x.op = Op.LOAD
    b.ret([fn.args[0]])
    one_error(m, "opcode 'load' in a Binary instruction")


def test_operand_count() -> None:
    m, fn, b = _func()
    x = b.binary(Op.ADD, fn.args[0], Const(I32, 1))
    x.operands.append(Use(x, fn.args[0]))
    b.ret([fn.args[0]])
    one_error(m, "'add' has 3 operands, expected 2")


def test_stale_use_in_use_list() -> None:
    m, fn, b = _func()
    x = b.binary(Op.ADD, fn.args[0], Const(I32, 1))
    b.ret([fn.args[0]])
    dead = Binary(Op.MUL, x, x, loc=ARTIFICIAL)  # never inserted: its uses are stale
    assert dead.block is None
    msgs = messages(m)
    stale = "use list of %1 holds a stale use (its user is gone or no longer refers to it)"
    assert msgs == [stale] * 2, msgs


def test_missing_use_in_use_list() -> None:
    m, fn, b = _func()
    r = b.ret([fn.args[0]])
    fn.args[0].uses.remove(r.operands[0])
    one_error(m, "is missing this use in its use list")


def test_record_back_pointer() -> None:
    m, fn = simple_module()
    sp = fn.subprogram
    assert sp is not None
    var = DILocalVariable("a", sp, sp.file, 1, DI().int)
    rec = DbgRecord(DbgKind.NEW, var, fn.args[0], loc=DILocation(1, 1, sp))
    ret = fn.entry.insts[-1]
    ret.add_dbg_record(rec)
    rec.inst = fn.entry.insts[0]
    one_error(m, "does not point back at the instruction holding it")


def test_record_key_in_another_function() -> None:
    m, fn = simple_module()
    sp = fn.subprogram
    assert sp is not None
    var = DILocalVariable("a", sp, sp.file, 1, DI().int)
    loc = DILocation(1, 1, sp)
    elsewhere = DbgRecord(DbgKind.NEW, var, None, loc=loc)
    Alloca(4, 4, loc=ARTIFICIAL).add_dbg_record(elsewhere)
    add = DbgRecord(DbgKind.ADD, var, fn.args[0], loc=loc, key=elsewhere)
    fn.entry.insts[-1].add_dbg_record(add)
    one_error(m, "names a record that is not in this function")


def test_record_inlined_instance_mismatch() -> None:
    m, fn = simple_module()
    sp = fn.subprogram
    assert sp is not None
    var = DILocalVariable("a", sp, sp.file, 1, DI().int)
    new = DbgRecord(DbgKind.NEW, var, fn.args[0], loc=DILocation(1, 1, sp))
    site = DILocation(5, 5, sp)
    callee_loc = DILocation(1, 1, sp, inlined_at=site)
    add = DbgRecord(DbgKind.ADD, var, fn.args[0], loc=callee_loc, key=new)
    first = fn.entry.insts[0]
    first.add_dbg_record(new)
    first.add_dbg_record(add)
    msgs = messages(m)
    assert any("belong to different inlined instances" in s for s in msgs), msgs


def test_record_expression_checks() -> None:
    m, fn = simple_module()
    sp = fn.subprogram
    assert sp is not None
    var = DILocalVariable("a", sp, sp.file, 1, DI().int)
    from atomc.ir import DIExpression
    bad = DbgRecord(DbgKind.NEW, var, fn.args[0], DIExpression((0x1234,)),
                    loc=DILocation(1, 1, sp))
    short = DbgRecord(DbgKind.NEW, var, fn.args[0], DIExpression((0x23,)),
                      loc=DILocation(1, 1, sp))
    fn.entry.insts[0].add_dbg_record(bad)
    fn.entry.insts[0].add_dbg_record(short)
    msgs = messages(m)
    assert any("unknown DWARF operation 0x1234" in s for s in msgs), msgs
    assert any("'plus_uconst' is missing operands" in s for s in msgs), msgs


def test_atom_waterline() -> None:
    m, fn = simple_module()
    ret = fn.entry.insts[-1]
    assert ret.loc is not None
    ret.loc = ret.loc.with_atom(40, 1)
    one_error(m, "the module's next atom group is 2, but group 40 is in use")


def test_function_module_consistency() -> None:
    m, fn = simple_module()
    m.functions["alias"] = fn
    msgs = messages(m)
    assert "function @f is registered as @alias" in msgs


def test_signature_checks() -> None:
    m = Module()
    fn = m.add_function(Function("s", [I32, PTR], [I32, I32, I32]))
    fn.byval_params = [(8, 8), None]
    fn.args[0].byval = (8, 8)
    msgs = messages(m)
    assert "byval parameter 0 must be a ptr, not i32" in msgs
    assert "3 return values (at most 2)" in msgs


def test_verify_function_directly() -> None:
    _m, fn = simple_module()
    assert verify_function(fn) == []
    fn.entry.insts.pop().drop_all_references()  # erase the ret
    errs = verify_function(fn)
    assert [e.message for e in errs] == ["block does not end with a terminator"]
    assert errs[0].where is fn.entry.insts[0] and errs[0].function is fn


def test_collects_every_error() -> None:
    m, fn, b = _func()
    x = b.binary(Op.ADD, fn.args[0], Const(I64, 1))
    y = b.binary(Op.ADD, x, Const(I64, 1))
    b.ret([y, Const(I64, 2)])
    assert [e.where for e in verify_module(m)] == [x, y, fn.entry.insts[-1]]


def test_check_raises_with_annotated_ir() -> None:
    m, fn, b = _func()
    x = b.binary(Op.ADD, fn.args[0], Const(I64, 1))
    b.ret([x])
    with pytest.raises(VerificationFailed) as info:
        check(m)
    text = str(info.value)
    lines = text.splitlines()
    assert lines[0] == "IR verification failed with 1 error:"
    i = lines.index("  %1 = add i32 %0, i64 1")
    assert lines[i + 1] == "; error: @g: binary operands have different types: i32 and i64"
    assert len(info.value.errors) == 1
    # the annotated text is itself parseable IR (errors are comments)
    parse_module("\n".join(lines[1:]))


def test_check_passes_valid_module() -> None:
    check(every_format_module())


def test_check_survives_unprintable_ir() -> None:
    m, fn, b = _func()
    call = b.call(fn, [fn.args[0]], I32)
    call.byval = []  # the printer cannot zip args with byval flags
    b.ret([call])
    with pytest.raises(VerificationFailed) as info:
        check(m)
    assert "0 byval entries for 1 arguments" in str(info.value)
    assert "cannot print @g" in str(info.value)


def _mutate_swap_operand(m: Module, rng: random.Random) -> bool:
    """Make an instruction use a value defined after it in the same block."""
    fn = m.functions["f"]
    tree = dominators_of_function(fn)
    for b in fn.blocks:
        if not tree.is_reachable(b):
            continue  # uses in dead code are not checked
        for i, inst in enumerate(b.insts):
            later = [v for v in b.insts[i:] if str(v.ty) != "void"]
            for k, u in enumerate(inst.operands):
                same = [v for v in later if v.ty == u.value.ty]
                if same:
                    inst.set_operand(k, rng.choice(same))
                    return True
    return False


@pytest.mark.parametrize("seed", range(40))
def test_random_mutations_are_caught(seed: int) -> None:
    rng = random.Random(seed)
    m = random_module(seed)
    fn = m.functions["f"]
    kind = seed % 3
    if kind == 0:
        if not _mutate_swap_operand(m, rng):
            pytest.skip("no operand to break")
        assert any("used before its definition" in s for s in messages(m))
    elif kind == 1:
        b = rng.choice(fn.blocks)
        term = b.insts.pop()
        term.drop_all_references()
        msgs = messages(m)
        assert any("terminator" in s for s in msgs), msgs
    else:
        b = rng.choice(fn.blocks)
        extra = Ret([Const(I32, 0)], loc=ARTIFICIAL)
        b.insert(0, extra)
        assert "terminator in the middle of a block" in messages(m)


def test_jump_to_block_with_params_needs_args() -> None:
    m, fn, b = _func()
    tgt = fn.add_block()
    tgt.add_param(I32)
    b.insert(Jump(tgt, [], loc=ARTIFICIAL))
    b.position_at_end(tgt)
    b.ret([tgt.params[0]])
    one_error(m, "0 arguments for bb1, which has 1 parameters")


def test_records_are_not_checked_in_unreachable_blocks() -> None:
    m, fn = simple_module()
    sp = fn.subprogram
    assert sp is not None
    var = DILocalVariable("a", sp, sp.file, 1, DI().int)
    dead = fn.add_block()
    loc = DILocation(1, 1, sp)
    r = dead.append(Ret([fn.args[0]], loc=loc))
    first_new = DbgRecord(DbgKind.NEW, var, fn.args[0], loc=loc)
    second_new = DbgRecord(DbgKind.NEW, var, fn.args[0], loc=loc)
    stale_add = DbgRecord(DbgKind.ADD, var, fn.args[0], loc=loc, key=first_new)
    for rec in (first_new, second_new, stale_add):
        r.add_dbg_record(rec)
    assert messages(m) == []
    # the same records in reachable code are an error
    ret = fn.entry.insts[-1]
    new1 = DbgRecord(DbgKind.NEW, var, fn.args[0], EMPTY_EXPR, loc=loc)
    new2 = DbgRecord(DbgKind.NEW, var, fn.args[0], EMPTY_EXPR, loc=loc)
    for rec in (new1, new2, DbgRecord(DbgKind.ADD, var, fn.args[0], loc=loc, key=new1)):
        ret.add_dbg_record(rec)
    one_error(m, "record #2 names #0, which is no longer current: #1 started a new value")
    assert isinstance(dead, Block)


def test_names_must_be_printable() -> None:
    m, fn, b = _func()
    x = b.binary(Op.ADD, fn.args[0], Const(I32, 1))
    x.name = "a b"
    b.ret([x])
    m.add_global(Global("bad-name", 1, 1, [b"\0"]))
    msgs = messages(m)
    assert "value name 'a b' has characters outside [A-Za-z0-9_.$]" in msgs
    assert "symbol name 'bad-name' is empty or has characters outside [A-Za-z0-9_.$]" in msgs
    assert len(msgs) == 2
