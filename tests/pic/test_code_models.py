"""Executables under every code model, against gcc's builds of the same programs.

A selection of `tests/exec` programs that form addresses in every way the
back end knows (globals, static initialisers holding addresses, function
pointer tables, string tables, switch tables, computed goto, setjmp, VLAs,
inline asm) is built by atomc at -O0..-O3 as a non-PIE executable
(`-fno-pic -no-pie`), as a PIE of -fPIC code, and as a hardened PIE
(Debian's hardening=+all flags). The default PIE is the whole `tests/exec`
suite. Each must print what gcc's build prints, link without a linker
warning (no text relocations), have the ELF type gcc gives it, and pass
`llvm-dwarfdump-22 --verify`.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pic_support import (
    EXEC_PROGRAMS,
    GCC,
    OPT_LEVELS,
    build,
    dynamic_tags,
    elf_type,
    link,
    run_exe,
    verify_dwarf,
)

PROGRAMS = [EXEC_PROGRAMS / f"{name}.c" for name in (
    "030_func_ptr_table", "034_global_init_aggregates", "036_global_ptr_init",
    "037_string_literal_arrays", "063_static_locals", "097_bytecode_vm", "173_vla_basic",
    "192_inline_asm", "210_switch_dense", "220_setjmp_longjmp", "221_computed_goto",
    "427_utf8_identifiers")]
HARDENING = ["-fstack-protector-strong", "-fstack-clash-protection", "-fcf-protection",
             "-Wl,-z,relro,-z,now"]
CONFIGS = {
    "no-pie": (["-fno-pic", "-no-pie"], "EXEC"),
    "pic": (["-fPIC"], "DYN"),
    "hardened": (HARDENING, "DYN"),
}


@pytest.fixture(scope="session")
def gcc_output(tmp_path_factory):
    cache: dict[Path, tuple[str, int]] = {}
    outdir = tmp_path_factory.mktemp("gcc-models")

    def get(src: Path) -> tuple[str, int]:
        if src not in cache:
            exe = outdir / src.stem
            build([*GCC, "-O0", str(src), "-o", str(exe)], "gcc")
            cache[src] = run_exe(exe)
        return cache[src]

    return get


@pytest.mark.parametrize("level", OPT_LEVELS, ids=[lv.lstrip("-") for lv in OPT_LEVELS])
@pytest.mark.parametrize("config", sorted(CONFIGS))
@pytest.mark.parametrize("src", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_under_code_model(src: Path, config: str, level: str, atomc_cmd, gcc_output,
                                  tmp_path: Path):
    flags, expected_type = CONFIGS[config]
    exe = tmp_path / src.stem
    warnings = link([*atomc_cmd, "-std=gnu11", "-w", level, "-g", *flags], exe, [src])
    assert warnings == ""
    assert run_exe(exe) == gcc_output(src)
    assert elf_type(exe) == expected_type
    assert "TEXTREL" not in dynamic_tags(exe)
    verify_dwarf(exe)


LINK_MODES = {"default": [], "no-pie": ["-no-pie"], "pie": ["-pie"], "static": ["-static"],
              "static-pie": ["-static-pie"]}


@pytest.mark.parametrize("mode", sorted(LINK_MODES))
def test_link_mode_matches_gcc(mode: str, atomc_cmd, tmp_path: Path):
    """atomc links what the system gcc links for each mode: by default a PIE (a DYN
    executable) like Debian's gcc, EXEC with -no-pie and -static, and the program runs."""
    src = EXEC_PROGRAMS / "036_global_ptr_init.c"
    flags = LINK_MODES[mode]
    ours, theirs = tmp_path / "atomc", tmp_path / "gcc"
    assert link([*atomc_cmd, "-O2", *flags], ours, [src]) == ""
    link([*GCC, "-O2", *flags], theirs, [src])
    assert elf_type(ours) == elf_type(theirs)
    assert ("INTERP" in _program_headers(ours)) == ("INTERP" in _program_headers(theirs))
    assert run_exe(ours) == run_exe(theirs)


def _program_headers(path: Path) -> str:
    return subprocess.run(["readelf", "-lW", str(path)], capture_output=True, text=True,
                          check=True).stdout
