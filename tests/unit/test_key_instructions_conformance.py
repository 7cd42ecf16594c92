"""The 25 Key Instructions conformance cases of shared/specs/key-instructions.md
§10, checked against atomc's line-row writer. Each case is written in the
spec's notation and the expected rows are the ones llc-22 produced (LLVM 22
mode) or, for C08, also the documented-rule result.
"""

from __future__ import annotations

import re

import pytest

from atomc.dwarf.line_rows import LineBlock, LineInst, compute_rows
from atomc.ir import DIFile, DICompileUnit, DILocation, DISubprogram, DISubroutineType
from atomc.options import KeyInstrMode

FILE = DIFile("t.c", "/tmp")
CU = DICompileUnit(FILE, "test", "C11", True)


def _sp(name: str, line: int, ki: bool) -> DISubprogram:
    return DISubprogram(name, name, FILE, line, DISubroutineType(None, ()), line, CU,
                        key_instructions=ki)


_INST = re.compile(r"i(\d+) (?:(op|call|selfcall|ret|asm|jcc->bb(\d+)|jmp->bb(\d+)) )?(L\d+|noloc)"
                   r"(?: g(\d+) r(\d+))?(?: @(s30|s31))?$")


def build(text: str, f_ki: bool = True, g_ki: bool = True):
    f = _sp("f", 1, f_ki)
    g = _sp("g", 50, g_ki)
    sites = {"s30": DILocation(3, 0, f), "s31": DILocation(4, 0, f)}
    raw_blocks: list[list[tuple[str, LineInst]]] = []
    ends: list[tuple[str, int | None]] = []
    for part in text.split("|"):
        header, body = part.split(":", 1)
        insts: list[tuple[str, LineInst]] = []
        end: tuple[str, int | None] = ("fall", None)
        for item in body.split(";"):
            m = _INST.match(item.strip())
            assert m, item
            idx, kind, jcc, jmp, line, grp, rank, site = m.groups()
            loc = None
            if line != "noloc":
                scope = g if site else f
                loc = DILocation(int(line[1:]), 0, scope, sites.get(site) if site else None,
                                 int(grp or 0), int(rank or 0))
            li = LineInst(loc, is_call=kind in ("call", "selfcall"),
                          calls_itself=kind == "selfcall", is_empty=kind == "asm",
                          is_return=kind == "ret",
                          cond_branch_to=int(jcc) if jcc else None,
                          jump_to=int(jmp) if jmp else None)
            insts.append((f"i{idx}", li))
            if jmp:
                end = ("jmp", int(jmp))
            elif kind == "ret":
                end = ("ret", None)
            elif jcc:
                end = ("jcc", int(jcc))
        raw_blocks.append(insts)
        ends.append(end)
    blocks = []
    for b, (insts, (kind, target)) in enumerate(zip(raw_blocks, ends)):
        succs: list[int] = []
        if kind in ("jcc", "jmp"):
            succs.append(target)  # type: ignore[arg-type]
        if kind in ("fall", "jcc") and b + 1 < len(raw_blocks):
            succs.append(b + 1)
        blocks.append(LineBlock([li for _, li in insts], succs))
    names = [[n for n, _ in insts] for insts in raw_blocks]
    return blocks, names, f


def render(text: str, mode: str, f_ki: bool = True, g_ki: bool = True) -> str:
    blocks, names, f = build(text, f_ki, g_ki)
    result = compute_rows(blocks, f, KeyInstrMode(mode))
    assert result.entry is None  # the first instruction is always the prologue_end one
    out = []
    for b, rows in enumerate(result.rows):
        for name, row in zip(names[b], rows):
            if row is None:
                continue
            flags = [f for f, on in (("S", row.is_stmt), ("PE", row.prologue_end)) if on]
            out.append(f"{name}:L{row.line}" + (f"[{' '.join(flags)}]" if flags else ""))
    return " ".join(out)


# (case, function text, expected rows in LLVM 22 mode, f keyInstructions, g keyInstructions)
CASES = [
    ("C01", "bb0: i0 op L1; i1 op L2; i2 op L2 g1 r1; i3 op L3; i4 ret L4",
     "i0:L1[S PE] i1:L2[S] i3:L3[S] i4:L4[S]", False, True),
    ("C02", "bb0: i0 op L1; i1 op L2; i2 op L3 g1 r1; i3 op L4; i4 ret L5 g2 r1",
     "i0:L1[S PE] i1:L2 i2:L3[S] i3:L4 i4:L5[S]", True, True),
    ("C03", "bb0: i0 op L1; i1 op L2 g1 r3; i2 op L3 g1 r2; i3 ret L4",
     "i0:L1[S PE] i1:L2 i2:L3[S] i3:L4", True, True),
    ("C04", "bb0: i0 op L1; i1 op L2 g1 r2; i2 op L3 g1 r3; i3 ret L4",
     "i0:L1[S PE] i1:L2[S] i2:L3 i3:L4", True, True),
    ("C05", "bb0: i0 op L1; i1 op L2 g1 r2 | bb1: i2 op L3 g1 r1; i3 ret L4",
     "i0:L1[S PE] i1:L2 i2:L3[S] i3:L4", True, True),
    ("C06", "bb0: i0 op L1; i1 op L2 g1 r1 | bb1: i2 op L3 g1 r2; i3 ret L4",
     "i0:L1[S PE] i1:L2[S] i2:L3 i3:L4", True, True),
    ("C07", "bb0: i0 op L1; i1 op L2 g1 r1 | bb1: i2 op L3 g1 r1; i3 ret L4",
     "i0:L1[S PE] i1:L2[S] i2:L3[S] i3:L4", True, True),
    ("C08", "bb0: i0 op L1; i1 op L2 g1 r1; i2 op L3; i3 op L4 g1 r1; i4 ret L5",
     "i0:L1[S PE] i1:L2[S] i2:L3 i3:L4[S] i4:L5", True, True),
    ("C09", "bb0: i0 op L1; i1 op L2; i2 op L2; i3 op L2 g1 r1; i4 op L3; i5 ret L4",
     "i0:L1[S PE] i1:L2[S] i4:L3 i5:L4", True, True),
    ("C10", "bb0: i0 op L1; i1 op L2 g2 r1; i2 op L2; i3 op L2 g1 r1; i4 ret L4",
     "i0:L1[S PE] i1:L2[S] i3:L2[S] i4:L4", True, True),
    ("C11", "bb0: i0 op L1; i1 op L2; i2 op L2 g1 r2; i3 op L2; i4 op L2 g1 r1; i5 ret L4",
     "i0:L1[S PE] i1:L2[S] i5:L4", True, True),
    ("C12", "bb0: i0 op L1; i1 op L2 g1 r1; i2 op L2 g2 r2; i3 op L2 g2 r1; i4 ret L4",
     "i0:L1[S PE] i1:L2[S] i2:L2[S] i4:L4", True, True),
    ("C13", "bb0: i0 op L1; i1 op L2; i2 op L0; i3 noloc; i4 op L2 g1 r1; i5 ret L4",
     "i0:L1[S PE] i1:L2[S] i2:L0 i4:L2 i5:L4", True, True),
    ("C14", "bb0: i0 op L1; i1 op L2 | bb1: i2 op L2; i3 op L2 g1 r1; i4 ret L4",
     "i0:L1[S PE] i1:L2 i2:L2[S] i4:L4", True, True),
    ("C15", "bb0: i0 op L1; i1 op L2; i2 call L2; i3 op L2; i4 op L2 g1 r1; i5 ret L4",
     "i0:L1[S PE] i1:L2[S] i3:L2[S] i5:L4", True, True),
    ("C16", "bb0: i0 op L1; i1 call L2 g1 r2; i2 op L2 g1 r1; i3 ret L4",
     "i0:L1[S PE] i1:L2[S] i2:L2[S] i3:L4", True, True),
    ("C17", "bb0: i0 op L1; i1 op L2 g1 r2; i2 call L3 g1 r1; i3 ret L4",
     "i0:L1[S PE] i1:L2 i2:L3[S] i3:L4", True, True),
    ("C18", "bb0: i0 op L1; i1 call L2 g1 r1; i2 op L3 g1 r2; i3 ret L4",
     "i0:L1[S PE] i1:L2[S] i2:L3[S] i3:L4", True, True),
    ("C19", "bb0: i0 op L1; i1 op L10 g1 r2 @s30; i2 op L11 g1 r1 @s31; i3 ret L6",
     "i0:L1[S PE] i1:L10[S] i2:L11[S] i3:L6", True, True),
    ("C20", "bb0: i0 op L1; i1 op L2 g1 r1; i2 op L10 g1 r1 @s30; i3 op L10 g1 r1 @s31; "
            "i4 op L3 g1 r2; i5 ret L6",
     "i0:L1[S PE] i1:L2[S] i2:L10[S] i3:L10 i4:L3 i5:L6", True, True),
    ("C21", "bb0: i0 op L1; i1 op L2 g1 r1; i2 op L10 @s30; i3 op L11 @s30; i4 op L11 @s30; "
            "i5 op L5 g2 r1; i6 ret L6",
     "i0:L1[S PE] i1:L2[S] i2:L10[S] i3:L11[S] i5:L5[S] i6:L6", True, False),
    ("C22", "bb0: i0 op L1; i1 op L2; i2 op L10 g1 r2 @s30; i3 op L11 g1 r1 @s30; "
            "i4 op L12 @s30; i5 op L5; i6 ret L6",
     "i0:L1[S PE] i1:L2[S] i2:L10 i3:L11[S] i4:L12 i5:L5[S] i6:L6[S]", False, True),
    ("C23", "bb0: i0 op L1; i1 op L2 g1 r1 | bb1: i2 op L2 g1 r1; i3 ret L4",
     "i0:L1[S PE] i1:L2[S] i2:L2[S] i3:L4", True, True),
    ("C24", "bb0: i0 op L1; i1 op L2 g1 r2; i2 jcc->bb2 L2 g1 r1 | bb1: i3 op L3 g2 r1; "
            "i4 jmp->bb3 L3 g3 r1 | bb2: i5 op L4 g4 r1 | bb3: i6 ret L5 g5 r1",
     "i0:L1[S PE] i1:L2[S] i3:L3[S] i4:L3[S] i5:L4[S] i6:L5[S]", True, True),
    # fib's `return fib(n - 1) + fib(n - 2);`: two recursive calls on line 2
    ("C26", "bb0: i0 op L1; i1 op L2; i2 selfcall L2; i3 op L2 g1 r2; i4 op L2 g2 r2; "
            "i5 selfcall L2; i6 op L2 g1 r1; i7 ret L3 g2 r1",
     "i0:L1[S PE] i1:L2[S] i4:L2[S] i6:L2[S] i7:L3[S]", True, True),
    ("C25", "bb0: i0 op L1; i1 jcc->bb2 L5 | bb1: i2 op L7; i3 jmp->bb3 L8 | bb2: i4 op L7 | "
            "bb3: i5 op L7; i6 ret L9",
     "i0:L1[S PE] i1:L5 i2:L7 i3:L8 i4:L7 i5:L7 i6:L9", True, True),
]


@pytest.mark.parametrize(("name", "text", "expected", "f_ki", "g_ki"), CASES,
                         ids=[c[0] for c in CASES])
def test_llvm22_mode(name: str, text: str, expected: str, f_ki: bool, g_ki: bool) -> None:
    assert render(text, "llvm22", f_ki, g_ki) == expected


DOCUMENTED_DIFFERS = {
    "C08": "i0:L1[S PE] i1:L2 i2:L3 i3:L4[S] i4:L5",
    # atomc's own rule: a recursive call's return address (i6) on the call's line
    # starts no row, so gdb's step out of the callee steps on as at -O0
    "C26": "i0:L1[S PE] i1:L2[S] i4:L2[S] i7:L3[S]",
    # and a call into another function: its return address (i3) starts a row
    # without is_stmt and the rest of its line has none, so gdb's step out of
    # the callee goes on to the next line, as at -O0
    "C15": "i0:L1[S PE] i1:L2[S] i3:L2 i5:L4",
    "C16": "i0:L1[S PE] i1:L2[S] i2:L2 i3:L4",
    # and the entry of an inlined call (i3, g inlined at s31) right after another
    # instance's row of the same line: a statement row of g's opening line (50),
    # a new line for gdb, which then shows the call site
    "C20": "i0:L1[S PE] i1:L2[S] i2:L10[S] i3:L50[S] i4:L3 i5:L6",
}


@pytest.mark.parametrize(("name", "text", "expected", "f_ki", "g_ki"), CASES,
                         ids=[c[0] for c in CASES])
def test_documented_mode(name: str, text: str, expected: str, f_ki: bool, g_ki: bool) -> None:
    assert render(text, "documented", f_ki, g_ki) == DOCUMENTED_DIFFERS.get(name, expected)


def test_c25_legacy_function_marks_every_row() -> None:
    text = CASES[-1][1]
    assert render(text, "llvm22", f_ki=False) == (
        "i0:L1[S PE] i1:L5[S] i2:L7[S] i3:L8[S] i4:L7[S] i5:L7[S] i6:L9[S]")


def test_documented_calls_into_other_functions_on_one_line() -> None:
    """`x = g(h(a));` then line 3: the first call keeps its is_stmt row (gdb's
    `break 2` and `next` stop there), the second call and the store after it
    start rows without is_stmt (neither is a stop at -O0), line 3 is a stop."""
    text = ("bb0: i0 op L1; i1 op L2 g1 r2; i2 call L2 g1 r1; i3 op L2 g2 r2; "
            "i4 call L2 g2 r1; i5 op L2 g3 r1; i6 op L3 g4 r1; i7 ret L4 g5 r1")
    assert render(text, "documented") == \
        "i0:L1[S PE] i1:L2[S] i3:L2 i5:L2 i6:L3[S] i7:L4[S]"
    assert render(text, "llvm22") == \
        "i0:L1[S PE] i1:L2[S] i3:L2[S] i5:L2[S] i6:L3[S] i7:L4[S]"


def test_documented_no_stop_after_an_inlined_body_on_its_call_line() -> None:
    """`total += g(i);` on line 3 with g inlined (its line 51): the call line's
    statement before the body (i1) keeps its is_stmt, the `+=` after the body
    (i3) does not (gdb would stop on line 3 a second time after g's lines); in
    LLVM 22 mode it stays a statement."""
    text = ("bb0: i0 op L1; i1 op L3 g1 r1; i2 op L51 g2 r1 @s30; i3 op L3 g3 r1; "
            "i4 op L4 g4 r1; i5 ret L5 g5 r1")
    assert render(text, "documented") == \
        "i0:L1[S PE] i1:L3[S] i2:L51[S] i3:L3 i4:L4[S] i5:L5[S]"
    assert render(text, "llvm22") == \
        "i0:L1[S PE] i1:L3[S] i2:L51[S] i3:L3[S] i4:L4[S] i5:L5[S]"


def test_documented_call_line_statement_moves_before_an_inlined_body() -> None:
    """The call line's code before the body (argument set-up, no key of its own)
    becomes its statement when its only key is after the body, and a line with
    no code before the body keeps its key after it (`break 3` needs a row)."""
    text = ("bb0: i0 op L1; i1 op L3; i2 op L51 g2 r1 @s30; i3 op L3 g3 r1; "
            "i4 ret L5 g5 r1")
    assert render(text, "documented") == "i0:L1[S PE] i1:L3[S] i2:L51[S] i3:L3 i4:L5[S]"
    text = "bb0: i0 op L1; i2 op L51 g2 r1 @s30; i3 op L3 g3 r1; i4 ret L5 g5 r1"
    assert render(text, "documented") == "i0:L1[S PE] i2:L51[S] i3:L3[S] i4:L5[S]"


def test_documented_after_an_inlined_body_across_blocks() -> None:
    """The call line's code after the body continues in the next block (the
    callee's branch joins there): still no stop there."""
    text = ("bb0: i0 op L1; i1 op L3 g1 r1; i2 jcc->bb2 L51 g2 r1 @s30 | "
            "bb1: i3 op L52 g6 r1 @s30 | bb2: i4 op L3 g3 r1; i5 ret L5 g5 r1")
    assert render(text, "documented") == \
        "i0:L1[S PE] i1:L3[S] i2:L51[S] i3:L52[S] i4:L3 i5:L5[S]"


@pytest.mark.parametrize("mode", ["documented", "llvm22"])
def test_row_sharing_an_empty_asm_statements_address_is_no_statement(mode: str) -> None:
    """`asm volatile("");` (line 3, no bytes) right before the closing brace's
    `ret` (line 4): both rows start at the same address; the brace's loses
    is_stmt, as in gcc's table, so gdb shows line 3 there (`break 3` stopped
    reporting line 4). Before a statement with code the asm's row loses it
    instead (the statement keeps its breakpoint). A row after code keeps its
    is_stmt."""
    text = "bb0: i0 op L1; i1 op L2 g1 r1; i2 asm L3 g2 r1; i3 ret L4 g3 r1"
    assert render(text, mode) == "i0:L1[S PE] i1:L2[S] i2:L3[S] i3:L4"
    text = "bb0: i0 op L1; i1 op L2 g1 r1; i2 asm L3 g2 r1; i3 op L5 g4 r1; i4 ret L4 g3 r1"
    assert render(text, mode) == "i0:L1[S PE] i1:L2[S] i2:L3 i3:L5[S] i4:L4[S]"
    text = "bb0: i0 op L1; i1 op L2 g1 r1; i2 op L3 g2 r1; i3 ret L4 g3 r1"
    assert render(text, mode) == "i0:L1[S PE] i1:L2[S] i2:L3[S] i3:L4[S]"
