"""Which real-project units a test run builds: all of them is far more than CI's budget.

A unit is one recipe at one atomc level ("jansson", "O2"), one of EXTRA_UNITS
(`dpkg-buildpackage` of libonig; ccache and distcc building bzip2), or one of
FIXED_UNITS (zlib and Lua at each level, sqlite3's amalgamation at -O0: the tier's
older test files). The units are packed once, deterministically, into slots whose
estimated CPU (atomc's build and suite run, and gcc's reference builds and runs) stays
under SLOT_BUDGET, about three minutes of wall time on CI's two cores; a unit bigger
than that is left to `bench/realworld_build.py` (`bench_only`). Run number n takes
slot n mod the number of slots, so every unit is built once every len(slots()) runs.
`python tests/realworld/rotation.py` prints the slots.

`$ATOMC_REALWORLD` chooses instead of the rotation:
  `all`                 every unit (what `bench/realworld_build.py` builds);
  `none`                no unit;
  `jansson,sqlite3:O0`  these units (at both levels unless a level is given).
The run number is `$ATOMC_REALWORLD_RUN`, else CI's run counter (`$GITHUB_RUN_NUMBER`,
`$CI_PIPELINE_IID`, `$BUILD_NUMBER`), else the number of days since 1970 (UTC), so
runs on one day agree and consecutive days walk through the slots.
"""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Iterable

from packages import PACKAGES
from recipe import Recipe

LEVELS = ("O0", "O2")
# atomc's CPU over gcc -O2's (`Recipe.gcc_cpu`): to configure and build (a Python
# compiler, starting ~0.4 s per command, slower at -O2 where its optimiser runs; measured
# with bench/realworld_build.py), and to run the suite (its code against gcc -O2's)
BUILD_FACTOR = {"O0": 4.0, "O2": 8.0}
RUN_FACTOR = {"O0": 3.0, "O2": 1.5}
# gcc's reference builds a unit needs, in gcc -O2 builds: gcc at the unit's level, and
# gcc -O0 for the gdb comparison (the same build at -O0)
REFERENCE_BUILDS = {"O0": 0.3, "O2": 1.3}
SLOT_BUDGET = 300.0   # estimated CPU seconds per CI run for the tier: ~3 min on two cores
RUN_COUNTERS = ("ATOMC_REALWORLD_RUN", "GITHUB_RUN_NUMBER", "CI_PIPELINE_IID", "BUILD_NUMBER")

Unit = tuple[str, str]   # (recipe id, level)
# units that are not a recipe's build, costed as a number of builds of the recipe they
# build: test_dpkg_buildpackage.py's package; test_engines.py's ccache (a cold build and
# all-hit rebuild) and distcc (a local and a remote build) builds of bzip2
EXTRA_UNITS: dict[Unit, tuple[Unit, float]] = {
    ("dpkg-libonig", "O2"): (("libonig", "O2"), 1.0),
    ("engines-bzip2", "O0"): (("bzip2", "O0"), 3.0),
}
# the test files of single programs, with their measured CPU seconds (user + sys of
# the whole test file at both levels, split by level): test_zlib.py 71 s,
# test_lua.py 115 s; test_sqlite3.py compiles the 240k-line amalgamation at -O0
FIXED_UNITS: dict[Unit, float] = {
    ("zlib", "O0"): 30.0, ("zlib", "O2"): 41.0,
    ("lua", "O0"): 45.0, ("lua", "O2"): 70.0,
    ("sqlite3-amalgamation", "O0"): 280.0,
}


def estimate(rid: str, level: str) -> float:
    """Estimated CPU seconds for unit (rid, level), gcc's reference builds included."""
    if (rid, level) in FIXED_UNITS:
        return FIXED_UNITS[rid, level]
    (rid, level), times = EXTRA_UNITS.get((rid, level), ((rid, level), 1.0))
    recipe = next(r for r in PACKAGES if r.id == rid)
    build = recipe.gcc_cpu[0] + sum(r.gcc_cpu[0] for r in PACKAGES if r.id in recipe.deps)
    suite = recipe.gcc_cpu[1]
    atomc = build * BUILD_FACTOR[level] + suite * RUN_FACTOR[level]
    return times * atomc + build * REFERENCE_BUILDS[level] + suite


def all_units(recipes: Iterable[Recipe] = PACKAGES) -> list[Unit]:
    return [(r.id, lv) for r in recipes for lv in LEVELS] + list(EXTRA_UNITS) + list(FIXED_UNITS)


def bench_only() -> list[Unit]:
    """Units too big for a CI run."""
    return [u for u in all_units() if estimate(*u) > SLOT_BUDGET]


def slots() -> list[list[Unit]]:
    """Every unit CI builds, packed first-fit by decreasing estimate (ties by name)."""
    packed: list[tuple[float, list[Unit]]] = []
    ci = [u for u in all_units() if u not in bench_only()]
    for unit in sorted(ci, key=lambda u: (-estimate(*u), u)):
        cost = estimate(*unit)
        for i, (used, members) in enumerate(packed):
            if used + cost <= SLOT_BUDGET:
                packed[i] = (used + cost, members + [unit])
                break
        else:
            packed.append((cost, [unit]))
    return [members for _, members in packed]


def run_number(env: dict[str, str] | os._Environ[str] = os.environ,
               today: datetime.date | None = None) -> int:
    for name in RUN_COUNTERS:
        if env.get(name, "").isdigit():
            return int(env[name])
    day = today or datetime.datetime.now(datetime.timezone.utc).date()
    return (day - datetime.date(1970, 1, 1)).days


def levels_of(name: str, env: dict[str, str] | os._Environ[str] = os.environ) -> list[str]:
    """The levels at which this run builds unit `name` (for the per-program test files)."""
    return [lv for lv in LEVELS if (name, lv) in selected(env)]


def selected(env: dict[str, str] | os._Environ[str] = os.environ) -> list[Unit]:
    """The units this run builds."""
    choice = env.get("ATOMC_REALWORLD", "").strip()
    every = all_units()
    if choice == "all":
        return every
    if choice == "none":
        return []
    if choice:
        wanted: list[Unit] = []
        for item in choice.split(","):
            rid, _, level = item.strip().partition(":")
            found = [u for u in every if u[0] == rid and level in ("", u[1])]
            if not found:
                raise ValueError(f"ATOMC_REALWORLD: unknown unit {item!r}")
            wanted += found
        return wanted
    packed = slots()
    return packed[run_number(env) % len(packed)]


def main() -> int:
    packed = slots()
    n = run_number()
    print(f"{len(packed)} slots of at most {SLOT_BUDGET:.0f} s estimated CPU; "
          f"this run ({n}) takes slot {n % len(packed)}")
    for i, members in enumerate(packed):
        total = sum(estimate(*u) for u in members)
        print(f"slot {i:2}: {total:6.0f} s  " + ", ".join(f"{rid}:{lv}" for rid, lv in members))
    print("benchmark only: " + ", ".join(f"{rid}:{lv} ({estimate(rid, lv):.0f} s)"
                                          for rid, lv in bench_only()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
