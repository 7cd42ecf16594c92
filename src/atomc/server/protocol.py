"""What the `atomc` command and the compile server say to each other.

One request per connection: a length-prefixed JSON object (the command line, the
working directory, the environment, the umask) sent together with the client's
standard input, output and error as SCM_RIGHTS file descriptors, so the compile
writes where the client would have written and a terminal stays a terminal.
The answer is one signed 32-bit status: an exit code, minus a signal number for
a compile killed by that signal, or RUN_LOCALLY when the server will not run it
(a different hash seed, sources changed since it started).

Kept free of atomc imports: the client reads it before anything heavy loads.
"""

from __future__ import annotations

import array
import json
import socket
import struct

RUN_LOCALLY = 0x7FFF_FFFF
ENV_VAR = "ATOMC_SERVER"
_LEN = struct.Struct("!I")
_STATUS = struct.Struct("!i")
MAX_REQUEST = 16 << 20


def send_request(sock: socket.socket, request: dict[str, object], fds: list[int]) -> None:
    body = json.dumps(request).encode()
    sock.sendmsg([_LEN.pack(len(body)) + body],
                 [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))])


def recv_request(sock: socket.socket) -> tuple[dict[str, object], list[int]]:
    """The request and the descriptors that came with it (the caller closes them)."""
    fds = array.array("i")
    data, ancdata, _, _ = sock.recvmsg(65536, socket.CMSG_SPACE(3 * fds.itemsize))
    for level, kind, payload in ancdata:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
    if len(data) < _LEN.size:
        raise ConnectionError("truncated request")
    (size,) = _LEN.unpack_from(data)
    if size > MAX_REQUEST:
        raise ConnectionError("request too large")
    body = bytearray(data[_LEN.size:])
    while len(body) < size:
        more = sock.recv(size - len(body))
        if not more:
            raise ConnectionError("truncated request")
        body += more
    return json.loads(body), list(fds)


def send_status(sock: socket.socket, status: int) -> None:
    sock.sendall(_STATUS.pack(status))


def recv_status(sock: socket.socket) -> int | None:
    """The status, or None if the server went away first."""
    data = b""
    while len(data) < _STATUS.size:
        more = sock.recv(_STATUS.size - len(data))
        if not more:
            return None
        data += more
    (status,) = _STATUS.unpack(data)
    return int(status)
