"""`atomc why VAR` and `atomc locals` under real gdb and lldb (issue 15 §3).

Each program in programs/ carries `//@why LINE VAR: TEXT` lines: stopped at a
breakpoint on LINE (gdb's and lldb's own line breakpoints), `atomc locals`
must print `VAR = TEXT`, and `atomc why VAR` must say the same thing
(`VAR is optimized out here: REASON` for `<optimized out: REASON>`,
`VAR = VALUE is not current here: REASON` for `VALUE [not current: REASON]`,
else `VAR is available here: TEXT`). Instead of LINE, `stmt:LINE` stops at the
first statement row of LINE in main and `row:LINE` at its first row that is
not a statement (lldb stops there), both found in llvm-dwarfdump-22's line
table and set as address breakpoints once main has started; `entry:FUNC` stops at
FUNC's first instruction, before its prologue (where gdb's `step` into a
function without a frame pointer stops). The stops are
listed in the order the program reaches them. The expected texts are written by hand from the
source: which line last used the value, which line assigns it, which pass
removed what it pointed at. The extensions are found the way users find them,
with `atomc -print-file-name=`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAMS = Path(__file__).parent / "programs"
WHY = re.compile(r"^//@why ((?:stmt:|row:)?\d+|entry:\w+) (\w+): (.*)$", re.M)
MARK = "@@stop"


Stops = dict[str, list[tuple[str, str]]]


def expectations(src: Path) -> Stops:
    out: Stops = {}
    for where, var, text in WHY.findall(src.read_text()):
        out.setdefault(where, []).append((var, text.strip()))
    return out  # in the order the program reaches them (the file's order)


def main_offset(binary: Path, where: str) -> int:
    """The offset from main of the row `where` (`stmt:LINE` or `row:LINE`) names."""
    kind, line = where.split(":")
    symbols = subprocess.run(["nm", str(binary)], capture_output=True, text=True,
                             check=True).stdout
    main = next(int(x.split()[0], 16) for x in symbols.splitlines() if x.endswith(" T main"))
    table = subprocess.run(["llvm-dwarfdump-22", "--debug-line", str(binary)],
                           capture_output=True, text=True, check=True).stdout
    for row in table.splitlines():
        m = re.match(r"^0x([0-9a-f]{16})\s+(\d+)\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+(.*)$", row)
        if m and int(m.group(2)) == int(line) and int(m.group(1), 16) >= main \
                and ("is_stmt" in m.group(3)) == (kind == "stmt"):
            return int(m.group(1), 16) - main
    raise AssertionError(f"no {where} row in main")


def data_file(name: str) -> str:
    done = subprocess.run([sys.executable, "-m", "atomc", f"-print-file-name={name}"],
                          check=True, capture_output=True, text=True)
    path = done.stdout.strip()
    assert os.path.isabs(path) and os.path.exists(path), path
    return path


FLAGS = re.compile(r"^//@why-flags: (.*)$", re.M)


def build(src: Path, out: Path, cc: list[str] | None = None) -> Path:
    """-O2 -g, plus a program's `//@why-flags:` options when atomc builds it."""
    cmd = cc or [sys.executable, "-m", "atomc"]
    extra = [] if cc else [f for m in FLAGS.finditer(src.read_text()) for f in m.group(1).split()]
    subprocess.run([*cmd, "-O2", "-g", *extra, str(src), "-o", str(out)], check=True)
    return out


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def gdb_session(binary: Path, src: Path, stops: Stops) -> str:
    cmds = ["set pagination off", f"source {data_file('atomc_gdb.py')}"]
    first = True
    for where, checks in stops.items():
        if where.isdigit():
            cmds += [f"break {src.name}:{where}", "run" if first else "continue"]
        elif where.startswith("entry:"):
            cmds += [f"break *{where[6:]}", "run" if first else "continue"]
        else:
            if first:
                cmds += ["break main", "run"]
            cmds += [f"break *main+{main_offset(binary, where)}", "continue"]
        cmds += [f"echo {MARK} {where}\\n", "atomc locals"]
        cmds += [f"atomc why {var}" for var, _ in checks]
        first = False
    args = ["gdb", "-nx", "-q", "-batch"] + [a for c in cmds for a in ("-ex", c)]
    done = subprocess.run([*args, str(binary)], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL, env=_env(), check=False)
    return done.stdout + done.stderr


def lldb_session(binary: Path, src: Path, stops: Stops, tmp: Path) -> str:
    """lldb's own breakpoints (these lines' first rows are their statement rows), and
    the plugin imported at the first stop: its launch-time work on glibc's debug
    information would cost a minute per session here, and is not what is tested."""
    cmds: list[str] = []
    first = True
    for where, checks in stops.items():
        if where.isdigit():
            cmds += [f"breakpoint set -f {src.name} -l {where}", "run" if first else "continue"]
        elif where.startswith("entry:"):
            cmds += [f"breakpoint set -n {where[6:]} --skip-prologue false",
                     "run" if first else "continue"]
        else:
            if first:
                cmds += ["breakpoint set -n main", "run"]
            cmds += [f"breakpoint set -a main+{main_offset(binary, where)}", "continue"]
        if first:
            cmds.append(f"command script import {data_file('atomc_lldb.py')}")
        cmds += [f"script print('{MARK} {where}')", "atomc locals"]
        cmds += [f"atomc why {var}" for var, _ in checks]
        first = False
    script = tmp / "cmds.lldb"
    script.write_text("\n".join(cmds) + "\n")
    done = subprocess.run(["lldb-22", "--no-lldbinit", "-b", "-s", str(script), str(binary)],
                          capture_output=True, text=True, timeout=120, env=_env(),
                          stdin=subprocess.DEVNULL, check=False)
    return done.stdout + done.stderr


def _gdb_style(text: str) -> str:
    """lldb's arrays (`([0] = 1, [1] = 7)`) and structs (`(x = 3, y = 4)`) written
    as gdb writes them (`{1, 7}`, `{x = 3, y = 4}`)."""
    text = re.sub(r"\((\[\d+\] = [^()]*)\)",
                  lambda m: "{" + re.sub(r"\[\d+\] = ", "", m.group(1)) + "}", text)
    return re.sub(r"\((\w+ = [^()]*)\)", r"{\1}", text)


def chunks(output: str) -> dict[str, list[str]]:
    """The output lines after each stop's marker."""
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in output.splitlines():
        m = re.match(rf"^{MARK} (\S+)$", raw.strip())
        if m:
            current = out.setdefault(m.group(1), [])
        elif current is not None:
            current.append(_gdb_style(raw.strip()))
    return out


def check(output: str, stops: Stops) -> list[str]:
    got = chunks(output)
    problems = []
    for line, checks in stops.items():
        lines = got.get(line)
        if lines is None:
            problems.append(f"never stopped at line {line}")
            continue
        for var, text in checks:
            if f"{var} = {text}" not in lines:
                problems.append(f"line {line}: no '{var} = {text}' in atomc locals")
            m = re.fullmatch(r"<optimized out: (.*)>", text)
            stale = re.fullmatch(r"(.*) \[not current: (.*)\]", text)
            said = f"{var} is optimized out here: {m.group(1)}" if m \
                else f"{var} = {stale.group(1)} is not current here: {stale.group(2)}" if stale \
                else f"{var} is available here: {text}"
            if said not in lines:
                problems.append(f"line {line}: atomc why {var} did not say '{said}'")
    return problems


CASES = sorted(p.name for p in PROGRAMS.glob("*.c"))


@pytest.mark.parametrize("debugger", ["gdb", "lldb-22"])
@pytest.mark.parametrize("program", CASES)
def test_atomc_why_and_locals(program: str, debugger: str, tmp_path: Path) -> None:
    if shutil.which(debugger) is None:
        pytest.skip(f"{debugger} is not installed")
    src = PROGRAMS / program
    stops = expectations(src)
    assert stops, f"{program} has no //@why lines"
    binary = build(src, tmp_path / "prog")
    out = gdb_session(binary, src, stops) if debugger == "gdb" \
        else lldb_session(binary, src, stops, tmp_path)
    problems = check(out, stops)
    assert not problems, "\n".join(problems) + f"\n--- {debugger} output ---\n" + out


@pytest.mark.parametrize("compiler", ["gcc", "clang-22"])
def test_other_compilers_binaries_have_no_reason(compiler: str, tmp_path: Path) -> None:
    """gcc's and clang's builds carry no records: every optimized-out local says so."""
    if shutil.which("gdb") is None or shutil.which(compiler) is None:
        pytest.skip(f"gdb or {compiler} is not installed")
    src = PROGRAMS / "notyet.c"
    binary = build(src, tmp_path / "prog", [compiler])
    out = gdb_session(binary, src, {"6": []})
    lines = chunks(out).get("6")
    assert lines is not None, out
    locals_ = [x for x in lines if " = " in x]
    assert locals_, out
    for x in locals_:
        if "<optimized out" in x:
            assert x.endswith("<optimized out: no reason recorded>"), x
