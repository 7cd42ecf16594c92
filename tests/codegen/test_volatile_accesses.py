"""Volatile accesses survive optimisation: none removed, merged, duplicated or
reordered with each other (mem2reg/SROA/GVN/LICM/DCE/instcombine/simplifycfg/
inlining/unrolling, the scheduler and MIR DCE). Counted in `-S` output at
-O1..-O3; the expected counts are the accesses the C source performs."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = r"""
volatile int vg, vh;
int read10(void) { return vg + vg + vg + vg + vg + vg + vg + vg + vg + vg; }
int loop10(void) { int s = 0; for (int i = 0; i < 10; i++) s += vg; return s; }
void stores(void) { vg = 1; vg = 1; vg = 2; }
int order(void) { vg = 1; int x = vh; vg = 2; return x + vh; }
void unused(void) { (void)vg; vg; }
int viaptr(volatile int *p) { int a = *p; int b = *p; *p = a; *p = b; return a + b; }
static inline int get(void) { return vg; }
int inlined(void) { return get() + get() + get(); }
int hoist(int n) { int s = 0; for (int i = 0; i < n; i++) s += vh * 2; return s; }
struct S { int a; volatile int b; };
int member(struct S *s) { return s->b + s->b; }
int local(void) { volatile int x = 3; x = x + 1; return x + x; }
"""

# function -> accesses in source order: ("r"/"w", variable); `loop10`/`hoist` are loops
EXPECTED = {
    "read10": [("r", "vg")] * 10,
    "stores": [("w", "vg")] * 3,
    "order": [("w", "vg"), ("r", "vh"), ("w", "vg"), ("r", "vh")],
    "unused": [("r", "vg")] * 2,
    "viaptr": [("r", "p")] * 2 + [("w", "p")] * 2,
    "inlined": [("r", "vg")] * 3,
    "member": [("r", "p")] * 2,
}

def _functions(asm: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    cur = None
    for line in asm.splitlines():
        m = re.match(r"^([A-Za-z_]\w*):", line)
        if m:
            cur = m.group(1)
            out[cur] = []
        elif cur is not None and line.startswith("\t") and not line.lstrip().startswith("."):
            out[cur].append(line.strip())
    return out


def _accesses(lines: list[str], var: str) -> list[tuple[str, str]]:
    """Loads ("r") and stores ("w") of `var` (a global, or `p`: through the pointer
    argument in %rdi), in order: an access is a write when it is the last operand."""
    pat = f"{var}(%rip)" if var != "p" else "(%rdi)"
    acc = []
    for ln in lines:
        if pat not in ln:
            continue
        operands = ln.split(None, 1)[1] if " " in ln or "\t" in ln else ""
        acc.append(("w" if operands.rstrip().endswith(pat) else "r", var))
    return acc


@pytest.fixture(scope="module")
def asm_by_level(tmp_path_factory) -> dict[str, dict[str, list[str]]]:
    d = tmp_path_factory.mktemp("volatile")
    src = Path(d) / "v.c"
    src.write_text(SOURCE)
    out = {}
    for level in ("-O1", "-O2", "-O3"):
        asm = Path(d) / f"v{level}.s"
        subprocess.run([sys.executable, "-m", "atomc", level, "-S", str(src), "-o", str(asm)],
                       check=True)
        out[level] = _functions(asm.read_text())
    return out


@pytest.mark.parametrize("level", ["-O1", "-O2", "-O3"])
@pytest.mark.parametrize("fn", sorted(EXPECTED))
def test_volatile_accesses_kept_in_order(asm_by_level, level: str, fn: str) -> None:
    lines = asm_by_level[level][fn]
    want = EXPECTED[fn]
    if fn == "inlined" and sum(ln.split()[-1] == "get" for ln in lines if ln.startswith("call")) == 3:
        return  # not inlined at this level: each call does its one load
    names = sorted({v for _, v in want})
    got = [a for ln in lines for v in names for a in _accesses([ln], v)]
    assert got == want, f"{fn} at {level}:\n" + "\n".join(lines)


@pytest.mark.parametrize("level", ["-O1", "-O2", "-O3"])
def test_volatile_load_in_loop_is_not_hoisted(asm_by_level, level: str) -> None:
    """Ten iterations read `vg` ten times: fully unrolled, ten loads; otherwise the
    load stays inside the loop (after the loop's label, before its back edge)."""
    for fn, var in (("loop10", "vg"), ("hoist", "vh")):
        lines = asm_by_level[level][fn]
        loads = [i for i, ln in enumerate(lines) if f"{var}(%rip)" in ln]
        jumps = [i for i, ln in enumerate(lines) if re.match(r"j\w+\s+\.L", ln)]
        if fn == "loop10" and len(loads) == 10:
            continue
        assert loads, f"{fn} lost its volatile load at {level}"
        back = [j for j in jumps if any(ld < j for ld in loads)]
        assert back, f"{fn}: volatile load not inside the loop at {level}:\n" + "\n".join(lines)
