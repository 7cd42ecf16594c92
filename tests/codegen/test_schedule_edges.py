"""The list scheduler's dependence graph (codegen/passes/schedule.py).

The branch's compare depends on every other instruction of its block and an
inlined loop's entry code (`tail`) on everything before it; those sets stay
implicit, so the edges the scheduler builds grow linearly with a block's
length. The heap scheduler must still issue exactly what the dense one (every
edge explicit, a scan per issue) issues: checked on random blocks."""

from __future__ import annotations

import random

import pytest

import atomc.codegen.pipeline  # noqa: F401  (installs the x86-64 target)
from atomc.codegen.mir import MInst
from atomc.codegen.mir.parser import parse_mir
from atomc.codegen.passes.schedule import _list_schedule, _list_schedule_dense
from atomc.ir import work

_CALL = ("call @g@PLT implicit $rdi implicit-def $rax,$rcx,$rdx,$rsi,$rdi,$r8,$r9,"
         "$r10,$r11")


def _block(lines: list[str], nregs: int) -> list[MInst]:
    """The real instructions of a one-block function made of `lines`."""
    text = ("mfunction @f {\n  function: number 0, frame-pointer 0, frame-size 0, "
            "frame-base-offset 16, max-call-frame 0, next-instr-num 1, next-block 2\n"
            f"  vregs: {' '.join(['8'] * nregs)}\n"
            "bb.0:\n" + "".join(f"  {ln}\n" for ln in lines) +
            "bb.1:\n  ret\n}\n")
    mf = parse_mir(text)[0]
    return [mi for mi in mf.blocks[0].insts if not mi.is_meta]


def _long_block(n: int) -> list[MInst]:
    """n independent constants, then a compare of two of them and its branch."""
    lines = [f"movq #{k}, %v{k}:8" for k in range(n)]
    lines += ["cmpq %v0:8, %v1:8", "jl %bb.1"]
    return _block(lines, n)


def _edges(real: list[MInst], tail: int | None) -> int:
    work.reset()
    _list_schedule(real, tail)
    return work.COUNTS["schedule.edges"]


def test_edges_grow_linearly_with_the_block() -> None:
    """With the tail at the middle, the dense graph holds n^2/4 edges (16x for 4x
    the length); the implicit sets keep it to a few per instruction."""
    small, large = 200, 800
    e_small = _edges(_long_block(small), small // 2)
    e_large = _edges(_long_block(large), large // 2)
    assert e_large < 5 * max(e_small, 1), (e_small, e_large)
    assert e_large < 4 * large, e_large


def _random_block(rng: random.Random) -> list[str]:
    """Register arithmetic, loads, stores, copies, the occasional call and a
    flags-setting compare ending in a conditional branch and a jump."""
    nregs = rng.choice((3, 8))  # few registers: long chains
    lines: list[str] = []
    for _ in range(rng.randint(3, 30)):
        a, b = rng.randrange(nregs), rng.randrange(nregs)
        lines.append(rng.choice([
            f"movq #{rng.randint(0, 9)}, %v{a}:8",
            f"addq %v{a}:8, %v{b}:8",
            f"imulq %v{a}:8, %v{b}:8",
            f"imulq [%v{a}:8], %v{b}:8",
            f"movq [%v{a}:8], %v{b}:8",
            f"movq %v{a}:8, [%v{b}:8]",
            f"movq %v{a}:8, %v{b}:8",
            f"movq %v{a}:8, %v{b}:8",
            f"leaq [%v{a}:8+8], %v{b}:8",
            _CALL if rng.random() < 0.3 else f"subq #1, %v{a}:8",
        ]))
    if rng.random() < 0.8:
        lines.append(f"cmpq %v{rng.randrange(nregs)}:8, %v{rng.randrange(nregs)}:8")
        # instructions between the compare and its branch that leave the flags alone
        for _ in range(rng.randint(0, 3)):
            lines.append(f"movq %v{rng.randrange(nregs)}:8, %v{rng.randrange(nregs)}:8")
        lines.append("jl %bb.1")
    if rng.random() < 0.5:
        lines.append("jmp %bb.1")
    return lines


@pytest.mark.parametrize("seed", range(30))
def test_heap_schedule_matches_dense(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        real = _block(_random_block(rng), 8)
        n = len(real)
        tail = rng.choice([None, rng.randrange(n)])
        in_loop = rng.random() < 0.5
        try:
            want = _list_schedule_dense(real, tail, in_loop)
        except AssertionError:
            continue  # a tail before the compare: a cycle either way
        assert _list_schedule(real, tail, in_loop) == want, (tail, in_loop)
