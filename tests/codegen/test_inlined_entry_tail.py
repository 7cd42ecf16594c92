"""The scheduler keeps a block's entry code into an inlined loop after the
caller's code (debuginfo/inline_entries.py, `inlined_entry_tails`), and the
instance begins on it.

tests/varlocs/programs/inlined_loop_after_stores.c: `run` is inlined into main
right after main's stores of `box = {0}`. Its set-up (the pointer to the ops,
pc = 0) used to be hoisted among those stores, so the instance's first range
began at the loop header, which the loop jumps back to: gdb and lldb showed
main's call line on every iteration, with `box` half updated. Now the code
before the header is run's own and no range of the instance starts at it (its
first instruction is the call line's own statement, from call_site_entries).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = Path(__file__).parent.parent / "varlocs" / "programs" / "inlined_loop_after_stores.c"
DWARFDUMP = shutil.which("llvm-dwarfdump-22") or shutil.which("llvm-dwarfdump")

pytestmark = pytest.mark.skipif(DWARFDUMP is None, reason="llvm-dwarfdump not installed")


def _ranges(dump: str, name: str) -> list[tuple[int, int]]:
    """The address ranges of the inlined instance of `name`, in the listed order
    (DW_AT_ranges, or one low_pc/high_pc pair when the instance is contiguous)."""
    for m in re.finditer(r"DW_TAG_inlined_subroutine\n(.*?)\n\s*DW_AT_call_file", dump, re.S):
        if f'"{name}"' in m.group(1):
            pair = re.search(r"DW_AT_low_pc\s+\(0x([0-9a-f]+)\)\s*\n\s*"
                             r"DW_AT_high_pc\s+\(0x([0-9a-f]+)\)", m.group(1))
            if pair:
                return [(int(pair.group(1), 16), int(pair.group(2), 16))]
            return [(int(a, 16), int(b, 16))
                    for a, b in re.findall(r"\[0x([0-9a-f]+), 0x([0-9a-f]+)\)", m.group(1))]
    raise AssertionError(f"no inlined instance of {name}")


def _main_code(obj: Path) -> list[tuple[int, str, str]]:
    """main's instructions: (address, mnemonic, operands)."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(obj)], check=True,
                         capture_output=True, text=True).stdout
    body = out[out.index("<main>:"):].split("\n\n")[0]
    return [(int(m.group(1), 16), m.group(2), m.group(3))
            for m in re.finditer(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", body, re.M)]


def _padding(op: str, args: str) -> bool:
    """A nop the assembler put in for alignment (objdump shows prefixes as `cs`, `data16`)."""
    return op.startswith("nop") or op in ("cs", "ds", "data16") or \
        (op == "xchg" and args.strip() == "%ax,%ax")


def test_an_inlined_loop_begins_on_its_set_up_not_on_its_header(tmp_path: Path) -> None:
    obj = tmp_path / "t.o"
    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", "-c", str(PROGRAM),
                    "-o", str(obj)], check=True, timeout=300)
    dump = subprocess.run([DWARFDUMP, "--debug-info", str(obj)], check=True,
                          capture_output=True, text=True).stdout
    ranges = _ranges(dump, "run")
    code = _main_code(obj)
    addrs = [a for a, _, _ in code]
    entry = ranges[0][0]  # gdb 13 takes the first listed range's start for the entry
    assert entry == min(a for a, _ in ranges)
    k = addrs.index(entry)
    # the caller's last store of `box`, then run's set-up (lea, xor), then the header;
    # the set-up's first instruction, which only writes a register, is the call line's
    # statement in main (call_site_entries.py), so the instance begins on the xor
    assert code[k - 2][1].startswith("movq") and code[k - 1][1].startswith("lea")
    assert code[k][1].startswith("xor")
    # loop alignment may pad between the set-up and the header (`.p2align`: nops)
    header = next(a for a, op, args in code[k + 1:] if not _padding(op, args))
    assert any(op.startswith("j") and args.startswith(f"{header:x} ") for _, op, args in code)
    assert all(start != header for start, _ in ranges)
    assert any(start < header < end for start, end in ranges)
