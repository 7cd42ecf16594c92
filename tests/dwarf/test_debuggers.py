"""The sample unit linked with a gcc-compiled main and read by real debuggers."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from dwarf_helpers import verify

MAIN_C = """\
struct node;
extern int sum(struct node *n, int scale);
extern struct node head;
int main(void) { return sum(&head, 3) == 126 ? 0 : 1; }
"""


@pytest.fixture(scope="module")
def program(sample_object) -> Path:  # type: ignore[no-untyped-def]
    _, o_path = sample_object
    d = o_path.parent
    (d / "main.c").write_text(MAIN_C)
    exe = d / "prog"
    r = subprocess.run(["gcc", "-g", "-O0", str(d / "main.c"), str(o_path), "-o", str(exe)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert subprocess.run([str(exe)]).returncode == 0
    return exe


def test_executable_verifies(program: Path) -> None:
    verify(program)


def run_gdb(exe: Path, commands: list[str]) -> str:
    if shutil.which("gdb") is None:
        pytest.skip("gdb not installed")
    args = ["gdb", "-nx", "-batch", "-ex", "set width 0", "-ex", "set pagination off"]
    for c in commands:
        args += ["-ex", c]
    r = subprocess.run(args + [str(exe)], capture_output=True, text=True, timeout=60,
                       cwd=exe.parent)
    return r.stdout + r.stderr


@pytest.mark.gdb
def test_gdb_globals_without_running(program: Path) -> None:
    out = run_gdb(program, ["print counter", "whatis head", "ptype head", "print head",
                            "print table", "ptype callback", "print favourite",
                            "print/d favourite", "print u", "ptype flags", "print sizeof(head)",
                            "print BLUE"])
    expected = [
        "$1 = 7",
        "type = node_t",
        "type = struct node {\n    int value;\n    struct node *next;\n    char tag[4];\n}",
        '$2 = {value = 42, next = 0x0, tag = "abc"}',
        "$3 = {{1, 2}, {3, 4}, {5, 6}}",
        "type = int (*)(int, ...)",
        "$4 = GREEN",
        "$5 = 5",
        '$6 = {i = 16909060, b = "\\004\\003\\002\\001"}',
        "type = const volatile short",
        "$7 = 24",
        "$8 = BLUE",
    ]
    for e in expected:
        assert e in out, (e, out)


@pytest.mark.gdb
def test_gdb_locals_in_function(program: Path) -> None:
    out = run_gdb(program, ["break sample.c:17", "run", "info locals", "print scale",
                            "print n->tag", "print *n", "info address total",
                            "info address i", "info address calls", "info address hidden",
                            "bt", "finish"])
    assert "Breakpoint 1, sum (n=0x" in out and ", scale=3) at sample.c:17" in out
    # info locals: innermost block first, then the function's locals
    locals_text = out[out.index("17\t"):]
    assert locals_text.index("i = 42") < locals_text.index("total = 0")
    assert "hidden = -3" in out and "calls = 0" in out
    assert "$1 = 3" in out
    assert '$2 = "abc"' in out
    assert "$3 = {value = 42, next = 0x0, tag = \"abc\"}" in out
    assert 'Symbol "total" is a variable at frame base reg $rbp offset 16+-20' in out \
        or "DW_OP_fbreg -20" in out
    assert "DW_OP_fbreg -24" in out or "offset 16+-24" in out
    assert 'Symbol "calls" is static storage at address 0x' in out
    assert 'Symbol "hidden" is constant' in out
    assert "#1  0x" in out and "in main () at" in out
    assert "Value returned is $4 = 126" in out


@pytest.mark.gdb
def test_gdb_location_list_before_and_after_prologue(program: Path) -> None:
    # at the first instruction `scale` is still in %rsi; after the prologue in its slot
    out = run_gdb(program, ["break *sum", "run", "info address scale", "print scale",
                            "stepi 4", "print scale", "print $pc == sum + 11"])
    assert "a variable in $rsi" in out
    assert "$1 = 3" in out and "$2 = 3" in out and "$3 = 1" in out


def run_lldb(exe: Path, commands: list[str]) -> str:
    if shutil.which("lldb-22") is None:
        pytest.skip("lldb-22 not installed")
    args = ["lldb-22", "--batch", "--no-lldbinit"]
    for c in commands:
        args += ["-o", c]
    r = subprocess.run(args + [str(exe)], capture_output=True, text=True, timeout=120,
                       cwd=exe.parent)
    return r.stdout + r.stderr


@pytest.mark.lldb
def test_lldb_reads_the_unit(program: Path) -> None:
    out = run_lldb(program, ["breakpoint set --file sample.c --line 17", "run",
                             "frame variable", "target variable counter head table favourite",
                             "image lookup -t node_t"])
    assert "stop reason = breakpoint 1" in out
    for e in ["(node_t *) n = 0x", "(int) scale = 3", "(int) total = 0", "(int) i = 42",
              "(int) hidden = -3", "(int) counter = 7", "(color) favourite = GREEN",
              "value = 42", 'tag = "abc"', "[0] = (1, 2)"]:
        assert e in out.replace("[0] = ([0] = 1, [1] = 2)", "[0] = (1, 2)"), (e, out)
