"""docs/ir-reference.md documents every opcode, metadata kind and DWARF
operation the IR has (so adding one without documenting it fails)."""

from __future__ import annotations

import re
from pathlib import Path

from atomc.ir import Op
from atomc.ir.debuginfo import OP_BY_NAME
from atomc.ir.md_schema import SCHEMAS as _SCHEMAS

DOC = (Path(__file__).parents[2] / "docs" / "ir-reference.md").read_text(encoding="utf-8")


def test_every_opcode_is_documented() -> None:
    missing = [op.value for op in Op if not re.search(rf"\b{re.escape(op.value)}\b", DOC)]
    assert missing == []


def test_every_metadata_kind_and_field_is_documented() -> None:
    for kind, fields in _SCHEMAS.items():
        row = next((line for line in DOC.splitlines() if line.startswith(f"| `{kind}` |")), None)
        assert row is not None, kind
        for field in fields:
            assert f"`{field}`" in row, (kind, field)


def test_every_dwarf_operation_is_documented() -> None:
    assert [name for name in OP_BY_NAME if f"`{name}" not in DOC] == []
