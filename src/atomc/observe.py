"""Opt-in observers of the compiler's work, for `atomc-explain`.

Two hooks, both off (None) unless a tool sets them for the length of one
compile: the pass manager calls the pass observer before and after every pass,
and the back end calls the machine observer with each function's final machine
code and line rows. Neither may change the module or the machine code: they
only look, so `.text` is the same with and without them. When unset, each hook
costs one context-variable read per pass or per function.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .ir import Module


class PassObserver(Protocol):
    def before_pass(self, name: str, module: Module) -> None: ...

    def after_pass(self, name: str, module: Module) -> None: ...


class MachineObserver(Protocol):
    def function(self, mf: Any, table: Any) -> None:
        """`mf`: the final MFunction; `table`: its LineTable (None without -g)."""


pass_observer: ContextVar[PassObserver | None] = ContextVar("pass_observer", default=None)
machine_observer: ContextVar[MachineObserver | None] = ContextVar("machine_observer",
                                                                   default=None)
