"""Importing a module whose annotations name classes by quoted text, without
compiling those texts.

pycparser's parser module evaluates its annotations (`Optional["_DeclSpec"]`,
`List["_DeclInfo"]`) as it is imported, and typing turns each quoted name into a
`ForwardRef`, which compiles its text at once. Those four texts were the only
source code an atomc compile compiled, and the interpreter's first `compile` sets
up its parser: ~1 ms, 9.3M instructions, 2.9% of an empty -O0 -g compile
(callgrind). Nothing in a compile evaluates them (`typing.get_type_hints` on the
parser's methods would).

While such a module is imported, typing makes `LazyForwardRef`s instead: the same
in every respect that typing, `==`, `hash` and `repr` look at, with the code
compiled when first read (evaluating a reference reads it). A text that is not an
expression raises its SyntaxError then instead of at import.
"""

from __future__ import annotations

import importlib
import typing
from types import CodeType, ModuleType
from typing import Any, ForwardRef

# ForwardRef's own slot for the compiled text, which the property below shadows
_CODE_SLOT = ForwardRef.__dict__["__forward_code__"]


def _init(self: Any, arg: str, is_argument: bool = True, module: object = None, *,
          is_class: bool = False) -> None:
    """ForwardRef's __init__ less the compile."""
    if not isinstance(arg, str):
        raise TypeError(f"Forward reference must be a string -- got {arg!r}")
    _CODE_SLOT.__set__(self, None)
    self.__forward_arg__ = arg
    self.__forward_evaluated__ = False
    self.__forward_value__ = None
    self.__forward_is_argument__ = is_argument
    self.__forward_is_class__ = is_class
    self.__forward_module__ = module


def _code(self: Any) -> CodeType:
    """The compiled text, compiled as ForwardRef compiles it (`*Ts` unpacked by hand)."""
    code: CodeType | None = _CODE_SLOT.__get__(self, type(self))
    if code is None:
        arg = self.__forward_arg__
        text = f"({arg},)[0]" if arg[:1] == "*" else arg
        try:
            code = compile(text, "<string>", "eval")
        except SyntaxError:
            raise SyntaxError(f"Forward reference must be an expression -- got {arg!r}") \
                from None
        _CODE_SLOT.__set__(self, code)
    return code


# made by a call, not a class statement: typing's classes refuse subclasses without
# `_root`, which type checkers do not know of
LazyForwardRef = type("LazyForwardRef", (ForwardRef,), {
    "__slots__": (), "__module__": __name__,
    "__doc__": "A ForwardRef that compiles its text when its code is first read.",
    "__init__": _init, "__forward_code__": property(_code)}, _root=True)


def import_with_lazy_forward_refs(name: str) -> ModuleType:
    """Import module `name` with typing making LazyForwardRefs while it runs."""
    saved = typing.ForwardRef
    vars(typing)["ForwardRef"] = LazyForwardRef
    try:
        return importlib.import_module(name)
    finally:
        vars(typing)["ForwardRef"] = saved
