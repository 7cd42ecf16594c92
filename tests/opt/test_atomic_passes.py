"""Atomic instructions under every pass: the interpreter gives them their
single-thread meaning, and no pass removes, merges or weakens one."""

from __future__ import annotations

from collections import Counter

import pytest
from ir_corpus import ATOMICS
from opt_helpers import assert_equivalent, parse

from atomc.ir import ATOMIC_OPS, Module
from atomc.ir.interp import run_function
from atomc.opt.registry import PASSES, _load_all
from atomc.pipeline import pipeline_for

_load_all()


def _atomics(m: Module) -> Counter[tuple[str, str]]:
    """(opcode, orderings) of every atomic instruction in the module."""
    out: Counter[tuple[str, str]] = Counter()
    for fn in m.functions.values():
        for inst in fn.insts():
            if inst.op in ATOMIC_OPS:
                order = getattr(inst, "ordering", None) or getattr(inst, "success", None)
                out[(inst.op.value, order.value)] += 1  # type: ignore[union-attr]
    return out


@pytest.mark.parametrize("names", [[p] for p in sorted(PASSES)] + [pipeline_for(2),
                                                                     pipeline_for(3)],
                         ids=lambda n: n[0] if len(n) == 1 else f"O{len(n)}-passes")
def test_passes_keep_every_atomic(names: list[str]) -> None:
    before = _atomics(parse(ATOMICS.text))
    after = _atomics(assert_equivalent(ATOMICS.text, names, ATOMICS.entry, ATOMICS.inputs))
    # loop passes may copy an atomic into a peeled or unrolled iteration, never drop one
    assert all(after[k] >= n for k, n in before.items()), (before, after)


def test_interpreter_runs_atomics_single_threaded() -> None:
    m = parse("""
global @g : size 8, align 8, internal = [bytes "0a00000000000000"]
define @f(i64 %v) -> (i64) {
bb0:
  %o1 = atomicrmw sub ptr @g, i64 %v, seq_cst
  %o2 = atomicrmw nand ptr @g, i64 12, seq_cst
  %r1 = cmpxchg ptr @g, i64 0, i64 99, seq_cst, seq_cst
  %cur = atomic_load i64, ptr @g, acquire
  %r2 = cmpxchg ptr @g, i64 %cur, i64 7, acq_rel, relaxed
  %ok1 = extract {i64, i1} %r1, 1
  %ok2 = extract {i64, i1} %r2, 1
  %w1 = zext i1 %ok1 to i64
  %w2 = zext i1 %ok2 to i64
  %x = atomicrmw xchg ptr @g, i64 1000, release
  fence seq_cst
  %s1 = mul i64 %w1, i64 100
  %s2 = mul i64 %w2, i64 10
  %s3 = add i64 %s1, i64 %s2
  %s4 = add i64 %s3, i64 %x
  %s5 = add i64 %s4, i64 %o1
  %s6 = add i64 %s5, i64 %o2
  ret i64 %s6
}
""")
    # g: 10 -> 10-3 = 7 (o1 = 10) -> ~(7 & 12) = ~4 (o2 = 7); the cmpxchg expecting 0
    # fails (ok1 = 0), the one expecting ~4 stores 7 (ok2 = 1), the xchg reads it (x = 7)
    r = run_function(m, "f", [3])
    assert r.value == 0 * 100 + 1 * 10 + 7 + 10 + 7
