"""return-brace reads each block's tail, where a `ret` can only be (nothing real
follows an unconditional terminator, verifier rule 5), not every instruction of
the function: its work grows with the blocks, not with the code (issue 13, the
-O0 back end). Counted, never timed."""

from __future__ import annotations

from pathlib import Path

from atomc.codegen import generate_assembly
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import work
from atomc.options import CompileOptions


def _straight_line(n: int) -> str:
    """One function of `n` statements and a single block."""
    body = "".join(f"    a = a * {k + 3} + b; b ^= a >> {k % 7 + 1};\n" for k in range(n))
    return f"int f(int a, int b) {{\n{body}    return a + b;\n}}\n"


def _scanned(tmp: Path, n: int) -> int:
    src = tmp / f"straight{n}.c"
    src.write_text(_straight_line(n))
    opts = CompileOptions(opt_level=0, debug=True)
    work.reset()
    generate_assembly(compile_to_ir(str(src), opts, DiagnosticEngine()), opts)
    return work.snapshot().get("return_brace.scanned", 0)


def test_return_brace_reads_block_tails(tmp_path: Path) -> None:
    small, large = _scanned(tmp_path, 50), _scanned(tmp_path, 200)
    assert small > 0, "return_brace.scanned counted nothing"
    # a walk over every instruction grows about 4x here
    assert large < 1.5 * small, f"return-brace scanned {small} -> {large} instructions " \
                                "for 4x the code in one block: it walks every instruction"
