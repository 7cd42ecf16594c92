"""Lowering of local initialisers: an all-constant aggregate is copied from a
constant image, anything else is zeroed and stored item by item."""

from __future__ import annotations

from ...ir import (
    I8,
    Const,
    DataItem,
    Global,
    SymRef,
    Value,
    Zeros,
)
from .. import tree as T
from ..bitfields import BitFieldT, init_access
from ..constinit import InitError, static_data
from ..ctype import (
    ArrayT,
    ComplexT,
    StructT,
    is_volatile,
    unqual,
)
from .state import LoweringPart


class InitLowering(LoweringPart):
    """Initialisers of locals: constant images and item stores."""

    __slots__ = ()

    def emit_init(self, home: Value, init: T.Init, name: str = "") -> None:
        """Initialise a local object, choosing the instructions as Clang does at -O0:
        a scalar store; for a constant aggregate a memset (all one byte, or mostly
        zero plus a few stores) or a memcpy from a private constant copy; otherwise
        element-wise stores after zeroing what the initialiser does not cover."""
        t = init.type
        size = t.size
        items = init.items
        with self.fs.b.atom_group():
            if len(items) == 1 and items[0].offset == 0 and \
                    unqual(items[0].type) == unqual(t) and not isinstance(unqual(t), ArrayT):
                it = items[0]
                with self.fs.at(it.expr.pos):
                    self.store_item(home, it, annotate=True)
                return
            image = self.constant_image(init)
            with self.fs.at(init.pos):
                if image is not None and self.emit_constant_aggregate(home, init, image, name):
                    return
            covered = sum(it.type.size for it in items)
            zeroed = covered < size or any(isinstance(it.expr, T.StrLit)
                                           or isinstance(unqual(it.type), BitFieldT)
                                           for it in items)
            if zeroed:
                with self.fs.at(init.pos):
                    ms = self.fs.b.memset(home, Const(I8, 0), size, t.align)
                    self.fs.b.add_to_atom(ms)
            for it in items:
                if zeroed and isinstance(it.expr, T.IntConst) and it.expr.value == 0:
                    continue  # already zero
                with self.fs.at(it.expr.pos):
                    self.store_item(self.fs.offset_ptr(home, it.offset), it, annotate=True)

    def constant_image(self, init: T.Init) -> list[DataItem] | None:
        """The object's bytes if every initialiser is a link-time constant."""
        if not init.items:
            return [Zeros(init.type.size)]
        try:
            return static_data(init, init.type, self.g.address_symbol)
        except InitError:
            return None

    def emit_constant_aggregate(self, home: Value, init: T.Init, image: list[DataItem],
                                name: str) -> bool:
        t = init.type
        size = t.size
        if any(isinstance(x, SymRef) for x in image):
            blob: bytes | None = None
        else:
            blob = b"".join(x if isinstance(x, bytes) else bytes(x.count)  # type: ignore
                            for x in image)
        if blob is not None and (not blob.strip(b"\0") or len(set(blob)) == 1):
            ms = self.fs.b.memset(home, Const(I8, blob[0] if blob else 0), size, t.align)
            self.fs.b.add_to_atom(ms)
            return True
        nonzero = [it for it in init.items
                   if not (isinstance(it.expr, T.IntConst) and it.expr.value == 0)]
        if blob is not None and size > 32 and len(nonzero) <= 6 and \
                all(isinstance(it.expr, T.IntConst) for it in nonzero):
            ms = self.fs.b.memset(home, Const(I8, 0), size, t.align)
            self.fs.b.add_to_atom(ms)
            for it in nonzero:
                with self.fs.at(it.expr.pos):
                    self.store_item(self.fs.offset_ptr(home, it.offset), it, annotate=True)
            return True
        fname = self.fs.fn.name if self.fs.fn is not None else "file"
        base = f".L__const.{fname}.{name or 'init'}"
        gname = base
        n = 0
        while gname in self.module.globals:
            n += 1
            gname = f"{base}.{n}"
        g = Global(gname, size, max(t.align, 1), image, internal=True, constant=True)
        self.module.add_global(g)
        mc = self.fs.b.memcpy(home, g, size, t.align)
        self.fs.b.add_to_atom(mc)
        return True

    def store_item(self, addr: Value, it: T.InitItem, annotate: bool) -> None:
        e = it.expr
        u = unqual(it.type)
        if isinstance(u, BitFieldT):
            v = self.g.exprs.value_of(e)
            from .. import bitaccess as BA  # bit-fields only
            for st in BA.write_field(self.fs.b, addr, init_access(u), v, False):
                if annotate:
                    self.fs.b.add_to_atom(st, v)
            return
        if isinstance(e, T.StrLit) and isinstance(u, ArrayT):
            g = self.g.string_global(e.data)
            n = min(len(e.data), it.type.size)
            mc = self.fs.b.memcpy(addr, g, n, 1)
            if annotate:
                self.fs.b.add_to_atom(mc)
            return
        if isinstance(u, (StructT, ComplexT)):
            src = self.g.exprs.value_of(e)
            mc = self.fs.b.memcpy(addr, src, u.size, u.align)
            if annotate:
                self.fs.b.add_to_atom(mc)
            return
        v = self.g.exprs.value_of(e)
        st = self.fs.b.store(v, addr, volatile=is_volatile(it.type))
        if annotate:
            self.fs.b.add_to_atom(st, v)
