"""What one `atomc` command line asks for, as the parser collects it.

The parser records every word in order (`Word`), so each tool's command is
rebuilt from the words meant for it (gcc -E, as, the link driver) exactly in
the user's order; the rest are settings of the driver (`Invocation`) or of the
compiler proper (`opts`, turned into `CompileOptions`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import atomc.fastenum as fastenum

from .spec import Option, Stage


class Stop(fastenum.Enum):
    """The last step to run (gcc's -E / -S / -c / link)."""

    PREPROCESS = "E"
    COMPILE = "S"
    ASSEMBLE = "c"
    LINK = "link"


class Lang(fastenum.Enum):
    """How an input is handled (gcc's -x names where gcc has one)."""

    C = "c"
    C_HEADER = "c-header"
    CPP_OUTPUT = "cpp-output"  # preprocessed C (.i): compiled without running cpp again
    ASM = "assembler"
    ASM_CPP = "assembler-with-cpp"  # .S: preprocessed, then assembled
    LINKER = "linker"  # objects, archives, shared libraries, unknown suffixes


_BY_SUFFIX: dict[str, Lang] = {
    ".c": Lang.C, ".h": Lang.C_HEADER, ".i": Lang.CPP_OUTPUT, ".s": Lang.ASM,
    ".S": Lang.ASM_CPP, ".sx": Lang.ASM_CPP,
}
# Inputs gcc hands to its other front ends; atomc compiles C only.
OTHER_LANGUAGES: dict[str, str] = {
    ".cc": "C++", ".cp": "C++", ".cxx": "C++", ".cpp": "C++", ".CPP": "C++", ".c++": "C++",
    ".C": "C++", ".ii": "C++", ".hh": "C++", ".hpp": "C++", ".hxx": "C++", ".H": "C++",
    ".m": "Objective-C", ".mi": "Objective-C", ".mm": "Objective-C++", ".M": "Objective-C++",
    ".mii": "Objective-C++", ".f": "Fortran", ".for": "Fortran", ".ftn": "Fortran",
    ".f90": "Fortran", ".f95": "Fortran", ".f03": "Fortran", ".f08": "Fortran",
    ".F": "Fortran", ".FOR": "Fortran", ".F90": "Fortran", ".F95": "Fortran",
    ".ads": "Ada", ".adb": "Ada", ".d": "D", ".go": "Go", ".mod": "Modula-2",
}


def language_of(path: str) -> Lang | str:
    """The language gcc infers from an input's suffix; a str names another language."""
    if path == "-":
        return Lang.C
    suffix = os.path.splitext(path)[1]
    if suffix in _BY_SUFFIX:
        return _BY_SUFFIX[suffix]
    return OTHER_LANGUAGES.get(suffix, Lang.LINKER)


@dataclass(frozen=True, slots=True)
class Input:
    """One input file of the command line and the language it is read as."""

    path: str  # "-" is standard input
    language: Lang | None  # from -x; None: by suffix

    @property
    def lang(self) -> Lang | str:
        return self.language if self.language is not None else language_of(self.path)


@dataclass(frozen=True, slots=True)
class Word:
    """One option (with its argument words) or one input, in command-line order."""

    tokens: tuple[str, ...]
    option: Option | None = None
    value: str | None = None
    input: Input | None = None

    def goes_to(self, stage: Stage) -> bool:
        return self.option is not None and bool(self.option.to & stage)


@dataclass
class Invocation:
    """A parsed command line: the words in order and what they ask for."""

    words: list[Word] = field(default_factory=list)
    stop: Stop = Stop.LINK
    syntax_only: bool = False
    output: str | None = None
    language: Lang | None = None  # the current -x
    pipe: bool = False
    save_temps: str | None = None  # "default", "cwd" or "obj"
    verbose: bool = False
    dry_run: bool = False  # -###
    help: str | None = None  # "all", "ignored", "rejected", "implemented"
    version: bool = False
    queries: list[tuple[str, str]] = field(default_factory=list)  # -dumpversion, -print-*
    dep_kinds: list[str] = field(default_factory=list)  # M MM MD MMD MF MT MQ MP MG seen
    dump_letters: list[str] = field(default_factory=list)  # -dM -dD ...: only with -E
    traditional: bool = False
    ignored: list[str] = field(default_factory=list)  # accepted-and-ignored, for -v
    warning_words: list[str] = field(default_factory=list)  # -w -W... in order (atomc's own)
    max_errors: int | None = None
    debug_maps: list[tuple[str, str]] = field(default_factory=list)
    unwind_tables: bool | None = None  # -f[no-]unwind-tables
    async_unwind_tables: bool | None = None
    exceptions: bool = False  # -fexceptions / -fnon-call-exceptions
    compress_debug: str | None = None  # -gz[=type]
    std_spelling: str | None = None
    opts: dict[str, Any] = field(default_factory=dict)

    @property
    def inputs(self) -> list[Input]:
        return [w.input for w in self.words if w.input is not None]

    def tokens_for(self, stage: Stage) -> list[str]:
        out: list[str] = []
        for w in self.words:
            if w.goes_to(stage):
                out.extend(w.tokens)
        return out
