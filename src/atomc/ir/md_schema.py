"""The fields of each metadata node kind in IR text: field name -> FieldSpec (what
the value is, its default; REQ marks a required field). parser.py reads nodes by
these tables, and tests/ir/test_ir_reference_doc.py checks docs/ir-reference.md
against them.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass

import atomc.fastenum as fastenum

from .debuginfo import BASIC_ENCODINGS, COMPOSITE_TAGS, DERIVED_TAGS
from .text_lexer import Token

REQ = object()


class ValueKind(fastenum.Enum):
    """What a field's value is in the text."""

    STR = enum.auto()    # "text"
    INT = enum.auto()    # 42
    BOOL = enum.auto()   # true / false
    ATOM = enum.auto()   # two integers: group rank
    IDENT = enum.auto()  # a bare word, one of `FieldSpec.choices` when there are any
    REF = enum.auto()    # !N of one of `FieldSpec.classes` (or null when nullable)
    REFS = enum.auto()   # (!N, !M, ...) of `FieldSpec.classes`


@dataclass(frozen=True, slots=True)
class FieldSpec:
    kind: ValueKind
    # Hashable, not object: mypyc cannot build a dataclass with a field typed `object`
    default: Hashable = REQ
    choices: tuple[str, ...] = ()  # IDENT: the words allowed (empty: any); REF(S): classes
    nullable: bool = False         # REF: `null` allowed


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


def _str(default: object = REQ) -> FieldSpec:
    return FieldSpec(ValueKind.STR, default)


def _int(default: object = REQ) -> FieldSpec:
    return FieldSpec(ValueKind.INT, default)


def _bool(default: bool) -> FieldSpec:
    return FieldSpec(ValueKind.BOOL, default)


def _ident(choices: tuple[str, ...] = ()) -> FieldSpec:
    return FieldSpec(ValueKind.IDENT, REQ, choices)


def _ref(classes: tuple[str, ...], default: object = REQ, nullable: bool = False) -> FieldSpec:
    return FieldSpec(ValueKind.REF, default, classes, nullable)


def _maybe(classes: tuple[str, ...], default: object = None) -> FieldSpec:
    """A reference that may be `null`."""
    return _ref(classes, default, nullable=True)


TYPE_NODES = ("DIBasicType", "DIDerivedType", "DICompositeType", "DISubroutineType")
ELEMENT_NODES = ("DIDerivedType", "DIEnumerator", "DISubrange")
_SCOPES = ("DISubprogram", "DILexicalBlock")
_FILE = ("DIFile",)
SCHEMAS: dict[str, dict[str, FieldSpec]] = {
    "DIFile": {"name": _str(), "dir": _str()},
    "DICompileUnit": {"file": _ref(_FILE), "producer": _str(), "language": _ident(),
                      "optimized": _bool(False)},
    "DIBasicType": {"name": _str(), "size": _int(), "encoding": _ident(tuple(BASIC_ENCODINGS))},
    "DIDerivedType": {"tag": _ident(tuple(DERIVED_TAGS)), "name": _str(""),
                      "base": _maybe(TYPE_NODES, REQ), "size": _int(0), "offset": _int(0),
                      "file": _maybe(_FILE), "line": _int(0), "bitsize": _int(0)},
    "DICompositeType": {"tag": _ident(tuple(COMPOSITE_TAGS)), "name": _str(""),
                        "size": _int(), "align": _int(0), "base": _maybe(TYPE_NODES),
                        "file": _maybe(_FILE), "line": _int(0), "declaration": _bool(False),
                        "elements": FieldSpec(ValueKind.REFS, (), ELEMENT_NODES)},
    "DIEnumerator": {"name": _str(), "value": _int()},
    "DISubrange": {"count": _int(), "countvar": _maybe(("DILocalVariable",))},
    "DISubroutineType": {"ret": _maybe(TYPE_NODES), "params": FieldSpec(ValueKind.REFS, (),
                                                                         TYPE_NODES),
                         "variadic": _bool(False), "prototyped": _bool(True)},
    "DISubprogram": {"name": _str(), "linkage": _str(""), "file": _ref(_FILE), "line": _int(),
                     "type": _ref(("DISubroutineType",)), "scope_line": _int(0),
                     "unit": _ref(("DICompileUnit",)), "local": _bool(False),
                     "definition": _bool(True), "key_instructions": _bool(False)},
    "DILexicalBlock": {"scope": _ref(_SCOPES), "file": _ref(_FILE), "line": _int(),
                       "column": _int(0)},
    "DILocalVariable": {"name": _str(), "scope": _ref(_SCOPES), "file": _ref(_FILE),
                        "line": _int(), "type": _ref(TYPE_NODES), "arg": _int(0)},
    "DIGlobalVariable": {"name": _str(), "linkage": _str(""), "file": _ref(_FILE),
                         "line": _int(), "type": _ref(TYPE_NODES), "local": _bool(False),
                         "definition": _bool(True), "scope": _maybe(_SCOPES)},
    "DILocation": {"line": _int(), "column": _int(0), "scope": _ref(_SCOPES),
                   "inlined_at": _maybe(("DILocation",)),
                   "atom": FieldSpec(ValueKind.ATOM, (0, 0)), "copy": _int(0),
                   "stmt": _int(0)},
}
