"""Short routes through pycparser's expression grammar for the common operands.

pycparser reaches every operand through about fifteen calls (cast -> unary x4 ->
postfix x3 -> primary x4, each layer of atomc and pycparserext checking its own
GNU forms first) and tries `'(' type-name ')'` twice on every parenthesis (once
as a cast, once as a compound literal), peeking and resetting each time. Most
operands are one of four shapes that no GNU layer treats specially, and
`FastExpressionMixin` reads those directly:

* an identifier or constant, possibly followed by postfix operators
  (`p->a[i](x)++`);
* `( expression )` where the token after `(` cannot start a declaration (so it is
  neither a cast nor a compound literal) and is not `{` (a statement expression);
* a prefix `&`, `*`, `+`, `-`, `~`, `!` or `++`/`--` before its operand;
* a string literal.

Each builds the nodes pycparser's route builds, in the same order, and lexes no
token that route would not have lexed before it (the lexer's typedef and scope
state, and the file name coordinates take, depend on how far it has read).
Anything else takes the general route. `_parse_binary_expression` is pycparser's
precedence climbing with its token reads inlined. tests/frontend check the trees
against pycparser's routes over the tests' programs, zlib, Lua and sqlite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pycparser import c_ast
from pycparser.c_parser import (
    _BINARY_PRECEDENCE,
    _CHAR_CONST,
    _FLOAT_CONST,
    _FUNCTION_SPEC,
    _INT_CONST,
    _STARTS_EXPRESSION,
    _STORAGE_CLASS,
    _TYPE_QUALIFIER,
    _TYPE_SPEC_SIMPLE,
    Coord,
)
from pycparserext.ext_c_parser import (
    _ATTRIBUTE_TOKENS,
    _GNU_DECL_START,
    _GNU_FUNCTION_SPECS,
    _GNU_TYPE_QUALIFIERS,
    _TYPEOF_TOKENS,
    AttributeSpecifier,
    to_decl_ext,
)

from .gnu_parse import Compound, rename_local_labels

_new = object.__new__  # for the few node kinds made per token (see `_tok_coord`):
# their slots set in place as their generated `__init__` sets them, without its call
_ID = c_ast.ID
_CONSTANT = c_ast.Constant
_BINARY_OP = c_ast.BinaryOp
# tokens that continue a postfix expression (pycparser's postfix loop)
POSTFIX_TOKENS = frozenset({"LBRACKET", "LPAREN", "PERIOD", "ARROW", "PLUSPLUS",
                            "MINUSMINUS"})
_CONSTANT_TOKENS = frozenset(_INT_CONST | _FLOAT_CONST | _CHAR_CONST)
# an integer constant's spelling -> the type pycparser's `_parse_constant` names
# for its suffix ("unsigned long int"): a file's constants are a few spellings
_INT_CONSTANT_TYPES: dict[str, str] = {}
# every spelling of a string literal token: plain, L, u8, u, U
STRING_TOKENS = frozenset({"STRING_LITERAL", "WSTRING_LITERAL", "U8STRING_LITERAL",
                           "U16STRING_LITERAL", "U32STRING_LITERAL"})
# identifiers the primary-expression overrides treat as keywords
KEYWORD_IDS = frozenset({"__builtin_offsetof", "_Generic", "__builtin_va_arg"})
# unary operators whose operand is a cast-expression (pycparser's unary rule)
_PREFIX_CAST = frozenset({"AND", "TIMES", "PLUS", "MINUS", "NOT", "LNOT"})
_PREFIX_INCDEC = frozenset({"PLUSPLUS", "MINUSMINUS"})
# after `(`: a type name (cast or compound literal), `__extension__` (which may
# start one) or `{` (a statement expression) leave the parenthesis to the general
# route
_NOT_PAREN_EXPR = _GNU_DECL_START | {"__EXTENSION__", "LBRACE"}
# the type keywords pycparserext's specifier-qualifier list reads as basic type
# names (its earlier tests, qualifiers and the like, take none of them)
_CAST_WORDS = frozenset(_TYPE_SPEC_SIMPLE - _TYPE_QUALIFIER - _GNU_TYPE_QUALIFIERS
                        - _GNU_FUNCTION_SPECS - {"_ALIGNAS", "_ATOMIC"})


class _Ahead:
    """`_cast_token`'s answer before a line marker: a token of no kind the cast
    reads."""

    __slots__ = ()
    type = "#"


_MARKER_AHEAD: Any = _Ahead()


def _cast_token(ts: Any) -> Any:
    """The next token for `_simple_cast`'s look-ahead, lexed and buffered, or
    `_MARKER_AHEAD` (nothing lexed) where a line marker comes first: lexing it
    would change the file the coordinates pycparser's route then makes name."""
    lexer = ts._lexer
    if lexer.marker_ahead():
        return _MARKER_AHEAD
    return lexer.lex_into(ts._buffer)


class FastExpressionMixin:
    """Operand and binary-expression fast paths (mixed into atomc's `_Parser`)."""

    if TYPE_CHECKING:  # the parser this is mixed into has them
        _tokens: Any
        clex: Any

        def _peek(self, k: int = 1) -> Any: ...
        def _advance(self) -> Any: ...
        def _expect(self, token_type: str) -> Any: ...
        def _accept(self, token_type: str) -> Any: ...
        def _parse_assignment_expression(self) -> c_ast.Node: ...
        def _parse_argument_expression_list(self) -> c_ast.Node: ...
        def _parse_unary_expression(self) -> c_ast.Node: ...
        def _parse_constant(self) -> c_ast.Node: ...
        def _parse_unified_string_literal(self) -> c_ast.Node: ...
        def _parse_error(self, msg: str, coord: object) -> Any: ...

    # pycparser's `_coord(tok.lineno, tok.column)` without its two calls; the
    # fields set in place as Coord's generated `__init__` sets them (in its order)
    def _tok_coord(self, tok):
        coord = _new(Coord)
        coord.file = self.clex._filename
        coord.line = tok.lineno
        coord.column = tok.column
        return coord

    def _coord(self, lineno, column=None):
        coord = _new(Coord)
        coord.file = self.clex._filename
        coord.line = lineno
        coord.column = column
        return coord

    def _parse_cast_expression(self):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i + 1 >= len(buf):  # the stream's `_fill(2)` without its call
            lex_into = ts._lexer.lex_into
            while len(buf) < i + 2:
                if lex_into(buf) is None:
                    break
        tok = buf[i]
        if tok is None:
            return super()._parse_cast_expression()
        kind = tok.type
        if kind == "ID":
            if tok.value in KEYWORD_IDS:
                return super()._parse_cast_expression()
            ts._index = i + 1
            coord = _new(Coord)  # (`_tok_coord`, inline)
            coord.file = self.clex._filename
            coord.line = tok.lineno
            coord.column = tok.column
            expr = _new(_ID)  # c_ast.ID(tok.value, coord)
            expr.name = tok.value
            expr.coord = coord
            nxt = buf[i + 1]
            if nxt is None or nxt.type not in POSTFIX_TOKENS:
                return expr
            return self._postfix_operators(expr)
        if kind in _CONSTANT_TOKENS:
            if kind in _INT_CONST:  # `_parse_constant`'s node, its suffix read once
                value = tok.value
                type_name = _INT_CONSTANT_TYPES.get(value)
                if type_name is None:
                    expr = self._parse_constant()  # (raises on a bad suffix)
                    _INT_CONSTANT_TYPES[value] = expr.type
                else:
                    ts._index = i + 1
                    coord = _new(Coord)  # (`_tok_coord`, inline)
                    coord.file = self.clex._filename
                    coord.line = tok.lineno
                    coord.column = tok.column
                    expr = _new(_CONSTANT)  # c_ast.Constant(type_name, value, coord)
                    expr.type = type_name
                    expr.value = value
                    expr.coord = coord
            else:
                expr = self._parse_constant()
            nxt = buf[i + 1]
            if nxt is None or nxt.type not in POSTFIX_TOKENS:
                return expr
            return self._postfix_operators(expr)
        if kind == "LPAREN":
            nxt = buf[i + 1]
            if nxt is None or nxt.type in _NOT_PAREN_EXPR:
                if nxt is not None and (nxt.type == "TYPEID" or nxt.type in _CAST_WORDS):
                    expr = self._simple_cast(i)
                    if expr is not None:
                        return expr
                return super()._parse_cast_expression()
            ts._index = i + 1
            expr = self._parse_expression()
            self._expect("RPAREN")
            i = ts._index
            if i < len(buf):
                nxt = buf[i]
            else:  # one token, lexed here (as the postfix loop would)
                nxt = ts._lexer.lex_into(buf)
            if nxt is None or nxt.type not in POSTFIX_TOKENS:
                return expr
            return self._postfix_operators(expr)
        if kind in _PREFIX_CAST:
            ts._index = i + 1
            expr = self._parse_cast_expression()
            return c_ast.UnaryOp(tok.value, expr, expr.coord)
        if kind in _PREFIX_INCDEC:
            ts._index = i + 1
            expr = self._parse_unary_expression()
            return c_ast.UnaryOp(tok.value, expr, expr.coord)
        if kind in STRING_TOKENS:
            return self._postfix_operators(self._parse_unified_string_literal())
        return super()._parse_cast_expression()

    def _simple_cast(self, i):
        """`( T ) operand` at buffer index `i`, where `T` is one typedef name or a
        run of basic type keywords, possibly followed by `*`s (`(lua_Integer)`,
        `(unsigned long)`, `(void)`, `(char **)`: most casts): pycparser's cast
        node, without its route through the specifier list, the abstract
        declarator and `_fix_decl_name_type`. None, with nothing consumed, for
        anything else (a qualifier, a struct, a function pointer, a compound
        literal `(T){...}`). The tokens read are those pycparser's route
        reads before it decides (each up to the first that does not fit, then
        the one after `)`), and the coordinates are made where it makes them: the
        type's from the first type token, the cast's after its operand. No line
        marker is read on the way (`_cast_token`): the file a coordinate names is
        the one where pycparser's route, taken then, would make it."""
        ts = self._tokens
        buf = ts._buffer
        first = buf[i + 1]
        coord = self._tok_coord(first)  # (the specifiers' first IdentifierType's)
        names = [first.value]
        j = i + 2
        while True:
            tok = buf[j] if j < len(buf) else _cast_token(ts)
            if tok is None or first.type == "TYPEID" or tok.type not in _CAST_WORDS:
                break
            names.append(tok.value)
            j += 1
        if tok is None:
            return None
        stars = []  # the coordinate of each `*` (`_parse_pointer`'s, made after the
        while tok.type == "TIMES":  # next token is read for qualifiers)
            nxt = buf[j + 1] if j + 1 < len(buf) else _cast_token(ts)
            if nxt is None or (nxt.type != "TIMES" and nxt.type != "RPAREN"):
                return None
            stars.append(self._tok_coord(tok))
            j += 1
            tok = nxt
        if tok.type != "RPAREN":
            return None
        # pycparser looks for the `{` of a compound literal
        after = buf[j + 1] if j + 1 < len(buf) else _cast_token(ts)
        if after is _MARKER_AHEAD or (after is not None and after.type == "LBRACE"):
            return None
        # `_parse_type_name`'s Typename after `_fix_decl_name_type` (the last `*`
        # outermost, the Typename at its coordinate)
        decl = c_ast.TypeDecl(None, [], None, c_ast.IdentifierType(names, coord))
        for star in stars:
            decl = c_ast.PtrDecl([], decl, star)
        to_type = c_ast.Typename(None, [], None, decl, stars[-1] if stars else coord)
        ts._index = j + 1
        expr = self._parse_cast_expression()
        return c_ast.Cast(to_type, expr, self._tok_coord(buf[i]))

    def _postfix_operators(self, expr):
        """pycparser's postfix loop after a primary expression `expr`."""
        ts = self._tokens
        buf = ts._buffer
        while True:
            i = ts._index
            if i < len(buf):
                tok = buf[i]
            else:  # one token, lexed here
                tok = ts._lexer.lex_into(buf)
            kind = tok.type if tok is not None else None
            if kind == "LBRACKET":
                ts._index = i + 1
                sub = self._parse_expression()
                self._expect("RBRACKET")
                expr = c_ast.ArrayRef(expr, sub, expr.coord)
            elif kind == "LPAREN":
                ts._index = i + 1
                nxt = self._peek()
                if nxt is not None and nxt.type == "RPAREN":
                    ts._index += 1
                    args = None
                else:  # pycparser's argument-expression-list, its commas read here
                    arg = self._parse_assignment_expression()
                    exprs = [arg]
                    while True:
                        i = ts._index
                        if i < len(buf):
                            nxt = buf[i]
                        else:  # one token, lexed here
                            nxt = ts._lexer.lex_into(buf)
                        if nxt is None or nxt.type != "COMMA":
                            break
                        ts._index = i + 1
                        exprs.append(self._parse_assignment_expression())
                    args = c_ast.ExprList(exprs, arg.coord)
                    self._expect("RPAREN")
                expr = c_ast.FuncCall(expr, args, expr.coord)
            elif kind == "PERIOD" or kind == "ARROW":
                ts._index = i + 1
                name_tok = self._advance()
                if name_tok.type not in ("ID", "TYPEID"):
                    self._parse_error("Invalid struct reference", self._tok_coord(name_tok))
                field = c_ast.ID(name_tok.value, self._tok_coord(name_tok))
                expr = c_ast.StructRef(expr, tok.value, field, expr.coord)
            elif kind == "PLUSPLUS" or kind == "MINUSMINUS":
                ts._index = i + 1
                expr = c_ast.UnaryOp("p" + tok.value, expr, expr.coord)
            else:
                return expr

    def _parse_expression(self):
        # pycparser's: assignment-expressions separated by commas (the first
        # comma looked for in the buffer)
        expr = self._parse_assignment_expression()
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i < len(buf):
            tok = buf[i]
        else:  # one token, lexed here
            tok = ts._lexer.lex_into(buf)
        if tok is None or tok.type != "COMMA":
            return expr
        ts._index = i + 1
        exprs = [expr, self._parse_assignment_expression()]
        while self._accept("COMMA"):
            exprs.append(self._parse_assignment_expression())
        return c_ast.ExprList(exprs, expr.coord)

    def _parse_binary_expression(self, min_prec=0, lhs=None):
        if lhs is None:
            lhs = self._parse_cast_expression()
        ts = self._tokens
        buf = ts._buffer
        while True:
            i = ts._index
            if i < len(buf):
                tok = buf[i]
            else:  # one token, lexed here
                tok = ts._lexer.lex_into(buf)
            if tok is None:
                return lhs
            prec = _BINARY_PRECEDENCE.get(tok.type)
            if prec is None or prec < min_prec:
                return lhs
            ts._index = i + 1
            rhs = self._parse_cast_expression()
            while True:
                i = ts._index
                if i < len(buf):
                    nxt = buf[i]
                else:  # one token, lexed here
                    nxt = ts._lexer.lex_into(buf)
                if nxt is None:
                    break
                next_prec = _BINARY_PRECEDENCE.get(nxt.type)
                if next_prec is None or next_prec <= prec:
                    break
                rhs = self._parse_binary_expression(next_prec, rhs)
            node = _new(_BINARY_OP)  # c_ast.BinaryOp(tok.value, lhs, rhs, lhs.coord)
            node.op = tok.value
            node.left = lhs
            node.right = rhs
            node.coord = lhs.coord
            lhs = node


# what `_starts_expression` accepts through every layer: pycparser's set, GNU
# `__real__`/`__imag__` (parse.py) and `__extension__` (gnu_parse.py)
EXPRESSION_START = frozenset(_STARTS_EXPRESSION | {"__REAL__", "__IMAG__", "__EXTENSION__"})
# block items that are declarations with no GNU layer in front of pycparser's
# test (`__extension__` and attributes may start either, `__label__` is GNU's own)
_DECLARATION_ITEM = frozenset(_GNU_DECL_START - _ATTRIBUTE_TOKENS - {"__EXTENSION__"})
# block items that are statements whatever the GNU layers say: none of them
# starts a declaration or is one the layers read first (attributes, asm,
# `__label__`, `__extension__`)
_STATEMENT_ITEM = frozenset(
    (_STARTS_EXPRESSION | {"LBRACE", "IF", "SWITCH", "WHILE", "DO", "FOR", "GOTO", "BREAK",
                           "CONTINUE", "RETURN", "CASE", "DEFAULT"})
    - _GNU_DECL_START)
_SELECTION = frozenset({"IF", "SWITCH"})
_ITERATION = frozenset({"WHILE", "DO", "FOR"})
_JUMP = frozenset({"GOTO", "BREAK", "CONTINUE", "RETURN"})
_LABELLED = frozenset({"CASE", "DEFAULT"})
_PRAGMAS = frozenset({"PPPRAGMA", "_PRAGMA"})


class FastStatementMixin:
    """Statement dispatch by the first token's type. A block item reached pycparser's
    statement rules through nine calls (two block-item layers, the declaration
    test through two, three statement layers, expression-statement and
    expression-opt and its test through three), each peeking at the same token;
    these read it once and call the rule pycparser's `match` would, for the tokens
    no GNU layer treats apart (anything else takes the layered route). They peek
    at no token those routes would not have peeked at by then, and make the same
    nodes and coordinates in the same order."""

    if TYPE_CHECKING:  # the parser this is mixed into has them
        _tokens: Any
        local_label_decls: int

        def _peek(self, k: int = 1) -> Any: ...
        def _expect(self, token_type: str) -> Any: ...
        def _accept(self, token_type: str) -> Any: ...
        def _tok_coord(self, tok: Any) -> Any: ...
        def _parse_expression(self) -> c_ast.Node: ...
        def _parse_declaration(self) -> list[c_ast.Node]: ...
        def _parse_labeled_statement(self) -> c_ast.Node: ...
        def _parse_selection_statement(self) -> c_ast.Node: ...
        def _parse_iteration_statement(self) -> c_ast.Node: ...
        def _parse_jump_statement(self) -> c_ast.Node: ...

    def _parse_compound_statement(self):
        # pycparser's rule and the GNU layer's (a `Compound` with its `}`, local
        # labels renamed) in one, looking for local labels only where a
        # `__label__` was read inside; the two coordinates made where they were
        lbrace = self._expect("LBRACE")
        close = self._accept("RBRACE")
        if close is not None:
            return Compound(None, self._tok_coord(lbrace), self._tok_coord(close))
        decls_before = self.local_label_decls
        items = self._parse_block_item_list()
        close = self._expect("RBRACE")
        node = Compound(items, self._tok_coord(lbrace), self._tok_coord(close))
        if self.local_label_decls != decls_before:
            rename_local_labels(node)
        return node

    def _parse_block_item_list(self):
        # pycparser's loop, its test reading the buffer
        items = []
        ts = self._tokens
        buf = ts._buffer
        while True:
            i = ts._index
            if i < len(buf):
                tok = buf[i]
            else:  # one token, lexed here
                tok = ts._lexer.lex_into(buf)
            if tok is None or tok.type == "RBRACE":
                return items
            item = self._parse_block_item()
            if isinstance(item, list):
                if item == [None]:
                    continue
                items.extend(item)
            else:
                items.append(item)

    def _parse_block_item(self):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i < len(buf):
            tok = buf[i]
        else:  # one token, lexed here
            tok = ts._lexer.lex_into(buf)
        kind = tok.type if tok is not None else None
        if kind in _DECLARATION_ITEM:
            return self._parse_declaration()
        if kind in _STATEMENT_ITEM:
            return self._parse_statement()
        return super()._parse_block_item()

    def _parse_statement(self):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i < len(buf):
            tok = buf[i]
        else:  # one token, lexed here
            tok = ts._lexer.lex_into(buf)
        kind = tok.type if tok is not None else None
        if kind == "ID":
            nxt = buf[i + 1] if i + 1 < len(buf) else self._peek(2)
            if nxt is not None and nxt.type == "COLON":
                return self._parse_labeled_statement()
            return self._expression_statement()
        if kind in _SELECTION:
            return self._parse_selection_statement()
        if kind in _JUMP:
            return self._parse_jump_statement()
        if kind == "LBRACE":
            return self._parse_compound_statement()
        if kind in _ITERATION:
            return self._parse_iteration_statement()
        if kind in _LABELLED:
            return self._parse_labeled_statement()
        if kind in _STATEMENT_ITEM:  # an expression no layer reads apart
            return self._expression_statement()
        return super()._parse_statement()

    def _expression_statement(self):
        """pycparser's expression-statement where the next token starts an expression."""
        expr = self._parse_expression()
        self._expect("SEMI")
        return expr

    def _parse_pragmacomp_or_statement(self):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i < len(buf):
            tok = buf[i]
        else:  # one token, lexed here
            tok = ts._lexer.lex_into(buf)
        if tok is not None and tok.type in _PRAGMAS:
            return super()._parse_pragmacomp_or_statement()
        return self._parse_statement()

    def _parse_expression_opt(self):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i < len(buf):
            tok = buf[i]
        else:  # one token, lexed here
            tok = ts._lexer.lex_into(buf)
        if tok is not None and tok.type in EXPRESSION_START:
            return self._parse_expression()
        return None





def _specifier_kinds() -> dict[str, str]:
    """Declaration-specifier token type -> what pycparserext's loop does with it,
    its tests taken in their order (the first that holds wins); `_ATOMIC` is
    `_Atomic(T)` before `(`, else a qualifier."""
    table: dict[str, str] = {}
    for kinds, what in ((["_ALIGNAS"], "alignment"), (["_ATOMIC"], "_ATOMIC"),
                        (_TYPE_QUALIFIER, "qual"), (_GNU_TYPE_QUALIFIERS, "qual"),
                        (_STORAGE_CLASS, "storage"), (_FUNCTION_SPEC, "function"),
                        (_GNU_FUNCTION_SPECS, "function"), (_TYPE_SPEC_SIMPLE, "simple"),
                        (["TYPEID"], "typeid"), (["STRUCT", "UNION"], "struct"),
                        (["ENUM"], "enum"), (_TYPEOF_TOKENS, "typeof"),
                        (_ATTRIBUTE_TOKENS, "attribute")):
        for kind in kinds:
            table.setdefault(kind, what)
    return table


_SPECIFIER = _specifier_kinds()
_WORD_SPECIFIERS = frozenset({"qual", "storage", "function"})
_ASM_KEYWORDS = frozenset({"ASM", "__ASM__", "__ASM"})  # pycparserext's asm tokens
_AFTER_DECLARATOR = _ASM_KEYWORDS | _ATTRIBUTE_TOKENS


class FastDeclaratorMixin:
    """pycparserext's declarator rule (asm labels and attributes around a
    declarator) without its two look-ups after every declarator that has neither:
    they made a coordinate and an empty attribute list there, which the rule
    dropped. A declarator followed by `asm` or an attribute takes pycparserext's
    steps."""

    if TYPE_CHECKING:  # the parser this is mixed into has them
        _tokens: Any
        clex: Any

        def _peek_type(self, k: int = 1) -> Any: ...
        def _tok_coord(self, tok: Any) -> Any: ...
        def _parse_error(self, msg: str, coord: object) -> Any: ...
        def _parse_struct_or_union_specifier(self) -> Any: ...
        def _parse_enum_specifier(self) -> Any: ...
        def _parse_atomic_specifier(self) -> Any: ...
        def _parse_typeof_specifier(self, tok: Any) -> Any: ...
        def _parse_attribute_decl(self) -> Any: ...
        def _parse_alignment_specifier(self) -> Any: ...
        def _parse_pointer(self) -> Any: ...
        def _parse_attributes_opt(self) -> Any: ...
        def _parse_asm_label_opt(self) -> Any: ...
        def _parse_direct_declarator(self, kind: str, allow_paren: bool = True) -> Any: ...
        def _type_modify_decl(self, decl: Any, modifier: Any) -> Any: ...

    def _parse_declarator_kind(self, kind, allow_paren):
        ptr = self._parse_pointer() if self._peek_type() == "TIMES" else None
        before = None  # attributes between the pointer and the declarator
        if ptr is not None and self._peek_type() in _ATTRIBUTE_TOKENS:
            before = self._parse_attributes_opt()
        direct = self._parse_direct_declarator(kind, allow_paren=allow_paren)
        if before is not None or self._peek_type() in _AFTER_DECLARATOR:
            direct = self._declarator_extras(direct, before)
        return direct if ptr is None else self._type_modify_decl(direct, ptr)

    def _declarator_extras(self, direct, before):
        """`direct` with the asm label and attributes that follow it (and those
        `before` it) on its innermost TypeDecl, made a TypeDeclExt."""
        label = self._parse_asm_label_opt()
        after = self._parse_attributes_opt()
        if before is not None and before.exprs:
            attrs = before
            attrs.exprs.extend(after.exprs)
        else:
            attrs = after
        if not label and not attrs.exprs:
            return direct
        parent, inner = None, direct
        while not isinstance(inner, c_ast.TypeDecl):
            if not hasattr(inner, "type"):
                return direct
            parent, inner = inner, inner.type
        ext = to_decl_ext(inner)
        if label:
            ext.asm = label
        if attrs.exprs:
            ext.attributes = attrs
        if parent is None:
            return ext
        parent.type = ext
        return direct

    def _parse_declaration_specifiers(self, allow_no_type=False):
        # pycparserext's loop, each token's kind looked up once in `_SPECIFIER`
        # (its tests in their order) and the specifier dict filled in place;
        # coordinates made at the same points
        spec = None
        saw_type = False
        first_coord = None
        ts = self._tokens
        buf = ts._buffer
        while True:
            i = ts._index
            if i < len(buf):
                tok = buf[i]
            else:  # one token, lexed here
                tok = ts._lexer.lex_into(buf)
            if tok is None:
                break
            what = _SPECIFIER.get(tok.type)
            if what is None:
                break
            if what == "_ATOMIC":  # `_Atomic(T)` or the qualifier
                what = "atomic" if self._peek_type(2) == "LPAREN" else "qual"
            elif what == "typeid" and saw_type:
                break
            if first_coord is None:
                first_coord = self._tok_coord(tok)
            if spec is None:
                spec = dict(qual=[], storage=[], type=[], function=[], alignment=[])
            if what == "simple" or what == "typeid":
                ts._index = i + 1
                spec["type"].append(c_ast.IdentifierType([tok.value],
                                                         coord=self._tok_coord(tok)))
                saw_type = True
            elif what in _WORD_SPECIFIERS:  # qual, storage, function: the spelling
                ts._index = i + 1
                spec[what].append(tok.value)
            elif what == "struct":
                spec["type"].append(self._parse_struct_or_union_specifier())
                saw_type = True
            elif what == "enum":
                spec["type"].append(self._parse_enum_specifier())
                saw_type = True
            elif what == "atomic":
                spec["type"].append(self._parse_atomic_specifier())
                saw_type = True
            elif what == "typeof":
                ts._index = i + 1
                spec["type"].append(self._parse_typeof_specifier(tok))
                saw_type = True
            elif what == "attribute":
                spec["function"].append(AttributeSpecifier(self._parse_attribute_decl()))
            else:  # alignment
                spec["alignment"].append(self._parse_alignment_specifier())
        if spec is None:
            self._parse_error("Invalid declaration", self.clex.filename)
        if not saw_type and not allow_no_type:
            self._parse_error("Missing type in declaration", first_coord)
        return spec, saw_type, first_coord
