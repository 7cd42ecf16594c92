"""Replay of `dataclasses._process_class` for atomc's classes, because making ~170
dataclasses was a quarter of the instructions of a tiny compile even with their
generated code cached (dccache.py).

Most of that work does not depend on anything a process can change: the text of
each generated method (built field by field, then run through `exec` to make the
function), and each field's reading of its annotation (is it a ClassVar, an
InitVar, KW_ONLY?). What is left depends on the live class: its Field objects, the
defaults and factories, which methods it defines itself, its docstring, the class
the frozen `__setattr__` names, and, with `slots=True`, the class `_add_slots` makes.

So the first process that makes a class runs plain `dataclasses` and records, per
class, the code object of every method it generated (`_create_fn` is watched for
them), keyed by all that the texts are made from (`_key`: the decorator's
parameters, whether the class has a `__post_init__`, and every field's name, kind,
flags and whether it has a default or a factory, its bases' fields included). A
later process replays: the same steps as `_process_class`, on the live class, in
the same order, calling dataclasses' own helpers for everything but the two cut
ones: fields are made as `field(default=...)` makes them, and each method is made
from its recorded code as `__create_fn__` would make it, with the same globals,
defaults, keyword defaults, annotations and closure cells (`_make`). A recording
is kept only when the functions `_make` builds from it equal the ones plain
dataclasses just made (`_same`). Anything this does not handle before it changes
the class (an annotation that may name ClassVar, InitVar or KW_ONLY, a mutable
default, `order`, `weakref_slot`, a class dataclasses would reject, a module
outside atomc's packages) goes through plain `dataclasses`.

Records live in dccache's files (one per module), so `ATOMC_DATACLASS_CACHE`
moves them or turns them off with the rest; `ATOMC_DATACLASS_REPLAY=off` turns
off only the replay (the texts' code is still cached). `stats.replayed` and
`stats.processed` count classes made each way, the count a test expects to be
0 for `processed` in a warm process. Only on the interpreter version whose
`_process_class` this mirrors (3.11).
"""

from __future__ import annotations

import os
import sys
from itertools import repeat
from types import CellType, FunctionType, MemberDescriptorType
from typing import Any

from . import dccache
from .cachefile import OFF

ENV_VAR = "ATOMC_DATACLASS_REPLAY"
KNOWN_VERSIONS = ((3, 11),)
# the names of the methods _create_fn makes, in the order _process_class makes them
METHODS = ("__init__", "__repr__", "__eq__", "__setattr__", "__delattr__", "__hash__")
# the attributes dataclasses sets (named as in dataclasses)
_FIELDS = "__dataclass_fields__"
_PARAMS = "__dataclass_params__"
_HASH = "__hash__"


class Stats:
    """Work counters: classes `replayed` here, classes `processed` by plain
    dataclasses (atomc's, eligible or not), recordings made and refused."""

    __slots__ = ("replayed", "processed", "recorded", "refused")

    def __init__(self) -> None:
        self.replayed = 0
        self.processed = 0
        self.recorded = 0
        self.refused = 0

    def __repr__(self) -> str:
        return (f"Stats(replayed={self.replayed}, processed={self.processed}, "
                f"recorded={self.recorded}, refused={self.refused})")


stats = Stats()
_dc: Any = None  # the dataclasses module, once installed
_original_process: Any = None
_original_create_fn: Any = None
# the functions _create_fn makes while a class is recorded, innermost class last
_recording: list[list[tuple[str, FunctionType]]] = []


class _Plan:
    """What `_prepare` read of a class, before anything changed it."""

    __slots__ = ("mod", "globals", "key", "base_fields", "own", "hash_action")

    def __init__(self, mod: dccache._Module, globals: dict[str, Any], key: tuple[Any, ...],
                 base_fields: dict[str, Any], own: list[tuple[str, Any, Any, Any]],
                 hash_action: Any) -> None:
        self.mod = mod
        self.globals = globals
        self.key = key
        self.base_fields = base_fields  # the bases' Field objects, by name, in order
        # (name, annotation, default as getattr read it, field type) per own field
        self.own = own
        # dataclasses' `_hash_action` entry for the class (what it does to `__hash__`);
        # nothing the replay changes before reading it bears on it
        self.hash_action = hash_action


_SPECIAL_NAMES = frozenset({"ClassVar", "InitVar", "KW_ONLY"})


def _special_object(obj: Any) -> bool:
    """Whether `obj` is one of the objects dataclasses' field tests look for (or a
    typing alias, which might be a ClassVar[...])."""
    dc = _dc
    if type(obj) is type:  # a class: most annotations name one
        return obj is dc.InitVar or obj is dc.KW_ONLY
    typing = sys.modules.get("typing")
    return type(obj) is dc.InitVar or (typing is not None and (
        obj is typing.ClassVar or type(obj) is typing._GenericAlias))


# annotation text -> what dataclasses' pattern matches of it: (module, name), or None
_parts: dict[str, tuple[str | None, str] | None] = {}


def _special(annotation: Any, ns: dict[str, Any]) -> bool:
    """Whether dataclasses might read `annotation` as a ClassVar, an InitVar or
    KW_ONLY (for a text, it looks the text's first name up in the class's module):
    a quick test that `_kind` makes exact."""
    if type(annotation) is not str:
        return annotation is not None and _special_object(annotation)
    # what dataclasses' pattern reads of the text (its first names), kept by text
    try:
        parts = _parts[annotation]
    except KeyError:
        match = _dc._MODULE_IDENTIFIER_RE.match(annotation)
        parts = _parts[annotation] = None if match is None else (match.group(1), match.group(2))
    if parts is None:
        return False
    first, name = parts
    if name in _SPECIAL_NAMES:
        return True
    obj = ns.get(name)
    if obj is not None:
        # (`_special_object`'s test of a class written out: most names are of one)
        if type(obj) is type:
            if obj is _dc.InitVar or obj is _dc.KW_ONLY:
                return True
        elif _special_object(obj):
            return True
    if first:
        module = ns.get(first)
        if module is not None and (module is sys.modules.get("typing") or module is _dc):
            obj = vars(module).get(name)
            return obj is not None and _special_object(obj)
    return False


def _kind(cls: type, annotation: Any) -> Any:
    """The field type `_get_field` gives a field annotated `annotation` (dataclasses'
    own tests, in its order), None for KW_ONLY."""
    dc = _dc
    if dc._is_kw_only(annotation, dc) or (isinstance(annotation, str) and dc._is_type(
            annotation, cls, dc, dc.KW_ONLY, dc._is_kw_only)):
        return None
    typing = sys.modules.get("typing")
    if typing and (dc._is_classvar(annotation, typing) or (
            isinstance(annotation, str)
            and dc._is_type(annotation, cls, typing, typing.ClassVar, dc._is_classvar))):
        return dc._FIELD_CLASSVAR
    if dc._is_initvar(annotation, dc) or (isinstance(annotation, str) and dc._is_type(
            annotation, cls, dc, dc.InitVar, dc._is_initvar)):
        return dc._FIELD_INITVAR
    return dc._FIELD


def _spec(name: str, kind: Any, f: Any, kw_only: Any) -> tuple[Any, ...] | None:
    """A field's part of a class's key: its name, field type, flags, and whether it
    has a default and a factory; None when a flag is not a bool or None (a key is
    written with marshal and compared by value)."""
    MISSING = _dc.MISSING
    if kw_only is MISSING:  # a ClassVar's
        kw_only = None
    for flag in (f.init, f.repr, f.hash, f.compare, kw_only):
        if flag is not True and flag is not False and flag is not None:
            return None
    return (name, kind.name, f.init, f.repr, f.hash, f.compare, kw_only,
            f.default is MISSING, f.default_factory is MISSING)


# what a class whose metaclass is `type` finds besides its MRO's dicts: type's
# and object's names
_TYPE_NAMES = frozenset(vars(type)) | frozenset(vars(object))
# what `_lookup` answers for a name `hasattr` would deny
_ABSENT = object()

Names = tuple[Any, ...] | None  # what `_names` gives: the dicts to look in


def _names(cls: type) -> Names:
    """Where `getattr(cls, name)` can find a name, for a class whose metaclass is
    `type`: the dicts of its MRO but object's (which `_TYPE_NAMES` holds); None for
    any other class. A name in none of them is missing: `_lookup` answers it
    without asking the class, whose miss formats an AttributeError's message that
    `getattr(cls, name, default)` and `hasattr` throw away (~3k instructions, some
    1,900 a compile made: fields without a default, `__post_init__`, the bases'
    `__dataclass_fields__`)."""
    if type(cls) is not type:
        return None
    return tuple(map(vars, cls.__mro__[:-1]))  # (object is last)


def _may_have(names: Names, name: str) -> bool:
    """Whether the class `names` describes may have the attribute `name`."""
    if names is None or name in _TYPE_NAMES:
        return True
    for d in names:
        if name in d:
            return True
    return False


def _lookup(cls: type, names: Names, name: str, default: Any) -> Any:
    """`getattr(cls, name, default)`, with `names` from `_names(cls)` (once a class:
    `_own_fields` writes the test out for its fields)."""
    return getattr(cls, name, default) if _may_have(names, name) else default


def _base_fields(cls: type, names: Names
                 ) -> tuple[dict[str, Any], bool, bool]:
    """The fields `cls` inherits (by name, in dataclasses' order), whether it has a
    dataclass base, and whether one is frozen (`names` from `_names(cls)`: a base's
    MRO is part of the class's)."""
    fields: dict[str, Any] = {}
    any_frozen_base = has_dataclass_bases = False
    if not _may_have(names, _FIELDS):
        return fields, has_dataclass_bases, any_frozen_base
    for b in cls.__mro__[-1:0:-1]:
        fields_of_base = None if b is object else getattr(b, _FIELDS, None)
        if fields_of_base is not None:
            has_dataclass_bases = True
            for f in fields_of_base.values():
                fields[f.name] = f
            if getattr(b, _PARAMS).frozen:
                any_frozen_base = True
    return fields, has_dataclass_bases, any_frozen_base


def _own_fields(cls: type, names: Names, ns: dict[str, Any],
                annotations: dict[str, Any], kw_only: bool
                ) -> tuple[list[tuple[str, Any, Any, Any]],
                           list[tuple[Any, ...] | None]] | None:
    """What `_get_field` reads of each field `cls` annotates, and its part of the
    key; None when one is not for the replay (KW_ONLY, a mutable default, what
    dataclasses rejects)."""
    dc = _dc
    MISSING = dc.MISSING
    Field = dc.Field
    FIELD = dc._FIELD
    CLASSVAR = dc._FIELD_CLASSVAR
    own: list[tuple[str, Any, Any, Any]] = []
    specs: list[tuple[Any, ...] | None] = []
    for name, annotation in annotations.items():
        kind = _kind(cls, annotation) if _special(annotation, ns) else FIELD
        if kind is None:
            return None
        # (`_lookup` written out)
        if names is not None and name not in _TYPE_NAMES:
            for d in names:
                if name in d:
                    default = getattr(cls, name, MISSING)
                    break
            else:
                default = MISSING
        else:
            default = getattr(cls, name, MISSING)
        if not isinstance(default, Field):
            if isinstance(default, MemberDescriptorType):
                default = MISSING
            if kind is FIELD and default.__class__.__hash__ is None:
                return None
            # the spec of what field(default=default) makes (the replay makes it)
            own.append((name, annotation, default, kind))
            specs.append((name, kind.name, True, True, None, True,
                          None if kind is CLASSVAR else kw_only,
                          default is MISSING, True))
            continue
        f = default
        if kind is not FIELD and f.default_factory is not MISSING:
            return None
        if kind is CLASSVAR:
            if f.kw_only is not MISSING:
                return None
            f_kw = MISSING
        else:
            f_kw = kw_only if f.kw_only is MISSING else f.kw_only
        if kind is FIELD and f.default.__class__.__hash__ is None:
            return None
        own.append((name, annotation, default, kind))
        specs.append(_spec(name, kind, f, f_kw))
    return own, specs


def _init_order_ok(specs: list[tuple[Any, ...]]) -> bool:
    """Whether `_init_fn` accepts the fields: no parameter without a default after
    one with."""
    seen_default = False
    for s in {s[0]: s for s in specs}.values():
        if s[1] in ("_FIELD", "_FIELD_INITVAR") and s[2] and not s[6]:
            if not (s[7] and s[8]):
                seen_default = True
            elif seen_default:
                return False
    return True


def _prepare(cls: type, init: bool, repr_: bool, eq: bool, order: bool, unsafe_hash: bool,
             frozen: bool, match_args: bool, kw_only: bool, slots: bool,
             weakref_slot: bool) -> _Plan | None:
    """The plan to replay `cls` with, read without changing anything; None for a
    class plain dataclasses makes (see the module's docstring)."""
    dc = _dc
    if order or weakref_slot:
        return None
    module = sys.modules.get(cls.__module__)
    if module is None:
        return None
    ns = vars(module)
    mod = dccache._module(ns)
    if mod is None:
        return None
    own_dict = cls.__dict__
    names = _names(cls)
    base_fields, has_dataclass_bases, any_frozen_base = _base_fields(cls, names)
    if has_dataclass_bases and any_frozen_base != bool(frozen):
        return None
    annotations = own_dict.get("__annotations__", {})
    found = _own_fields(cls, names, ns, annotations, kw_only)
    if found is None:
        return None
    own, specs = found
    specs = [_spec(f.name, f._field_type, f, f.kw_only) for f in base_fields.values()] + specs
    if None in specs:
        return None
    # (isinstance over the values in C first: most classes hold no Field)
    if any(map(isinstance, own_dict.values(), repeat(dc.Field))):
        for name, value in own_dict.items():
            if isinstance(value, dc.Field) and name not in annotations:
                return None
    # (the order of the fields' defaults is checked in `_process_class`, only for a
    # class without a recording: a recording was made of a key dataclasses accepted)
    if frozen and ("__setattr__" in own_dict or "__delattr__" in own_dict):
        return None
    class_hash = own_dict.get("__hash__", dc.MISSING)
    has_explicit_hash = not (class_hash is dc.MISSING
                             or (class_hash is None and "__eq__" in own_dict))
    hash_action = dc._hash_action[bool(unsafe_hash), bool(eq), bool(frozen), has_explicit_hash]
    if hash_action is dc._hash_exception or (slots and "__slots__" in own_dict):
        return None
    # all that decides which methods are made and their texts
    key = (cls.__qualname__, bool(init), bool(repr_), bool(eq), bool(unsafe_hash),
           bool(frozen), bool(match_args), bool(kw_only), bool(slots),
           _lookup(cls, names, "__post_init__", _ABSENT) is not _ABSENT,
           hash_action is dc._hash_add, tuple(specs))
    return _Plan(mod, ns, key, base_fields, own, hash_action)


def _cell_value(var: str, cls: type, fields: dict[str, Any]) -> Any:
    """The value `__create_fn__` binds to the local `var` its method closes over."""
    dc = _dc
    if var == "__dataclass_builtins_object__":
        return object
    if var == "cls":
        return cls
    if var == "MISSING":
        return dc.MISSING
    if var == "_HAS_DEFAULT_FACTORY":
        return dc._HAS_DEFAULT_FACTORY
    if var == "FrozenInstanceError":
        return dc.FrozenInstanceError
    if var == "_return_type":
        return None
    if var.startswith("_type_"):
        return fields[var[6:]].type
    if var.startswith("_dflt_"):
        f = fields[var[6:]]
        return f.default if f.default_factory is dc.MISSING else f.default_factory
    raise KeyError(var)


# the locals `_create_fn` binds to the same object for every class (`_cell_value`'s
# constants), filled by `install`
_constant_cells: dict[str, Any] = {}


def _make(code: Any, globals: dict[str, Any], cls: type, fields: dict[str, Any]) -> FunctionType:
    """The function `__create_fn__` makes from the method's `code`: its defaults
    and annotations (for `__init__`, from the fields in init order) and closure
    cells bound as `_create_fn` binds its locals."""
    free = code.co_freevars
    closure = None
    if free:
        closure = tuple([CellType(cls if v == "cls" else _constant_cells[v]
                                  if v in _constant_cells else _cell_value(v, cls, fields))
                         for v in free])
    if code.co_name != "__init__":
        return FunctionType(code, globals, None, None, closure)
    dc = _dc
    MISSING = dc.MISSING
    FIELD = dc._FIELD
    INITVAR = dc._FIELD_INITVAR
    has_factory = dc._HAS_DEFAULT_FACTORY
    defaults = []
    kwdefaults = {}
    annotations = {}
    kw_annotations = {}
    for f in fields.values():
        if f.init and (f._field_type is FIELD or f._field_type is INITVAR):
            if f.kw_only:
                kw_annotations[f.name] = f.type
                if f.default is not MISSING:
                    kwdefaults[f.name] = f.default
                elif f.default_factory is not MISSING:
                    kwdefaults[f.name] = has_factory
            else:
                annotations[f.name] = f.type
                if f.default is not MISSING:
                    defaults.append(f.default)
                elif f.default_factory is not MISSING:
                    defaults.append(has_factory)
    fn = FunctionType(code, globals, None, tuple(defaults) if defaults else None, closure)
    if kwdefaults:
        fn.__kwdefaults__ = kwdefaults
    annotations.update(kw_annotations)
    annotations["return"] = None
    fn.__annotations__ = annotations
    return fn


def _same(real: Any, made: FunctionType) -> bool:
    """Whether the function `_make` built is the one dataclasses made: same code,
    globals, the same objects as defaults, keyword defaults, annotations and in
    the closure cells, the same name and docstring (the qualified name is set
    after, by dataclasses' own `_set_qualname`)."""
    if type(real) is not FunctionType or real.__code__ is not made.__code__ \
            or real.__globals__ is not made.__globals__ or real.__name__ != made.__name__ \
            or real.__doc__ != made.__doc__ \
            or real.__module__ != made.__module__ or real.__dict__ != made.__dict__:
        return False

    def same_items(a: Any, b: Any) -> bool:
        if a is None or b is None:
            return a is b
        if isinstance(a, dict):
            return isinstance(b, dict) and list(a) == list(b) \
                and all(a[k] is b[k] for k in a)
        return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))

    real_cells = None if real.__closure__ is None else [c.cell_contents for c in real.__closure__]
    made_cells = None if made.__closure__ is None else [c.cell_contents for c in made.__closure__]
    return same_items(real.__defaults__, made.__defaults__) \
        and same_items(real.__kwdefaults__, made.__kwdefaults__) \
        and same_items(real.__annotations__, made.__annotations__) \
        and same_items(real_cells, made_cells)


def _record(cls: type, result: type, plan: _Plan,
            made: list[tuple[str, FunctionType]]) -> tuple[Any, ...] | None:
    """The recording of `cls` from the functions dataclasses made for it, or None
    when one is not what `_make` would build from its code."""
    fields = result.__dict__.get("__dataclass_fields__")
    if not isinstance(fields, dict) or len({name for name, _ in made}) != len(made):
        return None
    entries: list[Any] = []
    for name, fn in made:
        if name not in METHODS:
            return None
        try:
            rebuilt = _make(fn.__code__, plan.globals, cls, fields)
        except (KeyError, AttributeError, TypeError):
            return None
        if not _same(fn, rebuilt):
            return None
        entries += [name, fn.__code__]
    return tuple(entries)


def _replay(cls: type, plan: _Plan, codes: dict[str, Any], init: bool, repr_: bool, eq: bool,
            order: bool, unsafe_hash: bool, frozen: bool, match_args: bool, kw_only: bool,
            slots: bool, weakref_slot: bool) -> type:
    """`_process_class` of dataclasses (3.11), step by step, with the fields made
    directly and the methods from their recorded code."""
    dc = _dc
    MISSING = dc.MISSING
    Field = dc.Field
    _FIELD = dc._FIELD
    globals = plan.globals
    setattr(cls, _PARAMS,
            dc._DataclassParams(init, repr_, eq, order, unsafe_hash, frozen))
    fields = dict(plan.base_fields)
    cls_fields = []
    new_field = object.__new__
    empty_metadata = vars(dc)["_EMPTY_METADATA"]
    CLASSVAR = dc._FIELD_CLASSVAR
    # the fields whose class attribute is a Field: what `getattr(cls, name, None)`
    # finds at this point, as `_prepare` read it (only __dataclass_params__ was set since)
    given = []
    for name, annotation, default, kind in plan.own:
        if isinstance(default, Field):
            f = default
            given.append(f)
            f.name = name
            f.type = annotation
            f._field_type = kind
            if f.kw_only is MISSING and kind is not CLASSVAR:
                f.kw_only = kw_only
        else:
            # what field(default=default) makes, with what it gets next: Field's
            # `__init__` written out (every slot set, as there)
            f = new_field(Field)
            f.name = name
            f.type = annotation
            f.default = default
            f.default_factory = MISSING
            f.init = True
            f.repr = True
            f.hash = None
            f.compare = True
            f.metadata = empty_metadata
            f.kw_only = MISSING if kind is CLASSVAR else kw_only
            f._field_type = kind
        cls_fields.append(f)
    for f in cls_fields:
        fields[f.name] = f
        if given and f in given:
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    setattr(cls, _FIELDS, fields)
    std_init_fields = [f for f in fields.values()
                       if (f._field_type is _FIELD or f._field_type is dc._FIELD_INITVAR)
                       and f.init and not f.kw_only]
    # dataclasses' `_set_new_attribute` (and its `_set_qualname`), inline
    own_dict = cls.__dict__
    qualname = cls.__qualname__
    if init and "__init__" not in own_dict:
        fn = _make(codes["__init__"], globals, cls, fields)
        fn.__qualname__ = f"{qualname}.{fn.__name__}"
        setattr(cls, "__init__", fn)  # noqa: B010 - as dataclasses sets it
    if repr_ and "__repr__" not in own_dict:
        fn = dc._recursive_repr(_make(codes["__repr__"], globals, cls, fields))
        fn.__qualname__ = f"{qualname}.{fn.__name__}"
        setattr(cls, "__repr__", fn)  # noqa: B010
    if eq and "__eq__" not in own_dict:
        fn = _make(codes["__eq__"], globals, cls, fields)
        fn.__qualname__ = f"{qualname}.{fn.__name__}"
        setattr(cls, "__eq__", fn)  # noqa: B010
    if frozen:  # (`_prepare` left a class defining either to plain dataclasses)
        for name in ("__setattr__", "__delattr__"):
            fn = _make(codes[name], globals, cls, fields)
            fn.__qualname__ = f"{qualname}.{fn.__name__}"
            setattr(cls, name, fn)
    hash_action = plan.hash_action
    if hash_action is dc._hash_add:
        fn = _make(codes["__hash__"], globals, cls, fields)
        fn.__qualname__ = f"{qualname}.{fn.__name__}"
        setattr(cls, _HASH, fn)
    elif hash_action is not None:
        setattr(cls, _HASH, hash_action(cls, [], globals))
    if not cls.__doc__:
        try:
            text_sig = str(dc.inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            text_sig = ""
        cls.__doc__ = cls.__name__ + text_sig
    if match_args and "__match_args__" not in own_dict:
        setattr(cls, "__match_args__", tuple([f.name for f in std_init_fields]))  # noqa: B010
    if slots:
        cls = dc._add_slots(cls, frozen, weakref_slot)
    # abc's `update_abstractmethods` does nothing to a class `hasattr(cls,
    # "__abstractmethods__")` denies: for a class whose metaclass is `type`, one
    # without the name in its own dict (type's descriptor reads only that)
    if type(cls) is not type or "__abstractmethods__" in cls.__dict__:
        dc.abc.update_abstractmethods(cls)
    return cls


def _complete(codes: dict[str, Any], key: tuple[Any, ...]) -> bool:
    """Whether a recording has the code of every method the replay makes, as its
    key says (init, repr, eq, frozen, a hash made): a damaged file is found before
    the class is changed."""
    _, init, repr_, eq, _, frozen, _, _, _, _, hash_add, _ = key
    return (not init or "__init__" in codes) and (not repr_ or "__repr__" in codes) \
        and (not eq or "__eq__" in codes) and (not hash_add or "__hash__" in codes) \
        and (not frozen or ("__setattr__" in codes and "__delattr__" in codes))


def _process_class(cls: type, *args: Any) -> type:
    """dataclasses' `_process_class`: a replay when `cls` was recorded, else plain
    dataclasses, recorded for the next process when it can be."""
    try:
        plan = _prepare(cls, *args) if len(args) == 10 else None
    except Exception:  # noqa: BLE001 - whatever it is, plain dataclasses meets it too
        plan = None
    if plan is None:
        if dccache._module(getattr(sys.modules.get(cls.__module__), "__dict__", None)) \
                is not None:
            stats.processed += 1
        plain: type = _original_process(cls, *args)
        return plain
    mod = plan.mod
    entry = mod.classes.get(plan.key)
    codes = None if entry is None else dict(zip(entry[::2], entry[1::2], strict=True))
    if codes is not None and _complete(codes, plan.key):
        mod.used_classes.add(plan.key)
        stats.replayed += 1
        return _replay(cls, plan, codes, *args)
    if plan.key[1] and not _init_order_ok(list(plan.key[-1])):
        # what dataclasses rejects (a field without a default after one with)
        stats.processed += 1
        rejected: type = _original_process(cls, *args)
        return rejected
    made: list[tuple[str, FunctionType]] = []
    _recording.append(made)
    texts_before = set(mod.used)
    try:
        result: type = _original_process(cls, *args)
    finally:
        _recording.pop()
    stats.processed += 1
    entry = _record(cls, result, plan, made)
    if entry is None:
        stats.refused += 1
    else:
        mod.classes[plan.key] = entry
        mod.used_classes.add(plan.key)
        # the recording replaces the texts it was made from: the cache file keeps
        # those only if another class used them
        mod.used &= texts_before
        mod.compiled += 1
        stats.recorded += 1
    return result


def _create_fn(*args: Any, **kwargs: Any) -> Any:
    fn = _original_create_fn(*args, **kwargs)
    if _recording:
        _recording[-1].append((getattr(fn, "__name__", ""), fn))
    return fn


def install() -> bool:
    """Route dataclasses' `_process_class` through the replay; False (nothing
    changed) on another interpreter version, when dccache is not installed (its
    files hold the recordings) or ATOMC_DATACLASS_REPLAY says off."""
    global _dc, _original_process, _original_create_fn
    if _dc is not None:
        return True
    if sys.version_info[:2] not in KNOWN_VERSIONS or not dccache._installed \
            or os.environ.get(ENV_VAR, "").strip().lower() in OFF:
        return False
    import dataclasses

    original = vars(dataclasses).get("_process_class")
    create_fn = vars(dataclasses).get("_create_fn")
    if not callable(original) or not callable(create_fn) \
            or not hasattr(dataclasses, "abc") or not hasattr(dataclasses, "_hash_action"):
        return False
    _dc = dataclasses
    _constant_cells.update({"__dataclass_builtins_object__": object,
                            "MISSING": dataclasses.MISSING,
                            "_HAS_DEFAULT_FACTORY": vars(dataclasses)["_HAS_DEFAULT_FACTORY"],
                            "FrozenInstanceError": dataclasses.FrozenInstanceError,
                            "_return_type": None})
    _original_process = original
    _original_create_fn = create_fn
    setattr(dataclasses, "_process_class", _process_class)  # noqa: B010 - private
    setattr(dataclasses, "_create_fn", _create_fn)  # noqa: B010
    return True
