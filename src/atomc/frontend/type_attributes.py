"""GNU attributes that change a declared type, as gcc applies them.

* `mode(QI|HI|SI|DI|TI|word|pointer|byte|SF|DF|XF)` on an integer, enum or
  floating declaration gives the type of that machine mode (the signedness of
  the written type is kept): `typedef int s64 __attribute__((mode(DI)))` is `long`.
* `aligned(N)` on a typedef makes a type of that alignment (a typedef may raise
  or lower alignment, unlike a variable or member).
* `transparent_union` on a union (or a typedef of one): a parameter of that type
  accepts a value of any member type; the argument travels as the union, whose
  members all have the first member's size, so the call ABI is the member's.
* `vector_size(N)`: GNU vector types are not supported; the type becomes a
  `PendingT` that any use from the program reports.
* `packed` on a member (`int i __attribute__((packed))`) drops that member's
  alignment (read by `member_packed`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .attributes import attribute_nodes
from .ctype import (
    DOUBLE,
    FLOAT,
    LDOUBLE,
    ArrayT,
    CType,
    EnumT,
    FloatT,
    IntT,
    PointerT,
    RecordKind,
    StructT,
    Typedef,
    as_int,
    compatible,
    int_type_of_mode,
    is_void,
    unqual,
)
from .pending import PendingT, check_declared_type
from .scopes import StorageClass, Symbol, SymKind

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema


@dataclass(frozen=True, slots=True)
class AlignedTypedef(Typedef):
    """A typedef carrying GNU `aligned(N)`: its objects and members use `alignment`."""

    alignment: int = 1

    @property
    def align(self) -> int:
        return self.alignment


_FLOAT_MODES = {"SF": FLOAT, "DF": DOUBLE, "XF": LDOUBLE}


def _attrs(decl: c_ast.Node) -> dict[str, list[c_ast.Node]]:
    out: dict[str, list[c_ast.Node]] = {}
    for e in attribute_nodes(decl):
        if isinstance(e, c_ast.ID):
            out[e.name.strip("_")] = []
        elif isinstance(e, c_ast.FuncCall) and isinstance(e.name, c_ast.ID):
            out[e.name.name.strip("_")] = list(e.args.exprs) if e.args is not None else []
    return out


def attribute_args(decl: c_ast.Node, name: str) -> list[c_ast.Node] | None:
    """The arguments of attribute `name` on a declaration (None when absent)."""
    return _attrs(decl).get(name)


def declared_type(sema: Sema, decl: c_ast.Node, t: CType, p: Pos) -> CType:
    """The type of an object, member or parameter declaration after its attributes."""
    attrs = _attrs(decl)
    if "mode" in attrs:
        t = _with_mode(sema, t, attrs["mode"], p)
        check_declared_type(sema, t, p)  # mode(TI) is __int128
    if "vector_size" in attrs:
        t = _vector(sema, t, attrs["vector_size"], p)
    return t


def typedef_type(sema: Sema, decl: c_ast.Node, name: str, t: CType, p: Pos) -> CType:
    """The type a typedef names: its base after `mode`/`vector_size`, wrapped with
    its `aligned(N)`, recording `transparent_union`."""
    attrs = _attrs(decl)
    base = declared_type(sema, decl, t, p)
    if "transparent_union" in attrs:
        u = unqual(base)
        if isinstance(u, StructT) and u.kind is RecordKind.UNION:
            sema.transparent_unions.add(u)
        elif not sema.is_system(p):
            sema.warning(p, "'transparent_union' attribute ignored (not a union type)")
    if "aligned" in attrs:
        args = attrs["aligned"]
        n = sema.types.align_arg({"aligned": args[0] if args else None})
        return AlignedTypedef(name, base, p.file, p.line, n)
    return Typedef(name, base, p.file, p.line)


# attributes on a struct or union that change its layout in ways atomc does not do
_UNSUPPORTED_RECORD = ("ms_struct", "scalar_storage_order")


def struct_attributes(sema: Sema, st: StructT, names: set[str], p: Pos) -> None:
    """Attributes written on a struct/union definition itself."""
    if "transparent_union" in names and st.kind is RecordKind.UNION:
        sema.transparent_unions.add(st)
    for name in _UNSUPPORTED_RECORD:
        if name in names and not sema.is_system(p):
            sema.error(p, f"'{name}' attribute is unsupported")


def member_packed(decl: c_ast.Node) -> bool:
    return "packed" in _attrs(decl)


def _with_mode(sema: Sema, t: CType, args: list[c_ast.Node], p: Pos) -> CType:
    mode = args[0].name.strip("_") if args and isinstance(args[0], c_ast.ID) else ""
    u = unqual(t)
    if isinstance(u, ArrayT):
        return ArrayT(_with_mode(sema, u.elem, args, p), u.count)
    if isinstance(u, (IntT, EnumT)):
        signed = as_int(u).signed if as_int(u) is not None else True  # type: ignore[union-attr]
        sized = int_type_of_mode(mode, signed)
        if sized is not None:
            return sized
    if isinstance(u, FloatT) and mode in _FLOAT_MODES:
        return _FLOAT_MODES[mode]
    if isinstance(u, PointerT) and mode in ("DI", "word", "pointer"):
        return t
    sema.error(p, f"unknown or invalid machine mode '{mode}' for type '{t}'")
    return t


def _vector(sema: Sema, t: CType, args: list[c_ast.Node], p: Pos) -> CType:
    n = sema.decls.require_const_int(sema.exprs.expr(args[0]), "vector size") if args else 0
    name = f"{t} __attribute__((vector_size({n})))"
    if not sema.is_system(p):
        sema.error(p, "'vector_size' attribute is not supported (GNU vector types)")
    return PendingT(name, max(n, 1), "GNU vector types ('vector_size') are not supported")


def transparent_argument(sema: Sema, e: T.Expr, param: CType) -> T.Expr | None:
    """An argument for a `transparent_union` parameter given a member's type: the
    union holding it (None when the parameter is not such a union or `e` is
    already the union)."""
    u = unqual(param)
    if not isinstance(u, StructT) or u not in sema.transparent_unions:
        return None
    v = sema.conv.value(e)
    if unqual(v.type) is u:
        return None
    vt = unqual(v.type)
    for m in u.members:
        mt = unqual(m.type)
        if isinstance(mt, PointerT) and isinstance(vt, PointerT):
            fits = is_void(vt.pointee) or compatible(unqual(mt.pointee), unqual(vt.pointee))
        elif isinstance(mt, PointerT):
            fits = sema.conv.is_null_const(v)
        else:
            fits = compatible(mt, vt)
        if fits:
            sema.anon_count += 1
            sym = Symbol(f".compoundliteral.{sema.anon_count}", u, SymKind.VAR,
                         StorageClass.AUTO, e.pos)
            init = T.Init(u, [T.InitItem(0, m.type, sema.conv.cast(v, m.type))], e.pos)
            return T.CompoundLit(u, init, sym, e.pos)
    return None
