"""SSA values and their use lists.

Every operand slot is a `Use`, registered in its value's use list, so that
`replace_all_uses_with` reaches instructions, branch arguments and debug
records alike. Debug uses (`Use.is_debug`) never keep a value alive: deadness
checks call `has_real_uses()`.

Constants and undef are not tracked (they are immutable and shared).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from .types import FloatType, IntType, Type
from .x87float import X80

if TYPE_CHECKING:
    from .dbgrecords import DbgRecord
    from .function import Block, Function
    from .insts import Inst


class Value:
    __slots__ = ("ty", "uses", "name")

    tracks_uses = True

    def __init__(self, ty: Type, name: str = "") -> None:
        self.ty = ty
        self.uses: list[Use] = []
        self.name = name

    def has_real_uses(self) -> bool:
        for u in self.uses:  # a loop, not any(): this is asked of every instruction often
            if not u.is_debug:
                return True
        return False

    def replace_all_uses_with(self, new: Value) -> None:
        if new is self:
            return
        for use in list(self.uses):
            use.set(new)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.ty} {self.name}>"


class Use:
    """One operand slot. `user` is an `Inst` or a `DbgRecord`."""

    __slots__ = ("user", "value", "is_debug")

    def __init__(self, user: Inst | DbgRecord, value: Value, is_debug: bool = False) -> None:
        self.user = user
        self.value = value
        self.is_debug = is_debug
        if value.tracks_uses:
            value.uses.append(self)

    def set(self, new: Value) -> None:
        old = self.value
        if old.tracks_uses:
            old.uses.remove(self)
        self.value = new
        if new.tracks_uses:
            new.uses.append(self)

    def drop(self) -> None:
        """Unregister from the value (the slot is being deleted)."""
        if self.value.tracks_uses:
            self.value.uses.remove(self)


class Const(Value):
    """An integer (or float) constant; integers are stored as the unsigned bit pattern."""

    __slots__ = ("value",)
    tracks_uses = False

    def __init__(self, ty: Type, value: int | float | X80) -> None:
        super().__init__(ty)
        if isinstance(value, int) and hasattr(ty, "mask"):
            value &= ty.mask
        elif getattr(ty, "bits", 0) == 80 and not hasattr(ty, "mask"):
            value = _to_x80(value)  # an f80 constant is an exact X80 bit pattern
        elif isinstance(value, float) and getattr(ty, "bits", 0) == 32:
            value = _to_single(value)  # an f32 constant holds a single's value
        self.value = value

    def identity(self) -> int:
        """A key that tells constants apart exactly: integers by value, floats by
        their IEEE bits (0.0 and -0.0 differ; a NaN equals itself)."""
        if isinstance(self.value, X80):
            return self.value.bits
        if isinstance(self.value, float):
            return int.from_bytes(struct.pack("<d", self.value), "little")
        return self.value

    @property
    def int_value(self) -> int:
        """The unsigned bit pattern of an integer constant."""
        v = self.value
        if not isinstance(v, int):
            raise TypeError(f"the {self.ty} constant {v!r} is not an integer")
        return v

    @property
    def float_value(self) -> float:
        """The value of an f32 or f64 constant (one written as an integer, converted)."""
        v = self.value
        if isinstance(v, X80):
            raise TypeError(f"the {self.ty} constant {v!r} is an x87 bit pattern")
        return float(v)

    def signed(self) -> int:
        """The value read as a two's-complement signed integer."""
        assert isinstance(self.value, int) and isinstance(self.ty, (IntType, FloatType))
        bits = self.ty.bits
        v = self.value
        return v - (1 << bits) if v >> (bits - 1) & 1 else v

    def __repr__(self) -> str:
        return f"<Const {self.ty} {self.value}>"


def _to_x80(v: int | float | X80) -> X80:
    if isinstance(v, X80):
        return v
    return X80.from_int(v) if isinstance(v, int) else X80.from_float(v)


def _to_single(v: float) -> float:
    try:
        return float(struct.unpack("<f", struct.pack("<f", v))[0])
    except OverflowError:
        return v * float("inf")


class Undef(Value):
    __slots__ = ()
    tracks_uses = False


class Arg(Value):
    """A function parameter after ABI lowering. `byval` = (size, align) of a
    stack-passed aggregate: the value is then a pointer to the callee's copy."""

    __slots__ = ("function", "index", "byval")

    def __init__(self, ty: Type, function: Function, index: int,
                 byval: tuple[int, int] | None = None, name: str = "") -> None:
        super().__init__(ty, name)
        self.function = function
        self.index = index
        self.byval = byval


class BlockParam(Value):
    """SSA join value: the argument each predecessor's branch passes in."""

    __slots__ = ("block", "index")

    def __init__(self, ty: Type, block: Block, index: int, name: str = "") -> None:
        super().__init__(ty, name)
        self.block = block
        self.index = index
