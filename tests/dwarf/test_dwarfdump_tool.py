"""`atomc-dwarfdump` on the sample object: the function's subtree and line rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.tools.dwarfdump import main

SUBPROGRAM = """\
    subprogram
      decl_file: sample.c
      decl_line: 12
      external: true
      frame_base: DW_OP_call_frame_cfa
      high_pc: low_pc+0x39
      low_pc: 0x0
      name: "sum"
      prototyped: true
      type: int
      formal_parameter
        decl_file: sample.c
        decl_line: 12
        location: DW_OP_fbreg -40
        name: "n"
        type: node_t *
      formal_parameter
        decl_file: sample.c
        decl_line: 12
        location: [0x0, 0xb): DW_OP_reg4
        location: [0xb, 0x39): DW_OP_fbreg -44
        name: "scale"
        type: int
      variable
        decl_file: sample.c
        decl_line: 14
        location: DW_OP_fbreg -20
        name: "total"
        type: int
      lexical_block
        high_pc: low_pc+0x13
        low_pc: 0x12
        variable
          decl_file: sample.c
          decl_line: 16
          location: DW_OP_fbreg -24
          name: "i"
          type: int
      variable
        const_value: -3
        decl_file: sample.c
        decl_line: 15
        name: "hidden"
        type: int
"""

LINES = """\
lines sample.c
  0x000000 sample.c:12:31 is_stmt
  0x00000b sample.c:14:9 is_stmt prologue_end
  0x000012 sample.c:16:13 is_stmt
  0x00001b sample.c:17:17 is_stmt
  0x000025 sample.c:19:10 is_stmt
  0x000034 sample.c:20:12 is_stmt
  0x000037 sample.c:21:1 is_stmt
  0x000039 sample.c:21:1 end_sequence
"""


def test_info(sample_object, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert main(["--info", str(sample_object[1])]) == 0
    out = capsys.readouterr().out
    assert out.startswith("unit sample.c version 5\n  compile_unit\n")
    assert SUBPROGRAM in out
    assert "      name: \"node\"\n      member\n" in out
    assert "lines sample.c" not in out


def test_lines(sample_object, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert main(["--lines", str(sample_object[1])]) == 0
    assert capsys.readouterr().out == LINES


def test_cu_filter(sample_object, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert main(["--cu", "nomatch", str(sample_object[1])]) == 0
    assert capsys.readouterr().out == ""


def test_not_elf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "x.o"
    p.write_bytes(b"not an elf file")
    assert main([str(p)]) == 1
    assert "atomc-dwarfdump:" in capsys.readouterr().err


def _info_at_O2(src: Path, exe: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """`atomc-dwarfdump --info` of `src` built by atomc -O2 -g."""
    import subprocess
    import sys

    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", str(src), "-o", str(exe)],
                   check=True, timeout=300)
    assert main(["--info", str(exe)]) == 0
    return capsys.readouterr().out


def test_info_prints_nested_entry_value_expressions(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A location list entry `DW_OP_entry_value(DW_OP_reg5), DW_OP_stack_value`
    (a parameter whose register was reused, at -O2) holds a nested expression."""
    src = Path(__file__).parents[1] / "keyinstr" / "programs" / "interleaved.c"
    out = _info_at_O2(src, tmp_path / "interleaved", capsys)
    assert "DW_OP_entry_value (DW_OP_reg" in out, out


def test_info_prints_implicit_value_bytes(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A `long double` constant at -O2 is a `DW_OP_implicit_value` of 16 bytes: its
    block is the value's bytes, not a nested expression (the dump crashed on it)."""
    src = tmp_path / "ld.c"
    src.write_text("#include <stdio.h>\nint main(void) {\n  long double x = 1.7L;\n"
                   "  printf(\"%Lf\\n\", x);\n  return 0;\n}\n")
    out = _info_at_O2(src, tmp_path / "ld", capsys)
    assert "DW_OP_implicit_value 0x" in out, out
