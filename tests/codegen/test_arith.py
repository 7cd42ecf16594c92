"""Integer arithmetic, shifts, division, compares, select and casts at every
width, checked against gcc's C arithmetic on a grid of operands."""

from __future__ import annotations

import pytest

from atomc.ir import I1, I8, I16, I32, I64, Const, IntType, Module, Op

from .harness import build_and_run, new_function

WIDTHS = {8: I8, 16: I16, 32: I32, 64: I64}
CTYPE = {8: ("int8_t", "uint8_t"), 16: ("int16_t", "uint16_t"), 32: ("int32_t", "uint32_t"),
         64: ("int64_t", "uint64_t")}

BINOPS = {
    "add": (Op.ADD, "({s})(({u}){a} + ({u}){b})"),
    "sub": (Op.SUB, "({s})(({u}){a} - ({u}){b})"),
    "mul": (Op.MUL, "({s})(({u}){a} * ({u}){b})"),
    "and": (Op.AND, "({s})({a} & {b})"),
    "or": (Op.OR, "({s})({a} | {b})"),
    "xor": (Op.XOR, "({s})({a} ^ {b})"),
    "shl": (Op.SHL, "({s})(({u}){a} << ({b} & ({n}-1)))"),
    "lshr": (Op.LSHR, "({s})(({u}){a} >> ({b} & ({n}-1)))"),
    "ashr": (Op.ASHR, "({s})({a} >> ({b} & ({n}-1)))"),
    "sdiv": (Op.SDIV, "({s})({a} / {b})"),
    "srem": (Op.SREM, "({s})({a} % {b})"),
    "udiv": (Op.UDIV, "({s})(({u}){a} / ({u}){b})"),
    "urem": (Op.UREM, "({s})(({u}){a} % ({u}){b})"),
}

VALUES = ["0", "1", "-1", "2", "3", "-7", "100", "-128", "127", "255", "0x7fff", "-32768",
          "0x12345678", "-0x7fffffff", "0x7fffffffffffffffLL", "0x123456789abcdefLL", "-5"]


def _arith_module() -> Module:
    m = Module(source_filename="arith.c")
    for bits, ty in WIDTHS.items():
        for name, (op, _) in BINOPS.items():
            f, b = new_function(m, f"{name}_i{bits}", [ty, ty], [ty])
            a, c = f.args
            if name in ("shl", "lshr", "ashr"):
                c = b.binary(Op.AND, c, Const(ty, bits - 1))
            b.ret([b.binary(op, a, c)])
        # the same operations with a constant right operand (immediate forms)
        for name, (op, _) in BINOPS.items():
            f, b = new_function(m, f"{name}_i{bits}_k", [ty], [ty])
            k = 3 if name in ("shl", "lshr", "ashr") else -3 if "div" in name or "rem" in name \
                else 0x5A
            b.ret([b.binary(op, f.args[0], Const(ty, k))])
    return m


def _arith_driver() -> str:
    decls, body = [], []
    for bits in WIDTHS:
        s, u = CTYPE[bits]
        for name, (_, expr) in BINOPS.items():
            decls.append(f"{s} {name}_i{bits}({s}, {s});")
            decls.append(f"{s} {name}_i{bits}_k({s});")
            e = expr.format(s=s, u=u, n=bits, a="a", b="b")
            k = 3 if name in ("shl", "lshr", "ashr") else -3 if "div" in name or "rem" in name \
                else 0x5A
            ek = expr.format(s=s, u=u, n=bits, a="a", b=f"(({s}){k})")
            guard = ""
            if "div" in name or "rem" in name:
                guard = f"if (b == 0 || (a == ({s})(({u})1 << ({bits}-1)) && b == -1)) continue;"
            body.append(f"""
    for (int i = 0; i < NV; i++) for (int j = 0; j < NV; j++) {{
        {s} a = ({s})vals[i], b = ({s})vals[j];
        {guard}
        CHECK({name}_i{bits}(a, b), {e});
    }}
    for (int i = 0; i < NV; i++) {{ {s} a = ({s})vals[i]; CHECK({name}_i{bits}_k(a), {ek}); }}""")
    return ("\n".join(decls) + f"\nstatic long long vals[] = {{{', '.join(VALUES)}}};\n"
            "#define NV (int)(sizeof vals / sizeof vals[0])\n"
            "int main(void) {" + "".join(body) + '\n    printf("done %d\\n", failures);\n'
            "    return failures != 0;\n}\n")


def test_binary_ops_all_widths(tmp_path):
    out = build_and_run(tmp_path, _arith_module(), _arith_driver())
    assert out.strip().endswith("done 0"), out


PREDS = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
         "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}


def test_compares_setcc_and_branch(tmp_path):
    m = Module()
    decls, body = [], []
    for bits, ty in WIDTHS.items():
        s, u = CTYPE[bits]
        for pred, cop in PREDS.items():
            # setcc form: zext(icmp) -> i32
            f, b = new_function(m, f"cmp_{pred}_{bits}", [ty, ty], [I32])
            b.ret([b.cast(Op.ZEXT, b.cmp(pred, *f.args), I32)])
            # fused compare-and-branch form
            f, b = new_function(m, f"br_{pred}_{bits}", [ty, ty], [I32])
            yes, no = f.add_block("yes"), f.add_block("no")
            b.branch(b.cmp(pred, *f.args), yes, no)
            b.position_at_end(yes)
            b.ret([Const(I32, 11)])
            b.position_at_end(no)
            b.ret([Const(I32, 22)])
            # constant on the left (operands swapped by isel)
            f, b = new_function(m, f"lk_{pred}_{bits}", [ty], [I32])
            b.ret([b.cast(Op.ZEXT, b.cmp(pred, Const(ty, 5), f.args[0]), I32)])
            t = u if pred[0] == "u" else s
            decls.append(f"int cmp_{pred}_{bits}({s}, {s}); int br_{pred}_{bits}({s}, {s});"
                         f" int lk_{pred}_{bits}({s});")
            body.append(f"""
    for (int i = 0; i < NV; i++) for (int j = 0; j < NV; j++) {{
        {s} a = ({s})vals[i], b = ({s})vals[j];
        CHECK(cmp_{pred}_{bits}(a, b), ({t})a {cop} ({t})b);
        CHECK(br_{pred}_{bits}(a, b), ({t})a {cop} ({t})b ? 11 : 22);
        CHECK(lk_{pred}_{bits}(a), ({t})5 {cop} ({t})a);
    }}""")
    driver = ("\n".join(decls) + f"\nstatic long long vals[] = {{{', '.join(VALUES)}}};\n"
              "#define NV (int)(sizeof vals / sizeof vals[0])\nint main(void) {"
              + "".join(body) + '\n    printf("done %d\\n", failures);\n    return failures != 0;\n}\n')
    out = build_and_run(tmp_path, m, driver)
    assert out.strip().endswith("done 0"), out


def test_select_and_casts(tmp_path):
    m = Module()
    decls, body = [], []
    for bits, ty in WIDTHS.items():
        s, u = CTYPE[bits]
        f, b = new_function(m, f"sel_{bits}", [I32, ty, ty], [ty])
        c = b.cmp("ne", f.args[0], Const(I32, 0))
        b.ret([b.select(c, f.args[1], f.args[2])])
        f, b = new_function(m, f"selk_{bits}", [I32, ty], [ty])
        c = b.cmp("slt", f.args[0], Const(I32, 0))
        b.ret([b.select(c, Const(ty, -9), f.args[1])])
        decls.append(f"{s} sel_{bits}(int, {s}, {s}); {s} selk_{bits}(int, {s});")
        body.append(f"""
    for (int i = 0; i < NV; i++) {{ {s} a = ({s})vals[i], b = ({s})vals[(i + 3) % NV];
        CHECK(sel_{bits}(i & 1, a, b), (i & 1) ? a : b);
        CHECK(selk_{bits}(i - 5, a), (i - 5) < 0 ? ({s})-9 : a); }}""")
        for bits2, ty2 in WIDTHS.items():
            s2, u2 = CTYPE[bits2]
            if bits2 > bits:
                for op, cexpr in ((Op.ZEXT, f"({s2})({u})a"), (Op.SEXT, f"({s2})({s})a")):
                    name = f"{op.value}_{bits}_{bits2}"
                    f, b = new_function(m, name, [ty], [ty2])
                    b.ret([b.cast(op, f.args[0], ty2)])
                    decls.append(f"{s2} {name}({s});")
                    body.append(f"\n    for (int i = 0; i < NV; i++) {{ {s} a = ({s})vals[i]; "
                                f"CHECK({name}(a), {cexpr}); }}")
            elif bits2 < bits:
                name = f"trunc_{bits}_{bits2}"
                f, b = new_function(m, name, [ty], [ty2])
                b.ret([b.cast(Op.TRUNC, f.args[0], ty2)])
                decls.append(f"{s2} {name}({s});")
                body.append(f"\n    for (int i = 0; i < NV; i++) {{ {s} a = ({s})vals[i]; "
                            f"CHECK({name}(a), ({s2})({u2})a); }}")
    # i1 casts: zext/sext of a compare result, trunc to i1
    f, b = new_function(m, "sext_bool", [I32], [I32])
    b.ret([b.cast(Op.SEXT, b.cmp("sgt", f.args[0], Const(I32, 0)), I32)])
    f, b = new_function(m, "trunc_bool", [I32], [I32])
    b.ret([b.cast(Op.ZEXT, b.cast(Op.TRUNC, f.args[0], I1), I32)])
    decls.append("int sext_bool(int); int trunc_bool(int);")
    body.append("\n    for (int i = 0; i < NV; i++) { int a = (int)vals[i]; "
                "CHECK(sext_bool(a), a > 0 ? -1 : 0); CHECK(trunc_bool(a), a & 1); }")
    driver = ("\n".join(decls) + f"\nstatic long long vals[] = {{{', '.join(VALUES)}}};\n"
              "#define NV (int)(sizeof vals / sizeof vals[0])\nint main(void) {"
              + "".join(body) + '\n    printf("done %d\\n", failures);\n    return failures != 0;\n}\n')
    out = build_and_run(tmp_path, m, driver)
    assert out.strip().endswith("done 0"), out


@pytest.mark.parametrize("bits", [32, 64])
def test_large_immediates(tmp_path, bits):
    """Constants that do not fit a sign-extended imm32 go through movabsq."""
    ty = IntType(bits)
    m = Module()
    f, b = new_function(m, "addbig", [ty], [ty])
    b.ret([b.binary(Op.ADD, f.args[0], Const(ty, 0x123456789A))])
    f, b = new_function(m, "cmpbig", [ty], [I32])
    b.ret([b.cast(Op.ZEXT, b.cmp("ult", f.args[0], Const(ty, 0x80000000)), I32)])
    s, u = CTYPE[bits]
    driver = f"""{s} addbig({s}); int cmpbig({s});
int main(void) {{
    {s} xs[] = {{0, 1, -1, 0x7fffffff, ({s})0x80000000u, ({s})0x100000000LL}};
    for (int i = 0; i < 6; i++) {{
        CHECK(addbig(xs[i]), ({s})(({u})xs[i] + ({u})0x123456789ALL));
        CHECK(cmpbig(xs[i]), ({u})xs[i] < ({u})0x80000000u);
    }}
    printf("done %d\\n", failures); return failures != 0;
}}
"""
    assert build_and_run(tmp_path, m, driver).strip() == "done 0"
