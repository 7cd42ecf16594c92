"""Static initialisers: a checked `Init` becomes a list of data items
(`bytes`, `Zeros`, `SymRef`), little-endian, covering the whole object."""

from __future__ import annotations

from collections.abc import Callable

from ..ir import DataItem, SymRef, Zeros
from . import tree as T
from .consteval import Address, ConstError, evaluate
from .ctype import CType, PointerT, StructT, as_int, unqual


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
    return [(v & ((1 << (8 * size)) - 1)).to_bytes(size, "little")]


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
