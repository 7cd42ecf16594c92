"""Shared spelling of aggregate values, so gdb and lldb traces compare equal.

Stdlib only (used inside the debugger processes).
"""

from __future__ import annotations

from collections.abc import Sequence

MAX_ELEMENTS = 16  # longer arrays are cut: traces stay small, prefixes still compare
OPTIMIZED_OUT = "<optimized out>"
# an x87 extended value whose bits are no number (an unnormal, a pseudo-NaN, ...):
# the processor rejects it as an invalid operand and yields its default NaN; lldb
# prints it as NaN and gdb as "<invalid float value>": both spell it so
INVALID_FLOAT_TEXT = "nan"


def join_elements(parts: Sequence[str | None], truncated: bool) -> str:
    """``{1, 2, 3}``; unavailable elements spelled ``<optimized out>``."""
    items = [OPTIMIZED_OUT if p is None else p for p in parts]
    if truncated:
        items.append("...")
    return "{" + ", ".join(items) + "}"


def join_fields(fields: Sequence[tuple[str, str | None]]) -> str:
    """``{x = 1, y = 2}``."""
    items = [f"{name} = {OPTIMIZED_OUT if v is None else v}" for name, v in fields]
    return "{" + ", ".join(items) + "}"


def float_text(value: float) -> str:
    """Floats as Python's shortest round-trip spelling."""
    return repr(float(value))


def pointer_text(value: int) -> str:
    """Pointers as lower-case hex without padding."""
    return f"0x{value:x}"
