"""Compare the trees of atomc's parser with its fast paths and without them.

`fast_parse.FastExpressionMixin` skips pycparser's call chains for the common
operands and inlines its binary-expression loop, `FastStatementMixin` dispatches
statements by their first token, `FastDeclaratorMixin` skips the asm-label and
attribute look-ups after a declarator followed by neither; this module parses text both ways and reports
the first difference (node type, any slot value, coord), so the fast paths can be
checked on whole projects: `python tests/frontend/parse_identity.py FILE.i ...`.
"""

from __future__ import annotations

import sys

from pycparser import c_ast
from pycparser.c_parser import _ASSIGNMENT_OPS, CParser

from atomc.frontend.fast_parse import FastDeclaratorMixin, FastExpressionMixin, FastStatementMixin
from atomc.frontend.gnu_parse import GnuStatementsMixin
from atomc.frontend.parse import _Parser


class ReferenceParser(_Parser):
    """The parser with pycparser's own routes for every method the fast paths
    replace (their helpers are then unused): the expression rules are
    pycparser's, the statement and declarator rules those of the layers below
    the fast mixins (GNU's, pycparserext's, then pycparser's)."""


for _name in vars(FastExpressionMixin):
    if hasattr(CParser, _name) and callable(getattr(CParser, _name)):
        setattr(ReferenceParser, _name, getattr(CParser, _name))


def _layered(mixin: type, name: str) -> object | None:
    """`name` as the classes after `mixin` in the parser's MRO have it (None for a
    helper of the mixin's own)."""
    mro = _Parser.__mro__
    for klass in mro[mro.index(mixin) + 1:]:
        if name in vars(klass):
            return vars(klass)[name]
    return None


for _mixin in (FastStatementMixin, FastDeclaratorMixin):
    for _name, _value in vars(_mixin).items():
        _below = _layered(_mixin, _name)
        if callable(_value) and _below is not None:
            setattr(ReferenceParser, _name, _below)


def _reference_assignment(self: _Parser) -> c_ast.Node:
    """`_Parser`'s assignment-expression before its inline route (the GNU rule,
    which pycparser's differs from: a conditional expression, then an assignment
    operator)."""
    expr = self._parse_conditional_expression()
    tok = self._peek()
    if tok is not None and tok.type in _ASSIGNMENT_OPS:
        self._advance()
        return c_ast.Assignment(tok.value, expr, self._parse_assignment_expression(),
                                expr.coord)
    return expr


ReferenceParser._parse_assignment_expression = _reference_assignment  # type: ignore[method-assign]


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        for name in getattr(klass, "__slots__", ()):
            if name != "__weakref__" and name not in names:
                names.append(name)
    return names


def _coord_key(coord: object) -> object:
    if coord is None:
        return None
    return (coord.file, coord.line, coord.column)


def first_difference(a: object, b: object, path: str = "") -> str | None:
    """Where trees `a` and `b` differ, or None when identical."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, c_ast.Node):
        fields = _slots(type(a)) + sorted(getattr(a, "__dict__", {}))
        for name in fields:
            x, y = getattr(a, name, None), getattr(b, name, None)
            if name == "coord":
                if _coord_key(x) != _coord_key(y):
                    return f"{path}.coord: {x} != {y}"
                continue
            diff = first_difference(x, y, f"{path}.{name}")
            if diff:
                return diff
        return None
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            diff = first_difference(x, y, f"{path}[{i}]")
            if diff:
                return diff
        return None
    if isinstance(a, dict):
        if a.keys() != b.keys():
            return f"{path}: keys differ"
        for key in a:
            diff = first_difference(a[key], b[key], f"{path}[{key!r}]")
            if diff:
                return diff
        return None
    return None if a == b else f"{path}: {a!r} != {b!r}"


def compare_text(text: str, filename: str = "<text>",
                 fast: type[_Parser] = _Parser) -> str | None:
    """Parse `text` with `fast` and with the reference parser; the first
    difference, or None. (Both start from the same count of renamed `__label__`
    blocks, which names their labels.)"""
    start = GnuStatementsMixin._local_label_count
    reference = ReferenceParser().parse(text, filename)
    GnuStatementsMixin._local_label_count = start
    return first_difference(reference, fast().parse(text, filename), "FileAST")


def main(paths: list[str]) -> int:
    bad = 0
    for path in paths:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            diff = compare_text(f.read(), path)
        print(f"{path}: {'identical' if diff is None else diff}")
        bad += diff is not None
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
