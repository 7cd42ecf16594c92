"""Where a re-run of the reference overwrites the stack below the stack pointer.

A variable read before it is written (an uninitialised local, a VLA the loop
has not filled yet, padding) shows whatever earlier calls left in its memory.
That value belongs to no source statement: a second run of the same binary
with different dead stack contents shows another one, which is how the
evaluator tells such reads apart (``metrics.build_dependent`` over the two
runs). At every stop the re-run fills the dead part of the stack below the
stack pointer with one byte; what lies below it is free by the x86-64 ABI (a
signal handler may overwrite it at any time), except the 128-byte red zone of
a function that calls nothing, which may keep its locals there: that is
skipped for such functions. Stdlib only (runs inside the debuggers).
"""

from __future__ import annotations

RED_ZONE = 128  # x86-64 System V: below %rsp, kept by leaf functions
SPAN = 16384  # how far below the stack pointer (the stack is mapped there once used)
CHUNK = 4096  # one write each; the first that fails ends the fill (unmapped stack)
FILL = 0xA5  # the byte the re-run writes (0 would match zero-filled fresh stack pages)


def fill_ranges(sp: int, leaf: bool) -> list[tuple[int, int]]:
    """[low, high) chunks to fill, nearest the stack pointer first."""
    top = sp - (RED_ZONE if leaf else 0)
    bottom = sp - SPAN
    out: list[tuple[int, int]] = []
    while top > bottom:
        low = max(bottom, top - CHUNK)
        out.append((low, top))
        top = low
    return out


def is_call(mnemonic: str) -> bool:
    """Whether a disassembled instruction is a call (AT&T or Intel spelling)."""
    return mnemonic.strip().lower().startswith("call")
