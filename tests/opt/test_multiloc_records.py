"""Multi-location records (`new` / `add` / `delete`) produced by mem-value-locs and
kept right by every pass that moves, clones, merges or deletes code: mem2reg,
SROA, DCE, GVN, LICM, inlining and loop unrolling. Each pass runs with the
verifier after it (R2..R6: an `add` names the current `new`, a `delete` names the
record that added the location); the checks below say what the records mean."""

from __future__ import annotations

import io
from pathlib import Path

from opt_helpers import parse, run_passes

from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import DbgKind, DbgRecord, Function, Inst, Load, Module, Op, Store
from atomc.options import CompileOptions


def c_module(tmp_path: Path, text: str) -> Module:
    src = tmp_path / "t.c"
    src.write_text(text)
    return compile_to_ir(str(src), CompileOptions(opt_level=2, debug=True),
                         DiagnosticEngine(out=io.StringIO()))


def records(fn: Function, var: str | None = None) -> list[DbgRecord]:
    return [r for i in fn.insts() for r in i.dbg_records if var is None or r.var.name == var]


def kinds(fn: Function, var: str) -> list[str]:
    return [r.kind.value for r in records(fn, var)]


def pos(fn: Function) -> dict[int, tuple[int, int]]:
    """id(inst) -> (block index, index in block)."""
    return {id(i): (bi, k) for bi, b in enumerate(fn.blocks) for k, i in enumerate(b.insts)}


def check_add_delete_pairs(fn: Function, var: str) -> list[tuple[DbgRecord, DbgRecord]]:
    """Every add of `var` names the memory home and is ended by exactly one delete
    in its own block, with no instruction that may write memory in between."""
    home = [r for r in records(fn, var) if r.kind is DbgKind.NEW]
    assert len(home) == 1 and home[0].expr.is_deref
    adds = [r for r in records(fn, var) if r.kind is DbgKind.ADD]
    dels = [r for r in records(fn, var) if r.kind is DbgKind.DELETE]
    pairs = []
    for a in adds:
        assert a.key is home[0]
        mine = [d for d in dels if d.key is a]
        assert len(mine) <= 1
        if not mine:  # only at the end of a function: no delete needed before `ret`
            assert a.inst is not None and a.inst.block is not None
            insts = a.inst.block.insts
            tail = insts[insts.index(a.inst):]
            assert tail[-1].op is Op.RET and not any(_writes(i) for i in tail)
            continue
        d = mine[0]
        assert a.inst is not None and d.inst is not None and a.inst.block is d.inst.block
        insts = a.inst.block.insts
        between = insts[insts.index(a.inst):insts.index(d.inst)]
        assert not any(_writes(i) for i in between), "a write while the add was live"
        pairs.append((a, d))
    assert len(dels) == len(pairs)
    return pairs


def _writes(i: Inst) -> bool:
    return i.op in (Op.STORE, Op.CALL, Op.MEMCPY, Op.MEMSET, Op.VASTART, Op.ASM)


ESCAPE_C = """
void bump(int *p);
int f(int n) {
  int x = n * 7;
  int y = x + 1;
  bump(&x);
  return x + y;
}
"""


# -- the producer -----------------------------------------------------------------------

def test_store_and_load_of_escaped_variable_add_register_locations(tmp_path: Path) -> None:
    m = c_module(tmp_path, ESCAPE_C)
    run_passes(m, ["sroa", "mem2reg", "instcombine", "dce", "mem-value-locs"])
    fn = m.functions["f"]
    assert kinds(fn, "x") == ["new", "add", "delete", "add"]
    pairs = check_add_delete_pairs(fn, "x")
    (a, d), = pairs
    store = next(i for i in fn.insts() if isinstance(i, Store))
    assert a.value is store.value  # x = n * 7: the product is in a register too
    assert d.inst is not None and d.inst.op is Op.CALL  # bump(&x) may change x
    last = records(fn, "x")[-1]
    load = [i for i in fn.insts() if isinstance(i, Load)][-1]
    assert last.kind is DbgKind.ADD and last.value is load  # after the call: the reload


HAND_IR = """
compile_unit !0

define @h(i64 %v, ptr %q) -> (i64) dbg !3 {
bb0:
  %slot = alloca 8, align 8  !loc(line: 2, column: 1, scope: !3)
  #dbg new #0, !4, ptr %slot, (deref)  !loc(line: 2, column: 1, scope: !3)
  store i64 %v, ptr %slot  !loc(line: 2, column: 1, scope: !3)
  %a = add i64 %v, i64 1  !loc(line: 3, column: 1, scope: !3)
  store i64 %a, ptr %slot volatile  !loc(line: 3, column: 1, scope: !3)
  %b = mul i64 %a, i64 3  !loc(line: 4, column: 1, scope: !3)
  store i64 5, ptr %slot  !loc(line: 4, column: 1, scope: !3)
  %c = add i64 %b, i64 1  !loc(line: 4, column: 1, scope: !3)
  %l = load i64, ptr %slot  !loc(line: 5, column: 1, scope: !3)
  %d = add i64 %l, i64 %c  !loc(line: 5, column: 1, scope: !3)
  store i64 %d, ptr %q  !loc(line: 5, column: 1, scope: !3)
  %e = add i64 %d, i64 2  !loc(line: 6, column: 1, scope: !3)
  jump bb1  !loc(line: 6, column: 1, scope: !3)
bb1:
  ret i64 %e  !loc(line: 7, column: 1, scope: !3)
}

!0 = DICompileUnit(file: !1, producer: "p", language: C99)
!1 = DIFile(name: "h.c", dir: "/")
!2 = DIBasicType(name: "long", size: 64, encoding: signed)
!3 = DISubprogram(name: "h", file: !1, line: 1, type: !6, unit: !0)
!4 = DILocalVariable(name: "x", scope: !3, file: !1, line: 2, type: !2)
!6 = DISubroutineType()
"""


def test_volatile_constant_and_clobbered_accesses() -> None:
    m = run_passes(parse(HAND_IR), ["mem-value-locs"])
    fn = m.functions["h"]
    pairs = check_add_delete_pairs(fn, "x")
    # the first store (a register value), the load; not the volatile store, not the
    # constant 5; the store through %q (it may alias) ends the load's add
    assert [a.value.name for a, _ in pairs] == ["v", "l"]
    ends = [d.inst for _, d in pairs]
    assert ends[0] is not None and ends[0].op is Op.STORE and ends[0].volatile
    assert ends[1] is not None and ends[1].op is Op.STORE and ends[1].ptr.name == "q"


def test_a_branch_ends_the_register_location() -> None:
    text = HAND_IR.replace("  store i64 %d, ptr %q  !loc(line: 5, column: 1, scope: !3)\n", "")
    m = run_passes(parse(text), ["mem-value-locs"])
    fn = m.functions["h"]
    (_, _), (_, d2) = check_add_delete_pairs(fn, "x")
    assert d2.inst is not None and d2.inst.op is Op.JUMP


def test_a_variable_with_several_news_is_left_alone() -> None:
    text = HAND_IR.replace(
        "  %c = add i64 %b, i64 1  !loc",
        "  #dbg new #1, !4, i64 %b, ()  !loc(line: 4, column: 1, scope: !3)\n"
        "  %c = add i64 %b, i64 1  !loc")
    m = run_passes(parse(text), ["mem-value-locs"])
    assert kinds(m.functions["h"], "x") == ["new", "new"]


# -- upkeep by other passes -------------------------------------------------------------

def test_dce_drops_a_dead_add_with_its_delete_and_keeps_the_new() -> None:
    # %l's only user is the add: DCE deletes the load; its add and the delete
    # naming it go together, the memory home stays
    text = HAND_IR.replace("  %d = add i64 %l, i64 %c", "  %d = add i64 %v, i64 %c")
    m = run_passes(parse(text), ["mem-value-locs"])
    fn = m.functions["h"]
    assert kinds(fn, "x") == ["new", "add", "delete", "add", "delete"]
    run_passes(m, ["dce"])
    assert kinds(fn, "x") == ["new", "add", "delete"]
    check_add_delete_pairs(fn, "x")


def test_dce_salvages_an_add_into_an_expression() -> None:
    # a register location computed from a dead add-of-constant becomes an expression
    text = HAND_IR.replace(
        "  %b = mul i64 %a, i64 3  !loc",
        "  #dbg new #1, !5, ptr %slot2, (deref)  !loc(line: 3, column: 1, scope: !3)\n"
        "  #dbg add #2 key #1, !5, i64 %a, ()  !loc(line: 3, column: 1, scope: !3)\n"
        "  %b = mul i64 %v, i64 3  !loc").replace(
        "  #dbg new #0, !4", "  %slot2 = alloca 8, align 8  !loc(line: 2, column: 1, scope: !3)\n"
        "  #dbg new #0, !4").replace(
        "!6 = DISubroutineType()",
        "!5 = DILocalVariable(name: \"w\", scope: !3, file: !1, line: 3, type: !2)\n"
        "!6 = DISubroutineType()").replace("store i64 %a, ptr %slot volatile", "store i64 %v, ptr %slot volatile")
    m = run_passes(parse(text), ["dce"])
    add = [r for r in records(m.functions["h"], "w") if r.kind is DbgKind.ADD]
    assert len(add) == 1 and add[0].value.name == "v" and add[0].expr.ops == (0x23, 1)


def test_gvn_forwarding_keeps_adds_on_the_surviving_value() -> None:
    text = HAND_IR.replace("  %c = add i64 %b, i64 1", "  %c = add i64 %l, i64 1").replace(
        "  %l = load i64, ptr %slot  !loc(line: 5, column: 1, scope: !3)\n", "").replace(
        "  store i64 5, ptr %slot  !loc(line: 4, column: 1, scope: !3)\n",
        "  store i64 5, ptr %slot  !loc(line: 4, column: 1, scope: !3)\n"
        "  %l = load i64, ptr %slot  !loc(line: 5, column: 1, scope: !3)\n"
        "  %l2 = load i64, ptr %slot  !loc(line: 5, column: 1, scope: !3)\n").replace(
        "  %d = add i64 %l, i64 %c", "  %d = add i64 %l2, i64 %c")
    m = run_passes(parse(text), ["mem-value-locs"])
    fn = m.functions["h"]
    before = [r for r in records(fn, "x") if r.kind is DbgKind.ADD]
    run_passes(m, ["gvn", "instcombine", "dce"])
    check_add_delete_pairs(fn, "x")
    after = [r for r in records(fn, "x") if r.kind is DbgKind.ADD]
    # GVN replaced both loads by the stored constant; every add still names a
    # value equal to the variable there (the constant 5 is such a value)
    assert len(after) <= len(before)
    for a in after:
        assert a.value is not None


def test_mem2reg_and_sroa_keep_adds_of_an_escaped_variable(tmp_path: Path) -> None:
    m = c_module(tmp_path, """
struct P { int a, b; };
void use(int *);
int f(int n) {
  struct P p = { n, n + 1 };
  int x = n * 3;
  use(&x);
  int r = p.a + p.b + x;
  x = r;
  use(&x);
  return x;
}
""")
    # producer first, then the promotions: p is split and promoted, x keeps its
    # memory home and the adds stay tied to it
    run_passes(m, ["mem-value-locs", "sroa", "mem2reg", "instcombine", "dce"])
    fn = m.functions["f"]
    assert "add" in kinds(fn, "x")
    check_add_delete_pairs(fn, "x")
    assert all(r.kind is DbgKind.NEW and not r.expr.is_deref for r in records(fn, "p"))


def test_licm_hoisting_leaves_records_in_place(tmp_path: Path) -> None:
    m = c_module(tmp_path, """
void g(int *);
int f(int n, int k) {
  int s = 0;
  for (int i = 0; i < n; i++) { int x = k * 5; s += i; g(&x); s += x; }
  return s;
}
""")
    run_passes(m, ["sroa", "mem2reg", "mem-value-locs", "licm", "instcombine", "dce"])
    fn = m.functions["f"]
    pairs = check_add_delete_pairs(fn, "x")
    assert pairs
    # the hoisted `k * 5` is still the value of the add after the store in the loop
    assert any(isinstance(a.value, Inst) and a.value.op is Op.MUL for a, _ in pairs)


INLINE_C = """
void g(int *);
static int callee(int n) { int x = n + 4; int y = x - 1; g(&x); return x * 2 + y; }
int caller(int a) { return callee(a) + callee(a + 1); }
"""


def test_inlining_clones_adds_and_deletes_with_their_inlined_at(tmp_path: Path) -> None:
    m = c_module(tmp_path, INLINE_C)
    run_passes(m, ["sroa", "mem2reg", "mem-value-locs", "inline", "sroa", "mem2reg"])
    fn = m.functions["caller"]
    xs = records(fn, "x")
    news = [r for r in xs if r.kind is DbgKind.NEW]
    assert len(news) == 2 and len({r.loc.inlined_at for r in news}) == 2
    for r in xs:
        if r.kind is DbgKind.NEW:
            continue
        new = r.key if r.kind is DbgKind.ADD else r.key.key
        assert new in news
        assert r.loc.inlined_at is new.loc.inlined_at  # the clone follows its own instance
    adds = [r for r in xs if r.kind is DbgKind.ADD]
    dels = [r for r in xs if r.kind is DbgKind.DELETE]
    # per instance: the store's (ended before g) and the reload's (the callee's end)
    assert len(adds) == 4 and len(dels) == 2
    assert all(d.key in adds for d in dels)


def test_unrolling_gives_every_copy_its_own_add_and_delete(tmp_path: Path) -> None:
    m = c_module(tmp_path, """
void g(int *);
int f(int n) {
  int s = 0;
  for (int i = 0; i < 3; i++) { int x = i * n; g(&x); s += x; }
  return s;
}
""")
    run_passes(m, ["sroa", "mem2reg", "mem-value-locs", "loop-rotate", "loop-unroll",
                   "simplifycfg"])
    fn = m.functions["f"]
    pairs = check_add_delete_pairs(fn, "x")
    loads = [i for i in fn.insts() if isinstance(i, Load)]
    assert len(loads) >= 3 and len(pairs) == len(loads)
    # one pair per copy: each add names its own copy's reload, each delete its own add
    assert {id(a.value) for a, _ in pairs} == {id(ld) for ld in loads}
    assert len({id(d.key) for _, d in pairs}) == len(pairs)
