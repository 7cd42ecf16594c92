"""Converters the option table applies to option arguments (value in, setting out).

Each raises `UsageError` with gcc's wording for a value gcc would refuse.
"""

from __future__ import annotations

from collections.abc import Callable

from .invocation import Lang
from .spec import UsageError

# -std= spellings gcc 12 accepts, and the dialect each names.
STD_CANONICAL: dict[str, str] = {
    "c89": "c89", "c90": "c89", "iso9899:1990": "c89", "iso9899:199409": "c89",
    "c99": "c99", "c9x": "c99", "iso9899:1999": "c99", "iso9899:199x": "c99",
    "c11": "c11", "c1x": "c11", "iso9899:2011": "c11",
    "c17": "c17", "c18": "c17", "iso9899:2017": "c17", "iso9899:2018": "c17",
    "c2x": "c2x",
    "gnu89": "gnu89", "gnu90": "gnu89", "gnu99": "gnu99", "gnu9x": "gnu99",
    "gnu11": "gnu11", "gnu1x": "gnu11", "gnu17": "gnu17", "gnu18": "gnu17", "gnu2x": "gnu2x",
}
# -std= values gcc knows for its other languages
_OTHER_STDS = ("c++98", "c++03", "c++11", "c++14", "c++17", "c++20", "c++23", "gnu++98",
               "gnu++03", "gnu++11", "gnu++14", "gnu++17", "gnu++20", "gnu++23", "f95",
               "f2003", "f2008", "f2018", "legacy")

LANGUAGES: dict[str, Lang | None] = {
    "c": Lang.C, "c-header": Lang.C_HEADER, "cpp-output": Lang.CPP_OUTPUT,
    "c-cpp-output": Lang.CPP_OUTPUT,  # gcc 13's name for cpp-output
    "assembler": Lang.ASM, "assembler-with-cpp": Lang.ASM_CPP, "none": None,
}
_OTHER_LANGUAGES = ("c++", "c++-header", "c++-cpp-output", "c++-system-header",
                    "c++-user-header", "objective-c", "objective-c-header",
                    "objective-c-cpp-output", "objective-c++", "objective-c++-header",
                    "objective-c++-cpp-output", "f77", "f77-cpp-input", "f95",
                    "f95-cpp-input", "ada", "adascil", "adawhy", "d", "go", "modula-2", "lto")


_NAMED_LEVELS = {"s": 2, "z": 2, "g": 1, "fast": 3}


def opt_level(value: str) -> int:
    """-O<value>: gcc clamps levels above 3 to 3."""
    if value == "":
        return 1
    if value.isdigit():
        return min(int(value), 3)
    if value in _NAMED_LEVELS:
        return _NAMED_LEVELS[value]
    raise UsageError("argument to '-O' should be a non-negative integer, 'g', 's', 'z' or 'fast'")


def size_opt(value: str) -> bool:
    opt_level(value)
    return value in ("s", "z")


def debug_level(value: str) -> int:
    """-g<level> (also the tail of -ggdb<level>)."""
    if value == "":
        return 2
    if value.isdigit():
        if int(value) > 3:
            raise UsageError(f"debug output level '{value}' is too high")
        return int(value)
    raise UsageError(f"unrecognized debug output level '{value}'")


def dwarf_version(value: str) -> int:
    """-gdwarf-N: gcc takes 2 to 5; atomc writes DWARF 5 for each (its only version)."""
    if not value.isdigit() or not 2 <= int(value) <= 5:
        raise UsageError(f"dwarf version {value} is not supported")
    return 5


def std(value: str) -> str:
    if value in STD_CANONICAL:
        return STD_CANONICAL[value]
    if value in _OTHER_STDS:
        raise UsageError(f"'-std={value}' is not supported: atomc compiles C only")
    raise UsageError(f"unrecognized command-line option '-std={value}'")


def language(value: str) -> Lang | None:
    if value in LANGUAGES:
        return LANGUAGES[value]
    if value in _OTHER_LANGUAGES:
        raise UsageError(f"language {value} is not supported: atomc compiles C only")
    raise UsageError(f"language {value} not recognized")


def count(value: str) -> int:
    if not value.isdigit():
        raise UsageError("argument to '-fmax-errors=' should be a non-negative integer")
    return int(value)


def prefix_map(option: str) -> Callable[[str], tuple[str, str]]:
    """The converter of OLD=NEW for `option` (-f{file,debug,macro}-prefix-map; split at the
    first '=', as gcc does)."""
    def convert(value: str) -> tuple[str, str]:
        old, eq, new = value.partition("=")
        if not eq:
            raise UsageError(f"invalid argument '{value}' to '{option}'")
        return old, new
    return convert
