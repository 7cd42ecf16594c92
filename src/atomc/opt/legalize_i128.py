"""Legalise i128: every 128-bit integer value becomes two i64 halves.

The optimiser treats i128 like any other integer type (the interpreter is the
one definition of its meaning). The back end has 64-bit registers only, so
right before instruction selection, at every -O level, each function is
rewritten (the pass also runs alone: `atomc-opt --passes=legalize-i128`):

* values: an i128 instruction, argument, block parameter or constant becomes
  a (low, high) pair of i64 values. and/or/xor, select, load, store,
  extensions and truncations split into independent i64 operations; add,
  sub, shifts, the low-by-low multiply and comparisons become `wide`
  instructions (ir/wide.py); division, remainder and int <-> float
  conversions call libgcc (`__divti3`, `__udivti3`, `__modti3`,
  `__umodti3`, `__floattidf`, `__fixdfti`, ...) as gcc does. Halves that are
  known constants fold on the way (a zero-extended operand's high half is 0),
  since no optimisation pass runs after this one;
* signatures and calls (SysV x86-64): an i128 argument takes two consecutive
  integer registers when two are left, otherwise it is passed in memory,
  16-byte aligned (a `byval(16, 16)` pointer here), never split between
  registers and stack; later arguments still take the registers left; an
  i128 result comes back in rax:rdx (two return values); a variadic call's
  fixed argument count follows its arguments;
* `switch` on an i128: an i64 switch on the low half when the value fits in
  64 bits as a sign extension, compare-and-branch for case values that do not.

Debug info: every new instruction takes the location of the instruction it
replaces (keep rule, atom included: each half is a member of the source
atom); records in front of a replaced instruction move in front of its first
replacement. The one exception is the entry code reading an i128 parameter
passed in memory, which replaces no instruction: like the front end's
parameter spills it has no location (it is prologue), so LOCS is not claimed.
A record of an i128 value becomes two records of the variable's 64-bit
fragments (the DWARF location then has a `DW_OP_piece` per half), and an
`add` or `delete` keyed to a split record is split the same way; a record of
a variable of at most 64 bits (a value salvaged through a truncation) takes
the low half. A record that computes on the 128-bit value (no exact 64-bit
split exists) says "optimised out", as does an `add` whose `new` was not
split, and the fragment of a half that no instruction reads (it is not
computed); salvage never builds such expressions, so otherwise no value is
lost (VALUES, SCOPES kept).
"""

from __future__ import annotations

from typing import ClassVar

from ..diag import InternalCompilerError
from ..ir import (
    I64,
    I128,
    PTR,
    Arg,
    Block,
    BlockParam,
    DbgKind,
    DbgRecord,
    DIExpression,
    Function,
    Inst,
    Module,
    Op,
    Type,
    Use,
    Value,
    work,
)
from ..ir.debuginfo import ARTIFICIAL, DW_OP_LLVM_fragment, type_bits
from ..ir.i128_uses import function_uses_i128, module_uses_i128
from ..ir.rewrite import detach_with_dependents, erase, make_unavailable, prepend, set_body
from .legalize_i128_ops import ArgClass, OpExpander, classify_args, is_i128
from .passmanager import DI, ModulePass, PassContext
from .registry import register


def legalize_module(module: Module) -> bool:
    """Rewrite every i128 in `module` as i64 pairs; False if there was none."""
    if not module_uses_i128(module):
        return False
    arg_maps = {fn: _legalize_signature(fn) for fn in list(module.functions.values())}
    for fn in list(module.functions.values()):
        # a body with no i128 (its calls pass and return none either) has nothing to
        # rewrite: most of a module that uses i128 in a few functions (sqlite3)
        if not fn.is_declaration and (arg_maps[fn] or function_uses_i128(fn)):
            _FunctionLegalizer(fn, module, arg_maps[fn]).run()
    return True


def _legalize_signature(fn: Function) -> dict[Arg, tuple[ArgClass, list[Arg]]]:
    """Split the i128 parameters and result of `fn`; old argument -> its new ones."""
    if fn.ret_types == [I128]:
        fn.ret_types = [I64, I64]
    elif any(is_i128(t) for t in fn.ret_types):
        raise InternalCompilerError(f"@{fn.name} returns an i128 beside another value",
                                    where="legalize-i128")
    classes = classify_args(fn.param_types, fn.byval_params)
    if all(c is ArgClass.KEEP for c in classes):
        return {}
    types: list[Type] = []
    byvals: list[tuple[int, int] | None] = []
    args: list[Arg] = []
    mapping: dict[Arg, tuple[ArgClass, list[Arg]]] = {}

    def new_arg(ty: Type, bv: tuple[int, int] | None, name: str) -> Arg:
        a = Arg(ty, fn, len(args), bv, name)
        types.append(ty)
        byvals.append(bv)
        args.append(a)
        return a

    for old, cls in zip(fn.args, classes, strict=True):
        if cls is ArgClass.KEEP:
            old.index = len(args)
            types.append(old.ty)
            byvals.append(old.byval)
            args.append(old)
        elif cls is ArgClass.PAIR:
            mapping[old] = (cls, [new_arg(I64, None, _half_name(old, "lo")),
                                  new_arg(I64, None, _half_name(old, "hi"))])
        else:
            mapping[old] = (cls, [new_arg(PTR, (16, 16), old.name)])
    fn.param_types, fn.byval_params, fn.args = types, byvals, args
    return mapping


def _half_name(v: Value, half: str) -> str:
    return f"{v.name}.{half}" if v.name else ""


class _FunctionLegalizer(OpExpander):
    def __init__(self, fn: Function, module: Module,
                 arg_map: dict[Arg, tuple[ArgClass, list[Arg]]]) -> None:
        super().__init__(fn, module)
        self.arg_map = arg_map
        self.split_blocks: set[Block] = set()

    def run(self) -> None:
        fn = self.fn
        work.add("legalize_i128.functions", 1)
        self.lower_args()
        for b in fn.blocks:
            self.split_params(b)
        for b in list(fn.blocks):
            for inst in list(b.insts):
                self.visit(inst)
        self.rebuild_blocks()
        self.rewrite_edges()
        self.split_records()
        for old in self.replaced:
            old.drop_all_references()
        self.remove_dead()

    def remove_dead(self) -> None:
        """Halves nobody reads (the high half of a shift count, say); decided on
        real uses only, so -g cannot change the code."""
        new = [i for exp in self.expansions.values() for i in exp]
        changed = True
        while changed:
            changed = False
            for inst in reversed(new):
                if inst.block is not None and inst.info.pure and not inst.info.may_trap \
                        and inst.op is not Op.ALLOCA and not inst.has_real_uses():
                    erase(inst)
                    changed = True

    # -- arguments and block parameters ----------------------------------------------
    def lower_args(self) -> None:
        entry_code: list[Inst] = []
        for old, (cls, new) in self.arg_map.items():
            if cls is ArgClass.PAIR:
                self.halves[old] = (new[0], new[1])
            else:  # MEMORY: the callee reads its copy of the value
                self.out, self.loc = entry_code, ARTIFICIAL  # the callee's entry copies
                self.halves[old] = self.load_pair(new[0], False)
        self.out = []
        prepend(self.fn.entry, entry_code)

    def split_params(self, b: Block) -> None:
        if not any(is_i128(p.ty) for p in b.params):
            return
        params: list[BlockParam] = []
        for p in b.params:
            if is_i128(p.ty):
                lo = BlockParam(I64, b, len(params), _half_name(p, "lo"))
                hi = BlockParam(I64, b, len(params) + 1, _half_name(p, "hi"))
                params += [lo, hi]
                self.halves[p] = (lo, hi)
            else:
                p.index = len(params)
                params.append(p)
        b.params = params
        self.split_blocks.add(b)

    def rewrite_edges(self) -> None:
        """Branch arguments for split block parameters: one per half."""
        for b in self.fn.blocks:
            t = b.terminator
            if t is None:
                continue
            for s in t.succs:
                if s.block not in self.split_blocks:
                    continue
                args: list[Use] = []
                for u in s.args:
                    if is_i128(u.value.ty):
                        lo, hi = self.pair(u.value)
                        u.drop()
                        args += [Use(t, lo), Use(t, hi)]
                    else:
                        args.append(u)
                s.args = args

    # -- putting the new code in place -----------------------------------------------
    def rebuild_blocks(self) -> None:
        """Each replaced instruction gives way to its expansion; the records in
        front of it go in front of the first instruction that follows."""
        for b in list(self.fn.blocks):
            if not any(i in self.replaced for i in b.insts):
                continue
            out: list[Inst] = []
            carried: list[DbgRecord] = []
            for inst in b.insts:
                if inst not in self.replaced:
                    self.attach_front(carried, inst)
                    carried = []
                    out.append(inst)
                    continue
                new = self.expansions.get(inst, [])
                carried += inst.dbg_records
                inst.dbg_records = []
                inst.block = None
                if new:
                    self.attach_front(carried, new[0])
                    carried = []
                out += new
            if carried:  # a terminator is never replaced by nothing
                raise InternalCompilerError("legalize-i128 lost the end of a block",
                                            where="legalize-i128")
            set_body(b, out)

    @staticmethod
    def attach_front(records: list[DbgRecord], inst: Inst) -> None:
        for r in records:
            r.inst = inst
        inst.dbg_records[0:0] = records

    # -- debug records ---------------------------------------------------------------
    def split_records(self) -> None:
        records = [r for b in self.fn.blocks for i in b.insts for r in i.dbg_records]
        split: dict[DbgRecord, tuple[DbgRecord, DbgRecord]] = {}
        for kind in (DbgKind.NEW, DbgKind.ADD, DbgKind.DELETE):
            for r in records:
                if r.kind is kind and r.inst is not None:
                    self.split_record(r, split)

    def split_record(self, r: DbgRecord, split: dict[DbgRecord, tuple[DbgRecord, DbgRecord]]
                     ) -> None:
        if r.kind is DbgKind.DELETE:
            if r.key in split:
                lo_key, hi_key = split[r.key]
                r.key = lo_key
                self.insert_record_after(r, DbgRecord(DbgKind.DELETE, r.var, None, r.expr,
                                                      loc=r.loc, key=hi_key))
            return
        v = r.value
        if v is None or not is_i128(v.ty):
            if r.kind is DbgKind.ADD and r.key in split:
                detach_with_dependents(r)  # a location of the whole value beside halves
            return
        lo, hi = self.pair(v)
        frag = r.expr.fragment
        body = r.expr.body
        width = frag[1] if frag else type_bits(r.var.type)
        if width is not None and width <= 64:  # the variable reads the low bits only
            r.set_value(lo)
            return
        if body or width not in (None, 128) or (r.kind is DbgKind.ADD and r.key not in split):
            make_unavailable(r)
            return
        off = frag[0] if frag else 0
        keys = split[r.key] if r.kind is DbgKind.ADD else (None, None)  # type: ignore[index]
        r.set_value(lo)
        r.expr = DIExpression((DW_OP_LLVM_fragment, off, 64))
        r.key = keys[0]
        r2 = DbgRecord(r.kind, r.var, hi, DIExpression((DW_OP_LLVM_fragment, off + 64, 64)),
                       loc=r.loc, key=keys[1])
        self.insert_record_after(r, r2)
        split[r] = (r, r2)

    @staticmethod
    def insert_record_after(r: DbgRecord, new: DbgRecord) -> None:
        inst = r.inst
        assert inst is not None
        new.inst = inst
        inst.dbg_records.insert(inst.dbg_records.index(r) + 1, new)


class LegalizeI128(ModulePass):
    """Split i128 values into i64 halves before instruction selection (module docstring)."""

    name: ClassVar[str] = "legalize-i128"
    keeps_di: ClassVar[DI] = DI.VALUES | DI.SCOPES

    def run(self, module: Module, ctx: PassContext) -> bool:
        return legalize_module(module)


register(LegalizeI128)


__all__ = ["ArgClass", "LegalizeI128", "classify_args", "function_uses_i128", "is_i128",
           "legalize_module", "module_uses_i128"]
