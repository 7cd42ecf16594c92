"""A compile imports only what its job needs (issue 13: the per-process fixed cost).

Each `atomc` process of a build pays for every module it imports, as much as for
compiling a small file: -O0 needs none of the optimiser's passes, LiveDebugValues or
the optimising machine passes, a compile without -g no DWARF model, -E no back end,
and no compile the IR's text parser. Each case runs the driver in a fresh interpreter
and reads `sys.modules` after the compile; the -O2 -g compile is the control that the
modules named here are still what those stages import.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import atomc

SRC = str(Path(atomc.__file__).resolve().parent.parent)
PROGRAM = """\
struct pair { int a, b; };
static int sum(struct pair p) { return p.a + p.b; }
int main(void)
{
    struct pair p = {1, 2};
    int total = 0;
    for (int i = 0; i < 4; i++)
        total += sum(p) * i;
    return total % 7;
}
"""
RUN = """\
import json, sys
from atomc.driver import main
status = main(sys.argv[1:])
print(json.dumps([status, sorted(sys.modules)]))
"""

# imported by an optimised compile only (the package itself too: with the compiled
# copy, importing it loads the optimiser's library)
OPTIMISER = ("atomc.opt", "atomc.opt.passmanager", "atomc.opt.registry", "atomc.opt.passes",
             "atomc.opt.mem2reg", "atomc.opt.instcombine", "atomc.opt.gvn", "atomc.opt.licm",
             "atomc.opt.inline", "atomc.opt.legalize_i128")
LIVE_DEBUG_VALUES = ("atomc.codegen.debuginfo.live_debug_values", "atomc.codegen.debuginfo.ldv",
                     "atomc.codegen.debuginfo.ldv.emit", "atomc.codegen.debuginfo.ldv.model",
                     "atomc.codegen.debuginfo.call_site_entries",
                     "atomc.codegen.debuginfo.inline_entries")
MACHINE_OPT = ("atomc.codegen.regalloc.linear", "atomc.codegen.regalloc.coalesce",
               "atomc.codegen.passes.schedule", "atomc.codegen.passes.dead_defs",
               "atomc.codegen.passes.branch_cleanup")
# imported with -g only
DWARF = ("atomc.dwarf.model", "atomc.dwarf.locexpr", "atomc.dwarf.line_rows",
         "atomc.dwarf.writer", "atomc.codegen.debuginfo.scopes",
         "atomc.codegen.debuginfo.stages")
# the IR's text parser: no compile reads IR text
IR_TEXT = ("atomc.ir.parser", "atomc.ir.text_lexer")
# standard modules no job imports: the driver's fsutil stands in for shutil and
# tempfile, which load the compression modules and random; the parse cache's paths
# are strings, not pathlib's (which loads urllib.parse, ipaddress, fnmatch); the tools
# run through childproc, not subprocess (which loads signal, threading, selectors,
# locale), and pycparser's package is imported without it
NEVER = ("tempfile", "shutil", "random", "bz2", "lzma", "hashlib", "pathlib", "urllib.parse",
         "ipaddress", "subprocess", "signal", "threading", "selectors", "locale")
# imported on first use by the features few files have: asm statements, builtins
# (the fortify family), -g3's macros, --help and the queries, --verify-machineinstrs
FEATURES = ("atomc.frontend.asm_stmt", "atomc.frontend.lower.asm", "atomc.ir.inline_asm",
            "atomc.codegen.x86_64.isel.inline_asm", "atomc.codegen.x86_64.asm.inline_asm",
            "atomc.frontend.fortify",
            "atomc.frontend.object_size", "atomc.dwarf.macros", "atomc.driver.help",
            "atomc.driver.info")
# imported on first use by the lowering and checking of atomic objects and the
# __atomic/__sync builtins, bit-fields, the typed builtins, and long double's
# va_arg and signbit: a file without them loads none
LOWERING_FEATURES = ("atomc.frontend.atomic_builtins", "atomc.frontend.atomic16",
                     "atomc.frontend.atomic16_ir", "atomc.frontend.atomic_irgen",
                     "atomc.frontend.bitaccess", "atomc.frontend.builtin_ir",
                     "atomc.frontend.longdouble")
# the line table's rows for the trips of fully unrolled loops: optimised code only
UNROLLED_ROWS = ("atomc.dwarf.iteration_heads",)
# standard modules only dataclasses imports, for the signature of a class without a
# docstring, which a warm dataclass cache holds (dccache.py); the regular expressions'
# parser is still loaded (re imports it), but a warm regex cache runs none of it
WARM_NEVER = ("inspect", "ast", "dis", "tokenize", "linecache")
# the machine-IR verifier and debug-info contracts: --verify-machineinstrs only
VERIFIER = ("atomc.codegen.mir.contracts", "atomc.codegen.mir.verifier")
# imported by a compile past the preprocessor only
COMPILER = ("atomc.frontend.sema", "atomc.ir", "atomc.codegen", "atomc.codegen.pipeline",
            "atomc.pipeline")


def imported(tmp_path: Path, *args: str, program: str = PROGRAM) -> set[str]:
    """The modules a fresh interpreter holds after `atomc ARGS prog.c` succeeds."""
    src = tmp_path / "prog.c"
    src.write_text(program)
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env["ATOMC_SERVER"] = "off"
    r = subprocess.run([sys.executable, "-c", RUN, *args, str(src)], cwd=tmp_path, env=env,
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    status, modules = json.loads(r.stdout.splitlines()[-1])
    assert status == 0, r.stderr
    return set(modules)


def test_every_module_named_here_exists() -> None:
    named = (*OPTIMISER, *LIVE_DEBUG_VALUES, *MACHINE_OPT, *DWARF, *IR_TEXT, *COMPILER,
             *FEATURES, *WARM_NEVER, *VERIFIER, *LOWERING_FEATURES, *UNROLLED_ROWS)
    assert [m for m in named if importlib.util.find_spec(m) is None] == []


def test_optimised_debug_compile_imports_every_stage(tmp_path: Path) -> None:
    mods = imported(tmp_path, "-O2", "-g", "-c", "-o", str(tmp_path / "p.o"))
    assert sorted(mods & set(NEVER)) == []
    missing = [m for m in (*OPTIMISER, *LIVE_DEBUG_VALUES, *MACHINE_OPT, *DWARF, *COMPILER,
                           *UNROLLED_ROWS) if m not in mods]
    assert missing == []
    assert sorted(mods & {*IR_TEXT, *VERIFIER}) == []


def test_O0_debug_compile_imports_no_optimiser(tmp_path: Path) -> None:
    mods = imported(tmp_path, "-O0", "-g", "-c", "-o", str(tmp_path / "p.o"))
    assert sorted(mods & {*OPTIMISER, *LIVE_DEBUG_VALUES, *MACHINE_OPT, *IR_TEXT,
                          *VERIFIER, *UNROLLED_ROWS}) == []
    assert [m for m in DWARF if m not in mods] == []


ENUM_COUNT = """\
import enum, json, sys
from atomc.driver import main
status = main(sys.argv[1:])
made = {}
for name, mod in list(sys.modules.items()):
    if name.startswith("atomc."):
        for value in vars(mod).values():
            if isinstance(value, enum.EnumType) and value.__module__ == name:
                made[value.__qualname__ + " in " + name] = len(value.__members__)
print(json.dumps([status, made]))
"""


def test_debug_compile_makes_no_dwarf_constant_enum(tmp_path: Path) -> None:
    """DWARF's tags, attributes, forms and operations are int constants, not enums:
    every -g process made their 141 enum members (17M instructions) at import."""
    src = tmp_path / "prog.c"
    src.write_text(PROGRAM)
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("ATOMC_SERVER", None)
    r = subprocess.run([sys.executable, "-c", ENUM_COUNT, "-O0", "-g", "-c", "-o",
                        str(tmp_path / "p.o"), str(src)], cwd=tmp_path, env=env,
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    status, made = json.loads(r.stdout.splitlines()[-1])
    assert status == 0
    assert made  # the control: the count sees the enums other modules make
    assert sorted(k for k in made if " in atomc.dwarf." in k) == []


def test_verify_machineinstrs_imports_the_verifier(tmp_path: Path) -> None:
    """The control: the verifier and the contracts run when asked for."""
    mods = imported(tmp_path, "-O0", "-g", "--verify-machineinstrs", "-c",
                    "-o", str(tmp_path / "p.o"))
    assert [m for m in VERIFIER if m not in mods] == []


def test_O0_compile_without_g_imports_no_dwarf_model(tmp_path: Path) -> None:
    mods = imported(tmp_path, "-O0", "-c", "-o", str(tmp_path / "p.o"))
    assert sorted(mods & {*OPTIMISER, *LIVE_DEBUG_VALUES, *MACHINE_OPT, *DWARF, *NEVER}) == []
    # PROGRAM includes no header: the parse cache has no segment to unpickle; and it
    # has no floating constant: exact rational arithmetic is not needed
    assert sorted(mods & {"pickle", "fractions", "decimal"}) == []


@pytest.mark.parametrize("job", [["-E", "-o", "p.i"], ["-M"]], ids=["E", "M"])
def test_preprocessing_imports_no_compiler(tmp_path: Path, job: list[str]) -> None:
    mods = imported(tmp_path, *job)
    assert sorted(mods & {*COMPILER, *DWARF, *OPTIMISER, *NEVER}) == []


def test_O0_compile_imports_no_rare_feature(tmp_path: Path) -> None:
    """A file without asm, builtins or -g3 does not import their modules, nor does
    a warm compile (the second here) import inspect and what it imports."""
    imported(tmp_path, "-O0", "-g", "-c", "-o", str(tmp_path / "p.o"))
    mods = imported(tmp_path, "-O0", "-g", "-c", "-o", str(tmp_path / "p.o"))
    assert sorted(mods & {*FEATURES, *WARM_NEVER, *LOWERING_FEATURES}) == []


FEATURE_PROGRAM = """\
#include <string.h>
asm(".globl marker\\nmarker = 0");
int main(int argc, char **argv)
{
    char buf[8];
    __builtin_memcpy(buf, argv[0], 4);
    asm volatile("" : : "r"(buf) : "memory");
    return buf[0] == 0 && argc > 1 ? (int)strlen(buf) : 0;
}
"""


def test_the_features_import_their_modules(tmp_path: Path) -> None:
    """The control: asm statements, builtins and -g3 import what they need."""
    mods = imported(tmp_path, "-O0", "-g3", "-c", "-o", str(tmp_path / "p.o"),
                    program=FEATURE_PROGRAM)
    assert [m for m in FEATURES if m not in mods] == ["atomc.driver.help", "atomc.driver.info"]


LOWERING_PROGRAM = """\
#include <stdarg.h>
struct bits { unsigned a : 3, b : 5; };
_Atomic int counter;
long double pick(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long double x = va_arg(ap, long double);
    va_end(ap);
    return x;
}
int main(int argc, char **argv)
{
    struct bits s = {1, 2};
    s.b = argc;
    counter += 1;
    __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
    return s.a + s.b + __builtin_popcount(argc) + (int)pick(1, 2.0L) + (argv[0] != 0);
}
"""


def test_the_lowering_features_import_their_modules(tmp_path: Path) -> None:
    """The control: atomics, bit-fields, builtins and long double va_arg import
    what they need."""
    mods = imported(tmp_path, "-O0", "-g", "-c", "-o", str(tmp_path / "p.o"),
                    program=LOWERING_PROGRAM)
    assert [m for m in LOWERING_FEATURES if m not in mods] == []


def test_the_command_without_a_server_loads_no_socket_module(tmp_path: Path) -> None:
    """The console script's entry point talks to a server only when ATOMC_SERVER
    names one; without, it does not load `_socket` (an extension module). Its
    imports are read from -X importtime: the entry point leaves by os._exit."""
    src = tmp_path / "prog.c"
    src.write_text(PROGRAM)
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env["ATOMC_SERVER"] = "off"
    code = ("import sys\nfrom atomc.server.client import main\n"
            f"sys.argv = ['atomc', '-O0', '-c', {str(src)!r}, '-o', {str(tmp_path / 'p.o')!r}]\n"
            "main()\n")
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", code], cwd=tmp_path,
                       env=env, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    modules = {line.rsplit("|", 1)[1].strip() for line in r.stderr.splitlines()
               if line.startswith("import time:") and "|" in line}
    assert "atomc.driver" in modules
    assert sorted(modules & {"_socket", "socket", "subprocess"}) == []


def test_the_installed_launcher_imports_no_re_nor_site(tmp_path: Path) -> None:
    """scripts/install.sh writes the `atomc` console script itself
    (atomc/server/launcher.py): pip's imports `re` (24M instructions at every command,
    served or not), and `site` runs the .pth files (4.7M). The launcher it writes runs
    the command and loads no module beyond the client's."""
    install = (Path(SRC).parent / "scripts" / "install.sh").read_text()
    assert "\n.venv/bin/python -m atomc.server.launcher .venv/bin/atomc\n" in install
    launcher = tmp_path / "atomc"
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "ATOMC_SERVER": "off"}
    subprocess.run([sys.executable, "-m", "atomc.server.launcher", str(launcher)], env=env,
                   check=True)
    (tmp_path / "prog.c").write_text(PROGRAM)
    env["PYTHONPROFILEIMPORTTIME"] = "1"
    r = subprocess.run([str(launcher), "--version"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0 and r.stdout.startswith("atomc "), r.stderr
    r = subprocess.run([str(launcher), "-c", "prog.c"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, check=False)
    assert r.returncode == 0 and (tmp_path / "prog.o").exists(), r.stderr
    before_driver = r.stderr.split("atomc.server.client\n", 1)[0]
    modules = {line.rsplit("|", 1)[1].strip() for line in before_driver.splitlines()
               if line.startswith("import time:") and "|" in line}
    assert "atomc.server.client" not in modules and modules  # the split found the client
    assert sorted(modules & {"re", "site", "_distutils_hack", "_sitebuiltins"}) == []
