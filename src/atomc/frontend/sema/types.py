"""Types from declarators and specifiers: structs, unions, enums, attributes, alignment, pragmas."""

from __future__ import annotations

from pycparser import c_ast
from pycparserext import ext_c_parser as ext

from .. import pending
from .. import tree as T
from ..attributes import attribute_nodes, symbol_attributes
from ..bitfields import (
    FieldDecl,
    layout_record,
)
from ..complex_sema import (
    complex_of,
)
from ..ctype import (
    BOOL,
    DOUBLE,
    INT,
    LONG,
    UINT,
    ULONG,
    ArrayT,
    CType,
    EnumT,
    FloatT,
    FuncT,
    IntT,
    PointerT,
    RecordKind,
    StructT,
    VlaT,
    VoidT,
    as_int,
    contains_unsupported_float,
    decay,
    is_void,
    qualify,
    unqual,
    variably_modified,
)
from ..optimize_attr import handle_pragma
from ..scopes import Pos, StorageClass, Symbol, SymKind
from ..thread_local import SPELLINGS as TLS_SPELLINGS
from ..type_attributes import (
    declared_type,
    member_packed,
    struct_attributes,
)
from .common import (
    BASIC_TYPES,
    CONST_QUALS,
    PACK_BUILTIN,
    VOLATILE_QUALS,
    SemaPart,
    attributes_by_name,
    gnu_attributes,
    is_flexible,
    unsupported_float_message,
)

# the specifier words that are not a whole type alone (with __extension__, which
# `specifier_type` drops)
_MODIFIERS = frozenset({"signed", "unsigned", "long", "short", "__extension__"})


class TypeResolver(SemaPart):
    """Types from declarators and specifiers: structs, unions, enums, attributes,
    alignment, pragmas."""

    __slots__ = ()

    def resolve_type(self, node: c_ast.Node, pos: Pos | None = None) -> CType:
        """The C type a declarator (TypeDecl/PtrDecl/ArrayDecl/FuncDecl/Typename) denotes."""
        if isinstance(node, (c_ast.Typename, c_ast.Decl)):
            return self.resolve_type(node.type, pos)
        if isinstance(node, c_ast.TypeDecl):
            p = self.sema.pos(node, pos)
            return self._apply_quals(self.specifier_type(node.type, p), node.quals, p)
        if isinstance(node, c_ast.PtrDecl):
            return self._apply_quals(PointerT(self.resolve_type(node.type, pos)), node.quals)
        if isinstance(node, c_ast.ArrayDecl):
            elem = self.resolve_type(node.type, pos)
            count: int | None = None
            p = self.sema.pos(node, pos)
            if node.dim is not None:
                dim = self.sema.exprs.expr(node.dim)
                v = self.sema.decls.const_int(dim, "array size")
                if v is None and as_int(dim.type) is None:
                    self.sema.error(dim.pos, f"size of array has non-integer type '{dim.type}'")
                    count = 1
                elif v is None:
                    if self.sema.scopes.at_file_scope:
                        self.sema.error(dim.pos, "variable length array declaration not allowed at "
                                            "file scope (variably modified type at file scope)")
                        count = 1
                    else:
                        return VlaT(elem, self.sema.conv.cast(self.sema.conv.value(dim), ULONG))
                elif v < 0:
                    self.sema.error(dim.pos, "array size is negative (invalid type)")
                    count = 1
                else:
                    count = v
            if isinstance(unqual(elem), FuncT):
                self.sema.error(p, "declaration of array of functions (invalid type)")
            elif not unqual(elem).complete and not self.sema.is_system(p):
                self.sema.error(p, f"array has incomplete element type '{elem}'")
            if isinstance(unqual(elem), VlaT) and count is not None:
                # `int a[3][n]`: an array of VLAs is itself sized at run time
                return VlaT(elem, T.IntConst(count, ULONG, p))
            return ArrayT(elem, count)
        if isinstance(node, (c_ast.FuncDecl, ext.FuncDeclExt)):
            ret = self.resolve_type(node.type, pos)
            params, variadic, prototyped = self._params(node.args, pos)
            u = unqual(ret)
            if isinstance(u, (ArrayT, FuncT)):
                self.sema.error(
                    self.sema.pos(node, pos),
                    "function cannot return an array or function (invalid type)",
                )
            return FuncT(ret, tuple(params), variadic, prototyped)
        if isinstance(node, (c_ast.IdentifierType, c_ast.Struct, c_ast.Union, c_ast.Enum)):
            return self.specifier_type(node, self.sema.pos(node, pos))
        raise_internal = getattr(node, "__class__", type(node)).__name__
        self.sema.error(
            pos or self.sema.pos(node), f"unsupported type construct '{raise_internal}'"
        )
        return INT

    def _apply_quals(self, t: CType, quals: list[str] | None, pos: Pos | None = None) -> CType:
        if not quals:
            return t
        c = any(q in CONST_QUALS for q in quals)
        v = any(q in VOLATILE_QUALS for q in quals)
        a = "_Atomic" in quals
        return qualify(t, c, v, a)

    def _params(self, args: c_ast.ParamList | None,
                pos: Pos | None) -> tuple[list[CType], bool, bool]:
        if args is None:
            return [], False, False
        params: list[CType] = []
        variadic = False
        items = list(args.params)
        # prototype scope: `int n, int a[n]` sees the earlier parameters (for VLA sizes)
        self.sema.scopes.push()
        try:
            for p in items:
                if isinstance(p, c_ast.EllipsisParam):
                    variadic = True
                    continue
                if isinstance(p, c_ast.ID):  # K&R identifier list
                    return [], False, False
                t = declared_type(
                    self.sema, p, self.resolve_type(p.type, pos), self.sema.pos(p, pos)
                )
                if is_void(t) and len(items) == 1 and getattr(p, "name", None) is None:
                    return [], False, True
                params.append(self.adjust_param(t))
                pname = getattr(p, "name", None)
                if pname and self.sema.scopes.lookup_current(pname) is None:
                    self.sema.scopes.define(
                        Symbol(pname, params[-1], SymKind.VAR, StorageClass.PARAM, self.sema.pos(p))
                    )
        finally:
            self.sema.scopes.pop()
        return params, variadic, True

    @staticmethod
    def adjust_param(t: CType) -> CType:
        """Parameter type adjustment: arrays and functions become pointers (the
        conversion an rvalue of such a type gets, `decay`)."""
        return decay(t)

    def specifier_type(self, spec: c_ast.Node, pos: Pos) -> CType:
        if isinstance(spec, c_ast.IdentifierType):
            names = spec.names  # most often one name, neither __extension__ nor a modifier
            if len(names) != 1 or names[0] in _MODIFIERS:
                names = [n for n in names if n not in ("__extension__",)]
            if len(names) == 1 and names[0] not in ("signed", "unsigned", "long", "short"):
                key: tuple[str, ...] = (names[0],)
                bt = BASIC_TYPES.get(key) or pending.PENDING_TYPES.get(key)
                if bt is not None:
                    if not isinstance(bt, (IntT, FloatT, VoidT)):  # (those are never pending)
                        pending.check_declared_type(self.sema, bt, pos)
                    return bt
                if names[0] == "__builtin_va_list":
                    return self.sema.va_list
                sym = self.sema.scopes.lookup(names[0])
                if sym is not None and sym.kind is SymKind.TYPEDEF:
                    return sym.type
                self.sema.error(pos, f"unknown type name '{names[0]}'")
                return INT
            if "_Complex" in names or "__complex__" in names:
                rest = [n for n in names if n not in ("_Complex", "__complex__")]
                base = self.specifier_type(c_ast.IdentifierType(rest), pos) if rest else DOUBLE
                return complex_of(names, base, self.sema, pos)
            t = BASIC_TYPES.get(tuple(sorted(names)))
            if t is None:
                self.sema.error(pos, f"invalid type specifier combination '{' '.join(names)}'")
                return INT
            pending.check_declared_type(self.sema, t, pos)
            return t
        if isinstance(spec, (c_ast.Struct, c_ast.Union, c_ast.Enum)):
            # `struct S {...} a, *b;` resolves the one definition once per declarator
            done = self.sema.defined_types.get(spec)
            if done is not None and self._still_visible(spec, done):
                return done
            t = self.struct_type(spec, pos) if not isinstance(spec, c_ast.Enum) \
                else self.enum_type(spec, pos)
            if getattr(spec, "decls", None) is not None or getattr(spec, "values", None):
                self.sema.defined_types[spec] = t
            return t
        if isinstance(spec, ext.TypeOfExpression):
            e = self.sema.exprs.expr(spec.expr)
            return e.type
        if isinstance(spec, ext.TypeOfDeclaration):
            return self.resolve_type(spec.declaration, pos)
        if isinstance(spec, (c_ast.TypeDecl, c_ast.PtrDecl, c_ast.ArrayDecl, c_ast.FuncDecl,
                             c_ast.Typename)):
            return self.resolve_type(spec, pos)
        self.sema.error(pos, f"unsupported type specifier '{type(spec).__name__}'")
        return INT

    def _still_visible(self, spec: c_ast.Node, t: CType) -> bool:
        """Is the type a definition made still in scope here (its tag, or for an
        enum its first constant)? A statement expression's trial typing, or a body
        inlined again, leaves the scope where it was defined."""
        if isinstance(spec, c_ast.Enum):
            first = spec.values.enumerators[0].name if spec.values.enumerators else None
            if first is not None and self.sema.scopes.lookup_current(first) is None:
                return False
        tag = getattr(spec, "name", None)
        return not tag or self.sema.scopes.lookup_tag_current(tag) is t

    def struct_type(self, spec: c_ast.Struct | c_ast.Union, pos: Pos) -> CType:
        kind = RecordKind.STRUCT if isinstance(spec, c_ast.Struct) else RecordKind.UNION
        tag = spec.name or ""
        done = self.sema.defined_records.get(id(spec)) if spec.decls is not None else None
        if done is not None:  # the same definition again (another declarator, a retyping)
            if tag and self.sema.scopes.lookup_tag_current(tag) is not done:
                self.sema.scopes.define_tag(tag, done)
            return done
        existing: CType | None = None
        if tag:
            existing = (self.sema.scopes.lookup_tag_current(tag) if spec.decls is not None
                        else self.sema.scopes.lookup_tag(tag))
        if existing is not None and not (isinstance(existing, StructT) and existing.kind is kind):
            self.sema.error(pos, f"use of '{tag}' with tag type that does not match previous "
                            "declaration (invalid type)")
            existing = None
        st: StructT
        if isinstance(existing, StructT):
            st = existing
        else:
            st = StructT(kind, tag, file=pos.file, line=pos.line)
            if tag:
                self.sema.scopes.define_tag(tag, st)
        if spec.decls is None:
            return st
        if st.is_complete:
            self.sema.error(pos, f"redefinition of '{kind} {tag}'")
            st = StructT(kind, tag, file=pos.file, line=pos.line)
        st.file, st.line = pos.file, pos.line
        fields: list[FieldDecl] = []
        names: set[str] = set()
        for d in spec.decls:
            if isinstance(d, c_ast.Pragma):
                self.pragma(d)
            if isinstance(d, c_ast.StaticAssert):
                self.static_assert(d)
            if not isinstance(d, c_ast.Decl):
                continue
            dp = self.sema.pos(d, pos)
            mt = declared_type(self.sema, d, self.resolve_type(d.type, dp), dp)
            malign = self.declared_alignment(d)
            if contains_unsupported_float(mt) and not self.sema.is_system(dp):
                self.sema.error(dp, unsupported_float_message(mt))
            name = d.name or ""
            u = unqual(mt)
            width = self.bitfield_width(d, name, mt, dp) if d.bitsize is not None else None
            if name == "" and width is None and not isinstance(u, StructT):
                continue
            if name and name in names:
                self.sema.error(dp, f"duplicate member '{name}'")
            names.add(name)
            if fields and is_flexible(fields[-1].type):
                self.sema.error(
                    dp, f"flexible array member '{fields[-1].name}' not at end of {kind}"
                )
            if variably_modified(mt):
                self.sema.error(
                    dp,
                    f"field '{name}' has variably modified type (fields must have a constant size)",
                )
                mt = INT
            elif not u.complete and not (isinstance(u, ArrayT) and u.count is None):
                self.sema.error(dp, f"field '{name}' has incomplete type '{mt}'")
                mt = INT
            union = kind is RecordKind.UNION
            if is_flexible(mt) and (union or not any(f.name for f in fields)):
                self.sema.error(dp, f"flexible array member '{name}' in "
                               f"{'a union' if union else 'otherwise empty struct'}")
            fields.append(FieldDecl(name, mt, dp.line, width, malign, member_packed(d)))
        attrs = gnu_attributes(getattr(getattr(spec, "attrib", None), "exprlist", None))
        struct_attributes(self.sema, st, set(attrs), pos)
        for msg in layout_record(st, fields, packed="packed" in attrs,
                                 min_align=self.align_arg(attrs), max_align=self.sema.pack or 0):
            self.sema.error(pos, msg)
        self.sema.defined_records[id(spec)] = st
        return st

    def static_assert(self, node: c_ast.StaticAssert) -> None:
        """`_Static_assert(cond, "msg")` at file or block scope or among struct members;
        the message is shown as gcc shows it (quoted)."""
        v = self.sema.decls.require_const_int(self.sema.exprs.expr(node.cond), "static assertion")
        if v == 0:
            msg = "" if node.message is None else ": " + str(node.message.value)
            self.sema.error(node, f"static assertion failed{msg}")

    def bitfield_width(self, d: c_ast.Decl, name: str, mt: CType, dp: Pos) -> int | None:
        """The checked width of bit-field `d` (None after an error)."""
        it = as_int(mt)
        shown = f"'{name}'" if name else "(anonymous)"
        if it is None:
            self.sema.error(dp, f"bit-field {shown} has invalid type '{mt}'")
            return None
        w = self.sema.decls.const_int(self.sema.exprs.expr(d.bitsize), "bit-field width")
        if w is None:
            self.sema.error(dp, f"bit-field {shown} width not an integer constant")
            return None
        if w < 0:
            self.sema.error(dp, f"bit-field {shown} has negative width ({w})")
            return None
        if w > it.bits or (it == BOOL and w > 1):
            self.sema.error(
                dp, f"width of bit-field {shown} ({w} bits) exceeds the width of its type"
            )
            return None
        if w == 0 and name:
            self.sema.error(dp, f"named bit-field '{name}' has zero width")
            return None
        return w

    def enum_type(self, spec: c_ast.Enum, pos: Pos) -> CType:
        tag = spec.name or ""
        if spec.values is None:
            found = self.sema.scopes.lookup_tag(tag) if tag else None
            if isinstance(found, EnumT):
                return found
            et = EnumT(tag, UINT, file=pos.file, line=pos.line)
            if tag:
                self.sema.scopes.define_tag(tag, et)
            return et
        if tag:
            prev = self.sema.scopes.lookup_tag_current(tag)
            if isinstance(prev, EnumT) and prev.is_complete:
                self.sema.error(pos, f"redefinition of 'enum {tag}'")
        et = EnumT(tag, UINT, file=pos.file, line=pos.line)
        if tag:
            self.sema.scopes.define_tag(tag, et)
        value = 0
        for e in spec.values.enumerators:
            ep = self.sema.pos(e, pos)
            if e.value is not None:
                v = self.sema.decls.const_int(self.sema.exprs.expr(e.value), "enumerator value")
                value = v if v is not None else value
            prev_sym = self.sema.scopes.lookup_current(e.name)
            if prev_sym is not None:
                self.sema.error(ep, f"redefinition of '{e.name}'")
            self.sema.scopes.define(Symbol(e.name, INT, SymKind.ENUMCONST, StorageClass.NONE, ep,
                                           value=value))
            et.enumerators.append((e.name, value))
            value += 1
        vals = [v for _, v in et.enumerators] or [0]
        if min(vals) < 0:
            et.underlying = INT if min(vals) >= -(1 << 31) and max(vals) < (1 << 31) else LONG
        else:
            et.underlying = UINT if max(vals) < (1 << 32) else ULONG
        et.is_complete = True
        return et

    def storage_of(self, decl: c_ast.Decl, pos: Pos) -> StorageClass:
        """The storage class, apart from `_Thread_local` (see `thread_local`)."""
        st = [s for s in (decl.storage or []) if s != "__extension__" and s not in TLS_SPELLINGS]
        if len(st) > 1:
            self.sema.error(pos, f"multiple storage classes in declaration specifiers "
                            f"('{st[0]}' and '{st[1]}'): conflicting storage class")
        return StorageClass(st[0]) if st else StorageClass.NONE

    def align_arg(self, attrs: dict[str, c_ast.Node | None], alignas: bool = False) -> int:
        if "aligned" not in attrs:
            return 1
        arg = attrs["aligned"]
        if arg is None:
            return 16  # bare `aligned`: the target's largest alignment
        v = self.sema.decls.const_int(self.sema.exprs.expr(arg), "alignment")
        if alignas and v == 0:
            return 0  # C11 6.7.5: `_Alignas(0)` has no effect
        if v is None or v <= 0 or v & (v - 1):
            self.sema.error(
                self.sema.pos(arg),
                "requested alignment is not a positive power of 2 (invalid attribute)",
            )
            return 1
        return v

    def declared_alignment(self, decl: c_ast.Decl) -> int:
        """`aligned(N)` on a declarator, or `_Alignas(N)`; 0 when there is none."""
        attrs = attributes_by_name(attribute_nodes(decl))
        best = self.align_arg(attrs) if "aligned" in attrs else 0
        for a in getattr(decl, "align", None) or []:
            arg = getattr(a, "alignment", None)
            if isinstance(arg, c_ast.Typename):
                best = max(best, self.resolve_type(arg).align)
            elif arg is not None:
                best = max(best, self.align_arg({"aligned": arg}, alignas=True))
        return best

    def function_attributes(self, decl: c_ast.Decl, kind: SymKind = SymKind.FUNC) -> set[str]:
        """IR attributes a declaration asks for (GNU attributes, `_Noreturn`); a
        `section` attribute is recorded in `sections` (see `attributes.py`)."""
        names, section = symbol_attributes(
            self.sema, decl, self.sema.is_system(self.sema.pos(decl)), kind
        )
        if kind is SymKind.FUNC and "_Noreturn" in (getattr(decl, "funcspec", None) or []):
            names.add("noreturn")
        if section is not None and decl.name:
            self.sema.sections[decl.name] = section
        return names

    def pragma(self, node: c_ast.Pragma) -> None:
        """`#pragma pack(...)` (push, pop, N, empty), `#pragma GCC optimize` and its
        option stack (`optimize_attr`); other pragmas are ignored."""
        if handle_pragma(self.sema, node):
            return
        m = PACK_BUILTIN.match(node.string or "")
        if m is None:
            return
        args = [a.strip() for a in m.group(1).split(",") if a.strip()]
        if args and args[0] == "push":
            self.sema.pack_stack.append(self.sema.pack)
            args = args[1:]
        elif args and args[0] == "pop":
            self.sema.pack = self.sema.pack_stack.pop() if self.sema.pack_stack else None
            return
        if not args:
            if not m.group(1).strip():
                self.sema.pack = None
            return
        try:
            n = int(args[0], 0)
        except ValueError:
            self.sema.error(node, f"invalid alignment '{args[0]}' in '#pragma pack'")
            return
        if n not in (1, 2, 4, 8, 16):
            self.sema.error(
                node, "expected #pragma pack parameter to be '1', '2', '4', '8', or '16'"
            )
            return
        self.sema.pack = n
