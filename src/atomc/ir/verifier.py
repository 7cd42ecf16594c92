"""IR verifier: reports every broken invariant, each at the offending object.

`verify_module` / `verify_function` return all errors (never stop at the first);
`check` raises `VerificationFailed` whose message is the IR annotated with each
error under the line it concerns. Rules, one per line:

Structure
- S1  blocks of a definition point back at it and appear once in `fn.blocks`
- S2  a block is non-empty and ends with its only terminator
- S3  `inst.block` is the holding block; block params know their block and index
- S4  the entry block has no parameters and no predecessors
- S5  branch targets are blocks of the same function
- S6  successor arguments match the target block's parameters in count and type
- S7  an instruction's class, opcode, operand count and successor count agree
- S8  module tables: names match keys, back-pointers are set, no name is function and global
- S9  a global's initializer covers exactly its size; its sym items name module symbols
- S10 value and symbol names use only [A-Za-z0-9_.$] (so the text form reads back)
- S11 `optnone` needs `noinline` and excludes `always_inline` (LLVM's rule); one level attribute
Types
- T1  operands are constants, undef, symbols of this module, or values of this function
- T2  binary ops: operands and result of one type; integer ops on ints, float ops on floats
- T3  icmp: two operands of one int or ptr type; fcmp: two of one float type; result i1
- T4  casts: ext widens, trunc narrows; ptrtoint, inttoptr, int<->float, float<->float kinds fit
- T5  memory: addresses are ptr, ptradd offset i64, scalars moved, sizes >= 0, aligns 2^k
- T6  select: i1 condition, both arms and the result of one type
- T7  direct calls: argument count, types and byval flags, `fixed` count and result type fit
- T8  extract: a tuple operand, index in range, result is that element's type
- T9  branch on an i1; switch on an int, with distinct case values that fit it
- T10 ret values match the function's ret_types in count and type
- T11 va_start only in a variadic function
- T12 signature: args match param_types; byval/sret params are ptr; sret returns () or (ptr)
Atomics (atomics.py)
- A1  an atomic access has a ptr address and accesses an i8, i16, i32, i64 or ptr
- A2  orderings fit: a load is not release/acq_rel, a store not acquire/acq_rel, a fence not relaxed
- A3  atomicrmw: the result has the value's type; every operation but xchg needs an integer
- A4  cmpxchg: expected and desired values of one type T; the result is {T, i1}
- A5  cmpxchg failure ordering: relaxed, acquire or seq_cst, and not above the success ordering
SSA
- D1  every use is dominated by its definition (successor args are uses at the terminator)
- D2  block params are usable in their block and the blocks it dominates; dead code unchecked
- D3  use lists agree with operands both ways (no stale uses, no unregistered operands)
Debug locations
- L1  a location's scope chain, through its inlined_at chain, ends in the function's subprogram
- L2  an atom group needs `key_instructions` on the subprogram owning the location's scope
- L3  a nonzero group has a rank in 1..7 and fits in 61 bits; a nonzero rank needs a group
- L4  the module's next atom group is above every group in use
- L5  counted, not an error: instructions built ARTIFICIAL in a function with a subprogram
      (loc_stats.py; `atomc-opt --loc-stats`)
Debug records
- R1  `record.inst` is its instruction; the variable lives in the location's subprogram
- R2  a `new` names no key; an `add` names a `new` and has a value
- R3  a `delete` names a `new` or an `add`, has no value and an empty expression
- R4  the named record is in this function and dominates the record naming it
- R5  variable, fragment and inlined-at agree with the named record
- R6  the named `new` is still current (the forward data flow of docs/ir-reference.md §6)
- R7  record values are scalars of this function or constants; a `deref` home is a ptr
- R8  expressions: known ops and operand counts; one fragment, last, non-empty, inside the var
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..optlevel import LEVEL_ATTRS
from .atomics import FORMATS as _ATOMIC_FORMATS
from .atomics import OPERAND_COUNTS as _ATOMIC_OPERANDS
from .dbgrecords import DbgKind, DbgRecord
from .debuginfo import (
    OP_ARITY,
    OP_BY_NAME,
    DIExpression,
    DILexicalBlock,
    DILocalVariable,
    DILocation,
    DISubprogram,
    DW_OP_LLVM_fragment,
    type_bits,
)
from .dominators import DomTree, dominators_of_function
from .function import Block, Function, Global, Module, SymRef
from .insts import (
    BINARY_OPS,
    CAST_OPS,
    Alloca,
    Binary,
    Branch,
    Call,
    Cast,
    Cmp,
    DynAlloca,
    Extract,
    InlineAsm,
    Inst,
    Jump,
    Load,
    MemCopy,
    MemSet,
    Op,
    PtrAdd,
    Ret,
    Select,
    StackRestore,
    StackSave,
    Store,
    Switch,
    Unreachable,
    VaStart,
    atom_groups,
    edge_args,
)
from .type_rules import is_pow2, is_scalar, type_problems
from .types import PTR, VOID
from .values import Arg, BlockParam, Const, Undef, Use, Value
from .verify_report import annotate
from .wide import Wide

MAX_ATOM_GROUP = (1 << 61) - 1
_NAME_RE = re.compile(r"[A-Za-z0-9_.$]*")

Where = Inst | DbgRecord | Block | Function | Global | None
# one piece of one variable instance: (id of the variable, fragment, inlined-at)
_Piece = tuple[int, tuple[int, int] | None, DILocation | None]


@dataclass(frozen=True, slots=True, eq=False)
class VerifierError:
    """One broken invariant; `where` is the offending object (None: the module)."""

    message: str
    function: Function | None = None
    where: Where = None

    def __str__(self) -> str:
        ctx = f"@{self.function.name}: " if self.function is not None else ""
        return f"{ctx}{self.message}"


class VerificationFailed(Exception):
    def __init__(self, errors: list[VerifierError], text: str) -> None:
        super().__init__(text)
        self.errors = errors


_FORMAT: dict[Op, type] = {
    **{op: Binary for op in BINARY_OPS}, **{op: Cast for op in CAST_OPS},
    Op.ICMP: Cmp, Op.FCMP: Cmp, Op.ALLOCA: Alloca, Op.LOAD: Load, Op.STORE: Store,
    Op.PTRADD: PtrAdd, Op.MEMCPY: MemCopy, Op.MEMSET: MemSet, Op.SELECT: Select, Op.CALL: Call,
    Op.EXTRACT: Extract, Op.VASTART: VaStart, Op.ASM: InlineAsm, Op.JUMP: Jump, Op.BRANCH: Branch,
    Op.SWITCH: Switch, Op.RET: Ret, Op.UNREACHABLE: Unreachable,
    Op.DYNALLOCA: DynAlloca, Op.STACKSAVE: StackSave, Op.STACKRESTORE: StackRestore,
    **_ATOMIC_FORMATS,
    Op.WIDE: Wide,
}
# operand count per format (None: variable)
_NOPS: dict[type, int | None] = {
    Binary: 2, Cmp: 2, Cast: 1, Alloca: 0, Load: 1, Store: 2, PtrAdd: 2, MemCopy: 2, MemSet: 2,
    Select: 3, Call: None, Extract: 1, VaStart: 1, InlineAsm: None, Jump: 0, Branch: 1, Switch: 1,
    Ret: None, Unreachable: 0, DynAlloca: 1, StackSave: 0, StackRestore: 1, Wide: None,
    **_ATOMIC_OPERANDS,
}
_OP_NAMES = {code: name for name, code in OP_BY_NAME.items()}


def _scope_subprogram(scope: object) -> DISubprogram | None:
    """Walk lexical blocks up to their subprogram (None if the chain is broken)."""
    for _ in range(10_000):
        if isinstance(scope, DISubprogram):
            return scope
        if isinstance(scope, DILexicalBlock):
            scope = scope.scope
            continue
        return None
    return None


def _fragments_overlap(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    if a is None or b is None:
        return True
    return a[0] < b[0] + b[1] and b[0] < a[0] + a[1]


class _Names:
    """The printer's numbering (`%7`, `bb3`, `#2`), for readable messages."""

    def __init__(self, fn: Function) -> None:
        self.values: dict[int, str] = {
            id(v): f"%{v.name}.{n}" if v.name else f"%{n}" for n, v in enumerate(self._defs(fn))}
        self.blocks = {id(b): f"bb{i}" for i, b in enumerate(fn.blocks)}
        self.records: dict[int, str] = {}
        r = 0
        for b in fn.blocks:
            for inst in b.insts:
                for rec in inst.dbg_records:
                    self.records[id(rec)] = f"#{r}"
                    r += 1

    @staticmethod
    def _defs(fn: Function) -> Iterator[Value]:
        yield from fn.args
        for b in fn.blocks:
            yield from b.params
            for inst in b.insts:
                if str(inst.ty) != "void":
                    yield inst

    def value(self, v: Value) -> str:
        if isinstance(v, (Function, Global)):
            return f"@{v.name}"
        if isinstance(v, Const):
            return f"{v.ty} {v.value}"
        if isinstance(v, Undef):
            return "undef"
        if id(v) in self.values:
            return self.values[id(v)]
        if isinstance(v, Inst):
            return f"'{v.op.value}' instruction from elsewhere"
        return f"{type(v).__name__} from elsewhere"

    def block(self, b: Block) -> str:
        return self.blocks.get(id(b), f"<block '{b.name}' not in this function>")

    def record(self, r: DbgRecord) -> str:
        return self.records.get(id(r), "<record not in this function>")


class _FunctionVerifier:
    def __init__(self, fn: Function, module: Module | None) -> None:
        self.fn = fn
        self.module = module
        self.errors: list[VerifierError] = []
        self.names = _Names(fn)
        self.block_ids: set[int] = set()
        # position of every attached instruction: id -> (block, index)
        self.pos: dict[int, tuple[Block, int]] = {}
        self.record_pos: dict[int, tuple[Block, int, int]] = {}
        self.dom: DomTree[Block] | None = None
        self.unique_blocks: list[Block] = []
        self._use_cache: dict[int, set[int]] = {}

    def err(self, where: Where, message: str) -> None:
        self.errors.append(VerifierError(message, self.fn, where))

    # -- driver ------------------------------------------------------------------
    def run(self) -> list[VerifierError]:
        fn = self.fn
        self.check_signature()
        if fn.is_declaration:
            return self.errors
        self.check_structure()
        self.check_names()
        self.dom = dominators_of_function(fn)
        self.check_entry()
        for b in self.unique_blocks:
            for i, inst in enumerate(b.insts):
                self.check_inst(b, i, inst)
        self.check_use_lists()
        self.check_record_sets()
        return self.errors

    # -- S / T12 -------------------------------------------------------------------
    def check_signature(self) -> None:
        fn = self.fn
        if len(fn.args) != len(fn.param_types):
            self.err(fn, f"{len(fn.args)} args for {len(fn.param_types)} parameter types")
        if len(fn.byval_params) != len(fn.param_types):
            self.err(fn, f"{len(fn.byval_params)} byval entries for {len(fn.param_types)} "
                         "parameters")
        for i, a in enumerate(fn.args):
            if a.function is not fn or a.index != i:
                self.err(fn, f"argument {i} does not point back at its function and index")
            if i < len(fn.param_types) and a.ty != fn.param_types[i]:
                self.err(fn, f"argument {i} has type {a.ty}, the signature says "
                             f"{fn.param_types[i]}")
            if i < len(fn.byval_params) and fn.byval_params[i] is not None:
                if a.ty != PTR:
                    self.err(fn, f"byval parameter {i} must be a ptr, not {a.ty}")
                if a.byval != fn.byval_params[i]:
                    self.err(fn, f"argument {i} byval {a.byval} disagrees with the signature "
                                 f"{fn.byval_params[i]}")
        for t in fn.param_types:
            if not is_scalar(t):
                self.err(fn, f"parameter type {t} is not a scalar")
        for t in fn.ret_types:
            if not is_scalar(t):
                self.err(fn, f"return type {t} is not a scalar")
        if len(fn.ret_types) > 2:
            self.err(fn, f"{len(fn.ret_types)} return values (at most 2)")
        if fn.sret and (not fn.param_types or fn.param_types[0] != PTR):
            self.err(fn, "sret function must take the result pointer as a first ptr parameter")
        if fn.sret and fn.ret_types not in ([], [PTR]):
            self.err(fn, "sret function returns nothing or its result pointer (ptr), not "
                         f"({', '.join(map(str, fn.ret_types))})")

    def check_structure(self) -> None:
        fn = self.fn
        seen: set[int] = set()
        for b in fn.blocks:
            if id(b) in seen:
                self.err(b, f"block {self.names.block(b)} appears twice in the function")
                continue
            seen.add(id(b))
            if b.function is not fn:
                self.err(b, "block does not point back at this function")
            for i, p in enumerate(b.params):
                if p.block is not b or p.index != i:
                    self.err(b, f"block parameter {i} does not point back at its block and index")
                if not is_scalar(p.ty):
                    self.err(b, f"block parameter {self.names.value(p)} has non-scalar type {p.ty}")
            if not b.insts:
                self.err(b, "block has no terminator (it is empty)")
            for i, inst in enumerate(b.insts):
                if inst.block is not b:
                    self.err(inst, "instruction's block pointer is not the block holding it")
                if id(inst) in self.pos:
                    self.err(inst, "instruction appears twice in the function")
                    continue
                self.pos[id(inst)] = (b, i)
                for k, rec in enumerate(inst.dbg_records):
                    self.record_pos[id(rec)] = (b, i, k)
                last = i == len(b.insts) - 1
                if inst.is_terminator and not last:
                    self.err(inst, "terminator in the middle of a block")
                if last and not inst.is_terminator:
                    self.err(inst, "block does not end with a terminator")
        self.block_ids = seen
        self.unique_blocks = list({id(b): b for b in fn.blocks}.values())

    def check_names(self) -> None:
        for v in _Names._defs(self.fn):
            if not _NAME_RE.fullmatch(v.name):
                where = v if isinstance(v, Inst) else self._where_of(v)
                self.err(where, f"value name {v.name!r} has characters outside [A-Za-z0-9_.$]")

    def check_entry(self) -> None:
        entry = self.fn.blocks[0]
        if entry.params:
            self.err(entry, "the entry block cannot have parameters")
        for b in self.fn.blocks:
            if any(s is entry for s in b.successors):
                self.err(b.terminator, "the entry block cannot be a branch target")

    # -- instructions -----------------------------------------------------------------
    def check_inst(self, b: Block, i: int, inst: Inst) -> None:
        cls = _FORMAT.get(inst.op)
        if cls is None or not isinstance(inst, cls):
            self.err(inst, f"opcode '{inst.op.value}' in a {type(inst).__name__} instruction")
            return
        nops = _NOPS[cls]
        if nops is not None and len(inst.operands) != nops:
            self.err(inst, f"'{inst.op.value}' has {len(inst.operands)} operands, expected {nops}")
            return
        if isinstance(inst, Call) and not inst.operands:
            self.err(inst, "call without a callee")
            return
        nsuccs = {Jump: 1, Branch: 2}.get(cls, 0)
        if isinstance(inst, Switch):
            nsuccs = len(inst.values) + 1
        if len(inst.succs) != nsuccs:
            self.err(inst, f"'{inst.op.value}' has {len(inst.succs)} successors, expected "
                           f"{nsuccs}")
            return
        for u in inst.all_uses():
            self.check_operand(inst, u, b, i)
        self.check_types(inst)
        for s in inst.succs:
            self.check_succ(inst, s.block, [u.value for u in s.args])
        self.check_loc(inst, inst.loc)
        for arg in edge_args(inst):  # an assignment's location on an edge argument
            self.check_loc(inst, arg.loc, " (an edge argument's)")
        self.check_loc(inst, inst.close if isinstance(inst, Ret) else None, " (a return's `}`)")
        for k, rec in enumerate(inst.dbg_records):
            self.check_record(b, i, inst, k, rec)

    def check_operand(self, user: Inst | DbgRecord, u: Use, b: Block, i: int) -> None:
        """T1, D1, D2 and the operand half of D3 for one operand slot of `user` at (b, i)."""
        v = u.value
        if u.user is not user:
            self.err(user, f"operand {self.names.value(v)}: its use does not name this user")
        if v.tracks_uses and id(u) not in self._use_ids(v):
            self.err(user, f"operand {self.names.value(v)} is missing this use in its use list")
        n = self.names.value(v)
        match v:
            case Const() | Undef():
                if isinstance(v, Const) and not is_scalar(v.ty):
                    self.err(user, f"constant of non-scalar type {v.ty}")
            case Function() | Global():
                m = self.module
                if m is None or m.symbol(v.name) is not v:
                    self.err(user, f"operand @{v.name} is not a symbol of this module")
            case Arg():
                if v.function is not self.fn:
                    self.err(user, f"operand {n} is an argument of another function")
            case BlockParam():
                pb = v.block
                if pb.function is not self.fn or id(pb) not in self.block_ids:
                    self.err(user, f"operand {n} is a parameter of a block outside this function")
                elif self.dom is not None and not self.dom.dominates(pb, b):
                    self.err(user, f"operand {n} does not dominate this use (its block "
                                   f"{self.names.block(pb)} does not dominate "
                                   f"{self.names.block(b)})")
            case Inst():
                p = self.pos.get(id(v))
                if p is None:
                    self.err(user, f"operand {n} is not an instruction of this function "
                                   "(erased or from elsewhere)")
                elif v.ty == VOID:
                    self.err(user, "operand is an instruction without a value")
                else:
                    db, di = p
                    if db is b:
                        if di >= i and self.dom is not None and self.dom.is_reachable(b):
                            self.err(user, f"operand {n} is used before its definition")
                    elif self.dom is not None and not self.dom.dominates(db, b):
                        self.err(user, f"operand {n} does not dominate this use (its block "
                                       f"{self.names.block(db)} does not dominate "
                                       f"{self.names.block(b)})")
            case _:
                self.err(user, f"operand {n} is not an IR value")

    def _use_ids(self, v: Value) -> set[int]:
        """Identities of the uses in `v`'s use list (cached: values can have many uses)."""
        ids = self._use_cache.get(id(v))
        if ids is None:
            ids = self._use_cache[id(v)] = {id(x) for x in v.uses}
        return ids

    def check_succ(self, inst: Inst, target: Block, args: list[Value]) -> None:
        name = self.names.block(target)
        if id(target) not in self.block_ids or target.function is not self.fn:
            self.err(inst, f"branch target {name} is not a block of this function")
            return
        if len(args) != len(target.params):
            self.err(inst, f"{len(args)} arguments for {name}, which has "
                           f"{len(target.params)} parameters")
            return
        for k, (a, p) in enumerate(zip(args, target.params, strict=True)):
            if a.ty != p.ty:
                self.err(inst, f"argument {k} to {name} has type {a.ty}, the parameter "
                               f"{self.names.value(p)} is {p.ty}")

    def check_types(self, inst: Inst) -> None:
        for problem in type_problems(inst, self.fn):
            self.err(inst, problem)

    # -- debug locations --------------------------------------------------------------
    def check_loc(self, where: Inst | DbgRecord, loc: DILocation | None, whose: str = "") -> None:
        if loc is None:
            return
        if not isinstance(loc, DILocation):
            self.err(where, f"location is a {type(loc).__name__}, not a DILocation")
            return
        sp = self.fn.subprogram
        if sp is None:
            self.err(where, f"location in @{self.fn.name}, which has no subprogram")
        cur: DILocation = loc
        for _ in range(10_000):
            self.check_atom(where, cur, whose if cur is loc else
                            f" (in the inlined_at location of line {cur.line})")
            if cur.inlined_at is None:
                break
            cur = cur.inlined_at
        if sp is None:
            return
        owner = _scope_subprogram(cur.scope)
        if owner is None:
            self.err(where, "location scope chain does not end in a subprogram")
        elif owner is not sp:
            via = " (through its inlined_at chain)" if loc.inlined_at is not None else ""
            self.err(where, f"location{whose} scope{via} belongs to subprogram "
                            f"'{owner.name}', not to this function's '{sp.name}'")

    def check_atom(self, where: Inst | DbgRecord, loc: DILocation, at: str) -> None:
        g, r = loc.atom_group, loc.atom_rank
        if g < 0 or g > MAX_ATOM_GROUP:
            self.err(where, f"atom group {g} is outside 0..2^61-1{at}")
        if g and not 1 <= r <= 7:
            self.err(where, f"atom rank {r} is outside 1..7{at}")
        if not g and r:
            self.err(where, f"atom rank {r} without an atom group{at}")
        if g:
            owner = _scope_subprogram(loc.scope)
            if owner is not None and not owner.key_instructions:
                self.err(where, f"atom group {g} in subprogram '{owner.name}' without "
                                f"key_instructions{at}")

    # -- debug records ------------------------------------------------------------------
    def check_record(self, b: Block, i: int, inst: Inst, k: int, rec: DbgRecord) -> None:
        n = self.names.record(rec)
        if rec.inst is not inst:
            self.err(rec, f"record {n} does not point back at the instruction holding it")
        if not isinstance(rec.loc, DILocation):
            self.err(rec, f"record {n} has no location")
        else:
            self.check_loc(rec, rec.loc)
        var = rec.var
        if not isinstance(var, DILocalVariable):
            self.err(rec, f"record {n} names a {type(var).__name__}, not a DILocalVariable")
            return
        vsp = _scope_subprogram(var.scope)
        if isinstance(rec.loc, DILocation):
            lsp = _scope_subprogram(rec.loc.scope)
            if vsp is not lsp:
                self.err(rec, f"variable '{var.name}' belongs to subprogram "
                              f"'{vsp.name if vsp else '?'}', but the record's location is in "
                              f"'{lsp.name if lsp else '?'}'")
        if rec._value is not None:
            self.check_operand(rec, rec._value, b, i)
        v = rec.value
        if v is not None:
            if not is_scalar(v.ty):
                self.err(rec, f"record value has non-scalar type {v.ty}")
            elif rec.expr.is_deref and v.ty != PTR:
                self.err(rec, f"memory location (deref) of type {v.ty}, expected ptr")
        self.check_expr(rec, var)
        self.check_record_kind(rec, n, v)
        key = rec.key
        if key is None or rec.kind is DbgKind.NEW:
            return
        kp = self.record_pos.get(id(key))
        kn = self.names.record(key)
        if kp is None or key.inst is None or self.pos.get(id(key.inst)) is None:
            self.err(rec, f"record {n} names a record that is not in this function")
            return
        if key.var is not var:
            self.err(rec, f"record {n} is for variable '{var.name}' but names {kn} for "
                          f"'{getattr(key.var, 'name', '?')}'")
        if rec.kind is DbgKind.ADD and rec.expr.fragment != key.expr.fragment:
            self.err(rec, f"record {n} describes fragment {rec.expr.fragment} but {kn} is for "
                          f"fragment {key.expr.fragment}")
        if isinstance(rec.loc, DILocation) and isinstance(key.loc, DILocation) \
                and rec.loc.inlined_at != key.loc.inlined_at:
            self.err(rec, f"record {n} and {kn} belong to different inlined instances")
        if self.dom is not None and self.dom.is_reachable(b):
            kb, ki, kk = kp
            if kb is b:
                before = (ki, kk) < (i, k)
            else:
                before = self.dom.dominates(kb, b)
            if not before:
                self.err(rec, f"record {n} is not dominated by the record it names, {kn}")

    def check_record_kind(self, rec: DbgRecord, n: str, v: Value | None) -> None:
        """R2, R3: what a record of each kind names and holds."""
        key = rec.key
        match rec.kind:
            case DbgKind.NEW:
                if key is not None:
                    self.err(rec, f"'new' record {n} names a key ({self.names.record(key)})")
            case DbgKind.ADD:
                if key is None:
                    self.err(rec, f"'add' record {n} names no 'new'")
                elif key.kind is not DbgKind.NEW:
                    self.err(rec, f"'add' record {n} names {self.names.record(key)}, a "
                                  f"'{key.kind.value}' record, not a 'new'")
                if v is None:
                    self.err(rec, f"'add' record {n} has no value")
            case DbgKind.DELETE:
                if key is None:
                    self.err(rec, f"'delete' record {n} names no record")
                elif key.kind is DbgKind.DELETE:
                    self.err(rec, f"'delete' record {n} names {self.names.record(key)}, a "
                                  "'delete' record, not the record that added the location")
                if v is not None:
                    self.err(rec, f"'delete' record {n} has a value")
                if rec.expr.ops:
                    self.err(rec, f"'delete' record {n} has a non-empty expression {rec.expr}")

    def check_expr(self, rec: DbgRecord, var: DILocalVariable) -> None:
        expr = rec.expr
        if not isinstance(expr, DIExpression):
            self.err(rec, "record expression is not a DIExpression")
            return
        ops = expr.ops
        k = 0
        while k < len(ops):
            op = ops[k]
            if op not in _OP_NAMES:
                self.err(rec, f"unknown DWARF operation {op:#x} in the expression")
                return
            arity = OP_ARITY.get(op, 0)
            if k + arity >= len(ops) and arity:
                self.err(rec, f"'{_OP_NAMES[op]}' is missing operands")
                return
            if op == DW_OP_LLVM_fragment and k + 3 != len(ops):
                self.err(rec, "fragment must be the last operation of the expression")
                return
            k += 1 + arity
        frag = expr.fragment
        if frag is not None:
            off, size = frag
            if size <= 0 or off < 0:
                self.err(rec, f"fragment ({off}, {size}) is empty or negative")
                return
            bits = type_bits(var.type)
            if bits is not None and off + size > bits:
                self.err(rec, f"fragment bits {off}..{off + size} are outside variable "
                              f"'{var.name}' ({bits} bits)")

    # -- R6: the current set ---------------------------------------------------------
    def check_record_sets(self) -> None:
        """Forward data flow of which `new` is current per (variable, fragment, inlined_at)."""
        dom = self.dom
        assert dom is not None
        news: list[DbgRecord] = []
        tied = False
        for b in self.fn.blocks:
            for inst in b.insts:
                for r in inst.dbg_records:
                    if r.kind is DbgKind.NEW:
                        news.append(r)
                    else:
                        tied = True
        if not news or not tied:
            return  # only adds and deletes are checked against the current set
        keys = list(dict.fromkeys(self._piece(r) for r in news))
        overlaps: dict[_Piece, list[_Piece]] = {
            k: [o for o in keys if o != k and o[0] == k[0] and o[2] == k[2]
                and _fragments_overlap(o[1], k[1])] for k in keys}

        def transfer(state: dict[_Piece, DbgRecord], rec: DbgRecord) -> None:
            if rec.kind is not DbgKind.NEW:
                return
            k = self._piece(rec)
            for o in overlaps.get(k, ()):
                state.pop(o, None)
            state[k] = rec

        entry_state: dict[_Piece, DbgRecord] = {}
        ins: dict[Block, dict[_Piece, DbgRecord]] = {dom.entry: entry_state}
        outs: dict[Block, dict[_Piece, DbgRecord]] = {}
        changed = True
        while changed:
            changed = False
            for b in dom.rpo:
                if b is not dom.entry:
                    preds = [outs[p] for p in dom.preds[b] if p in outs]
                    state = dict(preds[0]) if preds else {}
                    for other in preds[1:]:
                        state = {k: r for k, r in state.items() if other.get(k) is r}
                    ins[b] = state
                state = dict(ins[b])
                for inst in b.insts:
                    for rec in inst.dbg_records:
                        transfer(state, rec)
                if b not in outs or outs[b] != state:  # records compare by identity
                    outs[b] = state
                    changed = True
        for b in dom.rpo:
            state = dict(ins[b])
            for inst in b.insts:
                for rec in inst.dbg_records:
                    if rec.kind is not DbgKind.NEW:
                        self.check_current(rec, state)
                    transfer(state, rec)

    @staticmethod
    def _piece(rec: DbgRecord) -> _Piece:
        inl = rec.loc.inlined_at if isinstance(rec.loc, DILocation) else None
        return (id(rec.var), rec.expr.fragment, inl)

    def check_current(self, rec: DbgRecord, state: dict[_Piece, DbgRecord]) -> None:
        key = rec.key
        if key is None:
            return
        new = key if key.kind is DbgKind.NEW else key.key
        if new is None or new.kind is not DbgKind.NEW or id(new) not in self.record_pos:
            return  # reported by the structural record checks
        piece = self._piece(new)
        current = state.get(piece)
        if current is new:
            return
        n, nn = self.names.record(rec), self.names.record(new)
        if current is None:
            why = "no location set is current here (another new ended it, or paths with " \
                  "different news join)"
        else:
            why = f"{self.names.record(current)} started a new value"
        if key is new:
            self.err(rec, f"record {n} names {nn}, which is no longer current: {why}")
        else:
            self.err(rec, f"record {n} names {self.names.record(key)}, whose new {nn} is no "
                          f"longer current: {why}")

    # -- D3: use lists ------------------------------------------------------------------
    def check_use_lists(self) -> None:
        fn = self.fn
        defs: list[Value] = [*fn.args]
        for b in fn.blocks:
            defs.extend(b.params)
            defs.extend(b.insts)
        for v in defs:
            for u in v.uses:
                user = u.user
                if u.value is not v:
                    self.err(self._where_of(v), f"use list of {self.names.value(v)} holds a use "
                                                "of another value")
                    continue
                if isinstance(user, DbgRecord):
                    ok = user._value is u and user.inst is not None \
                        and id(user.inst) in self.pos
                elif isinstance(user, Inst):
                    ok = id(user) in self.pos and any(x is u for x in user.all_uses())
                else:
                    ok = False
                if not ok:
                    self.err(self._where_of(v), f"use list of {self.names.value(v)} holds a "
                                                "stale use (its user is gone or no longer "
                                                "refers to it)")

    def _where_of(self, v: Value) -> Where:
        if isinstance(v, Inst):
            return v
        if isinstance(v, BlockParam):
            return v.block
        return self.fn


def verify_function(fn: Function) -> list[VerifierError]:
    """All errors of one function (module-level symbols are resolved through fn.module)."""
    return _FunctionVerifier(fn, fn.module).run()


def _level_errors(fn: Function) -> list[VerifierError]:
    """S11: the optimisation-level attributes (`atomc.optlevel`) agree."""
    errors = []
    if "optnone" in fn.attrs and ("noinline" not in fn.attrs or "always_inline" in fn.attrs):
        errors.append(VerifierError("attribute 'optnone' requires 'noinline' and excludes "
                                    "'always_inline'", fn, fn))
    levels = sorted(fn.attrs & LEVEL_ATTRS.keys())
    if len(levels) > 1:
        errors.append(VerifierError(f"conflicting level attributes {', '.join(levels)}", fn, fn))
    return errors


def verify_module(m: Module) -> list[VerifierError]:
    errors: list[VerifierError] = []
    symbols: list[Function | Global] = [*m.functions.values(), *m.globals.values()]
    for sym in symbols:
        if not sym.name or not _NAME_RE.fullmatch(sym.name):
            errors.append(VerifierError(f"symbol name {sym.name!r} is empty or has characters "
                                        "outside [A-Za-z0-9_.$]",
                                        sym if isinstance(sym, Function) else None, sym))
    for name, fn in m.functions.items():
        if fn.name != name:
            errors.append(VerifierError(f"function @{fn.name} is registered as @{name}",
                                        fn, fn))
        if fn.module is not m:
            errors.append(VerifierError("function does not point back at its module", fn, fn))
        if name in m.globals:
            errors.append(VerifierError(f"@{name} is both a function and a global", fn, fn))
        errors.extend(_level_errors(fn))
        if fn.subprogram is not None and m.cu is not None and fn.subprogram.unit is not m.cu:
            errors.append(VerifierError("subprogram belongs to another compile unit", fn, fn))
        errors.extend(_FunctionVerifier(fn, m).run())
    for name, g in m.globals.items():
        if g.name != name:
            errors.append(VerifierError(f"global @{g.name} is registered as @{name}", None, g))
        if g.module is not m:
            errors.append(VerifierError(f"global @{name} does not point back at its module",
                                        None, g))
        if not is_pow2(g.align):
            errors.append(VerifierError(f"global @{name} alignment {g.align} is not a power of "
                                        "two", None, g))
        if g.init is not None:
            total = 0
            for item in g.init:
                if isinstance(item, SymRef):
                    total += item.size
                    if m.symbol(item.name) is None:
                        errors.append(VerifierError(f"global @{name} refers to undefined "
                                                    f"symbol @{item.name}", None, g))
                    if item.size not in (1, 2, 4, 8):
                        errors.append(VerifierError(f"global @{name}: sym{item.size} is not a "
                                                    "1, 2, 4 or 8 byte address", None, g))
                elif isinstance(item, bytes):
                    total += len(item)
                else:
                    total += item.count
            if total != g.size:
                errors.append(VerifierError(f"global @{name} initializer has {total} bytes, its "
                                            f"size is {g.size}", None, g))
    top = 0
    for fn in m.functions.values():
        for inst in fn.insts():
            top = max(top, max(atom_groups(inst), default=0))
    if top >= m.atoms.next_group:
        errors.append(VerifierError(f"the module's next atom group is {m.atoms.next_group}, but "
                                    f"group {top} is in use", None, None))
    return errors


def check(m: Module) -> None:
    """Raise `VerificationFailed` (message: the annotated IR) if `m` has any error."""
    errors = verify_module(m)
    if errors:
        head = f"IR verification failed with {len(errors)} error{'s' * (len(errors) != 1)}:\n"
        raise VerificationFailed(errors, head + annotate(m, errors))
