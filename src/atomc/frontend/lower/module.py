"""IR generation for a translation unit: the entry point and the file-scope objects.

`IRGen` lowers the checked items sema hands it (`sema/unit.py`: function
definitions, file-scope objects and `asm`, the end of the unit) and owns the
module-level state (globals, string literals, static locals); everything inside a
function is lowered by the collaborators it creates, which share one
`FunctionState`:

| module | job |
|---|---|
| `state.py` | the per-function state, locations, blocks, allocas |
| `function.py` | a definition: parameters, epilogue, debug records |
| `statement.py` | statements and their control flow |
| `initialiser.py` | local initialisers |
| `expression.py` | expressions, conversions, conditions |
| `assign.py` | assignments, `++`/`--`, bit-fields |
| `builtins.py` | calls, builtins, `va_arg` |

plus `cleanup.py`, `vla.py`, `complex_gen.py` and `inline.py`.

IR generation, clang -O0 style, with locations, debug records and atoms.

Every local lives in an `alloca` at the top of the entry block and every
variable's memory home is described by one `NEW (deref)` record attached to
the first non-alloca instruction of the entry block. Statements are walked
by `statement.py`; statements and expressions come typed from `Sema`.

Debug metadata policy: the metadata (compile unit, subprograms, variables,
records) is always built, because instruction locations need scopes and the
diagnostics use them; the back end emits DWARF only when `opts.debug` is set.
Key Instructions atoms are added only when `opts.use_key_instructions`.

Locations: expressions carry their own line and column (binary operators and
assignments the operator's column). Deliberately without a location (`ARTIFICIAL`):
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
from collections.abc import Iterable

import atomc

from ...ir import (
    DIGlobalVariable,
    Function,
    Global,
    Module,
    Value,
)
from ...ir.function import TENTATIVE, THREAD_LOCAL
from ...options import CompileOptions
from .. import tree as T
from ..abi import ABICache
from ..cleanup import Cleanups
from ..complex_gen import ComplexLowering
from ..consteval import Address
from ..constinit import InitError, kept_data
from ..ctype import (
    INT,
    ArrayT,
    CType,
    FuncT,
    is_const,
    unqual,
)
from ..digen import DIGen
from ..scopes import StorageClass, Symbol, SymKind
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

    def __init__(self, opts: CompileOptions, main_file: str, names: T.FileNames) -> None:
        self.opts = opts
        self.names = names  # the file scope, for the targets of addresses in static data
        self.main_file = main_file
        self.module = Module(source_filename=main_file)
        self.abis = ABICache()  # the ABI of each function type called or defined
        self.di = DIGen(main_file, opts.working_directory or os.getcwd())
        self.cu = self.di.compile_unit(f"atomc {atomc.__version__}",
                                       _LANG.get(opts.std, "C11"), opts.opt_level > 0)
        self.module.cu = self.cu
        self.strings: dict[bytes, Global] = {}
        self.static_locals: list[tuple[Symbol, T.Init | None]] = []
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

    def run(self, unit: Iterable[T.TopLevel]) -> Module:
        """Lower the checked items of a translation unit as sema hands them on."""
        for item in unit:
            match item:
                case T.FunctionDef():
                    self.funcs.function(item)
                case T.FileObject():
                    self.global_value(item.sym)
                case T.FileAsm():
                    self.module.asm.append(item.text)
                case T.UnitEnd():
                    self.finish_globals(item)
        reconcile_unprototyped_calls(self.module)
        return self.module

    def finish_globals(self, end: T.UnitEnd) -> None:
        for d in end.globals:
            g = self.global_value(d.sym)
            if d.define:
                assert isinstance(g, Global)
                self.define_global(g, d.sym, d.init)
        for sym, init in self.static_locals:
            g = sym.ir
            assert isinstance(g, Global)
            self.define_global(g, sym, init)
        self.module.asm.extend(end.directives)
        for sym, section in end.symbols:
            # attributes may come with any declaration, also after the first use
            if isinstance(sym.ir, (Function, Global)):
                sym.ir.attrs |= sym.attrs
                if section is not None:
                    sym.ir.section = section

    def define_global(self, g: Global, sym: Symbol, init: T.Init | None) -> None:
        g.size = max(sym.type.size, 0)
        g.align = max(sym.type.align, sym.align, 1)
        g.init = kept_data(init, sym.type, self.address_symbol)
        g.internal = sym.storage is StorageClass.STATIC
        g.attrs |= sym.attrs & {THREAD_LOCAL}  # static locals' too
        if init is None and sym.file_scope and sym.storage is StorageClass.NONE:
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
        lit = self.names.literals.get(a.symbol)
        if lit is not None:
            return self.exprs.compound_literal(lit).name
        sym = self.names.symbols.get(a.symbol)
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
        if sym.kind is SymKind.FUNC:
            ft = unqual(sym.type)
            assert isinstance(ft, FuncT)
            existing = self.module.functions.get(name)
            if existing is not None:
                sym.ir = existing
                return existing
            sym.ir = self.new_function(name, ft, sym.storage is StorageClass.STATIC)
            sym.ir.attrs |= sym.attrs
            return sym.ir
        g = self.module.globals.get(name)
        if g is None:
            g = Global(name, max(sym.type.size, 0), max(sym.type.align, 1), None,
                       internal=sym.storage is StorageClass.STATIC)
            self.module.add_global(g)
        sym.ir = g
        return g

    def new_function(self, name: str, ft: FuncT, internal: bool) -> Function:
        abi = self.abis.of(ft)
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
