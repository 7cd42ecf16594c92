"""_FORTIFY_SOURCE support: the `__builtin___*_chk` family, the object-size and
va_arg_pack builtins, and the `warning`/`error` function attributes.

`__builtin___memcpy_chk(d, s, n, os)` and its relatives take the same
arguments as glibc's `__memcpy_chk` & co. As gcc folds them: when the object
size is unknown (`(size_t)-1`), or the length is a constant within it, the
plain function is called (`memcpy(d, s, n)`); otherwise the checking one, which
aborts with "*** buffer overflow detected ***" at run time. The printf family
keeps the checking call whenever its flag is non-zero (it also checks `%n`).

A call to a function declared `__attribute__((warning(msg)))` or
`error(msg)` is reported by `sema/call_attributes.py`, only when the call is
emitted (not in an arm a constant condition or an inlined wrapper's folding
removes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .ctype import CHAR, INT, SIZE_T, VOID, CType, FuncT, PointerT, qualify
from .gnu_inline import pack_length
from .object_size import object_size
from .scopes import StorageClass, Symbol, SymKind

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema

_VP = PointerT(VOID)
_CVP = PointerT(qualify(VOID, True, False))
_CP = PointerT(CHAR)
_CCP = PointerT(qualify(CHAR, True, False))
_ALL_ONES = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class _Chk:
    """One `__builtin___X_chk`: the checking function's prototype, which of its
    arguments the plain X drops, and where the object size, length and flag are."""

    ret: CType
    params: tuple[CType, ...]
    variadic: bool
    drop: tuple[int, ...]  # argument indexes the plain function does not take
    size: int  # index of the object size
    length: int = -1  # index of a length checked against it (-1: none)
    flag: int = -1  # index of the printf family's flag (-1: none)
    literal: int = -1  # index of a source string whose literal length can be checked


_CHK: dict[str, _Chk] = {
    "memcpy": _Chk(_VP, (_VP, _CVP, SIZE_T, SIZE_T), False, (3,), 3, 2),
    "memmove": _Chk(_VP, (_VP, _CVP, SIZE_T, SIZE_T), False, (3,), 3, 2),
    "mempcpy": _Chk(_VP, (_VP, _CVP, SIZE_T, SIZE_T), False, (3,), 3, 2),
    "memset": _Chk(_VP, (_VP, INT, SIZE_T, SIZE_T), False, (3,), 3, 2),
    "strcpy": _Chk(_CP, (_CP, _CCP, SIZE_T), False, (2,), 2, literal=1),
    "stpcpy": _Chk(_CP, (_CP, _CCP, SIZE_T), False, (2,), 2, literal=1),
    "strcat": _Chk(_CP, (_CP, _CCP, SIZE_T), False, (2,), 2),
    "strncpy": _Chk(_CP, (_CP, _CCP, SIZE_T, SIZE_T), False, (3,), 3, 2),
    "stpncpy": _Chk(_CP, (_CP, _CCP, SIZE_T, SIZE_T), False, (3,), 3, 2),
    "strncat": _Chk(_CP, (_CP, _CCP, SIZE_T, SIZE_T), False, (3,), 3),
    "sprintf": _Chk(INT, (_CP, INT, SIZE_T, _CCP), True, (1, 2), 2, flag=1),
    "snprintf": _Chk(INT, (_CP, SIZE_T, INT, SIZE_T, _CCP), True, (2, 3), 3, 1, flag=2),
    "vsprintf": _Chk(INT, (_CP, INT, SIZE_T, _CCP, _VP), False, (1, 2), 2, flag=1),
    "vsnprintf": _Chk(INT, (_CP, SIZE_T, INT, SIZE_T, _CCP, _VP), False, (2, 3), 3, 1,
                      flag=2),
    "printf": _Chk(INT, (INT, _CCP), True, (0,), -1, flag=0),
    "fprintf": _Chk(INT, (_VP, INT, _CCP), True, (1,), -1, flag=1),
    "vprintf": _Chk(INT, (INT, _CCP, _VP), False, (0,), -1, flag=0),
    "vfprintf": _Chk(INT, (_VP, INT, _CCP, _VP), False, (1,), -1, flag=1),
}


def fortify_builtin(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr | None:
    """A typed expression for the builtins of this module, None for other names."""
    if name in ("__builtin_object_size", "__builtin_dynamic_object_size"):
        return object_size(sema, name, args, p)
    if name == "__builtin_va_arg_pack_len":
        return pack_length(sema, p)
    if name == "__builtin_va_arg_pack":
        sema.error(p, "invalid use of '__builtin_va_arg_pack ()' (only as a call's last "
                      "argument in an inlined function)")
        return sema.exprs.bad(p)
    if name.startswith("__builtin___") and name.endswith("_chk") and \
            name[len("__builtin___"):-len("_chk")] in _CHK:
        return _checked_call(sema, name[len("__builtin___"):-len("_chk")], args, p)
    return None


def _function(sema: Sema, name: str, ft: FuncT, p: Pos) -> T.Expr:
    """A direct reference to the C library function `name` (never an inline
    wrapper of the same name)."""
    key = f"fortify:{name}"
    sym = sema.libcalls.get(key)
    if sym is None:
        sym = Symbol(name, ft, SymKind.FUNC, StorageClass.EXTERN, p, static_storage=True,
                     file_scope=True, link_name=name, used=True)
        sema.libcalls[key] = sym
    return T.Decay(T.VarRef(sym, p), PointerT(ft))


def _checked_call(sema: Sema, base: str, args: list[c_ast.Node], p: Pos) -> T.Expr:
    chk = _CHK[base]
    chk_ft = FuncT(chk.ret, chk.params, chk.variadic)
    call = sema.calls.call(_function(sema, f"__{base}_chk", chk_ft, p), args, p)
    if not isinstance(call, T.Call):
        return call
    vals = call.args

    def const(i: int) -> int | None:
        if i < 0 or i >= len(vals):
            return None
        e = vals[i]
        while isinstance(e, T.Cast):
            e = e.operand
        return e.value if isinstance(e, T.IntConst) else None

    size = const(chk.size)
    flag = const(chk.flag) if chk.flag >= 0 else 0
    plain = flag == 0 and (chk.size < 0 or size == _ALL_ONES or (
        size is not None and (_fits(const(chk.length), size) or
                              _literal_fits(vals, chk.literal, size))))
    length = const(chk.length)
    if size is not None and size != _ALL_ONES and length is not None and length > size:
        sema.warning(p, f"'__builtin___{base}_chk' writing {length} bytes into a region of "
                        f"size {size} overflows the destination")
    if not plain:
        return call
    keep = [v for i, v in enumerate(vals) if i not in chk.drop]
    params = tuple(t for i, t in enumerate(chk.params) if i not in chk.drop)
    ft = FuncT(chk.ret, params, chk.variadic)
    return T.Call(_function(sema, base, ft, p), keep, ft, chk.ret, p)


def _fits(length: int | None, size: int) -> bool:
    return length is not None and length <= size


def _literal_fits(vals: list[T.Expr], i: int, size: int) -> bool:
    if i < 0:
        return False
    e = vals[i]
    while isinstance(e, (T.Cast, T.Decay)):
        e = e.operand
    return isinstance(e, T.StrLit) and e.data.find(b"\0") + 1 <= size
