"""IR generation for a translation unit: the entry point and the file-scope objects.

`IRGen` walks the external declarations and owns the module-level state (globals,
string literals, static locals); everything inside a function is lowered by the
collaborators it creates, which share one `FunctionState`:

| module | job |
|---|---|
| `state.py` | the per-function state, locations, blocks, allocas |
| `function.py` | a definition: parameters, epilogue, debug records |
| `statement.py` | statements and their control flow |
| `initialiser.py` | local initialisers |
| `expression.py` | expressions, conversions, conditions |
| `assign.py` | assignments, `++`/`--`, bit-fields |
| `builtins.py` | calls, builtins, `va_arg` |

plus `cleanup.py`, `vla.py`, `complex_gen.py` and `gnu_inline.py` one level up.

IR generation, clang -O0 style, with locations, debug records and atoms.

Every local lives in an `alloca` at the top of the entry block and every
variable's memory home is described by one `NEW (deref)` record attached to
the first non-alloca instruction of the entry block. Statements are walked
by `statement.py` (on pycparser's AST); expressions come typed from `Sema`.

Debug metadata policy: the metadata (compile unit, subprograms, variables,
records) is always built, because instruction locations need scopes and the
diagnostics use them; the back end emits DWARF only when `opts.debug` is set.
Key Instructions atoms are added only when `opts.use_key_instructions`.

Locations: expressions carry their own line and column (binary operators and
assignments the operator's column). Deliberately without a location (None):
allocas, the parameter spills on entry (so prologue_end lands on the first
statement, as with clang), and the structural jumps that only fall into a join
block (end of `then`, into a `case`), which should not create line rows.

Layout and stepping follow gcc -O0: loop tests sit after the loop body and are
reached by a jump, and without Key Instructions the epilogue keeps the line of
the closing brace. With Key Instructions, Clang's rules apply (spec §5.2-5.3):
the single-return epilogue folds into the return statement and a `for` body
ends with a branch at its closing brace.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from pycparser import c_ast

import atomc

from ...diag import CompileAborted, DiagnosticEngine
from ...ir import (
    DIGlobalVariable,
    Function,
    Global,
    Module,
    Value,
    Zeros,
)
from ...ir.function import TENTATIVE, THREAD_LOCAL
from ...options import CompileOptions
from .. import tree as T
from ..abi import func_abi
from ..asm_stmt import asm_text
from ..cleanup import Cleanups
from ..complex_gen import ComplexLowering
from ..consteval import Address
from ..constinit import InitError, static_data
from ..ctype import (
    INT,
    ArrayT,
    CType,
    FuncT,
    is_const,
    unqual,
)
from ..digen import DIGen
from ..gnu_inline import inline_only_definition
from ..scopes import Symbol
from ..sema import Sema
from ..symbol_aliases import emit_directives
from ..unproto import reconcile_unprototyped_calls
from ..vla import VlaLowering
from .assign import AssignLowering
from .builtins import CallLowering
from .expression import ExpressionLowering, value_handlers
from .function import FunctionLowering
from .initialiser import InitLowering
from .inline import InlineLowering
from .state import FunctionState
from .statement import StatementLowering

_LANG = {"c99": "C99", "gnu99": "C99", "c11": "C11", "gnu11": "C11", "c17": "C11",
         "gnu17": "C11", "c89": "C89", "gnu89": "C89"}


class IRGen:
    """Lowers a checked translation unit to an IR `Module` (the front end's entry point)."""

    def __init__(self, opts: CompileOptions, diags: DiagnosticEngine, sema: Sema,
                 main_file: str) -> None:
        self.opts = opts
        self.diags = diags
        self.sema = sema
        self.main_file = main_file
        self.module = Module(source_filename=main_file)
        self.di = DIGen(main_file, opts.working_directory or os.getcwd())
        self.cu = self.di.compile_unit(f"atomc {atomc.__version__}",
                                       _LANG.get(opts.std, "C11"), opts.opt_level > 0)
        self.module.cu = self.cu
        self.file_syms: list[Symbol] = []
        self.strings: dict[bytes, Global] = {}
        self.static_locals: list[tuple[Symbol, T.Init | None]] = []
        self.global_inits: dict[Symbol, T.Init] = {}
        self.fs = FunctionState()
        self.funcs = FunctionLowering(self)
        self.stmts = StatementLowering(self)
        self.inits = InitLowering(self)
        self.exprs = ExpressionLowering(self)
        self.assigns = AssignLowering(self)
        self.calls = CallLowering(self)
        self.cleanups = Cleanups(self)
        self.vlas = VlaLowering(self)
        self.cplx = ComplexLowering(self)
        self.inliner = InlineLowering(self)
        self.exprs.handlers = value_handlers(self.exprs, self.assigns, self.calls, self.cplx,
                                             self.inliner, self.stmts)

    def run(self, ast: c_ast.FileAST) -> Module:
        deferred: list[c_ast.FuncDef] = []
        for ext in ast.ext:
            if isinstance(ext, c_ast.FuncDef):
                if inline_only_definition(self.sema, ext):
                    continue  # a body for inlining only, never emitted
                if self.sema.is_system(self.sema.pos(ext)):
                    # header inline functions: compiled only if the program uses them
                    sym = self.sema.decls.declare_file_scope(ext.decl)
                    if sym is not None:
                        deferred.append(ext)
                    continue
                self.guarded(self.define_function, ext)
            elif isinstance(ext, c_ast.Decl):
                sym = self.sema.decls.declare_file_scope(ext)
                if sym is not None and sym.kind == "var":
                    if sym not in self.file_syms:
                        self.file_syms.append(sym)
                    if sym.storage in ("", "static") or ext.init is not None:
                        self.global_value(sym)  # module order follows the source
                    if ext.init is not None and sym.init is ext.init:
                        # checked now: `int a[] = {...}` needs its size for later sizeofs
                        init = self.sema.inits.initializer(sym.type, ext.init, sym.pos)
                        sym.type = init.type
                        self.global_inits[sym] = init
            elif isinstance(ext, c_ast.Typedef):
                self.sema.decls.declare_typedef(ext)  # type: ignore[arg-type]
            elif isinstance(ext, c_ast.StaticAssert):
                self.static_assert(ext)
            elif isinstance(ext, c_ast.Pragma):
                self.sema.types.pragma(ext)
            elif type(ext).__name__ == "Asm":  # file-scope asm: verbatim text
                text = asm_text(self.sema, ext)
                if text is not None:
                    self.module.asm.append(text)
        pending = True
        while pending:
            pending = False
            for fd in list(deferred):
                sym = self.sema.scopes.lookup_file(fd.decl.name)
                if sym is not None and sym.used:
                    deferred.remove(fd)
                    self.guarded(self.define_function, fd)
                    pending = True
        self.finish_globals()
        reconcile_unprototyped_calls(self.module)
        return self.module

    def guarded(self, fn: object, node: c_ast.Node) -> None:
        """Run one top-level step; once errors exist, a lowering failure in the same
        function is a consequence of them, not a compiler bug."""
        try:
            fn(node)  # type: ignore[operator]
        except CompileAborted:
            raise
        except Exception:
            if not self.diags.error_count:
                raise
            self.sema.scopes.levels[1:] = []
            self.sema.function = None
            self.fs.fn = None
            self.fs.scope = None

    def define_function(self, fd: c_ast.FuncDef) -> None:
        """Check a function definition, then lower it."""
        d = self.sema.functions.definition(fd)
        if d is not None:
            self.funcs.function(d)

    def recovering(self, fn: Callable[[Any], None], arg: object) -> None:
        """Lower one statement; once errors exist, a failure is a consequence of them
        (the tree may hold placeholders): skip the statement, keep on lowering."""
        try:
            fn(arg)
        except CompileAborted:
            raise
        except Exception:
            if not self.diags.error_count:
                raise
            self.fs.ensure_open()

    def static_assert(self, node: c_ast.StaticAssert) -> None:
        self.sema.types.static_assert(node)

    def finish_globals(self) -> None:
        for sym in self.file_syms:
            u = unqual(sym.type)
            definition = sym.init is not None or sym.storage in ("", "static")
            if not definition:
                if sym.used:
                    self.global_value(sym)
                continue
            if sym.system and not sym.used and sym.init is None:
                continue
            init = self.global_inits.get(sym)
            if init is not None:
                u = unqual(sym.type)
            elif isinstance(u, ArrayT) and u.count is None:
                sym.type = ArrayT(u.elem, 1)  # tentative `int a[];` becomes one element
                u = unqual(sym.type)
            if not u.complete:
                self.sema.error(sym.pos, f"tentative definition has incomplete type "
                                         f"'{sym.type}'")
                continue
            g = self.global_value(sym)
            assert isinstance(g, Global)
            self.define_global(g, sym, init)
        for sym, init in self.static_locals:
            g = sym.ir
            assert isinstance(g, Global)
            self.define_global(g, sym, init)
        emit_directives(self.sema, self.module)
        for sym in self.sema.scopes.levels[0].names.values():
            # attributes may come with any declaration, also after the first use
            if isinstance(sym.ir, (Function, Global)):
                sym.ir.attrs |= sym.attrs
                sym.ir.section = self.sema.sections.get(sym.name, sym.ir.section)

    def define_global(self, g: Global, sym: Symbol, init: T.Init | None) -> None:
        g.size = max(sym.type.size, 0)
        g.align = max(sym.type.align, sym.align, 1)
        try:
            g.init = static_data(init, sym.type, self.address_symbol)
        except InitError as e:
            self.sema.error(e.expr.pos if e.expr is not None else sym.pos, e.message)
            g.init = [] if g.size == 0 else None
            if g.init is None:
                g.init = [Zeros(g.size)]
        g.internal = sym.storage == "static"
        g.attrs |= sym.attrs & {THREAD_LOCAL}  # static locals' too
        if init is None and sym.file_scope and sym.storage == "":
            g.attrs.add(TENTATIVE)  # a common symbol under -fcommon
        # read-only even with address constants: the back end picks .rodata or,
        # for position-independent code, .data.rel.ro (written once by the loader)
        g.constant = _read_only(sym.type)
        if g.digv is None:
            g.digv = DIGlobalVariable(sym.name, sym.link_name or sym.name,
                                      self.di.file(sym.pos.file), sym.pos.line,
                                      self.di.type(sym.type) or self.di.type(INT),  # type: ignore
                                      is_local=g.internal, is_definition=True)

    def address_symbol(self, a: Address) -> str:
        if a.string is not None:
            return self.string_global(a.string).name
        lit = self.sema.static_literals.get(a.symbol)
        if lit is not None:
            return self.exprs.compound_literal(lit).name  # type: ignore[attr-defined]
        sym = self.sema.scopes.lookup_file(a.symbol)
        if sym is not None and THREAD_LOCAL in sym.attrs:  # a per-thread address
            raise InitError("initializer element is not constant", None)
        if sym is not None and sym.link_name == a.symbol:
            self.global_value(sym)
        return a.symbol

    def string_global(self, data: bytes) -> Global:
        g = self.strings.get(data)
        if g is None:
            name = f".L.str.{len(self.strings)}"  # local label: no ELF symbol, as gcc
            g = Global(name, len(data), 1, [data], internal=True, constant=True)
            self.module.add_global(g)
            self.strings[data] = g
        return g

    def global_value(self, sym: Symbol) -> Value:
        """The IR object for a file-scope function or object (declared on first use)."""
        if sym.ir is not None:
            return sym.ir
        name = sym.link_name or sym.name
        if sym.kind == "func":
            ft = unqual(sym.type)
            assert isinstance(ft, FuncT)
            existing = self.module.functions.get(name)
            if existing is not None:
                sym.ir = existing
                return existing
            sym.ir = self.new_function(name, ft, sym.storage == "static")
            sym.ir.attrs |= sym.attrs
            return sym.ir
        g = self.module.globals.get(name)
        if g is None:
            g = Global(name, max(sym.type.size, 0), max(sym.type.align, 1), None,
                       internal=sym.storage == "static")
            self.module.add_global(g)
        sym.ir = g
        return g

    def new_function(self, name: str, ft: FuncT, internal: bool) -> Function:
        abi = func_abi(ft)
        ptypes, byval = abi.ir_params()
        fn = Function(name, ptypes, abi.ir_rets(), variadic=ft.variadic, internal=internal,
                      byval_params=byval)
        fn.sret = abi.sret
        self.module.add_function(fn)
        return fn


def _read_only(t: CType) -> bool:
    """A const object (or array of const elements): it can live in read-only data."""
    if is_const(t):
        return True
    u = unqual(t)
    return isinstance(u, ArrayT) and _read_only(u.elem)
