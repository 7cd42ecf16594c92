"""Debug-info metadata carried by the IR from the front end to the DWARF writer.

Metadata nodes (files, scopes, types, variables) are immutable and compared by
identity (`eq=False`): two structurally equal scopes are still two scopes, and
recursive struct types would make structural hashing loop. The one mutable
field is `DICompositeType.elements`, filled after creation so that a struct can
contain a pointer to itself.

`DILocation` is the exception: it is a plain value (structural equality), since
"same source position" is exactly what the line-table writer asks about. It
carries the Key Instructions atom (group, rank) from the first line on.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

import atomc.fastenum as fastenum

# ---------------------------------------------------------------------------
# Files and compile unit


@dataclass(frozen=True, slots=True, eq=False)
class DIFile:
    name: str
    directory: str


@dataclass(frozen=True, slots=True, eq=False)
class DICompileUnit:
    file: DIFile
    producer: str
    language: str  # "C99", "C11"
    optimized: bool


# ---------------------------------------------------------------------------
# Types

BASIC_ENCODINGS: Final = ("signed", "unsigned", "signed_char", "unsigned_char", "boolean", "float",
                          "complex_float")
DERIVED_TAGS: Final = ("pointer", "typedef", "const", "volatile", "atomic", "member")
COMPOSITE_TAGS: Final = ("struct", "union", "array", "enum")


@dataclass(frozen=True, slots=True, eq=False)
class DIBasicType:
    name: str
    size_bits: int
    encoding: str  # one of BASIC_ENCODINGS


@dataclass(frozen=True, slots=True, eq=False)
class DIDerivedType:
    tag: str  # one of DERIVED_TAGS
    name: str
    base: DIType | None  # None: `void *` or `const void`
    size_bits: int = 0
    offset_bits: int = 0  # for members
    file: DIFile | None = None
    line: int = 0
    bit_size: int = 0  # bit-field members: width in bits (offset_bits is then the bit offset)


@dataclass(frozen=True, slots=True, eq=False)
class DIEnumerator:
    name: str
    value: int


@dataclass(frozen=True, slots=True, eq=False)
class DISubrange:
    count: int  # -1: unknown bound (`int a[]`, or a VLA's run-time bound)
    count_var: DILocalVariable | None = None  # VLA: the artificial variable holding the count


@dataclass(frozen=True, slots=True, eq=False)
class DICompositeType:
    tag: str  # one of COMPOSITE_TAGS
    name: str  # "" for anonymous
    size_bits: int
    align_bits: int = 0
    base: DIType | None = None  # element type (array) or underlying type (enum)
    file: DIFile | None = None
    line: int = 0
    # members (DIDerivedType tag "member"), enumerators, or subranges
    elements: list[DIDerivedType | DIEnumerator | DISubrange] = field(default_factory=list)
    is_declaration: bool = False  # incomplete struct


@dataclass(frozen=True, slots=True, eq=False)
class DISubroutineType:
    ret: DIType | None  # None = void
    params: tuple[DIType, ...]
    variadic: bool = False
    prototyped: bool = True


DIType = DIBasicType | DIDerivedType | DICompositeType | DISubroutineType

# ---------------------------------------------------------------------------
# Scopes


@dataclass(frozen=True, slots=True, eq=False)
class DISubprogram:
    name: str
    linkage_name: str
    file: DIFile
    line: int
    type: DISubroutineType
    scope_line: int
    unit: DICompileUnit
    is_local: bool = False  # `static`
    is_definition: bool = True
    key_instructions: bool = False

    @property
    def subprogram(self) -> DISubprogram:
        return self


def enable_key_instructions(sp: DISubprogram) -> None:
    """Turn on Key Instructions for a subprogram whose IR was annotated after the
    fact (the heuristic annotation pass). Subprograms compare by identity, so
    setting the flag in place keeps every scope and location that refers to it."""
    object.__setattr__(sp, "key_instructions", True)


@dataclass(frozen=True, slots=True, eq=False)
class DILexicalBlock:
    scope: DIScope
    file: DIFile
    line: int
    column: int

    @property
    def subprogram(self) -> DISubprogram:
        return self.scope.subprogram


DIScope = DISubprogram | DILexicalBlock

# ---------------------------------------------------------------------------
# Variables


@dataclass(frozen=True, slots=True, eq=False)
class DILocalVariable:
    """A local variable or parameter of a function (of `scope`)."""

    name: str
    scope: DIScope
    file: DIFile
    line: int
    type: DIType
    arg: int = 0  # 1-based parameter number, 0 for locals

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, name: str, scope: DIScope, file: DIFile, line: int, type: DIType,
                 arg: int = 0) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "scope", scope)
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "arg", arg)


@dataclass(frozen=True, slots=True, eq=False)
class DIGlobalVariable:
    name: str
    linkage_name: str
    file: DIFile
    line: int
    type: DIType
    is_local: bool = False
    is_definition: bool = True
    scope: DIScope | None = None  # the function or block of a function-local static


# ---------------------------------------------------------------------------
# Locations and expressions


@dataclass(frozen=True, slots=True)
class DILocation:
    """A source position. atom_group 0 = no atom; atom_rank 0 = none, else 1..7.

    `copy` tells apart call sites that are copies of one call (unrolling copies
    a loop body with the calls inlined into it): each copy is its own inlined
    instance, a frame gdb and lldb enter and leave per iteration, where equal
    call sites would make one instance whose ranges span every copy (gdb then
    stepped from the last copy's line back to the first's in one frame). 0 for
    an original call site.

    `stmt` numbers the statement the position belongs to (per function, from 1)
    where the line table marks statement starts: unoptimised code without Key
    Instructions, whose first row of each statement is `is_stmt`, as gcc -O0's
    (two statements on one line are two stops for gdb where one call returns
    right before the next statement). 0 elsewhere; it never changes code.
    """

    line: int
    column: int
    scope: DIScope
    inlined_at: DILocation | None = None
    atom_group: int = 0
    atom_rank: int = 0
    copy: int = 0
    stmt: int = 0

    # written out, not generated: see codegen/mir/core.py's operands
    def __init__(self, line: int, column: int, scope: DIScope,
                 inlined_at: DILocation | None = None, atom_group: int = 0,
                 atom_rank: int = 0, copy: int = 0, stmt: int = 0) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "scope", scope)
        object.__setattr__(self, "inlined_at", inlined_at)
        object.__setattr__(self, "atom_group", atom_group)
        object.__setattr__(self, "atom_rank", atom_rank)
        object.__setattr__(self, "copy", copy)
        object.__setattr__(self, "stmt", stmt)

    def same_position(self, other: DILocation | None) -> bool:
        """Line-table equality: line, column, scope and inlined-at; atoms are ignored."""
        return (
            other is not None
            and self.line == other.line
            and self.column == other.column
            and self.scope is other.scope
            and self.inlined_at == other.inlined_at
        )

    def same_line(self, other: DILocation) -> bool:
        """The same source line of the same (inlined) function instance."""
        return self.line == other.line and self.inlined_at == other.inlined_at and \
            self.scope.subprogram is other.scope.subprogram

    def without_atom(self) -> DILocation:
        return replace(self, atom_group=0, atom_rank=0) if self.atom_group else self

    def with_atom(self, group: int, rank: int) -> DILocation:
        return replace(self, atom_group=group, atom_rank=rank)

    def with_inlined_at(self, site: DILocation | None) -> DILocation:
        """This position inside the inlined instance at `site` (the constructor
        directly: inlining re-roots every location it clones, and
        `dataclasses.replace` was a fifth of the inliner's time on sqlite3)."""
        return DILocation(self.line, self.column, self.scope, site, self.atom_group,
                          self.atom_rank, self.copy, self.stmt)

    @property
    def subprogram(self) -> DISubprogram:
        return self.scope.subprogram


class NoLoc(fastenum.Enum):
    """The explicit "no source location" an instruction is built with when it has
    none: compiler-made code with no source position of its own (a stack slot for
    a copied value, a conversion the ABI needs), or a function without debug info.
    Constructors and the builder take `DILocation | NoLoc` and refuse `None`, so
    every new instruction says which it is; once built, `inst.loc` stores `None`
    for it (the back end and the line table read `None` as "no row of its own",
    LLVM's empty DebugLoc). Textual IR prints it as no `!loc(...)` suffix, and the
    parser reads a missing suffix as ARTIFICIAL. The verifier counts these
    instructions in functions that have debug info (rule 37)."""

    ARTIFICIAL = "artificial"


ARTIFICIAL: Final = NoLoc.ARTIFICIAL
Loc = DILocation | NoLoc  # what an instruction is built with


def loc_or_artificial(loc: DILocation | None) -> Loc:
    """A stored location (None: artificial) as the value a constructor takes."""
    return ARTIFICIAL if loc is None else loc


def stored_loc(loc: Loc) -> DILocation | None:
    """What `inst.loc` holds for a constructor's location; refuses a missing one."""
    if loc is ARTIFICIAL:
        return None
    if not isinstance(loc, DILocation):
        raise TypeError(f"an instruction needs loc=: a DILocation or ARTIFICIAL, not {loc!r}")
    return loc


# DWARF expression opcodes that debug records may use (values from DWARF 5).
DW_OP_deref: Final = 0x06
DW_OP_plus_uconst: Final = 0x23
DW_OP_minus: Final = 0x1C
DW_OP_plus: Final = 0x22
DW_OP_mul: Final = 0x1E
DW_OP_constu: Final = 0x10
DW_OP_consts: Final = 0x11
DW_OP_dup: Final = 0x12  # a copy of the top (exit_values.py's max(x, 0))
DW_OP_swap: Final = 0x16  # exchange the top two (salvage_tree.py: two operands of one root)
DW_OP_stack_value: Final = 0x9F
# Bitwise ops: an extension or a shift of a surviving value is exact only with them
# (a zext is `constu mask, and`; a sext `constu 64-b, shl, constu 64-b, shra`).
DW_OP_and: Final = 0x1A
DW_OP_or: Final = 0x21
DW_OP_xor: Final = 0x27
DW_OP_shl: Final = 0x24
DW_OP_shr: Final = 0x25
DW_OP_shra: Final = 0x26
DW_OP_LLVM_fragment: Final = 0x1000  # pseudo op: (offset_bits, size_bits), always last
# pseudo op `arg k`: push the value of the record's operand k, which the record's own
# value cannot give (`t = a + b` with both live: b is operand 1). Operand k is a
# record of its own, of the variable's operand variable k (ir/operand_records.py),
# placed right before it; the back end joins the two (debuginfo/operand_values.py).
DW_OP_LLVM_arg: Final = 0x1005

_OP_NAMES: Final = {
    DW_OP_deref: "deref", DW_OP_plus_uconst: "plus_uconst", DW_OP_minus: "minus",
    DW_OP_plus: "plus", DW_OP_mul: "mul", DW_OP_constu: "constu", DW_OP_consts: "consts",
    DW_OP_dup: "dup", DW_OP_swap: "swap",
    DW_OP_stack_value: "stack_value", DW_OP_LLVM_fragment: "fragment",
    DW_OP_and: "and", DW_OP_or: "or", DW_OP_xor: "xor", DW_OP_shl: "shl", DW_OP_shr: "shr",
    DW_OP_shra: "shra", DW_OP_LLVM_arg: "arg",
}
OP_BY_NAME: Final = {v: k for k, v in _OP_NAMES.items()}
OP_ARITY: Final = {DW_OP_plus_uconst: 1, DW_OP_constu: 1, DW_OP_consts: 1, DW_OP_LLVM_fragment: 2,
                   DW_OP_LLVM_arg: 1}


@dataclass(frozen=True, slots=True)
class DIExpression:
    """A flat DWARF-expression operation list applied to the record's value."""

    ops: tuple[int, ...] = ()

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, ops: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "ops", ops)

    def __str__(self) -> str:
        parts: list[str] = []
        i = 0
        while i < len(self.ops):
            op = self.ops[i]
            n = OP_ARITY.get(op, 0)
            parts.append(" ".join([_OP_NAMES[op], *(str(a) for a in self.ops[i + 1 : i + 1 + n])]))
            i += 1 + n
        return "(" + ", ".join(parts) + ")"

    @property
    def fragment(self) -> tuple[int, int] | None:
        if len(self.ops) >= 3 and self.ops[-3] == DW_OP_LLVM_fragment:
            return (self.ops[-2], self.ops[-1])
        return None

    @property
    def body(self) -> tuple[int, ...]:
        """The operations that compute the value, without a trailing fragment."""
        return self.ops[:-3] if self.fragment else self.ops

    @property
    def is_deref(self) -> bool:
        """A memory home: the value is the variable's address."""
        return self.body == (DW_OP_deref,)


EMPTY_EXPR: Final = DIExpression()
DEREF_EXPR: Final = DIExpression((DW_OP_deref,))


def type_bits(t: object) -> int | None:
    """Size of a DI type in bits, through typedefs and qualifiers (None: unknown)."""
    for _ in range(1000):
        if isinstance(t, DIBasicType):
            return t.size_bits
        if isinstance(t, DICompositeType):
            return t.size_bits or None
        if isinstance(t, DIDerivedType):
            if t.tag == "pointer":
                return t.size_bits or 64
            if t.tag == "member":
                return t.size_bits or None
            t = t.base
            continue
        if isinstance(t, DISubroutineType):
            return None
        return None
    return None
