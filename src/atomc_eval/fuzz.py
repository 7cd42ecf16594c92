"""A debug-info fuzzer: random programs, stepped at -O0 and optimised, every value judged.

In the spirit of Assaiante et al. (ASPLOS 2023, "Where did my variable go?"): each
seed is a csmith program. It is first a differential test (the optimised build must
print what gcc -O0's build prints: a mismatch is a miscompile, worse than any debug-info
bug). Then both builds of the compiler under test are stepped from `main` under each
debugger and the optimised trace is scored against the -O0 one with the strict rules of
`metrics.variable_correctness`: a value the -O0 build never shows for that variable on
that line (or right after it, on lines of several atoms) is WRONG. For each WRONG
finding, the culprit IR pass is found by bisecting `--opt-bisect-limit=N`: the smallest N
at which the wrong value appears names the pass; if it appears at N=0, no IR pass is to
blame (front end, instruction selection, register allocation or LiveDebugValues).

The fuzzer never imports the compiler: it runs command templates (`{src}`, `{out}`), so
any compiler that understands `--opt-bisect-limit` can be bisected.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from atomc_eval.build import BuildError, command_for, compile_c, run_plain
from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec, Trace
from atomc_eval.metrics import WrongValue, score

CSMITH = "csmith"
CSMITH_INCLUDE = "/usr/include/csmith"
# Small programs: a -O0 trace of a few thousand stops, so the whole run fits a step limit.
CSMITH_KNOBS = ("--max-funcs", "3", "--max-block-depth", "2", "--max-expr-complexity", "4",
                "--no-packed-struct")
ORACLE = "gcc -O0 -w -I{inc} {src} -o {out}"
RUN_SECONDS = 3.0       # a seed whose gcc -O0 build runs longer is skipped (csmith may loop long)
STEP_LIMIT = 20000      # the -O0 trace must end by exit within it, or the seed is skipped
TIME_LIMIT = 120.0


@dataclass(frozen=True, slots=True)
class FuzzConfig:
    """What to build and how. Templates get `-I` for csmith.h added."""

    reference: str = "atomc -O0 -g -w"   # the compiler under test, unoptimised
    optimised: str = "atomc -O2 -g -w"
    debuggers: tuple[str, ...] = ("gdb",)
    bisect: bool = True
    bisect_flag: str = "--opt-bisect-limit={n}"
    step_limit: int = STEP_LIMIT
    time_limit: float = TIME_LIMIT


@dataclass(frozen=True, slots=True)
class Culprit:
    """Where a wrong value first appears along the IR pass pipeline."""

    invocation: int          # 0: already with no IR pass run
    pass_name: str           # "" when invocation is 0

    def describe(self) -> str:
        if self.invocation == 0:
            return "no IR pass (front end, isel, regalloc or LiveDebugValues)"
        return f"pass ({self.invocation}) {self.pass_name}"


@dataclass(frozen=True, slots=True)
class DebuggerResult:
    debugger: str
    stops: int
    ref_stops: int
    availability: float | None
    correctness: float | None
    wrong: tuple[WrongValue, ...]
    culprit: Culprit | None = None


@dataclass(frozen=True, slots=True)
class SeedResult:
    seed: int
    status: str              # "ok", "wrong", "miscompile", "build-error", "skipped"
    detail: str = ""
    per_debugger: tuple[DebuggerResult, ...] = ()
    source: str = ""         # kept for miscompiles and wrong values

    @property
    def wrong_count(self) -> int:
        return sum(len(d.wrong) for d in self.per_debugger)

    def summary(self) -> str:
        """One progress line: `seed 7: wrong, 2 wrong`."""
        return (f"seed {self.seed}: {self.status}" + (f" ({self.detail})" if self.detail else "")
                + (f", {self.wrong_count} wrong" if self.wrong_count else ""))


# csmith leaves two kinds of locals uninitialised: loop counters (`int i, j, k;`) and
# arrays a loop fills (`int32_t *l_26[4][1][3];`). Their indeterminate -O0 contents
# (stack garbage) would be judged against the optimised build's, so the fuzzer gives
# them initialisers; csmith never reads them before its own assignments, so the output
# is unchanged, and a value the optimised build then shows before that assignment is
# genuinely wrong.
_COUNTERS = re.compile(r"^(\s+)int ((?:[a-z]\w*, )*[a-z]\w*);$", re.MULTILINE)
_ARRAYS = re.compile(r"^([ \t]+(?!return\b|goto\b)\w[\w *]*?[\s*]+l_\d+(?:\[\d+\])+);$",
                     re.MULTILINE)


def determinate(source: str) -> str:
    """`source` with csmith's uninitialised locals zero-initialised."""
    source = _COUNTERS.sub(lambda m: m[1] + "int " + ", ".join(
        f"{v} = 0" for v in m[2].split(", ")) + ";", source)
    return _ARRAYS.sub(lambda m: m[1] + " = {0};", source)


def generate(seed: int, folder: Path) -> Path:
    """The csmith program of `seed` (deterministic for one csmith version), its
    locals made determinate."""
    out = folder / f"fuzz_{seed}.c"
    subprocess.run([CSMITH, "--seed", str(seed), *CSMITH_KNOBS, "-o", str(out)],
                   check=True, capture_output=True, timeout=60)
    out.write_text(determinate(out.read_text()))
    return out


def _with_include(template: str) -> str:
    return f"{template} -I{CSMITH_INCLUDE}"


def _trace(debugger: str, binary: Path, source: Path, cfg: FuzzConfig, name: str) -> Trace:
    spec = RunSpec(program=str(binary), step_limit=cfg.step_limit, time_limit=cfg.time_limit,
                   source_dirs=(str(source.parent),))
    return get_driver(debugger).trace(spec, config=name, source=str(source))


def bisect_first(limit: int, wrong_at: Callable[[int], bool]) -> int:
    """The smallest n in [0, limit] with wrong_at(n), given wrong_at(limit) holds.

    Assumes the wrong value, once a pass introduces it, stays (the usual bisection
    premise); probes O(log limit) points."""
    lo, hi = 0, limit
    if wrong_at(0):
        return 0
    while hi - lo > 1:  # wrong_at(lo) is false, wrong_at(hi) true
        mid = (lo + hi) // 2
        if wrong_at(mid):
            hi = mid
        else:
            lo = mid
    return hi


_BISECT_LINE = re.compile(r"BISECT: running pass \((\d+)\) (\S+)")


def _pass_names(template: str, cfg: FuzzConfig, src: Path, out: Path) -> dict[int, str]:
    argv = command_for(f"{template} {cfg.bisect_flag.format(n=10**6)}", src, out)
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=False)
    return {int(m[1]): m[2] for m in _BISECT_LINE.finditer(done.stderr)}


def find_culprit(src: Path, ref: Trace, debugger: str, wrong: Sequence[WrongValue],
                 cfg: FuzzConfig, work: Path) -> Culprit:
    """Bisect the IR pass pipeline for the first of `wrong` to appear."""
    keys = {(w.function, w.line, w.variable) for w in wrong}
    template = _with_include(cfg.optimised)
    names = _pass_names(template, cfg, src, work / "names")

    def wrong_at(n: int) -> bool:
        binary = compile_c(f"{template} {cfg.bisect_flag.format(n=n)}", src, work / f"bisect_{n}")
        got = score(_trace(debugger, binary, src, cfg, f"bisect-{n}"), ref).wrong
        return any((w.function, w.line, w.variable) in keys for w in got)

    n = bisect_first(max(names, default=0), wrong_at)
    return Culprit(n, names.get(n, ""))


def _differential(src: Path, cfg: FuzzConfig, work: Path) -> tuple[str, str] | None:
    """None if the programs agree; else (status, detail): a skip or a miscompile."""
    oracle = compile_c(ORACLE.format(inc=CSMITH_INCLUDE, src="{src}", out="{out}"), src,
                       work / "oracle")
    want = run_plain(oracle, timeout=RUN_SECONDS)
    if want.returncode is None:
        return "skipped", f"gcc -O0's build runs over {RUN_SECONDS:g} s"
    for name, template in (("reference", cfg.reference), ("optimised", cfg.optimised)):
        got = run_plain(compile_c(_with_include(template), src, work / name),
                        timeout=RUN_SECONDS * 20)
        if (got.returncode, got.stdout) != (want.returncode, want.stdout):
            return "miscompile", (f"{name} build ({template}) exits {got.returncode} "
                                  f"printing {got.stdout.strip()!r}; gcc -O0's exits "
                                  f"{want.returncode} printing {want.stdout.strip()!r}")
    return None


def run_seed(seed: int, cfg: FuzzConfig, keep: Path | None = None) -> SeedResult:
    """Generate, differential-test, step and judge one seed."""
    with tempfile.TemporaryDirectory(prefix=f"atomc-fuzz-{seed}-") as tmp:
        work = Path(tmp)
        src = generate(seed, work)
        try:
            verdict = _differential(src, cfg, work)
        except BuildError as exc:
            return _kept(SeedResult(seed, "build-error", str(exc)), src, keep)
        if verdict is not None:
            result = SeedResult(seed, verdict[0], verdict[1])
            return _kept(result, src, keep) if verdict[0] == "miscompile" else result
        ref_bin, opt_bin = work / "reference", work / "optimised"
        results: list[DebuggerResult] = []
        for dbg in cfg.debuggers:
            ref = _trace(dbg, ref_bin, src, cfg, "reference")
            if ref.end.reason != "exited":
                return SeedResult(seed, "skipped", f"{dbg}: the -O0 trace ended by "
                                  f"{ref.end.reason} ({len(ref.stops)} stops)")
            s = score(_trace(dbg, opt_bin, src, cfg, "optimised"), ref)
            culprit = None
            if s.wrong and cfg.bisect:
                culprit = find_culprit(src, ref, dbg, s.wrong, cfg, work)
            results.append(DebuggerResult(dbg, s.stops, s.ref_stops, s.var_availability,
                                          s.var_correctness, s.wrong, culprit))
        status = "wrong" if any(r.wrong for r in results) else "ok"
        result = SeedResult(seed, status, per_debugger=tuple(results))
        return _kept(result, src, keep) if status == "wrong" else result


def _kept(result: SeedResult, src: Path, keep: Path | None) -> SeedResult:
    if keep is None:
        return result
    keep.mkdir(parents=True, exist_ok=True)
    target = keep / src.name
    shutil.copyfile(src, target)
    return replace(result, source=str(target))


def parse_seeds(text: str) -> list[int]:
    """`1-20`, `7`, or `3,9,12-14`; ValueError on anything else."""
    out: list[int] = []
    try:
        for part in text.split(","):
            first, dash, last = part.partition("-")
            out += range(int(first), int(last) + 1) if dash else [int(first)]
    except ValueError:
        raise ValueError(f"bad seed list {text!r}: want N, N-M or a comma list") from None
    return out


def run_campaign(seeds: Sequence[int], cfg: FuzzConfig, keep: Path | None,
                 progress: Callable[[SeedResult], None]) -> Campaign:
    """Every seed in turn; `progress` sees each result as it comes."""
    campaign = Campaign()
    for seed in seeds:
        result = run_seed(seed, cfg, keep)
        campaign.add(result)
        progress(result)
    return campaign


@dataclass
class Campaign:
    """Totals over seeds, for the report."""

    results: list[SeedResult] = field(default_factory=list)

    def add(self, r: SeedResult) -> None:
        self.results.append(r)

    def count(self, status: str) -> int:
        return sum(r.status == status for r in self.results)

    @property
    def failed(self) -> bool:
        """A seed was wrong, a miscompile or a build error."""
        return any(self.count(s) for s in ("wrong", "miscompile", "build-error"))

    def lines(self) -> list[str]:
        judged = [r for r in self.results if r.status in ("ok", "wrong")]
        out = [(f"seeds: {len(self.results)}; judged {len(judged)}, skipped "
                f"{self.count('skipped')}, miscompiles {self.count('miscompile')}, "
                f"build errors {self.count('build-error')}, "
                f"seeds with wrong values {self.count('wrong')}")]
        by_dbg: dict[str, list[DebuggerResult]] = {}
        for r in judged:
            for d in r.per_debugger:
                by_dbg.setdefault(d.debugger, []).append(d)
        for dbg, rows in by_dbg.items():
            avail = [d.availability for d in rows if d.availability is not None]
            wrong = sum(len(d.wrong) for d in rows)
            mean = f"{100 * sum(avail) / len(avail):.1f}%" if avail else "n/a"
            out.append(f"{dbg}: stops {sum(d.stops for d in rows)} (-O0 "
                       f"{sum(d.ref_stops for d in rows)}), mean availability {mean}, "
                       f"WRONG values {wrong}")
        for r in self.results:
            if r.status in ("miscompile", "build-error"):
                out.append(f"{r.status.upper()} seed {r.seed}: {r.detail} [{r.source}]")
            for d in r.per_debugger:
                for w in d.wrong:
                    blame = f" <- {d.culprit.describe()}" if d.culprit else ""
                    out.append(f"WRONG seed {r.seed} {d.debugger}: {w.function}:{w.line} "
                               f"{w.variable} = {w.value} (-O0 shows "
                               f"{', '.join(w.expected) or 'nothing'}) x{w.count}{blame}")
        return out
