"""Static initialisers: a checked `Init` becomes a list of data items
(`bytes`, `Zeros`, `SymRef`), little-endian, covering the whole object."""

from __future__ import annotations

import struct
from collections.abc import Callable

from ..ir import X80, DataItem, SymRef, Zeros
from . import tree as T
from .bitfields import BitFieldT
from .complex_sema import CValue
from .consteval import Address, ConstError, evaluate
from .ctype import ComplexT, CType, PointerT, StructT, as_float, as_int, unqual


class InitError(Exception):
    def __init__(self, message: str, expr: T.Expr | None) -> None:
        super().__init__(message)
        self.message = message
        self.expr = expr


def static_data(init: T.Init | None, t: CType,
                symbol_for: Callable[[Address], str]) -> list[DataItem]:
    """Data items for an object of type `t`; `symbol_for` names the target of an address
    (creating string-literal globals as needed)."""
    size = t.size
    out: list[DataItem] = []
    pos = 0
    items = init.items if init is not None else []
    for it in items:
        if it.offset < pos:
            if isinstance(unqual(it.type), BitFieldT):
                out = _merge(out)
                pos += _or_into_tail(out, pos - it.offset, _item_data(it, symbol_for)[0])
            continue  # overlapped by a previous item (union re-initialisation)
        if it.offset > pos:
            out.append(Zeros(it.offset - pos))
            pos = it.offset
        chunk = _item_data(it, symbol_for)
        for c in chunk:
            out.append(c)
            pos += c.count if isinstance(c, Zeros) else (c.size if isinstance(c, SymRef)
                                                          else len(c))
    if pos < size:
        out.append(Zeros(size - pos))
    return _merge(out)


def _item_data(it: T.InitItem, symbol_for: Callable[[Address], str]) -> list[DataItem]:
    e = it.expr
    size = it.type.size
    u = unqual(it.type)
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
        return [SymRef(symbol_for(v), v.offset, 8)]
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


def _or_into_tail(out: list[DataItem], overlap: int, chunk: DataItem) -> int:
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


def _merge(items: list[DataItem]) -> list[DataItem]:
    """Join adjacent byte runs and adjacent zero runs (deterministic, compact output)."""
    out: list[DataItem] = []
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
