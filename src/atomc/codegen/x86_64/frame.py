"""Frame lowering: stack layout, prologue/epilogue, and exact CFI.

Frame shape (addresses grow upwards):

    CFA+8k ...     incoming stack arguments (fixed slots, CFA-relative)
    CFA-8          return address
    CFA-16 = rbp   saved %rbp
    rbp-8 ...      pushed callee-saved registers
    ...            local slots (allocas, spill slots, register save area)
    rsp ...        outgoing stack arguments (largest call)

%rsp is 16-byte aligned after the prologue, so every call site is aligned (in a
leaf without a frame pointer, 8-byte aligned).
CFI: after `push %rbp` the CFA is rsp+16; after `mov %rsp, %rbp` it is
rbp+16 for the rest of the body; each epilogue restores rsp+8 after
`pop %rbp`, and code after a non-final epilogue gets the body state back
through remember/restore_state.

Without a frame pointer (-O2 and up, see `frame_policy`), the callee-saved
registers are pushed right below the return address and slots follow them;
the body addresses every slot from %rsp, which stays constant there, so
CFA = rsp + 8 + 8*pushes + frame_size. Every push, pop and %rsp adjustment
in the prologue and epilogues is followed by `.cfi_def_cfa_offset`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from ..mir import Imm, MBlock, Mem, MFunction, MIFlag, MInst, Operand, PReg, StackSlot
from ..mir.core import META_OPCODES
from .abi import align_to
from .frame_policy import body_writes, moves_stack_pointer
from .opcodes import desc, mnemonics_where
from .registers import CALLEE_SAVED
from .stack_clash import allocate_frame
from .stack_protector import guard_slot, layout_order, store_guard

# `Mem(PReg("rsp"), symbol=OUTGOING_ARGS)`: the first byte above the outgoing stack
# arguments, i.e. the bottom of a dynamic allocation just made by `subq ..., %rsp`
# (isel's dynalloca); frame lowering replaces the symbol by the outgoing area's size.
OUTGOING_ARGS: Final = "<outgoing-args>"

_RETURNS: Final = mnemonics_where("is_return")
_SAVED: Final = frozenset(CALLEE_SAVED)


def lower_frame(mf: MFunction, probe_stack: bool = False, dynamic: bool | None = None) -> None:
    """`probe_stack`: -fstack-clash-protection (see stack_clash); `dynamic`: whether
    the body moves `%rsp` (`moves_stack_pointer`), when the caller knows."""
    k = len(mf.callee_saved)
    if dynamic is None:
        dynamic = moves_stack_pointer(mf)
    assert mf.frame_pointer or not dynamic, "a body that moves %rsp needs a frame pointer"
    if dynamic:  # dynamic allocations sit right above the outgoing area: keep them 16-aligned
        mf.max_call_frame = align_to(mf.max_call_frame, 16)
    # bytes between the CFA and the first slot: return address, saved registers
    top = 8 + 8 * k + (8 if mf.frame_pointer else 0)
    cur = -top  # CFA-relative; the CFA is 16-byte aligned
    for s in layout_order(mf):  # creation order, or the stack protector's
        if s.fixed_offset is not None:
            s.cfa_offset = s.fixed_offset
            continue
        al = min(max(s.align, 1), 16)
        cur -= s.size
        cur = -align_to(-cur, al)
        s.cfa_offset = cur
    locals_size = -cur - top
    if mf.frame_pointer or _has_calls(mf) or guard_slot(mf) is not None:
        # call sites (__stack_chk_fail's too) need %rsp 16-byte aligned
        mf.frame_size = align_to(top + locals_size + mf.max_call_frame, 16) - top
    else:
        # a leaf needs no call alignment, but %rsp stays a multiple of 8 (gcc and clang
        # keep 16): lldb takes no CFA from an odd %rsp and reads every variable wrong
        mf.frame_size = align_to(top + locals_size, 8) - top
    mf.frame_base_offset = 16 if mf.frame_pointer else top + mf.frame_size

    _resolve_all(mf)

    # a stack-protector failure block follows the last return: keep the body's CFI state
    last_block = mf.blocks[-1] if guard_slot(mf) is None else None
    guard = guard_slot(mf)
    guard_code = store_guard(slot_memory(mf, guard)) if guard is not None else []
    if mf.frame_pointer:
        _insert_prologue(mf, probe_stack, guard_code)
        for b in mf.blocks:
            _insert_epilogues(mf, b, final=b is last_block, dynamic=dynamic)
    else:
        _insert_sp_prologue(mf, probe_stack, guard_code)
        for b in mf.blocks:
            _insert_sp_epilogues(mf, b, final=b is last_block)


def _has_calls(mf: MFunction) -> bool:
    return any(not mi.is_meta and desc(mi.opcode).is_call for b in mf.blocks for mi in b.insts)


def slot_memory(mf: MFunction, slot: StackSlot) -> Mem:
    """The final memory operand of a laid-out slot."""
    return _resolve(Mem(base=slot), mf)  # type: ignore[return-value]


def frame_base_register(mf: MFunction) -> str:
    """The register the body addresses slots from."""
    return "rbp" if mf.frame_pointer else "rsp"


def _resolve(op: Operand, mf: MFunction, frame_reg: PReg | None = None) -> Operand:
    """`frame_reg`: the frame base register's operand, when the caller shares one."""
    if isinstance(op, Mem) and op.symbol == OUTGOING_ARGS:
        return Mem(op.base, op.index, op.scale, op.disp + mf.max_call_frame, None)
    if isinstance(op, Mem) and isinstance(op.base, StackSlot):
        off = mf.slots[op.base.index].cfa_offset
        assert off is not None
        return Mem(frame_reg or PReg(frame_base_register(mf)), op.index, op.scale,
                   op.disp + off + mf.frame_base_offset, op.symbol)
    return op


def _resolve_all(mf: MFunction) -> None:
    """Every memory operand of the body at its final address. The register
    allocators hand out one operand per slot, so each distinct operand object is
    resolved once (by identity; the table keeps it alive) and its result shared.
    The operands are read as plain objects: each read of an `Operand` checks the
    value against the union's classes in turn in the compiled build (four misses
    for a `Mem`), and this walk reads every operand of the function."""
    done: dict[int, tuple[object, object]] = {}
    # slot operands by value (isel makes one per access of a local): one result each
    by_slot: dict[tuple[int, object, int, int, str | None], Operand] = {}
    frame_reg = PReg(frame_base_register(mf))
    for b in mf.blocks:
        for mi in b.insts:
            # only memory operands change: most instructions are left as they are
            if mi.opcode in META_OPCODES:
                continue
            ops = cast("list[object]", mi.operands)
            for op in ops:
                if type(op) is Mem:
                    break
            else:
                continue
            # in place: resolving is idempotent, so even a list two instructions
            # shared would end as rebuilding it for each made it
            for k, op in enumerate(ops):
                if type(op) is Mem:
                    hit = done.get(id(op))
                    if hit is None:
                        hit = done[id(op)] = (op, _resolve_slot(op, mf, frame_reg, by_slot))
                    ops[k] = hit[1]


def _resolve_slot(op: Mem, mf: MFunction, frame_reg: PReg,
                  by_slot: dict[tuple[int, object, int, int, str | None], Operand]) -> Operand:
    """`_resolve(op)`, shared by every equal slot operand (`by_slot`)."""
    base = op.base
    if type(base) is not StackSlot or op.symbol == OUTGOING_ARGS:
        return _resolve(op, mf)
    key = (base.index, op.index, op.scale, op.disp, op.symbol)
    new = by_slot.get(key)
    if new is None:
        new = by_slot[key] = _resolve(op, mf, frame_reg)
    return new


def _cfi(text: str, flags: MIFlag) -> MInst:
    return MInst("CFI", [], loc=None, flags=flags, meta=text)


def _insert_prologue(mf: MFunction, probe_stack: bool, tail: list[MInst]) -> None:
    """`tail`: instructions ending the prologue (the stack protector's canary store)."""
    fs = MIFlag.FRAME_SETUP
    seq = [
        MInst("pushq", [PReg("rbp")], loc=None, flags=fs, implicit_uses=("rsp",),
              implicit_defs=("rsp",)),
        _cfi(".cfi_def_cfa_offset 16", fs),
        _cfi(".cfi_offset %rbp, -16", fs),
        MInst("movq", [PReg("rsp"), PReg("rbp")], loc=None, flags=fs),
        _cfi(".cfi_def_cfa_register %rbp", fs),
    ]
    for r in mf.callee_saved:
        seq.append(MInst("pushq", [PReg(r)], loc=None, flags=fs, implicit_uses=("rsp",),
                         implicit_defs=("rsp",)))
    if probe_stack:
        seq.extend(allocate_frame(mf.frame_size, None))
    elif mf.frame_size:
        seq.append(MInst("subq", [Imm(mf.frame_size), PReg("rsp")], loc=None, flags=fs))
    for i, r in enumerate(mf.callee_saved):
        seq.append(_cfi(f".cfi_offset %{r}, {-24 - 8 * i}", fs))
    entry = mf.blocks[0]
    entry.insts[0:0] = seq + tail


def _rewrite_returns(b: MBlock, final: bool, epilogue: Callable[[MInst], list[MInst]],
                     changes_cfa: bool = True) -> None:
    """Put `epilogue(ret)` before each return of `b`; code after a return that
    is not the function's last instruction gets the body's CFI state back."""
    at = b.last_real()  # a return ends its block (`MBlock.last_real`)
    if at < 0 or b.insts[at].opcode not in _RETURNS:
        return  # most blocks: nothing to rebuild
    out: list[MInst] = []
    fd = MIFlag.FRAME_DESTROY
    for mi in b.insts:
        if mi.is_meta or not desc(mi.opcode).is_return:
            out.append(mi)
            continue
        keep_state = changes_cfa and not (final and mi is b.insts[-1])
        if keep_state:
            out.append(_cfi(".cfi_remember_state", fd))
        out.extend(epilogue(mi))
        out.append(mi)
        if keep_state:
            out.append(_cfi(".cfi_restore_state", fd))
    b.insts = out


def _insert_epilogues(mf: MFunction, b: MBlock, final: bool, dynamic: bool = False) -> None:
    def epilogue(mi: MInst) -> list[MInst]:
        fd = MIFlag.FRAME_DESTROY
        loc = mi.loc
        out: list[MInst] = []
        k = len(mf.callee_saved)
        if k:
            out.append(MInst("leaq", [Mem(PReg("rbp"), disp=-8 * k), PReg("rsp")], loc=loc,
                             flags=fd))
            for r in reversed(mf.callee_saved):
                out.append(MInst("popq", [PReg(r)], loc=loc, flags=fd,
                                 implicit_uses=("rsp",), implicit_defs=("rsp",)))
        elif dynamic:  # %rsp moved by the body: recover it from %rbp
            out.append(MInst("movq", [PReg("rbp"), PReg("rsp")], loc=loc, flags=fd))
        elif mf.frame_size:
            out.append(MInst("addq", [Imm(mf.frame_size), PReg("rsp")], loc=loc, flags=fd))
        out.append(MInst("popq", [PReg("rbp")], loc=loc, flags=fd, implicit_uses=("rsp",),
                         implicit_defs=("rsp",)))
        out.append(_cfi(".cfi_def_cfa %rsp, 8", fd))
        return out

    _rewrite_returns(b, final, epilogue)


def _insert_sp_prologue(mf: MFunction, probe_stack: bool, tail: list[MInst]) -> None:
    """Pushes and the %rsp adjustment, each followed by the new CFA offset, then `tail`."""
    fs = MIFlag.FRAME_SETUP
    seq: list[MInst] = []
    cfa = 8
    for r in mf.callee_saved:
        seq.append(MInst("pushq", [PReg(r)], loc=None, flags=fs, implicit_uses=("rsp",),
                         implicit_defs=("rsp",)))
        cfa += 8
        seq.append(_cfi(f".cfi_def_cfa_offset {cfa}", fs))
        seq.append(_cfi(f".cfi_offset %{r}, {-cfa}", fs))
    if probe_stack:
        seq.extend(allocate_frame(mf.frame_size, cfa))
    elif mf.frame_size:
        seq.append(MInst("subq", [Imm(mf.frame_size), PReg("rsp")], loc=None, flags=fs))
        seq.append(_cfi(f".cfi_def_cfa_offset {cfa + mf.frame_size}", fs))
    mf.blocks[0].insts[0:0] = seq + tail


def _insert_sp_epilogues(mf: MFunction, b: MBlock, final: bool) -> None:
    def epilogue(mi: MInst) -> list[MInst]:
        fd = MIFlag.FRAME_DESTROY
        out: list[MInst] = []
        cfa = 8 + 8 * len(mf.callee_saved)
        if mf.frame_size:
            out.append(MInst("addq", [Imm(mf.frame_size), PReg("rsp")], loc=mi.loc, flags=fd))
            out.append(_cfi(f".cfi_def_cfa_offset {cfa}", fd))
        for r in reversed(mf.callee_saved):
            out.append(MInst("popq", [PReg(r)], loc=mi.loc, flags=fd,
                             implicit_uses=("rsp",), implicit_defs=("rsp",)))
            cfa -= 8
            out.append(_cfi(f".cfi_def_cfa_offset {cfa}", fd))
        return out

    _rewrite_returns(b, final, epilogue, changes_cfa=bool(mf.callee_saved or mf.frame_size))


def written_callee_saved(mf: MFunction, already: list[str]) -> list[str]:
    """`already` plus the callee-saved registers some instruction writes
    explicitly (asm operands and clobbers), in the canonical save order."""
    return saved_order(already, body_writes(mf, _SAVED)[0])


def saved_order(already: list[str], written: set[str]) -> list[str]:
    """`already` and `written` in the canonical save order: %rbp, allocated like a
    callee-saved register without a frame pointer, is saved last."""
    both = set(already) | written
    return [r for r in (*CALLEE_SAVED, "rbp") if r in both]


def lower_body_frame(mf: MFunction, probe_stack: bool) -> None:
    """Frame lowering of an allocated body: the callee-saved registers it writes
    (asm operands, clobbers) join the saved ones, then `lower_frame`; one walk
    answers both what is written and whether `%rsp` moves."""
    written, dynamic = body_writes(mf, _SAVED)
    mf.callee_saved = saved_order(mf.callee_saved, written)
    lower_frame(mf, probe_stack, dynamic)
