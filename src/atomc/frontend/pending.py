"""C constructs gcc accepts that atomc does not compile yet, diagnosed by name.

Everything here is deliberately in one place: when a construct is implemented,
its entry goes and nothing else changes. Declarations in system headers are
accepted (glibc declares `_Float16` functions a program may never use); a use
from the program is diagnosed. (`_Float128`/`__float128` have their own checks
in `sema`, through `ctype.FLOAT128`.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .ctype import ArrayT, CType, FuncT, NaturalT, StructT, unqual

if TYPE_CHECKING:
    from .scopes import Pos
    from .sema import Sema


@dataclass(frozen=True, slots=True)
class PendingT(NaturalT):
    """A type atomc cannot compute with (IEEE quad and half precision): it has a
    size, so header declarations lay out, and nothing else."""

    name: str
    nbytes: int
    why: str = ""

    def __str__(self) -> str:
        return self.name

    @property
    def size(self) -> int:
        return self.nbytes

    @property
    def align(self) -> int:
        return self.nbytes


FLOAT16 = PendingT("_Float16", 2, "'_Float16' is not supported")

# type specifier spellings -> their (pending) type
PENDING_TYPES: dict[tuple[str, ...], CType] = {("_Float16",): FLOAT16}


def type_message(t: CType) -> str | None:
    """Why a value of type `t` (or holding one) cannot be compiled, or None."""
    u = unqual(t)
    if isinstance(u, PendingT):
        return u.why or f"'{u}' is not supported yet"
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
