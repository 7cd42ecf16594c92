"""Addresses of globals as variable values that gdb and lldb both relocate.

A pointer whose value is a global's, a function's or a string literal's address
(no register holds it: the code rematerialises it with `lea`) would be
`DW_OP_addr sym, DW_OP_stack_value`, but only gdb adds a PIE's or shared
object's load bias to such a value: lldb-22 shows the link-time address, a
wrong value (and it does not implement `DW_OP_call4`, through which gdb alone
could be given the address). So the bias is computed from the pc instead. At
every pc a location-list entry covers, the pc's link-time address is at most
4095 bytes past the entry's start (its `anchor`), and a load bias is a multiple
of the page size (4096), so

    bias  = (pc - anchor) & -4096   DW_OP_breg16 0, DW_OP_addr anchor, DW_OP_minus,
                                    DW_OP_consts -4096, DW_OP_and
    value = bias + sym              DW_OP_addr sym, DW_OP_plus

is right under both readings of `DW_OP_addr`: gdb relocates both addresses
(pc - anchor is the offset into the entry, masked to 0), lldb neither (pc -
anchor is the bias plus that offset). In a caller's frame the pc is the return
address, at most the entry's end: still within the 4095 bytes.

An x86-64 instruction is at most 15 bytes long, so an entry of at most 273
instructions spans at most 4095 bytes; a longer one is cut at `anchor_cuts`,
labels every 273 instructions. An inline asm statement has no length bound: the
cuts isolate each one, and the piece of an entry that is only an asm statement
gets no address value (the pc inside it shows the variable unavailable).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...dwarf.locexpr import Addr, AddrValue, And, Breg, Consts, LocExpr, LocOp, Minus, Plus

PAGE = 4096


@dataclass(frozen=True, slots=True)
class Anchors:
    """Where a function's address-valued entries are cut (`anchor_cuts`), its
    inline asm statements' positions, and the pc's DWARF register number."""

    cuts: tuple[int, ...]
    asm: frozenset[int]
    pc_reg: int

    def halved(self) -> Anchors:
        """The same in half positions (outer_frames.py: 2p + 1 after instruction p)."""
        return Anchors(tuple(2 * c + 1 for c in self.cuts),
                       frozenset(2 * q + 1 for q in self.asm), self.pc_reg)


def has_address(expr: LocExpr) -> bool:
    return any(isinstance(op, AddrValue) for op in expr)


def relocatable(expr: LocExpr, anchor: str, pc_reg: int) -> LocExpr:
    """`expr` with each address value computed from the pc (`pc_reg`, its DWARF
    number), for pcs less than 4096 bytes past the label `anchor`."""
    out: list[LocOp] = []
    for op in expr:
        if isinstance(op, AddrValue):
            out += [Breg(pc_reg, 0), Addr(anchor), Minus(), Consts(-PAGE), And(),
                    Addr(op.symbol, op.addend), Plus()]
        else:
            out.append(op)
    return tuple(out)


def span(max_inst_bytes: int) -> int:
    """How many instructions an anchor covers."""
    return (PAGE - 1) // max_inst_bytes


def anchor_cuts(n_insts: int, asm_positions: Sequence[int], max_inst_bytes: int
                ) -> tuple[int, ...]:
    """Positions (label after real instruction p) an address-valued entry may be
    cut at: every `span` instructions, and either side of each inline asm
    statement. Empty when the function is short and has no asm."""
    step = span(max_inst_bytes)
    cuts = set(range(step - 1, n_insts - 1, step)) if n_insts > step else set()
    for q in asm_positions:
        cuts |= {q - 1, q}
    return tuple(sorted(p for p in cuts if 0 <= p < n_insts - 1))


def anchored(entries: Sequence[tuple[int, int, LocExpr]], anchors: Anchors,
             label_at: Callable[[int], str]) -> list[tuple[int, int, LocExpr]]:
    """The entries with address values made relocatable: an entry with one is
    cut at `cuts` and each piece anchored at its own start; a piece that is one
    inline asm statement is dropped. Positions, `cuts` and `asm` are half
    positions (outer_frames.py: `Anchors.halved`)."""
    out: list[tuple[int, int, LocExpr]] = []
    for s, e, expr in entries:
        if not has_address(expr):
            out.append((s, e, expr))
            continue
        bounds = [s, *(c for c in anchors.cuts if s < c < e), e]
        for a, z in zip(bounds, bounds[1:], strict=False):
            if z == a + 2 and z in anchors.asm:  # [after(q - 1), after(q))
                continue
            out.append((a, z, relocatable(expr, label_at(a), anchors.pc_reg)))
    return out
