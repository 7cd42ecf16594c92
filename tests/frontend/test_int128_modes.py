"""gcc's integer machine modes (`__attribute__((mode(M)))`) as C types: the
mapping the mode attribute uses, `TI` being __int128."""

from __future__ import annotations

import pytest

from atomc.frontend.ctype import (
    INT, INT128, LONG, SCHAR, SHORT, UCHAR, UINT, UINT128, ULONG, USHORT, int_type_of_mode,
)


@pytest.mark.parametrize(("mode", "signed", "want"), [
    ("QI", True, SCHAR), ("QI", False, UCHAR), ("HI", True, SHORT), ("HI", False, USHORT),
    ("SI", True, INT), ("SI", False, UINT), ("DI", True, LONG), ("DI", False, ULONG),
    ("TI", True, INT128), ("TI", False, UINT128), ("__TI__", False, UINT128),
    ("word", True, LONG), ("pointer", False, ULONG), ("byte", True, SCHAR),
])
def test_integer_modes(mode: str, signed: bool, want: object) -> None:
    assert int_type_of_mode(mode, signed) == want


@pytest.mark.parametrize("mode", ["SF", "DF", "XF", "TF", "V4SI", "__SF__", ""])
def test_other_modes_are_not_integer_types(mode: str) -> None:
    assert int_type_of_mode(mode, True) is None
