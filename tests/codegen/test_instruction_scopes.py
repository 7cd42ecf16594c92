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
from atomc.ir import I32, Function, work
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


def test_a_long_run_without_locations_is_walked_once() -> None:
    """Each location-less instruction finds the next located one of its block from
    one backward sweep: a block of n such instructions costs n visits, where a
    search from each of them cost n * n / 2 (a -O0 block of argument set-up and
    spill code, Lua's luaV_execute)."""
    def visits(n: int) -> int:
        mf = function([op(HEADER), *[op(None) for _ in range(n)], op(BODY)])
        work.reset()
        scopes = instruction_scopes(mf)
        # between the loop's header and its body: the loop's scope
        assert scopes == [[(R, FN), *[(R, FN)] * n, (C, R, FN)]]
        return work.snapshot().get("scopes.next_located", 0)

    small, large = visits(500), visits(2000)
    assert small == 502 and large == 2002


def test_scopes_cross_a_backward_chain_of_location_less_blocks_in_one_pass() -> None:
    """The entry block jumps to the last of k blocks without a location, each of
    which jumps to the one laid out before it: what control arrives with travels
    against the layout, one block per sweep when every block was swept until
    nothing changed (k sweeps of k blocks); the worklist visits each block a
    bounded number of times."""
    def visits(k: int) -> int:
        mf = function([], *[[] for _ in range(k)], [])
        blocks = mf.blocks
        blocks[0].insts = [op(HEADER), jump(blocks[k])]
        blocks[1].insts = [op(None), jump(blocks[k + 1])]
        for j in range(2, k + 1):
            blocks[j].insts = [op(None), jump(blocks[j - 1])]
        blocks[k + 1].insts = [op(BODY)]
        work.reset()
        scopes = instruction_scopes(mf)
        # between fill's loop header and its body: the loop's scope
        assert scopes[1:k + 1] == [[(R, FN), (R, FN)]] * k
        return work.snapshot().get("scopes.boundary_visits", 0)

    small, large = visits(100), visits(400)
    assert 0 < small <= 3 * 102 and 0 < large <= 3 * 402
