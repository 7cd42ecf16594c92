"""GNU C syntax the parser reads natively, so that preprocessed `.i` text (what
`atomc -E` writes and distcc sends) parses without rewriting macros.

`__extension__` only silences gcc's pedantic warnings; gcc takes it before a
declaration (file scope, block scope, struct members, `for` clauses) and as a
unary operator in expressions (casts, statement expressions). We drop it where
gcc takes it and nowhere else.

`__builtin_va_arg(ap, type-name)` takes a type name as its second operand, so
it is parsed here into `FuncCall(ID('__builtin_va_arg'), ExprList([ap, Typename]))`.
"""

from __future__ import annotations

from pycparser import c_ast

_EXTENSION = "__EXTENSION__"


class GnuSyntaxMixin:
    """Parser overrides for `__extension__` and type-name builtins (mixed into
    pycparserext's `GnuCParser`)."""

    # -- __extension__ --------------------------------------------------
    def _past_extension(self) -> int:  # type: ignore[no-untyped-def]
        """1-based index of the first token after a run of `__extension__`."""
        k = 1
        while self._peek_type(k) == _EXTENSION:
            k += 1
        return k

    def _starts_declaration(self, tok=None):  # type: ignore[no-untyped-def]
        # `__extension__` starts a declaration only when one follows it
        # (`__extension__ ({...})` and `__extension__ 1LL` are expressions)
        cur = self._peek()
        if tok is None or tok is cur:
            if cur is not None and cur.type == _EXTENSION:
                nxt = self._peek(self._past_extension())
                return nxt is not None and super()._starts_declaration(nxt)
        return super()._starts_declaration(tok)

    def _starts_expression(self, tok=None):  # type: ignore[no-untyped-def]
        t = tok or self._peek()
        if t is not None and t.type == _EXTENSION:
            return True
        return super()._starts_expression(tok)

    def _parse_unary_expression(self):  # type: ignore[no-untyped-def]
        if self._peek_type() == _EXTENSION:
            self._advance()
            return self._parse_cast_expression()
        return super()._parse_unary_expression()

    def _parse_external_declaration(self):  # type: ignore[no-untyped-def]
        # `__extension__ _Static_assert(...)`, `__extension__ asm(...)`: the keyword
        # goes; declarations keep it as a (meaningless) qualifier
        k = self._past_extension()
        if k > 1 and self._peek_type(k) in ("_STATIC_ASSERT", "ASM", "__ASM__", "__ASM"):
            for _ in range(k - 1):
                self._advance()
            return self._parse_external_declaration()
        return super()._parse_external_declaration()

    # -- builtins whose operands include a type name --------------------
    def _parse_primary_expression(self):  # type: ignore[no-untyped-def]
        tok = self._peek()
        if tok is not None and tok.type == "ID" and tok.value == "__builtin_va_arg" \
                and self._peek_type(2) == "LPAREN":
            self._advance()
            self._advance()
            coord = self._tok_coord(tok)
            ap = self._parse_assignment_expression()
            self._expect("COMMA")
            typ = self._parse_type_name()
            self._expect("RPAREN")
            return c_ast.FuncCall(c_ast.ID(tok.value, coord), c_ast.ExprList([ap, typ], coord),
                                  coord)
        return super()._parse_primary_expression()
