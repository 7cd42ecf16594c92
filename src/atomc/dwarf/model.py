"""What the back end tells the DWARF writer about each emitted function.

The back end owns addresses (assembler labels); the DWARF writer owns the
encoding. This module is the boundary: plain immutable records, no behaviour.

Location expressions are `locexpr.LocExpr`s, tuples of typed DWARF operations
(`Fbreg(-20)`, `Reg(3)`, `Deref()`, ...) that only the writer encodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ir.debuginfo import DILocalVariable, DILocation, DIScope, DISubprogram
from .locexpr import LocExpr


@dataclass(frozen=True, slots=True)
class LocRange:
    """`expr` describes the variable from label `start` up to label `end`."""

    start: str
    end: str
    expr: LocExpr

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, start: str, end: str, expr: LocExpr) -> None:
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "expr", expr)


@dataclass(frozen=True, slots=True)
class WhyEntry:
    """From label `start` up to label `end` the variable has no location, for the
    reason `code` (ir.why.WhyKind.code) with a source `line` and a `name` (either
    may be empty): a record of `.debug.atomc_why` (docs/why-optimized-out.md)."""

    start: str
    end: str
    code: int
    line: int = 0
    name: str = ""

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, start: str, end: str, code: int, line: int = 0, name: str = "") -> None:
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "name", name)


@dataclass(frozen=True, slots=True)
class VarLocation:
    """Where a variable (of an inlined instance) is, over its scope."""

    var: DILocalVariable
    inlined_at: DILocation | None
    # Exactly one of: a single location valid over the whole scope, a constant
    # value, or a location list (possibly empty: "optimized out" everywhere).
    single: LocExpr | None = None
    const_value: int | None = None
    ranges: tuple[LocRange, ...] = ()
    why: tuple[WhyEntry, ...] = ()  # where it has no location, why

    # written out, not generated (compiled; codegen/mir/core.py's operands say why)
    def __init__(self, var: DILocalVariable, inlined_at: DILocation | None,
                 single: LocExpr | None = None, const_value: int | None = None,
                 ranges: tuple[LocRange, ...] = (), why: tuple[WhyEntry, ...] = ()) -> None:
        object.__setattr__(self, "var", var)
        object.__setattr__(self, "inlined_at", inlined_at)
        object.__setattr__(self, "single", single)
        object.__setattr__(self, "const_value", const_value)
        object.__setattr__(self, "ranges", ranges)
        object.__setattr__(self, "why", why)


@dataclass(frozen=True, slots=True)
class ScopeRanges:
    """Address ranges of a lexical block or inlined-subroutine instance."""

    scope: DIScope
    inlined_at: DILocation | None
    ranges: tuple[tuple[str, str], ...]  # (start label, end label), non-overlapping


@dataclass(frozen=True, slots=True)
class CallValue:
    """`DW_TAG_call_site_parameter`: argument register `reg` held the value of
    `value`, a DWARF expression the caller can evaluate while the callee runs."""

    reg: int
    value: LocExpr


@dataclass(frozen=True, slots=True)
class CallSite:
    """`DW_TAG_call_site`: the call returning to label `return_label`, to the
    function named `callee` or (indirect) to the address in `target`."""

    return_label: str
    callee: str | None
    target: LocExpr | None
    params: tuple[CallValue, ...] = ()


@dataclass(frozen=True, slots=True)
class FunctionDebugInfo:
    subprogram: DISubprogram
    symbol: str  # the function's assembler symbol (start address)
    end_label: str
    frame_base: LocExpr  # usually (CallFrameCfa(),)
    variables: tuple[VarLocation, ...] = ()
    scopes: tuple[ScopeRanges, ...] = ()
    call_sites: tuple[CallSite, ...] = ()
    all_calls: bool = False  # every call of the function is in `call_sites`
    # filled by later issues: call sites for entry values, etc.
    extra: dict[str, object] = field(default_factory=dict)
