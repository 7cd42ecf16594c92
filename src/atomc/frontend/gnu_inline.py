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

Sema turns the call into an `InlineCall` and checks the body for it, its parameters
bound to the call's arguments; the lowering (`lower/inline.py`) evaluates the
arguments into parameter slots, lowers that checked body with `return` redirected
to the end of the inlined code, and uses the call's source position for all of it
(the wrappers are `artificial`: debuggers see one call line). A parameter (or a
body local) that the body never modifies and that is bound to a constant reads
as that constant, which is how the wrappers' `__builtin_constant_p` tests fold
as they do for gcc at -O2. The inlined body's parameters and locals get no
debug variables, like gcc's artificial wrappers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pycparser import c_ast

from . import tree as T
from .attributes import attribute_nodes
from .ctype import FuncT, unqual
from .scopes import Pos, StorageClass, Symbol, SymKind

if TYPE_CHECKING:
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
    """One inlined call whose body sema is checking: how its names are bound."""

    idef: InlineDef
    call_pos: Pos
    pack: list[T.Expr]  # the call's variadic arguments (read from their slots)
    bound: dict[Symbol, T.Expr] = field(default_factory=dict)  # parameter -> argument
    constants: dict[Symbol, T.Expr] = field(default_factory=dict)  # read as constants


class InlineCall(T.Expr):
    """A call of an inline-only function, expanded in place by the lowering: `params`
    are the symbols its arguments are bound to (one per argument, the variadic ones
    included), `body` the body checked for this call."""

    __slots__ = ("args", "body", "ftype", "idef", "params")

    def __init__(self, idef: InlineDef, args: list[T.Expr], ftype: FuncT, pos: Pos) -> None:
        super().__init__(ftype.ret, pos)
        self.idef = idef
        self.args = args
        self.ftype = ftype
        self.params: list[Symbol] = []
        self.body: T.Stmt | None = None  # None when typed on trial (never lowered)


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


def _walk(node: c_ast.Node):
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
    if sym is None or sym.kind is not SymKind.FUNC:
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
    ic = InlineCall(idef, call.args, call.ftype, call.pos)
    if not sema.quiet:
        _check_body(sema, ic)
    return ic


def _check_body(sema: Sema, ic: InlineCall) -> None:
    """Check the inline body for this call: its parameters bound to the arguments
    (those the body never modifies read as the arguments, constants as constants)."""
    idef, ft = ic.idef, ic.ftype
    frames = sema.inline_frames
    frame = InlineFrame(idef, frames[0].call_pos if frames else ic.pos, [])
    nparams = len(ft.params)
    pnodes = _param_nodes(idef.fd)
    sema.scopes.push()
    for i, arg in enumerate(ic.args):
        name = getattr(pnodes[i], "name", None) if i < nparams and i < len(pnodes) else None
        t = ft.params[i] if i < nparams else arg.type
        sym = Symbol(name or f".pack.{i}", t, SymKind.VAR, StorageClass.PARAM, ic.pos)
        ic.params.append(sym)
        if i >= nparams:
            frame.pack.append(T.VarRef(sym, ic.pos))
            continue
        if name:
            sema.scopes.define(sym)
            if name not in idef.modified:
                frame.bound[sym] = arg
                const = _constant(arg)
                if const is not None:
                    frame.constants[sym] = const
    saved_ret = sema.function_ret
    sema.function_ret = ft.ret
    frames.append(frame)
    try:
        with sema.stmts.body_of_function():
            ic.body = sema.stmts.stmt(idef.fd.body)
    finally:
        frames.pop()
        sema.function_ret = saved_ret
        sema.scopes.pop()


def note_inline_constant(sema: Sema, sym: Symbol, init: T.Init | None) -> None:
    """A local of an inlined body initialised with a constant it never changes."""
    frames = sema.inline_frames
    if not frames or init is None or len(init.items) != 1 or sym.name in \
            frames[-1].idef.modified:
        return
    const = _constant(init.items[0].expr)
    if const is not None and unqual(init.items[0].type) == unqual(sym.type):
        frames[-1].constants[sym] = const


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


def _param_nodes(fd: c_ast.FuncDef) -> list[c_ast.Node]:
    args = getattr(fd.decl.type, "args", None)
    if args is None:
        return []
    return [p for p in args.params if not isinstance(p, c_ast.EllipsisParam)]


def has_labels(node: c_ast.Node) -> bool:
    """Whether a label, `case` or `default` is inside `node` (so it may be jumped into)."""
    return any(isinstance(n, (c_ast.Label, c_ast.Case, c_ast.Default)) for n in _walk(node))
