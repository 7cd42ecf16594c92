"""counter_sums.c under gdb and lldb, -O2 against -O0, stop by stop: in the loops
of `reverse` and `spread`, the summed variable (`len` = i + j + 1, `total` =
lo + hi, opt/counter_sums.py) must show a value at every stop where the -O0
build shows one, and the values must run as at -O0 (8 then 3, 40 then 35).
A watch expectation would accept a value at only some of the stops; this test
does not. Before counter-sums: a value at the loop's first stop only, then
optimized out.

The stops after the loops (the closing brace, `return n`) are not judged: the
loop's exit joins the path that skipped the loop, where the variable is in its
own register, with the path where it is the counters' sum, and the join keeps
no location (optimized out there, never wrong: test_no_wrong_values.py).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from atomc_eval.build import compile_c
from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec, Stop

SOURCE = Path(__file__).parent / "programs" / "counter_sums.c"
# (function, variable, the loop's first line, its last body line)
LOOPS = [("reverse", "len", "while (i < j) {", "j--;"),
         ("spread", "total", "while (lo < hi) {", "hi -= 3;")]


def _line_of(text: str, after: int = 0) -> int:
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    return next(n for n in range(after + 1, len(lines) + 1) if text in lines[n - 1])


def _trace(level: str, debugger: str) -> list[Stop]:
    cc = f"{sys.executable} -m atomc {level} -g {{src}} -o {{out}}"
    with tempfile.TemporaryDirectory(prefix="atomc-sums-") as tmp:
        binary = compile_c(cc, SOURCE, Path(tmp) / "counter_sums")
        spec = RunSpec(program=str(binary), step_limit=5000, time_limit=60.0,
                       source_dirs=(str(SOURCE.parent),))
        return list(get_driver(debugger).trace(spec, config=cc, source=str(SOURCE)).stops)


def _in_loop(stops: list[Stop], function: str, variable: str,
             first: int, last: int) -> list[tuple[int, str | None]]:
    """(line, value of `variable`) at each stop of `function` inside its loop."""
    out = []
    for stop in stops:
        if stop.function == function and first <= stop.line <= last:
            [value] = [v.value for v in stop.variables if v.name == variable]
            out.append((stop.line, value))
    return out


def _runs(values: list[str | None]) -> list[str | None]:
    return [v for i, v in enumerate(values) if i == 0 or values[i - 1] != v]


@pytest.mark.parametrize("debugger", ["gdb", "lldb"])
def test_summed_variable_is_shown_at_every_loop_stop(debugger: str) -> None:
    if shutil.which("gdb" if debugger == "gdb" else "lldb-22") is None:
        pytest.skip(f"{debugger} is not installed")
    ref, opt = _trace("-O0", debugger), _trace("-O2", debugger)
    for function, variable, head, tail in LOOPS:
        first = _line_of(head)
        last = _line_of(tail, first)
        want = _in_loop(ref, function, variable, first, last)
        got = _in_loop(opt, function, variable, first, last)
        shown_at_o0 = {line for line, value in want if value is not None}
        judged = [(line, value) for line, value in got if line in shown_at_o0]
        assert len(judged) >= 10, (function, got)
        missing = [line for line, value in judged if value is None]
        assert not missing, f"{variable} optimized out at lines {missing} in {function}"
        assert _runs([v for _, v in judged]) == _runs([v for _, v in want]), (want, got)
