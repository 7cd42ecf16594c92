"""One Debian package end to end: libonig (oniguruma) built by `dpkg-buildpackage -b` with
CC=atomc and Debian's default flags (dpkg-buildpackage exports `dpkg-buildflags`; the
package's rules add hardening=+all), its own test suite run by dh_auto_test, the
binary packages unpacked into a temporary root with `dpkg -x`, and a program linked
against that root's libonig finding the matches the regex semantics call for.

The debug-symbols package must say atomc produced the library (DW_AT_producer), so a
silent fall back to gcc cannot pass. Runs when the rotation picks the unit
`dpkg-libonig` (`rotation.py`); a strict xfail with its blockers while atomc cannot
build it (`blockers.py`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import debsrc  # noqa: E402
import rotation  # noqa: E402
from blockers import Blocked, expected, judge  # noqa: E402
from pkgbuild import CONFIGS, compiler_word, log_tail  # noqa: E402

pytestmark = pytest.mark.realworld

UNIT = "dpkg-libonig"
MULTIARCH = "x86_64-linux-gnu"
BUILD_TIMEOUT = 4 * 3600
PROGRAM = r"""
#include <oniguruma.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    static const char *pattern = "a(.*)b|[e-f]+", *subject = "zzzzaffffffffb";
    const UChar *p = (const UChar *)pattern, *s = (const UChar *)subject;
    const UChar *end = s + strlen(subject);
    OnigEncoding enc = ONIG_ENCODING_UTF8;
    OnigErrorInfo info;
    regex_t *reg;
    onig_initialize(&enc, 1);
    if (onig_new(&reg, p, p + strlen(pattern), ONIG_OPTION_DEFAULT, ONIG_ENCODING_UTF8,
                 ONIG_SYNTAX_DEFAULT, &info) != ONIG_NORMAL)
        return 2;
    OnigRegion *region = onig_region_new();
    int r = onig_search(reg, s, end, s, end, region, ONIG_OPTION_NONE);
    printf("match at %d\n", r);
    for (int i = 0; r >= 0 && i < region->num_regs; i++)
        printf("%d: (%d-%d)\n", i, region->beg[i], region->end[i]);
    printf("version %s\n", onig_version());
    onig_region_free(region, 1);
    onig_free(reg);
    onig_end();
    return 0;
}
"""
# the leftmost match starts at the first 'a'; group 1 is greedy up to the last 'b'
EXPECTED = "match at 4\n0: (4-14)\n1: (5-13)\nversion 6.9.8\n"


def _params() -> list:
    blockers = expected(UNIT, "O2")
    marks = [pytest.mark.xfail(strict=True, raises=Blocked,
                               reason="; ".join(b.name for b in blockers))] if blockers else []
    return [pytest.param(UNIT, marks=marks, id=UNIT)] if (UNIT, "O2") in rotation.selected() else []


def run(argv: list[str], **kw) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=600, **kw)


def dpkg_buildpackage(tmp_path: Path) -> list[Path]:
    """Build libonig's binary packages with CC=atomc; the .deb files."""
    src = debsrc.require("libonig")
    tree = tmp_path / src.name
    shutil.copytree(src, tree, symlinks=True)
    drop = ("CFLAGS", "CPPFLAGS", "LDFLAGS", "MAKEFLAGS", "MAKELEVEL", "LD_LIBRARY_PATH")
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("DEB_")}
    env.update(CC=compiler_word(CONFIGS["atomc-O2"], tmp_path / "bin"), LC_ALL="C",
               DEB_BUILD_OPTIONS="parallel=2")
    log = tmp_path / "dpkg-buildpackage.log"
    with open(log, "w") as out:
        r = subprocess.run(["nice", "-n", "10", "dpkg-buildpackage", "-b", "-us", "-uc"],
                           cwd=tree, env=env, stdout=out, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, timeout=BUILD_TIMEOUT)
    if r.returncode != 0:
        text = log.read_text(errors="replace")
        if (tree / "config.log").is_file():
            text += (tree / "config.log").read_text(errors="replace")
        judge(UNIT, "O2", f"dpkg-buildpackage exited {r.returncode}:\n{log_tail(log)}", text)
    return sorted(tmp_path.glob("*.deb")) + sorted(tmp_path.glob("*.ddeb"))


@pytest.mark.parametrize("unit", _params())
def test_libonig_packages_install_and_work(unit: str, tmp_path: Path) -> None:
    for tool in ("dpkg-buildpackage", "dh", "dpkg-deb"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed (scripts/install.sh installs it)")
    debs = dpkg_buildpackage(tmp_path)
    names = {d.name.split("_")[0] for d in debs}
    assert {"libonig5", "libonig-dev"} <= names, names
    root = tmp_path / "root"
    for deb in debs:
        r = run(["dpkg-deb", "-x", str(deb), str(root)])
        assert r.returncode == 0, r.stderr
    libdir = root / "usr" / "lib" / MULTIARCH
    lib = libdir / "libonig.so.5"
    assert lib.exists() and (root / "usr/include/oniguruma.h").exists()
    # the library's debug symbols (dbgsym package) name atomc as their producer
    debug = [p for p in (root / "usr/lib/debug/.build-id").rglob("*.debug")]
    assert debug, "no debug symbols package"
    info = run(["readelf", "--debug-dump=info", str(debug[0])]).stdout
    assert "DW_AT_producer" in info and "atomc" in info.split("DW_AT_producer", 1)[1][:200]
    exe = tmp_path / "search"
    (tmp_path / "search.c").write_text(PROGRAM)
    r = run(["gcc", "-I", str(root / "usr/include"), str(tmp_path / "search.c"), "-o", str(exe),
             "-L", str(libdir), "-lonig"])
    assert r.returncode == 0, r.stderr
    env = dict(os.environ, LD_LIBRARY_PATH=str(libdir))
    ldd = run(["ldd", str(exe)], env=env).stdout
    assert str(lib) in ldd, f"the program did not load the packaged library:\n{ldd}"
    r = run([str(exe)], env=env)
    if r.returncode != 0 or r.stdout != EXPECTED:
        judge(UNIT, "O2", f"exit {r.returncode}, output:\n{r.stdout}\nwanted:\n{EXPECTED}",
              r.stdout)
