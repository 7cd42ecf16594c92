"""Type DIEs from `DIType` metadata, each node emitted once.

Nodes are memoised by identity, and a composite's DIE is registered before its
members are translated, so a struct that points to itself refers back to the
DIE under construction instead of recursing forever.
"""

from __future__ import annotations

from ..diag import InternalCompilerError
from ..ir.debuginfo import (
    DIBasicType,
    DICompositeType,
    DIDerivedType,
    DIEnumerator,
    DIFile,
    DILocation,
    DISubrange,
    DISubroutineType,
    DIType,
)
from .constants import AT, ATE, ATE_BY_NAME, FORM, TAG, Tag
from .die import DIE, AsmExpr
from .files import FileTable
from .strings import StringPool

_DERIVED_TAGS = {"pointer": TAG.pointer_type, "typedef": TAG.typedef,
                 "const": TAG.const_type, "volatile": TAG.volatile_type,
                 "atomic": TAG.atomic_type}
_COMPOSITE_TAGS = {"struct": TAG.structure_type, "union": TAG.union_type}


def _tag_of(ty: DIDerivedType | DICompositeType, tags: dict[str, Tag], kind: str) -> Tag:
    """The DWARF tag for the IR's name of a derived or composite type's kind."""
    tag = tags.get(ty.tag)
    if tag is None:
        raise InternalCompilerError(f"unknown {kind} type tag {ty.tag!r}")
    return tag


_ARRAY_INDEX_NAME = "__ARRAY_SIZE_TYPE__"  # what clang calls its array index type


class TypeDIEs:
    __slots__ = ("unit", "strs", "files", "_memo", "_index_type", "variable_dies",
                 "_pending_counts")

    def __init__(self, unit: DIE, strs: StringPool, files: FileTable) -> None:
        self.unit = unit  # type DIEs become children of the compile unit
        self.strs = strs
        self.files = files
        self._memo: dict[int, DIE] = {}
        self._index_type: DIE | None = None
        self.variable_dies: dict[int, DIE] = {}  # id(DILocalVariable) -> its DIE
        self._pending_counts: list[tuple[DIE, object]] = []  # (subrange, count variable)

    def resolve_counts(self) -> None:
        """DW_AT_count of VLA subranges: a reference to the artificial count variable,
        when that variable was emitted (otherwise the bound stays unknown)."""
        for sd, var in self._pending_counts:
            target = self.variable_dies.get(id(var))
            if target is not None:
                sd.add(AT.count, FORM.ref4, target)
        self._pending_counts = []

    def name(self, die: DIE, name: str) -> None:
        die.add(AT.name, FORM.strp, AsmExpr(self.strs.ref(name)))

    def decl(self, die: DIE, file: DIFile | None, line: int) -> None:
        if file is not None:
            die.add(AT.decl_file, FORM.udata, self.files.number(file))
            if line:
                die.add(AT.decl_line, FORM.udata, line)

    def call_site(self, die: DIE, site: DILocation) -> None:
        """DW_AT_call_file/line/column of an inlined instance."""
        file = site.scope.file
        die.add(AT.call_file, FORM.udata, self.files.number(file))
        die.add(AT.call_line, FORM.udata, site.line)
        if site.column:
            die.add(AT.call_column, FORM.udata, site.column)

    def add_type(self, die: DIE, ty: DIType | None) -> None:
        """`DW_AT_type` of `die`, omitted for void."""
        if ty is not None:
            die.add(AT.type, FORM.ref4, self.die(ty))

    def die(self, ty: DIType) -> DIE:
        d = self._memo.get(id(ty))
        if d is not None:
            return d
        match ty:
            case DIBasicType():
                d = self._new(TAG.base_type, ty)
                self.name(d, ty.name)
                if ty.encoding not in ATE_BY_NAME:
                    raise InternalCompilerError(f"unknown base type encoding {ty.encoding!r}")
                d.add(AT.encoding, FORM.data1, ATE_BY_NAME[ty.encoding])
                d.add(AT.byte_size, FORM.data1, ty.size_bits // 8)
            case DIDerivedType(tag="member"):
                raise InternalCompilerError("a struct member used as a type")
            case DIDerivedType():
                d = self._derived(ty)
            case DICompositeType(tag="array"):
                d = self._array(ty)
            case DICompositeType(tag="enum"):
                d = self._enum(ty)
            case DICompositeType():
                d = self._record(ty)
            case DISubroutineType():
                d = self._subroutine(ty)
            case _:
                raise InternalCompilerError(f"unknown debug type {ty!r}")
        return d

    def _new(self, tag: Tag, ty: DIType) -> DIE:
        d = self.unit.child(tag)
        self._memo[id(ty)] = d
        return d

    def _derived(self, ty: DIDerivedType) -> DIE:
        tag = _tag_of(ty, _DERIVED_TAGS, "derived")
        d = self._new(tag, ty)
        if tag == TAG.typedef:
            self.name(d, ty.name)
        self.add_type(d, ty.base)
        if tag == TAG.pointer_type:
            d.add(AT.byte_size, FORM.data1, (ty.size_bits or 64) // 8)
        if tag == TAG.typedef:
            self.decl(d, ty.file, ty.line)
        return d

    def _record(self, ty: DICompositeType) -> DIE:
        tag = _tag_of(ty, _COMPOSITE_TAGS, "composite")
        d = self._new(tag, ty)
        if ty.name:
            self.name(d, ty.name)
        if ty.is_declaration:
            d.add(AT.declaration, FORM.flag_present)
            return d
        d.add(AT.byte_size, FORM.udata, ty.size_bits // 8)
        self.decl(d, ty.file, ty.line)
        for m in ty.elements:
            if not isinstance(m, DIDerivedType) or m.tag != "member":
                raise InternalCompilerError(f"bad element {m!r} in {ty.tag} {ty.name}")
            md = d.child(TAG.member)
            if m.name:
                self.name(md, m.name)
            if m.base is None:
                raise InternalCompilerError(f"member {m.name} has no type")
            md.add(AT.type, FORM.ref4, self.die(m.base))
            self.decl(md, m.file, m.line)
            if m.bit_size:  # DWARF 5 bit-field: bit size and offset from the struct start
                md.add(AT.bit_size, FORM.udata, m.bit_size)
                md.add(AT.data_bit_offset, FORM.udata, m.offset_bits)
                continue
            if m.offset_bits % 8:
                raise InternalCompilerError(f"member {m.name} is not byte aligned")
            md.add(AT.data_member_location, FORM.udata, m.offset_bits // 8)
        return d

    def _array(self, ty: DICompositeType) -> DIE:
        if ty.base is None:
            raise InternalCompilerError("array type without element type")
        d = self._new(TAG.array_type, ty)
        d.add(AT.type, FORM.ref4, self.die(ty.base))
        for sub in ty.elements:
            if not isinstance(sub, DISubrange):
                raise InternalCompilerError(f"bad array element {sub!r}")
            sd = d.child(TAG.subrange_type)
            sd.add(AT.type, FORM.ref4, self.index_type())
            if sub.count >= 0:
                sd.add(AT.count, FORM.udata, sub.count)
            elif sub.count_var is not None:
                self._pending_counts.append((sd, sub.count_var))
        return d

    def index_type(self) -> DIE:
        if self._index_type is None:
            d = self.unit.child(TAG.base_type)
            self.name(d, _ARRAY_INDEX_NAME)
            d.add(AT.byte_size, FORM.data1, 8)
            d.add(AT.encoding, FORM.data1, int(ATE.unsigned))
            self._index_type = d
        return self._index_type

    def _enum(self, ty: DICompositeType) -> DIE:
        d = self._new(TAG.enumeration_type, ty)
        if ty.name:
            self.name(d, ty.name)
        if ty.is_declaration:
            d.add(AT.declaration, FORM.flag_present)
            return d
        self.add_type(d, ty.base)
        d.add(AT.byte_size, FORM.udata, ty.size_bits // 8)
        self.decl(d, ty.file, ty.line)
        for e in ty.elements:
            if not isinstance(e, DIEnumerator):
                raise InternalCompilerError(f"bad enumerator {e!r}")
            ed = d.child(TAG.enumerator)
            self.name(ed, e.name)
            if e.value < 0:
                ed.add(AT.const_value, FORM.sdata, e.value)
            else:
                ed.add(AT.const_value, FORM.udata, e.value)
        return d

    def _subroutine(self, ty: DISubroutineType) -> DIE:
        d = self._new(TAG.subroutine_type, ty)
        if ty.prototyped:
            d.add(AT.prototyped, FORM.flag_present)
        self.add_type(d, ty.ret)
        for p in ty.params:
            d.child(TAG.formal_parameter).add(AT.type, FORM.ref4, self.die(p))
        if ty.variadic or not ty.prototyped:
            d.child(TAG.unspecified_parameters)
        return d
