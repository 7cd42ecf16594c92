"""Which lexical blocks and inlined-subroutine instances each machine
instruction belongs to, for the scopes' address ranges.

An instruction with a location belongs to the scope of its location and to
every scope around it. An instruction without one (code LICM hoisted into a
loop header, copies feeding a loop's next iteration, register moves the
allocator added) belongs to the innermost scope shared by the code it runs
between: the located instruction before it and the located instruction after
it, in execution order. Before the first located instruction of a block that
is every predecessor's last located instruction; after the last one of a
block, every successor's first (the function itself after a return).

LLVM's LexicalScopes instead gives a location-less instruction the scope of
the previous instruction of its block, and none at a block start. At the top
of a loop inside an inlined call that leaves the loop header outside the
inlined instance, so gdb leaves the inline frame (and shows the call site) on
every iteration, and re-enters it with a second stop at the call line. With
the rule here an inlined body's headers and latches stay inside its ranges,
while code between a caller's statement and an inlined body (argument set-up)
stays in the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from ...ir import work
from ...ir.cfgstate import checking
from ...ir.debuginfo import DILexicalBlock, DILocation
from ..mir import META_OPCODES, BlockRef, JumpTable, MFunction, MIFlag, MInst
from ..mir.cfg import successor_indices
from ..target import desc

ScopeKey = tuple[object, DILocation | None]
Chain = tuple[ScopeKey, ...]  # innermost first; () is the function's own scope


def scope_chain(loc: DILocation) -> Chain:
    """Lexical blocks and inlined-subprogram instances enclosing `loc`, innermost first."""
    out: list[ScopeKey] = []
    cur: DILocation | None = loc
    while cur is not None:
        scope = cur.scope
        while isinstance(scope, DILexicalBlock):
            out.append((scope, cur.inlined_at))
            scope = scope.scope
        if cur.inlined_at is not None:
            out.append((scope, cur.inlined_at))
        cur = cur.inlined_at
    return tuple(out)


def _own_chains(mf: MFunction) -> tuple[list[list[MInst]], list[list[Chain | None]], list[bool]]:
    """Per block: its real instructions, the chain of each one's own location (None:
    it has none), and whether some has none. A chain depends only on the scope and
    the inlined-at of a location: it is walked once per such pair and shared by
    every location in it (one object, so `insert_scope_labels` sees one run), and an
    instruction whose location is the previous one's (at -O0 its reloads and spills)
    takes its chain without a look-up."""
    memo: dict[object, Chain] = {}  # by scope, inlined-at (the ids of objects mf keeps)
    real: list[list[MInst]] = []
    own: list[list[Chain | None]] = []
    gaps: list[bool] = []
    prev: DILocation | None = None
    chain: Chain | None = None
    for b in mf.blocks:
        insts: list[MInst] = []
        chains: list[Chain | None] = []
        gap = False
        for mi in b.insts:
            if mi.opcode in META_OPCODES:
                continue
            insts.append(mi)
            loc = mi.loc
            if loc is None:
                chains.append(None)
                gap = True
                continue
            if loc is not prev:
                at = loc.inlined_at
                key = id(loc.scope) if at is None else (id(loc.scope), id(at))
                chain = memo.get(key)
                if chain is None:
                    chain = memo[key] = scope_chain(loc)
                prev = loc
            chains.append(chain)
        real.append(insts)
        own.append(chains)
        gaps.append(gap)
    return real, own, gaps


def _next_located(chains: Sequence[Chain | None]) -> list[Chain | None]:
    """Per position, the chain of the first located instruction after it in the
    block (None: none), from one backward sweep rather than a scan from each
    location-less instruction (a long block of them was quadratic)."""
    out: list[Chain | None] = [None] * len(chains)
    after: Chain | None = None
    for i in range(len(chains) - 1, -1, -1):
        out[i] = after
        if chains[i] is not None:
            after = chains[i]
    work.add("scopes.next_located", len(chains))
    return out


def common_chain(a: Chain | None, b: Chain | None) -> Chain | None:
    """The innermost scope enclosing both (None: not known yet, the identity)."""
    if a is None:
        return b
    if b is None:
        return a
    n = 0
    while n < len(a) and n < len(b) and a[len(a) - 1 - n] == b[len(b) - 1 - n]:
        n += 1
    return a[len(a) - n:]


def instruction_scopes(mf: MFunction) -> list[list[Chain]]:
    """Per block, the scope chain of each real (non-meta) instruction, in order."""
    work.add("scopes.computed", 1)  # once per function unless locations change (SharedScopes)
    real, own, gaps = _own_chains(mf)
    succs = successor_indices(mf)
    preds: list[list[int]] = [[] for _ in mf.blocks]
    for b, ss in succs.items():
        for s in ss:
            preds[s].append(b)
    entry, exit_ = _boundary_chains(own, preds, succs)
    first = [next((c for c in chains if c is not None), None) for chains in own]
    index = {id(b): k for k, b in enumerate(mf.blocks)}
    out: list[list[Chain]] = []
    for b, chains in enumerate(own):
        if not gaps[b]:  # every instruction located: its own chains (most blocks)
            out.append(cast(list[Chain], chains))
            continue
        before = entry[b]
        resolved: list[Chain] = []
        following = _next_located(chains)
        for i, chain in enumerate(chains):
            if chain is not None:
                before = chain
                resolved.append(chain)
                continue
            after = following[i]
            if after is None:  # where control goes from here: the branches after i
                after = () if not succs.get(b) else None
                for s in _targets_from(real[b], i, b, index, len(mf.blocks)):
                    after = common_chain(after, first[s] if first[s] is not None else exit_[s])
            both = common_chain(before, after)
            resolved.append(both if both is not None else ())
        out.append(resolved)
    if not mf.frame_pointer and out and out[0]:
        _entry_setup_scopes(real[0], out[0])
    return out


class SharedScopes:
    """`instruction_scopes` of one function, computed once for the debug-info
    stages that read it in turn (inline-entries, call-site-entries, scope-labels:
    three computations per function before).

    The contract: the answer holds while the function's real instructions, their
    locations, its CFG and its frame-pointer choice stay as they were. Meta
    instructions (labels, value records) may come and go. A stage that changes
    any of those calls `invalidate` once it has read the answer, and the next
    reader gets a fresh one. In checking mode (ATOMC_CHECK_INCREMENTAL) every kept
    answer is compared with a fresh one, so a stage that forgets is caught."""

    __slots__ = ("_chains", "mf")

    def __init__(self, mf: MFunction) -> None:
        self.mf = mf
        self._chains: list[list[Chain]] | None = None

    def get(self) -> list[list[Chain]]:
        """The chains per block and real instruction (do not change them)."""
        if self._chains is None:
            self._chains = instruction_scopes(self.mf)
        elif checking() and self._chains != instruction_scopes(self.mf):
            raise AssertionError(f"stale instruction scopes of {self.mf.name}: a stage "
                                 "changed locations or instructions without invalidating")
        return self._chains

    def invalidate(self) -> None:
        """Locations, real instructions or the CFG changed: recompute on the next ask."""
        self._chains = None


def shared_scopes(mf: MFunction, scopes: SharedScopes | None) -> SharedScopes:
    """`scopes` when a caller shares them, else a holder for `mf` alone."""
    return scopes if scopes is not None else SharedScopes(mf)


def _entry_setup_scopes(insts: Sequence[MInst], chains: list[Chain]) -> None:
    """A function without a frame pointer has its first body line's row at its
    entry address (dwarf/line_rows.py `body_line_at_entry`), where gdb stops
    when it steps in: the frame set-up instructions in front of that line's
    code belong to the lexical blocks of that code (of its call line in the
    function, when it is inlined code, as the row says), so the stop shows the
    variables in scope there."""
    n = 0
    while n < len(insts) and insts[n].flags & MIFlag.FRAME_SETUP and insts[n].loc is None:
        n += 1
    if n == 0 or n == len(insts):
        return
    loc = insts[n].loc
    while loc is not None and loc.inlined_at is not None:
        loc = loc.inlined_at
    if loc is None or loc.line == 0:
        return
    own = scope_chain(loc)
    for i in range(n):
        chains[i] = own


def _targets_from(insts: Sequence[MInst], i: int, b: int, index: dict[int, int],
                  n: int) -> list[int]:
    """Blocks control can reach from real instruction i of block b without
    passing another instruction of b: targets of the branches after it, and
    the next block when b falls through (a latch's `jcc exit; jmp header`
    leaves the copies between them with the header alone)."""
    out: list[int] = []
    for mi in insts[i + 1:]:
        if desc(mi.opcode).is_branch and mi.operands and isinstance(mi.operands[0], BlockRef):
            out.append(index[id(mi.operands[0].block)])
        elif isinstance(mi.meta, JumpTable):
            out.extend(index[id(t)] for t in mi.meta.targets)
    last = insts[-1] if insts else None
    falls = last is None or not desc(last.opcode).is_terminator or \
        desc(last.opcode).is_cond_branch
    if falls and b + 1 < n:
        out.append(b + 1)
    return out


def _boundary_chains(own: Sequence[Sequence[Chain | None]], preds: Sequence[Sequence[int]],
                     succs: dict[int, list[int]]) -> tuple[list[Chain | None], list[Chain | None]]:
    """Per block: the scope control arrives from (its predecessors' last located
    instructions) and the scope it goes on to (its successors' first ones).
    A fixpoint, since a block without a located instruction passes both on:
    solved with a worklist (`common_chain` is a meet, so the order does not change
    the result), where sweeps over every block until nothing changed took one
    sweep per block of a chain of location-less blocks laid out backwards."""
    n = len(own)
    first = [next((c for c in chains if c is not None), None) for chains in own]
    last = [next((c for c in reversed(chains) if c is not None), None) for chains in own]
    entry: list[Chain | None] = [() if b == 0 or not preds[b] else None for b in range(n)]
    exit_: list[Chain | None] = [() if not succs.get(b) else None for b in range(n)]
    pending = list(range(n - 1, -1, -1))  # popped from the end: layout order first
    queued = [True] * n
    visits = 0
    while pending:
        b = pending.pop()
        queued[b] = False
        visits += 1
        came: Chain | None = () if b == 0 or not preds[b] else None
        for p in preds[b]:
            came = common_chain(came, last[p] if last[p] is not None else entry[p])
        if came != entry[b]:
            entry[b] = came
            if last[b] is None:  # passed on to the successors
                _requeue(succs.get(b, ()), pending, queued)
        goes: Chain | None = () if not succs.get(b) else None
        for s in succs.get(b, ()):
            goes = common_chain(goes, first[s] if first[s] is not None else exit_[s])
        if goes != exit_[b]:
            exit_[b] = goes
            if first[b] is None:  # passed on to the predecessors
                _requeue(preds[b], pending, queued)
    work.add("scopes.boundary_visits", visits)
    return entry, exit_


def _requeue(blocks: Sequence[int], pending: list[int], queued: list[bool]) -> None:
    for x in blocks:
        if not queued[x]:
            queued[x] = True
            pending.append(x)
