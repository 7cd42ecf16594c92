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
line (same line, scope and inlining); otherwise the `ret` keeps the return
statement's location, as before the brace existed.

Debug info: only the `ret`'s location changes (and its `meta` is cleared); the
code is the same whatever the locations are, so `.text` does not depend on -g
or on Key Instructions.
"""

from __future__ import annotations

from typing import ClassVar

from ...ir.debuginfo import DILocation
from ..mir import MBlock, MFunction, MInst
from ..mir.passes import MDI, MachineContext, MachinePass
from ..target import desc


def _same_line(a: DILocation | None, b: DILocation) -> bool:
    return a is not None and a.line == b.line and a.scope is b.scope \
        and a.inlined_at is b.inlined_at


def _return_line_kept(block: MBlock, ret: MInst) -> bool:
    """Whether an instruction of `block` other than `ret` still holds `ret`'s line."""
    assert ret.loc is not None
    return any(mi is not ret and not mi.is_meta and _same_line(mi.loc, ret.loc)
               for mi in block.insts)


def place_return_braces(mf: MFunction) -> None:
    """Each `ret` carrying its closing brace takes it when its return line keeps
    code; the brace is dropped either way."""
    for b in mf.blocks:
        for mi in b.insts:
            if mi.is_meta or not desc(mi.opcode).is_return:
                continue
            close = mi.meta
            if not isinstance(close, DILocation):
                continue
            mi.meta = None
            if mi.loc is not None and _return_line_kept(b, mi):
                mi.loc = close


class ReturnBrace(MachinePass):
    """A folded return's `ret` at the closing brace when the return line keeps
    other code (`return-brace`).

    Debug info: moves a `ret`'s location to its `}`; numbers and substitutions
    are untouched."""

    name: ClassVar[str] = "return-brace"
    keeps_di: ClassVar[MDI] = MDI.INSTR_NUMS | MDI.SUBSTITUTIONS

    def run(self, mf: MFunction, ctx: MachineContext) -> None:
        place_return_braces(mf)
