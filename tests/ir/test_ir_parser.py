"""The textual IR reader: print -> parse -> print is a fixed point, the parsed
objects are the right ones, and bad input gives file:line:col errors."""

from __future__ import annotations

import pytest
from ir_samples import every_format_module, simple_module
from random_ir import random_module

from atomc.ir import (
    I1,
    I32,
    I64,
    PTR,
    Alloca,
    Branch,
    Call,
    Const,
    DbgKind,
    DICompositeType,
    DIDerivedType,
    DILocation,
    Function,
    Jump,
    Module,
    Store,
    Switch,
    SymRef,
    TupleType,
    Undef,
    Zeros,
    print_module,
)
from atomc.ir.parser import IRParser, parse_module
from atomc.ir.text_lexer import IRParseError, TokKind, tokenize


def roundtrip(m: Module) -> str:
    text = print_module(m)
    again = print_module(parse_module(text, "rt.ir"))
    assert again == text
    return text


def test_every_format_module_round_trips() -> None:
    text = roundtrip(every_format_module())
    # the sample really exercises what it claims to
    for needle in ("byval(24, 8)", "sret", "attrs(noinline, noreturn)", "fixed 1", "extract",
                   "va_start", "inlined_at", "atom: ", "#dbg add", "#dbg delete", "sym4 @counter-4",
                   "zero 18", "switch", "fcmp olt", "f64 -inf", "f64 nan", "(i64, i64)",
                   "declaration: true", "DISubrange(count: -1)", "DIEnumerator",
                   "definition: true, scope: !"):
        assert needle in text, needle


@pytest.mark.parametrize("seed", range(80))
def test_random_modules_round_trip(seed: int) -> None:
    roundtrip(random_module(seed))


def test_second_round_is_also_fixed() -> None:
    text = print_module(every_format_module())
    once = print_module(parse_module(text))
    twice = print_module(parse_module(once))
    assert once == twice == text


def test_parsed_objects_are_linked() -> None:
    m, _ = simple_module()
    parsed = parse_module(print_module(m))
    fn = parsed.functions["f"]
    assert fn.module is parsed and fn.subprogram is not None
    add, ret = fn.entry.insts
    assert add.block is fn.entry and add.operand(0) is fn.args[0]
    assert [u.user for u in add.uses] == [ret]
    assert isinstance(add.operand(1), Const) and add.operand(1).value == 1
    assert ret.loc is not None and ret.loc.atom_group == 1 and ret.loc.atom_rank == 1
    assert add.loc is not None and add.loc.atom_rank == 2
    assert parsed.atoms.next_group == 2  # waterline raised by the parsed atoms


def test_forward_references_are_resolved() -> None:
    text = """
define @f(i32 %a) -> (i32) {
bb0:
  jump bb2(i32 %a)
bb1:
  %y = add i32 %x, i32 1
  ret i32 %y
bb2(i32 %x):
  jump bb1
}
"""
    fn = parse_module(text).functions["f"]
    b0, b1, b2 = fn.blocks
    y = b1.insts[0]
    assert y.operand(0) is b2.params[0]
    assert b2.params[0].uses[0].user is y
    assert isinstance(b0.insts[0], Jump) and b0.insts[0].succs[0].block is b2
    assert b2.insts[0].succs[0].block is b1
    assert not any(type(v).__name__ == "_Forward" for i in fn.insts() for v in
                   (u.value for u in i.all_uses()))


def test_names_and_numbers() -> None:
    text = """
define @f(i32 %x.y.7, i64 %12, ptr %plain) -> () {
bb0:
  ret
}
"""
    fn = parse_module(text).functions["f"]
    assert [a.name for a in fn.args] == ["x.y", "", "plain"]
    assert "define @f(i32 %x.y.0, i64 %1, ptr %plain.2) -> () {" in print_module(fn.module)


def test_records_and_keys() -> None:
    m = every_format_module()
    parsed = parse_module(print_module(m))
    main = parsed.functions["main"]
    recs = [r for i in main.insts() for r in i.dbg_records]
    kinds = [r.kind for r in recs]
    assert kinds.count(DbgKind.ADD) == 1 and kinds.count(DbgKind.DELETE) == 1
    add = next(r for r in recs if r.kind is DbgKind.ADD)
    delete = next(r for r in recs if r.kind is DbgKind.DELETE)
    assert add.key is not None and add.key.kind is DbgKind.NEW
    assert delete.key is add and delete.value is None
    assert add.expr.fragment == (0, 32)
    for r in recs:
        assert r.inst is not None and r in r.inst.dbg_records
        if r.value is not None and r.value.tracks_uses:
            assert any(u.user is r and u.is_debug for u in r.value.uses)


def test_recursive_struct_is_one_node() -> None:
    parsed = parse_module(print_module(every_format_module()))
    sp = parsed.functions["main"].subprogram
    assert sp is not None
    node_ptr = sp.type.params[1]
    assert isinstance(node_ptr, DIDerivedType)
    node = node_ptr.base
    assert isinstance(node, DICompositeType) and node.name == "node"
    nxt = node.elements[1]
    assert isinstance(nxt, DIDerivedType) and nxt.base is node_ptr


def test_inlined_at_chain() -> None:
    parsed = parse_module(print_module(every_format_module()))
    insts = list(parsed.functions["vsum"].insts())
    deep = next(i for i in insts if i.loc is not None and i.loc.line == 61)
    assert deep.loc is not None
    site2 = deep.loc.inlined_at
    assert isinstance(site2, DILocation) and site2.line == 51
    site = site2.inlined_at
    assert isinstance(site, DILocation) and site.line == 41 and site.atom_group == 3
    # two uses of the same call-site node are one object
    load = next(i for i in insts if i.loc is not None and i.loc.line == 52)
    assert load.loc is not None and load.loc.inlined_at is site


def test_globals_and_signatures() -> None:
    parsed = parse_module(print_module(every_format_module()))
    table = parsed.globals["table"]
    assert table.init == [SymRef("counter", 0), SymRef(".str.0", 3), SymRef("counter", -4, 4),
                          Zeros(4), b"\xff\x00", Zeros(18)]
    assert parsed.globals["environ"].init is None
    assert parsed.globals["environ"].attrs == {"weak", "used"}
    assert parsed.globals["empty"].init == []
    assert parsed.globals[".str.0"].section == ".rodata.str1.1"
    assert parsed.globals["counter"].digv is not None
    big = parsed.functions["take_big"]
    assert big.byval_params == [(24, 8), None] and big.args[0].byval == (24, 8)
    assert parsed.functions["ret_big"].sret
    assert parsed.functions["printf"].variadic
    assert parsed.functions["pair"].ret_types == [I64, I64]
    main = parsed.functions["main"]
    calls = [i for i in main.insts() if isinstance(i, Call)]
    assert calls[0].fixed_args == 1 and calls[0].callee is parsed.functions["printf"]
    assert calls[1].ty == TupleType((I64, I64))
    assert calls[2].byval == [(24, 8), None]
    assert any(isinstance(i, Call) and isinstance(i.operand(2), Undef) for i in main.insts())
    sw = next(i for i in main.insts() if isinstance(i, Switch))
    assert sw.values == [1, -2, 100]
    assert any(isinstance(i, Store) and i.volatile for i in main.insts())


def test_constants() -> None:
    text = """
define @f() -> () {
bb0:
  %a = add i1 -1, i1 1
  %b = add i64 18446744073709551615, i64 -9223372036854775808
  store ptr 18446744073709551615, ptr 0
  ret
}
"""
    fn = parse_module(text).functions["f"]
    a, b = fn.entry.insts[:2]
    assert a.operand(0).value == 1 and a.operand(1).value == 1  # type: ignore[attr-defined]
    assert b.operand(0).value == (1 << 64) - 1  # type: ignore[attr-defined]
    assert b.operand(1).value == 1 << 63  # type: ignore[attr-defined]
    assert "store ptr 18446744073709551615, ptr 0" in print_module(fn.module)
    assert a.ty == I1 and b.ty == I64


def test_comments_and_blank_lines_are_ignored() -> None:
    text = """; leading comment
source_filename = "c.c" ; trailing

; between items
define @f() -> (ptr) {   ; after the brace
bb0:                      ; after a label
  %p = alloca 8, align 8  ; after an instruction
  ret ptr %p
}
"""
    m = parse_module(text)
    assert m.source_filename == "c.c"
    inst = m.functions["f"].entry.insts[0]
    assert isinstance(inst, Alloca) and inst.size == 8 and inst.ty == PTR


def test_spans_point_at_the_text() -> None:
    text = "define @f() -> () {\nbb0:\n  jump bb1\nbb1:\n  ret\n}\n"
    p = IRParser(text, "s.ir")
    fn = p.parse().functions["f"]
    assert p.spans[id(fn)] == (1, 1)
    assert p.spans[id(fn.blocks[1])] == (4, 1)
    assert p.spans[id(fn.blocks[1].insts[0])] == (5, 3)


def test_branch_with_arguments() -> None:
    text = """
define @f(i1 %c) -> (i32) {
bb0:
  branch i1 %c, bb1(i32 1), bb1(i32 2)
bb1(i32 %v):
  ret i32 %v
}
"""
    fn = parse_module(text).functions["f"]
    br = fn.entry.insts[0]
    assert isinstance(br, Branch)
    assert [s.arg_values[0].value for s in br.succs] == [1, 2]  # type: ignore[attr-defined]
    assert fn.blocks[1].params[0].ty == I32


def test_duplicate_function_names_are_rejected() -> None:
    with pytest.raises(IRParseError, match="redefinition of symbol @f"):
        parse_module("declare @f() -> ()\ndeclare @f() -> ()\n")


ERRORS = [
    ("define @f() -> () {\nbb0:\n  ret i32 %x\n}\n", 3, 11, "use of undefined value %x"),
    ("define @f() -> () {\nbb0:\n  %x = add i32 1, i32 2\n  %x = add i32 1, i32 2\n  ret\n}\n",
     4, 3, "redefinition of %x"),
    ("define @f() -> () {\nbb0:\n  ret\nbb0:\n  ret\n}\n", 4, 1, "redefinition of block bb0"),
    ("define @f() -> () {\nbb0:\n  store i32 1, ptr %p extra\n}\n", 3, 23, "unexpected 'extra'"),
    ("define @f() -> () {\n  ret\n}\n", 2, 3, "instruction before the first block label"),
    ("define @f() -> () {\nbb0:\n  ret\n", 1, 19, "function body has no closing '}'"),
    ("global @g : size 1, align 1, externl\n", 1, 30, "expected 'internal' or 'external'"),
    ("global @g : size 1, align 1, external = [bytes \"abc\"]\n", 1, 48,
     "bytes item must be an even number of hex digits"),
    ("define @f() -> () {\nbb0:\n  %x = store i32 1, ptr null\n  ret\n}\n", 3, 25,
     "expected a value"),
    ("define @f() -> () {\nbb0:\n  store i32 1, ptr 0\n  add i32 1, i32 2\n  ret\n}\n", 4, 3,
     "the result of 'add' must be named"),
    ("define @f() -> () {\nbb0:\n  %s = store i32 1, ptr 0\n  ret\n}\n", 3, 3,
     "'store' does not produce a value"),
    ("define @f() -> () {\nbb0:\n  %c = icmp foo i32 1, i32 2\n  ret\n}\n", 3, 13,
     "unknown icmp predicate 'foo'"),
    ("define @f() -> () {\nbb0:\n  %e = extract i64 1, 0\n  ret\n}\n", 3, 16,
     "extract needs a tuple operand"),
    (("define @f() -> () {\nbb0:\n  %e = call {i64, i64} ptr @f()\n  %x = extract {i64, i64} "
      "%e, 2\n  ret\n}\n"), 4, 31, "index 2 is out of range"),
    ("define @f() -> () {\nbb0:\n  ret $\n}\n", 3, 7, "unexpected character '$'"),
    ("!0 = DIFile(name: \"a\", dir: \"b\", nme: \"c\")\n", 1, 34, "unknown field 'nme' in DIFile"),
    ("!0 = DIThing(name: \"a\")\n", 1, 6, "unknown metadata node kind 'DIThing'"),
    ("!0 = DIBasicType(name: \"a\", size: 8, encoding: weird)\n", 1, 48, "invalid encoding"),
    ("!0 = DIFile(name: \"a\", dir: \"b\")\n!0 = DIFile(name: \"a\", dir: \"b\")\n", 2, 1,
     "redefinition of metadata !0"),
    (("compile_unit !0\n!0 = DICompileUnit(file: !1, producer: \"p\", language: C99)\n"
      "!1 = DIBasicType(name: \"a\", size: 8, encoding: signed)\n"), 2, 26,
     "!1 is a DIBasicType, expected DIFile"),
    ("declare @f(i32 %x) -> ()\n", 1, 16, "parameter names are only written in definitions"),
    ("define @f(i32) -> () {\nbb0:\n  ret\n}\n", 1, 14, "expected a parameter name"),
    ("declare @f(..., i32) -> ()\n", 1, 17, "'...' must be the last parameter"),
    ("declare @f(void) -> ()\n", 1, 12, "a parameter cannot have type void"),
    ("define @f() -> () {\n}\n", 2, 1, "a function definition needs at least one block"),
    ("define @f() -> () {\nbb0:\n  #dbg frob #0, !1, none, ()\n  ret\n}\n", 3, 8,
     "unknown debug record kind 'frob'"),
    ("declare @f() -> () declare @g() -> ()\n", 1, 20, "unexpected 'declare' at end of line"),
    ("define @f() -> () {\nbb0:\n  ret  !loc(line: 1, column: 1, scope: !5)\n}\n", 3, 40,
     "undefined metadata !5"),
    (("define @f() -> () {\nbb0:\n  %x = add f32 1, f32 2.5\n  %y = add i32 1.5, i32 2\n"
      "  ret\n}\n"), 4, 16, "floating-point constant with type i32"),
]


@pytest.mark.parametrize(("text", "line", "col", "msg"), ERRORS)
def test_parse_errors(text: str, line: int, col: int, msg: str) -> None:
    with pytest.raises(IRParseError) as info:
        parse_module(text, "bad.ir")
    first = str(info.value).splitlines()[0]
    assert first.startswith(f"bad.ir:{line}:{col}: error: "), first
    assert msg in first
    lines = str(info.value).splitlines()
    # the offending source line and a caret under the column
    assert lines[1] == text.split("\n")[line - 1]
    assert lines[2] == " " * (col - 1) + "^"


def test_metadata_cycle_outside_struct_elements() -> None:
    text = """compile_unit !0
!0 = DICompileUnit(file: !1, producer: "p", language: C99)
!1 = DIFile(name: "a", dir: "b")
!2 = DIDerivedType(tag: typedef, base: !3)
!3 = DIDerivedType(tag: pointer, base: !2)
!4 = DISubprogram(name: "f", file: !1, line: 1, type: !5, unit: !0)
!5 = DISubroutineType(ret: !2)
define @f() -> () dbg !4 {
bb0:
  ret
}
"""
    with pytest.raises(IRParseError, match="metadata cycle"):
        parse_module(text)


def test_tokenizer_keeps_strings_with_newlines_and_semicolons() -> None:
    toks = tokenize('source_filename = "a;b\\"c\nd"\n', "t")
    assert [t.kind for t in toks] == [TokKind.IDENT, TokKind.PUNCT, TokKind.STRING, TokKind.EOF]
    m = parse_module('source_filename = "a;b\\"c\nd"\n')
    assert m.source_filename == 'a;b"c\nd'


def test_functions_may_call_later_functions() -> None:
    text = """
define @a() -> (i32) {
bb0:
  %r = call i32 ptr @b()
  ret i32 %r
}
define @b() -> (i32) {
bb0:
  ret i32 7
}
"""
    m = parse_module(text)
    call = m.functions["a"].entry.insts[0]
    assert isinstance(call, Call) and call.callee is m.functions["b"]
    assert isinstance(m.functions["b"], Function) and m.functions["b"].ret_types == [I32]


def _hand_written_ir() -> list[str]:
    from pathlib import Path
    root = Path(__file__).parent.parent / "lit" / "ir"
    return sorted(str(p) for p in root.glob("*.ir"))


@pytest.mark.parametrize("path", _hand_written_ir(), ids=lambda p: p.rsplit("/", 1)[-1])
def test_hand_written_files_reach_a_fixed_point(path: str) -> None:
    """Every golden IR file that parses (some test parse errors on purpose) prints to a
    text that parses back to the same text."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        m = parse_module(text, path)
    except IRParseError:
        assert "parse-error" in path, "only parse-error tests may fail to parse"
        return
    once = print_module(m)
    assert print_module(parse_module(once)) == once
