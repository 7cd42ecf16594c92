"""Machine IR: the instructions, blocks and functions every machine pass shares
(`core`), their text form (`printer`), control flow (`cfg`), register operands
(`registers`), machine passes and their manager (`passes`), the debug-info
contract checker (`contracts`) and the verifier (`verifier`)."""

from __future__ import annotations

from .core import (
    MEMORY_OPERAND,
    META_OPCODES,
    VALUE_RECORD_OPCODES,
    AsmOperandKind,
    BlockRef,
    DbgMeta,
    FrameSlot,
    Imm,
    InstrOperandRef,
    JumpTable,
    MBlock,
    Mem,
    MFunction,
    MIFlag,
    MInst,
    Operand,
    PReg,
    SlotKind,
    StackSlot,
    Sym,
    VReg,
)
from .printer import format_minst, print_mfunction

__all__ = ["META_OPCODES", "MEMORY_OPERAND", "AsmOperandKind", "BlockRef", "DbgMeta", "FrameSlot",
           "Imm", "InstrOperandRef", "JumpTable", "MBlock", "MFunction", "MIFlag", "MInst", "Mem",
           "Operand", "PReg", "SlotKind", "StackSlot", "Sym", "VALUE_RECORD_OPCODES", "VReg",
           "format_minst", "print_mfunction"]
