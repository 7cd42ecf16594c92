"""The x86-64 opcode table: one row per AT&T mnemonic, saying which explicit
operands are read ("u"), written ("d") or both ("ud"), which physical
registers are read or written implicitly, and control-flow properties.

Registers inside a memory operand are always reads, whatever the role of the
memory operand itself. This table is the single source of truth the register
allocators and the line-table/branch analyses consult.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .registers import CALLER_SAVED, SUFFIX


@dataclass(frozen=True, slots=True)
class OpDesc:
    roles: tuple[str, ...]
    implicit_uses: tuple[str, ...] = ()
    implicit_defs: tuple[str, ...] = ()
    is_branch: bool = False  # jmp / jcc (operand 0 is the target block)
    is_cond_branch: bool = False
    is_return: bool = False
    is_call: bool = False
    is_terminator: bool = False
    is_move: bool = False  # plain register/memory copy of one width
    # inline asm: any number of explicit (memory) operands, all read; reads and
    # writes memory and flags; nothing is scheduled across it
    is_inline_asm: bool = False
    # reads and writes the x87 register stack, which no operand names: x87
    # instructions keep their order among themselves
    x87: bool = False


CONDS: Final = ("e", "ne", "l", "le", "g", "ge", "b", "be", "a", "ae", "s", "ns")

# IR icmp predicate -> x86 condition code
ICMP_CC: Final = {"eq": "e", "ne": "ne", "slt": "l", "sle": "le", "sgt": "g", "sge": "ge",
                  "ult": "b", "ule": "be", "ugt": "a", "uge": "ae"}
# predicate with operands swapped
SWAPPED_PRED: Final = {"eq": "eq", "ne": "ne", "slt": "sgt", "sle": "sge", "sgt": "slt",
                       "sge": "sle", "ult": "ugt", "ule": "uge", "ugt": "ult", "uge": "ule"}
INVERSE_CC: Final = {"e": "ne", "ne": "e", "l": "ge", "ge": "l", "le": "g", "g": "le",
                     "b": "ae", "ae": "b", "be": "a", "a": "be", "s": "ns", "ns": "s",
                    "p": "np", "np": "p"}

# `cmov<cc>` by condition code and operand size (there is no byte form)
CMOV: Final = {(cc, size): "cmov" + cc + SUFFIX[size] for cc in CONDS for size in (2, 4, 8)}


# zero (movz) and sign (movs) extensions: source size letter, then destination's
_EXTENDS: Final = ("movzbw", "movzbl", "movzwl", "movzbq", "movzwq", "movsbw", "movsbl",
                   "movswl", "movsbq", "movswq", "movslq")


def _build() -> dict[str, OpDesc]:
    t: dict[str, OpDesc] = {}
    for s in "bwlq":
        t["mov" + s] = OpDesc(("u", "d"), is_move=True)
        for op in ("add", "sub", "and", "or", "xor", "adc", "sbb"):
            t[op + s] = OpDesc(("u", "ud"))
        for op in ("cmp", "test"):
            t[op + s] = OpDesc(("u", "u"))
        for op in ("shl", "shr", "sar"):
            t[op + s] = OpDesc(("u", "ud"))
        for op in ("neg", "not", "inc", "dec"):
            t[op + s] = OpDesc(("ud",))
    for s in "wlq":
        t["imul" + s] = OpDesc(("u", "ud"))
    for cmov in CMOV.values():
        t[cmov] = OpDesc(("u", "ud"))
    for s in "lq":
        t["lea" + s] = OpDesc(("u", "d"))
        t["bsr" + s] = OpDesc(("u", "d"))  # __builtin_clz; result undefined for 0
        t["bsf" + s] = OpDesc(("u", "d"))  # __builtin_ctz / ffs
        t["idiv" + s] = OpDesc(("u",), ("rax", "rdx"), ("rax", "rdx"))
        t["div" + s] = OpDesc(("u",), ("rax", "rdx"), ("rax", "rdx"))
    t["movabsq"] = OpDesc(("u", "d"))
    # double-word arithmetic (legalised __int128): rdx:rax = rax * operand, and the
    # double shifts `shld/shrd count, src, dst` (count an immediate or %cl)
    t["mulq"] = OpDesc(("u",), ("rax",), ("rax", "rdx"))
    t["shldq"] = OpDesc(("u", "u", "ud"))
    t["shrdq"] = OpDesc(("u", "u", "ud"))
    for ext in _EXTENDS:
        t[ext] = OpDesc(("u", "d"))
    for cc in CONDS:
        t["set" + cc] = OpDesc(("d",))
        t["j" + cc] = OpDesc(("u",), is_branch=True, is_cond_branch=True, is_terminator=True)
    for cc in ("p", "np"):  # parity: the unordered result of ucomiss/ucomisd
        t["set" + cc] = OpDesc(("d",))
        t["j" + cc] = OpDesc(("u",), is_branch=True, is_cond_branch=True, is_terminator=True)
    _add_sse(t)
    _add_atomic(t)
    _add_x87(t)
    t["cltd"] = OpDesc((), ("rax",), ("rdx",))
    t["cqto"] = OpDesc((), ("rax",), ("rdx",))
    t["jmp"] = OpDesc(("u",), is_branch=True, is_terminator=True)
    # indirect jump through a jump table (`jmp *(base,index,8)`); the targets
    # are in the instruction's JumpTable meta, not in its operands
    t["jmptab"] = OpDesc(("u",), is_terminator=True)
    t["call"] = OpDesc(("u",), (), CALLER_SAVED, is_call=True)
    # thread-local addresses through __tls_get_addr (x86_64/tls.py): operand 0 is the
    # callee, the variable's name is the instruction's meta; the result is in %rax
    t["TLS_GD"] = OpDesc(("u",), (), CALLER_SAVED, is_call=True)
    t["TLS_LD"] = OpDesc(("u",), (), CALLER_SAVED, is_call=True)
    # -fstack-clash-protection (x86_64/stack_clash.py): a prologue loop probing each
    # page down to %r11, and a dynamic allocation by a size register, probed per page
    t["PROBE_LOOP_R11"] = OpDesc((), ("rsp", "r11"), ("rsp",))
    t["PROBED_SUBQ"] = OpDesc(("ud",), ("rsp",), ("rsp",))
    t["endbr64"] = OpDesc(())  # -fcf-protection: a valid indirect-branch target (cet.py)
    t["ret"] = OpDesc((), is_return=True, is_terminator=True)
    t["ud2"] = OpDesc((), is_terminator=True)
    t["nop"] = OpDesc(())  # holds a line at -O0 where a jump fell through (passes/fallthrough.py)
    t["INLINEASM"] = OpDesc((), is_inline_asm=True)
    t["pushq"] = OpDesc(("u",), ("rsp",), ("rsp",))
    t["popq"] = OpDesc(("d",), ("rsp",), ("rsp",))
    t["rep movsb"] = OpDesc((), ("rdi", "rsi", "rcx"), ("rdi", "rsi", "rcx"))
    t["rep stosb"] = OpDesc((), ("rdi", "rax", "rcx"), ("rdi", "rcx"))
    return t


def _add_sse(t: dict[str, OpDesc]) -> None:
    """SSE/SSE2 scalar floating point (issue 7): `s` single, `d` double."""
    for p in "sd":
        t["movs" + p] = OpDesc(("u", "d"), is_move=True)  # load, store, register copy
        for op in ("add", "sub", "mul", "div"):
            t[op + "s" + p] = OpDesc(("u", "ud"))
        t["ucomis" + p] = OpDesc(("u", "u"))
        for w in "lq":
            t["cvtsi2s" + p + w] = OpDesc(("u", "d"))
            t["cvtts" + p + "2si" + w] = OpDesc(("u", "d"))
        t["xorp" + p] = OpDesc(("u", "ud"))  # sign flip with a 16-byte .rodata mask
    t["cvtss2sd"] = OpDesc(("u", "d"))
    t["cvtsd2ss"] = OpDesc(("u", "d"))
    t["movd"] = OpDesc(("u", "d"))  # 32-bit GPR <-> XMM bits (movq does 64 bits)


def _add_atomic(t: dict[str, OpDesc]) -> None:
    """Locked read-modify-writes and exchanges (isel_atomic.py). The memory
    operand is read and written; `xadd` and `xchg` also write their register;
    `cmpxchg` compares with and loads into %rax."""
    for s in "bwlq":
        for op in ("add", "sub", "and", "or", "xor"):
            t["lock " + op + s] = OpDesc(("u", "ud"))
        t["lock xadd" + s] = OpDesc(("ud", "ud"))
        t["lock cmpxchg" + s] = OpDesc(("u", "ud"), ("rax",), ("rax",))
        t["xchg" + s] = OpDesc(("ud", "ud"))
    # a compiler-only fence: no code; the scheduler moves no memory access across
    # it, and it is dropped right after scheduling
    t["MEMBARRIER"] = OpDesc(())


def _add_x87(t: dict[str, OpDesc]) -> None:
    """x87 floating point (long double, see isel_x87): memory loads and popping
    stores, and register-stack forms that spell their operands in the mnemonic."""
    for op in ("fldt", "flds", "fldl", "fildq", "fildl", "filds", "fldcw", "fadds"):
        t[op] = OpDesc(("u",), x87=True)
    for op in ("fstpt", "fstps", "fstpl", "fistpq", "fistpl", "fistps", "fnstcw"):
        t[op] = OpDesc(("d",), x87=True)
    for op in ("fldz", "fld1", "fchs", "faddp\t%st, %st(1)", "fsubrp\t%st, %st(1)",
               "fmulp\t%st, %st(1)", "fdivrp\t%st, %st(1)", "fucomip\t%st(1), %st",
               "fstp\t%st(0)"):
        t[op] = OpDesc((), x87=True)


OPCODES: Final[dict[str, OpDesc]] = _build()


def desc(opcode: str) -> OpDesc:
    return OPCODES[opcode]


# Instruction selection picks rows by what varies (operand size, condition code,
# scalar type) from these lookups, never by spelling a mnemonic: every value is a
# row of OPCODES (checked at import), and a missing combination is a KeyError.
_BYTES: Final = {"b": 1, "w": 2, "l": 4, "q": 8}
_SIZED_STEMS: Final = (
    "mov", "add", "sub", "and", "or", "xor", "adc", "sbb", "cmp", "test", "shl", "shr", "sar",
    "neg", "not", "inc", "dec", "imul", "lea", "bsr", "bsf", "idiv", "div", "xchg",
    "lock add", "lock sub", "lock and", "lock or", "lock xor", "lock xadd", "lock cmpxchg")
# (stem, operand bytes) -> row: ("cmp", 4) -> "cmpl"
SIZED: Final[dict[tuple[str, int], str]] = {
    (stem, n): stem + s for stem in _SIZED_STEMS for s, n in _BYTES.items()
    if stem + s in OPCODES}
# condition code -> `set<cc>`, `j<cc>` (parity included)
SETCC: Final[dict[str, str]] = {cc: "set" + cc for cc in (*CONDS, "p", "np")}
JCC: Final[dict[str, str]] = {cc: "j" + cc for cc in (*CONDS, "p", "np")}
# (signed, source bytes, destination bytes) -> movs/movz row
EXTEND: Final[dict[tuple[bool, int, int], str]] = {
    (e[3] == "s", _BYTES[e[4]], _BYTES[e[5]]): e for e in _EXTENDS}
_SCALAR: Final = {4: "s", 8: "d"}  # SSE scalar letter by float size
_SSE_STEMS: Final = ("movs", "adds", "subs", "muls", "divs", "ucomis", "xorp")
# (stem, float bytes) -> row: ("adds", 8) -> "addsd"
SSE: Final[dict[tuple[str, int], str]] = {
    (stem, n): stem + p for stem in _SSE_STEMS for n, p in _SCALAR.items()}
# (float bytes, integer bytes) -> conversion row, int -> float and float -> int
CVT_TO_FLOAT: Final[dict[tuple[int, int], str]] = {
    (n, w): f"cvtsi2s{p}{s}" for n, p in _SCALAR.items() for s, w in _BYTES.items() if w >= 4}
CVT_TO_INT: Final[dict[tuple[int, int], str]] = {
    (n, w): f"cvtts{p}2si{s}" for n, p in _SCALAR.items() for s, w in _BYTES.items() if w >= 4}
assert all(row in OPCODES for table in (SIZED, SETCC, JCC, EXTEND, SSE, CVT_TO_FLOAT,
                                         CVT_TO_INT, CMOV) for row in table.values())
