"""-g must not change the code, and the surest way is that it changes no pass's
input: after every IR pass and every machine pass of an -O2 build, the dump
with -g equals the dump without it once the debug-only text is dropped (debug
records, DBG_* instructions, instruction numbers, source positions, atoms,
metadata). A difference that no small program's `.text` shows yet still
reaches larger ones through a size threshold or a tie: zlib's trees.c inlined
`init_block` only with -g (the front end folded the return block only with Key
Instructions, so the inliner counted one instruction less; fixed on main in
f5b7b88), and gzwrite.c's gz_comp swapped two registers (isel numbered block
parameters' registers at their DBG_PHI with -g, at their first use without)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PROGRAMS = ["keyinstr/programs/interleaved.c", "keyinstr/programs/unrolled.c",
            "keyinstr/programs/drain_loop.c", "varlocs/programs/calls.c",
            "varlocs/programs/switch_vm.c", "exec/programs/097_bytecode_vm.c",
            "debugger/programs/p18_bool_char.c"]

# what only a -g build prints, or prints differently
_DROP_LINE = re.compile(r"^\s*(#dbg |DBG_|LABEL\b|!\d+ = )")
_DEBUG_TEXT = [
    re.compile(r"\s*!loc\(.*?\)"),  # IR source positions ...
    re.compile(r"\s*!close\(.*?\)"),  # ... a return's closing brace (Ret.close) ...
    re.compile(r",?\s*!atom\(.*?\)"),  # ... and atoms
    re.compile(r"\s*; close\b"),  # ... the same brace on the machine `ret` (return-brace)
    re.compile(r"\s*debug-instr-number \d+"),
    re.compile(r"next-instr-num \d+"),
    re.compile(r"\s*atom \d+ \d+"),
    re.compile(r"\s*inlined-at !\d+"),
    re.compile(r"\s*(dbg )?!\d+"),  # metadata references (a subprogram, a location)
    re.compile(r"\s*:\d+:\d+"),  # MIR source positions
]


def _dumps(text: str, marker: str) -> list[tuple[str, list[str]]]:
    """The dumps of one kind (`marker` starts each), debug-only text dropped."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith(("; *** ", "# *** ")):
            out.append((line, []))
            continue
        if not out or not out[-1][0].startswith(marker) or _DROP_LINE.match(line):
            continue
        for pat in _DEBUG_TEXT:
            line = pat.sub("", line)
        out[-1][1].append(line.rstrip())
    return [d for d in out if d[0].startswith(marker)]


def _passes(src: Path, debug: bool) -> str:
    g = ["-g"] if debug else []
    return subprocess.run([sys.executable, "-m", "atomc", "-O2", *g, "--print-after-all",
                           "--print-mir-after-all", "-S", str(src), "-o", "/dev/null"],
                          check=True, capture_output=True, text=True).stderr


def _first_difference(plain: list[tuple[str, list[str]]],
                      debug: list[tuple[str, list[str]]]) -> str | None:
    assert [name for name, _ in plain] == [name for name, _ in debug]
    for (name, a), (_, b) in zip(plain, debug, strict=True):
        if a != b:
            diff = next(f"{x!r} / {y!r}" for x, y in zip(a + [""], b + [""], strict=False)
                        if x != y)
            return f"{name}: without -g / with -g: {diff}"
    return None


@pytest.mark.parametrize("program", PROGRAMS)
def test_every_pass_sees_the_same_code_with_and_without_g(program: str) -> None:
    plain, debug = _passes(ROOT / program, False), _passes(ROOT / program, True)
    for marker in ("; *** IR after", "# *** MIR after"):
        a, b = _dumps(plain, marker), _dumps(debug, marker)
        assert a, f"no {marker!r} dumps"
        assert _first_difference(a, b) is None, _first_difference(a, b)
