"""The compile server's wire format (server/protocol.py): a request comes back as it
was sent, descriptors included, a damaged one is refused, and the client that every
served compile starts imports nothing beyond what the interpreter loads anyway."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from atomc.server.protocol import (
    MAGIC,
    decode_request,
    encode_request,
    recv_request,
    recv_status,
    send_request,
    send_status,
)

REQUEST = {
    "executable": "/usr/bin/python3",
    "cwd": "/tmp/d\udcff ir",  # a directory whose name is not UTF-8
    "umask": 0o027,
    "argv": ["-O0", "-g", "", "-DX=a=b", "caf\u00e9.c", "-o", "\udce9.o"],
    "env": {"PATH": "/bin", "EMPTY": "", "EQ": "a=b=c", "LATIN": "\udce9t\u00e9"},
}


def test_a_request_comes_back_as_it_was_sent() -> None:
    assert decode_request(encode_request(REQUEST)) == REQUEST
    empty = REQUEST | {"argv": [], "env": {}}
    assert decode_request(encode_request(empty)) == empty


@pytest.mark.parametrize("body", [
    b"", b"atomc-request 1\0", MAGIC, MAGIC + b"py\0/\0" + b"18\0", MAGIC + b"py\0/\x0018\0x\0",
    MAGIC + b"py\0/\x0018\x005\0a\0", MAGIC + b"py\0/\x0018\x000\0NOEQUALS\0",
    encode_request(REQUEST)[:-1],
])
def test_a_damaged_request_is_refused(body: bytes) -> None:
    with pytest.raises(ValueError):
        decode_request(body)


def test_descriptors_and_status_cross_the_socket(tmp_path) -> None:
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with a, b, open(tmp_path / "f", "w") as f:
        send_request(a, REQUEST, [f.fileno(), f.fileno(), 2])
        request, fds = recv_request(b)
        try:
            assert request == REQUEST
            assert len(fds) == 3
            assert os.fstat(fds[0]).st_ino == os.fstat(f.fileno()).st_ino
        finally:
            for fd in fds:
                os.close(fd)
        for status in (0, 1, -9, 0x7FFF_FFFF):
            send_status(b, status)
            assert recv_status(a) == status
        b.close()
        assert recv_status(a) is None


def test_the_client_imports_only_what_it_needs() -> None:
    """Every served compile starts the client: `json`, `socket` (and `enum` with it),
    `signal`, `struct` and the compiler itself stay unloaded."""
    code = ("import sys; before = set(sys.modules); import atomc.server.client; "
            "print(' '.join(sorted(set(sys.modules) - before)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert set(out) <= {"__future__", "atomc", "atomc.server", "atomc.server.client",
                        "atomc.server.protocol", "_socket"}, out
