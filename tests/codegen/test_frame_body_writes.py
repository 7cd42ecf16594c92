"""Frame lowering asks one walk (`frame_policy.body_writes`) which callee-saved
registers the allocated body writes and whether it moves %rsp; the answers must be
those of the separate questions: `moves_stack_pointer`, and the registers an
instruction writes by a written operand or an implicit definition (computed here
from the opcode table's roles)."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.codegen.mir import META_OPCODES, MFunction, PReg
from atomc.codegen.mir.passes import MachinePassManager
from atomc.codegen.pipeline import compile_function, machine_passes
from atomc.codegen.x86_64.frame_policy import body_writes, moves_stack_pointer
from atomc.codegen.x86_64.opcodes import desc
from atomc.codegen.x86_64.registers import CALLEE_SAVED
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.options import CompileOptions
from atomc.pipeline import optimise

SOURCE = """
int vla(int n) { int a[n]; a[0] = n; a[n - 1] = 2; return a[0] + a[n - 1]; }
int clobbers(int x) { __asm__ volatile("" ::: "rbx", "r12"); return x + 1; }
int writes(int x) { int y; __asm__("movl %1, %0" : "=b"(y) : "r"(x)); return y; }
int plain(int x, int y) { return x * 3 + y; }
"""
SAVED = frozenset(CALLEE_SAVED)


def _allocated(tmp: Path, level: int) -> list[MFunction]:
    """Each function of SOURCE after the passes before frame lowering."""
    src = tmp / "frames.c"
    src.write_text(SOURCE)
    opts = CompileOptions(opt_level=level, debug=True)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    passes = machine_passes(level)
    before = [p for p in passes[:[p.name for p in passes].index("frame-lowering")]]
    out = []
    for n, fn in enumerate(f for f in module.functions.values() if not f.is_declaration):
        out.append(compile_function(fn, n, module, True, level, opts=opts,
                                    manager=MachinePassManager(before)))
    return out


def _written(mf: MFunction) -> set[str]:
    found: set[str] = set()
    for b in mf.blocks:
        for mi in b.insts:
            if mi.opcode in META_OPCODES:
                continue
            d = desc(mi.opcode)
            found |= SAVED & (set(d.implicit_defs) | set(mi.implicit_defs))
            found |= {op.name for role, op in zip(d.roles, mi.operands, strict=False)
                      if "d" in role and isinstance(op, PReg) and op.name in SAVED}
    return found


@pytest.mark.parametrize("level", [0, 2])
def test_one_walk_answers_both_questions(tmp_path: Path, level: int) -> None:
    functions = {mf.name: mf for mf in _allocated(tmp_path, level)}
    for mf in functions.values():
        assert body_writes(mf, SAVED) == (_written(mf), moves_stack_pointer(mf)), mf.name
    # the inputs reach both answers
    assert body_writes(functions["vla"], SAVED)[1]
    assert {"rbx", "r12"} <= body_writes(functions["clobbers"], SAVED)[0]
    assert "rbx" in body_writes(functions["writes"], SAVED)[0]
    assert body_writes(functions["plain"], SAVED) == (set(), False)
