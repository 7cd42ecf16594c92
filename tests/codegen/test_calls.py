"""SysV calls in both directions between atomc code and gcc code: many
arguments, variadic calls, byval aggregates, two-register and sret returns,
va_start in a variadic callee, plus memory blocks, globals and function
pointers."""

from __future__ import annotations

import pytest

from atomc.ir import (
    I8,
    I16,
    I32,
    I64,
    PTR,
    VOID,
    Const,
    Function,
    Global,
    Module,
    Op,
    SymRef,
    TupleType,
    Zeros,
)
from atomc.options import CompileOptions

from .harness import build_and_run, new_function

# -O0 back end (fast allocator) and the optimising one (scheduler, linear scan)
pytestmark = pytest.mark.parametrize("level", [0, 2], ids=["O0", "O2"])


def _cstring(m: Module, name: str, text: str) -> Global:
    data = text.encode() + b"\0"
    return m.add_global(Global(name, len(data), 1, [data], internal=True, constant=True))


def test_many_args_both_directions(tmp_path, level):
    m = Module()
    tys = [I32, I64, I8, I16, I32, I64, I32, I64, I8, I64]
    # callee with 10 mixed-width args: weighted sum
    f, b = new_function(m, "wsum10", tys, [I64])
    acc = None
    for k, a in enumerate(f.args):
        x = a if a.ty == I64 else b.cast(Op.SEXT, a, I64)
        x = b.binary(Op.MUL, x, Const(I64, k + 1))
        acc = x if acc is None else b.binary(Op.ADD, acc, x)
    b.ret([acc])
    # caller: calls the C function c_wsum10 and our own wsum10 with the same args
    ext = m.add_function(Function("c_wsum10", tys, [I64]))
    f, b = new_function(m, "call_both", [I32], [I64])
    args = [Const(I32, 1), Const(I64, -2), Const(I8, 3), Const(I16, -4), f.args[0],
            Const(I64, 0x100000000), Const(I32, 7), Const(I64, -8), Const(I8, 9),
            Const(I64, 10)]
    r1 = b.call(ext, args, I64)
    r2 = b.call(m.functions["wsum10"], args, I64)
    b.ret([b.binary(Op.SUB, r1, r2)])
    f, b = new_function(m, "call_c", [I32], [I64])
    b.ret([b.call(ext, [Const(I32, 1), Const(I64, -2), Const(I8, 3), Const(I16, -4), f.args[0],
                        Const(I64, 0x100000000), Const(I32, 7), Const(I64, -8), Const(I8, 9),
                        Const(I64, 10)], I64)])
    driver = r"""
long wsum10(int, long, signed char, short, int, long, int, long, signed char, long);
long call_both(int); long call_c(int);
long c_wsum10(int a, long b, signed char c, short d, int e, long f, int g, long h,
              signed char i, long j) {
    return a*1L + b*2 + c*3 + d*4 + e*5L + f*6 + g*7L + h*8 + i*9 + j*10;
}
int main(void) {
    CHECK(wsum10(1, -2, 3, -4, 5, 6, 7, -8, 9, 10), c_wsum10(1, -2, 3, -4, 5, 6, 7, -8, 9, 10));
    CHECK(wsum10(-1, 1L << 40, -128, 32767, -5, -6, 70000, 8, 127, -10),
          c_wsum10(-1, 1L << 40, -128, 32767, -5, -6, 70000, 8, 127, -10));
    CHECK(call_both(99), 0);
    CHECK(call_c(5), c_wsum10(1, -2, 3, -4, 5, 0x100000000L, 7, -8, 9, 10));
    printf("done %d\n", failures); return failures != 0;
}
"""
    assert build_and_run(tmp_path, m, driver, opts=CompileOptions(opt_level=level)).strip() == "done 0"


def test_variadic_printf_and_va_start(tmp_path, level):
    m = Module()
    printf = m.add_function(Function("printf", [PTR], [I32], variadic=True))
    vprintf = m.add_function(Function("vprintf", [PTR, PTR], [I32]))
    fmt = _cstring(m, ".Lfmt", "%d %ld %s %c|%d %d %d %d %d\n")
    word = _cstring(m, ".Lword", "word")
    f, b = new_function(m, "say", [I32, I64], [VOID])
    b.call(printf, [fmt, f.args[0], f.args[1], word, Const(I32, 65), Const(I32, 1),
                    Const(I32, 2), Const(I32, 3), Const(I32, 4), Const(I32, 5)], I32,
           fixed_args=1)
    b.ret()
    # myprintf(int tag, const char *fmt, ...): va_start + vprintf, returns vprintf's result + tag
    f, b = new_function(m, "myprintf", [I32, PTR], [I32], variadic=True)
    ap = b.alloca(24, 8, "ap")
    b.va_start(ap)
    r = b.call(vprintf, [f.args[1], ap], I32)
    b.ret([b.binary(Op.ADD, r, f.args[0])])
    driver = r"""
void say(int, long); int myprintf(int, const char *, ...);
int main(void) {
    say(-42, 1L << 33);
    int n = myprintf(1000, "%d %d %d %d %d %d %d %d %s\n", 1, 2, 3, 4, 5, 6, 7, 8, "nine");
    CHECK(n, 1000 + 21);  /* "1 2 3 4 5 6 7 8 " + "nine" + newline */
    n = myprintf(0, "%ld|%s\n", -5L, "x");
    CHECK(n, 5);
    printf("done %d\n", failures); return failures != 0;
}
"""
    out = build_and_run(tmp_path, m, driver, opts=CompileOptions(opt_level=level))
    assert out == ("-42 8589934592 word A|1 2 3 4 5\n"
                   "1 2 3 4 5 6 7 8 nine\n-5|x\ndone 0\n")


def test_byval_and_struct_returns(tmp_path, level):
    m = Module()
    # long sum5(struct S5 s) -- s passed by value on the stack (40 bytes)
    f, b = new_function(m, "sum5", [I32, PTR, I32], [I64], byval_params=[None, (40, 8), None])
    acc = b.cast(Op.SEXT, f.args[0], I64)
    for k in range(5):
        p = b.ptradd(f.args[1], Const(I64, 8 * k))
        acc = b.binary(Op.ADD, acc, b.load(I64, p))
    acc = b.binary(Op.ADD, acc, b.cast(Op.SEXT, f.args[2], I64))
    b.ret([acc])
    # our caller passing a byval struct (and 7 ints, so stack args mix) to C
    csum = m.add_function(Function("c_sum5", [I32, I32, I32, I32, I32, I32, I32, PTR, I32],
                                   [I64], byval_params=[None] * 7 + [(40, 8), None]))
    f, b = new_function(m, "pass5", [I64], [I64])
    s = b.alloca(40, 8, "s")
    for k in range(5):
        b.store(b.binary(Op.MUL, f.args[0], Const(I64, k + 1)), b.ptradd(s, Const(I64, 8 * k)))
    ints = [Const(I32, i) for i in range(1, 8)]
    b.ret([b.call(csum, [*ints, s, Const(I32, 100)], I64, byval=[None] * 7 + [(40, 8), None])])
    # struct {long a, b} pair(long x) -> {x, 2x}: two-register return
    pair_t = TupleType((I64, I64))
    f, b = new_function(m, "pair", [I64], [I64, I64])
    b.ret([f.args[0], b.binary(Op.MUL, f.args[0], Const(I64, 2))])
    # calls C's c_pair and combines the two halves
    cpair = m.add_function(Function("c_pair", [I64], [I64, I32]))
    f, b = new_function(m, "use_pair", [I64], [I64])
    r = b.call(cpair, [f.args[0]], TupleType((I64, I32)))
    lo, hi = b.extract(r, 0), b.extract(r, 1)
    b.ret([b.binary(Op.SUB, lo, b.cast(Op.SEXT, hi, I64))])
    # sret: struct {long a, b, c} trip(long x)
    f, b = new_function(m, "trip", [PTR, I64], [])
    f.sret = True
    for k in range(3):
        b.store(b.binary(Op.ADD, f.args[1], Const(I64, k)), b.ptradd(f.args[0], Const(I64, 8 * k)))
    b.ret()
    del pair_t
    driver = r"""
struct S5 { long v[5]; };
struct P { long a, b; };
struct Q { long a; int b; };
struct T { long a, b, c; };
long sum5(int, struct S5, int); long pass5(long); struct P pair(long); long use_pair(long);
struct T trip(long);
long c_sum5(int a, int b, int c, int d, int e, int f, int g, struct S5 s, int h) {
    long r = a + b*10 + c*100 + d*1000 + e*10000 + f*100000 + g*1000000L + h * 7L;
    for (int i = 0; i < 5; i++) r += s.v[i] * (i + 1);
    return r;
}
struct Q c_pair(long x) { struct Q q = {x * 3, (int)(x + 1)}; return q; }
int main(void) {
    struct S5 s = {{1, 20, 300, 4000, 50000}};
    CHECK(sum5(7, s, 9), 7 + 54321 + 9);
    long x = 3, want = 1 + 20 + 300 + 4000 + 50000 + 600000 + 7000000 + 700;
    for (int i = 0; i < 5; i++) want += x * (i + 1) * (i + 1);
    CHECK(pass5(3), want);
    struct P p = pair(21); CHECK(p.a, 21); CHECK(p.b, 42);
    CHECK(use_pair(10), 30 - 11);
    struct T t = trip(100); CHECK(t.a, 100); CHECK(t.b, 101); CHECK(t.c, 102);
    printf("done %d\n", failures); return failures != 0;
}
"""
    assert build_and_run(tmp_path, m, driver, opts=CompileOptions(opt_level=level)).strip() == "done 0"


def test_memory_globals_and_function_pointers(tmp_path, level):
    m = Module()
    counter = m.add_global(Global("counter", 4, 4, [(5).to_bytes(4, "little")]))
    table = m.add_global(Global("table", 24, 8, [SymRef("counter"), SymRef("counter", 4),
                                                 Zeros(8)]))
    m.add_global(Global("zeroed", 64, 16, [Zeros(64)], internal=True))
    ext_val = m.add_global(Global("ext_val", 8, 8, None))  # defined by the C driver
    ext_fn = m.add_function(Function("c_twice", [I32], [I32]))
    del table
    f, b = new_function(m, "bump", [I32], [I32])
    v = b.binary(Op.ADD, b.load(I32, counter), f.args[0])
    b.store(v, counter)
    b.store(b.binary(Op.ADD, b.load(I64, ext_val), Const(I64, 1)), ext_val)
    b.ret([v])
    # copy/fill of several sizes (inline and rep-string paths)
    for size in (1, 3, 8, 15, 40, 200):
        f, b = new_function(m, f"copy{size}", [PTR, PTR], [VOID])
        b.memcpy(f.args[0], f.args[1], size, 1)
        b.ret()
        f, b = new_function(m, f"fill{size}", [PTR, I8], [VOID])
        b.memset(f.args[0], f.args[1], size, 1)
        b.ret()
        f, b = new_function(m, f"fillk{size}", [PTR], [VOID])
        b.memset(f.args[0], Const(I8, 0xAB), size, 1)
        b.ret()
    # indirect calls through a function pointer from C and from an external symbol
    f, b = new_function(m, "apply", [PTR, I32], [I32])
    b.ret([b.call(f.args[0], [f.args[1]], I32)])
    f, b = new_function(m, "get_twice", [], [PTR])
    b.ret([ext_fn])
    f, b = new_function(m, "via_ptr", [I32], [I32])
    b.ret([b.call(ext_fn, [f.args[0]], I32)])
    # a local array in a stack slot, accessed through computed addresses
    f, b = new_function(m, "local_array", [I32], [I32])
    arr = b.alloca(40, 4, "arr")
    for k in range(10):
        b.store(Const(I32, k * k), b.ptradd(arr, Const(I64, 4 * k)))
    idx = b.binary(Op.MUL, b.cast(Op.SEXT, f.args[0], I64), Const(I64, 4))
    b.ret([b.load(I32, b.ptradd(arr, idx))])
    decls = "".join(f"void copy{s}(void *, const void *); void fill{s}(void *, char);"
                    f" void fillk{s}(void *);" for s in (1, 3, 8, 15, 40, 200))
    driver = decls + r"""
extern int counter; extern int *table[3]; long ext_val = 40;
int bump(int); int apply(int (*)(int), int); int (*get_twice(void))(int); int via_ptr(int);
int local_array(int);
int c_twice(int x) { return 2 * x; }
static int plus3(int x) { return x + 3; }
int main(void) {
    CHECK(bump(10), 15); CHECK(counter, 15); CHECK(ext_val, 41);
    CHECK(table[0] == &counter, 1); CHECK((char *)table[1] - (char *)&counter, 4);
    CHECK(table[2] == 0, 1);
    unsigned char src[256], dst[256], ref[256];
    for (int i = 0; i < 256; i++) src[i] = (unsigned char)(i * 7 + 1);
    int sizes[] = {1, 3, 8, 15, 40, 200};
    void (*copies[])(void *, const void *) = {copy1, copy3, copy8, copy15, copy40, copy200};
    void (*fills[])(void *, char) = {fill1, fill3, fill8, fill15, fill40, fill200};
    void (*fillks[])(void *) = {fillk1, fillk3, fillk8, fillk15, fillk40, fillk200};
    for (int k = 0; k < 6; k++) {
        memset(dst, 0x55, 256); memset(ref, 0x55, 256);
        copies[k](dst + 1, src + 3); memcpy(ref + 1, src + 3, sizes[k]);
        CHECK(memcmp(dst, ref, 256), 0);
        fills[k](dst + 2, (char)0x3c); memset(ref + 2, 0x3c, sizes[k]);
        CHECK(memcmp(dst, ref, 256), 0);
        fillks[k](dst + 5); memset(ref + 5, 0xab, sizes[k]);
        CHECK(memcmp(dst, ref, 256), 0);
    }
    CHECK(apply(plus3, 4), 7); CHECK(get_twice()(21), 42); CHECK(via_ptr(8), 16);
    for (int i = 0; i < 10; i++) CHECK(local_array(i), i * i);
    printf("done %d\n", failures); return failures != 0;
}
"""
    assert build_and_run(tmp_path, m, driver, opts=CompileOptions(opt_level=level)).strip() == "done 0"


def test_over_aligned_stack_objects(tmp_path, level):
    """Allocas aligned beyond the 16-byte frame alignment are realigned at run time."""
    m = Module()
    f, b = new_function(m, "misalign", [I64], [I64])
    p64 = b.alloca(24, 64, "big")
    p32 = b.alloca(4, 32, "mid")
    b.store(f.args[0], b.ptradd(p64, Const(I64, 16)))
    b.store(Const(I32, 9), p32)
    a64 = b.binary(Op.AND, b.cast(Op.PTRTOINT, p64, I64), Const(I64, 63))
    a32 = b.binary(Op.AND, b.cast(Op.PTRTOINT, p32, I64), Const(I64, 31))
    v = b.binary(Op.ADD, b.load(I64, b.ptradd(p64, Const(I64, 16))),
                 b.cast(Op.SEXT, b.load(I32, p32), I64))
    b.ret([b.binary(Op.ADD, b.binary(Op.MUL, b.binary(Op.OR, a64, a32), Const(I64, 1000)), v)])
    driver = r"""
long misalign(long);
static long depth(int n, long x) { char pad[8]; pad[0] = (char)n; return n ? depth(n - 1, x) + pad[0] - n : misalign(x); }
int main(void) {
    for (int n = 0; n < 5; n++) CHECK(depth(n, 100 + n), 109 + n);
    printf("done %d\n", failures); return failures != 0;
}
"""
    assert build_and_run(tmp_path, m, driver, opts=CompileOptions(opt_level=level)).strip() == "done 0"
