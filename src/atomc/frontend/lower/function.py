"""Lowering of a function definition: the IR function, its parameters' homes, the
return block and epilogue (folded into the return with Key Instructions), and the
entry block's debug records."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...ir import (
    ARTIFICIAL,
    DEREF_EXPR,
    I32,
    Alloca,
    Binary,
    Block,
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
from ...optlevel import WRAPV, function_level, function_options
from .. import tree as T
from ..abi import ArgKind, FuncABI, scalar_ir_type
from ..ctype import (
    INT,
    CType,
    as_int,
    unqual,
)
from ..scopes import Pos, StorageClass, Symbol
from .label_values import finish_label_values
from .locations import statement_location
from .state import LoweringBuilder, LoweringPart

if TYPE_CHECKING:
    from .module import IRGen


class FunctionLowering(LoweringPart):
    """A function definition: its IR function, parameters, epilogue and debug records."""

    __slots__ = ("cu",)

    def __init__(self, g: IRGen) -> None:
        super().__init__(g)
        self.cu = g.cu

    def function(self, d: T.FunctionDef) -> None:
        sym, ft, p = d.sym, d.type, d.sym.pos
        name = sym.link_name or sym.name
        fn = self.module.functions.get(name)
        abi = self.g.abis.of(ft)
        ptypes, _ = abi.ir_params()
        if fn is None or fn.param_types != ptypes or fn.ret_types != abi.ir_rets() \
                or fn.variadic != ft.variadic:
            old = fn
            fn = self.g.new_function(name, ft, sym.storage is StorageClass.STATIC)
            if old is not None:
                old.replace_all_uses_with(fn)
        fn.internal = sym.storage is StorageClass.STATIC
        fn.attrs |= sym.attrs
        sym.ir = fn
        sp = DISubprogram(sym.name, name, self.di.file(p.file), p.line,
                          self.di.subroutine(d.di_type), d.body.pos.line, self.cu,
                          is_local=fn.internal, is_definition=True,
                          key_instructions=function_options(sym.attrs,
                                                            self.opts).use_key_instructions)
        fn.subprogram = sp
        self.fs.fn, self.fs.sp, self.fs.scope = fn, sp, sp
        self.fs.begin_function(LoweringBuilder(fn, ARTIFICIAL))
        self.fs.started = []
        self.fs.alloca_count = 0
        self.fs.records = []
        self.fs.loops, self.fs.switches = [], []
        self.fs.labels = {}
        self.fs.goto_slot, self.fs.goto_dispatch = None, None
        self.fs.fabi = abi
        self.fs.ret_ctype = ft.ret
        level = function_level(fn.attrs, self.opts)[0]
        self.fs.share_temps = level == 0
        self.fs.optimized = level > 0
        self.fs.may_inline = level >= 2 and self.opts.inline_functions
        self.fs.temps_free, self.fs.temps_held = {}, []
        self.fs.stmt_marks = level == 0 and self.opts.debug and not sp.key_instructions
        self.fs.stmt_now = self.fs.stmt_count = 0
        entry = fn.add_block("entry")
        # The body's blocks are laid out through a BlockOrder (moving a block to the
        # end scanned the list: quadratic); fn.blocks is written back at the end.
        self.fs.layout = BlockOrder(fn)
        self.fs.start(entry)
        self.g.vlas.vla_reset()
        self.g.cleanups.cleanup_reset()
        self.params(d.params, abi)
        for t, ppos in d.vla_params:
            self.g.vlas.evaluate_vla_dims(t, ppos)
        self.fs.ret_block = fn.add_block("return")
        self.fs.layout.append(self.fs.ret_block)
        self.fs.layout.remove(self.fs.ret_block)  # appended again at the end
        self.fs.ret_slot = None
        self.fs.sret_ptr = fn.args[0] if abi.sret else None
        rk = abi.ret.kind
        if rk in (ArgKind.DIRECT, ArgKind.PIECES) and abi.ret.types:
            self.fs.ret_slot = self.fs.alloca(max(ft.ret.size, sum(t.size for t in abi.ret.types)),
                                              ft.ret.align, "retval")
        self.g.stmts.items(d.body.items)
        self.g.cleanups.cleanup_leave(d.body.end)
        self.g.cleanups.cleanup_finish()
        finish_label_values(self.g, dict(d.label_values))
        self.finish_function(d.end, sym)
        self.fs.fn = None
        self.fs.scope = None
        self.fs.forget_locations()

    def params(self, params: tuple[T.Param, ...], abi: FuncABI) -> None:
        fn = self.fs.fn
        assert fn is not None
        argi = 1 if abi.sret else 0
        # Like clang, the parameter spills carry no location: the back end then puts
        # prologue_end on the first statement, where gdb's `break f` should stop.
        for i, (prm, pa) in enumerate(zip(params, abi.params, strict=False)):
            pt, passed, name = prm.type, prm.passed, prm.name
            home: Value
            with self.fs.b.at(ARTIFICIAL):
                if pa.kind is ArgKind.DIRECT:
                    home = self.fs.alloca(pt.size, pt.align, name)
                    v: Value = fn.args[argi]
                    if pa.narrow is not None:  # an i32 carrying a char/short/_Bool
                        v = self.fs.b.cast(Op.TRUNC, v, pa.narrow)
                    if unqual(passed) != unqual(pt):  # K&R: promoted on the way in
                        v = self.g.exprs.convert(v, passed, pt)
                    self.fs.b.store(v, home)
                    argi += 1
                elif pa.kind is ArgKind.PIECES:
                    size = max(pt.size, sum(t.size for t in pa.types))
                    home = self.fs.alloca(size, pt.align, name)
                    for k in range(len(pa.types)):
                        self.fs.b.store(fn.args[argi],
                                        self.fs.offset_ptr(home, pa.piece_offset(k)))
                        argi += 1
                else:  # byval: copy the caller's stack copy into our own slot
                    home = self.fs.alloca(pt.size, pt.align, name)
                    self.fs.b.memcpy(home, fn.args[argi], pt.size, pt.align)
                    argi += 1
            if prm.sym is not None:
                prm.sym.ir = home
                self.declare_var(prm.sym, home, arg=i + 1, ctype=prm.di_type)

    def declare_var(self, sym: Symbol, home: Value, arg: int = 0,
                    ctype: CType | None = None) -> None:
        """A local (or parameter `arg`) living at `home`, of its type (or `ctype`)."""
        assert self.fs.scope is not None
        if self.fs.inline_frames:
            return  # locals of an inlined gnu_inline body are not described
        dt = self.di.type(ctype or sym.type) or self.di.type(INT)
        var = DILocalVariable(sym.name, self.fs.scope, self.di.file(sym.pos.file), sym.pos.line,
                              dt, arg)  # type: ignore[arg-type]
        sym.di = var
        loc = statement_location(sym.pos.line, sym.pos.column, self.fs.scope, 0)
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
        assert self.fs.layout is not None
        self.fs.layout.append(rb)
        self.fs.layout.materialize()
        self.fs.layout = None
        self.fs.start(rb)
        with self.fs.b.at(end_loc):
            kind = self.fs.fabi.ret.kind
            if kind is ArgKind.SRET:
                assert self.fs.sret_ptr is not None  # the hidden parameter, bound on entry
                r = self.fs.b.ret([self.fs.sret_ptr])
                self.fs.b.add_to_new_atom(r)
            elif self.fs.ret_slot is not None:
                if kind is ArgKind.DIRECT:
                    ra = self.fs.fabi.ret
                    v = self.fs.b.load(ra.narrow or ra.types[0], self.fs.ret_slot)
                    r = self.fs.b.ret([self.g.calls.widen_narrow(v, ra.ext)])
                    self.fs.b.add_to_new_atom(r, v)
                else:
                    ra = self.fs.fabi.ret
                    slot = self.fs.ret_slot
                    vals = [self.fs.b.load(t, self.fs.offset_ptr(slot, ra.piece_offset(k)))
                            for k, t in enumerate(ra.types)]
                    r = self.fs.b.ret(vals)
                    self.fs.b.add_to_new_atom(r, vals[0])
            else:
                r = self.fs.b.ret([])
                self.fs.b.add_to_new_atom(r)
        preds = self.remove_dead_blocks()
        self.fold_return(preds, key_instructions=self.fs.sp is not None
                         and self.fs.sp.key_instructions)
        self.attach_records()
        if WRAPV in fn.attrs:  # optimize("wrapv"): as -fwrapv, for this function
            for inst in fn.insts():
                if isinstance(inst, Binary):
                    inst.nsw = False

    def remove_dead_blocks(self) -> dict[Block, list[Block]]:
        """Drop the blocks no edge reaches; the predecessors of those left (ending the
        open ones with `unreachable` adds no edge)."""
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
        return preds

    def fold_return(self, preds: dict[Block, list[Block]], key_instructions: bool) -> None:
        """Clang's single-return epilogue: merge the return block into its only predecessor.

        `preds`: the function's predecessor lists (`remove_dead_blocks`).
        Done whatever the debug options, so the code (the %retval slot, the frame
        size) never depends on them; only the locations do. With Key Instructions
        the `ret` takes the return statement's location and atom (Clang's model,
        spec §5.2) and, when it returns a value, keeps the closing brace as
        `Ret.close` (with the return block's own atom): isel gives the epilogue and
        the `ret` that location, so `step` stops on the `}` after the return
        statement, as at -O0 (Clang loses that stop). Without them the epilogue
        keeps the closing brace's line, as gcc's does, so that `step` and `next`
        stop on the `}` of every function.
        At -O0 a returned constant is not folded: its store is the return line's
        only code.
        """
        fn = self.fs.fn
        rb = fn.blocks[-1] if fn else None
        if fn is None or rb is None or rb is fn.entry or rb.name != "return":
            return
        rb_preds = preds[rb]
        if len(rb_preds) != 1:
            return
        pred = rb_preds[0]
        jump = pred.terminator
        if not isinstance(jump, Jump) or pred is rb:
            return
        ret = rb.insts[-1]
        assert isinstance(ret, Ret)
        loc = jump.loc
        new_vals: list[Value] | None = None
        if self.fs.ret_slot is not None and self.fs.fabi is not None \
                and self.fs.fabi.ret.kind is ArgKind.DIRECT:
            idx = pred.insts.index(jump)
            store = pred.insts[idx - 1] if idx > 0 else None
            if not (isinstance(store, Store) and store.ptr is self.fs.ret_slot):
                return
            if not (self.fs.optimized or isinstance(store.value, Inst)):
                # -O0 `return 0;`: the slot's store is the only code on the return
                # line, and without Key Instructions gdb should stop there and then
                # on the `}` (gcc -O0 does), so the return block stays
                return
            new_vals = [store.value]
            loc = store.loc
            pred.remove(store)
            store.drop_all_references()
            if self.fs.fabi.ret.ext is not None:  # the narrow result leaves extended to 32 bits
                ext = Cast(self.fs.fabi.ret.ext, new_vals[0], I32,
                           loc=loc.without_atom() if loc is not None else ARTIFICIAL)
                pred.insert(pred.insts.index(jump), ext)
                new_vals = [ext]
        close: DILocation | None = None
        if not key_instructions or loc is None or not loc.atom_group:
            loc = ret.loc  # the epilogue's own position (and atom, falling off the end)
        elif new_vals is not None and ret.loc is not None and ret.loc.line:
            close = ret.loc  # the epilogue keeps the brace (its own atom): a stop, as at -O0
        pred.remove(jump)
        jump.drop_all_references()
        if new_vals is not None:
            for inst in list(rb.insts):
                rb.remove(inst)
                inst.drop_all_references()
            ret = Ret(new_vals, loc=loc or ARTIFICIAL, close=close)
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
