"""The fields of each metadata node kind in IR text: field name -> (value kind,
default); REQ marks a required field. parser.py reads nodes by these tables, and
tests/ir/test_ir_reference_doc.py checks docs/ir-reference.md against them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .debuginfo import BASIC_ENCODINGS, COMPOSITE_TAGS, DERIVED_TAGS
from .text_lexer import Token

REQ = object()


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to metadata node `num` (None: `null`) written at `tok`."""

    num: int | None
    tok: Token


@dataclass(frozen=True, slots=True)
class RawNode:
    kind: str
    fields: dict[str, tuple[object, Token]]
    tok: Token


# value kinds: str, int, bool, ident:<choices>, ref:<classes>, refs:<classes>, atom
TYPE_NODES = "DIBasicType|DIDerivedType|DICompositeType|DISubroutineType"
_SCOPES = "DISubprogram|DILexicalBlock"
SCHEMAS: dict[str, dict[str, tuple[str, object]]] = {
    "DIFile": {"name": ("str", REQ), "dir": ("str", REQ)},
    "DICompileUnit": {"file": ("ref:DIFile", REQ), "producer": ("str", REQ),
                      "language": ("ident", REQ), "optimized": ("bool", False)},
    "DIBasicType": {"name": ("str", REQ), "size": ("int", REQ),
                    "encoding": ("ident:" + "|".join(BASIC_ENCODINGS), REQ)},
    "DIDerivedType": {"tag": ("ident:" + "|".join(DERIVED_TAGS), REQ), "name": ("str", ""),
                      "base": ("ref?:" + TYPE_NODES, REQ), "size": ("int", 0), "offset": ("int", 0),
                      "file": ("ref?:DIFile", None), "line": ("int", 0), "bitsize": ("int", 0)},
    "DICompositeType": {"tag": ("ident:" + "|".join(COMPOSITE_TAGS), REQ), "name": ("str", ""),
                        "size": ("int", REQ), "align": ("int", 0),
                        "base": ("ref?:" + TYPE_NODES, None),
                        "file": ("ref?:DIFile", None), "line": ("int", 0),
                        "declaration": ("bool", False),
                        "elements": ("refs:DIDerivedType|DIEnumerator|DISubrange", ())},
    "DIEnumerator": {"name": ("str", REQ), "value": ("int", REQ)},
    "DISubrange": {"count": ("int", REQ), "countvar": ("ref?:DILocalVariable", None)},
    "DISubroutineType": {"ret": ("ref?:" + TYPE_NODES, None), "params": ("refs:" + TYPE_NODES, ()),
                         "variadic": ("bool", False), "prototyped": ("bool", True)},
    "DISubprogram": {"name": ("str", REQ), "linkage": ("str", ""), "file": ("ref:DIFile", REQ),
                     "line": ("int", REQ), "type": ("ref:DISubroutineType", REQ),
                     "scope_line": ("int", 0), "unit": ("ref:DICompileUnit", REQ),
                     "local": ("bool", False), "definition": ("bool", True),
                     "key_instructions": ("bool", False)},
    "DILexicalBlock": {"scope": ("ref:" + _SCOPES, REQ), "file": ("ref:DIFile", REQ),
                       "line": ("int", REQ), "column": ("int", 0)},
    "DILocalVariable": {"name": ("str", REQ), "scope": ("ref:" + _SCOPES, REQ),
                        "file": ("ref:DIFile", REQ), "line": ("int", REQ),
                        "type": ("ref:" + TYPE_NODES, REQ), "arg": ("int", 0)},
    "DIGlobalVariable": {"name": ("str", REQ), "linkage": ("str", ""),
                         "file": ("ref:DIFile", REQ), "line": ("int", REQ),
                         "type": ("ref:" + TYPE_NODES, REQ), "local": ("bool", False),
                         "definition": ("bool", True), "scope": ("ref?:" + _SCOPES, None)},
    "DILocation": {"line": ("int", REQ), "column": ("int", 0), "scope": ("ref:" + _SCOPES, REQ),
                   "inlined_at": ("ref?:DILocation", None), "atom": ("atom", (0, 0)),
                   "copy": ("int", 0), "stmt": ("int", 0)},
}
