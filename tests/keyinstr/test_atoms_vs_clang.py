"""Front-end Key Instructions annotation compared with Clang 22 on the same C
source (`clang-22 -O0 -g -gkey-instructions`): every function must have the
same atoms — the same members with the same ranks — as Clang's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from atoms import atomc_atoms, clang_atoms, describe

CASES = sorted((Path(__file__).parent / "cases").glob("*.c"))

pytestmark = pytest.mark.skipif(shutil.which("clang-22") is None, reason="clang-22 not installed")


@pytest.mark.parametrize("src", CASES, ids=[c.stem for c in CASES])
def test_same_atoms_as_clang(src: Path) -> None:
    ours, theirs = atomc_atoms(src), clang_atoms(src)
    assert sorted(ours) == sorted(theirs)
    for fn in theirs:
        assert describe(ours[fn]) == describe(theirs[fn]), fn
