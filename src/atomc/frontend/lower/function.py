"""Lowering of a function definition: the IR function, its parameters' homes, the
return block and epilogue (folded into the return with Key Instructions), and the
entry block's debug records."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pycparser import c_ast

from ...ir import (
    ARTIFICIAL,
    DEREF_EXPR,
    I32,
    Alloca,
    Builder,
    Cast,
    Const,
    DbgKind,
    DbgRecord,
    DILocalVariable,
    DILocation,
    DISubprogram,
    Inst,
    Jump,
    Op,
    Ret,
    Store,
    Value,
)
from ...ir.blockorder import BlockOrder
from ...ir.rewrite import unlink_blocks
from ..abi import FuncABI, func_abi, scalar_ir_type
from ..ctype import (
    INT,
    CType,
    FuncT,
    as_int,
    unqual,
    variably_modified,
)
from ..knr import KnrParam, is_knr, knr_params, promoted
from ..labelvalues import LabelValues
from ..scopes import Pos, Symbol
from ..source import find_closing_brace
from .label_values import finish_label_values

if TYPE_CHECKING:
    from .module import IRGen


class FunctionLowering:
    """A function definition: its IR function, parameters, epilogue and debug records."""

    __slots__ = ("g", "fs", "cu", "di", "module", "opts", "sema")

    def __init__(self, g: IRGen) -> None:
        self.g = g
        self.fs = g.fs
        self.cu = g.cu
        self.di = g.di
        self.module = g.module
        self.opts = g.opts
        self.sema = g.sema

    def function(self, fd: c_ast.FuncDef) -> None:
        sema = self.sema
        sym = sema.decls.declare_file_scope(fd.decl, is_definition=True)
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
            fn = self.g.new_function(name, ft, sym.storage == "static")
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
        self.fs.fn, self.fs.sp, self.fs.scope = fn, sp, sp
        self.fs.b = Builder(fn, ARTIFICIAL)
        self.fs.started = []
        self.fs.alloca_count = 0
        self.fs.records = []
        self.fs.loops, self.fs.switches = [], []
        self.fs.labels = {}
        sema.label_values = LabelValues()
        self.fs.goto_slot, self.fs.goto_dispatch = None, None
        self.fs.fabi = abi
        self.fs.ret_ctype = ft.ret
        sema.function = sym
        sema.function_ret = ft.ret
        entry = fn.add_block("entry")
        # The body's blocks are laid out through a BlockOrder (moving a block to the
        # end scanned the list: quadratic); fn.blocks is written back at the end.
        self.fs.layout = BlockOrder(fn)
        self.fs.start(entry)
        sema.scopes.push()
        self.g.vlas.vla_reset()
        self.g.cleanups.cleanup_reset()
        self.params(fd, ft, abi, p, knr)
        self.fs.ret_block = fn.add_block("return")
        self.fs.layout.append(self.fs.ret_block)
        self.fs.layout.remove(self.fs.ret_block)  # appended again at the end
        self.fs.ret_slot = None
        self.fs.sret_ptr = fn.args[0] if abi.sret else None
        rk = abi.ret.kind
        if rk in ("direct", "pieces") and abi.ret.types:
            self.fs.ret_slot = self.fs.alloca(max(ft.ret.size, sum(t.size for t in abi.ret.types)),
                                        ft.ret.align, "retval")
        with sema.stmts.body_of_function():
            tree = sema.stmts.function_body(body)
            self.g.stmts.items(tree.items)
            self.g.cleanups.cleanup_leave(tree.end)
            self.g.cleanups.cleanup_finish()
            finish_label_values(self.g, {name: index for name, (index, _)
                                         in sema.label_values.taken.items()})
            end_pos = find_closing_brace(brace, sema.source_line) or brace
            self.finish_function(end_pos, sym)
            sema.scopes.pop()
            sema.function = None
            sema.stmts.check_labels({name: p for name, (_, p)
                                     in sema.label_values.taken.items()})
        self.fs.fn = None
        self.fs.scope = None

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
        fn = self.fs.fn
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
        for i, ((name, pt, ppos, passed), pa) in enumerate(zip(items, abi.params)):
            sym = self.sema.decls.declare_param(name, pt, ppos, i + 1)
            if sym is not None and not self.sema.is_system(ppos):
                self.sema.decls.check_float_decl(sym.type, ppos, "var")
            home: Value
            with self.fs.b.at(ARTIFICIAL):
                if pa.kind == "direct":
                    home = self.fs.alloca(pt.size, pt.align, name or "")
                    v: Value = fn.args[argi]
                    if pa.narrow is not None:  # an i32 carrying a char/short/_Bool
                        v = self.fs.b.cast(Op.TRUNC, v, pa.narrow)
                    if unqual(passed) != unqual(pt):  # K&R: promoted on the way in
                        v = self.g.exprs.convert(v, passed, pt)
                    self.fs.b.store(v, home)
                    argi += 1
                elif pa.kind == "pieces":
                    size = max(pt.size, sum(t.size for t in pa.types))
                    home = self.fs.alloca(size, pt.align, name or "")
                    for k, t in enumerate(pa.types):
                        self.fs.b.store(fn.args[argi], self.fs.offset_ptr(home, pa.piece_offset(k)))
                        argi += 1
                else:  # byval: copy the caller's stack copy into our own slot
                    home = self.fs.alloca(pt.size, pt.align, name or "")
                    self.fs.b.memcpy(home, fn.args[argi], pt.size, pt.align)
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
            sym.type = self.sema.types.adjust_param(self.sema.types.resolve_type(node.type, ppos))
            self.g.vlas.evaluate_vla_dims(sym.type, ppos)

    def declare_var(self, sym: Symbol, home: Value, arg: int = 0) -> None:
        assert self.fs.scope is not None
        if self.fs.inline_frames:
            return  # locals of an inlined gnu_inline body are not described
        dt = self.di.type(sym.type) or self.di.type(INT)
        var = DILocalVariable(sym.name, self.fs.scope, self.di.file(sym.pos.file), sym.pos.line,
                              dt, arg)  # type: ignore[arg-type]
        sym.di = var
        loc = DILocation(sym.pos.line, sym.pos.column, self.fs.scope)
        self.fs.records.append(DbgRecord(DbgKind.NEW, var, home, DEREF_EXPR, loc=loc))

    def finish_function(self, end: Pos, sym: Symbol) -> None:
        fn = self.fs.fn
        assert fn is not None and self.fs.ret_block is not None and self.fs.fabi is not None
        end_loc = self.fs.loc(end)
        if not self.fs.b.terminated:
            with self.fs.b.at(end_loc):
                if sym.name == "main" and self.fs.ret_slot is not None and \
                        as_int(self.fs.ret_ctype) is not None:
                    self.fs.b.store(Const(scalar_ir_type(self.fs.ret_ctype), 0), self.fs.ret_slot)
                self.fs.b.jump(self.fs.ret_block)  # the implicit return's atom is the `ret`
        rb = self.fs.ret_block
        rb.function = fn
        self.fs.layout.append(rb)
        self.fs.layout.materialize()
        self.fs.layout = None
        self.fs.start(rb)
        with self.fs.b.at(end_loc):
            kind = self.fs.fabi.ret.kind
            if kind == "sret":
                r = self.fs.b.ret([self.fs.sret_ptr])  # type: ignore[list-item]
                self.fs.b.add_to_new_atom(r)
            elif self.fs.ret_slot is not None:
                if kind == "direct":
                    ra = self.fs.fabi.ret
                    v = self.fs.b.load(ra.narrow or ra.types[0], self.fs.ret_slot)
                    r = self.fs.b.ret([self.g.calls.widen_narrow(v, ra.ext)])
                    self.fs.b.add_to_new_atom(r, v)
                else:
                    ra = self.fs.fabi.ret
                    vals = [self.fs.b.load(t, self.fs.offset_ptr(self.fs.ret_slot, ra.piece_offset(k)))
                            for k, t in enumerate(ra.types)]
                    r = self.fs.b.ret(vals)
                    self.fs.b.add_to_new_atom(r, vals[0])
            else:
                r = self.fs.b.ret([])
                self.fs.b.add_to_new_atom(r)
        self.remove_dead_blocks()
        if self.opts.use_key_instructions:
            self.fold_return()
        self.attach_records()

    def remove_dead_blocks(self) -> None:
        fn = self.fs.fn
        assert fn is not None
        while True:
            preds = fn.predecessors()
            dead = [b for b in fn.blocks[1:] if not preds[b]]
            if not dead:
                break
            for b in dead:
                for inst in b.insts:
                    inst.drop_all_references()
            unlink_blocks(fn, dead)
        for b in fn.blocks:
            if b.terminator is None:
                # only reachable blocks remain; an open block here falls off the end
                with self.fs.b.at(ARTIFICIAL):
                    self.fs.start(b)
                    self.fs.b.unreachable()

    def fold_return(self) -> None:
        """Clang's single-return epilogue: merge the return block into its only predecessor.

        Done only with Key Instructions (Clang's model, spec §5.2). Otherwise the
        epilogue keeps the closing brace's line, as gcc's does, so that `step` and
        `next` stop on the `}` of every function.
        """
        fn = self.fs.fn
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
        if self.fs.ret_slot is not None and self.fs.fabi is not None and self.fs.fabi.ret.kind == "direct":
            idx = pred.insts.index(jump)
            store = pred.insts[idx - 1] if idx > 0 else None
            if not (isinstance(store, Store) and store.ptr is self.fs.ret_slot):
                return
            new_vals = [store.value]
            loc = store.loc
            pred.remove(store)
            store.drop_all_references()
            if self.fs.fabi.ret.ext:  # the narrow result leaves extended to 32 bits
                ext = Cast(Op.SEXT if self.fs.fabi.ret.ext == "s" else Op.ZEXT, new_vals[0], I32,
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
        unlink_blocks(fn, [rb])
        slot = self.fs.ret_slot
        if isinstance(slot, Inst) and not slot.uses and slot.block is not None:
            slot.block.remove(slot)
            self.fs.alloca_count -= 1

    def attach_records(self) -> None:
        fn = self.fs.fn
        assert fn is not None
        entry = fn.entry
        target = next((i for i in entry.insts if not isinstance(i, Alloca)), None)
        if target is None:
            return
        for rec in self.fs.records:
            target.add_dbg_record(rec)
