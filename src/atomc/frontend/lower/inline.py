"""Lowering of `InlineCall`s (GNU `extern inline` bodies, see `gnu_inline.py`): the
arguments go to parameter slots, the body sema checked for the call is lowered in
place with `return` redirected to its end, and every instruction takes the call's
location."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...ir import I32, Block, Const, Value
from .. import tree as T
from ..ctype import CType, StructT, VoidT, is_void, unqual
from .state import LoweringPart

if TYPE_CHECKING:
    from ..gnu_inline import InlineCall


@dataclass(slots=True)
class InlineExit:
    """One inlined call being lowered: where its result and its `return`s go and the
    call's location, which every instruction of the body takes."""

    slot: Value | None
    exit: Block
    loc: Any


class InlineLowering(LoweringPart):
    """Expansion of `InlineCall` (gnu_inline bodies) in place."""

    __slots__ = ()

    def v_InlineCall(self, e: InlineCall) -> Value:
        assert e.body is not None, "an inline call typed on trial is never lowered"
        values = [self.g.exprs.value_of(a) for a in reversed(e.args)][::-1]
        loc = self.fs.loc(e.pos)
        for sym, v in zip(e.params, values, strict=True):
            sym.ir = self._inline_slot(sym.type, v, "" if sym.name.startswith(".pack.")
                                       else sym.name, loc)
        ret = e.ftype.ret
        slot = None
        if not isinstance(unqual(ret), VoidT):
            slot = self.fs.temporary(ret.size, ret.align)
        frame = InlineExit(slot, self.fs.new_block("inline.exit"), loc)
        saved = (self.fs.labels, self.fs.loops, self.fs.switches)
        self.fs.labels, self.fs.loops, self.fs.switches = {}, [], []
        self.fs.inline_frames.append(frame)
        try:
            self.g.stmts.stmt(e.body)
            if not self.fs.b.terminated:
                with self.fs.b.at(frame.loc):
                    self.fs.b.jump(frame.exit)
        finally:
            self.fs.inline_frames.pop()
            self.fs.labels, self.fs.loops, self.fs.switches = saved
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

    def inline_return(self, s: T.Return) -> None:
        """`return` inside an inlined body: the value goes to the call's result."""
        frame = self.fs.inline_frames[-1]
        self.fs.ensure_open()
        e = s.value
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
            self.fs.b.jump(frame.exit)
