"""Values recovered through what an instruction computed (ldv/derived.py and
codegen/debuginfo/derivations.py): which instructions are described, both ways."""

from __future__ import annotations

import operator
from collections.abc import Callable

from atomc.codegen.debuginfo.derivations import derivation
from atomc.codegen.debuginfo.ldv import MInstView, VarKey, reg
from atomc.codegen.debuginfo.ldv.derived import Derived, Link, fits, note_derived
from atomc.codegen.debuginfo.ldv.model import Derivation
from atomc.codegen.mir import Imm, Mem, MInst, Operand, PReg
from atomc.dwarf.locexpr import And, Constu, Minus, Mul, Not, PlusUconst, Shr, Xor
from atomc.ir.debuginfo import DIBasicType, DILocalVariable

RDI, RBX = reg(5), reg(3)
MASK = (1 << 64) - 1
BINARY: dict[type, Callable[[int, int], int]] = {
    And: operator.and_, Xor: operator.xor, Shr: operator.rshift, Minus: operator.sub,
    Mul: operator.mul}
LOCS = {"rdi": RDI, "rbx": RBX}


def _var(bits: int) -> VarKey:
    ty = DIBasicType("t", bits, "signed")
    return VarKey(DILocalVariable("a", None, None, 1, ty, 1))  # type: ignore[arg-type]


def _d(opcode: str, *ops: Operand) -> Derivation | None:
    return derivation(MInst(opcode, list(ops), loc=None), LOCS)


def test_an_in_place_add_and_a_lea_are_linked_both_ways() -> None:
    v, w, u = (0, 0, RDI), (0, 1, RDI), (0, 2, RBX)
    derived = Derived()
    add = MInstView(defs=(RDI,), derive=_d("addl", Imm(3), PReg("rdi")))
    note_derived(derived, add, {RDI: w}, [(RDI, v)], lambda loc, v: 64)  # rdi: v -> v + 3
    lea = MInstView(defs=(RBX,), derive=_d("leaq", Mem(base=PReg("rdi"), disp=-2), PReg("rbx")))
    note_derived(derived, lea, {RDI: w, RBX: u}, [(RBX, None)], lambda loc, v: 64)
    assert derived.back == {v: [Link(w, (Constu(3), Minus()), 32, 32)],
                            w: [Link(u, (PlusUconst(2),), 64, 64)]}
    assert derived.forth == {w: Link(v, (PlusUconst(3),), 32, 32),
                             u: Link(w, (Constu(2), Minus()), 64, 64)}


def test_a_source_read_through_a_narrow_move_links_its_low_bits_only() -> None:
    # `movl %edi, %edi` is a copy to value numbering: a `leaq 8(%rdi)` after it
    # read v's low 32 bits and zeros, not the upper bits rdi had on entry
    v, w = (0, 0, RDI), (0, 2, RBX)
    derived = Derived()
    lea = MInstView(defs=(RBX,), derive=_d("leaq", Mem(base=PReg("rdi"), disp=8), PReg("rbx")))
    note_derived(derived, lea, {RDI: v, RBX: w}, [(RBX, None)], lambda loc, v: 32)
    assert derived.forth[w].bits == 32 and derived.back[v][0].bits == 32
    shr = MInstView(defs=(RDI,), derive=_d("shrq", Imm(3), PReg("rdi")))
    derived = Derived()
    note_derived(derived, shr, {RDI: w}, [(RDI, v)], lambda loc, v: 32)
    assert derived.forth == {}  # a 64-bit right shift reads the upper half too


def test_shifts_mask_or_sign_extend_a_narrow_source_first() -> None:
    shr = _d("shrl", Imm(3), PReg("rdi"))
    assert shr is not None and shr.ops == (Constu(0xFFFFFFFF), And(), Constu(3), Shr())
    sar = _d("sarl", Imm(3), PReg("rdi"))
    # no DW_OP_shra (lldb-22 shifts logically): the sign bit biased away, shifted, unbiased
    assert sar is not None and sar.ops == (Constu(0xFFFFFFFF), And(), Constu(1 << 31), Xor(),
                                           Constu(3), Shr(), Constu(1 << 28), Minus())
    assert shr.reads == 32 and shr.undo is None  # a right shift is not undone
    wide = _d("shrq", Imm(3), PReg("rdi"))
    assert wide is not None and wide.reads == 64


def test_extensions_are_undone_in_the_source_bits_only() -> None:
    z = _d("movzbl", PReg("rdi"), PReg("rbx"))
    assert z is not None and (z.src, z.dst) == (RDI, RBX)
    assert z.ops == (Constu(0xFF), And()) and z.undo == () and z.undo_bits == 8
    s = _d("movslq", PReg("rdi"), PReg("rbx"))
    assert s is not None and s.bits == 64 and s.ops == (
        Constu(0xFFFFFFFF), And(), Constu(1 << 31), Xor(), Constu(1 << 31), Minus())
    assert s.undo == () and s.undo_bits == 32


def _eval(ops: tuple[object, ...], x: int) -> int:
    """The ops on a 64-bit DWARF stack holding `x`, as a signed result."""
    stack = [x & MASK]
    for op in ops:
        if isinstance(op, Constu):
            stack.append(op.value)
            continue
        b, a = stack.pop(), stack.pop()
        stack.append(BINARY[type(op)](a, b) & MASK)
    return stack[0] - (1 << 64) if stack[0] >> 63 else stack[0]


def test_signed_results_are_right_for_negative_values() -> None:
    sar = _d("sarl", Imm(3), PReg("rdi"))
    ext = _d("movswl", PReg("rdi"), PReg("rbx"))
    wide = _d("sarq", Imm(5), PReg("rdi"))
    assert sar is not None and ext is not None and wide is not None
    for x in (-1000, -1, 0, 7, 1000, -(1 << 31), (1 << 31) - 1):
        garbage = 0xDEAD << 32  # the upper half a 32-bit source register may hold
        assert _eval(sar.ops, x & 0xFFFFFFFF | garbage) == x >> 3
        assert _eval(ext.ops, x & 0xFFFF | garbage) == ((x & 0xFFFF) ^ 0x8000) - 0x8000
        assert _eval(wide.ops, x) == x >> 5


def test_xor_is_its_own_inverse_and_all_ones_is_a_not() -> None:
    x = _d("xorl", Imm(0x55), PReg("rdi"))
    assert x is not None and x.ops == x.undo == (Constu(0x55), Xor())
    n = _d("xorl", Imm(-1), PReg("rdi"))
    assert n is not None and n.ops == (Not(),)
    m = _d("imull", Imm(1000), PReg("rdi"))
    assert m is not None and m.ops == (Constu(1000), Mul()) and m.undo is None


def test_instructions_reading_memory_or_two_registers_are_not_described() -> None:
    assert _d("movl", Mem(base=PReg("rdi")), PReg("rbx")) is None
    assert _d("addl", PReg("rdi"), PReg("rbx")) is None
    assert _d("leaq", Mem(base=PReg("rdi"), index=PReg("rbx")), PReg("rbx")) is None


def test_a_variable_wider_than_the_exact_bits_is_not_described() -> None:
    # an `addl` cleared the upper half of the register: a long is not recoverable
    assert fits(_var(32), 32) and not fits(_var(64), 32)
