"""The C type model, with x86-64 SysV sizes and alignments.

Scalar, pointer, array and function types are frozen values compared
structurally. Struct/union and enum types are compared by identity (each tag
declaration is one type) and are mutable until completed. Qualifiers and
typedef names are wrappers (`Qualified`, `Typedef`) kept only because debug
information and const checks need them; semantic code calls `unqual()` first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

import atomc.fastenum as fastenum

if TYPE_CHECKING:
    from ..ir import DILocalVariable, Value


class CType:
    __slots__ = ()
    # a qualifier or typedef-name layer (Qualified, Typedef), which unqual() strips:
    # one class attribute read answers "no layer" for most types asked
    layered: ClassVar[bool] = False

    @property
    def size(self) -> int:
        raise NotImplementedError

    @property
    def align(self) -> int:
        raise NotImplementedError

    @property
    def complete(self) -> bool:
        return True


class NaturalT(CType):
    """A type whose size and alignment are both its `nbytes` (integers, real floating
    types, the types atomc parses but cannot compute with: pending.py), spelled `name`.
    Each subclass declares those fields and the three methods itself: mypyc hands a
    base's field annotations to the dataclass machinery of a compiled subclass as
    fields with defaults ("non-default argument 'signed' follows default argument")."""

    __slots__ = ()


class _Wrapper(CType):
    """A type laid out as the type it wraps (`_wrapped`: a qualified type's or a
    typedef name's base, an enum's underlying integer type): its size, alignment
    and (unless it says otherwise) completeness are that type's."""

    __slots__ = ()

    def _wrapped(self) -> CType:
        raise NotImplementedError

    @property
    def size(self) -> int:
        return self._wrapped().size

    @property
    def align(self) -> int:
        return self._wrapped().align

    @property
    def complete(self) -> bool:
        return self._wrapped().complete


class _GnuSizeOne(CType):
    """A type ISO C gives no size (void, functions; incomplete), which GNU C sizes as 1
    so that arithmetic on `void *` and function pointers steps by bytes."""

    __slots__ = ()

    @property
    def size(self) -> int:
        return 1

    @property
    def align(self) -> int:
        return 1

    @property
    def complete(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class VoidT(_GnuSizeOne):
    def __str__(self) -> str:
        return "void"


@dataclass(frozen=True, slots=True)
class IntT(NaturalT):
    """An integer type; `rank` orders the conversion ranks (bool < char < ... < long long)."""

    name: str
    nbytes: int
    signed: bool
    rank: int

    def __str__(self) -> str:
        return self.name

    @property
    def size(self) -> int:
        return self.nbytes

    @property
    def align(self) -> int:
        return self.nbytes

    @property
    def bits(self) -> int:
        return self.nbytes * 8


@dataclass(frozen=True, slots=True)
class FloatT(NaturalT):
    """A real floating type: float, double, long double (x87 extended, 16 bytes),
    or `_Float128`, which is parsed (system headers mention it) but not compiled."""

    name: str
    nbytes: int

    def __str__(self) -> str:
        return self.name

    @property
    def size(self) -> int:
        return self.nbytes

    @property
    def align(self) -> int:
        return self.nbytes


@dataclass(frozen=True, slots=True)
class ComplexT(CType):
    """`_Complex float/double/long double`: the real part, then the imaginary part,
    each of type `base` (C11 6.2.5p13: laid out as `base[2]`)."""

    base: FloatT

    @property
    def size(self) -> int:
        return 2 * self.base.size

    @property
    def align(self) -> int:
        return self.base.align

    def __str__(self) -> str:
        return f"_Complex {self.base}"


@dataclass(frozen=True, slots=True)
class PointerT(CType):
    pointee: CType

    @property
    def size(self) -> int:
        return 8

    @property
    def align(self) -> int:
        return 8

    def __str__(self) -> str:
        return f"{self.pointee} *"


class _Array(CType):
    """An array type, of fixed (`ArrayT`) or variable (`VlaT`) length: aligned as its
    element (`elem`, which each declares: see NaturalT)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class ArrayT(_Array):
    elem: CType
    count: int | None  # None: incomplete (`int a[]`)

    @property
    def align(self) -> int:
        return self.elem.align

    @property
    def size(self) -> int:
        return self.elem.size * (self.count or 0)

    @property
    def complete(self) -> bool:
        return self.count is not None

    def __str__(self) -> str:
        return f"{self.elem}[{'' if self.count is None else self.count}]"


@dataclass(eq=False, slots=True)
class VlaT(_Array):
    """A variable length array `elem[dim]`: `dim` is the typed element-count
    expression, evaluated once where the type's declaration is reached; irgen
    keeps the result (an i64) in the stack slot `count_slot`. Its size is only
    known at run time (see `vla.py`), so `size` refuses to answer."""

    elem: CType
    # a tree.Expr: tree imports this module, and compiled by mypyc the dataclass's
    # annotations would name tree's class before tree has made it (a crash on import)
    dim: Any
    count_slot: Value | None = None  # address of the evaluated count, once emitted
    di_count: DILocalVariable | None = None  # the artificial variable holding the count

    @property
    def align(self) -> int:
        return self.elem.align

    @property
    def size(self) -> int:
        raise TypeError("the size of a variable length array is known only at run time")

    def __str__(self) -> str:
        return f"{self.elem}[*]"


@dataclass(frozen=True, slots=True)
class FuncT(_GnuSizeOne):
    ret: CType
    params: tuple[CType, ...]
    variadic: bool = False
    prototyped: bool = True

    def __str__(self) -> str:
        ps = ", ".join(str(p) for p in self.params) + (", ..." if self.variadic else "")
        return f"{self.ret} ({ps or 'void'})"


@dataclass(eq=False, slots=True)
class Member:
    """A struct/union member. Bit-fields (`bit_width >= 0`) start `bit_pos` bits into
    byte `offset` and are accessed through the `unit_size`-byte unit at byte
    `unit_offset`, where they sit `unit_shift` bits up (see `bitfields.py`)."""

    name: str  # "" for an anonymous struct/union member
    type: CType
    offset: int
    line: int = 0
    bit_width: int = -1
    bit_pos: int = 0
    unit_offset: int = 0
    unit_size: int = 0
    unit_shift: int = 0

    @property
    def is_bitfield(self) -> bool:
        return self.bit_width >= 0


class RecordKind(fastenum.StrEnum):
    """A record type's keyword (the value is how C spells it)."""

    STRUCT = "struct"
    UNION = "union"


@dataclass(eq=False, slots=True)
class StructT(CType):
    """A struct or union; members and layout are filled in by `layout()`."""

    kind: RecordKind
    tag: str  # "" when anonymous
    members: list[Member] = field(default_factory=list)
    is_complete: bool = False
    nbytes: int = 0
    alignment: int = 1
    file: str = ""
    line: int = 0
    # find_member's name index and the member list it was built from
    _index: dict[str, tuple[int, Member]] = field(default_factory=dict, init=False,
                                                    repr=False)
    _index_of: list[Member] | None = field(default=None, init=False, repr=False)

    @property
    def size(self) -> int:
        return self.nbytes

    @property
    def align(self) -> int:
        return self.alignment

    @property
    def complete(self) -> bool:
        return self.is_complete

    def layout(self, members: list[tuple[str, CType, int]], packed: bool = False,
               min_align: int = 1, member_align: dict[int, int] | None = None,
               max_align: int = 0) -> None:
        """Place members in declaration order with SysV alignment rules.

        `packed` drops member alignment (GNU `packed`); `member_align` raises the
        alignment of member i (GNU `aligned(N)` on a member); `min_align` is the
        struct's own `aligned(N)`; `max_align` caps member alignment (`#pragma pack(N)`).
        """
        offset = 0
        align = max(1, min_align)
        placed: list[Member] = []
        for i, (name, ty, line) in enumerate(members):
            a = 1 if packed else ty.align
            if max_align:
                a = min(a, max_align)
            if member_align and i in member_align:
                a = max(a, member_align[i])
            align = max(align, a)
            if self.kind is RecordKind.UNION:
                placed.append(Member(name, ty, 0, line))
                offset = max(offset, ty.size)
            else:
                offset = (offset + a - 1) // a * a
                placed.append(Member(name, ty, offset, line))
                offset += ty.size
        self.members = placed
        self.alignment = align
        self.nbytes = (offset + align - 1) // align * align
        self.is_complete = True

    def find(self, name: str) -> tuple[int, CType] | None:
        """(offset, type) of member `name`, looking inside anonymous members."""
        found = self.find_member(name)
        return None if found is None else (found[0], found[1].type)

    def find_member(self, name: str) -> tuple[int, Member] | None:
        """(byte offset of the member from the start of this struct, member) for `name`,
        looking inside anonymous members (a bit-field's unit is at that offset
        minus `m.offset` plus `m.unit_offset`)."""
        return self._member_index().get(name)

    def _build_index(self) -> dict[str, tuple[int, Member]]:
        """Every name `find_member` answers, built once per member list so a lookup
        is one probe instead of a scan of the members (the first match in
        declaration order wins, as a scan would find it)."""
        index: dict[str, tuple[int, Member]] = {}
        for m in self.members:
            index.setdefault(m.name, (m.offset, m))
            if m.name == "":
                inner = unqual(m.type)
                if isinstance(inner, StructT):
                    for inner_name, (off, found) in inner._member_index().items():
                        index.setdefault(inner_name, (m.offset + off, found))
        return index

    def _member_index(self) -> dict[str, tuple[int, Member]]:
        if self._index_of is not self.members:
            self._index = self._build_index()
            self._index_of = self.members
        return self._index

    def __str__(self) -> str:
        return f"{self.kind} {self.tag or '<anonymous>'}"


@dataclass(eq=False, slots=True)
class EnumT(_Wrapper):
    tag: str
    underlying: IntT
    enumerators: list[tuple[str, int]] = field(default_factory=list)
    is_complete: bool = False
    file: str = ""
    line: int = 0

    def _wrapped(self) -> CType:
        return self.underlying

    @property
    def complete(self) -> bool:
        return self.is_complete

    def __str__(self) -> str:
        return f"enum {self.tag or '<anonymous>'}"


class _Layer(_Wrapper):
    """A qualifier or typedef-name layer over `base` (Qualified, Typedef), which
    unqual() strips. (`layered` is set here, not in their dataclass bodies: compiled
    by mypyc, a dataclass's ClassVar reaches the dataclass machinery as a field.)"""

    __slots__ = ()
    layered: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Qualified(_Layer):
    base: CType
    const: bool = False
    volatile: bool = False
    atomic: bool = False  # C11 `_Atomic` (see atomic_irgen.py)

    def _wrapped(self) -> CType:
        return self.base

    @property
    def align(self) -> int:
        a = self.base.align
        sized = (IntT, EnumT, PointerT, FloatT, StructT, ComplexT)
        if self.atomic and isinstance(unqual(self.base), sized) \
                and self.base.complete and self.base.size in (1, 2, 4, 8, 16):
            return max(a, self.base.size)  # gcc aligns lock-free-sized atomics to their size
        return a

    def __str__(self) -> str:
        q = ("_Atomic " if self.atomic else "") + ("const " if self.const else "") + \
            ("volatile " if self.volatile else "")
        return q + str(self.base)


@dataclass(frozen=True, slots=True, eq=False)
class Typedef(_Layer):
    name: str
    base: CType
    file: str = ""
    line: int = 0

    def _wrapped(self) -> CType:
        return self.base

    def __str__(self) -> str:
        return self.name


# ---------------------------------------------------------------------------
# The integer types

BOOL: Final = IntT("_Bool", 1, False, 1)
CHAR: Final = IntT("char", 1, True, 2)
SCHAR: Final = IntT("signed char", 1, True, 2)
UCHAR: Final = IntT("unsigned char", 1, False, 2)
SHORT: Final = IntT("short", 2, True, 3)
USHORT: Final = IntT("unsigned short", 2, False, 3)
INT: Final = IntT("int", 4, True, 4)
UINT: Final = IntT("unsigned int", 4, False, 4)
LONG: Final = IntT("long", 8, True, 5)
ULONG: Final = IntT("unsigned long", 8, False, 5)
LLONG: Final = IntT("long long", 8, True, 6)
ULLONG: Final = IntT("unsigned long long", 8, False, 6)
INT128: Final = IntT("__int128", 16, True, 7)
UINT128: Final = IntT("unsigned __int128", 16, False, 7)
VOID: Final = VoidT()
FLOAT: Final = FloatT("float", 4)
DOUBLE: Final = FloatT("double", 8)
LDOUBLE: Final = FloatT("long double", 16)
FLOAT128: Final = FloatT("_Float128", 16)  # IEEE binary128 (`__float128`): unsupported
SIZE_T: Final = ULONG
PTRDIFF_T: Final = LONG

_UNSIGNED_OF: Final = {CHAR: UCHAR, SCHAR: UCHAR, SHORT: USHORT, INT: UINT, LONG: ULONG,
                       LLONG: ULLONG, INT128: UINT128}

# gcc's integer machine modes on x86-64 (`word`, `pointer` and `unwind_word` are DImode)
_MODE_BYTES: Final = {"QI": 1, "HI": 2, "SI": 4, "DI": 8, "TI": 16, "byte": 1, "word": 8,
                      "pointer": 8, "unwind_word": 8}
_SIGNED_OF_SIZE: Final = {1: SCHAR, 2: SHORT, 4: INT, 8: LONG, 16: INT128}


def int_type_of_mode(mode: str, signed: bool) -> IntT | None:
    """The integer type `__attribute__((mode(M)))` gives an integer declaration of the
    given signedness (`mode(TI)`: __int128); None for a mode that is not an integer
    mode. `__TI__` is the same as `TI`."""
    name = mode[2:-2] if mode.startswith("__") and mode.endswith("__") else mode
    size = _MODE_BYTES.get(name)
    if size is None:
        return None
    t = _SIGNED_OF_SIZE[size]
    return t if signed else _UNSIGNED_OF[t]


def unqual(t: CType) -> CType:
    """Strip typedef names and qualifiers at the top level."""
    if not t.layered:
        return t
    while isinstance(t, (Qualified, Typedef)):
        t = t.base
    return t


def _top_qualifier(t: CType, flag: str) -> bool:
    """Does a qualifier layer at the top level of `t` (through typedef names) set
    `flag`? A loop, not a generator: asked for most values loaded or stored, and
    most types have no layer at all."""
    if not t.layered:
        return False
    while isinstance(t, (Qualified, Typedef)):
        if isinstance(t, Qualified) and getattr(t, flag):
            return True
        t = t.base
    return False


def const_volatile_atomic(t: CType) -> tuple[bool, bool, bool]:
    """(`is_const(t)`, `is_volatile(t)`, `is_atomic(t)`) in one walk of the layers."""
    const = volatile = atomic = False
    while isinstance(t, (Qualified, Typedef)):
        if isinstance(t, Qualified):
            const = const or t.const
            volatile = volatile or t.volatile
            atomic = atomic or t.atomic
        t = t.base
    return const, volatile, atomic


def is_const(t: CType) -> bool:
    return _top_qualifier(t, "const")


def is_volatile(t: CType) -> bool:
    return _top_qualifier(t, "volatile")


def is_atomic(t: CType) -> bool:
    """Is `t` `_Atomic`-qualified (at the top level, through typedef names)?"""
    return _top_qualifier(t, "atomic")


def qualify(t: CType, const: bool, volatile: bool, atomic: bool = False) -> CType:
    if not const and not volatile and not atomic:
        return t
    if isinstance(t, Qualified):
        return Qualified(t.base, t.const or const, t.volatile or volatile, t.atomic or atomic)
    return Qualified(t, const, volatile, atomic)


def drop_atomic(t: CType) -> CType:
    """`t` without a top-level `_Atomic` (the type of an rvalue read from such an
    object), keeping typedef names where no qualifier is in the way."""
    if not is_atomic(t):
        return t
    u = t
    const = volatile = False
    while isinstance(u, (Qualified, Typedef)):
        if isinstance(u, Qualified):
            const, volatile = const or u.const, volatile or u.volatile
        u = u.base
    return qualify(u, const, volatile)


def as_int(t: CType) -> IntT | None:
    """The integer type behind `t` (enums count as their underlying type)."""
    u = unqual(t) if t.layered else t  # (most types have no layer: no call)
    if isinstance(u, IntT):
        return u
    if isinstance(u, EnumT):
        return u.underlying
    return None


def is_bool(t: CType) -> bool:
    """`as_int(t) == BOOL`, without the dataclass's `__eq__` for the types that are
    not (only `_Bool` has conversion rank 1)."""
    i = as_int(t)
    return i is BOOL or (i is not None and i.rank == 1 and i == BOOL)


def is_integer(t: CType) -> bool:
    return as_int(t) is not None


def is_pointer(t: CType) -> bool:
    return isinstance(unqual(t) if t.layered else t, PointerT)


def is_scalar(t: CType) -> bool:
    u = unqual(t) if t.layered else t
    return isinstance(u, (IntT, EnumT, PointerT, FloatT, ComplexT))


def is_arith(t: CType) -> bool:
    u = unqual(t) if t.layered else t
    return isinstance(u, (IntT, EnumT, FloatT, ComplexT))


def as_complex(t: CType) -> ComplexT | None:
    u = unqual(t)
    return u if isinstance(u, ComplexT) else None


def is_aggregate(t: CType) -> bool:
    return isinstance(unqual(t), (StructT, ArrayT))


def is_void(t: CType) -> bool:
    return isinstance(unqual(t) if t.layered else t, VoidT)


def is_func(t: CType) -> bool:
    return isinstance(unqual(t), FuncT)


def promote(t: IntT) -> IntT:
    """Integer promotion: everything narrower than int becomes int."""
    if t.rank < INT.rank:
        return INT
    return t


def usual_arith(a: IntT, b: IntT) -> IntT:
    """The usual arithmetic conversions for two (promoted) integer types."""
    a, b = promote(a), promote(b)
    if a is b or a == b:  # (the types are the constants above: most often the same one)
        return a
    if a.signed == b.signed:
        return a if a.rank >= b.rank else b
    u, s = (a, b) if not a.signed else (b, a)
    if u.rank >= s.rank:
        return u
    if s.size > u.size:
        return s
    return _UNSIGNED_OF[s]


def is_vla(t: CType) -> bool:
    return isinstance(unqual(t), VlaT)


def variably_modified(t: CType) -> bool:
    """Does the type involve a variable length array (`int[n]`, `int (*)[n]`)?"""
    u = unqual(t)
    while isinstance(u, (ArrayT, VlaT, PointerT)):
        if isinstance(u, VlaT):
            return True
        u = unqual(u.pointee if isinstance(u, PointerT) else u.elem)
    return False


def decay(t: CType) -> CType:
    """Array-to-pointer and function-to-pointer conversion."""
    u = unqual(t)
    if isinstance(u, (ArrayT, VlaT)):
        return PointerT(u.elem)
    if isinstance(u, FuncT):
        return PointerT(t)
    return t


def compatible(a: CType, b: CType) -> bool:
    """Type compatibility, ignoring top-level qualifiers (good enough for redeclarations)."""
    a, b = unqual(a), unqual(b)
    if a is b or a == b:
        return True
    if isinstance(a, EnumT) and isinstance(b, IntT):
        return a.underlying == b
    if isinstance(b, EnumT) and isinstance(a, IntT):
        return b.underlying == a
    if isinstance(a, PointerT) and isinstance(b, PointerT):
        return compatible(a.pointee, b.pointee)
    if isinstance(a, ArrayT) and isinstance(b, ArrayT):
        return compatible(a.elem, b.elem) and (a.count is None or b.count is None
                                               or a.count == b.count)
    if isinstance(a, (ArrayT, VlaT)) and isinstance(b, (ArrayT, VlaT)):
        return compatible(a.elem, b.elem)  # a VLA's size is checked at run time, if ever
    if isinstance(a, FuncT) and isinstance(b, FuncT):
        if not compatible(a.ret, b.ret):
            return False
        if not a.prototyped or not b.prototyped:
            return True
        return (a.variadic == b.variadic and len(a.params) == len(b.params)
                and all(compatible(x, y) for x, y in zip(a.params, b.params, strict=True)))
    return False


def wrap(value: int, t: IntT) -> int:
    """Reduce `value` to the range of `t` (two's complement)."""
    if t is BOOL or (t.rank == 1 and t == BOOL):  # (only _Bool has rank 1)
        return 1 if value else 0
    mask = (1 << t.bits) - 1
    value &= mask
    if t.signed and value >> (t.bits - 1):
        value -= 1 << t.bits
    return value


def contains_float(t: CType) -> bool:
    """Does an object of this type hold floating-point data (unsupported for now)?"""
    u = unqual(t)
    if isinstance(u, (FloatT, ComplexT)):
        return True
    if isinstance(u, ArrayT):
        return contains_float(u.elem)
    if isinstance(u, StructT):
        return any(contains_float(m.type) for m in u.members)
    return False


def as_float(t: CType) -> FloatT | None:
    """The floating type behind `t`, if it is one."""
    u = unqual(t) if t.layered else t
    return u if isinstance(u, FloatT) else None


def _contains_real(t: CType, real: FloatT) -> bool:
    """Does an object of type `t` hold values of the real floating type `real`
    (directly, as a complex half, or in an element or member)?"""
    u = unqual(t) if t.layered else t
    if type(u) in _HOLD_NO_REAL:  # (most types asked: pointers and integers)
        return False
    if isinstance(u, ComplexT):
        u = u.base
    if isinstance(u, FloatT):
        return u == real
    if isinstance(u, ArrayT):
        return _contains_real(u.elem, real)
    if isinstance(u, StructT):
        return any(_contains_real(m.type, real) for m in u.members)
    return False


def settled_layout(t: CType) -> bool:
    """Are the members of `t` final (what `contains_float` and its kin read can no
    longer change)? Not for an incomplete struct or union, or an array of one: its
    members come with its definition."""
    u = unqual(t)
    while isinstance(u, ArrayT):
        u = unqual(u.elem)
    return not isinstance(u, StructT) or u.is_complete


# the types that hold no floating value of any kind (a pointer's target is not held)
_HOLD_NO_REAL: Final = frozenset({IntT, PointerT, VoidT, FuncT, EnumT})


def contains_unsupported_float(t: CType) -> bool:
    """Does an object of this type hold `_Float128` (`__float128`) data?"""
    return _contains_real(t, FLOAT128)


def contains_long_double(t: CType) -> bool:
    """Does an object of this type hold x87 `long double` data (SysV class X87)?"""
    return _contains_real(t, LDOUBLE)


def common_arith(a: CType, b: CType) -> CType:
    """The usual arithmetic conversions, floating types included: the wider
    floating type if either operand is floating, else the integer rules; with
    a complex operand, the complex type of the common real type."""
    ca, cb = as_complex(a), as_complex(b)
    if ca is not None or cb is not None:
        real = common_arith(ca.base if ca is not None else a, cb.base if cb is not None else b)
        rf = as_float(real)
        return ComplexT(rf if rf is not None else DOUBLE)
    fa, fb = as_float(a), as_float(b)
    if fa is not None or fb is not None:
        if fa is None or fb is None:
            return fa or fb  # type: ignore[return-value]
        return fa if fa.size >= fb.size else fb
    ia, ib = as_int(a), as_int(b)
    assert ia is not None and ib is not None
    return usual_arith(ia, ib)
