"""Textual IR reader: the inverse of `atomc.ir.printer` (grammar in docs/ir-reference.md).

Three passes, because the printer writes metadata definitions after the
functions that use them and functions may call functions defined later:
(1) metadata definitions `!N = DI...(...)` are collected raw and built on first
use, (2) globals and function signatures are read in order, function bodies
are only delimited, (3) bodies are read with every symbol known. Inside a body,
values and blocks may be used before they are defined (back edges): a use
creates a placeholder that the definition replaces.

Each top-level item starts on a new line; `;` starts a comment (lit tests
carry their CHECK lines in the IR file itself).
"""

from __future__ import annotations

import struct
from typing import Any, TypeVar, cast

from .dbgrecords import DbgKind, DbgRecord
from .debuginfo import (
    ARTIFICIAL,
    OP_ARITY,
    OP_BY_NAME,
    DICompileUnit,
    DICompositeType,
    DIDerivedType,
    DIEnumerator,
    DIExpression,
    DIGlobalVariable,
    DILocalVariable,
    DILocation,
    DISubprogram,
    DISubrange,
    Loc,
)
from .function import Block, DataItem, Function, Global, Module, SymRef, Zeros
from .inst_text import parse_inst_body
from .insts import (
    Inst,
    Ret,
    inst_locs,
)
from .md_schema import ELEMENT_NODES, SCHEMAS, RawNode, Ref, ValueKind
from .md_text import Field, build_node, read_fields
from .text_lexer import Token, TokenCursor, TokKind
from .types import (
    F32,
    F64,
    F80,
    I1,
    I8,
    I16,
    I32,
    I64,
    I128,
    PTR,
    VOID,
    FloatType,
    IntType,
    PtrType,
    TupleType,
    Type,
)
from .values import Const, Undef, Value
from .why import Why, WhyKind
from .x87float import parse_x80

_T = TypeVar("_T")


_TYPE_NAMES: dict[str, Type] = {
    "i1": I1, "i8": I8, "i16": I16, "i32": I32, "i64": I64, "i128": I128, "f32": F32,
    "f64": F64, "f80": F80, "ptr": PTR, "void": VOID,
}

_TERMINATOR_OPS = ("jump", "branch", "switch", "ret", "unreachable")


class _Forward(Value):
    """A value used before its definition; replaced (RAUW) when the definition is read."""

    __slots__ = ("tok",)

    def __init__(self, ty: Type, tok: Token) -> None:
        super().__init__(ty)
        self.tok = tok


class _FunctionScope:
    """Per-body name tables."""

    def __init__(self, fn: Function) -> None:
        self.fn = fn
        self.values: dict[str, Value] = {}
        self.forwards: dict[str, _Forward] = {}
        self.blocks: dict[str, Block] = {}
        self.block_refs: dict[str, Token] = {}
        self.defined_blocks: set[str] = set()
        self.records: dict[str, DbgRecord] = {}
        self.key_refs: list[tuple[DbgRecord, Token]] = []


class IRParser(TokenCursor):
    """Parses one module. After `parse()`, `spans` maps `id()` of each function,
    global, block, instruction and debug record to its (line, column) in the text,
    so tools can point diagnostics (e.g. verifier errors) at the input."""

    def __init__(self, text: str, filename: str = "<input>") -> None:
        super().__init__(text, filename)
        self.raw_md: dict[int, RawNode] = {}
        self.md_nodes: dict[int, object] = {}
        self.md_building: set[int] = set()
        self.md_pending: list[tuple[DICompositeType, RawNode]] = []
        self._arg_names: list[Token] = []
        self.module = Module()
        self.inst_loc: Loc = ARTIFICIAL  # the location of the instruction being read
        self.spans: dict[int, tuple[int, int]] = {}

    # -- module ----------------------------------------------------------------
    def parse(self) -> Module:
        self._collect_metadata()
        bodies: list[tuple[Function, int, list[Token]]] = []
        m = self.module
        self.pos = 0
        seen_source = False
        while self.tok.kind is not TokKind.EOF:
            t = self.tok
            if not t.first_on_line:
                self.error(t, f"unexpected {self.describe(t)}: top-level items start a new line")
            if t.kind is TokKind.META and t.text[1:] and self.peek().text == "=":
                self._skip_metadata_definition()
            elif self.at("source_filename"):
                if seen_source:
                    self.error(t, "duplicate source_filename")
                seen_source = True
                self.next()
                self.expect("=")
                m.source_filename = self.expect_string()
                self.end_of_line(t)
            elif self.at("module_asm"):
                self.next()
                m.asm.append(self.expect_string())
                self.end_of_line(t)
            elif self.at("compile_unit"):
                if m.cu is not None:
                    self.error(t, "duplicate compile_unit")
                self.next()
                m.cu = self.next_md_ref(DICompileUnit)
                self.end_of_line(t)
            elif self.at("global"):
                self.parse_global()
            elif self.at("declare"):
                self.next()
                self.parse_signature(t, named=False)
                self.end_of_line(t)
            elif self.at("define"):
                self.next()
                fn = self.parse_signature(t, named=True)
                brace = self.expect("{")
                bodies.append((fn, self.pos, self._arg_names))
                self._skip_body(brace)
            else:
                self.error(t, f"expected a top-level item, found {self.describe(t)}")
        for fn, start, arg_names in bodies:
            self.pos = start
            self.parse_body(fn, arg_names)
        for fn in m.functions.values():
            for inst in fn.insts():
                for loc in inst_locs(inst):
                    while loc is not None:  # the waterline covers inlined call sites too
                        m.atoms.saw(loc)
                        loc = loc.inlined_at
        return m

    def _skip_body(self, brace: Token) -> None:
        depth = 1
        while depth:
            t = self.next()
            if t.kind is TokKind.EOF:
                self.error(brace, "function body has no closing '}'")
            if t.kind is TokKind.PUNCT and t.text == "{":
                depth += 1
            elif t.kind is TokKind.PUNCT and t.text == "}":
                depth -= 1

    # -- metadata ---------------------------------------------------------------
    def _collect_metadata(self) -> None:
        i = 0
        while i < len(self.toks):
            t = self.toks[i]
            if t.kind is TokKind.META and t.first_on_line and self.toks[i + 1].text == "=":
                self.pos = i
                num = int(t.text[1:])
                if num in self.raw_md:
                    self.error(t, f"redefinition of metadata !{num}")
                self.next()
                self.expect("=")
                kind_tok = self.expect_kind(TokKind.IDENT, "metadata node kind")
                if kind_tok.text not in SCHEMAS:
                    self.error(kind_tok, f"unknown metadata node kind '{kind_tok.text}'")
                self.raw_md[num] = RawNode(kind_tok.text, read_fields(self, kind_tok.text),
                                            kind_tok)
                self.end_of_line(t)
                i = self.pos
            else:
                i += 1

    def _skip_metadata_definition(self) -> None:
        start = self.tok
        self.next()
        while self.tok.kind is not TokKind.EOF \
                and not (self.tok.first_on_line and self.tok is not start):
            self.next()

    def md_ref(self, tok: Token, cls: type[_T]) -> _T:
        """The node `tok` (`!N`) names, checked to be a `cls`."""
        node = self.md_node(int(tok.text[1:]), tok)
        self._drain_pending()
        if not isinstance(node, cls):
            self.error(tok, f"{tok.text} is a {type(node).__name__}, expected {cls.__name__}")
        return node

    def next_md_ref(self, cls: type[_T], what: str = "metadata reference") -> _T:
        """The node the next token (`!N`) names, checked to be a `cls`."""
        return self.md_ref(self.expect_kind(TokKind.META, what), cls)

    def _drain_pending(self) -> None:
        while self.md_pending:
            comp, raw = self.md_pending.pop()
            refs = cast(list[Ref], raw.fields["elements"][0])
            for ref in refs:
                elem = self._resolve(ref, ELEMENT_NODES)
                comp.elements.append(cast(DIDerivedType | DIEnumerator | DISubrange, elem))

    def md_node(self, num: int, tok: Token) -> object:
        if num in self.md_nodes:
            return self.md_nodes[num]
        raw = self.raw_md.get(num)
        if raw is None:
            self.error(tok, f"undefined metadata !{num}")
        if num in self.md_building:
            self.error(tok, f"metadata cycle through !{num} (only struct elements may refer back)")
        self.md_building.add(num)
        node = self._build(raw)
        self.md_building.discard(num)
        self.md_nodes[num] = node
        return node

    def _resolve(self, ref: object, classes: tuple[str, ...]) -> object:
        assert isinstance(ref, Ref)
        if ref.num is None:
            return None
        node = self.md_node(ref.num, ref.tok)
        if type(node).__name__ not in classes:
            want = " or ".join(classes)
            self.error(ref.tok, f"!{ref.num} is a {type(node).__name__}, expected {want}")
        return node

    def _build(self, raw: RawNode) -> object:
        schema = SCHEMAS[raw.kind]

        def f(name: str) -> Any:
            spec = schema[name]
            if name not in raw.fields:
                return spec.default
            value = raw.fields[name][0]
            if spec.kind is ValueKind.REF:
                return self._resolve(value, spec.choices)
            return value

        if raw.kind == "DILocation":
            return self._location(raw.fields, f)
        return build_node(raw, f, self._resolve, self.md_pending)

    def _location(self, fields: dict[str, tuple[object, Token]], f: Field) -> DILocation:
        group, rank = cast(tuple[int, int], f("atom"))
        if group < 0 or rank < 0:
            self.error(fields["atom"][1], "atom group and rank must not be negative")
        if f("copy") < 0:
            self.error(fields["copy"][1], "a call site's copy number must not be negative")
        if f("stmt") < 0:
            self.error(fields["stmt"][1], "a statement number must not be negative")
        return DILocation(f("line"), f("column"), f("scope"), f("inlined_at"), group, rank,
                          f("copy"), f("stmt"))

    def parse_inline_loc(self, keyword: str = "!loc") -> DILocation:
        """`!loc(line: L, column: C, scope: !S[, inlined_at: !I][, atom: G R][, copy: N]
        [, stmt: N])` (a return's closing brace: `!close(...)`)."""
        self.expect(keyword)
        fields = read_fields(self, "DILocation")
        schema = SCHEMAS["DILocation"]

        def f(name: str) -> Any:
            spec = schema[name]
            if name not in fields:
                return spec.default
            value = fields[name][0]
            if spec.kind is ValueKind.REF:
                node = self._resolve(value, spec.choices)
                self._drain_pending()
                return node
            return value

        return self._location(fields, f)

    # -- types and values -----------------------------------------------------------
    def at_type(self) -> bool:
        t = self.tok
        return ((t.kind is TokKind.IDENT and t.text in _TYPE_NAMES)
                or (t.kind is TokKind.PUNCT and t.text == "{"))

    def _tuple_element(self) -> Type:
        elem = self.parse_type()
        if isinstance(elem, (TupleType, type(VOID))):
            self.error(self.toks[self.pos - 1], "tuple elements must be scalar types")
        return elem

    def parse_type(self) -> Type:
        t = self.tok
        if t.kind is TokKind.PUNCT and t.text == "{":
            self.next()
            return TupleType(tuple(self.comma_list("}", self._tuple_element)))
        if t.kind is TokKind.IDENT and t.text in _TYPE_NAMES:
            self.next()
            return _TYPE_NAMES[t.text]
        self.error(t, f"expected a type, found {self.describe(t)}")

    def parse_value(self, ty: Type, scope: _FunctionScope | None) -> Value:
        t = self.next()
        if t.kind is TokKind.INT:
            v = int(t.text)
            if isinstance(ty, IntType):
                if not -(1 << (ty.bits - 1)) <= v < (1 << ty.bits):
                    self.error(t, f"constant {v} does not fit in {ty}")
            elif isinstance(ty, PtrType):
                if not 0 <= v < (1 << 64):
                    self.error(t, f"constant {v} does not fit in ptr")
            elif not isinstance(ty, FloatType):
                self.error(t, f"a constant cannot have type {ty}")
            return Const(ty, v)
        if t.kind is TokKind.FLOAT:
            if not isinstance(ty, FloatType):
                self.error(t, f"floating-point constant with type {ty}")
            if isinstance(ty, FloatType) and ty.bits == 80:  # exact: bits or rounded once
                return Const(ty, parse_x80(t.text))
            if t.text.startswith("0xK"):
                self.error(t, f"an x87 bit pattern needs type f80, not {ty}")
            if t.text.startswith("0x"):  # the bits of a double (NaNs)
                return Const(ty, struct.unpack("<d", int(t.text, 16).to_bytes(8, "little"))[0])
            return Const(ty, float(t.text))
        if t.kind is TokKind.IDENT and t.text == "undef":
            return Undef(ty)
        if t.kind is TokKind.GLOBAL:
            sym = self.module.symbol(t.text[1:])
            if sym is None:
                self.error(t, f"use of undefined symbol {t.text}")
            if ty != PTR:
                self.error(t, f"symbol {t.text} has type ptr, not {ty}")
            return sym
        if t.kind is TokKind.LOCAL:
            if scope is None:
                self.error(t, "local value outside a function body")
            known = scope.values.get(t.text) or scope.forwards.get(t.text)
            if known is not None:
                if known.ty != ty:
                    self.error(t, f"{t.text} has type {known.ty}, used here as {ty}")
                return known
            fwd = _Forward(ty, t)
            scope.forwards[t.text] = fwd
            return fwd
        self.error(t, f"expected a value, found {self.describe(t)}")

    def parse_typed(self, scope: _FunctionScope | None) -> Value:
        ty = self.parse_type()
        return self.parse_value(ty, scope)

    def define_value(self, scope: _FunctionScope, tok: Token, value: Value) -> None:
        name = tok.text
        if name in scope.values:
            self.error(tok, f"redefinition of {name}")
        base = name[1:]
        stem, dot, num = base.rpartition(".")
        if dot and num.isdigit():
            value.name = stem
        elif base.isdigit():
            value.name = ""
        else:
            value.name = base
        fwd = scope.forwards.pop(name, None)
        if fwd is not None:
            if fwd.ty != value.ty:
                self.error(fwd.tok, f"{name} is used as {fwd.ty} but defined as {value.ty}")
            fwd.replace_all_uses_with(value)
        scope.values[name] = value

    # -- globals ------------------------------------------------------------------
    def parse_global(self) -> None:
        start = self.expect("global")
        name_tok = self.expect_kind(TokKind.GLOBAL, "global name")
        name = name_tok.text[1:]
        if self.module.symbol(name) is not None:
            self.error(name_tok, f"redefinition of symbol @{name}")
        self.expect(":")
        self.expect("size")
        size = self.expect_int("size")
        self.expect(",")
        self.expect("align")
        align = self.expect_int("alignment")
        self.expect(",")
        link = self.expect_kind(TokKind.IDENT, "'internal' or 'external'")
        if link.text not in ("internal", "external"):
            self.error(link, f"expected 'internal' or 'external', found '{link.text}'")
        g = Global(name, size, align, None, internal=link.text == "internal")
        while self.accept(","):
            t = self.tok
            if self.accept("constant"):
                g.constant = True
            elif self.accept("section"):
                g.section = self.expect_string()
            elif self.at("attrs"):
                g.attrs = self.parse_attrs()
            elif self.accept("dbg"):
                g.digv = self.next_md_ref(DIGlobalVariable)
            else:
                self.error(t, f"unknown global flag {self.describe(t)}")
        if self.accept("="):
            g.init = self.parse_data()
        self.end_of_line(start)
        self.module.add_global(g)
        self.spans[id(g)] = (start.line, start.col)

    def parse_data(self) -> list[DataItem]:
        self.expect("[")
        return self.comma_list("]", self._data_item)

    def _data_item(self) -> DataItem:
        t = self.expect_kind(TokKind.IDENT, "data item")
        if t.text == "bytes":
            s = self.tok
            text = self.expect_string()
            try:
                return bytes.fromhex(text)
            except ValueError:
                self.error(s, "bytes item must be an even number of hex digits")
        if t.text == "zero":
            count = self.expect_int("byte count")
            if count < 0:
                self.error(self.toks[self.pos - 1], "zero count must not be negative")
            return Zeros(count)
        if t.text.startswith("sym") and t.text[3:].isdigit():
            sym = self.expect_kind(TokKind.GLOBAL, "symbol")
            addend = self.tok
            if addend.kind is not TokKind.INT or addend.text[0] not in "+-":
                self.error(addend, "expected a signed addend such as +0")
            self.next()
            return SymRef(sym.text[1:], int(addend.text), int(t.text[3:]))
        self.error(t, f"unknown data item '{t.text}'")

    def parse_attrs(self) -> set[str]:
        self.expect("attrs")
        self.expect("(")
        return set(self.comma_list(
            ")", lambda: self.expect_kind(TokKind.IDENT, "attribute name").text))

    # -- functions ------------------------------------------------------------------
    def parse_signature(self, start: Token, *, named: bool) -> Function:
        internal = self.accept("internal")
        name_tok = self.expect_kind(TokKind.GLOBAL, "function name")
        name = name_tok.text[1:]
        if self.module.symbol(name) is not None:
            self.error(name_tok, f"redefinition of symbol @{name}")
        self.expect("(")
        types: list[Type] = []
        byvals: list[tuple[int, int] | None] = []
        arg_names: list[Token] = []
        variadic = False
        while not self.at(")"):
            if types or variadic:
                self.expect(",")
            if variadic:
                self.error(self.tok, "'...' must be the last parameter")
            if self.accept("..."):
                variadic = True
                continue
            ty = self.parse_type()
            if ty == VOID:
                self.error(self.toks[self.pos - 1], "a parameter cannot have type void")
            types.append(ty)
            byvals.append(self.parse_byval())
            if self.tok.kind is TokKind.LOCAL:
                if not named:
                    self.error(self.tok, "parameter names are only written in definitions")
                arg_names.append(self.next())
            else:
                if named:
                    self.error(self.tok, "expected a parameter name")
        self.expect(")")
        self.expect("->")
        self.expect("(")
        rets: list[Type] = self.comma_list(")", self.parse_type)
        fn = Function(name, types, rets, variadic=variadic, internal=internal,
                      byval_params=byvals if any(b is not None for b in byvals) else None)
        if self.accept("sret"):
            fn.sret = True
        if self.at("attrs"):
            fn.attrs = self.parse_attrs()
        if self.accept("section"):
            fn.section = self.expect_string()
        if self.accept("dbg"):
            fn.subprogram = self.next_md_ref(DISubprogram)
        self.module.add_function(fn)
        self.spans[id(fn)] = (start.line, start.col)
        self._arg_names = arg_names
        return fn

    def parse_byval(self) -> tuple[int, int] | None:
        if not self.accept("byval"):
            return None
        self.expect("(")
        size = self.expect_int("size")
        self.expect(",")
        align = self.expect_int("alignment")
        self.expect(")")
        return (size, align)

    def parse_body(self, fn: Function, arg_names: list[Token]) -> None:
        scope = _FunctionScope(fn)
        for arg, tok in zip(fn.args, arg_names, strict=True):
            self.define_value(scope, tok, arg)
        block: Block | None = None
        pending: list[DbgRecord] = []
        while not self.at("}"):
            t = self.tok
            if t.kind is TokKind.EOF:
                self.error(t, "unexpected end of file in function body")
            if not t.first_on_line:
                self.error(t, f"unexpected {self.describe(t)}: expected a new line")
            if t.kind is TokKind.IDENT and self.peek().text in (":", "(") \
                    and self.peek().kind is TokKind.PUNCT:
                if pending:
                    self.error(t, "debug record is not followed by an instruction in its block")
                block = self.parse_block_header(scope)
                continue
            if block is None:
                self.error(t, "instruction before the first block label")
            if t.kind is TokKind.RECORDKW and t.text == "#dbg":
                pending.append(self.parse_record(scope))
                continue
            inst = self.parse_inst(scope)
            block.append(inst)
            for rec in pending:
                inst.add_dbg_record(rec)
            pending = []
        if pending:
            self.error(self.tok, "debug record is not followed by an instruction in its block")
        close = self.expect("}")
        for name, fwd in scope.forwards.items():
            self.error(fwd.tok, f"use of undefined value {name}")
        for name, tok in scope.block_refs.items():
            if name not in scope.defined_blocks:
                self.error(tok, f"use of undefined block {name}")
        for rec, tok in scope.key_refs:
            key = scope.records.get(tok.text)
            if key is None:
                self.error(tok, f"use of undefined debug record {tok.text}")
            rec.key = key
        if not fn.blocks:
            self.error(close, "a function definition needs at least one block")

    def block_named(self, scope: _FunctionScope, tok: Token) -> Block:
        b = scope.blocks.get(tok.text)
        if b is None:
            b = Block(tok.text)
            scope.blocks[tok.text] = b
            scope.block_refs[tok.text] = tok
        return b

    def parse_block_header(self, scope: _FunctionScope) -> Block:
        tok = self.next()
        if tok.text in scope.defined_blocks:
            self.error(tok, f"redefinition of block {tok.text}")
        b = self.block_named(scope, tok)
        scope.defined_blocks.add(tok.text)
        b.function = scope.fn
        scope.fn.blocks.append(b)
        self.spans[id(b)] = (tok.line, tok.col)
        if self.accept("("):
            while not self.at(")"):
                if b.params:
                    self.expect(",")
                ty = self.parse_type()
                name_tok = self.expect_kind(TokKind.LOCAL, "block parameter name")
                self.define_value(scope, name_tok, b.add_param(ty))
            self.expect(")")
        self.expect(":")
        if self.tok.text == "source_label" and not self.tok.first_on_line:
            self.next()
            b.source_label = True
        self.end_of_line(tok)
        return b

    def parse_succ(self, scope: _FunctionScope) -> tuple[Block, list[Value],
                                                          list[DILocation | None]]:
        """`bbN`, `bbN(TYPE VALUE [!loc(...)], ...)`: the target, its arguments and
        the assignment location each argument carries (None: none)."""
        tok = self.expect_kind(TokKind.IDENT, "block name")
        b = self.block_named(scope, tok)
        pairs: list[tuple[Value, DILocation | None]] = []
        if self.accept("("):
            pairs = self.comma_list(")", lambda: (
                self.parse_typed(scope), self.parse_inline_loc() if self.at("!loc") else None))
        return b, [v for v, _ in pairs], [at for _, at in pairs]

    # -- debug records ------------------------------------------------------------
    def parse_record(self, scope: _FunctionScope) -> DbgRecord:
        start = self.expect("#dbg")
        kind_tok = self.expect_kind(TokKind.IDENT, "'new', 'add' or 'delete'")
        try:
            kind = DbgKind(kind_tok.text)
        except ValueError:
            self.error(kind_tok, f"unknown debug record kind '{kind_tok.text}'")
        id_tok = self.expect_kind(TokKind.RECORD, "record id such as #0")
        if id_tok.text in scope.records:
            self.error(id_tok, f"redefinition of debug record {id_tok.text}")
        key_tok: Token | None = None
        if self.accept("key"):
            key_tok = self.expect_kind(TokKind.RECORD, "record id")
        self.expect(",")
        var = self.next_md_ref(DILocalVariable, "variable")
        self.expect(",")
        value: Value | None = None
        if not self.accept("none"):
            value = self.parse_typed(scope)
        self.expect(",")
        expr = parse_expr(self)
        why = parse_why(self) if value is None and self.accept("why") else None
        if not self.at("!loc"):
            self.error(self.tok, "a debug record needs a location: !loc(...)")
        loc = self.parse_inline_loc()
        self.end_of_line(start)
        rec = DbgRecord(kind, var, value, expr, loc=loc, why=why)
        scope.records[id_tok.text] = rec
        if key_tok is not None:
            scope.key_refs.append((rec, key_tok))
        self.spans[id(rec)] = (start.line, start.col)
        return rec

    # -- instructions ----------------------------------------------------------------
    def parse_inst(self, scope: _FunctionScope) -> Inst:
        start = self.tok
        result: Token | None = None
        if start.kind is TokKind.LOCAL:
            result = self.next()
            self.expect("=")
        op_tok = self.expect_kind(TokKind.IDENT, "an instruction")
        loc_at, loc_end = self.read_ahead_loc(start)
        inst = parse_inst_body(self, op_tok, scope)
        if self.pos == loc_at:
            self.pos = loc_end
        if isinstance(inst, Ret) and self.at("!close"):
            inst.close = self.parse_inline_loc("!close")
        self.end_of_line(start)
        has_value = inst.ty != VOID
        if result is not None and not has_value:
            self.error(result, f"'{op_tok.text}' does not produce a value")
        if result is None and has_value:
            self.error(op_tok, f"the result of '{op_tok.text}' must be named")
        if result is not None:
            self.define_value(scope, result, inst)
        self.spans[id(inst)] = (start.line, start.col)
        return inst

    def read_ahead_loc(self, start: Token) -> tuple[int, int]:
        """Read the `!loc(...)` that ends the instruction line beginning at `start` into
        `inst_loc` (ARTIFICIAL when there is none), so that the instruction is built
        with it; returns where that suffix starts and ends in the token list (-1, -1).
        A `!loc` inside parentheses is an edge argument's (`bb1(i32 3 !loc(...))`)."""
        self.inst_loc = ARTIFICIAL
        i = self.pos
        depth = 0
        while self.toks[i].kind is not TokKind.EOF and self.toks[i].line == start.line:
            t = self.toks[i]
            if t.kind is TokKind.PUNCT:
                depth += (t.text == "(") - (t.text == ")")
            if t.text == "!loc" and t.kind is TokKind.METAKW and depth == 0:
                saved, self.pos = self.pos, i
                self.inst_loc = self.parse_inline_loc()
                end, self.pos = self.pos, saved
                return i, end
            i += 1
        return -1, -1


def parse_why(p: TokenCursor) -> Why:
    """`why(KIND[, LINE][, "NAME"])` after `why` (ir/why.py)."""
    p.expect("(")
    t = p.expect_kind(TokKind.IDENT, "reason")
    try:
        kind = WhyKind(t.text)
    except ValueError:
        p.error(t, f"unknown reason '{t.text}'")
    line, name = 0, ""
    while p.accept(","):
        if p.tok.kind is TokKind.INT:
            line = p.expect_int("line")
        else:
            name = p.expect_string()
    p.expect(")")
    return Why(kind, line, name)


def parse_expr(p: TokenCursor) -> DIExpression:
    """A debug record's DWARF expression: `(OP, operands..., ...)`."""
    p.expect("(")
    ops: list[int] = []
    first = True
    while not p.at(")"):
        if not first:
            p.expect(",")
        first = False
        t = p.expect_kind(TokKind.IDENT, "DWARF operation")
        code = OP_BY_NAME.get(t.text)
        if code is None:
            p.error(t, f"unknown DWARF operation '{t.text}'")
        ops.append(code)
        for _ in range(OP_ARITY.get(code, 0)):
            ops.append(p.expect_int("operand"))
    p.expect(")")
    return DIExpression(tuple(ops))


def parse_module(text: str, filename: str = "<input>") -> Module:
    """Read a module printed by `print_module` (or written by hand in the same syntax)."""
    return IRParser(text, filename).parse()
