"""Build configurations: ready-made ones and ``NAME=COMMAND`` parsing."""

from __future__ import annotations

import os
import re
import shlex
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


_WRAPPERS = frozenset({"ccache", "distcc", "env", "nice"})
_OPT = re.compile(r"-O(\d+|s|z|g|fast)?")


def _tokens(command: str) -> list[str]:
    try:
        return shlex.split(command)
    except ValueError:
        return []


def _compiler_index(tokens: list[str]) -> int:
    """Where the compiler is in a command (after ccache, env, VAR=value)."""
    i = 0
    while i < len(tokens) and (os.path.basename(tokens[i]) in _WRAPPERS or
                               ("=" in tokens[i] and not tokens[i].startswith("-"))):
        i += 1
    return min(i, max(0, len(tokens) - 1))


def compiler_of(command: str) -> str:
    """The compiler a command runs (its base name: ``gcc``, ``clang-22``, ``atomc``)."""
    tokens = _tokens(command)
    return os.path.basename(tokens[_compiler_index(tokens)]) if tokens else ""


def optimisation_of(command: str) -> str:
    """The level the last ``-O`` gives (``-O`` alone is 1; none is 0, as in gcc)."""
    levels = [m.group(1) or "1" for t in _tokens(command) if (m := _OPT.fullmatch(t))]
    return levels[-1] if levels else "0"


def o0_command(command: str) -> str:
    """The same command at -O0: every ``-O`` flag replaced by one ``-O0``."""
    tokens = _tokens(command)
    at = _compiler_index(tokens)
    kept = [t for t in tokens[at + 1 :] if not _OPT.fullmatch(t)]
    return shlex.join([*tokens[: at + 1], "-O0", *kept])


def with_references(
    configs: list[Config], explicit: str | None = None
) -> tuple[list[Config], dict[str, str]]:
    """The configurations to build and, per configuration, the one scoring it.

    An explicit choice wins; else the same compiler's -O0: a configuration
    named like it (``gcc-O2`` -> ``gcc-O0``), or one running the same compiler
    at -O0; else one made from the configuration's own command at -O0 and
    added (so ``--config gcc-O2 --config 'mine=atomc -O2 ...'`` builds
    ``gcc-O0`` and ``atomc-O0`` itself, instead of scoring everything
    against some other compiler's build).
    """
    out = list(configs)
    names = {c.name for c in out}
    if explicit is not None:
        return out, {c.name: explicit for c in out}
    refs: dict[str, str] = {}
    for config in configs:
        by_name = config.name.split("-", 1)[0] + "-O0"
        if by_name in names:
            refs[config.name] = by_name
            continue
        compiler = compiler_of(config.command)
        same = [c for c in out if compiler_of(c.command) == compiler
                and optimisation_of(c.command) == "0"]
        if same:
            refs[config.name] = same[0].name
            continue
        name = f"{compiler}-O0" if _NAME.fullmatch(f"{compiler}-O0") else "reference-O0"
        while name in names:
            name += "-ref"
        added = Config(name, o0_command(config.command))
        out.append(added)
        names.add(name)
        refs[config.name] = refs[name] = name
    return out, refs
