"""Frame lowering: stack layout, prologue/epilogue, and exact CFI.

Frame shape (addresses grow upwards):

    CFA+8k ...     incoming stack arguments (fixed slots, CFA-relative)
    CFA-8          return address
    CFA-16 = rbp   saved %rbp
    rbp-8 ...      pushed callee-saved registers
    ...            local slots (allocas, spill slots, register save area)
    rsp ...        outgoing stack arguments (largest call)

%rsp is 16-byte aligned after the prologue, so every call site is aligned.
CFI: after `push %rbp` the CFA is rsp+16; after `mov %rsp, %rbp` it is
rbp+16 for the rest of the body; each epilogue restores rsp+8 after
`pop %rbp`, and code after a non-final epilogue gets the body state back
through remember/restore_state.
"""

from __future__ import annotations

from ..mir import Imm, MBlock, Mem, MFunction, MIFlag, MInst, Operand, PReg, StackSlot
from .abi import align_to
from .opcodes import desc


def cfa_to_rbp(cfa_offset: int) -> int:
    return cfa_offset + 16


def lower_frame(mf: MFunction) -> None:
    k = len(mf.callee_saved)
    cur = -8 * k  # rbp-relative
    for s in mf.slots:
        if s.fixed_offset is not None:
            s.cfa_offset = s.fixed_offset
            continue
        al = min(max(s.align, 1), 16)
        cur -= s.size
        cur = -align_to(-cur, al)
        s.cfa_offset = cur - 16
    locals_size = -cur - 8 * k
    mf.frame_size = align_to(locals_size + mf.max_call_frame + 8 * k, 16) - 8 * k

    for b in mf.blocks:
        for mi in b.insts:
            if not mi.is_meta:
                mi.operands = [_resolve(op, mf) for op in mi.operands]

    _insert_prologue(mf)
    last_block = mf.blocks[-1]
    for b in mf.blocks:
        _insert_epilogues(mf, b, final=b is last_block)


def _resolve(op: Operand, mf: MFunction) -> Operand:
    if isinstance(op, Mem) and isinstance(op.base, StackSlot):
        off = mf.slots[op.base.index].cfa_offset
        assert off is not None
        return Mem(PReg("rbp"), op.index, op.scale, op.disp + cfa_to_rbp(off), op.symbol)
    return op


def _cfi(text: str, flags: MIFlag) -> MInst:
    return MInst("CFI", [], loc=None, flags=flags, meta=text)


def _insert_prologue(mf: MFunction) -> None:
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
    if mf.frame_size:
        seq.append(MInst("subq", [Imm(mf.frame_size), PReg("rsp")], loc=None, flags=fs))
    for i, r in enumerate(mf.callee_saved):
        seq.append(_cfi(f".cfi_offset %{r}, {-24 - 8 * i}", fs))
    entry = mf.blocks[0]
    entry.insts[0:0] = seq


def _insert_epilogues(mf: MFunction, b: MBlock, final: bool) -> None:
    out: list[MInst] = []
    for mi in b.insts:
        if mi.is_meta or not desc(mi.opcode).is_return:
            out.append(mi)
            continue
        fd = MIFlag.FRAME_DESTROY
        loc = mi.loc
        last = final and mi is b.insts[-1]
        if not last:
            out.append(_cfi(".cfi_remember_state", fd))
        k = len(mf.callee_saved)
        if k:
            out.append(MInst("leaq", [Mem(PReg("rbp"), disp=-8 * k), PReg("rsp")], loc=loc,
                             flags=fd))
            for r in reversed(mf.callee_saved):
                out.append(MInst("popq", [PReg(r)], loc=loc, flags=fd,
                                 implicit_uses=("rsp",), implicit_defs=("rsp",)))
        elif mf.frame_size:
            out.append(MInst("addq", [Imm(mf.frame_size), PReg("rsp")], loc=loc, flags=fd))
        out.append(MInst("popq", [PReg("rbp")], loc=loc, flags=fd, implicit_uses=("rsp",),
                         implicit_defs=("rsp",)))
        out.append(_cfi(".cfi_def_cfa %rsp, 8", fd))
        out.append(mi)
        if not last:
            out.append(_cfi(".cfi_restore_state", fd))
    b.insts = out
