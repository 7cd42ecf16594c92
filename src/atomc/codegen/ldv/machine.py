"""Phases A and B of value-tracking LiveDebugValues: which value each machine
location holds at every block entry and exit.

A value is named by where it was defined: `(block, index, loc)` with `index`
the 1-based position in the block (debug instructions included), and index 0
meaning "whatever `loc` held on entry to `block`" (its machine PHI). A copy,
spill or restore creates no new value: the destination receives the source's
value, so one value may live in several locations at once.

Block live-ins are solved LLVM-style: every location starts as its own PHI at
every block and the PHI is eliminated when all predecessors (other than a back
edge carrying the PHI itself) agree; eliminated PHIs never come back.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import DebugPhi, MFunctionView, MInstView, MLoc

Value = tuple[int, int, MLoc]


def phi(block: int, loc: MLoc) -> Value:
    return (block, 0, loc)


def track_locations(fn: MFunctionView) -> list[MLoc]:
    """Every location the function touches, in order of first appearance."""
    seen: dict[MLoc, None] = {}
    for blk in fn.blocks:
        for inst in blk.insts:
            if isinstance(inst.debug, DebugPhi):
                seen.setdefault(inst.debug.loc)
            elif inst.debug is not None:
                op = inst.debug.operand
                if isinstance(op, MLoc):
                    seen.setdefault(op)
            for loc in _touched(inst):
                seen.setdefault(loc)
    return list(seen)


def _touched(inst: MInstView) -> list[MLoc]:
    if inst.copy:
        return [inst.copy[1], inst.copy[0]]
    if inst.spill:
        return [inst.spill[1], inst.spill[0]]
    if inst.restore:
        return [inst.restore[1], inst.restore[0]]
    return [*inst.uses, *inst.defs]


def step(state: dict[MLoc, Value], inst: MInstView, block: int, index: int,
         fn: MFunctionView) -> None:
    """Apply one instruction's effect on the location -> value map."""
    if inst.debug is not None:
        return
    if inst.copy:
        dst, src = inst.copy
        state[dst] = state.get(src, phi(block, src))
    elif inst.spill:
        sl, src = inst.spill
        state[sl] = state.get(src, phi(block, src))
    elif inst.restore:
        dst, sl = inst.restore
        state[dst] = state.get(sl, phi(block, sl))
    else:
        for d in inst.defs:
            state[d] = (block, index, d)
        if inst.call:
            for loc in list(state):
                if loc in fn.caller_saved:
                    state[loc] = (block, index, loc)


@dataclass
class MachineValues:
    locs: list[MLoc]
    order: dict[MLoc, int]
    preds: list[list[int]]
    rpo: list[int]
    live_in: list[dict[MLoc, Value]]
    live_out: list[dict[MLoc, Value]]
    # DBG_PHI number -> [(block, index, loc, value read there)]
    phi_defs: dict[int, list[tuple[int, int, MLoc, Value]]]
    # instruction number -> the value each operand holds right after the
    # instruction (None where operand k writes no location).  For most
    # instructions that is the value they define; a numbered copy or restore
    # defines nothing new, so its operand names the value it moved.
    numbered: dict[int, tuple[Value | None, ...]]


def reverse_post_order(fn: MFunctionView) -> list[int]:
    seen = {0}
    post: list[int] = []
    stack: list[tuple[int, int]] = [(0, 0)]
    while stack:
        b, i = stack.pop()
        succs = fn.blocks[b].succs
        if i < len(succs):
            stack.append((b, i + 1))
            s = succs[i]
            if s not in seen:
                seen.add(s)
                stack.append((s, 0))
        else:
            post.append(b)
    return post[::-1]


def solve_machine_values(fn: MFunctionView) -> MachineValues:
    locs = track_locations(fn)
    n = len(fn.blocks)
    preds: list[list[int]] = [[] for _ in range(n)]
    for b, blk in enumerate(fn.blocks):
        for s in dict.fromkeys(blk.succs):
            preds[s].append(b)
    rpo = reverse_post_order(fn)
    rpo_index = {b: i for i, b in enumerate(rpo)}
    for p in preds:
        p.sort(key=lambda b: rpo_index.get(b, len(rpo)))

    def transfer(b: int, live_in: dict[MLoc, Value]) -> dict[MLoc, Value]:
        state = dict(live_in)
        for k, inst in enumerate(fn.blocks[b].insts, start=1):
            step(state, inst, b, k, fn)
        return state

    live_in = [{loc: phi(b, loc) for loc in locs} for b in range(n)]
    live_out = [transfer(b, live_in[b]) for b in range(n)]
    changed = True
    while changed:
        changed = False
        for b in rpo:
            if b == 0:
                continue
            ps = [p for p in preds[b] if p in rpo_index]
            new_in = dict(live_in[b])
            for loc in locs:
                own = phi(b, loc)
                first = live_out[ps[0]][loc]
                if live_in[b][loc] != own:
                    new_in[loc] = first
                elif all(live_out[p][loc] in (first, own) for p in ps) and first != own:
                    new_in[loc] = first
            if new_in != live_in[b]:
                live_in[b] = new_in
                live_out[b] = transfer(b, new_in)
                changed = True

    phi_defs: dict[int, list[tuple[int, int, MLoc, Value]]] = {}
    numbered: dict[int, tuple[Value | None, ...]] = {}
    for b, blk in enumerate(fn.blocks):
        state = dict(live_in[b])
        for k, inst in enumerate(blk.insts, start=1):
            if isinstance(inst.debug, DebugPhi):
                d = inst.debug
                phi_defs.setdefault(d.num, []).append((b, k, d.loc, state[d.loc]))
            step(state, inst, b, k, fn)
            if inst.instr_num and inst.debug is None:
                numbered[inst.instr_num] = tuple(
                    None if loc is None else state.get(loc, phi(b, loc))
                    for loc in (inst.def_operands or inst.defs))
    return MachineValues(locs, {loc: i for i, loc in enumerate(locs)}, preds, rpo, live_in,
                         live_out, phi_defs, numbered)


def resolve_dbg_phi(mv: MachineValues, num: int, use_block: int, use_index: int) -> Value | None:
    """The value a reference to DBG_PHI number `num` stands for at a use (spec §2.4)."""
    defs = mv.phi_defs.get(num)
    if not defs:
        return None
    if len(defs) == 1:
        return defs[0][3]
    local = [d for d in defs if d[0] == use_block and d[1] < use_index]
    if local:
        return local[-1][3]
    loc = defs[0][2]
    if any(d[2] != loc for d in defs):
        return None
    last_def: dict[int, Value] = {}
    for b, _, _, v in defs:
        last_def[b] = v
    memo: dict[int, Value | None] = {}
    in_progress: set[int] = set()

    def value_out(b: int) -> Value | None:
        if b in last_def:
            # the DBG_PHI's value must still be in the location at the block's exit
            return last_def[b] if mv.live_out[b][loc] == last_def[b] else None
        return value_in(b)

    def value_in(b: int) -> Value | None:
        if b in memo:
            return memo[b]
        if b in in_progress:
            return phi(b, loc)  # a loop back to a block being solved
        in_progress.add(b)
        ps = mv.preds[b]
        result: Value | None
        if not ps:
            result = None  # reached the entry without a DBG_PHI: not dominated
        else:
            incoming = [value_out(p) for p in ps]
            if any(v is None for v in incoming):
                result = None
            elif all(v == incoming[0] or v == phi(b, loc) for v in incoming):
                result = incoming[0]
            else:
                # a PHI: every predecessor must leave the expected value in `loc`
                ok = all(mv.live_out[p][loc] == v or v == phi(b, loc)
                         for p, v in zip(ps, incoming, strict=True))
                result = mv.live_in[b][loc] if ok else None
        in_progress.discard(b)
        memo[b] = result
        return result

    return value_in(use_block)
