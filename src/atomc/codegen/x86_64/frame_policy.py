"""Whether a function keeps `%rbp` as its frame pointer.

One predicate decides it, before register allocation (a function without a
frame pointer could give `%rbp` to the allocator). The frame pointer stays when
the user asks for it (-fno-omit-frame-pointer, the default below -O2) and
whenever the body itself moves `%rsp`: dynamic stack allocation (VLAs,
`alloca`: the IR's `dynalloca`, or any machine instruction that writes
`%rsp` outside the prologue and epilogues) makes slot offsets from `%rsp`
vary, so slots must stay addressed from a fixed register and the CFA cannot
be described as `%rsp` + constant.
"""

from __future__ import annotations

from ...ir.insts import InlineAsm, has_dynamic_stack
from ..mir import META_OPCODES, MFunction, MIFlag, MInst, PReg
from .opcodes import desc, find

_FRAME_FLAGS = MIFlag.FRAME_SETUP | MIFlag.FRAME_DESTROY


def needs_frame_pointer(mf: MFunction, omit_frame_pointer: bool) -> bool:
    """True when `mf` must keep a `%rbp` frame."""
    if not omit_frame_pointer:
        return True
    return has_dynamic_stack(mf.ir) or moves_stack_pointer(mf) or asm_reads_frame_pointer(mf)


def asm_reads_frame_pointer(mf: MFunction) -> bool:
    """Inline asm naming `%rbp` (`__builtin_frame_address`, `__builtin_return_address`)
    needs the frame it points to."""
    return any(isinstance(i, InlineAsm) and "%%rbp" in i.template
               for b in mf.ir.blocks for i in b.insts)


def moves_stack_pointer(mf: MFunction) -> bool:
    """Any instruction of the body (not prologue/epilogue) that writes `%rsp`:
    a dynamic allocation, a stack restore, a push or pop."""
    frame_flags = int(_FRAME_FLAGS)  # an int test: IntFlag's `&` runs Python code
    facts: dict[str, tuple[bool, tuple[int, ...], int]] = {}  # per opcode (`_facts`)
    for b in mf.blocks:
        for mi in b.insts:
            if mi.opcode in META_OPCODES or mi.flags and int(mi.flags) & frame_flags:
                continue
            fact = facts.get(mi.opcode)
            if fact is None:
                fact = facts[mi.opcode] = _facts(mi.opcode)
            if _writes_rsp(mi, fact):
                return True
    return False


def body_writes(mf: MFunction, saved: frozenset[str]) -> tuple[set[str], bool]:
    """The registers of `saved` some instruction writes explicitly (an operand it
    writes, its own or its opcode's implicit definitions), and whether the body
    moves `%rsp` (`moves_stack_pointer`): frame lowering's two questions, answered
    in one walk over the function instead of one each."""
    frame_flags = int(_FRAME_FLAGS)
    written: set[str] = set()
    moves = False
    # per opcode: `_facts`, the registers of `saved` it always writes
    facts: dict[str, tuple[tuple[bool, tuple[int, ...], int], frozenset[str]]] = {}
    for b in mf.blocks:
        for mi in b.insts:
            opcode = mi.opcode
            if opcode in META_OPCODES:
                continue
            fact = facts.get(opcode)
            if fact is None:
                d = desc(opcode)  # the allocated body: every opcode is the table's
                fact = facts[opcode] = (_facts(opcode), saved.intersection(d.implicit_defs))
            (always, written_at, nroles), implicit = fact
            if implicit:
                written |= implicit
            for r in mi.implicit_defs:  # (a native loop: `intersection` is a generic call)
                if r in saved:
                    written.add(r)
            # `_writes_rsp`, inlined into the same look at the written operands
            # (most instructions have no flag: `int()` of an IntFlag is a call)
            looking = not moves and not (mi.flags and int(mi.flags) & frame_flags)
            if looking and (always or "rsp" in mi.implicit_defs):
                moves = True
            ops = mi.operands
            for k in written_at:  # an operand past the roles is read, not written
                if k < len(ops):
                    op = ops[k]
                    if type(op) is PReg:  # the operand classes are final
                        if op.name in saved:
                            written.add(op.name)
                        if looking and op.name == "rsp":
                            moves = True
            if looking and not moves and len(ops) > nroles:  # %rsp: each such operand counts
                moves = any(type(op) is PReg and op.name == "rsp" for op in ops[nroles:])
    return written, moves


def _facts(opcode: str) -> tuple[bool, tuple[int, ...], int]:
    """(writes %rsp always, the operands it writes, how many operands have roles);
    an unknown opcode's every operand counts as written."""
    d = find(opcode)
    if d is None:
        return False, (), 0
    return "rsp" in d.implicit_defs, tuple(k for k, r in enumerate(d.roles) if "d" in r), \
        len(d.roles)


def _writes_rsp(mi: MInst, fact: tuple[bool, tuple[int, ...], int]) -> bool:
    always, written_at, nroles = fact
    if always or "rsp" in mi.implicit_defs:
        return True
    ops = mi.operands
    # the written operands, and every operand past the roles
    for k in (*written_at, *range(nroles, len(ops))):
        op = ops[k] if k < len(ops) else None
        # the operand classes are final: `type() is` misses no subclass
        if type(op) is PReg and op.name == "rsp":
            return True
    return False
