"""The automatic compile server: what `atomc` does when `ATOMC_SERVER` is unset.

Each user has one server per exact atomc (`server_key`: the interpreter, the
package's folder and the `PYTHON*`/`ATOMC_*` variables a server compares, which
with the files on disk decide whether the compiled copy or the pure package
runs), listening on `<key>.sock` in a private folder
(`runtime_dir`). A command finds it there; when none answers, the command
compiles in its own process and, if another command of the same key started in
the last `BURST_SECONDS` (`<key>.last`, touched by every command that compiled
itself), starts one in the background for the commands after it (`spawn`): so
`atomc hello.c` typed once leaves no process behind, while the second file of a
build starts the server that serves the rest. Whoever holds `<key>.lock` (an
flock) is the only server of its key: the command that takes it hands it to the
server it starts, which keeps it until it exits; a command that cannot take it
starts nothing. The server exits after `IDLE_SECONDS` without a request
(`ATOMC_SERVER_IDLE`), when its sources change, or on SIGTERM, and removes its
socket and `<key>.pid`.

Imported by the console script before anything of the compiler, so it imports
nothing the interpreter has not loaded at start-up (`fcntl` only to start a
server).
"""

from __future__ import annotations

import os
import sys
import time

from .protocol import IDLE_VAR, identity_env

# Another command of the same atomc within this many seconds means a build: even a
# -j1 build starts its next compile well within it (a file that takes longer than
# this to compile gains little from a server, whose saving is ~0.1 s a file), while
# an edit-compile loop typed by hand mostly does not.
BURST_SECONDS = 30.0
# Like Roslyn's VBCSCompiler (10 minutes): an edit-and-rebuild loop keeps its server,
# a finished build gives back its memory (35-45 MB resident after a zlib build, up to
# 64 MB more of held header parses) soon after.
IDLE_SECONDS = 600.0
LOCK_FD = 3  # where the started server finds its lock


def runtime_dir() -> str | None:
    """This user's private folder for servers, made if missing: `$XDG_RUNTIME_DIR/atomc`
    when that variable names a folder of this user's, else `/tmp/atomc-<uid>`. None
    (compile without a server) unless it is a real folder (not a link) owned by this
    user with no permissions for group or others, whoever made it."""
    uid = os.getuid()
    xdg = os.environ.get("XDG_RUNTIME_DIR", "")
    base = None
    if xdg and os.path.isabs(xdg):
        try:
            st = os.stat(xdg)
        except OSError:
            st = None
        if st is not None and st.st_uid == uid and os.path.isdir(xdg):
            base = os.path.join(xdg, "atomc")
    folder = base or f"/tmp/atomc-{uid}"
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    return folder if private(folder, uid) else None


def private(folder: str, uid: int) -> bool:
    """Whether `folder` itself (lstat: a link does not count) is a directory owned by
    `uid` that nobody else may read, write or enter."""
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return (st.st_mode & 0o170000) == 0o040000 and st.st_uid == uid and not st.st_mode & 0o077


def server_key(executable: str, package: str, env: dict[str, str]) -> str:
    """16 hex digits naming the server of this atomc (FNV-1a over its identity): a
    server and its clients compute it alike. Whether the compiled copy runs is
    not part of it: that follows from the package's folder, `ATOMC_COMPILED` and
    the files on disk, whose change stops the server (server.py `source_files`),
    so the command need not check the copy's freshness (~300 `stat`s) to be served."""
    parts = [executable, package, *sorted(f"{k}={v}" for k, v in identity_env(env).items())]
    h = 0xCBF29CE484222325
    for byte in "\0".join(parts).encode("utf-8", "surrogateescape"):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFF_FFFF_FFFF_FFFF
    return f"{h:016x}"


def idle_seconds() -> float:
    """`ATOMC_SERVER_IDLE` seconds (the tests' short ones), else IDLE_SECONDS."""
    try:
        value = float(os.environ.get(IDLE_VAR, ""))
    except ValueError:
        return IDLE_SECONDS
    return value if value > 0 else IDLE_SECONDS


def in_burst(folder: str, key: str) -> bool:
    """Whether another command of this key compiled itself within BURST_SECONDS;
    records this one."""
    stamp = os.path.join(folder, key + ".last")
    now = time.time()
    try:
        recent = now - os.stat(stamp).st_mtime < BURST_SECONDS
    except OSError:
        recent = False
    try:
        os.close(os.open(stamp, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600))
        os.utime(stamp)
    except OSError:
        pass
    return recent


def spawn(folder: str, key: str) -> bool:
    """Start this key's server, detached, unless one holds the lock (running or
    starting). Whether one was started; any failure only means none was."""
    import fcntl

    try:
        fd = os.open(os.path.join(folder, key + ".lock"),
                     os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        boot = ("import sys; sys.path.insert(0, sys.argv[1]); "
                "from atomc.server.server import daemon; raise SystemExit(daemon(sys.argv[2:]))")
        argv = [sys.executable, "-c", boot, os.path.dirname(package), folder, key]
        pid = os.fork()
        if pid == 0:
            _detach_and_exec(fd, argv)
        while True:
            try:
                _, status = os.waitpid(pid, 0)
                break
            except InterruptedError:
                continue
            except ChildProcessError:
                return False
        return os.waitstatus_to_exitcode(status) == 0
    except OSError:
        return False
    finally:
        os.close(fd)  # the server's copy keeps the lock


def _detach_and_exec(lock: int, argv: list[str]) -> None:
    """In the forked child: a new session, and in its child (no session leader, so
    it can never get a controlling terminal) the server, holding nothing of the
    command's but the lock: cwd `/`, standard streams on /dev/null, every other
    descriptor closed (a pipe held by a daemon would keep `make -j`, `$(atomc ...)`
    or a test runner waiting for its end)."""
    code = 1
    try:
        os.setsid()
        if os.fork() != 0:
            code = 0
            return
        os.setpgid(0, 0)  # a group of its own, apart from the session's first
        import fcntl

        high = fcntl.fcntl(lock, fcntl.F_DUPFD, 10)  # above 0-2 whatever lock was
        os.chdir("/")
        null = os.open(os.devnull, os.O_RDWR)
        for target in (0, 1, 2):
            os.dup2(null, target)
        os.dup2(high, LOCK_FD)  # inheritable
        os.closerange(LOCK_FD + 1, max(os.sysconf("SC_OPEN_MAX"), high + 1))
        os.execv(argv[0], argv)
    except BaseException:  # noqa: BLE001 - the child must never return into the command
        pass
    finally:
        os._exit(code)
