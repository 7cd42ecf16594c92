"""Post-allocation peepholes: zeroing `mov` -> `xor` only where the flags are dead,
`cmp $0` -> `test`, and the substitution that keeps a numbered `mov`'s value
reachable for DBG_INSTR_REFs."""

from __future__ import annotations

import subprocess

from atomc.codegen.mir import BlockRef, Imm, InstrOperandRef, MBlock, MFunction, MInst, PReg
from atomc.codegen.x86_64.peephole import run_peepholes
from atomc.ir import I32, Function

EAX, ECX = PReg("rax", 4), PReg("rcx", 4)


def _function(*insts: MInst) -> tuple[MFunction, MBlock]:
    mf = MFunction("f", Function("f", [], [I32]), 0)
    block = MBlock(0, ".LBB0_0")
    for mi in insts:
        block.append(mi)
    mf.blocks.append(block)
    return mf, block


def _mi(opcode: str, *ops: object) -> MInst:
    return MInst(opcode, list(ops), loc=None)  # type: ignore[arg-type]


def test_numbered_zeroing_move_becomes_xor_with_a_substitution() -> None:
    mov = _mi("movl", Imm(0), EAX)
    mf, block = _function(mov, _mi("ret"))
    mov.instr_num = mf.new_instr_num()
    old = mov.instr_num
    run_peepholes(mf)
    xor = block.insts[0]
    assert xor.opcode == "xorl" and xor.operands == [EAX, EAX]
    assert xor.instr_num and xor.instr_num != old
    ref, _ = mf.resolve(InstrOperandRef(old, 1))
    assert ref == InstrOperandRef(xor.instr_num, 1)


def test_zeroing_move_stays_when_a_later_instruction_reads_the_flags() -> None:
    target = MBlock(1, ".LBB0_1")
    mf, block = _function(_mi("cmpl", Imm(3), ECX), _mi("movl", Imm(0), EAX),
                          _mi("jne", BlockRef(target)))
    run_peepholes(mf)
    assert [mi.opcode for mi in block.insts] == ["cmpl", "movl", "jne"]


def test_zeroing_move_stays_before_a_branch_and_before_unknown_code() -> None:
    target = MBlock(1, ".LBB0_1")
    mf, block = _function(_mi("movl", Imm(0), EAX), _mi("jmp", BlockRef(target)))
    target.append(_mi("sete", PReg("rcx", 1)))
    mf.blocks.append(target)
    run_peepholes(mf)
    assert block.insts[0].opcode == "movl"  # the jump's target reads the flags
    mf, block = _function(_mi("movl", Imm(0), EAX), _mi("addsd", PReg("xmm0"), PReg("xmm1")),
                          _mi("ret"))
    run_peepholes(mf)
    assert block.insts[0].opcode == "xorl"  # SSE arithmetic leaves the flags alone


def test_zeroing_move_before_a_flag_writer_becomes_xor() -> None:
    mf, block = _function(_mi("movl", Imm(0), EAX), _mi("leaq", Imm(1), PReg("rdx")),
                          _mi("cmpl", Imm(3), ECX), _mi("sete", PReg("rax", 1)), _mi("ret"))
    run_peepholes(mf)
    assert [mi.opcode for mi in block.insts][:3] == ["xorl", "leaq", "cmpl"]


def test_compare_with_zero_becomes_test() -> None:
    target = MBlock(1, ".LBB0_1")
    mf, block = _function(_mi("cmpq", Imm(0), PReg("rdi")), _mi("je", BlockRef(target)))
    run_peepholes(mf)
    assert block.insts[0].opcode == "testq"
    assert block.insts[0].operands == [PReg("rdi"), PReg("rdi")]


def test_generated_code_uses_the_idioms(atomc_cmd, tmp_path) -> None:
    src = tmp_path / "z.c"
    src.write_text("int g;\nint f(int x) { g = x; if (x == 0) return 7; return 0; }\n")
    asm = subprocess.run([*atomc_cmd, "-O2", "-S", str(src), "-o", "-"], check=True,
                         capture_output=True, text=True).stdout
    assert "xorl\t%eax, %eax" in asm or "xorl %eax, %eax" in asm
    assert "$0, %eax" not in asm
    assert "testl" in asm and "cmpl\t$0" not in asm
