"""The atomic builtins and `_Atomic` in the front end: which IR each produces
(orders, operation, volatility, libatomic calls), gcc's memory-order repairs and
warnings, folding of the lock-free queries."""

from __future__ import annotations

import pytest

from atomc.ir import ATOMIC_OPS, AtomicLoad, AtomicRMW, AtomicStore, CmpXchg, Fence, Ordering
from atomc.ir.printer import print_function


def _atomics(module, fn: str = "f") -> list:
    return [i for i in module.functions[fn].insts() if i.op in ATOMIC_OPS]


def _calls(module, fn: str = "f") -> list[str]:
    return [i.callee.name for i in module.functions[fn].insts()
            if i.op.value == "call" and hasattr(i.callee, "name")]


@pytest.mark.parametrize(("call", "kind", "order"), [
    ("__atomic_load_n(&x, __ATOMIC_CONSUME)", AtomicLoad, Ordering.ACQUIRE),
    ("__atomic_load_n(&x, __ATOMIC_RELEASE)", AtomicLoad, Ordering.SEQ_CST),  # invalid: warns
    ("__atomic_store_n(&x, 1, __ATOMIC_ACQUIRE)", AtomicStore, Ordering.SEQ_CST),
    ("__atomic_store_n(&x, 1, __ATOMIC_RELEASE | __ATOMIC_HLE_RELEASE)", AtomicStore,
     Ordering.RELEASE),
    ("__atomic_fetch_nand(&x, 1, __ATOMIC_ACQ_REL)", AtomicRMW, Ordering.ACQ_REL),
    ("__atomic_load_n(&x, n)", AtomicLoad, Ordering.SEQ_CST),  # run time: seq_cst
    ("__atomic_load_n(&x, 9)", AtomicLoad, Ordering.SEQ_CST),
    ("__sync_lock_test_and_set(&x, 1)", AtomicRMW, Ordering.ACQUIRE),
    ("__sync_lock_release(&x)", AtomicStore, Ordering.RELEASE),
    ("__sync_fetch_and_sub(&x, 1)", AtomicRMW, Ordering.SEQ_CST),
    ("__atomic_thread_fence(__ATOMIC_RELEASE)", Fence, Ordering.RELEASE),
    ("__sync_synchronize()", Fence, Ordering.SEQ_CST),
])
def test_builtin_orders(compile_c, call: str, kind: type, order: Ordering) -> None:
    r = compile_c(f"int x;\nvoid f(int n) {{ (void)n; {call}; }}\n")
    assert r.module is not None, r.stderr
    insts = _atomics(r.module)
    assert len(insts) == 1 and isinstance(insts[0], kind), print_function(r.module.functions["f"])
    assert getattr(insts[0], "ordering", None) == order


def test_invalid_orders_warn_like_gcc(compile_c) -> None:
    r = compile_c("int x;\nint f(int *e) {\n  __atomic_store_n(&x, 1, __ATOMIC_CONSUME);\n"
                  "  return __atomic_compare_exchange_n(&x, e, 2, 0, __ATOMIC_RELEASE,\n"
                  "                                     __ATOMIC_ACQ_REL);\n}\n")
    assert r.module is not None, r.stderr
    assert "invalid memory model 'memory_order_consume' for '__atomic_store_n'" in r.stderr
    assert "invalid failure memory model 'memory_order_acq_rel'" in r.stderr
    cas = next(i for i in _atomics(r.module) if isinstance(i, CmpXchg))
    assert (cas.success, cas.failure) == (Ordering.SEQ_CST, Ordering.SEQ_CST)


def test_relaxed_and_signal_fences(compile_c) -> None:
    r = compile_c("void f(void) { __atomic_thread_fence(0); __atomic_signal_fence(5); }\n")
    assert r.module is not None, r.stderr
    fences = _atomics(r.module)
    assert len(fences) == 1 and fences[0].signal and fences[0].ordering is Ordering.SEQ_CST


def test_runtime_order_is_still_evaluated(compile_c) -> None:
    r = compile_c("int x, calls;\nint g(void) { return ++calls; }\n"
                  "int f(void) { return __atomic_load_n(&x, g()); }\n")
    assert r.module is not None, r.stderr
    assert _calls(r.module) == ["g"]


def test_volatile_objects_give_volatile_atomics(compile_c) -> None:
    r = compile_c("volatile int v;\nint f(void) { return __atomic_fetch_add(&v, 1, 5); }\n")
    assert r.module is not None, r.stderr
    assert [i.volatile for i in _atomics(r.module)] == [True]


@pytest.mark.parametrize(("expr", "value"), [
    ("__atomic_always_lock_free(4, 0)", 1),
    ("__atomic_always_lock_free(16, 0)", 0),
    ("__atomic_always_lock_free(8, (void *)4)", 0),  # a fake pointer: 4-byte aligned
    ("__atomic_always_lock_free(8, (void *)&l)", 1),  # looks through the cast
    ("__atomic_always_lock_free(4, &c4)", 0),  # char[4]: only byte aligned
    ("__atomic_is_lock_free(sizeof(int), &i)", 1),
])
def test_lock_free_queries_fold_like_gcc(compile_c, expr: str, value: int) -> None:
    r = compile_c(f"long l; char c4[4]; int i;\n_Static_assert(({expr}) == {value}, \"\");\n"
                  "int f(void) { return 0; }\n")
    assert r.module is not None, r.stderr


def test_is_lock_free_asks_libatomic_when_not_folded(compile_c) -> None:
    r = compile_c("struct s { char c[3]; } s3;\n"
                  "int f(void) { return __atomic_is_lock_free(sizeof s3, &s3); }\n")
    assert r.module is not None, r.stderr
    assert _calls(r.module) == ["__atomic_is_lock_free"]


def test_always_lock_free_needs_a_constant(compile_c) -> None:
    r = compile_c("int f(int n) {\n  return __atomic_always_lock_free(n, 0);\n}\n")
    assert r.module is None
    assert "2:10: error: non-constant argument 1 to '__atomic_always_lock_free'" in r.stderr


def test_generic_forms_inline_or_call_libatomic(compile_c) -> None:
    r = compile_c("struct b12 { int a, b, c; } x, y;\nstruct b8 { int a, b; } p, q;\n"
                  "void f(void) {\n  __atomic_load(&x, &y, 5);\n  __atomic_store(&p, &q, 3);\n"
                  "  __atomic_exchange(&x, &y, &x, 5);\n"
                  "  __atomic_compare_exchange(&x, &y, &y, 0, 5, 5);\n}\n")
    assert r.module is not None, r.stderr
    assert _calls(r.module) == ["__atomic_load", "__atomic_exchange",
                                "__atomic_compare_exchange"]
    (st,) = _atomics(r.module)
    assert isinstance(st, AtomicStore) and str(st.value.ty) == "i64"


def test_sized_builtins_take_void_pointers(compile_c) -> None:
    r = compile_c("unsigned char buf[8];\n"
                  "unsigned long f(void) { return __atomic_fetch_add_8(buf, 1, 5)"
                  " + __sync_val_compare_and_swap_2(buf, 0, 1); }\n")
    assert r.module is not None, r.stderr
    assert [str(i.ty) for i in _atomics(r.module)] == ["i64", "{i16, i1}"]


def test_pointer_fetch_ops_are_not_scaled(compile_c) -> None:
    r = compile_c("long *p;\nlong *f(void) { return __atomic_add_fetch(&p, 3, 5); }\n")
    assert r.module is not None, r.stderr
    (rmw,) = _atomics(r.module)
    assert rmw.value.value == 3 and str(rmw.ty) == "i64"


def test_atomic_objects_use_seq_cst_accesses(compile_c) -> None:
    r = compile_c("_Atomic int a; _Atomic(long *) p; _Atomic double d;\n"
                  "void f(int v) {\n  a = v;\n  a += v;\n  a *= v;\n  p++;\n  d = a;\n}\n")
    assert r.module is not None, r.stderr
    got = [(type(i).__name__, getattr(i, "rmw", None) and i.rmw.value) for i in _atomics(r.module)]
    assert got == [("AtomicStore", None), ("AtomicRMW", "add"), ("AtomicLoad", None),
                   ("CmpXchg", None), ("AtomicRMW", "add"), ("AtomicLoad", None),
                   ("AtomicStore", None)]
    assert all(getattr(i, "ordering", Ordering.SEQ_CST) is Ordering.SEQ_CST
               for i in _atomics(r.module))


def test_initialisation_is_not_atomic(compile_c) -> None:
    r = compile_c("int f(int v) { _Atomic int a = v; return a; }\n")
    assert r.module is not None, r.stderr
    assert [type(i).__name__ for i in _atomics(r.module)] == ["AtomicLoad"]


def test_comma_drops_atomic_for_typeof(compile_c) -> None:
    r = compile_c("_Atomic int a;\n_Static_assert(__builtin_types_compatible_p("
                  "__typeof__((void)0, a), int), \"\");\nint f(void) {\n"
                  "  __typeof__((void)0, a) t = 1;\n  return t;\n}\n")
    assert r.module is not None, r.stderr
    assert _atomics(r.module) == []  # `t` is a plain int


SIXTEEN = """
typedef unsigned __int128 u128;
u128 g; struct pair { long a, b; } p;
u128 f(struct pair *r, u128 *e) {
    __sync_lock_release(&g);  /* dropped by gcc 12 without -mcx16 */
    __atomic_load(&p, r, __ATOMIC_SEQ_CST);
    return __sync_fetch_and_add(&g, 1) + __sync_nand_and_fetch(&g, 2)
        + __sync_val_compare_and_swap(&g, 3, 4) + __sync_bool_compare_and_swap(&g, 5, 6)
        + __sync_lock_test_and_set(&g, 7) + __atomic_fetch_and(&g, 8, 0)
        + __atomic_or_fetch(&g, 9, 5) + __atomic_compare_exchange_n(&g, e, 1, 0, 5, 5);
}
"""


def test_sixteen_byte_builtins_call_what_gcc_calls(tmp_path) -> None:
    """Without -mcx16 gcc calls libatomic's `__atomic_*_16` and the `__sync_*_16`
    functions (which nothing defines), in the same order; atomc makes the same calls."""
    import subprocess
    import sys
    (tmp_path / "s.c").write_text(SIXTEEN)
    called = []
    for cc in (["gcc"], [sys.executable, "-m", "atomc"]):
        subprocess.run([*cc, "-O0", "-c", "s.c"], cwd=tmp_path, check=True)
        asm = subprocess.run(["objdump", "-dr", "s.o"], cwd=tmp_path, check=True,
                             capture_output=True, text=True).stdout
        called.append([ln.split()[-1].removesuffix("-0x4") for ln in asm.splitlines()
                       if "R_X86_64_PLT32" in ln])
    assert called[0] == called[1]
    assert "__sync_lock_release_16" not in called[1] and "__sync_fetch_and_add_16" in called[1]


@pytest.mark.parametrize("flags", [["-march=x86-64"], ["-march=x86-64-v2"], ["-mcx16"],
                                   ["-march=x86-64-v2", "-mno-cx16"], ["-mno-cx16", "-mcx16"]])
def test_sixteen_byte_sync_inline_when_the_cpu_has_cmpxchg16b(flags, tmp_path) -> None:
    """`__sync_*` on 16 bytes: calls of `__sync_*_16` without cmpxchg16b, inline
    `lock cmpxchg16b` with it (-mcx16, or a -march= CPU that has it), as gcc decides."""
    import subprocess
    import sys
    (tmp_path / "s.c").write_text(SIXTEEN)
    found = []
    for cc in (["gcc"], [sys.executable, "-m", "atomc"]):
        subprocess.run([*cc, *flags, "-O1", "-c", "s.c"], cwd=tmp_path, check=True)
        asm = subprocess.run(["objdump", "-dr", "s.o"], cwd=tmp_path, check=True,
                             capture_output=True, text=True).stdout
        found.append(("__sync_fetch_and_add_16" in asm, "lock cmpxchg16b" in asm))
    assert found[0] == found[1]
