"""`python -m atomc.codegen`: the back end alone, like llc.

Reads textual IR, prints the assembly (or the machine IR after a chosen
stage), so golden tests can pin instruction selection, frame lowering and
line tables without going through the C front end. With `--run-pass=NAME` it
reads textual machine IR instead (a `.mir` file, as `--print-mir-after` writes
it), runs that one machine pass and prints the machine IR it leaves.
"""

from __future__ import annotations

import argparse
import io
import sys

from ..diag import InternalCompilerError
from ..ir.parser import parse_module
from ..ir.text_lexer import IRParseError
from ..options import CfProtection, CompileOptions, StackProtector
from . import compile_function, generate_assembly
from .mir import print_mfunction
from .mir.parser import MIRParseError, parse_mir
from .passes.fallthrough import fold_fallthrough_branches
from .pipeline import legalize_i128, machine_pass_names, run_machine_pass
from .regalloc.fast import allocate
from .x86_64.isel.select import select_function

STAGES = ("isel", "regalloc", "frame")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m atomc.codegen", description=__doc__)
    ap.add_argument("input", help="IR file, or - for stdin")
    ap.add_argument("-g", action="store_true", help="emit .loc rows and DWARF sections")
    ap.add_argument("--print-mir", choices=STAGES,
                    help="print the machine IR after this stage instead of assembly")
    ap.add_argument("-o", dest="output", default="-")
    ap.add_argument("-O", dest="opt_level", type=int, default=0, choices=range(4),
                    help="back-end optimisation level (allocator, scheduler)")
    ap.add_argument("-fomit-frame-pointer", dest="omit_fp", action="store_true",
                    help="address the frame from %%rsp (the default at -O2 and up)")
    ap.add_argument("--run-pass", choices=sorted(machine_pass_names() - {"isel"}), metavar="NAME",
                    help="read machine IR, run this machine pass, print the machine IR")
    ap.add_argument("--verify-machineinstrs", action="store_true",
                    help="with --run-pass: verify the input and output, check keeps_di")
    ap.add_argument("--stack-protector", choices=[m.value for m in StackProtector],
                    default="none", help="as gcc's -fstack-protector[-MODE]")
    ap.add_argument("--cf-protection", choices=[m.value for m in CfProtection],
                    default="none", help="as gcc's -fcf-protection=")
    args = ap.parse_args(argv)
    if args.input == "-":
        text = sys.stdin.read()
    else:
        with open(args.input, encoding="utf-8") as f:
            text = f.read()
    if args.run_pass:
        return _run_pass(args, text)
    try:
        module = parse_module(text, args.input)
    except IRParseError as e:
        print(e, file=sys.stderr)
        return 1
    options = CompileOptions(debug=args.g, opt_level=args.opt_level,
                             omit_frame_pointer=True if args.omit_fp else None)
    if args.print_mir:
        legalize_i128()(module)  # generate_assembly does this itself
        parts = []
        number = 0
        debug = args.g and module.cu is not None
        for fn in module.functions.values():
            if fn.is_declaration:
                continue
            if args.print_mir == "frame":
                mf = compile_function(fn, number, module, debug and fn.subprogram is not None,
                                      args.opt_level,
                                      omit_frame_pointer=options.omits_frame_pointer)
            else:
                mf = select_function(fn, number, module, debug and fn.subprogram is not None)
                if args.print_mir == "regalloc":
                    fold_fallthrough_branches(mf)
                    allocate(mf)
            number += 1
            parts.append(print_mfunction(mf))
        out = "\n".join(parts)
    else:
        out = generate_assembly(module, options)
    if args.output == "-":
        sys.stdout.write(out)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(out)
    return 0


def _run_pass(args: argparse.Namespace, text: str) -> int:
    opts = CompileOptions(opt_level=args.opt_level, debug=args.g,
                          omit_frame_pointer=True if args.omit_fp else None,
                          verify_machineinstrs=args.verify_machineinstrs,
                          stack_protector=StackProtector(args.stack_protector),
                          cf_protection=CfProtection(args.cf_protection))
    out = io.StringIO()
    try:
        functions = parse_mir(text, "<stdin>" if args.input == "-" else args.input)
        run_machine_pass(functions, args.run_pass, opts, out)
    except (MIRParseError, ValueError) as e:
        print(e, file=sys.stderr)
        return 1
    except InternalCompilerError as err:  # not `e`: compiled, a name has one type
        print(f"error: {err}", file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.write(out.getvalue())
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
