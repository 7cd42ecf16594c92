"""IR instructions: an opcode table plus one class per instruction *format*.

Generic code walks `inst.operands` (a list of `Use`) and `inst.succs`, and asks
`OPINFO[inst.op]` about properties; specific code uses the typed properties of
the format classes. Every constructor takes `loc=` as a required keyword, a
`DILocation` or the explicit `ARTIFICIAL` (a `None` is a TypeError): a
transformation must decide whether a new instruction keeps, merges or drops a
source location, never inherit or forget one by accident.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Self

import atomc.fastenum as fastenum

from .debuginfo import DILocation, Loc, stored_loc
from .types import I1, PTR, VOID, TupleType, Type
from .values import Use, Value

if TYPE_CHECKING:
    from .dbgrecords import DbgRecord
    from .function import Block, Function


class Op(fastenum.Enum):
    # Members are singletons compared by identity: hash them by identity too (C-level;
    # Enum's own __hash__ hashes the name in Python, and opcodes are hashed per
    # instruction visit throughout the compiler)
    __hash__ = object.__hash__

    # binary integer arithmetic
    ADD = "add"
    SUB = "sub"
    MUL = "mul"
    SDIV = "sdiv"
    UDIV = "udiv"
    SREM = "srem"
    UREM = "urem"
    AND = "and"
    OR = "or"
    XOR = "xor"
    SHL = "shl"
    LSHR = "lshr"
    ASHR = "ashr"
    # floating point (issue 7)
    FADD = "fadd"
    FSUB = "fsub"
    FMUL = "fmul"
    FDIV = "fdiv"
    # comparisons
    ICMP = "icmp"
    FCMP = "fcmp"
    # casts
    ZEXT = "zext"
    SEXT = "sext"
    TRUNC = "trunc"
    PTRTOINT = "ptrtoint"
    INTTOPTR = "inttoptr"
    SITOFP = "sitofp"
    UITOFP = "uitofp"
    FPTOSI = "fptosi"
    FPTOUI = "fptoui"
    FPEXT = "fpext"
    FPTRUNC = "fptrunc"
    FNEG = "fneg"  # unary: flips the sign bit (also of zeros and NaNs); written in cast form
    BITCAST = "bitcast"  # same-size int <-> float reinterpretation
    CLZ = "clz"  # unary, written in cast form: leading zero bits (undefined for 0, as bsr)
    CTZ = "ctz"  # unary, written in cast form: trailing zero bits (undefined for 0, as bsf)
    # memory
    ALLOCA = "alloca"
    LOAD = "load"
    STORE = "store"
    PTRADD = "ptradd"
    MEMCPY = "memcpy"
    MEMSET = "memset"
    # other
    SELECT = "select"
    CALL = "call"
    EXTRACT = "extract"
    VASTART = "va_start"
    ASM = "asm"  # GNU inline assembly (InlineAsm)
    DYNALLOCA = "dynalloca"  # run-time sized stack object (VLAs, alloca)
    STACKSAVE = "stacksave"  # the stack pointer, to release dynamic allocations later
    STACKRESTORE = "stackrestore"  # free every dynalloca made since the matching stacksave
    # atomics (formats in atomics.py)
    ATOMIC_LOAD = "atomic_load"
    ATOMIC_STORE = "atomic_store"
    ATOMIC_RMW = "atomicrmw"
    CMPXCHG = "cmpxchg"
    FENCE = "fence"
    WIDE = "wide"  # double-word operation on i64 halves, after i128 legalisation (ir/wide.py)
    # terminators
    JUMP = "jump"
    BRANCH = "branch"
    SWITCH = "switch"
    RET = "ret"
    UNREACHABLE = "unreachable"


@dataclass(frozen=True, slots=True)
class OpInfo:
    pure: bool = False  # no side effects, may be removed when unused
    terminator: bool = False
    commutative: bool = False
    may_trap: bool = False
    is_call: bool = False


OPINFO: Final[dict[Op, OpInfo]] = {
    **{op: OpInfo(pure=True, commutative=True) for op in (Op.ADD, Op.MUL, Op.AND, Op.OR, Op.XOR,
                                                          Op.FADD, Op.FMUL)},
    **{op: OpInfo(pure=True) for op in (Op.SUB, Op.SHL, Op.LSHR, Op.ASHR, Op.FSUB, Op.FDIV,
                                        Op.ICMP, Op.FCMP, Op.ZEXT, Op.SEXT, Op.TRUNC, Op.PTRTOINT,
                                        Op.INTTOPTR, Op.SITOFP, Op.UITOFP, Op.FPTOSI, Op.FPTOUI,
                                        Op.FPEXT, Op.FPTRUNC, Op.FNEG, Op.BITCAST, Op.CLZ,
                                        Op.CTZ, Op.PTRADD,
                                        Op.SELECT, Op.EXTRACT,
                                        Op.ALLOCA, Op.WIDE)},
    **{op: OpInfo(pure=True, may_trap=True) for op in (Op.SDIV, Op.UDIV, Op.SREM, Op.UREM)},
    Op.LOAD: OpInfo(),
    Op.STORE: OpInfo(),
    Op.MEMCPY: OpInfo(),
    Op.MEMSET: OpInfo(),
    Op.CALL: OpInfo(is_call=True),
    Op.VASTART: OpInfo(),
    Op.ASM: OpInfo(),
    Op.DYNALLOCA: OpInfo(),
    Op.STACKSAVE: OpInfo(),
    Op.STACKRESTORE: OpInfo(),
    **{op: OpInfo() for op in (Op.ATOMIC_LOAD, Op.ATOMIC_STORE, Op.ATOMIC_RMW, Op.CMPXCHG,
                               Op.FENCE)},
    **{op: OpInfo(terminator=True) for op in (Op.JUMP, Op.BRANCH, Op.SWITCH, Op.RET,
                                              Op.UNREACHABLE)},
}

# atomic memory operations and fences: never removed, merged or moved, and no
# other memory access moves across them (see atomics.py)
ATOMIC_OPS: Final = frozenset({Op.ATOMIC_LOAD, Op.ATOMIC_STORE, Op.ATOMIC_RMW, Op.CMPXCHG,
                               Op.FENCE})

# instructions that may write memory other than their own results, or order
# other threads' writes before what follows (inline asm counts whatever its
# clobber list says, and every atomic counts, even a load or a fence: conservative)
MEMORY_WRITERS: Final = frozenset({Op.STORE, Op.CALL, Op.MEMCPY, Op.MEMSET, Op.VASTART, Op.ASM,
                                   *ATOMIC_OPS})

NSW_OPS: Final = frozenset({Op.ADD, Op.SUB, Op.MUL})  # the ops that may carry `nsw`
BINARY_OPS: Final = frozenset({Op.ADD, Op.SUB, Op.MUL, Op.SDIV, Op.UDIV, Op.SREM, Op.UREM, Op.AND,
                               Op.OR, Op.XOR, Op.SHL, Op.LSHR, Op.ASHR, Op.FADD, Op.FSUB, Op.FMUL,
                               Op.FDIV})
CAST_OPS: Final = frozenset({Op.ZEXT, Op.SEXT, Op.TRUNC, Op.PTRTOINT, Op.INTTOPTR, Op.SITOFP,
                             Op.UITOFP, Op.FPTOSI, Op.FPTOUI, Op.FPEXT, Op.FPTRUNC, Op.FNEG,
                             Op.BITCAST, Op.CLZ, Op.CTZ})

ICMP_PREDS: Final = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
FCMP_PREDS: Final = ("oeq", "one", "olt", "ole", "ogt", "oge", "ord", "ueq", "une", "ult", "ule",
                     "ugt", "uge", "uno")


class Succ:
    """A control-flow edge: target block plus the arguments for its parameters."""

    __slots__ = ("block", "args")

    def __init__(self, block: Block, args: list[Use]) -> None:
        self.block = block
        self.args = args

    @property
    def arg_values(self) -> list[Value]:
        return [u.value for u in self.args]


class EdgeArg(Use):
    """An edge's argument for a block parameter that carries the assignment it stands
    for: mem2reg gives the argument of a store it deletes the store's location (and
    Key Instructions atom), as gcc keeps a location per phi argument, so the copy
    out-of-SSA makes for it steps at the assignment's line. Passes that move or
    `set` the use keep it; an edge rebuilt from values drops it (the copy then has
    the jump's line, as every argument had before)."""

    __slots__ = ("loc",)

    def __init__(self, user: Inst, value: Value, loc: DILocation) -> None:
        super().__init__(user, value)
        self.loc = loc


def arg_loc(u: Use) -> DILocation | None:
    """The assignment location an edge argument carries, if any."""
    return u.loc if isinstance(u, EdgeArg) else None


def locate_args(inst: Inst, i: int, locs: Sequence[DILocation | None]) -> None:
    """Give successor `i`'s arguments the assignment locations `locs` (None: none)."""
    args = inst.succs[i].args
    for k, at in enumerate(locs):
        if at is not None:
            args[k].drop()
            args[k] = EdgeArg(inst, args[k].value, at)


def edge_args(inst: Inst) -> Iterator[EdgeArg]:
    """The located edge arguments of `inst`'s successors."""
    for s in inst.succs:
        for u in s.args:
            if isinstance(u, EdgeArg):
                yield u


def inst_locs(inst: Inst) -> list[DILocation | None]:
    """Every location `inst` holds: its own, its records', its edge arguments', a
    return's closing brace."""
    close = [inst.close] if isinstance(inst, Ret) and inst.close is not None else []
    return [inst.loc, *(r.loc for r in inst.dbg_records), *(a.loc for a in edge_args(inst)),
            *close]


def atom_groups(inst: Inst) -> Iterator[int]:
    """The atom groups of every location `inst` holds and of their call sites."""
    for loc in inst_locs(inst):
        while isinstance(loc, DILocation):
            yield loc.atom_group
            loc = loc.inlined_at


class Inst(Value):
    """Base of all instructions. The instruction is itself its result value."""

    __slots__ = ("op", "operands", "succs", "loc", "block", "dbg_records")

    def __new__(cls, *args: object, **kwargs: object) -> Self:
        """An instruction not yet initialised, as `object.__new__` makes it.

        Spelled out for the mypyc-compiled build: `cls.__new__(cls)` (the cloner's
        copy, ir/cloning.py) must not run `__init__`, and a compiled class without
        a `__new__` of its own runs it there. (mypyc's other way, `serializable`,
        leaves `__init__` unrun when Python code, such as the front end, builds the
        instruction: it had no attributes.)"""
        return super().__new__(cls)

    def __init__(self, op: Op, ty: Type, operands: Sequence[Value], *,
                 loc: Loc, name: str = "") -> None:
        super().__init__(ty, name)
        self.op = op
        # (most callers pass a list: iterated as one, the loop is native in the compiled
        # copy instead of the generic iterator protocol a `Sequence` gets)
        self.operands: list[Use] = [Use(self, v) for v in operands] \
            if isinstance(operands, list) else [Use(self, v) for v in operands]
        self.succs: list[Succ] = []
        self.loc: DILocation | None = stored_loc(loc)  # None: built ARTIFICIAL
        self.block: Block | None = None
        self.dbg_records: list[DbgRecord] = []

    def set_loc(self, loc: Loc) -> None:
        """Give the instruction a new location (ARTIFICIAL: none), refusing a missing one."""
        self.loc = stored_loc(loc)

    # -- generic access -----------------------------------------------------
    def operand(self, i: int) -> Value:
        return self.operands[i].value

    def set_operand(self, i: int, v: Value) -> None:
        self.operands[i].set(v)

    def all_uses(self) -> Iterator[Use]:
        yield from self.operands
        for s in self.succs:
            yield from s.args

    def _add_succ(self, block: Block, args: Sequence[Value]) -> None:
        self.succs.append(Succ(block, [Use(self, a) for a in args]))

    @property
    def info(self) -> OpInfo:
        return OPINFO[self.op]

    @property
    def is_terminator(self) -> bool:
        return OPINFO[self.op].terminator

    def add_dbg_record(self, rec: DbgRecord) -> None:
        rec.inst = self
        self.dbg_records.append(rec)

    def drop_all_references(self) -> None:
        """Unregister every operand use (before deleting the instruction)."""
        for u in self.all_uses():
            u.drop()
        self.operands = []
        self.succs = []

    def __repr__(self) -> str:
        return f"<{self.op.value} {self.ty}>"


# ---------------------------------------------------------------------------
# Formats


class TwoOperands(Inst):
    """An instruction of two value operands, `lhs` and `rhs` (arithmetic, compares)."""

    __slots__ = ()

    @property
    def lhs(self) -> Value:
        return self.operands[0].value

    @property
    def rhs(self) -> Value:
        return self.operands[1].value


class Binary(TwoOperands):
    """`nsw` (no signed wrap, add/sub/mul only): the front end's promise that the
    operation, read as signed, does not overflow (C signed arithmetic without
    -fwrapv). The result is still the wrapped value; a pass may rely on the
    promise (iv-sr does) and must drop it when it cannot keep it."""

    __slots__ = ("nsw",)

    def __init__(self, op: Op, lhs: Value, rhs: Value, *, loc: Loc,
                 name: str = "", nsw: bool = False) -> None:
        assert op in BINARY_OPS, op
        super().__init__(op, lhs.ty, [lhs, rhs], loc=loc, name=name)
        self.nsw = nsw


class Cmp(TwoOperands):
    __slots__ = ("pred",)

    def __init__(self, pred: str, lhs: Value, rhs: Value, *, loc: Loc,
                 float_cmp: bool = False, name: str = "") -> None:
        super().__init__(Op.FCMP if float_cmp else Op.ICMP, I1, [lhs, rhs], loc=loc, name=name)
        assert pred in (FCMP_PREDS if float_cmp else ICMP_PREDS), pred
        self.pred = pred


class Cast(Inst):
    __slots__ = ()

    def __init__(self, op: Op, value: Value, to: Type, *, loc: Loc,
                 name: str = "") -> None:
        assert op in CAST_OPS, op
        super().__init__(op, to, [value], loc=loc, name=name)

    @property
    def value(self) -> Value:
        return self.operands[0].value


class ArrayKind(fastenum.IntFlag):
    """What a local's type holds, for -fstack-protector (gcc's
    `stack_protect_classify_type`): which functions get a canary and which
    objects the frame puts next to it. Set by the front end on allocas."""

    NONE = 0
    SMALL_CHAR_ARRAY = 1  # a char array of under 8 bytes (--param ssp-buffer-size)
    LARGE_CHAR_ARRAY = 2
    ARRAY = 4  # any array
    AGGREGATE = 8  # the arrays are inside a struct or union


class Alloca(Inst):
    """A stack object of `size` bytes; the result is its address. `arrays`
    classifies the source object's type (kept by cloning; printed as `arrays N`)."""

    __slots__ = ("size", "align", "arrays")

    def __init__(self, size: int, align: int, *, loc: Loc, name: str = "",
                 arrays: ArrayKind = ArrayKind.NONE) -> None:
        super().__init__(Op.ALLOCA, PTR, [], loc=loc, name=name)
        self.size = size
        self.align = align
        self.arrays = arrays


class Load(Inst):
    __slots__ = ("volatile",)

    def __init__(self, ty: Type, ptr: Value, *, loc: Loc, volatile: bool = False,
                 name: str = "") -> None:
        super().__init__(Op.LOAD, ty, [ptr], loc=loc, name=name)
        self.volatile = volatile

    @property
    def ptr(self) -> Value:
        return self.operands[0].value


class StoreLike(Inst):
    """An instruction that writes its `value` operand through its `ptr` operand."""

    __slots__ = ()

    @property
    def value(self) -> Value:
        return self.operands[0].value

    @property
    def ptr(self) -> Value:
        return self.operands[1].value


class Store(StoreLike):
    __slots__ = ("volatile",)

    def __init__(self, value: Value, ptr: Value, *, loc: Loc,
                 volatile: bool = False) -> None:
        super().__init__(Op.STORE, VOID, [value, ptr], loc=loc)
        self.volatile = volatile


class PtrAdd(Inst):
    """Address arithmetic: `ptr + offset` bytes (offset is i64, may be negative)."""

    __slots__ = ()

    def __init__(self, ptr: Value, offset: Value, *, loc: Loc, name: str = "") -> None:
        super().__init__(Op.PTRADD, PTR, [ptr, offset], loc=loc, name=name)

    @property
    def ptr(self) -> Value:
        return self.operands[0].value

    @property
    def offset(self) -> Value:
        return self.operands[1].value


class MemCopy(Inst):
    """Copy `size` bytes (a compile-time constant): struct assignment and by-value copies."""

    __slots__ = ("size", "align", "volatile")

    def __init__(self, dst: Value, src: Value, size: int, align: int, *,
                 loc: Loc, volatile: bool = False) -> None:
        super().__init__(Op.MEMCPY, VOID, [dst, src], loc=loc)
        self.size = size
        self.align = align
        self.volatile = volatile

    @property
    def dst(self) -> Value:
        return self.operands[0].value

    @property
    def src(self) -> Value:
        return self.operands[1].value


class MemSet(Inst):
    """Fill `size` bytes with the low byte of `byte`: zero-initialisation of aggregates."""

    __slots__ = ("size", "align")

    def __init__(self, dst: Value, byte: Value, size: int, align: int, *,
                 loc: Loc) -> None:
        super().__init__(Op.MEMSET, VOID, [dst, byte], loc=loc)
        self.size = size
        self.align = align

    @property
    def dst(self) -> Value:
        return self.operands[0].value

    @property
    def byte(self) -> Value:
        return self.operands[1].value


class Select(Inst):
    __slots__ = ()

    def __init__(self, cond: Value, a: Value, b: Value, *, loc: Loc,
                 name: str = "") -> None:
        super().__init__(Op.SELECT, a.ty, [cond, a, b], loc=loc, name=name)

    @property
    def cond(self) -> Value:
        return self.operands[0].value


class Call(Inst):
    """A call after ABI lowering.

    `fixed_args` is the number of named arguments of a variadic callee (the
    back end sets `%al` for those), or None for a non-variadic call.
    `byval[i]` = (size, align) when argument i is a pointer to an aggregate
    that is passed by copying it onto the stack.
    """

    __slots__ = ("fixed_args", "byval")

    def __init__(self, callee: Value, args: Sequence[Value], ret: Type, *,
                 loc: Loc, fixed_args: int | None = None,
                 byval: Sequence[tuple[int, int] | None] | None = None, name: str = "") -> None:
        super().__init__(Op.CALL, ret, [callee, *args], loc=loc, name=name)
        self.fixed_args = fixed_args
        self.byval: list[tuple[int, int] | None] = list(byval) if byval else [None] * len(args)

    @property
    def callee(self) -> Value:
        return self.operands[0].value

    @property
    def args(self) -> list[Value]:
        return [u.value for u in self.operands[1:]]


class Extract(Inst):
    """Element `index` of a two-register call result."""

    __slots__ = ("index",)

    def __init__(self, agg: Value, index: int, *, loc: Loc, name: str = "") -> None:
        assert isinstance(agg.ty, TupleType)
        super().__init__(Op.EXTRACT, agg.ty.elems[index], [agg], loc=loc, name=name)
        self.index = index


class VaStart(Inst):
    """Initialise the `va_list` object at `ptr` (the SysV four-field struct)."""

    __slots__ = ()

    def __init__(self, ptr: Value, *, loc: Loc) -> None:
        super().__init__(Op.VASTART, VOID, [ptr], loc=loc)


class DynAlloca(Inst):
    """`size` bytes (an i64 computed at run time) of stack, aligned to `align`; the
    result is their address. The memory lives until a `stackrestore` to a
    `stacksave` taken before it, or until the function returns. Never moved,
    merged or removed: it changes the stack pointer."""

    __slots__ = ("align",)

    def __init__(self, size: Value, align: int, *, loc: Loc, name: str = "") -> None:
        super().__init__(Op.DYNALLOCA, PTR, [size], loc=loc, name=name)
        self.align = align

    @property
    def size(self) -> Value:
        return self.operands[0].value


class StackSave(Inst):
    """The current stack position (an opaque ptr for `stackrestore`)."""

    __slots__ = ()

    def __init__(self, *, loc: Loc, name: str = "") -> None:
        super().__init__(Op.STACKSAVE, PTR, [], loc=loc, name=name)


class StackRestore(Inst):
    """Release the dynamic allocations made since the `stacksave` that produced `ptr`."""

    __slots__ = ()

    def __init__(self, ptr: Value, *, loc: Loc) -> None:
        super().__init__(Op.STACKRESTORE, VOID, [ptr], loc=loc)

    @property
    def ptr(self) -> Value:
        return self.operands[0].value


def has_dynamic_stack(fn: Function) -> bool:
    """Does the IR function allocate stack at run time (dynalloca)?"""
    return any(i.op is Op.DYNALLOCA for b in fn.blocks for i in b.insts)


class InlineAsm(Inst):
    """GNU inline assembly, kept as text with its operand constraints.

    `constraints[i]` describes asm operand i in gcc's numbering (outputs, then
    inputs, then the hidden inputs of read-write `+` operands), one canonical
    alternative each: outputs `=r`/`=&r`/`=a`.../`=m`, inputs `r`, `q`, `a`-`D`,
    `m`, `i`, `n`, or a digit tying the input to that output's register.
    Register outputs are the instruction's result (void, one scalar, or a tuple
    in output order); every other asm operand has one IR operand, in order: the
    address for `m`, the value otherwise. `clobbers` are register names plus
    "memory" and "cc". Every asm is treated as reading and writing memory and is
    never removed (`side_effects` records `volatile` for printing and for
    passes that may want to drop unused non-volatile asm).
    """

    __slots__ = ("template", "constraints", "clobbers", "side_effects")

    def __init__(self, template: str, constraints: Sequence[str], clobbers: Sequence[str],
                 operands: Sequence[Value], ret: Type, *, loc: Loc,
                 side_effects: bool = False, name: str = "") -> None:
        super().__init__(Op.ASM, ret, operands, loc=loc, name=name)
        self.template = template
        self.constraints: tuple[str, ...] = tuple(constraints)
        self.clobbers: tuple[str, ...] = tuple(clobbers)
        self.side_effects = side_effects

    def operand_index(self, asm_index: int) -> int | None:
        """IR operand position of asm operand `asm_index` (None: a register output)."""
        k = 0
        for i, c in enumerate(self.constraints):
            reg_out = c.startswith("=") and not c.endswith("m")
            if i == asm_index:
                return None if reg_out else k
            if not reg_out:
                k += 1
        raise IndexError(asm_index)

    def register_outputs(self) -> list[int]:
        """Asm operand numbers of the register outputs, in result order."""
        return [i for i, c in enumerate(self.constraints)
                if c.startswith("=") and not c.endswith("m")]

    @property
    def barrier(self) -> bool:
        """Must neither move nor be removed relative to memory accesses."""
        return self.side_effects or "memory" in self.clobbers


# ---------------------------------------------------------------------------
# Terminators


class Jump(Inst):
    __slots__ = ()

    def __init__(self, target: Block, args: Sequence[Value] = (), *,
                 loc: Loc) -> None:
        super().__init__(Op.JUMP, VOID, [], loc=loc)
        self._add_succ(target, args)


class Branch(Inst):
    """Two-way conditional branch on an i1."""

    __slots__ = ()

    def __init__(self, cond: Value, then: Block, els: Block, then_args: Sequence[Value] = (),
                 else_args: Sequence[Value] = (), *, loc: Loc) -> None:
        super().__init__(Op.BRANCH, VOID, [cond], loc=loc)
        self._add_succ(then, then_args)
        self._add_succ(els, else_args)

    @property
    def cond(self) -> Value:
        return self.operands[0].value


class Switch(Inst):
    """Multi-way branch; succs[0] is the default, succs[i+1] goes with values[i]."""

    __slots__ = ("values",)

    def __init__(self, value: Value, default: Block, cases: Sequence[tuple[int, Block]], *,
                 loc: Loc) -> None:
        super().__init__(Op.SWITCH, VOID, [value], loc=loc)
        self._add_succ(default, ())
        self.values: list[int] = []
        for v, blk in cases:
            self.values.append(v)
            self._add_succ(blk, ())

    @property
    def value(self) -> Value:
        return self.operands[0].value


class Ret(Inst):
    """Return 0, 1 or 2 values (2: a struct returned in two registers).

    `close` is the closing brace's location when the return statement's took the
    instruction's (the front end's single-return fold with Key Instructions): the
    copies into the return registers step at the statement, the epilogue and the
    `ret` at the `}`, as at -O0, where both are stops."""

    __slots__ = ("close",)

    def __init__(self, values: Sequence[Value] = (), *, loc: Loc,
                 close: DILocation | None = None) -> None:
        super().__init__(Op.RET, VOID, list(values), loc=loc)
        self.close = close


class Unreachable(Inst):
    __slots__ = ()

    def __init__(self, *, loc: Loc) -> None:
        super().__init__(Op.UNREACHABLE, VOID, [], loc=loc)
