"""GNU `extern inline` functions, inlined by the front end.

A definition `extern inline __attribute__((gnu_inline))` (plain `extern inline`
in gnu89 mode) provides a body for inlining only: it is never emitted, and a
call that is not inlined goes to the external symbol of that name. glibc's
_FORTIFY_SOURCE wrappers are such functions, marked `always_inline`, and they
need what only inlining gives: `__builtin_va_arg_pack()` (the call's variadic
arguments passed on), `__builtin_va_arg_pack_len()`, and
`__builtin_object_size`/`__builtin_constant_p` answered for the caller's
arguments. So the front end inlines them: always when `always_inline`, and any
such body when optimising (as gcc inlines them from -O1). An `always_inline`
function using `__builtin_va_arg_pack` is treated the same way.

Sema turns the call into an `InlineCall`; the lowering (`InlineLowering`) evaluates the
arguments into parameter slots, walks the body with `return` redirected to the
end of the inlined code, and uses the call's source position for all of it
(the wrappers are `artificial`: debuggers see one call line). A parameter (or a
body local) that the body never modifies and that is bound to a constant reads
as that constant, which is how the wrappers' `__builtin_constant_p` tests fold
as they do for gcc at -O2. The inlined body's parameters and locals get no
debug variables, like gcc's artificial wrappers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pycparser import c_ast

from ..ir import I32, Block, Const, Value
from . import tree as T
from .attributes import attribute_nodes
from .ctype import CType, FuncT, StructT, VoidT, is_void, unqual
from .scopes import Pos, Symbol

if TYPE_CHECKING:
    from .lower.module import IRGen
    from .sema import Sema

_PACK = "__builtin_va_arg_pack"
_PACK_LEN = "__builtin_va_arg_pack_len"


@dataclass(slots=True)
class InlineDef:
    """A body kept for inlining."""

    fd: c_ast.FuncDef
    sym: Symbol
    modified: frozenset[str]  # names the body assigns, increments or takes the address of
    always: bool  # `always_inline`


@dataclass(slots=True)
class InlineFrame:
    """One inlined call being expanded (sema binds names, irgen emits)."""

    idef: InlineDef
    call_pos: Pos
    pack: list[T.Expr]  # the call's variadic arguments (read from their slots)
    bound: dict[Symbol, T.Expr] = field(default_factory=dict)  # parameter -> argument
    constants: dict[Symbol, T.Expr] = field(default_factory=dict)  # read as constants
    slot: Value | None = None
    exit: Block | None = None
    loc: Any = None


class InlineCall(T.Expr):
    """A call of an inline-only function, expanded in place by irgen."""

    __slots__ = ("args", "ftype", "idef")

    def __init__(self, idef: InlineDef, args: list[T.Expr], ftype: FuncT, pos: Pos) -> None:
        super().__init__(ftype.ret, pos)
        self.idef = idef
        self.args = args
        self.ftype = ftype


# ---------------------------------------------------------------------------
# sema side


def _attr_names(decl: c_ast.Node) -> set[str]:
    names: set[str] = set()
    for e in attribute_nodes(decl):
        if isinstance(e, c_ast.ID):
            names.add(e.name.strip("_"))
        elif isinstance(e, c_ast.FuncCall) and isinstance(e.name, c_ast.ID):
            names.add(e.name.name.strip("_"))
    return names


def _walk(node: c_ast.Node):  # type: ignore[no-untyped-def]
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(child for _, child in n.children())


def _modified_names(body: c_ast.Node) -> frozenset[str]:
    out: set[str] = set()
    for n in _walk(body):
        target = None
        if isinstance(n, c_ast.Assignment):
            target = n.lvalue
        elif isinstance(n, c_ast.UnaryOp) and n.op in ("++", "--", "p++", "p--", "&"):
            target = n.expr
        if isinstance(target, c_ast.ID):
            out.add(target.name)
    return frozenset(out)


def _uses_pack(body: c_ast.Node) -> bool:
    return any(isinstance(n, c_ast.ID) and n.name in (_PACK, _PACK_LEN) for n in _walk(body))


def inline_only_definition(sema: Sema, fd: c_ast.FuncDef) -> bool:
    """Record `fd` if its body is for inlining only (see the module docstring);
    True when the caller must not compile it as a definition."""
    decl = fd.decl
    storage = decl.storage or []
    inline = "inline" in (decl.funcspec or [])
    attrs = _attr_names(decl)
    gnu = "gnu_inline" in attrs or sema.gnu89_inline
    always = "always_inline" in attrs
    if not ((inline and "extern" in storage and gnu) or (always and _uses_pack(fd.body))):
        return False
    sym = sema.decls.declare_file_scope(decl)
    if sym is None or sym.kind != "func":
        return False
    sema.inline_defs[sym.name] = InlineDef(fd, sym, _modified_names(fd.body), always)
    return True


def inline_call(sema: Sema, call: T.Expr) -> T.Expr | None:
    """The `InlineCall` replacing a direct call of an inline-only function."""
    if not isinstance(call, T.Call) or not isinstance(call.callee, T.Decay):
        return None
    ref = call.callee.operand
    if not isinstance(ref, T.VarRef):
        return None
    idef = sema.inline_defs.get(ref.sym.name)
    if idef is None or idef.sym is not ref.sym or not (idef.always or sema.optimizing):
        return None
    if any(f.idef is idef for f in sema.inline_frames):
        return None  # recursion: the external function
    return InlineCall(idef, call.args, call.ftype, call.pos)


def expand_arguments(sema: Sema, nodes: list[c_ast.Node]) -> list[T.Expr]:
    """Typed call arguments, with `__builtin_va_arg_pack()` standing for the
    variadic arguments of the call being inlined."""
    out: list[T.Expr] = []
    for a in nodes:
        if isinstance(a, c_ast.FuncCall) and isinstance(a.name, c_ast.ID) \
                and a.name.name == _PACK and not a.args:
            if not sema.inline_frames:
                sema.error(sema.pos(a), "invalid use of '__builtin_va_arg_pack ()'")
                continue
            out.extend(sema.inline_frames[-1].pack)
            continue
        out.append(sema.exprs.expr(a))
    return out


def pack_length(sema: Sema, p: Pos) -> T.Expr:
    """`__builtin_va_arg_pack_len()` of the call being inlined."""
    from .ctype import INT
    if not sema.inline_frames:
        sema.error(p, "invalid use of '__builtin_va_arg_pack_len ()'")
        return sema.exprs.bad(p)
    return T.IntConst(len(sema.inline_frames[-1].pack), INT, p)


def bound_constant(sema: Sema, sym: Symbol, p: Pos) -> T.Expr | None:
    """A parameter or local of an inlined body that reads as a constant."""
    for frame in reversed(sema.inline_frames):
        c = frame.constants.get(sym)
        if c is not None:
            if isinstance(c, T.IntConst):
                return T.IntConst(c.value, c.type, p)
            if isinstance(c, T.FloatConst):
                return T.FloatConst(c.value, c.type, p)
    return None


def bound_argument(sema: Sema, sym: Symbol) -> T.Expr | None:
    """The caller's argument a parameter of an inlined body stands for."""
    for frame in reversed(sema.inline_frames):
        if sym in frame.bound:
            return frame.bound[sym]
    return None


def is_constant(sema: Sema, e: T.Expr) -> bool:
    """`__builtin_constant_p(e)` as the front end can answer it: integer and
    floating constants after folding (inlined arguments included) and string
    literals."""
    while isinstance(e, (T.Cast, T.Decay)):
        e = e.operand
    return isinstance(e, (T.IntConst, T.FloatConst, T.StrLit))


def _constant(e: T.Expr) -> T.Expr | None:
    return e if isinstance(e, (T.IntConst, T.FloatConst)) else None


# ---------------------------------------------------------------------------
# irgen side


class InlineLowering:
    """Expansion of `InlineCall` (gnu_inline bodies) in place."""

    __slots__ = ("g", "fs", "sema")

    def __init__(self, g: IRGen) -> None:
        self.g = g
        self.fs = g.fs
        self.sema = g.sema

    def v_InlineCall(self, e: InlineCall) -> Value:
        sema = self.sema
        idef, ft = e.idef, e.ftype
        values = [self.g.exprs.value_of(a) for a in reversed(e.args)][::-1]
        frame = InlineFrame(idef, self.inline_call_pos(e.pos), [])
        frame.loc = self.fs.loc(e.pos)
        nparams = len(ft.params)
        pnodes = _param_nodes(idef.fd)
        sema.scopes.push()
        for i, (arg, v) in enumerate(zip(e.args, values)):
            name = getattr(pnodes[i], "name", None) if i < nparams and i < len(pnodes) else None
            t = ft.params[i] if i < nparams else arg.type
            sym = Symbol(name or f".pack.{i}", t, "var", "param", e.pos)
            sym.ir = self._inline_slot(t, v, name or "", frame.loc)
            if i >= nparams:
                frame.pack.append(T.VarRef(sym, e.pos))
                continue
            if name:
                sema.scopes.define(sym)
                if name not in idef.modified:
                    frame.bound[sym] = arg
                    const = _constant(arg)
                    if const is not None:
                        frame.constants[sym] = const
        ret = ft.ret
        if not isinstance(unqual(ret), VoidT):
            frame.slot = self.fs.alloca(ret.size, ret.align, "")
        frame.exit = self.fs.new_block("inline.exit")
        saved = (sema.function_ret, self.fs.labels, self.fs.labels_defined, self.fs.labels_used,
                 self.fs.loops, self.fs.switches)
        sema.function_ret = ret
        self.fs.labels, self.fs.labels_defined, self.fs.labels_used = {}, {}, {}
        self.fs.loops, self.fs.switches = [], []
        sema.inline_frames.append(frame)
        try:
            self.g.stmts.stmt(idef.fd.body)
            if not self.fs.b.terminated:
                with self.fs.b.at(frame.loc):
                    self.fs.b.jump(frame.exit)
        finally:
            sema.inline_frames.pop()
            (sema.function_ret, self.fs.labels, self.fs.labels_defined, self.fs.labels_used,
             self.fs.loops, self.fs.switches) = saved
            sema.scopes.pop()
        self.fs.start(frame.exit)
        if frame.slot is None:
            return Const(I32, 0)
        if isinstance(unqual(ret), StructT):
            return frame.slot
        with self.fs.b.at(frame.loc):
            return self.g.exprs.load_scalar(ret, frame.slot)

    def _inline_slot(self, t: CType, v: Value, name: str, loc: Any) -> Value:
        home = self.fs.alloca(t.size, t.align, name)
        with self.fs.b.at(loc):
            if isinstance(unqual(t), StructT):
                self.fs.b.memcpy(home, v, t.size, t.align)
            else:
                self.fs.b.store(v, home)
        return home

    def inline_call_pos(self, pos: Pos) -> Pos:
        """Where an inlined body's diagnostics point: the outermost call in the source."""
        frames = self.sema.inline_frames
        return frames[0].call_pos if frames else pos

    def inline_return(self, node: c_ast.Return) -> None:
        """`return` inside an inlined body: the value goes to the call's result."""
        frame = self.sema.inline_frames[-1]
        self.fs.ensure_open()
        e = self.sema.stmts.return_value(node.expr, self.sema.pos(node))
        if e is not None:
            if frame.slot is None or is_void(e.type):
                self.g.stmts.discard(e)
            elif isinstance(unqual(e.type), StructT):
                src = self.g.exprs.value_of(e)
                with self.fs.b.at(frame.loc):
                    self.fs.b.memcpy(frame.slot, src, e.type.size, e.type.align)
            else:
                v = self.g.exprs.value_of(e)
                with self.fs.b.at(frame.loc):
                    self.fs.b.store(v, frame.slot)
        with self.fs.b.at(frame.loc):
            self.fs.b.jump(frame.exit)  # type: ignore[arg-type]

    def inline_note_local(self, sym: Symbol, init: T.Init | None) -> None:
        """A local of an inlined body initialised with a constant it never changes."""
        frames = self.sema.inline_frames
        if not frames or init is None or len(init.items) != 1 or sym.name in \
                frames[-1].idef.modified:
            return
        const = _constant(init.items[0].expr)
        if const is not None and unqual(init.items[0].type) == unqual(sym.type):
            frames[-1].constants[sym] = const

    def branch_stmt(self, node: c_ast.Node, cond: T.Expr, taken_if: bool) -> None:
        """One arm of an `if`. An arm a constant condition never takes counts as
        dead code, where calls to functions with `error`/`warning` attributes are
        not reported (gcc folds such arms away before it checks); it is still
        emitted (codegen unchanged), except in an inlined gnu_inline body, where
        it is dropped as gcc drops it (glibc's `__open_too_many_args` exists only
        as a declaration)."""
        dead = isinstance(cond, T.IntConst) and bool(cond.value) != taken_if \
            and not _has_labels(node)
        if dead and self.sema.inline_frames:
            return  # folded in an inlined wrapper: its error-only functions never exist
        self.fs.dead_code += dead
        try:
            self.g.stmts.stmt(node)
        finally:
            self.fs.dead_code -= dead


def _param_nodes(fd: c_ast.FuncDef) -> list[c_ast.Node]:
    args = getattr(fd.decl.type, "args", None)
    if args is None:
        return []
    return [p for p in args.params if not isinstance(p, c_ast.EllipsisParam)]


def _has_labels(node: c_ast.Node) -> bool:
    return any(isinstance(n, (c_ast.Label, c_ast.Case, c_ast.Default)) for n in _walk(node))
