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
from pycparser.c_parser import _BINARY_PRECEDENCE, _CHAR_CONST, _FLOAT_CONST, _INT_CONST, Coord
from pycparserext.ext_c_parser import _GNU_DECL_START

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

    # pycparser's `_coord(tok.lineno, tok.column)` without its two calls
    def _tok_coord(self, tok):
        return Coord(self.clex._filename, tok.lineno, tok.column)

    def _parse_cast_expression(self):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i + 1 >= len(buf):  # the stream's `_fill(2)` without its call
            token = ts._lexer.token
            while len(buf) < i + 2:
                tok = token()
                buf.append(tok)
                if tok is None:
                    break
        tok = buf[i]
        if tok is None:
            return super()._parse_cast_expression()
        kind = tok.type
        if kind == "ID":
            if tok.value in KEYWORD_IDS:
                return super()._parse_cast_expression()
            ts._index = i + 1
            expr = c_ast.ID(tok.value, Coord(self.clex._filename, tok.lineno, tok.column))
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
                    expr = c_ast.Constant(type_name, value,
                                          Coord(self.clex._filename, tok.lineno, tok.column))
            else:
                expr = self._parse_constant()
            nxt = buf[i + 1]
            if nxt is None or nxt.type not in POSTFIX_TOKENS:
                return expr
            return self._postfix_operators(expr)
        if kind == "LPAREN":
            nxt = buf[i + 1]
            if nxt is None or nxt.type in _NOT_PAREN_EXPR:
                return super()._parse_cast_expression()
            ts._index = i + 1
            expr = self._parse_expression()
            self._expect("RPAREN")
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

    def _postfix_operators(self, expr):
        """pycparser's postfix loop after a primary expression `expr`."""
        ts = self._tokens
        buf = ts._buffer
        while True:
            i = ts._index
            tok = buf[i] if i < len(buf) else self._peek()
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
                else:
                    args = self._parse_argument_expression_list()
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
        # pycparser's: assignment-expressions separated by commas
        expr = self._parse_assignment_expression()
        if not self._accept("COMMA"):
            return expr
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
            tok = buf[i] if i < len(buf) else self._peek()
            if tok is None:
                return lhs
            prec = _BINARY_PRECEDENCE.get(tok.type)
            if prec is None or prec < min_prec:
                return lhs
            ts._index = i + 1
            rhs = self._parse_cast_expression()
            while True:
                i = ts._index
                nxt = buf[i] if i < len(buf) else self._peek()
                if nxt is None:
                    break
                next_prec = _BINARY_PRECEDENCE.get(nxt.type)
                if next_prec is None or next_prec <= prec:
                    break
                rhs = self._parse_binary_expression(next_prec, rhs)
            lhs = c_ast.BinaryOp(tok.value, lhs, rhs, lhs.coord)
