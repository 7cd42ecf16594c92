"""The x86-64 opcode table: one row per AT&T mnemonic, saying which explicit
operands are read ("u"), written ("d") or both ("ud"), which physical
registers are read or written implicitly, and control-flow properties.

Registers inside a memory operand are always reads, whatever the role of the
memory operand itself. This table is the single source of truth the register
allocators and the line-table/branch analyses consult.
"""

from __future__ import annotations

from typing import Any, Final

from ..mir.core import INLINE_ASM
from ..target import Arith, Extension, OpcodeInfo
from .registers import CALLER_SAVED, SUFFIX

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
_BITS: Final = {"b": 8, "w": 16, "l": 32, "q": 64}
# the two-operand forms whose effect on the destination register is exact arithmetic
_ARITH: Final = {"add": Arith.ADD, "sub": Arith.SUB, "and": Arith.AND, "or": Arith.OR,
                 "xor": Arith.XOR, "shl": Arith.SHL, "shr": Arith.SHR, "sar": Arith.SAR,
                 "imul": Arith.MUL}


# A row before the properties `_derived` adds: OpcodeInfo's arguments
_Row = tuple[tuple[Any, ...], dict[str, Any]]


def _row(*args: Any, **kwargs: Any) -> _Row:
    return args, kwargs


def _rows() -> dict[str, _Row]:
    """Every mnemonic's row, before the properties `_derived` adds."""
    t: dict[str, _Row] = {}
    for s, bits in _BITS.items():
        t["mov" + s] = _row(("u", "d"), is_move=True, width=bits, copies_whole=s == "q",
                        loads_immediate=s in "lq")
        for op in ("add", "sub", "and", "or", "xor", "adc", "sbb"):
            t[op + s] = _row(("u", "ud"), width=bits, arith=_ARITH.get(op))
        for op in ("cmp", "test"):
            t[op + s] = _row(("u", "u"), width=bits)
        for op in ("shl", "shr", "sar"):
            t[op + s] = _row(("u", "ud"), width=bits, arith=_ARITH[op])
        for op in ("neg", "not", "inc", "dec"):
            t[op + s] = _row(("ud",), width=bits)
    for s in "wlq":
        t["imul" + s] = _row(("u", "ud"), width=_BITS[s], arith=Arith.MUL)
    for (_, size), cmov in CMOV.items():
        t[cmov] = _row(("u", "ud"), width=8 * size)
    for s in "lq":
        bits = _BITS[s]
        t["lea" + s] = _row(("u", "d"), width=bits, is_address=True)
        t["bsr" + s] = _row(("u", "d"), width=bits)  # __builtin_clz; result undefined for 0
        t["bsf" + s] = _row(("u", "d"), width=bits)  # __builtin_ctz / ffs
        t["idiv" + s] = _row(("u",), ("rax", "rdx"), ("rax", "rdx"), width=bits)
        t["div" + s] = _row(("u",), ("rax", "rdx"), ("rax", "rdx"), width=bits)
    t["movabsq"] = _row(("u", "d"), width=64, loads_immediate=True)
    # double-word arithmetic (legalised __int128): rdx:rax = rax * operand, and the
    # double shifts `shld/shrd count, src, dst` (count an immediate or %cl)
    t["mulq"] = _row(("u",), ("rax",), ("rax", "rdx"), width=64)
    t["shldq"] = _row(("u", "u", "ud"), width=64)
    t["shrdq"] = _row(("u", "u", "ud"), width=64)
    for ext in _EXTENDS:
        t[ext] = _row(("u", "d"), width=_BITS[ext[5]],
                  extend=Extension(ext[3] == "s", _BITS[ext[4]], _BITS[ext[5]]))
    for cc in (*CONDS, "p", "np"):  # parity: the unordered result of ucomiss/ucomisd
        t["set" + cc] = _row(("d",), width=8)
        t["j" + cc] = _row(("u",), is_branch=True, is_cond_branch=True, is_terminator=True)
    _add_sse(t)
    _add_atomic(t)
    _add_x87(t)
    t["cltd"] = _row((), ("rax",), ("rdx",))
    t["cqto"] = _row((), ("rax",), ("rdx",))
    t["jmp"] = _row(("u",), is_branch=True, is_terminator=True)
    # indirect jump through a jump table (`jmp *(base,index,8)`); the targets
    # are in the instruction's JumpTable meta, not in its operands
    t["jmptab"] = _row(("u",), is_terminator=True)
    t["call"] = _row(("u",), (), CALLER_SAVED, is_call=True)
    # thread-local addresses through __tls_get_addr (x86_64/tls.py): operand 0 is the
    # callee, the variable's name is the instruction's meta; the result is in %rax
    t["TLS_GD"] = _row(("u",), (), CALLER_SAVED, is_call=True)
    t["TLS_LD"] = _row(("u",), (), CALLER_SAVED, is_call=True)
    # -fstack-clash-protection (x86_64/stack_clash.py): a prologue loop probing each
    # page down to %r11, and a dynamic allocation by a size register, probed per page
    t["PROBE_LOOP_R11"] = _row((), ("rsp", "r11"), ("rsp",))
    t["PROBED_SUBQ"] = _row(("ud",), ("rsp",), ("rsp",))
    t["endbr64"] = _row(())  # -fcf-protection: a valid indirect-branch target (cet.py)
    t["ret"] = _row((), is_return=True, is_terminator=True)
    t["ud2"] = _row((), is_terminator=True)
    # nop holds a line at -O0 where a jump fell through (passes/fallthrough.py)
    t["nop"] = _row(())
    t[INLINE_ASM] = _row((), is_inline_asm=True)
    t["pushq"] = _row(("u",), ("rsp",), ("rsp",), width=64)
    t["popq"] = _row(("d",), ("rsp",), ("rsp",), width=64)
    t["rep movsb"] = _row((), ("rdi", "rsi", "rcx"), ("rdi", "rsi", "rcx"))
    t["rep stosb"] = _row((), ("rdi", "rax", "rcx"), ("rdi", "rcx"))
    return t


# Families by mnemonic prefix, for what the scheduler and the -O0 allocator ask
_FLAG_READERS: Final = ("j", "set", "cmov", "adc", "sbb")
_NO_FLAGS: Final = ("mov", "lea", "push", "pop", "call", "jmp", "ret", "cltd", "cqto", "set",
                    "cmov", "rep", "ud2")
# -O0: a move into a register with a home slot may store to the slot instead
_DEF_OK: Final = frozenset({"mov", "set"})
_ALL_FAMILIES: Final = frozenset({"mov", "add", "sub", "and", "or", "xor", "adc", "sbb", "shl",
                                  "shr", "sar", "neg", "not", "inc", "dec", "imul", "cmp", "test",
                                  "idiv", "div", "lea", "push", "pop"})


def _family(opcode: str) -> str:
    """Mnemonic family: `addl` -> add, `movzbl` -> movz, `sete` -> set, `cmovnel` -> cmov."""
    for fam in ("cmov", "set", "movz", "movs", "movabs"):
        if opcode.startswith(fam):
            return fam
    if opcode[-1] in "bwlq" and opcode[:-1] in _ALL_FAMILIES:
        return opcode[:-1]
    return opcode


def _derived(op: str) -> dict[str, Any]:
    """The properties of row `op` that follow from its mnemonic's family."""
    fam = _family(op)
    return dict(
        reads_flags=op != "jmp" and op.startswith(_FLAG_READERS),
        writes_flags=not op.startswith(_NO_FLAGS) and not (op.startswith("j") and op != "jmp"),
        latency=20 if op.startswith(("idiv", "div")) else 3 if op.startswith("imul") else 1,
        string_op=op.startswith("rep"),
        stack_op=op.startswith(("push", "pop")),
        fold_def=fam in _DEF_OK)


def _add_sse(t: dict[str, _Row]) -> None:
    """SSE/SSE2 scalar floating point (issue 7): `s` single, `d` double."""
    for p, bits in (("s", 32), ("d", 64)):
        # load, store, register copy
        t["movs" + p] = _row(("u", "d"), is_move=True, width=bits, vector=True,
                         copies_whole=True)
        for op in ("add", "sub", "mul", "div"):
            t[op + "s" + p] = _row(("u", "ud"), width=bits, vector=True)
        t["ucomis" + p] = _row(("u", "u"), width=bits, vector=True)
        for w in "lq":  # the width is the integer's
            t["cvtsi2s" + p + w] = _row(("u", "d"), width=_BITS[w], vector=True)
            t["cvtts" + p + "2si" + w] = _row(("u", "d"), width=_BITS[w], vector=True)
        # sign flip with a 16-byte .rodata mask
        t["xorp" + p] = _row(("u", "ud"), width=bits, vector=True)
    t["cvtss2sd"] = _row(("u", "d"), vector=True)
    t["cvtsd2ss"] = _row(("u", "d"), vector=True)
    t["movd"] = _row(("u", "d"), vector=True)  # 32-bit GPR <-> XMM bits (movq does 64 bits)


def _add_atomic(t: dict[str, _Row]) -> None:
    """Locked read-modify-writes and exchanges (isel_atomic.py). The memory
    operand is read and written; `xadd` and `xchg` also write their register;
    `cmpxchg` compares with and loads into %rax."""
    for s, bits in _BITS.items():
        for op in ("add", "sub", "and", "or", "xor"):
            t["lock " + op + s] = _row(("u", "ud"), width=bits)
        t["lock xadd" + s] = _row(("ud", "ud"), width=bits)
        t["lock cmpxchg" + s] = _row(("u", "ud"), ("rax",), ("rax",), width=bits)
        t["xchg" + s] = _row(("ud", "ud"), width=bits)
    # a compiler-only fence: no code; the scheduler moves no memory access across
    # it, and it is dropped right after scheduling
    t["MEMBARRIER"] = _row(())


def _add_x87(t: dict[str, _Row]) -> None:
    """x87 floating point (long double, see isel_x87): memory loads and popping
    stores, and register-stack forms that spell their operands in the mnemonic."""
    for op in ("fldt", "flds", "fldl", "fildq", "fildl", "filds", "fldcw", "fadds"):
        t[op] = _row(("u",), x87=True)
    for op in ("fstpt", "fstps", "fstpl", "fistpq", "fistpl", "fistps", "fnstcw"):
        t[op] = _row(("d",), x87=True)
    for op in ("fldz", "fld1", "fchs", "faddp\t%st, %st(1)", "fsubrp\t%st, %st(1)",
               "fmulp\t%st, %st(1)", "fdivrp\t%st, %st(1)", "fucomip\t%st(1), %st",
               "fstp\t%st(0)"):
        t[op] = _row((), x87=True)


# The rows are made when first asked for (`desc`, `find`): a compile uses a few dozen
# of the 260 mnemonics, and making a row (OpcodeInfo's constructor, the derived
# properties) costs ~40k instructions; all of them made at import were 11M of the
# 380M of an empty compile (callgrind). Equal rows are one object (the `set<cc>`, the
# `cmov<cc>` of a size...), as when the whole table was made at once.
_ROWS: Final[dict[str, _Row]] = _rows()
_MADE: Final[dict[str, OpcodeInfo]] = {}  # the rows made so far, by mnemonic
_BY_VALUE: Final[dict[tuple[tuple[Any, ...], tuple[tuple[str, Any], ...]], OpcodeInfo]] = {}


def _make(opcode: str) -> OpcodeInfo:
    """Make `opcode`'s row (KeyError for a mnemonic not in the table): once, with its
    derived properties (not made, then copied by `dataclasses.replace`)."""
    args, kwargs = _ROWS[opcode]
    kwargs = {**kwargs, **_derived(opcode)}
    key = (args, tuple(sorted(kwargs.items())))
    row = _BY_VALUE.get(key)
    if row is None:
        row = _BY_VALUE[key] = OpcodeInfo(*args, **kwargs)
    _MADE[opcode] = row
    return row


def desc(opcode: str) -> OpcodeInfo:
    """The row of `opcode`; KeyError for a mnemonic not in the table."""
    row = _MADE.get(opcode)
    return row if row is not None else _make(opcode)


def find(opcode: str) -> OpcodeInfo | None:
    """The row of `opcode`, None for a mnemonic not in the table."""
    row = _MADE.get(opcode)
    if row is None and opcode in _ROWS:
        row = _make(opcode)
    return row


def is_opcode(opcode: str) -> bool:
    return opcode in _ROWS


def table() -> dict[str, OpcodeInfo]:
    """Every row by mnemonic, in the table's order (made now where not yet)."""
    return {op: desc(op) for op in _ROWS}


def mnemonics_where(prop: str) -> frozenset[str]:
    """The mnemonics whose row states `prop` (one of OpcodeInfo's flags that no row
    derives from its family) true, read from the rows without making them."""
    return frozenset(op for op, (_, kwargs) in _ROWS.items() if kwargs.get(prop))


# Instruction selection picks rows by what varies (operand size, condition code,
# scalar type) from these lookups, never by spelling a mnemonic: every value is a
# row of the table (checked at import), and a missing combination is a KeyError.
_BYTES: Final = {"b": 1, "w": 2, "l": 4, "q": 8}
_SIZED_STEMS: Final = (
    "mov", "add", "sub", "and", "or", "xor", "adc", "sbb", "cmp", "test", "shl", "shr", "sar",
    "neg", "not", "inc", "dec", "imul", "lea", "bsr", "bsf", "idiv", "div", "xchg",
    "lock add", "lock sub", "lock and", "lock or", "lock xor", "lock xadd", "lock cmpxchg")
# (stem, operand bytes) -> row: ("cmp", 4) -> "cmpl"
SIZED: Final[dict[tuple[str, int], str]] = {
    (stem, n): stem + s for stem in _SIZED_STEMS for s, n in _BYTES.items()
    if stem + s in _ROWS}
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
assert all(row in _ROWS for lookup in (SIZED, SETCC, JCC, EXTEND, SSE, CVT_TO_FLOAT,
                                       CVT_TO_INT, CMOV) for row in lookup.values())
