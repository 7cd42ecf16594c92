"""Location expressions against bytes computed by hand from DWARF 5 §7.7.1."""

import pytest

from atomc.diag import InternalCompilerError
from atomc.dwarf.locexpr import SymAddr, encode


@pytest.mark.parametrize("expr, encoded", [
    ((("fbreg", -20),), "91 6c"),
    ((("fbreg", 16),), "91 10"),
    ((("fbreg", -200),), "91 b8 7e"),
    ((("reg", 0),), "50"),
    ((("reg", 6),), "56"),
    ((("reg", 31),), "6f"),
    ((("reg", 33),), "90 21"),  # xmm16 and up: DW_OP_regx
    ((("regx", 3),), "90 03"),
    ((("breg", 7, 8),), "77 08"),
    ((("breg", 6, -24),), "76 68"),
    ((("breg", 40, 1),), "92 28 01"),
    ((("bregx", 3, -1),), "92 03 7f"),
    ((("deref",),), "06"),
    ((("piece", 8),), "93 08"),
    ((("reg", 0), ("piece", 8), ("reg", 1), ("piece", 8)), "50 93 08 51 93 08"),
    ((("constu", 5),), "10 05"),
    ((("constu", 300),), "10 ac 02"),
    ((("consts", -1),), "11 7f"),
    ((("consts", -300),), "11 d4 7d"),
    ((("lit", 0),), "30"),
    ((("lit", 31),), "4f"),
    ((("stack_value",),), "9f"),
    ((("constu", 7), ("stack_value",)), "10 07 9f"),
    ((("call_frame_cfa",),), "9c"),
    ((("plus_uconst", 8),), "23 08"),
    ((("breg", 7, 0), ("plus_uconst", 130), ("deref",)), "77 00 23 82 01 06"),
    ((("plus",), ("minus",)), "22 1c"),
    ((("entry_value", ("reg", 5)), ("stack_value",)), "a3 01 55 9f"),
    ((("entry_value", (("breg", 7, 8), ("deref",))),), "a3 03 77 08 06"),
])
def test_encode(expr: tuple, encoded: str) -> None:
    e = encode(expr)
    assert e.constant_bytes == bytes.fromhex(encoded)
    assert e.size == len(bytes.fromhex(encoded))


def test_addr_is_relocated() -> None:
    e = encode((("addr", "counter"), ("plus_uconst", 4)))
    assert e.chunks == (b"\x03", SymAddr("counter"), b"\x23\x04")
    assert e.size == 1 + 8 + 2
    assert e.directives() == ["\t.byte\t0x03", "\t.quad\tcounter", "\t.byte\t0x23,0x04"]
    with pytest.raises(InternalCompilerError):
        e.constant_bytes


def test_addr_with_addend() -> None:
    e = encode((("addr", "tbl", 16),))
    assert e.directives() == ["\t.byte\t0x03", "\t.quad\ttbl+16"]


@pytest.mark.parametrize("bad", [
    (("fbreg",),), (("nosuchop", 1),), (("lit", 32),), ("deref",), (("piece", "8"),),
])
def test_malformed_ops_are_internal_errors(bad: tuple) -> None:
    with pytest.raises(InternalCompilerError):
        encode(bad)
