"""Initialisers: braces, designators, strings, the items of each object."""

from __future__ import annotations

from pycparser import c_ast
from pycparserext import ext_c_parser as ext

from .. import tree as T
from ..bitfields import (
    BitFieldT,
    bit_range,
    init_type,
)
from ..ctype import (
    ArrayT,
    CType,
    RecordKind,
    StructT,
    unqual,
)
from ..scopes import Pos
from .common import (
    InitItems,
    SemaPart,
    init_kind,
    is_string_elem,
    string_fits,
)

# the subobject types `_init_obj` does not convert an expression to
_NOT_SCALAR = (ArrayT, StructT, BitFieldT)


class InitialiserChecker(SemaPart):
    """Initialisers: braces, designators, strings, the items of each object."""

    __slots__ = ()

    def initializer(self, t: CType, node: c_ast.Node, p: Pos) -> T.Init:
        """Check an initialiser for an object of type `t`; completes `int a[] = ...`."""
        items: dict[int, T.InitItem] = InitItems()
        t2 = self._init_obj(t, node, 0, items, p)
        ordered = [items[k] for k in sorted(items)]
        return T.Init(t2, ordered, p)

    def _init_obj(self, t: CType, node: c_ast.Node, off: int, items: dict[int, T.InitItem],
                  p: Pos) -> CType:
        u = unqual(t)
        if isinstance(node, c_ast.InitList):
            if isinstance(u, (ArrayT, StructT)):
                if isinstance(u, ArrayT) and is_string_elem(u.elem) and len(node.exprs) == 1:
                    only = node.exprs[0]
                    if isinstance(only, c_ast.Constant) and only.type == "string":
                        return self._init_obj(t, only, off, items, p)
                lst = list(node.exprs)
                # a braced list re-initialises the whole subobject (C11 6.7.9p19); one
                # past every item's start (a table's next row, the common case) has
                # none to drop: no scan of them all
                if not isinstance(items, InitItems) or (items.last_start is not None
                                                        and items.last_start >= off * 8):
                    for k in [k for k in items if off * 8 <= k < (off + max(t.size, 0)) * 8]:
                        del items[k]
                pos, t2 = self._fill(t, lst, 0, off, items, braced=True, p=self.sema.pos(node, p))
                if pos < len(lst):
                    self.sema.error(self.sema.pos(lst[pos], p), f"excess elements in "
                                                      f"{init_kind(u)} initializer")
                return t2
            if not node.exprs:
                self.sema.error(
                    self.sema.pos(node, p),
                    "scalar initializer cannot be empty (invalid initializer)",
                )
                return t
            if len(node.exprs) > 1:
                self.sema.error(
                    self.sema.pos(node.exprs[1], p), "excess elements in scalar initializer"
                )
            return self._init_obj(t, node.exprs[0], off, items, p)
        if isinstance(node, c_ast.NamedInitializer):
            self.sema.error(
                self.sema.pos(node.expr, p),
                "designator in scalar initializer (invalid initializer)",
            )
            return t
        e = self.sema.exprs.expr(node)
        if isinstance(u, ArrayT):
            if isinstance(e, T.StrLit) and string_fits(e, u.elem):
                n = len(e.data) // max(u.elem.size, 1)
                if u.count is None:
                    t = ArrayT(u.elem, n)
                elif n - 1 > u.count:
                    self.sema.error(e.pos, "initializer-string for char array is too long (excess "
                                      "elements in char array initializer)")
                self._put(items, T.InitItem(off, t, e))
                return t
            self.sema.error(e.pos, "array initializer must be an initializer list or string "
                              "literal (invalid initializer)")
            return t
        if isinstance(u, BitFieldT):
            self._put(
                items, T.InitItem(off, t, self.sema.conv.assign_convert(e, u.base, "initializing"))
            )
            return t
        if isinstance(u, StructT):
            ev = self.sema.conv.rvalue(e)
            if unqual(ev.type) is not u:
                self.sema.error(e.pos, f"initializing '{t}' with an expression of incompatible "
                                  f"type '{e.type}' (invalid initializer)")
                return t
            self._put(items, T.InitItem(off, t, ev))
            return t
        self._scalar_item(t, e, off, items)
        return t

    @staticmethod
    def _put(items: dict[int, T.InitItem], item: T.InitItem) -> None:
        """Add an item (keyed by its first bit); a later initialiser for the same bits
        replaces earlier ones."""
        start, end = bit_range(item.offset, item.type)
        InitialiserChecker._place(items, item, start, end)

    @staticmethod
    def _place(items: dict[int, T.InitItem], item: T.InitItem, start: int, end: int) -> None:
        """`_put` of an item covering bits [start, end)."""
        reach = items.reach if isinstance(items, InitItems) else None
        if reach is None or start < reach:
            for k in [k for k, it in items.items()
                      if k < end and start < bit_range(it.offset, it.type)[1]]:
                del items[k]
        items[start] = item
        if isinstance(items, InitItems):
            items.reach = end if reach is None else max(reach, end)
            last = items.last_start
            items.last_start = start if last is None else max(last, start)

    def _subobjects(self, u: CType) -> list[tuple[CType, int, str]] | None:
        if isinstance(u, StructT):
            if u.kind is RecordKind.UNION:
                return [(init_type(m), m.offset, m.name) for m in u.members[:1]]
            return [(init_type(m), m.offset, m.name) for m in u.members]
        return None

    def _fill(self, t: CType, lst: list[c_ast.Node], pos: int, off: int,
              items: dict[int, T.InitItem], braced: bool, p: Pos) -> tuple[int, CType]:
        """Initialise aggregate `t` from lst[pos:], with brace elision; returns (next, type)."""
        u = unqual(t)
        # the subobjects in order: an array's elements, a struct's members, a union's first
        members: list[tuple[CType, int, str]] = []
        if isinstance(u, ArrayT):
            count, what = u.count, "array"
        else:
            assert isinstance(u, StructT)
            members = self._subobjects(u) or []
            count, what = len(members), str(u.kind)
        # a scalar subobject (a table's element, a row's member) given a plain
        # expression is checked here, as `_fill_one` and `_init_obj` would, without
        # their calls and tests of its type
        scalar = isinstance(u, ArrayT) and not isinstance(unqual(u.elem), _NOT_SCALAR)
        i = 0
        max_i = 0
        while pos < len(lst):
            node = lst[pos]
            if isinstance(node, c_ast.NamedInitializer):
                if not braced:
                    break
                i = self._designated(t, node, off, items, p) + 1
                pos += 1
                max_i = max(max_i, i)
                continue
            if count is not None and i >= count:
                if braced:
                    self.sema.error(
                        self.sema.pos(node, p), f"excess elements in {what} initializer"
                    )
                    return len(lst), t
                break
            if isinstance(u, ArrayT):
                st, so, direct = u.elem, i * u.elem.size, scalar
            else:
                st, so = members[i][:2]
                direct = not isinstance(unqual(st), _NOT_SCALAR)
            if direct and not isinstance(node, c_ast.InitList):
                self._scalar_item(st, self.sema.exprs.expr(node), off + so, items)
                pos += 1
            else:
                pos = self._fill_one(st, lst, pos, off + so, items, p)
            i += 1
            max_i = max(max_i, i)
            if isinstance(u, StructT) and u.kind is RecordKind.UNION:
                if braced and pos < len(lst):
                    self.sema.error(
                        self.sema.pos(lst[pos], p), "excess elements in union initializer"
                    )
                    return len(lst), t
                break
        if isinstance(u, ArrayT) and count is None:
            return pos, ArrayT(u.elem, max_i)
        return pos, t

    def _scalar_item(self, t: CType, e: T.Expr, off: int,
                     items: dict[int, T.InitItem]) -> None:
        """The item of a scalar object (none of `_NOT_SCALAR`) initialised by the
        checked expression `e`, converted as by assignment."""
        v = self.sema.conv.assign_convert(e, t, "initializing")
        self._place(items, T.InitItem(off, t, v), off * 8, (off + max(t.size, 1)) * 8)

    def _fill_one(self, t: CType, lst: list[c_ast.Node], pos: int, off: int,
                  items: dict[int, T.InitItem], p: Pos) -> int:
        """Initialise one subobject from lst[pos], eliding braces if needed."""
        node = lst[pos]
        u = unqual(t)
        if isinstance(u, (ArrayT, StructT)) and not isinstance(node, c_ast.InitList):
            if isinstance(u, ArrayT) and is_string_elem(u.elem) and \
                    isinstance(node, c_ast.Constant) \
                    and node.type == "string":
                self._init_obj(t, node, off, items, p)
                return pos + 1
            if isinstance(u, StructT):
                probe = self.sema.exprs.expr(node)
                if unqual(probe.type) is u:
                    self._put(items, T.InitItem(off, t, self.sema.conv.rvalue(probe)))
                    return pos + 1
            new_pos, _ = self._fill(t, lst, pos, off, items, braced=False, p=p)
            return new_pos if new_pos > pos else pos + 1
        self._init_obj(t, node, off, items, p)
        return pos + 1

    def _designated(self, t: CType, node: c_ast.NamedInitializer, off: int,
                    items: dict[int, T.InitItem], p: Pos) -> int:
        """Apply `.a.b[2] = x` inside aggregate `t`; returns the index the first designator
        selects (the last one for a GNU range `[lo ... hi]`), where positional
        initialisation continues."""
        return self._designate(t, list(node.name), node.expr, off, items, p)

    def _designate(self, t: CType, path: list[c_ast.Node], expr: c_ast.Node, off: int,
                   items: dict[int, T.InitItem], p: Pos) -> int:
        d, rest = path[0], path[1:]
        u = unqual(t)

        def apply(sub_t: CType, sub_off: int) -> None:
            if rest:
                self._designate(sub_t, rest, expr, sub_off, items, p)
            else:
                self._init_obj(sub_t, expr, sub_off, items, p)

        if isinstance(d, c_ast.ID):
            if not isinstance(u, StructT):
                self.sema.error(
                    self.sema.pos(d, p),
                    "field designator in a non-struct initializer (invalid initializer)",
                )
                return 0
            idx = next((j for j, m in enumerate(u.members) if m.name == d.name), None)
            if idx is not None:
                apply(init_type(u.members[idx]), off + u.members[idx].offset)
                return idx
            found = u.find_member(d.name)  # a member of an anonymous struct/union member
            if found is None:
                self.sema.error(
                    self.sema.pos(d, p),
                    f"field designator '{d.name}' does not refer to any "
                    f"field in type '{u}' (no member named '{d.name}')",
                )
                return 0
            apply(init_type(found[1]), off + found[0])
            return next((j for j, m in enumerate(u.members)
                         if m.name == "" and isinstance(mt := unqual(m.type), StructT)
                         and mt.find(d.name) is not None), 0)
        if not isinstance(u, ArrayT):
            self.sema.error(
                self.sema.pos(d, p),
                "array designator in a non-array initializer (invalid initializer)",
            )
            return 0
        if isinstance(d, ext.RangeExpression):
            lo = self.sema.decls.require_const_int(
                self.sema.exprs.expr(d.first), "array designator"
            )
            hi = self.sema.decls.require_const_int(self.sema.exprs.expr(d.last), "array designator")
        else:
            lo = hi = self.sema.decls.require_const_int(self.sema.exprs.expr(d), "array designator")
        if lo < 0 or hi < lo or (u.count is not None and hi >= u.count):
            self.sema.error(
                self.sema.pos(d, p),
                "array designator index exceeds array bounds (invalid initializer)",
            )
            return 0
        for ix in range(lo, hi + 1):
            apply(u.elem, off + ix * u.elem.size)
        return hi
