"""Statements: checked into `tree.py` statement nodes, with every jump, label and case
error reported here (the lowering only builds blocks)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pycparser import c_ast

from ...diag import CompileAborted
from .. import tree as T
from ..complex_sema import truth as complex_truth
from ..ctype import (
    LONG,
    FuncT,
    IntT,
    PointerT,
    VlaT,
    as_int,
    is_pointer,
    is_scalar,
    is_void,
    promote,
    unqual,
    variably_modified,
    wrap,
)
from ..gnu_inline import has_labels, note_inline_constant
from ..scopes import Pos, StorageClass, Symbol
from ..type_attributes import attribute_args

if TYPE_CHECKING:
    from .core import Sema


@dataclass(slots=True)
class SwitchInfo:
    """An open `switch`: its promoted type, the case values seen so far and the
    variable length arrays in scope at its start (a case may not jump past one)."""

    type: IntT
    vla_active: tuple[int, ...]
    values: set[int] = field(default_factory=set)
    has_default: bool = False


@dataclass(slots=True)
class VlaScopes:
    """The function's variable length arrays in scope, numbered by declaration, where
    each label sits among them, and every `goto` (checked when all labels are known:
    no jump into the scope of a VLA, C11 6.8.6.1)."""

    active: list[int] = field(default_factory=list)
    count: int = 0
    labels: dict[str, tuple[int, ...]] = field(default_factory=dict)
    gotos: list[tuple[str, tuple[int, ...], Pos]] = field(default_factory=list)


@dataclass(slots=True)
class Jumps:
    """What a function body (or an inlined one) has open or has seen: loops, switches,
    labels, and per open block whether it declared a variable with a cleanup."""

    loops: int = 0
    breakables: int = 0
    switches: list[SwitchInfo] = field(default_factory=list)
    labels_defined: dict[str, Pos] = field(default_factory=dict)
    labels_used: dict[str, Pos] = field(default_factory=dict)
    cleanups: list[bool] = field(default_factory=list)


class StatementChecker:
    """Statements, conditions and return values."""

    __slots__ = ("sema", "jumps", "vlas", "handlers", "by_class")

    def __init__(self, sema: Sema) -> None:
        self.sema = sema
        self.jumps = Jumps()
        self.vlas = VlaScopes()  # per function (inlined bodies share their caller's)
        self.handlers: dict[str, Callable[[Any], T.Stmt]] = {
            name[2:]: getattr(self, name) for name in dir(self) if name.startswith("s_")}
        self.by_class: dict[type, Callable[[Any], T.Stmt]] = {}  # the same, by class

    # -- expressions statements need

    def condition(self, node: c_ast.Node) -> T.Expr:
        e = self.sema.conv.value(self.sema.exprs.expr(node))
        if not is_scalar(e.type):
            self.sema.error(e.pos, f"statement requires expression of scalar type ('{e.type}' "
                              "invalid)")
            return self.sema.exprs.bad(e.pos)
        return complex_truth(self.sema, e)

    def return_value(self, node: c_ast.Node | None, p: Pos) -> T.Expr | None:
        fname = self.sema.function.name if self.sema.function else "?"
        ret = self.sema.function_ret
        if node is None:
            if not is_void(ret):
                self.sema.error(p, f"non-void function '{fname}' should return a value (return "
                              "without value)")
            return None
        e = self.sema.exprs.expr(node)
        if is_void(ret):
            if not is_void(e.type):
                self.sema.error(e.pos, f"void function '{fname}' should not return a value")
                return None
            return e  # `return f();` with a void f: evaluated for its effects
        return self.sema.conv.assign_convert(e, ret, "returning", e.pos)

    # -- bodies

    @contextmanager
    def body_of_function(self) -> Iterator[None]:
        """Fresh jump state for a function body or an inlined one (whose labels, loops
        and switches are its own)."""
        saved = self.jumps
        self.jumps = Jumps()
        try:
            yield
        finally:
            self.jumps = saved

    def function_body(self, node: c_ast.Compound) -> T.Block:
        """The body of the function being defined (its parameters' scope is open)."""
        self.vlas = VlaScopes()
        return self.block_items(node, node.block_items or [], scoped=False)

    def check_labels(self, taken: dict[str, Pos]) -> None:
        """After the body: no `goto` jumps into the scope of a variable length array,
        and every label jumped to (or whose address is `taken`) exists."""
        for name, active, p in self.vlas.gotos:
            target = self.vlas.labels.get(name)
            if target is not None and not set(target) <= set(active):
                self.sema.error(p, f"jump into scope of identifier with variably modified "
                                   f"type (goto '{name}')")
        used = self.jumps.labels_used
        for name, p in taken.items():
            used.setdefault(name, p)
        for name, p in used.items():
            if name not in self.jumps.labels_defined:
                self.sema.error(p, f"use of undeclared label '{name}'")

    def block_items(self, node: c_ast.Node, items: list[c_ast.Node], scoped: bool) -> T.Block:
        self.jumps.cleanups.append(False)
        body = tuple(self.stmt(x) for x in items)
        return self._block(node, body, scoped)

    def _block(self, node: c_ast.Node, body: tuple[T.Stmt, ...], scoped: bool) -> T.Block:
        p = self.sema.pos(node)
        end = p
        if self.jumps.cleanups.pop():
            end = self.sema.closing_brace(node) or p
        return T.Block(body, p, scoped, end)

    def stmt(self, node: c_ast.Node) -> T.Stmt:
        try:
            method = self.by_class.get(type(node))
            if method is None:  # the name is asked once per class
                method = self.by_class[type(node)] = \
                    self.handlers.get(type(node).__name__) or self._expression_statement
            return method(node)
        except CompileAborted:
            raise
        except Exception:
            # after a reported error, a consequence of it: skip the statement and go on
            # looking for further errors
            if not self.sema.diags.error_count:
                raise
            return T.Seq(())

    def _expression_statement(self, node: c_ast.Node) -> T.Stmt:
        return T.ExprStmt(self.sema.exprs.expr(node))

    def _stmts(self, nodes: list[c_ast.Node] | None) -> tuple[T.Stmt, ...]:
        return tuple(self.stmt(s) for s in nodes or [])

    def statement_expression(self, node: c_ast.Compound, void: bool
                             ) -> tuple[T.Block, T.Expr | None]:
        """GNU `({ ... })`: its statements and the value of the last one (None if the
        expression is `void`)."""
        items = node.block_items or []
        scoped = any(isinstance(x, c_ast.Decl) for x in items)
        self.sema.scopes.push()
        self.jumps.cleanups.append(False)
        try:
            last = items[-1] if items and not void else None
            body = [self.stmt(x) for x in (items if last is None else items[:-1])]
            value: T.Expr | None = None
            if last is not None:
                value = self.sema.conv.rvalue(self.sema.exprs.expr(last))
            return self._block(node, tuple(body), scoped), value
        finally:
            self.sema.scopes.pop()

    # -- statements

    def s_Compound(self, node: c_ast.Compound) -> T.Stmt:
        items = node.block_items or []
        declares = any(isinstance(x, c_ast.Decl) and x.name and "typedef" not in (x.storage or [])
                       and "extern" not in (x.storage or []) for x in items)
        self.sema.scopes.push()
        vlas_before = len(self.vlas.active)
        block = self.block_items(node, items, declares)
        del self.vlas.active[vlas_before:]
        self.sema.scopes.pop()
        return block

    def s_EmptyStatement(self, node: c_ast.EmptyStatement) -> T.Stmt:
        return T.Seq(())

    def s_Pragma(self, node: c_ast.Pragma) -> T.Stmt:
        self.sema.types.pragma(node)
        return T.Seq(())

    def s_StaticAssert(self, node: c_ast.StaticAssert) -> T.Stmt:
        self.sema.types.static_assert(node)
        return T.Seq(())

    def s_Asm(self, node: c_ast.Node) -> T.Stmt:
        from ..asm_stmt import check_asm  # few files have asm statements

        return check_asm(self.sema, node) or T.Seq(())

    def s_Typedef(self, node: c_ast.Typedef) -> T.Stmt:
        self.sema.decls.declare_typedef(node)
        sym = self.sema.scopes.lookup_current(node.name)
        if sym is not None and variably_modified(sym.type):
            return T.VlaTypedef(sym.type, self.sema.pos(node))
        return T.Seq(())

    def s_DeclList(self, node: c_ast.DeclList) -> T.Stmt:
        return T.Seq(tuple(self.s_Decl(d) for d in node.decls))

    def s_Decl(self, node: c_ast.Decl) -> T.Stmt:
        sema = self.sema
        sym = sema.decls.declare_local(node)
        if sym is None:
            return T.Seq(())
        init: T.Init | None = None
        if node.init is not None:
            init = sema.inits.initializer(sym.type, node.init, sym.pos)
            sym.type = init.type
        if sym.storage is StorageClass.STATIC:
            sema.unit.static_local(sym, init)
            return T.LocalVar(sym, T.Storage.STATIC, init, None)
        if isinstance(unqual(sym.type), VlaT):
            self.vlas.count += 1
            self.vlas.active.append(self.vlas.count)
            return T.LocalVar(sym, T.Storage.VLA, None, None)
        cleanup = self.cleanup_function(sym, node)
        note_inline_constant(sema, sym, init)
        return T.LocalVar(sym, T.Storage.AUTO, init, cleanup)

    def cleanup_function(self, sym: Symbol, decl: c_ast.Node) -> T.Cleanup | None:
        """The checked call of a local declared `__attribute__((cleanup(f)))`."""
        args = attribute_args(decl, "cleanup")
        if args is None:
            return None
        p = sym.pos
        fn = self.sema.scopes.lookup(args[0].name) if args and isinstance(args[0], c_ast.ID) \
            else None
        ft = unqual(fn.type) if fn is not None else None
        if fn is None or not isinstance(ft, FuncT):
            self.sema.error(p, "cleanup argument not a function")
            return None
        if ft.prototyped and len(ft.params) != 1:
            self.sema.error(p, f"cleanup function '{fn.name}' must take one argument")
            return None
        if self.jumps.cleanups:
            self.jumps.cleanups[-1] = True
        arg: T.Expr = T.AddrOf(T.VarRef(sym, p), PointerT(sym.type), p)
        if ft.prototyped:
            arg = self.sema.conv.assign_convert(arg, ft.params[0],
                                                f"for the cleanup function '{fn.name}':"
                                                " passing to parameter of type")
        fn.used = True
        return T.Cleanup(fn, arg)

    def s_Return(self, node: c_ast.Return) -> T.Stmt:
        p = self.sema.pos(node)
        return T.Return(self.return_value(node.expr, p), p)

    def s_If(self, node: c_ast.If) -> T.Stmt:
        cond = self.condition(node.cond)
        then, then_dead = self._arm(node.iftrue, cond, True)
        els, else_dead = self._arm(node.iffalse, cond, False)
        return T.If(cond, then, els, then_dead, else_dead)

    def _arm(self, node: c_ast.Node | None, cond: T.Expr, taken_if: bool
             ) -> tuple[T.Stmt | None, bool]:
        """One arm of an `if`. An arm a constant condition never takes counts as
        dead code, where calls to functions with `error`/`warning` attributes are
        not reported (gcc folds such arms away before it checks); it is still
        emitted (codegen unchanged), except in an inlined gnu_inline body, where
        it is dropped unchecked as gcc drops it (glibc's `__open_too_many_args`
        exists only as a declaration)."""
        if node is None:
            return None, False
        dead = isinstance(cond, T.IntConst) and bool(cond.value) != taken_if \
            and not has_labels(node)
        if dead and self.sema.inline_frames:
            return T.Seq(()), True
        return self.stmt(node), dead

    def _loop_body(self, node: c_ast.Node | None) -> T.Stmt | None:
        if node is None:
            return None
        self.jumps.loops += 1
        self.jumps.breakables += 1
        try:
            return self.stmt(node)
        finally:
            self.jumps.loops -= 1
            self.jumps.breakables -= 1

    def s_While(self, node: c_ast.While) -> T.Stmt:
        p = self.sema.pos(node)
        cond = self.condition(node.cond)
        return T.While(cond, self._loop_body(node.stmt), p)

    def s_DoWhile(self, node: c_ast.DoWhile) -> T.Stmt:
        body = self._loop_body(node.stmt)
        return T.DoWhile(body, self.condition(node.cond))

    def s_For(self, node: c_ast.For) -> T.Stmt:
        p = self.sema.pos(node)
        self.sema.scopes.push()
        init: T.Stmt | None = None
        if isinstance(node.init, (c_ast.DeclList, c_ast.Decl)):
            init = self.stmt(node.init)
        elif node.init is not None:
            init = T.ExprStmt(self.sema.exprs.expr(node.init))
        cond = self.condition(node.cond) if node.cond is not None else None
        body = self._loop_body(node.stmt)
        nxt = self.sema.exprs.expr(node.next) if node.next is not None else None
        body_end = None
        if node.next is not None and isinstance(node.stmt, c_ast.Compound):
            body_end = self.sema.closing_brace(node.stmt) or p
        self.sema.scopes.pop()
        return T.For(init, cond, nxt, body, p, isinstance(node.init, c_ast.DeclList), body_end)

    def s_Break(self, node: c_ast.Break) -> T.Stmt:
        if not self.jumps.breakables:
            self.sema.error(node, "'break' statement not in loop or switch statement")
            return T.Seq(())
        return T.Break(self.sema.pos(node))

    def s_Continue(self, node: c_ast.Continue) -> T.Stmt:
        if not self.jumps.loops:
            self.sema.error(node, "'continue' statement not in loop statement")
            return T.Seq(())
        return T.Continue(self.sema.pos(node))

    def s_Goto(self, node: c_ast.Goto) -> T.Stmt:
        p = self.sema.pos(node)
        self.jumps.labels_used.setdefault(node.name, p)
        self.vlas.gotos.append((node.name, tuple(self.vlas.active), p))
        return T.Goto(node.name, p)

    def s_ComputedGoto(self, node: c_ast.Node) -> T.Stmt:
        """GNU `goto *expr;` (see labelvalues.py)."""
        sema = self.sema
        p = sema.pos(node)
        target = sema.conv.value(sema.exprs.expr(node.expr))
        if not is_pointer(target.type):
            sema.error(p, f"computed goto must be pointer type (operand is '{target.type}')")
            return T.Seq(())
        return T.ComputedGoto(sema.conv.cast(target, LONG, explicit=True), p)

    def s_Label(self, node: c_ast.Label) -> T.Stmt:
        p = self.sema.pos(node)
        if node.name in self.jumps.labels_defined:
            self.sema.error(p, f"redefinition of label '{node.name}'")
        self.jumps.labels_defined[node.name] = p
        self.vlas.labels[node.name] = tuple(self.vlas.active)
        body = self.stmt(node.stmt) if node.stmt is not None else None
        return T.Label(node.name, body, p)

    def s_Switch(self, node: c_ast.Switch) -> T.Stmt:
        sema = self.sema
        p = sema.pos(node)
        cond = sema.conv.value(sema.exprs.expr(node.cond))
        ci = as_int(cond.type)
        if ci is None:
            sema.error(cond.pos, f"statement requires expression of integer type "
                                 f"('{cond.type}' invalid): switch condition has invalid type")
            return T.Seq(())
        ct = promote(ci)
        cond = sema.conv.cast(cond, ct)
        self.jumps.switches.append(SwitchInfo(ct, tuple(self.vlas.active)))
        self.jumps.breakables += 1
        try:
            body = self.stmt(node.stmt) if node.stmt is not None else None
        finally:
            self.jumps.breakables -= 1
            self.jumps.switches.pop()
        return T.Switch(cond, ct, body, p)

    def s_Case(self, node: c_ast.Case) -> T.Stmt:
        sema = self.sema
        p = sema.pos(node)
        if not self.jumps.switches:
            sema.error(p, "'case' statement not in switch statement")
            return T.Seq(self._stmts(node.stmts))
        ctx = self.jumps.switches[-1]
        from pycparserext.ext_c_parser import RangeExpression
        if isinstance(node.expr, RangeExpression):  # GNU `case LO ... HI:`
            lo_e, hi_e = node.expr.first, node.expr.last
        else:
            lo_e = hi_e = node.expr
        bounds: list[int] = []
        for bound in (lo_e, hi_e):
            e = sema.exprs.expr(bound)
            if as_int(e.type) is None:
                sema.error(e.pos, "case label does not reduce to an integer constant")
                bounds.append(0)
            else:
                v = sema.decls.require_const_int(sema.conv.cast(e, ctx.type), "case label")
                bounds.append(wrap(v, ctx.type))
        self._vla_check_case(ctx, p)
        lo, hi = bounds
        if hi - lo > 65536:
            sema.error(p, "case range is too large (unsupported)")
            hi = lo
        for value in range(lo, hi + 1):
            if value in ctx.values:
                sema.error(p, f"duplicate case value '{value}'")
                break
            ctx.values.add(value)
        return T.Case(lo, hi, self._stmts(node.stmts), p)

    def _vla_check_case(self, ctx: SwitchInfo, p: Pos) -> None:
        if not set(self.vlas.active) <= set(ctx.vla_active):
            self.sema.error(p, "switch jumps into scope of identifier with variably modified "
                               "type")

    def s_Default(self, node: c_ast.Default) -> T.Stmt:
        p = self.sema.pos(node)
        if not self.jumps.switches:
            self.sema.error(p, "'default' statement not in switch statement (case label "
                               "outside switch)")
            return T.Seq(self._stmts(node.stmts))
        ctx = self.jumps.switches[-1]
        self._vla_check_case(ctx, p)
        if ctx.has_default:
            self.sema.error(p, "multiple default labels in one switch (duplicate case label)")
        ctx.has_default = True
        return T.Default(self._stmts(node.stmts), p)

