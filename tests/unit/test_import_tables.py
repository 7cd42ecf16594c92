"""Tables that modules build at import, which every `atomc` process pays for before
it compiles anything (issue 13): each counted here by the objects it makes."""

from __future__ import annotations

import pytest

from atomc.codegen.x86_64 import opcodes


def test_opcode_rows_are_made_once_and_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each distinct row of the x86-64 table is constructed once: not once per
    mnemonic, nor once more to add the properties derived from its family."""
    made = []
    real = opcodes.OpcodeInfo

    def counting(*args: object, **kwargs: object) -> object:
        row = real(*args, **kwargs)  # type: ignore[arg-type]
        made.append(row)
        return row

    monkeypatch.setattr(opcodes, "OpcodeInfo", counting)
    table = opcodes._build()
    assert table == opcodes.OPCODES
    assert list(table) == list(opcodes.OPCODES)
    distinct = {id(row) for row in table.values()}
    assert len(made) == len(distinct) == len(set(table.values()))
    assert len(made) < len(table) // 2  # the set<cc>, j<cc>, cmov<cc> of a size... shared
