"""`atomc-server SOCKET`: imports the compiler once, then forks a child for every
`atomc` command that reaches it through `ATOMC_SERVER=SOCKET`; `daemon` is the
same server started by `atomc` itself when `ATOMC_SERVER` is unset (auto.py).

Each child starts from the state right after the imports, exactly what a new
`atomc` process has, takes the client's descriptors, directory, environment and
umask, runs the driver and exits; the server only forks and reports statuses,
so nothing one compile does can leak into the next. The server keeps in memory
the parsed header segments its children read from the parse cache or stored
there (frontend/parse_cache.py, `Resident`): each child then starts with them
unpickled. A client that goes away
(killed by a timeout, interrupted) takes its compile's process group with it.
The server declines (the client then compiles itself) when the client's
interpreter, its `PYTHON*` and `ATOMC_*` environment (a hash seed, say) or atomc's sources
differ from the server's; once the sources changed it stops listening and
exits when its running compiles end, so a stale compiler never takes a command.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import io
import os
import pkgutil
import selectors
import signal
import socket
import sys
import time
import traceback

from .. import compiled_copy
from .protocol import LOG_VAR, RUN_LOCALLY, identity_env, recv_request, send_status

# the packages a compile uses; tools, explain and the lldb/gdb scripts are not
PRELOAD = ("driver", "frontend", "ir", "opt", "codegen", "dwarf")
REQUEST_TIMEOUT = 10.0


def preload() -> None:
    """Import every module a compile can reach, so no child imports anything."""
    root = importlib.import_module("atomc")
    for top in ("diag", "options", "optlevel", "observe", "pipeline"):
        importlib.import_module(f"atomc.{top}")
    for name in PRELOAD:
        pkg = importlib.import_module(f"{root.__name__}.{name}")
        for mod in pkgutil.walk_packages(pkg.__path__, f"{pkg.__name__}."):
            if not mod.name.endswith("__main__"):
                importlib.import_module(mod.name)
    # what every compile computes first and the same for all: the driver's option
    # table (built from gcc's option list), the parser's identity for the parse
    # cache and the x86-64 opcode rows (a process makes them when first asked
    # for), once here instead of in every child
    from ..codegen.x86_64.opcodes import table as opcode_rows
    from ..driver.table import table
    from ..frontend.parse_cache import fingerprint
    table()
    fingerprint()
    opcode_rows()


def source_files() -> list[str]:
    """The files whose change makes the server stale: atomc's loaded modules (from
    src/ and, when the server runs it, the compiled copy), and the compiled copy's
    build records, whose change (a rebuild) may change which build a new process
    runs; while the copy runs, also the sources it was built from (an edit to src/
    changes no loaded file of the copy). Computed once: the server imports nothing
    after `preload`."""
    package = importlib.import_module("atomc")
    roots = tuple(os.path.join(p, "") for p in package.__path__)
    files = {path for mod in list(sys.modules.values())
             if (path := getattr(mod, "__file__", None)) and path.startswith(roots)}
    copy = compiled_copy.default_copy()
    files.update(os.path.join(copy, name) for name in (compiled_copy.MANIFEST, compiled_copy.STAMP))
    if copy in package.__path__:
        root = compiled_copy.source_root()
        files.update(os.path.join(root, rel) for rel in compiled_copy.source_files(root))
    return sorted(files)


class SourceWatch:
    """The modification time of each of `source_files()` (-1: missing) when the
    server started, compared on every request: one `os.stat` a file, ~300 files,
    where making a path object for every loaded module and reading the copy's
    records took five times as long (11 ms a request)."""

    __slots__ = ("paths", "mtimes")

    def __init__(self, paths: list[str]) -> None:
        self.paths = paths
        self.mtimes = self.now()

    def now(self) -> list[int]:
        stat = os.stat
        out = []
        for path in self.paths:
            try:
                out.append(stat(path).st_mtime_ns)
            except OSError:
                out.append(-1)
        return out

    def changed(self) -> bool:
        return self.now() != self.mtimes


def _exit_code(e: SystemExit) -> int:
    if e.code is None:
        return 0
    if isinstance(e.code, int):
        return e.code & 0xFF
    print(e.code, file=sys.stderr)
    return 1


def _text_stream(fd: int, mode: str, errors: str, line_buffering: bool) -> io.TextIOWrapper:
    """Standard stream `fd` as the interpreter makes it at start-up (its encoding is
    the server's: both started in the same locale, or the server declines)."""
    raw = open(fd, mode + "b", closefd=False)  # noqa: SIM115 - lives as long as the child
    encoding = getattr(sys.__stdout__, "encoding", None) or "utf-8"
    return io.TextIOWrapper(raw, encoding=encoding, errors=errors,
                            line_buffering=line_buffering)


def run_child(request: dict, fds: list[int]) -> int:
    """In the forked child: become the client's process and run the driver."""
    for target, fd in enumerate(fds[:3]):
        os.dup2(fd, target)
    for fd in fds:
        if fd > 2:
            os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    os.umask(request["umask"])
    sys.stdin = _text_stream(0, "r", "strict", False)
    sys.stdout = _text_stream(1, "w", "strict", os.isatty(1))
    sys.stderr = _text_stream(2, "w", "backslashreplace", True)
    sys.argv = ["atomc", *request["argv"]]
    from ..driver import main
    try:
        return main(request["argv"])
    except SystemExit as e:
        return _exit_code(e)


class CompileServer:
    """The accept/fork/reap loop; one child per request, statuses as they finish."""

    __slots__ = ("path", "listener", "selector", "wake", "jobs", "stamps", "identity",
                 "stopping", "draining", "log", "segments", "pending", "idle", "last")

    def __init__(self, path: str, log: bool, idle: float | None = None) -> None:
        self.path = path
        self.log = log
        self.idle = idle  # seconds without a request (and no compile running) before exiting
        self.last = time.monotonic()
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        self.listener.bind(path)
        self.listener.listen(128)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.listener, selectors.EVENT_READ, "accept")
        self.wake = socket.socketpair()
        for s in self.wake:
            s.setblocking(False)
        self.selector.register(self.wake[0], selectors.EVENT_READ, "wake")
        # the children name the parse-cache entries they read or wrote on this pipe
        self.segments = os.pipe()
        for fd in self.segments:
            os.set_blocking(fd, False)
        from ..frontend.parse_cache import RESIDENT

        RESIDENT.report_fd = self.segments[1]
        self.selector.register(self.segments[0], selectors.EVENT_READ, "segments")
        self.pending = b""  # a name not yet read to its end
        self.jobs: dict[int, socket.socket] = {}
        self.stamps = SourceWatch(source_files())
        self.identity = (sys.executable, identity_env(dict(os.environ)))
        self.stopping = False
        self.draining = False  # no new requests; exits once the running compiles finish

    def note(self, text: str) -> None:
        if self.log:
            print(f"atomc-server: {text}", file=sys.stderr, flush=True)

    def serve(self) -> None:
        signal.set_wakeup_fd(self.wake[1].fileno())
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        from ..frontend.collector import SERVED

        SERVED.frozen = True  # before the freeze: a child never asks (collector.py)
        gc.freeze()  # never garbage: the children's collections skip the imported modules
        try:
            while not self.stopping and not (self.draining and not self.jobs):
                timeout = None
                if self.idle is not None and not self.jobs:
                    timeout = self.last + self.idle - time.monotonic()
                    if timeout <= 0:
                        self.note("idle, exiting")
                        break
                for key, _ in self.selector.select(timeout):
                    if key.data == "accept":
                        self._accept()
                    elif key.data == "wake":
                        with contextlib.suppress(BlockingIOError):
                            while self.wake[0].recv(4096):
                                pass
                    elif key.data == "segments":
                        self._hold_segments()
                    else:
                        self._client_gone(key.data)
                self._reap()
        finally:
            self.close()

    def _hold_segments(self) -> None:
        """Load the parse-cache entries the children named, for the next children;
        frozen like the imports, so no child's collections walk them."""
        data = self.pending
        with contextlib.suppress(BlockingIOError):
            while chunk := os.read(self.segments[0], 65536):
                data += chunk
        *names, self.pending = data.split(b"\n")
        from ..frontend.parse_cache import RESIDENT

        if held := sum(RESIDENT.load(os.fsdecode(n)) for n in names):
            self.note(f"holding {held} more parse-cache segments ({RESIDENT.size} bytes)")
            gc.collect()
            gc.freeze()

    def _stop(self, *_: object) -> None:
        self.stopping = True

    def _declines(self, request: dict) -> str | None:
        """Why this request must run in the client, or None."""
        if (request.get("executable"), identity_env(request.get("env", {}))) != self.identity:
            return "a different interpreter or PYTHON*/ATOMC_* environment"
        if self.stamps.changed():
            self._drain()
            return "atomc's sources changed; stopping once the running compiles finish"
        return None

    def _accept(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        self.last = time.monotonic()
        fds: list[int] = []
        try:
            conn.settimeout(REQUEST_TIMEOUT)
            request, fds = recv_request(conn)
            why = self._declines(request) if len(fds) == 3 else "no standard streams"
            if why is not None:
                self.note(f"declined ({why}): {request.get('argv')}")
                send_status(conn, RUN_LOCALLY)
                conn.close()
                return
            self._hold_segments()  # what the last compile named, for this one
            pid = os.fork()
            if pid == 0:
                self._child(request, fds)
            with contextlib.suppress(OSError):
                os.setpgid(pid, pid)
            self.note(f"pid {pid}: {request['argv']}")
            self.jobs[pid] = conn
            self.selector.register(conn, selectors.EVENT_READ, pid)
        except (OSError, ValueError, KeyError) as e:
            self.note(f"bad request: {e}")
            conn.close()
        finally:
            for fd in fds:
                os.close(fd)

    def _child(self, request: dict, fds: list[int]) -> None:
        code = 70
        try:
            os.setpgid(0, 0)
            signal.set_wakeup_fd(-1)
            for sig in (signal.SIGCHLD, signal.SIGTERM):
                signal.signal(sig, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            self.selector.close()
            self.listener.close()
            for s in self.wake:
                s.close()
            os.close(self.segments[0])
            for other in self.jobs.values():
                other.close()
            code = run_child(request, fds)
        except BaseException:  # noqa: BLE001 - the child must never return into the loop
            traceback.print_exc()
        finally:
            with contextlib.suppress(Exception):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)

    def _drain(self) -> None:
        """Stop listening (new clients compile themselves) but let running compiles end."""
        if not self.draining:
            self.draining = True
            self.selector.unregister(self.listener)
            self.listener.close()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)

    def _client_gone(self, pid: int) -> None:
        """The client closed its end before the compile finished: stop the compile."""
        conn = self.jobs.get(pid)
        if conn is None:
            return
        self.selector.unregister(conn)
        self.note(f"pid {pid}: client gone, killing")
        for kill in (os.killpg, os.kill):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                kill(pid, signal.SIGKILL)
                break

    def _reap(self) -> None:
        while self.jobs:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.jobs.pop(pid, None)
            if conn is None:
                continue
            self.last = time.monotonic()
            code = os.waitstatus_to_exitcode(status)
            self.note(f"pid {pid}: status {code}")
            with contextlib.suppress(KeyError, ValueError):
                self.selector.unregister(conn)
            with contextlib.suppress(OSError):
                send_status(conn, code)
            conn.close()

    def close(self) -> None:
        for pid, conn in self.jobs.items():
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)
            conn.close()
        self.selector.close()
        for fd in self.segments:
            os.close(fd)
        from ..frontend.parse_cache import RESIDENT

        RESIDENT.report_fd = None
        if not self.draining:  # a drained server's path may be another server's by now
            self.listener.close()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="atomc-server",
        description="Compile server: `atomc` commands run with ATOMC_SERVER=SOCKET are "
                    "forked from this process, which imported the compiler once.")
    ap.add_argument("socket", help="path of the Unix socket to listen on")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="log every request and its status on standard error")
    args = ap.parse_args(argv)
    # the build `atomc` runs: the compiled copy while it is fresh (compiled_copy.py)
    compiled_copy.select(importlib.import_module("atomc").__path__)
    preload()
    try:
        server = CompileServer(args.socket, args.verbose)
    except OSError as e:
        print(f"atomc-server: error: cannot listen on '{args.socket}': {e.strerror or e}",
              file=sys.stderr)
        return 1
    server.note(f"listening on {args.socket}")
    server.serve()
    return 0


def daemon(argv: list[str]) -> int:
    """The automatic server (auto.py), `FOLDER KEY`: started detached by a command
    that took FOLDER/KEY.lock and passed it on descriptor 3, kept until this exits.
    It serves only if it runs the very atomc the command ran (the same key)."""
    import fcntl

    from . import auto

    folder, key = argv
    log = os.environ.get(LOG_VAR, "")
    if log:  # standard error, /dev/null until now
        with contextlib.suppress(OSError):
            fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            os.dup2(fd, 2)
            os.close(fd)
        print(f"atomc-server: pid {os.getpid()} starting", file=sys.stderr, flush=True)
    try:
        fcntl.flock(auto.LOCK_FD, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return 1  # no lock, or another process's
    os.set_inheritable(auto.LOCK_FD, False)  # cpp and as never hold it
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    compiled_copy.select(importlib.import_module("atomc").__path__)
    mine = auto.server_key(sys.executable, compiled_copy.source_root(), dict(os.environ))
    if mine != key:
        if log:
            print(f"atomc-server: runs another atomc than key {key}", file=sys.stderr)
        return 1
    preload()
    try:
        server = CompileServer(os.path.join(folder, key + ".sock"), bool(log),
                               auto.idle_seconds())
    except OSError:
        return 1
    server.note(f"listening on {server.path}")
    pid_file = os.path.join(folder, key + ".pid")
    with contextlib.suppress(OSError):
        with open(pid_file + ".new", "w") as f:
            f.write(f"{os.getpid()}\n")
        os.replace(pid_file + ".new", pid_file)
    try:
        server.serve()
    finally:
        with contextlib.suppress(OSError):
            os.unlink(pid_file)
    return 0
