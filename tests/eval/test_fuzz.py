"""The debug-info fuzzer's parts that need no debugger: determinate locals, bisection,
seed lists, the campaign summary."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from atomc_eval import fuzz
from atomc_eval.metrics import WrongValue


def test_determinate_initialises_counters_and_arrays_only() -> None:
    src = ("static int f(void)\n{\n    int32_t *l_26[4][1][3];\n    int i, j, k;\n"
           "    int i;\n    uint8_t l_2 = 250UL;\n    return l_81[4][8];\n"
           "    struct S0 l_5[2];\n    int32_t * const l_9[3];\n}\n")
    got = fuzz.determinate(src)
    assert "int32_t *l_26[4][1][3] = {0};" in got
    assert "int i = 0, j = 0, k = 0;" in got
    assert "    int i = 0;\n" in got
    assert "uint8_t l_2 = 250UL;" in got             # already initialised: untouched
    assert "return l_81[4][8];" in got                # a statement, not a declaration
    assert "struct S0 l_5[2] = {0};" in got
    assert "int32_t * const l_9[3] = {0};" in got


@pytest.mark.skipif(shutil.which("csmith") is None or shutil.which("gcc") is None,
                    reason="needs csmith and gcc")
@pytest.mark.parametrize("seed", [2, 10, 11])  # seeds whose programs have all three shapes
def test_determinate_program_prints_what_csmith_program_prints(seed: int,
                                                               tmp_path: Path) -> None:
    made = fuzz.generate(seed, tmp_path)   # determinate version
    raw = tmp_path / "raw.c"
    subprocess.run([fuzz.CSMITH, "--seed", str(seed), *fuzz.CSMITH_KNOBS, "-o", str(raw)],
                   check=True, capture_output=True)
    assert made.read_text() != raw.read_text()
    outputs = []
    for src in (raw, made):
        exe = tmp_path / (src.stem + ".exe")
        subprocess.run(["gcc", "-O0", "-w", f"-I{fuzz.CSMITH_INCLUDE}", str(src), "-o", str(exe)],
                       check=True)
        outputs.append(subprocess.run([str(exe)], capture_output=True, timeout=30,
                                      check=False).stdout)
    assert outputs[0] == outputs[1] and outputs[0].startswith(b"checksum = ")


@pytest.mark.parametrize("first", [0, 1, 5, 21, 22])
def test_bisect_finds_first_wrong_invocation(first: int) -> None:
    probes: list[int] = []

    def wrong_at(n: int) -> bool:
        probes.append(n)
        return n >= first

    assert fuzz.bisect_first(22, wrong_at) == first
    assert len(probes) <= 7  # 1 + ceil(log2(22))


def test_culprit_describes_pass_or_back_end() -> None:
    assert fuzz.Culprit(17, "simplifycfg").describe() == "pass (17) simplifycfg"
    assert "no IR pass" in fuzz.Culprit(0, "").describe()


def test_seed_lists() -> None:
    assert fuzz.parse_seeds("3") == [3]
    assert fuzz.parse_seeds("1-4") == [1, 2, 3, 4]
    assert fuzz.parse_seeds("3,9,12-14") == [3, 9, 12, 13, 14]
    with pytest.raises(ValueError):
        fuzz.parse_seeds("a-b")


def test_campaign_summary_counts_and_names_findings() -> None:
    w = WrongValue("func_1", 55, "l_2", "250", ("251", "27"), 1)
    c = fuzz.Campaign()
    c.add(fuzz.SeedResult(1, "ok", per_debugger=(
        fuzz.DebuggerResult("gdb", 10, 20, 0.5, 1.0, ()),)))
    c.add(fuzz.SeedResult(6, "wrong", per_debugger=(
        fuzz.DebuggerResult("gdb", 30, 40, 0.7, 0.9, (w,), fuzz.Culprit(17, "simplifycfg")),)))
    c.add(fuzz.SeedResult(9, "miscompile", "optimised build exits 1", source="/x/fuzz_9.c"))
    c.add(fuzz.SeedResult(3, "skipped", "slow"))
    text = "\n".join(c.lines())
    assert "seeds: 4; judged 2, skipped 1, miscompiles 1" in text
    assert "gdb: stops 40 (-O0 60), mean availability 60.0%, WRONG values 1" in text
    assert ("WRONG seed 6 gdb: func_1:55 l_2 = 250 (-O0 shows 251, 27) x1 "
            "<- pass (17) simplifycfg") in text
    assert "MISCOMPILE seed 9: optimised build exits 1 [/x/fuzz_9.c]" in text
    assert c.failed and not fuzz.Campaign(c.results[:1]).failed
    assert [r.summary() for r in c.results] == [
        "seed 1: ok", "seed 6: wrong, 1 wrong", "seed 9: miscompile (optimised build exits 1)",
        "seed 3: skipped (slow)"]
