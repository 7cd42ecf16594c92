"""Running a tool (gcc's preprocessor, as) as `subprocess.run` runs it, without
importing `subprocess`: it loads `signal` (whose three IntEnums have some 40
members), `threading`, `selectors`, `locale` and `warnings`, about 19 million
instructions (4% of a tiny compile) in every `atomc` process, for the two
commands a compile runs.

`run` spawns with `os.posix_spawnp` what `subprocess.run(argv)` would fork and
exec, in the same state: the standard streams inherited or piped, every other
inherited descriptor closed (`close_fds`), SIGPIPE and SIGXFSZ back to their
defaults (`restore_signals`: Python ignores them), the same PATH search and the
same `OSError` when the program cannot be run; the status is `returncode`'s
(minus the signal that killed the tool). When this process cannot list its open
descriptors (no /proc), the command goes to `subprocess` itself.

pycparser's package imports `subprocess` too, for a helper atomc never calls:
`import_pycparser` imports it with a stand-in in its place.
"""

from __future__ import annotations

import _signal
import os
import sys
from types import ModuleType
from typing import Any

_READ_SIZE = 32768  # what subprocess's communicate reads at once
_FD_DIR = "/proc/self/fd"


class Completed:
    """What `subprocess.run` returns, for the fields atomc reads: the exit status
    and the bytes of each captured stream (empty when it was not captured)."""

    __slots__ = ("returncode", "stderr", "stdout")

    def __init__(self, returncode: int, stdout: bytes, stderr: bytes) -> None:
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr


def _inherited_fds() -> list[int] | None:
    """The descriptors from 3 up this process has open, or None when unknown. Those
    at or past the limit of open files are left out: nothing in this process opened
    them (valgrind keeps its own there, which no child may close)."""
    try:
        names = os.listdir(_FD_DIR)
        limit = os.sysconf("SC_OPEN_MAX")
    except (OSError, ValueError):
        return None
    # the descriptor listdir read the directory with is among them, closed by now
    return sorted(fd for fd in map(int, names) if 2 < fd < limit)


def run(argv: list[str], stdout: bool = False, stderr: bool = False) -> Completed:
    """`subprocess.run(argv)`, with stdout=PIPE and stderr=PIPE where asked."""
    fds = _inherited_fds()
    if fds is None:
        return _run_subprocess(argv, stdout, stderr)
    pipes: list[tuple[int, int, int]] = []  # (child's fd, read end, write end)
    try:
        for wanted, target in ((stdout, 1), (stderr, 2)):
            if wanted:
                r, w = os.pipe()
                pipes.append((target, r, w))
        ours = {fd for _, r, w in pipes for fd in (r, w)}
        actions: list[tuple[int, int] | tuple[int, int, int]] = [
            (os.POSIX_SPAWN_DUP2, w, target) for target, _, w in pipes]
        actions += [(os.POSIX_SPAWN_CLOSE, fd) for fd in fds if fd not in ours]
        pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions,
                              setsigdef=(_signal.SIGPIPE, _signal.SIGXFSZ))
    except BaseException:
        for _, r, w in pipes:
            os.close(r)
            os.close(w)
        raise
    for _, _, w in pipes:
        os.close(w)
    try:
        out = _collect([r for _, r, _ in pipes])
        status = os.waitpid(pid, 0)[1]
    except BaseException:
        # as subprocess.run does: the tool is killed and waited for
        try:
            os.kill(pid, _signal.SIGKILL)
            os.waitpid(pid, 0)
        except OSError:
            pass
        raise
    finally:
        for _, r, _ in pipes:
            os.close(r)
    got = dict(zip([target for target, _, _ in pipes], out, strict=True))
    return Completed(os.waitstatus_to_exitcode(status), got.get(1, b""), got.get(2, b""))


def _collect(fds: list[int]) -> list[bytes]:
    """Everything written to each pipe in `fds` until the tool closed it."""
    chunks: dict[int, list[bytes]] = {fd: [] for fd in fds}
    if len(fds) == 1:
        fd = fds[0]
        while data := os.read(fd, _READ_SIZE):
            chunks[fd].append(data)
        return [b"".join(chunks[fd])]
    import select

    poller = select.poll()
    for fd in fds:
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
    open_fds = len(fds)
    while open_fds:
        for fd, _ in poller.poll():
            data = os.read(fd, _READ_SIZE)
            if data:
                chunks[fd].append(data)
            else:
                poller.unregister(fd)
                open_fds -= 1
    return [b"".join(chunks[fd]) for fd in fds]


def _run_subprocess(argv: list[str], stdout: bool, stderr: bool) -> Completed:
    import subprocess

    proc = subprocess.run(argv, check=False, stdout=subprocess.PIPE if stdout else None,
                          stderr=subprocess.PIPE if stderr else None)
    return Completed(proc.returncode, proc.stdout or b"", proc.stderr or b"")


def _check_output(*args: Any, **kwargs: Any) -> Any:
    """`subprocess.check_output`, importing subprocess when called."""
    import subprocess

    return subprocess.check_output(*args, **kwargs)


def import_pycparser() -> None:
    """Import the `pycparser` package, whose `__init__` takes `check_output` from
    `subprocess` for `preprocess_file` (a helper atomc never calls), with a
    stand-in for `subprocess` while it does: its `check_output` imports the real
    module when called. Nothing changes when either was imported before.
    The package imports its parser module, whose quoted annotations are left
    uncompiled (lazy_forward_refs.py)."""
    if "pycparser" in sys.modules or "subprocess" in sys.modules:
        return
    from .lazy_forward_refs import import_with_lazy_forward_refs

    stub = ModuleType("subprocess", _check_output.__doc__)
    vars(stub)["check_output"] = _check_output
    sys.modules["subprocess"] = stub
    try:
        # its __init__ imports its parser module
        import_with_lazy_forward_refs("pycparser")
    finally:
        if sys.modules.get("subprocess") is stub:
            del sys.modules["subprocess"]
