"""Locate (and on first use fetch) Debian source packages for the real-world build tests.

Sources are unpacked by `apt-get source` into one cache directory shared by every
checkout on the machine, `$ATOMC_SRC_CACHE` or `~/.cache/atomc-debsrc`, and are never
part of the repository. `scripts/install.sh` runs this file as a script to fetch them
ahead of the tests (`python tests/realworld/debsrc.py zlib lua5.4`); tests call
`require()`, which skips with the reason when a package cannot be had (no deb-src entry,
no network). A marker file `<package>.dir` names the unpacked directory once a fetch
has completed, so an interrupted fetch is simply redone.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cmp_to_key
from pathlib import Path

FETCH_TIMEOUT = 300  # seconds for one `apt-get source`


class SourceUnavailable(Exception):
    """The package's sources are not cached and could not be fetched."""


def cache_dir() -> Path:
    env = os.environ.get("ATOMC_SRC_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "atomc-debsrc"


def _marker(pkg: str) -> Path:
    return cache_dir() / f"{pkg}.dir"


def locate(pkg: str) -> Path | None:
    """The unpacked source tree of `pkg` if an earlier fetch completed."""
    m = _marker(pkg)
    if not m.is_file():
        return None
    d = cache_dir() / m.read_text().strip()
    return d if d.is_dir() else None


@contextmanager
def _locked() -> Iterator[None]:
    """Serialise fetches between processes (pytest-xdist workers, parallel installs)."""
    cache_dir().mkdir(parents=True, exist_ok=True)
    with open(cache_dir() / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def fetch(pkg: str) -> Path:
    """Unpack `pkg`'s Debian source into the cache (once) and return its directory."""
    with _locked():
        found = locate(pkg)
        if found is not None:
            return found
        if shutil.which("apt-get") is None or shutil.which("dpkg-source") is None:
            raise SourceUnavailable(f"{pkg}: apt-get source needs apt-get and dpkg-dev")
        work = cache_dir() / f".fetch-{pkg}"
        why = ""
        for spec in [pkg, *(f"{pkg}={v}" for v in _versions(pkg)[1:])]:
            why = _apt_source(spec, work)
            if not why:
                break
        else:
            raise SourceUnavailable(f"{pkg}: apt-get source failed (is a deb-src entry "
                                    f"configured and the network up?): {why}")
        dirs = [d for d in work.iterdir() if d.is_dir()]
        dest = cache_dir() / dirs[0].name
        shutil.rmtree(dest, ignore_errors=True)
        dirs[0].rename(dest)
        for f in work.iterdir():  # keep the .dsc and tarballs next to the tree
            f.replace(cache_dir() / f.name)
        work.rmdir()
        _marker(pkg).write_text(dest.name + "\n")
        return dest


def _versions(pkg: str) -> list[str]:
    """The versions of `pkg`'s source the apt lists know, newest first."""
    r = subprocess.run(["apt-cache", "showsrc", "--only-source", pkg], capture_output=True,
                       text=True, timeout=FETCH_TIMEOUT)
    found = {ln.split(":", 1)[1].strip() for ln in r.stdout.splitlines()
             if ln.startswith("Version:")}

    def newest_first(a: str, b: str) -> int:
        newer = subprocess.run(["dpkg", "--compare-versions", a, "gt", b]).returncode == 0
        return -1 if newer else 1

    return sorted(found, key=cmp_to_key(newest_first))


def _apt_source(spec: str, work: Path) -> str:
    """`apt-get source spec` into a fresh `work`: "" on success, else why it failed.

    A mirror may lag the lists by a point release (the newest security update listed but
    not yet on it), so `fetch` falls back to the older versions the lists name."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    try:
        r = subprocess.run(["apt-get", "source", "-qq", spec], cwd=work,
                           capture_output=True, text=True, timeout=FETCH_TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise SourceUnavailable(f"{spec}: apt-get source timed out") from exc
    dirs = [d for d in work.iterdir() if d.is_dir()]
    if r.returncode == 0 and len(dirs) == 1:
        return ""
    shutil.rmtree(work, ignore_errors=True)
    return (r.stderr.strip().splitlines() or ["no source directory unpacked"])[-1]


def require(pkg: str) -> Path:
    """For tests: the source tree of `pkg`, fetching it if needed, else skip the test."""
    import pytest

    try:
        return fetch(pkg)
    except SourceUnavailable as exc:
        pytest.skip(f"Debian sources unavailable: {exc}")
        raise  # unreachable; pytest.skip raises


def main(argv: list[str]) -> int:
    """Fetch each package named; with `--cached` only report whether all are cached."""
    if argv[:1] == ["--cached"]:
        return 0 if all(locate(pkg) is not None for pkg in argv[1:]) else 1
    status = 0
    for pkg in argv:
        try:
            print(f"debsrc: {pkg}: {fetch(pkg)}")
        except SourceUnavailable as exc:
            print(f"debsrc: warning: {exc}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
