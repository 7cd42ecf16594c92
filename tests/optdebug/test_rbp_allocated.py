"""`%rbp` as an allocatable callee-saved register in -O2 frames without a
frame pointer: the prologue saves it with its CFI rule, so gdb unwinds through
such frames and recovers the caller's `%rbp` (the variables living there)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ATOMC = [sys.executable, "-m", "atomc"]

# Both `outer` and `mid` keep more values live across calls than there are
# other callee-saved registers, so each uses %rbp for one of them.
PROGRAM = r"""
#include <stdio.h>
__attribute__((noinline)) int leaf(int x) { return x * 3 + 1; }
__attribute__((noinline)) int mid(int a, int b) {
    int m1 = a + 11, m2 = b + 12, m3 = a * b, m4 = a - b, m5 = a ^ 5, m6 = b | 64;
    int r = leaf(a);
    r += leaf(r + m1);
    return r + m1 + m2 + m3 + m4 + m5 + m6;
}
__attribute__((noinline)) int outer(int a, int b, int c, int d) {
    int s1 = a + 1, s2 = b + 2, s3 = c + 3, s4 = d + 4, s5 = a * b, s6 = c * d;
    int t = mid(s1, s2);
    t += mid(t, s3);
    printf("%d %d %d %d %d %d %d\n", s1, s2, s3, s4, s5, s6, t);
    return t + s1 + s2 + s3 + s4 + s5 + s6;
}
int main(void) { printf("%d\n", outer(1, 2, 3, 4)); return 0; }
"""


def _frame_saves_rbp(asm: str, fn: str) -> bool:
    body = asm.split(f"\n{fn}:\n", 1)[1].split(".cfi_endproc", 1)[0]
    return "pushq\t%rbp" in body and "%rsp, %rbp" not in body \
        and re.search(r"\.cfi_offset %rbp, -\d+", body) is not None


@pytest.mark.gdb
@pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")
def test_gdb_unwinds_frames_that_allocate_rbp(tmp_path: Path) -> None:
    src = tmp_path / "rbp.c"
    src.write_text(PROGRAM)
    asm = subprocess.run([*ATOMC, "-O2", "-g", "-S", str(src), "-o", "-"], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    assert _frame_saves_rbp(asm, "outer") and _frame_saves_rbp(asm, "mid"), asm
    assert re.search(r"\n\s+\w+\s+[^\n]*%e?bp\b[^\n]*\n", asm.split("\nouter:\n")[1]), \
        "outer never uses %rbp as a register"
    exe = tmp_path / "rbp"
    subprocess.run([*ATOMC, "-O2", "-g", str(src), "-o", str(exe)], check=True, timeout=300)
    gcc_exe = tmp_path / "rbp_gcc"
    subprocess.run(["gcc", "-O2", str(src), "-o", str(gcc_exe)], check=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30)
    assert run.stdout == subprocess.run([str(gcc_exe)], capture_output=True, text=True,
                                        timeout=30).stdout
    # second call of leaf from the second call of mid: outer's values are all set
    out = subprocess.run(
        ["gdb", "-q", "-batch", "-nx", "-ex", "break leaf", "-ex", "run", "-ex", "continue",
         "-ex", "continue", "-ex", "bt", "-ex", "frame 2",
         "-ex", "printf \"S %d %d %d %d %d %d\\n\", s1, s2, s3, s4, s5, s6",
         "-ex", "frame 0", "-ex", "finish", "-ex", "delete", "-ex", "continue", str(exe)],
        capture_output=True, text=True, timeout=60).stdout
    frames = [ln for ln in out.splitlines() if ln.startswith("#")]
    assert [re.search(r"(?:in )?(\w+) \(", f).group(1) for f in frames[:4]] == \
        ["leaf", "mid", "outer", "main"], out
    assert "S 2 4 6 8 2 12" in out, out  # a=1,b=2,c=3,d=4: read through two unwound frames
    # `finish` returns into mid, and the program then prints what gcc's build prints
    assert "Value returned is $1 = 535" in out and run.stdout in out, out
    assert "exited normally" in out, out
