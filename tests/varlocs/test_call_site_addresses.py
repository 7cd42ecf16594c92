"""Call-site values of address arguments at -O2 -g (DW_AT_call_value).

A caller that passes `&len`, a global's address or a string literal computes
each with `leaq`; the callee's parameters, dead once it calls on, are then
described only as entry values, which a debugger resolves through the call
site's values. A `leaq` of a frame object is described CFA-relative
(`DW_OP_fbreg`), of a symbol through the pc (address_values.py: lldb-22 does
not relocate `DW_OP_addr`). Before, `use`'s `len` showed `<optimized out>`
in gdb, and `d`, `s` too in lldb.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = Path(__file__).resolve().parent / "outer_frames" / "addresses.c"
# in `use`'s frame, stopped in `leaf`: the value each debugger prints, by expression
EXPECT = {"*len": "5", "s[0]": "104", "d == buf": "1"}


def _gdb(binary: Path) -> list[str]:
    cmds = ["break leaf", "run", "frame 1"] + [f"print {e}" for e in EXPECT] + ["info args"]
    args = ["gdb", "-batch", "-nx"]
    for c in cmds:
        args += ["-ex", c]
    run = subprocess.run([*args, str(binary)], check=False, capture_output=True, text=True,
                         timeout=120)
    out = run.stdout.splitlines()
    printed = [line.split(" = ", 1)[1] for line in out if line.startswith("$")]
    return [{"104 'h'": "104"}.get(p, p) for p in printed]


def _lldb(binary: Path) -> list[str]:
    cmds = ["b leaf", "process launch -o /dev/null", "frame select 1"]
    cmds += [f"expr -- (long)({e})" for e in EXPECT]
    args = ["lldb-22", "-b", "--no-lldbinit"]
    for c in cmds:
        args += ["-o", c]
    run = subprocess.run([*args, str(binary)], check=False, capture_output=True, text=True,
                         timeout=120)
    return [line.split(" = ", 1)[1] for line in run.stdout.splitlines()
            if line.startswith("(long) $")]


READERS = {"gdb": ("gdb", _gdb), "lldb": ("lldb-22", _lldb)}


@pytest.mark.parametrize("debugger", sorted(READERS))
def test_callers_address_arguments_are_shown(debugger: str, tmp_path: Path) -> None:
    tool, read = READERS[debugger]
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed")
    binary = tmp_path / "addresses"
    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", str(PROGRAM), "-o", str(binary)],
                   check=True, timeout=300)
    assert read(binary) == list(EXPECT.values())


def test_call_site_values_name_the_addresses(tmp_path: Path) -> None:
    """main's call of `use` describes RDI, RSI and RDX: `len`'s address from the
    CFA, `buf`'s and the literal's through the pc."""
    if shutil.which("llvm-dwarfdump-22") is None:
        pytest.skip("llvm-dwarfdump-22 is not installed")
    obj = tmp_path / "addresses.o"
    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", "-c", str(PROGRAM),
                    "-o", str(obj)], check=True, timeout=300)
    dump = subprocess.run(["llvm-dwarfdump-22", "--debug-info", str(obj)], check=True,
                          capture_output=True, text=True).stdout
    start = dump.index('"use")', dump.index("DW_AT_call_origin"))
    site = dump[start:dump.index("NULL", start)]
    values = {}
    reg = None
    for line in site.splitlines():
        if "DW_AT_location" in line:
            reg = line.split("(")[1].split()[0]
        elif "DW_AT_call_value" in line and reg is not None:
            values[reg] = line
    assert "DW_OP_fbreg" in values["DW_OP_reg4"], values  # &len (RSI)
    for r in ("DW_OP_reg5", "DW_OP_reg1"):  # buf (RDI), "hello" (RDX)
        assert "DW_OP_breg16" in values[r] and "DW_OP_addr" in values[r], values
