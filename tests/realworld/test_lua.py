"""Lua 5.4 (Debian's source package) built by atomc at -O0 and -O2 with -g.

gcc -O2 builds the reference interpreter from the same sources; every script in
lua/ must print exactly what the reference prints. The atomc-built `lua` must
pass `llvm-dwarfdump-22 --verify`, and gdb must stop in the VM's main loop
(`luaV_execute`), step through it with `next` and print its locals.

Each interpreter is built once per session however many xdist workers ask for it
(`shared_build`).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import debsrc
import rotation
from luabuild import build_lua, run_lua
from shared_build import build_once, shared_dir

pytestmark = pytest.mark.realworld

HERE = Path(__file__).parent
SCRIPTS = sorted((HERE / "lua").glob("*.lua"))
LEVELS = [f"-{lv}" for lv in rotation.levels_of("lua")]   # this run's rotation slot
DWARFDUMP = shutil.which("llvm-dwarfdump-22")
GCC = ["gcc"]
ATOMC = [sys.executable, "-m", "atomc"]
BUILDS: dict[str, tuple[list[str], list[str]]] = {
    "gcc-O2": (GCC, ["-O2", "-g", "-w"]),
    "atomc-O0": (ATOMC, ["-O0", "-g"]),
    "atomc-O2": (ATOMC, ["-O2", "-g"]),
}


@pytest.fixture(scope="session")
def lua_build(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """Path of the interpreter built as BUILDS[name], building it on first request."""
    root = shared_dir(tmp_path_factory, "lua-builds")
    made: dict[str, Path] = {}

    def get(name: str) -> Path:
        if name not in made:
            package = debsrc.require("lua5.4")
            cc, flags = BUILDS[name]

            def build(out: Path) -> str:
                return f"{build_lua(package, out, cc, flags).wall_seconds:.1f}s"

            made[name] = build_once(root, name, build) / "lua"
        return made[name]

    return get


@pytest.fixture(scope="session")
def reference_output(lua_build: Callable[[str], Path]) -> Callable[[Path], tuple[str, int]]:
    """The gcc-built interpreter's (output, status) for a script, run once per session."""
    cache: dict[Path, tuple[str, int]] = {}

    def get(script: Path) -> tuple[str, int]:
        if script not in cache:
            cache[script] = run_lua(lua_build("gcc-O2"), script)
        return cache[script]

    return get


@pytest.mark.parametrize("level", LEVELS, ids=[lv.lstrip("-") for lv in LEVELS])
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_script_output(script: Path, level: str, lua_build, reference_output) -> None:
    expected = reference_output(script)
    got = run_lua(lua_build(f"atomc{level}"), script)
    assert got[0] == expected[0]
    assert got[1] == expected[1]


@pytest.mark.parametrize("level", LEVELS, ids=[lv.lstrip("-") for lv in LEVELS])
def test_dwarf_verify(level: str, lua_build) -> None:
    if DWARFDUMP is None:
        pytest.skip("llvm-dwarfdump-22 not installed")
    exe = lua_build(f"atomc{level}")
    proc = subprocess.run([DWARFDUMP, "--verify", str(exe)], capture_output=True, text=True,
                          timeout=600, check=False)
    report = proc.stdout + proc.stderr
    assert proc.returncode == 0 and "error:" not in report, report[-6000:]


# gdb: stop in the VM loop on the first Lua function call of closures.lua, step with
# `next`, and print the loop's state. Markers delimit each command's output.
GDB_STEPS = 11
GDB_PRINTS = ("info locals", "print *ci", "print pc", "print base",
              "print base == ci->func + 1",
              "print pc > cl->p->code && pc <= cl->p->code + cl->p->sizecode")


def _gdb_session(exe: Path, script: Path) -> dict[str, str]:
    cmds = ["set pagination off", "set confirm off", "break luaV_execute",
            f"run {script.name}"]
    for i in range(GDB_STEPS):
        cmds += [f"echo @@next{i}\\n", "next", f"echo @@frame{i}\\n", "frame"]
    for j, c in enumerate(GDB_PRINTS):
        cmds += [f"echo @@print{j}\\n", c]
    cmds += ["echo @@end\\n", "kill"]
    argv = ["gdb", "-nx", "-nh", "-batch", *(a for c in cmds for a in ("-ex", c)), str(exe)]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=script.parent,
                          stdin=subprocess.DEVNULL, check=False)
    parts = re.split(r"^@@(\w+)\n", proc.stdout, flags=re.MULTILINE)
    out = {"start": parts[0], "stderr": proc.stderr}
    out.update(zip(parts[1::2], parts[2::2]))
    return out


@pytest.mark.gdb
@pytest.mark.parametrize("level", LEVELS, ids=[lv.lstrip("-") for lv in LEVELS])
def test_gdb_vm_loop(level: str, lua_build) -> None:
    if shutil.which("gdb") is None:
        pytest.skip("gdb not installed")
    exe = lua_build(f"atomc{level}")
    s = _gdb_session(exe, HERE / "lua" / "closures.lua")
    everything = "".join(s.values())
    assert "Breakpoint 1, luaV_execute (L=" in s["start"], everything[-4000:]
    for i in range(GDB_STEPS):
        # each `next` stays in the VM loop and lands on a line of lvm.c
        assert re.search(r"luaV_execute \(L=.*\) at .*lvm\.c:\d+", s[f"frame{i}"]), everything
    assert "end" in s, everything[-4000:]
    info_locals, ci, pc, base, base_ok, pc_ok = (s[f"print{j}"] for j in range(len(GDB_PRINTS)))
    for name in ("cl", "k", "base", "pc", "trap"):
        assert re.search(rf"^{name} = ", info_locals, re.MULTILINE), info_locals
    assert re.match(r"\$\d+ = \{func = .*, top = .*, previous = .*, next = ", ci), ci
    assert "callstatus = " in ci, ci
    # pc and base may be optimised out at -O2 but must never be garbage or an error
    assert re.match(r"\$\d+ = (\(const Instruction \*\) 0x[0-9a-f]+|<optimized out>)", pc), pc
    assert re.match(r"\$\d+ = (\(StkId\) 0x[0-9a-f]+|<optimized out>)", base), base
    # the values shown are the real ones: base is the frame's first slot, pc points
    # into the running function's code
    assert re.match(r"\$\d+ = 1$", base_ok.strip()) or "optimized out" in base, base_ok
    assert re.match(r"\$\d+ = 1$", pc_ok.strip()) or "optimized out" in pc, pc_ok
    if level == "-O0":
        assert "optimized out" not in pc + base + ci
    assert "error" not in s["stderr"].lower() and "No symbol" not in everything, everything[-4000:]
