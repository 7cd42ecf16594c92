"""glibc's and Linux's own headers: one translation unit including ~100 common ISO C, POSIX,
GNU and Linux headers (glibc/headers.txt: <sys/prctl.h> -> <linux/types.h> with its
`__signed__`, <pthread.h>, <signal.h>, <sys/socket.h>, <math.h>, <tgmath.h>, <complex.h>,
<stdatomic.h>, <wchar.h>, <regex.h>, <sys/epoll.h>, ...) and then using them (glibc/uses.c:
its ISO C part always, its POSIX/GNU part under _GNU_SOURCE) compiles with atomc in every
mode below, and the program prints what gcc's build prints. The fortified modes run
glibc's inline wrappers (bsearch, atoi, tolower and the _chk paths)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.realworld

HERE = Path(__file__).parent / "glibc"
ATOMC = [sys.executable, "-m", "atomc"]
MODES = {
    "gnu11-gnu-source": ["-std=gnu11", "-D_GNU_SOURCE"],
    "c99": ["-std=c99"],
    "c11": ["-std=c11"],
    "gnu11-fortify2-O2": ["-std=gnu11", "-D_GNU_SOURCE", "-O2", "-D_FORTIFY_SOURCE=2"],
    "gnu17-fortify3-O2": ["-std=gnu17", "-D_GNU_SOURCE", "-O2", "-D_FORTIFY_SOURCE=3"],
}
LIBS = ["-lm", "-lpthread"]


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    headers = (HERE / "headers.txt").read_text().split()
    src = tmp_path_factory.mktemp("glibc-headers") / "all_headers.c"
    src.write_text("".join(f"#include <{h}>\n" for h in headers) + (HERE / "uses.c").read_text())
    return src


def test_header_list_is_broad() -> None:
    headers = (HERE / "headers.txt").read_text().split()
    assert len(headers) >= 80
    for must in ("sys/prctl.h", "linux/types.h", "pthread.h", "signal.h", "sys/socket.h",
                 "netinet/in.h", "math.h", "complex.h", "stdatomic.h", "wchar.h", "locale.h",
                 "regex.h", "glob.h", "search.h", "sys/epoll.h"):
        assert must in headers


@pytest.mark.parametrize("mode", list(MODES))
def test_headers_compile_and_run_like_gcc(mode: str, source: Path, tmp_path: Path) -> None:
    flags = MODES[mode]
    ref = tmp_path / "gcc"
    gcc = subprocess.run(["gcc", "-w", *flags, str(source), "-o", str(ref), *LIBS],
                         capture_output=True, text=True)
    assert gcc.returncode == 0, gcc.stderr
    exe = tmp_path / "atomc"
    ours = subprocess.run([*ATOMC, "-g", *flags, str(source), "-o", str(exe), *LIBS],
                          capture_output=True, text=True, timeout=600)
    assert ours.returncode == 0, ours.stderr
    assert "warning" not in ours.stderr, ours.stderr
    want = subprocess.run([str(ref)], capture_output=True, text=True, timeout=30)
    got = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30)
    assert got.stdout == want.stdout
    assert got.returncode == want.returncode == 0
