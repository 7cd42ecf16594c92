"""The module-level tables and constants the back end reads once per instruction are
`Final` (issue 13, compile time). In the mypyc-compiled build a module global that
is not `Final` is looked up in the module's dict at each read (the -O0 line rows'
per-instruction kind tests made 78k such look-ups on zlib's deflate.c), while a
`Final` one is a C static. Checked on the sources, as tests/unit/
test_compiled_source_rules.py checks the build's other rules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "atomc"

# (module, name): read per instruction (or per operand) by an -O0 or -O2 stage
PER_INSTRUCTION = [
    ("codegen/target.py", "_current"),            # desc(), every pass
    ("codegen/target.py", "_desc_of"),
    ("codegen/mir/registers.py", "_roles_of"),    # opcode_roles(), allocators
    ("codegen/mir/registers.py", "_written_of"),
    ("codegen/debuginfo/line_rows.py", "_META"),  # the line rows' instruction kinds
    ("codegen/debuginfo/line_rows.py", "_PLAIN"),
    ("codegen/debuginfo/line_rows.py", "_COPY"),
    ("codegen/debuginfo/line_rows.py", "_OTHER"),
    ("codegen/debuginfo/line_rows.py", "_SETUP"),
    ("codegen/debuginfo/line_rows.py", "_DESTROY"),
    ("codegen/x86_64/frame.py", "OUTGOING_ARGS"),  # frame lowering, per memory operand
    ("codegen/x86_64/frame.py", "_RETURNS"),
    ("codegen/x86_64/frame.py", "_SAVED"),
    ("codegen/x86_64/asm/printer.py", "_SPECIAL"),  # the printer, per instruction
    ("codegen/x86_64/asm/loop_align.py", "LOOP_ALIGN_DIRECTIVES"),
    ("codegen/x86_64/isel/select.py", "_LOWERINGS"),  # isel, per IR instruction
    ("codegen/x86_64/isel/common.py", "_ALU"),
    ("dwarf/die.py", "_INT_FORMS"),  # the DIE writer, per attribute
    ("dwarf/die.py", "_LABEL_FORMS"),
    ("dwarf/die.py", "_FIXED"),
]


def _annotation(module: str, name: str) -> str | None:
    """The annotation of `name`'s module-level assignment (None: not annotated)."""
    tree = ast.parse((SRC / module).read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                and node.target.id == name:
            return ast.unparse(node.annotation)
        if isinstance(node, ast.Assign) and any(
                name in {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
                for t in node.targets):
            return None
    raise AssertionError(f"{module} assigns no {name}")


@pytest.mark.parametrize(("module", "name"), PER_INSTRUCTION,
                         ids=[f"{m}:{n}" for m, n in PER_INSTRUCTION])
def test_per_instruction_globals_are_final(module: str, name: str) -> None:
    annotation = _annotation(module, name)
    assert annotation is not None and annotation.split("[")[0] == "Final", \
        f"{module}: {name} is read per instruction; annotate it Final"
