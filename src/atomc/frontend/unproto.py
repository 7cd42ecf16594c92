"""Calls through a declaration without a prototype (`int f();`, or an old-style
definition) pass each argument default-promoted with its own type, which need not
be the type the definition receives (`f(5L)` to `int f(a) int a;`). The C
standard leaves such a mismatch undefined; gcc passes the register as it is and
the callee reads its low part. Once the whole file is lowered, each direct call
whose argument types differ from its callee's definition gets the conversions
that reproduce that: truncation or zero extension (what a 32-bit register write
does) between integers, and integer <-> pointer casts; missing arguments are
passed as zero and surplus ones dropped.
The inserted casts carry no location, so they join no atom and no line row.
"""

from __future__ import annotations

from ..ir import ARTIFICIAL, PTR, Call, Cast, Const, Function, IntType, Module, Op, Type, Value

I64_BITS = 64


def _coerce(call: Call, v: Value, to: Type) -> Value | None:
    """`v` converted to `to` by casts inserted before `call` (None: no integer/pointer rule)."""
    block = call.block
    assert block is not None
    at = block.insts.index(call)

    def cast(op: Op, x: Value, ty: Type) -> Value:
        nonlocal at
        c = Cast(op, x, ty, loc=ARTIFICIAL)
        block.insert(at, c)
        at += 1
        return c

    frm = v.ty
    if isinstance(frm, IntType) and isinstance(to, IntType):
        if frm.bits > to.bits:
            return cast(Op.TRUNC, v, to)
        return cast(Op.ZEXT, v, to)  # x86-64 writes of a 32-bit register zero the rest
    if frm == PTR and isinstance(to, IntType):
        wide = cast(Op.PTRTOINT, v, IntType(I64_BITS))
        return wide if to.bits == I64_BITS else cast(Op.TRUNC, wide, to)
    if isinstance(frm, IntType) and to == PTR:
        wide = v if frm.bits == I64_BITS else cast(Op.ZEXT, v, IntType(I64_BITS))
        return cast(Op.INTTOPTR, wide, PTR)
    return None


def _zero(ty: Type) -> Value | None:
    if isinstance(ty, IntType) or ty == PTR:
        return Const(ty, 0)
    return None


def reconcile_unprototyped_calls(module: Module) -> None:
    """Make every direct call's arguments match its defined callee's parameter types."""
    for fn in module.functions.values():
        if fn.is_declaration:
            continue
        for use in list(fn.uses):
            call = use.user
            if not isinstance(call, Call) or call.callee is not fn or call.block is None:
                continue
            _reconcile(call, fn)


def _reconcile(call: Call, fn: Function) -> None:
    args = call.args
    params = fn.param_types
    if len(args) == len(params) and all(a.ty is p or a.ty == p
                                        for a, p in zip(args, params, strict=True)):
        return
    for k, (a, p) in enumerate(zip(args, params, strict=False)):
        if a.ty != p:
            v = _coerce(call, a, p)
            if v is not None:
                call.set_operand(k + 1, v)
    if len(args) < len(params):
        extra = [_zero(p) for p in params[len(args):]]
        if any(x is None for x in extra):
            return
        _replace_args(call, call.args + extra)  # type: ignore[operator]
    elif len(args) > len(params) and not fn.variadic:
        _replace_args(call, call.args[:len(params)])


def _replace_args(call: Call, args: list[Value]) -> None:
    block = call.block
    assert block is not None
    new = Call(call.callee, args, call.ty, loc=call.loc or ARTIFICIAL, fixed_args=call.fixed_args,
               byval=call.byval[:len(args)] + [None] * (len(args) - len(call.byval)),
               name=call.name)
    block.insert(block.insts.index(call), new)
    new.dbg_records, call.dbg_records = call.dbg_records, []
    for rec in new.dbg_records:
        rec.inst = new
    call.replace_all_uses_with(new)
    block.remove(call)
    call.drop_all_references()
