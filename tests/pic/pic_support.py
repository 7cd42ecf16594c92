"""Helpers for the position-independent-code tests: build with gcc or atomc,
link executables and shared objects, run, and inspect ELF files.

gcc-12 (Debian's, configured --enable-default-pie) is the oracle: every
output is compared with the all-gcc build; nothing here hard-codes a
program's expected output. Building and running reuse `tests/exec`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "exec"))
from test_exec import COMPILE_TIMEOUT, build, run_exe, verify_dwarf  # noqa: E402

HERE = Path(__file__).parent
EXEC_PROGRAMS = HERE.parent / "exec" / "programs"
OPT_LEVELS = ["-O0", "-O1", "-O2", "-O3"]
GCC = ["gcc", "-std=gnu11", "-w"]

__all__ = ["COMPILE_TIMEOUT", "EXEC_PROGRAMS", "GCC", "HERE", "OPT_LEVELS", "build",
           "elf_type", "dynamic_tags", "link", "run", "run_exe", "verify_dwarf"]


def link(cmd: list[str], out: Path, inputs: list[Path | str], *flags: str) -> str:
    """Link (or compile and link) with `cmd`; returns the linker's stderr, which
    must be empty: ld warns about text relocations and executable stacks."""
    proc = subprocess.run([*cmd, *map(str, inputs), "-o", str(out), *flags], capture_output=True,
                          text=True, timeout=COMPILE_TIMEOUT)
    assert proc.returncode == 0, f"{' '.join(cmd)} -o {out.name} failed:\n{proc.stderr}"
    return proc.stderr


def run(exe: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run with the program's own directory as the library path (for its .so files)."""
    full = dict(os.environ, LD_LIBRARY_PATH=str(exe.parent), **(env or {}))
    return subprocess.run([str(exe), *args], stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=30, cwd=exe.parent, env=full)


def elf_type(path: Path) -> str:
    """The ELF header's file type: EXEC, DYN (PIE or shared object), REL."""
    out = subprocess.run(["readelf", "-h", str(path)], capture_output=True, text=True,
                         check=True).stdout
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("Type:"))
    return line.split()[1]


def dynamic_tags(path: Path) -> set[str]:
    """The DT_* tag names of the dynamic section (TEXTREL must never appear)."""
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True,
                         check=True).stdout
    tags = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) > 1 and parts[0].startswith("0x") and parts[1].startswith("("):
            tags.add(parts[1].strip("()"))
    return tags
