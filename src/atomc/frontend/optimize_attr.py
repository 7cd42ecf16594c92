"""Per-function optimisation requests: clang's `optnone`, gcc's
`optimize(...)` attribute and `#pragma GCC optimize` / `push_options` /
`pop_options` / `reset_options`. They become the IR attributes of
`atomc.optlevel`.

gcc reads each `optimize` argument as a command-line option: an integer N is
`-ON`, a string is split at commas and each piece is `-O...` when it starts
with a digit, `O` or is `s`, is taken as it is when it starts with `-`, and is
`-f<piece>` otherwise. atomc acts on the levels (-O, -O0..-On, -Os, -Oz, -Og,
-Ofast) and on `-f[no-]inline` (nothing is inlined into the function),
`-f[no-]omit-frame-pointer` and `-fwrapv` (its signed arithmetic wraps); a `-f`
option that is not one of gcc's optimisation options gets gcc's "bad option"
warning; one that only tunes gcc's optimiser (the driver's "accepted and
ignored" class) or that changes nothing atomc does (`NO_EFFECT`:
`-fno-strict-aliasing`, `-ffast-math`, ...) is accepted; the rest
(`-fstack-protector`, `-ftrapv`, ...) are errors naming them, since atomc
cannot apply them to one function. Each
`#pragma GCC optimize` adds its options to the list every later function
definition gets before its own attribute's, as gcc does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from pycparser import c_ast

from .. import lazyre
from ..diag import SourceSpan
from ..optlevel import (
    KEEP_FRAME_POINTER,
    NO_INLINE_INTO,
    OMIT_FRAME_POINTER,
    WRAPV,
    level_attrs,
)
from .literals import LiteralError, string_literal
from .scopes import SymKind

if TYPE_CHECKING:
    from .sema import Sema

Level = tuple[int, bool]  # (level, size_opt)
# report(message, is_error)
Reporter = Callable[[str, bool], None]

# the -f options atomc applies to one function: option -> (IR attribute, on)
FUNCTION_FLAGS: dict[str, tuple[str, bool]] = {
    "-fno-inline": (NO_INLINE_INTO, True), "-finline": (NO_INLINE_INTO, False),
    "-fomit-frame-pointer": (OMIT_FRAME_POINTER, True),
    "-fno-omit-frame-pointer": (OMIT_FRAME_POINTER, False),
    "-fwrapv": (WRAPV, True), "-fno-wrapv": (WRAPV, False),  # wrapping is always allowed
}
# gcc optimisation options atomc implements that change nothing atomc does to one
# function (its code never relies on what they permit or forbid)
NO_EFFECT = frozenset({
    "strict-aliasing", "delete-null-pointer-checks", "math-errno", "trapping-math",
    "signed-zeros", "fast-math", "finite-math-only", "associative-math", "reciprocal-math",
    "unsafe-math-optimizations", "fp-contract", "excess-precision", "exceptions",
    "non-call-exceptions", "unwind-tables", "asynchronous-unwind-tables",
})
# the attribute a flag turned off leaves, where off is not the default
FLAG_OFF = {OMIT_FRAME_POINTER: KEEP_FRAME_POINTER}
_O_ERROR = "argument to '-O' should be a non-negative integer, 'g', 's', 'z' or 'fast'"
_PRAGMA = lazyre.compile(r"\s*GCC\s+(optimize|push_options|pop_options|reset_options)\b(.*)$",
                         re.DOTALL)
_PRAGMA_ARG = lazyre.compile(r'\s*(?:("(?:[^"\\]|\\.)*")|(\d+))\s*')


def option_words(text: str) -> list[str]:
    """gcc's reading of one `optimize` string: the options it stands for."""
    out = []
    for piece in text.split(","):
        if piece[:1].isdigit() or piece == "s":
            out.append("-O" + piece)
        elif piece.startswith("O"):
            out.append("-" + piece)
        elif piece.startswith("-"):
            out.append(piece)
        else:
            out.append("-f" + piece)
    return out


def _o_level(word: str) -> Level | None:
    """The level `-O...` asks for; None when gcc rejects it."""
    arg = word[2:]
    if arg == "":
        return (1, False)
    if arg.isdigit():
        return (min(int(arg), 3), False)
    return {"s": (2, True), "z": (2, True), "g": (1, False), "fast": (3, False)}.get(arg)


def _f_option(word: str, where: str, report: Reporter) -> None:
    """Check one `-f` option of an `optimize` request that is not one of the
    `FUNCTION_FLAGS` (see the module docstring)."""
    from ..driver.spec import Class
    from ..driver.table import table
    name = word[5:] if word.startswith("-fno-") else word[2:]
    m = table().match(word) if name else None
    if m is None or ("-f" + name.partition("=")[0]) not in _gcc_optimizers():
        kind = "pragma" if where == "pragma" else "attribute"
        report(f"bad option '{word}' to {kind} 'optimize'", False)  # gcc's words
    elif m.option.cls is not Class.IGNORED and name.partition("=")[0] not in NO_EFFECT:
        report(f"'{word}' cannot be applied to one function by atomc (in {where} "
               f"'optimize'); give it on the command line", True)


@cache
def _gcc_optimizers() -> frozenset[str]:
    """The options gcc accepts in `optimize` (its --help=optimizers list), `=` dropped."""
    from ..driver.inventory import load
    return frozenset(r.spelling.rstrip("=") for r in load().rows if "optimizers" in r.lists)


@dataclass
class Request:
    """What a list of `optimize` options sets: a level, and per-function flags
    (attribute -> on), each the last one the list names."""

    level: Level | None = None
    flags: dict[str, bool] = field(default_factory=dict)

    def attrs(self) -> set[str]:
        """The IR attributes of the flags (the level's come from `level_attrs`)."""
        return {name if on else FLAG_OFF[name] for name, on in self.flags.items()
                if on or name in FLAG_OFF}


def read_words(words: list[str], where: str, report: Reporter,
               into: Request | None = None) -> Request:
    """What `words` ask for (added to `into`), checking every word."""
    req = into or Request()
    for w in words:
        if w.startswith("-O"):
            got = _o_level(w)
            if got is None:
                report(_O_ERROR, True)
            else:
                req.level = got
        elif w in FUNCTION_FLAGS:
            attr, on = FUNCTION_FLAGS[w]
            req.flags[attr] = on
        else:
            _f_option(w, where, report)
    return req


@dataclass
class OptimizePragmas:
    """`#pragma GCC optimize` state: the options every later function gets."""

    words: list[str] = field(default_factory=list)
    stack: list[list[str]] = field(default_factory=list)
    # the words in effect where each function declaration was first read: a system
    # header's function is checked again at the end of the unit (lower/module.py's
    # deferred definitions), where later pragmas must not reach it
    at_decl: dict[int, list[str]] = field(default_factory=dict)

    def words_at(self, decl: c_ast.Node) -> list[str]:
        return self.at_decl.setdefault(id(decl), list(self.words))


def handle_pragma(sema: Sema, node: c_ast.Pragma) -> bool:
    """Act on a `#pragma GCC optimize`-family pragma; False if `node` is another pragma."""
    m = _PRAGMA.match(node.string or "")
    if m is None:
        return False
    kind, rest = m.group(1), m.group(2).strip()
    state = sema.optimize_pragmas
    if sema.function is not None:
        sema.error(node, f"'#pragma GCC {kind}' is not allowed inside functions")
        return True
    if kind != "optimize":
        if rest:  # gcc warns and does nothing else
            sema.warning(node, f"junk at end of '#pragma {kind}'", "pragmas")
        elif kind == "push_options":
            state.stack.append(list(state.words))
        elif kind == "reset_options":
            state.words = []
        elif state.stack:
            state.words = state.stack.pop()
        else:
            sema.warning(node, "'#pragma GCC pop_options' without a corresponding "
                               "'#pragma GCC push_options'", "pragmas")
        return True
    words = _pragma_words(sema, node, rest)
    if words is not None:
        read_words(words, "pragma", lambda msg, err: _report(sema, node, msg, err, "pragmas"))
        state.words += words
    return True


def _pragma_words(sema: Sema, node: c_ast.Pragma, rest: str) -> list[str] | None:
    """The options `#pragma GCC optimize <rest>` names, or None after a diagnostic."""
    paren = rest.startswith("(")
    body = rest[1:] if paren else rest
    args: list[str] = []
    pos = 0
    while True:
        a = _PRAGMA_ARG.match(body, pos)
        if a is None or a.end() == pos:
            break
        if a.group(1) is not None:
            try:
                args.append(string_literal(a.group(1)).decode("utf-8", "surrogateescape"))
            except LiteralError as e:
                sema.error(node, str(e))
                return None
        else:
            args.append(a.group(2))
        pos = a.end()
        if not paren or not body.startswith(",", pos):
            break
        pos += 1
    if not args:
        sema.warning(node, "'#pragma GCC optimize' is not a string or number", "pragmas")
        return None
    tail = body[pos:].strip()
    if paren and not tail.startswith(")"):
        sema.warning(node, "'#pragma GCC optimize (string [,string]...)' does not have a "
                           "final ')'", "pragmas")
        return None
    if tail.removeprefix(")").strip() if paren else tail:
        sema.error(node, "'#pragma GCC optimize' string is badly formed")
        return None
    words: list[str] = []
    for arg in args:
        words += ["-O" + arg] if arg.isdigit() else option_words(arg)
    return words


def _quiet(_msg: str, _error: bool) -> None:
    """Drops what was already reported."""


def _report(sema: Sema, node: c_ast.Node, msg: str, error: bool, option: str) -> None:
    if error:
        sema.error(node, msg)
    else:
        sema.warning(node, msg, option)


def attribute_words(sema: Sema, node: c_ast.Node, args: list[c_ast.Node]) -> list[str] | None:
    """The options of one `optimize(...)` attribute, or None after an error."""
    if not args:
        sema.error(node, "wrong number of arguments specified for 'optimize' attribute "
                         "(expected 1 or more, found 0)")
        return None
    words: list[str] = []
    for a in args:
        if isinstance(a, c_ast.Constant) and a.type == "string":
            try:
                words += option_words(string_literal(a.value).decode("utf-8", "surrogateescape"))
            except LiteralError as e:
                sema.error(a, str(e))
                return None
            continue
        n = sema.decls.const_int(sema.exprs.expr(a), "'optimize' argument")
        if n is None:
            sema.warning(a, "'optimize' attribute ignored: its argument is not a string or "
                            "an integer constant", "attributes")
            return None
        words.append(f"-O{n}")
    return words


@dataclass
class Requests:
    """What one declaration's attributes ask for, settled by `settle`."""

    optnone: c_ast.Node | None = None
    optimize: list[str] | None = None  # the options of its `optimize` attributes
    optimize_node: c_ast.Node | None = None
    always_inline: c_ast.Node | None = None

    def take(self, sema: Sema, name: str, node: c_ast.Node, args: list[c_ast.Node]) -> bool:
        """Note `name(args)` if it is `optnone` or `optimize`; False for other names."""
        if name == "optnone":
            if args:
                sema.error(node, "'optnone' attribute takes no arguments")
            else:
                self.optnone = node
        elif name == "optimize":
            words = attribute_words(sema, node, args)
            if words is not None:
                self.optimize = (self.optimize or []) + words
                self.optimize_node = node
        else:
            return False
        return True

    def settle(self, sema: Sema, decl: c_ast.Node, attrs: set[str], kind: SymKind) -> None:
        """Add the level attributes to `attrs` (a function's), after the pragma's."""
        if kind is not SymKind.FUNC:
            for node, name in ((self.optnone, "optnone"), (self.optimize_node, "optimize")):
                if node is not None:
                    msg = ("'optnone' attribute only applies to functions"
                           if name == "optnone" else "'optimize' attribute ignored")
                    sema.warning(node, msg, "attributes")
            return
        pragma = sema.optimize_pragmas.words_at(decl)
        if self.optimize is None and not pragma and self.optnone is None:
            return
        req = read_words(pragma, "pragma", _quiet)  # reported at the pragma
        if self.optimize is not None:
            node = self.optimize_node
            read_words(self.optimize, "attribute",
                       lambda m, e: _report(sema, node, m, e, "attributes"), req)
        if self.optnone is not None:
            req.level = (0, False)
        attrs |= req.attrs()
        level = req.level
        if level is None:
            return
        attrs |= level_attrs(*level)
        if level[0] == 0 and "always_inline" in attrs:
            attrs.discard("always_inline")
            if self.optnone is not None and self.always_inline is not None:
                sema.warning(self.always_inline, "'always_inline' attribute ignored",
                             "ignored-attributes")
                sema.diags.note(_span(sema, self.optnone), "conflicting attribute is here")


def _span(sema: Sema, node: c_ast.Node) -> SourceSpan | None:
    p = sema.pos(node)
    return SourceSpan(p.file, p.line, p.column) if p.line else None
