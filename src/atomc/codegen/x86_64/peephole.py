"""Peephole cleanup after register allocation: the shorter idioms gcc and clang use.

* `movl $0, %r` / `movq $0, %r` becomes `xorl %r32, %r32` (two bytes shorter, and a
  zeroing idiom the CPU breaks dependencies on) where the flags it clobbers are dead.
* `cmp $0, %r` becomes `test %r, %r`: the same flags for every condition code
  (CF and OF cleared, ZF/SF/PF from `r`).

Flags are dead when, scanning forward in the block, an instruction that writes
them comes before any that reads them, or the function returns; anything not
known to leave the flags alone ends the scan as "maybe read", so the rewrite is
skipped. Meta instructions are skipped, so the code is the same with and without -g.

Debug info: the `xor` is a new instruction computing the same value as the `mov`
it replaces, so a numbered `mov` gets a substitution (old number, operand) ->
(new number, operand) and DBG_INSTR_REFs naming it still resolve. `test` defines
no register, so nothing refers to it.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice

from ...ir import work
from ..mir import Imm, MBlock, MFunction, MInst, PReg
from .opcodes import SIZED, find

# `cmp $0, %r` -> `test %r, %r`, at the compare's size
_TEST_FOR_CMP = {SIZED["cmp", n]: SIZED["test", n] for n in (1, 2, 4, 8)}

# integer instructions (mnemonic + size suffix) that set or clobber the flags; SSE
# arithmetic such as `addsd` or `xorps` leaves them alone, hence the exact split
_FLAG_WRITERS = frozenset({"add", "sub", "and", "or", "xor", "cmp", "test", "shl", "shr", "sar",
                           "neg", "inc", "dec", "imul", "bsr", "bsf", "idiv", "div"})
_FLAG_READERS = ("j", "set", "cmov", "adc", "sbb")
_MAX_BLOCKS = 4
_SSE_SUFFIXES = ("sd", "ss", "ps", "pd")  # SSE arithmetic and moves: flags untouched
_FLAG_NEUTRAL = ("mov", "lea", "push", "pop", "cvt", "cltq", "cqto", "cltd")


def _writes_flags(op: str) -> bool:
    return (op[:-1] in _FLAG_WRITERS and op[-1] in "bwlq") or op.startswith(("ucomis", "comis"))


def run_peepholes(mf: MFunction) -> None:
    for index, block in enumerate(mf.blocks):
        _rewrite_block(mf, index, block)


def _rewrite_block(mf: MFunction, index: int, block: MBlock) -> None:
    insts = block.insts
    for i, mi in enumerate(insts):
        if _is_zeroing_move(mi) and _flags_dead_after(mf, index, i + 1):
            insts[i] = _zeroing_xor(mf, mi)
        elif _is_compare_with_zero(mi):
            reg = mi.operands[1]
            mi.opcode = _TEST_FOR_CMP[mi.opcode]
            mi.operands = [reg, reg]


def _is_zeroing_move(mi: MInst) -> bool:
    ops = mi.operands
    return mi.opcode in ("movl", "movq") and len(ops) == 2 and ops[0] == Imm(0) \
        and isinstance(ops[1], PReg) and not ops[1].name.startswith("xmm")


def _is_compare_with_zero(mi: MInst) -> bool:
    ops = mi.operands
    return mi.opcode in ("cmpb", "cmpw", "cmpl", "cmpq") and len(ops) == 2 \
        and ops[0] == Imm(0) and isinstance(ops[1], PReg)


def _zeroing_xor(mf: MFunction, mov: MInst) -> MInst:
    dst = mov.operands[1]
    assert isinstance(dst, PReg)
    r32 = PReg(dst.name, 4)
    xor = MInst("xorl", [r32, r32], loc=mov.loc, flags=mov.flags)
    mf.substitute_for(mov, xor, 1)
    return xor


def _flags_dead_after(mf: MFunction, index: int, start: int) -> bool:
    """Are the flags dead from instruction `start` of block `index` on? A block that
    ends without a terminator falls through: the scan goes on in the next block, a
    few blocks deep. Any branch ends the scan as "maybe read"."""
    for _ in range(_MAX_BLOCKS):
        verdict = _scan(islice(mf.blocks[index].insts, start, None))  # no copy of the rest
        if verdict is not None:
            return verdict
        if index + 1 >= len(mf.blocks):
            return False
        index, start = index + 1, 0
    return False


def _scan(insts: Iterable[MInst]) -> bool | None:
    """True: written before read; False: maybe read (a branch or unknown code comes
    first); None: untouched up to the end of a block without a terminator."""
    n = 0
    for mi in insts:
        n += 1
        if mi.is_meta:
            continue
        op = mi.opcode
        d = find(op)
        if d is None or d.is_inline_asm or op.startswith(_FLAG_READERS):
            return _seen(n, False)
        if d.is_return:
            return _seen(n, True)
        if d.is_terminator:
            return _seen(n, False)  # `jmp` or a jump table: a successor may read them
        if d.is_call or _writes_flags(op):
            return _seen(n, True)
        if not op.startswith(_FLAG_NEUTRAL) and not op.endswith(_SSE_SUFFIXES):
            return _seen(n, False)
    return _seen(n, None)


def _seen(n: int, verdict: bool | None) -> bool | None:
    work.add("peephole.scan", n)
    return verdict
