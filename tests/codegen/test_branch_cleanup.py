"""Post-allocation branch cleanup (`branch_cleanup`): no block is left that
only jumps elsewhere, no jump goes to the next block, the program still
behaves like gcc's build, and the machine code is the same with and without -g
(the removed blocks' debug instructions never decide anything)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ATOMC = [sys.executable, "-m", "atomc"]

PROGRAM = r"""
#include <stdio.h>
static int row[64], prev[64];
static const char *a = "the quick brown fox jumps over the lazy dog again";
static const char *b = "a lazy dog was quick to jump over the brown fox";
int main(void) {
    for (int i = 1; a[i - 1]; i++) {
        for (int j = 1; b[j - 1] && j < 64; j++) {
            int best = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < best) best = prev[j] + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
        }
        for (int j = 0; j < 64; j++) prev[j] = row[j];
    }
    printf("%d %d\n", row[40], row[20]);
    return 0;
}
"""


def _code_lines(asm: str) -> list[str]:
    return [ln for ln in asm.splitlines()
            if ln and not ln.startswith(("\t.", ".Ltmp", "#")) and not ln.startswith(".Lfunc")]


def test_no_jump_only_blocks_and_no_jumps_to_next(tmp_path: Path) -> None:
    src = tmp_path / "edit.c"
    src.write_text(PROGRAM)
    asm = subprocess.run([*ATOMC, "-O2", "-S", str(src), "-o", "-"], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    code = _code_lines(asm)
    for here, nxt in zip(code, code[1:]):
        assert not (re.match(r"\.LBB\d+_\d+:$", here) and nxt.startswith("\tjmp\t.LBB")), \
            f"a block that only jumps: {here} {nxt}"
        m = re.match(r"\tj\w+\t(\.LBB\d+_\d+)$", here)
        assert not (m and nxt == m.group(1) + ":"), f"a jump to the next block: {here}"
    exe, ref = tmp_path / "edit", tmp_path / "edit_gcc"
    subprocess.run([*ATOMC, "-O2", "-g", str(src), "-o", str(exe)], check=True, timeout=300)
    subprocess.run(["gcc", "-O2", str(src), "-o", str(ref)], check=True)
    assert subprocess.run([str(exe)], capture_output=True, text=True).stdout == \
        subprocess.run([str(ref)], capture_output=True, text=True).stdout


def test_code_is_the_same_with_and_without_debug_info(tmp_path: Path) -> None:
    src = tmp_path / "edit.c"
    src.write_text(PROGRAM)
    texts = []
    for g in ([], ["-g"]):
        obj = tmp_path / f"edit{len(g)}.o"
        subprocess.run([*ATOMC, "-O2", *g, "-c", str(src), "-o", str(obj)], check=True,
                       timeout=300)
        raw = tmp_path / f"edit{len(g)}.bin"
        subprocess.run(["objcopy", "-O", "binary", "-j", ".text", str(obj), str(raw)],
                       check=True)
        texts.append(raw.read_bytes())
    assert texts[0] == texts[1]
