"""Shared libraries: atomc-built `.so` files used by gcc-built programs (linked
and through dlopen), gcc-built ones used by atomc-built programs, and both
sides by atomc, at -O0..-O3, against the all-gcc build.

`shlib/shapes.c` reaches data and code every way -fPIC code does: its own
exported data (through the GOT: the program's copy relocation moves
`lib_counter` into the executable, and the library must see the moved copy),
hidden and static data (PC-relative), read-only tables of addresses
(`.data.rel.ro`), a function-pointer table, a switch table, thread-local
storage read by the program's threads (initial-exec there, general-dynamic
in the library), a callback into the program, and `lib_hook`, which the
program redefines: the library's call must reach the program's definition
(symbol interposition), so the library may not inline its own copy.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pic_support import GCC, HERE, OPT_LEVELS, dynamic_tags, link, run, verify_dwarf

SRC = HERE / "shlib"
LIB, PROG, DLPROG = SRC / "shapes.c", SRC / "prog.c", SRC / "dlprog.c"
LEVELS = [pytest.param(lv, id=lv.lstrip("-")) for lv in OPT_LEVELS]


def build_lib(cmd: list[str], out_dir: Path, *flags: str) -> Path:
    lib = out_dir / "libshapes.so"
    assert link([*cmd, "-fPIC", "-shared", "-g", *flags], lib, [LIB]) == ""
    assert "TEXTREL" not in dynamic_tags(lib)
    return lib


def build_prog(cmd: list[str], out_dir: Path, *flags: str) -> Path:
    exe = out_dir / "prog"
    assert link([*cmd, "-g", f"-I{SRC}", *flags], exe, [PROG], f"-L{out_dir}", "-lshapes",
                "-pthread") == ""
    return exe


def build_dlprog(cmd: list[str], out_dir: Path, *flags: str) -> Path:
    exe = out_dir / "dlprog"
    assert link([*cmd, "-g", *flags], exe, [DLPROG], "-ldl") == ""
    return exe


def outputs(prog: Path, dlprog: Path, lib: Path) -> tuple[bytes, bytes]:
    linked, loaded = run(prog), run(dlprog, str(lib))
    assert linked.returncode == 0 and loaded.returncode == 0, linked.stderr + loaded.stderr
    return linked.stdout, loaded.stdout


@pytest.fixture(scope="module")
def gcc_side(tmp_path_factory) -> tuple[Path, tuple[bytes, bytes]]:
    """gcc's library and programs (in one directory) and what they print."""
    d = tmp_path_factory.mktemp("gcc-shlib")
    lib = build_lib(GCC, d, "-O0")
    prog, dlprog = build_prog(GCC, d, "-O0"), build_dlprog(GCC, d, "-O0")
    return d, outputs(prog, dlprog, lib)


@pytest.mark.parametrize("level", LEVELS)
def test_atomc_library_gcc_programs(level: str, atomc_cmd, gcc_side, tmp_path: Path):
    gcc_dir, expected = gcc_side
    lib = build_lib(atomc_cmd, tmp_path, level)
    verify_dwarf(lib)
    prog = build_prog(GCC, tmp_path, "-O0")
    assert outputs(prog, gcc_dir / "dlprog", lib) == expected


@pytest.mark.parametrize("level", LEVELS)
def test_gcc_library_atomc_programs(level: str, atomc_cmd, gcc_side, tmp_path: Path):
    gcc_dir, expected = gcc_side
    lib = shutil.copy(gcc_dir / "libshapes.so", tmp_path / "libshapes.so")
    prog, dlprog = build_prog(atomc_cmd, tmp_path, level), build_dlprog(atomc_cmd, tmp_path, level)
    verify_dwarf(prog)
    assert outputs(prog, dlprog, Path(lib)) == expected


@pytest.mark.parametrize("level", LEVELS)
def test_atomc_library_atomc_programs(level: str, atomc_cmd, gcc_side, tmp_path: Path):
    _, expected = gcc_side
    lib = build_lib(atomc_cmd, tmp_path, level, "-fstack-protector-strong", "-fcf-protection")
    prog = build_prog(atomc_cmd, tmp_path, level, "-fstack-protector-strong")
    dlprog = build_dlprog(atomc_cmd, tmp_path, level)
    assert outputs(prog, dlprog, lib) == expected


def _exports(lib: Path) -> list[str]:
    out = subprocess.run(["nm", "-D", "--defined-only", str(lib)], capture_output=True,
                         text=True, check=True).stdout
    return sorted(" ".join(line.split()[1:]) for line in out.splitlines())


@pytest.mark.parametrize("visibility", ["default", "hidden", "protected"])
def test_exported_symbols_match_gcc(visibility: str, atomc_cmd, tmp_path: Path):
    """-fvisibility= hides (or protects) what the API header does not mark
    `visibility("default")`: the dynamic symbol table lists what gcc's lists."""
    flags = [f"-fvisibility={visibility}", "-O2"]
    (tmp_path / "gcc").mkdir()
    (tmp_path / "atomc").mkdir()
    ours = build_lib(atomc_cmd, tmp_path / "atomc", *flags)
    theirs = build_lib(GCC, tmp_path / "gcc", *flags)
    assert _exports(ours) == _exports(theirs)


def test_pie_code_in_a_shared_object_fails_like_gcc(atomc_cmd, tmp_path: Path):
    """Without -fPIC, references to the library's own preemptible symbols are
    PC-relative (PIE code): ld refuses to make a shared object of it, for both."""
    results = []
    for cmd in (atomc_cmd, GCC):
        proc = subprocess.run([*cmd, "-O2", "-shared", str(LIB), "-o", str(tmp_path / "x.so")],
                              capture_output=True, text=True, timeout=300)
        results.append((proc.returncode != 0, "recompile with -fPIC" in proc.stderr))
    assert results[0] == results[1] == (True, True)
