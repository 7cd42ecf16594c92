"""Hardening code generation against gcc-12: the stack protector, stack-clash
probes, CET markers and property notes, and that none of them changes `.text`
between -g and -g0.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pic_support import GCC, HERE, OPT_LEVELS, EXEC_PROGRAMS, link, run, run_exe

PROGRAMS = HERE / "programs"
LEVELS = [pytest.param(lv, id=lv.lstrip("-")) for lv in OPT_LEVELS]
PROTECTOR_MODES = ["-fstack-protector", "-fstack-protector-strong", "-fstack-protector-all",
                   "-fstack-protector-explicit"]


def assembly(cmd: list[str], src: Path, out: Path, *flags: str) -> str:
    proc = subprocess.run([*cmd, "-S", str(src), "-o", str(out), *flags], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return out.read_text()


def functions(asm: str) -> dict[str, list[str]]:
    """Each function's instruction lines (directives and labels left out)."""
    names = set(re.findall(r"^\s*\.type\s+([\w.]+),\s*@function", asm, re.M))
    out: dict[str, list[str]] = {}
    cur: list[str] | None = None
    for line in asm.splitlines():
        m = re.match(r"^([\w.]+):", line)
        if m and m.group(1) in names:
            cur = out.setdefault(m.group(1), [])
        elif m is None and cur is not None and line.strip() and \
                not line.strip().startswith((".", "#")) and not line.strip().endswith(":"):
            cur.append(line.strip())
    return out


# -- stack protector -------------------------------------------------------------------

@pytest.mark.parametrize("level", ["-O0", "-O1", "-O2"])
@pytest.mark.parametrize("mode", PROTECTOR_MODES)
def test_canary_in_the_functions_gcc_protects(mode: str, level: str, atomc_cmd, tmp_path: Path):
    src = PROGRAMS / "stack_protect_cases.c"

    def guarded(cmd: list[str], name: str) -> set[str]:
        fns = functions(assembly(cmd, src, tmp_path / name, level, mode))
        return {f for f, body in fns.items() if any("__stack_chk_fail" in i for i in body)}

    assert guarded(atomc_cmd, "atomc.s") == guarded(GCC, "gcc.s")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("mode", ["-fstack-protector", "-fstack-protector-strong",
                                  "-fstack-protector-all"])
def test_smashed_canary_aborts_like_gcc(mode: str, level: str, atomc_cmd, tmp_path: Path):
    src = PROGRAMS / "smash.c"
    ours, theirs = tmp_path / "atomc", tmp_path / "gcc"
    link([*atomc_cmd, level, "-g", mode], ours, [src])
    link([*GCC, level, mode], theirs, [src])
    for arg in ("fits", "A" * 64):
        a, g = run(ours, arg), run(theirs, arg)
        assert (a.returncode, a.stdout) == (g.returncode, g.stdout)
        assert a.stderr == g.stderr
    assert a.returncode == -6 and b"*** stack smashing detected ***: terminated" in a.stderr


# -- stack clash --------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_large_stack_allocations_are_probed(level: str, atomc_cmd, tmp_path: Path):
    src = PROGRAMS / "big_stack.c"
    asm = functions(assembly(atomc_cmd, src, tmp_path / "a.s", level,
                             "-fstack-clash-protection"))
    probes = [i for body in asm.values() for i in body if re.match(r"orq\s+\$0, \(%rsp\)", i)]
    assert len(probes) >= 2  # the fixed frame's loop and the VLA's
    ours, theirs = tmp_path / "atomc", tmp_path / "gcc"
    link([*atomc_cmd, level, "-g", "-fstack-clash-protection"], ours, [src])
    link([*GCC, level, "-fstack-clash-protection"], theirs, [src])
    assert run_exe(ours) == run_exe(theirs)


# -- CET -----------------------------------------------------------------------------

def _end_branches(asm: str) -> tuple[set[str], int]:
    """(functions starting with endbr64, endbr64 right after a call)."""
    fns = functions(asm)
    entry = {f for f, body in fns.items() if body and body[0] == "endbr64"}
    after_call = sum(1 for body in fns.values() for a, b in zip(body, body[1:])
                     if a.startswith("call") and b == "endbr64")
    return entry, after_call


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_endbr64_where_gcc_puts_it(level: str, atomc_cmd, tmp_path: Path):
    src = PROGRAMS / "cet_targets.c"
    ours = _end_branches(assembly(atomc_cmd, src, tmp_path / "a.s", level, "-fcf-protection"))
    theirs = _end_branches(assembly(GCC, src, tmp_path / "g.s", level, "-fcf-protection"))
    assert ours[1] == theirs[1] == 2  # after setjmp and sigsetjmp
    if level == "-O0":
        assert ours[0] == theirs[0]
    else:  # gcc's optimiser removes or inlines some of them; the rest agree
        assert theirs[0] <= ours[0]
        assert not ours[0] & {"direct_only", "noinl"}  # static, only called directly


def _notes(path: Path) -> list[str]:
    out = subprocess.run(["readelf", "-n", str(path)], capture_output=True, text=True,
                         check=True).stdout
    return [ln.strip() for ln in out.splitlines() if "Properties:" in ln or "x86" in ln]


@pytest.mark.parametrize("level", ["full", "branch", "return", "none"])
def test_property_note_matches_gcc(level: str, atomc_cmd, tmp_path: Path):
    src = PROGRAMS / "cet_targets.c"
    flag = f"-fcf-protection={level}"
    for what in ("object", "program"):
        ours, theirs = tmp_path / f"atomc-{what}", tmp_path / f"gcc-{what}"
        extra = ["-c"] if what == "object" else []
        link([*atomc_cmd, "-O2", flag, *extra], ours, [src])
        link([*GCC, "-O2", flag, *extra], theirs, [src])
        assert _notes(ours) == _notes(theirs), what
        if what == "program":
            assert run_exe(ours) == run_exe(theirs)


# -- none of it depends on -g ----------------------------------------------------------

def _code_sections(obj: Path) -> dict[str, str]:
    out = subprocess.run(["readelf", "-SW", str(obj)], capture_output=True, text=True,
                         check=True).stdout
    names = re.findall(r"\]\s+(\.text[\w.]*)\s+PROGBITS", out)
    return {n: subprocess.run(["readelf", "-x", n, str(obj)], capture_output=True, text=True,
                              check=True).stdout for n in names}


FLAG_SETS = {
    "pic": ["-fPIC"],
    "hardened": ["-fstack-protector-all", "-fstack-clash-protection", "-fcf-protection"],
    "sections": ["-ffunction-sections", "-fdata-sections", "-fno-pic"],
    "tls": ["-fPIC", "-ftls-model=local-dynamic"],
}
TEXT_SOURCES = [PROGRAMS / "big_stack.c", PROGRAMS / "tls_threads.c", PROGRAMS / "cet_targets.c",
                EXEC_PROGRAMS / "210_switch_dense.c", EXEC_PROGRAMS / "036_global_ptr_init.c"]


@pytest.mark.parametrize("level", ["-O0", "-O2"])
@pytest.mark.parametrize("flags", sorted(FLAG_SETS))
def test_text_does_not_depend_on_debug_info(flags: str, level: str, atomc_cmd, tmp_path: Path):
    for src in TEXT_SOURCES:
        texts = []
        for g in ("-g", "-g0"):
            obj = tmp_path / f"{src.stem}{g}.o"
            link([*atomc_cmd, level, g, "-c", *FLAG_SETS[flags]], obj, [src])
            texts.append(_code_sections(obj))
        assert texts[0] == texts[1], src.name
