"""The machine-IR verifier over real code: every execution-test program,
through the front end and optimiser, must give MIR that satisfies each
stage's invariants (isel, after allocation, after frame lowering) at -O0
(the fast allocator) and -O2 (scheduler and linear scan)."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.codegen.passes.fallthrough import fold_fallthrough_branches
from atomc.codegen.mir import MInst, VReg
from atomc.codegen.regalloc.fast import allocate
from atomc.codegen.mir.verifier import verify_mfunction
from atomc.codegen.x86_64.frame import lower_frame
from atomc.codegen.x86_64.isel.select import select_function
from atomc.diag import DiagnosticEngine
from atomc.options import CompileOptions

PROGRAMS = sorted((Path(__file__).parent.parent / "exec" / "programs").glob("*.c"))


def _module(src: Path, level: int):  # type: ignore[no-untyped-def]
    import io

    from atomc.frontend import compile_to_ir
    from atomc.opt.legalize_i128 import legalize_module
    from atomc.pipeline import optimise
    opts = CompileOptions(opt_level=level, debug=True)
    diags = DiagnosticEngine(out=io.StringIO())
    module = optimise(compile_to_ir(str(src), opts, diags), opts)
    legalize_module(module)  # as generate_assembly does before selection
    return module


@pytest.mark.parametrize("level", [0, 2])
@pytest.mark.parametrize("src", PROGRAMS[::5], ids=lambda p: p.stem)
def test_mir_invariants(src, level):
    from atomc.codegen import compile_function
    module = _module(src, level)
    n = 0
    for fn in module.functions.values():
        if fn.is_declaration:
            continue
        mf = select_function(fn, n, module, True)
        assert verify_mfunction(mf, "isel") == []
        fold_fallthrough_branches(mf)
        assert verify_mfunction(mf, "isel") == []
        if level == 0:
            allocate(mf)
            assert verify_mfunction(mf, "regalloc") == []
            lower_frame(mf)
        else:
            mf = compile_function(fn, n, module, True, level)
        assert verify_mfunction(mf, "frame") == []
        n += 1


def test_verifier_reports_violations():
    """The verifier is not vacuous: broken MIR is reported."""
    from atomc.ir import I32, Module, Op

    from .harness import new_function
    m = Module()
    f, b = new_function(m, "g", [I32], [I32])
    b.ret([b.binary(Op.ADD, f.args[0], f.args[0])])
    mf = select_function(f, 0, m, False)
    body = mf.blocks[0].insts
    body.insert(0, MInst("addl", [VReg(0, 4), VReg(1, 4), VReg(2, 4)], loc=None))
    body.append(MInst("movl", [VReg(99, 4), VReg(0, 4)], loc=None))
    errors = "\n".join(verify_mfunction(mf, "isel"))
    assert "3 operands, opcode takes 2" in errors
    assert "more than two virtual registers" in errors
    assert "instruction after an unconditional terminator" in errors
    assert "unknown virtual register %v99" in errors
    # after allocation a leftover virtual register is an error
    m2 = Module()
    f2, b2 = new_function(m2, "h", [I32], [I32])
    b2.ret([f2.args[0]])
    mf2 = select_function(f2, 0, m2, False)
    assert any("virtual register after register allocation" in e
               for e in verify_mfunction(mf2, "regalloc"))
