"""Pass registry: name -> pass class. Passes register themselves with a
`register(Cls)` call after the class (not as a class decorator: mypyc compiles a
decorated class as a slow non-native class, scripts/build-compiled.sh);
`atomc-opt --passes=a,b` and the -O pipelines look names up here.

`parse_pipeline` and `make_pass` are the entry points of the `atomc-opt` tool:
`make_pass(name).run(module)` runs one registered pass over a whole module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from ..ir import Module
    from .passmanager import Pass

PASSES: dict[str, type[Pass]] = {}

P = TypeVar("P", bound="type[Pass]")


def register(cls: P) -> P:
    name = cls.name
    if name in PASSES:
        raise ValueError(f"pass {name!r} registered twice")
    PASSES[name] = cls
    return cls


class UnknownPass(Exception):
    def __init__(self, name: str) -> None:
        _load_all()
        known = ", ".join(sorted(PASSES)) or "none are registered yet"
        super().__init__(f"unknown pass '{name}' (known passes: {known})")
        self.name = name


def lookup(name: str) -> type[Pass]:
    _load_all()
    try:
        return PASSES[name]
    except KeyError:
        raise UnknownPass(name) from None


def parse_pipeline(text: str) -> list[str]:
    """`a,b,c` -> ["a", "b", "c"]; every name must be registered."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for n in names:
        lookup(n)
    return names


@dataclass
class _ModuleRunner:
    """A pass bound to a default context, for callers that only have a module."""

    pass_: Pass
    opt_level: int = 2

    @property
    def name(self) -> str:
        return self.pass_.name

    def run(self, module: Module) -> bool:
        from .passmanager import PassContext
        return self.pass_.run_on_module(module, PassContext(module, opt_level=self.opt_level))


def make_pass(name: str) -> _ModuleRunner:
    return _ModuleRunner(lookup(name)())


def _load_all() -> None:
    """Import every pass module so that its @register runs."""
    from . import passes  # noqa: F401
