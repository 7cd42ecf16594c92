"""Command line -> `Invocation`, by the option table alone.

Each argument is looked up in the table (`table.table().match`); its class
decides whether it is refused, recorded as ignored, or applied; its effects
(`spec.Set`/`spec.Add`) are interpreted here generically, and its words are
kept in order for the tools they are meant for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

from ..options import CompileOptions
from . import respfile
from .invocation import Input, Invocation, Stop, Word
from .spec import ARG, Add, Class, Option, Set, UsageError
from .table import table

_OPTION_FIELDS = frozenset(f.name for f in fields(CompileOptions))


def parse(argv: Sequence[str]) -> Invocation:
    args = respfile.expand(argv)
    inv = Invocation()
    t = table()
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "-" or not arg.startswith("-"):
            inv.words.append(Word((arg,), input=Input(arg, inv.language)))
            continue
        m = t.match(arg)
        if m is None:
            raise UsageError(f"unrecognized command-line option '{arg}'")
        tokens: tuple[str, ...]
        value, tokens = m.value, (arg,)
        if m.takes_next:
            if i >= len(args):
                raise UsageError(f"missing argument to '{arg}'")
            value, tokens = args[i], (arg, args[i])
            i += 1
        apply(inv, m.option, value, tokens)
    if {"M", "MM"} & set(inv.dep_kinds):
        inv.stop = Stop.PREPROCESS  # -M and -MM imply -E
    if inv.traditional and inv.stop is not Stop.PREPROCESS:
        raise UsageError("GNU C no longer supports -traditional without -E")
    return inv


def apply(inv: Invocation, option: Option, value: str | None, tokens: tuple[str, ...]) -> None:
    """Check one option against its class and values, then run its effects."""
    shown = " ".join(tokens)
    if option.cls is Class.REJECTED:
        raise UsageError(f"unsupported option '{shown}': atomc does not support "
                         f"{option.missing}")
    if option.values is not None and value is not None and value not in option.values:
        if value == "" and option.spelling.endswith("="):
            raise UsageError(f"missing argument to '{option.spelling}'")
        raise UsageError(f"unsupported argument in option '{shown}'",
                         note=f"valid arguments to '{option.spelling}' are: "
                              f"{' '.join(option.values)}")
    if option.cls is Class.IGNORED:
        inv.ignored.append(shown)
    for effect in option.effects:
        _run(inv, effect, value)
    inv.words.append(Word(tokens, option, value))


def _run(inv: Invocation, effect: Set | Add, value: str | None) -> None:
    v: Any = effect.value
    if effect.convert is not None:
        v = effect.convert(value if value is not None else "")
    elif v is ARG:
        v = value
    where, _, name = effect.target.partition(".")
    if isinstance(effect, Set):
        if where == "opts":
            inv.opts[name] = v
        else:
            setattr(inv, name, v)
        return
    target = inv.opts.setdefault(name, []) if where == "opts" else getattr(inv, name)
    if isinstance(v, list):
        target.extend(v)
    else:
        target.append(v)


def compile_options(inv: Invocation) -> CompileOptions:
    """The compiler proper's options: the `opts.` effects, plus what the driver derives."""
    values: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v)
                              for k, v in inv.opts.items()}
    unknown = set(values) - _OPTION_FIELDS
    if unknown:  # a table entry naming a field CompileOptions lacks: a bug in the table
        raise AssertionError(f"option table sets unknown CompileOptions fields {unknown}")
    if inv.debug_maps:
        values["file_prefix_map"] = tuple(inv.debug_maps)
    return replace(CompileOptions(), **values)
