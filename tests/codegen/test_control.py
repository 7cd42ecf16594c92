"""Control flow: loops with block parameters (including swap cycles and
edge-specific arguments), switches, unreachable."""

from __future__ import annotations

import pytest

from atomc.ir import ARTIFICIAL, I8, I32, I64, Const, Module, Op
from atomc.options import CompileOptions

from .harness import build_and_run, new_function

# -O0 back end (fast allocator) and the optimising one (scheduler, linear scan)
pytestmark = pytest.mark.parametrize("level", [0, 2], ids=["O0", "O2"])


def _sum_to(m: Module) -> None:
    """sum_to(n) = 0 + 1 + ... + n via loop(i, acc)."""
    f, b = new_function(m, "sum_to", [I32], [I32])
    loop, done = f.add_block("loop"), f.add_block("done")
    i, acc = loop.add_param(I32, "i"), loop.add_param(I32, "acc")
    res = done.add_param(I32, "res")
    b.jump(loop, [Const(I32, 0), Const(I32, 0)])
    b.position_at_end(loop)
    acc2 = b.binary(Op.ADD, acc, i)
    i2 = b.binary(Op.ADD, i, Const(I32, 1))
    c = b.cmp("sle", i2, f.args[0])
    from atomc.ir import Branch
    b.insert(Branch(c, loop, done, [i2, acc2], [acc2], loc=ARTIFICIAL))
    b.position_at_end(done)
    b.ret([res])


def _swap_loop(m: Module) -> None:
    """swap3(x, y, z, n): n times rotate (x, y, z) <- (y, z, x) and swap-in-place
    (a, b) <- (b, a): pure parallel-copy cycles; returns x*10000 + y*100 + z."""
    f, b = new_function(m, "swap3", [I32, I32, I32, I32], [I32])
    loop, done = f.add_block("loop"), f.add_block("done")
    x, y, z, n = (loop.add_param(I32, s) for s in "xyzn")
    b.jump(loop, f.args)
    b.position_at_end(loop)
    from atomc.ir import Branch
    c = b.cmp("sgt", n, Const(I32, 0))
    n2 = b.binary(Op.SUB, n, Const(I32, 1))
    b.insert(Branch(c, loop, done, [y, z, x, n2], [], loc=ARTIFICIAL))
    b.position_at_end(done)
    r = b.binary(Op.ADD, b.binary(Op.MUL, x, Const(I32, 10000)),
                 b.binary(Op.ADD, b.binary(Op.MUL, y, Const(I32, 100)), z))
    b.ret([r])


def _fib(m: Module) -> None:
    """fib(n) with loop(a, b, k) -> loop(b, a+b, k-1)."""
    f, b = new_function(m, "fib", [I64], [I64])
    loop, done = f.add_block("loop"), f.add_block("done")
    a, bb, k = loop.add_param(I64), loop.add_param(I64), loop.add_param(I64)
    b.jump(loop, [Const(I64, 0), Const(I64, 1), f.args[0]])
    b.position_at_end(loop)
    c = b.cmp("eq", k, Const(I64, 0))
    from atomc.ir import Branch
    b.insert(Branch(c, done, loop, [], [bb, b.binary(Op.ADD, a, bb),
                                        b.binary(Op.SUB, k, Const(I64, 1))], loc=ARTIFICIAL))
    b.position_at_end(done)
    b.ret([a])


def _same_target_two_edges(m: Module) -> None:
    """pick(c, a, b): branch c, join(a), join(b) - both edges to one block."""
    f, b = new_function(m, "pick", [I8, I32, I32], [I32])
    join = f.add_block("join")
    v = join.add_param(I32)
    from atomc.ir import Branch
    c = b.cmp("ne", f.args[0], Const(I8, 0))
    b.insert(Branch(c, join, join, [f.args[1]], [f.args[2]], loc=ARTIFICIAL))
    b.position_at_end(join)
    b.ret([v])


def _switches(m: Module) -> None:
    f, b = new_function(m, "classify", [I32], [I32])
    blocks = [f.add_block(f"c{i}") for i in range(5)]
    dflt = f.add_block("dflt")
    join = f.add_block("join")
    r = join.add_param(I32)
    b.switch(f.args[0], dflt, [(0, blocks[0]), (1, blocks[1]), (7, blocks[2]),
                               (0xFFFFFFFF, blocks[3]), (1000, blocks[4])])
    for i, blk in enumerate(blocks):
        b.position_at_end(blk)
        if i == 1:  # fallthrough into c2, like C
            b.jump(blocks[2])
        else:
            b.jump(join, [Const(I32, (i + 1) * 11)])
    b.position_at_end(dflt)
    b.jump(join, [Const(I32, -1)])
    b.position_at_end(join)
    b.ret([r])

    f, b = new_function(m, "classify64", [I64], [I32])
    big, small, dflt = f.add_block("big"), f.add_block("small"), f.add_block("dflt")
    b.switch(f.args[0], dflt, [(0x123456789AB, big), (-2 & (2**64 - 1), small)])
    for blk, v in ((big, 1), (small, 2), (dflt, 3)):
        b.position_at_end(blk)
        b.ret([Const(I32, v)])


def test_loops_block_params_and_switch(tmp_path, level):
    m = Module()
    _sum_to(m)
    _swap_loop(m)
    _fib(m)
    _same_target_two_edges(m)
    _switches(m)
    driver = r"""
int sum_to(int); int swap3(int, int, int, int); long fib(long); int pick(char, int, int);
int classify(int); int classify64(long);
static int ref_swap3(int x, int y, int z, int n) {
    for (; n > 0; n--) { int t = x; x = y; y = z; z = t; }
    return x * 10000 + y * 100 + z;
}
static int ref_classify(int v) {
    switch (v) { case 0: return 11; case 1: case 7: return 33; case -1: return 44;
                 case 1000: return 55; default: return -1; }
}
int main(void) {
    for (int n = 0; n < 20; n++) CHECK(sum_to(n), n * (n + 1) / 2);
    for (int n = 0; n < 7; n++) CHECK(swap3(1, 2, 3, n), ref_swap3(1, 2, 3, n));
    long a = 0, b = 1;
    for (int n = 0; n < 60; n++) { CHECK(fib(n), a); long t = a + b; a = b; b = t; }
    CHECK(pick(1, 5, 6), 5); CHECK(pick(0, 5, 6), 6);
    int probes[] = {0, 1, 2, 7, -1, 1000, 999, 123456};
    for (int i = 0; i < 8; i++) CHECK(classify(probes[i]), ref_classify(probes[i]));
    CHECK(classify64(0x123456789ABL), 1); CHECK(classify64(-2), 2);
    CHECK(classify64(0x23456789ABL), 3); CHECK(classify64(0xFFFFFFFEL), 3);
    printf("done %d\n", failures); return failures != 0;
}
"""
    assert build_and_run(tmp_path, m, driver, opts=CompileOptions(opt_level=level)).strip() == "done 0"


def test_bool_values_through_blocks_and_selects(tmp_path, level):
    """i1 values as block parameters, select operands and switch/compare inputs
    (patterns the optimiser produces): parity(n) toggles a bool n times."""
    from atomc.ir import I1, Branch
    m = Module()
    f, b = new_function(m, "parity", [I32], [I32])
    loop, done = f.add_block("loop"), f.add_block("done")
    flag, k = loop.add_param(I1), loop.add_param(I32)
    b.jump(loop, [Const(I1, 0), f.args[0]])
    b.position_at_end(loop)
    more = b.cmp("sgt", k, Const(I32, 0))
    flipped = b.binary(Op.XOR, flag, Const(I1, 1))
    k2 = b.binary(Op.SUB, k, Const(I32, 1))
    b.insert(Branch(more, loop, done, [flipped, k2], [], loc=ARTIFICIAL))
    b.position_at_end(done)
    both = b.select(b.cmp("eq", flag, Const(I1, 1)), flag, Const(I1, 0))
    b.ret([b.cast(Op.ZEXT, both, I32)])
    f, b = new_function(m, "bsel", [I8, I8, I8], [I8])
    c = b.cast(Op.TRUNC, f.args[0], I1)
    p = b.cast(Op.TRUNC, f.args[1], I1)
    q = b.cast(Op.TRUNC, f.args[2], I1)
    r = b.select(c, p, q)
    b.ret([b.cast(Op.ZEXT, b.binary(Op.AND, r, b.cmp("ne", p, q)), I8)])
    driver = r"""
int parity(int); signed char bsel(signed char, signed char, signed char);
int main(void) {
    for (int n = 0; n < 9; n++) CHECK(parity(n), n & 1);
    for (int i = 0; i < 8; i++) {
        int c = i & 1, p = (i >> 1) & 1, q = (i >> 2) & 1;
        CHECK(bsel((signed char)(c | 2), (signed char)(p | 4), (signed char)(q | 8)),
              (c ? p : q) & (p != q));
    }
    printf("done %d\n", failures); return failures != 0;
}
"""
    assert build_and_run(tmp_path, m, driver, opts=CompileOptions(opt_level=level)).strip() == "done 0"
