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

# SSE registers (issue 7): one name at every width; all caller-saved under SysV
XMMS: Final = tuple(f"xmm{n}" for n in range(16))

DWARF_NUMBER: Final[dict[str, int]] = {
    "rax": 0, "rdx": 1, "rcx": 2, "rbx": 3, "rsi": 4, "rdi": 5, "rbp": 6, "rsp": 7,
    **{f"r{n}": n for n in range(8, 16)},
    **{f"xmm{n}": 17 + n for n in range(16)},
}

ARG_REGS: Final = ("rdi", "rsi", "rdx", "rcx", "r8", "r9")
XMM_ARG_REGS: Final = XMMS[:8]
RET_REGS: Final = ("rax", "rdx")
XMM_RET_REGS: Final = ("xmm0", "xmm1")
CALLER_SAVED: Final = ("rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", *XMMS)
CALLEE_SAVED: Final = ("rbx", "r12", "r13", "r14", "r15")  # rbp is the frame pointer

_WIDTH_INDEX: Final = {8: 0, 4: 1, 2: 2, 1: 3}


def reg_name(name: str, size: int) -> str:
    """Assembler spelling (without `%`) of register `name` at width `size`."""
    if name.startswith("xmm"):
        return name
    return _NAMES[name][_WIDTH_INDEX[size]]


def is_xmm(name: str) -> bool:
    return name.startswith("xmm")


SUFFIX: Final = {1: "b", 2: "w", 4: "l", 8: "q"}
