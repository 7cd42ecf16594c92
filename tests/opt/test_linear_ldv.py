"""LiveDebugValues must not visit every variable at every block.

Inlining makes functions whose variables and blocks both grow with the code
(lz4's force-inlined LZ4_compress_generic: 960 blocks and 1,463 variables in one
function); phase E (ldv/emit.py) used to place every variable at every block
entry. One function calls an inline helper with a branch and its own locals n
times; the block-entry placements and the instructions walked may grow less than
5x for 4x the calls (visiting every variable at every block grows about 16x).
Work is counted, never timed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from atomc.ir import cfgstate

sys.path.insert(0, str(Path(__file__).parent))
from work_counts import compile_counts  # noqa: E402

SMALL, LARGE = 40, 160
MAX_GROWTH = 5.0


def _inlined_copies(n: int) -> str:
    helper = ("int g(int);\n"
              "static inline __attribute__((always_inline)) int step(int x, int k) {\n"
              "    int t = x * k;\n    if (t & 1) t += g(k); else t -= g(3);\n"
              "    int u = t ^ (t >> 3);\n    return u;\n}\n")
    body = "".join(f"    a = step(a, {k + 1});\n" for k in range(n))
    return helper + "int f(int a) {\n" + body + "    return a;\n}\n"


def _threaded(n: int) -> str:
    """A threaded interpreter of `n` opcodes (GNU computed goto, as Lua's lvm.c is
    built with gcc), each with a local of its own: every opcode's block has one
    predecessor, the shared `goto *` block laid out after them all."""
    labels = ", ".join(f"&&op{k}" for k in range(n))
    ops = "".join(f"  op{k}: {{ int v{k} = acc * {k + 3} + pc; acc = v{k} ^ (acc >> 1); }}\n"
                  f"    if (pc >= len) return acc;\n    goto *table[code[pc++] % {n}];\n"
                  for k in range(n))
    return ("int run(const unsigned char *code, int len) {\n"
            f"    static void *const table[] = {{ {labels} }};\n"
            "    int acc = 1, pc = 0;\n    if (len <= 0) return 0;\n"
            f"    goto *table[code[pc++] % {n}];\n{ops}}}\n")


def _counts(n: int, tmp: Path) -> dict[str, int]:
    return compile_counts(tmp / f"inlined{n}.c", _inlined_copies(n))


def test_block_entries_place_only_what_they_change(tmp_path: Path) -> None:
    saved, cfgstate.CHECK = cfgstate.CHECK, False
    try:
        small, large = _counts(SMALL, tmp_path), _counts(LARGE, tmp_path)
    finally:
        cfgstate.CHECK = saved
    assert large["ldv.machine.blocks"] >= 3 * small["ldv.machine.blocks"], \
        "the input no longer grows in blocks: the check below proves nothing"
    for counter in ("ldv.emit.entry_vars", "ldv.emit.insts"):
        assert small.get(counter, 0) > 0, f"{counter} counted nothing"
        growth = large[counter] / small[counter]
        assert growth < MAX_GROWTH, (
            f"{counter} grew {growth:.1f}x for 4x the inlined copies "
            f"({small[counter]} -> {large[counter]}): every variable at every block?")


def test_blocks_entered_only_by_later_blocks_place_only_what_they_change(
        tmp_path: Path) -> None:
    """A block none of whose predecessors the layout walk has seen yet (an opcode
    of a threaded interpreter, entered from the dispatch block after it) used to
    place every variable: opcodes x variables (13x for 4x the opcodes)."""
    saved, cfgstate.CHECK = cfgstate.CHECK, False
    try:
        small = compile_counts(tmp_path / "threaded_small.c", _threaded(SMALL))
        large = compile_counts(tmp_path / "threaded_large.c", _threaded(LARGE))
    finally:
        cfgstate.CHECK = saved
    assert large["ldv.machine.blocks"] >= 3 * small["ldv.machine.blocks"]
    growth = large["ldv.emit.entry_vars"] / small["ldv.emit.entry_vars"]
    assert growth < MAX_GROWTH, (
        f"ldv.emit.entry_vars grew {growth:.1f}x for 4x the opcodes "
        f"({small['ldv.emit.entry_vars']} -> {large['ldv.emit.entry_vars']})")
