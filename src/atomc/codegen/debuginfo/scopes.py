"""Per-function debug facts for the DWARF writer: lexical-block address
ranges (as assembler label pairs) and variable locations.

An instruction belongs to the scope of its location; one without a location
to the innermost scope around the code it runs between
(`instruction_scopes`). A scope's range covers every instruction whose scope
is it or nested in it; runs that are adjacent in layout merge into one range.

Variable locations at -O0 come from the DBG_VALUE meta instructions left by
the register allocator: a stack slot gives a frame-base-relative location
(`fbreg`, CFA-relative since the frame base is DW_OP_call_frame_cfa), a
constant gives a constant value, an undefined one "optimized out".
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence, Sized
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...dwarf.locexpr import CallFrameCfa, Deref, Fbreg, LocExpr
from ...dwarf.model import FunctionDebugInfo, ScopeRanges, VarLocation
from ...ir import work
from ...ir.dbgrecords import DbgKind
from ...ir.debuginfo import DISubprogram, DW_OP_deref
from ..mir import DbgMeta, Imm, MFunction, MInst, StackSlot, Sym
from .instruction_scopes import ScopeKey, SharedScopes, shared_scopes

if TYPE_CHECKING:
    from .live_debug_values import FunctionLocations


@dataclass(slots=True)
class LabelCounter:
    next: int = 0

    def fresh(self) -> str:
        n = self.next
        self.next += 1
        return f".Ltmp{n}"


def insert_scope_labels(mf: MFunction, labels: LabelCounter,
                        scopes: SharedScopes | None = None) -> list[ScopeRanges]:
    """Compute scope ranges and insert LABEL meta instructions at their ends
    (`scopes`: the function's shared instruction scopes, when kept)."""
    per_block = shared_scopes(mf, scopes).get()  # per block, per real instruction
    member = [chain for block in per_block for chain in block]

    order: list[ScopeKey] = []
    runs: dict[ScopeKey, list[list[int]]] = {}
    # consecutive instructions with one chain (at -O0 an instruction, its reloads
    # and spills) extend each scope's run once, not once per instruction
    start = 0
    for i in range(1, len(member) + 1):
        chain = member[start]
        if i < len(member) and member[i] is chain:
            continue
        for key in chain:
            r = runs.get(key)
            if r is None:
                runs[key] = [[start, i - 1]]
                order.append(key)
            elif r[-1][1] == start - 1:
                r[-1][1] = i - 1
            else:
                r.append([start, i - 1])
        start = i

    # label positions: "before instruction i" (i == len(seq): the function end)
    names: dict[int, str] = {}

    def label_at(i: int) -> str:
        if i == len(member):
            return mf.end_label
        n = names.get(i)
        if n is None:
            n = labels.fresh()
            names[i] = n
        return n

    result: list[ScopeRanges] = []
    for key in order:
        pairs = tuple((label_at(a), label_at(b + 1)) for a, b in runs[key])
        result.append(ScopeRanges(key[0], key[1], pairs))  # type: ignore[arg-type]

    # insert the labels, each block rebuilt once
    before: dict[int, dict[int, MInst]] = {}  # block -> position -> label in front of it
    for (bi, pi), name in _positions(mf, per_block, names).items():
        before.setdefault(bi, {})[pi] = MInst("LABEL", [Sym(name)], loc=None)
    insert_before(mf, before)
    return result


def _positions(mf: MFunction, per_block: Sequence[Sized],
               names: dict[int, str]) -> dict[tuple[int, int], str]:
    """Each label of `names` (by index among the function's real instructions) at its
    (block, position in `insts`): only the blocks that get a label are walked, instead
    of listing every instruction's place to look a few hundred up."""
    starts: list[int] = []  # each block's first real instruction's index
    n = 0
    for block in per_block:
        starts.append(n)
        n += len(block)
    wanted: dict[int, dict[int, str]] = {}  # block -> its own real index -> label
    for i, name in names.items():
        bi = bisect_right(starts, i) - 1  # past the empty blocks sharing its start
        wanted.setdefault(bi, {})[i - starts[bi]] = name
    out: dict[tuple[int, int], str] = {}
    for bi, labels in wanted.items():
        real = 0
        for pi, mi in enumerate(mf.blocks[bi].insts):
            if mi.is_meta:
                continue
            label = labels.get(real)
            if label is not None:
                out[bi, pi] = label
            real += 1
    return out


def insert_before(mf: MFunction, at: dict[int, dict[int, MInst]]) -> None:
    """Put each new instruction `at[block][position]` in front of the instruction at
    that position of the block (one rebuild per block, not one insertion each)."""
    for bi, new in at.items():
        insts = mf.blocks[bi].insts
        out: list[MInst] = []
        for pi, mi in enumerate(insts):
            x = new.get(pi)
            if x is not None:
                out.append(x)
            out.append(mi)
        x = new.get(len(insts))  # after the last instruction
        if x is not None:
            out.append(x)
        mf.blocks[bi].insts = out
        work.add("labels.rebuilt", len(out))


def variable_locations(mf: MFunction) -> tuple[VarLocation, ...]:
    found: dict[tuple[int, int], VarLocation] = {}
    order: list[tuple[int, int]] = []
    for b in mf.blocks:  # (loops over the lists: `mf.instructions()` is a generator)
        for mi in b.insts:
            if mi.opcode != "DBG_VALUE" or not isinstance(mi.meta, DbgMeta):
                continue
            meta = mi.meta
            if meta.kind is not DbgKind.NEW:
                continue
            key = (id(meta.var), id(meta.inlined_at) if meta.inlined_at is not None else 0)
            if key in found and (found[key].single is not None
                                 or found[key].const_value is not None):
                continue
            loc = _describe(mf, mi, meta)
            if loc is None and key in found:
                continue
            if key not in found:
                order.append(key)
            found[key] = loc if loc is not None else VarLocation(meta.var, meta.inlined_at)
    return tuple(found[k] for k in order)


def _describe(mf: MFunction, mi: MInst, meta: DbgMeta) -> VarLocation | None:
    ops = meta.expr.ops
    if ops not in ((), (DW_OP_deref,)):
        return None  # expressions beyond a memory home are not needed at -O0
    if not mi.operands:
        return None
    op = mi.operands[0]
    if isinstance(op, StackSlot):
        off = mf.slots[op.index].cfa_offset
        assert off is not None
        expr: LocExpr = (Fbreg(off),)
        if ops:  # the slot holds the variable's address (an over-aligned object)
            expr += (Deref(),)
        return VarLocation(meta.var, meta.inlined_at, single=expr)
    if ops:
        return None
    if isinstance(op, Imm):
        return VarLocation(meta.var, meta.inlined_at, const_value=op.value)
    return None


def function_debug_info(mf: MFunction, scopes: list[ScopeRanges],
                        optimised: FunctionLocations | None = None) -> FunctionDebugInfo:
    """The function's DWARF description: its variables are `optimised`'s (what
    LiveDebugValues found) or, at -O0, their stack homes (`variable_locations`),
    computed only then."""
    sp = mf.ir.subprogram
    assert isinstance(sp, DISubprogram)
    if optimised is None:
        return FunctionDebugInfo(subprogram=sp, symbol=mf.name, end_label=mf.end_label,
                                 frame_base=(CallFrameCfa(),),
                                 variables=variable_locations(mf), scopes=tuple(scopes))
    return FunctionDebugInfo(subprogram=sp, symbol=mf.name, end_label=mf.end_label,
                             frame_base=(CallFrameCfa(),),
                             variables=optimised.variables, scopes=tuple(scopes),
                             call_sites=optimised.call_sites, all_calls=optimised.all_calls)
