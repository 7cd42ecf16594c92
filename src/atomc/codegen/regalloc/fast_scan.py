"""What the -O0 allocator (`fast.py`) reads of a function before it allocates: per
real instruction its virtual registers and the allocatable physical registers it
writes, which virtual registers are block-local, and where isel's fixed registers
(arguments, return values, a division's %rax:%rdx, a shift count) hold a value
someone reads.

A virtual register is block-local when it is named in one block only, first by
a definition, and does not hold an over-aligned local's rounded address (that
register is the variable's location for the rest of the function). The rest
keep a stack slot home that holds their value at every block boundary.

A physical register is reserved from an instruction that writes it (or the
block's start, when the block reads it first) to its last read before the next
write; the allocator never hands it to a virtual register there. A register
read before it is written in any block but the entry one (its value comes from
another block) is never handed out in the function. Only the allocator's own
pool is tracked: every other register is outside its choice anyway.

Debug meta instructions are not read: the allocation is the same with and
without -g.
"""

from __future__ import annotations

from ..mir import META_OPCODES, Imm, Mem, MFunction, MInst, PReg, StackSlot, VReg
from ..mir.registers import opcode_roles
from ..target import Arith, OpcodeInfo, desc

__all__ = ["BlockScan", "FunctionScan", "InstRefs", "scan_function"]

# (per explicit operand: read, written; implicit uses, implicit defs): `opcode_roles`
_Roles = tuple[tuple[bool, ...], tuple[bool, ...], tuple[str, ...], tuple[str, ...]]


class InstRefs:
    """One real instruction's register operands, and the reservations of fixed
    registers that end at it (`release`, read before its own writes) and start
    after it (`reserve`). The pool-register and 32-bit tuples are the shared
    empty one on most instructions: the scan makes no container for them."""

    __slots__ = ("defs", "desc", "pdefs", "puses", "release", "reserve", "uses", "w32")

    def __init__(self, d: OpcodeInfo, uses: list[int], defs: list[int], pdefs: tuple[str, ...],
                 puses: tuple[str, ...], w32: tuple[int, ...]) -> None:
        self.desc = d         # the opcode's row
        self.uses = uses      # virtual registers read (each once, in operand order)
        self.defs = defs      # virtual registers written
        self.pdefs = pdefs    # pool registers written (explicitly, implicitly, clobbered)
        self.puses = puses    # pool registers read
        self.w32 = w32        # virtual registers written as 32-bit registers
        self.release: tuple[str, ...] = ()
        self.reserve: tuple[str, ...] = ()


class BlockScan:
    """Per instruction of one block (by its index, None for a meta instruction)
    its `InstRefs`; the pool registers reserved from the block's start. (Where
    each virtual register is last named in the block the allocator reads off
    `refs` as it starts the block, into its function-wide lists: no dict per
    block of boxed indices.)"""

    __slots__ = ("fixed", "live_in", "refs")

    def __init__(self) -> None:
        self.refs: list[InstRefs | None] = []
        self.live_in: list[str] = []
        # per pool register the instructions that write it, in order
        self.fixed: dict[str, list[int]] = {}


class FunctionScan:
    __slots__ = ("blocks", "excluded", "local", "to_preg", "wide")

    def __init__(self, count: int) -> None:
        self.blocks: list[BlockScan] = []
        self.local = [False] * count  # per virtual register: block-local (module docstring)
        self.wide: set[int] = set()   # registers read wider than their natural width
        self.excluded: set[str] = set()  # pool registers live into a block other than the first
        # per register copied into a pool register (`mov %v, $r`): that register
        self.to_preg: dict[int, str] = {}


def _zero_idiom(mi: MInst) -> bool:
    """`xor %r, %r`: writes %r without reading it."""
    if len(mi.operands) != 2:
        return False
    a, b = mi.operands
    if type(a) is not PReg or type(b) is not PReg or a.name != b.name:
        return False
    return desc(mi.opcode).arith is Arith.XOR


def _rounds_frame_address(prev: MInst, mi: MInst) -> bool:
    """Are `prev`, `mi` isel's rounding of an over-aligned local's address
    (`leaq [stack.N + A-1], %v; andq #-A, %v`)?"""
    dm = desc(mi.opcode)
    if dm.arith is not Arith.AND:
        return False
    dp = desc(prev.opcode)
    if not (dp.is_address and dp.width == 64 and dm.width == 64
            and len(prev.operands) == 2 and len(mi.operands) == 2):
        return False
    (src, dst), (mask, reg) = prev.operands, mi.operands
    return isinstance(src, Mem) and isinstance(src.base, StackSlot) and isinstance(mask, Imm) \
        and mask.value < 0 and isinstance(dst, VReg) and isinstance(reg, VReg) \
        and dst.id == reg.id


def _address_refs(op: Mem, pool: frozenset[str], sizes: list[int], wide: set[int],
                  uses: list[int]) -> tuple[str, ...]:
    """The registers an address reads (a virtual one read at 64 bits); the pool
    registers among them."""
    # (the base, then the index, each by a call: a loop over a tuple of the two is
    # the generic iterator protocol in the compiled copy)
    base = _address_reg(op.base, pool, sizes, wide, uses)
    index = _address_reg(op.index, pool, sizes, wide, uses)
    if base:
        return (base, index) if index else (base,)
    return (index,) if index else ()


def _address_reg(r: VReg | PReg | StackSlot | None, pool: frozenset[str], sizes: list[int],
                 wide: set[int], uses: list[int]) -> str:
    """`_address_refs` for one register of an address: a virtual one noted in
    `uses` (and `wide`); the name of a pool register, else ""."""
    if type(r) is VReg:
        if r.id not in uses:
            uses.append(r.id)
        if sizes[r.id] < 8:
            wide.add(r.id)
    elif type(r) is PReg and r.name in pool:
        return r.name
    return ""


def _inst_refs(mi: MInst, d: OpcodeInfo, roles: _Roles, pool: frozenset[str],
               sizes: list[int], wide: set[int], to_preg: dict[int, str]) -> InstRefs:
    """`mi`'s `InstRefs`."""
    reads, writes, implicit_uses, implicit_defs = roles
    n = len(reads)
    uses: list[int] = []
    defs: list[int] = []
    pdefs: tuple[str, ...] = ()
    puses: tuple[str, ...] = ()
    w32: tuple[int, ...] = ()
    k = -1
    for op in mi.operands:
        k += 1
        # the operand classes are final: `type() is` misses no subclass
        if type(op) is VReg:
            vid = op.id
            if k >= n or reads[k]:
                if vid not in uses:
                    uses.append(vid)
                if op.size > sizes[vid]:
                    wide.add(vid)
            if k < n and writes[k] and vid not in defs:
                defs.append(vid)
                if op.size == 4:
                    w32 += (vid,)
        elif type(op) is PReg:
            name = op.name
            if name in pool:
                if k >= n or reads[k]:
                    puses += (name,)
                if k < n and writes[k]:
                    pdefs += (name,)
        elif type(op) is Mem:
            puses += _address_refs(op, pool, sizes, wide, uses)
    # (most instructions have no implicit registers: each tuple is tested first)
    if implicit_uses:
        puses += tuple([name for name in implicit_uses if name in pool])
    if mi.implicit_uses:
        puses += tuple([name for name in mi.implicit_uses if name in pool])
    if implicit_defs:
        pdefs += tuple([name for name in implicit_defs if name in pool])
    if mi.implicit_defs:
        pdefs += tuple([name for name in mi.implicit_defs if name in pool])
    if puses and pdefs and _zero_idiom(mi):
        puses = ()
    if k == 1 and uses and pdefs and not defs and d.is_move:
        src, dst = mi.operands
        if type(src) is VReg and type(dst) is PReg:
            to_preg[src.id] = dst.name
    return InstRefs(d, uses, defs, pdefs, puses, w32)


def _close(refs: list[InstRefs | None], live_in: list[str], p: str, s: int, e: int) -> None:
    """End the reservation of `p` opened at `s` (-1: the block's start) and last
    read at `e`."""
    if e > s:
        if s < 0:
            live_in.append(p)
        else:
            opened = refs[s]
            assert opened is not None
            opened.reserve += (p,)
        closed = refs[e]
        assert closed is not None
        closed.release += (p,)


def _reservations(bs: BlockScan) -> list[str]:
    """Fill each instruction's `release` and `reserve`, the block's `live_in` and
    `fixed` from the pool registers each reads and writes; the registers read
    before any write."""
    start: dict[str, int] = {}  # per open reservation: where it starts (-1: the block's)
    # per register its last read (a write records none: a reservation with no read
    # after its start, its last read before it or none at all, closes as nothing)
    last: dict[str, int] = {}
    live_in: list[str] = []
    refs = bs.refs
    fixed = bs.fixed
    ii = -1
    for ir in refs:
        ii += 1
        if ir is None:
            continue
        for p in ir.puses:
            if p not in start:
                start[p] = -1
            last[p] = ii
        for p in ir.pdefs:
            # (`get` and `del`, not `pop(p, -2)`: a method call through the generic
            # protocol in the compiled copy)
            s = start.get(p, -2)
            if s != -2:
                del start[p]
                _close(refs, live_in, p, s, last.get(p, -2))
            start[p] = ii
            at = fixed.get(p)
            if at is None:
                fixed[p] = [ii]
            else:
                at.append(ii)
    for p, s in start.items():
        _close(refs, live_in, p, s, last.get(p, -2))
    bs.live_in = live_in
    return live_in


def scan_function(mf: MFunction, pool: frozenset[str]) -> FunctionScan:
    sizes = mf.vreg_sizes
    count = len(sizes)
    fs = FunctionScan(count)
    wide = fs.wide
    block_of: list[int] = [-2] * count  # -2: not seen, -1: seen in two blocks
    starts_with_def = [False] * count
    frame_addresses: list[int] = []
    # each opcode's row and decoded roles, asked of the tables once
    descs: dict[str, tuple[OpcodeInfo, _Roles]] = {}
    to_preg = fs.to_preg
    for bi, b in enumerate(mf.blocks):
        bs = BlockScan()
        fs.blocks.append(bs)
        refs = bs.refs
        any_preg = False
        prev: MInst | None = None
        ii = -1
        for mi in b.insts:
            ii += 1
            if mi.opcode in META_OPCODES:
                refs.append(None)
                continue
            row = descs.get(mi.opcode)
            if row is None:
                row = descs[mi.opcode] = (desc(mi.opcode), opcode_roles(mi.opcode))
            d = row[0]
            ir = _inst_refs(mi, d, row[1], pool, sizes, wide, to_preg)
            refs.append(ir)
            if ir.puses or ir.pdefs:
                any_preg = True
            if d.arith is Arith.AND and prev is not None and _rounds_frame_address(prev, mi):
                frame_addresses.extend(ir.defs)
            prev = mi
            for vid in ir.uses:
                seen = block_of[vid]
                if seen == -2:
                    block_of[vid] = bi
                elif seen != bi:
                    block_of[vid] = -1
            for vid in ir.defs:
                seen = block_of[vid]
                if seen == -2:
                    block_of[vid] = bi
                    # first named by a write (a read of it here, above, comes first)
                    starts_with_def[vid] = True
                elif seen != bi:
                    block_of[vid] = -1
        if any_preg:
            live_in = _reservations(bs)
            if bi and live_in:
                fs.excluded.update(live_in)
    local = fs.local
    for vid in range(count):
        local[vid] = block_of[vid] >= 0 and starts_with_def[vid]
    for vid in frame_addresses:
        local[vid] = False
    return fs
