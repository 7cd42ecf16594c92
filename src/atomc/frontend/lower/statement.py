"""Lowering of statements (on pycparser's AST; expressions come typed from `Sema`):
blocks, declarations, `if`/loops/`switch`, jumps and labels, GNU statement expressions,
with gcc -O0's layout (loop tests after the body) and Clang's atoms."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from ...diag import CompileAborted
from ...ir import (
    ARTIFICIAL,
    I32,
    Block,
    Const,
    DIGlobalVariable,
    DILexicalBlock,
    Global,
    Jump,
    Switch,
    Value,
)
from .. import tree as T
from ..array_kind import array_kind
from ..asm_stmt import lower_asm_statement
from ..ctype import (
    VlaT,
    as_int,
    is_void,
    is_volatile,
    promote,
    unqual,
    variably_modified,
    wrap,
)
from ..labelvalues import computed_goto
from ..parse import ComputedGoto
from ..source import find_closing_brace
from .state import Loop, SwitchCtx

if TYPE_CHECKING:
    from .module import IRGen


class StatementLowering:
    """Statements, with their control flow."""

    __slots__ = ("g", "fs", "di", "diags", "module", "opts", "sema")

    def __init__(self, g: IRGen) -> None:
        self.g = g
        self.fs = g.fs
        self.di = g.di
        self.diags = g.diags
        self.module = g.module
        self.opts = g.opts
        self.sema = g.sema

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
            self.fs.ensure_open()

    def _stmt(self, node: c_ast.Node) -> None:
        method = getattr(self, "_s_" + type(node).__name__, None)
        if method is not None:
            method(node)
            return
        # an expression statement
        self.fs.ensure_open()
        e = self.sema.exprs.expr(node)
        self.discard(e)

    def discard(self, e: T.Expr) -> None:
        """Evaluate for side effects (an expression statement)."""
        if isinstance(e, T.Assign | T.CompoundAssign | T.IncDec):
            self.g.assigns.emit_assignlike(e, want=False)
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
            self.g.exprs.cond_expr(e, want=False)
            return
        self.g.exprs.value_of(e, allow_void=True)

    def _s_Compound(self, node: c_ast.Compound) -> None:
        items = node.block_items or []
        declares = any(isinstance(x, c_ast.Decl) and x.name and "typedef" not in (x.storage or [])
                       and "extern" not in (x.storage or []) for x in items)
        saved = self.fs.scope
        if declares and self.fs.scope is not None:
            p = self.sema.pos(node)
            self.fs.scope = DILexicalBlock(self.fs.scope, self.di.file(p.file), p.line, p.column)
        self.sema.scopes.push()
        active = self.g.vlas.vla_scope_enter()
        self.g.cleanups.cleanup_enter()
        self.compound_items(items)
        self.g.cleanups.cleanup_leave(node)
        self.g.vlas.vla_scope_exit(active)
        self.sema.scopes.pop()
        self.fs.scope = saved

    def _s_EmptyStatement(self, node: c_ast.EmptyStatement) -> None:
        pass

    def _s_Pragma(self, node: c_ast.Pragma) -> None:
        self.sema.types.pragma(node)

    def _s_Asm(self, node: c_ast.Node) -> None:
        lower_asm_statement(self.g, node)

    def _s_Typedef(self, node: c_ast.Typedef) -> None:
        self.sema.decls.declare_typedef(node)  # type: ignore[arg-type]
        sym = self.sema.scopes.lookup_current(node.name)
        if sym is not None and variably_modified(sym.type):
            self.fs.ensure_open()
            self.g.vlas.evaluate_vla_dims(sym.type, self.sema.pos(node))

    def _s_StaticAssert(self, node: c_ast.StaticAssert) -> None:
        self.g.static_assert(node)

    def _s_DeclList(self, node: c_ast.DeclList) -> None:
        for d in node.decls:
            self._s_Decl(d)

    def _s_Decl(self, node: c_ast.Decl) -> None:
        sema = self.sema
        sym = sema.decls.declare_local(node)
        if sym is None:
            return
        init: T.Init | None = None
        if node.init is not None:
            init = sema.inits.initializer(sym.type, node.init, sym.pos)
            sym.type = init.type
        if sym.storage == "static":
            g = Global(sym.link_name, max(sym.type.size, 1), max(sym.type.align, sym.align, 1),
                       None, internal=True)
            self.module.add_global(g)
            sym.ir = g
            g.digv = DIGlobalVariable(sym.name, sym.link_name, self.di.file(sym.pos.file),
                                      sym.pos.line, self.di.type(sym.type),  # type: ignore
                                      is_local=True, is_definition=True,
                                      scope=self.fs.scope)  # listed among the function's locals
            self.g.static_locals.append((sym, init))
            return
        if isinstance(unqual(sym.type), VlaT):
            self.g.vlas.declare_vla(sym)
            return
        if variably_modified(sym.type):  # `int (*p)[n]`: the sizes are fixed here
            self.fs.ensure_open()
            self.g.vlas.evaluate_vla_dims(sym.type, sym.pos)
        home = self.fs.alloca(sym.type.size, max(sym.type.align, sym.align), sym.name)
        home.arrays = array_kind(sym.type)  # type: ignore[attr-defined]  # -fstack-protector
        sym.ir = home
        self.g.funcs.declare_var(sym, home)
        if init is not None:
            self.fs.ensure_open()
            self.g.inits.emit_init(home, init, sym.name)
        self.g.cleanups.cleanup_register(sym, node)
        self.g.inliner.inline_note_local(sym, init)

    def _s_Return(self, node: c_ast.Return) -> None:
        self.fs.ensure_open()
        if self.sema.inline_frames:
            self.g.inliner.inline_return(node)
            return
        p = self.sema.pos(node)
        e = self.sema.stmts.return_value(node.expr, p)
        assert self.fs.fabi is not None and self.fs.ret_block is not None
        with self.fs.b.atom_group():
            if e is not None and self.fs.fabi.ret.kind == "void":
                self.discard(e)
            elif e is not None:
                kind = self.fs.fabi.ret.kind
                if kind == "sret":
                    src = self.g.exprs.value_of(e)
                    with self.fs.at(p):
                        mc = self.fs.b.memcpy(self.fs.sret_ptr, src, self.fs.ret_ctype.size,  # type: ignore
                                           self.fs.ret_ctype.align)
                        self.fs.b.add_to_atom(mc)
                elif kind == "pieces":
                    src = self.g.exprs.value_of(e)
                    with self.fs.at(p):
                        mc = self.fs.b.memcpy(self.fs.ret_slot, src, self.fs.ret_ctype.size,  # type: ignore
                                           self.fs.ret_ctype.align)
                        self.fs.b.add_to_atom(mc)
                else:
                    v = self.g.exprs.value_of(e)
                    with self.fs.at(p):
                        st = self.fs.b.store(v, self.fs.ret_slot)  # type: ignore[arg-type]
                        self.fs.b.add_to_atom(st, v)
            self.g.cleanups.cleanup_before_return(p)
            with self.fs.at(p):
                j = self.fs.b.jump(self.fs.ret_block)
                self.fs.b.add_to_atom(j)

    def _s_If(self, node: c_ast.If) -> None:
        self.fs.ensure_open()
        then_b = self.fs.new_block("if.then")
        else_b = self.fs.new_block("if.else") if node.iffalse is not None else None
        end_b = self.fs.new_block("if.end")
        if else_b is None:
            else_b = end_b
        cond = self.sema.stmts.condition(node.cond)
        self.g.exprs.branch_on(cond, then_b, else_b, atom=True)
        self.fs.start(then_b)
        if node.iftrue is not None:
            self.g.inliner.branch_stmt(node.iftrue, cond, True)
        if not self.fs.b.terminated:
            with self.fs.b.at(None):
                self.fs.b.jump(end_b)
        if node.iffalse is not None:
            assert else_b is not None
            self.fs.start(else_b)
            self.g.inliner.branch_stmt(node.iffalse, cond, False)
            if not self.fs.b.terminated:
                with self.fs.b.at(None):
                    self.fs.b.jump(end_b)
        self.fs.start(end_b)

    def loop_cond(self, cond_node: c_ast.Node, body: Block, end: Block) -> None:
        """Loop condition: compare and branch in separate atom groups (Clang's loop rule)."""
        cond = self.sema.stmts.condition(cond_node)
        self.g.exprs.branch_on(cond, body, end, atom=False, loop=True)

    def _s_While(self, node: c_ast.While) -> None:
        self.fs.ensure_open()
        p = self.sema.pos(node)
        cond_b = self.fs.new_block("while.cond")
        body_b = self.fs.new_block("while.body")
        end_b = self.fs.new_block("while.end")
        with self.fs.at(p):
            self.fs.b.jump(cond_b)
        cond_from = len(self.fs.started)
        self.fs.start(cond_b)
        self.loop_cond(node.cond, body_b, end_b)
        body_from = len(self.fs.started)
        self.fs.start(body_b)
        self.fs.loops.append(Loop(end_b, cond_b, len(self.fs.vla_saves)))
        if node.stmt is not None:
            self.stmt(node.stmt)
        self.fs.loops.pop()
        if not self.fs.b.terminated:
            with self.fs.at(p):
                self.fs.b.jump(cond_b)
        self.fs.sink_condition(cond_from, body_from)
        self.fs.start(end_b)

    def _s_DoWhile(self, node: c_ast.DoWhile) -> None:
        self.fs.ensure_open()
        body_b = self.fs.new_block("do.body")
        cond_b = self.fs.new_block("do.cond")
        end_b = self.fs.new_block("do.end")
        with self.fs.b.at(None):
            self.fs.b.jump(body_b)
        self.fs.start(body_b)
        self.fs.loops.append(Loop(end_b, cond_b, len(self.fs.vla_saves)))
        if node.stmt is not None:
            self.stmt(node.stmt)
        self.fs.loops.pop()
        if not self.fs.b.terminated:
            with self.fs.b.at(None):
                self.fs.b.jump(cond_b)
        self.fs.start(cond_b)
        self.loop_cond(node.cond, body_b, end_b)
        self.fs.start(end_b)

    def _s_For(self, node: c_ast.For) -> None:
        self.fs.ensure_open()
        p = self.sema.pos(node)
        saved_scope = self.fs.scope
        has_decl = isinstance(node.init, c_ast.DeclList)
        if has_decl and self.fs.scope is not None:
            self.fs.scope = DILexicalBlock(self.fs.scope, self.di.file(p.file), p.line, p.column)
        self.sema.scopes.push()
        if node.init is not None:
            if isinstance(node.init, (c_ast.DeclList, c_ast.Decl)):
                self.stmt(node.init)
            else:
                self.discard(self.sema.exprs.expr(node.init))
        cond_b = self.fs.new_block("for.cond")
        body_b = self.fs.new_block("for.body")
        inc_b = self.fs.new_block("for.inc") if node.next is not None else cond_b
        end_b = self.fs.new_block("for.end")
        with self.fs.at(p):
            self.fs.b.jump(cond_b)
        cond_from = len(self.fs.started)
        self.fs.start(cond_b)
        if node.cond is not None:
            self.loop_cond(node.cond, body_b, end_b)
        else:
            with self.fs.at(p):
                self.fs.b.jump(body_b)
        body_from = len(self.fs.started)
        self.fs.start(body_b)
        self.fs.loops.append(Loop(end_b, inc_b, len(self.fs.vla_saves)))
        if node.stmt is not None:
            self.stmt(node.stmt)
        self.fs.loops.pop()
        if not self.fs.b.terminated:
            # The end-of-body branch: Clang puts it at the body's closing brace when
            # there is an increment; gcc-like stepping wants the `for` line instead,
            # which is what we use without Key Instructions.
            end_pos = p
            if node.next is not None and self.opts.use_key_instructions and \
                    isinstance(node.stmt, c_ast.Compound):
                end_pos = find_closing_brace(self.sema.pos(node.stmt), self.sema.source_line) or p
            with self.fs.at(end_pos):
                j = self.fs.b.jump(inc_b)
                self.fs.b.add_to_new_atom(j)
        if node.next is not None:
            self.fs.start(inc_b)
            self.discard(self.sema.exprs.expr(node.next))
            with self.fs.at(p):
                self.fs.b.jump(cond_b)
        if node.cond is not None:
            self.fs.sink_condition(cond_from, body_from)
        self.fs.start(end_b)
        self.sema.scopes.pop()
        self.fs.scope = saved_scope

    def _s_Break(self, node: c_ast.Break) -> None:
        self.fs.ensure_open()
        if not self.fs.loops:
            self.sema.error(node, "'break' statement not in loop or switch statement")
            return
        self.g.cleanups.cleanup_before_jump(self.fs.loops[-1].vla_depth, self.sema.pos(node))
        self.g.vlas.vla_restore_to(self.fs.loops[-1].vla_depth)
        with self.fs.at(self.sema.pos(node)):
            j = self.fs.b.jump(self.fs.loops[-1].brk)
            self.fs.b.add_to_new_atom(j)

    def _s_Continue(self, node: c_ast.Continue) -> None:
        self.fs.ensure_open()
        loop = next((lp for lp in reversed(self.fs.loops) if lp.cont is not None), None)
        if loop is None:
            self.sema.error(node, "'continue' statement not in loop statement")
            return
        target = loop.cont
        assert target is not None
        self.g.cleanups.cleanup_before_jump(loop.vla_depth, self.sema.pos(node))
        self.g.vlas.vla_restore_to(loop.vla_depth)
        with self.fs.at(self.sema.pos(node)):
            j = self.fs.b.jump(target)
            self.fs.b.add_to_new_atom(j)

    def label_block(self, name: str) -> Block:
        b = self.fs.labels.get(name)
        if b is None:
            b = self.fs.new_block(f"label.{name}")
            self.fs.labels[name] = b
        return b

    def _s_ComputedGoto(self, node: ComputedGoto) -> None:
        computed_goto(self.g, node)

    def _s_Goto(self, node: c_ast.Goto) -> None:
        self.fs.ensure_open()
        p = self.sema.pos(node)
        self.fs.labels_used.setdefault(node.name, p)
        self.g.vlas.vla_note_goto(node.name, p)
        target = self.g.cleanups.cleanup_goto(node.name, self.label_block(node.name), p)
        with self.fs.at(p):
            j = self.fs.b.jump(target)
            self.fs.b.add_to_new_atom(j)

    def _s_Label(self, node: c_ast.Label) -> None:
        p = self.sema.pos(node)
        if node.name in self.fs.labels_defined:
            self.sema.error(p, f"redefinition of label '{node.name}'")
        self.fs.labels_defined[node.name] = p
        self.g.vlas.vla_note_label(node.name)
        self.g.cleanups.cleanup_note_label(node.name)
        target = self.label_block(node.name)
        if not self.fs.b.terminated:
            # entered by conditional branches only (a loop body, an `if` arm), gcc -O0
            # holds the label's line there with a nop: so does the jump (fallthrough.py)
            here, fn = self.fs.b.block, self.fs.fn
            branched_in = here is not None and fn is not None and not here.insts and not any(
                isinstance(o.terminator, Jump) and here in o.successors for o in fn.blocks)
            with self.fs.at(p) if branched_in else self.fs.b.at(None):
                self.fs.b.jump(target)
        self.fs.start(target)
        if node.stmt is not None:
            self.stmt(node.stmt)

    def _s_Switch(self, node: c_ast.Switch) -> None:
        self.fs.ensure_open()
        p = self.sema.pos(node)
        cond = self.sema.conv.value(self.sema.exprs.expr(node.cond))
        ci = as_int(cond.type)
        if ci is None:
            self.sema.error(cond.pos, f"statement requires expression of integer type "
                                      f"('{cond.type}' invalid): switch condition has invalid "
                                      "type")
            return
        ct = promote(ci)
        cond = self.sema.conv.cast(cond, ct)
        v = self.g.exprs.value_of(cond)
        head = self.fs.b.block
        assert head is not None
        end_b = self.fs.new_block("switch.end")
        ctx = SwitchCtx(ct)
        ctx.vla_active = tuple(self.fs.vla_active)
        self.fs.switches.append(ctx)
        self.fs.loops.append(Loop(end_b, None, len(self.fs.vla_saves)))
        self.fs.start(self.fs.new_block("switch.body"))
        if node.stmt is not None:
            self.stmt(node.stmt)
        self.fs.loops.pop()
        self.fs.switches.pop()
        if not self.fs.b.terminated:
            with self.fs.b.at(None):
                self.fs.b.jump(end_b)
        sw = Switch(v, ctx.default or end_b, ctx.cases, loc=self.fs.loc(p) or ARTIFICIAL)
        head.append(sw)
        self.fs.b.add_to_new_atom(sw, v)
        self.fs.start(end_b)

    def case_block(self, name: str) -> Block:
        b = self.fs.new_block(name)
        if not self.fs.b.terminated:
            with self.fs.b.at(None):
                self.fs.b.jump(b)
        self.fs.start(b)
        return b

    def _s_Case(self, node: c_ast.Case) -> None:
        p = self.sema.pos(node)
        if not self.fs.switches:
            self.sema.error(p, "'case' statement not in switch statement")
            for s in node.stmts or []:
                self.stmt(s)
            return
        ctx = self.fs.switches[-1]
        from pycparserext.ext_c_parser import RangeExpression
        if isinstance(node.expr, RangeExpression):  # GNU `case LO ... HI:`
            lo_e, hi_e = node.expr.first, node.expr.last
        else:
            lo_e = hi_e = node.expr
        bounds: list[int] = []
        for bound in (lo_e, hi_e):
            e = self.sema.exprs.expr(bound)
            if as_int(e.type) is None:
                self.sema.error(e.pos, "case label does not reduce to an integer constant")
                bounds.append(0)
            else:
                v = self.sema.decls.require_const_int(self.sema.conv.cast(e, ctx.type), "case label")
                bounds.append(wrap(v, ctx.type))
        self.g.vlas.vla_check_case(ctx.vla_active, p)
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
        if not self.fs.switches:
            self.sema.error(p, "'default' statement not in switch statement (case label "
                               "outside switch)")
            for s in node.stmts or []:
                self.stmt(s)
            return
        ctx = self.fs.switches[-1]
        self.g.vlas.vla_check_case(ctx.vla_active, p)
        b = self.case_block("switch.default")
        if ctx.default is not None:
            self.sema.error(p, "multiple default labels in one switch (duplicate case label)")
        ctx.default = b
        for s in node.stmts or []:
            self.stmt(s)

    def v_StmtExpr(self, e: T.StmtExpr) -> Value:
        """A GNU statement expression: its statements, then the last one's value."""
        node = e.body
        items = node.block_items or []
        saved = self.fs.scope
        p = self.sema.pos(node)
        if self.fs.scope is not None and any(isinstance(x, c_ast.Decl) for x in items):
            self.fs.scope = DILexicalBlock(self.fs.scope, self.di.file(p.file), p.line, p.column)
        self.sema.scopes.push()
        self.g.cleanups.cleanup_enter()
        try:
            last = items[-1] if items and not is_void(e.type) else None
            for item in items if last is None else items[:-1]:
                self.stmt(item)
            value: Value = Const(I32, 0)
            if last is not None:
                self.fs.ensure_open()
                value = self.g.exprs.value_of(self.sema.conv.rvalue(self.sema.exprs.expr(last)))
            self.g.cleanups.cleanup_leave(node)
            return value
        finally:
            self.sema.scopes.pop()
            self.fs.scope = saved
