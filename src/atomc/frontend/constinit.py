"""Static initialisers: a checked `Init` becomes a list of data items
(`bytes`, `Zeros`, `SymRef`), little-endian, covering the whole object."""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import cast

from ..ir import X80, DataItem, SymRef, Zeros
from . import tree as T
from .bitfields import BitFieldT
from .complex_sema import CValue
from .consteval import Address, ConstError, evaluate
from .ctype import ComplexT, CType, IntT, PointerT, StructT, as_float, as_int, unqual

# data items, with addresses not yet named (`static_layout`)
Layout = list[DataItem | Address]


class InitError(Exception):
    def __init__(self, message: str, expr: T.Expr | None) -> None:
        super().__init__(message)
        self.message = message
        self.expr = expr


def static_data(init: T.Init | None, t: CType,
                symbol_for: Callable[[Address], str]) -> list[DataItem]:
    """Data items for an object of type `t`; `symbol_for` names the target of an address
    (creating string-literal globals as needed)."""
    # (no address stays unnamed: every item is a DataItem)
    return cast("list[DataItem]", _data(init, t, lambda a: SymRef(symbol_for(a), a.offset, 8)))


def static_layout(init: T.Init | None, t: CType,
                  check: Callable[[Address], str]) -> Layout:
    """`static_data` with each address kept unnamed (for `resolve`): the checker lays
    out each object of static storage once, checking each address with `check` in the
    order `static_data` names them, and the lowering names them (`kept_data`)."""
    def keep(a: Address) -> Address:
        check(a)
        return a
    return _data(init, t, keep)


def resolve(layout: Layout, symbol_for: Callable[[Address], str]) -> list[DataItem]:
    """A layout's data with its addresses named by `symbol_for`, in order (as
    `static_data` names them: the lowering's string globals are numbered so)."""
    return [SymRef(symbol_for(x), x.offset, 8) if isinstance(x, Address) else x
            for x in layout]


def kept_data(init: T.Init | None, t: CType,
              symbol_for: Callable[[Address], str]) -> list[DataItem]:
    """`static_data` of a checked object of static storage, from the layout the checker
    made (`Init.layout`, dropped once used) where it laid out `t`."""
    if init is not None:
        kept = init.layout
        if kept is not None and kept[0] is t:
            init.layout = None
            return resolve(kept[1], symbol_for)
    return static_data(init, t, symbol_for)


def _data(init: T.Init | None, t: CType,
          ref: Callable[[Address], SymRef | Address]) -> Layout:
    """The data of `static_data` and `static_layout`: `ref` makes an address's item."""
    size = t.size
    out: Layout = []
    pos = 0
    items = init.items if init is not None else []
    for it in items:
        if it.offset < pos:
            if isinstance(unqual(it.type), BitFieldT):
                out = _merge(out)
                pos += _or_into_tail(out, pos - it.offset, _item_data(it, ref)[0])
            continue  # overlapped by a previous item (union re-initialisation)
        if it.offset > pos:
            out.append(Zeros(it.offset - pos))
            pos = it.offset
        chunk = _item_data(it, ref)
        for c in chunk:
            out.append(c)
            pos += c.count if isinstance(c, Zeros) else (
                c.size if isinstance(c, SymRef) else 8 if isinstance(c, Address) else len(c))
    if pos < size:
        out.append(Zeros(size - pos))
    return _merge(out)


def _item_data(it: T.InitItem,
               ref: Callable[[Address], SymRef | Address]) -> list[DataItem | Address]:
    e = it.expr
    size = it.type.size
    u = unqual(it.type)
    if type(e) is T.IntConst and type(u) is IntT:  # most items of a table: no evaluate
        return [(e.value & ((1 << (8 * size)) - 1)).to_bytes(size, "little")]
    if isinstance(e, T.StrLit) and not isinstance(u, PointerT) and as_int(u) is None:
        data = e.data[:size]
        return [data + bytes(size - len(data))] if size else []
    if isinstance(u, StructT):
        raise InitError("initializer element is not a compile-time constant", e)
    if isinstance(u, BitFieldT):
        v = evaluate(e)
        if not isinstance(v, int):
            raise InitError("initializer element is not a compile-time constant", e)
        bits = (v & ((1 << u.width) - 1)) << u.bit
        return [bits.to_bytes(size, "little")]
    try:
        v = evaluate(e)
    except ConstError as err:
        raise InitError(err.message, err.expr) from None
    if v is None:
        raise InitError("initializer element is not a compile-time constant", e)
    if isinstance(v, Address):
        if size != 8:
            raise InitError("initializer element is not computable at load time", e)
        return [ref(v)]
    if isinstance(v, CValue):  # _Complex: the real half, then the imaginary half
        ct = unqual(it.type)
        assert isinstance(ct, ComplexT)
        return [_real_bytes(v.re, ct.base.size) + _real_bytes(v.im, ct.base.size)]
    if isinstance(v, X80):  # long double: the 10 bytes `fstpt` stores, then padding
        return [v.to_bytes() + bytes(size - 10)]
    if isinstance(v, float) or as_float(u) is not None:  # IEEE bits
        return [struct.pack("<f" if size == 4 else "<d", float(v))]
    return [(v & ((1 << (8 * size)) - 1)).to_bytes(size, "little")]


def _real_bytes(v: float | X80, size: int) -> bytes:
    if isinstance(v, X80):
        return v.to_bytes() + bytes(size - 10)
    return struct.pack("<f" if size == 4 else "<d", v)


def _or_into_tail(out: Layout, overlap: int, chunk: DataItem | Address) -> int:
    """OR a bit-field's bytes into the last `overlap` bytes already emitted (adjacent
    bit-fields share bytes) and append the rest; returns how many bytes were added."""
    assert isinstance(chunk, bytes)
    tail = out[-1] if out else None
    if not isinstance(tail, bytes) or len(tail) < overlap:
        raise AssertionError("bit-field initialiser overlaps non-byte data")
    merged = bytearray(tail)
    base = len(tail) - overlap
    for i in range(min(overlap, len(chunk))):
        merged[base + i] |= chunk[i]
    out[-1] = bytes(merged)
    extra = chunk[overlap:]
    if extra:
        out.append(extra)
    return len(extra)


def _merge(items: Layout) -> Layout:
    """Join adjacent byte runs and adjacent zero runs (deterministic, compact output)."""
    out: Layout = []
    for it in items:
        if isinstance(it, bytes) and not it:
            continue
        if out and isinstance(it, bytes) and isinstance(out[-1], bytes):
            out[-1] = out[-1] + it
        elif out and isinstance(it, Zeros) and isinstance(out[-1], Zeros):
            out[-1] = Zeros(out[-1].count + it.count)
        elif isinstance(it, Zeros) and it.count == 0:
            continue
        else:
            out.append(it)
    return out
