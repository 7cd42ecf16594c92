"""The one rewriting API (ir/rewrite.py): location policies, moves that keep or
leave records, block splitting and merging, and a scan that no pass edits
`Block.insts` or `Function.blocks` itself."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import atomc
from atomc.ir import ARTIFICIAL, Binary, Block, Const, I32, Jump, Op, print_module
from atomc.ir.blockorder import BlockOrder
from atomc.ir.locations import keep
from atomc.ir.parser import parse_module
from atomc.ir.rewrite import (
    LocPolicy, insert_before, insert_blocks_after, merge_into_predecessor, move_to,
    replace_inst, split_block_after, unlink_blocks,
)
from atomc.ir.verifier import verify_module

TEXT = """\
compile_unit !0

define @f(i32 %x) -> (i32) dbg !3 {
bb0:
  %a = add i32 %x, i32 1  !loc(line: 2, column: 1, scope: !3)
  #dbg new #0, !4, i32 %a, ()  !loc(line: 3, column: 1, scope: !3)
  %b = mul i32 %a, i32 2  !loc(line: 3, column: 5, scope: !3)
  jump bb1(i32 %b)  !loc(line: 4, column: 1, scope: !3)
bb1(i32 %p):
  %c = sub i32 %p, i32 1  !loc(line: 5, column: 1, scope: !3)
  ret i32 %c  !loc(line: 6, column: 1, scope: !3)
}

!0 = DICompileUnit(file: !1, producer: "p", language: C99)
!1 = DIFile(name: "d.c", dir: "/")
!2 = DISubroutineType()
!3 = DISubprogram(name: "f", file: !1, line: 1, type: !2, unit: !0)
!4 = DILocalVariable(name: "v", scope: !3, file: !1, line: 3, type: !5)
!5 = DIBasicType(name: "int", size: 32, encoding: signed)
"""


def _setup():  # type: ignore[no-untyped-def]
    m = parse_module(TEXT)
    fn = m.functions["f"]
    b0, b1 = fn.blocks
    return m, fn, b0, b1


def test_insert_policies_keep_merge_drop() -> None:
    m, fn, b0, _ = _setup()
    a, mul = b0.insts[0], b0.insts[1]
    kept = insert_before(Binary(Op.ADD, a, Const(I32, 3), loc=keep(a)), mul)
    assert kept.loc == a.loc
    dropped = insert_before(Binary(Op.ADD, a, Const(I32, 4), loc=keep(a)), mul,
                            LocPolicy.DROP)
    assert dropped.loc is None
    merged = insert_before(Binary(Op.ADD, a, Const(I32, 5), loc=keep(a)), mul,
                           LocPolicy.MERGE, merge_with=mul, atoms=m.atoms)
    assert merged.loc is not None and merged.loc.line == 0  # lines 2 and 3 merge to line 0
    assert b0.insts[1:4] == [kept, dropped, merged]
    with pytest.raises(AssertionError):
        insert_before(kept, mul)  # already placed: use move_to
    assert not verify_module(m)


def test_move_records_travel_or_stay() -> None:
    _, fn, b0, b1 = _setup()
    mul = b0.insts[1]
    rec = mul.dbg_records[0]
    move_to(mul, b1, 0)
    assert rec.inst is mul and mul.block is b1 and b1.insts[0] is mul
    move_to(mul, b0, None, LocPolicy.DROP, records_stay=True)
    assert mul.block is b0 and b0.insts[-2] is mul and mul.loc is None
    assert rec.inst is b1.insts[0]  # the record stayed at the point `mul` left


def test_replace_inst_takes_place_and_records() -> None:
    m, fn, b0, _ = _setup()
    mul = b0.insts[1]
    rec = mul.dbg_records[0]
    new = Binary(Op.SHL, mul.operand(0), Const(I32, 1), loc=ARTIFICIAL)
    mul.replace_all_uses_with(new)
    replace_inst(mul, new)
    assert b0.insts[1] is new and rec.inst is new and mul.block is None
    assert not verify_module(m)


def test_split_then_merge_restores_the_block() -> None:
    m, fn, b0, b1 = _setup()
    before = print_module(m)
    a = b0.insts[0]
    cont = split_block_after(a, "tail")
    assert fn.blocks == [b0, cont, b1] and b0.insts == [a]
    b0.append(Jump(cont, [], loc=ARTIFICIAL))
    merge_into_predecessor(b0, cont)
    assert cont.function is None and not cont.insts
    unlink_blocks(fn, [cont])
    assert fn.blocks == [b0, b1]
    assert print_module(m) == before  # the split is undone exactly
    assert not verify_module(m)


def test_block_insertion_with_and_without_an_order() -> None:
    _, fn, b0, b1 = _setup()
    x, y = Block("x"), Block("y")
    insert_blocks_after(fn, b0, [x])
    assert fn.blocks == [b0, x, b1] and x.function is fn
    order = BlockOrder(fn)
    insert_blocks_after(fn, b0, [y], order)
    unlink_blocks(fn, [x], order)
    assert order.materialize() == [b0, y, b1]


# ---------------------------------------------------------------------------
# No pass edits the lists itself

_MUTATORS = {"insert", "remove", "append", "extend", "pop", "clear", "sort", "reverse"}
_LISTS = {"insts", "blocks"}
SRC = Path(atomc.__file__).resolve().parent
# the optimiser's passes and the front end's lowering build and edit IR the same way
EDITORS = [SRC / "opt", SRC / "frontend" / "lower"]


def _list_attr(node: ast.expr) -> bool:
    """`<something other than a loop>.insts` or `.blocks` (a Loop's own block list is
    the loop analysis's, not the function's)."""
    return (isinstance(node, ast.Attribute) and node.attr in _LISTS
            and not (isinstance(node.value, ast.Name) and node.value.id in ("loop", "lp")))


def direct_list_edits(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in _MUTATORS and _list_attr(node.func.value):
            lines.append(node.lineno)
        targets: list[ast.expr] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            if _list_attr(t) or isinstance(t, ast.Subscript) and _list_attr(t.value):
                lines.append(node.lineno)
    return sorted(lines)


def test_no_pass_edits_block_or_function_lists() -> None:
    found = [f"{p.relative_to(SRC)}:{line}" for d in EDITORS for p in sorted(d.glob("*.py"))
             for line in direct_list_edits(ast.parse(p.read_text(encoding="utf-8")))]
    assert not found, "edit through ir/rewrite.py instead:\n" + "\n".join(found)


def test_the_list_edit_scan_finds_each_spelling() -> None:
    src = ("b.insts.insert(0, i)\nfn.blocks.remove(b)\ndel b.insts[3:]\nfn.blocks = []\n"
           "b.insts[0:0] = new\nfn.blocks += more\nloop.blocks.append(b)\nx = b.insts[0]\n")
    assert direct_list_edits(ast.parse(src)) == [1, 2, 3, 4, 5, 6]
