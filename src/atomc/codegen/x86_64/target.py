"""The x86-64 target description (`codegen/target.py`'s protocol): the opcode
table, the System V register file and the hooks neutral passes call instead of
spelling an x86 instruction."""

from __future__ import annotations

from collections.abc import Collection

from mypy_extensions import mypyc_attr

from ..mir.core import MFunction
from ..target import Extension, OpcodeInfo, RegisterFile
from .frame import frame_base_register
from .function_state import x86_state
from .opcodes import EXTEND, INVERSE_CC, JCC, SIZED, SSE
from .opcodes import desc as opcode_desc
from .opcodes import is_opcode as in_table
from .registers import ARG_REGS, CALLEE_SAVED, CALLER_SAVED, DWARF_NUMBER, XMMS

__all__ = ["X86_64"]

_SCRATCH = ("r10", "r11")
_XMM_SCRATCH = ("xmm14", "xmm15")  # isel never names them
_INVERTED = {JCC[cc]: JCC[inverse] for cc, inverse in INVERSE_CC.items()}
_STORE = {size: SIZED["mov", size] for size in (1, 2, 4, 8)}
# a whole slot, zero-extended
_RELOAD = {1: EXTEND[False, 1, 4], 2: EXTEND[False, 2, 4], 4: SIZED["mov", 4], 8: SIZED["mov", 8]}
_SSE_MOVE = {size: SSE["movs", size] for size in (4, 8)}


# compiled (scripts/build_compiled.py), still subclassed by Python code (tests)
@mypyc_attr(allow_interpreted_subclasses=True)
class X86_64Target:
    """x86-64, System V ABI."""

    name = "x86_64"
    registers = RegisterFile(
        allocatable_caller=("rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9"),
        callee_saved=CALLEE_SAVED,
        caller_saved=CALLER_SAVED,
        scratch=_SCRATCH,
        vector_allocatable=tuple(r for r in XMMS if r not in _XMM_SCRATCH),
        vector_scratch=_XMM_SCRATCH,
        arg_regs=ARG_REGS,
        frame_pointer="rbp",
        stack_pointer="rsp",
        dwarf_number=DWARF_NUMBER,
        pc_dwarf=16,  # %rip (the return address column)
    )
    max_inst_bytes = 15

    def desc(self, opcode: str) -> OpcodeInfo:
        return opcode_desc(opcode)

    def is_opcode(self, opcode: str) -> bool:
        return in_table(opcode)

    def inverted_branch(self, opcode: str) -> str:
        return _INVERTED[opcode]

    def spill_opcode(self, size: int, vector: bool) -> str:
        if vector:
            return _SSE_MOVE[size]
        return _STORE[size]

    def reload_opcode(self, size: int, vector: bool) -> str:
        if vector:
            return _SSE_MOVE[size]
        return _RELOAD[size]

    def extend_opcode(self, extension: Extension) -> str:
        return EXTEND[extension.signed, extension.from_bits // 8, extension.to_bits // 8]

    def address_opcode(self, size: int) -> str:
        return SIZED["lea", size]

    def nop_opcode(self) -> str:
        return "nop"

    def frame_base_register(self, mf: MFunction) -> str:
        return frame_base_register(mf)

    def is_vector_vreg(self, mf: MFunction, vreg: int) -> bool:
        return vreg in x86_state(mf).xmm_vregs

    def vector_vregs(self, mf: MFunction) -> Collection[int]:
        return x86_state(mf).xmm_vregs

    def set_vector_vreg(self, mf: MFunction, vreg: int) -> None:
        x86_state(mf).xmm_vregs.add(vreg)

    def constant_pool(self, mf: MFunction) -> dict[str, bytes]:
        return x86_state(mf).float_consts


X86_64 = X86_64Target()
