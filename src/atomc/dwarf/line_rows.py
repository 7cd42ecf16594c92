"""Line-table rows for one function: which instruction gets a row, and whether
it is a recommended breakpoint (`is_stmt`).

This is LLVM 22's DwarfDebug behaviour (shared/specs/key-instructions.md §2):

* `prologue_end` choice (§2.1);
* the Key Instructions key set (§2.2): per source atom (inlined-at, group) the
  lowest-rank members win function-wide in layout order, and each winner's
  is_stmt floats up to its *buoy*, the first instruction of its same-line run;
* the block-entry force set (§2.4);
* the row writer (§2.3): in a Key Instructions scope only key instructions are
  is_stmt; elsewhere the classic "line changed" rule applies, and where the
  front end numbered statements (unoptimised code, `DILocation.stmt`) each
  statement's first row is is_stmt too, as in gcc -O0's table. The mode is
  decided per instruction by the subprogram that owns its scope, so inlined
  code follows its callee.

Two key-set modes: `documented` keeps only the last equal-rank candidate of an
atom per block (what LLVM's documentation says); `llvm22` keeps them all (what
LLVM 22 does, because its same-block filter is a no-op).

The algorithm sees machine code only through `LineInst`, so the same code is
used by the back end and by the conformance tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..ir import work
from ..ir.debuginfo import DIFile, DILocation, DISubprogram
from ..ir.locations import call_chain
from ..options import KeyInstrMode

if TYPE_CHECKING:
    from ..ir.function import AtomKey, Iteration
    from .iteration_heads import Head


class LineInst:
    """What the line-table writer needs to know about one machine instruction.

    Never changed once made, but a plain `__slots__` class, not a frozen
    dataclass: the back end makes one for most instructions at -O0 (11k on Lua's
    lvm.c), and a frozen class's `__init__` costs three times a plain one's
    (each field written through `object.__setattr__`). Nothing compares or
    hashes them: the line-table code keys instructions by position."""

    __slots__ = ("loc", "is_meta", "is_call", "calls_itself", "frame_setup", "frame_destroy",
                 "cond_branch_to", "jump_to", "is_copy", "is_empty", "is_return")

    def __init__(self, loc: DILocation | None, is_meta: bool = False, is_call: bool = False,
                 calls_itself: bool = False, frame_setup: bool = False,
                 frame_destroy: bool = False, cond_branch_to: int | None = None,
                 jump_to: int | None = None, is_copy: bool = False, is_empty: bool = False,
                 is_return: bool = False) -> None:
        self.loc = loc
        self.is_meta = is_meta  # emits no code (debug values, labels, CFI)
        self.is_call = is_call  # calls and tail calls
        self.calls_itself = calls_itself  # a call of the function the instruction is in
        self.frame_setup = frame_setup
        self.frame_destroy = frame_destroy
        # block index of a conditional branch's target
        self.cond_branch_to = cond_branch_to
        self.jump_to = jump_to  # block index of an unconditional branch's target
        self.is_copy = is_copy  # a register copy (not chosen as a fallback prologue_end)
        # emits no bytes (an asm statement with an empty template)
        self.is_empty = is_empty
        self.is_return = is_return

    def __repr__(self) -> str:
        return "LineInst(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


# LineBlock and Row (one per block, one per row) write their own `__init__`, the one
# `dataclass` would make: in the mypyc-compiled build that one is interpreted code,
# most of the line-rows stage's cost at -O0; a written one is compiled
# (tests/codegen/test_compiled_constructors.py holds them to the fields).


@dataclass(frozen=True, slots=True)
class LineBlock:
    """One block as the line-table writer sees it."""

    insts: Sequence[LineInst]
    succs: Sequence[int]  # successor block indices, including a fall-through

    def __init__(self, insts: Sequence[LineInst], succs: Sequence[int]) -> None:
        object.__setattr__(self, "insts", insts)
        object.__setattr__(self, "succs", succs)


@dataclass(frozen=True, slots=True)
class Row:
    """One line-table row: the `.loc` written before an instruction."""

    line: int
    column: int
    file: DIFile | None
    is_stmt: bool
    prologue_end: bool = False
    epilogue_begin: bool = False

    def __init__(self, line: int, column: int, file: DIFile | None, is_stmt: bool,
                 prologue_end: bool = False, epilogue_begin: bool = False) -> None:
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "is_stmt", is_stmt)
        object.__setattr__(self, "prologue_end", prologue_end)
        object.__setattr__(self, "epilogue_begin", epilogue_begin)


@dataclass(frozen=True, slots=True)
class FunctionRows:
    entry: Row | None  # the scope-line row at the function's first address
    rows: tuple[tuple[Row | None, ...], ...]  # per block, per instruction
    # the instructions holding a trip's header row (iteration_heads.py): (loop, trip)
    trips: Mapping[tuple[int, int], tuple[int, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class LineTable:
    """A function's rows as the assembly printer takes them (`.loc` before each
    instruction): made by codegen/debuginfo/line_rows.py from the final MIR."""

    entry_row: Row | None  # the scope-line row at the function's first address
    rows: list[Row | None]  # one per instruction of `mf.instructions()`, in order
    # the instructions (as indices into `rows`) holding a trip's header row of a fully
    # unrolled loop: (loop, trip), as in `FunctionRows.trips`
    trips: Mapping[int, tuple[int, int]] = field(default_factory=dict)


# ---------------------------------------------------------------------------


def _flat(blocks: Sequence[LineBlock]) -> list[tuple[int, int, LineInst]]:
    return [(b, i, inst) for b, blk in enumerate(blocks) for i, inst in enumerate(blk.insts)]


def _real(blocks: Sequence[LineBlock]) -> Iterator[tuple[int, int, LineInst]]:
    """(block, index, instruction) of each instruction that emits code, in layout order."""
    for b, blk in enumerate(blocks):
        for i, inst in enumerate(blk.insts):
            if not inst.is_meta:
                yield b, i, inst


def _has_line(inst: LineInst) -> bool:
    return not inst.is_meta and inst.loc is not None and inst.loc.line != 0


def find_prologue_end(blocks: Sequence[LineBlock]) -> tuple[int, int] | None:
    """(block, index) of the prologue_end instruction (§2.1 step 1)."""
    if not blocks:
        return None
    preds = _pred_counts(blocks)
    b = 0
    seen: set[int] = set()
    while b not in seen:
        seen.add(b)
        blk = blocks[b]
        for i, inst in enumerate(blk.insts):
            if inst.is_meta or inst.frame_setup:
                continue
            if inst.loc is not None and inst.loc.line != 0:
                return (b, i)
        # fall through only along an unconditional path into a single-predecessor block
        if len(blk.succs) != 1 or any(x.cond_branch_to is not None for x in blk.insts):
            break
        nxt = blk.succs[0]
        if preds[nxt] > 1:
            break
        b = nxt
    for i, inst in enumerate(blocks[0].insts):
        if not inst.is_meta and not inst.frame_setup and not inst.is_copy:
            return (0, i)
    return None


def _pred_counts(blocks: Sequence[LineBlock]) -> list[int]:
    counts = [0] * len(blocks)
    for blk in blocks:
        for s in blk.succs:
            counts[s] += 1
    return counts


def compute_key_set(blocks: Sequence[LineBlock],
                    mode: KeyInstrMode = KeyInstrMode.DOCUMENTED) -> set[tuple[int, int]]:
    """The instructions that get is_stmt in Key Instructions scopes (§2.2)."""
    work.add("line_rows.key_scan", sum(len(blk.insts) for blk in blocks))
    key: set[tuple[int, int]] = set()
    # atom (inlined_at, group) -> [rank, candidates [(buoy position, block)]]
    cands: dict[tuple[DILocation | None, int], tuple[int, list[tuple[tuple[int, int], int]]]] = {}
    for b, blk in enumerate(blocks):
        buoy: tuple[int, int] | None = None
        buoy_line = 0
        buoy_atom = 0
        returned_to = 0  # the line of a recursive call just before this instruction
        quiet: DILocation | None = None  # a call into another function, while on its line
        for i, inst in enumerate(blk.insts):
            if inst.is_meta:
                continue
            after_call, returned_to = returned_to, 0
            if not _has_line(inst):
                continue
            loc = inst.loc
            assert loc is not None
            if quiet is not None and not quiet.same_line(loc):
                quiet = None
            if mode is KeyInstrMode.DOCUMENTED and (quiet is not None or after_call == loc.line):
                # no stop at a recursive call's return address on its own line,
                # nor anywhere on the line after a call into another function
                # (compute_rows says why)
                buoy, buoy_atom = None, 0
            elif buoy is None or buoy_line != loc.line:
                buoy, buoy_line, buoy_atom = (b, i), loc.line, 0
            if inst.is_call:
                if buoy is not None:
                    key.add(buoy)
                buoy, buoy_atom = None, 0
                returned_to = loc.line if inst.calls_itself else 0
                quiet = None if inst.calls_itself else loc
                if loc.atom_group == 0 or loc.atom_rank == 0:
                    continue
            group, rank = loc.atom_group, loc.atom_rank
            if group == 0 or rank == 0:
                continue
            if buoy_atom and buoy_atom != group:
                buoy, buoy_line, buoy_atom = (b, i), loc.line, group
            atom = (loc.inlined_at, group)
            best, members = cands.get(atom, (0, []))
            if best and best < rank:
                continue
            if best == rank:
                if mode is KeyInstrMode.DOCUMENTED:
                    members = [m for m in members if m[1] != b]
            else:
                members = []
            if buoy is not None:
                members.append((buoy, b))
                best = rank
                buoy_atom = group
            elif not members:
                best = 0
            cands[atom] = (best, members)
    for _, members in cands.values():
        key.update(pos for pos, _ in members)
    if mode is KeyInstrMode.DOCUMENTED and _has_inlined(blocks):
        dropped, added = _inlined_returns(blocks, key)
        key -= dropped
        key |= added
    return key


def _has_inlined(blocks: Sequence[LineBlock]) -> bool:
    """Does any instruction come from an inlined call? Without one, `_inlined_returns`
    and `compute_reentries` find nothing (both need a non-empty `call_chain`): -O0
    code, which inlines only always_inline functions, skips their walks."""
    return any(inst.loc is not None and inst.loc.inlined_at is not None
               for blk in blocks for inst in blk.insts)


def _inlined_returns(blocks: Sequence[LineBlock], key: set[tuple[int, int]]
                     ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Key instructions where the code after an inlined call's body goes on with
    the call's own line (to drop), and the call line's code right before such a
    body (to add) when the line has no key instruction but those.

    gdb's `step` leaves an inlined body for the caller's line as it returns from
    a call: at -O0 the return lands inside the call line's row and gdb steps on
    to the next line. A statement row there is a second stop on the call line
    after the callee's lines (`main:13 square:4 main:13`), so the rest of the
    line gets no stop, as after a call into another function (compute_rows).
    The line's statement is then its code before the body: the argument
    set-up, or the call's own instruction (codegen/debuginfo/call_site_entries.py),
    where a breakpoint on the line stops before the callee runs, as at -O0. A
    line with neither keeps its key after the body, or `break LINE` would move
    to another line (at the body's entry it would stop inside the callee).
    """
    preds = _preds(blocks)
    found: set[tuple[int, int]] = set()
    entries: list[tuple[tuple[int, int], DILocation]] = []  # run before a body on its line
    # per block: the call line it ends on after returning from an inlined body
    # (only the call line's code since), for its successors later in layout
    returned: list[DILocation | None] = [None] * len(blocks)
    for b, blk in enumerate(blocks):
        before = [_exit_loc(blocks[p], b) for p in preds[b]]
        state = _common_call_line([returned[p] if p < b else None for p in preds[b]])
        run: tuple[int, int] | None = None  # the current same-line run's first instruction
        for i, inst in enumerate(blk.insts):
            if not _has_line(inst):
                continue
            loc = inst.loc
            assert loc is not None
            back = (before and all(p is not None and _returns_to(p, loc) for p in before)) \
                or (state is not None and state.same_line(loc))
            state = loc if back else None
            if back and (b, i) in key:
                found.add((b, i))
            prev = before[0] if len(before) == 1 else None
            if run is not None and prev is not None and _returns_to(loc, prev):
                entries.append((run, prev))
            if prev is None or not prev.same_line(loc):
                run = (b, i)
            before = [loc]
        returned[b] = state
    kept = [blocks[b].insts[i].loc for b, i in key - found]
    dropped: set[tuple[int, int]] = set()
    added: set[tuple[int, int]] = set()
    for b, i in found:
        loc = blocks[b].insts[i].loc
        assert loc is not None
        if any(k is not None and k.same_line(loc) for k in kept):
            dropped.add((b, i))
            continue
        own = [pos for pos, at in entries if at.same_line(loc)]
        if own:
            dropped.add((b, i))
            added.update(own)
    return dropped, added


def _common_call_line(ends: Sequence[DILocation | None]) -> DILocation | None:
    """The call line every predecessor ends on after an inlined body, if one."""
    first = ends[0] if ends else None
    if first is None or any(e is None or not e.same_line(first) for e in ends):
        return None
    return first


def _returns_to(before: DILocation, loc: DILocation) -> bool:
    """Is `before` inside an inlined call made on `loc`'s line of `loc`'s instance?"""
    return any(site.same_line(loc) for site in call_chain(before))


def _preds(blocks: Sequence[LineBlock]) -> list[list[int]]:
    """Each block's predecessors (each once)."""
    preds: list[list[int]] = [[] for _ in blocks]
    for p, blk in enumerate(blocks):
        for s in blk.succs:
            # once per successor: blocks come in order, so an earlier append of `p`
            # is the list's last entry (no `dict.fromkeys`, a generic call, per block)
            at = preds[s]
            if not at or at[-1] != p:
                at.append(p)
    return preds


def compute_force_set(blocks: Sequence[LineBlock]) -> set[tuple[int, int]]:
    """First line-bearing instruction of each block entered from a different line (§2.4)."""
    preds = _preds(blocks)
    forced: set[tuple[int, int]] = set()
    for b, blk in enumerate(blocks):
        if not preds[b]:
            continue
        first = next(((i, x) for i, x in enumerate(blk.insts) if _has_line(x)), None)
        if first is None:
            continue
        line = first[1].loc.line  # type: ignore[union-attr]
        if any(_exit_line(blocks[p], b) != line for p in preds[b]):
            forced.add((b, first[0]))
    return forced


def _exit_line(pred: LineBlock, target: int) -> int:
    """The last line executed in `pred` before control reaches `target`.

    When `pred` ends with `jcc target; jmp other`, the edge to `target` leaves
    at the conditional branch, so the trailing jump's line does not count.
    """
    loc = _exit_loc(pred, target)
    return loc.line if loc is not None else 0


def _exit_loc(pred: LineBlock, target: int) -> DILocation | None:
    """The location of `_exit_line`: read backwards from the block's end, which is
    where it nearly always is, instead of listing the block's instructions for
    every edge out of it."""
    insts = pred.insts
    k = len(insts) - 1  # the last real instruction
    while k >= 0 and insts[k].is_meta:
        k -= 1
    if k < 0:
        return None
    j = k - 1  # the one before it
    while j >= 0 and insts[j].is_meta:
        j -= 1
    last = insts[k]
    if j >= 0 and last.jump_to is not None and last.jump_to != target \
            and insts[j].cond_branch_to == target:
        k = j
    while k >= 0:
        x = insts[k]
        if not x.is_meta and x.loc is not None and x.loc.line != 0:
            return x.loc
        k -= 1
    return None


def compute_reentries(blocks: Sequence[LineBlock]) -> set[tuple[int, int]]:
    """Instructions that enter an inlined instance right after a row of the same
    file and line in another instance (neither a caller nor a callee of it).

    gdb notices an inlined call only where `step` reaches a new line: from the
    caller it stops at the call site, but from another inlined instance on the
    same line it steps on (its check for entering an inlined call compares the
    frame with the one being stepped, the other instance's). When one inlined
    loop follows another (`fill(2); fill(5);`), the second one's loop header
    continues the first one's exit test, line 6 after line 6: gdb never showed
    the second call and stepped on in the second loop as if it were the
    first. Such an entry gets a row of the callee's opening line (`compute_rows`).
    """
    found: set[tuple[int, int]] = set()
    if not _has_inlined(blocks):
        return found
    preds = _preds(blocks)
    for b, blk in enumerate(blocks):
        before = [_exit_loc(blocks[p], b) for p in preds[b]]
        for i, inst in enumerate(blk.insts):
            if not _has_line(inst):
                continue
            loc = inst.loc
            assert loc is not None
            if loc.inlined_at is not None and any(
                    p is not None and _hides_entry(p, loc) for p in before):
                found.add((b, i))
            before = [loc]
    return found


def _hides_entry(before: DILocation, loc: DILocation) -> bool:
    if before.line != loc.line or before.scope.file != loc.scope.file:
        return False
    a, b = call_chain(before), call_chain(loc)
    return a != b and a != b[len(b) - len(a):] and b != a[len(a) - len(b):]


def _trip_heads(blocks: Sequence[LineBlock], keys: _KeySet,
                iterations: Mapping[AtomKey, tuple[Iteration, ...]]) -> dict[tuple[int, int], Head]:
    """The header rows of unrolled loops' trips: only optimised code has any, so
    their module waits for them."""
    from .iteration_heads import compute_iteration_heads

    return compute_iteration_heads(blocks, keys.get(), iterations)


def compute_rows(blocks: Sequence[LineBlock], subprogram: DISubprogram,
                 mode: KeyInstrMode = KeyInstrMode.DOCUMENTED,
                 body_line_at_entry: bool = False,
                 iterations: Mapping[AtomKey, tuple[Iteration, ...]] | None = None
                 ) -> FunctionRows:
    """The row (or None) for every instruction, plus the function-entry row (§2.3).

    `body_line_at_entry` (a function without a frame pointer): the first
    instruction, a frame set-up one, gets a row of the prologue_end
    instruction's line instead of the scope-line row. gdb steps into a
    function to the end of the prologue its own analysis finds, which for code
    without `push %rbp; mov %rsp, %rbp` is the entry address; it shows the row
    there, which would be the `{` line (one more stop than -O0 makes). gcc
    writes the body row after the `{` row at the same address, but lldb 22
    then finds no prologue (its prologue size is 0 when two rows share the
    entry address), so its `break FUNCTION` would stop before the pushes,
    where the frame's variables are not yet located; with one row there it
    still breaks at prologue_end, as gdb does.

    `iterations` (the module's trips of fully unrolled loops, by atom):
    each trip gets a statement row of its loop's header line where it has room
    (dwarf/iteration_heads.py), in the documented mode.
    """
    keys = _KeySet(blocks, mode)
    force = compute_force_set(blocks)
    documented = mode is KeyInstrMode.DOCUMENTED
    reentries = compute_reentries(blocks) if documented else set()
    heads = _trip_heads(blocks, keys, iterations) if documented and iterations else {}
    pe = find_prologue_end(blocks)
    entry: Row | None = None
    # the first instruction, meta or not (not a list of them all: this is per function)
    first = next(((b, 0) for b, blk in enumerate(blocks) if blk.insts), None)
    if pe is not None and first is not None and first != pe:
        entry = Row(subprogram.scope_line, 0, subprogram.file, is_stmt=True)
    body_row = _entry_body_row(blocks, _flat(blocks), pe) \
        if entry and body_line_at_entry else None
    if body_row is not None:
        entry = None  # the body row replaces the `{` row: lldb needs one row at the entry

    trips: dict[tuple[int, int], tuple[int, int]] = {}
    # Per instruction, the position tests below compare plain ints: the forced
    # instruction of each block (at most its first with a line; -1: none), the
    # prologue_end's block and index; a (block, index) tuple is made only to look
    # one up in the sets that hold any (Key Instructions, re-entries, trip heads),
    # not for every instruction.
    forced_at = _per_block(force, len(blocks))
    pe_b, pe_i = pe if pe is not None else (-1, -1)
    prev: DILocation | None = None  # last row with a non-zero line
    ki_of: dict[int, bool] = {}  # a scope's subprogram has Key Instructions (by id)
    last_line: int | None = entry.line if entry else None  # last emitted row's line
    out: list[list[Row | None]] = [[None] * len(blk.insts) for blk in blocks]
    for b, blk in enumerate(blocks):
        carried: DILocation | None = None  # a re-entry's own position, is_stmt, comes next
        moved = False  # a stop moved on from a trip's header row (iteration_heads.py)
        first_real = True
        epilogue_seen = False
        returned_to = 0  # the line of a recursive call just before this instruction
        called: DILocation | None = None  # a call into another function just before it
        forced_i = forced_at[b]
        for i, inst in enumerate(blk.insts):
            if inst.is_meta:
                continue
            is_pe = b == pe_b and i == pe_i
            forced = i == forced_i
            starts_block = first_real
            first_real = False
            after_call, returned_to = returned_to, inst.loc.line \
                if inst.calls_itself and inst.loc is not None else 0
            after_other, called = called, \
                inst.loc if inst.is_call and not inst.calls_itself else None
            if inst.frame_setup:
                if starts_block and b > 0 and last_line:
                    out[b][i] = Row(0, 0, subprogram.file, is_stmt=False)
                    last_line = 0
                elif body_row is not None and (b, i) == body_row[0]:
                    out[b][i] = body_row[1]
                    last_line = body_row[1].line
                continue
            loc = inst.loc
            epilogue = False
            if inst.frame_destroy and loc is not None and not epilogue_seen:
                epilogue = epilogue_seen = True
            ki = False if loc is None else ki_of.get(id(loc.scope))
            if ki is None and loc is not None:
                ki = _key_instructions(loc, ki_of)
            is_key = ki and loc is not None and loc.line != 0 and (b, i) in keys.get()
            if loc is None and is_pe:
                out[b][i] = Row(subprogram.scope_line, 0, subprogram.file, is_stmt=True,
                                prologue_end=True)
                last_line = subprogram.scope_line
                continue
            if loc is not None and reentries and (b, i) in reentries and not is_pe:
                # the entry of an inlined call gdb would not notice (compute_reentries):
                # a statement row of the callee's opening line, a new line for gdb,
                # which shows the call site there and the callee's line after `step`;
                # the instruction's own row follows at the next instruction
                sp = loc.subprogram
                out[b][i] = Row(sp.scope_line, 0, sp.file, is_stmt=True,
                                epilogue_begin=epilogue)
                carried = loc if (is_key or not ki) else None
                prev, last_line = None, sp.scope_line
                continue
            head = heads.get((b, i)) if heads else None
            if loc is not None and head is not None and not is_pe:
                # a trip's header row (iteration_heads.py); the instruction's own
                # row follows at the next instruction, with the stop if it was one
                h = head.header
                out[b][i] = Row(h.line, h.column, h.scope.file, is_stmt=True,
                                epilogue_begin=epilogue)
                moved = head.moves_stop
                trips[b, i] = head.trip
                prev, last_line = None, h.line
                continue
            returned = documented and loc is not None and after_call != 0 and \
                after_call == loc.line
            if documented and ki and loc is not None and after_other is not None \
                    and not is_key and not forced and after_other.same_line(loc):
                # The return address of a call into another function, on the call's
                # line, starts a row without is_stmt, and the rest of the line has
                # none (compute_key_set). gdb's `step` out of the callee arrives at
                # the start of a row in another frame: one without is_stmt is no
                # stop, and gdb steps on to the next is_stmt row, on the next line,
                # as at -O0 where the return lands inside a column row (calls.c:
                # main:21 once more after fib returned). Returning into the middle
                # of the call's is_stmt row instead would be a stop, as after gcc's
                # calls: gdb shows the caller's line when it returns into another
                # function in the middle of a statement.
                out[b][i] = _row(loc, False, epilogue_begin=epilogue)
                prev, last_line = loc, loc.line
                continue
            # `loc is prev`: most instructions continue the row before them
            starts = not ki and loc is not None and loc is not prev and \
                _starts_statement(loc, prev)
            if loc is not None and not forced and not starts and (
                    loc is prev or loc.same_position(prev) or (returned and not is_key)):
                # A recursive call's return address on the call's own line starts
                # no row. gdb's `step` out of the callee returns into the same
                # function: from the middle of a row it steps on, into the line's
                # next call or to its next line, as at -O0 (fib:10 fib:7); a row
                # starting there, even without is_stmt, keeps the callee's line as
                # the one being stepped and the line's next is_stmt row is a stop
                # -O0 never makes (fib:10 fib:9 fib:7).
                if not is_key:
                    if last_line == 0 or epilogue:
                        out[b][i] = _row(loc, False, epilogue_begin=epilogue)
                        last_line = loc.line
                    continue
            if loc is None:
                if last_line != 0 and starts_block:
                    out[b][i] = Row(0, 0, subprogram.file, is_stmt=False)
                    last_line = 0
                continue
            if loc.line == 0 and last_line == 0:
                continue
            if ki:
                stmt = is_key
            else:
                stmt = loc.line != 0 and (prev is None or loc.line != prev.line
                                          or forced or starts)
            if carried is not None and loc.line != 0:
                stmt = stmt or loc.same_position(carried)
                carried = None
            if moved and loc.line != 0:
                stmt, moved = True, False
            out[b][i] = _row(loc, stmt or is_pe, prologue_end=is_pe, epilogue_begin=epilogue)
            if loc.line != 0:
                prev = loc
            last_line = loc.line
    _one_stmt_per_address(blocks, out)
    return FunctionRows(entry, tuple(tuple(r) for r in out), trips)


def _per_block(positions: set[tuple[int, int]], n: int) -> list[int]:
    """Each block's index of `positions` (a set with at most one per block, as
    `compute_force_set`'s), -1 where it has none."""
    at = [-1] * n
    for b, i in positions:
        at[b] = i
    return at


class _KeySet:
    """`compute_key_set`, made on the first ask: only Key Instructions scopes and the
    trips of unrolled loops read it, so -O0 code (no Key Instructions) skips its walk."""

    __slots__ = ("blocks", "key", "mode")

    def __init__(self, blocks: Sequence[LineBlock], mode: KeyInstrMode) -> None:
        self.blocks = blocks
        self.mode = mode
        self.key: set[tuple[int, int]] | None = None

    def get(self) -> set[tuple[int, int]]:
        if self.key is None:
            self.key = compute_key_set(self.blocks, self.mode)
        return self.key


def _key_instructions(loc: DILocation, ki_of: dict[int, bool]) -> bool:
    """Does `loc`'s subprogram use Key Instructions? Asked once per scope, not
    with a walk up the lexical blocks for every instruction."""
    ki = ki_of.get(id(loc.scope))
    if ki is None:
        ki = ki_of[id(loc.scope)] = loc.scope.subprogram.key_instructions
    return ki


def _starts_statement(loc: DILocation, prev: DILocation | None) -> bool:
    """Does `loc` begin another statement than `prev`'s (`DILocation.stmt`, set in
    unoptimised code without Key Instructions)? Its first row is then `is_stmt`
    even on the same line, as every statement's is in gcc -O0's table: gdb stops
    there when a call returns right before it (`push(m, a); push(m, a);` stops
    on the line between the calls, and after the last, at a `break;` following
    it, with the values the line assigned)."""
    if prev is None or not (loc.stmt or prev.stmt):
        return False
    return loc.stmt != prev.stmt or loc.inlined_at != prev.inlined_at \
        or loc.subprogram is not prev.subprogram


def _one_stmt_per_address(blocks: Sequence[LineBlock], rows: list[list[Row | None]]) -> None:
    """One is_stmt row where an instruction that emits no bytes (an empty
    `asm volatile("")`) shares its address with the next row of another line.

    gdb reports the last row at an address, so `break LINE` on the first one's
    line stopped reporting the later line. Before the closing brace (a return
    or the epilogue) the brace's row loses is_stmt, as in gcc's table: gdb looks
    back to the is_stmt row at the same address and shows the statement
    (`break 13` on the asm showed line 14). Before a statement with code, the
    empty one's row loses it: the statement keeps its breakpoint, and `break`
    on the asm line moves to it as on a line without code. Blocks are laid out
    without padding, so an address can be shared across a block boundary.
    """
    if not any(inst.is_empty for blk in blocks for inst in blk.insts):
        return  # only an instruction without bytes shares its address (most functions)
    shared: tuple[int, int] | None = None  # an is_stmt row no code has moved past
    for b, i, inst in _real(blocks):
        row = rows[b][i]
        if row is not None and row.is_stmt:
            first = rows[shared[0]][shared[1]] if shared is not None else None
            if first is None:
                shared = (b, i)
            elif row.line != first.line and not row.prologue_end:
                assert shared is not None
                brace = inst.is_return or row.epilogue_begin
                at = (b, i) if brace or first.prologue_end else shared
                demoted = rows[at[0]][at[1]]
                assert demoted is not None
                rows[at[0]][at[1]] = _no_stmt(demoted)
                shared = shared if brace else (b, i)
        if not inst.is_empty:
            shared = None


def _no_stmt(row: Row) -> Row:
    return Row(row.line, row.column, row.file, False, row.prologue_end, row.epilogue_begin)


def _entry_body_row(blocks: Sequence[LineBlock], flat: list[tuple[int, int, LineInst]],
                    pe: tuple[int, int] | None) -> tuple[tuple[int, int], Row] | None:
    """(first instruction, row of the prologue_end instruction's line, or of its
    call line in the function when it is inlined code) when the function starts
    with frame set-up and prologue_end has a line."""
    first = next(((b, i, x) for b, i, x in flat if not x.is_meta), None)
    if first is None or not first[2].frame_setup or pe is None:
        return None
    loc = blocks[pe[0]].insts[pe[1]].loc
    while loc is not None and loc.inlined_at is not None:
        loc = loc.inlined_at  # the entry is the function's own code: its call line
    if loc is None or loc.line == 0:
        return None
    return (first[0], first[1]), _row(loc, True)


def _row(loc: DILocation, is_stmt: bool, *, prologue_end: bool = False,
         epilogue_begin: bool = False) -> Row:
    return Row(loc.line, loc.column, loc.scope.file, is_stmt, prologue_end, epilogue_begin)
