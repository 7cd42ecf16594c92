"""Variable length arrays in the lowering: sizes, dynamic allocation and stack release.

A VLA type's element count is evaluated once, where its declaration is
reached, into a stack slot (`VlaT.count_slot`), so later `sizeof`s and
pointer arithmetic see that value even if the size expression's variables
change. The object itself comes from `dynalloca`; the first VLA of a block
is preceded by a `stacksave`, and leaving the block normally (or by `break`
or `continue`) does a `stackrestore`, so a VLA in a loop body does not grow
the stack on every iteration (gcc does the same). A `goto` or `return` out of
the block does not restore: the function's epilogue resets `%rsp` anyway.

Jumps into the scope of a VLA (`goto`, or a `case` label of a switch that
started outside it) are errors, as in C11 6.8.6.1, reported by sema
(`sema/statements.py`).

Debug info: the count slot is described by an artificial variable, which the
array type's subrange refers to (DW_AT_count), and the array variable lives
at the address held in its own pointer slot (`DW_OP_deref` of that slot), so
gdb can print the whole array at -O0.
"""

from __future__ import annotations

from ..ir import (
    ARTIFICIAL,
    DEREF_EXPR,
    I64,
    PTR,
    Const,
    DbgKind,
    DbgRecord,
    DIExpression,
    DILocalVariable,
    DILocation,
    Inst,
    Op,
    Value,
)
from ..ir.debuginfo import DW_OP_deref
from ..optlevel import function_level
from . import tree as T
from .ctype import ULONG, ArrayT, CType, PointerT, Qualified, Typedef, VlaT, as_int, unqual
from .lower.state import LoweringPart
from .scopes import Pos, Symbol

VLA_ALIGN = 16  # like gcc: every dynamic allocation is 16-byte aligned


class VlaLowering(LoweringPart):
    """VLA sizes, storage, stack save/restore and jump checks."""

    __slots__ = ()

    def optimised(self) -> bool:
        """Is the function being lowered compiled above -O0 (its own level)?"""
        fn = self.fs.fn
        return (function_level(fn.attrs, self.opts)[0] if fn is not None
                else self.opts.opt_level) > 0

    def vla_reset(self) -> None:
        self.fs.vla_saves = []

    def vla_elements(self, t: VlaT) -> Value:
        """The element count (i64) of `t`: its slot once evaluated, else evaluated now
        (`sizeof(int[n])`)."""
        if t.count_slot is not None:
            return self.fs.b.load(I64, t.count_slot)
        return self.g.exprs.value_of(t.dim)

    def size_of(self, t: CType, pos: Pos | None) -> Value:
        """sizeof(t) as an i64 value (a constant unless `t` is variably sized)."""
        u = unqual(t)
        if isinstance(u, VlaT):
            n = self.vla_elements(u)
            es = self.size_of(u.elem, pos)
            with self.fs.at(pos):
                if isinstance(es, Const) and es.value == 1:
                    return n
                return self.fs.b.binary(Op.MUL, n, es)
        if isinstance(u, ArrayT) and isinstance(unqual(u.elem), VlaT):
            raise TypeError("array of VLA not normalised")
        return Const(I64, u.size)

    def evaluate_vla_dims(self, t: CType, pos: Pos | None) -> None:
        """Evaluate (once) every VLA size in `t`, outermost first, into count slots."""
        u = t
        while True:
            while isinstance(u, (Qualified, Typedef)):
                u = u.base
            if isinstance(u, VlaT):
                if u.count_slot is None:
                    n, shown, shown_type = self.evaluate_count(u.dim)
                    slot = self.fs.alloca(8, 8, "__vla_expr")
                    with self.fs.at(pos):
                        kept = self.fs.b.store(n, slot)
                    u.count_slot = slot
                    self.describe_vla_count(u, slot, pos, kept, shown, shown_type)
                u = u.elem
            elif isinstance(u, ArrayT):
                u = u.elem
            elif isinstance(u, PointerT):
                u = u.pointee
            else:
                return

    def declare_vla(self, sym: Symbol) -> None:
        """Allocate the VLA `sym` where its declaration is reached."""
        self.fs.ensure_open()
        pos = sym.pos
        self.evaluate_vla_dims(sym.type, pos)
        if self.fs.vla_saves and self.fs.vla_saves[-1] is None:
            slot = self.fs.alloca(8, 8, "saved_stack")
            with self.fs.at(pos):
                self.fs.b.store(self.fs.b.stacksave(), slot)
            self.fs.vla_saves[-1] = slot
        size = self.size_of(sym.type, pos)
        align = max(VLA_ALIGN, sym.type.align, sym.align)
        home = self.fs.alloca(8, 8, sym.name + ".addr")
        with self.fs.at(pos):
            p = self.fs.b.dynalloca(size, align)
            kept = self.fs.b.store(p, home)
        sym.ir = p
        self.describe_vla_object(sym, home, p, kept)

    def vla_scope_enter(self) -> None:
        self.fs.vla_saves.append(None)

    def vla_scope_exit(self) -> None:
        slot = self.fs.vla_saves.pop()
        if slot is not None and not self.fs.b.terminated:
            with self.fs.b.at(ARTIFICIAL):
                self.fs.b.stackrestore(self.fs.b.load(PTR, slot))

    def vla_restore_to(self, depth: int) -> None:
        """Before a jump out of the blocks opened at `depth` and deeper: release their
        dynamic allocations (the outermost saved stack pointer among them)."""
        slot = next((s for s in self.fs.vla_saves[depth:] if s is not None), None)
        if slot is not None:
            with self.fs.b.at(ARTIFICIAL):
                self.fs.b.stackrestore(self.fs.b.load(PTR, slot))

    def evaluate_count(self, dim: T.Expr) -> tuple[Value, Value, CType]:
        """The element count as an i64, and the value (with its type) the count
        variable shows: optimised, the size expression's own value before its
        conversion to a 64-bit count (`int n` itself, which usually stays live
        for the loops over the array, where its sign extension dies at once)."""
        if self.optimised() and isinstance(dim, T.Cast) \
                and as_int(dim.operand.type) is not None:
            inner = self.g.exprs.value_of(dim.operand)
            with self.fs.at(dim.pos):
                n = self.g.exprs.convert(inner, dim.operand.type, dim.type)
            return n, inner, dim.operand.type
        n = self.g.exprs.value_of(dim)
        return n, n, ULONG

    def describe_vla_count(self, t: VlaT, slot: Value, pos: Pos | None, kept: Inst,
                           shown: Value, shown_type: CType) -> None:
        """An unnamed variable (as gcc emits) for the element count, which the array
        type's DW_AT_count refers to; unnamed, debuggers do not list it as a local.
        At -O0 it lives in the count's slot; optimised, it is the value `shown`
        from the store of the count on."""
        if self.fs.scope is None or pos is None or pos.line == 0:
            return
        optimised = self.optimised()
        var = DILocalVariable("", self.fs.scope, self.di.file(pos.file), pos.line,
                              self.di.type(shown_type if optimised else ULONG))  # type: ignore[arg-type]
        t.di_count = var
        loc = DILocation(pos.line, pos.column, self.fs.scope)
        if optimised:
            kept.add_dbg_record(DbgRecord(DbgKind.NEW, var, shown, DIExpression(()), loc=loc))
        else:
            self.fs.records.append(DbgRecord(DbgKind.NEW, var, slot, DEREF_EXPR, loc=loc))

    def describe_vla_object(self, sym: Symbol, home: Value, base: Value, kept: Inst) -> None:
        """The array lives where its pointer slot points: at -O0 deref the slot's
        contents (a record at the function's entry, like every local's home);
        optimised, the array is the memory at the allocation's address, from the
        instruction that keeps that address (`kept`) on."""
        if self.fs.scope is None:
            return
        dt = self.di.type(sym.type)
        if dt is None:
            return
        var = DILocalVariable(sym.name, self.fs.scope, self.di.file(sym.pos.file), sym.pos.line,
                              dt)
        sym.di = var
        loc = DILocation(sym.pos.line, sym.pos.column, self.fs.scope)
        if self.optimised():
            kept.add_dbg_record(DbgRecord(DbgKind.NEW, var, base, DEREF_EXPR, loc=loc))
        else:
            self.fs.records.append(DbgRecord(DbgKind.NEW, var, home,
                                          DIExpression((DW_OP_deref, DW_OP_deref)), loc=loc))


def vla_pointee(t: CType) -> VlaT | None:
    """The VLA a pointer type points to, if it does."""
    u = unqual(t)
    if isinstance(u, PointerT):
        inner = unqual(u.pointee)
        if isinstance(inner, VlaT):
            return inner
    return None


def is_vla_decl(sym: Symbol) -> bool:
    return isinstance(unqual(sym.type), VlaT)


