"""Tables and small helpers shared by the checker's modules (basic type names,
operator sets, the va_list type, initialiser item maps)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pycparser import c_ast

from ... import lazyre
from .. import tree as T
from ..ctype import (
    BOOL,
    CHAR,
    DOUBLE,
    FLOAT,
    FLOAT128,
    INT,
    INT128,
    LDOUBLE,
    LLONG,
    LONG,
    SCHAR,
    SHORT,
    UCHAR,
    UINT,
    UINT128,
    ULLONG,
    ULONG,
    USHORT,
    VOID,
    ArrayT,
    CType,
    PointerT,
    RecordKind,
    StructT,
    as_int,
    is_const,
    unqual,
)
from ..float_consts import FLOAT32, FLOAT32X, FLOAT64
from ..parse import ComputedGoto

if TYPE_CHECKING:
    from .core import Sema


class SemaPart:
    """One of `Sema`'s checkers: it reaches the others, and the shared state,
    through `sema`."""

    __slots__ = ("sema",)

    def __init__(self, sema: Sema) -> None:
        self.sema = sema

BASIC_TYPES: dict[tuple[str, ...], CType] = {}


def add_basic_type(names: list[str], t: CType) -> None:
    BASIC_TYPES[tuple(sorted(names))] = t


for _spec, _t in [
    ("void", VOID), ("_Bool", BOOL), ("char", CHAR), ("signed char", SCHAR),
    ("unsigned char", UCHAR), ("short", SHORT), ("short int", SHORT), ("signed short", SHORT),
    ("signed short int", SHORT), ("unsigned short", USHORT), ("unsigned short int", USHORT),
    ("int", INT), ("signed", INT), ("signed int", INT), ("unsigned", UINT),
    ("unsigned int", UINT), ("long", LONG), ("long int", LONG), ("signed long", LONG),
    ("signed long int", LONG), ("unsigned long", ULONG), ("unsigned long int", ULONG),
    ("long long", LLONG), ("long long int", LLONG), ("signed long long", LLONG),
    ("signed long long int", LLONG), ("unsigned long long", ULLONG),
    ("unsigned long long int", ULLONG), ("__int128", INT128), ("signed __int128", INT128),
    ("unsigned __int128", UINT128), ("float", FLOAT), ("double", DOUBLE),
    ("long double", LDOUBLE), ("_Float32", FLOAT32), ("_Float64", FLOAT64),
    ("_Float128", FLOAT128), ("_Float32x", FLOAT32X), ("_Float64x", LDOUBLE),
    ("__float128", FLOAT128), ("__float80", LDOUBLE), ("__fp16", FLOAT),
    ("__int128_t", INT128), ("__uint128_t", UINT128),
]:
    add_basic_type(_spec.split(), _t)


CONST_QUALS = frozenset({"const", "__const"})


VOLATILE_QUALS = frozenset({"volatile", "__volatile", "__volatile__"})


ARITH_OPS = frozenset({"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"})


CMP_OPS = frozenset({"<", ">", "<=", ">=", "==", "!="})


LIBC_BUILTINS = frozenset({"memcpy", "memset", "memmove", "memcmp", "strlen", "strcmp",
                            "strcpy", "strncpy", "strcat", "strchr", "printf", "puts", "abort",
                            "exit", "malloc", "free", "calloc", "abs", "labs", "putchar",
                            "sprintf", "snprintf"})


def make_va_list_type() -> CType:
    """`__builtin_va_list`: the SysV `struct __va_list_tag[1]`."""
    tag = StructT(RecordKind.STRUCT, "__va_list_tag")
    tag.layout([("gp_offset", UINT, 0), ("fp_offset", UINT, 0),
                ("overflow_arg_area", PointerT(VOID), 0), ("reg_save_area", PointerT(VOID), 0)])
    return ArrayT(tag, 1)


class InitItems(dict):
    """Initialiser items keyed by first bit, remembering the furthest bit covered so far
    and the last first bit: items placed in order (the common case, e.g. large tables)
    skip the overlap scans."""

    __slots__ = ("last_start", "reach")

    def __init__(self) -> None:
        super().__init__()
        self.reach: int | None = None
        self.last_start: int | None = None  # no item starts after it


BIT_BUILTINS = frozenset(
    f"__builtin_{b}{suffix}" for b in ("popcount", "clz", "ctz", "parity", "ffs")
    for suffix in ("", "l", "ll")) | {"__builtin_bswap16", "__builtin_bswap32",
                                      "__builtin_bswap64", "__builtin_bswap128"}


PACK_BUILTIN = lazyre.compile(r"^\s*pack\s*\((.*)\)\s*$")


STATEMENT_NODES = (c_ast.Decl, c_ast.Compound, c_ast.If, c_ast.For, c_ast.While, c_ast.DoWhile,
                   c_ast.Return, c_ast.Switch, c_ast.Label, c_ast.Goto, ComputedGoto,
                   c_ast.Break,
                   c_ast.Continue, c_ast.EmptyStatement, c_ast.Case, c_ast.Default,
                   c_ast.Typedef, c_ast.DeclList, c_ast.Pragma)


def is_flexible(t: CType) -> bool:
    u = unqual(t)
    return isinstance(u, ArrayT) and u.count is None


def is_expression(node: c_ast.Node) -> bool:
    return not isinstance(node, STATEMENT_NODES)


def quoted_name(name: str) -> str:
    return f" '{name}'" if name else ""


def init_kind(u: CType) -> str:
    if isinstance(u, ArrayT):
        return "array"
    if isinstance(u, StructT):
        return u.kind
    return "scalar"


def is_string_elem(t: CType) -> bool:
    """Can arrays of `t` be initialised from a (narrow or wide) string literal?"""
    it = as_int(t)
    return it is not None and it.size in (1, 2, 4) and it != BOOL


def string_fits(e: T.StrLit, elem: CType) -> bool:
    lit = unqual(e.type)
    return is_string_elem(elem) and isinstance(lit, ArrayT) and lit.elem.size == elem.size


def struct_has_const(st: StructT) -> bool:
    for m in st.members:
        if is_const(m.type):
            return True
        u = unqual(m.type)
        if isinstance(u, StructT) and struct_has_const(u):
            return True
    return False


def gnu_attributes(exprlist: c_ast.Node | None) -> dict[str, c_ast.Node | None]:
    """GNU attributes by name (`__packed__` is `packed`), each with its first argument."""
    return attributes_by_name(getattr(exprlist, "exprs", None) or ())


def attributes_by_name(nodes: Iterable[c_ast.Node]) -> dict[str, c_ast.Node | None]:
    """`gnu_attributes` of attribute expressions not in an ExprList."""
    out: dict[str, c_ast.Node | None] = {}
    for e in nodes:
        if isinstance(e, c_ast.ID):
            out[e.name.strip("_")] = None
        elif isinstance(e, c_ast.FuncCall) and isinstance(e.name, c_ast.ID):
            args = e.args.exprs if e.args is not None else []
            out[e.name.name.strip("_")] = args[0] if args else None
    return out


def unsupported_float_message(t: CType) -> str:
    return "__float128 (_Float128, IEEE quad precision) is unsupported"
