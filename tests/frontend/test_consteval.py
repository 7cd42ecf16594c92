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


def test_braced_rows_are_checked_in_linear_work(compile_c, monkeypatch):
    """A braced list drops the items already covering its subobject (C11 6.7.9p19).
    Rows laid out in order lie past every item so far and never look at them: a
    table of N braced rows used to scan all earlier items for each row (zlib's
    static_ltree, crc32's tables), N^2 steps."""
    from atomc.frontend.sema.common import InitItems

    scanned = [0]
    plain_iter = dict.__iter__

    def counting_iter(self):
        for k in plain_iter(self):
            scanned[0] += 1
            yield k

    monkeypatch.setattr(InitItems, "__iter__", counting_iter)
    rows = 400
    table = ", ".join(f"{{{{{i}, {i + 1}}}, {i % 7}}}" for i in range(rows))
    init = global_init(compile_c, "struct p { short a, b; }; struct r { struct p p; int c; };\n"
                       f"struct r t[{rows}] = {{ {table} }};", "t")
    data = b"".join(init)
    for i in (0, 1, rows - 1):
        row = data[8 * i:8 * i + 8]
        assert [int.from_bytes(row[:2], "little"), int.from_bytes(row[2:4], "little"),
                int.from_bytes(row[4:], "little")] == [i, i + 1, i % 7]
    assert scanned[0] <= 3 * rows  # the final ordering reads each item once; was 3 * rows^2


def test_a_braced_list_still_replaces_what_it_covers(compile_c):
    src = ("struct p { int a, b; }; struct p t[2] = { [1] = { 1, 2 }, [0] = { 3, 4 }, "
           "[1] = { .b = 9 } };")
    data = b"".join(b"\0" * d.count if isinstance(d, Zeros) else d
                    for d in global_init(compile_c, src, "t"))
    assert [int.from_bytes(data[i:i + 4], "little") for i in range(0, 16, 4)] == [3, 4, 0, 9]
