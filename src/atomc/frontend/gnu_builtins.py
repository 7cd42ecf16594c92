"""GCC builtins beyond the core set in `sema._builtin_call`: implicit prototypes
for the library builtins (`__builtin_memcpy` works without <string.h>, as in
gcc), `__builtin_clrsb*`, and `__builtin_prefetch` (its arguments are
evaluated, nothing else happens).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .builtins_misc import misc_builtin
from .ctype import (
    CHAR,
    INT,
    LLONG,
    LONG,
    SIZE_T,
    UINT,
    ULONG,
    VOID,
    CType,
    FuncT,
    PointerT,
    as_int,
    qualify,
)
from .scopes import Pos, StorageClass, Symbol, SymKind
from .typed_builtins import typed_builtin

if TYPE_CHECKING:
    from .sema import Sema

_VP = PointerT(VOID)
_CVP = PointerT(qualify(VOID, True, False))
_CP = PointerT(CHAR)
_CCP = PointerT(qualify(CHAR, True, False))

# prototypes of the C library functions GCC knows as `__builtin_<name>`
LIBC_PROTOTYPES: dict[str, tuple[CType, tuple[CType, ...], bool]] = {
    "memcpy": (_VP, (_VP, _CVP, SIZE_T), False),
    "memmove": (_VP, (_VP, _CVP, SIZE_T), False),
    "memset": (_VP, (_VP, INT, SIZE_T), False),
    "memcmp": (INT, (_CVP, _CVP, SIZE_T), False),
    "memchr": (_VP, (_CVP, INT, SIZE_T), False),
    "strlen": (SIZE_T, (_CCP,), False),
    "strcmp": (INT, (_CCP, _CCP), False),
    "strncmp": (INT, (_CCP, _CCP, SIZE_T), False),
    "strcpy": (_CP, (_CP, _CCP), False),
    "strncpy": (_CP, (_CP, _CCP, SIZE_T), False),
    "strcat": (_CP, (_CP, _CCP), False),
    "strchr": (_CP, (_CCP, INT), False),
    "strrchr": (_CP, (_CCP, INT), False),
    "abs": (INT, (INT,), False),
    "labs": (LONG, (LONG,), False),
    "llabs": (LLONG, (LLONG,), False),
    "abort": (VOID, (), False),
    "exit": (VOID, (INT,), False),
    "malloc": (_VP, (SIZE_T,), False),
    "calloc": (_VP, (SIZE_T, SIZE_T), False),
    "realloc": (_VP, (_VP, SIZE_T), False),
    "free": (VOID, (_VP,), False),
    "printf": (INT, (_CCP,), True),
    "sprintf": (INT, (_CP, _CCP), True),
    "snprintf": (INT, (_CP, SIZE_T, _CCP), True),
    "puts": (INT, (_CCP,), False),
    "putchar": (INT, (INT,), False),
    # string.h / strings.h
    "strncat": (_CP, (_CP, _CCP, SIZE_T), False),
    "strstr": (_CP, (_CCP, _CCP), False),
    "strpbrk": (_CP, (_CCP, _CCP), False),
    "strspn": (SIZE_T, (_CCP, _CCP), False),
    "strcspn": (SIZE_T, (_CCP, _CCP), False),
    "strnlen": (SIZE_T, (_CCP, SIZE_T), False),
    "strdup": (_CP, (_CCP,), False),
    "strndup": (_CP, (_CCP, SIZE_T), False),
    "stpcpy": (_CP, (_CP, _CCP), False),
    "stpncpy": (_CP, (_CP, _CCP, SIZE_T), False),
    "mempcpy": (_VP, (_VP, _CVP, SIZE_T), False),
    "strcasecmp": (INT, (_CCP, _CCP), False),
    "strncasecmp": (INT, (_CCP, _CCP, SIZE_T), False),
    "index": (_CP, (_CCP, INT), False),
    "rindex": (_CP, (_CCP, INT), False),
    "bzero": (VOID, (_VP, SIZE_T), False),
    "bcmp": (INT, (_CVP, _CVP, SIZE_T), False),
    "bcopy": (VOID, (_CVP, _VP, SIZE_T), False),
    # stdio.h (FILE * and va_list travel as pointers)
    "fprintf": (INT, (_VP, _CCP), True),
    "vprintf": (INT, (_CCP, _VP), False),
    "vfprintf": (INT, (_VP, _CCP, _VP), False),
    "vsprintf": (INT, (_CP, _CCP, _VP), False),
    "vsnprintf": (INT, (_CP, SIZE_T, _CCP, _VP), False),
    "sscanf": (INT, (_CCP, _CCP), True),
    "scanf": (INT, (_CCP,), True),
    "fputs": (INT, (_CCP, _VP), False),
    "fputc": (INT, (INT, _VP), False),
    "putc": (INT, (INT, _VP), False),
    "fwrite": (SIZE_T, (_CVP, SIZE_T, SIZE_T, _VP), False),
    # stdlib.h, ctype.h
    "_exit": (VOID, (INT,), False),
    "_Exit": (VOID, (INT,), False),
    "imaxabs": (LONG, (LONG,), False),
    "isalnum": (INT, (INT,), False), "isalpha": (INT, (INT,), False),
    "isdigit": (INT, (INT,), False), "isspace": (INT, (INT,), False),
    "isupper": (INT, (INT,), False), "islower": (INT, (INT,), False),
    "isxdigit": (INT, (INT,), False), "isprint": (INT, (INT,), False),
    "ispunct": (INT, (INT,), False), "iscntrl": (INT, (INT,), False),
    "isgraph": (INT, (INT,), False), "isascii": (INT, (INT,), False),
    "toupper": (INT, (INT,), False), "tolower": (INT, (INT,), False),
}


def libc_builtin_symbol(sema: Sema, name: str, p: Pos) -> Symbol | None:
    """The function `__builtin_<name>` calls when no declaration of `name` is in
    scope: an implicit external declaration with the library prototype."""
    proto = LIBC_PROTOTYPES.get(name)
    if proto is None:
        return None
    sym = sema.libcalls.get(name)
    if sym is None:
        ret, params, variadic = proto
        sym = Symbol(name, FuncT(ret, params, variadic), SymKind.FUNC, StorageClass.EXTERN, p,
                     static_storage=True, file_scope=True, link_name=name, used=True)
        sema.libcalls[name] = sym
    return sym


def fortify_builtin(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr | None:
    """fortify.py's builtins, all named `__builtin_...`: it (with object_size.py) is
    imported on the first such name, not by every compile."""
    if not name.startswith("__builtin_"):
        return None
    from .fortify import fortify_builtin as builtin

    return builtin(sema, name, args, p)


def gnu_builtin(sema: Sema, name: str, args: list[c_ast.Node], p: Pos) -> T.Expr | None:
    """A typed expression for the builtins handled here, None for other names."""
    if name.startswith(("__atomic_", "__sync_")):
        from .atomic_builtins import atomic_builtin  # few files have atomic builtins

        return atomic_builtin(sema, name, args, p)
    typed = typed_builtin(sema, name, args, p) or misc_builtin(sema, name, args, p) or \
        fortify_builtin(sema, name, args, p)
    if typed is not None:
        return typed
    if name == "__builtin_prefetch":
        if not 1 <= len(args) <= 3:
            sema.error(p, "wrong number of arguments to '__builtin_prefetch'")
        result: T.Expr | None = None
        for a in args:
            v = T.Cast(sema.conv.rvalue(sema.exprs.expr(a)), VOID, p, explicit=True)
            result = v if result is None else T.Comma(result, v, p)
        return result if result is not None else T.Cast(T.IntConst(0, INT, p), VOID, p, True)
    if name in ("__builtin_clrsb", "__builtin_clrsbl", "__builtin_clrsbll"):
        if len(args) != 1:
            sema.error(p, f"wrong number of arguments to '{name}'")
            return sema.exprs.bad(p)
        return _clrsb(sema, name, sema.conv.value(sema.exprs.expr(args[0])), p)
    return None


def _clrsb(sema: Sema, name: str, arg: T.Expr, p: Pos) -> T.Expr:
    """Leading redundant sign bits: clz(((x ^ (x >> (N-1))) << 1) | 1)."""
    if as_int(arg.type) is None:
        sema.error(p, f"incompatible type '{arg.type}' for '{name}' (integer required)")
        return sema.exprs.bad(p)
    wide = name.endswith("l")
    st = LONG if wide else INT
    x = sema.conv.cast(arg, st)
    bits = 64 if wide else 32
    sign = sema.ops.binary(">>", x, T.IntConst(bits - 1, INT, p), p)
    folded = sema.ops.binary("^", x, sign, p)
    shifted = sema.ops.binary(
        "<<", sema.conv.cast(folded, ULONG if wide else UINT), T.IntConst(1, INT, p), p
    )
    y = sema.ops.binary("|", shifted, T.IntConst(1, INT, p), p)
    return sema.calls.bit_builtin("__builtin_clzl" if wide else "__builtin_clz", y, p)
