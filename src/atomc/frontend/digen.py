"""Debug-information types and files for the C types the program uses.

Type nodes are cached per C type (by identity for structs, enums and
typedefs, structurally otherwise), so every use of `struct S` refers to one
DICompositeType. Composite members are filled after the node is cached,
which lets a struct contain a pointer to itself.
"""

from __future__ import annotations

import os

from ..ir import (
    DIBasicType,
    DICompileUnit,
    DICompositeType,
    DIDerivedType,
    DIEnumerator,
    DIFile,
    DISubrange,
    DISubroutineType,
    DIType,
)
from .ctype import (
    ArrayT,
    ComplexT,
    CType,
    EnumT,
    FloatT,
    FuncT,
    IntT,
    PointerT,
    Qualified,
    StructT,
    Typedef,
    VlaT,
    VoidT,
    variably_modified,
)

_GCC_NAMES = {
    "short": "short int", "unsigned short": "short unsigned int", "long": "long int",
    "unsigned long": "long unsigned int", "long long": "long long int",
    "unsigned long long": "long long unsigned int", "__int128": "__int128",
    "unsigned __int128": "__int128 unsigned",
}


class DIGen:
    def __init__(self, main_file: str, cwd: str) -> None:
        self.cwd = cwd
        self.main_file = main_file
        self._files: dict[str, DIFile] = {}
        self._cache: dict[object, DIType] = {}

    def file(self, name: str) -> DIFile:
        f = self._files.get(name)
        if f is None:
            if os.path.isabs(name):
                f = DIFile(os.path.basename(name), os.path.dirname(name))
            else:
                f = DIFile(name, self.cwd)
            self._files[name] = f
        return f

    def compile_unit(self, producer: str, language: str, optimized: bool) -> DICompileUnit:
        return DICompileUnit(self.file(self.main_file), producer, language, optimized)

    def type(self, t: CType) -> DIType | None:
        """DI type for `t`; None stands for `void`."""
        key: object = t if isinstance(t, (StructT, EnumT, Typedef)) else ("v", t)
        if isinstance(t, (StructT, EnumT, Typedef)):
            key = id(t)
        found = self._cache.get(key)
        if found is not None:
            return found
        if isinstance(t, VoidT):
            return None
        made = self._make(t, key)
        if made is not None:
            self._cache[key] = made
        return made

    def _make(self, t: CType, key: object) -> DIType | None:
        match t:
            case IntT():
                if t.name == "_Bool":
                    enc = "boolean"
                elif t.size == 1:
                    enc = "signed_char" if t.signed else "unsigned_char"
                else:
                    enc = "signed" if t.signed else "unsigned"
                return DIBasicType(_GCC_NAMES.get(t.name, t.name), t.size * 8, enc)
            case FloatT():
                return DIBasicType(t.name, t.size * 8, "float")
            case ComplexT():  # gcc's name: "complex double"
                return DIBasicType(f"complex {t.base.name}", t.size * 8, "complex_float")
            case PointerT():
                return DIDerivedType("pointer", "", self.type(t.pointee), 64)
            case Qualified():
                if t.atomic and (t.const or t.volatile):  # the `_Atomic T` node, shared
                    inner = self.type(Qualified(t.base, atomic=True))
                elif t.atomic:  # innermost, as gcc nests them (DWARF 5 DW_TAG_atomic_type)
                    inner = DIDerivedType("atomic", "", self.type(t.base))
                else:
                    inner = self.type(t.base)
                if t.volatile:
                    inner = DIDerivedType("volatile", "", inner)
                if t.const:
                    inner = DIDerivedType("const", "", inner)
                return inner
            case Typedef():
                return DIDerivedType("typedef", t.name, self.type(t.base),
                                     file=self.file(t.file) if t.file else None, line=t.line)
            case ArrayT() | VlaT():
                dims: list[DISubrange] = []
                cur: CType = t
                while isinstance(cur, (ArrayT, VlaT)):
                    if isinstance(cur, VlaT):
                        dims.append(DISubrange(-1, cur.di_count))
                    else:
                        dims.append(DISubrange(cur.count if cur.count is not None else -1))
                    cur = cur.elem
                size = 0 if variably_modified(t) else t.size * 8
                return DICompositeType("array", "", size, t.align * 8, base=self.type(cur),
                                       elements=list(dims))
            case StructT():
                comp = DICompositeType(t.kind.value, t.tag, t.size * 8 if t.is_complete else 0,
                                       t.align * 8 if t.is_complete else 0,
                                       file=self.file(t.file) if t.file else None, line=t.line,
                                       is_declaration=not t.is_complete)
                self._cache[key] = comp
                for m in t.members:
                    mt = self.type(m.type)
                    if m.is_bitfield:
                        comp.elements.append(DIDerivedType(
                            "member", m.name, mt, m.type.size * 8, m.offset * 8 + m.bit_pos,
                            file=comp.file, line=m.line, bit_size=m.bit_width))
                        continue
                    comp.elements.append(DIDerivedType(
                        "member", m.name, mt, m.type.size * 8, m.offset * 8,
                        file=comp.file, line=m.line))
                return comp
            case EnumT():
                comp = DICompositeType("enum", t.tag, t.size * 8, t.align * 8,
                                       base=self.type(t.underlying),
                                       file=self.file(t.file) if t.file else None, line=t.line,
                                       is_declaration=not t.is_complete)
                for name, value in t.enumerators:
                    comp.elements.append(DIEnumerator(name, value))
                return comp
            case FuncT():
                return self.subroutine(t)
        return None

    def subroutine(self, t: FuncT) -> DISubroutineType:
        params = tuple(p for p in (self.type(x) for x in t.params) if p is not None)
        return DISubroutineType(self.type(t.ret), params, t.variadic, t.prototyped)
