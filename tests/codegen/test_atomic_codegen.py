"""Atomic code does not depend on debug options: the .text of every atomics exec
program is the same with -g, without it and without Key Instructions (the
choice between `lock add` and `lock xadd`, and the flag-fused compare-exchange
branches, look at real uses only)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

PROGRAMS = sorted((Path(__file__).parents[1] / "exec" / "programs").glob("35[0-9]_*atomic*.c")) \
    + sorted((Path(__file__).parents[1] / "exec" / "programs").glob("35[0-9]_sync*.c"))


def _text(atomc_cmd: list[str], src: Path, level: str, flags: list[str], out: Path) -> bytes:
    obj = out.with_suffix(".o")
    subprocess.run([*atomc_cmd, level, *flags, "-w", "-c", str(src), "-o", str(obj)],
                   check=True, capture_output=True, timeout=300)
    subprocess.run(["objcopy", "-O", "binary", "--only-section=.text", str(obj), str(out)],
                   check=True)
    return out.read_bytes()


def test_the_atomics_programs_are_there() -> None:
    assert len(PROGRAMS) >= 6


@pytest.mark.parametrize("level", ["-O0", "-O2"])
@pytest.mark.parametrize("src", PROGRAMS, ids=lambda p: p.stem)
def test_debug_options_do_not_change_atomic_code(src: Path, level: str, atomc_cmd: list[str],
                                                  tmp_path: Path) -> None:
    plain = _text(atomc_cmd, src, level, ["-g0"], tmp_path / "plain.bin")
    assert _text(atomc_cmd, src, level, ["-g"], tmp_path / "g.bin") == plain
    assert _text(atomc_cmd, src, level, ["-g", "-gno-key-instructions"],
                 tmp_path / "nokey.bin") == plain
