"""unroll-jam: which nests it jams, which it leaves alone (one test per condition of
opt/unroll_jam.py's docstring), same results before and after (IR interpreter),
and work that stays linear."""

from __future__ import annotations

from pathlib import Path

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir import Function, Load, Module, Store, print_module
from atomc.ir.interp import run_function
from atomc.ir.loops import Loop, LoopInfo
from atomc.ir.verifier import verify_module
from atomc.opt import unroll_jam
from atomc.opt.passmanager import PassContext
from atomc.opt.unroll_jam import UnrollAndJam
from atomc.options import CompileOptions
from atomc.pipeline import O2_EARLY, O2_INLINE, O2_SCALAR, optimise

# the -O2 passes that run before unroll-jam
BEFORE = (*O2_EARLY, *O2_INLINE, *O2_SCALAR, "jump-threading", "loop-rotate", "licm-loads")

# a[i][k] * b[k][j] summed over k, stored to c[i][j]: the nest matmul.c spends its time in
MATMUL = """
static int a[N][N], b[N][N], c[N][N];
static void fill(int seed) {
    int *p = &a[0][0], *q = &b[0][0];
    for (int n = 0; n < N * N; n++) {
        p[n] = (n * 7 + seed) % 17 - 8;
        q[n] = (n * 5 + seed) % 13 - 6;
    }
}
static int sum(void) {
    int *p = &c[0][0], s = 0;
    for (int n = 0; n < N * N; n++) s = s * 31 + p[n];
    return s;
}
int f(int seed) {
    fill(seed);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < J; j++) {
            int s = 0;
            for (int k = 0; k < K; k++) s += BODY;
            AFT;
        }
    return sum();
}
"""


def nest(n: int = 16, j: str = "N", k: str = "N", body: str = "a[i][k] * b[k][j]",
         aft: str = "c[i][j] = s", extra: str = "") -> str:
    src = MATMUL.replace("J;", f"{j};").replace("K;", f"{k};").replace("BODY", body) \
        .replace("AFT", aft)
    return f"#define N {n}\n{extra}\n{src}"


def prepared(tmp_path: Path, text: str) -> Module:
    """The module as unroll-jam gets it at -O2 (-g: records included)."""
    src = tmp_path / "t.c"
    src.write_text(text)
    opts = CompileOptions(opt_level=2, debug=True, passes=BEFORE)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    return module


def jam(m: Module) -> int:
    """Run unroll-jam; the number of nests jammed (the IR must verify)."""
    ctx = PassContext(m, opt_level=2)
    UnrollAndJam().run_on_module(m, ctx)
    errors = verify_module(m)
    assert not errors, "; ".join(map(str, errors[:5])) + "\n" + print_module(m)
    return ctx.stats.get("unroll-jam.jammed", 0)


def jams_and_keeps_results(tmp_path: Path, text: str, seeds: tuple[int, ...] = (0, 3)) -> Module:
    m = prepared(tmp_path, text)
    before = [run_function(m, "f", [s], step_limit=20_000_000) for s in seeds]
    assert jam(m) == 1
    after = [run_function(m, "f", [s], step_limit=20_000_000) for s in seeds]
    assert before == after
    assert all(r.trap is None for r in after)
    return m


def fused_loop(fn: Function) -> Loop:
    """The innermost loop with the most loads (the others are fill's and sum's)."""
    return max((lp for lp in LoopInfo(fn).loops if not lp.children),
               key=lambda lp: sum(isinstance(i, Load) for b in lp.blocks for i in b.insts))


def test_matmul_nest_is_jammed_four_times_sharing_a_loads(tmp_path: Path) -> None:
    m = jams_and_keeps_results(tmp_path, nest())
    fn = m.functions["f"]
    # the fused loop: one load of a[i][k] for four of b[k][j..j+3], one exit test
    body = [i for b in fused_loop(fn).blocks for i in b.insts]
    assert sum(isinstance(i, Load) for i in body) == 5
    assert [i.op.value for i in body].count("branch") == 1
    assert [i.op.value for i in body].count("mul") == 4  # four products
    # four stores to c after the fused loop, the outer counter stepped once per four
    assert sum(isinstance(i, Store) for i in fn.insts()) == 4 + 2


def test_trip_count_two_divides_but_four_does_not(tmp_path: Path) -> None:
    m = jams_and_keeps_results(tmp_path, nest(j="6"))
    stores = [i for i in m.functions["f"].insts() if isinstance(i, Store)]
    assert len(stores) == 2 + 2


def test_carried_value_used_only_after_the_inner_loop(tmp_path: Path) -> None:
    """`t += s` in aft: copy j+1 reads copy j's value, which aft computes in order."""
    text = nest(aft="t = t * 3 + s").replace("int f(int seed) {\n    fill(seed);",
                                               "int f(int seed) {\n    fill(seed); int t = 1;") \
        .replace("return sum();", "return t;")
    jams_and_keeps_results(tmp_path, text)


def test_jammed_records_describe_copy_zero_in_the_fused_loop(tmp_path: Path) -> None:
    """Copy 1..3's fore blocks and inner loop lose their records; their aft keeps them."""
    m = prepared(tmp_path, nest())
    fn = m.functions["f"]
    records_before = sum(len(i.dbg_records) for i in fn.insts())
    assert jam(m) == 1
    fused = fused_loop(fn)
    names = {r.var.name for b in fused.blocks for i in b.insts for r in i.dbg_records}
    values = {id(r.value) for b in fused.blocks for i in b.insts for r in i.dbg_records
              if r.var.name == "s"}
    assert names == {"s", "k"}
    assert len(values) == 2  # s on entry to the iteration and after copy 0's add
    assert sum(len(i.dbg_records) for i in fn.insts()) > records_before


@pytest.mark.parametrize(("why", "text"), [
    ("inner loop stores to what it reads", nest(body="(a[i][k] = a[i][k] + b[k][j])")),
    ("aft stores to what the inner loop reads", nest(aft="b[i][j] = s")),
    ("inner trip count depends on j", nest(k="j")),
    ("call in the inner loop", nest(body="g(a[i][k]) * b[k][j]",
                                    extra="int g(int);")),
    ("call in aft", nest(aft="c[i][j] = g(s)", extra="int g(int);")),
    ("odd outer trip count", nest(j="7")),
    ("inner loop short enough for loop-unroll to unroll fully", nest(k="4")),
    ("volatile load", nest(body="a[i][k] * vb[k][j]", extra="volatile int vb[N][N];")),
    ("trapping division", nest(body="a[i][k] / (b[k][j] | 1)")),
    ("fore stores", nest(aft="c[i][j] = s").replace("int s = 0;", "int s = 0; c[i][j] = 1;")),
    ("inner loop body on a line of its own (copies would step back to it)",
     nest().replace("k++) s += a", "k++)\n                s += a")),
    ("aft ends on a later line than it starts (the copies would step back)",
     nest().replace("        for (int j = 0; j < N; j++) {", "        { int j = 0; do {")
     .replace("            c[i][j] = s;\n        }", "            c[i][j] = s;\n            j++;\n"
              "        } while (j < N); }")),
    ("carried value read by the inner loop",
     nest(body="a[i][k] * t", aft="t = t + s").replace(
         "int f(int seed) {\n    fill(seed);", "int f(int seed) {\n    fill(seed); int t = 1;")),
])
def test_nest_is_left_alone(tmp_path: Path, why: str, text: str) -> None:
    m = prepared(tmp_path, text)
    before = print_module(m)
    assert jam(m) == 0, why
    assert print_module(m) == before


def test_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(unroll_jam, "JAM_MAX_INNER", 4)
    assert jam(prepared(tmp_path, nest())) == 0


def test_work_stays_linear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Instructions cloned grow with the nests jammed, not with the function: a
    function of 8 jammable nests clones 8 times what one nest clones."""
    cloned: list[int] = []
    real = unroll_jam._clone_into

    def counting(*args: object) -> object:
        block = real(*args)
        cloned.append(len(block.insts))
        return block

    monkeypatch.setattr(unroll_jam, "_clone_into", counting)
    one = nest()
    assert jam(prepared(tmp_path, one)) == 1
    single = sum(cloned)
    cloned.clear()
    body = one[one.index("    for (int i = 0;"):one.index("    return sum();")]
    many = one.replace(body, body * 8)
    assert jam(prepared(tmp_path, many)) == 8
    assert sum(cloned) == 8 * single


def test_size_optimisation_leaves_nests_alone(tmp_path: Path) -> None:
    m = prepared(tmp_path, nest())
    ctx = PassContext(m, opt_level=2, size_opt=True)
    assert not UnrollAndJam().run_on_module(m, ctx)
    assert ctx.stats.get("unroll-jam.jammed", 0) == 0
