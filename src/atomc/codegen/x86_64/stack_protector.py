"""-fstack-protector: a canary between a function's locals and its saved
registers and return address, checked before every return (gcc's rules).

Which functions (gcc's `expand_used_vars`): none with
`__attribute__((no_stack_protector))`; every one under -all; under
-explicit only those with `__attribute__((stack_protect))`; under the
default and -strong also those with the attribute or a dynamic allocation
(VLA, `alloca`) and those with a protected object: a char array of 8 bytes
or more (default), or any array or any local whose address escapes
(-strong). Objects are classified by the front end (`ir.insts.ArrayKind`);
a local the optimiser promoted to registers has no alloca left and does not
count, as for gcc, which decides after its own optimisations.

Layout (gcc's phases): the guard is the highest slot, right below the saved
registers; char arrays come next, other arrays below them and every scalar
and spill slot lowest, so an overflowing array runs into the guard before
anything that steers control flow.

Code: at the end of the prologue (frame lowering) `movq %fs:40, %rax; movq
%rax, guard; xorl %eax, %eax`; after frame lowering, before each epilogue `movq
guard, %rdx` (%rcx when %rdx holds part of the return value), `subq %fs:40, %rdx`,
`jne` to a block after the function's last return that calls `__stack_chk_fail`
(then `ud2`: the call's return address stays inside the function). That block keeps the
body's CFI state (the final epilogue is bracketed by remember/restore).

Debug info: the added instructions define no variable; they carry the
epilogue's location (the return's, or its line when `return-brace` gave the `ret` the brace).
"""

from __future__ import annotations

from ...ir.function import Function
from ...ir.insts import (
    Alloca,
    ArrayKind,
    Load,
    MemCopy,
    MemSet,
    PtrAdd,
    Store,
    has_dynamic_stack,
)
from ...ir.values import Const, Value
from ...options import StackProtector
from ..mir import (
    BlockRef,
    FrameSlot,
    Mem,
    MFunction,
    MIFlag,
    MInst,
    PReg,
    SlotKind,
    StackSlot,
    Sym,
)
from .opcodes import desc
from .pic import SymbolPolicy

GUARD_OFFSET = 40  # %fs:40: the thread's copy of the canary (glibc's tcbhead_t.stack_guard)
CANARY = Mem(disp=GUARD_OFFSET, segment="fs")
FAIL = "__stack_chk_fail"
_CHARS = ArrayKind.SMALL_CHAR_ARRAY | ArrayKind.LARGE_CHAR_ARRAY


def needs_guard(fn: Function, mode: StackProtector) -> bool:
    if mode is StackProtector.NONE or "no_stack_protector" in fn.attrs:
        return False
    explicit = "stack_protect" in fn.attrs
    if mode is StackProtector.ALL or explicit:
        return True
    if mode is StackProtector.EXPLICIT:
        return False
    if has_dynamic_stack(fn):
        return True
    strong = mode is StackProtector.STRONG
    for inst in fn.insts():
        if not isinstance(inst, Alloca):
            continue
        if _phase(inst.arrays, strong):
            return True
        if strong and _escapes(inst):
            return True
    return False


def _phase(arrays: int, strong: bool) -> int:
    kind = ArrayKind(arrays)
    if not strong:
        return 1 if kind & ArrayKind.LARGE_CHAR_ARRAY else 0
    if kind & _CHARS and not kind & ArrayKind.AGGREGATE:
        return 1
    return 2 if kind & ArrayKind.ARRAY else 0


def _escapes(slot: Value) -> bool:
    """Is the object's address used other than to load, store or copy through it
    (gcc's TREE_ADDRESSABLE, seen after optimisation)?"""
    for use in slot.uses:
        if use.is_debug:
            continue
        user = use.user
        if isinstance(user, Load) or isinstance(user, Store) and user.ptr is slot \
                and user.value is not slot:
            continue
        if isinstance(user, (MemCopy, MemSet)):
            continue
        if isinstance(user, PtrAdd) and user.ptr is slot and isinstance(user.offset, Const) \
                and not _escapes(user):
            continue
        return True
    return False


def add_stack_guard(mf: MFunction, mode: StackProtector) -> None:
    """Give `mf` a guard slot when gcc would, and rank its arrays for layout."""
    if not needs_guard(mf.ir, mode):
        return
    # gcc classifies objects by the -strong rules under -strong, -all and -explicit
    strong = mode in (StackProtector.STRONG, StackProtector.ALL, StackProtector.EXPLICIT)
    for s in mf.slots:
        if s.kind is SlotKind.ALLOCA:
            s.protect_phase = _phase(s.arrays, strong)
    mf.new_slot(8, 8, SlotKind.STACK_GUARD, "__stack_chk_guard")


def guard_slot(mf: MFunction) -> StackSlot | None:
    for i, s in enumerate(mf.slots):
        if s.kind is SlotKind.STACK_GUARD:
            return StackSlot(i)
    return None


def layout_order(mf: MFunction) -> list[FrameSlot]:
    """The slots in the order frame lowering places them, highest first."""
    if guard_slot(mf) is None:
        return list(mf.slots)

    def rank(s: FrameSlot) -> int:
        if s.kind is SlotKind.STACK_GUARD:
            return 0
        return s.protect_phase if s.protect_phase else 3

    return sorted(mf.slots, key=rank)


def store_guard(guard: Mem) -> list[MInst]:
    """The end of the prologue: the canary into its slot (`guard`: the slot's
    final memory operand). %rax carries no argument (atomc ignores the
    varargs count in %al); clearing it keeps the canary out of registers."""
    fs = MIFlag.FRAME_SETUP
    return [MInst("movq", [CANARY, PReg("rax")], loc=None, flags=fs),
            MInst("movq", [PReg("rax"), guard], loc=None, flags=fs),
            MInst("xorl", [PReg("rax", 4), PReg("rax", 4)], loc=None, flags=fs)]


def insert_guard_checks(mf: MFunction, guard: Mem, policy: SymbolPolicy) -> None:
    """The checks before each epilogue and the failure block. Runs after frame
    lowering."""
    fail = mf.new_block(None)
    fd = MIFlag.FRAME_DESTROY
    loc = None
    for b in list(mf.blocks):
        k = 0
        while k < len(b.insts):
            mi = b.insts[k]
            if mi.is_meta or not desc(mi.opcode).is_return:
                k += 1
                continue
            start = k
            while start > 0 and b.insts[start - 1].flags & fd:
                start -= 1  # before the epilogue (and its .cfi_remember_state)
            scratch = "rcx" if "rdx" in mi.implicit_uses else "rdx"
            # the epilogue's location: `return-brace` may have left it on the return line
            loc = next((e.loc for e in b.insts[start:k] if not e.is_meta), mi.loc)
            check = [
                MInst("movq", [guard, PReg(scratch)], loc=loc, flags=fd),
                MInst("subq", [CANARY, PReg(scratch)], loc=loc, flags=fd),
                MInst("jne", [BlockRef(fail)], loc=loc, flags=fd),
            ]
            b.insts[start:start] = check
            k += len(check) + 1
    fail.append(MInst("call", [Sym(policy.extern_call(FAIL))], loc=loc))
    fail.append(MInst("ud2", [], loc=loc))  # it never returns; keeps its return address inside
    mf.blocks.append(fail)


__all__ = ["add_stack_guard", "guard_slot", "insert_guard_checks", "layout_order",
           "needs_guard", "store_guard"]
