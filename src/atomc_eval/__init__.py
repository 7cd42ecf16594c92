"""atomc-dbgeval: measure the debugging experience of any binary under gdb and lldb.

This package never imports the compiler (``atomc``): it judges binaries from any
compiler by driving real debuggers.  The package root stays import-light because
parts of it (``drivers.base``, ``drivers.stepper``) run inside gdb's own Python.
"""

__all__ = ["__version__"]
__version__ = "0.1.0"
