"""Declarations at file and block scope, typedefs, parameters, constant expressions."""

from __future__ import annotations

from pycparser import c_ast

from ...optlevel import merge_levels
from .. import tree as T
from ..attributes import symbol_attributes
from ..consteval import ConstError, evaluate
from ..ctype import (
    INT,
    ArrayT,
    CType,
    FuncT,
    PointerT,
    VlaT,
    VoidT,
    compatible,
    contains_unsupported_float,
    is_integer,
    unqual,
    variably_modified,
)
from ..literals import (
    LiteralError,
    string_literal,
)
from ..scopes import Pos, StorageClass, Symbol, SymKind
from ..symbol_aliases import is_alias
from ..thread_local import SPELLINGS as TLS_SPELLINGS
from ..thread_local import (
    THREAD_LOCAL,
    check_redeclaration,
    thread_local_decl,
    thread_spelling,
)
from ..type_attributes import (
    declared_type,
    typedef_type,
)
from .common import (
    SemaPart,
    unsupported_float_message,
)


class DeclarationChecker(SemaPart):
    """Declarations at file and block scope, typedefs, parameters, constant expressions."""

    __slots__ = ()

    def declare_typedef(self, decl: c_ast.Decl) -> None:
        p = self.sema.pos(decl)
        others = [s for s in (decl.storage or [])
                  if s not in ("typedef", "__extension__") and s not in TLS_SPELLINGS]
        tls = thread_spelling(decl)
        if tls is not None:
            self.sema.error(p, f"'{tls}' used with 'typedef'")
        elif others:
            self.sema.error(p, f"multiple storage classes in declaration specifiers ('typedef' and "
                          f"'{others[0]}'): conflicting storage class")
        t = self.sema.types.resolve_type(decl.type, p)
        prev = self.sema.scopes.lookup_current(decl.name)
        if prev is not None:
            if prev.kind is not SymKind.TYPEDEF or not compatible(prev.type, t):
                self.sema.error(p, f"redefinition of '{decl.name}' with a different type")
            return
        self.sema.scopes.define(Symbol(decl.name, typedef_type(self.sema, decl, decl.name, t, p),
                                  SymKind.TYPEDEF, StorageClass.TYPEDEF, p))

    def declare_file_scope(self, decl: c_ast.Decl, is_definition: bool = False) -> Symbol | None:
        """A file-scope object or function declaration; merges with earlier ones."""
        p = self.sema.pos(decl)
        storage = self.sema.types.storage_of(decl, p)
        if storage is StorageClass.TYPEDEF:
            self.declare_typedef(decl)
            return None
        t = declared_type(self.sema, decl, self.sema.types.resolve_type(decl.type, p), p)
        if decl.name is None:
            return None  # `struct S { ... };`
        if storage in (StorageClass.AUTO, StorageClass.REGISTER):
            self.sema.error(p, f"illegal storage class '{storage.value}' on file-scoped variable")
            storage = StorageClass.NONE
        system = self.sema.is_system(p)
        kind = SymKind.FUNC if isinstance(unqual(t), FuncT) else SymKind.VAR
        if not system:
            self.check_float_decl(t, p)
        tls = thread_local_decl(self.sema, decl, storage, kind, p, file_scope=True)
        prev = self.sema.scopes.lookup_current(decl.name)
        if prev is not None and prev.kind is kind is SymKind.VAR:
            check_redeclaration(self.sema, prev, tls, p)
        if prev is not None:
            return self.merge_redeclaration(prev, decl, t, storage, kind, system,
                                            is_definition, p)
        sym = Symbol(decl.name, t, kind, storage, p, static_storage=True, file_scope=True,
                     link_name=decl.name, init=decl.init, system=system,
                     align=self.sema.types.declared_alignment(decl))
        sym.attrs = self.sema.types.function_attributes(decl, kind) | (
            {THREAD_LOCAL} if tls else set())
        if is_alias(self.sema, decl.name):
            sym.storage = StorageClass.EXTERN  # another symbol's storage: no definition here
        asm = getattr(decl.type, "asm", None)
        template = getattr(asm, "template", None)
        if isinstance(template, c_ast.ExprList) and template.exprs:  # `f(...) __asm__("g")`
            template = template.exprs[0]
        if template is not None:
            try:
                sym.link_name = string_literal(template.value).decode()
            except (LiteralError, AttributeError):
                pass
        self.sema.scopes.define(sym)
        return sym

    def merge_redeclaration(self, prev: Symbol, decl: c_ast.Decl, t: CType, storage: StorageClass,
                            kind: SymKind, system: bool, is_definition: bool, p: Pos
                            ) -> Symbol:
        """A file-scope name declared again: check the two agree, merge into `prev`."""
        if prev.kind != kind or not compatible(prev.type, t):
            if prev.kind in (SymKind.TYPEDEF, SymKind.ENUMCONST) or prev.kind != kind:
                self.sema.error(p, f"redefinition of '{decl.name}' as different kind of symbol")
            else:
                self.sema.error(
                    p, f"conflicting types for '{decl.name}' (incompatible redeclaration)"
                )
            return prev
        static, extern, none = StorageClass.STATIC, StorageClass.EXTERN, StorageClass.NONE
        if storage is static and prev.storage is not static and prev.storage is not none:
            pass
        elif storage is static and prev.storage is none and kind is SymKind.FUNC:
            pass  # gcc accepts `int f(); static int f() {}` with a warning only
        elif storage is static and prev.storage in (none, extern) and kind is SymKind.VAR:
            self.sema.error(p, f"static declaration of '{decl.name}' follows non-static "
                          "declaration (conflicting storage class)")
        elif storage is none and prev.storage is static and kind is SymKind.VAR:
            self.sema.error(p, f"non-static declaration of '{decl.name}' follows static "
                          "declaration (conflicting storage class)")
        pt = unqual(prev.type)
        nt = unqual(t)
        if isinstance(pt, ArrayT) and isinstance(nt, ArrayT) and pt.count is None:
            prev.type = t
        if isinstance(pt, FuncT) and isinstance(nt, FuncT) and not pt.prototyped:
            prev.type = t
        if storage is static:
            prev.storage = static
        elif storage is none and prev.storage is extern and kind is SymKind.VAR:
            prev.storage = none
        if decl.init is not None:
            if prev.init is not None:
                self.sema.error(p, f"redefinition of '{decl.name}'")
            prev.init = decl.init
            prev.pos = p
        if is_definition:
            if prev.defined:
                self.sema.error(p, f"redefinition of '{decl.name}'")
            prev.pos = p
            if not (isinstance(nt, FuncT) and not nt.prototyped):
                prev.type = t  # an old-style definition keeps the earlier prototype
        prev.system = prev.system and system
        prev.attrs = merge_levels(prev.attrs, self.sema.types.function_attributes(decl, kind))
        return prev

    def check_float_decl(self, t: CType, p: Pos) -> None:
        u = unqual(t)
        if isinstance(u, FuncT):
            bad = [x for x in (u.ret, *u.params) if contains_unsupported_float(x)]
            if bad:
                self.sema.error(p, unsupported_float_message(bad[0]))
        elif contains_unsupported_float(t):
            self.sema.error(p, unsupported_float_message(t))

    def declare_local(self, decl: c_ast.Decl) -> Symbol | None:
        """A block-scope declaration; the caller (irgen) allocates storage."""
        p = self.sema.pos(decl)
        storage = self.sema.types.storage_of(decl, p)
        if storage is StorageClass.TYPEDEF:
            self.declare_typedef(decl)
            return None
        t = self.auto_type(decl) or declared_type(
            self.sema, decl, self.sema.types.resolve_type(decl.type, p), p
        )
        if decl.name is None:
            return None
        kind = SymKind.FUNC if isinstance(unqual(t), FuncT) else SymKind.VAR
        self.check_float_decl(t, p)
        tls = thread_local_decl(self.sema, decl, storage, kind, p, file_scope=False)
        prev = self.sema.scopes.lookup_current(decl.name)
        if kind is SymKind.FUNC or storage is StorageClass.EXTERN:
            fsym = self.sema.scopes.lookup_file(decl.name)
            if prev is not None and prev.kind != kind:
                self.sema.error(p, f"redefinition of '{decl.name}' as different kind of symbol")
            if fsym is None:
                fsym = Symbol(decl.name, t, kind, StorageClass.EXTERN, p, static_storage=True,
                              file_scope=True, link_name=decl.name,
                              attrs={THREAD_LOCAL} if tls else set())
                self.sema.scopes.levels[0].names[decl.name] = fsym
            elif fsym.kind is kind is SymKind.VAR:
                check_redeclaration(self.sema, fsym, tls, p)
            self.sema.scopes.define(fsym)
            if decl.init is not None:
                self.sema.error(p, f"'extern' variable '{decl.name}' cannot have an initializer")
            return None
        if prev is not None:
            self.sema.error(p, f"redefinition of '{decl.name}'")
        if storage is StorageClass.STATIC:
            fname = self.sema.function.name if self.sema.function else "anon"
            n = self.sema.statics_used.get(f"{fname}.{decl.name}", 0)
            self.sema.statics_used[f"{fname}.{decl.name}"] = n + 1
            link = f"{fname}.{decl.name}" + (f".{n}" if n else "")
            sym = Symbol(decl.name, t, SymKind.VAR, StorageClass.STATIC, p, static_storage=True,
                         link_name=link, attrs={THREAD_LOCAL} if tls else set())
        else:
            auto = storage if storage is not StorageClass.NONE else StorageClass.AUTO
            sym = Symbol(decl.name, t, SymKind.VAR, auto, p)
        sym.align = self.sema.types.declared_alignment(decl)
        symbol_attributes(
            self.sema, decl, self.sema.is_system(p), SymKind.VAR
        )  # checks and warnings only
        u = unqual(t)
        if isinstance(u, VoidT):
            self.sema.error(p, f"variable '{decl.name}' has incomplete type 'void'")
            sym.type = INT
        elif isinstance(u, VlaT) and storage is StorageClass.STATIC:
            self.sema.error(p, f"storage size of '{decl.name}' isn't constant (variable length "
                          "array declaration cannot have 'static' storage duration)")
            sym.type = INT
        elif isinstance(u, VlaT) and decl.init is not None:
            self.sema.error(p, f"variable-sized object '{decl.name}' may not be initialized")
            decl.init = None
        elif storage is StorageClass.STATIC and variably_modified(t):
            self.sema.error(p, f"variably modified '{decl.name}' cannot have 'static' storage")
            sym.type = INT
        elif not u.complete and not (isinstance(u, ArrayT) and u.count is None
                                     and decl.init is not None):
            self.sema.error(p, f"variable '{decl.name}' has incomplete type '{t}'")
            sym.type = INT
        self.sema.scopes.define(sym)
        return sym

    def auto_type(self, decl: c_ast.Decl) -> CType | None:
        """GNU `__auto_type x = e;`: the type of `e` after lvalue conversion (typed
        silently here; the initialiser is checked for real afterwards)."""
        spec = getattr(decl.type, "type", None)
        if not (isinstance(decl.type, c_ast.TypeDecl) and isinstance(spec, c_ast.IdentifierType)
                and spec.names == ["__auto_type"]):
            return None
        if decl.init is None or isinstance(decl.init, c_ast.InitList):
            self.sema.error(self.sema.pos(decl), "'__auto_type' requires a plain initializer")
            return INT
        self.sema.quiet += 1
        try:
            t = self.sema.conv.rvalue(self.sema.exprs.expr(decl.init)).type
        finally:
            self.sema.quiet -= 1
        return unqual(t)

    def declare_param(self, name: str | None, t: CType, p: Pos, index: int) -> Symbol | None:
        t = self.sema.types.adjust_param(t)
        if not name:
            return None
        if self.sema.scopes.lookup_current(name) is not None:
            self.sema.error(p, f"redefinition of parameter '{name}'")
        if not unqual(t).complete and not isinstance(unqual(t), PointerT):
            self.sema.error(p, f"parameter '{name}' has incomplete type '{t}'")
        sym = Symbol(name, t, SymKind.VAR, StorageClass.PARAM, p, param_index=index)
        self.sema.scopes.define(sym)
        return sym

    def const_int(self, e: T.Expr, what: str) -> int | None:
        try:
            v = evaluate(e)
        except ConstError as err:
            self.sema.error(err.expr.pos, err.message)
            return 0
        if isinstance(v, int) and is_integer(e.type):
            return v
        return None

    def require_const_int(self, e: T.Expr, what: str) -> int:
        v = self.const_int(e, what)
        if v is None:
            self.sema.error(e.pos, f"{what} is not an integer constant expression")
            return 0
        return v
