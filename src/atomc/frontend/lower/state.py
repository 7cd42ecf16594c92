"""The state of the function being lowered, shared by every lowering module.

One `FunctionState` lives as long as the module's lowering; `FunctionLowering.function`
re-initialises its fields for each definition (file-scope lowering sees `fn` None).
It also owns the emission helpers that need only this state: source locations,
block creation and layout, and entry-block allocas.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ...ir import ARTIFICIAL, I64, Alloca, Block, Builder, Const, DILocation, Inst, Type, Value
from ...ir.builder import BuildAt
from ...ir.rewrite import append_blocks, insert_blocks_after, unlink_blocks
from ..ctype import INT, CType, IntT
from ..scopes import Pos
from .locations import statement_location

if TYPE_CHECKING:
    from ...ir import DbgRecord, DIScope, DISubprogram, Function, Loc
    from ...ir.blockorder import BlockOrder
    from .. import tree as T
    from ..abi import FuncABI
    from ..cleanup import CleanupEntry, CleanupScope, PendingGoto
    from .inline import InlineExit
    from .module import IRGen


def _location_key(line: int, column: int, stmt: int) -> int:
    """(line, column, statement number) as one int, a key no other triple has: the
    three packed in bit fields while they fit (an int key is made and hashed in a
    few instructions, where a tuple of boxed ints cost ~1,000 per `at` in the
    compiled lowering), else a negative number holding them in 64-bit fields."""
    if 0 <= column < 1 << 16 and 0 <= stmt < 1 << 24 and line >= 0:
        return (line << 40) | (column << 24) | stmt
    return -1 - ((((line << 64) | column) << 64) | stmt)


class StatementAt:
    """`with fs.at(pos):` for a location `statement_location` made (atom group 0)
    or ARTIFICIAL: what `BuildAt` does for those, without its `isinstance` check
    and `without_atom` call (which returns such a location itself). One is made per
    location of a function and entered again at each use (most positions are
    lowered several times: a load, then the operator over it): the locations it
    replaced go on the function's one stack, `saved`, so that nested entries of the
    same object restore each other's."""

    __slots__ = ("builder", "loc", "saved")

    def __init__(self, builder: Builder, loc: Loc, saved: list[Loc]) -> None:
        self.builder = builder
        self.loc = loc
        self.saved = saved

    def __enter__(self) -> None:
        b = self.builder
        self.saved.append(b.loc)
        b.loc = self.loc

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        # (three parameters, not *exc: no tuple packed at each exit)
        self.builder.loc = self.saved.pop()


class Loop:
    __slots__ = ("brk", "cont", "vla_depth")

    def __init__(self, brk: Block, cont: Block | None, vla_depth: int = 0) -> None:
        self.brk = brk
        self.cont = cont
        self.vla_depth = vla_depth  # blocks open when the loop began (VLA stack release)


class SwitchCtx:
    __slots__ = ("cases", "default", "type")

    def __init__(self, ctype: IntT) -> None:
        self.cases: list[tuple[int, Block]] = []
        self.default: Block | None = None
        self.type = ctype


class LoweringBuilder(Builder):
    """The IR builder as the lowering uses it: it also remembers every block a `jump`
    built here goes to, so `statement.py` can tell a label's block entered only by
    conditional branches (gcc -O0 keeps the label's line on the jump into it)."""

    __slots__ = ("jump_targets",)

    def __init__(self, function: Function, loc: Loc) -> None:
        super().__init__(function, loc)
        self.jump_targets: set[Block] = set()

    def jump(self, target: Block, args: Sequence[Value] = ()) -> Inst:
        self.jump_targets.add(target)
        return super().jump(target, args)


class LoweringPart:
    """One part of the lowering (statements, expressions, calls, cleanups, ...): a small
    class over the state every part shares, which it reads through the same names."""

    __slots__ = ("g", "fs", "di", "module", "opts")

    def __init__(self, g: IRGen) -> None:
        self.g = g
        self.fs = g.fs
        self.di = g.di
        self.module = g.module
        self.opts = g.opts


class FunctionState:
    """Builder, current function and scope, jump targets, cleanup and VLA scopes."""

    __slots__ = ("fn", "b", "scope", "sp", "alloca_count", "records", "loops",
                 "switches", "labels", "inline_frames", "goto_slot", "goto_dispatch",
                 "ret_block",
                 "ret_slot", "started", "layout", "fabi", "ret_ctype", "sret_ptr", "reused",
                 "cleanup_scopes", "cleanup_labels", "cleanup_gotos",
                 "cleanup_all", "vla_saves", "share_temps", "optimized", "may_inline", "temps_free",
                 "temps_held", "stmt_marks", "stmt_now", "stmt_count", "locs", "scope_locs",
                 "locs_scope", "saved_locs", "artificial_at")

    def __init__(self) -> None:
        self.fn: Function | None = None
        self.b: LoweringBuilder = None  # type: ignore[assignment]
        self.scope: DIScope | None = None
        self.sp: DISubprogram | None = None
        self.alloca_count = 0
        self.records: list[DbgRecord] = []
        self.loops: list[Loop] = []
        self.switches: list[SwitchCtx] = []
        self.labels: dict[str, Block] = {}
        self.inline_frames: list[InlineExit] = []  # inlined calls being expanded
        self.goto_slot: Inst | None = None  # where `goto *p` stores its target's index
        self.goto_dispatch: Block | None = None  # the block switching on it
        self.ret_block: Block | None = None
        self.ret_slot: Value | None = None
        self.started: list[Block] = []  # blocks in the order their code began
        self.layout: BlockOrder | None = None  # the pending order of fn.blocks
        self.fabi: FuncABI | None = None
        self.ret_ctype: CType = INT
        self.sret_ptr: Value | None = None
        self.reused: dict[T.Reuse, Value] = {}  # T.Reuse nodes already evaluated (kept alive)
        # cleanup scopes (cleanup.py), reset per function
        self.cleanup_scopes: list[CleanupScope] = []
        self.cleanup_labels: dict[str, tuple[int, ...]] = {}
        self.cleanup_gotos: list[PendingGoto] = []
        self.cleanup_all: dict[int, CleanupEntry] = {}
        # VLA scopes (vla.py), reset per function
        self.vla_saves: list[Value | None] = []  # per open block: the saved %rsp slot, if any
        # full-expression temporaries (`temporary`), reset per function
        self.share_temps = False  # every temporary shares (-O0), not only escaping ones
        self.optimized = False  # the function is compiled at -O1 or above
        self.may_inline = False  # the function is compiled with the inliner (-O2 and up)
        self.temps_free: dict[tuple[int, int], list[Alloca]] = {}
        self.temps_held: list[Alloca] = []
        # statement numbers (`DILocation.stmt`), reset per function
        self.stmt_marks = False  # unoptimised without Key Instructions: number statements
        self.stmt_now = 0  # the statement being lowered (0: none, the function's own code)
        self.stmt_count = 0
        # the DILocations made for this function, by scope (`id`) and then by
        # (line, column, statement) packed in one int (`_location_key`), each with
        # its `at` context: an expression's instructions share one (a location is a
        # frozen value); `scope_locs` is the table of `locs_scope`, the scope of the
        # last `at` (a run of positions shares one scope)
        self.locs: dict[int, dict[int, StatementAt]] = {}
        self.scope_locs: dict[int, StatementAt] = {}
        self.locs_scope: DIScope | None = None
        self.saved_locs: list[Loc] = []  # the locations StatementAt entries replaced
        self.artificial_at: StatementAt | None = None  # `at(None)` in this function

    def loc(self, pos: Pos | None) -> DILocation | None:
        """`pos`'s location (None: artificial), as `at` builds there."""
        loc = self.at(pos).loc
        return None if loc is ARTIFICIAL else loc

    @contextmanager
    def numbered(self) -> Iterator[None]:
        """Lower one statement, or one full expression of a statement that gcc
        makes a statement of its own (a `for` loop's three clauses): its
        positions get a new statement number (`DILocation.stmt`), so the line
        table starts a statement where its code begins."""
        if not self.stmt_marks:
            yield
            return
        saved = self.stmt_now
        self.stmt_count += 1
        self.stmt_now = self.stmt_count
        try:
            yield
        finally:
            self.stmt_now = saved

    def at(self, pos: Pos | None) -> BuildAt | StatementAt:
        """Build at `pos`'s location (`with fs.at(pos):`, entered for most nodes the
        lowering lowers; `loc` asks it too): a statement location (which has no atom
        group) entered without the builder's atom check."""
        if self.inline_frames:
            return BuildAt(self.b, self.inline_frames[-1].loc)
        scope = self.scope
        if pos is not None and scope is not None:
            line = pos.line
            if line:
                if scope is not self.locs_scope:
                    # id(scope) stays unique while its table's locations hold the scope
                    table = self.locs.get(id(scope))
                    if table is None:
                        table = self.locs[id(scope)] = {}
                    self.scope_locs = table
                    self.locs_scope = scope
                column = pos.column
                stmt = self.stmt_now
                key = _location_key(line, column, stmt)
                at = self.scope_locs.get(key)
                if at is None:
                    at = self.scope_locs[key] = StatementAt(
                        self.b, statement_location(line, column, scope, stmt), self.saved_locs)
                return at
        at = self.artificial_at
        if at is None:
            at = self.artificial_at = StatementAt(self.b, ARTIFICIAL, self.saved_locs)
        return at

    def begin_function(self, b: LoweringBuilder) -> None:
        """Build the next function with `b`: no location made for another function's
        builder is reused."""
        self.b = b
        self.forget_locations()
        self.saved_locs = []
        self.artificial_at = None

    def forget_locations(self) -> None:
        """Drop the function's location table (a new function, or its end)."""
        self.locs = {}
        self.scope_locs = {}
        self.locs_scope = None

    def new_block(self, name: str) -> Block:
        assert self.fn is not None
        b = self.fn.add_block(name)
        if self.layout is not None:
            self.layout.append(b)
        return b

    def start(self, block: Block) -> None:
        """Continue emitting in `block`; a block is laid out where its code begins."""
        fn = self.fn
        lay = self.layout
        if fn is not None and not block.insts and (
                block in lay if lay is not None else block in fn.blocks):
            if lay is not None:
                if lay.last() is not block:
                    lay.append(block)  # moves it to the end
            elif fn.blocks[-1] is not block:
                unlink_blocks(fn, [block])
                append_blocks(fn, [block])
            if not self.started or self.started[-1] is not block:
                self.started.append(block)
        self.b.position_at_end(block)

    def sink_condition(self, cond_from: int, body_from: int) -> None:
        """Lay a loop's condition blocks out after its body, as gcc does: the loop is
        entered by a jump to the test at the bottom, so the `while`/`for` line's first
        row is outside the loop and a breakpoint there is hit once."""
        fn = self.fn
        assert fn is not None
        cond = self.started[cond_from:body_from]
        body = set(self.started[body_from:])
        if not cond or not body:
            return
        lay = self.layout
        if lay is not None:  # the same moves, on the pending layout (no list scans)
            for b in cond:
                lay.remove(b)
            lay.insert_after(max((b for b in body if b in lay), key=lay.sort_key), cond)
            return
        unlink_blocks(fn, cond)
        last = fn.blocks[max(i for i, b in enumerate(fn.blocks) if b in body)]
        insert_blocks_after(fn, last, cond)

    def ensure_open(self) -> None:
        """After a terminator, continue in a fresh (unreachable) block."""
        if self.b.terminated:
            self.start(self.new_block("dead"))

    def alloca(self, size: int, align: int, name: str = "") -> Alloca:
        assert self.fn is not None
        inst = Alloca(max(size, 1), max(align, 1), loc=ARTIFICIAL, name=name)
        self.fn.entry.insert(self.alloca_count, inst)
        self.alloca_count += 1
        return inst

    def temporary(self, size: int, align: int, escapes: bool = False) -> Alloca:
        """An unnamed object living until the end of the statement being lowered: a
        struct argument's or result's copy, a complex or x87 value in memory. It is an
        alloca a finished statement left free (same size and alignment), as gcc's
        expander reuses its temp slots (`assign_stack_temp`, freed by
        `free_temp_slots` after each statement): one alloca per temporary made frames
        grow with the function's code (jq's -O0 frames; at -O1 and -O2 a function of
        struct-by-value calls), and deep recursions overflow the stack. In a function
        compiled at -O0 every temporary shares; optimised, only those whose address
        `escapes` to a call (byval copies, hidden result pointers, library calls'
        operands), which SROA cannot take apart anyway: the others get one alloca each,
        which SROA and mem2reg promote (a shared one would mix the access patterns of
        unrelated statements). Named variables never share (the debugger reads them
        for their whole scope)."""
        if not (self.share_temps or escapes):
            return self.alloca(size, align)
        free = self.temps_free.get((max(size, 1), max(align, 1)))
        inst = free.pop() if free else self.alloca(size, align)
        self.temps_held.append(inst)
        return inst

    def call_temps_escape(self, callee: Value) -> bool:
        """Whether a call's byval copies and result buffer stay escaping temporaries
        after optimisation: always, unless the inliner may take the callee's body in
        (then SROA promotes them and they get allocas of their own). The inliner's
        own refusals (`opt/inline.py` `inlinable`) are read from what is known
        here; a function defined later in the file is taken as not inlined unless it
        is static."""
        if not self.may_inline:
            return True
        from ...ir import Function
        from ...optlevel import OPTNONE
        if not isinstance(callee, Function) or callee is self.fn:
            return True
        if callee.variadic or callee.attrs & {"noinline", "noipa", "weak", "interposable",
                                              OPTNONE}:
            return True
        return callee.is_declaration and not callee.internal

    def release(self, inst: Alloca) -> None:
        """`inst`, a temporary of the statement being lowered, is dead from here on (an
        argument's copy once the call has read it): the rest of the statement may reuse it."""
        held = self.temps_held
        if inst in held:  # shared (not one of an optimised function's own allocas)
            k = len(held) - 1 - held[::-1].index(inst)
            del held[k]
            self.temps_free.setdefault((inst.size, inst.align), []).append(inst)

    def release_from(self, mark: int) -> None:
        """Free the temporaries taken since `temps_held` had `mark` entries: those of
        a statement once it is lowered (`StatementLowering.stmt`, which also gives it
        its statement number), a statement nested in it (a statement expression's)
        before the statement around it."""
        held = self.temps_held
        for inst in held[mark:]:
            self.temps_free.setdefault((inst.size, inst.align), []).append(inst)
        del held[mark:]

    def const(self, ty: Type, v: int) -> Const:
        return Const(ty, v)

    def offset_ptr(self, base: Value, offset: int) -> Value:
        if offset == 0:
            return base
        return self.b.ptradd(base, Const(I64, offset))


def raise_internal(msg: str) -> None:
    from ...diag import InternalCompilerError
    raise InternalCompilerError(msg, where="irgen")
