"""From LiveDebugValues ranges to the DWARF writer's variable locations.

Each variable (with its inlined-at) becomes one `VarLocation`: a constant
value or a single location when one entry covers the whole function (LLVM's
`validThroughout` for function-scope variables), otherwise a location list.
A long double constant (an 80-bit pattern) becomes `DW_OP_implicit_value` of
its 16 bytes; a frame object's address (an inlined `p = &x`) `DW_OP_fbreg N,
DW_OP_stack_value`; a global's or string literal's address an `AddrValue`,
computed from the pc so that gdb and lldb both relocate it (address_values.py).
Fragments are combined into composite `DW_OP_piece` entries, with an empty `DW_OP_bit_piece` where a
fragment has no location. In `multi` mode the extra overlapping
entries follow all primary ones, so at every address the preferred location
comes first in the list (gdb reads the first entry that matches).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ...dwarf.locexpr import (
    AddrValue,
    BitPiece,
    Breg,
    Deref,
    EntryValue,
    Fbreg,
    ImplicitValue,
    LocExpr,
    LocOp,
    Piece,
    Reg,
    StackValue,
    const,
)
from ...dwarf.model import LocRange, VarLocation
from ...ir.debuginfo import type_bits
from ..target import current
from .address_values import Anchors, anchored, has_address, relocatable
from .ldv.model import (
    ComputedLoc,
    ConstLoc,
    EntryValueLoc,
    LocKind,
    MLoc,
    PiecesLoc,
    VarLoc,
    VarRange,
    VarWhole,
)
from .ldv.salvage import MEMORY_AT
from .outer_frames import NO_CALLS, CallReturns, after, cut, half_label

# constants from this value up are the 80-bit patterns of long doubles (isel_x87),
# wider than DWARF's stack: described with DW_OP_implicit_value
WIDE_CONST = 1 << 64


def loc_expr(loc: VarLoc) -> LocExpr:
    if isinstance(loc, ComputedLoc):
        if loc.ops == MEMORY_AT:  # the variable is the memory at the value's address
            return value_of(loc.base)
        return value_of(loc.base) + loc.ops + (StackValue(),)
    if isinstance(loc, MLoc):
        return (Reg(loc.num),) if loc.kind is LocKind.REG else (Fbreg(loc.num),)
    if isinstance(loc, ConstLoc):
        if loc.frame or loc.symbol is not None:  # a frame object's or global's address
            return value_of(loc) + (StackValue(),)
        if loc.value >= WIDE_CONST:  # an x87 long double: its 16 bytes as they are in memory
            return (ImplicitValue(loc.value.to_bytes(16, "little")),)
        return (const(loc.value), StackValue())
    if isinstance(loc, EntryValueLoc):
        return (EntryValue((Reg(loc.reg.num),)), StackValue())
    if isinstance(loc, PiecesLoc):
        return tuple(op for r, n in loc.parts for op in (Reg(r.num), Piece(n)))
    raise TypeError(loc)


def value_of(loc: VarLoc) -> LocExpr:
    """Ops pushing the value a location holds (a value, not a location: for a
    computed location, or a call-site parameter's value)."""
    if isinstance(loc, MLoc):
        return (Breg(loc.num, 0),) if loc.kind is LocKind.REG else (Fbreg(loc.num), Deref())
    if isinstance(loc, ConstLoc):
        if loc.symbol is not None:
            return (AddrValue(loc.symbol, loc.value),)
        if loc.frame:
            return (Fbreg(loc.value),)
        return (const(loc.value),)
    if isinstance(loc, EntryValueLoc):
        return (EntryValue((Reg(loc.reg.num),)),)
    raise TypeError(loc)


def _frame_regs() -> frozenset[int]:
    """DWARF numbers of the frame and stack pointers: the frame set-up writes them."""
    r = current().registers
    return frozenset(r.dwarf_number[name] for name in (r.frame_pointer, r.stack_pointer))


def start_at_entry(ranges: Sequence[VarRange], setup: int) -> list[VarRange]:
    """Ranges that begin right after the function's leading `setup` frame set-up
    instructions (pushes, the stack adjustment) begin at its first address instead,
    when their location is a constant, an entry value or a register those
    instructions do not write (or a value computed from one), and no range of
    another part of the variable starts earlier. Earlier ranges of the same part
    that end before it (a parameter's register, then `p = 0` before the first
    body instruction) are dropped when the moved range reaches prologue_end.

    A function without a frame pointer has the first body line's row at its entry
    (dwarf/line_rows.py `body_line_at_entry`): gdb stops there when it steps in, and
    the variables should read as they do at prologue_end, where the same line's
    stop would be (-O0 shows `p` as 0 on that line, not the argument). Pushes
    change only the stack, so a value that holds after them held before them."""
    if setup <= 0:
        return list(ranges)
    starts: dict[object, list[int]] = {}  # a whole variable's ranges that start in the set-up
    for i, r in enumerate(ranges):
        if r.start < setup:
            starts.setdefault(r.var.whole, []).append(i)
    moved: set[int] = set()
    dropped: set[int] = set()
    for idx in starts.values():
        for i in idx:
            r = ranges[i]
            if not (_unchanged_by_setup(r.loc) and 0 <= r.start):
                continue
            earlier = [j for j in idx if ranges[j].start < r.start]
            if earlier and (r.end < setup or any(
                    ranges[j].var != r.var or ranges[j].end > r.start for j in earlier)):
                continue
            moved.add(i)
            dropped.update(earlier)
    return [replace(r, start=-1) if i in moved else r
            for i, r in enumerate(ranges) if i not in dropped]


def _unchanged_by_setup(loc: VarLoc) -> bool:
    """Does the frame set-up leave this location's value as it was?"""
    if isinstance(loc, ComputedLoc):
        return _unchanged_by_setup(loc.base)
    if isinstance(loc, MLoc):
        return loc.kind is LocKind.REG and loc.num not in _frame_regs()
    return isinstance(loc, (ConstLoc, EntryValueLoc))


def lower_var_ranges(ranges: Sequence[VarRange], label_after: Callable[[int], str],
                     last_pos: int, anchors: Anchors, setup: int = 0,
                     returns: CallReturns = NO_CALLS) -> list[VarLocation]:
    """`label_after(p)` names the address after real instruction p (-1: function start).
    `setup`: the function's leading frame set-up instructions (`start_at_entry`); a
    range moved to the entry that way stays a location list entry (gdb lists a
    DW_AT_const_value variable as a constant symbol, which tools that walk a frame's
    variables skip). `anchors`: where entries holding a global's address are cut
    (a single location serves only when there are no cuts). `returns`: the calls,
    where ranges are cut for outer frames (outer_frames.py; from there on
    positions are half positions)."""
    by_var: dict[VarWhole, list[VarRange]] = {}
    for r in ranges:
        by_var.setdefault(r.var.whole, []).append(r)
    label_at = half_label(label_after)
    halved = anchors.halved()
    last = after(last_pos)
    out: list[VarLocation] = []
    for whole, rs in by_var.items():
        var, inlined_at = whole.var, whole.inlined_at
        if any(r.var.fragment is not None for r in rs):
            bits = type_bits(getattr(var, "type", None)) or 0
            entries = _composite(cut(start_at_entry(rs, setup), returns), bits)
        else:
            prim = sorted((r for r in rs if r.primary), key=lambda r: r.start)
            sec = sorted((r for r in rs if not r.primary), key=lambda r: r.start)
            kept = cut(start_at_entry(prim + sec, setup), returns)
            cut_prim = sorted((r for r in kept if r.primary), key=lambda r: r.start)
            entries = [(r.start, r.end, loc_expr(r.loc))
                       for r in cut_prim + [r for r in kept if not r.primary]]
            # (one range from the start as LiveDebugValues gave it: not one moved
            # there by start_at_entry, nor one a call cuts)
            if len(prim) == 1 and not sec and prim[0].start == -1 and len(cut_prim) == 1 \
                    and cut_prim[0].end >= last:
                only = prim[0].loc
                if isinstance(only, ConstLoc) and only.value < WIDE_CONST and not only.frame \
                        and only.symbol is None:
                    out.append(VarLocation(var, inlined_at, const_value=only.value))  # type: ignore[arg-type]
                    continue
                expr = loc_expr(only)
                if not (has_address(expr) and anchors.cuts):  # one anchor serves the function
                    expr = relocatable(expr, label_after(-1), anchors.pc_reg)
                    out.append(VarLocation(var, inlined_at, single=expr))  # type: ignore[arg-type]
                    continue
        lrs = tuple(LocRange(label_at(s), label_at(e), expr)
                    for s, e, expr in anchored(entries, halved, label_at) if e > s)
        out.append(VarLocation(var, inlined_at, ranges=lrs))  # type: ignore[arg-type]
    return out


def _composite(rs: list[VarRange], var_bits: int) -> list[tuple[int, int, LocExpr]]:
    """Split the timeline at every boundary; each segment gets one expression with
    a piece per fragment.

    A segment is described when any fragment is located. A gap (also a
    trailing one, up to `var_bits` or as far as any fragment reaches) is an
    empty `DW_OP_bit_piece`, not an empty `DW_OP_piece`: lldb reads an empty
    piece (and gdb and lldb a missing trailing piece, as when the high half of
    an `__int128` is never located) as zero bytes, a wrong value, but refuses
    an empty bit piece, while gdb shows those bits as `<optimized out>` and
    the located members with their values."""
    prim = [r for r in rs if r.primary]
    frags = sorted({r.var.fragment for r in prim if r.var.fragment is not None})
    total = max([f[0] + f[1] for f in frags] + [var_bits])
    points = sorted({p for r in prim for p in (r.start, r.end)})
    out: list[tuple[int, int, LocExpr]] = []
    for a, z in zip(points, points[1:], strict=False):
        live: dict[tuple[int, int], VarLoc] = {}
        for r in prim:
            if r.start <= a and z <= r.end and r.var.fragment is not None:
                live[r.var.fragment] = r.loc
        if not live:
            continue
        expr: list[LocOp] = []
        offset = 0
        for frag in frags:
            if frag not in live or frag[0] < offset:
                continue
            if frag[0] > offset:
                expr.append(BitPiece(frag[0] - offset))
            expr.extend(_fragment_expr(live[frag], frag[1]))
            offset = frag[0] + frag[1]
        if offset < total:
            expr.append(BitPiece(total - offset))
        if out and out[-1][1] == a and out[-1][2] == tuple(expr):
            out[-1] = (out[-1][0], z, tuple(expr))
        else:
            out.append((a, z, tuple(expr)))
    return out


def _fragment_expr(loc: VarLoc, bits: int) -> LocExpr:
    """A fragment's location and its piece. A long double constant (the real or
    imaginary part of a `_Complex long double`) is two 8-byte stack values:
    lldb-22 cannot take a piece of `DW_OP_implicit_value` ("failed to read
    memory DW_OP_piece(16) from host address"), gdb reads either."""
    if isinstance(loc, ConstLoc) and loc.value >= WIDE_CONST and bits == 128 \
            and not loc.frame and loc.symbol is None:
        lo, hi = loc.value & ((1 << 64) - 1), loc.value >> 64
        return (const(lo), StackValue(), Piece(8), const(hi), StackValue(), Piece(8))
    return (*loc_expr(loc), Piece(bits // 8))
