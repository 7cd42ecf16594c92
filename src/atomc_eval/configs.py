"""Build configurations: ready-made ones and ``NAME=COMMAND`` parsing."""

from __future__ import annotations

import re
from dataclasses import dataclass

from atomc_eval.build import BuildError, command_for


@dataclass(frozen=True, slots=True)
class Config:
    """A named compile command template (``{src}`` and ``{out}`` placeholders)."""

    name: str
    command: str


PRESETS: dict[str, str] = {
    "gcc-O0": "gcc -gdwarf-5 -O0 -g {src} -o {out}",
    "gcc-O1": "gcc -gdwarf-5 -O1 -g {src} -o {out}",
    "gcc-O2": "gcc -gdwarf-5 -O2 -g {src} -o {out}",
    "clang-O0": "clang-22 -g -O0 {src} -o {out}",
    "clang-O1": "clang-22 -g -O1 {src} -o {out}",
    "clang-O2": "clang-22 -g -O2 {src} -o {out}",
    "clang-O1-noki": "clang-22 -g -O1 -gno-key-instructions {src} -o {out}",
    "clang-O2-noki": "clang-22 -g -O2 -gno-key-instructions {src} -o {out}",
    "atomc-O0": "atomc -O0 -g {src} -o {out}",
    "atomc-O2": "atomc -O2 -g {src} -o {out}",
    "atomc-O2-noki": "atomc -O2 -g -gno-key-instructions {src} -o {out}",
}
DEFAULT_CONFIGS: tuple[str, ...] = ("gcc-O0", "gcc-O2", "clang-O0", "clang-O2", "clang-O2-noki")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*")


def parse_config(text: str) -> Config:
    """``NAME=COMMAND`` or the name of a preset; raise ValueError otherwise."""
    name, sep, command = text.partition("=")
    name = name.strip()
    if not sep:
        if name in PRESETS:
            return Config(name, PRESETS[name])
        known = ", ".join(PRESETS)
        raise ValueError(f"unknown configuration {text!r}: give NAME=COMMAND or one of {known}")
    if not _NAME.fullmatch(name):
        raise ValueError(f"bad configuration name {name!r} (letters, digits, . _ + - only)")
    try:
        command_for(command, "src.c", "out")
    except BuildError as exc:
        raise ValueError(f"configuration {name}: {exc}") from None
    return Config(name, command.strip())


def reference_name(config: str, names: list[str], explicit: str | None = None) -> str:
    """The configuration whose traces score ``config``.

    An explicit choice wins; else the same compiler's -O0 (the part of the
    name before the first '-', plus ``-O0``); else the first configuration.
    """
    if explicit is not None:
        return explicit
    candidate = config.split("-", 1)[0] + "-O0"
    return candidate if candidate in names else names[0]
