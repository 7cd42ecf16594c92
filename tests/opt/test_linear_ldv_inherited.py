"""Phase E's inherited `new` tokens and added locations (ldv/emit.py,
`_inherited_sets`) must cost nothing per variable at a block entry whose
predecessors agree.

Every block entry used to copy each variable's current `new` and added
locations at the block before's exit and rebuild them at the next entry,
joins and single predecessors alike (variables x blocks: Lua's luaV_execute,
21 such variables x 1,119 blocks). The exits are now kept as they are and the
added-location dicts shared; only a join whose predecessors disagree rebuilds
its variables (`ldv.emit.inherited_vars`).

The shape: n variables, each with a `new` in a register of its own and an
`add` in RCX, then n if/else diamonds that touch none of them; at the end the
last variable's register is clobbered, and its added location takes over (its
`new` and `add` were inherited through every join).
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "unit"))
from test_ldv_conformance import CALLER_SAVED, RCX, RSP, d, nop  # noqa: E402

from atomc.codegen.debuginfo.ldv import (  # noqa: E402
    DebugValue,
    InstrRef,
    MBlockView,
    MFunctionView,
    MInstView,
    VarKey,
    compute_var_ranges,
    reg,
)
from atomc.codegen.debuginfo.ldv.model import VarLoc  # noqa: E402
from atomc.ir import work  # noqa: E402
from atomc.ir.dbgrecords import DbgKind  # noqa: E402

SMALL, LARGE = 16, 64
MAX_GROWTH = 5.0  # linear work grows about 4x, variables x blocks about 16x


def _function(n: int) -> tuple[MFunctionView, list[VarKey]]:
    """Block 0: variable k is #(2k+1) in a register of its own and (`add`) #(2k+2)
    in RCX (the last write to RCX wins, so only variable n-1's `add` still
    holds there); then n diamonds; the last block clobbers variable 0's
    register."""
    variables = [VarKey(f"v{k}") for k in range(n)]
    regs = [reg(20 + k) for k in range(n)]  # (xmm-numbered: a register per variable)
    first: list[MInstView] = []
    for k, var in enumerate(variables):
        first += [d("", regs[k], 2 * k + 1).view,
                  MInstView(debug=DebugValue(var, InstrRef(2 * k + 1), DbgKind.NEW, 2 * k + 1)),
                  d("", RCX, 2 * k + 2).view,
                  MInstView(debug=DebugValue(var, InstrRef(2 * k + 2), DbgKind.ADD,
                                             2 * k + 2, 2 * k + 1))]
    blocks = [MBlockView((*first, nop("").view), (1,))]
    for j in range(n):
        head = 1 + 3 * j
        blocks += [MBlockView((nop("").view,), (head + 1, head + 2)),
                   MBlockView((nop("").view,), (head + 3,)),
                   MBlockView((nop("").view,), (head + 3,))]
    blocks.append(MBlockView((d("", regs[n - 1]).view, nop("").view), ()))
    fn = MFunctionView(tuple(blocks), CALLER_SAVED, frozenset(), {}, frozenset({RSP}))
    return fn, variables


def _count(n: int) -> tuple[dict[str, int], list[tuple[Hashable, VarLoc]]]:
    fn, variables = _function(n)
    work.reset()
    ranges = compute_var_ranges(fn)
    counts = work.snapshot()
    last = [(r.var.var, r.loc) for r in ranges if r.var == variables[n - 1]]
    return counts, last


def test_agreeing_entries_rebuild_no_variable() -> None:
    small, small_last = _count(SMALL)
    large, large_last = _count(LARGE)
    # the inherited `add`: variable n-1 moves to RCX when its register is clobbered
    assert small_last[-1] == ("v15", RCX) and large_last[-1] == ("v63", RCX)
    assert small_last[0][1] is reg(20 + SMALL - 1)  # its own register before
    assert large.get("ldv.emit.inherited", 0) > small.get("ldv.emit.inherited", 0) > 0, \
        "the entries inherited nothing: the shape no longer exercises _inherited_sets"
    s, g = small.get("ldv.emit.inherited_vars", 0), large.get("ldv.emit.inherited_vars", 0)
    assert g <= MAX_GROWTH * max(s, 1), \
        f"inherited sets rebuilt per variable at agreeing entries: {s} -> {g}"
