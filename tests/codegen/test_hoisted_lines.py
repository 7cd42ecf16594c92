"""codegen/debuginfo/hoisted_lines.py: an instruction the scheduler hoists above an
earlier statement's possible stop takes the location it lands in, unless it
could be its own statement's key instruction and passed only stops of its own line."""

from __future__ import annotations

from atomc.codegen.debuginfo.hoisted_lines import settle_hoisted_lines
from atomc.codegen.mir import MInst, PReg
from atomc.ir.debuginfo import DICompileUnit, DIFile, DILocation, DISubprogram, DISubroutineType

F = DIFile("t.c", "/tmp")
CU = DICompileUnit(F, "t", "C11", True)
SP = DISubprogram("f", "f", F, 1, DISubroutineType(None, ()), 1, CU, key_instructions=True)


def at(line: int, group: int = 0, rank: int = 0) -> DILocation:
    return DILocation(line, 1, SP, atom_group=group, atom_rank=rank)


def mov(loc: DILocation) -> MInst:
    return MInst("movl", [PReg("rax", 4), PReg("rcx", 4)], loc=loc)


def may_stop(mi: MInst) -> bool:
    return mi.loc is not None and mi.loc.atom_group != 0


def test_a_hoisted_non_key_instruction_joins_the_line_it_lands_in() -> None:
    key5, key6, setup7, key7 = mov(at(5, 1, 1)), mov(at(6, 2, 1)), mov(at(7)), mov(at(7, 3, 1))
    real = [key5, key6, setup7, key7]
    settle_hoisted_lines(real, [0, 2, 1, 3], may_stop)  # setup7 now runs before key6
    assert setup7.loc == at(5)  # line 5's location, without its atom
    assert (key5.loc, key6.loc, key7.loc) == (at(5, 1, 1), at(6, 2, 1), at(7, 3, 1))


def test_a_key_instruction_hoisted_above_an_earlier_lines_stop_gives_up_its_stop() -> None:
    # a stop on line 7 before line 6's would show line 6's variables stale
    key5, key6, key7 = mov(at(5, 1, 1)), mov(at(6, 2, 1)), mov(at(7, 3, 1))
    settle_hoisted_lines([key5, key6, key7], [0, 2, 1], may_stop)
    assert key7.loc == at(5)
    assert (key5.loc, key6.loc) == (at(5, 1, 1), at(6, 2, 1))


def test_a_key_instruction_hoisted_above_its_own_lines_stop_keeps_it() -> None:
    key5, key6a, key6b = mov(at(5, 1, 1)), mov(at(6, 2, 1)), mov(at(6, 3, 1))
    settle_hoisted_lines([key5, key6a, key6b], [0, 2, 1], may_stop)
    assert key6b.loc == at(6, 3, 1)


def test_hoisted_to_the_top_it_takes_the_line_it_now_leads() -> None:
    # the scheduler's shape in fuzz seed 6: a loop's entry copies (line 55's atom)
    # issued in the wait of line 49's stores
    st49, st53, copy55 = mov(at(49, 1, 1)), mov(at(53, 2, 1)), mov(at(55, 3, 1))
    settle_hoisted_lines([st49, st53, copy55], [2, 0, 1], may_stop)
    assert copy55.loc == at(49)
    assert (st49.loc, st53.loc) == (at(49, 1, 1), at(53, 2, 1))


def test_lower_ranks_move_and_unmoved_code_is_untouched() -> None:
    key5, key6, low7, rest = mov(at(5, 1, 1)), mov(at(6, 2, 1)), mov(at(7, 3, 2)), mov(at(8))
    settle_hoisted_lines([key5, key6, low7, rest], [0, 2, 1, 3], may_stop)
    assert low7.loc == at(5)
    assert rest.loc == at(8)  # issued after every earlier stop: not hoisted


def test_functions_without_key_instructions_are_left_alone() -> None:
    plain = DISubprogram("g", "g", F, 1, DISubroutineType(None, ()), 1, CU)
    a, b, c = (mov(DILocation(n, 1, plain)) for n in (5, 6, 7))
    settle_hoisted_lines([a, b, c], [0, 2, 1], lambda mi: True)
    assert c.loc == DILocation(7, 1, plain)
