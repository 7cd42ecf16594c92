"""IR types: a small closed set, so every pass can switch over them exhaustively.

Aggregates never appear as IR values: the front end lowers C structs and arrays
to memory (alloca + ptradd + load/store) and to ABI pieces at call boundaries.
The only non-scalar type is `TupleType`, the result of a call that returns two
registers (a 9..16 byte struct under SysV); `extract` takes it apart.

`f80` is the x87 80-bit extended format (C's `long double`): its constants are
`x87float.X80` bit patterns, it occupies 16 bytes of memory (`size`, as the C
type) of which loads and stores touch the first 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class IntType:
    bits: int  # 1, 8, 16, 32, 64 or 128 (legalised to i64 pairs before codegen)

    def __str__(self) -> str:
        return f"i{self.bits}"

    @property
    def size(self) -> int:
        return max(1, self.bits // 8)

    @property
    def mask(self) -> int:
        return (1 << self.bits) - 1


@dataclass(frozen=True, slots=True)
class FloatType:
    bits: int  # 32, 64 or 80 (x87 extended)

    def __str__(self) -> str:
        return f"f{self.bits}"

    @property
    def size(self) -> int:
        return 16 if self.bits == 80 else self.bits // 8

    @property
    def is_x87(self) -> bool:
        return self.bits == 80


@dataclass(frozen=True, slots=True)
class PtrType:
    def __str__(self) -> str:
        return "ptr"

    @property
    def size(self) -> int:
        return 8


@dataclass(frozen=True, slots=True)
class VoidType:
    def __str__(self) -> str:
        return "void"

    @property
    def size(self) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class TupleType:
    elems: tuple[Type, ...]

    def __str__(self) -> str:
        return "{" + ", ".join(str(e) for e in self.elems) + "}"

    @property
    def size(self) -> int:
        return sum(e.size for e in self.elems)


Type = IntType | FloatType | PtrType | VoidType | TupleType
ScalarType = IntType | FloatType | PtrType

I1: Final = IntType(1)
I8: Final = IntType(8)
I16: Final = IntType(16)
I32: Final = IntType(32)
I64: Final = IntType(64)
I128: Final = IntType(128)
F32: Final = FloatType(32)
F64: Final = FloatType(64)
F80: Final = FloatType(80)
PTR: Final = PtrType()
VOID: Final = VoidType()

_BY_NAME: Final[dict[str, Type]] = {
    "i1": I1, "i8": I8, "i16": I16, "i32": I32, "i64": I64, "i128": I128,
    "f32": F32, "f64": F64, "f80": F80, "ptr": PTR, "void": VOID,
}


def parse_type(text: str) -> Type:
    """Inverse of `str(type)`; raises KeyError on an unknown spelling."""
    text = text.strip()
    if text.startswith("{") and text.endswith("}"):
        inner = text[1:-1].strip()
        return TupleType(tuple(parse_type(p) for p in inner.split(",")) if inner else ())
    return _BY_NAME[text]


def int_type(size_bytes: int) -> IntType:
    return {1: I8, 2: I16, 4: I32, 8: I64, 16: I128}[size_bytes]


def is_int(t: Type) -> bool:
    return isinstance(t, IntType)


def is_float(t: Type) -> bool:
    return isinstance(t, FloatType)


def is_x87(t: Type) -> bool:
    """The x87 extended type (`f80`): memory-resident in the back end."""
    return isinstance(t, FloatType) and t.bits == 80
