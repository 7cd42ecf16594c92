"""codegen/debuginfo/instruction_scopes.py: an instruction without a location
belongs to the innermost scope around the code it runs between, so an inlined
loop's header and latch stay inside the inlined instance (issue 14 §1)."""

from __future__ import annotations

from atomc.codegen.debuginfo.instruction_scopes import (
    common_chain,
    instruction_scopes,
    scope_chain,
)
from atomc.codegen.mir import BlockRef, MBlock, MFunction, MInst, PReg
from atomc.ir import I32, Function
from atomc.ir.debuginfo import (
    DICompileUnit,
    DIFile,
    DILexicalBlock,
    DILocation,
    DISubprogram,
    DISubroutineType,
)

F = DIFile("t.c", "/tmp")
CU = DICompileUnit(F, "t", "C11", True)
MAIN = DISubprogram("main", "main", F, 10, DISubroutineType(None, ()), 10, CU)
FILL = DISubprogram("fill", "fill", F, 3, DISubroutineType(None, ()), 4, CU)
ROWS = DILexicalBlock(FILL, F, 5, 5)  # for (int r ...)
COLS = DILexicalBlock(ROWS, F, 6, 9)  # for (int c ...)
CALL = DILocation(11, 5, MAIN)  # fill(2);
IN_MAIN = DILocation(12, 5, MAIN)
HEADER = DILocation(5, 23, ROWS, inlined_at=CALL)
BODY = DILocation(7, 24, COLS, inlined_at=CALL)

FN = (FILL, CALL)  # the inlined instance
R = (ROWS, CALL)
C = (COLS, CALL)


def op(loc: DILocation | None) -> MInst:
    return MInst("movl", [PReg("rax", 4), PReg("rcx", 4)], loc=loc)


def jump(to: MBlock, loc: DILocation | None = None, cond: bool = False) -> MInst:
    return MInst("jl" if cond else "jmp", [BlockRef(to)], loc=loc)


def function(*blocks: list[MInst]) -> MFunction:
    mf = MFunction("main", Function("main", [], [I32]), 0)
    for insts in blocks:
        b = mf.new_block()
        b.insts = insts
        mf.blocks.append(b)
    return mf


def test_chains_and_their_common_scope() -> None:
    assert scope_chain(BODY) == (C, R, FN)
    assert scope_chain(IN_MAIN) == ()
    assert common_chain(scope_chain(BODY), scope_chain(HEADER)) == (R, FN)
    assert common_chain(scope_chain(BODY), ()) == ()
    assert common_chain(None, (R, FN)) == (R, FN)


def test_an_inlined_loops_header_and_latch_stay_in_the_instance() -> None:
    mf = function([], [], [], [])
    entry, header, latch, after = mf.blocks
    entry.insts = [op(None), op(HEADER)]  # frame set-up, then fill's r = 0
    header.insts = [op(None), op(None), op(BODY)]  # LICM's r * 7, no location
    latch.insts = [op(HEADER), jump(after, HEADER, cond=True), op(None), jump(header)]
    after.insts = [op(None), op(IN_MAIN)]  # main's code after the call
    scopes = instruction_scopes(mf)
    assert scopes[0] == [(), (R, FN)]
    assert scopes[1] == [(R, FN), (R, FN), (C, R, FN)]  # header: the loop's scope
    assert scopes[2] == [(R, FN), (R, FN), (R, FN), (R, FN)]  # latch copy and jump too
    assert scopes[3] == [(), ()]  # from fill's loop into main: main's


def test_argument_setup_before_an_inlined_body_stays_in_the_caller() -> None:
    mf = function([op(IN_MAIN), op(None), op(HEADER)])
    assert instruction_scopes(mf) == [[(), (), (R, FN)]]


def test_a_block_reached_from_two_scopes_gets_what_they_share() -> None:
    mf = function([], [], [], [])
    a, b, join, tail = mf.blocks
    a.insts = [op(BODY), jump(join, BODY, cond=True)]
    b.insts = [op(IN_MAIN)]  # falls through into join
    join.insts = [op(None), op(HEADER)]
    tail.insts = [op(HEADER)]
    assert instruction_scopes(mf)[2] == [(), (R, FN)]
