"""Multi-location variables end to end: in programs/multiloc.c, `x` has its
address taken, so it keeps its stack slot, and mem-value-locs adds the stored
(and, after the call, the reloaded) value's register as a second location.
With --loclist-mode=multi the location list must hold both at once
(overlapping entries: the frame slot and a register); in both modes gdb and
lldb must show the values the `//@ watch` expectations name."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atomc_eval.expectations import check_file

PROGRAM = Path(__file__).parent / "programs" / "multiloc.c"
DWARFDUMP = shutil.which("llvm-dwarfdump-22")
ENTRY = re.compile(r"\[0x([0-9a-f]+), 0x([0-9a-f]+)\): (DW_OP_\w+)")


def _entries(binary: Path, var: str) -> list[tuple[int, int, str]]:
    assert DWARFDUMP is not None
    out = subprocess.run([DWARFDUMP, f"--name={var}", "-c", str(binary)], check=True,
                         capture_output=True, text=True).stdout
    return [(int(a, 16), int(b, 16), op) for a, b, op in ENTRY.findall(out)]


def _build(tmp_path: Path, mode: str) -> Path:
    out = tmp_path / f"multiloc-{mode}"
    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", f"--loclist-mode={mode}",
                    str(PROGRAM), "-o", str(out)], check=True)
    return out


@pytest.mark.skipif(DWARFDUMP is None, reason="llvm-dwarfdump-22 is not installed")
def test_multi_mode_lists_the_slot_and_the_register_overlapping(tmp_path: Path) -> None:
    entries = _entries(_build(tmp_path, "multi"), "x")
    slot = [e for e in entries if e[2] == "DW_OP_fbreg" or e[2].startswith("DW_OP_breg")]
    regs = [e for e in entries if re.fullmatch(r"DW_OP_reg\d+", e[2])]
    assert slot and regs, entries
    overlapping = [r for r in regs if any(s[0] <= r[0] and r[1] <= s[1] for s in slot)]
    # after the store and after the reload: the register ranges lie inside the slot's
    assert len(overlapping) >= 2, entries


@pytest.mark.skipif(DWARFDUMP is None, reason="llvm-dwarfdump-22 is not installed")
def test_single_mode_never_overlaps(tmp_path: Path) -> None:
    entries = sorted(_entries(_build(tmp_path, "single"), "x"))
    assert entries
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(entries)), entries


@pytest.mark.parametrize("mode", ["single", "multi"])
@pytest.mark.parametrize("debugger", ["gdb", "lldb"])
def test_debuggers_show_the_value_in_both_modes(debugger: str, mode: str) -> None:
    if shutil.which("gdb" if debugger == "gdb" else "lldb-22") is None:
        pytest.skip(f"{debugger} is not installed")
    cc = f"{sys.executable} -m atomc -O2 -g --loclist-mode={mode} {{src}} -o {{out}}"
    report = check_file(str(PROGRAM), cc=cc, debugger=debugger)
    assert report.passed, report.render()
