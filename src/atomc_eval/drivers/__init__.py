"""Debugger drivers behind one interface (see :mod:`atomc_eval.drivers.base`).

Kept free of imports so that gdb's embedded Python can load ``base`` and
``stepper`` without pulling in the outer tool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from atomc_eval.drivers.base import Driver

DEBUGGERS: tuple[str, ...] = ("gdb", "lldb", "lldb-atomc")
# what ``compare`` runs when not told: the two debuggers as users find them
DEFAULT_DEBUGGERS: tuple[str, ...] = ("gdb", "lldb")


def get_driver(name: str) -> Driver:
    """Return the driver called ``name`` ("gdb", "lldb", or "lldb-atomc": lldb with
    atomc's plugin loaded)."""
    if name == "gdb":
        from atomc_eval.drivers.gdb_driver import GdbDriver

        return GdbDriver()
    if name == "lldb":
        from atomc_eval.drivers.lldb_driver import LldbDriver

        return LldbDriver()
    if name == "lldb-atomc":
        from atomc_eval.drivers.lldb_driver import LldbDriver

        return LldbDriver(plugin=True)
    raise ValueError(f"unknown debugger {name!r} (choose from {', '.join(DEBUGGERS)})")
