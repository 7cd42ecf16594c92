"""`atomc-explain [atomc options] FILE.c -o REPORT.html`: compile FILE.c exactly as
atomc would and write the Optview page (or, with --format=text, print it)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence

from atomc_eval.trace import TraceFormatError

from .compile import CompileFailed, compile_source
from .model import build_report

_USAGE = "atomc-explain [atomc options] FILE.c [-o REPORT.html] [--format=html|text] " \
         "[--function=NAME] [--trace=TRACE.jsonl]"


def _split(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    p = argparse.ArgumentParser(prog="atomc-explain", usage=_USAGE, add_help=True,
                                description=__doc__)
    p.add_argument("-o", dest="output")
    p.add_argument("--format", choices=("html", "text"), default="html")
    p.add_argument("--function", default=None, help="text mode: only this function")
    p.add_argument("--trace", default=None, metavar="TRACE.jsonl",
                   help="overlay the stops of an atomc-dbgeval trace of the same build")
    return p.parse_known_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args, rest = _split(sys.argv[1:] if argv is None else list(argv))
    sources = [w for w in rest if w.endswith((".c", ".i")) and not w.startswith("-")]
    if len(sources) != 1:
        print("atomc-explain: error: give exactly one C source file", file=sys.stderr)
        return 1
    source = sources[0]
    # the compile always stops at the object (-c); other stopping points make no page
    options = [w for w in rest if w != source and w not in ("-c", "-S")]
    stops = [w for w in options if w in ("-E", "-M", "-MM", "-fsyntax-only", "--emit-ir")]
    if stops:
        print(f"atomc-explain: error: '{stops[0]}' stops before the object file the report "
              "is read from", file=sys.stderr)
        return 1
    if not os.path.exists(source):
        print(f"atomc-explain: error: {source}: No such file or directory", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="atomc-explain-") as work:
        try:
            compiled = compile_source(options, source, work)
        except CompileFailed as e:
            return e.status
        try:
            report = build_report(compiled, tuple(options), args.trace)
        except TraceFormatError as e:
            print(f"atomc-explain: error: {e}", file=sys.stderr)
            return 1
    if args.function is not None and all(f.name != args.function for f in report.functions):
        print(f"atomc-explain: error: no function '{args.function}' in {source}",
              file=sys.stderr)
        return 1
    if args.format == "text":
        from .text import report_text
        text = report_text(report, args.function)
        if args.output in (None, "-"):
            sys.stdout.write(text)
        else:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        return 0
    from .html import report_html
    out = args.output or os.path.splitext(os.path.basename(source))[0] + ".html"
    with open(out, "w", encoding="utf-8") as f:
        f.write(report_html(report))
    return 0
