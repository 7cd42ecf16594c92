"""The line rows are made before LiveDebugValues (which reads them to find where
a line's stop is, codegen/debuginfo/line_start_values.py) and carried over its
labels (`rows_after_labels`): the table printed must be the one `compute_rows`
makes for the final machine code, labels included, trips' header rows too."""

from __future__ import annotations

from pathlib import Path

import pytest

import atomc.codegen.debuginfo.stages as stages
from atomc.codegen.debuginfo.line_rows import compute_rows, rows_after_labels
from atomc.codegen.mir import MFunction, MInst
from atomc.driver import main
from atomc.dwarf.line_rows import LineTable

PROGRAMS = Path(__file__).resolve().parents[1] / "varlocs" / "programs"


@pytest.mark.parametrize("program", ["for_line_values.c", "unrolled_counter.c",
                                     "counted_copies.c", "inlined.c", "switch_vm.c"])
def test_carried_rows_are_the_final_rows(program: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    trips = 0

    def carried(mf: MFunction, table: LineTable, before: list[MInst]) -> LineTable:
        nonlocal trips
        got = rows_after_labels(mf, table, before)
        assert len(before) < sum(len(b.insts) for b in mf.blocks)  # labels were inserted
        assert got == compute_rows(mf), mf.name
        checked.append(mf.name)
        trips += len(got.trips)
        return got

    monkeypatch.setattr(stages, "rows_after_labels", carried)
    assert main(["-O2", "-g", "-S", str(PROGRAMS / program), "-o", str(tmp_path / "out.s")]) == 0
    assert "main" in checked
    if program in ("for_line_values.c", "unrolled_counter.c"):
        assert trips > 0  # fully unrolled loops: header rows carried over
