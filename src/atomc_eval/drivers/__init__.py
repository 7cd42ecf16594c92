"""Debugger drivers behind one interface (see :mod:`atomc_eval.drivers.base`).

Kept free of imports so that gdb's embedded Python can load ``base`` and
``stepper`` without pulling in the outer tool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from atomc_eval.drivers.base import Driver

DEBUGGERS: tuple[str, ...] = ("gdb", "lldb")


def get_driver(name: str) -> Driver:
    """Return the driver called ``name`` ("gdb" or "lldb")."""
    if name == "gdb":
        from atomc_eval.drivers.gdb_driver import GdbDriver

        return GdbDriver()
    if name == "lldb":
        from atomc_eval.drivers.lldb_driver import LldbDriver

        return LldbDriver()
    raise ValueError(f"unknown debugger {name!r} (choose from {', '.join(DEBUGGERS)})")
