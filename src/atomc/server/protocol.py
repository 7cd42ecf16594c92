"""What the `atomc` command and the compile server say to each other.

One request per connection: a length-prefixed body (the interpreter, the working
directory, the umask, the command line and the environment, as NUL-terminated
byte strings, which none of them can contain) sent together with the client's
standard input, output and error as SCM_RIGHTS file descriptors, so the compile
writes where the client would have written and a terminal stays a terminal.
The answer is one signed 32-bit status: an exit code, minus a signal number for
a compile killed by that signal, or RUN_LOCALLY when the server will not run it
(a different hash seed, sources changed since it started).

Every served compile starts a client, so this module imports nothing the
interpreter has not loaded at start-up except `_socket` (the C half of `socket`,
whose Python half, with `enum`, `json`, `struct` and `array`, cost a client a
third of its own time): no atomc imports either. Even `_socket` (an extension
module: 1.9 million instructions to load) is imported by the functions that
send and receive, so an `atomc` run without a server never loads it.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    import _socket

RUN_LOCALLY = 0x7FFF_FFFF
ENV_VAR = "ATOMC_SERVER"
OFF = ("off", "0")  # ATOMC_SERVER values that turn servers off (neither used nor started)
IDLE_VAR = "ATOMC_SERVER_IDLE"  # seconds an automatic server waits for a request (auto.py)
LOG_VAR = "ATOMC_SERVER_LOG"  # a file an automatic server logs its requests to
# read by a server or by the test suite only, never by a compile: a server takes
# clients whose values of these differ
NOT_IDENTITY = (ENV_VAR, IDLE_VAR, LOG_VAR, "ATOMC_TEST_SERVER")
MAGIC = b"atomc-request 2\0"
MAX_REQUEST = 16 << 20
_FD_SIZE = 4  # a C int, as SCM_RIGHTS carries descriptors


def identity_env(env: dict[str, str]) -> dict[str, str]:
    """The variables read when the interpreter starts or a module is imported
    (`PYTHONHASHSEED`, `ATOMC_GCC`, say), which a forked child would see with the
    server's values: a server serves only clients whose values are its own."""
    return {k: v for k, v in env.items()
            if k.startswith(("PYTHON", "ATOMC_")) and k not in NOT_IDENTITY}


def encode_request(request: dict[str, object]) -> bytes:
    """The body of `request` (keys executable, cwd, umask, argv, env), as
    `decode_request` reads it back."""
    argv = request["argv"]
    env = request["env"]
    assert isinstance(argv, list) and isinstance(env, dict)
    fields = [os.fsencode(str(request["executable"])), os.fsencode(str(request["cwd"])),
              str(request["umask"]).encode(), str(len(argv)).encode(),
              *(os.fsencode(a) for a in argv),
              *(os.fsencode(k) + b"=" + os.fsencode(v) for k, v in env.items())]
    if any(b"\0" in f for f in fields):
        raise ValueError("a request field holds a NUL byte")
    return MAGIC + b"".join(f + b"\0" for f in fields)


def decode_request(body: bytes) -> dict[str, object]:
    """The request `encode_request` made `body` from; ValueError when it is not one."""
    if not body.startswith(MAGIC) or not body.endswith(b"\0"):
        raise ValueError("not an atomc request")
    fields = [os.fsdecode(f) for f in body[len(MAGIC):-1].split(b"\0")]
    if len(fields) < 4:
        raise ValueError("truncated request")
    executable, cwd, umask, argc = fields[:4]
    n = int(argc)
    if not 0 <= n <= len(fields) - 4:
        raise ValueError("bad argument count")
    argv = fields[4:4 + n]
    env: dict[str, str] = {}
    for entry in fields[4 + n:]:
        key, eq, value = entry.partition("=")
        if not eq:
            raise ValueError("bad environment entry")
        env[key] = value
    return {"executable": executable, "cwd": cwd, "umask": int(umask), "argv": argv,
            "env": env}


def send_request(sock: _socket.socket, request: dict[str, object], fds: list[int]) -> None:
    import _socket

    body = encode_request(request)
    fd_bytes = b"".join(fd.to_bytes(_FD_SIZE, sys.byteorder, signed=True) for fd in fds)
    message = len(body).to_bytes(4, "big") + body
    sent = sock.sendmsg([message], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fd_bytes)])
    if sent < len(message):
        sock.sendall(message[sent:])


def recv_request(sock: _socket.socket) -> tuple[dict[str, object], list[int]]:
    """The request and the descriptors that came with it (the caller closes them)."""
    import _socket

    fds: list[int] = []
    data, ancdata, _, _ = sock.recvmsg(65536, _socket.CMSG_SPACE(3 * _FD_SIZE))
    for level, kind, payload in ancdata:
        if level == _socket.SOL_SOCKET and kind == _socket.SCM_RIGHTS:
            fds += [int.from_bytes(payload[i:i + _FD_SIZE], sys.byteorder, signed=True)
                    for i in range(0, len(payload) - _FD_SIZE + 1, _FD_SIZE)]
    try:
        if len(data) < 4:
            raise ConnectionError("truncated request")
        size = int.from_bytes(data[:4], "big")
        if size > MAX_REQUEST:
            raise ConnectionError("request too large")
        body = bytearray(data[4:])
        while len(body) < size:
            more = sock.recv(size - len(body))
            if not more:
                raise ConnectionError("truncated request")
            body += more
        return decode_request(bytes(body)), fds
    except BaseException:
        for fd in fds:
            os.close(fd)
        raise


def send_status(sock: _socket.socket, status: int) -> None:
    sock.sendall(status.to_bytes(4, "big", signed=True))


def recv_status(sock: _socket.socket) -> int | None:
    """The status, or None if the server went away first."""
    data = b""
    while len(data) < 4:
        more = sock.recv(4 - len(data))
        if not more:
            return None
        data += more
    return int.from_bytes(data, "big", signed=True)
