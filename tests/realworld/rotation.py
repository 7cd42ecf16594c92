"""Which real-project units a test run builds: all of them is more than CI's 20 minutes.

A unit is one recipe at one atomc level ("jansson", "O2"), or one of EXTRA_UNITS
(`dpkg-buildpackage` of libonig, ccache and distcc building bzip2). The units are packed once, deterministically, into
slots whose estimated atomc CPU stays under SLOT_BUDGET (a unit bigger than that gets a
slot of its own; one bigger than UNIT_CAP, sqlite3 and pcre2 at -O2, is left to
`bench/realworld_build.py`, and the package is still covered at -O0); run number n
takes slot n mod the number of slots, so every unit is built once every len(slots())
runs. `python
tests/realworld/rotation.py` prints the slots.

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
# atomc's CPU over gcc's: to build (atomc is a Python compiler, slower still at -O2 where
# its optimiser runs), and to run the suite (the code it made against gcc -O2's)
BUILD_FACTOR = {"O0": 8.0, "O2": 12.0}
RUN_FACTOR = {"O0": 3.0, "O2": 1.5}
SLOT_BUDGET = 600.0   # estimated atomc CPU seconds per CI run for this tier
UNIT_CAP = 2 * SLOT_BUDGET   # a bigger unit is built by the benchmark only (`bench_only`)
RUN_COUNTERS = ("ATOMC_REALWORLD_RUN", "GITHUB_RUN_NUMBER", "CI_PIPELINE_IID", "BUILD_NUMBER")

Unit = tuple[str, str]   # (recipe id, level)
# units that are not a recipe's build, costed as a number of builds of the recipe they
# build: test_dpkg_buildpackage.py's package; test_engines.py's ccache (a cold build and
# all-hit rebuild) and distcc (a local and a remote build) builds of bzip2
EXTRA_UNITS: dict[Unit, tuple[Unit, float]] = {
    ("dpkg-libonig", "O2"): (("libonig", "O2"), 1.0),
    ("engines-bzip2", "O0"): (("bzip2", "O0"), 3.0),
}


def estimate(rid: str, level: str) -> float:
    """Estimated atomc CPU seconds for unit (rid, level)."""
    (rid, level), times = EXTRA_UNITS.get((rid, level), ((rid, level), 1.0))
    recipe = next(r for r in PACKAGES if r.id == rid)
    build = recipe.gcc_cpu[0] + sum(r.gcc_cpu[0] for r in PACKAGES if r.id in recipe.deps)
    return times * (build * BUILD_FACTOR[level] + recipe.gcc_cpu[1] * RUN_FACTOR[level])


def all_units(recipes: Iterable[Recipe] = PACKAGES) -> list[Unit]:
    return [(r.id, lv) for r in recipes for lv in LEVELS] + list(EXTRA_UNITS)


def bench_only() -> list[Unit]:
    """Units too big for a CI run (each such package is in the rotation at -O0)."""
    return [u for u in all_units() if estimate(*u) > UNIT_CAP]


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
    print(f"{len(packed)} slots of at most {SLOT_BUDGET:.0f} s estimated atomc CPU; "
          f"this run ({n}) takes slot {n % len(packed)}")
    for i, members in enumerate(packed):
        total = sum(estimate(*u) for u in members)
        print(f"slot {i:2}: {total:6.0f} s  " + ", ".join(f"{rid}:{lv}" for rid, lv in members))
    print("benchmark only: " + ", ".join(f"{rid}:{lv} ({estimate(rid, lv):.0f} s)"
                                          for rid, lv in bench_only()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
