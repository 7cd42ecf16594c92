"""`atomc-opt`: read textual IR, verify it, run passes, print the IR.

Errors point into the input file (`file:line:col: error: ...` with the source
line and a caret), for parse errors and verifier errors alike; the exit status
is 1 for bad input and 2 for bad command-line usage.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from atomc.ir import Module, print_module
from atomc.ir.loc_stats import location_stats
from atomc.ir.parser import IRParser
from atomc.ir.text_lexer import IRParseError
from atomc.ir.verifier import VerifierError, verify_module
from atomc.ir.verify_report import annotate
from atomc.opt.registry import UnknownPass, make_pass, parse_pipeline


def _arg_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="atomc-opt",
        description="Read atomc IR, verify it, optionally run passes, print the result.")
    ap.add_argument("input", nargs="?", default="-", help="IR file, or - for stdin (default)")
    ap.add_argument("-o", dest="output", default="-", help="output file (default: stdout)")
    ap.add_argument("--passes", default="", help="comma-separated pass names to run in order")
    ap.add_argument("--verify-each", action="store_true", help="verify after every pass")
    ap.add_argument("--print-after-all", action="store_true",
                    help="print the IR to stderr after every pass")
    ap.add_argument("--no-verify", action="store_true", help="do not verify the input")
    ap.add_argument("--annotate", action="store_true",
                    help="on verifier errors, also print the IR annotated with them")
    ap.add_argument("--loc-stats", action="store_true",
                    help="after the passes, count each function's ARTIFICIAL locations on stderr "
                         "(verifier rule L5)")
    ap.add_argument("--list-passes", action="store_true", help="list known passes and exit")
    return ap


class _Tool:
    def __init__(self, filename: str, err: TextIO) -> None:
        self.filename = filename
        self.err = err
        self.spans: dict[int, tuple[int, int]] = {}
        self.source_lines: list[str] = []

    def report_verifier(self, m: Module, errors: list[VerifierError], when: str,
                        show_ir: bool) -> None:
        """Each error at its input position when the IR is still the parsed input (after a
        pass, objects may be new and `id`s reused, so positions are not used), else plainly."""
        for e in errors:
            pos = None
            if not when:
                pos = self.spans.get(id(e.where)) if e.where is not None else None
                if pos is None and e.function is not None:
                    pos = self.spans.get(id(e.function))
            msg = f"{e}" if not when else f"{e} ({when})"
            if pos is not None:
                self._error_at(pos[0], pos[1], msg)
            else:
                self.err.write(f"{self.filename}: error: {msg}\n")
        if show_ir:
            self.err.write(annotate(m, errors))
        self.err.write(f"atomc-opt: {len(errors)} verifier error{'s' * (len(errors) != 1)}\n")

    def _error_at(self, line: int, col: int, msg: str) -> None:
        # rendered here rather than by DiagnosticEngine, which reads source lines from
        # disk: the input may be stdin
        text = f"{self.filename}:{line}:{col}: error: {msg}\n"
        if 0 < line <= len(self.source_lines):
            src = self.source_lines[line - 1]
            text += src + "\n" + "".join(c if c == "\t" else " " for c in src[: col - 1]) + "^\n"
        self.err.write(text)


def main(argv: Sequence[str] | None = None) -> int:
    args = _arg_parser().parse_args(argv)
    err = sys.stderr
    if args.list_passes:
        import atomc.opt.passes  # noqa: F401 - registers every pass
        from atomc.opt.registry import PASSES
        for name in sorted(PASSES):
            print(name)
        return 0
    try:
        pipeline = parse_pipeline(args.passes)
    except UnknownPass as exc:
        err.write(f"atomc-opt: error: {exc}\n")
        return 2
    filename = "<stdin>" if args.input == "-" else args.input
    try:
        if args.input == "-":
            text = sys.stdin.read()
        else:
            with open(args.input, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        err.write(f"atomc-opt: error: cannot read '{args.input}': {exc}\n")
        return 1
    tool = _Tool(filename, err)
    tool.source_lines = text.split("\n")
    try:
        parser = IRParser(text, filename)
        module = parser.parse()
    except IRParseError as exc:
        err.write(f"{exc}\n")
        return 1
    except RecursionError:
        err.write(f"{filename}: error: input nests too deeply\n")
        return 1
    tool.spans = parser.spans
    if not args.no_verify:
        errors = verify_module(module)
        if errors:
            tool.report_verifier(module, errors, "", args.annotate)
            return 1
    for name in pipeline:
        make_pass(name).run(module)
        if args.print_after_all:
            err.write(f"; *** IR after {name} ***\n{print_module(module)}")
        if args.verify_each:
            errors = verify_module(module)
            if errors:
                tool.report_verifier(module, errors, f"after pass {name}", True)
                return 1
    if args.loc_stats:
        for stats in location_stats(module):
            err.write(f"{filename}: note: {stats}\n")
    out_text = print_module(module)
    if args.output == "-":
        sys.stdout.write(out_text)
    else:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(out_text)
        except OSError as exc:
            err.write(f"atomc-opt: error: cannot write '{args.output}': {exc}\n")
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
