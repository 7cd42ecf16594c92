"""Records over two values: a variable computed from two values that both outlive it
(`int t = a + b;` never used, with a and b still live) is described as a record of
`a` whose expression pushes `b` with `arg k` (DWARF's DW_OP_LLVM_arg) and adds.

A record has one value, so `b` gets a record of its own, of operand variable k of
the variable (`.k.t`, `operand_var`: one per variable and k in the module, as
another assignment of the variable names it again), placed right before the
variable's record: passes keep it, move it, salvage it or make it unavailable like
any other record (when `b` is erased it becomes `b`'s own operand and ops), so it
always says where `b`'s value is, and the two change together. It has no DIE: the
back end replaces `arg k` by the ops that read the operand variable's location
(codegen/debuginfo/operand_values.py), and the variable has a location only where
both have one. An operand variable's name is no C identifier. When an operand's
value is erased with nothing to describe it, the records reading it are optimised
out and it goes; when the variable's record is, so do its operand records (a
variable per record would add as many variables to LiveDebugValues as there are
such records, and its work grows with variables times blocks).

Debug info: adds records of operand variables only; changes no instruction.
"""

from __future__ import annotations

from .dbgrecords import DbgKind, DbgRecord
from .debuginfo import EMPTY_EXPR, OP_ARITY, DIExpression, DILocalVariable, DW_OP_LLVM_arg
from .function import Module
from .insts import Binary, Inst, Op, PtrAdd
from .salvage_tree import TWO_OPERANDS
from .types import IntType, PtrType
from .values import Const, Value

PREFIX = "."  # an operand variable's name: PREFIX + k + PREFIX + the variable's name


def is_operand_var(var: object) -> bool:
    """Is `var` an operand variable (no DIE of its own)?"""
    name = getattr(var, "name", "")
    return isinstance(name, str) and name.startswith(PREFIX)


def operand_index(var: object) -> int:
    """The k of operand variable `var`."""
    return int(str(getattr(var, "name")).split(PREFIX)[1])  # noqa: B009 (any variable)


def operand_key(var: object, k: int) -> tuple[object, int, str]:
    """What names operand k of variable `var` (or, for k = 0, operand variable `var`
    itself): its scope, line and name."""
    name = str(getattr(var, "name"))  # noqa: B009 (a VarKey's variable is any object)
    if k:
        name = f"{PREFIX}{k}{PREFIX}{name}"
    return getattr(var, "scope"), int(getattr(var, "line")), name  # noqa: B009


def operand_var(module: Module, var: DILocalVariable, k: int) -> DILocalVariable:
    """Operand k of `var`, one variable per module: its scope, line and type (a
    location must hold as many low bits of the operand as of the variable: the ops
    over it are wrap-around arithmetic, exact in the low bits)."""
    known = module.operand_vars
    if known is None:  # (a module read from text names some already)
        known = module.operand_vars = {
            operand_key(r.var, 0): r.var for fn in module.functions.values()
            for b in fn.blocks for i in b.insts for r in i.dbg_records
            if is_operand_var(r.var)}
    key = operand_key(var, k)
    found = known.get(key)
    if found is None:
        found = known[key] = DILocalVariable(key[2], var.scope, var.file, var.line, var.type)
    return found


def operand_readers(rec: DbgRecord) -> list[DbgRecord]:
    """The records beside operand record `rec` (on its instruction) that read it."""
    if rec.inst is None:
        return []
    n, key = operand_index(rec.var), operand_key(rec.var, 0)
    return [r for r in rec.inst.dbg_records if r is not rec and not is_operand_var(r.var)
            and _reads(r.expr.ops, n) and operand_key(r.var, n) == key]


def operands_read(rec: DbgRecord) -> list[DbgRecord]:
    """The operand records beside `rec` (on its instruction) that it reads."""
    if rec.inst is None or not _reads(rec.expr.ops, None):
        return []
    return [r for r in rec.inst.dbg_records if r is not rec and is_operand_var(r.var)
            and _reads(rec.expr.ops, k := operand_index(r.var))
            and operand_key(rec.var, k) == operand_key(r.var, 0)]


def _args(ops: tuple[int, ...]) -> list[int]:
    """The operands `ops` push."""
    out, i = [], 0
    while i < len(ops):
        if ops[i] == DW_OP_LLVM_arg:
            out.append(ops[i + 1])
        i += 1 + OP_ARITY.get(ops[i], 0)
    return out


def _reads(ops: tuple[int, ...], n: int | None) -> bool:
    """Do `ops` push operand n (None: any operand)?"""
    args = _args(ops)
    return bool(args) if n is None else n in args


def _fits(v: Value) -> bool:
    return isinstance(v.ty, PtrType) or isinstance(v.ty, IntType) and v.ty.bits <= 64


def two_values(inst: Inst) -> tuple[Value, Value, int] | None:
    """(left, right, op) when `inst` is `left op right` over two values (no
    constant) of at most 64 bits: wrap-around integer arithmetic, bitwise ops, or a
    pointer plus a byte offset."""
    if isinstance(inst, PtrAdd):
        lhs, rhs, op = inst.ptr, inst.offset, TWO_OPERANDS.get(Op.ADD)
    elif isinstance(inst, Binary):
        lhs, rhs, op = inst.lhs, inst.rhs, TWO_OPERANDS.get(inst.op)
    else:
        return None
    if op is None or isinstance(lhs, Const) or isinstance(rhs, Const) \
            or not (_fits(lhs) and _fits(rhs) and _fits(inst)):
        return None
    return lhs, rhs, op


def split_record(rec: DbgRecord, lhs: Value, rhs: Value, op: int) -> bool:
    """Make `rec` (a record of `lhs op rhs`) describe the variable over `lhs`, with
    `rhs` in an operand record placed before it; False where it cannot (an added
    location, a memory home, a piece of a variable, a detached record)."""
    inst = rec.inst
    block = inst.block if inst is not None else None
    module = block.function.module if block is not None and block.function is not None \
        else None
    if rec.kind is not DbgKind.NEW or rec.expr.is_deref or rec.expr.fragment is not None \
            or inst is None or module is None or is_operand_var(rec.var):
        return False
    n = 1 + max(_args(rec.expr.ops), default=0)  # (its other operands stay as they are)
    _operand_record(module, rec, rhs, n, inst.dbg_records.index(rec))
    rec.set_value(lhs)
    rec.expr = DIExpression((DW_OP_LLVM_arg, n, op) + rec.expr.ops)
    return True


def _operand_record(module: Module, rec: DbgRecord, value: Value, k: int, at: int) -> None:
    """Put a record of `value` for operand k of `rec`'s variable at index `at` of
    `rec`'s instruction's records."""
    assert rec.inst is not None
    operand = DbgRecord(DbgKind.NEW, operand_var(module, rec.var, k), value, EMPTY_EXPR,
                        loc=rec.loc)
    operand.stmt = rec.stmt
    operand.inst = rec.inst
    rec.inst.dbg_records.insert(at, operand)


def add_pair_record(before: Inst, like: DbgRecord, lhs: Value, rhs: Value,
                    ops: tuple[int, ...]) -> DbgRecord:
    """A new record of `like`'s variable, first before `before`: `lhs`, then `rhs`
    (an operand record placed before it) added, then `ops`."""
    block = before.block
    assert block is not None and block.function is not None and block.function.module
    rec = DbgRecord(DbgKind.NEW, like.var, lhs, EMPTY_EXPR, loc=like.loc)
    rec.inst = before
    before.dbg_records.insert(0, rec)
    _operand_record(block.function.module, rec, rhs, 1, 0)
    rec.expr = DIExpression((DW_OP_LLVM_arg, 1, TWO_OPERANDS[Op.ADD]) + ops)
    return rec
