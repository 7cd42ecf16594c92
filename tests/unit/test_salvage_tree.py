"""ir/salvage_tree.py's expressions, evaluated as a debugger would (64-bit DWARF
stack, the root's register holding garbage above its IR width) against what the IR
instruction computes, for edge and random operands; and the back end's guard
accepting exactly those (ldv/salvage.py). A wrong sign, bound or operand order shows
here as a mismatch (the debugger tests see only a few calls)."""

from __future__ import annotations

import random

import pytest

from atomc.codegen.debuginfo.ldv.salvage import arithmetic_ops
from atomc.dwarf.locexpr import Constu, Dup, Or, Shl, Shr, Swap
from atomc.ir.debuginfo import (
    DW_OP_and,
    DW_OP_consts,
    DW_OP_constu,
    DW_OP_dup,
    DW_OP_minus,
    DW_OP_mul,
    DW_OP_or,
    DW_OP_plus,
    DW_OP_plus_uconst,
    DW_OP_shl,
    DW_OP_shr,
    DW_OP_swap,
    DW_OP_xor,
)
from atomc.ir.insts import Binary, Cmp, Inst, Select
from atomc.ir.interp_eval import eval_binary, eval_cmp
from atomc.ir.parser import parse_module
from atomc.ir.rewrite import salvage_expression

M64 = (1 << 64) - 1
GARBAGE = 0xDEAD_BEEF_0000_0000  # what the root's register holds above its 32 bits
_BINARY = {DW_OP_and: lambda a, b: a & b, DW_OP_or: lambda a, b: a | b,
           DW_OP_xor: lambda a, b: a ^ b, DW_OP_plus: lambda a, b: a + b,
           DW_OP_minus: lambda a, b: a - b, DW_OP_mul: lambda a, b: a * b,
           DW_OP_shl: lambda a, b: a << b if b < 64 else 0,
           DW_OP_shr: lambda a, b: a >> b if b < 64 else 0}


def _eval(ops: tuple[int, ...], reg: int) -> int:
    """The DWARF stack machine (wrap at 64 bits) over the root's whole register."""
    stack, i = [reg & M64], 0
    while i < len(ops):
        op = ops[i]
        if op in (DW_OP_constu, DW_OP_consts):
            stack.append(ops[i + 1] & M64)
            i += 2
            continue
        if op == DW_OP_plus_uconst:
            stack.append((stack.pop() + ops[i + 1]) & M64)
            i += 2
            continue
        if op == DW_OP_dup:
            stack.append(stack[-1])
        elif op == DW_OP_swap:
            stack[-1], stack[-2] = stack[-2], stack[-1]
        else:
            b, a = stack.pop(), stack.pop()
            stack.append(_BINARY[op](a, b) & M64)
        i += 1
    assert len(stack) == 1
    return stack[0]


_SOURCE = """
compile_unit !3
define @f(i32 %x, i32 %y) -> (i32) dbg !0 {
bb0:
  %hi = shl i32 %x, i32 8  !loc(line: 2, column: 3, scope: !0)
  %lo = lshr i32 %x, i32 24  !loc(line: 2, column: 3, scope: !0)
  %rot = or i32 %hi, i32 %lo  !loc(line: 2, column: 3, scope: !0)
  %b1 = lshr i32 %x, i32 8  !loc(line: 3, column: 3, scope: !0)
  %b2 = and i32 %b1, i32 65280  !loc(line: 3, column: 3, scope: !0)
  %b3 = shl i32 %x, i32 8  !loc(line: 3, column: 3, scope: !0)
  %b4 = and i32 %b3, i32 16711680  !loc(line: 3, column: 3, scope: !0)
  %b5 = shl i32 %x, i32 24  !loc(line: 3, column: 3, scope: !0)
  %o1 = or i32 %lo, i32 %b2  !loc(line: 3, column: 3, scope: !0)
  %o2 = or i32 %o1, i32 %b4  !loc(line: 3, column: 3, scope: !0)
  %swapped = or i32 %o2, i32 %b5  !loc(line: 3, column: 3, scope: !0)
  %sq = mul i32 %x, i32 %x  !loc(line: 4, column: 3, scope: !0)
  %d = sub i32 %hi, i32 %x  !loc(line: 4, column: 3, scope: !0)
  %two = add i32 %x, i32 %y  !loc(line: 5, column: 3, scope: !0)
  %c1 = icmp ult i32 %x, i32 1000  !loc(line: 6, column: 3, scope: !0)
  %c2 = icmp sge i32 %x, i32 -3  !loc(line: 6, column: 3, scope: !0)
  %c3 = icmp sle i32 %x, i32 2147483647  !loc(line: 6, column: 3, scope: !0)
  %c4 = icmp ugt i32 %x, i32 4294967294  !loc(line: 6, column: 3, scope: !0)
  %c5 = icmp eq i32 %x, i32 -7  !loc(line: 6, column: 3, scope: !0)
  %c6 = icmp ne i32 %x, i32 0  !loc(line: 6, column: 3, scope: !0)
  %c7 = icmp slt i32 %x, i32 -2147483648  !loc(line: 6, column: 3, scope: !0)
  %c8 = icmp ule i32 %x, i32 4294967295  !loc(line: 6, column: 3, scope: !0)
  %s1 = select i1 %c1, i32 40, i32 2  !loc(line: 7, column: 3, scope: !0)
  %s2 = select i1 %c2, i32 -1, i32 1  !loc(line: 7, column: 3, scope: !0)
  %s3 = select i1 %c2, i32 %x, i32 1  !loc(line: 7, column: 3, scope: !0)
  ret i32 %x  !loc(line: 8, column: 3, scope: !0)
}
!0 = DISubprogram(name: "f", linkage: "f", file: !1, line: 1, type: !2, scope_line: 1, \
unit: !3, local: false, definition: true, key_instructions: true)
!1 = DIFile(name: "t.c", dir: "/tmp")
!2 = DISubroutineType(ret: null, params: (), variadic: false, prototyped: true)
!3 = DICompileUnit(file: !1, producer: "t", language: C11, optimized: true)
"""

_EDGES = [0, 1, 2, 5, 7, 255, 999, 1000, 1001, 0x7FFFFFFF, 0x80000000, 0xFFFFFFF9,
          0xFFFFFFFD, 0xFFFFFFFE, 0xFFFFFFFF, 0x12345678, 0xA0B0C0D0]


def _insts() -> dict[str, Inst]:
    fn = parse_module(_SOURCE).functions["f"]
    return {i.name: i for i in fn.blocks[0].insts if i.name}


def _value(inst: Inst, x: int) -> int:
    """What `inst` computes for %x = x, from its operands' values (IR semantics)."""
    def of(v: object) -> int:
        if isinstance(v, Inst):
            return _value(v, x)
        name = getattr(v, "name", "")
        if name == "x":
            return x
        return v.int_value & 0xFFFFFFFF  # type: ignore[attr-defined]
    if isinstance(inst, Cmp):
        return eval_cmp(inst.pred, inst.lhs.ty, of(inst.lhs), of(inst.rhs))
    if isinstance(inst, Select):
        return of(inst.operands[1].value) if of(inst.cond) else of(inst.operands[2].value)
    assert isinstance(inst, Binary)
    return int(eval_binary(inst.op, inst.ty, of(inst.lhs), of(inst.rhs))) & 0xFFFFFFFF


@pytest.mark.parametrize("name", ["rot", "swapped", "sq", "d", "c1", "c2", "c3", "c4", "c5",
                                  "c6", "c7", "c8", "s1", "s2"])
def test_the_expression_computes_the_instruction(name: str) -> None:
    insts = _insts()
    inst = insts[name]
    salvaged = salvage_expression(inst)
    assert salvaged is not None
    root, ops = salvaged
    if name in ("s1", "s2"):  # over the condition; the condition over x
        assert root is insts["c1" if name == "s1" else "c2"]
        inner = salvage_expression(root)  # type: ignore[arg-type]
        assert inner is not None
        root, ops = inner[0], inner[1] + ops
    assert getattr(root, "name", "") == "x"
    assert arithmetic_ops(ops) is not None, "the back end must accept it"
    rng = random.Random(15)
    bits = 1 if isinstance(inst, Cmp) else 32
    for x in _EDGES + [rng.getrandbits(32) for _ in range(300)]:
        got = _eval(ops, GARBAGE | x) & ((1 << bits) - 1)
        assert got == _value(inst, x) & ((1 << bits) - 1), (name, hex(x))


def test_what_it_cannot_describe_it_leaves() -> None:
    insts = _insts()
    assert salvage_expression(insts["two"]) is None  # two values: no single root
    assert salvage_expression(insts["s3"]) is None  # a select of a variable arm


def test_the_guard_follows_swap() -> None:
    """After a swap, the raw register is on top again: shifting it right is refused."""
    ops = (DW_OP_dup, DW_OP_constu, 8, DW_OP_shl, DW_OP_swap, DW_OP_constu, 0xFFFFFFFF,
           DW_OP_and, DW_OP_constu, 24, DW_OP_shr, DW_OP_or)
    assert arithmetic_ops(ops) is not None
    raw = (DW_OP_dup, DW_OP_constu, 0xFF, DW_OP_and, DW_OP_swap, DW_OP_constu, 24, DW_OP_shr,
           DW_OP_or)
    assert arithmetic_ops(raw) is None
    assert arithmetic_ops((DW_OP_dup, DW_OP_constu, 8, DW_OP_shl, DW_OP_swap, DW_OP_or))[:5] \
        == (Dup(), Constu(8), Shl(), Swap(), Or())  # type: ignore[index]
    assert Shr() not in (arithmetic_ops((DW_OP_constu, 1, DW_OP_shl)) or ())
