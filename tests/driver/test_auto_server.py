"""The automatic compile server (server/auto.py: `ATOMC_SERVER` unset): a one-off
command starts nothing, the second of a burst starts one detached server that
serves the commands after it exactly as they would run on their own, concurrent
commands start at most one, the server holds none of its caller's descriptors and
exits when idle, a folder anyone else could use is refused, and `off` starts
nothing. Each test has a runtime folder of its own (short: a socket's path must
fit in 107 bytes, which a pytest tmp_path may not) and stops its server."""

from __future__ import annotations

import os
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from atomc.server.auto import private, server_key
from atomc.server.protocol import ENV_VAR, IDLE_VAR, LOG_VAR

from test_compile_server import BAD, PROGRAM  # the programs the hand-started server compiles


@dataclass
class Auto:
    """A runtime folder ($XDG_RUNTIME_DIR), the environment of commands using it
    in automatic mode, and the log their server writes."""

    xdg: Path
    env: dict[str, str]
    log: Path

    @property
    def folder(self) -> Path:
        return self.xdg / "atomc"

    def sockets(self) -> list[Path]:
        return sorted(self.folder.glob("*.sock")) if self.folder.exists() else []

    def lines(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def served(self) -> int:
        return sum(": status " in ln for ln in self.lines())

    def daemons(self) -> list[int]:
        """Every process whose command line names this folder (the servers)."""
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
                except OSError:
                    continue
                if os.fsencode(str(self.folder)) in cmdline.split(b"\0") and \
                        Path(f"/proc/{entry}/stat").read_text().split()[2] != "Z":
                    found.append(int(entry))
        return found

    def wait_for_server(self) -> int:
        """The server's pid, once it listens."""
        deadline = time.monotonic() + 120
        while not (self.sockets() and list(self.folder.glob("*.pid"))):
            assert time.monotonic() < deadline, self.lines()
            time.sleep(0.05)
        [pid_file] = self.folder.glob("*.pid")
        return int(pid_file.read_text())


def _stop(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass


@pytest.fixture
def auto() -> Iterator[Auto]:
    xdg = Path(tempfile.mkdtemp(prefix="atomc-auto-", dir="/tmp"))
    os.chmod(xdg, 0o700)
    env = {k: v for k, v in os.environ.items() if k != ENV_VAR}
    # a server outlives no test run by long, even one killed before its teardown
    env |= {"XDG_RUNTIME_DIR": str(xdg), LOG_VAR: str(xdg / "server.log"), IDLE_VAR: "120"}
    a = Auto(xdg, env, xdg / "server.log")
    try:
        yield a
    finally:
        deadline = time.monotonic() + 60
        while pids := a.daemons():
            _stop(pids)
            if time.monotonic() > deadline:
                for pid in pids:
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.1)
        shutil.rmtree(xdg, ignore_errors=True)


def run_atomc(args: list[str], env: dict[str, str], cwd: Path,
              stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "atomc", *args], input=stdin, cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=300, check=False)


def test_a_one_off_command_starts_nothing_and_a_burst_is_served(auto: Auto,
                                                                tmp_path: Path) -> None:
    (tmp_path / "p.c").write_text(PROGRAM)
    first = run_atomc(["-c", "p.c", "-o", "1.o"], auto.env, tmp_path)
    assert first.returncode == 0, first.stderr
    assert auto.sockets() == [] and auto.daemons() == [] and auto.lines() == []
    assert [p.suffix for p in auto.folder.iterdir()] == [".last"]
    assert stat.S_IMODE(auto.folder.stat().st_mode) == 0o700
    second = run_atomc(["-c", "p.c", "-o", "2.o"], auto.env, tmp_path)  # starts the server
    assert second.returncode == 0, second.stderr
    pid = auto.wait_for_server()
    assert auto.daemons() == [pid] and auto.served() == 0
    for n in (3, 4):
        r = run_atomc(["-c", "p.c", "-o", f"{n}.o"], auto.env, tmp_path)
        assert r.returncode == 0, r.stderr
    assert auto.served() == 2, auto.lines()
    objects = {(tmp_path / f"{n}.o").read_bytes() for n in (1, 2, 3, 4)}
    assert len(objects) == 1


def test_served_output_equals_unserved(auto: Auto, tmp_path: Path) -> None:
    """Object and assembly bytes, diagnostics, standard output and exit status."""
    (tmp_path / "p.c").write_text(PROGRAM)
    (tmp_path / "bad.c").write_text(BAD)
    for _ in range(2):
        run_atomc(["-fsyntax-only", "p.c"], auto.env, tmp_path)
    auto.wait_for_server()

    def build(env: dict[str, str]) -> tuple[object, ...]:
        runs = [run_atomc(["-O2", "-g", "-S", "p.c", "-o", "p.s"], env, tmp_path),
                run_atomc(["-O0", "-g", "-c", "p.c", "-o", "p.o"], env, tmp_path),
                run_atomc(["-c", "bad.c"], env, tmp_path),
                run_atomc(["-E", "-P", "-x", "c", "-"], env, tmp_path, stdin="#define N 3\nN\n")]
        return ([(r.returncode, r.stdout, r.stderr) for r in runs],
                (tmp_path / "p.s").read_bytes(), (tmp_path / "p.o").read_bytes())

    served = build(auto.env)
    assert auto.served() == 4, auto.lines()
    own = build(auto.env | {ENV_VAR: "off"})
    assert auto.served() == 4
    assert served == own
    assert own[0][2][0] == 1 and "error:" in own[0][2][2]


def test_concurrent_first_commands_start_one_server(auto: Auto, tmp_path: Path) -> None:
    (tmp_path / "p.c").write_text(PROGRAM)
    assert run_atomc(["-fsyntax-only", "p.c"], auto.env, tmp_path).returncode == 0
    # each of these finds no server and a command of the last 30 s: each may start one
    procs = [subprocess.Popen([sys.executable, "-m", "atomc", "-c", "p.c", "-o", f"{n}.o"],
                              cwd=tmp_path, env=auto.env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE) for n in range(4)]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    pid = auto.wait_for_server()
    assert auto.daemons() == [pid]
    assert sum(" starting" in ln for ln in auto.lines()) == 1, auto.lines()
    assert sum("listening on" in ln for ln in auto.lines()) == 1


def _pipe_inode(fd: int) -> int:
    return os.fstat(fd).st_ino


def test_the_server_holds_none_of_the_callers_descriptors(auto: Auto, tmp_path: Path) -> None:
    """A daemon holding the write end of its caller's pipe would keep `$(atomc ...)`,
    `make` or a test runner waiting until it exits: the command that starts it must
    end its output when it exits."""
    (tmp_path / "p.c").write_text(PROGRAM)
    env = {k: v for k, v in auto.env.items() if k != LOG_VAR}
    assert run_atomc(["-c", "p.c"], env, tmp_path).returncode == 0
    out_r, out_w = os.pipe()
    extra_r, extra_w = os.pipe()  # an inherited descriptor beyond the standard streams
    proc = subprocess.Popen([sys.executable, "-m", "atomc", "-c", "p.c"], cwd=tmp_path, env=env,
                            stdin=subprocess.DEVNULL, stdout=out_w, stderr=out_w,
                            pass_fds=(extra_w,))
    os.close(out_w)
    os.close(extra_w)
    try:
        for fd in (out_r, extra_r):  # end of file once the command exited, not the daemon
            deadline = time.monotonic() + 120
            while True:
                ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
                assert ready, "the pipe stayed open: the server holds it"
                if not os.read(fd, 65536):
                    break
        assert proc.wait(timeout=60) == 0
        # through subprocess.run's captured pipes as well
        r = subprocess.run([sys.executable, "-m", "atomc", "-c", "p.c"], cwd=tmp_path, env=env,
                           capture_output=True, timeout=120, check=False)
        assert r.returncode == 0
        pid = auto.wait_for_server()
        ours = {f"pipe:[{_pipe_inode(out_r)}]", f"pipe:[{_pipe_inode(extra_r)}]"}
        links = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        assert not links & ours, links
        assert os.readlink(f"/proc/{pid}/cwd") == "/"
        assert os.getpgid(pid) == pid and os.getsid(pid) != os.getsid(0)  # detached
        assert {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in "012"} == {"/dev/null"}
    finally:
        os.close(out_r)
        os.close(extra_r)


def test_an_idle_server_exits_and_removes_its_socket(auto: Auto, tmp_path: Path) -> None:
    (tmp_path / "p.c").write_text(PROGRAM)
    env = auto.env | {IDLE_VAR: "2"}
    for _ in range(2):
        assert run_atomc(["-fsyntax-only", "p.c"], env, tmp_path).returncode == 0
    pid = auto.wait_for_server()
    deadline = time.monotonic() + 60
    while auto.daemons():
        assert time.monotonic() < deadline, auto.lines()
        time.sleep(0.1)
    assert auto.sockets() == [] and list(auto.folder.glob("*.pid")) == []
    assert "atomc-server: idle, exiting" in auto.lines()
    assert pid not in auto.daemons()


def test_sigterm_stops_the_server_and_removes_its_socket(auto: Auto, tmp_path: Path) -> None:
    (tmp_path / "p.c").write_text(PROGRAM)
    for _ in range(2):
        assert run_atomc(["-fsyntax-only", "p.c"], auto.env, tmp_path).returncode == 0
    pid = auto.wait_for_server()
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 60
    while auto.daemons():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert auto.sockets() == [] and list(auto.folder.glob("*.pid")) == []
    # the next burst starts a new one
    r = run_atomc(["-fsyntax-only", "p.c"], auto.env, tmp_path)
    assert r.returncode == 0
    assert auto.wait_for_server() != pid


@pytest.mark.parametrize("how", ["group-readable", "world-writable", "symlink", "file", "owner"])
def test_a_folder_others_could_use_is_refused(auto: Auto, tmp_path: Path, how: str) -> None:
    """The command compiles in its own process and writes nothing there."""
    target = auto.folder
    if how == "symlink":
        real = auto.xdg / "real"
        real.mkdir(mode=0o700)
        target.symlink_to(real)
    elif how == "file":
        target.write_text("")
    else:
        target.mkdir()
        os.chmod(target, {"group-readable": 0o740, "world-writable": 0o703}.get(how, 0o700))
        if how == "owner":
            if os.getuid() != 0:
                pytest.skip("only root can give a folder to another user")
            os.chown(target, 1, -1)
    before = sorted(p.name for p in auto.xdg.rglob("*"))
    (tmp_path / "p.c").write_text(PROGRAM)
    for n in range(3):
        r = run_atomc(["-c", "p.c", "-o", f"{n}.o"], auto.env, tmp_path)
        assert r.returncode == 0 and (tmp_path / f"{n}.o").exists(), r.stderr
    assert sorted(p.name for p in auto.xdg.rglob("*")) == before
    assert auto.daemons() == []


@pytest.mark.parametrize("value", ["off", "0"])
def test_off_uses_and_starts_nothing(auto: Auto, tmp_path: Path, value: str) -> None:
    (tmp_path / "p.c").write_text(PROGRAM)
    env = auto.env | {ENV_VAR: value}
    for _ in range(3):
        assert run_atomc(["-fsyntax-only", "p.c"], env, tmp_path).returncode == 0
    assert not auto.folder.exists() and auto.daemons() == []


def test_private_folder_checks(tmp_path: Path) -> None:
    """`private` looks at the folder itself: a link to a private folder is not one."""
    uid = os.getuid()
    good = tmp_path / "good"
    good.mkdir(mode=0o700)
    os.chmod(good, 0o700)
    assert private(str(good), uid)
    (tmp_path / "link").symlink_to(good)
    assert not private(str(tmp_path / "link"), uid)
    os.chmod(good, 0o710)
    assert not private(str(good), uid)
    assert not private(str(good), uid + 1)


def test_the_key_names_the_interpreter_package_and_environment() -> None:
    env = {"PATH": "/bin", "PYTHONHASHSEED": "1", "ATOMC_PARSE_CACHE": "off"}
    key = server_key("/usr/bin/python3", "/src/atomc", env)
    assert len(key) == 16 and int(key, 16) >= 0
    # what a server does not compare changes nothing
    assert server_key("/usr/bin/python3", "/src/atomc",
                      env | {"PATH": "/usr/bin", ENV_VAR: "", IDLE_VAR: "5", LOG_VAR: "x"}) == key
    others = {server_key("/usr/bin/python3.12", "/src/atomc", env),
              server_key("/usr/bin/python3", "/other/atomc", env),
              server_key("/usr/bin/python3", "/src/atomc", env | {"PYTHONHASHSEED": "2"}),
              server_key("/usr/bin/python3", "/src/atomc", env | {"ATOMC_COMPILED": "0"})}
    assert key not in others and len(others) == 4


def test_a_server_that_cannot_start_never_fails_the_compile(auto: Auto, tmp_path: Path) -> None:
    """Here the lock cannot be opened (a folder stands in its place): every command
    of the burst still compiles, in its own process."""
    import atomc

    key = server_key(sys.executable, os.path.dirname(os.path.abspath(atomc.__file__)), auto.env)
    auto.folder.mkdir(mode=0o700)
    (auto.folder / f"{key}.lock").mkdir()
    (tmp_path / "p.c").write_text(PROGRAM)
    for n in range(3):
        r = run_atomc(["-c", "p.c", "-o", f"{n}.o"], auto.env, tmp_path)
        assert r.returncode == 0 and (tmp_path / f"{n}.o").exists(), r.stderr
    assert (auto.folder / f"{key}.last").exists()  # the key the commands used
    assert auto.daemons() == [] and auto.sockets() == []
