"""DW_TAG_call_site / DW_TAG_call_site_parameter DIEs of an -O2 build: each
call has one, at the address after the call instruction, naming its callee
(a declaration DIE for a function of another unit), with the argument values
the caller can still tell after the call; every subprogram says all its calls
are described; and the callee's clobbered parameters use DW_OP_entry_value."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from dwarf_helpers import LLVM_DWARFDUMP, verify

SOURCE = r"""
#include <stdio.h>
int sink;
__attribute__((noinline)) static int leaf(int v) { sink += v; return v * 3; }
__attribute__((noinline)) static int two(int a, int b)
{
    int r = leaf(a + b);
    return r + leaf(r);
}
int main(void)
{
    int s = two(3, 4);
    s += two(s, -1);
    printf("%d\n", s);
    return 0;
}
"""


@pytest.fixture(scope="module")
def dump(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, Path]:
    if LLVM_DWARFDUMP is None:
        pytest.skip("llvm-dwarfdump-22 not installed")
    d = tmp_path_factory.mktemp("callsites")
    (d / "cs.c").write_text(SOURCE)
    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", "cs.c", "-o", "cs"], cwd=d,
                   check=True)
    info = subprocess.run([LLVM_DWARFDUMP, "--debug-info", str(d / "cs")], capture_output=True,
                          text=True, check=True).stdout
    asm = "\n".join(subprocess.run(["objdump", f"--disassemble={fn}", "--no-show-raw-insn",
                                    str(d / "cs")], capture_output=True, text=True,
                                   check=True).stdout for fn in ("leaf", "two", "main"))
    return info, asm, d / "cs"


def _call_sites(info: str) -> list[tuple[int, str, list[tuple[str, str]]]]:
    """(return pc, callee name, [(param location, call value)]) in DIE order."""
    out = []
    for block in re.split(r"\n(?=0x[0-9a-f]+:\s+DW_TAG_call_site\n)", info)[1:]:
        pc = int(re.search(r"DW_AT_call_return_pc\t\((0x[0-9a-f]+)\)", block).group(1), 16)
        callee = re.search(r'DW_AT_call_origin\t\(0x[0-9a-f]+ "([^"]+)"\)', block).group(1)
        params = re.findall(r"DW_AT_location\t\((DW_OP_reg\d+ \w+)\)\n\s+DW_AT_call_value\t\(([^\n]*)\)",
                            block.split("NULL")[0])
        out.append((pc, callee, params))
    return out


def _returns_after_calls(asm: str) -> dict[int, str]:
    """Address right after each call instruction -> the called symbol."""
    lines = [ln for ln in asm.splitlines() if re.match(r"\s+[0-9a-f]+:\t", ln)]
    out = {}
    for here, nxt in zip(lines, lines[1:]):
        m = re.search(r"\tcall\s+[0-9a-f]+ <([\w@.]+)>", here)
        if m:
            out[int(nxt.split(":")[0], 16)] = m.group(1).removesuffix("@plt")
    return out


def test_one_call_site_per_call_at_its_return_address(dump: tuple[str, str, Path]) -> None:
    info, asm, _ = dump
    sites = {pc: callee for pc, callee, _ in _call_sites(info)}
    assert sites == _returns_after_calls(asm)
    assert sorted(sites.values()) == ["leaf", "leaf", "printf", "two", "two"]


def test_parameter_values_the_caller_can_tell(dump: tuple[str, str, Path]) -> None:
    info, _, _ = dump
    by_callee: dict[str, list[list[tuple[str, str]]]] = {}
    for _, callee, params in _call_sites(info):
        by_callee.setdefault(callee, []).append(params)
    first, second = by_callee["two"]
    assert first == [("DW_OP_reg5 RDI", "DW_OP_constu 0x3"), ("DW_OP_reg4 RSI", "DW_OP_constu 0x4")]
    # s lives on in a callee-saved register; -1 is a 32-bit move, zero-extended
    assert second[0][0] == "DW_OP_reg5 RDI" and re.fullmatch(r"DW_OP_breg\d+ \w+\+0", second[0][1])
    assert second[1] == ("DW_OP_reg4 RSI", "DW_OP_constu 0xffffffff")
    # a + b is computed into %edi and dies with the call: nothing describes it
    assert by_callee["leaf"][0] == []


def test_all_calls_flag_and_entry_values(dump: tuple[str, str, Path]) -> None:
    info, _, path = dump
    assert info.count("DW_AT_call_all_calls\t(true)") == 3  # leaf, two, main
    two = info.split('DW_AT_name\t("two")')[1].split("DW_TAG_call_site")[0]
    assert "DW_OP_entry_value(DW_OP_reg4 RSI), DW_OP_stack_value" in two
    assert re.search(r'DW_AT_name\t\("printf"\)\n\s+DW_AT_declaration\t\(true\)', info)
    verify(path)


RECURSIVE = r"""
#include <stdio.h>
__attribute__((noinline)) static int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}
int main(int argc, char **argv)
{
    (void)argv;
    printf("%d\n", fib(argc + 9));
    return 0;
}
"""


def test_values_offset_from_a_preserved_register_or_entry_value(tmp_path: Path) -> None:
    """`fib(n - 1)` with the caller's n kept in %rbx: `%rbx - 1`, masked to 32 bits,
    but not `fib(argc + 9)` from argc's entry value, which gdb misreads."""
    if LLVM_DWARFDUMP is None:
        pytest.skip("llvm-dwarfdump-22 not installed")
    (tmp_path / "fib.c").write_text(RECURSIVE)
    subprocess.run([sys.executable, "-m", "atomc", "-O2", "-g", "fib.c", "-o", "fib"],
                   cwd=tmp_path, check=True)
    info = subprocess.run([LLVM_DWARFDUMP, "--debug-info", str(tmp_path / "fib")],
                          capture_output=True, text=True, check=True).stdout
    values = [(callee, params) for _, callee, params in _call_sites(info)]
    first, second, outer = (p for c, p in values if c == "fib")
    # `leal -1(%rbx), %edi` zero-extends: the low 32 bits of %rbx - 1 (n = 0 passes 2^32 - 1)
    assert len(first) == 1 and re.fullmatch(
        r"DW_OP_breg(3 RBX|1[2-5] R1[2-5])-1, DW_OP_constu 0xffffffff, DW_OP_and", first[0][1])
    base = first[0][1].removesuffix("-1, DW_OP_constu 0xffffffff, DW_OP_and")
    assert second == [("DW_OP_reg5 RDI", base + "+0")]  # n - 2 computed in place
    assert outer == []  # an entry value + k: gdb resolves it in the wrong frame
    verify(tmp_path / "fib")
