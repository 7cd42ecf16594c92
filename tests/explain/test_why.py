"""The variables pane's "optimized out" reasons come from the compiler's records
(`.debug.atomc_why`, read with the debuggers' own reader), on programs/why.c at
-O2 where each reason is known; without records (a gcc object) the pane falls back
to the location list's shape."""

from __future__ import annotations

import subprocess

from atomc.data.atomc_why_reader import PIECE
from atomc.explain.model import Function
from atomc.explain.objfile import Variable, read_object


def _fn(report, name: str) -> Function:  # type: ignore[no-untyped-def]
    return next(f for f in report("why.c", "-O2").functions if f.name == name)


def _reasons(f: Function) -> dict[str, set[str]]:
    """Per variable, the reasons shown at the instructions where it has no location."""
    out: dict[str, set[str]] = {}
    for i in f.insts:
        assert i.address is not None
        for v, locs in f.variables_at(i):
            if not locs:
                out.setdefault(v.name, set()).add(v.why_out(i.address))
    return out


def test_dead_and_not_yet_assigned(report) -> None:
    why = _reasons(_fn(report, "work"))
    assert why["sq"] >= {"dead after line 6"}  # `sq = n * 1.5` is never read (a float product: no salvage)
    assert "not assigned yet (line 7 assigns it)" in why["t"]
    # read last by `u = t * 2`, which overwrites it; no kept value gives a quotient back
    assert "dead after line 9" in why["t"]
    assert "not assigned yet (line 9 assigns it)" in why["u"]
    assert "dead after line 10" in why["u"]  # after its last read, the call on line 10


def test_removed_by_a_pass_and_a_missing_piece(report) -> None:
    why = _reasons(_fn(report, "split"))
    assert "computation removed by sroa" in why["q"]  # &p.b: p was split into scalars
    # p.b is not computed yet at entry: p is shown in part there (p.a in %rdi, p.b
    # an empty piece), and the compiler's reason covers the missing piece
    f = _fn(report, "split")
    p = next(v for v in f.variables if v.name == "p")
    partial = [(lo, hi) for lo, hi, d in p.locations if "unavailable:32b" in d]
    assert partial, p.locations
    assert any(e.describe() == "piece missing (bits 32-63)" and e.low <= partial[0][0] < e.high
               for e in p.reasons), p.reasons


def test_every_recorded_range_is_a_range_without_location(report) -> None:
    """...or one where only entry values stand in (for a parameter, or a local bound
    to one: the reason the register lost it, for a debugger that cannot resolve
    them; piece by piece, the other pieces having no location), or for a missing
    piece, one where the rest is located (an empty piece)."""
    for f in report("why.c", "-O2").functions:
        for v in f.variables:
            assert v.reasons, v.name
            for e in v.reasons:
                for a in (e.low, e.high - 1):
                    where = v.at(a)
                    pieces = [p.strip() for d in where for p in d.split(" | ")]
                    assert not where \
                        or all(p.startswith("entry(") or p.startswith("unavailable")
                               for p in pieces) \
                        or (e.code == PIECE and all("unavailable" in d for d in where)), \
                        (v.name, hex(a))


def test_a_gcc_object_falls_back_to_the_location_lists_shape(tmp_path) -> None:
    src = tmp_path / "w.c"
    src.write_text("int f(int a) { int b = a * 3; return a; }\n")
    obj = tmp_path / "w.o"
    subprocess.run(["gcc", "-O2", "-g", "-c", str(src), "-o", str(obj)], check=True)
    funcs, _rows = read_object(str(obj))
    assert all(not v.reasons for v in funcs["f"].variables)
    no_loc = Variable("x", False, 1, ((0, 16),), (), "", "")
    assert no_loc.why_out(4) == "no location anywhere: the value was optimised away"
    late = Variable("y", False, 1, ((0, 16),), ((8, 12, "%rax"),), "", "")
    assert late.why_out(4) == "not computed yet (first location at 0x0008)"
    assert late.why_out(12) == "not kept after 0x000c"
