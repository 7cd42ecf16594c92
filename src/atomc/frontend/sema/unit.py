"""The translation unit: file-scope declarations in source order, function
definitions (a system header's inline functions only once the program uses them),
and what the end of the unit decides (tentative definitions, the static data of
every object, the directives of symbol aliases).

`UnitChecker.items` hands the lowering one checked item at a time, so each
function is lowered before the next one is checked, as the symbols' state (a type
completed later, attributes added later) is then what it was where the function
stood. Once an error has been reported nothing more is handed on (the lowering's
output would be thrown away) but the checking goes on, to report more errors.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from pycparser import c_ast

from ...diag import CompileAborted
from ...ir.function import THREAD_LOCAL
from .. import tree as T
from ..consteval import Address
from ..constinit import InitError, static_layout
from ..ctype import ArrayT, unqual
from ..gnu_inline import inline_only_definition
from ..scopes import StorageClass, Symbol, SymKind
from ..symbol_aliases import directive_lines

if TYPE_CHECKING:
    from .core import Sema


class UnitChecker:
    """File-scope declarations, definitions and the end of the unit."""

    __slots__ = ("sema", "file_syms", "global_inits", "static_inits", "queued")

    def __init__(self, sema: Sema) -> None:
        self.sema = sema
        self.file_syms: list[Symbol] = []  # file-scope objects, in declaration order
        self.global_inits: dict[Symbol, T.Init] = {}
        # objects of static storage inside functions and file-scope compound literals
        # whose static data is checked at the end of the unit
        self.static_inits: list[tuple[Symbol, T.Init | None]] = []
        self.queued: set[Symbol] = set()

    def items(self, ast: c_ast.FileAST) -> Iterator[T.TopLevel]:
        sema = self.sema
        deferred: list[c_ast.FuncDef] = []
        for ext in ast.ext:
            if isinstance(ext, c_ast.FuncDef):
                if inline_only_definition(sema, ext):
                    continue  # a body for inlining only, never emitted
                if sema.is_system(sema.pos(ext)):
                    # header inline functions: compiled only if the program uses them
                    if sema.decls.declare_file_scope(ext.decl) is not None:
                        deferred.append(ext)
                    continue
                yield from self.definition(ext)
            elif isinstance(ext, c_ast.Decl):
                if not sema.lazy_decls.defer(ext):
                    yield from self.declaration(ext)
            elif isinstance(ext, c_ast.Typedef):
                sema.decls.declare_typedef(ext)
            elif isinstance(ext, c_ast.StaticAssert):
                sema.types.static_assert(ext)
            elif isinstance(ext, c_ast.Pragma):
                sema.types.pragma(ext)
            elif type(ext).__name__ == "StoredPrototype":  # pickled by the parse cache
                if not sema.lazy_decls.defer_stored(ext):
                    decl = ext.load()
                    if not sema.lazy_decls.defer(decl):
                        yield from self.declaration(decl)
            elif type(ext).__name__ == "Asm":  # file-scope asm: verbatim text
                from ..asm_stmt import asm_text  # few files have file-scope asm

                text = asm_text(sema, ext)
                if text is not None:
                    yield from self.handed(T.FileAsm(text))
        pending = True
        while pending:
            pending = False
            for fd in list(deferred):
                sym = sema.scopes.lookup_file(fd.decl.name)
                if sym is not None and sym.used:
                    deferred.remove(fd)
                    yield from self.definition(fd)
                    pending = True
        yield from self.handed(self.end())

    def handed(self, item: T.TopLevel) -> Iterator[T.TopLevel]:
        if not self.sema.diags.error_count:
            yield item

    def definition(self, fd: c_ast.FuncDef) -> Iterator[T.TopLevel]:
        """Check a function definition; once errors exist, a failure in the checker
        is a consequence of them, not a compiler bug."""
        sema = self.sema
        try:
            d = sema.functions.definition(fd)
        except CompileAborted:
            raise
        except Exception:
            if not sema.diags.error_count:
                raise
            sema.scopes.levels[1:] = []
            sema.function = None
            return
        if d is not None:
            yield from self.handed(d)

    def declaration(self, ext: c_ast.Decl) -> Iterator[T.TopLevel]:
        sema = self.sema
        sym = sema.decls.declare_file_scope(ext)
        if sym is None or sym.kind is not SymKind.VAR:
            return
        if sym not in self.file_syms:
            self.file_syms.append(sym)
        if sym.storage in (StorageClass.NONE, StorageClass.STATIC) or ext.init is not None:
            yield from self.handed(T.FileObject(sym))  # module order follows the source
        if ext.init is not None and sym.init is ext.init:
            # checked now: `int a[] = {...}` needs its size for later sizeofs
            init = sema.inits.initializer(sym.type, ext.init, sym.pos)
            sym.type = init.type
            self.global_inits[sym] = init

    def static_local(self, sym: Symbol, init: T.Init | None) -> None:
        """An object of static storage in a function: its data is checked at the end."""
        if not self.sema.quiet:  # typed on trial: never lowered
            self.static_inits.append((sym, init))

    def end(self) -> T.UnitEnd:
        sema = self.sema
        defs: list[T.GlobalDef] = []
        for sym in self.file_syms:
            u = unqual(sym.type)
            if not (sym.init is not None
                    or sym.storage in (StorageClass.NONE, StorageClass.STATIC)):
                if sym.used:
                    defs.append(T.GlobalDef(sym, None, False))
                continue
            if sym.system and not sym.used and sym.init is None:
                continue
            init = self.global_inits.get(sym)
            if init is None and isinstance(u, ArrayT) and u.count is None:
                sym.type = ArrayT(u.elem, 1)  # tentative `int a[];` becomes one element
                u = unqual(sym.type)
            if not u.complete:
                sema.error(sym.pos, f"tentative definition has incomplete type '{sym.type}'")
                continue
            self.check_static_data(sym, init)
            defs.append(T.GlobalDef(sym, init, True))
        for sym, init in self.static_inits:  # grows with the compound literals named
            self.check_static_data(sym, init)
        directives = directive_lines(sema)
        symbols = tuple((sym, sema.sections.get(sym.name))
                        for sym in sema.scopes.levels[0].names.values())
        return T.UnitEnd(tuple(defs), tuple(directives), symbols)

    def check_static_data(self, sym: Symbol, init: T.Init | None) -> None:
        """Lay out the object's data, reporting what is not constant; the lowering
        names its addresses in that layout (`Init.layout`) instead of laying it out
        again."""
        try:
            layout = static_layout(init, sym.type, self.address_target)
        except InitError as e:
            self.sema.error(e.expr.pos if e.expr is not None else sym.pos, e.message)
            return
        if init is not None:
            init.layout = (sym.type, layout)

    def address_target(self, a: Address) -> str:
        """The symbol an address in static data names, checked as the lowering will
        name it: a per-thread object has no link-time address."""
        if a.string is not None:
            return ""
        lit = self.sema.static_literals.get(a.symbol)
        if lit is not None:
            if lit.sym not in self.queued:
                self.queued.add(lit.sym)
                self.static_inits.append((lit.sym, lit.init))
            return a.symbol
        sym = self.sema.scopes.lookup_file(a.symbol)
        if sym is not None and THREAD_LOCAL in sym.attrs:
            raise InitError("initializer element is not constant", None)
        return a.symbol

    def file_names(self) -> T.FileNames:
        return T.FileNames(self.sema.scopes.levels[0].names, self.sema.static_literals)
