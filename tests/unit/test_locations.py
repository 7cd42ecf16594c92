"""Merged locations and clone-and-remap of atoms (shared/specs/key-instructions.md
§3 verified table and §4 semantics)."""

from __future__ import annotations

from dataclasses import replace

from atomc.ir import (
    ARTIFICIAL,
    I32,
    AtomCounter,
    Builder,
    Const,
    DICompileUnit,
    DIFile,
    DILexicalBlock,
    DILocation,
    DISubprogram,
    DISubroutineType,
    Function,
    Module,
    Op,
)
from atomc.ir.locations import merge_locations, nearest_common_scope, remap_atoms

F = DIFile("t.c", "/tmp")
CU = DICompileUnit(F, "t", "C11", True)
SP = DISubprogram("f", "f", F, 1, DISubroutineType(None, ()), 1, CU, key_instructions=True)
CALLEE = DISubprogram("g", "g", F, 20, DISubroutineType(None, ()), 20, CU, key_instructions=True)


def test_same_line_keeps_smaller_group_on_equal_rank() -> None:
    m = merge_locations(DILocation(3, 5, SP, None, 7, 1), DILocation(3, 9, SP, None, 4, 1),
                        AtomCounter(100))
    assert m == DILocation(3, 0, SP, None, 4, 1)


def test_same_line_keeps_the_side_that_has_an_atom() -> None:
    m = merge_locations(DILocation(3, 1, SP, None, 7, 2), DILocation(3, 1, SP), AtomCounter(100))
    assert (m.line, m.atom_group, m.atom_rank) == (3, 7, 2)


def test_better_rank_wins() -> None:
    m = merge_locations(DILocation(3, 1, SP, None, 2, 3), DILocation(3, 1, SP, None, 9, 2),
                        AtomCounter(100))
    assert (m.atom_group, m.atom_rank) == (9, 2)


def test_different_lines_give_line_zero_without_atom() -> None:
    m = merge_locations(DILocation(3, 1, SP, None, 7, 1), DILocation(5, 1, SP, None, 4, 1),
                        AtomCounter(100))
    assert (m.line, m.column, m.atom_group, m.atom_rank) == (0, 0, 0, 0)


def test_different_inline_sites_get_a_fresh_rank_one_atom() -> None:
    counter = AtomCounter(1)
    site_a, site_b = DILocation(3, 0, SP), DILocation(4, 0, SP)
    a = DILocation(21, 0, CALLEE, site_a, 7, 1)
    b = DILocation(21, 0, CALLEE, site_b, 7, 1)
    counter.saw(DILocation(1, 0, SP, None, 41, 1))  # largest group in the module is 41
    m = merge_locations(a, b, counter)
    assert m is not None and m.line == 21 and m.scope is CALLEE
    assert (m.atom_group, m.atom_rank) == (42, 1)
    assert m.inlined_at is not None and m.inlined_at.line == 0  # merged call site


def test_missing_location_merges_to_none() -> None:
    assert merge_locations(DILocation(3, 1, SP), None, AtomCounter()) is None


def test_nearest_common_scope() -> None:
    outer = DILexicalBlock(SP, F, 2, 1)
    inner1, inner2 = DILexicalBlock(outer, F, 3, 1), DILexicalBlock(outer, F, 5, 1)
    assert nearest_common_scope(inner1, inner2) is outer
    m = merge_locations(DILocation(4, 1, inner1), DILocation(4, 1, inner2), AtomCounter())
    assert m.scope is outer


def _builder_in_f() -> tuple[Module, Builder]:
    """A module with one function `f` of SP and a builder at its entry."""
    mod = Module("t.c")
    fn = mod.add_function(Function("f", [], [I32]))
    fn.subprogram = SP
    b = Builder(fn, ARTIFICIAL)
    b.position_at_end(fn.add_block())
    return mod, b


def test_clone_gets_fresh_groups_shared_by_members_of_one_atom() -> None:
    mod, b = _builder_in_f()
    mod.atoms.next_group = 10
    copies = []
    for rank in (2, 1):
        with b.at(DILocation(5, 1, SP)):
            inst = b.binary(Op.ADD, Const(I32, 1), Const(I32, 2))
        inst.loc = inst.loc.with_atom(3, rank)
        copies.append(inst)
    with b.at(DILocation(6, 1, SP)):
        other = b.ret([Const(I32, 0)])
    other.loc = other.loc.with_atom(4, 1)
    amap: dict = {}
    remap_atoms(copies + [other], amap, mod.atoms)
    assert [c.loc.atom_group for c in copies] == [10, 10]
    assert [c.loc.atom_rank for c in copies] == [2, 1]  # ranks never change
    assert other.loc.atom_group == 11
    # a second clone of the same region gets yet other groups
    remap_atoms(copies, {}, mod.atoms)
    assert copies[0].loc.atom_group == 12


def test_clone_gives_a_return_brace_its_own_fresh_group() -> None:
    """A cloned return's closing brace (Ret.close) is an atom of its own: each copy
    of the return gets a fresh group for it, as for its own location, so each
    copy's epilogue keeps its stop."""
    mod, b = _builder_in_f()
    mod.atoms.next_group = 20
    with b.at(DILocation(6, 3, SP)):
        ret = b.ret([Const(I32, 0)])
    ret.loc = ret.loc.with_atom(4, 1)
    ret.close = DILocation(7, 1, SP, None, 5, 1)
    remap_atoms([ret], {}, mod.atoms)
    assert (ret.loc.atom_group, ret.close.line, ret.close.atom_group) == (20, 7, 21)
    remap_atoms([ret], {}, mod.atoms)  # a second copy
    assert ret.close.atom_group == 23


def test_copy_call_site_gives_each_copy_its_own_instance() -> None:
    """A call inlined into a loop body (site on f's line 5, g's code inside it,
    and a call inlined into g in turn) gets one new call site per copy; the
    loop's own code and the sites around the loop are kept."""
    from atomc.ir.locations import call_chain, copy_call_site
    third = DISubprogram("h", "h", F, 40, DISubroutineType(None, ()), 40, CU)
    outer = DILocation(9, 3, SP)  # f itself is inlined here: the loop's instance
    site = DILocation(5, 7, SP, outer)
    in_g = DILocation(21, 1, CALLEE, site, 3, 1)
    in_h = DILocation(41, 1, third, DILocation(22, 1, CALLEE, site))
    own = DILocation(4, 1, SP, outer)
    atoms = AtomCounter(50)
    sites: dict[DILocation, DILocation] = {}
    g2, h2 = (copy_call_site(x, call_chain(own), sites, atoms) for x in (in_g, in_h))
    assert g2 is not None and h2 is not None
    assert copy_call_site(own, call_chain(own), sites, atoms) == own
    assert g2.inlined_at is not None and g2.inlined_at.copy == 50
    assert g2.inlined_at == replace(site, copy=50) and g2.inlined_at != site
    assert call_chain(h2)[1] == g2.inlined_at and call_chain(h2)[2] == outer
    assert (g2.line, g2.atom_group) == (21, 3)
    again = copy_call_site(in_g, call_chain(own), {}, atoms)  # the next copy
    assert again is not None and again.inlined_at is not None and again.inlined_at.copy == 51


def test_call_site_copy_number_round_trips_through_the_ir_text() -> None:
    from atomc.ir.parser import parse_module
    from atomc.ir.printer import print_module
    m = Module("t.c")
    fn = m.add_function(Function("f", [], [I32]))
    fn.subprogram = SP
    b = Builder(fn, ARTIFICIAL)
    b.position_at_end(fn.add_block())
    with b.at(DILocation(21, 2, CALLEE, DILocation(5, 7, SP, None, 0, 0, 4), 1, 1)):
        b.ret([Const(I32, 0)])
    text = print_module(m)
    assert "copy: 4" in text
    assert print_module(parse_module(text)) == text
