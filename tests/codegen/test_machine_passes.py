"""Machine passes and their manager: every pass of the -O0 and -O2 pipelines
keeps the debug-info contract it declares (`keeps_di`) on real programs, the
checker catches a pass that breaks each kind of contract, and the driver's
--print-mir-after / --verify-machineinstrs reach the manager."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from atomc.codegen.mir import MFunction, MInst
from atomc.codegen.mir.passes import MDI, MachineContext, MachinePass, MachinePassManager
from atomc.codegen.pipeline import compile_function, machine_pass_names, machine_passes
from atomc.diag import DiagnosticEngine, InternalCompilerError
from atomc.options import CompileOptions

PROGRAMS = sorted((Path(__file__).parent.parent / "exec" / "programs").glob("*.c"))
# loops, calls, floats, switches, atomics, inline asm, long double, i128
SAMPLE = [p for p in PROGRAMS if p.stem.split("_", 1)[0] in
          {"005", "018", "030", "048", "050", "063", "150", "174", "192", "350"}]


def _module(src: Path, level: int):  # type: ignore[no-untyped-def]
    from atomc.frontend import compile_to_ir
    from atomc.opt.legalize_i128 import legalize_module
    from atomc.pipeline import optimise
    opts = CompileOptions(opt_level=level, debug=True)
    module = optimise(compile_to_ir(str(src), opts, DiagnosticEngine(out=io.StringIO())), opts)
    legalize_module(module)
    return module, opts


def _compile_all(src: Path, level: int, pm: MachinePassManager) -> int:
    module, opts = _module(src, level)
    n = 0
    for fn in module.functions.values():
        if not fn.is_declaration:
            compile_function(fn, n, module, fn.subprogram is not None, level, opts=opts,
                             manager=pm)
            n += 1
    return n


def test_sample_is_not_empty() -> None:
    assert len(SAMPLE) >= 5


@pytest.mark.parametrize("level", [0, 2])
@pytest.mark.parametrize("src", SAMPLE, ids=lambda p: p.stem)
def test_every_pass_keeps_its_declared_contract(src: Path, level: int) -> None:
    found: list[str] = []
    pm = MachinePassManager(machine_passes(level), verify=True, check_di=True,
                            on_violation=lambda p, v: found.extend(f"{p.name}: {x}" for x in v))
    assert _compile_all(src, level, pm) > 0
    assert found == []


def test_every_pass_declares_and_explains_its_contract() -> None:
    for level in (0, 1, 2):
        for p in machine_passes(level):
            assert isinstance(p.keeps_di, MDI), p.name
            assert "Debug info:" in (type(p).__doc__ or ""), p.name
            assert p.name in machine_pass_names()


# -- passes that break one contract each, claiming to keep everything ---------------

class _MovesLines(MachinePass):
    name: ClassVar[str] = "moves-lines"

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        for _, mi in mf.instructions():
            if not mi.is_meta and mi.loc is not None:
                mi.loc = None
                return


class _DropsNumbers(MachinePass):
    name: ClassVar[str] = "drops-numbers"

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        for _, mi in mf.instructions():
            if not mi.is_meta and mi.instr_num:
                mi.instr_num = 0
                return


class _ReplacesWithoutSubstitution(MachinePass):
    """Replaces a numbered instruction by a fresh copy with a new number."""

    name: ClassVar[str] = "replaces"

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        for b in mf.blocks:
            for k, mi in enumerate(b.insts):
                if not mi.is_meta and mi.instr_num:
                    copy = MInst(mi.opcode, list(mi.operands), loc=mi.loc)
                    copy.instr_num = mf.new_instr_num()
                    b.insts[k] = copy
                    return


class _Substitutes(MachinePass):
    """Replaces a numbered instruction by a copy and says so: keeps everything."""

    name: ClassVar[str] = "substitutes"

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        for b in mf.blocks:
            for k, mi in enumerate(b.insts):
                if not mi.is_meta and mi.instr_num:
                    copy = MInst(mi.opcode, list(mi.operands), loc=mi.loc)
                    mf.substitute_for(mi, copy, 1)
                    b.insts[k] = copy
                    return


class _ForgetsSubstitutions(MachinePass):
    name: ClassVar[str] = "forgets-substitutions"

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        mf.substitutions.clear()


BREAKERS: list[tuple[type[MachinePass], MDI, int]] = [
    (_MovesLines, MDI.LINES, 0),
    (_DropsNumbers, MDI.INSTR_NUMS, 2),
    (_ReplacesWithoutSubstitution, MDI.INSTR_NUMS, 2),
    (_ForgetsSubstitutions, MDI.SUBSTITUTIONS, 2),
]
# a program whose -O2 code has numbered instructions and peephole substitutions
BREAK_SRC = next(p for p in PROGRAMS if p.stem.startswith("005"))


@pytest.mark.parametrize("breaker, broken, level", BREAKERS, ids=lambda b: getattr(b, "name", ""))
def test_a_broken_contract_is_caught(breaker: type[MachinePass], broken: MDI,
                                     level: int) -> None:
    def pipeline(claim: MDI) -> list[MachinePass]:
        bad = breaker()
        bad.keeps_di = claim  # type: ignore[misc]
        return [*machine_passes(level), _Substitutes(), bad]

    pm = MachinePassManager(pipeline(MDI.ALL), check_di=True)
    with pytest.raises(InternalCompilerError, match=f"after {breaker.name}"):
        _compile_all(BREAK_SRC, level, pm)
    # the same pass, honest about what it breaks, passes the check
    _compile_all(BREAK_SRC, level, MachinePassManager(pipeline(MDI.ALL & ~broken), check_di=True))


def test_print_after_names_each_pass_once_per_function() -> None:
    out = io.StringIO()
    pm = MachinePassManager(machine_passes(2), print_after_all=True, out=out)
    functions = _compile_all(BREAK_SRC, 2, pm)
    heads = [line for line in out.getvalue().splitlines() if line.startswith("# *** MIR after")]
    # isel is printed by compile_function through the same manager
    assert len(heads) == functions * (len(machine_passes(2)) + 1)
    assert heads[0] == "# *** MIR after isel ***"


def _atomc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "atomc", *args], capture_output=True,
                          text=True, check=False)


def test_driver_rejects_an_unknown_machine_pass(tmp_path: Path) -> None:
    r = _atomc("-S", str(BREAK_SRC), "-o", str(tmp_path / "a.s"), "--print-mir-after=nope")
    assert r.returncode == 1 and "unknown machine pass 'nope'" in r.stderr
    assert "Traceback" not in r.stderr


def test_driver_verify_machineinstrs_keeps_the_output(tmp_path: Path) -> None:
    plain, checked = tmp_path / "a.s", tmp_path / "b.s"
    assert _atomc("-O2", "-g", "-S", str(BREAK_SRC), "-o", str(plain)).returncode == 0
    r = _atomc("-O2", "-g", "-S", str(BREAK_SRC), "-o", str(checked), "--verify-machineinstrs",
               "--print-mir-after=peephole")
    assert r.returncode == 0, r.stderr
    assert plain.read_text() == checked.read_text()
    assert "# *** MIR after peephole ***" in r.stderr
