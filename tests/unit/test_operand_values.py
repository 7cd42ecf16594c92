"""operand_values.join_operands: a variable over two values has a location only where
its operand variable has one too, with `arg N` replaced by the ops that push the
operand's value from there; operand variables leave no range or reason of their own."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from atomc.codegen.debuginfo.ldv.model import (
    ComputedLoc,
    ConstLoc,
    EntryValueLoc,
    NoLoc,
    VarKey,
    VarRange,
    WhyRange,
    reg,
    slot,
)
from atomc.codegen.debuginfo.location_lists import loc_expr
from atomc.codegen.debuginfo.operand_values import join_operands
from atomc.diag import InternalCompilerError
from atomc.dwarf.locexpr import (
    Breg,
    Constu,
    Deref,
    EntryValue,
    Fbreg,
    OperandArg,
    Plus,
    Reg,
    StackValue,
    encode,
)


@dataclass(frozen=True)
class _Var:
    name: str
    scope: str = "f"
    line: int = 3


T = VarKey(_Var("t"))
OP1 = VarKey(_Var(".1.t"))
OP1_INLINED = VarKey(_Var(".1.t"), inlined_at="site")
OP1_OTHER_LINE = VarKey(_Var(".1.t", line=4))  # another `t`'s operand
SUM = ComputedLoc(reg(5), (OperandArg(1), Plus()))


def test_the_location_lasts_while_both_values_are_held() -> None:
    ranges = [VarRange(T, 0, 10, SUM),
              VarRange(OP1, 2, 6, reg(3)), VarRange(OP1, 6, 8, slot(-24))]
    gaps = [WhyRange(OP1, 8, 12, NoLoc("dead after line 9")),
            WhyRange(T, 10, 12, NoLoc("dead after line 4"))]
    out, why = join_operands(ranges, gaps)
    assert out == [VarRange(T, 2, 6, ComputedLoc(reg(5), (Breg(3, 0), Plus()))),
                   VarRange(T, 6, 8, ComputedLoc(reg(5), (Fbreg(-24), Deref(), Plus())))]
    # where the operand is gone the variable is too, for the operand's reason
    assert WhyRange(T, 8, 10, NoLoc("dead after line 9")) in why
    assert WhyRange(T, 10, 12, NoLoc("dead after line 4")) in why
    assert all(not w.var.var.name.startswith(".") for w in why)  # type: ignore[attr-defined]
    assert loc_expr(out[1].loc) == (Breg(5, 0), Fbreg(-24), Deref(), Plus(), StackValue())


def test_constants_and_entry_values_push_their_value() -> None:
    ranges = [VarRange(T, 0, 10, SUM), VarRange(OP1, 0, 4, ConstLoc(7)),
              VarRange(OP1, 4, 10, EntryValueLoc(reg(4)))]
    out, _ = join_operands(ranges, [])
    assert [r.loc for r in out] == [
        ComputedLoc(reg(5), (Constu(7), Plus())),
        ComputedLoc(reg(5), (EntryValue((Reg(4),)), Plus()))]


def test_an_operand_of_another_instance_or_variable_is_not_read() -> None:
    for other in (OP1_INLINED, OP1_OTHER_LINE):
        out, _ = join_operands([VarRange(T, 0, 10, SUM), VarRange(other, 0, 10, reg(3))], [])
        assert out == []


def test_an_unjoined_operand_cannot_be_encoded() -> None:
    with pytest.raises(InternalCompilerError):
        encode((Breg(5, 0), OperandArg(1), Plus(), StackValue()))
