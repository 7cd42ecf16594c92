"""SSA repair after duplication: promote the slots a pass just demoted, touching
only the blocks that use them.

The duplication passes (duplication.py) demote the values that escape the
region they clone, clone it, and then need SSA back. Running mem2reg over the
whole function for that made every loop cost a walk of the whole function.
`promote_slots` does, for the given slots only, exactly what `Mem2Reg` does
(same block parameters in the same order, same values, same debug records in
the same places, same erasures), but finds the accesses through the slots'
use lists and the dominance facts through a kept `CFGState`:

* block parameters go to the iterated dominance frontier of the stores,
  pruned by liveness; the frontier of each live-in join is found by walking up
  the dominator tree from its predecessors to its immediate dominator, so the
  work is bounded by the slot's live range, not the function;
* the value reaching a block is its parameter, else the value leaving its
  immediate dominator (what mem2reg's renaming walk carries down the tree).

Debug info: as mem2reg (see mem2reg.py): value records after every store and
at every join that got a parameter; the demoted homes are detached.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ir import Alloca, Block, Function, Inst, Load, Store, Undef, Value, work
from ..ir.cfgstate import CFGState
from ..ir.rewrite import detach_with_dependents, erase, next_inst
from .mem2reg import _add_value_records, _Slot, add_edge_args, promotable_slots


def promote_slots(fn: Function, slots: Sequence[Alloca], cfg: CFGState,
                  keyed: bool) -> list[Block]:
    """Promote `slots` (in entry-block order) as `Mem2Reg().run(fn)` would, when they
    are the only promotable allocas; the blocks changed. `keyed`: the function may
    hold `add`/`delete` records (then a detached home's dependents are looked for in
    the whole function)."""
    infos = promotable_slots(slots)
    touched = [a.block for a in slots if a.block is not None]  # the entry, for the slots
    if not infos:
        return touched
    accesses = [_Accesses(s) for s in infos]
    params = _place_params(infos, accesses, cfg)
    touched += _Renamer(fn, infos, accesses, params, cfg).run()
    for s in infos:
        for home in s.homes:
            if keyed:
                detach_with_dependents(home)
            else:
                home.detach()
        erase(s.alloca)
    return touched


class _Accesses:
    """A slot's loads and stores, by block, in block order."""

    __slots__ = ("by_block", "last_store", "stores", "upward")

    def __init__(self, s: _Slot) -> None:
        by_block: dict[Block, list[Inst]] = {}
        for u in s.alloca.uses:
            if u.is_debug:
                continue
            user = u.user
            assert isinstance(user, Inst) and user.block is not None
            by_block.setdefault(user.block, []).append(user)
        self.by_block = by_block
        self.stores: list[Block] = []           # blocks that store
        self.upward: set[Block] = set()         # blocks that read before storing
        self.last_store: dict[Block, Value] = {}
        for b, insts in by_block.items():
            if len(insts) > 1:
                index = b.insts.index
                insts.sort(key=index)
            stored = False
            for inst in insts:
                if isinstance(inst, Store):
                    stored = True
                    self.last_store[b] = inst.value
                elif not stored:
                    self.upward.add(b)
            if stored:
                self.stores.append(b)
        work.add("ssa_repair.accesses", len(s.alloca.uses))


def _place_params(slots: list[_Slot], accesses: list[_Accesses],
                  cfg: CFGState) -> dict[Block, list[tuple[_Slot, Value]]]:
    """mem2reg's pruned iterated dominance frontier, from the live range outwards."""
    placed: dict[Block, list[tuple[_Slot, Value]]] = {}
    idom = cfg.idom
    entry = cfg.entry
    visited = 0
    for s, acc in zip(slots, accesses, strict=True):
        defs = set(acc.stores)
        live = set(acc.upward)
        stack = list(acc.upward)
        while stack:
            b = stack.pop()
            for p in cfg.reachable_preds(b):
                if p in live or (p in defs and p not in acc.upward):
                    continue
                live.add(p)
                stack.append(p)
        visited += len(live)
        # The dominance frontier restricted to live-in joins: z is in DF(x) for every
        # x on the dominator-tree path from a predecessor of z up to (not including)
        # idom(z) (the "runner" walk of Cooper, Harvey and Kennedy).
        frontier: dict[Block, list[Block]] = {}
        for z in live:
            if z not in idom:
                continue
            ps = cfg.reachable_preds(z)
            if len(ps) < (1 if z is entry else 2):
                continue
            stop = idom[z]
            for p in dict.fromkeys(ps):
                runner: Block | None = p
                while runner is not None and runner is not stop:
                    frontier.setdefault(runner, []).append(z)
                    runner = idom[runner]
                    visited += 1
        work_list = [b for b in acc.stores if b in idom]
        has_param: set[Block] = set()
        while work_list:
            b = work_list.pop()
            for f in frontier.get(b, ()):
                if f in has_param:
                    continue
                has_param.add(f)
                param = f.add_param(s.ty, s.alloca.name)
                placed.setdefault(f, []).append((s, param))
                work_list.append(f)
    work.add("ssa_repair.blocks", visited)
    return placed


class _Renamer:
    """mem2reg's renaming, block by block over the touched blocks."""

    def __init__(self, fn: Function, slots: list[_Slot], accesses: list[_Accesses],
                 params: dict[Block, list[tuple[_Slot, Value]]], cfg: CFGState) -> None:
        self.fn = fn
        self.slots = slots
        self.acc = {id(s.alloca): a for s, a in zip(slots, accesses, strict=True)}
        self.params = params
        self.cfg = cfg
        self.param_of: dict[tuple[int, Block], Value] = {
            (id(s.alloca), b): p for b, lst in params.items() for s, p in lst}
        # mem2reg starts every slot's renaming with one undef of its type
        self.undef: dict[int, Value] = {id(s.alloca): Undef(s.ty) for s in slots}
        self.out_memo: dict[tuple[int, Block], Value] = {}
        self.by_key = {id(s.alloca): s for s in slots}
        # every slot's loads and stores, by block
        self.per_block: dict[Block, list[tuple[int, Inst]]] = {}
        for key, a in self.acc.items():
            for b, insts in a.by_block.items():
                self.per_block.setdefault(b, []).extend((key, i) for i in insts)

    def value_in(self, key: int, b: Block) -> Value:
        """The slot's value on entry to reachable block `b`."""
        p = self.param_of.get((key, b))
        if p is not None:
            return p
        d = self.cfg.idom[b]
        return self.undef[key] if d is None else self.value_out(key, d)

    def value_out(self, key: int, b: Block) -> Value:
        """The slot's value on leaving reachable block `b` (before any renaming)."""
        memo = self.out_memo
        chain: list[Block] = []
        cur: Block | None = b
        last_store = self.acc[key].last_store
        param_of = self.param_of
        idom = self.cfg.idom
        value: Value
        while True:
            assert cur is not None
            hit = memo.get((key, cur))
            if hit is not None:
                value = hit
                break
            chain.append(cur)
            v = last_store.get(cur)
            if v is None:
                v = param_of.get((key, cur))
            if v is not None:
                value = v
                break
            up = idom[cur]
            if up is None:
                value = self.undef[key]
                break
            cur = up
        for c in chain:
            memo[(key, c)] = value
        work.add("ssa_repair.chain", len(chain))
        return value

    def touched(self) -> list[Block]:
        seen: dict[Block, None] = dict.fromkeys(self.per_block)
        for b in self.params:
            seen[b] = None
            seen.update(dict.fromkeys(self.cfg.preds.get(b, ())))
        return list(seen)

    def run(self) -> list[Block]:
        cfg = self.cfg
        blocks = self.touched()
        for b in blocks:
            if cfg.is_reachable(b):
                self._block(b)
        for b in blocks:
            if not cfg.is_reachable(b):
                self._unreachable(b)
        work.add("ssa_repair.touched", len(blocks))
        return blocks

    def _accesses_in(self, b: Block) -> list[tuple[int, Inst]]:
        """The block's loads and stores of all the slots, in block order."""
        found = self.per_block.get(b, [])
        if len(found) > 1 and any(k != found[0][0] for k, _ in found):
            index = b.insts.index
            found.sort(key=lambda ki: index(ki[1]))
        return found

    def _block(self, b: Block) -> None:
        current: dict[int, Value] = {}
        for s, p in self.params.get(b, ()):
            current[id(s.alloca)] = p
            _add_value_records(s, p, b.insts[0] if b.insts else None)
        by_key = self.by_key
        for key, inst in self._accesses_in(b):
            if isinstance(inst, Load):
                v = current.get(key)
                if v is None:
                    v = current[key] = self.value_in(key, b)
                inst.replace_all_uses_with(v)
                erase(inst)
            else:
                assert isinstance(inst, Store)
                current[key] = inst.value
                _add_value_records(by_key[key], inst.value, next_inst(inst))
                erase(inst)

        def leaving(s: _Slot) -> Value:
            v = current.get(id(s.alloca))
            return self.value_out(id(s.alloca), b) if v is None else v

        add_edge_args(b, self.params, leaving)

    def _unreachable(self, b: Block) -> None:
        for _, inst in self._accesses_in(b):
            if isinstance(inst, Load):
                inst.replace_all_uses_with(Undef(inst.ty))
            erase(inst)
        add_edge_args(b, self.params, lambda s: Undef(s.ty))
