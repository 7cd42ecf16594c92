"""``_Complex long double`` under lldb with atomc's plugin shows what gdb shows.

lldb-22's own reader takes the imaginary part from byte 10 of the object, where
x86-64 puts it at byte 16 (for every compiler's build); the plugin's summary reads
both parts from their own 16 bytes.  gdb is the oracle; the summary's number
formatting is checked against C's ``printf("%Lg")``."""

from __future__ import annotations

import os
import random
import re
import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from atomc.data import atomc_lldb_complex
from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec
from atomc_eval.drivers.lldb_driver import plugin_path

PROGRAM = "complex_long_double.c"
LINE = 12  # `if (n == 0)`: z is the parameter, not zero in its imaginary part
NAMES = ("z", "g_lz")


def _gdb_values(exe: Path) -> dict[str, str]:
    args = ["gdb", "-q", "-batch", "-nx", "-ex", f"break {PROGRAM}:{LINE}", "-ex", "run"]
    for name in NAMES:
        args += ["-ex", f"output {name}", "-ex", 'echo \\n']
    out = subprocess.run([*args, str(exe)], check=False, capture_output=True, text=True,
                         timeout=600).stdout.splitlines()
    return dict(zip(NAMES, out[-len(NAMES):], strict=True))


def _lldb_values(exe: Path, tmp: Path, plugin: bool) -> dict[str, str]:
    script = tmp / "cmds"
    script.write_text((f"command script import {plugin_path()}\n" if plugin else "")
                      + f"b {PROGRAM}:{LINE}\nrun\n"
                      + "".join(f"frame variable {name}\n" for name in NAMES))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    out = subprocess.run(["lldb-22", "-b", "-x", "-s", str(script), str(exe)], check=False,
                         env=env,
                         capture_output=True, text=True, timeout=600).stdout
    found = dict(re.findall(r"^\(_Complex long double\) (\w+) = (.*)$", out, re.M))
    return {name: found.get(name, "?") for name in NAMES}


@pytest.mark.gdb
@pytest.mark.lldb
@pytest.mark.usefixtures("debuggers")
@pytest.mark.parametrize("compiler", ["atomc-O0", "atomc", "gcc-O0"])
def test_plugin_shows_what_gdb_shows(compiler: str, binary: Callable[[str, str], Path],
                                     tmp_path: Path) -> None:
    exe = binary(PROGRAM, compiler)
    gdb = _gdb_values(exe)
    assert gdb == {"z": "3.5 + -1.75i", "g_lz": "0.5 + -0.25i"}
    assert _lldb_values(exe, tmp_path, plugin=True) == gdb
    # the reason for the summary: lldb-22 alone misreads the imaginary part
    assert _lldb_values(exe, tmp_path, plugin=False)["z"] != gdb["z"]


def _c_texts(values: list[bytes], tmp: Path) -> list[str]:
    """printf("%Lg") of each 10-byte x87 value, by gcc's build of a small program."""
    src = tmp / "lg.c"
    src.write_text("#include <stdio.h>\n#include <string.h>\nint main(void) {\n"
                   "  static const unsigned char v[][16] = {\n"
                   + ",\n".join("{" + ",".join(str(b) for b in raw) + "}" for raw in values)
                   + "};\n  for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {\n"
                   "    long double x; memcpy(&x, v[i], 10); printf(\"%Lg\\n\", x);\n"
                   "  }\n  return 0;\n}\n")
    exe = tmp / "lg"
    subprocess.run(["gcc", "-O0", str(src), "-o", str(exe)], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True,
                          check=True).stdout.splitlines()


def _x87(sign: int, exp: int, mantissa: int) -> bytes:
    return struct.pack("<QH", mantissa, (sign << 15) | exp)


def test_x87_text_is_printf_Lg(tmp_path: Path) -> None:
    rng = random.Random(15)
    values = [
        _x87(0, 0, 0), _x87(1, 0, 0),                           # +-0
        _x87(0, 0x7FFF, 1 << 63), _x87(1, 0x7FFF, 1 << 63),     # +-inf
        _x87(0, 0x7FFF, 3 << 62),                               # nan
        _x87(0, 0, 1), _x87(1, 0, 1 << 40),                     # denormals
        _x87(0, 0x7FFE, (1 << 64) - 1),                         # the largest
        _x87(0, 16383, 1 << 63), _x87(0, 16383 + 20, 1 << 63),  # 1, 2^20 (%g's e+06)
        _x87(0, 16383 - 14, 1 << 63), _x87(0, 16383 - 13, 1 << 63),  # the -4 boundary
        _x87(0, 16383 + 1, 0xFFFFFF0000000000),                 # rounds up to 4
        _x87(0, 0x3FFF, 1 << 62), _x87(1, 0x3FFF, 0),           # unnormals (nan)
        _x87(0, 0x7FFF, 0), _x87(0, 0x7FFF, 1 << 62),           # pseudo-inf, pseudo-nan
        _x87(0, 0, 1 << 63),                                    # pseudo-denormal
    ]
    values += [_x87(rng.getrandbits(1), rng.choice([rng.randrange(1, 0x7FFF),
                                                     16383 + rng.randrange(-40, 40)]),
                    (1 << 63) | rng.getrandbits(63)) for _ in range(300)]
    values = [raw + bytes(6) for raw in values]
    expected = _c_texts(values, tmp_path)
    got = [atomc_lldb_complex.x87_text(raw[:10]) for raw in values]
    assert got == expected


@pytest.mark.gdb
@pytest.mark.lldb
@pytest.mark.usefixtures("debuggers")
def test_evaluator_records_the_plugins_text(binary: Callable[[str, str], Path]) -> None:
    """atomc-dbgeval's lldb-atomc driver records the summary the plugin shows, so
    its trace of z agrees with gdb's at every stop of ``rot``."""
    exe = binary(PROGRAM, "gcc-O0")

    def values(debugger: str) -> list[tuple[int, str | None, str | None]]:
        """(line, n, z) at each stop in ``rot`` (a breakpoint on the recursive
        function: the plugin once failed on the internal breakpoints hit beside it)."""
        spec = RunSpec(program=str(exe), breakpoints=("rot",), step_limit=200,
                       time_limit=600.0)
        trace = get_driver(debugger).trace(spec)
        assert trace.end.reason == "exited", trace.end
        shown = [(s.line, {v.name: v.value for v in s.variables}) for s in trace.stops
                 if s.function == "rot"]
        return [(line, vs.get("n"), vs.get("z")) for line, vs in shown]

    gdb, lldb = values("gdb"), values("lldb-atomc")
    assert (LINE, "2", "3.5 + -1.75i") in gdb
    # the stops after a recursive call returns differ (gdb's and the plugin's stepping out
    # of it); at every (line, n) both stop at, z reads the same
    assert {(line, n): z for line, n, z in lldb if any(g[:2] == (line, n) for g in gdb)} \
        == {(line, n): z for line, n, z in gdb if any(x[:2] == (line, n) for x in lldb)}
    assert len({(line, n) for line, n, _ in lldb}) >= 9
