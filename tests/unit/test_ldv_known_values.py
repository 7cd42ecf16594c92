"""LiveDebugValues on values no location holds any more but whose contents are
known (ldv/known.py): a constant a move-immediate wrote, read-only bytes a load
read (static_loads.py). Negative immediates must come out as the variable's low
bits; a variable wider than the load, or one whose value is not computed yet,
gets no location."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv import (
    DebugValue,
    InstrRef,
    MBlockView,
    MFunctionView,
    MInstView,
    VarKey,
    compute_var_ranges,
    reg,
)
from atomc.codegen.debuginfo.ldv.model import ComputedLoc, ConstLoc
from atomc.codegen.debuginfo.ldv.salvage import MEMORY_AT
from atomc.codegen.debuginfo.location_lists import loc_expr
from atomc.codegen.debuginfo.static_loads import static_load
from atomc.codegen.mir import Mem, MInst, PReg
from atomc.dwarf.locexpr import AddrValue, Constu, StackValue

RAX, RDX, RSP = reg(0), reg(1), reg(7)
CALLER_SAVED = frozenset({RAX, RDX})


def _run(insts: list[MInstView]) -> list[tuple[int, int, object]]:
    fn = MFunctionView((MBlockView(tuple(insts)),), CALLER_SAVED, frozenset(), {},
                       frozenset({RSP}))
    return [(r.start, r.end, r.loc) for r in compute_var_ranges(fn)]


def _defined_then_clobbered(var: VarKey, definer: MInstView) -> list[tuple[int, int, object]]:
    # i0 rax = <definer> (#1); REF var #1; i1 rax = something else; i2 nop
    return _run([definer, MInstView(debug=DebugValue(var, InstrRef(1, 0))),
                 MInstView(defs=(RAX,)), MInstView()])


def test_negative_immediate_is_the_variables_low_bits() -> None:
    x32 = VarKey("x", fragment=(0, 32))
    # movl $-1: the register holds 0xffffffff (zero-extended); an int reads its 32 bits
    assert _defined_then_clobbered(x32, MInstView(defs=(RAX,), instr_num=1, imm=0xFFFFFFFF)) \
        == [(0, 1, RAX), (1, 2, ConstLoc(0xFFFFFFFF))]
    # movq $-5 (the immediate as written): a 16-bit piece is its low 16 bits
    x16 = VarKey("y", fragment=(0, 16))
    assert _defined_then_clobbered(x16, MInstView(defs=(RAX,), instr_num=1, imm=-5)) \
        == [(0, 1, RAX), (1, 2, ConstLoc(0xFFFB))]
    x64 = VarKey("z", fragment=(0, 64))
    assert _defined_then_clobbered(x64, MInstView(defs=(RAX,), instr_num=1, imm=-5)) \
        == [(0, 1, RAX), (1, 2, ConstLoc((1 << 64) - 5))]


def test_read_only_load_is_the_memory_it_read() -> None:
    x = VarKey("x", fragment=(64, 64))
    got = _defined_then_clobbered(x, MInstView(defs=(RAX,), instr_num=1,
                                               static=(".L__const.main.b", 8, 64)))
    mem = ComputedLoc(ConstLoc(8, symbol=".L__const.main.b"), MEMORY_AT)
    assert got == [(0, 1, RAX), (1, 2, mem)]
    # a memory location (no DW_OP_stack_value): the debugger reads the bytes there
    assert loc_expr(mem) == (AddrValue(".L__const.main.b", 8),)


def test_variable_wider_than_the_load_gets_no_location() -> None:
    # movl from a constant: the register's upper half is zero, memory's is not ours
    x = VarKey("x", fragment=(0, 64))
    got = _defined_then_clobbered(x, MInstView(defs=(RAX,), instr_num=1, static=("c", 0, 32)))
    assert got == [(0, 1, RAX)]


def test_value_not_computed_yet_is_not_shown() -> None:
    # REF x #1 before i0 defines it: no constant before the definer runs
    x = VarKey("x", fragment=(0, 32))
    got = _run([MInstView(debug=DebugValue(x, InstrRef(1, 0))), MInstView(defs=(RDX,)),
                MInstView(defs=(RAX,), instr_num=1, imm=-7), MInstView(defs=(RAX,)),
                MInstView()])
    assert got == [(1, 2, RAX), (2, 3, ConstLoc(0xFFFFFFF9))]


def test_static_load_recognises_plain_loads_of_read_only_symbols() -> None:
    ro = frozenset({"k"})
    def load(opcode: str, src: Mem) -> MInst:
        return MInst(opcode, [src, PReg("rcx" if opcode == "movq" else "xmm0")], loc=None)

    assert static_load(load("movq", Mem(symbol="k", disp=8)), ro) == ("k", 8, 64)
    assert static_load(load("movss", Mem(symbol="k")), ro) == ("k", 0, 32)
    # writable, indexed, or a store: not the value of a fixed read-only cell
    assert static_load(MInst("movq", [Mem(symbol="g"), PReg("rcx")], loc=None), ro) is None
    assert static_load(MInst("movq", [Mem(symbol="k", index=PReg("rax"), scale=8),
                                      PReg("rcx")], loc=None), ro) is None
    assert static_load(MInst("movq", [PReg("rcx"), Mem(symbol="k")], loc=None), ro) is None
    assert loc_expr(ConstLoc(0xFFFFFFFF)) == (Constu(0xFFFFFFFF), StackValue())
