"""Conformance cases for the header stops of fully unrolled loops
(dwarf/iteration_heads.py), in the spec notation of
test_key_instructions_conformance.py: line 7 is the loop's `for` line, line 8
its body, and atom groups 1, 2, 3 are trips 0, 1, 2. In the documented mode a
trip gets a statement row of line 7 at the first instruction after the
previous trip's last rank-1 member and up to its own first stop; the LLVM 22
mode writes LLVM's rows, which have none.
"""

from __future__ import annotations

import pytest
from test_key_instructions_conformance import _sp, build

from atomc.dwarf.line_rows import compute_rows
from atomc.ir import DILocation
from atomc.ir.function import AtomCounter, Iteration, atom_key
from atomc.options import KeyInstrMode


def render(text: str, mode: str, trips: dict[int, int]) -> str:
    """`trips`: atom group -> trip index of one unrolled loop with header line 7
    (the group's atom in whichever instance the text puts it)."""
    blocks, names, f = build(text)
    header = DILocation(7, 0, f)
    iterations = {atom_key(x.loc): (Iteration(100, trips[x.loc.atom_group], header),)
                  for blk in blocks for x in blk.insts
                  if x.loc is not None and x.loc.atom_group in trips}
    result = compute_rows(blocks, f, KeyInstrMode(mode), iterations=iterations)
    out = []
    for b, rows in enumerate(result.rows):
        for name, row in zip(names[b], rows, strict=True):
            if row is not None:
                flags = [f for f, on in (("S", row.is_stmt), ("PE", row.prologue_end)) if on]
                out.append(f"{name}:L{row.line}" + (f"[{' '.join(flags)}]" if flags else ""))
    return " ".join(out)


# (case, text, trips, documented rows, LLVM 22 rows)
CASES = [
    # unrolled.c: three stores of `sink = i * k`; trip 2's multiply (i2, i3) runs
    # between trips 0 and 1: it carries trip 1's header row; trip 2's store
    # follows trip 1's with nothing between: no room, no row
    ("H1", "bb0: i0 op L1; i1 op L8 g1 r1; i2 op L8 g3 r2; i3 op L8 g3 r2; i4 op L8 g2 r1; "
           "i5 op L8 g3 r1; i6 ret L9",
     {1: 0, 2: 1, 3: 2},
     "i0:L1[S PE] i1:L8[S] i2:L7[S] i3:L8 i4:L8[S] i5:L8[S] i6:L9",
     "i0:L1[S PE] i1:L8[S] i4:L8[S] i5:L8[S] i6:L9"),
    # trip 1's stop floated up to its first member (i2) from its store (i4): the
    # header row takes i2 and the stop moves to i3, still before the store
    ("H2", "bb0: i0 op L1; i1 op L8 g1 r1; i2 op L8 g2 r2; i3 op L8 g2 r2; i4 op L8 g2 r1; "
           "i5 ret L9",
     {1: 0, 2: 1},
     "i0:L1[S PE] i1:L8[S] i2:L7[S] i3:L8[S] i5:L9",
     "i0:L1[S PE] i1:L8[S] i2:L8[S] i5:L9"),
    # another line's stop (i2, line 5) between the trips: a header row before it
    # would change the order; none
    ("H3", "bb0: i0 op L1; i1 op L8 g1 r1; i2 op L5 g4 r1; i3 op L8 g2 r2; i4 op L8 g2 r1; "
           "i5 ret L9",
     {1: 0, 2: 1},
     "i0:L1[S PE] i1:L8[S] i2:L5[S] i3:L8[S] i5:L9",
     "i0:L1[S PE] i1:L8[S] i2:L5[S] i3:L8[S] i5:L9"),
    # the only instruction between the trips is inlined code (g at s30): gdb
    # would show the header line in g's frame; none
    ("H4", "bb0: i0 op L1; i1 op L8 g1 r1; i2 op L51 @s30; i3 op L8 g2 r1; i4 ret L9",
     {1: 0, 2: 1},
     "i0:L1[S PE] i1:L8[S] i2:L51 i3:L8[S] i4:L9",
     "i0:L1[S PE] i1:L8[S] i2:L51 i3:L8[S] i4:L9"),
    # trip 0 after line 6's stop: its first member carries the header row
    ("H5", "bb0: i0 op L1; i1 op L6 g5 r1; i2 op L8 g1 r2; i3 op L8 g1 r1; i4 ret L9",
     {1: 0},
     "i0:L1[S PE] i1:L6[S] i2:L7[S] i3:L8[S] i4:L9",
     "i0:L1[S PE] i1:L6[S] i2:L8[S] i4:L9"),
    # each trip calls g inlined on line 3 (s30) and stores its result after the
    # body (i2, trip 0's stop on the call line after g's code, which -O0 does
    # not make): a header row after it would read `3 [g] 3 7`; none
    ("H6", "bb0: i0 op L1; i1 op L51 g9 r1 @s30; i2 op L3 g1 r1; i3 op L3; "
           "i4 op L51 g8 r1 @s30; i5 ret L9",
     {9: 0, 1: 0, 8: 1},
     "i0:L1[S PE] i1:L51[S] i2:L3[S] i4:L51[S] i5:L9",
     "i0:L1[S PE] i1:L51[S] i2:L3[S] i4:L51[S] i5:L9"),
    # the same with the result stored on another line (5): its row is a stop
    # -O0 makes, and trip 1's header row follows it
    ("H7", "bb0: i0 op L1; i1 op L51 g9 r1 @s30; i2 op L5 g1 r1; i3 op L5; "
           "i4 op L51 g8 r1 @s30; i5 ret L9",
     {9: 0, 1: 0, 8: 1},
     "i0:L1[S PE] i1:L51[S] i2:L5[S] i3:L7[S] i4:L51[S] i5:L9",
     "i0:L1[S PE] i1:L51[S] i2:L5[S] i4:L51[S] i5:L9"),
    # `while (i < n) { if (v[i] == w) break; i++; }` (p13_loops.c's find_first):
    # each trip tests line 8 and leaves on its break path (bb1, trip 0's store of
    # the result and jump out). Trip 0's last effect is on that path, which trip
    # 1 (bb2) never reaches: trip 1's header row goes at its block's start, and
    # its stop floated up from i7 moves to i6
    ("H8", "bb0: i0 op L1; i1 op L8 g1 r2; i2 jcc->bb2 L8 g1 r1 | "
           "bb1: i3 op L8 g1 r1; i4 jmp->bb4 L8 g1 r1 | "
           "bb2: i5 op L8; i6 op L8 g2 r2; i7 jcc->bb4 L8 g2 r1 | bb3: i8 op L8 g2 r1 | "
           "bb4: i9 ret L9",
     {1: 0, 2: 1},
     "i0:L1[S PE] i1:L7[S] i2:L8[S] i3:L8[S] i5:L7[S] i6:L8[S] i8:L8[S] i9:L9",
     "i0:L1[S PE] i1:L8[S] i3:L8[S] i5:L8[S] i8:L8[S] i9:L9"),
]


@pytest.mark.parametrize(("name", "text", "trips", "documented", "llvm22"), CASES,
                         ids=[c[0] for c in CASES])
def test_header_rows(name: str, text: str, trips: dict[int, int], documented: str,
                     llvm22: str) -> None:
    assert render(text, "documented", trips) == documented
    assert render(text, "llvm22", trips) == llvm22


def test_without_trips_the_rows_are_unchanged() -> None:
    text = CASES[0][1]
    assert render(text, "documented", {}) == CASES[0][4]


def test_a_clone_carries_its_trips_into_a_loop_of_its_own() -> None:
    """A cloned region (an outer loop's copy, a threaded block) holds a copy of
    each unrolled loop inside it: the same trips, under a new loop number shared
    by the region's groups, so the copies' trips never mix."""
    _, _, f = build("bb0: i0 ret L1")
    header = DILocation(7, 0, f)
    atoms = AtomCounter(next_group=20)
    atoms.iterations[(f, None, 5)] = (Iteration(9, 1, header),)
    atoms.iterations[(f, None, 6)] = (Iteration(9, 2, header), Iteration(12, 0, header))
    loops: dict[int, int] = {}
    atoms.carry_iterations((f, None, 5), (f, None, 30), loops)
    atoms.carry_iterations((f, None, 6), (f, None, 31), loops)
    atoms.carry_iterations((f, None, 7), (f, None, 32), loops)  # no trips: nothing to carry
    inner, outer = loops[9], loops[12]
    assert len({inner, outer, 9, 12}) == 4
    assert atoms.iterations[(f, None, 30)] == (Iteration(inner, 1, header),)
    assert atoms.iterations[(f, None, 31)] == (Iteration(inner, 2, header),
                                            Iteration(outer, 0, header))
    assert (f, None, 32) not in atoms.iterations


def test_a_trip_is_of_one_instance_not_of_every_atom_with_its_group() -> None:
    """Inlined instances keep their callee's group numbers: group 1 of the
    instance at s30 (i4, after trip 1's stop) is not trip 0's atom 1 and does
    not count as its last effect, so trip 1 keeps its header row (i2). Keyed by
    group alone, trip 0 seemed to end after trip 1 began, and the row went."""
    blocks, names, f = build("bb0: i0 op L1; i1 op L8 g1 r1; i2 op L8 g2 r2; i3 op L8 g2 r1; "
                             "i4 op L51 g1 r1 @s30; i5 ret L9")
    header = DILocation(7, 0, f)
    iterations = {(f, None, 1): (Iteration(100, 0, header),),
                  (f, None, 2): (Iteration(100, 1, header),)}
    rows = compute_rows(blocks, f, KeyInstrMode("documented"), iterations=iterations).rows[0]
    assert [(n, r.line) for n, r in zip(names[0], rows, strict=True)
            if r is not None and r.is_stmt] == \
        [("i0", 1), ("i1", 8), ("i2", 7), ("i3", 8), ("i4", 51)]


def test_a_trip_is_of_one_function_not_of_another_with_its_group() -> None:
    """Functions number their groups alike: trips of main's unrolled loop
    (groups 1 and 2 of main) are not f's atoms 1 and 2, and f's code gets no
    header row of main's loop (pressure.c: a row of main's `for` line showed in
    mix, a function of its own)."""
    blocks, names, f = build("bb0: i0 op L1; i1 op L8 g1 r1; i2 op L8 g2 r2; i3 op L8 g2 r1; "
                             "i5 ret L9")
    main = _sp("main", 20, True)
    header = DILocation(23, 0, main)
    iterations = {(main, None, 1): (Iteration(100, 0, header),),
                  (main, None, 2): (Iteration(100, 1, header),)}
    rows = compute_rows(blocks, f, KeyInstrMode("documented"), iterations=iterations).rows[0]
    assert [(n, r.line) for n, r in zip(names[0], rows, strict=True)
            if r is not None and r.is_stmt] == [("i0", 1), ("i1", 8), ("i2", 8)]
