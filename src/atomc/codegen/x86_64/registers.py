"""x86-64 general-purpose registers: names by width, DWARF numbers, and the
System V caller/callee-saved split."""

from __future__ import annotations

from typing import Final

# canonical name -> (64, 32, 16, 8)-bit spellings
_NAMES: Final[dict[str, tuple[str, str, str, str]]] = {
    "rax": ("rax", "eax", "ax", "al"),
    "rbx": ("rbx", "ebx", "bx", "bl"),
    "rcx": ("rcx", "ecx", "cx", "cl"),
    "rdx": ("rdx", "edx", "dx", "dl"),
    "rsi": ("rsi", "esi", "si", "sil"),
    "rdi": ("rdi", "edi", "di", "dil"),
    "rbp": ("rbp", "ebp", "bp", "bpl"),
    "rsp": ("rsp", "esp", "sp", "spl"),
    **{f"r{n}": (f"r{n}", f"r{n}d", f"r{n}w", f"r{n}b") for n in range(8, 16)},
}

GPRS: Final = tuple(_NAMES)

DWARF_NUMBER: Final[dict[str, int]] = {
    "rax": 0, "rdx": 1, "rcx": 2, "rbx": 3, "rsi": 4, "rdi": 5, "rbp": 6, "rsp": 7,
    **{f"r{n}": n for n in range(8, 16)},
}

ARG_REGS: Final = ("rdi", "rsi", "rdx", "rcx", "r8", "r9")
RET_REGS: Final = ("rax", "rdx")
CALLER_SAVED: Final = ("rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11")
CALLEE_SAVED: Final = ("rbx", "r12", "r13", "r14", "r15")  # rbp is the frame pointer

_WIDTH_INDEX: Final = {8: 0, 4: 1, 2: 2, 1: 3}


def reg_name(name: str, size: int) -> str:
    """Assembler spelling (without `%`) of register `name` at width `size`."""
    return _NAMES[name][_WIDTH_INDEX[size]]


SUFFIX: Final = {1: "b", 2: "w", 4: "l", 8: "q"}
