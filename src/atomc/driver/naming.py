"""File names gcc derives from its inputs and -o: outputs, .d files, -save-temps files."""

from __future__ import annotations

import os

from .invocation import Invocation, Stop


def strip_suffix(name: str) -> str:
    """`name` without the last `.suffix` of its final component (gcc's `%b`, `%.SUFFIX`)."""
    cut = len(name)
    for i in range(len(name) - 1, -1, -1):
        if name[i] == "/":
            break
        if name[i] == ".":
            cut = i
            break
    return name[:cut]


def stem(path: str) -> str:
    """The input's base name without its suffix (standard input: "-")."""
    return strip_suffix(os.path.basename(path))


def default_output(inv: Invocation, path: str) -> str:
    """The output of one input when -o is not given."""
    if inv.stop is Stop.ASSEMBLE:
        return stem(path) + ".o"
    if inv.stop is Stop.COMPILE:
        return stem(path) + ".s"
    return "a.out"


def dependency_file(inv: Invocation, path: str) -> str:
    """gcc's `-MD` file: %{!o:%b.d}%{o*:%.d%*}."""
    if inv.output is not None:
        return strip_suffix(inv.output) + ".d"
    return stem(path) + ".d"


def implicit_dependency_target(inv: Invocation) -> str | None:
    """gcc adds `-MQ <output>` to -MD/-MMD when -o is given and no -MT/-MQ is
    (not with -E, -M, -MM); otherwise cpp names the target after the input."""
    if inv.stop is Stop.PREPROCESS or inv.output is None:
        return None
    if {"MT", "MQ"} & set(inv.dep_kinds):
        return None
    return inv.output


def temp_prefix(inv: Invocation, path: str) -> str:
    """Where -save-temps keeps the intermediates of `path`: the prefix that .i, .s
    and .o extend (gcc 11+'s dumpdir + dumpbase)."""
    base = stem(path)
    cwd = inv.save_temps == "cwd"
    if inv.stop in (Stop.COMPILE, Stop.ASSEMBLE):
        if inv.output is None or inv.output == "-":
            return base
        out = strip_suffix(inv.output)
        return os.path.basename(out) if cwd else out
    out = inv.output if inv.output is not None else "a"
    return (os.path.basename(out) if cwd else out) + "-" + base
