"""ccache and distcc under a real build: Debian's bzip2 built by its own Makefile (the
`bzip2` recipe's build command) with Debian's -O0 flags through `CC="ccache atomc"` and
`CC="distcc atomc"`.

* ccache: a cold build misses every compile and meets no option it cannot cache; after
  `make clean` the rebuild is all cache hits and gives byte-identical objects, and the
  programs built from them pass bzip2's own `make test`;
* distcc: with a local distccd (tests/driver's fixture) and DISTCC_FALLBACK=0 every
  compile runs on the server, and every object equals the one a local build of the same
  tree gives.

Runs when the rotation picks the unit `engines-bzip2` (`rotation.py`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "driver"))
import debsrc  # noqa: E402
import rotation  # noqa: E402
from packages import BY_ID  # noqa: E402
from pkgbuild import debian_flags, environment  # noqa: E402
from test_build_engines import _distcc_env, distccd  # noqa: E402,F401  (a fixture)

pytestmark = [pytest.mark.realworld,
              pytest.mark.skipif(("engines-bzip2", "O0") not in rotation.selected(),
                                 reason="not in this run's rotation slot (rotation.py)")]

RECIPE = BY_ID["bzip2"]
ATOMC = str(Path(sys.executable).with_name("atomc"))
TIMEOUT = 1800


def _tree(tmp_path: Path) -> Path:
    src = debsrc.require(RECIPE.name)
    root = tmp_path / src.name
    shutil.copytree(src, root, symlinks=True, ignore=shutil.ignore_patterns(".pc"))
    return root


def _sh(cmd: str, root: Path, env: dict[str, str]) -> str:
    p = subprocess.run(["nice", "-n", "10", "sh", "-c", cmd], cwd=root, env=env, text=True,
                       capture_output=True, stdin=subprocess.DEVNULL, timeout=TIMEOUT)
    assert p.returncode == 0, \
        f"`{cmd}` exited {p.returncode}:\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}"
    return p.stdout + p.stderr


def _env(cc: str, root: Path, **extra: str) -> dict[str, str]:
    env = environment(cc, 2)
    env.update(debian_flags("O0", root), **extra)
    env["PATH"] = f"{Path(ATOMC).parent}:{env.get('PATH', '/usr/bin:/bin')}"
    return env


def _build(root: Path, env: dict[str, str]) -> dict[str, bytes]:
    """Clean, build with the recipe's command; every object by name."""
    _sh("make clean", root, env)
    out = "".join(_sh(cmd, root, env) for cmd in RECIPE.build)
    files = sorted(root.glob("*.o")) + sorted(root.glob("*.sho"))
    objects = {p.name: p.read_bytes() for p in files}
    assert len(objects) >= 10, f"too few objects built:\n{out[-2000:]}"
    return objects


@pytest.mark.skipif(shutil.which("ccache") is None,
                    reason="ccache is not installed (scripts/install.sh installs it)")
def test_ccache_rebuild_of_bzip2_is_all_hits(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    env = _env(f"ccache {ATOMC}", root, CCACHE_DIR=str(tmp_path / "cache"))

    def stats() -> dict[str, int]:
        out = _sh("ccache --print-stats", root, env)
        return {k: int(v) for k, v in (ln.split("\t") for ln in out.splitlines()) if v.isdigit()}

    _sh("ccache -z", root, env)
    cold = _build(root, env)
    first = stats()
    assert first["cache_miss"] == len(cold), first
    assert first["direct_cache_hit"] + first["preprocessed_cache_hit"] == 0, first
    assert first["unsupported_compiler_option"] == 0, first
    _sh("ccache -z", root, env)
    warm = _build(root, env)
    again = stats()
    assert again["direct_cache_hit"] + again["preprocessed_cache_hit"] == len(cold), again
    assert again["cache_miss"] == 0, again
    assert warm == cold
    log = "".join(_sh(cmd, root, env) for cmd in RECIPE.suite.commands)
    assert log.count("cmp ") == 6 and "differ" not in log, log[-3000:]


def test_distcc_build_of_bzip2_equals_local(distccd, tmp_path: Path) -> None:
    port, daemon_log = distccd
    root = _tree(tmp_path)
    local = _build(root, _env(ATOMC, root))
    env = _distcc_env(port)
    env.update(_env("distcc atomc", root, DISTCC_HOSTS=env["DISTCC_HOSTS"],
                    DISTCC_FALLBACK="0", DISTCC_DIR=env["DISTCC_DIR"]))
    remote = _build(root, env)
    assert daemon_log.read_text().count("COMPILE_OK") == len(local)
    assert remote == local
