"""Thread-local storage: `__thread` / `_Thread_local` objects (file scope,
static locals, an aggregate, a pointer initialised with an address, an
extern defined in another unit), each thread using its own copies.

Built by atomc at -O0..-O3 under every access model gcc would pick (local
and initial exec in a PIE or a -fno-pic executable, general and local
dynamic in -fPIC code, where the linker relaxes them) and with -ftls-model=,
the program prints what gcc's build prints (thread lines sorted: the threads
run concurrently). Under gdb (and lldb-22) in a running threaded program,
every thread-local variable shows the stopped thread's copy through its
`DW_OP_const8u x@dtpoff; DW_OP_form_tls_address` location: gcc's build is
the oracle for the values the session checks.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pic_support import GCC, HERE, OPT_LEVELS, link, run_exe, verify_dwarf

SOURCES = [HERE / "programs" / "tls_threads.c", HERE / "programs" / "tls_other.c"]
MODELS = {
    "pie": [],
    "no-pie": ["-fno-pic", "-no-pie"],
    "pic": ["-fPIC"],
    "initial-exec": ["-ftls-model=initial-exec"],
    "pic-local-dynamic": ["-fPIC", "-ftls-model=local-dynamic"],
}
GDB = shutil.which("gdb")
LLDB = shutil.which("lldb-22")
BREAK_LINE = next(i for i, text in enumerate(SOURCES[0].read_text().splitlines(), 1)
                  if "gdb: in the thread" in text) - 2  # the printf's first line


def _sorted_output(exe: Path) -> tuple[list[str], int]:
    out, status = run_exe(exe)
    return sorted(out.splitlines()), status


@pytest.fixture(scope="module")
def gcc_build(tmp_path_factory) -> Path:
    exe = tmp_path_factory.mktemp("gcc-tls") / "tls"
    link([*GCC, "-O0", "-g", "-pthread"], exe, SOURCES)
    return exe


@pytest.mark.parametrize("level", OPT_LEVELS, ids=[lv.lstrip("-") for lv in OPT_LEVELS])
@pytest.mark.parametrize("model", sorted(MODELS))
def test_tls_program(model: str, level: str, atomc_cmd, gcc_build: Path, tmp_path: Path):
    exe = tmp_path / "tls"
    assert link([*atomc_cmd, level, "-g", "-pthread", *MODELS[model]], exe, SOURCES) == ""
    assert _sorted_output(exe) == _sorted_output(gcc_build)
    verify_dwarf(exe)


def _gdb_values(exe: Path) -> list[dict[str, str]]:
    """At the printf of two threads: the thread-local variables gdb shows."""
    names = ["label", "counter", "hits", "table", "record", "calls", "other_tls"]
    args = [GDB, "-batch", "-nx", "-ex", "set print address off", "-ex",
            f"break tls_threads.c:{BREAK_LINE}", "-ex", "run"]
    for k in range(2):
        args += [a for n in names for a in ("-ex", f"print {n}")]
        if k == 0:
            args += ["-ex", "continue"]
    out = subprocess.run([*args, str(exe)], capture_output=True, text=True, timeout=120).stdout
    values = re.findall(r"^\$\d+ = (.*)$", out, re.M)
    assert len(values) == 2 * len(names), out
    return [dict(zip(names, values[k * len(names):(k + 1) * len(names)])) for k in range(2)]


def _expected(label: str) -> dict[str, str]:
    """What each thread's copies hold at the breakpoint (worked out from the
    program; the test of gcc's build below shows the formulas are right)."""
    tid = int(label.strip('"t'))
    return {"counter": str(5 + 1000 * tid), "hits": "1000", "calls": str(100 + tid),
            "other_tls": str(42 + tid),
            "record": f'{{a = {9 + tid}, name = "rec\\000\\000\\000\\000"}}'}


def _check(values: list[dict[str, str]]) -> None:
    labels = [v["label"] for v in values]
    assert len(set(labels)) == 2, labels  # two different threads, two different copies
    for v in values:
        exp = _expected(v["label"])
        assert {k: v[k] for k in exp} == exp, v


@pytest.mark.gdb
@pytest.mark.skipif(GDB is None, reason="gdb is not installed")
def test_gdb_reads_gcc_tls(gcc_build: Path):
    _check(_gdb_values(gcc_build))


@pytest.mark.gdb
@pytest.mark.skipif(GDB is None, reason="gdb is not installed")
@pytest.mark.parametrize("flags", [["-O0"], ["-O2"], ["-O2", "-fPIC"]],
                         ids=["O0", "O2", "O2-pic"])
def test_gdb_prints_tls_of_the_stopped_thread(flags: list[str], atomc_cmd, gcc_build: Path,
                                               tmp_path: Path):
    exe = tmp_path / "tls"
    link([*atomc_cmd, "-g", "-pthread", *flags], exe, SOURCES)
    ours = _gdb_values(exe)
    _check(ours)
    gcc_tables = {v["label"]: v["table"] for v in _gdb_values(gcc_build)}
    for v in ours:  # the per-thread array, where gcc's run stopped in the same thread
        if v["label"] in gcc_tables:
            assert v["table"] == gcc_tables[v["label"]]


@pytest.mark.lldb
@pytest.mark.skipif(LLDB is None, reason="lldb-22 is not installed")
@pytest.mark.parametrize("level", ["-O0", "-O2"], ids=["O0", "O2"])
def test_lldb_prints_tls(level: str, atomc_cmd, tmp_path: Path):
    exe = tmp_path / "tls"
    link([*atomc_cmd, "-g", "-pthread", level], exe, SOURCES)
    args = [LLDB, "-b", "-o", f"b tls_threads.c:{BREAK_LINE}", "-o", "run"]
    for n in ("label", "counter", "calls", "other_tls"):
        args += ["-o", f"v {n}"]
    out = subprocess.run([*args, str(exe)], capture_output=True, text=True, timeout=120).stdout
    label = re.search(r'label = 0x[0-9a-f]+ "(t\d)"', out)
    assert label is not None, out
    exp = _expected(label.group(1))
    for n in ("counter", "calls", "other_tls"):
        assert f"(int) {n} = {exp[n]}" in out, out
