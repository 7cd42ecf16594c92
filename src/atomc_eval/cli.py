"""``atomc-dbgeval``: trace, score, compare, plot, check, fuzz.

Bad input gets one line on stderr and exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from atomc_eval.build import BuildError, compile_c
from atomc_eval.drivers import DEBUGGERS, DEFAULT_DEBUGGERS, get_driver
from atomc_eval.drivers.base import RunSpec
from atomc_eval.drivers.scribble import FILL
from atomc_eval.trace import TraceFormatError, read_trace, write_trace

PROG = "atomc-dbgeval"


class UsageError(Exception):
    """Bad input from the command line: reported in one line, exit 1."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _debugger_ok(name: str) -> None:
    reason = get_driver(name).unavailable_reason()
    if reason is not None:
        raise UsageError(f"debugger {name} unavailable: {reason}")


def _existing(path: str, what: str) -> Path:
    p = Path(path)
    if not p.exists():
        raise UsageError(f"{what} not found: {path}")
    return p


def cmd_trace(args: argparse.Namespace) -> int:
    program = _existing(args.program, "program")
    _debugger_ok(args.debugger)
    if args.stdin != "/dev/null":
        _existing(args.stdin, "stdin file")
    with tempfile.TemporaryDirectory(prefix="atomc-trace-") as tmp:
        source = ""
        if program.suffix == ".c":
            source = str(program.resolve())
            try:
                program = compile_c(args.cc, program.resolve(), Path(tmp) / program.stem)
            except BuildError as exc:
                raise UsageError(str(exc)) from None
        spec = RunSpec(
            program=str(program.resolve()),
            args=tuple(args.args),
            stdin=args.stdin,
            breakpoints=tuple(args.breaks or ["main"]),
            step_command=args.step,
            step_limit=args.step_limit,
            time_limit=args.time_limit,
            source_dirs=tuple(str(Path(d).resolve()) for d in args.source_dir),
            globals=tuple(args.globals),
            scribble=FILL if args.scribble else 0,
        )
        trace = get_driver(args.debugger).trace(spec, config=args.config, source=source)
    out = Path(args.output or (Path(args.program).stem + f".{args.debugger}.jsonl"))
    write_trace(trace, out)
    end = trace.end
    print(
        f"{out}: {len(trace.stops)} stops, ended: {end.reason}"
        f"{' (' + end.detail + ')' if end.detail else ''}"
    )
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from atomc_eval.metrics import score
    from atomc_eval.report import render_scores, scores_to_json

    try:
        build, ref = read_trace(args.trace), read_trace(args.ref)
    except TraceFormatError as exc:
        raise UsageError(str(exc)) from None
    result = score(build, ref)
    if args.json:
        print(json.dumps(scores_to_json(result), indent=1))
    else:
        print(f"{args.trace} against {args.ref}")
        print(render_scores(result))
    return 0


def cmd_compare(args: argparse.Namespace, argv: Sequence[str]) -> int:
    from atomc_eval.compare import CompareOptions, find_programs, run_compare
    from atomc_eval.configs import DEFAULT_CONFIGS, parse_config
    from atomc_eval.report import summary_rows, write_reports

    try:
        programs = find_programs(Path(args.path))
        configs = [parse_config(c) for c in (args.config or list(DEFAULT_CONFIGS))]
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    names = [c.name for c in configs]
    if len(set(names)) != len(names):
        raise UsageError(f"configuration names must be unique: {', '.join(names)}")
    debuggers = tuple(dict.fromkeys(args.debugger or DEFAULT_DEBUGGERS))
    for dbg in debuggers:
        _debugger_ok(dbg)
    out_dir = Path(args.out)
    options = CompareOptions(
        debuggers=debuggers,
        jobs=args.jobs,
        step_limit=args.step_limit,
        time_limit=args.time_limit,
        reference=args.reference,
        determinacy=args.determinacy,
        rerun_reference=not args.no_rerun,
        show_progress=not args.quiet,
    )
    command = shlex.join([PROG, *argv])
    try:
        result = run_compare(programs, configs, out_dir, options, command)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    md, js = write_reports(result, out_dir)
    print(f"wrote {md} and {js} ({result.elapsed:.1f} s)")
    if args.plots:
        from atomc_eval.plots import plot_metrics, plot_steps

        plot_metrics(summary_rows(result), out_dir / "metrics.png")
        for program in result.programs:
            for dbg in debuggers:
                runs = [
                    (c.name, result.traces[(program, c.name, dbg)])
                    for c in result.configs
                    if (program, c.name, dbg) in result.traces
                ]
                if runs:
                    stem = Path(program).stem
                    plot_steps(
                        runs, out_dir / "plots" / f"{stem}.{dbg}.png", f"{program} under {dbg}"
                    )
        print(f"plots in {out_dir}")
    failures = [r for r in result.rows if r.error]
    for row in failures:
        print(f"warning: {row.program} {row.config}: {row.error}", file=sys.stderr)
    return 0


def cmd_plot(args: argparse.Namespace) -> int:
    from atomc_eval.plots import plot_metrics, plot_steps

    out = Path(args.output)
    if args.kind == "steps":
        runs = []
        for item in args.inputs:
            name, sep, path = item.partition("=")
            if not sep:
                name, path = Path(item).stem, item
            try:
                runs.append((name, read_trace(path)))
            except TraceFormatError as exc:
                raise UsageError(str(exc)) from None
        plot_steps(runs, out, args.title)
    else:
        if len(args.inputs) != 1:
            raise UsageError("plot metrics takes one report.json")
        try:
            data = json.loads(_existing(args.inputs[0], "report").read_text(encoding="utf-8"))
            summary = data["summary"]
        except (json.JSONDecodeError, KeyError, TypeError):
            raise UsageError(f"{args.inputs[0]}: not a report.json from '{PROG} compare'") from None
        plot_metrics(summary, out, args.title)
    print(f"wrote {out}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from atomc_eval.expectations import ExpectationError, check_file

    source = _existing(args.file, "source file")
    try:
        report = check_file(
            source,
            args.cc,
            args.debugger,
            args=tuple(args.args),
            stdin=args.stdin,
            step_limit=args.step_limit,
            time_limit=args.time_limit,
        )
    except (ExpectationError, BuildError, RuntimeError) as exc:  # RuntimeError: debugger missing
        raise UsageError(str(exc)) from None
    print(report.render())
    return 0 if report.passed else 1


def cmd_fuzz(args: argparse.Namespace) -> int:
    from atomc_eval import fuzz

    if shutil.which(fuzz.CSMITH) is None:
        raise UsageError("csmith is not installed (apt-get install csmith)")
    for dbg in args.debugger or ["gdb"]:
        _debugger_ok(dbg)
    cfg = fuzz.FuzzConfig(reference=args.reference, optimised=args.optimised,
                          debuggers=tuple(args.debugger or ["gdb"]), bisect=not args.no_bisect,
                          step_limit=args.step_limit, time_limit=args.time_limit)
    try:
        seeds = fuzz.parse_seeds(args.seeds)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    campaign = fuzz.run_campaign(seeds, cfg, Path(args.keep) if args.keep else None,
                                 lambda r: print(r.summary(), flush=True))
    print("\n".join(campaign.lines()))
    return 1 if campaign.failed else 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG, description="Measure how debuggable a binary is, under gdb and lldb."
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def limits(p: argparse.ArgumentParser, steps: int, seconds: float) -> None:
        p.add_argument(
            "--step-limit",
            type=int,
            default=steps,
            help=f"stop after this many steps (default {steps})",
        )
        p.add_argument(
            "--time-limit",
            type=float,
            default=seconds,
            help=f"seconds per trace (default {seconds:g})",
        )

    p = sub.add_parser("trace", help="record one trace as JSON Lines")
    p.add_argument("program", help="an executable, or a .c file compiled with --cc")
    p.add_argument("--cc", default="gcc -O0 -g", help="compile command for a .c program")
    p.add_argument("--debugger", choices=DEBUGGERS, default="gdb")
    p.add_argument("-o", "--output", help="trace file (default PROGRAM.DEBUGGER.jsonl)")
    p.add_argument(
        "--break",
        dest="breaks",
        action="append",
        metavar="LOC",
        help="function or file:line (default main)",
    )
    p.add_argument("--step", choices=("step", "next"), default="step")
    p.add_argument("--stdin", default="/dev/null", help="file for the program's standard input")
    p.add_argument("--global", dest="globals", action="append", default=[], metavar="NAME")
    p.add_argument(
        "--source-dir",
        action="append",
        default=[],
        metavar="DIR",
        help="only stop in sources under DIR (default: the program's compile units)",
    )
    p.add_argument("--config", default="", help="configuration name for the trace header")
    p.add_argument("--scribble", action="store_true",
                   help="fill the dead stack below the stack pointer at every stop (the "
                        "re-run that finds indeterminate reads)")
    p.add_argument("args", nargs="*", help="program arguments (after --)")
    limits(p, 5000, 30.0)

    p = sub.add_parser("score", help="score a trace against a reference trace")
    p.add_argument("trace")
    p.add_argument("--ref", required=True, help="reference trace (usually the -O0 build)")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("compare", help="build in several configurations, trace, score, report")
    p.add_argument("path", help="a .c program or a folder of them")
    p.add_argument(
        "--config",
        action="append",
        metavar="NAME=COMMAND|PRESET",
        help="repeatable; COMMAND uses {src} and {out} (default: gcc/clang -O0/-O2, "
        "clang -O2 without KI)",
    )
    p.add_argument(
        "--debugger", action="append", choices=DEBUGGERS,
        help="repeatable (default: gdb and lldb; lldb-atomc is lldb with atomc's plugin)"
    )
    p.add_argument(
        "--reference",
        help="configuration to score against (default: the same compiler's -O0, built if "
        "not given)"
    )
    p.add_argument(
        "--determinacy", metavar="NAME",
        help="a second unoptimised configuration (e.g. gcc-O0): the report also counts "
        "the WRONG values at (function, line, variable)s where it and the reference "
        "show different values (uninitialised memory, padding), beside WRONG"
    )
    p.add_argument(
        "--no-rerun", action="store_true",
        help="do not trace each reference a second time over a scribbled stack (the re-run "
        "that counts WRONG values at indeterminate or unreadable reference reads apart)"
    )
    p.add_argument("--out", default="dbgeval-out", help="output folder (default dbgeval-out)")
    p.add_argument("--jobs", type=int, default=2, help="parallel traces (default 2)")
    p.add_argument("--plots", action="store_true", help="also draw step and metric plots")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    limits(p, 5000, 30.0)

    p = sub.add_parser("plot", help="draw step-over-time or metric plots")
    p.add_argument("kind", choices=("steps", "metrics"))
    p.add_argument("inputs", nargs="+", help="steps: [NAME=]TRACE ...; metrics: report.json")
    p.add_argument("-o", "--output", required=True, help="PNG file")
    p.add_argument("--title", default="")

    p = sub.add_parser("check", help="check //@ expectations in a C file")
    p.add_argument("file")
    p.add_argument(
        "--cc", default="gcc -O0 -g", help="compile command, e.g. 'clang-22 -O2 -g {src} -o {out}'"
    )
    p.add_argument("--debugger", choices=DEBUGGERS, default="gdb")
    p.add_argument("--stdin", default="/dev/null")
    p.add_argument("args", nargs="*", help="program arguments (after --)")
    limits(p, 5000, 30.0)

    p = sub.add_parser("fuzz", help="csmith programs at -O0 and optimised: outputs, then "
                       "every value shown (exit 1 on a miscompile, a build error or a WRONG value)")
    p.add_argument("--seeds", default="1-10", help="N, N-M or a comma list (default 1-10)")
    p.add_argument("--reference", default="atomc -O0 -g -w", help="the unoptimised build")
    p.add_argument("--optimised", default="atomc -O2 -g -w", help="the build judged")
    p.add_argument("--debugger", action="append", choices=DEBUGGERS,
                   help="repeatable (default gdb)")
    p.add_argument("--no-bisect", action="store_true",
                   help="do not look for the pass behind a WRONG value")
    p.add_argument("--keep", metavar="DIR", help="copy failing seeds' programs here")
    limits(p, 20000, 120.0)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "step_limit", 1) < 1 or getattr(args, "time_limit", 1) <= 0:
            raise UsageError("--step-limit and --time-limit must be positive")
        if args.command == "trace":
            return cmd_trace(args)
        if args.command == "score":
            return cmd_score(args)
        if args.command == "compare":
            return cmd_compare(args, argv)
        if args.command == "plot":
            return cmd_plot(args)
        if args.command == "fuzz":
            return cmd_fuzz(args)
        return cmd_check(args)
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
