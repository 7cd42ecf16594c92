"""gcc's semantics flags (-fwrapv, -fno-strict-aliasing,
-fno-delete-null-pointer-checks): each program in programs/ with a
`// FLAGS:` line prints something that depends on its flag. gcc -O2 with the
flag is the oracle, and gcc -O2 without it must print something else (so the
program really exercises the flag, or must fail to link, as -mcx16's programs
do); atomc with the flag must match the oracle at every level. (test_exec.py
runs the same programs against gcc -O0.)
See docs/undefined-behaviour.md for what atomc assumes without the flags."""

import subprocess
from pathlib import Path

import pytest
from test_exec import OPT_LEVELS, build, header_flags, run_exe

HERE = Path(__file__).parent
FLAGGED = [p for p in sorted((HERE / "programs").glob("*.c")) if header_flags(p, "FLAGS")]
SKIPPED = "nothing to compare"  # a program that cannot set up its situation says so


def _gcc_run(src: Path, flags: list[str], exe: Path) -> tuple[str, int]:
    build(["gcc", "-std=gnu11", "-O2", "-w", *flags, str(src), "-o", str(exe)], "gcc")
    return run_exe(exe)


def test_flagged_programs_exist() -> None:
    names = {tuple(header_flags(p, "FLAGS")) for p in FLAGGED}
    assert {("-fwrapv",), ("-fno-strict-aliasing",),
            ("-fno-delete-null-pointer-checks",)} <= names


@pytest.mark.parametrize("src", FLAGGED, ids=[p.stem for p in FLAGGED])
def test_gcc_depends_on_the_flag(src: Path, tmp_path: Path) -> None:
    with_flag = _gcc_run(src, header_flags(src, "FLAGS"), tmp_path / "with")
    if SKIPPED in with_flag[0]:
        pytest.skip(with_flag[0].strip())
    plain = subprocess.run(["gcc", "-std=gnu11", "-O2", "-w", str(src), "-o",
                            str(tmp_path / "without")], capture_output=True, text=True,
                           check=False)
    if plain.returncode != 0:
        # without the flag gcc cannot build it at all (-mcx16: the __sync_*_16 calls it
        # emits instead have no library), which shows the dependence as well
        assert "undefined reference" in plain.stderr, plain.stderr
        return
    without = run_exe(tmp_path / "without")
    assert without != with_flag, "gcc -O2 prints the same without the flag: the program " \
                                 "does not exercise it"


@pytest.mark.parametrize("level", OPT_LEVELS, ids=[lv.lstrip("-") for lv in OPT_LEVELS])
@pytest.mark.parametrize("src", FLAGGED, ids=[p.stem for p in FLAGGED])
def test_atomc_matches_gcc_O2_with_the_flag(src: Path, level: str, atomc_cmd,
                                            tmp_path: Path) -> None:
    flags = header_flags(src, "FLAGS")
    expected = _gcc_run(src, flags, tmp_path / "gcc")
    exe = tmp_path / "atomc"
    build([*atomc_cmd, "-std=gnu11", level, *flags, str(src), "-o", str(exe)], "atomc")
    assert run_exe(exe) == expected
