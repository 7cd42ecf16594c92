"""Reading one instruction's text after its opcode (the parser half of the printer's
instruction bodies; grammar in docs/ir-reference.md).

One reader per format, chosen from a table by opcode, so the IR parser's walk over
lines, blocks and metadata (parser.py) stays apart from the syntax of each format.
Each reader builds its instruction with `p.inst_loc`, the location the parser has
already read from the end of the line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .atomics_text import parse_atomic
from .function import Block
from .insts import (
    ATOMIC_OPS,
    BINARY_OPS,
    CAST_OPS,
    FCMP_PREDS,
    ICMP_PREDS,
    Alloca,
    ArrayKind,
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
    locate_args,
)
from .text_lexer import TokKind
from .types import TupleType
from .values import Use, Value
from .wide import ARITY, Wide, parse_wide_head

if TYPE_CHECKING:
    from .debuginfo import DILocation
    from .parser import IRParser, _FunctionScope
    from .text_lexer import Token


def parse_inst_body(p: IRParser, op_tok: Token, scope: _FunctionScope) -> Inst:
    """The instruction whose opcode is `op_tok`, read up to its location suffix."""
    try:
        op = Op(op_tok.text)
    except ValueError:
        p.error(op_tok, f"unknown instruction '{op_tok.text}'")
    reader = _READERS.get(op)
    if reader is None:
        if op in BINARY_OPS:
            reader = _binary
        elif op in CAST_OPS:
            reader = _cast
        elif op in ATOMIC_OPS:
            return parse_atomic(p, op, scope)
        else:
            p.error(op_tok, f"unknown instruction '{op_tok.text}'")
    return reader(p, op, op_tok, scope)


def _binary(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    nsw = p.accept("nsw")
    lhs = p.parse_typed(scope)
    p.expect(",")
    return Binary(op, lhs, p.parse_typed(scope), loc=p.inst_loc, nsw=nsw)


def _cmp(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    pred = p.expect_kind(TokKind.IDENT, "predicate")
    preds = ICMP_PREDS if op is Op.ICMP else FCMP_PREDS
    if pred.text not in preds:
        p.error(pred, f"unknown {op_tok.text} predicate '{pred.text}'")
    lhs = p.parse_typed(scope)
    p.expect(",")
    return Cmp(pred.text, lhs, p.parse_typed(scope), loc=p.inst_loc, float_cmp=op is Op.FCMP)


def _cast(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    v = p.parse_typed(scope)
    p.expect("to")
    return Cast(op, v, p.parse_type(), loc=p.inst_loc)


def _size_align(p: IRParser) -> tuple[int, int]:
    """`, N, align A` after a memory block's operands."""
    p.expect(",")
    size = p.expect_int("size")
    p.expect(",")
    p.expect("align")
    return size, p.expect_int("alignment")


def _alloca(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    size = p.expect_int("size")
    p.expect(",")
    p.expect("align")
    align = p.expect_int("alignment")
    arrays = ArrayKind.NONE
    if p.at(",") and p.peek().text == "arrays":
        p.pos += 2
        arrays = ArrayKind(p.expect_int("array kind"))
    return Alloca(size, align, loc=p.inst_loc, arrays=arrays)


def _load(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    ty = p.parse_type()
    p.expect(",")
    ptr = p.parse_typed(scope)
    return Load(ty, ptr, loc=p.inst_loc, volatile=p.accept("volatile"))


def _store(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    v = p.parse_typed(scope)
    p.expect(",")
    ptr = p.parse_typed(scope)
    return Store(v, ptr, loc=p.inst_loc, volatile=p.accept("volatile"))


def _ptradd(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    base = p.parse_typed(scope)
    p.expect(",")
    return PtrAdd(base, p.parse_typed(scope), loc=p.inst_loc)


def _memcpy(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    dst = p.parse_typed(scope)
    p.expect(",")
    src = p.parse_typed(scope)
    size, align = _size_align(p)
    return MemCopy(dst, src, size, align, loc=p.inst_loc, volatile=p.accept("volatile"))


def _memset(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    dst = p.parse_typed(scope)
    p.expect(",")
    byte = p.parse_typed(scope)
    size, align = _size_align(p)
    return MemSet(dst, byte, size, align, loc=p.inst_loc)


def _select(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    c = p.parse_typed(scope)
    p.expect(",")
    a = p.parse_typed(scope)
    p.expect(",")
    return Select(c, a, p.parse_typed(scope), loc=p.inst_loc)


def _call(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    ret = p.parse_type()
    callee = p.parse_typed(scope)
    p.expect("(")
    args: list[Value] = []
    byval: list[tuple[int, int] | None] = []
    while not p.at(")"):
        if args:
            p.expect(",")
        ty = p.parse_type()
        byval.append(p.parse_byval())
        args.append(p.parse_value(ty, scope))
    p.expect(")")
    fixed: int | None = None
    if p.accept("fixed"):
        fixed = p.expect_int("number of fixed arguments")
    return Call(callee, args, ret, loc=p.inst_loc, fixed_args=fixed, byval=byval)


def _extract(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    agg_tok = p.tok
    agg = p.parse_typed(scope)
    p.expect(",")
    idx_tok = p.tok
    index = p.expect_int("element index")
    if not isinstance(agg.ty, TupleType):
        p.error(agg_tok, "extract needs a tuple operand")
    if not 0 <= index < len(agg.ty.elems):
        p.error(idx_tok, f"index {index} is out of range for {agg.ty}")
    return Extract(agg, index, loc=p.inst_loc)


def _vastart(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    return VaStart(p.parse_typed(scope), loc=p.inst_loc)


def _dynalloca(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    size = p.parse_typed(scope)
    p.expect(",")
    p.expect("align")
    return DynAlloca(size, p.expect_int("alignment"), loc=p.inst_loc)


def _stacksave(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    return StackSave(loc=p.inst_loc)


def _stackrestore(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    return StackRestore(p.parse_typed(scope), loc=p.inst_loc)


def _string_list(p: IRParser) -> list[str]:
    p.expect("[")
    return p.comma_list("]", p.expect_string)


def _asm(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    ret = p.parse_type()
    volatile = p.accept("volatile")
    template = p.expect_string()
    p.expect(",")
    constraints = _string_list(p)
    p.expect(",")
    p.expect("clobber")
    clobbers = _string_list(p)
    p.expect(",")
    p.expect("(")
    args = p.comma_list(")", lambda: p.parse_typed(scope))
    return InlineAsm(template, constraints, clobbers, args, ret, loc=p.inst_loc,
                     side_effects=volatile)


def _wide(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    kind_tok = p.expect_kind(TokKind.IDENT, "a wide operation")
    pred_tok = p.expect_kind(TokKind.IDENT, "predicate") if kind_tok.text == "icmp" else None
    head = parse_wide_head(kind_tok.text, pred_tok.text if pred_tok else None)
    if isinstance(head, str):
        p.error(pred_tok or kind_tok, head)
    kind, pred = head
    args = [p.parse_typed(scope)]
    while p.accept(","):
        args.append(p.parse_typed(scope))
    if len(args) != ARITY[kind]:
        p.error(kind_tok, f"wide {kind_tok.text} takes {ARITY[kind]} operands, "
                          f"not {len(args)}")
    return Wide(kind, args, pred=pred, loc=p.inst_loc)


def _jump(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    b, args, locs = p.parse_succ(scope)
    j = Jump(b, args, loc=p.inst_loc)
    locate_args(j, 0, locs)
    return j


def _branch(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    c = p.parse_typed(scope)
    p.expect(",")
    t, targs, tlocs = p.parse_succ(scope)
    p.expect(",")
    e, eargs, elocs = p.parse_succ(scope)
    br = Branch(c, t, e, targs, eargs, loc=p.inst_loc)
    locate_args(br, 0, tlocs)
    locate_args(br, 1, elocs)
    return br


def _switch(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    v = p.parse_typed(scope)
    p.expect(",")
    p.expect("default")
    default, dargs, dlocs = p.parse_succ(scope)
    p.expect(",")
    p.expect("[")

    def case() -> tuple[int, Block, list[Value], list[DILocation | None]]:
        value = p.expect_int("case value")
        p.expect(":")
        return (value, *p.parse_succ(scope))

    cases = p.comma_list("]", case)
    sw = Switch(v, default, [(c, b) for c, b, _, _ in cases], loc=p.inst_loc)
    # the printer shows successor arguments on any edge; keep them if present
    edges = [(dargs, dlocs)] + [(a, at) for _, _, a, at in cases]
    for i, (succ, (args, locs)) in enumerate(zip(sw.succs, edges, strict=True)):
        succ.args = [Use(sw, a) for a in args]
        locate_args(sw, i, locs)
    return sw


def _ret(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    values: list[Value] = []
    if p.at_type() and p.tok.line == op_tok.line:
        values.append(p.parse_typed(scope))
        while p.accept(","):
            values.append(p.parse_typed(scope))
    return Ret(values, loc=p.inst_loc)


def _unreachable(p: IRParser, op: Op, op_tok: Token, scope: _FunctionScope) -> Inst:
    return Unreachable(loc=p.inst_loc)


_Reader = Callable[["IRParser", Op, "Token", "_FunctionScope"], Inst]
_READERS: dict[Op, _Reader] = {
    Op.ICMP: _cmp, Op.FCMP: _cmp, Op.ALLOCA: _alloca, Op.LOAD: _load, Op.STORE: _store,
    Op.PTRADD: _ptradd, Op.MEMCPY: _memcpy, Op.MEMSET: _memset, Op.SELECT: _select,
    Op.CALL: _call, Op.EXTRACT: _extract, Op.VASTART: _vastart, Op.DYNALLOCA: _dynalloca,
    Op.STACKSAVE: _stacksave, Op.STACKRESTORE: _stackrestore, Op.ASM: _asm, Op.WIDE: _wide,
    Op.JUMP: _jump, Op.BRANCH: _branch, Op.SWITCH: _switch, Op.RET: _ret,
    Op.UNREACHABLE: _unreachable,
}
