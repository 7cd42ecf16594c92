"""Lowering of checked statements (`tree.py`): blocks, declarations, `if`/loops/`switch`,
jumps and labels, GNU statement expressions, with gcc -O0's layout (loop tests after
the body) and Clang's atoms."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...ir import (
    ARTIFICIAL,
    I32,
    Block,
    Const,
    DIGlobalVariable,
    DILexicalBlock,
    Global,
    Switch,
    Value,
)
from .. import tree as T
from ..abi import ArgKind
from ..array_kind import array_kind
from ..ctype import is_void, is_volatile, variably_modified
from ..scopes import Pos
from .label_values import computed_goto
from .state import Loop, LoweringPart, SwitchCtx

if TYPE_CHECKING:
    from .module import IRGen


class StatementLowering(LoweringPart):
    """Statements, with their control flow."""

    __slots__ = ("handlers", "by_class")

    def __init__(self, g: IRGen) -> None:
        super().__init__(g)
        self.handlers = {name[2:]: getattr(self, name) for name in dir(self)
                         if name.startswith("s_")}
        self.by_class: dict[type, Callable[[Any], None]] = {}  # the same, by class

    def stmt(self, s: T.Stmt) -> None:
        # FunctionState.enter_statement and leave_statement, inline: every
        # statement lowered passes here
        fs = self.fs
        saved = fs.stmt_now
        if fs.stmt_marks:
            fs.stmt_count += 1
            fs.stmt_now = fs.stmt_count
        mark = len(fs.temps_held)
        try:
            try:  # by class (the name is asked once per class)
                method = self.by_class[type(s)]
            except KeyError:
                method = self.by_class[type(s)] = self.handlers[type(s).__name__]
            method(s)
        finally:
            fs.stmt_now = saved
            if len(fs.temps_held) > mark:
                fs.release_from(mark)

    def items(self, items: tuple[T.Stmt, ...]) -> None:
        for s in items:
            self.stmt(s)

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

    def s_ExprStmt(self, s: T.ExprStmt) -> None:
        self.fs.ensure_open()
        self.discard(s.expr)

    def s_Seq(self, s: T.Seq) -> None:
        self.items(s.items)

    def lexical_block(self, p: Pos) -> None:
        """Open a lexical block at `p` in the debug info (inside a function's scope)."""
        if self.fs.scope is not None:
            self.fs.scope = DILexicalBlock(self.fs.scope, self.di.file(p.file), p.line, p.column)

    def s_Block(self, s: T.Block) -> None:
        saved = self.fs.scope
        if s.scoped:
            self.lexical_block(s.pos)
        self.g.vlas.vla_scope_enter()
        self.g.cleanups.cleanup_enter()
        self.items(s.items)
        self.g.cleanups.cleanup_leave(s.end)
        self.g.vlas.vla_scope_exit()
        self.fs.scope = saved

    def s_Asm(self, s: T.Asm) -> None:
        from .asm import lower_asm  # few files have asm statements

        lower_asm(self.g, s)

    def s_VlaTypedef(self, s: T.VlaTypedef) -> None:
        self.fs.ensure_open()
        self.g.vlas.evaluate_vla_dims(s.type, s.pos)

    def s_LocalVar(self, s: T.LocalVar) -> None:
        sym, init = s.sym, s.init
        if s.storage is T.Storage.STATIC:
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
        if s.storage is T.Storage.VLA:
            self.g.vlas.declare_vla(sym)
            return
        if variably_modified(sym.type):  # `int (*p)[n]`: the sizes are fixed here
            self.fs.ensure_open()
            self.g.vlas.evaluate_vla_dims(sym.type, sym.pos)
        home = self.fs.alloca(sym.type.size, max(sym.type.align, sym.align), sym.name)
        home.arrays = array_kind(sym.type)  # -fstack-protector
        sym.ir = home
        self.g.funcs.declare_var(sym, home)
        if init is not None:
            self.fs.ensure_open()
            self.g.inits.emit_init(home, init, sym.name)
        if s.cleanup is not None:
            self.g.cleanups.cleanup_register(sym, s.cleanup)

    def s_Return(self, s: T.Return) -> None:
        self.fs.ensure_open()
        if self.fs.inline_frames:
            self.g.inliner.inline_return(s)
            return
        p, e = s.pos, s.value
        assert self.fs.fabi is not None and self.fs.ret_block is not None
        with self.fs.b.atom_group():
            if e is not None and self.fs.fabi.ret.kind is ArgKind.VOID:
                self.discard(e)
            elif e is not None:
                self.return_value(e, p)
            self.g.cleanups.cleanup_before_return(p)
            with self.fs.at(p):
                j = self.fs.b.jump(self.fs.ret_block)
                self.fs.b.add_to_atom(j)

    def return_value(self, e: T.Expr, p: Pos) -> None:
        """Store the returned value where the epilogue finds it."""
        assert self.fs.fabi is not None
        kind = self.fs.fabi.ret.kind
        if kind in (ArgKind.SRET, ArgKind.PIECES):
            src = self.g.exprs.value_of(e)
            dest = self.fs.sret_ptr if kind is ArgKind.SRET else self.fs.ret_slot
            assert dest is not None
            with self.fs.at(p):
                mc = self.fs.b.memcpy(dest, src, self.fs.ret_ctype.size, self.fs.ret_ctype.align)
                self.fs.b.add_to_atom(mc)
            return
        v = self.g.exprs.value_of(e)
        assert self.fs.ret_slot is not None  # a function returning a value has its slot
        with self.fs.at(p):
            st = self.fs.b.store(v, self.fs.ret_slot)
            self.fs.b.add_to_atom(st, v)

    def s_If(self, s: T.If) -> None:
        self.fs.ensure_open()
        then_b = self.fs.new_block("if.then")
        else_b = self.fs.new_block("if.else") if s.els is not None else None
        end_b = self.fs.new_block("if.end")
        self.g.exprs.branch_on(s.cond, then_b, else_b or end_b, atom=True)
        self.fs.start(then_b)
        if s.then is not None:
            self.stmt(s.then)
        self.jump_if_open(end_b)
        if s.els is not None:
            assert else_b is not None
            self.fs.start(else_b)
            self.stmt(s.els)
            self.jump_if_open(end_b)
        self.fs.start(end_b)

    def jump_if_open(self, target: Block) -> None:
        """Fall through to `target` (a jump with no source position of its own)."""
        if not self.fs.b.terminated:
            with self.fs.b.at(ARTIFICIAL):
                self.fs.b.jump(target)

    def loop_cond(self, cond: T.Expr, body: Block, end: Block) -> None:
        """Loop condition: compare and branch in separate atom groups (Clang's loop rule),
        numbered as a statement of its own, as gcc's test is."""
        with self.fs.numbered():
            self.g.exprs.branch_on(cond, body, end, atom=False, loop=True)

    def loop_body(self, body: T.Stmt | None, brk: Block, cont: Block) -> None:
        self.fs.loops.append(Loop(brk, cont, len(self.fs.vla_saves)))
        if body is not None:
            self.stmt(body)
        self.fs.loops.pop()

    def s_While(self, s: T.While) -> None:
        self.fs.ensure_open()
        p = s.pos
        cond_b = self.fs.new_block("while.cond")
        body_b = self.fs.new_block("while.body")
        end_b = self.fs.new_block("while.end")
        with self.fs.at(p):
            self.fs.b.jump(cond_b)
        cond_from = len(self.fs.started)
        self.fs.start(cond_b)
        self.loop_cond(s.cond, body_b, end_b)
        body_from = len(self.fs.started)
        self.fs.start(body_b)
        self.loop_body(s.body, end_b, cond_b)
        if not self.fs.b.terminated:
            with self.fs.at(p):
                self.fs.b.jump(cond_b)
        self.fs.sink_condition(cond_from, body_from)
        self.fs.start(end_b)

    def s_DoWhile(self, s: T.DoWhile) -> None:
        self.fs.ensure_open()
        body_b = self.fs.new_block("do.body")
        cond_b = self.fs.new_block("do.cond")
        end_b = self.fs.new_block("do.end")
        self.jump_if_open(body_b)
        self.fs.start(body_b)
        self.loop_body(s.body, end_b, cond_b)
        self.jump_if_open(cond_b)
        self.fs.start(cond_b)
        self.loop_cond(s.cond, body_b, end_b)
        self.fs.start(end_b)

    def s_For(self, s: T.For) -> None:
        self.fs.ensure_open()
        p = s.pos
        saved_scope = self.fs.scope
        if s.scoped:
            self.lexical_block(p)
        if isinstance(s.init, T.ExprStmt):
            with self.fs.numbered():
                self.discard(s.init.expr)
        elif s.init is not None:
            self.stmt(s.init)
        cond_b = self.fs.new_block("for.cond")
        body_b = self.fs.new_block("for.body")
        inc_b = self.fs.new_block("for.inc") if s.next is not None else cond_b
        end_b = self.fs.new_block("for.end")
        with self.fs.at(p):
            self.fs.b.jump(cond_b)
        cond_from = len(self.fs.started)
        self.fs.start(cond_b)
        if s.cond is not None:
            self.loop_cond(s.cond, body_b, end_b)
        else:
            with self.fs.at(p):
                self.fs.b.jump(body_b)
        body_from = len(self.fs.started)
        self.fs.start(body_b)
        self.loop_body(s.body, end_b, inc_b)
        if not self.fs.b.terminated:
            # The end-of-body branch: Clang puts it at the body's closing brace when
            # there is an increment; gcc-like stepping wants the `for` line instead,
            # which is what we use without Key Instructions.
            end_pos = p
            if s.body_end is not None and self.fs.sp is not None \
                    and self.fs.sp.key_instructions:
                end_pos = s.body_end
            with self.fs.at(end_pos):
                j = self.fs.b.jump(inc_b)
                self.fs.b.add_to_new_atom(j)
        if s.next is not None:
            self.fs.start(inc_b)
            with self.fs.numbered():
                self.discard(s.next)
            with self.fs.at(p):
                self.fs.b.jump(cond_b)
        if s.cond is not None:
            self.fs.sink_condition(cond_from, body_from)
        self.fs.start(end_b)
        self.fs.scope = saved_scope

    def jump_out(self, loop: Loop, target: Block, p: Pos) -> None:
        """`break`/`continue`: run the cleanups and release the VLAs of the scopes left."""
        self.g.cleanups.cleanup_before_jump(loop.vla_depth, p)
        self.g.vlas.vla_restore_to(loop.vla_depth)
        with self.fs.at(p):
            j = self.fs.b.jump(target)
            self.fs.b.add_to_new_atom(j)

    def s_Break(self, s: T.Break) -> None:
        self.fs.ensure_open()
        loop = self.fs.loops[-1]
        self.jump_out(loop, loop.brk, s.pos)

    def s_Continue(self, s: T.Continue) -> None:
        self.fs.ensure_open()
        loop = next(lp for lp in reversed(self.fs.loops) if lp.cont is not None)
        assert loop.cont is not None
        self.jump_out(loop, loop.cont, s.pos)

    def label_block(self, name: str) -> Block:
        b = self.fs.labels.get(name)
        if b is None:
            b = self.fs.new_block(f"label.{name}")
            b.source_label = True
            self.fs.labels[name] = b
        return b

    def s_ComputedGoto(self, s: T.ComputedGoto) -> None:
        computed_goto(self.g, s)

    def s_Goto(self, s: T.Goto) -> None:
        self.fs.ensure_open()
        p = s.pos
        target = self.g.cleanups.cleanup_goto(s.label, self.label_block(s.label), p)
        with self.fs.at(p):
            j = self.fs.b.jump(target)
            self.fs.b.add_to_new_atom(j)

    def s_Label(self, s: T.Label) -> None:
        self.g.cleanups.cleanup_note_label(s.name)
        target = self.label_block(s.name)
        if not self.fs.b.terminated:
            # entered by conditional branches only (a loop body, an `if` arm), gcc -O0
            # holds the label's line there with a nop: so does the jump (fallthrough.py)
            here = self.fs.b.block
            branched_in = here is not None and not here.insts \
                and here not in self.fs.b.jump_targets
            with self.fs.at(s.pos) if branched_in else self.fs.b.at(ARTIFICIAL):
                self.fs.b.jump(target)
        self.fs.start(target)
        if s.body is not None:
            self.stmt(s.body)

    def s_Switch(self, s: T.Switch) -> None:
        self.fs.ensure_open()
        v = self.g.exprs.value_of(s.cond)
        head = self.fs.b.block
        assert head is not None
        end_b = self.fs.new_block("switch.end")
        ctx = SwitchCtx(s.type)
        self.fs.switches.append(ctx)
        self.fs.loops.append(Loop(end_b, None, len(self.fs.vla_saves)))
        self.fs.start(self.fs.new_block("switch.body"))
        if s.body is not None:
            self.stmt(s.body)
        self.fs.loops.pop()
        self.fs.switches.pop()
        self.jump_if_open(end_b)
        sw = Switch(v, ctx.default or end_b, ctx.cases, loc=self.fs.loc(s.pos) or ARTIFICIAL)
        head.append(sw)
        self.fs.b.add_to_new_atom(sw, v)
        self.fs.start(end_b)

    def case_block(self, name: str) -> tuple[SwitchCtx, Block]:
        ctx = self.fs.switches[-1]
        b = self.fs.new_block(name)
        self.jump_if_open(b)
        self.fs.start(b)
        return ctx, b

    def s_Case(self, s: T.Case) -> None:
        ctx, b = self.case_block("switch.case")
        mask = (1 << ctx.type.bits) - 1
        for value in range(s.lo, s.hi + 1):
            ctx.cases.append((value & mask, b))
        self.items(s.items)

    def s_Default(self, s: T.Default) -> None:
        ctx, b = self.case_block("switch.default")
        ctx.default = b
        self.items(s.items)

    def v_StmtExpr(self, e: T.StmtExpr) -> Value:
        """A GNU statement expression: its statements, then the last one's value."""
        body = e.body
        assert body is not None, "a statement expression typed on trial is never lowered"
        saved = self.fs.scope
        if body.scoped:
            self.lexical_block(body.pos)
        self.g.cleanups.cleanup_enter()
        try:
            self.items(body.items)
            value: Value = Const(I32, 0)
            if e.value is not None:
                self.fs.ensure_open()
                value = self.g.exprs.value_of(e.value)
            self.g.cleanups.cleanup_leave(body.end)
            return value
        finally:
            self.fs.scope = saved
