"""Key Instructions end to end: at -O2 the scheduler interleaves statements;
without Key Instructions gdb's `next` goes back and forth, with them it follows
the source. Only the line table differs between the two builds."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

PROGRAMS = Path(__file__).parent / "programs"
ATOMC = [sys.executable, "-m", "atomc"]
needs_gdb = pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")


def build(tmp: Path, src: str, *flags: str, debug: bool = True, opt: str = "-O2") -> Path:
    out = tmp / (Path(src).stem + opt + "".join(f.replace("-", "_") for f in flags)
                 + str(debug))
    g = ["-g"] if debug else []
    subprocess.run([*ATOMC, opt, *g, *flags, str(PROGRAMS / src), "-o", str(out)],
                   check=True)
    return out


def gdb_next_lines(exe: Path, function: str, steps: int) -> list[int]:
    cmds = ["-ex", f"break {function}", "-ex", "run"] + ["-ex", "next"] * steps
    out = subprocess.run(["gdb", "-q", "-batch", "-nx", *cmds, str(exe)], capture_output=True,
                         text=True, timeout=60).stdout
    return [int(m.group(1)) for m in re.finditer(r"^(\d+)\t", out, re.M)]


def section(exe: Path, name: str) -> bytes:
    with open(exe, "rb") as f:
        return ELFFile(f).get_section_by_name(name).data()


def is_stmt_lines(exe: Path) -> list[int]:
    with open(exe, "rb") as f:
        dwarf = ELFFile(f).get_dwarf_info()
        cu = next(dwarf.iter_CUs())
        rows = [e.state for e in dwarf.line_program_for_CU(cu).get_entries() if e.state]
        return [r.line for r in rows if r.is_stmt and not r.end_sequence]


@needs_gdb
def test_key_instructions_make_gdb_follow_the_source(tmp_path: Path) -> None:
    ki = build(tmp_path, "interleaved.c")
    legacy = build(tmp_path, "interleaved.c", "-gno-key-instructions")
    # foo's statements are lines 5-9; main's call is line 18
    assert gdb_next_lines(ki, "foo", 4) == [5, 6, 7, 8, 9]
    assert gdb_next_lines(legacy, "foo", 5) == [5, 6, 5, 6, 7, 8]
    # leaving foo, gdb does not stop at line 18 again for the `& 0x7f` after the
    # call (no is_stmt row on the call's line after its return address, as at -O0)
    assert 18 not in gdb_next_lines(ki, "foo", 6)


# A spread of shapes: one return per function, several returns, `main` falling off
# its end, narrow (char/short) results, struct results, void functions.
IDENTITY_PROGRAMS = ["interleaved.c", "unrolled.c", "../../varlocs/programs/calls.c",
                     "../../exec/programs/097_bytecode_vm.c",
                     "../../exec/programs/423_alignas_zero.c",
                     "../../debugger/programs/p17_small_struct_abi.c",
                     "../../debugger/programs/p18_bool_char.c",
                     "../../debugger/programs/p21_goto_state.c"]


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("src", IDENTITY_PROGRAMS)
def test_machine_code_is_identical_with_and_without_key_instructions(tmp_path: Path, src: str,
                                                                     opt: str) -> None:
    """Debug options never change the code, at -O0 (where the front end's choices
    reach the machine code unoptimised) as at -O2."""
    ki = build(tmp_path, src, "-gkey-instructions", opt=opt)
    legacy = build(tmp_path, src, "-gno-key-instructions", opt=opt)
    plain = build(tmp_path, src, debug=False, opt=opt)
    assert section(ki, ".text") == section(legacy, ".text") == section(plain, ".text")
    assert section(ki, ".debug_line") != section(legacy, ".debug_line")


@pytest.mark.skipif(shutil.which("lldb-22") is None, reason="lldb-22 not installed")
def test_lldb_follows_the_source_too(tmp_path: Path) -> None:
    """lldb ignores is_stmt, so Key Instructions alone would not change its
    steps; a hoisted instruction that can never be a statement's key
    instruction takes the location it lands in (codegen/debuginfo/hoisted_lines.py),
    so with Key Instructions lldb steps like gdb, without them it goes back
    and forth."""
    ki = build(tmp_path, "interleaved.c")
    legacy = build(tmp_path, "interleaved.c", "-gno-key-instructions")

    def lldb_lines(exe: Path) -> list[int]:
        cmds = ["-o", "breakpoint set -n foo", "-o", "run"] + ["-o", "next"] * 5
        out = subprocess.run(["lldb-22", "--batch", *cmds, str(exe)], capture_output=True,
                             text=True, timeout=120).stdout
        return [int(m.group(1)) for m in re.finditer(r"^-> (\d+)", out, re.M)]

    assert lldb_lines(ki) == [5, 6, 7, 8, 9, 10]  # foo's `}` after its return (Ret.close)
    assert lldb_lines(legacy) == [5, 6, 5, 6, 7, 8]


def test_each_unrolled_copy_gets_its_own_stop(tmp_path: Path) -> None:
    exe = build(tmp_path, "unrolled.c")
    assert subprocess.run([str(exe)]).returncode == 0
    # the loop body (line 8) is unrolled three times; every copy's key
    # instruction is a statement
    assert is_stmt_lines(exe).count(8) >= 3
    legacy = build(tmp_path, "unrolled.c", "-gno-key-instructions")
    assert section(exe, ".text") == section(legacy, ".text")
