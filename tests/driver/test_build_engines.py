"""ccache and distcc run atomc as they run gcc: a rebuild is all cache hits with identical
objects, and a compile on a local distccd server gives the object a local build gives.

scripts/install.sh installs both and whitelists atomc for distccd
(/usr/lib/distcc/atomc -> ../../bin/distcc, as Debian's update-distcc-symlinks does
for gcc); the tests skip, saying why, when a tool is missing."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from driver_support import BIN, ok, run

SOURCES = {
    "a.c": '#include <stdio.h>\n#include "common.h"\nint a(void) { return SCALE * 2; }\n'
           'int main(void) { printf("%d\\n", a() + b() + c()); return 0; }\n',
    "b.c": '#include "common.h"\nstatic int sq(int x) { return x * x; }\n'
           "int b(void) { int s = 0; for (int i = 0; i < SCALE; i++) s += sq(i); return s; }\n",
    "c.c": '#include "common.h"\nstruct p { int x, y; };\n'
           "int c(void) { struct p v = {SCALE, 3}; return v.x * v.y; }\n",
    "common.h": "#define SCALE 4\nint a(void);\nint b(void);\nint c(void);\n",
}
MAKEFILE = ("OBJS = a.o b.o c.o\nprog: $(OBJS)\n\t$(CC) $(OBJS) -o $@\n"
            "%.o: %.c common.h\n\t$(CC) $(CFLAGS) -c $< -o $@\n"
            "clean:\n\trm -f $(OBJS) prog\n")
CFLAGS = "-O2 -g -MD"


def _project(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, text in {**SOURCES, "Makefile": MAKEFILE}.items():
        (root / name).write_text(text)
    return root


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PATH=f"{BIN}:{os.environ.get('PATH', '/usr/bin:/bin')}")
    env.update(extra)
    return env


def _objects(root: Path) -> dict[str, bytes]:
    return {n: (root / n).read_bytes() for n in ("a.o", "b.o", "c.o")}


@pytest.mark.skipif(shutil.which("ccache") is None,
                    reason="ccache is not installed (scripts/install.sh installs it)")
def test_ccache_rebuild_is_all_hits(tmp_path):
    proj = _project(tmp_path / "p")
    env = _env(CCACHE_DIR=str(tmp_path / "cache"))
    make = ["make", "-s", "CC=ccache atomc", f"CFLAGS={CFLAGS}"]

    def stats() -> dict[str, int]:
        out = ok(run(["ccache", "--print-stats"], env=env)).stdout
        return {k: int(v) for k, v in (ln.split("\t") for ln in out.splitlines()) if v.isdigit()}

    ok(run(["ccache", "-z"], env=env))
    ok(run(make, cwd=proj, env=env))
    first = stats()
    assert first["cache_miss"] == 3 and first["direct_cache_hit"] == 0, first
    assert first["unsupported_compiler_option"] == 0
    built = _objects(proj)
    assert ok(run([str(proj / "prog")])).stdout == "34\n"
    ok(run(["make", "-s", "clean"], cwd=proj, env=env))
    ok(run(["ccache", "-z"], env=env))
    ok(run(make, cwd=proj, env=env))
    again = stats()
    hits = again["direct_cache_hit"] + again["preprocessed_cache_hit"]
    assert hits == 3 and again["cache_miss"] == 0, again
    assert _objects(proj) == built
    assert (proj / "a.d").exists()  # ccache restores -MD's file too


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _daemon_atomc(scratch: Path) -> Path:
    """The `atomc` distccd runs. As root, distccd drops to its own user, who cannot run
    a Python that lives under /root: then a wrapper runs this source tree with the
    system's python3 (same version) and this environment's packages."""
    if os.geteuid() != 0:
        return Path(BIN)
    system = shutil.which("python3", path="/usr/bin:/bin")
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if system is None or run([system, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"]
                             ).stdout.strip() != version:
        pytest.skip(f"distccd drops root to its own user, and no system python{version} "
                    "can run atomc for it")
    import atomc
    src = Path(atomc.__file__).parents[1]
    site = next(p for p in sys.path if p.endswith("site-packages"))
    wrapper = scratch / "atomc"
    wrapper.write_text(f"#!/bin/sh\nPYTHONPATH={src}:{site} exec {system} -m atomc \"$@\"\n")
    wrapper.chmod(0o755)
    return scratch


@pytest.fixture
def distccd():
    """A distccd on a free local port, atomc on its PATH; yields (port, daemon log path)."""
    for tool in ("distcc", "distccd"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (scripts/install.sh installs it)")
    scratch = Path(tempfile.mkdtemp(prefix="atomc-distcc-"))
    scratch.chmod(0o755)  # readable by the user distccd runs as
    bindir = _daemon_atomc(scratch)
    env = dict(os.environ, PATH=f"{bindir}:/usr/bin:/bin")
    if not Path("/usr/lib/distcc/atomc").exists():  # not whitelisted: name it explicitly
        (scratch / "cmdlist").write_text(f"{bindir}/atomc\n")
        (scratch / "cmdlist").chmod(0o644)
        env["DISTCC_CMDLIST"] = str(scratch / "cmdlist")
    port = _free_port()
    log = scratch / "daemon.log"
    with open(log, "wb") as log_f:
        proc = subprocess.Popen(
            ["distccd", "--daemon", "--no-detach", "--allow", "127.0.0.1", "--listen",
             "127.0.0.1", "--port", str(port), "--log-stderr", "--verbose", "--jobs", "2"],
            env=env, stdout=log_f, stderr=log_f, start_new_session=True)
    try:
        for _ in range(100):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield port, log
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # distccd and the workers it forked
        proc.wait(timeout=30)
        shutil.rmtree(scratch, ignore_errors=True)


def _distcc_env(port: int) -> dict[str, str]:
    return _env(DISTCC_HOSTS=f"127.0.0.1:{port}/2", DISTCC_FALLBACK="0", DISTCC_VERBOSE="1",
                DISTCC_DIR=tempfile.mkdtemp(prefix="atomc-distcc-state-"))


def test_distcc_builds_what_a_local_build_builds(distccd, tmp_path):
    """CC="distcc atomc": every compile runs on the server (DISTCC_FALLBACK=0 forbids a
    local one) and gives the object a local build gives, -g's directory included."""
    port, log = distccd
    proj = _project(tmp_path / "p")
    ok(run(["make", "-s", "CC=atomc", f"CFLAGS={CFLAGS}"], cwd=proj, env=_env()))
    local, local_deps = _objects(proj), (proj / "a.d").read_bytes()
    ok(run(["make", "-s", "clean"], cwd=proj))
    p = ok(run(["make", "-s", "CC=distcc atomc", f"CFLAGS={CFLAGS}"], cwd=proj,
               env=_distcc_env(port)))
    for name in ("a.c", "b.c", "c.c"):
        assert f"compile {name} on 127.0.0.1:{port}/2 completed ok" in p.stderr, p.stderr
    assert log.read_text().count("COMPILE_OK") == 3
    assert _objects(proj) == local
    assert (proj / "a.d").read_bytes() == local_deps  # -MD is handled on the client
    assert ok(run([str(proj / "prog")])).stdout == "34\n"


def test_distcc_masquerade_in_the_same_directory(distccd, tmp_path):
    """Masquerade mode: `atomc` on the client's PATH is a symlink to distcc; the object
    equals the local build's byte for byte (same directory, same debug info)."""
    port, _ = distccd
    proj = _project(tmp_path / "p")
    ok(run(["atomc", "-O2", "-g", "-c", "b.c", "-o", "local.o"], cwd=proj, env=_env()))
    masq = tmp_path / "masq"
    masq.mkdir()
    (masq / "atomc").symlink_to(shutil.which("distcc"))
    env = _distcc_env(port)
    env["PATH"] = f"{masq}:{env['PATH']}"
    p = ok(run(["atomc", "-O2", "-g", "-c", "b.c", "-o", "remote.o"], cwd=proj, env=env))
    assert f"compile b.c on 127.0.0.1:{port}/2 completed ok" in p.stderr, p.stderr
    assert (proj / "remote.o").read_bytes() == (proj / "local.o").read_bytes()
