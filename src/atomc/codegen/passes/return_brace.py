"""The closing brace of a folded return (`return-brace`), placed once the code
that can move or retag the return statement's instructions has run.

With Key Instructions the front end folds a single return block into its
predecessor: the IR `Ret` takes the return statement's location and keeps the
function's `}` as `Ret.close`, which instruction selection stores on the machine
`ret` (its `meta`). Putting the `ret`, and so the epilogue frame lowering gives
its location, at the `}` makes `step` stop on the return line and then on the
brace, as at -O0 -- but only while the return line still has code of its own.
The scheduler can sink the copy into the return register among the previous
statement's code, where it takes that statement's line, and the allocator can
coalesce it away; the `ret` is then the return line's last instruction, and
moving it to the brace would lose the return line's stop. So the brace is used
only when some other instruction of the `ret`'s block still holds the return
line (same line, scope and inlining) -- the `ret`'s epilogue then goes to the
brace with it, as it always did.

When the `ret` is the return line's only code but frame lowering put an
epilogue (stack release, callee-saved pops) before it, the epilogue keeps the
return line and only the `ret` takes the brace: the return line still has its
stop, on the first epilogue instruction, and every path into the block runs
that epilogue before the `ret`, so each return stops on the return line and
then on the `}` (as at -O0). That is what a return whose value is computed
before a join (the copy coalesced into the phi) or a loop's result falling into
the epilogue block needs; without an epilogue the `ret` keeps the return line.
The pass therefore runs after frame lowering, before the canary checks, which
take the location of the epilogue they precede.

Debug info: only the locations of the `ret` and its epilogue change (and the
`ret`'s `meta` is cleared); the code is the same whatever the locations are,
so `.text` does not depend on -g or on Key Instructions.
"""

from __future__ import annotations

from typing import ClassVar

from ...ir import work
from ...ir.debuginfo import DILocation
from ..mir import MBlock, MFunction, MIFlag, MInst
from ..mir.passes import MDI, MachineContext, MachinePass
from ..target import desc


def _same_line(a: DILocation | None, b: DILocation) -> bool:
    return a is not None and a.line == b.line and a.scope is b.scope \
        and a.inlined_at is b.inlined_at


def _epilogue(block: MBlock, at: int) -> list[MInst]:
    """The frame-destroy instructions frame lowering put right before the `ret` at
    `block.insts[at]` (its CFI included: meta instructions have no location)."""
    start = at
    while start > 0 and block.insts[start - 1].flags & MIFlag.FRAME_DESTROY:
        start -= 1
    return block.insts[start:at]


def _return_line_kept(block: MBlock, ret: MInst, epilogue: list[MInst]) -> bool:
    """Whether an instruction of `block`, not `ret` nor its epilogue, still holds
    `ret`'s line."""
    assert ret.loc is not None
    own = {id(ret)} | {id(mi) for mi in epilogue}
    return any(id(mi) not in own and not mi.is_meta and _same_line(mi.loc, ret.loc)
               for mi in block.insts)


def place_return_braces(mf: MFunction) -> None:
    """Each `ret` carrying its closing brace takes it when its return line keeps
    code (the epilogue moves with it) or when its epilogue can keep the return
    line; the brace is dropped either way."""
    scanned = 0
    for b in mf.blocks:
        at = b.last_real()  # a `ret` ends its block (`MBlock.last_real`)
        scanned += len(b.insts) - at
        if at < 0:
            continue
        mi = b.insts[at]
        if not desc(mi.opcode).is_return:
            continue
        close = mi.meta
        if not isinstance(close, DILocation):
            continue
        mi.meta = None
        if mi.loc is None:
            continue
        epilogue = [e for e in _epilogue(b, at) if e.loc == mi.loc]
        if _return_line_kept(b, mi, epilogue):
            for e in epilogue:
                e.loc = close
            mi.loc = close
        elif any(not e.is_meta for e in epilogue):
            mi.loc = close  # the epilogue is the return line's stop
    work.add("return_brace.scanned", scanned)


class ReturnBrace(MachinePass):
    """A folded return's `ret` at the closing brace when the return line keeps
    other code or its epilogue can keep that line (`return-brace`).

    Debug info: moves a `ret`'s location (and, with it, its epilogue's) to its
    `}`; numbers and substitutions are untouched."""

    name: ClassVar[str] = "return-brace"
    keeps_di: ClassVar[MDI] = MDI.INSTR_NUMS | MDI.SUBSTITUTIONS

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        place_return_braces(mf)
