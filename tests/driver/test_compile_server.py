"""The compile server (`atomc-server`, `ATOMC_SERVER`): a command forked from the
server gives what the same command gives in a process of its own (files,
output streams, status, stdin, directory, umask, environment), the server
declines what it could not run the same way, and a client that goes away takes
its compile with it."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import atomc
from atomc.server.protocol import ENV_VAR
from atomc.server.spawn import start_server

PROGRAM = r"""#include <stdio.h>
static int square(int x) { return x * x; }
int main(void)
{
    int total = 0;
    for (int i = 0; i < 5; i++)
        total += square(i);
    printf("total %d\n", total);
    return total % 7;
}
"""
BAD = "int main(void)\n{\n    return undeclared + 1;\n}\n"
SLOW_STATEMENTS = 6000


@dataclass
class Server:
    sock: Path
    log: Path
    proc: subprocess.Popen

    def lines(self) -> list[str]:
        return self.log.read_text().splitlines()


def start(folder: Path, env: dict[str, str] | None = None) -> Server:
    sock, log = folder / "s.sock", folder / "server.log"
    with open(log, "w") as out:
        proc = start_server(sock, env=env, log=out, verbose=True)
    assert proc is not None, log.read_text()
    return Server(sock, log, proc)


def server_on_copy(tmp_path: Path) -> tuple[Server, Path, dict[str, str]]:
    """A server importing a copy of atomc's sources, which a test may then change:
    (the server, the copy, the environment whose commands it serves)."""
    copy = tmp_path / "src"
    shutil.copytree(Path(atomc.__file__).parent, copy / "atomc",
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = env_for(None) | {"PYTHONPATH": str(copy)}
    srv = start(tmp_path, env)
    return srv, copy, env | {ENV_VAR: str(srv.sock)}


def touch_source(copy: Path) -> None:
    """Change a module's modification time, as an edit would."""
    target = copy / "atomc" / "opt" / "passes.py"
    os.utime(target, ns=(time.time_ns(), target.stat().st_mtime_ns + 1_000_000_000))


def stop(server: Server) -> None:
    server.proc.terminate()
    server.proc.wait(timeout=30)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = start(tmp_path)
    yield s
    stop(s)


def env_for(server: Server | None) -> dict[str, str]:
    env = dict(os.environ)
    env[ENV_VAR] = "off" if server is None else str(server.sock)
    return env


def run_atomc(args: list[str], server: Server | None, cwd: Path, stdin: str = "",
          umask: int = 0o022) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "atomc", *args], input=stdin, cwd=cwd,
                          env=env_for(server), capture_output=True, text=True, timeout=300,
                          preexec_fn=lambda: os.umask(umask), check=False)


def served(server: Server) -> list[str]:
    return [ln for ln in server.lines() if ": status " in ln]


def test_served_commands_give_what_a_process_of_their_own_gives(server: Server,
                                                                 tmp_path: Path) -> None:
    results = {}
    work = tmp_path / "work"  # one directory: its name is in the debug info
    for mode, srv in (("own", None), ("served", server)):
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        (work / "p.c").write_text(PROGRAM)
        (work / "bad.c").write_text(BAD)
        runs = [
            run_atomc(["-O2", "-g", "-S", "p.c", "-o", "p.s"], srv, work),  # relative to cwd
            run_atomc(["-O2", "p.c", "-o", "p"], srv, work, umask=0o027),
            run_atomc(["-c", "bad.c"], srv, work),  # a diagnostic and status 1
            run_atomc(["-E", "-P", "-x", "c", "-"], srv, work, stdin="#define N 3\nint a = N;\n"),
            run_atomc(["-O1", "-x", "c", "-", "-o", "from_stdin"], srv, work, stdin=PROGRAM),
            run_atomc(["--no-such-option"], srv, work),
        ]
        exe = subprocess.run([str(work / "p")], capture_output=True, text=True, timeout=30,
                             check=False)
        results[mode] = (
            [(r.returncode, r.stdout, r.stderr) for r in runs],
            (work / "p.s").read_bytes(),
            oct((work / "p").stat().st_mode & 0o777),
            (exe.returncode, exe.stdout),
            subprocess.run([str(work / "from_stdin")], capture_output=True, text=True,
                           timeout=30, check=False).stdout,
        )
    assert results["served"] == results["own"]
    assert results["own"][0][2][0] == 1 and "error:" in results["own"][0][2][2]
    assert results["own"][2] == oct(0o750)
    assert len(served(server)) == 6, server.lines()


def test_the_environment_reaches_the_compile(server: Server, tmp_path: Path) -> None:
    """COMPILER_PATH-style variables must act: here gcc's CPATH adds an include folder."""
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "answer.h").write_text("#define ANSWER 42\n")
    (tmp_path / "a.c").write_text('#include "answer.h"\nint answer = ANSWER;\n')
    env = env_for(server) | {"CPATH": str(inc)}
    r = subprocess.run([sys.executable, "-m", "atomc", "-E", "-P", "a.c"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0 and "int answer = 42;" in r.stdout, r.stderr
    assert len(served(server)) == 1


def test_another_hash_seed_runs_in_the_client(server: Server, tmp_path: Path) -> None:
    (tmp_path / "p.c").write_text(PROGRAM)
    env = env_for(server) | {"PYTHONHASHSEED": "12345"}
    r = subprocess.run([sys.executable, "-m", "atomc", "-c", "p.c"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0 and (tmp_path / "p.o").exists(), r.stderr
    assert served(server) == []
    assert any("declined" in ln for ln in server.lines())


def test_without_a_server_the_client_compiles_itself(tmp_path: Path) -> None:
    (tmp_path / "p.c").write_text(PROGRAM)
    env = env_for(None) | {ENV_VAR: str(tmp_path / "nobody-listens.sock")}
    r = subprocess.run([sys.executable, "-m", "atomc", "-c", "p.c"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0 and (tmp_path / "p.o").exists(), r.stderr


def _slow_source() -> str:
    body = "".join(f"    x = x * {i % 7 + 3} + (x >> {i % 5 + 1});\n"
                   for i in range(SLOW_STATEMENTS))
    return f"int f(int x)\n{{\n{body}    return x;\n}}\n"


def test_a_client_that_goes_away_takes_its_compile_with_it(server: Server,
                                                           tmp_path: Path) -> None:
    (tmp_path / "slow.c").write_text(_slow_source())
    client = subprocess.Popen([sys.executable, "-m", "atomc", "-O2", "-c", "slow.c"],
                              cwd=tmp_path, env=env_for(server),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not any(": ['-O2'" in ln for ln in server.lines()):
        assert time.monotonic() < deadline and client.poll() is None, server.lines()
        time.sleep(0.05)
    [started] = [ln for ln in server.lines() if ": ['-O2'" in ln]
    pid = int(started.split()[2].rstrip(":"))
    client.send_signal(signal.SIGKILL)
    client.wait(timeout=30)
    deadline = time.monotonic() + 30
    while not any(f"pid {pid}: status" in ln for ln in server.lines()):
        assert time.monotonic() < deadline, server.lines()
        time.sleep(0.05)
    assert f"atomc-server: pid {pid}: client gone, killing" in server.lines()
    assert f"atomc-server: pid {pid}: status -{int(signal.SIGKILL)}" in server.lines()
    assert not (tmp_path / "slow.o").exists()


def compile_p(folder: Path, run_env: dict[str, str]) -> None:
    """`atomc -c p.c` in `folder`, which must succeed (served or not)."""
    r = subprocess.run([sys.executable, "-m", "atomc", "-c", "p.c"], cwd=folder,
                       env=run_env, capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0, r.stderr


def test_changed_sources_stop_the_server(tmp_path: Path) -> None:
    """A server never compiles with code older than the files on disk."""
    srv, copy, run_env = server_on_copy(tmp_path)
    (tmp_path / "p.c").write_text(PROGRAM)

    compile_p(tmp_path, run_env)
    assert len(served(srv)) == 1
    touch_source(copy)
    compile_p(tmp_path, run_env)  # declined, compiled by the client
    srv.proc.wait(timeout=30)
    assert len(served(srv)) == 1
    assert any("sources changed" in ln for ln in srv.lines()), srv.lines()
    compile_p(tmp_path, run_env)  # nobody listens now: still compiles


def test_changed_sources_let_running_compiles_finish(tmp_path: Path) -> None:
    """The server stops taking commands once its sources change, but a compile it
    already started still ends normally, and only then does the server exit."""
    srv, copy, run_env = server_on_copy(tmp_path)
    (tmp_path / "slow.c").write_text(_slow_source())
    (tmp_path / "p.c").write_text(PROGRAM)
    slow = subprocess.Popen([sys.executable, "-m", "atomc", "-O0", "-c", "slow.c"],
                            cwd=tmp_path, env=run_env, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(": ['-O0'" in ln for ln in srv.lines()):
        assert time.monotonic() < deadline and slow.poll() is None, srv.lines()
        time.sleep(0.05)
    touch_source(copy)
    quick = subprocess.run([sys.executable, "-m", "atomc", "-c", "p.c"], cwd=tmp_path,
                           env=run_env, capture_output=True, text=True, timeout=300, check=False)
    assert quick.returncode == 0 and (tmp_path / "p.o").exists(), quick.stderr
    _, err = slow.communicate(timeout=600)
    assert slow.returncode == 0 and (tmp_path / "slow.o").exists(), err
    srv.proc.wait(timeout=60)
    assert len(served(srv)) == 1 and any("declined" in ln for ln in srv.lines()), srv.lines()
    assert not srv.sock.exists()


def test_preload_builds_what_every_compile_needs_first() -> None:
    """The option table and the parse cache's fingerprint are built in the server, so
    no forked compile builds them again (each is a @cache function: the children
    inherit the value)."""
    from atomc.driver.table import table
    from atomc.frontend.parse_cache import fingerprint
    from atomc.server.server import preload

    table.cache_clear()
    fingerprint.cache_clear()
    preload()
    assert table.cache_info().currsize == 1
    assert fingerprint.cache_info().currsize == 1


NUM_H = """#include <stdio.h>
#ifdef WIDE
typedef long num;
#else
typedef int num;
#endif
static inline num twice(num x) { return 2 * x; }
"""


def test_held_header_segments_give_what_a_process_gives(server: Server,
                                                        tmp_path: Path) -> None:
    """The server holds the header segments its compiles parsed (parse_cache.Resident)
    and hands them to later compiles: two files whose header sees another macro
    still compile, each time, to exactly what a process of their own gives."""
    work = tmp_path / "work"
    work.mkdir()
    (work / "num.h").write_text(NUM_H)
    body = 'num f(num v) { printf("%d\\n", (int)v); return twice(v); }\n'
    (work / "a.c").write_text('#define WIDE\n#include "num.h"\n' + body)
    (work / "b.c").write_text('#include "num.h"\n' + body)

    def asm(name: str, srv: Server | None) -> str:
        r = run_atomc(["-O0", "-g", "-S", name, "-o", "out.s"], srv, work)
        assert r.returncode == 0, r.stderr
        return (work / "out.s").read_text()

    own = {name: asm(name, None) for name in ("a.c", "b.c")}
    assert own["a.c"] != own["b.c"]
    for name in ("a.c", "b.c", "a.c", "b.c"):
        assert asm(name, server) == own[name], name
    assert any("parse-cache segments" in ln for ln in server.lines()), server.lines()


# Loaded by the server's interpreter (and the client's) from PYTHONPATH: each call of
# gc.get_freeze_count, and on which thread the front end sets its recursion limit,
# is written to ATOMC_TEST_WORKLOG as "<pid> <what>".
_RECORDER = """import gc, os, sys, threading
_LOG = os.environ.get("ATOMC_TEST_WORKLOG")
if _LOG:
    def _note(what):
        with open(_LOG, "a") as f:
            f.write(f"{os.getpid()} {what}\\n")
    _count, _set = gc.get_freeze_count, sys.setrecursionlimit
    def get_freeze_count():
        _note("get_freeze_count")
        return _count()
    def setrecursionlimit(n):
        main = threading.current_thread() is threading.main_thread()
        _note("recursion-limit-on-" + ("main-thread" if main else "thread"))
        _set(n)
    gc.get_freeze_count, sys.setrecursionlimit = get_freeze_count, setrecursionlimit
"""


def test_served_child_never_counts_frozen_objects(tmp_path: Path) -> None:
    """The child skips the walk of every frozen object (`gc.get_freeze_count`)."""
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(_RECORDER)
    log = tmp_path / "work.log"
    env = env_for(None) | {"ATOMC_TEST_WORKLOG": str(log),
                           "PYTHONPATH": os.pathsep.join(
                               [str(tmp_path / "site"), *sys.path])}
    srv = start(tmp_path, env)
    try:
        (tmp_path / "p.c").write_text(PROGRAM)
        r = subprocess.run([sys.executable, "-m", "atomc", "-O0", "-g", "-c", "p.c"],
                           cwd=tmp_path, env=env | {ENV_VAR: str(srv.sock)},
                           capture_output=True, text=True, timeout=300, check=False)
    finally:
        stop(srv)
    assert r.returncode == 0, r.stderr
    assert len(served(srv)) == 1, srv.lines()
    notes = [ln.split(" ", 1)[1] for ln in log.read_text().splitlines()]
    assert "get_freeze_count" not in notes, notes


def test_a_request_stats_each_source_file_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check for changed sources on every request is one `os.stat` per watched
    file, nothing else: no path objects, no file read (the copy's records were
    read on every request before)."""
    from atomc.server import server as srv

    srv.preload()
    files = srv.source_files()
    assert any(f.endswith("server/server.py") for f in files)
    assert any(f.endswith("opt/passes.py") for f in files)
    watch = srv.SourceWatch(files)
    stats: list[str] = []
    real_stat = os.stat

    def counting_stat(path: str, *args: object, **kw: object) -> os.stat_result:
        stats.append(path)
        return real_stat(path, *args, **kw)

    def no_open(*args: object, **kw: object) -> None:
        raise AssertionError(f"opened {args}")

    monkeypatch.setattr(os, "stat", counting_stat)
    monkeypatch.setattr("builtins.open", no_open)
    monkeypatch.setattr(Path, "__init__", no_open)
    assert not watch.changed()
    assert stats == files


def test_a_rebuilt_compiled_copy_stops_a_pure_server(tmp_path: Path) -> None:
    """A server running the pure package drains when the compiled copy beside it is
    rebuilt (its records change): a new process might run the copy now."""
    records = tmp_path / "build" / "compiled" / "atomc"
    records.mkdir(parents=True)
    (records / "SOURCES").write_text("")
    srv, _, run_env = server_on_copy(tmp_path)
    (tmp_path / "p.c").write_text(PROGRAM)

    compile_p(tmp_path, run_env)
    assert len(served(srv)) == 1
    (records / "COMPILED").write_text("")
    compile_p(tmp_path, run_env)  # declined, compiled by the client
    srv.proc.wait(timeout=30)
    assert len(served(srv)) == 1
    assert any("sources changed" in ln for ln in srv.lines()), srv.lines()
