"""Build programs in several configurations, trace them, and score every trace.

The work that takes time (debugger runs) goes to a pool of worker threads,
each driving its own debugger process, so two cores trace two builds at once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from atomc_eval.build import BuildError, RunResult, compile_c, run_plain
from atomc_eval.configs import Config, with_references
from atomc_eval.drivers import get_driver
from atomc_eval.drivers.base import RunSpec, Trace
from atomc_eval.drivers.scribble import FILL
from atomc_eval.elfinfo import ELF_ERRORS
from atomc_eval.metrics import (
    ReferenceReads,
    Scores,
    build_dependent,
    reference_reads,
    score,
    variable_availability,
    wrong_at,
)
from atomc_eval.progress import ProgressBar
from atomc_eval.static_metrics import StaticScores, static_scores
from atomc_eval.trace import write_trace
from atomc_eval.why import annotate_reasons


def find_programs(path: Path) -> list[Path]:
    """One C file, or every ``*.c`` directly inside a folder (sorted)."""
    if path.is_dir():
        found = sorted(p for p in path.glob("*.c") if p.is_file())
        if not found:
            raise ValueError(f"{path}: no .c files in this folder")
        return found
    if not path.is_file():
        raise ValueError(f"{path}: no such file or folder")
    return [path]


@dataclass(frozen=True, slots=True)
class Build:
    """One program compiled in one configuration (or why it was not)."""

    program: Path
    config: Config
    binary: Path | None
    error: str = ""
    output: RunResult | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the report: a program, a configuration, a debugger."""

    program: str
    config: str
    debugger: str
    reference: str
    scores: Scores | None
    static: StaticScores | None
    output_ok: bool | None
    trace_path: str
    error: str = ""
    # of the WRONG observations, those where the reference and the determinacy
    # configuration disagree (None: no determinacy configuration, or no trace of it)
    wrong_build_dependent: int | None = None
    # variable availability over the (function, line, variable)s where the two
    # unoptimised builds agree (None without a determinacy trace)
    var_availability_determinate: float | None = None
    # of the WRONG observations, those at the reference's indeterminate and
    # unreadable reads (metrics.ReferenceReads; None: no re-run of the reference)
    wrong_indeterminate_ref: int | None = None
    wrong_unreadable_ref: int | None = None
    # variable availability without those reads (None without a re-run)
    var_availability_determinate_ref: float | None = None
    ref_reads: ReferenceReads | None = None


@dataclass(frozen=True, slots=True)
class CompareResult:
    """Everything the report and plots need."""

    programs: tuple[str, ...]
    configs: tuple[Config, ...]
    debuggers: dict[str, str]  # name -> version
    rows: tuple[Row, ...]
    traces: dict[tuple[str, str, str], Trace] = field(default_factory=dict)
    elapsed: float = 0.0
    command: str = ""


@dataclass(frozen=True, slots=True)
class CompareOptions:
    """Knobs of a comparison run."""

    debuggers: tuple[str, ...] = ("gdb", "lldb")
    jobs: int = 2
    step_limit: int = 5000
    time_limit: float = 30.0
    reference: str | None = None
    determinacy: str | None = None  # a second unoptimised build, see metrics.build_dependent
    rerun_reference: bool = True  # trace each reference again over scribbled stack
    stdin: str = "/dev/null"
    show_progress: bool = True


def _build_all(
    programs: Sequence[Path], configs: Sequence[Config], out_dir: Path, stdin: str
) -> list[Build]:
    builds: list[Build] = []
    for program in programs:
        for config in configs:
            binary = out_dir / "bin" / program.stem / config.name
            binary.parent.mkdir(parents=True, exist_ok=True)
            try:
                compile_c(config.command, program.resolve(), binary)
            except BuildError as exc:
                builds.append(Build(program, config, None, str(exc)))
                continue
            builds.append(Build(program, config, binary, "", run_plain(binary, stdin=stdin)))
    return builds


def _outputs_agree(builds: Sequence[Build]) -> dict[tuple[str, str], bool]:
    """Per (program, config): does this build print what the first good build prints?"""
    verdict: dict[tuple[str, str], bool] = {}
    baseline: dict[str, RunResult] = {}
    for b in builds:
        if b.output is None:
            continue
        first = baseline.setdefault(b.program.name, b.output)
        verdict[(b.program.name, b.config.name)] = (
            b.output.returncode is not None and b.output == first
        )
    return verdict


def _static(binary: Path) -> StaticScores | None:
    try:
        return static_scores(str(binary))
    except ELF_ERRORS:
        return None


def _reference_reads(
    traces: dict[tuple[str, str, str], Trace], reruns: dict[tuple[str, str, str], Trace]
) -> dict[tuple[str, str, str], ReferenceReads]:
    """Per (program, reference config, debugger): the reference's indeterminate and
    unreadable reads, from each debugger's two runs of that reference binary."""
    groups: dict[tuple[str, str], dict[str, tuple[Trace, Trace]]] = {}
    for (prog, cfg, dbg), rerun in reruns.items():
        first = traces.get((prog, cfg, dbg))
        if first is not None:
            groups.setdefault((prog, cfg), {})[dbg] = (first, rerun)
    out: dict[tuple[str, str, str], ReferenceReads] = {}
    for (prog, cfg), runs in groups.items():
        per_dbg = reference_reads({d: (a.stops, b.stops) for d, (a, b) in runs.items()})
        for dbg, found in per_dbg.items():
            out[(prog, cfg, dbg)] = found
    return out


def run_compare(
    programs: Sequence[Path],
    configs: Sequence[Config],
    out_dir: Path,
    options: CompareOptions,
    command: str = "",
) -> CompareResult:
    """Build, check outputs, trace with every debugger in parallel, score."""
    started = time.monotonic()
    names = [c.name for c in configs]
    configs, references = with_references(list(configs), options.reference)
    if options.reference is not None and options.reference not in names:
        raise ValueError(
            f"reference {options.reference!r} is not one of the configurations: {', '.join(names)}"
        )
    if options.determinacy is not None and options.determinacy not in names:
        raise ValueError(f"determinacy {options.determinacy!r} is not one of the "
                         f"configurations: {', '.join(names)}")
    drivers = {name: get_driver(name) for name in options.debuggers}
    for name, driver in drivers.items():
        reason = driver.unavailable_reason()
        if reason is not None:
            raise ValueError(f"debugger {name} unavailable: {reason}")
    out_dir.mkdir(parents=True, exist_ok=True)
    builds = _build_all(programs, configs, out_dir, options.stdin)
    agree = _outputs_agree(builds)
    statics = {(b.program.name, b.config.name): _static(b.binary) for b in builds if b.binary}
    ref_names = set(references.values()) if options.rerun_reference else set()
    jobs = [(b, dbg, rerun) for b in builds if b.binary is not None for dbg in drivers
            for rerun in (False, True) if not rerun or b.config.name in ref_names]
    bar = ProgressBar(len(jobs), "tracing", enabled=options.show_progress)
    traces: dict[tuple[str, str, str], Trace] = {}
    reruns: dict[tuple[str, str, str], Trace] = {}
    paths: dict[tuple[str, str, str], str] = {}

    def work(build: Build, dbg: str, rerun: bool) -> tuple[Build, str, bool, Trace]:
        assert build.binary is not None
        spec = RunSpec(
            program=str(build.binary.resolve()),
            stdin=options.stdin,
            step_limit=options.step_limit,
            time_limit=options.time_limit,
            source_dirs=(str(build.program.resolve().parent),),
            scribble=FILL if rerun else 0,
        )
        trace = drivers[dbg].trace(spec, config=build.config.name, source=str(build.program))
        return build, dbg, rerun, annotate_reasons(trace, str(build.binary))

    with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        futures = [pool.submit(work, b, d, r) for b, d, r in jobs]
        for future in as_completed(futures):
            build, dbg, rerun, trace = future.result()
            key = (build.program.name, build.config.name, dbg)
            name = f"{build.config.name}.{dbg}{'.rerun' if rerun else ''}.jsonl"
            path = out_dir / "traces" / build.program.stem / name
            path.parent.mkdir(parents=True, exist_ok=True)
            write_trace(trace, path)
            if rerun:
                reruns[key] = trace
            else:
                traces[key], paths[key] = trace, str(path)
            bar.advance(f"{build.program.name} {build.config.name} {dbg}"
                        f"{' (re-run)' if rerun else ''}")
    reads = _reference_reads(traces, reruns)
    rows: list[Row] = []
    for build in builds:
        prog, cfg = build.program.name, build.config.name
        ref = references[cfg]
        for dbg in drivers:
            key = (prog, cfg, dbg)
            ref_trace = traces.get((prog, ref, dbg))
            error = build.error
            scores = None
            if not error and ref_trace is None:
                error = f"reference {ref} has no trace"
            elif not error:
                scores = score(traces[key], ref_trace)  # type: ignore[arg-type]
            det_trace = traces.get((prog, options.determinacy or "", dbg))
            dependent = None
            determinate_avail = None
            if scores is not None and ref_trace is not None and det_trace is not None:
                varying = build_dependent(ref_trace.stops, det_trace.stops)
                dependent = wrong_at(scores.wrong, varying)
                determinate_avail = variable_availability(traces[key].stops, ref_trace.stops,
                                                          exclude=varying)
            ref_reads = reads.get((prog, ref, dbg))
            indeterminate = unreadable = avail_ref = None
            if scores is not None and ref_trace is not None and ref_reads is not None:
                indeterminate = wrong_at(scores.wrong, ref_reads.indeterminate)
                unreadable = wrong_at(scores.wrong, ref_reads.unreadable)
                avail_ref = variable_availability(
                    traces[key].stops, ref_trace.stops,
                    exclude=ref_reads.indeterminate | ref_reads.unreadable)
            rows.append(
                Row(
                    prog,
                    cfg,
                    dbg,
                    ref,
                    scores,
                    statics.get((prog, cfg)),
                    agree.get((prog, cfg)),
                    paths.get(key, ""),
                    error,
                    dependent,
                    determinate_avail,
                    indeterminate,
                    unreadable,
                    avail_ref,
                    ref_reads,
                )
            )
    versions = {name: d.version() for name, d in drivers.items()}
    return CompareResult(
        programs=tuple(p.name for p in programs),
        configs=tuple(configs),
        debuggers=versions,
        rows=tuple(rows),
        traces=traces,
        elapsed=time.monotonic() - started,
        command=command,
    )
