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


def test_option_aliases_are_made_without_dataclasses_replace(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """gcc's long spellings are made by Option's constructor (every process that
    parses a command line makes them), and equal what `replace` made."""
    import dataclasses

    from atomc.driver import table as table_module

    calls = []

    def counting(obj: object, **changes: object) -> object:
        calls.append(obj)
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]

    monkeypatch.setattr(table_module, "replace", counting, raising=False)
    built = table_module.table.__wrapped__()  # type: ignore[attr-defined]
    assert calls == []
    short = {o.spelling: o for o in built.options}
    for alias, (target, form) in table_module.ALIASES.items():
        o = short[target]
        assert short[alias] == dataclasses.replace(
            o, spelling=alias, form=form, help=f"same as {o.describe_spelling()}")
