"""Enum classes made for a fraction of what `enum.EnumType` costs, because every
atomc process makes ~35 of them at import and Python 3.11's machinery spends
~60 us on a three-member class and ~350 us on `ir.insts.Op`: a Python
`_EnumDict.__setitem__` per name of the body, and per member a `_proto_member`
whose `__set_name__` deletes and re-adds the attribute, raises and catches a
TypeError to find its value, and scans the bases for descriptors.

A class opts in by naming one of this module's bases instead of `enum`'s
(`class Op(fastenum.Enum):`). The result is the class `class Op(enum.Enum):`
gives, attribute for attribute: its metaclass is `enum.EnumType`, its bases are
`enum`'s, and its `__dict__` holds the same keys, in the same order, with the
same values; each member has the same `__dict__`. The bases here are only tokens
(`_FastEnumType.__new__` swaps them for the `enum` class they stand for);
`isinstance` and `issubclass` against them answer as against that class.

The fast path (`_build`) does what `EnumType.__new__` and
`_proto_member.__set_name__` do, in their order, for the shape atomc uses: one
base (Enum, IntEnum, StrEnum, Flag or IntFlag), members valued by int or str
literals or `auto()`, methods, properties, class- and staticmethods, `_missing_`,
dunders other than the ones that change how members are made. Anything else (a
`__new__`, `_ignore_`, `_order_`, tuple values, a keyword, a nested class, a
member named like a base's attribute, ...) goes through `enum.EnumType` itself,
with the body's names replayed into its `_EnumDict` in order. So does everything
when `ATOMC_FAST_ENUM=off`, or when the interpreter's enum code is not the code
this mirrors (`_mirrored`: Python 3.11 and a checksum of the bytecode of the four
functions it follows).

One check of the standard namespace is not made: a member name bound twice in a
class body (a TypeError in `_EnumDict`) keeps the last value here. The body is a
plain dict for speed; tests/unit/test_fastenum.py rebuilds every opted-in class
through `enum.EnumType` from the names the body bound (`observer`), which
raises there.
"""

from __future__ import annotations

import enum
import os
import sys
from collections.abc import Callable, MutableMapping
from types import FunctionType
from typing import TYPE_CHECKING, Any

ENV_VAR = "ATOMC_FAST_ENUM"
KNOWN_VERSIONS = ((3, 11),)
# the checksums (`_checksum`) of the bytecode of the functions `_build` mirrors:
# Python 3.11.2's (Debian 12's)
KNOWN_CHECKSUMS = frozenset({"9af90d1a6527e1bf"})


class Stats:
    """Work counters: classes made by `_build` (`fast`) and through
    `enum.EnumType` (`standard`)."""

    __slots__ = ("fast", "standard")

    def __init__(self) -> None:
        self.fast = 0
        self.standard = 0

    def __repr__(self) -> str:
        return f"Stats(fast={self.fast}, standard={self.standard})"


stats = Stats()
# set by tests: called as observer(cls, name, bases, kwds, items) after each class
# is made, with the enum bases and the (name, value) pairs the body bound, in order
observer: Callable[[type, str, tuple[type, ...], dict[str, Any],
                    list[tuple[str, Any]]], None] | None = None
_enabled: bool | None = None  # decided at the first class
_std: Any = enum  # for enum's private helpers, which its stubs do not declare


def _checksum() -> str:
    """The checksum of the enum code `_build` follows."""
    from .cachefile import blake2b  # loaded with the dataclass cache, before any enum

    funcs = (enum.EnumType.__dict__["__prepare__"].__func__, enum.EnumType.__new__,
             _std._proto_member.__set_name__, _std._EnumDict.__setitem__)
    return blake2b(b"".join([f.__code__.co_code for f in funcs]), digest_size=8).hexdigest()


def _mirrored() -> bool:
    """Whether `_build` may run: not turned off, and the interpreter's enum is the
    one it mirrors."""
    if os.environ.get(ENV_VAR, "").strip().lower() in ("0", "off", "no", "false"):
        return False
    return sys.version_info[:2] in KNOWN_VERSIONS and _checksum() in KNOWN_CHECKSUMS


class _BaseInfo:
    """What `EnumType.__new__` reads of one enum base, which no class body changes
    (given that the body defines no `__new__`): worked out once per process, with
    enum's own helpers."""

    __slots__ = ("base", "member_type", "new_member", "use_args", "value_repr",
                 "boundary", "is_flag", "gnv", "reserved", "value_types", "replace",
                 "flag_ops")

    def __init__(self, base: Any) -> None:
        meta: Any = enum.EnumType
        self.base = base
        member_type, first_enum = meta._get_mixins_(base.__name__, (base,))
        new_member, _save, use_args = meta._find_new_({}, member_type, first_enum)
        self.member_type = member_type
        self.new_member = new_member
        self.use_args = use_args
        self.value_repr = meta._find_data_repr_(base.__name__, (base,))
        self.boundary = getattr(first_enum, "_boundary_", None)
        self.is_flag = issubclass(base, enum.Flag)
        self.gnv: Any = getattr(first_enum, "_generate_next_value_", None)
        # a member whose name a base's __dict__ holds is not set as an attribute
        # (or gets a redirect): those go the standard way
        self.reserved = frozenset({"mro"}).union(*[vars(b) for b in base.__mro__])
        if member_type is object:
            self.value_types = (int,) if self.is_flag else (int, str)
        else:
            self.value_types = (member_type,)
        # the methods EnumType.__new__ sets on a class that does not define them:
        # `found` is the base's own, as the class inherits it
        self.replace: list[tuple[str, Any]] = []
        for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
            found = getattr(base, name)
            if found in (getattr(member_type, name), getattr(object, name)):
                self.replace.append((name, getattr(first_enum, name)))
        self.flag_ops = [(name, getattr(enum.Flag, name)) for name in (
            "__or__", "__and__", "__xor__", "__ror__", "__rand__", "__rxor__",
            "__invert__")] if self.is_flag else []


_infos: dict[Any, _BaseInfo] = {}
# dunders in a body that change how members are made or set: the standard way
_MEMBER_DUNDERS = frozenset({
    "__new__", "__new_member__", "__init__", "__init_subclass__", "__setattr__",
    "__getattr__", "__getattribute__", "__delattr__", "__set_name__", "__order__",
    "__slots__"})
# sunder names `_EnumDict` keeps as plain attributes
_PLAIN_SUNDERS = frozenset({"_missing_", "_numeric_repr_", "_iter_member_",
                            "_iter_member_by_value_", "_iter_member_by_def_"})
_PLAIN_TYPES = (FunctionType, property, classmethod, staticmethod)
# names a class statement binds itself (`__doc__` from a docstring): plain attributes
_BODY_DUNDERS = frozenset({"__module__", "__qualname__", "__doc__"})


def _classify(name: str, info: _BaseInfo, ns: dict[str, Any]
              ) -> tuple[dict[str, Any], list[tuple[str, Any]], int] | None:
    """The body's plain attributes (in order), its members with their values
    (`auto()` resolved, as `_EnumDict.__setitem__` resolves them) and the OR of
    their int values; None when the body is not for `_build`."""
    plain: dict[str, Any] = {}
    members: list[tuple[str, Any]] = []
    last_values: list[Any] = []
    flag_mask = 0
    value_types = info.value_types
    for key, value in ns.items():
        kind = type(value)
        if key[0] != "_":  # neither private, sunder nor dunder: a member or a descriptor
            if kind in value_types or kind is enum.auto:
                if key in info.reserved:
                    return None
                if kind is enum.auto:
                    if value.value is not _std._auto_null:
                        return None
                    value = info.gnv(key, 1, len(members), last_values[:])
                    if type(value) not in value_types:
                        return None
                members.append((key, value))
                last_values.append(value)
                if type(value) is int:
                    flag_mask |= value
                continue
            if kind in _PLAIN_TYPES:
                plain[key] = value
                continue
            attribute = False
        elif key in _BODY_DUNDERS:  # what every class body binds
            plain[key] = value
            continue
        elif key == "_generate_next_value_":
            if value is not info.gnv:
                return None
            plain[key] = value
            continue
        elif _std._is_private(name, key):
            attribute = True
        elif _std._is_sunder(key):
            if key not in _PLAIN_SUNDERS:
                return None
            attribute = True
        elif _std._is_dunder(key):
            if key in _MEMBER_DUNDERS:
                return None
            attribute = True
        else:  # a name starting with one underscore: a member or a descriptor
            attribute = False
        if isinstance(value, (type, enum.member, enum.nonmember)) \
                or hasattr(kind, "__set_name__") \
                or not (attribute or _std._is_descriptor(value)):
            return None
        plain[key] = value
    return plain, members, flag_mask


def _build(name: str, info: _BaseInfo, ns: dict[str, Any]) -> Any:
    """The class `EnumType.__new__` makes of `ns` with the base `info.base`, or
    None (see `_classify`). Each step is the standard one, in its order; a dict
    key the standard way adds and later deletes is not added here."""
    body = _classify(name, info, ns)
    if body is None:
        return None
    classdict, members, flag_mask = body
    is_flag = info.is_flag
    classdict["_new_member_"] = new_member = info.new_member
    classdict["_use_args_"] = use_args = info.use_args
    member_names: list[str] = []
    member_map: dict[str, Any] = {}
    value_map: dict[Any, Any] = {}
    classdict["_member_names_"] = member_names
    classdict["_member_map_"] = member_map
    classdict["_value2member_map_"] = value_map
    classdict["_unhashable_values_"] = []
    classdict["_member_type_"] = member_type = info.member_type
    classdict["_value_repr_"] = info.value_repr
    if is_flag:
        classdict["_boundary_"] = info.boundary
        classdict["_flag_mask_"] = flag_mask
        classdict["_all_bits_"] = 2 ** (flag_mask.bit_length()) - 1
        classdict["_inverted_"] = None
    # the members are not in the dict type.__new__ copies: the standard way
    # deletes each (its _proto_member) and sets it again, at the dict's end
    cls: Any = type.__new__(enum.EnumType, name, (info.base,), classdict)
    set_attr = type.__setattr__
    single_bit = _std._is_single_bit
    for key, value in members:
        if use_args:
            member = new_member(cls, value)
            if not hasattr(member, "_value_"):
                member._value_ = member_type(value)
        else:  # object.__new__; object(value) raises, so _value_ is the value
            member = new_member(cls)
            member._value_ = value
        value = member._value_
        member._name_ = key
        member.__objclass__ = cls
        # Enum.__init__, which does nothing, is every opted-in class's __init__
        member._sort_order_ = len(member_names)
        canonical = value_map.get(value)
        if canonical is not None:
            member = canonical  # an alias
        elif not is_flag or single_bit(value):
            member_names.append(key)
        set_attr(cls, key, member)
        member_map[key] = member
        value_map.setdefault(value, member)
    own = cls.__dict__
    for method_name, method in info.replace:
        if method_name not in own:
            set_attr(cls, method_name, method)
    for method_name, method in info.flag_ops:
        if method_name not in own:
            set_attr(cls, method_name, method)
    set_attr(cls, "__new__", enum.Enum.__new__)
    if is_flag:
        single_bits = 0
        for member in member_map.values():
            if single_bit(member._value_):
                single_bits |= member._value_
        set_attr(cls, "_flag_mask_", single_bits)
        values = [m._value_ for m in cls]
        if values != sorted(values):
            set_attr(cls, "_iter_member_", cls._iter_member_by_def_)
    return cls


class _Recorder(dict[str, Any]):
    """A class body's namespace that keeps every binding in order, for `observer`."""

    __slots__ = ("items_set",)

    def __init__(self) -> None:
        super().__init__()
        self.items_set: list[tuple[str, Any]] = []

    def __setitem__(self, key: str, value: Any) -> None:
        self.items_set.append((key, value))
        super().__setitem__(key, value)


def _enum_bases(bases: tuple[type, ...]) -> tuple[type, ...]:
    """`bases` with this module's tokens replaced by the enum classes they stand for."""
    if len(bases) == 1:
        real = bases[0].__dict__.get("_fastenum_base")
        return bases if real is None else (real,)
    return tuple(b.__dict__.get("_fastenum_base", b) for b in bases)


class _FastEnumType(type):
    """The metaclass of this module's tokens, so of a class statement naming one:
    it makes an `enum.EnumType` class."""

    @classmethod
    def __prepare__(mcls, name: str, bases: tuple[type, ...], /,
                    **kwds: Any) -> MutableMapping[str, object]:
        ns: dict[str, Any] = {} if observer is None else _Recorder()
        # as EnumType.__prepare__, the first name bound
        gnv = getattr(_enum_bases(bases)[-1], "_generate_next_value_", None)
        dict.__setitem__(ns, "_generate_next_value_", gnv)
        return ns

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any],
                **kwds: Any) -> Any:
        global _enabled
        real = _enum_bases(bases)
        cls = None
        if len(real) == 1 and not kwds:
            if _enabled is None:
                _enabled = _mirrored()
            if _enabled and real[0] in _TOKENS:
                info = _infos.get(real[0])
                if info is None:
                    info = _infos[real[0]] = _BaseInfo(real[0])
                cls = _build(name, info, ns)
        if cls is None:
            cls = _standard(name, real, ns, kwds)
            stats.standard += 1
        else:
            stats.fast += 1
        if observer is not None and isinstance(ns, _Recorder):
            observer(cls, name, real, kwds, ns.items_set)
        return cls

    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, cls.__dict__["_fastenum_base"])

    def __subclasscheck__(cls, sub: Any) -> bool:
        return issubclass(sub, cls.__dict__["_fastenum_base"])


def _standard(name: str, bases: tuple[type, ...], ns: dict[str, Any],
              kwds: dict[str, Any]) -> Any:
    """The class `enum.EnumType` makes of the body: its namespace is filled as the
    class statement would have filled it, name by name in order."""
    enum_dict = enum.EnumType.__prepare__(name, bases, **kwds)
    items = ns.items_set if isinstance(ns, _Recorder) else list(ns.items())[1:]
    if not isinstance(ns, _Recorder) and ns["_generate_next_value_"] is not \
            enum_dict["_generate_next_value_"]:
        items.insert(0, ("_generate_next_value_", ns["_generate_next_value_"]))
    for key, value in items:
        enum_dict[key] = value
    return enum.EnumType(name, bases, enum_dict, **kwds)


def _token(base: Any) -> Any:
    """The base a class names to be made as a subclass of `base` is."""
    return type.__new__(_FastEnumType, base.__name__, (), {
        "__module__": __name__, "__qualname__": base.__name__, "_fastenum_base": base,
        "__doc__": f"`enum.{base.__name__}`, made by atomc.fastenum."})


if TYPE_CHECKING:
    # what the type checker (and mypyc, which loads these names at run time) sees
    class Enum(enum.Enum):
        pass

    class IntEnum(enum.IntEnum):
        pass

    class StrEnum(enum.StrEnum):
        pass

    class Flag(enum.Flag):
        pass

    class IntFlag(enum.IntFlag):
        pass
else:
    Enum = _token(enum.Enum)
    IntEnum = _token(enum.IntEnum)
    StrEnum = _token(enum.StrEnum)
    Flag = _token(enum.Flag)
    IntFlag = _token(enum.IntFlag)

_TOKENS = frozenset({enum.Enum, enum.IntEnum, enum.StrEnum, enum.Flag, enum.IntFlag})
