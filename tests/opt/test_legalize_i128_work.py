"""legalize-i128 rewrites only the functions that have an i128, counted, not timed.

A module that uses i128 in one function (sqlite3) had every function of it walked
and rebuilt: ~0.35 s of an -O0 compile of sqlite3. Counted by the
`legalize_i128.functions` work counter; the program is run to show the skipped
functions and the rewritten ones still agree."""

from __future__ import annotations

import subprocess
from pathlib import Path

from atomc.codegen import generate_assembly
from atomc.diag import DiagnosticEngine
from atomc.frontend.driver import compile_preprocessed
from atomc.ir import work
from atomc.options import CompileOptions

PLAIN = "".join(f"long plain{i}(long x) {{ return x * {i + 3} - (x >> {i % 5}); }}\n"
                for i in range(20))
SOURCE = PLAIN + """
__int128 widen(long a, long b) { return (__int128)a * b; }
long high(long a, long b) { return (long)(widen(a, b) >> 64); }
int main(void) {
    long s = 0;
    for (int i = 0; i < 20; i++) s += plain0(i) + plain19(i);
    return (int)((s + high(0x7fffffffffffL, 0x12345678L)) & 0x7f);
}
"""


def test_only_functions_with_i128_are_rewritten(tmp_path: Path) -> None:
    opts = CompileOptions(opt_level=0)
    module = compile_preprocessed(SOURCE, "t.c", opts, DiagnosticEngine())
    work.reset()
    asm = generate_assembly(module, opts)
    assert work.COUNTS.get("legalize_i128.functions") == 2  # widen and high, not 21 more
    s = tmp_path / "t.s"
    s.write_text(asm)
    exe = tmp_path / "t"
    subprocess.run(["gcc", str(s), "-o", str(exe)], check=True)
    c = tmp_path / "ref.c"
    c.write_text(SOURCE)
    ref = tmp_path / "ref"
    subprocess.run(["gcc", "-O0", "-w", str(c), "-o", str(ref)], check=True)
    got = subprocess.run([str(exe)], check=False).returncode
    assert got == subprocess.run([str(ref)], check=False).returncode
