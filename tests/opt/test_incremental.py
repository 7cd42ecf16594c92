"""The analyses that passes keep current across their edits equal recomputations.

Loop rotation, unrolling and jump threading keep predecessor lists, a dominator
tree, the loop order and a pending block order (CFGState, LoopQueue,
BlockOrder); LICM keeps loops, predecessors and reverse post-order; the
scheduler's heaps must issue what the dense list scheduler issues. In checking
mode (ATOMC_CHECK_INCREMENTAL=1, switched on here) every kept fact is compared
with a fresh computation after every edit and a difference raises. These
programs have nested loops, breaks, gotos, switches, computed gotos and loops
whose trip count is known (unrolled) or not.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from atomc.codegen import generate_assembly
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import cfgstate
from atomc.options import CompileOptions
from atomc.pipeline import optimise

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from scaling_source import generate  # noqa: E402

PROGRAMS = ["053_goto.c", "097_bytecode_vm.c", "174_vla_loops.c", "221_computed_goto.c"]
BENCH = ["dp.c", "interp.c", "lz.c", "sort.c", "nqueens.c"]


@pytest.fixture(autouse=True)
def checking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfgstate, "CHECK", True)


def _compile(path: Path, level: int) -> None:
    opts = CompileOptions(opt_level=level, debug=True)
    module = compile_to_ir(str(path), opts, DiagnosticEngine())
    optimise(module, opts)
    generate_assembly(module, opts)


@pytest.mark.parametrize("name", PROGRAMS)
def test_exec_program(name: str) -> None:
    _compile(ROOT / "tests" / "exec" / "programs" / name, 2)


@pytest.mark.parametrize("name", BENCH)
@pytest.mark.parametrize("level", [2, 3])
def test_bench_program(name: str, level: int) -> None:
    _compile(ROOT / "bench" / "programs" / name, level)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_function(seed: int, tmp_path: Path) -> None:
    src = tmp_path / "gen.c"
    src.write_text(generate(150, seed))
    _compile(src, 2)
