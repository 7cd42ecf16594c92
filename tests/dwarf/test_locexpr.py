"""Location expressions against bytes computed by hand from DWARF 5 §7.7.1."""

import pytest

from atomc.diag import InternalCompilerError
from atomc.dwarf.locexpr import (
    Addr,
    BitPiece,
    Breg,
    CallFrameCfa,
    Consts,
    Constu,
    Deref,
    EntryValue,
    Fbreg,
    ImplicitValue,
    LocExpr,
    Minus,
    Mul,
    Piece,
    Plus,
    PlusUconst,
    Reg,
    StackValue,
    SymAddr,
    TlsAddr,
    const,
    encode,
)


@pytest.mark.parametrize("expr, encoded", [
    ((Fbreg(-20),), "91 6c"),
    ((Fbreg(16),), "91 10"),
    ((Fbreg(-200),), "91 b8 7e"),
    ((Reg(0),), "50"),
    ((Reg(6),), "56"),
    ((Reg(31),), "6f"),
    ((Reg(33),), "90 21"),  # xmm16 and up: DW_OP_regx
    ((Breg(7, 8),), "77 08"),
    ((Breg(6, -24),), "76 68"),
    ((Breg(40, 1),), "92 28 01"),  # DW_OP_bregx
    ((Deref(),), "06"),
    ((Piece(8),), "93 08"),
    ((BitPiece(64),), "9d 40 00"),
    ((BitPiece(200, 3),), "9d c8 01 03"),
    ((Reg(0), Piece(8), Reg(1), Piece(8)), "50 93 08 51 93 08"),
    ((Constu(5),), "10 05"),
    ((Constu(300),), "10 ac 02"),
    ((Consts(-1),), "11 7f"),
    ((Consts(-300),), "11 d4 7d"),
    ((StackValue(),), "9f"),
    ((Constu(7), StackValue()), "10 07 9f"),
    ((CallFrameCfa(),), "9c"),
    ((PlusUconst(8),), "23 08"),
    ((Breg(7, 0), PlusUconst(130), Deref()), "77 00 23 82 01 06"),
    ((Plus(), Minus(), Mul()), "22 1c 1e"),
    ((ImplicitValue(b"\x01\x02"),), "9e 02 01 02"),
    ((EntryValue((Reg(5),)), StackValue()), "a3 01 55 9f"),
    ((EntryValue((Breg(7, 8), Deref())),), "a3 03 77 08 06"),
])
def test_encode(expr: LocExpr, encoded: str) -> None:
    e = encode(expr)
    assert e.constant_bytes == bytes.fromhex(encoded)
    assert e.size == len(bytes.fromhex(encoded))


def test_const_picks_the_signed_form_for_negatives_only() -> None:
    assert const(-1) == Consts(-1)
    assert const(0) == Constu(0) and const(5) == Constu(5)


def test_op_names_are_dwarfs() -> None:
    assert [op.name for op in (PlusUconst(1), CallFrameCfa(), Fbreg(0), Mul())] == [
        "plus_uconst", "call_frame_cfa", "fbreg", "mul"]


def test_addr_is_relocated() -> None:
    e = encode((Addr("counter"), PlusUconst(4)))
    assert e.chunks == (b"\x03", SymAddr("counter"), b"\x23\x04")
    assert e.size == 1 + 8 + 2
    assert e.directives() == ["\t.byte\t0x03", "\t.quad\tcounter", "\t.byte\t0x23,0x04"]
    with pytest.raises(InternalCompilerError):
        e.constant_bytes


def test_addr_with_addend() -> None:
    e = encode((Addr("tbl", 16),))
    assert e.directives() == ["\t.byte\t0x03", "\t.quad\ttbl+16"]


def test_thread_local_address() -> None:
    e = encode((TlsAddr("tv"),))
    assert e.chunks == (b"\x0e", SymAddr("tv@dtpoff"), b"\x9b")
    assert e.size == 1 + 8 + 1


@pytest.mark.parametrize("bad", [("deref",), (("fbreg", -20),), (None,)])
def test_what_is_not_an_op_is_an_internal_error(bad: tuple[object, ...]) -> None:
    with pytest.raises(InternalCompilerError):
        encode(bad)  # type: ignore[arg-type]
