"""Which arrays a local's type holds (gcc's `stack_protect_classify_type`),
recorded on its alloca for -fstack-protector: a function with a large char
array gets a canary under -fstack-protector, one with any array under
-fstack-protector-strong, and the frame puts char arrays next to the canary."""

from __future__ import annotations

from ..ir.insts import ArrayKind
from .ctype import CHAR, SCHAR, UCHAR, ArrayT, CType, StructT, unqual

SSP_BUFFER_SIZE = 8  # gcc's --param ssp-buffer-size


def array_kind(t: CType) -> ArrayKind:
    u = unqual(t)
    if isinstance(u, ArrayT):
        if unqual(u.elem) in (CHAR, SCHAR, UCHAR):
            small = u.count is not None and u.size < SSP_BUFFER_SIZE
            return ArrayKind.ARRAY | (ArrayKind.SMALL_CHAR_ARRAY if small
                                      else ArrayKind.LARGE_CHAR_ARRAY)
        return ArrayKind.ARRAY  # gcc looks no further into other element types
    if isinstance(u, StructT):
        out = ArrayKind.AGGREGATE
        for m in u.members:
            out |= array_kind(m.type)
        return out if out != ArrayKind.AGGREGATE else ArrayKind.NONE
    return ArrayKind.NONE
