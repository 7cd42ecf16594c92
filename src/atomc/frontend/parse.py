"""Parse preprocessed text with pycparserext's GNU C parser.

pycparser stops at the first error and words it its own way ("before: x",
"Invalid expression", sometimes without a line). `_Parser` overrides the two
error entry points to capture the offending token and what was expected, and
`parse_c` renders that as a gcc/clang-style `expected ...` diagnostic.
"""

from __future__ import annotations

from pycparser import c_ast
from pycparser.c_parser import _ASSIGNMENT_OPS, _BINARY_PRECEDENCE, _TYPE_QUALIFIER, ParseError
from pycparserext.ext_c_parser import (
    _ATTRIBUTE_TOKENS,
    _GNU_TYPE_QUALIFIERS,
    AttributeSpecifier,
    GnuCParser,
    StructExt,
)

from ..diag import CompileAborted, DiagnosticEngine, SourceSpan
from . import atomic_specifiers, identifiers, parse_cache
from .fast_lexer import FastLexer
from .fast_parse import STRING_TOKENS as _STRING_TOKENS
from .fast_parse import FastDeclaratorMixin, FastExpressionMixin, FastStatementMixin
from .generic_selection import parse_generic
from .gnu_parse import GnuStatementsMixin, GnuSyntaxMixin
from .preprocess import SOURCE_ERRORS, Markers

_TOKEN_SPELLING = {
    "SEMI": "';'", "LPAREN": "'('", "RPAREN": "')'", "LBRACE": "'{'", "RBRACE": "'}'",
    "LBRACKET": "'['", "RBRACKET": "']'", "COMMA": "','", "COLON": "':'", "EQUALS": "'='",
    "ID": "identifier", "WHILE": "'while'", "PERIOD": "'.'", "CONDOP": "'?'",
}

atomic_specifiers.install()

# the qualifiers a declarator-name scan steps over after `*` (pycparserext's scan
# imported pycparser's set and took this union on every call and step)
_SCAN_QUALIFIERS = frozenset(_TYPE_QUALIFIER | _GNU_TYPE_QUALIFIERS)

# gcc's predefined type names (the _FloatN keywords are simple type specifiers, see
# gnu_parse._SPELLINGS)
EXTRA_TYPE_NAMES = frozenset({"__int128_t", "__uint128_t", "__auto_type"})


class _UnionExt(c_ast.Union):
    """A union carrying GNU attributes (pycparserext has this only for structs)."""

    __slots__ = ("attrib",)


class ComputedGoto(c_ast.Node):
    """GNU `goto *expr;` (pycparser has only `goto label;`)."""

    __slots__ = ("__weakref__", "coord", "expr")
    attr_names = ()

    def __init__(self, expr: c_ast.Node, coord: object = None) -> None:
        self.expr = expr
        self.coord = coord

    def children(self):
        return (("expr", self.expr),)

    def __iter__(self):
        yield self.expr


class _SyntaxError(Exception):
    def __init__(self, message: str, file: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column


class _Parser(FastStatementMixin, FastExpressionMixin, FastDeclaratorMixin, GnuStatementsMixin,
              GnuSyntaxMixin, GnuCParser):
    initial_type_symbols = GnuCParser.initial_type_symbols | EXTRA_TYPE_NAMES
    # gcc's keyword spellings and `[[...]]` attributes (AtomcLexer: `__thread`,
    # `__signed__`, `__complex__`, ...) and imaginary constants (`1.0iF`)
    lexer_class = FastLexer

    # Token access. The parser peeks about nine times per token; pycparser's
    # helpers go through three calls and a `_fill` loop each time, a third of the
    # parse. These read the token stream's buffer directly and fill it only when
    # it runs out, with the same results (`_TokenStream.peek`/`next`). The index
    # never passes the buffer's end (a token is consumed only once read), so
    # where it is at the end one call fills it: the helpers lex there themselves
    # (`FastLexer.lex_into`: the next token, and the tokens after it whose type
    # does not depend on when they are lexed).
    def _peek(self, k=1):
        if k <= 0:
            return None
        ts = self._tokens
        i = ts._index + k - 1
        buf = ts._buffer
        if i >= len(buf):  # `_TokenStream._fill` without its call
            lex_into = ts._lexer.lex_into
            while len(buf) <= i:
                if lex_into(buf) is None:
                    break
        return buf[i]

    def _peek_type(self, k=1):
        # called as often as `_peek`: a buffered token is read here, without it
        ts = self._tokens
        buf = ts._buffer
        i = ts._index + k - 1
        if 0 < k and i < len(buf):
            tok = buf[i]
        elif k == 1:  # the next token, lexed here (`_peek` would call the lexer)
            tok = ts._lexer.lex_into(buf)
        else:
            tok = self._peek(k)
        return tok.type if tok is not None else None

    def _scan_declarator_name_info(self):
        """pycparserext's look-ahead for a declarator's name (`(name kind, saw a
        parenthesis)`, the tokens consumed; the caller rewinds), with its constant
        sets made once: it runs for most declarations."""
        while self._accept("TIMES"):
            while self._peek_type() in _SCAN_QUALIFIERS:
                self._advance()
            while self._peek_type() in _ATTRIBUTE_TOKENS:
                self._advance()
                self._scan_skip_paren_group()  # `(`
                self._scan_skip_paren_group()  # `(...)`
        tok = self._peek()
        if tok is None:
            return None, False
        kind = tok.type
        if kind == "ID" or kind == "TYPEID":
            self._advance()
            return kind, False
        if kind != "LPAREN":
            return None, False
        self._advance()
        name_kind, _ = self._scan_declarator_name_info()
        depth = 1  # to the `)` that closes this `(`
        while depth:
            tok = self._peek()
            if tok is None:
                return None, True
            if tok.type == "LPAREN":
                depth += 1
            elif tok.type == "RPAREN":
                depth -= 1
            self._advance()
        return name_kind, True

    # Scopes. pycparser answers "is this identifier a typedef name?" (the lexer
    # asks it of every identifier) by looking the name up in each scope of its
    # stack from the innermost out: three to six lookups inside a function body.
    # `_visible` holds that answer for every name, the innermost scope's entry,
    # and each scope above the file scope records the entries it replaced
    # (`_undo`), which its `}` puts back; the lexer reads `_visible` directly
    # (`FastLexer.use_scopes`). The stack itself is kept as pycparser keeps it (its
    # redeclaration checks read the innermost scope; parse_cache's table is
    # the file scope).
    _visible: dict[str, bool]
    _undo: list[list[tuple[str, bool | None]]]

    def __init__(self) -> None:
        super().__init__()
        self._reset_scopes(self._scope_stack[0])

    def _reset_scopes(self, file_scope: dict[str, bool]) -> None:
        """Start from `file_scope` alone (a fresh parse)."""
        self._scope_stack = [file_scope]
        self._visible = dict(file_scope)
        self.clex.use_scopes(self._visible)
        self._undo = []

    def _lex_on_lbrace_func(self):
        self._scope_stack.append({})
        self._undo.append([])

    def _lex_on_rbrace_func(self):
        assert len(self._scope_stack) > 1
        self._scope_stack.pop()
        visible = self._visible
        for name, old in reversed(self._undo.pop()):
            if old is None:
                del visible[name]
            else:
                visible[name] = old

    _push_scope = _lex_on_lbrace_func
    _pop_scope = _lex_on_rbrace_func

    def _declare_name(self, name: str, is_type: bool) -> None:
        top = self._scope_stack[-1]
        if self._undo and name not in top:  # (the file scope is never left)
            self._undo[-1].append((name, self._visible.get(name)))
        top[name] = is_type
        self._visible[name] = is_type

    def _add_typedef_name(self, name, coord):
        if not self._scope_stack[-1].get(name, True):
            self._parse_error(
                f"Typedef {name!r} previously declared as non-typedef in this scope", coord)
        self._declare_name(name, True)

    def _add_identifier(self, name, coord):
        if self._scope_stack[-1].get(name, False):
            self._parse_error(
                f"Non-typedef {name!r} previously declared as typedef in this scope", coord)
        self._declare_name(name, False)

    def _is_type_in_scope(self, name):
        return self._visible.get(name, False)

    _lex_type_lookup_func = _is_type_in_scope

    def _advance(self):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i < len(buf):
            tok = buf[i]
        else:  # the buffer ends here: one token, lexed here
            tok = ts._lexer.lex_into(buf)
        ts._index = i + 1
        if tok is None:
            self._parse_error("At end of input", self.clex.filename)
        return tok

    def _accept(self, token_type):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i < len(buf):
            tok = buf[i]
        else:  # the buffer ends here: one token, lexed here
            tok = ts._lexer.lex_into(buf)
        if tok is not None and tok.type == token_type:
            ts._index = i + 1
            return tok
        return None

    def _expect(self, token_type):
        ts = self._tokens
        i = ts._index
        buf = ts._buffer
        if i < len(buf):
            tok = buf[i]
        else:  # the buffer ends here: one token, lexed here
            tok = ts._lexer.lex_into(buf)
        if tok is not None and tok.type == token_type:
            ts._index = i + 1
            return tok
        want = _TOKEN_SPELLING.get(token_type, f"'{token_type.lower()}'")
        if tok is None:
            self._fail_after_last(f"expected {want} at end of input")
        if token_type == "SEMI" and tok.type == "LBRACE" and self._after_declarator():
            self._fail_at(tok, "nested function definitions (a GNU extension) are not "
                               "supported")
        self._explain(tok)
        self._fail_at(tok, f"expected {want} before {_show(tok.value)}")

    def _parse_error(self, msg, coord):
        text = _reword(msg)
        if hasattr(coord, "line") and coord.line:
            raise _SyntaxError(text, coord.file or self.clex.filename, coord.line,
                               coord.column or 0)
        tok = self._peek()
        if tok is None:
            self._fail_after_last(text + (" at end of input" if "end of input" not in text
                                          else ""))
        self._explain(tok)
        if "before" not in text:
            text += f" before {_show(tok.value)}"
        self._fail_at(tok, text)

    def _explain(self, tok):
        """Better wording for two common mistakes, as gcc and clang have."""
        if tok.type == "ELSE":
            self._fail_at(tok, "'else' without a previous 'if' (expected a statement)")
        prev = self._prev_token()
        if prev is not None and prev is not tok and prev.type == "ID" and \
                tok.type in ("ID", "TIMES") and self._consumed(prev) and self._starts_item(prev):
            self._fail_at(prev, f"unknown type name '{prev.value}' (expected a type)")

    def _parse_translation_unit_or_empty(self):
        # the file scope `parse` just made, with the initial type names
        # pycparserext's override would add to it
        file_scope = self._scope_stack[0]
        file_scope.update(self.__dict__.pop("_pending_initial_type_symbols", ()))
        self._reset_scopes(file_scope)
        return super()._parse_translation_unit_or_empty()

    def _parse_asm_no_semi(self):
        # Record whether a colon follows the template: `asm("x")` is a basic asm
        # (template text verbatim), `asm("x" :)` an extended one (`%` escapes).
        start = self._tokens._index
        if "GOTO" in (self._peek_type(2), self._peek_type(3)):
            self._fail_at(self._peek(), "'asm goto' is unsupported")
        node = super()._parse_asm_no_semi()
        buf = self._tokens._buffer
        node.extended = any(t is not None and t.type == "COLON"
                            for t in buf[start:self._tokens._index])
        return node

    def _parse_external_declaration(self):
        if self._is_asm_keyword_token(self._peek_type()):  # file-scope `asm("...");`
            node = self._parse_asm_no_semi()
            self._expect("SEMI")
            return [node]
        return super()._parse_external_declaration()

    def _parse_struct_or_union_specifier(self):
        # `struct {...} __attribute__((packed))`: attributes right after the closing
        # brace belong to the type (pycparserext drops them in typedefs).
        st = super()._parse_struct_or_union_specifier()
        if st.decls is not None and self._peek_type() in ("__ATTRIBUTE__", "__ATTRIBUTE"):
            trailing = self._parse_attributes_opt()
            if isinstance(st, c_ast.Struct) and not isinstance(st, StructExt):
                st = StructExt.from_pycparser(st)
            elif isinstance(st, c_ast.Union):
                st = _UnionExt(st.name, st.decls, st.coord)
            old = getattr(st, "attrib", None)
            exprs = (list(old.exprlist.exprs) if old is not None else []) + trailing.exprs
            st.attrib = AttributeSpecifier(c_ast.ExprList(exprs, trailing.coord))
        return st

    def _parse_unified_string_literal(self):
        # Keep the segments of "a" "b" apart: joining them first would let an escape
        # run on into the next segment ("\x42" "C" is not "\x42C"). Prefixed and
        # plain segments mix (C11: u8"a" "b", L"a" "b"); `literals` decodes them.
        tok = self._advance()
        if tok.type not in _STRING_TOKENS:
            self._parse_error("Invalid string literal", self._tok_coord(tok))
        node = c_ast.Constant("string", tok.value, self._tok_coord(tok))
        while self._peek_type() in _STRING_TOKENS:
            node.value += " " + self._advance().value
        return node

    _parse_unified_wstring_literal = _parse_unified_string_literal

    def _parse_primary_expression(self):
        # `__builtin_offsetof(T, m.a[i])` is pycparser's `offsetof` keyword (a macro
        # could not do this: <stddef.h> defines `offsetof` in terms of it)
        tok = self._peek()
        if tok is not None and tok.type == "ID" and tok.value == "__builtin_offsetof":
            tok.type = "OFFSETOF"
        if tok is not None and tok.type == "ID" and tok.value == "_Generic":
            return parse_generic(self)
        return super()._parse_primary_expression()

    def _parse_assignment_expression(self):
        # pycparser returns a leading `({...})` here as the whole expression, so
        # `({...}) + 1` stopped after it; the GNU primary-expression rule reads it.
        # The conditional expression is read inline (its first operand, then the
        # binary operators, `?` and the assignment operator only where the next
        # token is one): most assignment-expressions (arguments, subscripts,
        # right-hand sides) are one operand, which took three calls and three peeks
        # at the same token. The calls made and tokens lexed are pycparser's.
        expr = self._parse_cast_expression()
        ts = self._tokens
        buf = ts._buffer
        i = ts._index
        if i < len(buf):
            tok = buf[i]
        else:  # the buffer ends here: one token, lexed here
            tok = ts._lexer.lex_into(buf)
        if tok is None:
            return expr
        if tok.type in _BINARY_PRECEDENCE:
            expr = self._parse_binary_expression(0, expr)
            i = ts._index
            if i < len(buf):
                tok = buf[i]
            else:
                tok = ts._lexer.lex_into(buf)
            if tok is None:
                return expr
        if tok.type == "CONDOP":
            ts._index = i + 1
            expr = self._conditional_arms(expr)
            tok = self._peek()
            if tok is None:
                return expr
        if tok.type in _ASSIGNMENT_OPS:  # `_is_assignment_op`
            ts._index += 1
            return c_ast.Assignment(tok.value, expr, self._parse_assignment_expression(),
                                    expr.coord)
        return expr

    def _parse_conditional_expression(self):
        # conditional-expression, plus GNU `a ?: b` (middle operand omitted: a
        # TernaryOp whose `iftrue` is None)
        cond = self._parse_binary_expression()
        if not self._accept("CONDOP"):
            return cond
        return self._conditional_arms(cond)

    def _conditional_arms(self, cond):
        """The rest of `cond ? a : b` after the `?`."""
        middle = None if self._peek_type() == "COLON" else self._parse_expression()
        self._expect("COLON")
        return c_ast.TernaryOp(cond, middle, self._parse_conditional_expression(), cond.coord)

    def _starts_expression(self, tok=None):
        tok = tok or self._peek()
        if tok is not None and tok.type in ("__REAL__", "__IMAG__"):
            return True
        return super()._starts_expression(tok)

    def _parse_unary_expression(self):
        # GNU `__real__ z` / `__imag__ z` (pycparserext lexes them but has no rule)
        if self._peek_type() in ("__REAL__", "__IMAG__"):
            tok = self._advance()
            return c_ast.UnaryOp(tok.value, self._parse_cast_expression(), self._tok_coord(tok))
        # GNU labels as values: `&&label` is UnaryOp('&&', ID(label))
        if self._peek_type() == "LAND":
            tok = self._advance()
            name = self._advance() if self._peek_type() == "TYPEID" else self._expect("ID")
            coord = self._tok_coord(tok)
            return c_ast.UnaryOp("&&", c_ast.ID(name.value, self._tok_coord(name)), coord)
        return super()._parse_unary_expression()

    def _parse_jump_statement(self):
        # GNU computed goto: `goto *expr;`
        if self._peek_type() == "GOTO" and self._peek_type(2) == "TIMES":
            tok = self._advance()
            self._advance()
            expr = self._parse_expression()
            self._expect("SEMI")
            return ComputedGoto(expr, self._tok_coord(tok))
        return super()._parse_jump_statement()

    def _parse_postfix_expression(self):
        expr = super()._parse_postfix_expression()
        if isinstance(expr, c_ast.CompoundLiteral):
            # pycparser returns `(T){...}` without its postfix operators (`.x`, `[i]`)
            if expr.coord is None:
                expr.coord = getattr(expr.type, "coord", None)
            expr = self._postfix_tail(expr)
        return expr

    def _postfix_tail(self, expr):
        while True:
            kind = self._peek_type()
            if kind == "LBRACKET":
                self._advance()
                index = self._parse_expression()
                self._expect("RBRACKET")
                expr = c_ast.ArrayRef(expr, index, expr.coord)
            elif kind == "LPAREN":
                self._advance()
                args = None
                if self._peek_type() != "RPAREN":
                    args = self._parse_argument_expression_list()
                self._expect("RPAREN")
                expr = c_ast.FuncCall(expr, args, expr.coord)
            elif kind in ("PERIOD", "ARROW"):
                op = self._advance()
                name = self._advance()
                if name is None or name.type not in ("ID", "TYPEID"):
                    self._fail_at(name or op, "expected member name")
                expr = c_ast.StructRef(expr, op.value,
                                       c_ast.ID(name.value, self._tok_coord(name)), expr.coord)
            elif kind in ("PLUSPLUS", "MINUSMINUS"):
                op = self._advance()
                expr = c_ast.UnaryOp("p" + op.value, expr, expr.coord)
            else:
                return expr

    # -- helpers ----------------------------------------------------------
    def _consumed(self, tok) -> bool:
        """Is `tok` the last consumed token, directly before the error position?"""
        stream = self._tokens
        i = stream._index - 1
        return 0 <= i < len(stream._buffer) and stream._buffer[i] is tok

    def _starts_item(self, tok) -> bool:
        """Does `tok` begin a declaration or statement (after `;`, `{`, `}` or at the start)?"""
        buf = self._tokens._buffer
        i = next((k for k in range(len(buf)) if buf[k] is tok), -1)
        return i == 0 or (i > 0 and buf[i - 1] is not None
                          and buf[i - 1].type in ("SEMI", "LBRACE", "RBRACE"))

    def _after_declarator(self) -> bool:
        """Do the tokens just read end in `type name(...)`, a function declarator (so
        a `{` here starts a GNU nested function)?"""
        buf, i = self._tokens._buffer, self._tokens._index - 1
        if i < 0 or buf[i].type != "RPAREN":
            return False
        depth = 0
        while i >= 0:
            kind = buf[i].type
            depth += (kind == "RPAREN") - (kind == "LPAREN")
            if depth == 0:
                break
            i -= 1
        return i >= 2 and buf[i - 1].type == "ID" and \
            buf[i - 2].type in ("ID", "TYPEID", "INT", "CHAR", "VOID", "LONG", "SHORT",
                                "DOUBLE", "FLOAT", "UNSIGNED", "SIGNED", "_BOOL", "TIMES",
                                "STATIC", "AUTO")

    def _prev_token(self):
        stream = self._tokens
        i = stream._index - 1
        return stream._buffer[i] if 0 <= i < len(stream._buffer) else None

    def _fail_at(self, tok, text: str):
        raise _SyntaxError(text, self.clex.filename, tok.lineno, tok.column)

    def _fail_after_last(self, text: str):
        prev = self._prev_token()
        if prev is None:
            raise _SyntaxError(text, self.clex.filename, 1, 1)
        raise _SyntaxError(text, self.clex.filename, prev.lineno,
                           prev.column + len(str(prev.value)))


def _show(value: object) -> str:
    s = str(value)
    return f"'{s}'" if len(s) < 40 else f"'{s[:37]}...'"


def _stray_byte(shown: str) -> str:
    """pycparser's repr of a stray character as gcc names it: a non-ASCII one by its
    first source byte in octal ('\\244'), whether or not the bytes were UTF-8."""
    import ast  # its _ast types are 2% of a tiny compile: for this error only

    try:
        ch = ast.literal_eval(shown)
    except (ValueError, SyntaxError):
        return shown
    if not isinstance(ch, str) or len(ch) != 1:
        return shown
    if ord(ch) < 0x80:
        return f"'{ch}'" if ch.isprintable() else shown  # gcc: stray '\' in program
    return f"'\\{ch.encode('utf-8', SOURCE_ERRORS)[0]:o}'"


def _reword(msg: str) -> str:
    """pycparser's message (after the coordinate prefix) in our wording."""
    if ": " in msg:
        msg = msg.split(": ", 1)[1] if not msg.startswith("before") else msg
    if msg.startswith("before: "):
        return f"expected expression before '{msg[8:]}'"
    low = msg.lower()
    if msg.startswith(identifiers.MESSAGES):
        return msg  # gcc's own wording already (identifiers.match)
    if low.startswith("illegal character"):
        ch = msg.split(" ", 2)[2] if msg.count(" ") >= 2 else "?"
        return f"stray {_stray_byte(ch)} in program (expected a token)"
    if "string literal" in low and ("unmatched" in low or "unterminated" in low):
        return "missing terminating '\"' character (expected a string literal)"
    if low.startswith("invalid char constant") or "char constant" in low:
        return f"expected a character constant: {msg}"
    if low == "at end of input":
        return "expected declaration or statement at end of input"
    if low.startswith("invalid expression"):
        return "expected expression"
    if low.startswith("missing type in declaration"):
        return "expected a type specifier (type name missing in declaration)"
    if "previously declared as" in low:
        return "redefinition of " + msg.split(" ", 2)[1] + " as different kind of symbol"
    if low.startswith("invalid "):
        return "expected " + msg[len("invalid "):]
    if low.startswith("expected"):
        return msg
    return "expected valid syntax: " + msg


def parse_c(text: str, filename: str, diags: DiagnosticEngine,
            markers: Markers | None = None) -> c_ast.FileAST:
    """The translation unit's syntax tree; its header part from `parse_cache` when
    stored there. Any error is reported by a plain parse of the whole text, so the
    cache never changes a diagnostic. `markers`: the text's `line_markers`, if the
    caller has them (the cache's layout reads them)."""
    root = parse_cache.cache_dir()
    if root is not None and parse_cache.layout_ok(text):
        parser = _Parser()
        try:
            initial = dict.fromkeys(parser.initial_type_symbols, True)
            return c_ast.FileAST(parse_cache.parse_segmented(
                parser, text, filename, parse_cache.Store(root), initial, markers))
        except Exception:
            pass
        finally:
            release_tokens(parser)
    parser = _Parser()
    try:
        ast = parser.parse(text, filename)
    except _SyntaxError as e:
        raise diags.fatal(SourceSpan(e.file, e.line, e.column), e.message) from None
    except ParseError as e:  # raised by code paths we did not intercept
        raise diags.fatal(SourceSpan(filename, 0, 0), _reword(str(e))) from None
    except CompileAborted:
        raise
    except (RecursionError, AssertionError, IndexError, AttributeError, TypeError,
            ValueError) as e:
        tok = parser._peek() if hasattr(parser, "_tokens") else None
        span = SourceSpan(filename, tok.lineno, tok.column) if tok is not None else None
        raise diags.fatal(span, f"expected valid C syntax (the parser gave up: "
                                f"{type(e).__name__})") from None
    release_tokens(parser)
    return ast


def release_tokens(parser: _Parser) -> None:
    """Free the tokens of a finished parse now: the buffer's, and the lexer's last
    stretch. The parser and its lexer reference each other (the lexer's callbacks
    are the parser's bound methods), so the token buffer, a third of what a parse
    leaves behind (45 MB of sqlite3's 139), would otherwise live on until the
    cyclic collector's next full pass, which a compile with the driver's
    thresholds may not reach before it ends."""
    tokens = getattr(parser, "_tokens", None)
    if tokens is not None:
        tokens._buffer.clear()
    parser.clex.seek(0)  # (and the lexer's last stretch)
