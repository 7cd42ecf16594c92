"""Per-function optimisation levels: the IR function attributes that
`__attribute__((optnone))`, `__attribute__((optimize(...)))` and
`#pragma GCC optimize` leave, and the options a function is compiled with.

`optnone` (always with `noinline`, as LLVM's verifier requires) compiles the
function as at -O0 whatever the command line says: no IR pass touches it, the
back end runs its -O0 pipeline (fast allocator, no scheduling, every variable
in its stack home), Key Instructions follow -O0's default, it is never inlined
and nothing is inlined into it. `optlevel1`..`optlevel3` and `optsize` (-Os)
set another level the same way. `no_inline_into`, `omit_frame_pointer`,
`keep_frame_pointer` and `wrapv` are gcc's `-fno-inline`,
`-f[no-]omit-frame-pointer` and `-fwrapv` for one function. The IR prints and
parses them like any other function attribute, so a test can see which
functions a pipeline skipped.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import replace

from .options import CompileOptions

OPTNONE = "optnone"
NOINLINE = "noinline"
NO_INLINE_INTO = "no_inline_into"  # optimize("no-inline"): no callee is inlined into it
OMIT_FRAME_POINTER = "omit_frame_pointer"  # optimize("omit-frame-pointer")
KEEP_FRAME_POINTER = "keep_frame_pointer"  # optimize("no-omit-frame-pointer")
WRAPV = "wrapv"  # optimize("wrapv"): its signed + - * carry no `nsw`
# attribute -> (level, size_opt); `optnone` is level 0
LEVEL_ATTRS: dict[str, tuple[int, bool]] = {
    OPTNONE: (0, False), "optlevel1": (1, False), "optlevel2": (2, False),
    "optlevel3": (3, False), "optsize": (2, True),
}


def level_attrs(level: int, size_opt: bool) -> set[str]:
    """The IR attributes asking for `level` (and -Os with `size_opt`)."""
    if level <= 0:
        return {OPTNONE, NOINLINE}
    if size_opt:
        return {"optsize"}
    return {f"optlevel{min(level, 3)}"}


def explicit_level(attrs: Set[str]) -> tuple[int, bool] | None:
    """The (level, size_opt) a function's attributes fix, or None (the command line's)."""
    for name in (OPTNONE, "optsize", "optlevel1", "optlevel2", "optlevel3"):
        if name in attrs:
            return LEVEL_ATTRS[name]
    return None


def function_level(attrs: Set[str], opts: CompileOptions) -> tuple[int, bool]:
    """The (level, size_opt) a function with `attrs` is compiled at under `opts`."""
    return explicit_level(attrs) or (opts.opt_level, opts.size_opt)


def function_options(attrs: Set[str], opts: CompileOptions) -> CompileOptions:
    """`opts` as one function with `attrs` is compiled: its own level, and what
    follows from it (Key Instructions' and the frame pointer's defaults)."""
    level, size = function_level(attrs, opts)
    fp = opts.omit_frame_pointer
    if OMIT_FRAME_POINTER in attrs or KEEP_FRAME_POINTER in attrs:
        fp = OMIT_FRAME_POINTER in attrs
    if (level, size, fp) == (opts.opt_level, opts.size_opt, opts.omit_frame_pointer):
        return opts
    return replace(opts, opt_level=level, size_opt=size, omit_frame_pointer=fp)


def merge_levels(old: set[str], new: set[str]) -> set[str]:
    """A redeclaration's attributes added to the earlier ones: a level the new
    declaration asks for replaces the old one (`noinline` stays)."""
    if explicit_level(new) is not None:
        old = old - LEVEL_ATTRS.keys()
    return old | new
