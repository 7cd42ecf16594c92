"""Machine successors kept between CFG changes (mir/cfg.py `keep_cfg`).

The machine passes and the debug-info stages ask for a function's successors
about fifteen times; they are computed once per stretch of passes that declare
`preserves_cfg`, and once for the debug-info stages. A pass that changes the CFG
while claiming it does not must be caught: --verify-machineinstrs compares the
kept successors with fresh ones after each such pass, and checking mode on
every kept answer."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import ClassVar

import pytest

import atomc.codegen.pipeline  # noqa: F401  (installs the x86-64 target)
from atomc.codegen.mir import BlockRef, MFunction
from atomc.codegen.mir import cfg as mcfg
from atomc.codegen.mir.parser import parse_mir
from atomc.codegen.mir.passes import MachineContext, MachinePass, MachinePassManager
from atomc.ir import Module, cfgstate
from atomc.options import CompileOptions

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "opt"))
from work_counts import unchecked_counts  # noqa: E402

_MIR = """mfunction @f {
  function: number 0, frame-pointer 0, frame-size 0, frame-base-offset 16, \
max-call-frame 0, next-instr-num 1, next-block 3
  vregs: 8
bb.0:
  movq $rdi:8, %v0:8
  cmpq #0, %v0:8
  jne %bb.2
bb.1:
  movq #1, %v0:8
bb.2:
  movq %v0:8, $rax:8
  ret implicit $rax
}
"""


def _function() -> MFunction:
    return parse_mir(_MIR)[0]


def _retarget(mf: MFunction) -> None:
    """Point bb.0's branch at bb.1: its successors change."""
    jne = [mi for mi in mf.blocks[0].insts if mi.opcode == "jne"][0]
    jne.operands = [BlockRef(mf.blocks[1])]


class _Reads(MachinePass):
    """Reads the successors and changes nothing."""

    name: ClassVar[str] = "reads"
    preserves_cfg: ClassVar[bool] = True

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        mcfg.successor_indices(mf)


class _LiesAboutCFG(_Reads):
    """Reads the successors, then retargets a branch, claiming to keep the CFG."""

    name: ClassVar[str] = "lies-about-cfg"

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        mcfg.successor_indices(mf)
        _retarget(mf)


class _Retargets(_LiesAboutCFG):
    name: ClassVar[str] = "retargets"
    preserves_cfg: ClassVar[bool] = False


def _run(passes: list[MachinePass], mf: MFunction) -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    pm = MachinePassManager(passes, verify=True,
                            on_violation=lambda p, v: found.append((p.name, v)))
    pm.run(mf, MachineContext(Module(), CompileOptions(opt_level=2)))
    return found


def test_verifier_catches_a_pass_that_changes_a_kept_cfg() -> None:
    mf = _function()
    found = _run([_Reads(), _LiesAboutCFG(), _Reads()], mf)
    cfg_found = [(name, v) for name, vs in found for v in vs if v.startswith("CFG:")]
    assert cfg_found and cfg_found[0][0] == "lies-about-cfg", found
    assert not mcfg.keeping_cfg(mf)  # the manager stops keeping it when done


def test_a_pass_that_changes_the_cfg_drops_the_kept_one() -> None:
    mf = _function()
    seen: list[dict[int, list[int]]] = []

    class _Records(_Reads):
        name: ClassVar[str] = "records"

        def run(self, mf: MFunction, ctx: MachineContext) -> None:
            seen.append(mcfg.successor_indices(mf))

    found = _run([_Records(), _Retargets(), _Records()], mf)
    assert not [v for _, vs in found for v in vs if v.startswith("CFG:")], found
    assert seen[0][0] == [2, 1] and seen[1][0] == [1], seen


def test_kept_successors_are_computed_once_and_copied(monkeypatch: pytest.MonkeyPatch) -> None:
    mf = _function()
    builds: list[int] = []
    fresh = mcfg._successors

    def counted(f: MFunction) -> dict:
        builds.append(1)
        return fresh(f)

    monkeypatch.setattr(mcfg, "_successors", counted)
    with mcfg.keep_cfg(mf):
        first = mcfg.successor_indices(mf)
        first[0].append(99)  # a caller's change stays its own
        assert mcfg.successor_indices(mf)[0] == [2, 1]
        assert [s.label for s in mcfg.successors(mf)[mf.blocks[0]]] == \
            [mf.blocks[2].label, mf.blocks[1].label]
    assert len(builds) == 1
    mcfg.successor_indices(mf)  # no longer kept: read again
    assert len(builds) == 2


def test_checking_mode_catches_a_stale_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfgstate, "CHECK", True)
    mf = _function()
    with mcfg.keep_cfg(mf):
        mcfg.successor_indices(mf)
        _retarget(mf)
        with pytest.raises(AssertionError, match="stale CFG"):
            mcfg.successor_indices(mf)


def test_a_compile_reads_each_cfg_a_few_times(tmp_path: Path) -> None:
    """One -O2 -g compile: the machine CFG is read twice per function (the one
    stretch of passes from dead-defs to redundant-zext, drop-barriers and
    redundant-zext declaring `preserves_cfg`; the debug-info stages), not once
    per question (fifteen), nor four times (the stretch broken by those two)."""
    src = "\n".join(
        f"int f{k}(int *a, int n) {{ int s = 0; for (int i = 0; i < n; i++) "
        f"if (a[i] > {k}) s += a[i]; else s -= i; return s; }}" for k in range(6))
    counts = unchecked_counts(tmp_path / "cfg.c", src + "\n")
    assert counts["cfg.reads"] <= 6 * 2, counts["cfg.reads"]
