"""The -O0 back end's line rows skip work no -O0 row depends on (issue 13): the
Key Instructions key set is made only when a scope uses Key Instructions (or an
unrolled loop's trips need it), which -O0 code never does. Work is counted, never
timed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import overload

import pytest

from atomc.codegen import generate_assembly
from atomc.diag import DiagnosticEngine
from atomc.dwarf.line_rows import LineBlock, LineInst, compute_force_set
from atomc.frontend import compile_to_ir
from atomc.ir import DICompileUnit, DIFile, DILocation, DISubprogram, DISubroutineType, work
from atomc.options import CompileOptions
from atomc.pipeline import optimise

SOURCE = """
int g;
static int twice(int x) { return 2 * x; }
int f(int n) {
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (i & 1) { int t = twice(i); s += t; } else s -= i;
    }
    g = s;
    return s;
}
"""


def _counts(tmp: Path, level: int) -> dict[str, int]:
    src = tmp / "rows.c"
    src.write_text(SOURCE)
    opts = CompileOptions(opt_level=level, debug=True)
    work.reset()
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    generate_assembly(module, opts)
    return work.snapshot()


def test_o0_rows_make_no_key_set(tmp_path: Path) -> None:
    assert _counts(tmp_path, 0).get("line_rows.key_scan", 0) == 0


def test_key_instructions_rows_make_the_key_set(tmp_path: Path) -> None:
    """The counter counts: -O2 uses Key Instructions, so its rows need the key set."""
    assert _counts(tmp_path, 2).get("line_rows.key_scan", 0) > 0


class _CountedPositions(set[tuple[int, int]]):
    """A position set that counts the membership tests made against it."""

    tests = 0

    def __contains__(self, pos: object) -> bool:
        _CountedPositions.tests += 1
        return super().__contains__(pos)


def test_rows_look_no_position_up_per_instruction(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The row writer tests whether an instruction starts a block from another line
    by comparing its index with its block's one forced index, not by making a
    (block, index) tuple for each instruction and looking it up in the set."""
    import atomc.dwarf.line_rows as line_rows
    plain = line_rows.compute_force_set
    made: list[_CountedPositions] = []

    def counted(blocks: Sequence[line_rows.LineBlock]) -> set[tuple[int, int]]:
        made.append(_CountedPositions(plain(blocks)))
        return made[-1]

    monkeypatch.setattr(line_rows, "compute_force_set", counted)
    _CountedPositions.tests = 0
    _counts(tmp_path, 0)
    assert made and any(made), "the force set was not made, or empty"
    assert _CountedPositions.tests == 0, \
        f"{_CountedPositions.tests} look-ups in the force set"


class _CountedInsts(Sequence[LineInst]):
    """A block's instructions that count how many of them are read."""

    def __init__(self, insts: list[LineInst]) -> None:
        self.insts = insts
        self.reads = 0

    def __len__(self) -> int:
        return len(self.insts)

    @overload
    def __getitem__(self, k: int) -> LineInst: ...
    @overload
    def __getitem__(self, k: slice) -> Sequence[LineInst]: ...

    def __getitem__(self, k: int | slice) -> LineInst | Sequence[LineInst]:
        got = self.insts[k]
        self.reads += len(got) if isinstance(got, list) else 1
        return got

    def __iter__(self) -> Iterator[LineInst]:
        for inst in self.insts:
            self.reads += 1
            yield inst


def test_block_exit_lines_read_the_block_end(tmp_path: Path) -> None:
    """The line a block leaves from (the force set asks it for every edge) is read
    from the block's end, not by listing all its instructions for every edge."""
    file = DIFile("t.c", "/tmp")
    cu = DICompileUnit(file, "atomc", "C11", False)
    sp = DISubprogram("f", "f", file, 1, DISubroutineType(None, ()), 1, cu)
    body = [LineInst(DILocation(2 + k // 10, 0, sp)) for k in range(500)]
    head = _CountedInsts(body + [LineInst(DILocation(60, 0, sp), cond_branch_to=2),
                                 LineInst(DILocation(61, 0, sp), jump_to=1)])
    blocks = [LineBlock(head, [2, 1]),
              LineBlock([LineInst(DILocation(70, 0, sp))], []),
              LineBlock([LineInst(DILocation(80, 0, sp))], [])]
    forced = compute_force_set(blocks)
    assert forced == {(1, 0), (2, 0)}
    assert head.reads <= 20, f"{head.reads} instructions read for the block's two exits"


def test_predecessors_are_each_block_once_in_order() -> None:
    """`_preds` (deduplicated without a dict per block) lists each predecessor once,
    in block order, as `dict.fromkeys` over each block's successors did."""
    from atomc.dwarf.line_rows import _preds
    succs = [[1, 1, 2], [0, 3, 1], [3, 3], [3, 0, 2, 0], []]
    blocks = [LineBlock([], s) for s in succs]
    want: list[list[int]] = [[] for _ in succs]
    for p, s in enumerate(succs):
        for t in dict.fromkeys(s):
            want[t].append(p)
    assert _preds(blocks) == want == [[1, 3], [0, 1], [0, 3], [1, 2, 3], []]
