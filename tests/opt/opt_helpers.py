"""Shared helpers for the optimiser tests: parse IR text, run passes with the
verifier after each, and compare interpreter runs before and after."""

from __future__ import annotations

from collections.abc import Sequence

from atomc.ir import Function, Inst, Module, print_module
from atomc.ir.interp import RunResult, run_function
from atomc.ir.parser import parse_module
from atomc.ir.verifier import verify_module
from atomc.opt.passmanager import PassContext
from atomc.pipeline import build_passes


def parse(text: str) -> Module:
    m = parse_module(text)
    errors = verify_module(m)
    assert not errors, "input IR does not verify: " + "; ".join(map(str, errors))
    return m


def run_passes(m: Module, names: Sequence[str]) -> Module:
    """Run passes in order; the verifier runs after each one (--verify-each)."""
    for p in build_passes(list(names)):
        p.run_on_module(m, PassContext(m, opt_level=2))
        errors = verify_module(m)
        assert not errors, (f"IR does not verify after {p.name}: "
                            + "; ".join(map(str, errors[:5])) + "\n" + print_module(m))
    return m


def runs(m: Module, entry: str, inputs: Sequence[Sequence[int]]) -> list[RunResult]:
    return [run_function(m, entry, list(a)) for a in inputs]


def assert_equivalent(text: str, names: Sequence[str], entry: str,
                      inputs: Sequence[Sequence[int]]) -> Module:
    """Behaviour (result, output, traps) is identical before and after the passes."""
    before = runs(parse(text), entry, inputs)
    for r in before:
        assert r.trap is None, f"corpus program traps before optimisation: {r.trap}"
    after_m = run_passes(parse(text), names)
    after = runs(after_m, entry, inputs)
    for args, x, y in zip(inputs, before, after, strict=True):
        assert x == y, (f"{list(names)} changed behaviour on {args}: {x} -> {y}\n"
                        + print_module(after_m))
    return after_m


def ops(fn: Function) -> list[str]:
    return [i.op.value for i in fn.insts()]


def only(fn: Function, op: str) -> Inst:
    found = [i for i in fn.insts() if i.op.value == op]
    assert len(found) == 1, f"expected one {op}, found {len(found)}"
    return found[0]
