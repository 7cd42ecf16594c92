"""Scalar replacement of aggregates: split a struct or small array on the stack
into one stack slot per accessed piece, so that mem2reg can promote each.

An alloca (at most 256 bytes) qualifies when every use is
* a non-volatile load or store (as the address) at a constant offset, reached
  directly or through a chain of `ptradd`s by constants,
* a non-volatile `memcpy` of the whole object to or from it,
* a `memset` of the whole object with a constant byte,
* a memory-home debug record (`(deref)`, optionally with a fragment),
and the scalar accesses never partially overlap. The pieces are the distinct
accessed ranges; when the object is copied or set as a whole, the bytes no
scalar touches become pieces too, so nothing a copy carries is lost. Each
memcpy becomes one load and store per piece; each memset one store per piece.

Debug info: the variable's memory home becomes one memory home per piece with
a `DW_OP_LLVM_fragment` expression (offset and size in bits, relative to any
fragment the home already had); mem2reg later turns those into per-piece value
records. New slots, loads and stores keep the location of the alloca, memcpy
or memset they come from (keep rule); records naming a dead address
computation become "optimised out". (LOCS, VALUES, SCOPES kept.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import ClassVar

from ..ir import (
    I64,
    X80,
    Alloca,
    Const,
    DbgKind,
    DbgRecord,
    DIExpression,
    FloatType,
    Function,
    Inst,
    IntType,
    Load,
    MemCopy,
    MemSet,
    PtrAdd,
    PtrType,
    Store,
    Type,
    Value,
    int_type,
)
from ..ir.debuginfo import (
    DIBasicType,
    DICompositeType,
    DIDerivedType,
    DIType,
    DW_OP_deref,
    DW_OP_LLVM_fragment,
)
from ..ir.interp_eval import bitcast_value
from ..ir.locations import keep
from ..ir.rewrite import (
    detach_with_dependents,
    erase,
    insert_at,
    insert_before,
    make_unavailable,
)
from .passmanager import DI, FunctionPass, PassContext
from .registry import register

MAX_SIZE = 256
MAX_PIECES = 32


@dataclass
class _Uses:
    scalar: list[tuple[Inst, int, Type]] = field(default_factory=list)  # load/store, offset
    copies: list[MemCopy] = field(default_factory=list)
    sets: list[MemSet] = field(default_factory=list)
    homes: list[DbgRecord] = field(default_factory=list)
    addr_insts: list[PtrAdd] = field(default_factory=list)


def _collect(alloca: Alloca) -> _Uses | None:
    uses = _Uses()
    work: list[tuple[Value, int]] = [(alloca, 0)]
    while work:
        ptr, off = work.pop()
        for u in ptr.uses:
            user = u.user
            if u.is_debug:
                if ptr is alloca and isinstance(user, DbgRecord) and user.kind is DbgKind.NEW \
                        and user.expr.is_deref:
                    uses.homes.append(user)
                    continue
                if ptr is not alloca:
                    continue  # records naming an address computation: made unavailable
                return None
            if isinstance(user, Load) and not user.volatile:
                uses.scalar.append((user, off, user.ty))
            elif isinstance(user, Store) and not user.volatile and u is user.operands[1]:
                uses.scalar.append((user, off, user.value.ty))
            elif isinstance(user, PtrAdd) and u is user.operands[0] and \
                    isinstance(user.offset, Const):
                uses.addr_insts.append(user)
                work.append((user, off + Const.signed(user.offset)))
            elif isinstance(user, MemCopy) and not user.volatile and off == 0 \
                    and user.size == alloca.size and user.dst is not user.src:
                uses.copies.append(user)
            elif isinstance(user, MemSet) and off == 0 and user.size == alloca.size \
                    and u is user.operands[0] and isinstance(user.byte, Const):
                uses.sets.append(user)
            else:
                return None
    return uses


def _partition(alloca: Alloca, uses: _Uses) -> list[tuple[int, int, Type]] | None:
    """Sorted disjoint (offset, size, type) pieces, or None if accesses overlap."""
    ranges: dict[tuple[int, int], Type] = {}
    for _, off, ty in uses.scalar:
        if off < 0 or off + ty.size > alloca.size:
            return None
        ranges.setdefault((off, ty.size), ty)
    pieces = sorted((o, s, t) for (o, s), t in ranges.items())
    for (o1, s1, _), (o2, _, _) in pairwise(pieces):
        if o2 < o1 + s1:
            return None
    if uses.copies or uses.sets:
        pieces = _fill_gaps(pieces, alloca.size)
    if not pieces or len(pieces) > MAX_PIECES:
        return None
    return pieces


def _fill_gaps(pieces: list[tuple[int, int, Type]], size: int) -> list[tuple[int, int, Type]]:
    out: list[tuple[int, int, Type]] = []
    pos = 0
    for o, s, t in [*pieces, (size, 0, I64)]:
        while pos < o:
            n = 8
            while n > 1 and (pos % n or pos + n > o):
                n //= 2
            out.append((pos, n, int_type(n)))
            pos += n
        if s:
            out.append((o, s, t))
            pos = o + s
    return out


def _type_bits(t: DIType | None) -> int:
    while isinstance(t, DIDerivedType) and t.tag in ("typedef", "const", "volatile"):
        t = t.base
    if isinstance(t, (DIBasicType, DICompositeType, DIDerivedType)):
        return t.size_bits
    return 0


def _const_byte(ms: MemSet) -> int:
    """The byte a memset that SROA takes stores (_collect keeps only constant ones)."""
    assert isinstance(ms.byte, Const)
    return ms.byte.int_value


def _memset_value(ty: Type, byte: int) -> Value | None:
    pattern = int.from_bytes(bytes([byte & 0xFF]) * ty.size, "little")
    if isinstance(ty, (IntType, PtrType)):
        return Const(ty, pattern)
    if isinstance(ty, FloatType) and ty.bits == 80:  # the first 10 bytes, as `fldt` reads
        return Const(ty, X80.from_bytes(bytes([byte & 0xFF]) * 10))
    if isinstance(ty, FloatType):  # the same bytes read as a float (0 -> +0.0)
        return Const(ty, bitcast_value(int_type(ty.size), ty, pattern))
    return None


class SROA(FunctionPass):
    """Split aggregates on the stack into per-piece slots (see module docstring)."""

    name: ClassVar[str] = "sroa"
    keeps_di: ClassVar[DI] = DI.ALL

    def run(self, fn: Function, ctx: PassContext) -> bool:
        changed = False
        for _ in range(4):  # a copy between two split objects needs a second round
            step = False
            for inst in list(fn.entry.insts):
                if isinstance(inst, Alloca) and 0 < inst.size <= MAX_SIZE:
                    step |= self._split(inst, ctx)
            if not step:
                break
            changed = True
        return changed

    def _split(self, alloca: Alloca, ctx: PassContext) -> bool:
        uses = _collect(alloca)
        if uses is None:
            return False
        pieces = _partition(alloca, uses)
        if pieces is None:
            return False
        whole = len(pieces) == 1 and pieces[0][0] == 0 and pieces[0][1] == alloca.size
        if whole and not uses.copies and not uses.sets and not uses.addr_insts:
            return False  # already a scalar slot: mem2reg's job
        if any(_memset_value(t, _const_byte(ms)) is None
               for ms in uses.sets for _, _, t in pieces):
            return False
        blk = alloca.block
        assert blk is not None
        pos = blk.insts.index(alloca)
        slots: dict[int, Alloca] = {}
        for k, (off, size, _) in enumerate(pieces):
            align = alloca.align
            while align > 1 and off % align:
                align //= 2
            slot = Alloca(size, align, loc=keep(alloca),
                          name=f"{alloca.name}.{off}" if alloca.name else "")
            insert_at(blk, pos + k, slot)
            slots[off] = slot
        for inst, off, _ in uses.scalar:
            ptr_index = 0 if isinstance(inst, Load) else 1
            inst.set_operand(ptr_index, slots[off])
        for cp in uses.copies:
            self._expand_copy(cp, alloca, pieces, slots)
        for ms in uses.sets:
            for off, _, ty in pieces:
                v = _memset_value(ty, _const_byte(ms))
                assert v is not None
                insert_before(Store(v, slots[off], loc=keep(ms)), ms)
            erase(ms)
        for home in uses.homes:
            self._split_home(home, alloca, pieces, slots)
        for pa in reversed(uses.addr_insts):
            for u in [u for u in pa.uses if u.is_debug]:
                assert isinstance(u.user, DbgRecord)
                make_unavailable(u.user)
            if not pa.uses and pa.block is not None:
                erase(pa)
        assert not alloca.uses, "sroa left a use of the split alloca"
        erase(alloca)
        ctx.count("sroa.split")
        ctx.count("sroa.pieces", len(pieces))
        return True

    def _expand_copy(self, cp: MemCopy, alloca: Alloca, pieces: list[tuple[int, int, Type]],
                     slots: dict[int, Alloca]) -> None:
        into = cp.dst is alloca
        other = cp.src if into else cp.dst
        for off, _, ty in pieces:
            addr: Value = other
            if off:
                addr = insert_before(PtrAdd(other, Const(I64, off), loc=keep(cp)), cp)
            if into:
                v = insert_before(Load(ty, addr, loc=keep(cp)), cp)
                insert_before(Store(v, slots[off], loc=keep(cp)), cp)
            else:
                v = insert_before(Load(ty, slots[off], loc=keep(cp)), cp)
                insert_before(Store(v, addr, loc=keep(cp)), cp)
        erase(cp)

    @staticmethod
    def _split_home(home: DbgRecord, alloca: Alloca, pieces: list[tuple[int, int, Type]],
                    slots: dict[int, Alloca]) -> None:
        base, limit = 0, _type_bits(home.var.type) or 8 * alloca.size
        frag = home.expr.fragment
        if frag is not None:
            base, limit = frag[0], frag[1]
        owner = home.inst
        assert owner is not None
        at = owner.dbg_records.index(home)
        new_recs: list[DbgRecord] = []
        for off, size, _ in pieces:
            start, bits = base + 8 * off, 8 * size
            end = min(start + bits, base + limit)
            if end <= start:
                continue
            if len(pieces) == 1 and frag is None and end - start == limit:
                expr = DIExpression((DW_OP_deref,))
            else:
                expr = DIExpression((DW_OP_deref, DW_OP_LLVM_fragment, start, end - start))
            rec = DbgRecord(DbgKind.NEW, home.var, slots[off], expr, loc=home.loc)
            rec.inst = owner
            new_recs.append(rec)
        detach_with_dependents(home)  # adds of the whole home: its pieces have none yet
        owner.dbg_records[at:at] = new_recs


register(SROA)

