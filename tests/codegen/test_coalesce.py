"""Copy coalescing's interference test (regalloc/coalesce.py `_overlaps`) against
the definition it implements, on random segment lists. A segment starts where
its value is written and ends where it is last read; two segments meet when one
starts strictly inside the other (the write would clobber a live value) or both
start at one position (one instruction writes both). Touching ends (a read,
then a write by the same instruction) do not meet."""

from __future__ import annotations

import random

import pytest

from atomc.codegen.mir import VReg
from atomc.codegen.regalloc.coalesce import _overlaps


def _segments(rng: random.Random) -> list[tuple[int, int]]:
    """Sorted segments, disjoint apart from touching ends, as one register's are."""
    out: list[tuple[int, int]] = []
    pos = rng.randint(0, 6)
    for _ in range(rng.randint(0, 6)):
        a = pos + rng.choice((0, 0, 1, 2, 5))  # 0: touches the previous segment
        b = a + rng.choice((0, 1, 2, 3, 8))    # 0: a dead definition [a, a]
        if out and a == out[-1][0]:
            a = out[-1][1] if out[-1][1] > a else a + 1  # distinct starts
            b = max(a, b)
        out.append((a, b))
        pos = b
    return out


def _meet(x: list[tuple[int, int]], y: list[tuple[int, int]]) -> bool:
    return any(c < a < d or a < c < b or a == c for a, b in x for c, d in y)


@pytest.mark.parametrize("seed", range(40))
def test_overlaps_matches_the_definition(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(250):
        x, y = _segments(rng), _segments(rng)
        want = _meet(x, y)
        assert _overlaps(x, y) == want, (x, y)
        assert _overlaps(y, x) == want, (y, x)


def test_touching_copy_is_no_overlap() -> None:
    # %s read last by the copy at 10, %d written there: one register serves both
    assert not _overlaps([(2, 10)], [(10, 20)])
    # %s still read at 12, after the copy: they interfere
    assert _overlaps([(2, 12)], [(10, 20)])
    # two results of one instruction, one of them dead
    assert _overlaps([(10, 10)], [(10, 20)])


def test_rename_rebuilds_only_the_instructions_naming_merged_registers() -> None:
    """One merged copy among many unrelated instructions: only the copy and the
    instructions naming its registers get new operand lists (the rename used to
    rebuild every operand list of the function)."""
    import atomc.codegen.pipeline  # noqa: F401  (installs the x86-64 target)
    from atomc.codegen.mir.parser import parse_mir
    from atomc.codegen.regalloc.coalesce import coalesce_copies
    from atomc.ir import work

    n = 50
    body = "".join(f"  movq #{k}, %v{k + 2}:8\n  movq %v{k + 2}:8, [%v1:8]\n"
                   for k in range(n))
    text = ("mfunction @f {\n  function: number 0, frame-pointer 0, frame-size 0, "
            "frame-base-offset 16, max-call-frame 0, next-instr-num 1, next-block 1\n"
            f"  vregs: {' '.join(['8'] * (n + 2))}\n"
            "bb.0:\n  movq $rdi:8, %v0:8\n  movq %v0:8, %v1:8\n" + body +
            "  movq %v1:8, $rax:8\n  ret implicit $rax\n}\n")
    mf = parse_mir(text)[0]
    insts = mf.blocks[0].insts
    before = [mi.operands for mi in insts]
    work.reset()
    assert coalesce_copies(mf) == 1
    rebuilt = [k for k, mi in enumerate(insts) if mi.operands is not before[k]]
    # %v1 becomes %v0 (or the reverse): the copy, and the instructions naming the
    # renamed one (the entry copy, or the stores through %v1 and the return copy)
    assert work.COUNTS["coalesce.renamed"] == len(rebuilt)
    assert len(rebuilt) <= n + 2, len(rebuilt)
    assert all(insts[k].operands == before[k] for k in range(len(insts)) if k not in rebuilt)
    ids = {o.id for mi in insts for o in mi.operands if isinstance(o, VReg)}
    assert not ({0, 1} <= ids)  # one name left for the merged register
