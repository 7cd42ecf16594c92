"""IR generation, clang -O0 style, with locations, debug records and atoms.

Every local lives in an `alloca` at the top of the entry block and every
variable's memory home is described by one `NEW (deref)` record attached to
the first non-alloca instruction of the entry block. Statements are walked
here (on pycparser's AST); expressions come typed from `Sema`.

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
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

from pycparser import c_ast

import atomc

from ..diag import CompileAborted, DiagnosticEngine
from ..ir import (
    ARTIFICIAL,
    DEREF_EXPR,
    I1,
    I8,
    I32,
    I64,
    PTR,
    VOID,
    Alloca,
    Block,
    Branch,
    Builder,
    Cast,
    Const,
    DataItem,
    DbgKind,
    DbgRecord,
    DIGlobalVariable,
    DILexicalBlock,
    DILocalVariable,
    DILocation,
    DIScope,
    DISubprogram,
    Function,
    Global,
    InlineAsm,
    Inst,
    FloatType,
    IntType,
    Jump,
    Module,
    Op,
    Ret,
    Store,
    Switch,
    SymRef,
    TupleType,
    Type,
    Value,
    X80,
    Zeros,
    is_x87,
)
from ..ir.blockorder import BlockOrder
from ..ir.function import TENTATIVE, THREAD_LOCAL
from ..options import CompileOptions
from . import tree as T
from . import bitaccess as BA
from .abi import FuncABI, func_abi, scalar_ir_type
from . import atomic_irgen as AI
from .atomic_builtins import AtomicExpr
from .builtin_ir import lower_typed_builtin
from .asm_stmt import asm_text, lower_asm_statement
from .bitfields import BitFieldT, init_access
from .consteval import Address
from .array_kind import array_kind
from .constinit import InitError, static_data
from .ctype import (
    BOOL,
    INT,
    ArrayT,
    ComplexT,
    CType,
    FloatT,
    FuncT,
    IntT,
    PointerT,
    StructT,
    VoidT,
    as_int,
    contains_long_double,
    is_const,
    is_void,
    is_volatile,
    promote,
    unqual,
    wrap,
)
from .complex_gen import ComplexGen, complex_sse_registers
from .cleanup import CleanupGen
from .gnu_inline import InlineGen, inline_only_definition
from .fortify import report_call_attributes
from .symbol_aliases import emit_directives
from .digen import DIGen
from .longdouble import va_overflow, x87_copysign, x87_signbit
from .ctype import VlaT, is_atomic, variably_modified
from .vla import VlaGen, vla_pointee
from .knr import KnrParam, is_knr, knr_params, promoted
from .labelvalues import LabelValues, computed_goto, finish_label_values
from .parse import ComputedGoto
from .scopes import Pos, Symbol
from .unproto import reconcile_unprototyped_calls
from .sema import Sema
from .source import find_closing_brace

_LANG = {"c99": "C99", "gnu99": "C99", "c11": "C11", "gnu11": "C11", "c17": "C11",
         "gnu17": "C11", "c89": "C89", "gnu89": "C89"}


class _Loop:
    __slots__ = ("brk", "cont", "vla_depth")

    def __init__(self, brk: Block, cont: Block | None, vla_depth: int = 0) -> None:
        self.brk = brk
        self.cont = cont
        self.vla_depth = vla_depth  # blocks open when the loop began (VLA stack release)


class _SwitchCtx:
    __slots__ = ("cases", "default", "type", "values", "vla_active")

    def __init__(self, ctype: IntT) -> None:
        self.cases: list[tuple[int, Block]] = []
        self.default: Block | None = None
        self.type = ctype
        self.values: set[int] = set()


class IRGen(InlineGen, CleanupGen, VlaGen, ComplexGen):
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
        # per-function state
        self.fn: Function | None = None
        self.b: Builder = None  # type: ignore[assignment]
        self.scope: DIScope | None = None
        self.sp: DISubprogram | None = None
        self.alloca_count = 0
        self.records: list[DbgRecord] = []
        self.loops: list[_Loop] = []
        self.switches: list[_SwitchCtx] = []
        self.labels: dict[str, Block] = {}
        self.labels_defined: dict[str, Pos] = {}
        self.labels_used: dict[str, Pos] = {}
        self.ret_block: Block | None = None
        self.ret_slot: Value | None = None
        self.started: list[Block] = []  # blocks in the order their code began
        self.layout: BlockOrder | None = None  # the pending order of fn.blocks
        self.fabi: FuncABI | None = None
        self.ret_ctype: CType = INT
        self.sret_ptr: Value | None = None
        self.reused: dict[T.Reuse, Value] = {}  # T.Reuse nodes already evaluated (kept alive)

    # ------------------------------------------------------------------
    # translation unit

    def run(self, ast: c_ast.FileAST) -> Module:
        deferred: list[c_ast.FuncDef] = []
        for ext in ast.ext:
            if isinstance(ext, c_ast.FuncDef):
                if inline_only_definition(self.sema, ext):
                    continue  # a body for inlining only, never emitted
                if self.sema.is_system(self.sema.pos(ext)):
                    # header inline functions: compiled only if the program uses them
                    sym = self.sema.declare_file_scope(ext.decl)
                    if sym is not None:
                        deferred.append(ext)
                    continue
                self.guarded(self.function, ext)
            elif isinstance(ext, c_ast.Decl):
                sym = self.sema.declare_file_scope(ext)
                if sym is not None and sym.kind == "var":
                    if sym not in self.file_syms:
                        self.file_syms.append(sym)
                    if sym.storage in ("", "static") or ext.init is not None:
                        self.global_value(sym)  # module order follows the source
                    if ext.init is not None and sym.init is ext.init:
                        # checked now: `int a[] = {...}` needs its size for later sizeofs
                        init = self.sema.initializer(sym.type, ext.init, sym.pos)
                        sym.type = init.type
                        self.global_inits[sym] = init
            elif isinstance(ext, c_ast.Typedef):
                self.sema.declare_typedef(ext)  # type: ignore[arg-type]
            elif isinstance(ext, c_ast.StaticAssert):
                self.static_assert(ext)
            elif isinstance(ext, c_ast.Pragma):
                self.sema.pragma(ext)
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
                    self.guarded(self.function, fd)
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
            self.fn = None
            self.scope = None

    def static_assert(self, node: c_ast.StaticAssert) -> None:
        self.sema.static_assert(node)

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
            return self.compound_literal(lit).name  # type: ignore[attr-defined]
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

    # ------------------------------------------------------------------
    # locations and helpers

    def loc(self, pos: Pos | None) -> DILocation | None:
        if self.sema.inline_frames:  # inlined gnu_inline body: all at the call
            return self.sema.inline_frames[-1].loc
        if pos is None or self.scope is None or pos.line == 0:
            return None
        return DILocation(pos.line, pos.column, self.scope)

    @contextmanager
    def at(self, pos: Pos | None) -> Iterator[None]:
        with self.b.at(self.loc(pos)):
            yield

    def new_block(self, name: str) -> Block:
        assert self.fn is not None
        b = self.fn.add_block(name)
        if self.layout is not None:
            self.layout.append(b)
        return b

    def start(self, block: Block) -> None:
        """Continue emitting in `block`; a block is laid out where its code begins."""
        fn = self.fn
        lay = self.layout
        if fn is not None and not block.insts and (
                block in lay if lay is not None else block in fn.blocks):
            if lay is not None:
                if lay.last() is not block:
                    lay.append(block)  # moves it to the end
            elif fn.blocks[-1] is not block:
                fn.blocks.remove(block)
                fn.blocks.append(block)
            if not self.started or self.started[-1] is not block:
                self.started.append(block)
        self.b.position_at_end(block)

    def sink_condition(self, cond_from: int, body_from: int) -> None:
        """Lay a loop's condition blocks out after its body, as gcc does: the loop is
        entered by a jump to the test at the bottom, so the `while`/`for` line's first
        row is outside the loop and a breakpoint there is hit once."""
        fn = self.fn
        assert fn is not None
        cond = self.started[cond_from:body_from]
        body = set(self.started[body_from:])
        if not cond or not body:
            return
        lay = self.layout
        if lay is not None:  # the same moves, on the pending layout (no list scans)
            for b in cond:
                lay.remove(b)
            lay.insert_after(max((b for b in body if b in lay), key=lay.sort_key), cond)
            return
        for b in cond:
            fn.blocks.remove(b)
        last = max(i for i, b in enumerate(fn.blocks) if b in body)
        fn.blocks[last + 1:last + 1] = cond

    def ensure_open(self) -> None:
        """After a terminator, continue in a fresh (unreachable) block."""
        if self.b.terminated:
            self.start(self.new_block("dead"))

    def alloca(self, size: int, align: int, name: str = "") -> Inst:
        assert self.fn is not None
        inst = Alloca(max(size, 1), max(align, 1), loc=ARTIFICIAL, name=name)
        self.fn.entry.insert(self.alloca_count, inst)
        self.alloca_count += 1
        return inst

    def const(self, ty: Type, v: int) -> Const:
        return Const(ty, v)

    def offset_ptr(self, base: Value, offset: int) -> Value:
        if offset == 0:
            return base
        return self.b.ptradd(base, Const(I64, offset))

    # ------------------------------------------------------------------
    # functions

    def function(self, fd: c_ast.FuncDef) -> None:
        sema = self.sema
        sym = sema.declare_file_scope(fd.decl, is_definition=True)
        if sym is None or sym.kind != "func":
            return
        ft = unqual(sym.type)
        assert isinstance(ft, FuncT)
        p = sym.pos
        if sym.defined:
            return
        sym.defined = True
        name = sym.link_name or sym.name
        knr = knr_params(sema, fd, p) if is_knr(fd) else None
        di_ft = ft
        if knr is not None:
            ft, di_ft = self.knr_types(ft, knr, p)
        fn = self.module.functions.get(name)
        abi = func_abi(ft)
        ptypes, _ = abi.ir_params()
        if fn is None or fn.param_types != ptypes or fn.ret_types != abi.ir_rets() \
                or fn.variadic != ft.variadic:
            old = fn
            fn = self.new_function(name, ft, sym.storage == "static")
            if old is not None:
                old.replace_all_uses_with(fn)
        fn.internal = sym.storage == "static"
        fn.attrs |= sym.attrs
        sym.ir = fn
        body = fd.body
        brace = sema.pos(body)
        sp = DISubprogram(sym.name, name, self.di.file(p.file), p.line, self.di.subroutine(di_ft),
                          brace.line, self.cu, is_local=fn.internal, is_definition=True,
                          key_instructions=self.opts.use_key_instructions)
        fn.subprogram = sp
        self.fn, self.sp, self.scope = fn, sp, sp
        self.b = Builder(fn, ARTIFICIAL)
        self.started = []
        self.alloca_count = 0
        self.records = []
        self.loops, self.switches = [], []
        self.labels, self.labels_defined, self.labels_used = {}, {}, {}
        sema.label_values = LabelValues()
        self.fabi = abi
        self.ret_ctype = ft.ret
        sema.function = sym
        sema.function_ret = ft.ret
        entry = fn.add_block("entry")
        # The body's blocks are laid out through a BlockOrder (moving a block to the
        # end scanned the list: quadratic); fn.blocks is written back at the end.
        self.layout = BlockOrder(fn)
        self.start(entry)
        sema.scopes.push()
        self.vla_reset()
        self.cleanup_reset()
        self.params(fd, ft, abi, p, knr)
        self.ret_block = fn.add_block("return")
        self.layout.append(self.ret_block)
        self.layout.remove(self.ret_block)  # appended again at the end
        self.ret_slot = None
        self.sret_ptr = fn.args[0] if abi.sret else None
        rk = abi.ret.kind
        if rk in ("direct", "pieces") and abi.ret.types:
            self.ret_slot = self.alloca(max(ft.ret.size, sum(t.size for t in abi.ret.types)),
                                        ft.ret.align, "retval")
        self.compound_items(body.block_items or [])
        self.cleanup_leave(body)
        self.cleanup_finish()
        finish_label_values(self)
        end_pos = find_closing_brace(brace, sema.source_line) or brace
        self.finish_function(end_pos, sym)
        sema.scopes.pop()
        sema.function = None
        self.vla_check_gotos()
        for lname, lpos in self.labels_used.items():
            if lname not in self.labels_defined:
                sema.error(lpos, f"use of undeclared label '{lname}'")
        self.fn = None
        self.scope = None

    def knr_types(self, ft: FuncT, knr: list[KnrParam], p: Pos) -> tuple[FuncT, FuncT]:
        """The passed (ABI) and the declared (debug info) function types of an old-style
        definition: an earlier prototype's parameter types, else the promoted ones."""
        declared = tuple(k.type for k in knr)
        if ft.prototyped:
            if len(ft.params) != len(knr) or ft.variadic:
                self.sema.error(p, "number of arguments doesn't match prototype (conflicting "
                                   "types)")
                ft = FuncT(ft.ret, declared, False, True)
            return ft, FuncT(ft.ret, declared, False, True)
        return (FuncT(ft.ret, tuple(promoted(t) for t in declared), False, False),
                FuncT(ft.ret, declared, False, False))

    def params(self, fd: c_ast.FuncDef, ft: FuncT, abi: FuncABI, p: Pos,
               knr: list[KnrParam] | None = None) -> None:
        fn = self.fn
        assert fn is not None
        decl_type = fd.decl.type
        pnodes: list[c_ast.Node] = []
        args = getattr(decl_type, "args", None)
        if args is not None:
            pnodes = [x for x in args.params if not isinstance(x, c_ast.EllipsisParam)]
        if len(ft.params) == 0:
            pnodes = []
        # (name, declared type, position, passed type) of each parameter
        items: list[tuple[str | None, CType, Pos, CType]] = []
        if knr is not None:
            items = [(k.name, k.type, k.pos, passed) for k, passed in zip(knr, ft.params)]
        for i, passed in enumerate(ft.params if knr is None else ()):
            node = pnodes[i] if i < len(pnodes) else None
            items.append((getattr(node, "name", None) if node is not None else None, passed,
                          self.sema.pos(node, p), passed))
        argi = 1 if abi.sret else 0
        # Like clang, the parameter spills carry no location: the back end then puts
        # prologue_end on the first statement, where gdb's `break f` should stop.
        entry_loc = None
        for i, ((name, pt, ppos, passed), pa) in enumerate(zip(items, abi.params)):
            sym = self.sema.declare_param(name, pt, ppos, i + 1)
            if sym is not None and not self.sema.is_system(ppos):
                self.sema._check_float_decl(sym.type, ppos, "var")
            home: Value
            with self.b.at(entry_loc):
                if pa.kind == "direct":
                    home = self.alloca(pt.size, pt.align, name or "")
                    v: Value = fn.args[argi]
                    if pa.narrow is not None:  # an i32 carrying a char/short/_Bool
                        v = self.b.cast(Op.TRUNC, v, pa.narrow)
                    if unqual(passed) != unqual(pt):  # K&R: promoted on the way in
                        v = self.convert(v, passed, pt)
                    self.b.store(v, home)
                    argi += 1
                elif pa.kind == "pieces":
                    size = max(pt.size, sum(t.size for t in pa.types))
                    home = self.alloca(size, pt.align, name or "")
                    for k, t in enumerate(pa.types):
                        self.b.store(fn.args[argi], self.offset_ptr(home, pa.piece_offset(k)))
                        argi += 1
                else:  # byval: copy the caller's stack copy into our own slot
                    home = self.alloca(pt.size, pt.align, name or "")
                    self.b.memcpy(home, fn.args[argi], pt.size, pt.align)
                    argi += 1
            if sym is not None:
                sym.ir = home
                self.declare_var(sym, home, arg=i + 1)
        self.vla_params(pnodes, p)

    def vla_params(self, pnodes: list[c_ast.Node], p: Pos) -> None:
        """`int n, int a[n][n]`: the parameter's pointer-to-VLA type again, now that the
        parameters it mentions exist, with its sizes evaluated on entry."""
        for node in pnodes:
            name = getattr(node, "name", None)
            sym = self.sema.scopes.lookup_current(name) if name else None
            if sym is None or not variably_modified(sym.type):
                continue
            ppos = self.sema.pos(node, p)
            sym.type = self.sema.adjust_param(self.sema.resolve_type(node.type, ppos))
            self.evaluate_vla_dims(sym.type, ppos)

    def declare_var(self, sym: Symbol, home: Value, arg: int = 0) -> None:
        assert self.scope is not None
        if self.sema.inline_frames:
            return  # locals of an inlined gnu_inline body are not described
        dt = self.di.type(sym.type) or self.di.type(INT)
        var = DILocalVariable(sym.name, self.scope, self.di.file(sym.pos.file), sym.pos.line,
                              dt, arg)  # type: ignore[arg-type]
        sym.di = var
        loc = DILocation(sym.pos.line, sym.pos.column, self.scope)
        self.records.append(DbgRecord(DbgKind.NEW, var, home, DEREF_EXPR, loc=loc))

    def finish_function(self, end: Pos, sym: Symbol) -> None:
        fn = self.fn
        assert fn is not None and self.ret_block is not None and self.fabi is not None
        end_loc = self.loc(end)
        if not self.b.terminated:
            with self.b.at(end_loc):
                if sym.name == "main" and self.ret_slot is not None and \
                        as_int(self.ret_ctype) is not None:
                    self.b.store(Const(scalar_ir_type(self.ret_ctype), 0), self.ret_slot)
                self.b.jump(self.ret_block)  # the implicit return's atom is the `ret`
        rb = self.ret_block
        rb.function = fn
        self.layout.append(rb)
        self.layout.materialize()
        self.layout = None
        self.start(rb)
        with self.b.at(end_loc):
            kind = self.fabi.ret.kind
            if kind == "sret":
                r = self.b.ret([self.sret_ptr])  # type: ignore[list-item]
                self.b.add_to_new_atom(r)
            elif self.ret_slot is not None:
                if kind == "direct":
                    ra = self.fabi.ret
                    v = self.b.load(ra.narrow or ra.types[0], self.ret_slot)
                    r = self.b.ret([self.widen_narrow(v, ra.ext)])
                    self.b.add_to_new_atom(r, v)
                else:
                    ra = self.fabi.ret
                    vals = [self.b.load(t, self.offset_ptr(self.ret_slot, ra.piece_offset(k)))
                            for k, t in enumerate(ra.types)]
                    r = self.b.ret(vals)
                    self.b.add_to_new_atom(r, vals[0])
            else:
                r = self.b.ret([])
                self.b.add_to_new_atom(r)
        self.remove_dead_blocks()
        if self.opts.use_key_instructions:
            self.fold_return()
        self.attach_records()

    def remove_dead_blocks(self) -> None:
        fn = self.fn
        assert fn is not None
        while True:
            preds = fn.predecessors()
            dead = [b for b in fn.blocks[1:] if not preds[b]]
            if not dead:
                break
            for b in dead:
                for inst in b.insts:
                    inst.drop_all_references()
            gone = set(dead)
            fn.blocks = [b for b in fn.blocks if b not in gone]
        for b in fn.blocks:
            if b.terminator is None:
                # only reachable blocks remain; an open block here falls off the end
                with self.b.at(None):
                    self.start(b)
                    self.b.unreachable()

    def fold_return(self) -> None:
        """Clang's single-return epilogue: merge the return block into its only predecessor.

        Done only with Key Instructions (Clang's model, spec §5.2). Otherwise the
        epilogue keeps the closing brace's line, as gcc's does, so that `step` and
        `next` stop on the `}` of every function.
        """
        fn = self.fn
        rb = fn.blocks[-1] if fn else None
        if fn is None or rb is None or rb is fn.entry or rb.name != "return":
            return
        preds = fn.predecessors()[rb]
        if len(preds) != 1:
            return
        pred = preds[0]
        jump = pred.terminator
        if not isinstance(jump, Jump) or pred is rb:
            return
        ret = rb.insts[-1]
        assert isinstance(ret, Ret)
        loc = jump.loc
        new_vals: list[Value] | None = None
        if self.ret_slot is not None and self.fabi is not None and self.fabi.ret.kind == "direct":
            idx = pred.insts.index(jump)
            store = pred.insts[idx - 1] if idx > 0 else None
            if not (isinstance(store, Store) and store.ptr is self.ret_slot):
                return
            new_vals = [store.value]
            loc = store.loc
            pred.remove(store)
            store.drop_all_references()
            if self.fabi.ret.ext:  # the narrow result leaves extended to 32 bits
                ext = Cast(Op.SEXT if self.fabi.ret.ext == "s" else Op.ZEXT, new_vals[0], I32,
                           loc=loc.without_atom() if loc is not None else ARTIFICIAL)
                pred.insert(pred.insts.index(jump), ext)
                new_vals = [ext]
        if loc is None or not loc.atom_group:
            loc = ret.loc  # falling off the end: the epilogue's own position and atom
        pred.remove(jump)
        jump.drop_all_references()
        if new_vals is not None:
            for inst in list(rb.insts):
                rb.remove(inst)
                inst.drop_all_references()
            ret = Ret(new_vals, loc=loc or ARTIFICIAL)
            pred.append(ret)
        else:
            # keep the epilogue's loads; the return statement's location moves to them
            for inst in list(rb.insts):
                rb.remove(inst)
                inst.loc = loc.without_atom() if (loc is not None and inst is not ret) else loc
                pred.append(inst)
        fn.blocks.remove(rb)
        slot = self.ret_slot
        if isinstance(slot, Inst) and not slot.uses and slot.block is not None:
            slot.block.remove(slot)
            self.alloca_count -= 1

    def attach_records(self) -> None:
        fn = self.fn
        assert fn is not None
        entry = fn.entry
        target = next((i for i in entry.insts if not isinstance(i, Alloca)), None)
        if target is None:
            return
        for rec in self.records:
            target.add_dbg_record(rec)

    # ------------------------------------------------------------------
    # statements

    def compound_items(self, items: list[c_ast.Node]) -> None:
        for item in items:
            self.stmt(item)

    def stmt(self, node: c_ast.Node) -> None:
        try:
            self._stmt(node)
        except CompileAborted:
            raise
        except Exception:
            # After a reported error the typed tree may hold placeholders irgen cannot
            # lower; skip the statement and keep looking for further errors.
            if not self.diags.error_count:
                raise
            self.ensure_open()

    def _stmt(self, node: c_ast.Node) -> None:
        method = getattr(self, "_s_" + type(node).__name__, None)
        if method is not None:
            method(node)
            return
        # an expression statement
        self.ensure_open()
        e = self.sema.expr(node)
        self.discard(e)

    def discard(self, e: T.Expr) -> None:
        """Evaluate for side effects (an expression statement)."""
        if isinstance(e, T.Assign | T.CompoundAssign | T.IncDec):
            self.emit_assignlike(e, want=False)
            return
        if isinstance(e, T.Cast) and is_void(e.type):
            self.discard(e.operand)
            return
        if isinstance(e, T.Comma):
            self.discard(e.left)
            self.discard(e.right)
            return
        if isinstance(e, (T.IntConst, T.StrLit, T.VarRef)) and not is_volatile(e.type):
            return
        if isinstance(e, T.Cond):
            self.cond_expr(e, want=False)
            return
        self.value_of(e, allow_void=True)

    def _s_Compound(self, node: c_ast.Compound) -> None:
        items = node.block_items or []
        declares = any(isinstance(x, c_ast.Decl) and x.name and "typedef" not in (x.storage or [])
                       and "extern" not in (x.storage or []) for x in items)
        saved = self.scope
        if declares and self.scope is not None:
            p = self.sema.pos(node)
            self.scope = DILexicalBlock(self.scope, self.di.file(p.file), p.line, p.column)
        self.sema.scopes.push()
        active = self.vla_scope_enter()
        self.cleanup_enter()
        self.compound_items(items)
        self.cleanup_leave(node)
        self.vla_scope_exit(active)
        self.sema.scopes.pop()
        self.scope = saved

    def _s_EmptyStatement(self, node: c_ast.EmptyStatement) -> None:
        pass

    def _s_Pragma(self, node: c_ast.Pragma) -> None:
        self.sema.pragma(node)

    def _s_Asm(self, node: c_ast.Node) -> None:
        lower_asm_statement(self, node)

    def _s_Typedef(self, node: c_ast.Typedef) -> None:
        self.sema.declare_typedef(node)  # type: ignore[arg-type]
        sym = self.sema.scopes.lookup_current(node.name)
        if sym is not None and variably_modified(sym.type):
            self.ensure_open()
            self.evaluate_vla_dims(sym.type, self.sema.pos(node))

    def _s_StaticAssert(self, node: c_ast.StaticAssert) -> None:
        self.static_assert(node)

    def _s_DeclList(self, node: c_ast.DeclList) -> None:
        for d in node.decls:
            self._s_Decl(d)

    def _s_Decl(self, node: c_ast.Decl) -> None:
        sema = self.sema
        sym = sema.declare_local(node)
        if sym is None:
            return
        init: T.Init | None = None
        if node.init is not None:
            init = sema.initializer(sym.type, node.init, sym.pos)
            sym.type = init.type
        if sym.storage == "static":
            g = Global(sym.link_name, max(sym.type.size, 1), max(sym.type.align, sym.align, 1),
                       None, internal=True)
            self.module.add_global(g)
            sym.ir = g
            g.digv = DIGlobalVariable(sym.name, sym.link_name, self.di.file(sym.pos.file),
                                      sym.pos.line, self.di.type(sym.type),  # type: ignore
                                      is_local=True, is_definition=True,
                                      scope=self.scope)  # listed among the function's locals
            self.static_locals.append((sym, init))
            return
        if isinstance(unqual(sym.type), VlaT):
            self.declare_vla(sym)
            return
        if variably_modified(sym.type):  # `int (*p)[n]`: the sizes are fixed here
            self.ensure_open()
            self.evaluate_vla_dims(sym.type, sym.pos)
        home = self.alloca(sym.type.size, max(sym.type.align, sym.align), sym.name)
        home.arrays = array_kind(sym.type)  # type: ignore[attr-defined]  # -fstack-protector
        sym.ir = home
        self.declare_var(sym, home)
        if init is not None:
            self.ensure_open()
            self.emit_init(home, init, sym.name)
        self.cleanup_register(sym, node)
        self.inline_note_local(sym, init)

    def emit_init(self, home: Value, init: T.Init, name: str = "") -> None:
        """Initialise a local object, choosing the instructions as Clang does at -O0:
        a scalar store; for a constant aggregate a memset (all one byte, or mostly
        zero plus a few stores) or a memcpy from a private constant copy; otherwise
        element-wise stores after zeroing what the initialiser does not cover."""
        t = init.type
        size = t.size
        items = init.items
        with self.b.atom_group():
            if len(items) == 1 and items[0].offset == 0 and \
                    unqual(items[0].type) == unqual(t) and not isinstance(unqual(t), ArrayT):
                it = items[0]
                with self.at(it.expr.pos):
                    self.store_item(home, it, annotate=True)
                return
            image = self.constant_image(init)
            with self.at(init.pos):
                if image is not None and self.emit_constant_aggregate(home, init, image, name):
                    return
            covered = sum(it.type.size for it in items)
            zeroed = covered < size or any(isinstance(it.expr, T.StrLit)
                                           or isinstance(unqual(it.type), BitFieldT)
                                           for it in items)
            if zeroed:
                with self.at(init.pos):
                    ms = self.b.memset(home, Const(I8, 0), size, t.align)
                    self.b.add_to_atom(ms)
            for it in items:
                if zeroed and isinstance(it.expr, T.IntConst) and it.expr.value == 0:
                    continue  # already zero
                with self.at(it.expr.pos):
                    self.store_item(self.offset_ptr(home, it.offset), it, annotate=True)

    def constant_image(self, init: T.Init) -> list[DataItem] | None:
        """The object's bytes if every initialiser is a link-time constant."""
        if not init.items:
            return [Zeros(init.type.size)]
        try:
            return static_data(init, init.type, self.address_symbol)
        except InitError:
            return None

    def emit_constant_aggregate(self, home: Value, init: T.Init, image: list[DataItem],
                                name: str) -> bool:
        t = init.type
        size = t.size
        if any(isinstance(x, SymRef) for x in image):
            blob: bytes | None = None
        else:
            blob = b"".join(x if isinstance(x, bytes) else bytes(x.count)  # type: ignore
                            for x in image)
        if blob is not None and (not blob.strip(b"\0") or len(set(blob)) == 1):
            ms = self.b.memset(home, Const(I8, blob[0] if blob else 0), size, t.align)
            self.b.add_to_atom(ms)
            return True
        nonzero = [it for it in init.items
                   if not (isinstance(it.expr, T.IntConst) and it.expr.value == 0)]
        if blob is not None and size > 32 and len(nonzero) <= 6 and \
                all(isinstance(it.expr, T.IntConst) for it in nonzero):
            ms = self.b.memset(home, Const(I8, 0), size, t.align)
            self.b.add_to_atom(ms)
            for it in nonzero:
                with self.at(it.expr.pos):
                    self.store_item(self.offset_ptr(home, it.offset), it, annotate=True)
            return True
        fname = self.fn.name if self.fn is not None else "file"
        base = f".L__const.{fname}.{name or 'init'}"
        gname = base
        n = 0
        while gname in self.module.globals:
            n += 1
            gname = f"{base}.{n}"
        g = Global(gname, size, max(t.align, 1), image, internal=True, constant=True)
        self.module.add_global(g)
        mc = self.b.memcpy(home, g, size, t.align)
        self.b.add_to_atom(mc)
        return True

    def store_item(self, addr: Value, it: T.InitItem, annotate: bool) -> None:
        e = it.expr
        u = unqual(it.type)
        if isinstance(u, BitFieldT):
            v = self.value_of(e)
            for st in BA.write_field(self.b, addr, init_access(u), v, False):
                if annotate:
                    self.b.add_to_atom(st, v)
            return
        if isinstance(e, T.StrLit) and isinstance(u, ArrayT):
            g = self.string_global(e.data)
            n = min(len(e.data), it.type.size)
            mc = self.b.memcpy(addr, g, n, 1)
            if annotate:
                self.b.add_to_atom(mc)
            return
        if isinstance(u, (StructT, ComplexT)):
            src = self.value_of(e)
            mc = self.b.memcpy(addr, src, u.size, u.align)
            if annotate:
                self.b.add_to_atom(mc)
            return
        v = self.value_of(e)
        st = self.b.store(v, addr, volatile=is_volatile(it.type))
        if annotate:
            self.b.add_to_atom(st, v)

    def _s_Return(self, node: c_ast.Return) -> None:
        self.ensure_open()
        if self.sema.inline_frames:
            self.inline_return(node)
            return
        p = self.sema.pos(node)
        e = self.sema.return_value(node.expr, p)
        assert self.fabi is not None and self.ret_block is not None
        with self.b.atom_group():
            if e is not None and self.fabi.ret.kind == "void":
                self.discard(e)
            elif e is not None:
                kind = self.fabi.ret.kind
                if kind == "sret":
                    src = self.value_of(e)
                    with self.at(p):
                        mc = self.b.memcpy(self.sret_ptr, src, self.ret_ctype.size,  # type: ignore
                                           self.ret_ctype.align)
                        self.b.add_to_atom(mc)
                elif kind == "pieces":
                    src = self.value_of(e)
                    with self.at(p):
                        mc = self.b.memcpy(self.ret_slot, src, self.ret_ctype.size,  # type: ignore
                                           self.ret_ctype.align)
                        self.b.add_to_atom(mc)
                else:
                    v = self.value_of(e)
                    with self.at(p):
                        st = self.b.store(v, self.ret_slot)  # type: ignore[arg-type]
                        self.b.add_to_atom(st, v)
            self.cleanup_before_return(p)
            with self.at(p):
                j = self.b.jump(self.ret_block)
                self.b.add_to_atom(j)

    def _s_If(self, node: c_ast.If) -> None:
        self.ensure_open()
        then_b = self.new_block("if.then")
        else_b = self.new_block("if.else") if node.iffalse is not None else None
        end_b = self.new_block("if.end")
        if else_b is None:
            else_b = end_b
        cond = self.sema.condition(node.cond)
        self.branch_on(cond, then_b, else_b, atom=True)
        self.start(then_b)
        if node.iftrue is not None:
            self.branch_stmt(node.iftrue, cond, True)
        if not self.b.terminated:
            with self.b.at(None):
                self.b.jump(end_b)
        if node.iffalse is not None:
            assert else_b is not None
            self.start(else_b)
            self.branch_stmt(node.iffalse, cond, False)
            if not self.b.terminated:
                with self.b.at(None):
                    self.b.jump(end_b)
        self.start(end_b)

    def loop_cond(self, cond_node: c_ast.Node, body: Block, end: Block) -> None:
        """Loop condition: compare and branch in separate atom groups (Clang's loop rule)."""
        cond = self.sema.condition(cond_node)
        self.branch_on(cond, body, end, atom=False, loop=True)

    def _s_While(self, node: c_ast.While) -> None:
        self.ensure_open()
        p = self.sema.pos(node)
        cond_b = self.new_block("while.cond")
        body_b = self.new_block("while.body")
        end_b = self.new_block("while.end")
        with self.at(p):
            self.b.jump(cond_b)
        cond_from = len(self.started)
        self.start(cond_b)
        self.loop_cond(node.cond, body_b, end_b)
        body_from = len(self.started)
        self.start(body_b)
        self.loops.append(_Loop(end_b, cond_b, len(self.vla_saves)))
        if node.stmt is not None:
            self.stmt(node.stmt)
        self.loops.pop()
        if not self.b.terminated:
            with self.at(p):
                self.b.jump(cond_b)
        self.sink_condition(cond_from, body_from)
        self.start(end_b)

    def _s_DoWhile(self, node: c_ast.DoWhile) -> None:
        self.ensure_open()
        body_b = self.new_block("do.body")
        cond_b = self.new_block("do.cond")
        end_b = self.new_block("do.end")
        with self.b.at(None):
            self.b.jump(body_b)
        self.start(body_b)
        self.loops.append(_Loop(end_b, cond_b, len(self.vla_saves)))
        if node.stmt is not None:
            self.stmt(node.stmt)
        self.loops.pop()
        if not self.b.terminated:
            with self.b.at(None):
                self.b.jump(cond_b)
        self.start(cond_b)
        self.loop_cond(node.cond, body_b, end_b)
        self.start(end_b)

    def _s_For(self, node: c_ast.For) -> None:
        self.ensure_open()
        p = self.sema.pos(node)
        saved_scope = self.scope
        has_decl = isinstance(node.init, c_ast.DeclList)
        if has_decl and self.scope is not None:
            self.scope = DILexicalBlock(self.scope, self.di.file(p.file), p.line, p.column)
        self.sema.scopes.push()
        if node.init is not None:
            if isinstance(node.init, (c_ast.DeclList, c_ast.Decl)):
                self.stmt(node.init)
            else:
                self.discard(self.sema.expr(node.init))
        cond_b = self.new_block("for.cond")
        body_b = self.new_block("for.body")
        inc_b = self.new_block("for.inc") if node.next is not None else cond_b
        end_b = self.new_block("for.end")
        with self.at(p):
            self.b.jump(cond_b)
        cond_from = len(self.started)
        self.start(cond_b)
        if node.cond is not None:
            self.loop_cond(node.cond, body_b, end_b)
        else:
            with self.at(p):
                self.b.jump(body_b)
        body_from = len(self.started)
        self.start(body_b)
        self.loops.append(_Loop(end_b, inc_b, len(self.vla_saves)))
        if node.stmt is not None:
            self.stmt(node.stmt)
        self.loops.pop()
        if not self.b.terminated:
            # The end-of-body branch: Clang puts it at the body's closing brace when
            # there is an increment; gcc-like stepping wants the `for` line instead,
            # which is what we use without Key Instructions.
            end_pos = p
            if node.next is not None and self.opts.use_key_instructions and \
                    isinstance(node.stmt, c_ast.Compound):
                end_pos = find_closing_brace(self.sema.pos(node.stmt), self.sema.source_line) or p
            with self.at(end_pos):
                j = self.b.jump(inc_b)
                self.b.add_to_new_atom(j)
        if node.next is not None:
            self.start(inc_b)
            self.discard(self.sema.expr(node.next))
            with self.at(p):
                self.b.jump(cond_b)
        if node.cond is not None:
            self.sink_condition(cond_from, body_from)
        self.start(end_b)
        self.sema.scopes.pop()
        self.scope = saved_scope

    def _s_Break(self, node: c_ast.Break) -> None:
        self.ensure_open()
        if not self.loops:
            self.sema.error(node, "'break' statement not in loop or switch statement")
            return
        self.cleanup_before_jump(self.loops[-1].vla_depth, self.sema.pos(node))
        self.vla_restore_to(self.loops[-1].vla_depth)
        with self.at(self.sema.pos(node)):
            j = self.b.jump(self.loops[-1].brk)
            self.b.add_to_new_atom(j)

    def _s_Continue(self, node: c_ast.Continue) -> None:
        self.ensure_open()
        loop = next((lp for lp in reversed(self.loops) if lp.cont is not None), None)
        if loop is None:
            self.sema.error(node, "'continue' statement not in loop statement")
            return
        target = loop.cont
        assert target is not None
        self.cleanup_before_jump(loop.vla_depth, self.sema.pos(node))
        self.vla_restore_to(loop.vla_depth)
        with self.at(self.sema.pos(node)):
            j = self.b.jump(target)
            self.b.add_to_new_atom(j)

    def label_block(self, name: str) -> Block:
        b = self.labels.get(name)
        if b is None:
            b = self.new_block(f"label.{name}")
            self.labels[name] = b
        return b

    def _s_ComputedGoto(self, node: ComputedGoto) -> None:
        computed_goto(self, node)

    def _s_Goto(self, node: c_ast.Goto) -> None:
        self.ensure_open()
        p = self.sema.pos(node)
        self.labels_used.setdefault(node.name, p)
        self.vla_note_goto(node.name, p)
        target = self.cleanup_goto(node.name, self.label_block(node.name), p)
        with self.at(p):
            j = self.b.jump(target)
            self.b.add_to_new_atom(j)

    def _s_Label(self, node: c_ast.Label) -> None:
        p = self.sema.pos(node)
        if node.name in self.labels_defined:
            self.sema.error(p, f"redefinition of label '{node.name}'")
        self.labels_defined[node.name] = p
        self.vla_note_label(node.name)
        self.cleanup_note_label(node.name)
        target = self.label_block(node.name)
        if not self.b.terminated:
            with self.b.at(None):
                self.b.jump(target)
        self.start(target)
        if node.stmt is not None:
            self.stmt(node.stmt)

    def _s_Switch(self, node: c_ast.Switch) -> None:
        self.ensure_open()
        p = self.sema.pos(node)
        cond = self.sema.value(self.sema.expr(node.cond))
        ci = as_int(cond.type)
        if ci is None:
            self.sema.error(cond.pos, f"statement requires expression of integer type "
                                      f"('{cond.type}' invalid): switch condition has invalid "
                                      "type")
            return
        ct = promote(ci)
        cond = self.sema.cast(cond, ct)
        v = self.value_of(cond)
        head = self.b.block
        assert head is not None
        end_b = self.new_block("switch.end")
        ctx = _SwitchCtx(ct)
        ctx.vla_active = tuple(self.vla_active)
        self.switches.append(ctx)
        self.loops.append(_Loop(end_b, None, len(self.vla_saves)))
        self.start(self.new_block("switch.body"))
        if node.stmt is not None:
            self.stmt(node.stmt)
        self.loops.pop()
        self.switches.pop()
        if not self.b.terminated:
            with self.b.at(None):
                self.b.jump(end_b)
        sw = Switch(v, ctx.default or end_b, ctx.cases, loc=self.loc(p) or ARTIFICIAL)
        head.append(sw)
        self.b.add_to_new_atom(sw, v)
        self.start(end_b)

    def case_block(self, name: str) -> Block:
        b = self.new_block(name)
        if not self.b.terminated:
            with self.b.at(None):
                self.b.jump(b)
        self.start(b)
        return b

    def _s_Case(self, node: c_ast.Case) -> None:
        p = self.sema.pos(node)
        if not self.switches:
            self.sema.error(p, "'case' statement not in switch statement")
            for s in node.stmts or []:
                self.stmt(s)
            return
        ctx = self.switches[-1]
        from pycparserext.ext_c_parser import RangeExpression
        if isinstance(node.expr, RangeExpression):  # GNU `case LO ... HI:`
            lo_e, hi_e = node.expr.first, node.expr.last
        else:
            lo_e = hi_e = node.expr
        bounds: list[int] = []
        for bound in (lo_e, hi_e):
            e = self.sema.expr(bound)
            if as_int(e.type) is None:
                self.sema.error(e.pos, "case label does not reduce to an integer constant")
                bounds.append(0)
            else:
                v = self.sema.require_const_int(self.sema.cast(e, ctx.type), "case label")
                bounds.append(wrap(v, ctx.type))
        self.vla_check_case(ctx.vla_active, p)
        b = self.case_block("switch.case")
        lo, hi = bounds
        if hi - lo > 65536:
            self.sema.error(p, "case range is too large (unsupported)")
            hi = lo
        mask = (1 << ctx.type.bits) - 1
        for value in range(lo, hi + 1):
            if value in ctx.values:
                self.sema.error(p, f"duplicate case value '{value}'")
                break
            ctx.values.add(value)
            ctx.cases.append((value & mask, b))
        for s in node.stmts or []:
            self.stmt(s)

    def _s_Default(self, node: c_ast.Default) -> None:
        p = self.sema.pos(node)
        if not self.switches:
            self.sema.error(p, "'default' statement not in switch statement (case label "
                               "outside switch)")
            for s in node.stmts or []:
                self.stmt(s)
            return
        ctx = self.switches[-1]
        self.vla_check_case(ctx.vla_active, p)
        b = self.case_block("switch.default")
        if ctx.default is not None:
            self.sema.error(p, "multiple default labels in one switch (duplicate case label)")
        ctx.default = b
        for s in node.stmts or []:
            self.stmt(s)

    # ------------------------------------------------------------------
    # conditions

    def branch_on(self, cond: T.Expr, then_b: Block, else_b: Block, atom: bool,
                  loop: bool = False) -> None:
        """Branch on a scalar condition; short-circuit operators become branches."""
        if isinstance(cond, T.Logical):
            mid = self.new_block("land.rhs" if cond.op == "&&" else "lor.rhs")
            if cond.op == "&&":
                self.branch_on(cond.left, mid, else_b, atom, loop)
            else:
                self.branch_on(cond.left, then_b, mid, atom, loop)
            self.start(mid)
            self.branch_on(cond.right, then_b, else_b, atom, loop)
            return
        if isinstance(cond, T.Unary) and cond.op == "!":
            self.branch_on(cond.operand, else_b, then_b, atom, loop)
            return
        bit = self.truth(cond)
        with self.at(cond.pos):
            br = self.b.branch(bit, then_b, else_b)
        if loop:
            if isinstance(bit, Inst):
                self.b.add_to_new_atom(bit)
            self.b.add_to_new_atom(br)
        elif atom:
            self.b.add_to_new_atom(br, bit)

    def truth(self, e: T.Expr) -> Value:
        """An i1 that is true when the scalar `e` is non-zero."""
        if isinstance(e, T.Binary) and e.op in ("<", ">", "<=", ">=", "==", "!="):
            return self.compare(e)
        v = self.value_of(e)
        with self.at(e.pos):
            if isinstance(v.ty, IntType) and v.ty.bits == 1:
                return v
            return self.nonzero(v)

    def compare(self, e: T.Binary) -> Value:
        lv = self.value_of(e.left)
        rv = self.value_of(e.right)
        if isinstance(lv.ty, FloatType):  # ordered, except != (true when unordered)
            fpred = {"==": "oeq", "!=": "une", "<": "olt", ">": "ogt", "<=": "ole",
                     ">=": "oge"}[e.op]
            with self.at(e.pos):
                return self.b.cmp(fpred, lv, rv, float_cmp=True)
        it = as_int(e.left.type)
        signed = it is not None and it.signed
        pred = {"==": "eq", "!=": "ne"}.get(e.op)
        if pred is None:
            base = {"<": "lt", ">": "gt", "<=": "le", ">=": "ge"}[e.op]
            pred = ("s" if signed else "u") + base
        with self.at(e.pos):
            return self.b.cmp(pred, lv, rv)

    # ------------------------------------------------------------------
    # expressions

    def value_of(self, e: T.Expr, allow_void: bool = False) -> Value:
        """Scalar rvalue (IR value) or, for struct types, the address of the value."""
        method = getattr(self, "_v_" + type(e).__name__)
        return method(e)

    def addr_of(self, e: T.Expr) -> Value:
        """Address of an lvalue (or of a struct-typed temporary)."""
        match e:
            case T.VarRef():
                sym = e.sym
                if sym.ir is None:
                    if sym.file_scope or sym.kind == "func":
                        return self.global_value(sym)
                    raise_internal(f"variable '{sym.name}' has no storage")
                return sym.ir
            case T.Deref():
                return self.value_of(e.ptr)
            case T.Member():
                base = self.addr_of(e.base)
                with self.at(e.pos):
                    return self.offset_ptr(base, e.offset)
            case T.StrLit():
                return self.string_global(e.data)
            case T.CompoundLit():
                return self.compound_literal(e)
        if isinstance(unqual(e.type), (StructT, ComplexT)):
            return self.value_of(e)
        raise_internal(f"not an lvalue: {type(e).__name__}")
        raise AssertionError

    def compound_literal(self, e: T.CompoundLit) -> Value:
        sym = e.sym
        if sym.ir is None:
            if sym.static_storage:
                g = Global(sym.link_name, max(e.type.size, 1), e.type.align, None,
                           internal=True)
                self.module.add_global(g)
                sym.ir = g
                self.static_locals.append((sym, e.init))
                return g
            sym.ir = self.alloca(e.type.size, e.type.align, "")
        elif sym.static_storage:
            return sym.ir
            sym.ir = self.alloca(e.type.size, e.type.align, "")
        self.emit_init(sym.ir, e.init)
        return sym.ir

    def load_scalar(self, t: CType, addr: Value) -> Value:
        if is_atomic(t):
            return AI.load_atomic(self, t, addr)
        return self.b.load(scalar_ir_type(t), addr, volatile=is_volatile(t))

    def _v_AtomicExpr(self, e: AtomicExpr) -> Value:
        return AI.lower_atomic_expr(self, e)

    def _v_FloatConst(self, e: T.FloatConst) -> Value:
        v = e.value
        return Const(scalar_ir_type(e.type), v if isinstance(v, X80) else float(v))

    def _v_IntConst(self, e: T.IntConst) -> Value:
        u = unqual(e.type)
        if isinstance(u, PointerT):
            with self.at(e.pos):
                return self.b.cast(Op.INTTOPTR, Const(I64, e.value), PTR)
        return Const(scalar_ir_type(e.type), e.value)

    def _v_VarRef(self, e: T.VarRef) -> Value:
        u = unqual(e.type)
        addr = self.addr_of(e)
        if isinstance(u, StructT) and is_atomic(e.type):
            with self.at(e.pos):
                return AI.copy_in(self, e.type, addr)
        if isinstance(u, (StructT, ComplexT, ArrayT, VlaT, FuncT)):
            return addr
        with self.at(e.pos):
            return self.load_scalar(e.type, addr)

    def _v_StrLit(self, e: T.StrLit) -> Value:
        return self.string_global(e.data)

    def _v_CompoundLit(self, e: T.CompoundLit) -> Value:
        addr = self.compound_literal(e)
        if isinstance(unqual(e.type), (StructT, ComplexT, ArrayT, VlaT)):
            return addr
        with self.at(e.pos):
            return self.load_scalar(e.type, addr)

    def _v_Decay(self, e: T.Decay) -> Value:
        return self.addr_of(e.operand)

    def _v_AddrOf(self, e: T.AddrOf) -> Value:
        return self.addr_of(e.operand)

    def _v_Deref(self, e: T.Deref) -> Value:
        addr = self.value_of(e.ptr)
        if isinstance(unqual(e.type), StructT) and is_atomic(e.type):
            with self.at(e.pos):
                return AI.copy_in(self, e.type, addr)
        if isinstance(unqual(e.type), (StructT, ComplexT, ArrayT, VlaT, FuncT)):
            return addr
        if is_void(e.type):
            return addr
        with self.at(e.pos):
            return self.load_scalar(e.type, addr)

    def _v_Member(self, e: T.Member) -> Value:
        if e.bits is not None:
            return self.bitfield_read(e)
        addr = self.addr_of(e)
        if isinstance(unqual(e.type), StructT) and is_atomic(e.type):
            with self.at(e.pos):
                return AI.copy_in(self, e.type, addr)
        if isinstance(unqual(e.type), (StructT, ComplexT, ArrayT, VlaT)):
            return addr
        with self.at(e.pos):
            return self.load_scalar(e.type, addr)

    def _v_Cast(self, e: T.Cast) -> Value:
        if is_void(e.type):
            self.discard(e.operand)
            return Const(I32, 0)
        v = self.value_of(e.operand)
        with self.at(e.pos):
            return self.convert(v, e.operand.type, e.type)

    def convert(self, v: Value, frm: CType, to: CType) -> Value:
        """IR conversion between scalar C types (no checks: sema has done them)."""
        fu, tu = unqual(frm), unqual(to)
        if isinstance(fu, ArrayT | FuncT):
            fu = PointerT(fu)
        fty = v.ty
        tty = scalar_ir_type(to)
        if as_int(to) == BOOL:
            if isinstance(fty, IntType) and fty.bits == 8 and as_int(frm) == BOOL:
                return v
            bit = self.nonzero(v)
            return self.b.cast(Op.ZEXT, bit, I8)
        if isinstance(fty, FloatType) or isinstance(tty, FloatType):
            return self.convert_float(v, frm, to, tty)
        if isinstance(tu, PointerT):
            if fty == PTR:
                return v
            fi = as_int(frm)
            wide = v
            if isinstance(fty, IntType) and fty.bits < 64:
                wide = self.b.cast(Op.SEXT if fi is not None and fi.signed else Op.ZEXT, v, I64)
            return self.b.cast(Op.INTTOPTR, wide, PTR)
        assert isinstance(tty, IntType)
        if fty == PTR:
            iv = self.b.cast(Op.PTRTOINT, v, I64)
            if tty.bits > 64:  # gcc sign-extends a pointer into a wider integer
                return self.b.cast(Op.SEXT, iv, tty)
            return iv if tty.bits == 64 else self.b.cast(Op.TRUNC, iv, tty)
        assert isinstance(fty, IntType)
        if fty.bits == tty.bits:
            return v
        if fty.bits > tty.bits:
            return self.b.cast(Op.TRUNC, v, tty)
        fi = as_int(frm)
        signed = fi is not None and fi.signed
        if fty.bits == 1:
            signed = False
        return self.b.cast(Op.SEXT if signed else Op.ZEXT, v, tty)

    def nonzero(self, v: Value) -> Value:
        """i1: `v != 0` (for floats unordered-or-unequal, so NaN is true)."""
        if isinstance(v.ty, FloatType):
            return self.b.cmp("une", v, Const(v.ty, 0.0), float_cmp=True)
        return self.b.cmp("ne", v, Const(v.ty, 0))

    def convert_float(self, v: Value, frm: CType, to: CType, tty: Type) -> Value:
        """Conversions with a floating side: float <-> double, integer <-> floating."""
        fty = v.ty
        if isinstance(fty, FloatType) and isinstance(tty, FloatType):
            if fty.bits == tty.bits:
                return v
            return self.b.cast(Op.FPEXT if fty.bits < tty.bits else Op.FPTRUNC, v, tty)
        if isinstance(fty, FloatType):
            ti = as_int(to)
            signed = ti is None or ti.signed
            return self.b.cast(Op.FPTOSI if signed else Op.FPTOUI, v, tty)
        fi = as_int(frm)
        signed = fi is not None and fi.signed and not (isinstance(fty, IntType) and fty.bits == 1)
        return self.b.cast(Op.SITOFP if signed else Op.UITOFP, v, tty)

    def _v_Unary(self, e: T.Unary) -> Value:
        if e.op == "!":
            bit = self.truth(e.operand)
            with self.at(e.pos):
                inv = self.b.binary(Op.XOR, bit, Const(I1, 1))
                return self.b.cast(Op.ZEXT, inv, I32)
        v = self.value_of(e.operand)
        with self.at(e.pos):
            if e.op == "-" and isinstance(v.ty, FloatType):
                return self.b.cast(Op.FNEG, v, v.ty)
            if e.op == "-":
                return self.b.binary(Op.SUB, Const(v.ty, 0), v)
            return self.b.binary(Op.XOR, v, Const(v.ty, -1))

    _ARITH: Final = {"+": Op.ADD, "-": Op.SUB, "*": Op.MUL, "&": Op.AND, "|": Op.OR, "^": Op.XOR,
              "<<": Op.SHL}

    def arith(self, op: str, lhs: Value, rhs: Value, t: CType) -> Value:
        if isinstance(lhs.ty, FloatType):
            fop = {"+": Op.FADD, "-": Op.FSUB, "*": Op.FMUL, "/": Op.FDIV}[op]
            return self.b.binary(fop, lhs, rhs)
        it = as_int(t)
        signed = it is not None and it.signed
        if op in self._ARITH:
            r = self.b.binary(self._ARITH[op], lhs, rhs)
            if signed and op in "+-*":  # signed overflow is undefined (unless -fwrapv)
                r.nsw = not self.opts.wrapv  # type: ignore[attr-defined]
            return r
        if op == "/":
            return self.b.binary(Op.SDIV if signed else Op.UDIV, lhs, rhs)
        if op == "%":
            return self.b.binary(Op.SREM if signed else Op.UREM, lhs, rhs)
        if op == ">>":
            return self.b.binary(Op.ASHR if signed else Op.LSHR, lhs, rhs)
        raise_internal(f"unknown arithmetic operator {op}")
        raise AssertionError

    def _v_Binary(self, e: T.Binary) -> Value:
        if e.op in ("<", ">", "<=", ">=", "==", "!="):
            bit = self.compare(e)
            with self.at(e.pos):
                return self.b.cast(Op.ZEXT, bit, I32)
        lv = self.value_of(e.left)
        rv = self.value_of(e.right)
        with self.at(e.pos):
            return self.arith(e.op, lv, rv, e.type)

    def _v_PtrArith(self, e: T.PtrArith) -> Value:
        base = self.value_of(e.ptr)
        idx = self.value_of(e.index)
        if e.vla is not None:  # pointer to a VLA: the step is its run-time size
            step = self.size_of(e.vla, e.pos)
            with self.at(e.pos):
                off = self.b.binary(Op.MUL, idx, step)
                if e.op == "-":
                    off = self.b.binary(Op.SUB, Const(I64, 0), off)
                return self.b.ptradd(base, off)
        with self.at(e.pos):
            return self.ptr_offset(base, idx, e.scale, e.op == "-")

    def _v_VlaSizeof(self, e: T.VlaSizeof) -> Value:
        return self.size_of(e.vla, e.pos)

    def ptr_offset(self, base: Value, idx: Value, scale: int, negate: bool) -> Value:
        if isinstance(idx, Const):
            off = Const(I64, (-1 if negate else 1) * Const(I64, idx.value).signed() * scale)
            if off.value == 0:
                return base
            return self.b.ptradd(base, off)
        off_v: Value = idx
        if scale != 1:
            off_v = self.b.binary(Op.MUL, idx, Const(I64, scale))
        if negate:
            off_v = self.b.binary(Op.SUB, Const(I64, 0), off_v)
        return self.b.ptradd(base, off_v)

    def _v_PtrDiff(self, e: T.PtrDiff) -> Value:
        lv = self.value_of(e.left)
        rv = self.value_of(e.right)
        with self.at(e.pos):
            li = self.b.cast(Op.PTRTOINT, lv, I64)
            ri = self.b.cast(Op.PTRTOINT, rv, I64)
            d = self.b.binary(Op.SUB, li, ri)
        if e.vla is not None:
            size = self.size_of(e.vla, e.pos)
            with self.at(e.pos):
                return self.b.binary(Op.SDIV, d, size)
        with self.at(e.pos):
            if e.scale == 1:
                return d
            return self.b.binary(Op.SDIV, d, Const(I64, e.scale))

    def _v_Logical(self, e: T.Logical) -> Value:
        assert self.fn is not None
        rhs_b = self.new_block("land.rhs" if e.op == "&&" else "lor.rhs")
        end_b = self.new_block("land.end" if e.op == "&&" else "lor.end")
        res = end_b.add_param(I1)
        left = self.truth(e.left)
        short = Const(I1, 0 if e.op == "&&" else 1)
        with self.at(e.pos):
            if e.op == "&&":
                br = self.b.insert(Branch(left, rhs_b, end_b, (), (short,), loc=self.b.loc))
            else:
                br = self.b.insert(Branch(left, end_b, rhs_b, (short,), (), loc=self.b.loc))
            self.b.add_to_new_atom(br, left)
        self.start(rhs_b)
        right = self.truth(e.right)
        with self.at(e.pos):
            self.b.jump(end_b, [right])
        self.start(end_b)
        with self.at(e.pos):
            return self.b.cast(Op.ZEXT, res, I32)

    def _v_Cond(self, e: T.Cond) -> Value:
        return self.cond_expr(e, want=True)

    def cond_expr(self, e: T.Cond, want: bool) -> Value:
        if want and isinstance(e.then, T.IntConst) and isinstance(e.els, T.IntConst) and \
                not isinstance(unqual(e.type), (StructT, ComplexT, VoidT)):
            # `c ? 3 : 4`: both arms are free to evaluate, so a select (as Clang does)
            bit = self.truth(e.cond)
            with self.at(e.pos):
                return self.b.select(bit, self.value_of(e.then), self.value_of(e.els))
        then_b = self.new_block("cond.true")
        else_b = self.new_block("cond.false")
        end_b = self.new_block("cond.end")
        u = unqual(e.type)
        has_value = want and not isinstance(u, VoidT)
        res = end_b.add_param(PTR if isinstance(u, (StructT, ComplexT))
                              else scalar_ir_type(e.type)) \
            if has_value else None
        self.branch_on(e.cond, then_b, else_b, atom=False)
        for blk, arm in ((then_b, e.then), (else_b, e.els)):
            self.start(blk)
            if has_value:
                v = self.value_of(arm)
                with self.at(arm.pos):
                    self.b.jump(end_b, [v])
            else:
                self.discard(arm)
                with self.at(arm.pos):
                    self.b.jump(end_b)
        self.start(end_b)
        return res if res is not None else Const(I32, 0)

    def _v_Reuse(self, e: T.Reuse) -> Value:
        v = self.reused.get(e)
        if v is None:
            v = self.reused[e] = self.value_of(e.operand)
        return v

    def _v_Comma(self, e: T.Comma) -> Value:
        self.discard(e.left)
        return self.value_of(e.right)

    def _v_Assign(self, e: T.Assign) -> Value:
        return self.emit_assignlike(e, want=True)

    def _v_CompoundAssign(self, e: T.CompoundAssign) -> Value:
        return self.emit_assignlike(e, want=True)

    def _v_IncDec(self, e: T.IncDec) -> Value:
        return self.emit_assignlike(e, want=True)

    def emit_assignlike(self, e: T.Expr, want: bool) -> Value:
        with self.b.atom_group():
            if isinstance(e, T.Assign):
                return self.emit_assign(e)
            if isinstance(e, T.CompoundAssign):
                return self.emit_compound(e)
            assert isinstance(e, T.IncDec)
            return self.emit_incdec(e)

    def bitfield_unit(self, e: T.Member) -> Value:
        base = self.addr_of(e.base)
        with self.at(e.pos):
            return self.offset_ptr(base, e.bits.unit_offset)

    def bitfield_read(self, e: T.Member) -> Value:
        addr = self.bitfield_unit(e)
        with self.at(e.pos):
            unit = BA.load_unit(self.b, addr, e.bits, is_volatile(e.type))
            return BA.extract(self.b, unit, e.bits, scalar_ir_type(e.type))  # type: ignore

    def bitfield_fetch(self, e: T.Member, pos: Pos) -> tuple[Value, bool, Value, Value]:
        """For a read-modify-write of a bit-field: (unit address, volatile, unit, value)."""
        addr = self.bitfield_unit(e)
        vol = is_volatile(e.type)
        with self.at(pos):
            unit = BA.load_unit(self.b, addr, e.bits, vol)
            return addr, vol, unit, BA.extract(self.b, unit, e.bits,
                                               scalar_ir_type(e.type))  # type: ignore[arg-type]

    def bitfield_write(self, addr: Value, acc: Any, v: Value, volatile: bool,
                       old: Value | None = None) -> Value:
        """Store `v` into the field whose unit is at `addr` (`old`: the unit, if already
        loaded); returns the value the field now holds, extended to v's type."""
        for st in BA.write_field(self.b, addr, acc, v, volatile, old):
            self.b.add_to_atom(st, v)
        return BA.truncated(self.b, v, acc)

    def emit_assign(self, e: T.Assign) -> Value:
        u = unqual(e.target.type)
        tgt = e.target
        if isinstance(tgt, T.Member) and tgt.bits is not None:
            v = self.value_of(e.value)
            addr = self.bitfield_unit(tgt)
            with self.at(e.pos):
                return self.bitfield_write(addr, tgt.bits, v, is_volatile(tgt.type))
        if isinstance(u, (StructT, ComplexT)):
            src = self.value_of(e.value)
            dst = self.addr_of(e.target)
            with self.at(e.pos):
                if is_atomic(e.target.type):
                    self.b.add_to_atom(AI.store_aggregate(self, e.target.type, dst, src))
                    return dst
                mc = self.b.memcpy(dst, src, u.size, u.align,
                                   volatile=is_volatile(e.target.type))
                self.b.add_to_atom(mc)
            return dst
        v = self.value_of(e.value)
        dst = self.addr_of(e.target)
        with self.at(e.pos):
            if is_atomic(e.target.type):
                st = AI.store_atomic(self, v, dst, e.target.type)
            else:
                st = self.b.store(v, dst, volatile=is_volatile(e.target.type))
            self.b.add_to_atom(st, v)
        return v

    def emit_compound(self, e: T.CompoundAssign) -> Value:
        if is_atomic(e.target.type):
            return AI.compound_assign(self, e)
        rhs = self.value_of(e.rhs)
        tgt = e.target
        if isinstance(tgt, T.Member) and tgt.bits is not None:
            addr, vol, unit, old_v = self.bitfield_fetch(tgt, e.pos)
            with self.at(e.pos):
                wide = self.convert(old_v, tgt.type, e.optype)
                res = self.arith(e.op, wide, rhs, e.optype)
                new = self.convert(res, e.optype, tgt.type)
                return self.bitfield_write(addr, tgt.bits, new, vol, unit)
        dst = self.addr_of(e.target)
        if isinstance(unqual(e.optype), ComplexT):
            return self.complex_compound(e, dst, rhs)
        vla = vla_pointee(e.target.type)
        if vla is not None:  # `p += n` on a pointer to a VLA
            step = self.size_of(vla, e.pos)
            with self.at(e.pos):
                rhs = self.b.binary(Op.MUL, rhs, step)
        with self.at(e.pos):
            old = self.load_scalar(e.target.type, dst)
            if vla is not None:
                new = self.ptr_offset(old, rhs, 1, e.op == "-")
            elif e.scale:
                new = self.ptr_offset(old, rhs, e.scale, e.op == "-")
            else:
                wide = self.convert(old, e.target.type, e.optype)
                res = self.arith(e.op, wide, rhs, e.optype)
                new = self.convert(res, e.optype, e.target.type)
            st = self.b.store(new, dst, volatile=is_volatile(e.target.type))
            self.b.add_to_atom(st, new)
        return new

    def emit_incdec(self, e: T.IncDec) -> Value:
        if is_atomic(e.target.type):
            return AI.incdec(self, e)
        tgt = e.target
        if isinstance(tgt, T.Member) and tgt.bits is not None:
            addr, vol, unit, old = self.bitfield_fetch(tgt, e.pos)
            with self.at(e.pos):
                if as_int(tgt.type) == BOOL:
                    new: Value = Const(I8, 1) if e.delta > 0 else \
                        self.b.binary(Op.XOR, old, Const(I8, 1))
                else:
                    new = self.b.binary(Op.ADD, old, Const(old.ty, e.delta))
                held = self.bitfield_write(addr, tgt.bits, new, vol, unit)
            return held if e.prefix else old
        dst = self.addr_of(e.target)
        t = e.target.type
        if isinstance(unqual(t), ComplexT):
            return self.complex_incdec(e, dst, unqual(t))  # type: ignore[arg-type]
        vla = vla_pointee(t)
        step = self.size_of(vla, e.pos) if vla is not None else None
        with self.at(e.pos):
            old = self.load_scalar(t, dst)
            if step is not None:  # ++ on a pointer to a VLA
                delta = step if e.delta > 0 else self.b.binary(Op.SUB, Const(I64, 0), step)
                new = self.b.ptradd(old, delta)
            elif isinstance(unqual(t), PointerT):
                new = self.b.ptradd(old, Const(I64, e.delta))
            elif as_int(t) == BOOL:
                if e.delta > 0:
                    new = Const(I8, 1)
                else:
                    new = self.b.binary(Op.XOR, old, Const(I8, 1))
            elif isinstance(old.ty, FloatType):
                new = self.b.binary(Op.FADD, old, Const(old.ty, float(e.delta)))
            else:
                new = self.b.binary(Op.ADD, old, Const(old.ty, e.delta))
                it = as_int(t)  # ++ of a signed int or wider: no promotion, overflow is UB
                new.nsw = it is not None and it.signed and it.size >= 4 \
                    and not self.opts.wrapv  # type: ignore[attr-defined]
            st = self.b.store(new, dst, volatile=is_volatile(t))
            self.b.add_to_atom(st, new)
        return new if e.prefix else old

    # -- calls ----------------------------------------------------------

    def _v_Call(self, e: T.Call) -> Value:
        if e.builtin:
            return self.builtin(e)
        if not self.dead_code:
            report_call_attributes(self, e)
        ft = e.ftype
        assert isinstance(ft, FuncT)
        abi = func_abi(ft, [a.type for a in e.args[len(ft.params):]])
        callee = self.value_of(e.callee)  # type: ignore[arg-type]
        args: list[Value] = []
        byval: list[tuple[int, int] | None] = []
        result_tmp: Value | None = None
        if abi.sret:
            result_tmp = self.alloca(ft.ret.size, ft.ret.align, "")
            args.append(result_tmp)
            byval.append(None)
        fixed: int | None = None
        # gcc evaluates arguments right to left; matching it keeps programs whose output
        # depends on that unspecified order (and the step order into nested calls) alike.
        values = [self.value_of(a) for a in reversed(e.args)][::-1]
        for i, a in enumerate(e.args):
            if ft.variadic and i == len(ft.params):
                fixed = len(args)
            pa = abi.params[i]
            v = values[i]
            with self.at(a.pos):
                if pa.kind == "direct":
                    args.append(self.widen_narrow(v, pa.ext))
                    byval.append(None)
                elif pa.kind == "pieces":
                    size = max(a.type.size, 8 * len(pa.types))
                    tmp = self.alloca(size, max(a.type.align, 8), "")
                    self.b.memcpy(tmp, v, a.type.size, a.type.align)
                    for k, pt in enumerate(pa.types):
                        args.append(self.b.load(pt, self.offset_ptr(tmp, pa.piece_offset(k))))
                        byval.append(None)
                elif pa.kind == "byval":
                    tmp = self.alloca(pa.size, pa.align, "")
                    self.b.memcpy(tmp, v, a.type.size, a.type.align)
                    args.append(tmp)
                    byval.append((pa.size, pa.align))
        if ft.variadic and fixed is None:
            fixed = len(args)
        rets = abi.ir_rets()
        ret_ty: Type
        if abi.sret:
            ret_ty = PTR
        elif len(rets) == 0:
            ret_ty = VOID
        elif len(rets) == 1:
            ret_ty = rets[0]
        else:
            ret_ty = TupleType(tuple(rets))
        with self.at(e.pos):
            call = self.b.call(callee, args, ret_ty, fixed_args=fixed,
                               byval=byval if any(x is not None for x in byval) else None)
            kind = abi.ret.kind
            if kind == "sret":
                return result_tmp  # type: ignore[return-value]
            if kind == "pieces":
                tmp = self.alloca(max(ft.ret.size, 8 * len(rets)), max(ft.ret.align, 8), "")
                if len(rets) == 1:
                    self.b.store(call, tmp)
                else:
                    for k in range(len(rets)):
                        self.b.store(self.b.extract(call, k),
                                     self.offset_ptr(tmp, abi.ret.piece_offset(k)))
                return tmp
            if kind == "void":
                return Const(I32, 0)
            if abi.ret.narrow is not None:
                return self.b.cast(Op.TRUNC, call, abi.ret.narrow)
            return call

    def widen_narrow(self, v: Value, ext: str) -> Value:
        """A char/short/_Bool value extended to the i32 it travels in (see ArgABI.ext)."""
        if not ext:
            return v
        return self.b.cast(Op.SEXT if ext == "s" else Op.ZEXT, v, I32)

    def builtin(self, e: T.Call) -> Value:
        if e.builtin == "alloca":  # lives until the function returns (no stack restore)
            size = self.value_of(e.args[0])
            with self.at(e.pos):
                return self.b.dynalloca(size, 16)
        if e.builtin == "signbit":  # the sign bit of a float, read through its bits
            x = self.value_of(e.args[0])
            with self.at(e.pos):
                if is_x87(x.ty):
                    return self.b.cast(Op.ZEXT, x87_signbit(self, x), I32)
                bits = self.b.cast(Op.BITCAST, x, IntType(x.ty.bits))  # type: ignore[union-attr]
                neg = self.b.cmp("slt", bits, Const(bits.ty, 0))
                return self.b.cast(Op.ZEXT, neg, I32)
        if e.builtin == "copysignl":
            x, y = self.value_of(e.args[0]), self.value_of(e.args[1])
            with self.at(e.pos):
                return x87_copysign(self, x, y)
        typed = lower_typed_builtin(self, e)
        if typed is not None:
            return typed
        if e.builtin in ("clz", "ctz", "ffs", "parity"):
            x = self.value_of(e.args[0])
            with self.at(e.pos):
                return self.bit_builtin(e.builtin, x)
        with self.at(e.pos):
            if e.builtin == "va_start":
                ap = self.value_of(e.args[0])
                self.b.va_start(ap)
            elif e.builtin == "va_copy":
                dst = self.value_of(e.args[0])
                src = self.value_of(e.args[1])
                self.b.memcpy(dst, src, 24, 8)
            elif e.builtin == "va_end":
                self.value_of(e.args[0])
            elif e.builtin == "unreachable":
                self.b.unreachable()
                self.ensure_open()
            elif e.builtin == "trap":  # ud2, as gcc: a volatile asm no pass may remove
                self.b.insert(InlineAsm("ud2", [], [], [], VOID, loc=self.b.loc,
                                        side_effects=True))
                self.b.unreachable()
                self.ensure_open()
        return Const(I32, 0)

    def bit_builtin(self, kind: str, x: Value) -> Value:
        """`__builtin_clz/ctz/ffs/parity` of an i32 or i64, as an i32."""
        b = self.b
        ty = x.ty
        assert isinstance(ty, IntType)
        if kind == "parity":  # fold the word onto its low nibble, then look the nibble up
            if ty.bits == 64:
                x = b.cast(Op.TRUNC, b.binary(Op.XOR, x, b.binary(Op.LSHR, x, Const(ty, 32))),
                           I32)
            for sh in (16, 8, 4):
                x = b.binary(Op.XOR, x, b.binary(Op.LSHR, x, Const(I32, sh)))
            nib = b.binary(Op.AND, x, Const(I32, 15))
            return b.binary(Op.AND, b.binary(Op.LSHR, Const(I32, 0x6996), nib), Const(I32, 1))
        r = b.cast(Op.CLZ if kind == "clz" else Op.CTZ, x, ty)
        if ty.bits == 64:
            r = b.cast(Op.TRUNC, r, I32)
        if kind != "ffs":
            return r
        # ffs: 0 for 0, else one more than the number of trailing zeros
        is_zero = b.cmp("eq", x, Const(ty, 0))
        return b.select(is_zero, Const(I32, 0), b.binary(Op.ADD, r, Const(I32, 1)))

    def _v_VaArg(self, e: T.VaArg) -> Value:
        ap = self.value_of(e.ap)
        t = e.type
        u = unqual(t)
        size = t.size
        with self.at(e.pos):
            if isinstance(u, StructT) and size > 16 or contains_long_double(u):
                addr = va_overflow(self, ap, size, t.align)  # MEMORY and X87 classes
            else:
                need = 8 * max(1, (size + 7) // 8)
                limit = 48  # the register save area: 6 GPRs, then 8 XMMs of 16 bytes
                gp_off_addr = ap
                if isinstance(u, FloatT) or complex_sse_registers(u):  # fp_offset, 16 per reg
                    need, limit = 16 * max(1, complex_sse_registers(u)), 176
                    gp_off_addr = self.offset_ptr(ap, 4)
                reg_b = self.new_block("vaarg.reg")
                mem_b = self.new_block("vaarg.mem")
                end_b = self.new_block("vaarg.end")
                addr_p = end_b.add_param(PTR)
                gp = self.b.load(I32, gp_off_addr)
                fits = self.b.cmp("ule", gp, Const(I32, limit - need))
                self.b.branch(fits, reg_b, mem_b)
                self.start(reg_b)
                save = self.b.load(PTR, self.offset_ptr(ap, 16))
                gp64 = self.b.cast(Op.ZEXT, gp, I64)
                raddr = self.b.ptradd(save, gp64)
                if isinstance(u, ComplexT):  # the halves sit in separate registers' slots
                    raddr = self.complex_va_arg(ap, u, raddr, complex_sse_registers(u))
                self.b.store(self.b.binary(Op.ADD, gp, Const(I32, need)), gp_off_addr)
                self.b.jump(end_b, [raddr])
                self.start(mem_b)
                maddr = va_overflow(self, ap, size, t.align)
                self.b.jump(end_b, [maddr])
                self.start(end_b)
                addr = addr_p
            if isinstance(u, (StructT, ComplexT)):
                tmp = self.alloca(size, u.align, "")
                self.b.memcpy(tmp, addr, size, 1)
                return tmp
            return self.load_scalar(t, addr)

    def _v_StmtExpr(self, e: T.StmtExpr) -> Value:
        node = e.body
        items = node.block_items or []
        saved = self.scope
        p = self.sema.pos(node)
        if self.scope is not None and any(isinstance(x, c_ast.Decl) for x in items):
            self.scope = DILexicalBlock(self.scope, self.di.file(p.file), p.line, p.column)
        self.sema.scopes.push()
        self.cleanup_enter()
        try:
            last = items[-1] if items and not is_void(e.type) else None
            for item in items if last is None else items[:-1]:
                self.stmt(item)
            value: Value = Const(I32, 0)
            if last is not None:
                self.ensure_open()
                value = self.value_of(self.sema.rvalue(self.sema.expr(last)))
            self.cleanup_leave(node)
            return value
        finally:
            self.sema.scopes.pop()
            self.scope = saved


def _read_only(t: CType) -> bool:
    """A const object (or array of const elements): it can live in read-only data."""
    if is_const(t):
        return True
    u = unqual(t)
    return isinstance(u, ArrayT) and _read_only(u.elem)


def raise_internal(msg: str) -> None:
    from ..diag import InternalCompilerError
    raise InternalCompilerError(msg, where="irgen")

