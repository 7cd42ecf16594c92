"""What keeps each real project from building and passing with atomc today, as data.

A unit listed here is a strict xfail in `test_packages.py`: it must fail, and fail with
one of its blockers' patterns in the failure's text (the build's log and the build
system's own logs, the suite's counts, or the gdb check's findings). A failure matching
none of them is a plain failure (something new broke, or a blocker was fixed and the
next one is not listed yet); a unit that passes is an unexpected pass (its blockers are
fixed: remove it). The lists come from triage builds (`bench/realworld_build.py
--triage`), which carry a build past each gap to find the next; the `owner` says which
branch is expected to close each gap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LEVELS = ("O0", "O2")


@dataclass(frozen=True, slots=True)
class Blocker:
    name: str                       # the missing feature, as the report names it
    pattern: str                    # a regex in the failure's text when this blocks
    owner: str                      # the branch expected to close it
    levels: tuple[str, ...] = LEVELS


class Blocked(Exception):
    """A unit failed for a reason blockers.py lists (what its strict xfail expects)."""


def _option(opt: str, owner: str, levels: tuple[str, ...] = LEVELS) -> Blocker:
    return Blocker(f"{opt} is rejected",
                   rf"unrecognized command-line option '{re.escape(opt)}", owner, levels)


# -- the driver's option table and modes (branch `driver`) --
PREFIX_MAP = _option("-ffile-prefix-map=", "driver")         # Debian's CFLAGS, every compile
DEPFILES = Blocker("driver: -MD -MF -MT -MP (dependency files) are rejected",
                   r"unrecognized command-line option '-M[DFTPQ]'", "driver")
SHARED = _option("-shared", "driver")
LIBTOOL_QUERIES = Blocker("driver: -print-prog-name=, -print-search-dirs, "
                          "-print-multi-os-directory, -print-sysroot are rejected",
                          r"unrecognized command-line option '-print-", "driver")
SECTIONS = _option("-ffunction-sections", "driver")
SONAME_INPUT = Blocker("driver: a versioned shared library (libx.so.5.2.0) given as input is "
                       "'unrecognized input file type'",
                       r"\.so\.[0-9.]+: unrecognized input file type", "driver")
MESON_ID = Blocker("driver: Meson cannot identify atomc (`--version` lacks gcc's 'Free Software "
                   "Foundation' line; Meson then needs `-E -dM -` from stdin)",
                   r"ERROR: Unknown compiler\(s\)", "driver")
# -- code generation (branch `pic`) --
STACK_PROTECTOR = _option("-fstack-protector-strong", "pic")   # Debian's CFLAGS
NOT_PIC = Blocker("pic: -fPIC is accepted but the code is not position-independent "
                  "(R_X86_64_PC32 against preemptible symbols in a -shared link)",
                  r"recompile with -fPIC", "pic")
# -- the dialect of real code and headers (branch `dialect`), atomics, long double --
SIGNED = Blocker("dialect: `__signed__` (linux/types.h via asm-generic/int-ll64.h)",
                 r"typedef __signed__ \w+ __[su]\d+;", "dialect")
CLEANUP = Blocker("dialect: __attribute__((cleanup)) is unsupported",
                  r"'cleanup' attribute is unsupported", "dialect")
ATOMICS = Blocker("atomics: the __atomic_* / __sync_* builtins are undeclared",
                  r"undeclared identifier '__(atomic|sync)_\w+'", "atomics")
LONG_DOUBLE = Blocker("long double is unsupported", r"long double is unsupported",
                      "long-double")

# Debian's CFLAGS at both levels reach every compile: these block every unit first.
DEBIAN_FLAGS = (PREFIX_MAP, STACK_PROTECTOR)
AUTOTOOLS = (*DEBIAN_FLAGS, DEPFILES, SHARED, LIBTOOL_QUERIES, NOT_PIC)
CMAKE = (*DEBIAN_FLAGS, DEPFILES, SHARED, LIBTOOL_QUERIES, NOT_PIC, SECTIONS, SONAME_INPUT)

BLOCKED: dict[str, tuple[Blocker, ...]] = {
    "bzip2": (*DEBIAN_FLAGS, SHARED, NOT_PIC),
    "lz4": (*DEBIAN_FLAGS, SHARED, NOT_PIC, LONG_DOUBLE),
    "libyaml": AUTOTOOLS,
    "jansson": (*AUTOTOOLS, ATOMICS, CLEANUP),
    "expat": AUTOTOOLS,
    "json-c": (*CMAKE, SIGNED, ATOMICS),
    "json-c-ninja": (*CMAKE, SIGNED, ATOMICS),
    "cmark": CMAKE,
    "fribidi": (MESON_ID, *DEBIAN_FLAGS),
    "serd": (MESON_ID, *DEBIAN_FLAGS),
}


def expected(recipe_id: str, level: str) -> tuple[Blocker, ...]:
    return tuple(b for b in BLOCKED.get(recipe_id, ()) if level in b.levels)


def judge(recipe_id: str, level: str, failure: str, text: str) -> None:
    """Raise for a failed unit: Blocked when a listed blocker shows in `text`, else an
    AssertionError carrying `failure`."""
    for b in expected(recipe_id, level):
        if re.search(b.pattern, text, re.M):
            raise Blocked(f"{b.name} (owner: {b.owner})")
    listed = "; ".join(b.name for b in expected(recipe_id, level))
    raise AssertionError(failure + (f"\n(listed blockers, none found: {listed})" if listed
                                    else ""))
