"""Sparse conditional constant propagation (Wegman and Zadeck).

Each integer value sits in the lattice unknown -> constant -> overdefined,
and each block is executable or not. Starting from the entry, a block's
instructions are evaluated with the interpreter's own operation semantics
(`ir.interp_eval.eval_*`, so folding can never disagree with execution); a branch
whose condition is a constant makes only its taken edge executable; a block
parameter is the meet of the arguments on its executable incoming edges.
`undef` is "unknown" (it may be any constant). Pointers and floats are
overdefined. The solver works from two worklists (blocks that became
executable, values whose lattice value changed), so each instruction is
evaluated a bounded number of times.

Then: constant instructions and parameters are replaced by constants,
branches with one executable edge become jumps, and never-executable blocks
are deleted.

Debug info: a folded value is replaced with `replace_all_uses_with`, so its
records now hold the constant; the instruction is erased through
`rewrite.erase` (records in front of it stay at that point). A rewritten
branch's jump keeps the branch's location. Records that named values of
deleted blocks become "optimised out". (LOCS, VALUES, SCOPES kept.)
"""

from __future__ import annotations

from typing import ClassVar

from ..ir import (
    OPINFO,
    Block,
    BlockParam,
    Branch,
    Cast,
    Cmp,
    Const,
    Function,
    Inst,
    IntType,
    Op,
    Select,
    Switch,
    Undef,
    Value,
    work,
)
from ..ir.interp_eval import InterpError, as_int, eval_binary, eval_cast, eval_cmp
from ..ir.rewrite import erase, jump_to, remove_blocks, remove_param, replace_value
from .passmanager import DI, FunctionPass, PassContext
from .registry import register


class _Lattice:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


UNKNOWN = _Lattice("unknown")
OVERDEFINED = _Lattice("overdefined")
LatticeValue = _Lattice | int


def meet(a: LatticeValue, b: LatticeValue) -> LatticeValue:
    if a is UNKNOWN:
        return b
    if b is UNKNOWN:
        return a
    if a is OVERDEFINED or b is OVERDEFINED:
        return OVERDEFINED
    return a if a == b else OVERDEFINED


_FOLDABLE_BINARY = frozenset({Op.ADD, Op.SUB, Op.MUL, Op.SDIV, Op.UDIV, Op.SREM, Op.UREM,
                              Op.AND, Op.OR, Op.XOR, Op.SHL, Op.LSHR, Op.ASHR})
_FOLDABLE_CAST = frozenset({Op.ZEXT, Op.SEXT, Op.TRUNC})


class Solver:
    """Wegman and Zadeck's two worklists: blocks that became executable are
    evaluated whole; afterwards a value that changes re-evaluates only its users
    (and an edge that becomes executable only its target's parameters). Every
    transfer function is monotone, so the result is the least fixed point, the
    same in any visiting order.

    A block parameter is met incrementally: when an edge becomes executable, or
    an argument on an executable edge changes, only that argument is met into
    the parameter's value (values only descend, so the meet of the old value and
    the new argument equals the meet over all executable edges). Re-meeting every
    parameter over every incoming edge instead costs parameters x edges per
    change: quadratic in an interpreter's dispatch block, which has hundreds of
    incoming edges each passing every live variable."""

    def __init__(self, fn: Function) -> None:
        self.fn = fn
        self.state: dict[Value, LatticeValue] = {}
        self.exec_blocks: set[Block] = {fn.entry}
        self.exec_edges: set[tuple[int, int]] = set()  # (id(terminator), successor index)
        self.forced: set[int] = set()  # terminators whose undecided condition we gave up on
        self.incoming: dict[Block, list[tuple[Inst, int]]] = {b: [] for b in fn.blocks}
        for b in fn.blocks:
            t = b.terminator
            if t is not None:
                for i, s in enumerate(t.succs):
                    if s.block in self.incoming:
                        self.incoming[s.block].append((t, i))
        self.block_work: list[Block] = [fn.entry]
        self.inst_work: list[Inst] = []
        # (terminator, successor index, argument index or -1 for all): arguments to meet
        self.param_work: list[tuple[Inst, int, int]] = []
        self.undecided: list[Inst] = []  # branches and switches of executable blocks

    def value(self, v: Value) -> LatticeValue:
        if isinstance(v, Const):
            return v.int_value if isinstance(v.ty, IntType) else OVERDEFINED
        if isinstance(v, Undef):
            return UNKNOWN
        if isinstance(v, (Inst, BlockParam)):
            return self.state.get(v, UNKNOWN)
        return OVERDEFINED  # arguments, globals, functions

    def solve(self) -> None:
        while True:
            self._propagate()
            if not self._force_undecided():
                return

    def _propagate(self) -> None:
        visited = 0
        while self.block_work or self.param_work or self.inst_work:
            if self.block_work:
                b = self.block_work.pop()
                visited += self._params(b)
                for inst in b.insts:
                    self._eval(inst)
                t = b.terminator
                if isinstance(t, (Branch, Switch)):
                    self.undecided.append(t)
                visited += len(b.insts) + 1
            elif self.param_work:
                term, i, j = self.param_work.pop()
                visited += self._edge_params(term, i, j)
            else:
                inst = self.inst_work.pop()
                # values only fall in the lattice, so an overdefined value (the
                # usual case of a re-queued instruction) would evaluate the same
                if inst.block is not None and inst.block in self.exec_blocks and \
                        (inst.is_terminator or self.state.get(inst) is not OVERDEFINED):
                    self._eval(inst)
                visited += 1
        work.add("sccp.visits", visited)

    def _eval(self, inst: Inst) -> None:
        if inst.is_terminator:
            self._terminator(inst)
        elif self._set(inst, self._evaluate(inst)):
            self._changed(inst)

    def _params(self, b: Block) -> int:
        """Every parameter of a block that just became executable; returns the
        number of (parameter, incoming edge) pairs looked at."""
        incoming = self.incoming[b]
        for p in b.params:
            lv: LatticeValue = UNKNOWN
            for term, i in incoming:
                if (id(term), i) in self.exec_edges:
                    lv = meet(lv, self.value(term.succs[i].args[p.index].value))
            self._set_param(p, lv)
        return len(b.params) * len(incoming)

    def _edge_params(self, term: Inst, i: int, j: int) -> int:
        """Meet argument `j` (every argument if -1) of the executable edge `i` of
        `term` into its parameter; returns the number of arguments met."""
        s = term.succs[i]
        params = s.block.params
        for k in (range(len(params)) if j < 0 else (j,)):
            p = params[k]
            self._set_param(p, meet(self.state.get(p, UNKNOWN), self.value(s.args[k].value)))
        return len(params) if j < 0 else 1

    def _set_param(self, p: BlockParam, lv: LatticeValue) -> None:
        if not isinstance(p.ty, IntType):
            lv = OVERDEFINED if lv is not UNKNOWN else lv
        if self._set(p, lv):
            self._changed(p)

    def _changed(self, v: Value) -> None:
        """Queue what reads `v`: instructions, and the parameters an edge passes it to."""
        for u in v.uses:
            if u.is_debug:
                continue
            user = u.user
            assert isinstance(user, Inst)
            if OPINFO[user.op].terminator and not any(u is o for o in user.operands):
                for i, s in enumerate(user.succs):
                    if (id(user), i) in self.exec_edges:
                        self.param_work += [(user, i, j) for j, a in enumerate(s.args)
                                            if u is a]
            else:
                self.inst_work.append(user)

    def _set(self, v: Value, new: LatticeValue) -> bool:
        old = self.state.get(v, UNKNOWN)
        if old is new or (not isinstance(old, _Lattice) and old == new):
            return False
        self.state[v] = new
        return True

    def _mark_edge(self, term: Inst, i: int) -> bool:
        key = (id(term), i)
        if key in self.exec_edges:
            return False
        self.exec_edges.add(key)
        target = term.succs[i].block
        if target in self.exec_blocks:
            self.param_work.append((term, i, -1))
        else:
            self.exec_blocks.add(target)
            self.block_work.append(target)
        return True

    def _terminator(self, term: Inst) -> bool:
        changed = False
        if isinstance(term, Branch):
            c = self.value(term.cond)
            if id(term) in self.forced or c is OVERDEFINED:
                edges = [0, 1]
            elif c is UNKNOWN:
                edges = []
            else:
                edges = [0 if c else 1]
        elif isinstance(term, Switch):
            c = self.value(term.value)
            if id(term) in self.forced or c is OVERDEFINED:
                edges = list(range(len(term.succs)))
            elif c is UNKNOWN:
                edges = []
            else:
                edges = [self._switch_target(term, c)]  # type: ignore[arg-type]
        else:
            edges = list(range(len(term.succs)))
        for i in edges:
            changed |= self._mark_edge(term, i)
        return changed

    @staticmethod
    def _switch_target(term: Switch, c: int) -> int:
        mask = term.value.ty.mask  # type: ignore[union-attr]
        for i, cv in enumerate(term.values):
            if cv & mask == c:
                return i + 1
        return 0

    def _force_undecided(self) -> bool:
        """Terminators of executable blocks still waiting on an unknown condition:
        their condition is undef; keep every edge (we do not exploit undef there).
        A condition once decided never becomes unknown again, so each terminator is
        looked at here once."""
        forced = False
        for t in self.undecided:
            if id(t) not in self.forced and self.value(t.operand(0)) is UNKNOWN:
                self.forced.add(id(t))
                self.inst_work.append(t)
                forced = True
        self.undecided = []
        return forced

    def _evaluate(self, inst: Inst) -> LatticeValue:
        if not isinstance(inst.ty, IntType):
            return OVERDEFINED
        if isinstance(inst, Select):
            c = self.value(inst.cond)
            if c is UNKNOWN:
                return UNKNOWN
            if c is OVERDEFINED:
                return meet(self.value(inst.operand(1)), self.value(inst.operand(2)))
            return self.value(inst.operand(1) if c else inst.operand(2))
        foldable = (inst.op in _FOLDABLE_BINARY or (isinstance(inst, Cmp) and inst.op is Op.ICMP)
                    or inst.op in _FOLDABLE_CAST)
        if not foldable:
            return OVERDEFINED
        ops = [self.value(u.value) for u in inst.operands]
        # `in` finds the two markers by identity (ints never equal them)
        if OVERDEFINED in ops:
            return OVERDEFINED
        if UNKNOWN in ops:
            return UNKNOWN
        if not all(isinstance(u.value.ty, IntType) for u in inst.operands):
            return OVERDEFINED
        vals = [o for o in ops if isinstance(o, int)]
        try:
            if isinstance(inst, Cmp):
                return eval_cmp(inst.pred, inst.lhs.ty, vals[0], vals[1])
            if isinstance(inst, Cast):
                return as_int(eval_cast(inst.op, inst.value.ty, inst.ty, vals[0]))
            return as_int(eval_binary(inst.op, inst.ty, vals[0], vals[1]))
        except InterpError:  # would trap at run time: leave it to run time
            return OVERDEFINED


class SCCP(FunctionPass):
    """Sparse conditional constant propagation (see module docstring)."""

    name: ClassVar[str] = "sccp"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        s = Solver(fn)
        s.solve()
        changed = False
        # 1. terminators with a single executable edge become jumps
        for b in fn.blocks:
            if b not in s.exec_blocks:
                continue
            t = b.terminator
            if not isinstance(t, (Branch, Switch)):
                continue
            live = [i for i in range(len(t.succs)) if (id(t), i) in s.exec_edges]
            if len(live) == 1 and len(t.succs) > 1:
                i = live[0]
                jump_to(b, t.succs[i].block, [u.value for u in t.succs[i].args], t)
                ctx.count("sccp.branches")
                changed = True
        # 2. never-executed blocks go
        dead = [b for b in fn.blocks if b not in s.exec_blocks]
        if dead:
            remove_blocks(fn, dead)
            changed = True
        preds = fn.predecessors()
        # 3. constants replace values
        for b in fn.blocks:
            for idx in range(len(b.params) - 1, -1, -1):
                p = b.params[idx]
                lv = s.state.get(p, UNKNOWN)
                if isinstance(lv, int):
                    replace_value(p, Const(p.ty, lv))
                    remove_param(b, idx, preds[b])
                    ctx.count("sccp.params")
                    changed = True
            for inst in list(b.insts):
                lv = s.state.get(inst, UNKNOWN)
                if isinstance(lv, int) and not inst.is_terminator and inst.info.pure \
                        and inst.op is not Op.ALLOCA:
                    replace_value(inst, Const(inst.ty, lv))
                    erase(inst)
                    ctx.count("sccp.folded")
                    changed = True
        return changed


register(SCCP)
