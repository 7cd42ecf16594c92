"""Variable locations of optimised code: describe the final machine code to
LiveDebugValues, run it, put labels where ranges start and end, and lower the
result for the DWARF writer.

Runs after register allocation and frame lowering, on the code as it will be
printed. Spills and restores are recognised as moves to and from the
allocator's spill slots (%rbp- or %rsp-relative after frame lowering); any other write
to a spill slot is a clobber. A variable record whose expression is more than
a fragment (a salvaged computation) is treated as "optimised out" rather than
risk a wrong value: every location produced here holds exactly the variable's
value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

from ...dwarf.line_rows import LineTable
from ...dwarf.locexpr import And, Breg, Consts, Constu, LocExpr, Plus, Reg
from ...dwarf.model import CallSite, CallValue, VarLocation
from ...ir.dbgrecords import DbgKind
from ...ir.debuginfo import DIExpression, DILocalVariable
from ...ir.operand_records import is_operand_var
from ...options import LoclistMode
from ..mir import (
    META_OPCODES,
    VALUE_RECORD_OPCODES,
    DbgMeta,
    Imm,
    Mem,
    MFunction,
    MIFlag,
    MInst,
    PReg,
    SlotKind,
    StackSlot,
    Sym,
)
from ..mir.cfg import block_parts
from ..mir.cfg import successor_indices as successors
from ..mir.registers import opcode_roles, operand_regs
from ..target import Arith, OpcodeInfo, Target, current, desc
from .address_values import Anchors, anchor_cuts, has_address, relocatable
from .currency import Window, currency_windows
from .deferred_collection import collections_deferred
from .derivations import derivation, may_derive
from .incoming_args import read_only_arguments, reloads
from .inlined_bindings import bind_inlined_parameters
from .ldv import (
    ConstOp,
    DebugPhi,
    DebugValue,
    HomeFact,
    InstrRef,
    LocKind,
    MBlockView,
    MFunctionView,
    MInstView,
    MLoc,
    VarKey,
    compute_var_ranges,
    reg,
    slot,
)
from .ldv.callsites import CallSiteParam, CallSites
from .ldv.machine import solve_machine_values
from .ldv.model import ConstLoc, DebugOperand, Moved, VarLoc, VarRange, WhyRange
from .ldv.salvage import arithmetic_ops
from .ldv.variables import all_variables
from .line_start_values import LineStarts, Machine, delay_line_start_values
from .location_lists import loc_expr, lower_var_ranges, value_of
from .memory_homes import HomeStart, place_memory_homes
from .operand_values import join_operands
from .outer_frames import CallReturns
from .prologue_pieces import prologue_pieces, trim_prologue_gaps
from .scopes import insert_before
from .static_loads import ReadOnlySymbols, load_bits, static_load
from .why_ranges import attach_reasons


@dataclass(frozen=True, slots=True)
class _MachineRegs:
    """The target's registers as the solver's machine locations (DWARF numbers)."""

    dwarf: Mapping[str, int]
    frame: frozenset[MLoc]       # stack and frame pointer
    caller_saved: frozenset[MLoc]
    args: tuple[MLoc, ...]       # integer argument registers, in order
    preserved: frozenset[MLoc]   # what a callee gives back unchanged (the frame pointer too)
    locs: Mapping[str, MLoc]     # general and vector register name -> machine location
    general: frozenset[str]      # the general (not vector) registers the debug info names


@cache
def _regs_of(target: Target) -> _MachineRegs:
    r = target.registers
    n = r.dwarf_number
    return _MachineRegs(
        n, frozenset({reg(n[r.stack_pointer]), reg(n[r.frame_pointer])}),
        frozenset(reg(n[x]) for x in r.caller_saved), tuple(reg(n[x]) for x in r.arg_regs),
        frozenset(reg(n[x]) for x in (*r.callee_saved, r.frame_pointer)),
        {name: reg(num) for name, num in n.items()},
        frozenset(name for name in n if not r.is_vector(name)))


def _regs() -> _MachineRegs:
    return _regs_of(current())


def _r(name: str) -> MLoc:
    return reg(_regs().dwarf[name])


class _Describer:
    def __init__(self, mf: MFunction) -> None:
        self.mf = mf
        # displacement from the frame base register (%rbp, or %rsp without a
        # frame pointer: constant in the body) -> spill slot location
        self.base = current().frame_base_register(mf)
        self.spill_at: dict[int, MLoc] = {}
        for s in mf.slots:
            if s.kind is SlotKind.SPILL and s.cfa_offset is not None:
                self.spill_at[s.cfa_offset + mf.frame_base_offset] = slot(s.cfa_offset)
        self.spill_locs = frozenset(self.spill_at.values())  # (asked per variable record)
        # stack-passed arguments the function only reads: a load is a restore
        self.args = read_only_arguments(mf, self.base)
        self.read_only = ReadOnlySymbols(mf)
        regs = _regs()
        self.locs = regs.locs  # register name -> machine location, looked up per operand
        self.general = regs.general  # (looked up per instruction: _zero_above, ...)
        self.reloads = reloads(current())
        self.facts: dict[str, _OpcodeFacts] = {}  # by opcode, made on first sight
        # the VarKey of each variable instance, by the identities of the record's
        # metadata: interning a key hashes its inlined-at location, which walks
        # its chain, once per variable instead of per record (the metadata stay
        # alive as long as the keys that name them)
        self.key_of: dict[tuple[int, int, tuple[int, int] | None], VarKey] = {}

    def frame_disp(self, op: object) -> int | None:
        """The displacement of a plain frame access (`k(%base)`), else None."""
        if isinstance(op, Mem) and isinstance(op.base, PReg) and op.base.name == self.base \
                and op.index is None and op.symbol is None:
            return op.disp
        return None

    def spill_slot(self, op: object) -> MLoc | None:
        disp = self.frame_disp(op)
        return None if disp is None else self.spill_at.get(disp)

    def argument_slot(self, op: object) -> MLoc | None:
        """A read-only stack-argument slot a load reads (incoming_args.py)."""
        disp = self.frame_disp(op)
        return None if disp is None else self.args.at.get(disp)

    def real(self, mi: MInst) -> MInstView:
        f = self.facts.get(mi.opcode)
        if f is None:
            f = self.facts[mi.opcode] = _opcode_facts(mi.opcode, self.reloads)
        locs = self.locs
        ops = mi.operands
        writes = f.writes
        nroles = len(writes)
        def_operands: list[MLoc | None] = []
        slot_defs: list[MLoc] = []  # spill slots it writes, in operand order
        k = -1
        for op in ops:
            k += 1
            if k < nroles and writes[k]:
                if type(op) is PReg:  # (the operand classes are final)
                    def_operands.append(locs[op.name])
                    continue
                if type(op) is Mem:
                    sl = self.spill_slot(op)
                    if sl is not None:
                        slot_defs.append(sl)
            def_operands.append(None)
        if f.is_move and len(ops) == 2:
            src, dst = ops
            if type(src) is PReg:
                if type(dst) is PReg:
                    return MInstView(copy=(locs[dst.name], locs[src.name]),
                                     instr_num=mi.instr_num, def_operands=tuple(def_operands),
                                     move_bits=f.move_bits)
                spilled = self.spill_slot(dst)
                if spilled is not None:
                    return MInstView(spill=(spilled, locs[src.name]), instr_num=mi.instr_num,
                                     move_bits=f.move_bits)
        if f.reload and len(ops) == 2 and type(ops[1]) is PReg:
            src_slot = self.spill_slot(ops[0]) or self.argument_slot(ops[0])
            if src_slot is not None:
                return MInstView(restore=(locs[ops[1].name], src_slot), instr_num=mi.instr_num,
                                 def_operands=tuple(def_operands), move_bits=f.move_bits)
        # (the registers it reads and writes: only an instruction that is no move needs them)
        _, _, puses, pdefs = operand_regs(mi)
        uses = tuple([locs[r] for r in sorted(puses) if r in locs])
        defs = tuple([locs[r] for r in sorted(pdefs) if r in locs] + slot_defs)
        d, general = f.desc, self.general
        return MInstView(defs=defs, uses=uses, instr_num=mi.instr_num, call=f.call,
                         def_operands=tuple(def_operands),
                         imm=_immediate(mi, d, general) if f.may_imm else None,
                         static=static_load(mi, self.read_only) if f.may_load else None,
                         offset=_offset(mi, d, general, locs) if f.may_offset else None,
                         offset_bits=f.offset_bits,
                         address=self.address_written(mi) if f.may_address else None,
                         zero_above=_zero_above(mi, d, general) if f.may_zero else 64,
                         derive=derivation(mi, locs) if f.may_derive else None)

    def debug(self, mi: MInst) -> MInstView | None:
        if mi.opcode == "DBG_PHI":
            if len(mi.operands) != 2:
                return None  # the value was never computed: nothing to describe
            loc_op, num = mi.operands
            loc = self.location(loc_op)
            if loc is None or not isinstance(num, Imm):
                return None
            return MInstView(debug=DebugPhi(loc, num.value))
        meta = mi.meta
        if not isinstance(meta, DbgMeta):
            return None
        var = meta.var
        expr = meta.expr
        frag = expr.fragment if isinstance(expr, DIExpression) else None
        ident = (id(var), id(meta.inlined_at), frag)
        key = self.key_of.get(ident)
        if key is None:
            is_param = isinstance(var, DILocalVariable) and var.arg > 0
            key = self.key_of[ident] = VarKey(var, meta.inlined_at, frag, is_param=is_param)
        if meta.kind is DbgKind.DELETE:
            return MInstView(debug=DebugValue(key, None, meta.kind, meta.token, meta.key))
        ops = arithmetic_ops(expr.body) \
            if isinstance(expr, DIExpression) else None
        if ops is None:  # not a value computable from the operand: no location
            return MInstView(debug=DebugValue(key, None, meta.kind, meta.token, meta.key))
        if meta.why is not None and not mi.operands:  # the IR says why it has no value
            return MInstView(debug=DebugValue(key, None, meta.kind, meta.token, meta.key,
                                              why=meta.why))
        operand: DebugOperand = None
        if mi.opcode == "DBG_INSTR_REF":
            num, op = mi.operands
            assert isinstance(num, Imm) and isinstance(op, Imm)
            operand = InstrRef(num.value, op.value)
        elif mi.operands:
            op0 = mi.operands[0]
            operand = ConstOp(op0.value) if isinstance(op0, Imm) else \
                self.frame_address(op0) if isinstance(op0, Mem) else self.location(op0)
        if ops and isinstance(operand, MLoc) and operand.kind is LocKind.SLOT \
                and not self.is_spill_slot(operand):
            operand = None  # arithmetic over a memory home's bytes: not described
        return MInstView(debug=DebugValue(key, operand, meta.kind, meta.token, meta.key, ops))

    def frame_address(self, op: Mem) -> ConstOp | None:
        """A frame object's address (isel's `Mem` on a slot in a DBG_VALUE), as a
        CFA-relative constant: the frame layout never moves it; a global's
        (`Mem` on a symbol alone), as a symbol-relative constant."""
        if op.symbol and op.base is None and op.index is None and op.segment is None:
            return ConstOp(op.disp, symbol=op.symbol)
        if not isinstance(op.base, StackSlot) or op.index is not None or op.symbol:
            return None
        off = self.mf.slots[op.base.index].cfa_offset
        return ConstOp(off + op.disp, frame=True) if off is not None else None

    def address_written(self, mi: MInst) -> ConstLoc | None:
        """The constant address `leaq k(%base), %reg` (a frame object's: the frame base
        register is constant in the body) or `leaq sym+k(%rip), %reg` writes:
        CFA-relative for a frame object (the layout never moves it), the symbol's
        for a global or literal; None for an address through a relocation
        (`sym@GOTPCREL`: a GOT slot's address, not the symbol's)."""
        ops = mi.operands
        if len(ops) != 2 or type(ops[0]) is not Mem or not _general(ops[1], self.general):
            return None
        disp = self.frame_disp(ops[0])  # `k(%base)`, the frame base constant in the body
        if disp is not None:
            return ConstLoc(disp - self.mf.frame_base_offset, frame=True)
        c = self.frame_address(ops[0])
        if c is None or (c.symbol is not None and "@" in c.symbol):
            return None
        return ConstLoc(c.value, frame=c.frame, symbol=c.symbol)

    def is_spill_slot(self, loc: MLoc) -> bool:
        return loc in self.spill_locs

    def location(self, op: object) -> MLoc | None:
        if isinstance(op, PReg) and op.name in _regs().dwarf:
            return _r(op.name)
        if isinstance(op, StackSlot):
            off = self.mf.slots[op.index].cfa_offset
            return slot(off) if off is not None else None
        return None


@dataclass(frozen=True, slots=True)
class _OpcodeFacts:
    """What `_Describer.real` needs of an opcode, worked out once per opcode rather
    than per instruction; each `may_*` False where its helper returns its
    nothing-found answer whatever the operands (the helper is then not asked)."""

    desc: OpcodeInfo
    writes: tuple[bool, ...]  # operand k is written (registers.opcode_roles)
    is_move: bool
    move_bits: int
    reload: bool  # a restore of a spill slot (incoming_args.reloads)
    call: bool
    offset_bits: int
    may_imm: bool  # `_immediate`
    may_offset: bool  # `_offset`
    may_address: bool  # `_Describer.address_written` (a 64-bit `lea`)
    may_zero: bool  # `_zero_above` (else 64)
    may_load: bool  # `static_load`
    may_derive: bool  # `derivation`


def _opcode_facts(opcode: str, reload_opcodes: Mapping[str, bool]) -> _OpcodeFacts:
    d = desc(opcode)
    wide = d.width in (32, 64)
    return _OpcodeFacts(
        d, tuple(opcode_roles(opcode)[1]), d.is_move, _move_bits(d), opcode in reload_opcodes,
        d.is_call, 32 if d.width == 32 else 64,
        may_imm=d.loads_immediate or (d.arith is Arith.XOR and wide),
        may_offset=d.is_address or (d.arith in (Arith.ADD, Arith.SUB) and wide),
        may_address=d.is_address and d.width == 64,
        may_zero=not d.is_call and d.width == 32,
        may_load=load_bits(d) is not None,
        may_derive=may_derive(d))


def _move_bits(d: OpcodeInfo) -> int:
    """How many low bits of its source a copy, spill or restore carries over: a
    narrow integer move's or a zero extension's source width, else all 64."""
    if d.extend is not None:
        return d.extend.from_bits
    return d.width if d.is_move and not d.vector else 64


def _general(op: object, general: frozenset[str]) -> bool:
    """A general (not vector) register the debug info can name (`general`:
    `_MachineRegs.general`)."""
    return isinstance(op, PReg) and op.name in general


def _zero_above(mi: MInst, d: OpcodeInfo, general: frozenset[str]) -> int:
    """32 when `mi` writes a 32-bit general register as its first operand def
    (x86-64 zeroes the upper half), else 64."""
    if d.is_call or d.width != 32:
        return 64
    for k, op in enumerate(mi.operands):
        role = d.roles[k] if k < len(d.roles) else "u"
        if "d" in role:
            return 32 if _general(op, general) else 64
    return 64


def _immediate(mi: MInst, d: OpcodeInfo, general: frozenset[str]) -> int | None:
    """The 64-bit value a move-immediate (or a zeroing xor) leaves in its register."""
    ops = mi.operands
    if len(ops) != 2 or not _general(ops[1], general):
        return None
    if d.loads_immediate and isinstance(ops[0], Imm):
        if d.width == 32:
            return ops[0].value & 0xFFFFFFFF  # writing a 32-bit register zero-extends
        return ops[0].value
    if d.arith is Arith.XOR and d.width in (32, 64) and ops[0] == ops[1]:
        return 0
    return None


def _offset(mi: MInst, d: OpcodeInfo, general: frozenset[str],
            locs: Mapping[str, MLoc]) -> tuple[MLoc, int] | None:
    """(base register, k) when `mi` writes base + k into its destination register:
    `lea k(%base), %dst` (no index, symbol or segment), `add/sub $k, %dst`."""
    ops = mi.operands
    if len(ops) != 2 or not _general(ops[1], general):
        return None
    dst, src = ops[1], ops[0]
    assert isinstance(dst, PReg)
    if d.is_address and isinstance(src, Mem) and isinstance(src.base, PReg) \
            and src.index is None and src.symbol is None and src.segment is None \
            and src.base.name in locs:
        return locs[src.base.name], src.disp
    if d.arith in (Arith.ADD, Arith.SUB) and d.width in (32, 64) and isinstance(src, Imm):
        return locs[dst.name], src.value if d.arith is Arith.ADD else -src.value
    return None


Homes = dict[tuple[int, int], HomeStart | None]


def describe_function(mf: MFunction) -> tuple[MFunctionView, list[tuple[int, int]], Homes]:
    """The LDV view, for each real instruction its (block, index) in the MIR, and
    where the memory homes start (memory_homes.py)."""
    d = _Describer(mf)
    succ = successors(mf)
    homes = place_memory_homes(mf, succ)
    after: dict[tuple[int, int], list[MInstView]] = {}  # memory homes, moved
    restate: dict[int, list[MInstView]] = {}
    # a block with branches before its end is cut into parts, so that an edge
    # leaving from the middle carries the state there (one view block per part)
    parts = block_parts(mf, succ)
    first: list[int] = []  # each block's first view block
    n = 0
    for bp in parts:
        first.append(n)
        n += len(bp)
    started: list[tuple[DebugValue, tuple[int, ...]]] = []
    for w, start in homes.items():
        v = d.debug(mf.blocks[w[0]].insts[w[1]])
        if v is None:
            continue
        if start is None:  # never written: listed, without a location
            after.setdefault(w, []).append(MInstView(debug=DebugValue(v.debug.var, None)))  # type: ignore[union-attr]
            continue
        after.setdefault((start.block, start.index), []).append(v)
        assert isinstance(v.debug, DebugValue)
        started.append((v.debug, start.restate))
    facts: list[HomeFact] = []
    pieced = _pieced_variables(mf) if started else set()
    if all(_as_fact(d, record, pieced) for record, _ in started):
        for record, reached in started:  # restated by block where it matters (ldv/homes.py)
            reach = 0
            for rb in reached:
                reach |= ((1 << len(parts[rb])) - 1) << first[rb]
            facts.append(HomeFact(record, reach))
    else:  # (all or none: the restated records keep their order at each entry)
        for record, reached in started:
            for rb in reached:
                restate.setdefault(rb, []).append(MInstView(debug=record))
    blocks: list[MBlockView] = []
    where: list[tuple[int, int]] = []
    for bi, b in enumerate(mf.blocks):
        views: list[MInstView] = list(restate.get(bi, ()))
        begin = 0
        for pi, (end, targets) in enumerate(parts[bi]):
            for ii in range(begin, end):
                mi = b.insts[ii]
                if mi.opcode in VALUE_RECORD_OPCODES:
                    v = d.debug(mi) if (bi, ii) not in homes else None
                    if v is not None:
                        views.append(v)
                elif mi.opcode not in META_OPCODES:
                    views.append(d.real(mi))
                    where.append((bi, ii))
                views.extend(after.get((bi, ii), ()))
            nxt = (first[bi] + pi + 1,) if pi + 1 < len(parts[bi]) else ()
            blocks.append(MBlockView(tuple(views), tuple(first[t] for t in targets) + nxt))
            views, begin = [], end
    subs = {(old.instr_num, old.operand): (new.instr_num, new.operand)
            for old, (new, _sub) in mf.substitutions.items()}
    saved = frozenset(_r(r) for r in mf.callee_saved)
    regs = _regs()
    starts = 0
    for f in first:
        starts |= 1 << f
    view = MFunctionView(tuple(blocks), regs.caller_saved, saved, subs, regs.frame,
                         d.args.narrow, tuple(facts), starts)
    return view, where, homes


def _pieced_variables(mf: MFunction) -> set[int]:
    """The variables (by identity) with a record on a fragment of theirs."""
    out: set[int] = set()
    for b in mf.blocks:
        for mi in b.insts:
            meta = mi.meta
            if mi.opcode in VALUE_RECORD_OPCODES and isinstance(meta, DbgMeta) \
                    and isinstance(meta.expr, DIExpression) and meta.expr.fragment is not None:
                out.add(id(meta.var))
    return out


def _as_fact(d: _Describer, record: DebugValue, pieced: set[int]) -> bool:
    """May a home be given to LiveDebugValues as a fact (model.HomeFact) rather
    than as records restated at every block it reaches? When it names a frame
    object's slot that no instruction writes or loads (not a spill slot, not a
    stack argument), and no record of its variable names a piece of it (a
    restated record ends overlapping pieces: those stay records)."""
    op = record.operand
    return isinstance(op, MLoc) and op.kind is LocKind.SLOT and not d.is_spill_slot(op) \
        and op not in d.args.at.values() and id(record.var.var) not in pieced \
        and record.var.fragment is None


@dataclass(frozen=True, slots=True)
class FunctionLocations:
    """What LiveDebugValues found for one optimised function."""

    variables: tuple[VarLocation, ...]  # every variable, located or "optimised out"
    call_sites: tuple[CallSite, ...]
    all_calls: bool  # every call of the function is in `call_sites`


def variable_locations(mf: MFunction, mode: LoclistMode, fresh_label: Callable[[], str],
                       table: LineTable | None = None) -> FunctionLocations:
    """Run LiveDebugValues and insert the labels its ranges and call sites need.
    `table`: the function's line rows (before the labels), where values assigned
    ahead of their line's stop begin (line_start_values.py)."""
    with collections_deferred():  # (its state dies by reference counting)
        return _variable_locations(mf, mode, fresh_label, table)


def _variable_locations(mf: MFunction, mode: LoclistMode, fresh_label: Callable[[], str],
                        table: LineTable | None) -> FunctionLocations:
    view, where, homes = describe_function(mf)
    mv = solve_machine_values(view)
    gaps: list[WhyRange] = []
    regs = _regs()
    collected = CallSites(view, regs.args, regs.preserved)  # by phase E's walk
    during: dict[VarKey, dict[int, Moved]] = {}
    ranges = compute_var_ranges(view, mode, mv, gaps, collected, during)
    if table is not None:
        machine = Machine(_real_views(view), regs.caller_saved)
        ranges, gaps = delay_line_start_values(mf, where, ranges, gaps,
                                               _line_starts(mf, where, table), machine)
        ranges, gaps = bind_inlined_parameters(mf, where, ranges, gaps, machine)
    ranges, gaps = join_operands(ranges, gaps)  # (operand variables have no DIE)
    pieces = prologue_pieces(mf, homes, where, regs.locs)
    ranges += pieces
    gaps = trim_prologue_gaps(gaps, pieces)
    calls = collected.out
    current = _currency(mf, where)
    anchors = _anchors(mf, where, ranges)
    spans: list[VarRange | WhyRange] = [*ranges, *gaps]
    reals = _real_views(view)
    returns = CallReturns(tuple(p for p, v in enumerate(reals) if v.call),
                          regs.caller_saved, during)
    needed = sorted({p for r in spans for p in (r.start, r.end)
                     if 0 <= p < len(where) - 1}
                    | {p for p in returns.labels_needed(ranges) if p < len(where) - 1}
                    | set(anchors.cuts)
                    | {p for ws in current.values() for w in ws for p in w[:2]
                       if 0 <= p < len(where) - 1}
                    | {c.pos for c in calls if c.pos < len(where) - 1})
    call_insts = [mf.blocks[where[c.pos][0]].insts[where[c.pos][1]] for c in calls]
    names: dict[int, str] = {}

    def label_after(p: int) -> str:
        if p < 0:
            return mf.name
        if p >= len(where) - 1:
            return mf.end_label
        return names[p]

    lines = _lines(mf, where)  # before labels shift the instructions `where` names
    for p in needed:
        names[p] = fresh_label()
    after: dict[int, dict[int, MInst]] = {}  # a label after instruction p: before p + 1
    for p in needed:
        bi, ii = where[p]
        after.setdefault(bi, {})[ii + 1] = MInst("LABEL", [Sym(names[p])], loc=None)
    insert_before(mf, after)
    # without a frame pointer the entry address has the first body line's row
    setup = 0 if mf.frame_pointer else _leading_setup(mf)
    located = lower_var_ranges(ranges, label_after, len(where) - 1, anchors, setup, returns)
    # inlined-at: a value, not an object
    seen: set[tuple[int, object]] = {(id(v.var), v.inlined_at) for v in located}
    # variables with no location anywhere are still listed ("optimized out")
    extra: list[VarLocation] = []
    for var in all_variables(view):  # in order of their first records
        k = (id(var.var), var.inlined_at)
        if k not in seen and not is_operand_var(var.var):
            seen.add(k)
            extra.append(VarLocation(var.var, var.inlined_at))  # type: ignore[arg-type]
    variables = attach_reasons([*located, *extra], gaps, ranges, label_after,
                               lambda p: lines[p] if 0 <= p < len(lines) else 0, current,
                               returns.holes(ranges))
    if _has_inline_asm(mf):
        return FunctionLocations(variables, (), False)  # calls unknown
    sites = tuple(_call_site(mi, label_after(c.pos), c.params)
                  for mi, c in zip(call_insts, calls, strict=True))
    return FunctionLocations(variables, sites, True)


def _has_inline_asm(mf: MFunction) -> bool:
    """Whether `mf` has inline assembly: asked once per opcode, not per instruction."""
    opcodes = {mi.opcode for b in mf.blocks for mi in b.insts}
    return any(desc(op).is_inline_asm for op in opcodes - META_OPCODES)


def _line_starts(mf: MFunction, where: list[tuple[int, int]], table: LineTable) -> LineStarts:
    """The rows of `table` (made for `mf` as it is) by real instruction."""
    first: list[int] = []  # each block's first index into the table's rows
    n = 0
    for b in mf.blocks:
        first.append(n)
        n += len(b.insts)
    flat = [first[bi] + ii for bi, ii in where]
    trips = {p: table.trips[k] for p, k in enumerate(flat) if k in table.trips} \
        if table.trips else {}
    module = mf.ir.module
    return LineStarts([table.rows[k] for k in flat], trips,
                      module.atoms.iterations if module is not None else {})


def _real_views(view: MFunctionView) -> list[MInstView]:
    """The view of each real instruction, in the order of `where`."""
    return [v for b in view.blocks for v in b.insts if v.debug is None]


def _anchors(mf: MFunction, where: list[tuple[int, int]], ranges: list[VarRange]) -> Anchors:
    """Where entries holding a global's address are cut (address_values.py):
    nowhere when no range holds one."""
    t = current()
    if not any(has_address(loc_expr(r.loc)) for r in ranges):
        return Anchors((), frozenset(), t.registers.pc_dwarf)
    asm = [p for p, (bi, ii) in enumerate(where)
           if desc(mf.blocks[bi].insts[ii].opcode).is_inline_asm]
    return Anchors(anchor_cuts(len(where), asm, t.max_inst_bytes), frozenset(asm),
                   t.registers.pc_dwarf)


def _currency(mf: MFunction, where: list[tuple[int, int]]) -> dict[int, list[Window]]:
    """The scheduler's moved stores as windows per frame object (CFA offset)."""
    if not mf.moved_stores:
        return {}
    pos = {id(mf.blocks[bi].insts[ii]): p for p, (bi, ii) in enumerate(where)}
    out: dict[int, list[Window]] = {}
    for idx, ws in currency_windows(mf.moved_stores, lambda mi: pos.get(id(mi))).items():
        off = mf.slots[idx].cfa_offset
        if off is not None and mf.slots[idx].kind is SlotKind.ALLOCA:
            out.setdefault(off, []).extend(ws)
    return out


def _leading_setup(mf: MFunction) -> int:
    """How many real instructions at the function's start are frame set-up ones."""
    n = 0
    for b in mf.blocks:
        for mi in b.insts:
            if mi.opcode in META_OPCODES:
                continue
            if not mi.flags & MIFlag.FRAME_SETUP:
                return n
            n += 1
    return n


def _lines(mf: MFunction, where: list[tuple[int, int]]) -> list[int]:
    """Per real instruction, its source line, or the nearest earlier one's (0: none)."""
    out: list[int] = []
    last = 0
    for bi, ii in where:
        loc = mf.blocks[bi].insts[ii].loc
        if loc is not None and loc.line:
            last = loc.line
        out.append(last)
    return out


def _call_site(mi: MInst, ret_label: str, params: tuple[CallSiteParam, ...]) -> CallSite:
    """The call's DIE contents. An indirect call through a register the call
    clobbers names no target: the debugger cannot tell which function was
    called, so it resolves no entry value through this call."""
    target = mi.operands[0] if mi.operands else None
    pc = current().registers.pc_dwarf
    made = []
    for p in params:
        expr = _call_value(p.value, p.offset, p.bits)
        if has_address(expr):
            # evaluated in the caller's frame, where the pc is the return address:
            # `ret_label` anchors the load bias (address_values.py)
            expr = relocatable(expr, ret_label, pc)
        made.append(CallValue(p.reg.num, expr))
    values = tuple(made)
    if isinstance(target, Sym):
        return CallSite(ret_label, target.name.removesuffix("@PLT"), None, values)
    if isinstance(target, PReg) and _r(target.name) in _regs().preserved:
        return CallSite(ret_label, None, (Reg(_regs().dwarf[target.name]),), values)
    return CallSite(ret_label, None, None, values)


def _call_value(v: VarLoc, offset: int = 0, bits: int = 64) -> LocExpr:
    """A DWARF expression (a value, not a location) for a call-site parameter:
    `v` plus `offset`, its low `bits` zero-extended (a constant comes masked)."""
    mask: LocExpr = () if bits >= 64 or isinstance(v, ConstLoc) else \
        (Constu((1 << bits) - 1), And())
    if offset == 0:
        return (*value_of(v), *mask)
    assert not isinstance(v, ConstLoc)
    if isinstance(v, MLoc) and v.kind is LocKind.REG:
        return (Breg(v.num, offset), *mask)
    return (*value_of(v), Consts(offset), Plus(), *mask)
