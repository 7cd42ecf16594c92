"""Old-style (K&R) definitions: the IR signature is the promoted one (or an earlier
prototype's), and the debug information describes each parameter with its declared
type, in identifier-list order, prototyped only when a prototype came first (as gcc)."""

from atomc.ir import I32, I64, I8, PTR

SOURCE = """\
typedef unsigned char Byte;
long with_proto(char c, long n);
long with_proto(c, n) char c; long n; { return c + n; }
static int narrow(c, p, s, x) short s; char c; Byte *p; { return c + s + *p + x; }
int use(void) { Byte b = 1; return narrow(1, &b, 2, 3) + (int)with_proto(1, 2); }
"""


def test_unprototyped_definition(compile_c) -> None:
    r = compile_c(SOURCE, debug=True)
    assert r.module is not None, r.stderr
    narrow = r.module.functions["narrow"]
    assert narrow.param_types == [I32, PTR, I32, I32]  # char and short arrive as int
    st = narrow.subprogram.type
    assert not st.prototyped
    assert [getattr(p, "name", None) for p in st.params] == ["char", "", "short int", "int"]
    assert st.params[1].base.name == "Byte"
    names = [rec.var.name for b in narrow.blocks for i in b.insts
             for rec in (getattr(i, "dbg_records", None) or []) if rec.var.arg]
    assert names == ["c", "p", "s", "x"]


def test_prototype_first_wins(compile_c) -> None:
    r = compile_c(SOURCE, debug=True)
    assert r.module is not None, r.stderr
    proto = r.module.functions["with_proto"]
    assert proto.param_types == [I32, I64]  # the char parameter travels as an i32
    assert proto.subprogram.type.prototyped


MISMATCHED = """\
int f();
long h();
int k();
int use(long v, int x) { return f(v) + (int)h(x, &v) + k(1, 2, 3) + k(); }
int f(a) int a; { return a + 1; }
long h(a, p) long a; long *p; { return a + *p; }
int k(a, b) { return a - b; }
"""


def test_unprototyped_calls_match_the_definition(compile_c) -> None:
    """Arguments of calls made without a prototype are converted to what the definition
    receives (undefined in C; done as gcc's registers do), so the IR verifies."""
    from atomc.ir import Call
    from atomc.ir.verifier import verify_function

    r = compile_c(MISMATCHED, debug=True)
    assert r.module is not None, r.stderr
    use = r.module.functions["use"]
    assert verify_function(use) == []
    calls = [i for b in use.blocks for i in b.insts if isinstance(i, Call)]
    for c in calls:
        assert [a.ty for a in c.args] == c.callee.param_types, c.callee.name
    assert len(calls) == 4
