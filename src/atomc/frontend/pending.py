"""C constructs gcc accepts that atomc does not compile yet, diagnosed by name.

Everything here is deliberately in one place: when a construct is implemented,
its entry goes and nothing else changes. Declarations in system headers are
accepted (glibc declares `_Float128` functions and `__thread` objects that a
program may never use); a use from the program is diagnosed.

`long double` and `_Complex` keep their own checks in `sema` (and irgen).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .ctype import INT128, UINT128, ArrayT, CType, FuncT, StructT, unqual

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema


@dataclass(frozen=True, slots=True)
class PendingT(CType):
    """A type atomc cannot compute with (IEEE quad and half precision): it has a
    size, so header declarations lay out, and nothing else."""

    name: str
    nbytes: int
    why: str = ""

    @property
    def size(self) -> int:
        return self.nbytes

    @property
    def align(self) -> int:
        return self.nbytes

    def __str__(self) -> str:
        return self.name


FLOAT128 = PendingT("_Float128", 16)
GNU_FLOAT128 = PendingT("__float128", 16)
FLOAT16 = PendingT("_Float16", 2)

# type specifier spellings -> their (pending) type
PENDING_TYPES: dict[tuple[str, ...], CType] = {
    ("_Float128",): FLOAT128, ("__float128",): GNU_FLOAT128, ("_Float16",): FLOAT16,
}

_WHY = {
    "_Float128": "'_Float128' is not supported (IEEE quad precision needs a soft-float "
                 "library)",
    "__float128": "'__float128' is not supported (IEEE quad precision needs a soft-float "
                  "library)",
    "_Float16": "'_Float16' is not supported",
    "__int128": "'__int128' is not supported yet",
    "unsigned __int128": "'__int128' is not supported yet",
}

# builtin name prefixes of the atomics work (issue 11)
_ATOMIC_BUILTINS = ("__atomic_", "__sync_", "__c11_atomic_")
# storage-class spellings of thread-local storage
TLS_STORAGE = ("__thread", "_Thread_local")


def type_message(t: CType) -> str | None:
    """Why a value of type `t` (or holding one) cannot be compiled, or None."""
    u = unqual(t)
    if isinstance(u, PendingT) or u in (INT128, UINT128):
        return (u.why if isinstance(u, PendingT) else "") or \
            _WHY.get(str(u), f"'{u}' is not supported yet")
    if isinstance(u, ArrayT):
        return type_message(u.elem)
    if isinstance(u, StructT):
        for m in u.members:
            msg = type_message(m.type)
            if msg:
                return msg
    return None


def check_declared_type(sema: Sema, t: CType, p: Pos) -> None:
    """A declaration in the program (not in a system header) of such a type."""
    if sema.is_system(p):
        return
    u = unqual(t)
    types = [u.ret, *u.params] if isinstance(u, FuncT) else [t]
    for x in types:
        msg = type_message(x)
        if msg:
            sema.error(p, msg)
            return


def check_call(sema: Sema, ft: FuncT, p: Pos) -> None:
    """A call passing or returning such a value (from a header's declaration)."""
    for x in (ft.ret, *ft.params):
        msg = type_message(x)
        if msg:
            sema.error(p, msg)
            return


def check_storage(sema: Sema, storage: list[str], p: Pos) -> list[str]:
    """Thread-local storage: diagnosed in the program, dropped from `storage`."""
    tls = [s for s in storage if s in TLS_STORAGE]
    if tls and not sema.is_system(p):
        sema.error(p, f"'{tls[0]}' (thread-local storage) is not supported yet")
    return [s for s in storage if s not in TLS_STORAGE]


def check_qualifiers(sema: Sema, quals: list[str], p: Pos) -> None:
    if "_Atomic" in quals and not sema.is_system(p):
        sema.error(p, "'_Atomic' is not supported yet")


def atomic_builtin(sema: Sema, name: str, p: Pos) -> bool:
    """Diagnose the `__atomic_*`/`__sync_*` builtins; True if `name` is one."""
    if name.startswith(_ATOMIC_BUILTINS):
        sema.error(p, f"'{name}' is not supported yet (atomic builtins)")
        return True
    return False
