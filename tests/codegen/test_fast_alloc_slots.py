"""The -O0 allocator shares the slots of block-local temporaries.

With one slot per virtual register, an -O0 frame grew with the function's code:
jq's `jv_get` took 4.4 KB of stack (gcc -O0: 88 bytes), and jq's own test suite
overflows the stack in a deep `setpath` recursion that gcc's build survives (it
still does with the shared slots: the temporaries' allocas remain unshared).
These tests count the frame a long straight-line function gets, which grows with
the number of statements under the old rule and stays flat under the new one.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path


def _frame_size(src: Path, function: str) -> int:
    out = subprocess.run(
        [sys.executable, "-m", "atomc", "-O0", "-g", "--print-mir-after=frame-lowering", "-S",
         str(src), "-o", "/dev/null"], capture_output=True, text=True, check=True)
    m = re.search(rf"mfunction @{function} {{\n  function: [^\n]*frame-size (\d+)", out.stderr)
    assert m, out.stderr[:2000]
    return int(m.group(1))


def _straight_line(n: int) -> str:
    body = "\n".join(f"    a = (b + {i}) * c - (d ^ a) / (b | 1);" for i in range(n))
    return ("int f(int b, int c, int d)\n{\n    int a = 0;\n" + body + "\n    return a;\n}\n")


def test_frame_does_not_grow_with_temporaries(tmp_path: Path) -> None:
    small, large = tmp_path / "small.c", tmp_path / "large.c"
    small.write_text(_straight_line(10))
    large.write_text(_straight_line(200))
    # four locals (16 bytes) plus a few shared temporaries; the old rule gave
    # each statement's five or six temporaries 8 bytes each (over 8 KB here)
    assert _frame_size(large, "f") == _frame_size(small, "f")
    assert _frame_size(large, "f") <= 128


def test_over_aligned_local_keeps_its_address(tmp_path: Path) -> None:
    """The rounded address of an over-aligned local is the variable's location for
    the whole function, so its register never shares a slot."""
    src = tmp_path / "aligned.c"
    src.write_text("int g(int x)\n{\n    int big __attribute__((aligned(64))) = x;\n"
                   + "".join(f"    x = x * 3 + {i};\n" for i in range(20))
                   + "    return big + x;\n}\n")
    out = subprocess.run(
        [sys.executable, "-m", "atomc", "-O0", "-g", "--print-mir-after=regalloc-fast", "-S",
         str(src), "-o", "/dev/null"], capture_output=True, text=True, check=True).stderr
    [dbg] = re.findall(r"DBG_VALUE (stack\.\d+) ; big", out)
    slot_uses = re.findall(rf"\[{re.escape(dbg)}\]", out)
    # the slot holding big's address is written once (its definition) and only read after
    writes = [line for line in out.splitlines()
              if re.search(rf", \[{re.escape(dbg)}\]$", line.split(" :")[0])]
    assert len(writes) == 1, writes
    assert len(slot_uses) >= 2
