"""The typed facts of the x86-64 opcode table and the target hooks that
target-neutral passes ask instead of spelling x86 (issue 12): each fact holds
for the rows that have it and for no other, and each hook's instruction has
the facts the hook promises."""

from __future__ import annotations

import pytest

from atomc.codegen.debuginfo.incoming_args import reloads
from atomc.codegen.target import Arith, Extension
from atomc.codegen.x86_64.opcodes import EXTEND, table
from atomc.codegen.x86_64.target import X86_64

OPCODES = table()  # every row, made now (opcodes.py makes them when first asked for)


def _with(fact: str) -> set[str]:
    return {op for op, d in OPCODES.items() if getattr(d, fact)}


def test_copies_and_addresses_are_the_rows_they_name() -> None:
    assert _with("copies_whole") == {"movq", "movss", "movsd"}
    assert _with("loads_immediate") == {"movl", "movq", "movabsq"}
    assert _with("is_address") == {"leal", "leaq"}
    assert _with("string_op") == {"rep movsb", "rep stosb"}
    assert _with("stack_op") == {"pushq", "popq"}
    assert {op for op, d in OPCODES.items() if d.is_move and not d.vector} == {
        "movb", "movw", "movl", "movq"}


@pytest.mark.parametrize(("opcode", "arith", "width"), [
    ("addl", Arith.ADD, 32), ("subq", Arith.SUB, 64), ("xorl", Arith.XOR, 32),
    ("andq", Arith.AND, 64), ("orb", Arith.OR, 8), ("imull", Arith.MUL, 32),
    ("shlq", Arith.SHL, 64), ("shrl", Arith.SHR, 32), ("sarw", Arith.SAR, 16)])
def test_arithmetic_rows(opcode: str, arith: Arith, width: int) -> None:
    d = OPCODES[opcode]
    assert (d.arith, d.width) == (arith, width)


def test_only_plain_two_operand_forms_are_arithmetic() -> None:
    """A locked op writes memory, adc/sbb/neg read more than their operands: none
    is arithmetic debug info may replay on one register."""
    arith = {op for op, d in OPCODES.items() if d.arith is not None}
    assert not {"lock addl", "adcl", "sbbq", "negl", "notq", "addsd", "xorps"} & arith
    assert len(arith) == 8 * 4 + 3  # eight families at four widths, imul at three


def test_widths_follow_the_destination() -> None:
    assert OPCODES["movzbl"].width == 32 and OPCODES["movslq"].width == 64
    assert OPCODES["setl"].width == 8  # `l` is the condition, not a size
    assert OPCODES["jl"].width == 0 and OPCODES["fldl"].width == 0
    assert OPCODES["cvttsd2sil"].width == 32  # the integer's


def test_each_extension_hook_gives_that_extension() -> None:
    for (signed, src, dst), opcode in EXTEND.items():
        ext = Extension(signed, 8 * src, 8 * dst)
        assert X86_64.extend_opcode(ext) == opcode
        assert OPCODES[opcode].extend == ext


def test_address_and_nop_hooks() -> None:
    assert OPCODES[X86_64.address_opcode(8)].is_address
    assert OPCODES[X86_64.address_opcode(8)].width == 64
    nop = OPCODES[X86_64.nop_opcode()]
    assert nop.roles == () and not (nop.implicit_defs or nop.is_terminator)


def test_reloads_are_the_target_restores() -> None:
    """The loads LiveDebugValues takes for restores: the reload hook's rows, of
    which the 8-byte ones read the whole slot."""
    assert reloads(X86_64) == {"movzbl": False, "movzwl": False, "movl": False, "movq": True,
                               "movss": False, "movsd": True}


def test_flags_and_latency() -> None:
    assert OPCODES["cmpl"].writes_flags and not OPCODES["cmpl"].reads_flags
    assert OPCODES["jne"].reads_flags and not OPCODES["jne"].writes_flags
    assert OPCODES["cmovgq"].reads_flags and OPCODES["adcl"].reads_flags
    assert not OPCODES["movq"].writes_flags and not OPCODES["leaq"].writes_flags
    assert OPCODES["idivl"].latency == 20 and OPCODES["imulq"].latency == 3
    assert OPCODES["addl"].latency == 1


def test_vector_registers() -> None:
    regs = X86_64.registers
    assert regs.is_vector("xmm0") and regs.is_vector("xmm15")
    assert not regs.is_vector("rax") and not regs.is_vector("r15")
