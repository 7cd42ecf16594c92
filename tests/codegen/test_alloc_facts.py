"""The coalescer hands its register operands, liveness and wide reads to the
linear-scan allocator (regalloc/facts.py): liveness is solved once per
function, not once per stage; the hand-over lives into the next pass only; and
checking mode catches facts that went stale."""

from __future__ import annotations

from pathlib import Path

import pytest

import atomc.codegen.pipeline  # noqa: F401  (installs the x86-64 target)
from atomc.codegen import generate_assembly
from atomc.codegen.mir.parser import parse_mir
from atomc.codegen.mir.passes import MachineContext, MachinePass, MachinePassManager
from atomc.codegen.regalloc.coalesce import CoalesceCopies, coalesce_copies
from atomc.codegen.regalloc.facts import AllocFacts, compute_facts, take_facts
from atomc.codegen.regalloc.linear import LinearRegalloc
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import cfgstate, work
from atomc.ir.function import Module
from atomc.options import CompileOptions
from atomc.pipeline import optimise

_LOOPS = """
int f%d(int *a, int n, int s) {
    for (int i = 0; i < n; i++) { s += a[i] * %d; if (s > 1000) s -= a[i / 2]; }
    return s;
}
"""

_MIR = ("mfunction @f {\n  function: number 0, frame-pointer 0, frame-size 0, "
        "frame-base-offset 16, max-call-frame 0, next-instr-num 1, next-block 1\n"
        "  vregs: 8 8 8 4\n"
        "bb.0:\n  movq $rdi:8, %v0:8\n  movq %v0:8, %v1:8\n  movq #5, %v2:8\n"
        "  addq %v2:8, %v1:8\n  movl #1, %v3:4\n  movq %v1:8, $rax:8\n"
        "  ret implicit $rax\n}\n")


def test_liveness_is_solved_once_per_function(tmp_path: Path) -> None:
    """Coalescing and linear scan each solved block liveness (2 per function)."""
    n = 4
    src = tmp_path / "loops.c"
    src.write_text("".join(_LOOPS % (k, k + 3) for k in range(n)))
    opts = CompileOptions(opt_level=2)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    work.reset()
    generate_assembly(module, opts)
    assert work.COUNTS["regalloc.liveness.solves"] == n


def test_handed_facts_follow_the_rename() -> None:
    """After a merge, the handed facts equal a recomputation over the renamed code."""
    mf = parse_mir(_MIR)[0]
    assert coalesce_copies(mf) >= 1
    facts = mf.alloc_facts
    assert isinstance(facts, AllocFacts)
    assert facts.stale(mf) == []
    fresh = compute_facts(mf)
    assert facts.live_in == fresh.live_in and facts.wide == fresh.wide


def test_checking_mode_catches_stale_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    mf = parse_mir(_MIR)[0]
    coalesce_copies(mf)
    facts = mf.alloc_facts
    assert isinstance(facts, AllocFacts)
    facts.live_out[0].add(99)  # as if a stage changed the code behind the facts
    monkeypatch.setattr(cfgstate, "CHECK", True)
    with pytest.raises(AssertionError, match="stale allocation facts"):
        take_facts(mf)
    assert mf.alloc_facts is None  # taken: never read twice


class _Between(MachinePass):
    """A pass that runs between the coalescer and the allocator."""
    name = "between"

    def run(self, mf: object, ctx: MachineContext) -> None:
        self.seen = getattr(mf, "alloc_facts")


def test_hand_over_lives_into_the_next_pass_only() -> None:
    between = _Between()
    mf = parse_mir(_MIR)[0]
    ctx = MachineContext(Module(), CompileOptions(opt_level=2))
    MachinePassManager([CoalesceCopies(), between, LinearRegalloc()]).run(mf, ctx)
    assert isinstance(between.seen, AllocFacts)
    assert mf.alloc_facts is None
    # the allocator after `between` found nothing handed and computed its own
    work.reset()
    mf = parse_mir(_MIR)[0]
    MachinePassManager([CoalesceCopies(), between, LinearRegalloc()]).run(mf, ctx)
    assert work.COUNTS["regalloc.liveness.solves"] == 2
    work.reset()
    mf = parse_mir(_MIR)[0]
    MachinePassManager([CoalesceCopies(), LinearRegalloc()]).run(mf, ctx)
    assert work.COUNTS["regalloc.liveness.solves"] == 1
