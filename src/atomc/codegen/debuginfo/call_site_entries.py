"""An inlined call's first instruction, when it only writes registers, as the
call line's own statement in the caller.

When an inlined body begins right at the first code of its call line
(`total += square(i);` where the caller has nothing to do before the body),
the call line has no instruction of its own before the body. gdb then has only
two places for the line's statement row: the body's entry pc, where a
breakpoint on the call line stops *inside* the callee (gdb presents a user
breakpoint's stop in the innermost inlined function its location's block
names; gcc's code does this), or the caller's code after the body (the `+=`),
where `step` out of the callee stops a second time on the call line, a stop
-O0 never makes (`main:13 square:4 main:13 main:12` for -O0's
`main:13 square:4 ... main:12`).

When the body's first instruction only writes registers and flags (the copy
of an argument into the callee's register, a first load, a compare), it
takes the call site's location, as the call's own statement (a fresh atom,
rank 1): the instance's ranges begin at the next instruction. A breakpoint on
the call line stops there, in the caller, before the body runs; `step` there
still enters the callee at its first line; and `compute_key_set` can leave the
rest of the call line after the body without a stop (gdb returns from an
inlined call there as from a call). What a debugger shows at that pc does not
change: gdb and lldb showed the caller's frame at an inlined instance's entry
pc already. The instruction is no key instruction of the callee's line unless
another one of its atom stays, and no branch from the body lands on it (an
inlined loop's header stays the body's).

Only locations change; machine code does not.
"""

from __future__ import annotations

from ...ir.debuginfo import DILexicalBlock, DILocation
from ..mir import META_OPCODES, VALUE_RECORD_OPCODES, MFunction, MIFlag, MInst, PReg, VReg
from ..mir.cfg import successor_indices
from ..target import desc
from .instruction_scopes import Chain, ScopeKey, SharedScopes, scope_chain, shared_scopes


def claim_call_site_entries(mf: MFunction, scopes: SharedScopes | None = None) -> None:
    """Give each inlined instance's first instruction its call site's location
    when it only writes registers and can serve as the call's statement.
    `scopes`: the function's shared instruction scopes (invalidated when a
    location changes)."""
    if mf.ir.module is None:
        return
    real = [[mi for mi in b.insts if mi.opcode not in META_OPCODES] for b in mf.blocks]
    # where each real instruction stands among the block's meta instructions
    at = [[k for k, mi in enumerate(b.insts) if mi.opcode not in META_OPCODES] for b in mf.blocks]
    held = shared_scopes(mf, scopes)
    chains = held.get()
    succs = successor_indices(mf)
    firsts: dict[ScopeKey, tuple[int, int]] = {}  # inlined instance -> first position
    for b, block_chains in enumerate(chains):
        for i, chain in enumerate(block_chains):
            for key in chain:
                if key[1] is not None and not isinstance(key[0], DILexicalBlock):
                    firsts.setdefault(key, (b, i))
    members = _atom_members(real)
    claimed: set[tuple[int, int]] = set()
    for key, (b, i) in firsts.items():
        if (b, i) in claimed or not _outermost_starting(key, chains[b][i], b, i, firsts):
            continue
        site = key[1]
        assert isinstance(site, DILocation)
        mi = real[b][i]
        between = mf.blocks[b].insts[at[b][i] + 1:at[b][i + 1]] if i + 1 < len(at[b]) else []
        if not _claimable(mi, key, b, i, real, between, chains, succs, members) \
                or site.line == 0:
            continue
        atoms = mf.ir.module.atoms
        mi.loc = site.with_atom(atoms.fresh(), 1) if site.subprogram.key_instructions \
            else site.without_atom()
        claimed.add((b, i))
        held.invalidate()  # read on from the scopes before the change, as always


def _outermost_starting(key: ScopeKey, chain: Chain, b: int, i: int,
                        firsts: dict[ScopeKey, tuple[int, int]]) -> bool:
    """Is `key` the outermost instance that begins at (b, i)? (Nested instances
    that begin together are entered through the outermost one's call site.)"""
    outer = chain[chain.index(key) + 1:]
    return not any(k[1] is not None and not isinstance(k[0], DILexicalBlock)
                   and firsts.get(k) == (b, i) for k in outer)


def _claimable(mi: MInst, key: ScopeKey, b: int, i: int, real: list[list[MInst]],
               between: list[MInst], chains: list[list[Chain]], succs: dict[int, list[int]],
               members: dict[tuple[DILocation | None, int], int]) -> bool:
    loc = mi.loc
    if loc is None or key not in scope_chain(loc) or not _writes_registers_only(mi):
        return False
    nxt = real[b][i + 1] if i + 1 < len(real[b]) else None
    if nxt is None or nxt.loc is None or nxt.loc.line == 0 or _instance(nxt.loc) != key:
        # the body would lose its first row there, or begin with a nested call
        # (through's `t` lived only in the first instruction before tiny_sum's body)
        return False
    if not _same_values_after(mi, between):
        return False
    if loc.atom_group and members.get((loc.inlined_at, loc.atom_group), 0) < 2:
        return False  # the only member of its atom: the callee's line would lose its stop
    if i == 0 and any(b in ss and chains[p] and key in chains[p][-1]
                      for p, ss in succs.items()):
        return False  # a branch of the body lands here: a loop header of the body
    return True


def _same_values_after(mi: MInst, between: list[MInst]) -> bool:
    """Does a debugger show the same values at the next real instruction as at
    `mi`? The body's entry moves there, so no variable record may sit `between` (in
    unrolled copies sharing one inlined instance, the next copy's records for `a`
    and `b` sat there: the first copy's stop showed `b` of the second and no `a`),
    and `mi` must not overwrite a register it reads (an in-place `addl $1, %ecx`
    ends the location of the value in %ecx)."""
    if any(m.opcode in VALUE_RECORD_OPCODES for m in between):
        return False
    d = desc(mi.opcode)
    roles = list(zip(mi.operands, d.roles, strict=False))
    written = {op for op, role in roles if "d" in role}
    return not any("u" in role and op in written for op, role in roles)


def _instance(loc: DILocation) -> ScopeKey | None:
    """The innermost inlined instance `loc` is in."""
    return next((k for k in scope_chain(loc)
                 if k[1] is not None and not isinstance(k[0], DILexicalBlock)), None)


def _writes_registers_only(mi: MInst) -> bool:
    """Does the instruction only read, and write registers and flags (a copy, a
    load, a compare, arithmetic), with no store, call, branch or fixed register?"""
    d = desc(mi.opcode)
    if d.is_branch or d.is_call or d.is_return or d.is_terminator or d.is_inline_asm or \
            d.x87 or d.implicit_defs or mi.flags & (MIFlag.FRAME_SETUP | MIFlag.FRAME_DESTROY):
        return False
    return all(isinstance(op, PReg | VReg)
               for op, role in zip(mi.operands, d.roles, strict=False) if "d" in role)


def _atom_members(real: list[list[MInst]]) -> dict[tuple[DILocation | None, int], int]:
    """(inlined-at, atom group) -> how many instructions carry it."""
    out: dict[tuple[DILocation | None, int], int] = {}
    for insts in real:
        for mi in insts:
            if mi.loc is not None and mi.loc.atom_group:
                k = (mi.loc.inlined_at, mi.loc.atom_group)
                out[k] = out.get(k, 0) + 1
    return out
