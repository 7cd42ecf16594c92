"""The `atomc` command's entry point: hands the command line to a compile server
and otherwise (or if the server cannot take it) runs the driver in this process.
`ATOMC_SERVER=SOCKET` names the server; `off` or `0` means none; unset, the
command uses this user's automatic server of this atomc and may start it (auto.py).

Importing the compiler costs about 0.1 s of CPU per process, as much as
compiling a small file; a server that imported it once and forks for every
command saves that on every file of a build. The fork sees this process's
arguments, directory, environment, umask and standard streams, so the compile
behaves as if it ran here.

Each served compile pays for this process, so it imports only what the
interpreter has loaded anyway, `_socket` and `protocol` (see there); `_socket`
only when there is a server to talk to.
"""

from __future__ import annotations

import os
import sys

from .protocol import ENV_VAR, OFF, RUN_LOCALLY, recv_status, send_request


def forward(path: str, argv: list[str]) -> int | None:
    """The compile's status from the server at `path`; None to run it here."""
    import _socket

    try:
        sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    except OSError:
        return None
    try:
        try:
            sock.connect(path)
        except OSError:
            return None
        umask = os.umask(0)
        os.umask(umask)
        request = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "umask": umask,
                   "executable": sys.executable}
        try:
            send_request(sock, request, [0, 1, 2])
            status = recv_status(sock)
        except (OSError, ValueError):
            return None
    finally:
        sock.close()
    if status is None:
        print(f"atomc: error: the compile server at '{path}' stopped during the compile",
              file=sys.stderr)
        return 1
    if status == RUN_LOCALLY:
        return None
    return status


def exit_like(status: int) -> int:
    """The exit status for `status`; a compile killed by a signal kills this process too."""
    if status >= 0:
        return status
    import signal

    sig = -status
    sys.stdout.flush()
    sys.stderr.flush()
    signal.signal(sig, signal.SIG_DFL)
    os.kill(os.getpid(), sig)
    return 128 + sig


def leave(status: int) -> int:
    """Exit with `status` as the interpreter's shutdown would, less its teardown:
    the exit handlers run and the standard streams are flushed, but the
    collections and module clearing of finalization (7% of the instructions of a
    tiny compile, freeing memory the exit frees anyway) are skipped. Every file
    atomc writes is closed by then. A stream that cannot be flushed is left to the
    interpreter's shutdown, which reports it as it always does."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - the shutdown reports it and sets the status
        return status
    import atexit

    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - as above
        return status
    os._exit(status)


def main() -> int:
    """The console script's entry point; it does not return when the command ran."""
    mode = os.environ.get(ENV_VAR, "")
    if mode not in OFF:
        status = forward(mode, sys.argv[1:]) if mode else automatic()
        if status is not None:
            return leave(exit_like(status))
    # The thresholds driver.main sets for the compile, set before the driver's
    # imports: with the default ones the collector walked the young objects of
    # those imports some 20 times (1.6% of a tiny compile's instructions), finding
    # no garbage among modules, classes and functions.
    import gc

    gc.set_threshold(100_000, 50, 100)
    # the compiled copy install.sh built, when it is as fresh as src/ (compiled_copy.py)
    from ..compiled_copy import select

    package_path = sys.modules["atomc"].__path__
    compiled = select(package_path)
    # atomc's modules found from one listing per folder (import_finder.py)
    from ..import_finder import install

    install(os.path.dirname(package_path[0]) if compiled else None)
    from ..driver import main as driver_main
    return leave(driver_main())


def automatic() -> int | None:
    """With ATOMC_SERVER unset: the status from this user's server of this atomc, or
    None to compile here, having started that server if a build seems under way
    (auto.py)."""
    from . import auto

    folder = auto.runtime_dir()
    if folder is None:
        return None
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    key = auto.server_key(sys.executable, package, dict(os.environ))
    status = forward(os.path.join(folder, key + ".sock"), sys.argv[1:])
    if status is None and auto.in_burst(folder, key):
        auto.spawn(folder, key)
    return status
