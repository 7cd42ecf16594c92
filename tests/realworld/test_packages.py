"""Real projects (`packages.py`) built by atomc under their own build systems with Debian's
flags, checked by their own test suites and by gdb.

Each unit is one recipe at one level (-O0 or -O2, Debian's flags for it, see
`pkgbuild.py`); this run builds the units `rotation.py` picks (all of them with
ATOMC_REALWORLD=all). For a unit:

* `test_own_suite`: atomc's build succeeds and its own test suite passes exactly as
  many of exactly as many tests as gcc's build at the same level;
* `test_gdb`: gdb stops in one of the package's core functions in atomc's build, steps
  it and prints its locals with gcc -O0's values (`pkggdb.py`).

A unit `blockers.py` lists is a strict xfail that must fail for a listed reason.
Each build happens once per session however many xdist workers need it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import debsrc  # noqa: E402
import rotation  # noqa: E402
from blockers import Blocked, Check, expected, judge  # noqa: E402
from packages import BY_ID  # noqa: E402
from pkgbuild import CONFIGS, PackageBuild, build_package  # noqa: E402
from pkggdb import compare, gdb_session  # noqa: E402
from shared_build import SharedFailure, once, shared_dir  # noqa: E402

pytestmark = pytest.mark.realworld

Get = Callable[[str, str], PackageBuild]


def _units(check: Check) -> list:
    params = []
    for rid, level in rotation.selected():
        if rid not in BY_ID:  # a unit of another test file (rotation.EXTRA_UNITS)
            continue
        blockers = expected(rid, level, check)
        marks = [pytest.mark.xfail(strict=True, raises=Blocked,
                                   reason="; ".join(b.name for b in blockers))] if blockers else []
        params.append(pytest.param(rid, level, marks=marks, id=f"{rid}-{level}"))
    return params


SUITE_UNITS = _units(Check.SUITE)
GDB_UNITS = _units(Check.GDB)


@pytest.fixture(scope="session")
def package_build(tmp_path_factory: pytest.TempPathFactory) -> Get:
    """The build of recipe `rid` with configuration `config` (with its suite run), made
    once per session; a failed build raises SharedFailure with the whole log."""
    work = shared_dir(tmp_path_factory, "packages")

    def get(rid: str, config: str) -> PackageBuild:
        recipe = BY_ID[rid]
        debsrc.require(recipe.name)
        for dep in recipe.deps:
            debsrc.require(dep)
        text = once(work, f"{rid}-{config}",
                    lambda: build_package(recipe, CONFIGS[config], work, BY_ID).to_json())
        return PackageBuild.from_json(text, BY_ID)

    return get


def atomc_build(package_build: Get, rid: str, level: str) -> PackageBuild:
    try:
        return package_build(rid, f"atomc-{level}")
    except SharedFailure as exc:
        judge(rid, level, f"atomc's build failed: {exc}", exc.text)
        raise  # unreachable: judge raises


def reference(package_build: Get, rid: str, config: str) -> PackageBuild:
    try:
        return package_build(rid, config)
    except SharedFailure as exc:
        pytest.fail(f"the {config} reference build failed: {exc}")
        raise  # unreachable


@pytest.mark.parametrize(("rid", "level"), SUITE_UNITS)
def test_own_suite(package_build: Get, rid: str, level: str) -> None:
    mine = atomc_build(package_build, rid, level)
    ref = reference(package_build, rid, f"gcc-{level}")
    assert ref.suite is not None and ref.suite.total > 0, f"gcc's suite ran no test: {ref.log}"
    if mine.suite != ref.suite:
        meaning = BY_ID[rid].suite.meaning
        judge(rid, level, f"own tests ({meaning}): atomc {mine.suite}, gcc {ref.suite}; "
                          f"log {mine.log}", f"suite {mine.suite} gcc {ref.suite}", Check.SUITE)


@pytest.mark.gdb
@pytest.mark.parametrize(("rid", "level"), GDB_UNITS)
def test_gdb(package_build: Get, rid: str, level: str, tmp_path: Path) -> None:
    mine = atomc_build(package_build, rid, level)
    ref = reference(package_build, rid, "gcc-O0")
    problems = compare(gdb_session(mine, tmp_path / "atomc.json"),
                       gdb_session(ref, tmp_path / "gcc.json"), level, mine)
    if problems:
        judge(rid, level, "gdb in " + BY_ID[rid].gdb.function + ":\n" + "\n".join(problems),
              "\n".join(problems), Check.GDB)
