"""Sections and symbols against gcc-12: -ffunction-sections / -fdata-sections
(and `ld --gc-sections` on the result), -fcommon against the default
-fno-common at link time.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pic_support import GCC, HERE, OPT_LEVELS, run_exe

PROGRAMS = HERE / "programs"
LEVELS = [pytest.param(lv, id=lv.lstrip("-")) for lv in OPT_LEVELS]


def _compile(cmd: list[str], src: Path, obj: Path, *flags: str) -> None:
    proc = subprocess.run([*cmd, "-c", *flags, str(src), "-o", str(obj)], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def _link(objs: list[Path], exe: Path, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(["gcc", *map(str, objs), "-o", str(exe), *flags], capture_output=True,
                          text=True, timeout=300)


def _section_names(obj: Path) -> set[str]:
    out = subprocess.run(["readelf", "-SW", str(obj)], capture_output=True, text=True,
                         check=True).stdout
    return set(re.findall(r"\]\s+(\S+)", out))


@pytest.mark.parametrize("model", [[], ["-fPIC"], ["-fno-pic"]], ids=["pie", "pic", "no-pic"])
@pytest.mark.parametrize("level", LEVELS)
def test_gc_sections_like_gcc(level: str, model: list[str], atomc_cmd, tmp_path: Path):
    """Each used and unused function and object has its own section, named as
    gcc names it, and --gc-sections removes the same ones."""
    src = PROGRAMS / "gc_sections.c"
    flags = [level, "-ffunction-sections", "-fdata-sections", *model]
    removed, sections = {}, {}
    for name, cmd in (("atomc", atomc_cmd), ("gcc", GCC)):
        obj, exe = tmp_path / f"{name}.o", tmp_path / name
        _compile(cmd, src, obj, *flags)
        sections[name] = {s for s in _section_names(obj) if "used" in s}
        extra = ["-no-pie"] if model == ["-fno-pic"] else []
        proc = _link([obj], exe, "-Wl,--gc-sections,--print-gc-sections", *extra)
        assert proc.returncode == 0, proc.stderr
        # (gcc folds `used_ro` into an immediate even at -O0 and drops its section too)
        removed[name] = set(re.findall(r"removing unused section '([^']*unused[^']*)'",
                                       proc.stderr))
        symbols = subprocess.run(["nm", str(exe)], capture_output=True, text=True).stdout
        assert not re.search(r"\bunused_fn\b", symbols) and re.search(r"\bmain\b", symbols)
    assert sections["atomc"] == sections["gcc"]
    assert removed["atomc"] == removed["gcc"] and len(removed["gcc"]) >= 5
    assert run_exe(tmp_path / "atomc") == run_exe(tmp_path / "gcc")


@pytest.mark.parametrize("common", [["-fcommon"], [], ["-fno-common"]],
                         ids=["fcommon", "default", "fno-common"])
@pytest.mark.parametrize("mix", ["atomc", "mixed"])
def test_tentative_definitions_link_like_gcc(common: list[str], mix: str, atomc_cmd,
                                             tmp_path: Path):
    """Two units with `int shared_counter;`: one object under -fcommon, a
    multiple-definition error otherwise, as with gcc (also with one unit from each)."""
    a, b = PROGRAMS / "common_a.c", PROGRAMS / "common_b.c"
    results = []
    for side in ("gcc", "atomc"):
        objs = []
        for src in (a, b):
            cmd = GCC if side == "gcc" or (mix == "mixed" and src == b) else atomc_cmd
            obj = tmp_path / f"{side}-{src.stem}.o"
            _compile(cmd, src, obj, "-O2", *common)
            objs.append(obj)
        exe = tmp_path / side
        proc = _link(objs, exe)
        out = run_exe(exe) if proc.returncode == 0 else None
        multiple = "multiple definition of `shared_counter'" in proc.stderr
        results.append((proc.returncode == 0, multiple, out))
    assert results[0] == results[1]
    assert results[0][0] == (common == ["-fcommon"])
