"""LEB128 against the examples of DWARF 5 §7.6 (Figures 22 and 23)."""

import pytest

from atomc.dwarf.leb128 import sleb128, uleb128


@pytest.mark.parametrize("value, encoded", [
    (2, b"\x02"), (127, b"\x7f"), (128, b"\x80\x01"), (129, b"\x81\x01"),
    (130, b"\x82\x01"), (12857, b"\xb9\x64"), (0, b"\x00"),
    (624485, b"\xe5\x8e\x26"), (2**64 - 1, b"\xff" * 9 + b"\x01"),
])
def test_uleb128(value: int, encoded: bytes) -> None:
    assert uleb128(value) == encoded


@pytest.mark.parametrize("value, encoded", [
    (2, b"\x02"), (-2, b"\x7e"), (127, b"\xff\x00"), (-127, b"\x81\x7f"),
    (128, b"\x80\x01"), (-128, b"\x80\x7f"), (129, b"\x81\x01"), (-129, b"\xff\x7e"),
    (0, b"\x00"), (63, b"\x3f"), (64, b"\xc0\x00"), (-64, b"\x40"), (-65, b"\xbf\x7f"),
    (-123456, b"\xc0\xbb\x78"),
])
def test_sleb128(value: int, encoded: bytes) -> None:
    assert sleb128(value) == encoded


def test_uleb128_rejects_negative() -> None:
    with pytest.raises(ValueError):
        uleb128(-1)
