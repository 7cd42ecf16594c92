"""simplifycfg: unreachable blocks, branch folding, jump threading, merging."""

from __future__ import annotations

from di_text import L, module
from opt_helpers import assert_equivalent, ops, parse, run_passes

from atomc.ir import DbgKind, Jump, print_module, work
from atomc.ir.types import TupleType

CHAIN = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  %c = icmp sgt i32 %a, i32 0  {L(2, 7, (1, 2))}
  branch i1 1, bb1, bb2  {L(2, 3, (1, 1))}
bb1:
  #dbg new #0, !5, i32 %a, ()  {L(3, 5)}
  %x = add i32 %a, i32 1  {L(3, 9, (2, 2))}
  jump bb3(i32 %x)  {L(3, 5, (2, 1))}
bb2:
  jump bb3(i32 0)  {L(4, 5)}
bb3(i32 %r):
  ret i32 %r  {L(5, 3, (3, 1))}
bb4:
  %dead = add i32 %a, i32 2  {L(9, 1)}
  #dbg new #1, !6, i32 %dead, ()  {L(9, 1)}
  jump bb3(i32 %dead)  {L(9, 1)}
}}
""")


def test_fold_merge_and_unreachable_removal() -> None:
    m = assert_equivalent(CHAIN, ["simplifycfg"], "f", [(1,), (-4,)])
    fn = m.functions["f"]
    assert len(fn.blocks) == 1  # folded, merged twice, bb2 and bb4 deleted
    assert ops(fn) == ["icmp", "add", "ret"]
    add = fn.entry.insts[1]
    # merged instructions keep their exact locations and atoms
    assert (add.loc.line, add.loc.column, add.loc.atom_group, add.loc.atom_rank) == (3, 9, 2, 2)
    ret = fn.entry.insts[2]
    assert (ret.loc.line, ret.loc.atom_group) == (5, 3) and ret.operand(0) is add
    # the record of bb1 survives in front of the same instruction
    (rec,) = add.dbg_records
    assert rec.var.name == "x" and rec.kind is DbgKind.NEW and rec.value is fn.args[0]


def test_folded_branch_keeps_its_location() -> None:
    text = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  branch i1 0, bb1, bb2  {L(2, 3, (1, 1))}
bb1:
  ret i32 1  {L(3, 3)}
bb2:
  %v = call i32 ptr @f(i32 %a)  {L(4, 3)}
  ret i32 %v  {L(5, 3)}
}}
""")
    fn = parse(text).functions["f"]
    from atomc.opt.passmanager import PassContext
    from atomc.opt.simplifycfg import SimplifyCFG
    SimplifyCFG()._fold_branches(fn, PassContext(fn.module))  # type: ignore[arg-type]
    term = fn.entry.terminator
    assert isinstance(term, Jump) and term.succs[0].block is fn.blocks[2]
    assert (term.loc.line, term.loc.atom_group, term.loc.atom_rank) == (2, 1, 1)


THREAD = """
define @f(i32 %a) -> (i32) {
bb0:
  %c = icmp slt i32 %a, i32 10
  branch i1 %c, bb1, bb3
bb1:
  jump bb2(i32 %a)
bb2(i32 %p):
  jump bb4(i32 %p, i32 1)
bb3:
  jump bb4(i32 %a, i32 2)
bb4(i32 %x, i32 %k):
  %r = mul i32 %x, i32 %k
  ret i32 %r
}
"""


def test_jumps_to_jumps_are_threaded() -> None:
    m = assert_equivalent(THREAD, ["simplifycfg"], "f", [(3,), (30,)])
    fn = m.functions["f"]
    br = fn.entry.terminator
    join = fn.blocks[-1]
    # bb1 -> bb2 -> bb4 collapsed into one edge with substituted arguments; bb3 stays,
    # because one branch may not reach a block twice with different arguments
    assert br.succs[0].block is join
    assert br.succs[0].arg_values[0] is fn.args[0]
    assert br.succs[0].arg_values[1].value == 1  # type: ignore[attr-defined]
    assert len(fn.blocks) == 3 and ops(fn).count("jump") == 1


def test_switch_on_constant_and_single_target_switch() -> None:
    text = """
define @f(i32 %a) -> (i32) {
bb0:
  switch i32 7, default bb1, [7: bb2, 8: bb1]
bb1:
  ret i32 1
bb2:
  switch i32 %a, default bb3, [1: bb3]
bb3:
  ret i32 3
}
"""
    m = assert_equivalent(text, ["simplifycfg"], "f", [(1,), (2,)])
    assert ops(m.functions["f"]) == ["ret"]


def test_records_on_a_forwarding_jump_block_it_from_being_bypassed() -> None:
    text = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  %c = icmp slt i32 %a, i32 10  {L(2, 1)}
  branch i1 %c, bb1, bb2  {L(2, 1)}
bb1:
  #dbg new #0, !5, i32 %a, ()  {L(3, 1)}
  jump bb2  {L(3, 1)}
bb2:
  ret i32 %a  {L(4, 1)}
}}
""")
    fn = run_passes(parse(text), ["simplifycfg"]).functions["f"]
    recs = [r for i in fn.insts() for r in i.dbg_records]
    assert len(recs) == 1 and recs[0].inst.block is not fn.blocks[-1]  # type: ignore[union-attr]


PAIR_RESULTS = """
declare @two(i64) -> (i64, i64)

define @f(i64 %a) -> (i64, i64) {
bb0:
  %c = icmp eq i64 %a, i64 0
  branch i1 %c, bb1, bb2
bb1:
  %p = call {i64, i64} ptr @two(i64 %a)
  %p0 = extract {i64, i64} %p, 0
  %p1 = extract {i64, i64} %p, 1
  jump bb3(i64 %p0, i64 %p1)
bb2:
  %b = add i64 %a, i64 -1
  %q = call {i64, i64} ptr @two(i64 %b)
  %q0 = extract {i64, i64} %q, 0
  %q1 = extract {i64, i64} %q, 1
  jump bb3(i64 %q0, i64 %q1)
bb3(i64 %r0, i64 %r1):
  ret i64 %r0, i64 %r1
}
"""


def test_tail_merge_leaves_whole_call_results_alone() -> None:
    """The extracts ending both predecessors differ only in which call's (tuple)
    result they read: merging them would make that result a block parameter, which
    no register holds (isel stopped with an internal error on jq's jv_aux.c at -O2)."""
    m = run_passes(parse(PAIR_RESULTS), ["simplifycfg"])
    fn = m.functions["f"]
    assert not [p for b in fn.blocks for p in b.params if isinstance(p.ty, TupleType)]
    assert ops(fn).count("extract") == 4


def test_jump_threaded_out_of_an_inlined_instance_takes_the_callers_location() -> None:
    # bb1 is what is left of an inlined helper (!11 at the call site !12): its folded
    # loop test jumps through the helper's return to the caller's `&&` merge, whose
    # jump passes the outcome. After threading, the jump's work is passing it, so it
    # takes that jump's location: with the test's, the copy of `1` would be the
    # helper's only code, a stop on its `for` line after the loop's init.
    callee = ', scope: !11, inlined_at: !12'
    text = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  %c = icmp ne i32 %a, i32 0  {L(7, 13)}
  branch i1 %c, bb1, bb4(i1 0)  {L(7, 17, (1, 1))}
bb1:
  #dbg new #0, !13, i32 0, ()  !loc(line: 2, column: 5{callee})
  jump bb2  !loc(line: 3, column: 26{callee}, atom: 2 1)
bb2:
  jump bb3  !loc(line: 5, column: 5{callee}, atom: 3 1)
bb3:
  jump bb4(i1 1)  {L(7, 17)}
bb4(i1 %r):
  %z = zext i1 %r to i32  {L(7, 17, (4, 2))}
  ret i32 %z  {L(8, 5, (5, 1))}
}}
""") + ('!11 = DISubprogram(name: "g", linkage: "g", file: !1, line: 1, type: !2, '
          'scope_line: 1, unit: !3, local: true, definition: true, key_instructions: true)\n'
          '!12 = DILocation(line: 7, column: 20, scope: !0)\n'
          '!13 = DILocalVariable(name: "p", scope: !11, file: !1, line: 1, type: !4, arg: 1)\n')
    m = assert_equivalent(text, ["simplifycfg"], "f", [(0,), (3,)])
    fn = m.functions["f"]
    [jump] = [i for i in fn.insts() if isinstance(i, Jump)]
    assert jump.loc is not None and jump.loc.inlined_at is None
    assert (jump.loc.line, jump.loc.column, jump.loc.atom_group) == (7, 17, 0)
    # the helper's record stays in front of it
    assert [r.var.name for r in jump.dbg_records] == ["p"]


def test_a_jump_threaded_within_one_function_keeps_its_location() -> None:
    text = module(f"""
define @f(i32 %a) -> (i32) dbg !0 {{
bb0:
  %c = icmp ne i32 %a, i32 0  {L(2, 1)}
  branch i1 %c, bb1, bb3(i32 0)  {L(2, 1, (1, 1))}
bb1:
  %k = add i32 %a, i32 1  {L(3, 1)}
  jump bb2  {L(3, 5, (2, 1))}
bb2:
  jump bb3(i32 7)  {L(4, 1)}
bb3(i32 %r):
  ret i32 %r  {L(5, 1, (3, 1))}
}}
""")
    fn = assert_equivalent(text, ["simplifycfg"], "f", [(0,), (3,)]).functions["f"]
    [jump] = [i for i in fn.insts() if isinstance(i, Jump)]
    assert (jump.loc.line, jump.loc.column, jump.loc.atom_group) == (3, 5, 2)


SETTLED = """
define @f(i32 %a) -> (i32) {
bb0:
  %c = icmp sgt i32 %a, i32 0
  branch i1 %c, bb1, bb2
bb1:
  %x = add i32 %a, i32 1
  jump bb3(i32 %x)
bb2:
  %y = sub i32 %a, i32 1
  jump bb3(i32 %y)
bb3(i32 %r):
  ret i32 %r
}
"""


def test_settled_function_costs_one_predecessor_map() -> None:
    """With nothing to simplify, threading, merging and tail merging share one
    predecessor map (no edge moved, so it stays exact): one walk of the blocks,
    not one per step."""
    m = parse(SETTLED)
    before = print_module(m)
    work.reset()
    run_passes(m, ["simplifycfg"])
    assert print_module(m) == before
    assert work.COUNTS.get("function.predecessors") == len(m.functions["f"].blocks)
