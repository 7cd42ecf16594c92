"""The data the page is built from, on programs/walk.c at -O2: atoms per line,
is_stmt rows per line (the back end's and the object's agree), variable locations
per instruction (from the object's DWARF), the execution order and the summary."""

from __future__ import annotations

import pytest

from atomc.explain.model import Function


def _walk(report) -> Function:  # type: ignore[no-untyped-def]
    return next(f for f in report("walk.c", "-O2").functions if f.name == "walk")


def _line(f: Function, n: int):  # type: ignore[no-untyped-def]
    return next(ln for ln in f.lines if ln.number == n)


def test_every_instruction_has_its_object_address(report) -> None:
    f = _walk(report)
    addrs = [i.address for i in f.insts]
    assert None not in addrs and addrs == sorted(addrs) and len(set(addrs)) == len(addrs)
    assert addrs[0] == 0  # walk is the first function of .text


@pytest.mark.parametrize("options", [("-O2",), ("-O2", "-ffunction-sections")])
def test_back_end_rows_match_the_object(compiled, report, options) -> None:
    """The machine observer's .loc rows are the rows the debugger reads (with one code
    section per function too, where every function starts at address 0)."""
    for mf in compiled("run.c", *options).functions:
        f = next(fn for fn in report("run.c", *options).functions if fn.name == mf.name)
        if "-ffunction-sections" in options:
            assert f.insts[0].address == 0
        assert sum(1 for i in f.insts if i.is_stmt) >= 3
        for mi, i in zip(mf.insts, f.insts, strict=True):
            if mi.row_line:
                assert (mi.row_line, mi.is_stmt) == (i.row_line, i.is_stmt), (mf.name, i)


def test_inlined_lines_have_atoms_of_the_inlined_copy(report) -> None:
    f = _walk(report)
    for n in range(12, 19):  # manhattan's body, inlined at line 25
        ln = _line(f, n)
        assert any(a.startswith("inlined into walk at line 25") for a in ln.actions), ln
        if n in (15, 17):  # `dx = -dx;`: select-form runs it on both paths, lineless
            assert not ln.atoms and any(a.startswith("speculated by select-form")
                                        for a in ln.actions), ln
            continue
        assert ln.atoms and all(a.endswith("@manhattan@25") for a, _r, _k in ln.atoms), ln


def test_a_key_instruction_is_an_is_stmt_row_of_its_line(report) -> None:
    f = _walk(report)
    for ln in f.lines:
        for atom, _rank, key in ln.atoms:
            members = [k for k in ln.insts if f.insts[k].atom == atom]
            assert members

            def run_stops(k: int) -> bool:  # an is_stmt row earlier in k's same-line run
                while True:
                    if f.insts[k].is_stmt and f.insts[k].row_line == ln.number:
                        return True
                    if k == 0 or f.insts[k - 1].line != ln.number:
                        return False
                    k -= 1
            assert key == any(run_stops(k) for k in members), (ln.number, atom)
        assert ln.stops == sum(1 for i in f.insts if i.is_stmt and i.row_line == ln.number)


def test_the_loop_line_has_one_stop_per_copy(report) -> None:
    """Rotation copies the test of `for` (line 24): entry guard and latch test."""
    ln = _line(_walk(report), 24)
    assert "rotated by loop-rotate" in ln.actions
    assert ln.stops >= 2
    held = sum(1 for *_a, k in ln.atoms if k)
    assert ln.stops_why == f"{held} of {len(ln.atoms)} atoms; rotated by loop-rotate"
    inlined = _line(_walk(report), 14)  # manhattan's `if`, one inlined copy
    assert inlined.stops_why.endswith("; inlined into walk at line 25")


def test_variables_per_instruction(report) -> None:
    f = _walk(report)
    first = next(i for i in f.insts if i.is_stmt and i.row_line == i.line == 24)  # the loop's entry test
    # (i.line: not the push at the entry address, which carries line 24's row too)
    at = {v.name: locs for v, locs in f.variables_at(first)}
    # the SysV ABI: path in %rdi, n in %rsi; before the loop total = 0 and i = 1
    assert at["path"] == ["%rdi"] and at["n"] == ["%rsi"]
    assert at["total"] == ["constant 0"] and at["i"] == ["constant 1"]
    # gdb's stop when it steps in is the entry (no frame pointer): line 24's row is
    # there too, and the pushes change none of these, so they read the same
    entry = f.insts[0]
    assert entry.is_stmt and entry.row_line == 24 and entry.line == 0
    assert {v.name: locs for v, locs in f.variables_at(entry)} == at
    assert "dx" not in at  # manhattan's locals are in scope only in its inlined code
    inner = next(i for i in f.insts if i.is_stmt and i.row_line == 14)  # if (dx < 0)
    names = {v.name for v, _ in f.variables_at(inner)}
    assert {"a", "b", "dx", "dy", "path", "n"} <= names
    start = next(i for i in f.insts if i.is_stmt and i.row_line == 12)  # dx = a.x - b.x
    dx = next((v, locs) for v, locs in f.variables_at(start) if v.name == "dx")
    # the compiler's recorded reason (.debug.atomc_why), not the location list's shape
    assert dx[1] == [] and dx[0].why_out(start.address) == "not assigned yet (line 12 assigns it)"


def test_execution_order_follows_the_code(report) -> None:
    f = _walk(report)
    firsts = [f.insts[o.first_inst].address for o in f.order]
    assert firsts == sorted(firsts)
    assert sum(o.count for o in f.order) == sum(1 for i in f.insts if i.line)
    seq = [o.line for o in f.order]
    # the loop test (24) runs before the call's argument loads (25), which run before
    # the inlined body (12..18); the accumulation (26) comes after, then the latch test
    assert seq.index(24) < seq.index(25) < seq.index(12) < seq.index(26)
    assert seq[-2:] == [28, 29]  # return total, then the ret and epilogue on the `}`
    assert any(o.stop for o in f.order if o.line == 24)


def test_summary_lists_lines_without_a_stop(report) -> None:
    f = _walk(report)
    listed = dict(f.no_stop)  # by the line's label, as the summary shows it
    assert "23" in listed  # `int total = 0;` is a constant: no code left
    assert "no code left" in listed["23"]
    for n in listed:
        assert _line(f, int(n)).stops == 0 and _line(f, int(n)).had_code
    assert all(ln.label not in listed for ln in f.lines if ln.stops)
    pairs = [(i, v) for i in f.insts for v in f.variables if v.in_scope(i.address)]
    assert f.located == sum(bool(v.at(i.address)) for i, v in pairs) / len(pairs)
    assert 0.5 < f.located < 1.0  # step, dx, dy are computed late; path/n after the prologue


def test_without_optimisation_every_line_with_code_stops(report) -> None:
    f0 = next(fn for fn in report("walk.c", "-O0").functions if fn.name == "walk")
    assert [ln.number for ln in f0.lines if ln.had_code] == [23, 24, 25, 26, 28, 29]
    assert f0.no_stop == ()
    assert all(not ln.actions for ln in f0.lines)
