"""The reference interpreter's memory: separate objects (globals, allocas, heap
blocks) at distinct addresses with unmapped gaps between them, so an access outside
every live object is a `MemoryFault`; loads and stores are little-endian."""

from __future__ import annotations

import bisect
import struct

from . import interp_x87 as x87
from .interp_eval import MemoryFault, Scalar
from .types import FloatType, IntType, Type
from .x87float import X80


class _Object:
    __slots__ = ("base", "data", "live", "name", "readonly")

    def __init__(self, base: int, size: int, name: str, readonly: bool = False) -> None:
        self.base = base
        self.data = bytearray(size)
        self.name = name
        self.live = True
        self.readonly = readonly


class Memory:
    """Separate objects at distinct addresses with unmapped gaps between them."""

    GAP = 64

    def __init__(self) -> None:
        self._bases: list[int] = []
        self._objects: list[_Object] = []
        self._next = 0x10000

    def allocate(self, size: int, align: int = 16, name: str = "") -> int:
        align = max(align, 16)
        base = (self._next + align - 1) // align * align
        obj = _Object(base, size, name)
        self._next = base + max(size, 1) + self.GAP
        self._bases.append(base)
        self._objects.append(obj)
        return base

    def free(self, addr: int) -> None:
        obj = self._find(addr, 0, "free")
        if obj.base != addr:
            raise MemoryFault(f"free of interior pointer {addr:#x}")
        obj.live = False

    def _find(self, addr: int, n: int, what: str) -> _Object:
        i = bisect.bisect_right(self._bases, addr) - 1
        if i >= 0:
            obj = self._objects[i]
            if obj.live and addr + n <= obj.base + len(obj.data):
                return obj
            if not obj.live and addr < obj.base + max(len(obj.data), 1):
                raise MemoryFault(f"{what} of {n} bytes at {addr:#x}: object "
                                  f"'{obj.name}' is no longer live")
        raise MemoryFault(f"{what} of {n} bytes at {addr:#x} is outside every object")

    def read(self, addr: int, n: int) -> bytes:
        if n == 0:
            return b""
        obj = self._find(addr, n, "load")
        off = addr - obj.base
        return bytes(obj.data[off:off + n])

    def write(self, addr: int, data: bytes) -> None:
        if not data:
            return
        obj = self._find(addr, len(data), "store")
        if obj.readonly:
            raise MemoryFault(f"store to read-only object '{obj.name}'")
        off = addr - obj.base
        obj.data[off:off + len(data)] = data

    def read_cstring(self, addr: int, limit: int = 1 << 20) -> bytes:
        out = bytearray()
        while len(out) < limit:
            b = self.read(addr + len(out), 1)[0]
            if b == 0:
                return bytes(out)
            out.append(b)
        raise MemoryFault("unterminated string")

    def load(self, ty: Type, addr: int) -> Scalar:
        if x87.involves_x87(ty):  # the 10 bytes of the value, not the padding
            return X80.from_bytes(self.read(addr, 10))
        raw = self.read(addr, ty.size)
        if isinstance(ty, FloatType):
            f: float = struct.unpack("<f" if ty.bits == 32 else "<d", raw)[0]
            return f
        v = int.from_bytes(raw, "little")
        if isinstance(ty, IntType) and ty.bits == 1:
            v &= 1
        return v

    def store(self, ty: Type, addr: int, v: Scalar) -> None:
        if isinstance(v, X80):
            self.write(addr, v.to_bytes())
        elif isinstance(ty, FloatType):
            self.write(addr, struct.pack("<f" if ty.bits == 32 else "<d", float(v)))
        else:
            assert isinstance(v, int)
            self.write(addr, (v & ((1 << (8 * ty.size)) - 1)).to_bytes(ty.size, "little"))
