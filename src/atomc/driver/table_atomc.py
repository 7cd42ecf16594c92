"""atomc's own options (not gcc's): debugging the compiler and its debug-info modes."""

from __future__ import annotations

from collections.abc import Callable

from ..options import KeyInstrMode, LoclistMode
from .spec import Add, Class, Form, Option, Set, UsageError, flag, valued

A = Class.ATOMC


def _names(value: str) -> list[str]:
    return [p for p in value.split(",") if p]


def _mir_names(value: str) -> list[str]:
    """Machine pass names, checked against the back end's pipeline (loaded only
    when the option is given)."""
    from ..codegen.pipeline import machine_pass_names
    names = _names(value)
    for name in names:
        if name not in machine_pass_names():
            raise UsageError(f"unknown machine pass '{name}' in '--print-mir-after={value}' "
                             f"(known: {', '.join(sorted(machine_pass_names()))})")
    return names


def _int(option: str) -> Callable[[str], int]:
    def convert(value: str) -> int:
        try:
            return int(value)
        except ValueError:
            raise UsageError(f"invalid value '{value}' in '{option}{value}'") from None
    return convert


ATOMC: list[Option] = [
    flag("--emit-ir", A, "print atomc's IR (after optimisation) instead of assembly",
         Set("opts.emit_ir", True)),
    flag("--print-after-all", A, "print the IR after every pass (to stderr)",
         Set("opts.print_after_all", True)),
    valued("--print-after=", Form.EQ, A, "print the IR after the named passes",
           Add("opts.print_after", convert=_names), metavar="PASS[,PASS]"),
    flag("--verify-each", A, "run the IR and machine-IR verifiers after every pass",
         Set("opts.verify_each", True)),
    flag("--print-mir-after-all", A, "print the machine IR after instruction selection and "
         "every machine pass (to stderr)", Set("opts.print_mir_after_all", True)),
    valued("--print-mir-after=", Form.EQ, A, "print the machine IR after the named machine "
           "passes", Add("opts.print_mir_after", convert=_mir_names), metavar="PASS[,PASS]"),
    flag("--verify-machineinstrs", A, "run the machine-IR verifier and check each machine "
         "pass's debug-info contract after every machine pass",
         Set("opts.verify_machineinstrs", True)),
    valued("--passes=", Form.EQ, A, "run exactly these IR passes",
           Set("opts.passes", convert=lambda v: tuple(_names(v))), metavar="A,B,C"),
    valued("--opt-bisect-limit=", Form.EQ, A, "run only the first N pass invocations",
           Set("opts.opt_bisect_limit", convert=_int("--opt-bisect-limit=")), metavar="N"),
    flag("--time-passes", A, "report the time of each pass", Set("opts.time_passes", True)),
    valued("--key-instructions-mode=", Form.EQ, A, "is_stmt placement rules",
           Set("opts.key_instructions_mode", convert=KeyInstrMode),
           values=tuple(KeyInstrMode)),
    valued("--loclist-mode=", Form.EQ, A, "location lists: one location per range, or every "
           "place holding the value", Set("opts.loclist_mode", convert=LoclistMode),
           values=tuple(LoclistMode)),
    flag("-gkey-instructions", A, "Key Instructions is_stmt placement (default: on when "
         "optimising)", Set("opts.key_instructions", True)),
    flag("-gno-key-instructions", A, "classic 'line changed' is_stmt rows",
         Set("opts.key_instructions", False)),
]
