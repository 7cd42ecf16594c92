"""GNU `__attribute__((cleanup(f)))` on local variables, in the lowering (sema checks
`f` and builds the argument, `tree.Cleanup`).

When a variable with a cleanup goes out of scope, `f(&var)` is called, innermost
variable first: at the end of its block, on `break`/`continue` out of it, on
`return` (after the return value is computed) and on `goto` to a label outside
its scope. Gotos are resolved at the end of the function, when every label's
scope is known: a goto leaving such scopes jumps to a small block that runs the
cleanups and then jumps to the label.

Cleanup scopes follow the VLA scopes of `vla.py` (one per compound statement,
plus the function body) and remember the VLA depth they opened at, so
`vla_restore_to(depth)` (break/continue) finds the scopes it leaves.

Debug info: the calls are ordinary calls at the position of the jump or of the
block's closing brace.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ir import Block
from . import tree as T
from .ctype import FuncT, PointerT, unqual
from .lower.state import LoweringPart
from .scopes import Pos, Symbol


@dataclass(slots=True)
class CleanupEntry:
    ident: int
    var: Symbol
    call: T.Cleanup


@dataclass(slots=True)
class CleanupScope:
    vla_depth: int
    entries: list[CleanupEntry] = field(default_factory=list)


@dataclass(slots=True)
class PendingGoto:
    label: str
    active: tuple[int, ...]
    block: Block
    pos: Pos


class Cleanups(LoweringPart):
    """Runs the cleanups of the scopes a block, jump or return leaves."""

    __slots__ = ()

    def cleanup_reset(self) -> None:
        self.fs.cleanup_scopes = [CleanupScope(0)]
        self.fs.cleanup_labels = {}
        self.fs.cleanup_gotos = []
        self.fs.cleanup_all = {}

    def _cleanup_active(self) -> list[CleanupEntry]:
        return [c for s in self.fs.cleanup_scopes for c in s.entries]

    def cleanup_enter(self) -> None:
        self.fs.cleanup_scopes.append(CleanupScope(len(self.fs.vla_saves)))

    def cleanup_leave(self, end: Pos) -> None:
        """End of a block: run its cleanups (at `end`, its closing brace) and close it."""
        scope = self.fs.cleanup_scopes.pop()
        if scope.entries and not self.fs.b.terminated:
            self._cleanup_run(scope.entries, end)

    def cleanup_register(self, sym: Symbol, call: T.Cleanup) -> None:
        """A local declared with `cleanup(fn)` (checked by sema): remember the variable."""
        entry = CleanupEntry(len(self.fs.cleanup_all) + 1, sym, call)
        self.fs.cleanup_all[entry.ident] = entry
        self.fs.cleanup_scopes[-1].entries.append(entry)

    def cleanup_before_return(self, pos: Pos) -> None:
        self._cleanup_run(self._cleanup_active(), pos)

    def cleanup_before_jump(self, vla_depth: int, pos: Pos | None) -> None:
        """`break`/`continue`: the scopes opened inside the loop or switch."""
        entries = [c for s in self.fs.cleanup_scopes if s.vla_depth > vla_depth for c in s.entries]
        self._cleanup_run(entries, pos)

    def cleanup_note_label(self, name: str) -> None:
        self.fs.cleanup_labels[name] = tuple(c.ident for c in self._cleanup_active())

    def cleanup_goto(self, name: str, target: Block, pos: Pos) -> Block:
        """The block a `goto name` jumps to: the label's, or one running cleanups first."""
        active = tuple(c.ident for c in self._cleanup_active())
        if not active:
            return target
        tramp = self.fs.new_block(f"cleanup.{name}")
        self.fs.cleanup_gotos.append(PendingGoto(name, active, tramp, pos))
        return tramp

    def cleanup_finish(self) -> None:
        """Fill each goto's block with the cleanups of the scopes it leaves."""
        here = self.fs.b.block
        for g in self.fs.cleanup_gotos:
            keep = set(self.fs.cleanup_labels.get(g.label, ()))
            leaving = [self.fs.cleanup_all[i] for i in g.active if i not in keep]
            self.fs.start(g.block)
            self._cleanup_run(leaving, g.pos)
            with self.fs.at(g.pos):
                self.fs.b.jump(self.g.stmts.label_block(g.label))
        if here is not None and self.fs.cleanup_gotos:
            self.fs.b.position_at_end(here)

    def _cleanup_run(self, entries: list[CleanupEntry], pos: Pos | None) -> None:
        for c in reversed(entries):
            fn = c.call.fn
            fn_t = unqual(fn.type)
            assert isinstance(fn_t, FuncT)
            callee = T.Decay(T.VarRef(fn, pos or c.var.pos), PointerT(fn.type))
            self.g.stmts.discard(T.Call(callee, [c.call.arg], fn_t, fn_t.ret, pos or c.var.pos))
