"""Build zlib from Debian's source package with any C compiler, through zlib's own
`./configure` and `make` (static library, `example` and `minigzip`).

The compiler may be a command of several words (`python -m atomc`): configure
wants one word in `CC`, so such a command gets a small wrapper script. Shared by
`tests/realworld/test_zlib.py` and `bench/realworld_build.py`.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

TARGETS = ("libz.a", "example", "minigzip")
BUILD_TIMEOUT = 1800  # seconds for configure or make


class ZlibBuildError(Exception):
    """configure or make failed; the message ends with the log's last lines."""


@dataclass(frozen=True, slots=True)
class ZlibBuild:
    dir: Path
    configure_seconds: float
    make_seconds: float

    @property
    def example(self) -> Path:
        return self.dir / "example"

    @property
    def minigzip(self) -> Path:
        return self.dir / "minigzip"

    def configured_cflags(self) -> str:
        """CFLAGS as configure left them in the Makefile: its feature checks add `-D`
        options (e.g. -DNO_snprintf) when a test program fails to compile."""
        for line in (self.dir / "Makefile").read_text().splitlines():
            if line.startswith("CFLAGS="):
                return line.partition("=")[2].strip()
        return ""


def compiler_word(cc: Sequence[str], where: Path) -> str:
    """`cc` as one word for CC=: itself, or a wrapper script written at `where`."""
    if len(cc) == 1:
        return cc[0]
    where.write_text("#!/bin/sh\nexec " + " ".join(shlex.quote(c) for c in cc) + ' "$@"\n')
    where.chmod(0o755)
    return str(where)


def _run(argv: list[str], cwd: Path, env: dict[str, str], log: Path) -> float:
    start = time.monotonic()
    with open(log, "a") as out:
        r = subprocess.run(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                           timeout=BUILD_TIMEOUT)
    took = time.monotonic() - start
    if r.returncode != 0:
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-25:])
        raise ZlibBuildError(f"{' '.join(argv)} exited with {r.returncode}:\n{tail}")
    return took


def build_zlib(package_root: Path, out_dir: Path, cc: Sequence[str], cflags: Sequence[str],
               jobs: int = 2) -> ZlibBuild:
    """Copy the sources to out_dir, `./configure --static` with CC/CFLAGS, then make."""
    shutil.rmtree(out_dir, ignore_errors=True)
    shutil.copytree(package_root, out_dir, ignore=shutil.ignore_patterns("debian", ".pc"))
    env = dict(os.environ, CC=compiler_word(cc, out_dir.with_name(out_dir.name + "-cc")),
               CFLAGS=" ".join(cflags))
    log = out_dir / "build.log"
    conf = _run(["./configure", "--static"], out_dir, env, log)
    make = _run(["make", f"-j{jobs}", *TARGETS], out_dir, env, log)
    for t in TARGETS:
        if not (out_dir / t).is_file():
            raise ZlibBuildError(f"make did not produce {t}")
    return ZlibBuild(out_dir, conf, make)
