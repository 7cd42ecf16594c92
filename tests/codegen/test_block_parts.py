"""`cfg.block_parts`: a block with branches before its end is cut after each of
them, and every part lists only the blocks its own branches (and, for the last,
its fall-through) reach. LiveDebugValues runs over these parts, so the edge of
an early `je` carries the registers as they are at the `je`, not at the block's
end (tests/optdebug/test_assignment_breaks.py shows the WRONG value this fixed).
"""

from __future__ import annotations

from atomc.codegen.mir.cfg import block_parts, successor_indices
from atomc.codegen.mir.parser import parse_mir

MIR = """
mfunction @f {
  function: number 0, frame-pointer 0, frame-size 0, frame-base-offset 16, \
max-call-frame 0, next-instr-num 1, next-block 4
bb.0:
  cmpl #100, $rsi:4
  je %bb.2
  movl $rsi:4, $rdi:4
  subl #1000, $rdi:4
  cmpl #1, $rdi:4
  jbe %bb.3
bb.1:
  addl #21, $rsi:4
  jmp %bb.3
bb.2:
  movl #12, $rsi:4
bb.3:
  ret implicit $rax
}
"""


def test_early_branch_cuts_the_block() -> None:
    (mf,) = parse_mir(MIR)
    parts = block_parts(mf)
    # bb.0: the part ending at `je` goes to bb.2; the rest to bb.3 or falls into bb.1
    assert parts[0] == [(2, [2]), (len(mf.blocks[0].insts), [3, 1])]
    assert successor_indices(mf)[0] == [2, 3, 1]  # the whole block's, for the rest
    assert parts[1] == [(2, [3])]
    assert parts[2] == [(1, [3])]
    assert parts[3] == [(1, [])]
