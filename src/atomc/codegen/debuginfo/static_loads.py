"""Loads from read-only memory: a value that stays where it was loaded from.

A register loaded from a constant (a `static const` object, a compound
literal's or aggregate initialiser's `.L__const` copy, a floating-point
constant-pool entry) holds bytes that never change while the program runs:
writing a const-qualified object is undefined, and the constant pool is the
compiler's own. When no register holds the value any more, the variable is
still those bytes (`DW_OP_addr sym+k`, relocated as address_values.py says),
so LiveDebugValues can keep describing it (ldv/known.py) instead of calling it
dead. Only plain loads of the whole value are recognised; the load's width
bounds the variables (and fragments) described so.

Debug info: read-only; describes instructions, changes none.
"""

from __future__ import annotations

from collections.abc import Container

from ...ir import work
from ...ir.function import THREAD_LOCAL
from ..mir import Mem, MFunction, MInst, PReg
from ..target import OpcodeInfo, current, desc


def load_bits(d: OpcodeInfo) -> int | None:
    """The bits of memory a load with this opcode row reads into the low bits of
    its register, for the loads whose register above them is zero or sign bits
    (an extension, or a move of 32 bits or more): a variable no wider than the
    load reads the same bytes from memory as from the register."""
    if d.extend is not None:
        return d.extend.from_bits
    if d.is_move and d.width >= 32:
        return d.width
    return None


class ReadOnlySymbols:
    """The symbols whose bytes no conforming program changes: the function's
    constant pool and the module's defined constant globals (not thread-local,
    not volatile, not placed in a section of the user's choosing). Asked symbol
    by symbol, for the symbols the function loads: a module of two thousand
    globals is not scanned again for each of its functions."""

    __slots__ = ("pool", "globals", "known")

    def __init__(self, mf: MFunction) -> None:
        self.pool = frozenset(current().constant_pool(mf))
        module = mf.ir.module if mf.ir is not None else None
        self.globals = module.globals if module is not None else {}
        self.known: dict[str, bool] = {}

    def __contains__(self, name: object) -> bool:
        if name in self.pool:
            return True
        if not isinstance(name, str):
            return False
        hit = self.known.get(name)
        if hit is None:
            work.add("ldv.read_only.globals", 1)
            g = self.globals.get(name)
            hit = g is not None and g.constant and not g.is_declaration \
                and g.section is None and THREAD_LOCAL not in g.attrs and not _volatile(g.digv)
            self.known[name] = hit
        return hit


def static_load(mi: MInst, read_only: Container[str]) -> tuple[str, int, int] | None:
    """(symbol, offset, bits) when `mi` loads `bits` bits of read-only memory at
    symbol + offset into a register; else None."""
    bits = load_bits(desc(mi.opcode))
    ops = mi.operands
    if bits is None or len(ops) != 2 or not isinstance(ops[1], PReg):
        return None
    src = ops[0]
    if not isinstance(src, Mem) or src.symbol is None or src.symbol not in read_only \
            or src.base is not None or src.index is not None or src.segment is not None:
        return None
    return src.symbol, src.disp, bits


def _volatile(digv: object) -> bool:
    """A `const volatile` object (or an array of them, or one with a volatile
    member) may change under the program."""
    return _has_volatile(getattr(digv, "type", None), 8)


def _has_volatile(t: object, depth: int) -> bool:
    if t is None:
        return False
    if depth == 0:
        return True  # too deep to tell: assume it may
    if getattr(t, "tag", None) == "volatile":
        return True
    members = [getattr(m, "base", None) for m in getattr(t, "elements", ())]
    return any(_has_volatile(x, depth - 1) for x in [getattr(t, "base", None), *members])
