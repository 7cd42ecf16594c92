"""The shape of a real-project recipe: how to configure, build and test one Debian source
package with any C compiler, what its own test suite's "passed / total" counts, and where
gdb stops in it. The recipes themselves are data in `packages.py`.

Commands are POSIX shell run in the package's copied source tree (or `Recipe.subdir` of
it) with these variables set by the harness (`pkgbuild.py`):

    CC, CFLAGS, CPPFLAGS, LDFLAGS   the compiler (one word) and Debian's flags for the level
    JOBS                            parallel jobs for make / ninja / meson
    PREFIX                          where `Recipe.install` puts the package
    DEP_<NAME>                      the PREFIX of a dependency built by the same compiler
                                    (`DEP_LIBONIG` for jq)

Autoconf, CMake and Meson read CC and the flag variables from the environment; plain
Makefiles get them on make's command line in the recipe.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class BuildSystem(Enum):
    AUTOTOOLS = "autoconf+libtool"
    MAKEFILE = "Makefile"
    CMAKE_MAKE = "CMake (Makefiles)"
    CMAKE_NINJA = "CMake (Ninja)"
    MESON = "Meson"


class TallyKind(Enum):
    """How a test suite's output becomes passed / total (`tally.py` reads it)."""

    AUTOMAKE = "automake"   # the parallel harness's `# TOTAL:` / `# PASS:` summaries
    CTEST = "ctest"         # "N% tests passed, F tests failed out of T"
    MESON = "meson"         # meson test's `Ok:` / `Fail:` / ... summary
    COUNTS = "counts"       # a regex with named groups (passed|failed|total), summed
    MARKS = "marks"         # a regex matched once per test run, another once per failure
    COMMANDS = "commands"   # each suite command is one test; passed when it exits 0


@dataclass(frozen=True, slots=True)
class Tally:
    kind: TallyKind
    pattern: str = ""        # COUNTS: the summary line; MARKS: one match per test run
    fail_pattern: str = ""   # MARKS: one match per failed test
    total: int = 0           # MARKS: the number of tests when a failure stops the suite early


@dataclass(frozen=True, slots=True)
class Suite:
    """The package's own tests: commands run after the build (a failing one does not
    stop the others). The tally reads their output, or only the files `logs` names
    when the suite's harness writes the counts there."""

    commands: tuple[str, ...]
    tally: Tally
    meaning: str                    # what one counted test is, for the table's reader
    logs: tuple[str, ...] = ()      # globs under the package directory
    timeout: int = 1800             # seconds for each command (atomc -O0 code is slow)


@dataclass(frozen=True, slots=True)
class GdbCheck:
    """gdb breaks in `function` while `program` runs, continues to the line of `file`
    where the one match of `stop_at` ends (when given; a line inside the function), then
    `next`s through it.

    `watch` are expressions with defined values at every stop from there on (gdb's
    `info locals` also shows uninitialised ones, whose garbage differs between
    compilers); at -O0 they must print what gcc -O0's build prints at the same stop, at
    -O2 the same or `<optimized out>`. Paths are relative to the package directory
    (`Recipe.subdir`).
    """

    program: str
    function: str
    watch: tuple[str, ...]
    file: str = ""                    # the source file defining `function`, for `stop_at`
    stop_at: str = ""                 # a regex for the line to continue to
    args: tuple[str, ...] = ()
    stdin: str | None = None          # a file fed to the program
    libdirs: tuple[str, ...] = ()     # LD_LIBRARY_PATH: the build's own shared libraries
    nexts: int = 8


@dataclass(frozen=True, slots=True)
class Recipe:
    name: str                      # Debian source package (`apt-get source NAME`)
    system: BuildSystem
    why: str                       # what the package adds to the tier
    configure: tuple[str, ...]
    build: tuple[str, ...]
    suite: Suite
    gdb: GdbCheck
    subdir: str = "."              # where the build system lives inside the source tree
    install: tuple[str, ...] = ()  # only run when another recipe depends on this one
    deps: tuple[str, ...] = ()     # recipes built first with the same compiler and installed
    tools: tuple[str, ...] = ()    # programs the build or the tests need (checked up front)
    gcc_cpu: tuple[float, float] = (1.0, 1.0)   # gcc's CPU s: configure + build, suite
    variant: str = ""              # tells two recipes of one package apart ("ninja")

    @property
    def id(self) -> str:
        """The recipe's name in tests, tables and rotation: the package, or package-variant."""
        return f"{self.name}-{self.variant}" if self.variant else self.name
