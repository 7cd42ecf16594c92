"""Build IR with the Builder, generate assembly, link it with a C driver
compiled by gcc, run it. Expected values come from the C driver (gcc's
arithmetic) or are written by hand in the test; never from atomc itself."""

from __future__ import annotations

import subprocess
from pathlib import Path

from atomc.codegen import generate_assembly
from atomc.ir import ARTIFICIAL, Builder, Function, Module
from atomc.options import CompileOptions

DRIVER_PRELUDE = r"""
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
static int failures;
#define CHECK(got, want) do { long long g_ = (long long)(got), w_ = (long long)(want); \
    if (g_ != w_) { failures++; printf("FAIL %s:%d: %s = %lld, want %lld\n", __FILE__, __LINE__, \
    #got, g_, w_); } } while (0)
"""


def new_function(m: Module, name: str, params, rets, **kw) -> tuple[Function, Builder]:
    f = m.add_function(Function(name, params, rets, **kw))
    b = Builder(f, ARTIFICIAL)
    b.position_at_end(f.add_block("entry"))
    return f, b


def build_and_run(tmp_path: Path, module: Module, driver: str, *,
                  opts: CompileOptions | None = None, extra_c: str = "") -> str:
    """Assemble `module` with the back end only (the IR optimiser does not run;
    a non-zero opt_level selects the optimising back end: scheduler, linear scan)."""
    asm = generate_assembly(module, opts or CompileOptions())
    s = tmp_path / "mod.s"
    s.write_text(asm)
    obj = tmp_path / "mod.o"
    subprocess.run(["as", "--64", str(s), "-o", str(obj)], check=True, capture_output=True,
                   text=True)
    c = tmp_path / "driver.c"
    c.write_text(DRIVER_PRELUDE + extra_c + driver)
    exe = tmp_path / "prog"
    r = subprocess.run(["gcc", "-O0", "-w", str(c), str(obj), "-o", str(exe)],
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr + "\n" + asm
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30, check=False)
    assert run.returncode == 0, f"exit {run.returncode}\n{run.stdout}\n{run.stderr}"
    return run.stdout
