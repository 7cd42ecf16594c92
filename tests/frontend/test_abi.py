"""SysV classification of C types into IR argument pieces."""

from atomc.frontend import ctype as C
from atomc.frontend.abi import ArgKind, classify, func_abi
from atomc.ir import I8, I16, I32, I64, PTR, Op


def struct(*members: C.CType) -> C.StructT:
    st = C.StructT(C.RecordKind.STRUCT, "s")
    st.layout([(f"m{i}", t, 0) for i, t in enumerate(members)])
    return st


def test_scalars_are_direct():
    assert classify(C.INT).types == (I32,)
    # char/short/_Bool travel extended to 32 bits (clang's callees rely on it)
    assert classify(C.BOOL).types == (I32,)
    assert (classify(C.BOOL).ext, classify(C.BOOL).narrow) == (Op.ZEXT, I8)
    assert (classify(C.SHORT).ext, classify(C.SHORT).narrow) == (Op.SEXT, I16)
    assert classify(C.INT).ext is None
    assert classify(C.PointerT(C.VOID)).types == (PTR,)
    assert classify(C.VOID).kind is ArgKind.VOID


def test_small_structs_become_integer_pieces():
    assert classify(struct(C.CHAR, C.CHAR, C.CHAR)).types == (I32,)  # 3 bytes -> i32
    assert classify(struct(C.SHORT)).types == (I16,)
    assert classify(struct(C.INT, C.INT)).types == (I64,)
    assert classify(struct(C.LONG, C.CHAR)).types == (I64, I8)
    assert classify(struct(C.INT, C.INT, C.INT)).types == (I64, I32)
    assert classify(struct(C.LONG, C.LONG)).types == (I64, I64)


def test_large_structs_go_in_memory():
    big = struct(C.LONG, C.LONG, C.CHAR)
    assert classify(big).kind is ArgKind.BYVAL
    assert (classify(big).size, classify(big).align) == (24, 8)
    ft = C.FuncT(big, (big, C.INT))
    abi = func_abi(ft)
    assert abi.sret
    types, byval = abi.ir_params()
    assert types == [PTR, PTR, I32]
    assert byval == [None, (24, 8), None]
    assert abi.ir_rets() == [PTR]


def test_struct_never_split_between_registers_and_stack():
    pair = struct(C.LONG, C.LONG)
    # five ints use rdi..r8; the two-piece struct does not fit in r9 alone
    ft = C.FuncT(C.VOID, (C.INT,) * 5 + (pair, C.INT))
    abi = func_abi(ft)
    assert abi.params[5].kind is ArgKind.BYVAL
    assert abi.params[6].kind is ArgKind.DIRECT  # r9 is still free for the next scalar
    ft4 = C.FuncT(C.VOID, (C.INT,) * 4 + (pair,))
    assert func_abi(ft4).params[4].types == (I64, I64)


def test_sret_takes_the_first_register():
    big = struct(C.LONG, C.LONG, C.LONG)
    pair = struct(C.LONG, C.LONG)
    abi = func_abi(C.FuncT(big, (C.INT,) * 4 + (pair,)))
    assert abi.params[4].kind is ArgKind.BYVAL


def test_abi_cache_classifies_each_function_type_once(monkeypatch):
    """A type called many times is classified once (counted), and the answer is
    the uncached one."""
    from atomc.frontend import abi as A
    calls = []
    real = A.func_abi
    monkeypatch.setattr(A, "func_abi", lambda ft, extra=None: calls.append(ft) or real(ft, extra))
    ft = C.FuncT(C.INT, (struct(C.LONG, C.LONG), C.INT))
    cache = A.ABICache()
    first = cache.of(ft)
    assert all(cache.of(ft) is first for _ in range(50))
    assert calls == [ft]
    assert first == real(ft)
    # a variadic call's extra arguments are its own: classified per call
    vft = C.FuncT(C.INT, (C.INT,), variadic=True)
    assert cache.of(vft, [C.DOUBLE]).params[1].types == real(vft, [C.DOUBLE]).params[1].types
    assert cache.of(vft, [struct(C.INT)]).params[1].types == (I32,)


def test_abi_cache_keeps_no_answer_for_an_incomplete_struct():
    """A struct completed after a first use is classified again."""
    from atomc.frontend.abi import ABICache
    st = C.StructT(C.RecordKind.STRUCT, "late")
    ft = C.FuncT(C.VOID, (st,))
    cache = ABICache()
    cache.of(ft)  # incomplete: what it gives is never reused
    st.layout([("a", C.LONG, 0), ("b", C.LONG, 0), ("c", C.LONG, 0)])
    assert cache.of(ft).params[0].kind is ArgKind.BYVAL
