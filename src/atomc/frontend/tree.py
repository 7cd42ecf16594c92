"""Typed tree produced by `sema` and consumed by the lowering (`lower/`).

Every implicit conversion is explicit here (`Cast`, `Decay`), pointer
arithmetic carries its scale, and compound assignments carry the type the
operation is computed in, so the lowering never has to re-derive C's typing
rules. Statements (the end of this module) come checked too: jumps are known to
have targets, case values are folded, and every user error has been reported.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import atomc.fastenum as fastenum

from ..ir.x87float import X80
from .ctype import CType, FuncT, IntT
from .scopes import Pos, Symbol, SymKind

if TYPE_CHECKING:
    from .constinit import Layout


class Expr:
    __slots__ = ("lvalue", "pos", "type")

    def __init__(self, type: CType, pos: Pos, lvalue: bool = False) -> None:
        self.type = type
        self.pos = pos
        self.lvalue = lvalue


class IntConst(Expr):
    __slots__ = ("value",)

    def __init__(self, value: int, type: CType, pos: Pos) -> None:
        # Expr's fields set here, not through super(): the most made node
        self.type, self.pos, self.lvalue, self.value = type, pos, False, value


class FloatConst(Expr):
    """A floating constant, already rounded to its type (an `X80` for long double)."""

    __slots__ = ("value",)

    def __init__(self, value: float | X80, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.value = value


class StrLit(Expr):
    """A string literal object (type char[N]); an lvalue array."""

    __slots__ = ("data",)

    def __init__(self, data: bytes, type: CType, pos: Pos) -> None:
        super().__init__(type, pos, lvalue=True)
        self.data = data  # includes the terminating NUL


class VarRef(Expr):
    __slots__ = ("sym",)

    def __init__(self, sym: Symbol, pos: Pos) -> None:
        # Expr's fields set here, not through super(): made for every name used
        self.type, self.pos, self.lvalue, self.sym = sym.type, pos, sym.kind is SymKind.VAR, sym


class Decay(Expr):
    """Array or function designator used as a value: its address."""

    __slots__ = ("operand",)

    def __init__(self, operand: Expr, type: CType) -> None:
        super().__init__(type, operand.pos)
        self.operand = operand


class Cast(Expr):
    __slots__ = ("explicit", "operand")

    def __init__(self, operand: Expr, type: CType, pos: Pos, explicit: bool = False) -> None:
        super().__init__(type, pos)
        self.operand = operand
        self.explicit = explicit


class Unary(Expr):
    """'-', '~' or '!' on an already promoted operand ('!' yields int)."""

    __slots__ = ("op", "operand")

    def __init__(self, op: str, operand: Expr, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.op = op
        self.operand = operand


class Binary(Expr):
    """Integer arithmetic, shifts, bitwise ops and comparisons.

    Operands already have the operation type (comparisons: both converted to
    the common type, which may be a pointer); the result type is `type`.
    """

    __slots__ = ("left", "op", "right")

    def __init__(self, op: str, left: Expr, right: Expr, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.op = op
        self.left = left
        self.right = right


class PtrArith(Expr):
    """`ptr + index * scale` (op '+') or `ptr - index * scale` (op '-'); index is long.

    When the pointee is a variable length array, `vla` is that type and the
    scale is its run-time size (`scale` is then 0).
    """

    __slots__ = ("index", "op", "ptr", "scale", "vla")

    def __init__(self, op: str, ptr: Expr, index: Expr, scale: int, type: CType, pos: Pos,
                 vla: CType | None = None) -> None:
        super().__init__(type, pos)
        self.op = op
        self.ptr = ptr
        self.index = index
        self.scale = scale
        self.vla = vla


class VlaSizeof(Expr):
    """`sizeof` of a variable length array type (or object): computed at run time."""

    __slots__ = ("vla",)

    def __init__(self, vla: CType, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.vla = vla


class PtrDiff(Expr):
    """`left - right` in elements of `scale` bytes (of the run-time size of `vla`)."""

    __slots__ = ("left", "right", "scale", "vla")

    def __init__(self, left: Expr, right: Expr, scale: int, type: CType, pos: Pos,
                 vla: CType | None = None) -> None:
        super().__init__(type, pos)
        self.left = left
        self.right = right
        self.scale = scale
        self.vla = vla


class Logical(Expr):
    __slots__ = ("left", "op", "right")

    def __init__(self, op: str, left: Expr, right: Expr, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.op = op  # "&&" or "||"
        self.left = left
        self.right = right


class Cond(Expr):
    __slots__ = ("cond", "els", "then")

    def __init__(self, cond: Expr, then: Expr, els: Expr, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.cond = cond
        self.then = then
        self.els = els


class Reuse(Expr):
    """The value of `operand`, computed once where the node is first evaluated and
    reused where it appears again (GNU `a ?: b` is `Cond(Reuse(a), Reuse(a), b)`)."""

    __slots__ = ("operand",)

    def __init__(self, operand: Expr) -> None:
        super().__init__(operand.type, operand.pos)
        self.operand = operand


class Comma(Expr):
    __slots__ = ("left", "right")

    def __init__(self, left: Expr, right: Expr, pos: Pos) -> None:
        super().__init__(right.type, pos)
        self.left = left
        self.right = right


class Assign(Expr):
    """`target = value`, value converted to the target's type."""

    __slots__ = ("target", "value")

    def __init__(self, target: Expr, value: Expr, pos: Pos) -> None:
        super().__init__(target.type, pos)
        self.target = target
        self.value = value


class CompoundAssign(Expr):
    """`target op= rhs`: load target, convert to `optype`, combine, convert back, store.

    For pointer targets (`p += n`) `scale` is the element size and `rhs` is long.
    """

    __slots__ = ("op", "optype", "rhs", "scale", "target")

    def __init__(self, op: str, target: Expr, rhs: Expr, optype: CType, scale: int,
                 pos: Pos) -> None:
        super().__init__(target.type, pos)
        self.op = op
        self.target = target
        self.rhs = rhs
        self.optype = optype
        self.scale = scale


class IncDec(Expr):
    """`++x`, `x--`, ...: delta is +1/-1 times the scale for pointers."""

    __slots__ = ("delta", "prefix", "target")

    def __init__(self, delta: int, prefix: bool, target: Expr, pos: Pos) -> None:
        super().__init__(target.type, pos)
        self.delta = delta
        self.prefix = prefix
        self.target = target


class Deref(Expr):
    """`*p`: the object p points to (an lvalue)."""

    __slots__ = ("ptr",)

    def __init__(self, ptr: Expr, type: CType, pos: Pos) -> None:
        super().__init__(type, pos, lvalue=True)
        self.ptr = ptr


class AddrOf(Expr):
    __slots__ = ("operand",)

    def __init__(self, operand: Expr, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.operand = operand


class Member(Expr):
    """A member of a struct/union object at a fixed byte offset.

    For a bit-field, `bits` (a `bitfields.BitAccess`) says where its unit is
    relative to the base object (`offset` is then unused) and `type` is the
    type of its value in expressions (`bitfields.value_type`).
    """

    __slots__ = ("base", "bits", "name", "offset")

    def __init__(self, base: Expr, offset: int, name: str, type: CType, pos: Pos,
                 bits: Any = None) -> None:
        super().__init__(type, pos, lvalue=base.lvalue)
        self.base = base
        self.offset = offset
        self.name = name
        self.bits = bits


class Call(Expr):
    """A call; `callee` has pointer-to-function type, args are converted."""

    __slots__ = ("args", "builtin", "callee", "ftype")

    def __init__(self, callee: Expr | None, args: list[Expr], ftype: Any, type: CType, pos: Pos,
                 builtin: str = "") -> None:
        super().__init__(type, pos)
        self.callee = callee
        self.args = args
        self.ftype = ftype
        self.builtin = builtin  # "va_start", "va_end", "va_copy", "expect", ... or ""


class VaArg(Expr):
    __slots__ = ("ap",)

    def __init__(self, ap: Expr, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.ap = ap  # pointer to the va_list struct


class CompoundLit(Expr):
    """`(T){...}`: an unnamed object initialised in place (an lvalue)."""

    __slots__ = ("init", "sym")

    def __init__(self, type: CType, init: Any, sym: Symbol, pos: Pos) -> None:
        super().__init__(type, pos, lvalue=True)
        self.init = init  # an `Init` tree
        self.sym = sym


class StmtExpr(Expr):
    """GNU `({ ... })`: the block's statements, then `value` (its last expression
    statement, None when the expression is void). A statement expression typed on
    trial (`Sema.quiet`) has no body: it is never lowered."""

    __slots__ = ("body", "value")

    def __init__(self, body: Block | None, value: Expr | None, type: CType, pos: Pos) -> None:
        super().__init__(type, pos)
        self.body = body
        self.value = value


# ---------------------------------------------------------------------------
# Initialisers, flattened to (offset, scalar expression) and (offset, string) items


class InitItem:
    __slots__ = ("expr", "offset", "type")

    def __init__(self, offset: int, type: CType, expr: Expr) -> None:
        self.offset = offset
        self.type = type
        self.expr = expr  # converted to `type`; a StrLit for char arrays from strings,
        # or an aggregate-typed expression copied whole


class Init:
    """A checked initialiser for an object of `type`: scalar items at byte offsets.

    Bytes not covered by an item are zero. An object of static storage gets its
    data laid out once, by the checker at the end of the unit (`layout`: the type it
    was laid out for and the data, addresses still unnamed; constinit.kept_data).
    """

    __slots__ = ("items", "layout", "pos", "type")

    def __init__(self, type: CType, items: list[InitItem], pos: Pos) -> None:
        self.type = type
        self.items = items
        self.pos = pos
        self.layout: tuple[CType, Layout] | None = None


# ---------------------------------------------------------------------------
# Statements


class Stmt:
    """A checked statement."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class ExprStmt(Stmt):
    """An expression evaluated for its side effects."""

    expr: Expr


@dataclass(frozen=True, slots=True)
class Seq(Stmt):
    """Statements in order, opening no scope (a declaration list; what is left of a
    statement after an error; an `if` arm an inlined body folds away)."""

    items: tuple[Stmt, ...]


@dataclass(frozen=True, slots=True)
class Block(Stmt):
    """A compound statement (or a function or statement-expression body).

    `scoped`: it declares objects, so it gets a lexical block in the debug info;
    `end`: where its cleanups run (its closing brace, else its opening one).
    """

    items: tuple[Stmt, ...]
    pos: Pos
    scoped: bool
    end: Pos


class Storage(fastenum.Enum):
    """Where a local object lives."""

    AUTO = enum.auto()    # an entry-block slot
    STATIC = enum.auto()  # a module global, internal
    VLA = enum.auto()     # a variable length array, on the stack at its declaration


@dataclass(frozen=True, slots=True)
class Cleanup:
    """GNU `cleanup(fn)` of a local: `fn` is called with `arg` (the local's address,
    converted to `fn`'s parameter type) when the local goes out of scope."""

    fn: Symbol
    arg: Expr


@dataclass(frozen=True, slots=True)
class LocalVar(Stmt):
    """A block-scope object definition."""

    sym: Symbol
    storage: Storage
    init: Init | None
    cleanup: Cleanup | None


@dataclass(frozen=True, slots=True)
class VlaTypedef(Stmt):
    """A typedef of a variably modified type: its sizes are evaluated here."""

    type: CType
    pos: Pos


@dataclass(frozen=True, slots=True)
class Return(Stmt):
    """`return`; `value` is converted to the return type (or void, for effects)."""

    value: Expr | None
    pos: Pos


@dataclass(frozen=True, slots=True)
class If(Stmt):
    """`if`. An arm that a constant condition never takes (and that holds no label)
    is `dead`: still lowered, but calls in it are not diagnosed."""

    cond: Expr
    then: Stmt | None
    els: Stmt | None
    then_dead: bool
    else_dead: bool


@dataclass(frozen=True, slots=True)
class While(Stmt):
    cond: Expr
    body: Stmt | None
    pos: Pos


@dataclass(frozen=True, slots=True)
class DoWhile(Stmt):
    body: Stmt | None
    cond: Expr


@dataclass(frozen=True, slots=True)
class For(Stmt):
    """`for`; `scoped`: its first clause declares. `body_end`: the closing brace of a
    compound body when there is an increment (the Key Instructions position of the
    end-of-body branch)."""

    init: Stmt | None
    cond: Expr | None
    next: Expr | None
    body: Stmt | None
    pos: Pos
    scoped: bool
    body_end: Pos | None


@dataclass(frozen=True, slots=True)
class Break(Stmt):
    pos: Pos


@dataclass(frozen=True, slots=True)
class Continue(Stmt):
    pos: Pos


@dataclass(frozen=True, slots=True)
class Goto(Stmt):
    label: str
    pos: Pos


@dataclass(frozen=True, slots=True)
class ComputedGoto(Stmt):
    """GNU `goto *p`: `target` is the label's index as a long."""

    target: Expr
    pos: Pos


@dataclass(frozen=True, slots=True)
class Label(Stmt):
    name: str
    body: Stmt | None
    pos: Pos


@dataclass(frozen=True, slots=True)
class Switch(Stmt):
    """`switch`; `cond` is converted to `type`, the promoted controlling type."""

    cond: Expr
    type: IntT
    body: Stmt | None
    pos: Pos


@dataclass(frozen=True, slots=True)
class Case(Stmt):
    """`case lo:` (or GNU `case lo ... hi:`), values already in the switch's type."""

    lo: int
    hi: int
    items: tuple[Stmt, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Default(Stmt):
    items: tuple[Stmt, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class AsmOperand:
    """One `asm` operand: its canonical constraint and typed expression."""

    cons: str
    expr: Expr
    pos: Pos


@dataclass(frozen=True, slots=True)
class Asm(Stmt):
    """A GNU `asm` statement reduced to one form (see `asm_stmt.py`): `hidden` are the
    outputs written `+`, read back as inputs after the written ones."""

    text: str
    outs: tuple[AsmOperand, ...]
    ins: tuple[AsmOperand, ...]
    hidden: tuple[int, ...]
    clobbers: tuple[str, ...]
    volatile: bool
    pos: Pos


# ---------------------------------------------------------------------------
# Function definitions


@dataclass(frozen=True, slots=True)
class Param:
    """A parameter of a function definition: `sym` (None when unnamed), the type its
    home holds, the type it is `passed` in (a K&R parameter arrives promoted) and
    its debug type (`sym`'s type as declared, before a variably modified type is
    resolved again against the later parameters)."""

    sym: Symbol | None
    name: str
    type: CType
    passed: CType
    pos: Pos
    di_type: CType


@dataclass(frozen=True, slots=True)
class FunctionDef:
    """A checked function definition.

    `type` is the function type as called (the ABI's), `di_type` as declared (the
    debug info's; they differ for K&R definitions). `vla_params` are the variably
    modified parameter types whose sizes are evaluated on entry, `end` is the
    closing brace, `label_values` the index of each address-taken label.
    """

    sym: Symbol
    type: FuncT
    di_type: FuncT
    params: tuple[Param, ...]
    vla_params: tuple[tuple[CType, Pos], ...]
    body: Block
    end: Pos
    label_values: tuple[tuple[str, int], ...]


# ---------------------------------------------------------------------------
# The translation unit, handed to the lowering one checked item at a time


@dataclass(frozen=True, slots=True)
class FileObject:
    """A file-scope object declaration that defines storage (or has an initialiser),
    where the source has it: the module gets its global now, in source order."""

    sym: Symbol


@dataclass(frozen=True, slots=True)
class FileAsm:
    """A file-scope `asm("...")`: its text, verbatim."""

    text: str


@dataclass(frozen=True, slots=True)
class GlobalDef:
    """A file-scope object decided at the end of the unit: defined here with `init`
    (None: zero, a tentative definition), or only declared (`define` false: an
    `extern` object the program uses)."""

    sym: Symbol
    init: Init | None
    define: bool


@dataclass(frozen=True, slots=True)
class UnitEnd:
    """What the end of the translation unit decides: the file-scope objects in
    declaration order, the assembler directives of `alias`/`ifunc`/`symver`, and every
    file-scope symbol with its `section` attribute (attributes may come with any
    declaration, also after the first use)."""

    globals: tuple[GlobalDef, ...]
    directives: tuple[str, ...]
    symbols: tuple[tuple[Symbol, str | None], ...]


TopLevel = FunctionDef | FileObject | FileAsm | UnitEnd


class FileNames:
    """The file scope as the lowering may see it while it names the targets of
    addresses in static data: symbols and file-scope compound literals, by name."""

    __slots__ = ("literals", "symbols")

    def __init__(self, symbols: dict[str, Symbol], literals: dict[str, CompoundLit]) -> None:
        self.symbols = symbols
        self.literals = literals
