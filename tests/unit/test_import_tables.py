"""Tables that modules build at import, which every `atomc` process pays for before
it compiles anything (issue 13): each counted here by the objects it makes."""

from __future__ import annotations

import subprocess
import sys

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
    monkeypatch.setattr(opcodes, "_MADE", {})
    monkeypatch.setattr(opcodes, "_BY_VALUE", {})
    table = opcodes.table()
    assert list(table) == list(opcodes._ROWS)
    distinct = {id(row) for row in table.values()}
    assert len(made) == len(distinct) == len(set(table.values()))
    assert len(made) < len(table) // 2  # the set<cc>, j<cc>, cmov<cc> of a size... shared
    assert opcodes.table() == table and len(made) == len(distinct)
    assert opcodes.find("not-an-opcode") is None
    with pytest.raises(KeyError):
        opcodes.desc("not-an-opcode")


def test_the_back_end_makes_opcode_rows_when_asked() -> None:
    """Importing the back end makes none of the x86-64 table's rows (11M of an empty
    compile's 380M instructions when all 260 were made at import); a compile makes
    those of the instructions it selects, the ones it would have read."""
    code = ("import atomc.codegen.pipeline\n"
            "from atomc.codegen.x86_64 import opcodes\n"
            "print(len(opcodes._MADE))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       check=True)
    assert r.stdout.split() == ["0"]
    assert set(opcodes.mnemonics_where("is_return")) == {
        op for op, d in opcodes.table().items() if d.is_return}


def test_the_compile_server_makes_every_opcode_row_once_for_its_children(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A served compile is forked from the server after `preload`: the rows are
    made there, not again in each child."""
    from atomc.server import server

    monkeypatch.setattr(opcodes, "_MADE", {})
    monkeypatch.setattr(opcodes, "_BY_VALUE", {})
    server.preload()
    assert list(opcodes._MADE) == list(opcodes._ROWS)


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


def test_common_command_lines_read_no_inventory_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """The option table, and the lookups of a usual command line's arguments (which
    ask whether gcc's inventory could hold them), read the inventory file's text but
    make none of its ~1,300 rows; a -Werror=NAME (checked against gcc's warning
    names) and an inventory option do."""
    from atomc.driver import inventory
    from atomc.driver import table as table_module

    loads = []
    real = inventory.load.__wrapped__  # type: ignore[attr-defined]

    def counting() -> inventory.Inventory:
        loads.append(1)
        got: inventory.Inventory = real()
        return got

    monkeypatch.setattr(inventory, "load", counting)
    monkeypatch.setattr(inventory, "warning_names", lambda: counting().warnings)
    t = table_module.table.__wrapped__()  # type: ignore[attr-defined]
    for arg in ("-O0", "-O2", "-g", "-c", "-w", "-Wall", "-DHAVE_UNISTD_H",
                "-D_LARGEFILE64_SOURCE=1", "-I/tmp/luainc", "-o", "-std=gnu99", "-fPIC"):
        assert t.match(arg) is not None
    assert loads == []
    werror = t.match("-Werror=format")
    assert werror is not None and loads == []
    werror.option.effects[0].convert("format")  # type: ignore[union-attr]
    assert loads == [1]
    assert t.match("-fno-tree-vrp") is not None  # an inventory option: the rows are read
    assert len(loads) > 1


def test_inventory_searches_agree_with_its_rows() -> None:
    """What the text searches answer is what the rows say: every spelling and
    negation, none of their prefixes or variants that are not one, the values."""
    from atomc.driver import inventory

    spellings = inventory.spellings()
    forms = ("flag", "eq", "joined", "sep")
    assert set().union(*(inventory.spellings_of_form(f) for f in forms)) == spellings
    candidates = set(spellings)
    for s, _ in sorted(spellings)[::7]:  # the prefixes of some, for time
        for n in range(len(s) + 1):
            for form in forms:
                candidates |= {(s[:n], form), (s[:n] + "x", form), ("-fno-" + s[2:n], form)}
    wrong = [c for c in candidates if inventory.has_spelling(*c) != (c in spellings)]
    assert wrong == []
    assert not inventory.has_spelling("#", "flag")
    assert not inventory.has_spelling("-O\tflag\tno\tx\n-O", "flag")
    inv = inventory.load()
    for option in ("-march=", "-mtune="):
        assert inventory.values(option) == inv.values[option]
    with pytest.raises(KeyError):
        inventory.values("-mcpu=")
    names = inventory.WarningNames()
    assert "format" in names and "no-such-warning" not in names
    assert inventory.warning_names() == inv.warnings
