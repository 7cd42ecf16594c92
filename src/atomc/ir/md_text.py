"""Metadata in IR text: reading a node's fields against its schema (md_schema.py)
and building the node from them; parser.py collects, numbers and resolves nodes.

A field read is `Any`: the schema, not the type checker, knows that `size` of a
DIBasicType is an int and `file` a DIFile, and the reader has already checked the
text against it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .debuginfo import (
    DIBasicType,
    DICompileUnit,
    DICompositeType,
    DIDerivedType,
    DIEnumerator,
    DIFile,
    DIGlobalVariable,
    DILexicalBlock,
    DILocalVariable,
    DISubprogram,
    DISubrange,
    DISubroutineType,
)
from .md_schema import REQ, SCHEMAS, TYPE_NODES, FieldSpec, RawNode, Ref, ValueKind
from .text_lexer import Token, TokKind

if TYPE_CHECKING:
    from .parser import IRParser

Field = Callable[[str], Any]


def read_fields(p: IRParser, kind: str) -> dict[str, tuple[object, Token]]:
    """`(name: value, ...)` of a node of `kind`, checked against its schema."""
    schema = SCHEMAS[kind]
    fields: dict[str, tuple[object, Token]] = {}
    p.expect("(")
    while not p.at(")"):
        if fields:
            p.expect(",")
        name_tok = p.expect_kind(TokKind.IDENT, "field name")
        name = name_tok.text
        if name not in schema:
            p.error(name_tok, f"unknown field '{name}' in {kind}")
        if name in fields:
            p.error(name_tok, f"duplicate field '{name}'")
        p.expect(":")
        fields[name] = (_read_value(p, schema[name], name_tok), name_tok)
    close = p.expect(")")
    for name, spec in schema.items():
        if spec.default is REQ and name not in fields:
            p.error(close, f"missing field '{name}' in {kind}")
    return fields

def _read_value(p: IRParser, spec: FieldSpec, name_tok: Token) -> object:
    t = p.tok
    match spec.kind:
        case ValueKind.STR:
            return p.expect_string()
        case ValueKind.INT:
            return p.expect_int()
        case ValueKind.BOOL:
            if p.accept("true"):
                return True
            if p.accept("false"):
                return False
            p.error(t, f"expected 'true' or 'false', found {p.describe(t)}")
        case ValueKind.ATOM:
            return (p.expect_int("atom group"), p.expect_int("atom rank"))
        case ValueKind.IDENT:
            tok = p.expect_kind(TokKind.IDENT, f"a value for '{name_tok.text}'")
            if spec.choices and tok.text not in spec.choices:
                p.error(tok, f"invalid {name_tok.text} '{tok.text}'")
            return tok.text
        case ValueKind.REFS:
            p.expect("(")
            return p.comma_list(
                ")", lambda: _ref(p.expect_kind(TokKind.META, "metadata reference")))
    if t.kind is TokKind.IDENT and t.text == "null":
        if not spec.nullable:
            p.error(t, f"field '{name_tok.text}' cannot be null")
        p.next()
        return Ref(None, t)
    return _ref(p.expect_kind(TokKind.META, "metadata reference"))


def build_node(raw: RawNode, f: Field, resolve: Callable[[object, tuple[str, ...]], Any],
               pending: list[tuple[DICompositeType, RawNode]]) -> object:
    """The node of every kind but DILocation; a composite type with elements is
    returned empty and queued on `pending` (its elements may point back at it)."""
    match raw.kind:
        case "DIFile":
            return DIFile(f("name"), f("dir"))
        case "DICompileUnit":
            return DICompileUnit(f("file"), f("producer"), f("language"), f("optimized"))
        case "DIBasicType":
            return DIBasicType(f("name"), f("size"), f("encoding"))
        case "DIDerivedType":
            return DIDerivedType(f("tag"), f("name"), f("base"), f("size"), f("offset"),
                                 f("file"), f("line"), f("bitsize"))
        case "DICompositeType":
            node = DICompositeType(f("tag"), f("name"), f("size"), f("align"), f("base"),
                                   f("file"), f("line"), [], f("declaration"))
            if raw.fields.get("elements"):
                pending.append((node, raw))
            return node
        case "DIEnumerator":
            return DIEnumerator(f("name"), f("value"))
        case "DISubrange":
            return DISubrange(f("count"), f("countvar"))
        case "DISubroutineType":
            params = tuple(resolve(r, TYPE_NODES) for r in f("params"))
            return DISubroutineType(f("ret"), params, f("variadic"), f("prototyped"))
        case "DISubprogram":
            return DISubprogram(f("name"), f("linkage"), f("file"), f("line"), f("type"),
                                f("scope_line"), f("unit"), f("local"), f("definition"),
                                f("key_instructions"))
        case "DILexicalBlock":
            return DILexicalBlock(f("scope"), f("file"), f("line"), f("column"))
        case "DILocalVariable":
            return DILocalVariable(f("name"), f("scope"), f("file"), f("line"), f("type"),
                                   f("arg"))
        case "DIGlobalVariable":
            return DIGlobalVariable(f("name"), f("linkage"), f("file"), f("line"), f("type"),
                                    f("local"), f("definition"), f("scope"))
    raise AssertionError(raw.kind)


def _ref(tok: Token) -> Ref:
    """The reference a `!N` token makes."""
    return Ref(int(tok.text[1:]), tok)
