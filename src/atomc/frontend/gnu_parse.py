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

from collections import deque
from typing import TYPE_CHECKING

from pycparser import c_ast
from pycparser.c_lexer import _Token
from pycparserext.ext_c_lexer import GnuCLexer
from pycparserext.ext_c_parser import _GNU_DECL_START, AttributeSpecifier, TypeDeclExt

from . import identifiers

_EXTENSION = "__EXTENSION__"


class Compound(c_ast.Compound):
    """A `{ ... }` block that knows where its `}` is (`end`, a coordinate like
    `coord`): the end of a block's scope and the line of a function's implicit
    return. pycparser keeps only where a node starts; scanning the source for the
    matching brace went wrong where cpp's line markers cut a line into pieces
    around a system macro's expansion (`NULL`, `errno`, `true`): one of sqlite3's
    functions "ended" 160,000 lines further on. Same class name, so visitors and
    the statement handlers dispatch on it as on pycparser's."""

    __slots__ = ("end",)

    def __init__(self, block_items, coord=None, end=None):
        super().__init__(block_items, coord)
        self.end = end

# gcc's alternative keyword spellings -> (token type, canonical spelling). The
# _FloatN types are simple type specifiers (so `_Complex _Float32` parses), told
# apart by their spelling.
_SPELLINGS: dict[str, tuple[str, str]] = {
    "__signed__": ("SIGNED", "signed"), "__signed": ("SIGNED", "signed"),
    "__const": ("CONST", "const"), "__const__": ("CONST", "const"),
    "__volatile": ("VOLATILE", "volatile"), "__volatile__": ("VOLATILE", "volatile"),
    "__restrict": ("RESTRICT", "restrict"), "__restrict__": ("RESTRICT", "restrict"),
    "__inline": ("INLINE", "inline"), "__inline__": ("INLINE", "inline"),
    "__alignof": ("_ALIGNOF", "__alignof__"), "__alignof__": ("_ALIGNOF", "__alignof__"),
    "__complex__": ("_COMPLEX", "_Complex"), "__label__": ("__LABEL__", "__label__"),
    "__thread": ("_THREAD_LOCAL", "__thread"),
    "_Float16": ("FLOAT", "_Float16"), "_Float32": ("FLOAT", "_Float32"),
    "_Float64": ("DOUBLE", "_Float64"), "_Float32x": ("DOUBLE", "_Float32x"),
    "_Float64x": ("DOUBLE", "_Float64x"), "_Float128": ("DOUBLE", "_Float128"),
    "__float128": ("DOUBLE", "__float128"), "__float80": ("DOUBLE", "__float80"),
}
# C2x standard attributes -> the GNU attribute with the same meaning
_STD_ATTRIBUTES = {"maybe_unused": "unused", "nodiscard": "warn_unused_result",
                   "_Noreturn": "noreturn"}


class AtomcLexer(GnuCLexer):
    """pycparserext's GNU lexer plus gcc's other keyword spellings, and C2x
    `[[attr, gnu::attr(args)]]` rewritten into the equivalent
    `__attribute__((attr, attr(args)))` so that every place taking GNU attributes
    takes them (gcc 12 accepts `[[...]]` in every C mode)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._queue: deque[_Token] = deque()
        self._extended = False  # may the text hold an extended identifier?

    def input(self, text: str, filename: str = "") -> None:
        super().input(text, filename)
        self._extended = identifiers.may_hold(text)

    def _match_token(self) -> _Token | None:
        # an identifier with extended characters (`é`, `\u00e9`), which pycparser's
        # ASCII identifier rule would split into an identifier and stray characters
        ident = identifiers.match(self._lexdata, self._pos) if self._extended else None
        if ident is None:
            return super()._match_token()
        if ident.error:
            self._error(ident.error, self._pos)
            self._pos += ident.length
            return None
        kind = "TYPEID" if self.type_lookup_func(ident.name) else "ID"
        tok = self._make_token(kind, ident.name, self._pos)
        self._pos += ident.length
        return tok

    def _raw(self) -> _Token | None:
        if self._queue:
            return self._queue.popleft()
        tok = super().token()
        if tok is not None and tok.value in _SPELLINGS:
            tok.type, tok.value = _SPELLINGS[tok.value]
        return tok

    def token(self):
        tok = self._raw()
        if tok is None or tok.type != "LBRACKET":
            return tok
        return self._after_lbracket(tok)

    def _after_lbracket(self, tok: _Token) -> _Token | None:
        """`tok` is a `[`: the `__attribute__` tokens of a `[[...]]` or `tok` itself."""
        nxt = self._raw()
        while nxt is not None and nxt.type in ("__ATTRIBUTE__", "__ATTRIBUTE"):
            # `int a[__attribute__((unused)) 4]`: gcc takes attributes among an array
            # declarator's qualifiers and they do not change the type
            self._skip_group()
            nxt = self._raw()
        if nxt is None or nxt.type != "LBRACKET":
            if nxt is not None:
                self._queue.appendleft(nxt)
            return tok
        return self._std_attributes(tok)

    def _skip_group(self) -> None:
        """Drop one balanced `( ... )` (an attribute's argument list)."""
        depth = 0
        while True:
            t = self._raw()
            if t is None:
                return
            depth += t.type == "LPAREN"
            depth -= t.type == "RPAREN"
            if depth <= 0:
                return

    def _std_attributes(self, start: _Token) -> _Token:
        """Read `attr-list ]]` after `[[` and queue it as `__attribute__((...))`."""
        body: list[_Token] = []
        depth = 0
        while True:
            t = self._raw()
            if t is None:
                break
            if depth == 0 and t.type == "RBRACKET":
                close = self._raw()
                if close is not None and close.type != "RBRACKET":
                    self._queue.appendleft(close)
                break
            depth += t.type in ("LPAREN", "LBRACKET", "LBRACE")
            depth -= t.type in ("RPAREN", "RBRACKET", "RBRACE")
            body.append(t)
        items: list[list[_Token]] = [[]]
        depth = 0
        for t in body:
            if depth == 0 and t.type == "COMMA":
                items.append([])
                continue
            depth += t.type == "LPAREN"
            depth -= t.type == "RPAREN"
            items[-1].append(t)
        out: list[_Token] = []
        for item in items:
            attr = _std_attribute(item)
            if attr:
                if out:
                    out.append(_Token("COMMA", ",", start.lineno, start.column))
                out.extend(attr)
        if not out:  # only attributes of other vendors, which gcc ignores
            return self.token()
        mk = lambda ty, v: _Token(ty, v, start.lineno, start.column)  # noqa: E731
        head = [mk("__ATTRIBUTE__", "__attribute__"), mk("LPAREN", "("), mk("LPAREN", "(")]
        self._queue.extendleft(reversed(head + out + [mk("RPAREN", ")"), mk("RPAREN", ")")]))
        return self._queue.popleft()


# clang's own attributes atomc implements: `[[clang::optnone]]` as clang reads it
CLANG_ATTRIBUTES = frozenset({("clang", "optnone")})


def _std_attribute(item: list[_Token]) -> list[_Token]:
    """One `[[...]]` attribute as GNU attribute tokens; [] for one gcc ignores
    (another vendor's namespace, but for `CLANG_ATTRIBUTES`)."""
    if len(item) >= 4 and item[1].type == "COLON" and item[2].type == "COLON":
        scoped = (item[0].value.strip("_"), item[3].value.strip("_") if len(item) > 3 else "")
        if item[0].value not in ("gnu", "__gnu__") and scoped not in CLANG_ATTRIBUTES:
            return []
        item = item[3:]
    if not item:
        return []
    name = item[0].value.strip("_") if item[0].value != "_Noreturn" else "_Noreturn"
    item[0].type, item[0].value = "ID", _STD_ATTRIBUTES.get(name, item[0].value)
    return item


class GnuSyntaxMixin:
    """Parser overrides for `__extension__` and type-name builtins (mixed into
    pycparserext's `GnuCParser`)."""

    if TYPE_CHECKING:  # the parser this is mixed into has it
        def _peek_type(self, k: int = 1) -> str | None: ...

    # -- __extension__ --------------------------------------------------
    def _past_extension(self) -> int:
        """1-based index of the first token after a run of `__extension__`."""
        k = 1
        while self._peek_type(k) == _EXTENSION:
            k += 1
        return k

    def _starts_declaration(self, tok=None):
        # `__extension__` starts a declaration only when one follows it
        # (`__extension__ ({...})` and `__extension__ 1LL` are expressions)
        cur = self._peek()
        if tok is None or tok is cur:
            if cur is not None and cur.type == _EXTENSION:
                nxt = self._peek(self._past_extension())
                return nxt is not None and super()._starts_declaration(nxt)
            tok = cur
        # pycparserext's test, inlined (a call per statement and operand)
        return tok is not None and tok.type in _GNU_DECL_START

    def _starts_expression(self, tok=None):
        t = tok or self._peek()
        if t is not None and t.type == _EXTENSION:
            return True
        return super()._starts_expression(tok)

    def _parse_unary_expression(self):
        kind = self._peek_type()
        if kind == _EXTENSION:
            self._advance()
            return self._parse_cast_expression()
        if kind == "_ALIGNOF":  # `_Alignof(type)`, and GNU `__alignof__ expr`
            tok = self._advance()
            coord = self._tok_coord(tok)
            paren = self._try_parse_paren_type_name()
            if paren is not None:
                return c_ast.UnaryOp(tok.value, paren[0], coord)
            return c_ast.UnaryOp(tok.value, self._parse_unary_expression(), coord)
        return super()._parse_unary_expression()

    def _parse_external_declaration(self):
        # `__extension__ _Static_assert(...)`, `__extension__ asm(...)`: the keyword
        # goes; declarations keep it as a (meaningless) qualifier
        k = self._past_extension()
        if k > 1 and self._peek_type(k) in ("_STATIC_ASSERT", "ASM", "__ASM__", "__ASM"):
            for _ in range(k - 1):
                self._advance()
            return self._parse_external_declaration()
        return super()._parse_external_declaration()

    # -- builtins whose operands include a type name --------------------
    def _parse_primary_expression(self):
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
        if self._peek_type() == "LPAREN" and self._peek_type(2) == "LBRACE":
            node = super()._parse_primary_expression()
            _split_trailing_label(node)
            return node
        return super()._parse_primary_expression()


_ATTRIBUTE_TOKENS = ("__ATTRIBUTE__", "__ATTRIBUTE")


class LocalLabels(c_ast.Node):
    """GNU `__label__ a, b;` at the head of a block. The parser renames the block's
    labels apart and drops this node, so later stages see ordinary labels."""

    __slots__ = ("__weakref__", "coord", "names")
    attr_names = ("names",)

    def __init__(self, names: list[str], coord: object = None) -> None:
        self.names = names
        self.coord = coord

    def children(self):
        return ()

    def __iter__(self):
        return iter(())


class GnuStatementsMixin:
    """Statement-level GNU syntax: local labels, attributes on null statements
    (`__attribute__((fallthrough));`) and on labels, enumerator attributes and
    `_Static_assert` among struct members."""

    if TYPE_CHECKING:  # the parser this is mixed into has it
        def _peek_type(self, k: int = 1) -> str | None: ...

    _local_label_count = 0

    def _after_attributes(self, k: int = 1) -> int:
        """Index of the first token after the attribute groups starting at k."""
        while self._peek_type(k) in _ATTRIBUTE_TOKENS:
            k += 1
            depth = 0
            while True:
                t = self._peek_type(k)
                if t is None:
                    return k
                k += 1
                depth += t == "LPAREN"
                depth -= t == "RPAREN"
                if depth <= 0:
                    break
        return k

    def _attributed_statement(self):
        """Attributes before a statement: on `;` they make a null statement
        (`fallthrough`); before another statement gcc ignores them."""
        tok = self._peek()
        self._parse_attributes_opt()
        semi = self._accept("SEMI")
        if semi is not None:
            return c_ast.EmptyStatement(self._tok_coord(tok))
        return self._parse_statement()

    def _parse_block_item(self):
        kind = self._peek_type()
        if kind == "__LABEL__":
            return [self._parse_local_labels()]
        if kind in _ATTRIBUTE_TOKENS:
            k = self._after_attributes()
            nxt = self._peek(k)
            if nxt is None or nxt.type == "SEMI" or not self._starts_declaration(nxt):
                return self._attributed_statement()
        return super()._parse_block_item()

    def _parse_statement(self):
        if self._peek_type() in _ATTRIBUTE_TOKENS:
            return self._attributed_statement()
        return super()._parse_statement()

    # `__label__` declarations read so far: a block whose items include none has
    # no local labels to look for
    local_label_decls = 0

    def _parse_local_labels(self):
        tok = self._advance()
        names = [self._expect("ID").value]
        while self._accept("COMMA"):
            names.append(self._expect("ID").value)
        self._expect("SEMI")
        self.local_label_decls += 1
        return LocalLabels(names, self._tok_coord(tok))

    def _parse_compound_statement(self):
        node = super()._parse_compound_statement()
        close = self._tokens._buffer[self._tokens._index - 1]  # the `}` just consumed
        assert close is not None and close.type == "RBRACE"
        node = Compound(node.block_items, node.coord, self._tok_coord(close))
        rename_local_labels(node)
        return node

    def _parse_labeled_statement(self):
        # `lab: __attribute__((unused, hot));`: the attributes belong to the label
        if self._peek_type() == "ID" and self._peek_type(3) in _ATTRIBUTE_TOKENS:
            name_tok = self._advance()
            self._expect("COLON")
            self._parse_attributes_opt()
            if self._starts_statement():
                stmt = self._parse_pragmacomp_or_statement()
            else:
                stmt = c_ast.EmptyStatement(self._tok_coord(name_tok))
            return c_ast.Label(name_tok.value, stmt, self._tok_coord(name_tok))
        return super()._parse_labeled_statement()

    def _parse_enumerator(self):
        # `A __attribute__((deprecated)) = 1` (gcc ignores it for code)
        name_tok = self._expect("ID")
        self._parse_attributes_opt()
        value = self._parse_constant_expression() if self._accept("EQUALS") else None
        enum = c_ast.Enumerator(name_tok.value, value, self._tok_coord(name_tok))
        self._add_identifier(enum.name, enum.coord)
        return enum

    def _parse_struct_declaration(self):
        if self._peek_type() == "_STATIC_ASSERT":
            return self._parse_static_assert()
        return super()._parse_struct_declaration()

    def _build_declarations(self, spec, decls, typedef_namespace=False):
        # pycparser's Typedef node has no place for attributes among the declaration
        # specifiers (`typedef int __attribute__((aligned(8))) T;`): keep them on the
        # declarator, where the type code reads a typedef's attributes
        out = super()._build_declarations(spec, decls, typedef_namespace)
        attrs = [e for fs in spec.get("function") or [] if isinstance(fs, AttributeSpecifier)
                 for e in getattr(fs.exprlist, "exprs", None) or []]
        if attrs and "typedef" in (spec.get("storage") or []):
            for td in out:
                _attach_attributes(td, attrs)
        return out


def rename_local_labels(node: Compound) -> None:
    """Give the labels block `node` declares `__label__` names no other block can
    use, and drop its LocalLabels items; inner blocks were renamed first, so their
    own `__label__`s are already apart."""
    declared = [n for item in node.block_items or [] if isinstance(item, LocalLabels)
                for n in item.names]
    if declared:
        GnuStatementsMixin._local_label_count += 1
        n = GnuStatementsMixin._local_label_count
        node.block_items = [x for x in node.block_items if not isinstance(x, LocalLabels)]
        _rename_labels(node, {name: f"{name}.{n}" for name in declared})


def _rename_labels(node: c_ast.Node, names: dict[str, str]) -> None:
    """Rename labels, gotos and `&&label` for the names a block declared local."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (c_ast.Label, c_ast.Goto)) and n.name in names:
            n.name = names[n.name]
        elif isinstance(n, c_ast.UnaryOp) and n.op == "&&" and isinstance(n.expr, c_ast.ID) \
                and n.expr.name in names:
            n.expr.name = names[n.expr.name]
        stack.extend(child for _, child in n.children())


def _split_trailing_label(node: c_ast.Compound) -> None:
    """`({ ...; out: r; })` has the value of `r`: make the labelled expression the
    block's last item (`out: ; r;`), as sema and irgen expect."""
    items = node.block_items
    if not items or not isinstance(items[-1], c_ast.Label):
        return
    label = items[-1]
    while isinstance(label.stmt, c_ast.Label):
        label = label.stmt
    stmt = label.stmt
    if stmt is None or isinstance(stmt, (c_ast.EmptyStatement, c_ast.Compound, c_ast.Decl)) \
            or type(stmt).__name__ in _NOT_EXPRESSIONS:
        return
    label.stmt = c_ast.EmptyStatement(label.coord)
    items.append(stmt)


_NOT_EXPRESSIONS = frozenset({"If", "For", "While", "DoWhile", "Return", "Switch", "Goto",
                              "Break", "Continue", "Case", "Default", "Label", "Asm",
                              "ComputedGoto", "StaticAssert", "Pragma", "DeclList", "Typedef"})


def _attach_attributes(td: c_ast.Node, attrs: list[c_ast.Node]) -> None:
    """Add attribute expressions to the innermost declarator of typedef `td`."""
    parent, node = td, td.type
    while not isinstance(node, c_ast.TypeDecl) and getattr(node, "type", None) is not None:
        parent, node = node, node.type
    if not isinstance(node, c_ast.TypeDecl):
        return
    if not isinstance(node, TypeDeclExt):
        ext = TypeDeclExt.from_pycparser(node)
        ext.type = node.type
        ext.asm = None
        ext.attributes = None
        parent.type = ext
        node = ext
    old = getattr(node, "attributes", None)
    node.attributes = c_ast.ExprList([*(old.exprs if old is not None else []), *attrs],
                                     td.coord)
