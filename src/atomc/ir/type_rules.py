"""The verifier's type rules (T2-T11 of verifier.py), one function per instruction
format, each yielding what is wrong with one instruction.

Kept apart from the walk in verifier.py so that each format's rule reads on its own
and a new format adds one function and one table entry, not another arm of a long
`match`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .atomics import VALUE_FORMATS as _ATOMIC_VALUES
from .atomics import check_atomic
from .function import Function
from .inline_asm import check_asm
from .insts import (
    ATOMIC_OPS,
    BINARY_OPS,
    FCMP_PREDS,
    ICMP_PREDS,
    NSW_OPS,
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
    Load,
    MemCopy,
    MemSet,
    Op,
    PtrAdd,
    Ret,
    Select,
    StackRestore,
    Store,
    Switch,
    VaStart,
)
from .types import I1, I64, PTR, VOID, FloatType, IntType, PtrType, TupleType, Type
from .values import Value
from .wide import Wide, check_wide

_INT_BINARY = BINARY_OPS - {Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV}
# the formats that produce a value; every other instruction's type is void
_VALUE_FORMATS = (Call, Load, Binary, Cmp, Cast, Select, Extract, Alloca, PtrAdd, InlineAsm,
                  Wide, *_ATOMIC_VALUES)


def is_scalar(t: Type) -> bool:
    return isinstance(t, (IntType, FloatType, PtrType))


def is_pow2(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def type_problems(inst: Inst, fn: Function) -> Iterator[str]:
    """Every type rule `inst` breaks, inside function `fn`."""
    ops = [u.value for u in inst.operands]
    yield from _format_problems(inst, ops, fn)
    if not isinstance(inst, _VALUE_FORMATS) and inst.ty != VOID:
        yield f"'{inst.op.value}' must not produce a value (has type {inst.ty})"


def _format_problems(inst: Inst, ops: list[Value], fn: Function) -> Iterable[str]:
    # The order is the rules' precedence: an atomic opcode is judged by its own rules
    # unless one of the formats listed before it claims the instruction.
    for formats, rule in _EARLY_RULES:
        if isinstance(inst, formats):
            return rule(inst, ops, fn)
    if inst.op in ATOMIC_OPS:
        return check_atomic(inst)
    for formats, rule in _LATE_RULES:
        if isinstance(inst, formats):
            return rule(inst, ops, fn)
    return ()


def _binary(inst: Binary, ops: list[Value], fn: Function) -> Iterator[str]:
    a, b = ops
    if a.ty != b.ty:
        yield f"binary operands have different types: {a.ty} and {b.ty}"
    elif inst.op in _INT_BINARY and not isinstance(a.ty, IntType):
        yield f"'{inst.op.value}' needs integer operands, not {a.ty}"
    elif inst.op not in _INT_BINARY and not isinstance(a.ty, FloatType):
        yield f"'{inst.op.value}' needs floating-point operands, not {a.ty}"
    if inst.ty != a.ty:
        yield f"binary result type {inst.ty} differs from the operand type {a.ty}"
    if inst.nsw and inst.op not in NSW_OPS:
        yield f"'{inst.op.value}' cannot carry nsw (only add, sub and mul)"


def _cmp(inst: Cmp, ops: list[Value], fn: Function) -> Iterator[str]:
    a, b = ops
    if a.ty != b.ty:
        yield f"compared operands have different types: {a.ty} and {b.ty}"
    elif inst.op is Op.ICMP and not isinstance(a.ty, (IntType, PtrType)):
        yield f"icmp needs integer or ptr operands, not {a.ty}"
    elif inst.op is Op.FCMP and not isinstance(a.ty, FloatType):
        yield f"fcmp needs floating-point operands, not {a.ty}"
    preds = ICMP_PREDS if inst.op is Op.ICMP else FCMP_PREDS
    if inst.pred not in preds:
        yield f"unknown {inst.op.value} predicate '{inst.pred}'"
    if inst.ty != I1:
        yield f"comparison result must be i1, not {inst.ty}"


# what each cast converts: (the check on source and destination, how the error says it)
_CASTS: dict[Op, tuple[Callable[[Type, Type], bool], str]] = {
    **dict.fromkeys((Op.ZEXT, Op.SEXT), (
        lambda s, d: isinstance(s, IntType) and isinstance(d, IntType) and s.bits < d.bits,
        "an integer to a wider integer")),
    Op.TRUNC: (
        lambda s, d: isinstance(s, IntType) and isinstance(d, IntType) and s.bits > d.bits,
        "an integer to a narrower integer"),
    Op.PTRTOINT: (lambda s, d: isinstance(s, PtrType) and isinstance(d, IntType),
                  "ptr to an integer"),
    Op.INTTOPTR: (lambda s, d: isinstance(s, IntType) and isinstance(d, PtrType),
                  "an integer to ptr"),
    **dict.fromkeys((Op.SITOFP, Op.UITOFP), (
        lambda s, d: isinstance(s, IntType) and isinstance(d, FloatType),
        "an integer to a float")),
    **dict.fromkeys((Op.FPTOSI, Op.FPTOUI), (
        lambda s, d: isinstance(s, FloatType) and isinstance(d, IntType),
        "a float to an integer")),
    Op.FPEXT: (
        lambda s, d: isinstance(s, FloatType) and isinstance(d, FloatType) and s.bits < d.bits,
        "a float to a wider float"),
    Op.FNEG: (lambda s, d: isinstance(s, FloatType) and s == d,
              "a float to the same float type"),
    **dict.fromkeys((Op.CLZ, Op.CTZ), (
        lambda s, d: isinstance(s, IntType) and s == d and s.bits in (32, 64),
        "an i32 or i64 to the same type")),
    Op.BITCAST: (
        lambda s, d: (isinstance(s, (IntType, FloatType)) and isinstance(d, (IntType, FloatType))
                      and isinstance(s, FloatType) != isinstance(d, FloatType)
                      and s.bits == d.bits),
        "between an integer and a float of the same size"),
}
_FPTRUNC = (
    lambda s, d: isinstance(s, FloatType) and isinstance(d, FloatType) and s.bits > d.bits,
    "a float to a narrower float")


def _cast(inst: Cast, ops: list[Value], fn: Function) -> Iterator[str]:
    src, dst = ops[0].ty, inst.ty
    ok, need = _CASTS.get(inst.op, _FPTRUNC)
    if not ok(src, dst):
        yield f"invalid {inst.op.value} from {src} to {dst}: it converts {need}"


def _alloca(inst: Alloca, ops: list[Value], fn: Function) -> Iterator[str]:
    if inst.size < 0:
        yield f"alloca size {inst.size} is negative"
    if not is_pow2(inst.align):
        yield f"alignment {inst.align} is not a power of two"
    if inst.ty != PTR:
        yield f"alloca result must be ptr, not {inst.ty}"


def _load(inst: Load, ops: list[Value], fn: Function) -> Iterator[str]:
    if ops[0].ty != PTR:
        yield f"load address must be ptr, not {ops[0].ty}"
    if not is_scalar(inst.ty):
        yield f"load of non-scalar type {inst.ty}"


def _store(inst: Store, ops: list[Value], fn: Function) -> Iterator[str]:
    if ops[1].ty != PTR:
        yield f"store address must be ptr, not {ops[1].ty}"
    if not is_scalar(ops[0].ty):
        yield f"store of non-scalar type {ops[0].ty}"


def _ptradd(inst: PtrAdd, ops: list[Value], fn: Function) -> Iterator[str]:
    if ops[0].ty != PTR:
        yield f"ptradd base must be ptr, not {ops[0].ty}"
    if ops[1].ty != I64:
        yield f"ptradd offset must be i64, not {ops[1].ty}"
    if inst.ty != PTR:
        yield f"ptradd result must be ptr, not {inst.ty}"


def _memory_block(inst: MemCopy | MemSet, ops: list[Value], fn: Function) -> Iterator[str]:
    names = ("destination", "source") if isinstance(inst, MemCopy) else ("destination",)
    for k, what in enumerate(names):
        if ops[k].ty != PTR:
            yield f"{inst.op.value} {what} must be ptr, not {ops[k].ty}"
    if isinstance(inst, MemSet) and not isinstance(ops[1].ty, IntType):
        yield f"memset byte must be an integer, not {ops[1].ty}"
    if inst.size < 0:
        yield f"{inst.op.value} size {inst.size} is negative"
    if not is_pow2(inst.align):
        yield f"alignment {inst.align} is not a power of two"


def _select(inst: Select, ops: list[Value], fn: Function) -> Iterator[str]:
    c, a, b = ops
    if c.ty != I1:
        yield f"select condition must be i1, not {c.ty}"
    if a.ty != b.ty:
        yield f"select arms have different types: {a.ty} and {b.ty}"
    if inst.ty != a.ty:
        yield f"select result type {inst.ty} differs from its arms' type {a.ty}"


def _call(inst: Call, ops: list[Value], fn: Function) -> Iterator[str]:
    callee, args = ops[0], ops[1:]
    if callee.ty != PTR:
        yield f"callee must be ptr, not {callee.ty}"
    if len(inst.byval) != len(args):
        yield f"{len(inst.byval)} byval entries for {len(args)} arguments"
    for k, a in enumerate(args):
        if not is_scalar(a.ty):
            yield f"argument {k} has non-scalar type {a.ty}"
        if k < len(inst.byval) and inst.byval[k] is not None and a.ty != PTR:
            yield f"byval argument {k} must be a ptr, not {a.ty}"
    ty = inst.ty
    if not (ty == VOID or is_scalar(ty) or (
            isinstance(ty, TupleType) and len(ty.elems) == 2
            and all(is_scalar(t) for t in ty.elems))):
        yield f"call result type {ty} is not void, a scalar or a pair of scalars"
    if inst.fixed_args is not None and not 0 <= inst.fixed_args <= len(args):
        yield f"fixed argument count {inst.fixed_args} is out of range"
    if isinstance(callee, Function):
        yield from _direct_call(inst, args, callee)


def _direct_call(inst: Call, args: list[Value], callee: Function) -> Iterator[str]:
    params = callee.param_types
    if len(args) < len(params) or (len(args) > len(params) and not callee.variadic):
        more = "at least " if callee.variadic else ""
        yield f"call to @{callee.name} with {len(args)} arguments, expected {more}{len(params)}"
    for k, (a, p) in enumerate(zip(args, params, strict=False)):
        if a.ty != p:
            yield f"argument {k} to @{callee.name} has type {a.ty}, the parameter is {p}"
    for k in range(min(len(params), len(inst.byval))):
        want = callee.byval_params[k] if k < len(callee.byval_params) else None
        if inst.byval[k] != want:
            yield f"argument {k} byval {inst.byval[k]} disagrees with @{callee.name}'s {want}"
    if callee.variadic and inst.fixed_args != len(params):
        yield f"call to variadic @{callee.name} must say 'fixed {len(params)}'"
    if not callee.variadic and inst.fixed_args is not None:
        yield f"'fixed' on a call to non-variadic @{callee.name}"
    rets = callee.ret_types
    want_ty: Type = VOID if not rets else rets[0] if len(rets) == 1 else TupleType(tuple(rets))
    if inst.ty != want_ty:
        yield f"call result type {inst.ty} does not match @{callee.name}'s return type {want_ty}"


def _extract(inst: Extract, ops: list[Value], fn: Function) -> Iterator[str]:
    a = ops[0]
    if not isinstance(a.ty, TupleType):
        yield f"extract needs a tuple operand, not {a.ty}"
    elif not 0 <= inst.index < len(a.ty.elems):
        yield f"extract index {inst.index} is out of range for {a.ty}"
    elif inst.ty != a.ty.elems[inst.index]:
        yield f"extract result type {inst.ty} differs from element type {a.ty.elems[inst.index]}"


def _inline_asm(inst: InlineAsm, ops: list[Value], fn: Function) -> Iterable[str]:
    return check_asm(inst)


def _wide(inst: Wide, ops: list[Value], fn: Function) -> Iterable[str]:
    return check_wide(inst)


def _dynalloca(inst: DynAlloca, ops: list[Value], fn: Function) -> Iterator[str]:
    if ops[0].ty != I64:
        yield f"dynalloca size must be i64, not {ops[0].ty}"
    if not is_pow2(inst.align):
        yield f"dynalloca alignment {inst.align} is not a power of two"


def _stackrestore(inst: StackRestore, ops: list[Value], fn: Function) -> Iterator[str]:
    if ops[0].ty != PTR:
        yield f"stackrestore operand must be ptr, not {ops[0].ty}"


def _vastart(inst: VaStart, ops: list[Value], fn: Function) -> Iterator[str]:
    if ops[0].ty != PTR:
        yield f"va_start address must be ptr, not {ops[0].ty}"
    if not fn.variadic:
        yield "va_start in a function that is not variadic"


def _branch(inst: Branch, ops: list[Value], fn: Function) -> Iterator[str]:
    if ops[0].ty != I1:
        yield f"branch condition must be i1, not {ops[0].ty}"


def _switch(inst: Switch, ops: list[Value], fn: Function) -> Iterator[str]:
    vt = ops[0].ty
    if not isinstance(vt, IntType):
        yield f"switch value must be an integer, not {vt}"
        return
    seen: dict[int, int] = {}
    for case in inst.values:
        if not -(1 << (vt.bits - 1)) <= case < (1 << vt.bits):
            yield f"case value {case} does not fit in {vt}"
        elif case & vt.mask in seen:
            yield f"duplicate case value {case}"
        seen[case & vt.mask] = case


def _ret(inst: Ret, ops: list[Value], fn: Function) -> Iterator[str]:
    want = fn.ret_types
    got = [v.ty for v in ops]
    if len(got) != len(want):
        yield f"ret with {len(got)} values in a function returning {len(want)}"
        return
    for k, (g, w) in enumerate(zip(got, want, strict=True)):
        if g != w:
            yield f"ret value {k} has type {g}, the function returns {w}"


# a rule takes its own format (Any: the table pairs each format with its rule)
_Rule = Callable[[Any, list[Value], Function], Iterable[str]]
_EARLY_RULES: tuple[tuple[type | tuple[type, ...], _Rule], ...] = (
    (Binary, _binary), (Cmp, _cmp), (Cast, _cast), (Alloca, _alloca),
    (Load, _load), (Store, _store), (PtrAdd, _ptradd), ((MemCopy, MemSet), _memory_block),
    (Select, _select), (Call, _call), (Extract, _extract), (InlineAsm, _inline_asm),
)
_LATE_RULES: tuple[tuple[type | tuple[type, ...], _Rule], ...] = (
    (Wide, _wide), (DynAlloca, _dynalloca), (StackRestore, _stackrestore),
    (VaStart, _vastart), (Branch, _branch), (Switch, _switch), (Ret, _ret),
)
