"""-fstack-clash-protection: never move %rsp more than one guard page (4096
bytes) past memory already touched, so a stack overflow always hits the
guard page instead of jumping over it into other mappings (gcc's x86
scheme).

A static frame under 4096 bytes needs nothing (the call that entered the
function wrote the return address just above it). A larger one is
allocated a page at a time, each page probed with `orq $0, (%rsp)`:
unrolled up to four pages, otherwise a loop down to `%r11 = %rsp - pages`,
during which the CFA is described from %r11. The residual below the last
page is not probed, as gcc does (less than a page, and the next call or
push touches it). A dynamic allocation (VLA, `alloca`) of a run-time size
is made by the same page-at-a-time loop, then the remainder, probed.

Debug info: prologue instructions only (FRAME_SETUP), plus the allocation
in the body, which defines no variable.
"""

from __future__ import annotations

from ..mir import Imm, Mem, MIFlag, MInst, PReg

GUARD_SIZE = 4096
PROBE_INTERVAL = 4096
MAX_UNROLLED_PAGES = 4

# pseudo instructions (see opcodes.py): the probing loops, with their own local labels
LOOP_TO_R11 = "PROBE_LOOP_R11"  # 1: subq $4096,%rsp; orq $0,(%rsp); cmpq %r11,%rsp; jne 1b
PROBED_ALLOCA = "PROBED_SUBQ"  # operand: the size register (clobbered)


def allocate_frame(size: int, cfa: int | None) -> list[MInst]:
    """Prologue instructions moving %rsp down by `size`. `cfa`: the CFA's
    offset from %rsp before them when the CFA is %rsp-based (None: %rbp-based)."""
    fs = MIFlag.FRAME_SETUP
    out: list[MInst] = []

    def sub(n: int) -> None:
        nonlocal cfa
        out.append(MInst("subq", [Imm(n), PReg("rsp")], loc=None, flags=fs))
        if cfa is not None:
            cfa += n
            out.append(_cfi(f".cfi_def_cfa_offset {cfa}"))

    if size < GUARD_SIZE:
        if size:
            sub(size)
        return out
    if size <= MAX_UNROLLED_PAGES * PROBE_INTERVAL:
        done = 0
        while done + PROBE_INTERVAL <= size:
            sub(PROBE_INTERVAL)
            out.append(MInst("orq", [Imm(0), Mem(PReg("rsp"))], loc=None, flags=fs))
            done += PROBE_INTERVAL
        if size - done:
            sub(size - done)
        return out
    pages = size // PROBE_INTERVAL * PROBE_INTERVAL
    out.append(MInst("leaq", [Mem(PReg("rsp"), disp=-pages), PReg("r11")], loc=None, flags=fs))
    if cfa is not None:
        out.append(_cfi(f".cfi_def_cfa %r11, {cfa + pages}"))
    out.append(MInst(LOOP_TO_R11, [], loc=None, flags=fs))
    if cfa is not None:
        cfa += pages
        out.append(_cfi(".cfi_def_cfa_register %rsp"))
    if size - pages:
        sub(size - pages)
    return out


def format_probe(mi: MInst, size_reg: str | None) -> str:
    """Assembly of the probing pseudo instructions (`size_reg`: the allocated
    register of a PROBED_SUBQ's size operand)."""
    if mi.opcode == LOOP_TO_R11:
        return (f"1:\n\tsubq\t${PROBE_INTERVAL}, %rsp\n\torq\t$0, (%rsp)\n"
                "\tcmpq\t%r11, %rsp\n\tjne\t1b")
    r = size_reg
    return (f"1:\n\tcmpq\t${PROBE_INTERVAL}, {r}\n\tjb\t2f\n"
            f"\tsubq\t${PROBE_INTERVAL}, %rsp\n\torq\t$0, (%rsp)\n"
            f"\tsubq\t${PROBE_INTERVAL}, {r}\n\tjmp\t1b\n"
            f"2:\n\tsubq\t{r}, %rsp\n\torq\t$0, (%rsp)")


def _cfi(text: str) -> MInst:
    return MInst("CFI", [], loc=None, flags=MIFlag.FRAME_SETUP, meta=text)
