"""Constant expressions: values, wrap-around, addresses, division by zero."""

from atomc.ir import Zeros


def global_init(compile_c, decl: str, name: str):
    r = compile_c(decl + "\nint main(void) { return 0; }\n")
    assert r.module is not None, r.stderr
    return r.module.globals[name].init


def test_integer_constant_expressions(compile_c):
    assert global_init(compile_c, "int x = (3 + 4) * 2 - 10 / 3;", "x") == [(11).to_bytes(4, "little")]
    assert global_init(compile_c, "unsigned x = -1;", "x") == [b"\xff\xff\xff\xff"]
    assert global_init(compile_c, "char x = 300;", "x") == [bytes([300 & 0xFF])]
    assert global_init(compile_c, "int x = -7 / 2 + -7 % 3;", "x") == [(-4 & 0xFFFFFFFF).to_bytes(4, "little")]
    assert global_init(compile_c, "long x = 1L << 40 | 5;", "x") == [((1 << 40) | 5).to_bytes(8, "little")]
    assert global_init(compile_c, "int x = sizeof(long[3]) + (1 ? 2 : 3);", "x") == [(26).to_bytes(4, "little")]
    assert global_init(compile_c, "int x = 0xffffffffu + 2 > 0;", "x") == [(1).to_bytes(4, "little")]


def test_enum_values(compile_c):
    src = "enum { A = -2, B, C = 10, D }; int x[] = { A, B, C, D };"
    data = b"".join(global_init(compile_c, src, "x"))
    assert [int.from_bytes(data[i:i + 4], "little", signed=True) for i in range(0, 16, 4)] == [-2, -1, 10, 11]


def test_address_constants(compile_c):
    init = global_init(compile_c, "int a[10]; int *p = &a[3] + 2;", "p")
    assert len(init) == 1 and init[0].name == "a" and init[0].addend == 20


def test_designated_and_partial_initializers(compile_c):
    init = global_init(compile_c, "struct s { char c; int i; long l; } x = { .i = 5 };", "x")
    assert init == [Zeros(4), (5).to_bytes(4, "little"), Zeros(8)]


def test_division_by_zero_in_constant_expression(compile_c):
    r = compile_c("int x = 1 / 0;\nint main(void) { return 0; }\n")
    assert r.module is None
    assert ":1:" in r.stderr and "division by zero" in r.stderr


def test_case_label_division_by_zero(compile_c):
    r = compile_c("int f(int x) {\n switch (x) { case 1 / 0: return 1; }\n return 0; }\n")
    assert r.module is None and "division by zero" in r.stderr
