"""Extract Key Instructions atoms from clang-22's LLVM IR and from atomc's IR,
in one comparable form.

An atom is the set of its members; a member is (line, kind, rank, n) where
kind is the normalised opcode and n numbers repeats of the same (line, kind,
rank) inside one function, so two functions' atoms compare as sets regardless
of group numbers and instruction order.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

Member = tuple[int, str, int, int]
Atom = frozenset[Member]

_LLVM_LOC = re.compile(r"^!(\d+) = !DILocation\((.*)\)$")
_FIELD = re.compile(r"(\w+): (-?\d+)")
_LLVM_FN = re.compile(r"^define .*@([\w.]+)\(")
_LLVM_INST = re.compile(r"^\s+(?:%[\w.]+ = )?(\w+)\b(.*), !dbg !(\d+)")
_ATOMC_FN = re.compile(r"^define .*@([\w.]+)\(")
_ATOMC_INST = re.compile(r"^\s+(?:%[\w.]+ = )?([a-z_]+)\b(.*)!loc\(line: (\d+), column: \d+, "
                         r"scope: !\d+(?:, inlined_at: !\d+)?(?:, atom: (\d+) (\d+))?\)"
                         r"(?: !close\([^)]*\))?\s*$")  # a return's `}` (Ret.close)


def _kind(op: str, rest: str) -> str:
    if op == "br" or op == "jump":
        return "br"
    if op == "branch":
        return "br"
    if op == "call":
        for intrinsic in ("memcpy", "memset"):
            if f"@llvm.{intrinsic}" in rest:
                return intrinsic
        return "call"
    return op


def _atoms(members: list[tuple[int, str, int, int]]) -> set[Atom]:
    """members: (group, line, kind, rank) in instruction order, for one function."""
    seen: Counter[tuple[int, str, int]] = Counter()
    by_group: dict[int, set[Member]] = {}
    for group, line, kind, rank in members:
        key = (line, kind, rank)
        n = seen[key]
        seen[key] += 1
        by_group.setdefault(group, set()).add((line, kind, rank, n))
    return {frozenset(m) for m in by_group.values()}


def clang_atoms(src: Path) -> dict[str, set[Atom]]:
    ir = subprocess.run(["clang-22", "-O0", "-g", "-gkey-instructions", "-S", "-emit-llvm",
                         str(src), "-o", "-"], capture_output=True, text=True, check=True).stdout
    locs: dict[int, tuple[int, int, int]] = {}
    for line in ir.splitlines():
        m = _LLVM_LOC.match(line)
        if m:
            fields = dict((k, int(v)) for k, v in _FIELD.findall(m.group(2)))
            locs[int(m.group(1))] = (fields.get("line", 0), fields.get("atomGroup", 0),
                                     fields.get("atomRank", 0))
    out: dict[str, list[tuple[int, int, str, int]]] = {}
    fn = None
    for line in _join_switches(ir.splitlines()):
        m = _LLVM_FN.match(line)
        if m:
            fn = m.group(1)
            out[fn] = []
            continue
        m = _LLVM_INST.match(line)
        if m and fn is not None:
            ln, group, rank = locs.get(int(m.group(3)), (0, 0, 0))
            if group:
                out[fn].append((group, ln, _kind(m.group(1), m.group(2)), rank))
    return {f: _atoms(ms) for f, ms in out.items()}


def _join_switches(lines: list[str]) -> list[str]:
    """A `switch` spans lines up to its closing `]`, which carries the `!dbg`."""
    out: list[str] = []
    pending: list[str] | None = None
    for line in lines:
        if pending is not None:
            pending.append(line.strip())
            if line.strip().startswith("]"):
                out.append(" ".join(pending))
                pending = None
        elif re.match(r"^\s+switch ", line) and "!dbg" not in line:
            pending = [line]
        else:
            out.append(line)
    return out


def atomc_atoms(src: Path) -> dict[str, set[Atom]]:
    ir = subprocess.run([sys.executable, "-m", "atomc", "-O0", "-g", "-gkey-instructions", "-S",
                         "--emit-ir", str(src), "-o", "-"], capture_output=True, text=True,
                        check=True).stdout
    out: dict[str, list[tuple[int, int, str, int]]] = {}
    fn = None
    for line in ir.splitlines():
        m = _ATOMC_FN.match(line)
        if m:
            fn = m.group(1)
            out[fn] = []
            continue
        m = _ATOMC_INST.match(line)
        if m and fn is not None and m.group(4):
            out[fn].append((int(m.group(4)), int(m.group(3)), _kind(m.group(1), m.group(2)),
                            int(m.group(5))))
    return {f: _atoms(ms) for f, ms in out.items()}


def describe(atoms: set[Atom]) -> list[str]:
    return sorted(" ".join(f"L{ln}:{k}/r{r}" + (f"#{n}" if n else "")
                           for ln, k, r, n in sorted(a)) for a in atoms)
