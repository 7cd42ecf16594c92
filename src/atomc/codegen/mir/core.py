"""Machine IR: target instructions over virtual registers, physical registers
and stack slots, between instruction selection and assembly printing.

The boundary every later pass relies on: isel produces MIR with virtual
registers (`VReg`) and frame objects (`StackSlot`); a register allocator
rewrites every `VReg` into a `PReg` or a slot access; frame lowering turns
slots into `%rbp`- or `%rsp`-relative memory and adds prologue/epilogue/CFI; the printer
only formats. Operand roles (use/def) come from the target's opcode table, so
passes here stay target-neutral.

Debug facts live on the instructions: `loc` (source location), `instr_num`
(debug instruction number, 0 = none; see variable-locations spec §1, §7.3) and
meta instructions (`DBG_VALUE`, `DBG_INSTR_REF`, `DBG_PHI`, `LABEL`, `CFI`)
that emit no machine code.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import atomc.fastenum as fastenum

from ...ir.dbgrecords import DbgKind
from ...ir.debuginfo import DIExpression, DILocalVariable, DILocation
from ...ir.why import Why

if TYPE_CHECKING:
    from ...ir.function import Function
    from ..debuginfo.currency import MovedStore
    from ..debuginfo.records_ahead import RecordsAhead

# ---------------------------------------------------------------------------
# Operands
#
# The operands made per instruction (VReg, PReg, Imm, StackSlot, Mem, BlockRef,
# Sym) write their own `__init__`, the one `dataclass` would make: in the
# mypyc-compiled build that one is interpreted code (built by `dataclasses` at
# import), about 1.5 us a value, most of isel's and the -O0 allocator's
# operand-making cost; a written one is compiled
# (tests/codegen/test_compiled_constructors.py holds them to the fields).


@dataclass(frozen=True, slots=True)
class VReg:
    """Virtual register `id`, accessed with width `size` bytes (a view: the
    same id may be read at a narrower or 32-bit width; see `MFunction.vreg_sizes`
    for its natural width)."""

    id: int
    size: int

    def __init__(self, id: int, size: int) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "size", size)

    def __str__(self) -> str:
        return f"%v{self.id}:{self.size}"


@dataclass(frozen=True, slots=True)
class PReg:
    """Physical register: canonical 64-bit name (`rax`) plus access width."""

    name: str
    size: int = 8

    def __init__(self, name: str, size: int = 8) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "size", size)

    def __str__(self) -> str:
        return f"${self.name}:{self.size}"


@dataclass(frozen=True, slots=True)
class Imm:
    """An immediate operand."""

    value: int

    def __init__(self, value: int) -> None:
        object.__setattr__(self, "value", value)

    def __str__(self) -> str:
        return f"#{self.value}"


@dataclass(frozen=True, slots=True)
class StackSlot:
    """Frame object `index` of `MFunction.slots`."""

    index: int

    def __init__(self, index: int) -> None:
        object.__setattr__(self, "index", index)

    def __str__(self) -> str:
        return f"stack.{self.index}"


@dataclass(frozen=True, slots=True)
class Mem:
    """Memory operand `symbol + disp + base + index*scale`. With a symbol and
    no base the address is `%rip`-relative. A `StackSlot` base is the slot's
    address (rewritten to `%rbp`/`%rsp` + offset by frame lowering). `segment`
    ("fs") adds that segment's base: thread-local storage and the stack
    protector's guard (`%fs:40`); a segment operand is never `%rip`-relative."""

    base: VReg | PReg | StackSlot | None = None
    index: VReg | PReg | None = None
    scale: int = 1
    disp: int = 0
    symbol: str | None = None
    segment: str | None = None

    def __init__(self, base: VReg | PReg | StackSlot | None = None,
                 index: VReg | PReg | None = None, scale: int = 1, disp: int = 0,
                 symbol: str | None = None, segment: str | None = None) -> None:
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "scale", scale)
        object.__setattr__(self, "disp", disp)
        object.__setattr__(self, "symbol", symbol)
        object.__setattr__(self, "segment", segment)

    def regs(self) -> Iterator[VReg | PReg]:
        if isinstance(self.base, (VReg, PReg)):
            yield self.base
        if self.index is not None:
            yield self.index

    def __str__(self) -> str:
        parts = []
        if self.symbol:
            parts.append(self.symbol)
        if self.base is not None:
            parts.append(str(self.base))
        if self.index is not None:
            parts.append(f"{self.index}*{self.scale}")
        if self.disp or not parts:
            parts.append(str(self.disp))
        return ("%" + self.segment + ":" if self.segment else "") + "[" + " + ".join(parts) + "]"


@dataclass(frozen=True, slots=True)
class BlockRef:
    """A branch's target block."""

    block: MBlock

    def __init__(self, block: MBlock) -> None:
        object.__setattr__(self, "block", block)

    def __str__(self) -> str:
        return f"%bb.{self.block.number}"


@dataclass(frozen=True, slots=True)
class Sym:
    """A code symbol (call target) or an assembler label."""

    name: str

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)

    def __str__(self) -> str:
        return f"@{self.name}"


Operand = VReg | PReg | Imm | StackSlot | Mem | BlockRef | Sym


@dataclass(frozen=True, slots=True)
class JumpTable:
    """The `meta` of a table jump (`jmptab`): the table's label and its
    entries in order. The entries are the instruction's successors.
    `notrack`: exempt from -fcf-protection's indirect-branch tracking."""

    label: str
    targets: tuple[MBlock, ...]
    notrack: bool = False

    def __str__(self) -> str:
        return f"{self.label} [" + ", ".join(f"%bb.{b.number}" for b in self.targets) + "]"


def quote(text: str) -> str:
    """A string on one line, quoted (backslash, quote, newline and tab escaped)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
        .replace("\t", "\\t") + '"'


class AsmOperandKind(fastenum.Enum):
    """Where an asm operand lives."""

    REG = enum.auto()
    MEM = enum.auto()
    IMM = enum.auto()


@dataclass(frozen=True, slots=True)
class AsmOperand:
    """Where one asm operand lives: a register (`reg` at `size` bytes), the
    memory operand `index` of the INLINEASM instruction, or an immediate."""

    kind: AsmOperandKind
    reg: str = ""
    size: int = 8
    index: int = 0
    value: int = 0

    def __str__(self) -> str:
        match self.kind:
            case AsmOperandKind.REG:
                return f"${self.reg}:{self.size}"
            case AsmOperandKind.MEM:
                return f"op{self.index}"
        return f"#{self.value}"


@dataclass(frozen=True, slots=True)
class AsmMeta:
    """The `meta` of an INLINEASM: the template and where each operand lives."""

    template: str
    operands: tuple[AsmOperand, ...]

    def __str__(self) -> str:
        parts = [f"%{i}={o}" for i, o in enumerate(self.operands)]
        return quote(self.template) + (" " + " ".join(parts) if parts else "")


# ---------------------------------------------------------------------------
# Instructions


class MIFlag(fastenum.IntFlag):
    NONE = 0
    FRAME_SETUP = 1
    FRAME_DESTROY = 2
    VOLATILE = 4  # a volatile memory access: never removed, merged or reordered with another


META_OPCODES: Final = frozenset({"DBG_VALUE", "DBG_INSTR_REF", "DBG_PHI", "LABEL", "CFI"})
# inline assembly: the template and its operands are the instruction's `InlineAsm` meta
INLINE_ASM: Final = "INLINEASM"
# the meta instructions that say where a variable's value is
VALUE_RECORD_OPCODES: Final = frozenset({"DBG_VALUE", "DBG_INSTR_REF", "DBG_PHI"})

# Reserved operand number for "the value this instruction stored to its stack
# memory operand" (spec §1.2, folded stores).
MEMORY_OPERAND: Final = 1_000_000


class MInst:
    """One machine instruction (or meta instruction).

    `operands` are in AT&T order (sources first, destination last); the
    target's opcode table says which are uses and defs. `implicit_uses` /
    `implicit_defs` name physical registers read or written without appearing
    as operands (the divide's rdx:rax, a call's clobbers). `meta` carries the
    payload of meta instructions (a `DbgRecord`, a CFI directive text).
    """

    __slots__ = (
        "flags",
        "implicit_defs",
        "implicit_uses",
        "instr_num",
        "loc",
        "meta",
        "opcode",
        "operands",
    )

    # `loc` and the rest may be passed by position: isel and the -O0 allocator,
    # which make most instructions, do (five keywords cost a call as much again)
    def __init__(self, opcode: str, operands: list[Operand], loc: DILocation | None,
                 flags: MIFlag = MIFlag.NONE, implicit_uses: tuple[str, ...] = (),
                 implicit_defs: tuple[str, ...] = (), meta: object = None) -> None:
        self.opcode = opcode
        self.operands = operands
        self.loc = loc
        self.instr_num = 0
        self.flags = flags
        self.implicit_uses = implicit_uses
        self.implicit_defs = implicit_defs
        self.meta = meta

    @property
    def is_meta(self) -> bool:
        # (the passes' per-instruction loops test `opcode in META_OPCODES` inline:
        # a property call costs twice the test)
        return self.opcode in META_OPCODES

    def clone(self) -> MInst:
        """A copy without the debug instruction number (spec §1.1: clones never
        inherit numbers, which would make references ambiguous)."""
        c = MInst(self.opcode, list(self.operands), loc=self.loc, flags=self.flags,
                  implicit_uses=self.implicit_uses, implicit_defs=self.implicit_defs,
                  meta=self.meta)
        return c

    def drop_number(self) -> None:
        """The instruction was mutated to compute a different value."""
        self.instr_num = 0

    def __repr__(self) -> str:
        return f"<MInst {self.opcode} {', '.join(map(str, self.operands))}>"


class MBlock:
    """A machine block. `source_label`: it comes from an IR block whose code starts at
    a source label (printed `bb.N: source-label`, see passes/fallthrough.py)."""

    __slots__ = ("insts", "ir_block", "label", "number", "source_label")

    def __init__(self, number: int, label: str, ir_block: object | None = None,
                 source_label: bool = False) -> None:
        self.number = number
        self.label = label
        self.insts: list[MInst] = []
        self.ir_block = ir_block  # the IR block it came from, None for edge blocks
        self.source_label = source_label

    def append(self, inst: MInst) -> MInst:
        self.insts.append(inst)
        return inst

    def last_real(self) -> int:
        """The index of the block's last real (non-meta) instruction, -1 if none: a
        return or jump can only be there (nothing real follows an unconditional
        terminator, verifier rule 5), so a pass looking for them reads the block's
        tail, not every instruction."""
        insts = self.insts
        k = len(insts) - 1
        while k >= 0 and insts[k].opcode in META_OPCODES:
            k -= 1
        return k

    def __repr__(self) -> str:
        return f"<MBlock {self.label}>"


class SlotKind(fastenum.StrEnum):
    """What a stack object holds; the value is its word in the MIR text."""

    ALLOCA = "alloca"            # a local variable's memory
    SPILL = "spill"              # a register allocator's spill slot
    VARARG_SAVE = "vararg_save"  # a variadic function's register save area
    INCOMING = "incoming"        # a parameter's home (the caller's slot when fixed)
    STACK_GUARD = "stack_guard"  # the stack protector's copy of the guard
    SCRATCH = "scratch"          # a target's own temporaries (x86-64: x87 values)


@dataclass(slots=True)
class FrameSlot:
    """A stack object. `fixed_offset` (CFA-relative) is set for objects the
    caller owns (incoming stack arguments); frame lowering sets `cfa_offset`
    for the rest. `kind`: what it holds.
    `arrays`: the alloca's `ir.insts.ArrayKind`; `protect_phase`: with a
    stack-protector guard, 1 for char arrays (laid out right below the guard),
    2 for other arrays (below those), 0 for the rest (lowest)."""

    size: int
    align: int
    kind: SlotKind
    name: str = ""
    fixed_offset: int | None = None
    cfa_offset: int | None = None
    arrays: int = 0
    protect_phase: int = 0


@dataclass(frozen=True, slots=True)
class InstrOperandRef:
    """Operand `operand` of the instruction numbered `instr_num`."""

    instr_num: int
    operand: int


class MFunction:
    __slots__ = (
        "alloc_facts",
        "blocks",
        "callee_saved",
        "cfg_kept",
        "end_label",
        "frame_base_offset",
        "frame_pointer",
        "frame_size",
        "internal",
        "ir",
        "max_call_frame",
        "moved_stores",
        "name",
        "next_block_number",
        "next_instr_num",
        "number",
        "records_ahead",
        "slots",
        "substitutions",
        "target_state",
        "vreg_sizes",
    )

    def __init__(self, name: str, ir: Function, number: int) -> None:
        self.name = name
        self.ir = ir
        self.number = number  # function index in the module, for labels
        self.blocks: list[MBlock] = []
        self.vreg_sizes: list[int] = []
        self.target_state: object | None = None  # the target's own (x86-64: X86FunctionState)
        self.slots: list[FrameSlot] = []
        self.next_instr_num = 1
        self.substitutions: dict[InstrOperandRef, tuple[InstrOperandRef, int]] = {}
        # stores the scheduler moved across other statements (debuginfo/currency.py)
        self.moved_stores: list[MovedStore] = []
        # debug records the scheduler placed above code before them (records_ahead.py)
        self.records_ahead: list[RecordsAhead] = []
        # the successors while the CFG is known not to change (mir/cfg.py `keep_cfg`)
        self.cfg_kept: object | None = None
        # what copy coalescing hands the allocator (regalloc/facts.py); the pass
        # manager drops it after the pass that follows the one that left it
        self.alloc_facts: object | None = None
        self.max_call_frame = 0  # bytes of outgoing stack arguments at the largest call
        self.callee_saved: list[str] = []  # set by the register allocator
        self.frame_size = 0  # bytes subtracted from %rsp after the pushes
        self.frame_pointer = True  # %rbp frame; decided by frame_policy.needs_frame_pointer
        self.frame_base_offset = 16  # CFA minus the body's base register (%rbp or %rsp)
        self.end_label = f".Lfunc_end{number}"
        self.internal = ir.internal
        self.next_block_number = 0

    # -- creation helpers -------------------------------------------------------
    def new_block(self, ir_block: object | None = None) -> MBlock:
        n = self.next_block_number
        self.next_block_number += 1
        # every machine block of an IR block that starts at a label says so (as the
        # block name `label.NAME` the fall-through pass once read did)
        return MBlock(n, f".LBB{self.number}_{n}", ir_block,
                      bool(getattr(ir_block, "source_label", False)))

    def new_vreg(self, size: int) -> VReg:
        """A virtual register of the general class (a target adds its other
        classes in its `target_state`)."""
        self.vreg_sizes.append(size)
        return VReg(len(self.vreg_sizes) - 1, size)

    def new_slot(self, size: int, align: int, kind: SlotKind, name: str = "",
                 fixed_offset: int | None = None) -> StackSlot:
        self.slots.append(FrameSlot(size, align, kind, name, fixed_offset))
        return StackSlot(len(self.slots) - 1)

    def new_instr_num(self) -> int:
        n = self.next_instr_num
        self.next_instr_num += 1
        return n

    # -- debug instruction numbers (spec §7.3) ----------------------------------
    def make_substitution(self, old: InstrOperandRef, new: InstrOperandRef,
                          subreg: int = 0) -> None:
        if old.instr_num == new.instr_num:
            raise ValueError("a substitution may not map an instruction to itself")
        if old.operand == MEMORY_OPERAND:
            raise ValueError("nothing may be substituted from the memory-operand number")
        self.substitutions[old] = (new, subreg)

    def substitute_for(self, old: MInst, new: MInst, max_operand: int) -> None:
        """`new` replaces `old` and computes the same values in the same def positions."""
        if not old.instr_num:
            return
        if not new.instr_num:
            new.instr_num = self.new_instr_num()
        for k in range(max_operand + 1):
            self.make_substitution(InstrOperandRef(old.instr_num, k),
                                   InstrOperandRef(new.instr_num, k))

    def resolve(self, ref: InstrOperandRef) -> tuple[InstrOperandRef, int]:
        """Follow substitutions to the instruction that now defines the value."""
        subreg = 0
        seen = 0
        while ref in self.substitutions:
            ref, sr = self.substitutions[ref]
            subreg = subreg or sr
            seen += 1
            if seen > len(self.substitutions):
                raise ValueError("substitution cycle")
        return ref, subreg

    def discard_code(self) -> None:
        """Empty every block once the function is printed. Branches name their
        blocks (`BlockRef`), so a function's code is a reference cycle: left as it
        is, its instructions and operands stay allocated until the cyclic
        collector walks them (most of what its collections walked during a
        -O0 compile of sqlite3), instead of being freed by reference counting."""
        for b in self.blocks:
            b.insts = []

    def instructions(self) -> Iterator[tuple[MBlock, MInst]]:
        for b in self.blocks:
            for i in b.insts:
                yield b, i


@dataclass(frozen=True, slots=True)
class DbgMeta:
    """Payload of DBG_VALUE / DBG_INSTR_REF: the variable, its inlined-at, the
    remaining DWARF expression, and the IR record kind (new/add/delete).
    `token` identifies the record and `key` the one it names (an add's `new`,
    a delete's adding record), so the multi-location sets survive isel.
    `why`: for a record without value, the IR's reason (ir/why.py). `stmt`: the
    assignment that made the value (the IR record's `stmt`), not in the text form."""

    var: DILocalVariable
    inlined_at: DILocation | None
    expr: DIExpression
    kind: DbgKind = DbgKind.NEW
    token: int = 0
    key: int = 0
    why: Why | None = None
    stmt: DILocation | None = None

    def __init__(self, var: DILocalVariable, inlined_at: DILocation | None,
                 expr: DIExpression, kind: DbgKind = DbgKind.NEW, token: int = 0,
                 key: int = 0, why: Why | None = None, stmt: DILocation | None = None) -> None:
        object.__setattr__(self, "var", var)
        object.__setattr__(self, "inlined_at", inlined_at)
        object.__setattr__(self, "expr", expr)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "token", token)
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "why", why)
        object.__setattr__(self, "stmt", stmt)
