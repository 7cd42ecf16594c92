"""Optimiser actions per line, from the pass-manager observer: one marked line per
action in programs/actions.c (`ACT: KIND detail`), and the observers change
nothing (the same .text as a plain atomc compile)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from atomc.explain.records import ActionKind
from atomc.observe import machine_observer, pass_observer

PROGRAM = Path(__file__).parent / "programs" / "actions.c"
MARK = re.compile(r"// ACT: (.*)$")
# kinds that must appear on the marked lines only (folding and dead code also follow
# from other actions, e.g. a fully unrolled loop's induction variable folds)
EXCLUSIVE = {ActionKind.HOISTED, ActionKind.MERGED, ActionKind.INLINED, ActionKind.UNROLLED,
             ActionKind.THREADED, ActionKind.ROTATED, ActionKind.SUNK,
             ActionKind.IF_CONVERTED, ActionKind.SPECULATED}


def _marks() -> list[tuple[int, ActionKind, str]]:
    out = []
    for n, text in enumerate(PROGRAM.read_text().splitlines(), 1):
        m = MARK.search(text)
        for act in m.group(1).split(";") if m else ():
            kind, _, detail = act.strip().partition(" ")
            out.append((n, ActionKind[kind], detail.strip()))
    return out


@pytest.mark.parametrize("line,kind,detail", _marks(),
                         ids=lambda v: v.name if isinstance(v, ActionKind) else str(v))
def test_marked_action(compiled, line: int, kind: ActionKind, detail: str) -> None:
    c = compiled("actions.c", "-O2")
    found = [a for a in c.actions if a.line == line and a.kind is kind]
    assert found, f"line {line}: no {kind.name} in " + \
        str([(a.line, a.kind.name) for a in c.actions if a.line == line])
    if kind is ActionKind.INLINED:  # `inl 2 sites`: one action per call site, in `inl`
        fn, n = detail.split()[:2]
        assert {a.function for a in found} == {fn}
        assert sorted(a.other_line for a in found) == [37, 38]
        assert len(found) == int(n)
    elif kind is ActionKind.MERGED:  # `with 31` (by gvn), `with 74 by simplifycfg`
        words = detail.split()
        assert {a.other_line for a in found} == {int(words[1])}
        by = words[3] if len(words) > 3 else "gvn"
        assert {a.pass_name for a in found} == {by}
        if by == "simplifycfg":
            assert found[0].describe() == f"merged with line {words[1]} by tail merging " \
                "(simplifycfg)"
    elif kind is ActionKind.UNROLLED:  # `x4`
        assert {a.factor for a in found} == {int(detail[1:])}
    elif kind is ActionKind.LOC_MERGED:  # `to 0`: gvn kept this one, at the merged line 0
        assert {(a.pass_name, a.other_line) for a in found} == {("gvn", int(detail.split()[1]))}
    elif kind is ActionKind.HOISTED:
        assert {a.pass_name for a in found} == {"licm"}
    elif kind is ActionKind.SUNK:  # into the branch that uses it, by the sink pass
        assert {a.pass_name for a in found} == {"sink"}


def test_exclusive_kinds_only_on_marked_lines(compiled) -> None:
    c = compiled("actions.c", "-O2")
    marked = {(n, k) for n, k, _ in _marks()}
    extra = [(a.line, a.kind.name, a.pass_name) for a in c.actions
             if a.kind in EXCLUSIVE and (a.line, a.kind) not in marked]
    assert not extra


def test_unmarked_straight_line_is_untouched(compiled) -> None:
    c = compiled("actions.c", "-O2")
    ret = next(n for n, t in enumerate(PROGRAM.read_text().splitlines(), 1)
               if t.strip() == "return a;")  # dead(): returns its parameter
    assert [a.kind for a in c.actions if a.line == ret] in ([], [ActionKind.PROMOTED])


def test_no_actions_at_O0(compiled) -> None:
    c = compiled("actions.c", "-O0")
    assert c.actions == () and c.passes == ()


def test_observers_are_off_by_default() -> None:
    assert pass_observer.get() is None and machine_observer.get() is None


def _text(path: Path | str) -> bytes:
    with open(path, "rb") as f:
        return ELFFile(f).get_section_by_name(".text").data()


@pytest.mark.parametrize("level", ["-O1", "-O2"])
def test_text_identical_with_observers(compiled, tmp_path: Path, level: str) -> None:
    plain = tmp_path / "plain.o"
    subprocess.run([sys.executable, "-m", "atomc", level, "-g", "-c", str(PROGRAM), "-o",
                    str(plain)], check=True)
    assert _text(compiled("actions.c", level).object_path) == _text(plain)
