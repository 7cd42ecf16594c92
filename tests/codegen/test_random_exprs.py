"""Differential test of instruction selection: random integer expression
DAGs built as IR and, in parallel, as C expressions over fixed-width
unsigned types; gcc computes the expected results."""

from __future__ import annotations

import random

import pytest

from atomc.ir import ARTIFICIAL, Branch, Const, IntType, Module, Op
from atomc.options import CompileOptions

from .harness import build_and_run, new_function

WIDTHS = (8, 16, 32, 64)


class Gen:
    def __init__(self, rng: random.Random, b, fn) -> None:
        self.rng = rng
        self.b = b
        self.fn = fn
        # (ir value, C expression, width)
        self.pool = [(a, f"p{i}", a.ty.bits) for i, a in enumerate(fn.args)]

    def pick(self, width: int | None = None):
        cands = [p for p in self.pool if width is None or p[2] == width]
        if not cands or self.rng.random() < 0.15:
            w = width or self.rng.choice(WIDTHS)
            v = self.rng.choice([0, 1, 2, 3, 7, 255, 0x7F, 0x80, -1, -2, 1000, 0x12345,
                                 -0x80000000, 0x7FFFFFFF, 0x123456789])
            v &= (1 << w) - 1
            return Const(IntType(w), v), f"(uint{w}_t){v}ULL", w
        return self.rng.choice(cands)

    def conv(self, item, w: int):
        """`item` converted to width w (zext, sext or trunc, chosen at random)."""
        v, c, vw = item
        if vw == w:
            return item
        b = self.b
        if vw > w:
            return b.cast(Op.TRUNC, v, IntType(w)), f"(uint{w}_t)({c})", w
        if self.rng.random() < 0.5:
            return b.cast(Op.ZEXT, v, IntType(w)), f"(uint{w}_t)({c})", w
        return (b.cast(Op.SEXT, v, IntType(w)), f"(uint{w}_t)(int{w}_t)(int{vw}_t)({c})", w)

    def step(self) -> None:
        rng, b = self.rng, self.b
        w = rng.choice(WIDTHS)
        x = self.conv(self.pick(), w)
        y = self.conv(self.pick(), w)
        ty = IntType(w)
        wide = "uint64_t" if w == 64 else "uint32_t"
        kind = rng.choice(["add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr",
                           "sdiv", "srem", "udiv", "urem", "cmp", "select", "diamond"])
        xv, xc, _ = x
        yv, yc, _ = y
        if kind in ("add", "sub", "mul", "and", "or", "xor"):
            op = {"add": Op.ADD, "sub": Op.SUB, "mul": Op.MUL, "and": Op.AND, "or": Op.OR,
                  "xor": Op.XOR}[kind]
            sym = {"add": "+", "sub": "-", "mul": "*", "and": "&", "or": "|", "xor": "^"}[kind]
            r = b.binary(op, xv, yv)
            c = f"(uint{w}_t)(({wide})({xc}) {sym} ({wide})({yc}))"
        elif kind in ("shl", "lshr", "ashr"):
            amt = b.binary(Op.AND, yv, Const(ty, w - 1))
            ac = f"(({yc}) & {w - 1})"
            op = {"shl": Op.SHL, "lshr": Op.LSHR, "ashr": Op.ASHR}[kind]
            r = b.binary(op, xv, amt)
            if kind == "shl":
                c = f"(uint{w}_t)((uint64_t)({xc}) << {ac})"
            elif kind == "lshr":
                c = f"(uint{w}_t)(({xc}) >> {ac})"
            else:
                c = f"(uint{w}_t)((int{w}_t)({xc}) >> {ac})"
        elif kind in ("sdiv", "srem", "udiv", "urem"):
            d = b.binary(Op.ADD, b.binary(Op.AND, yv, Const(ty, 63)), Const(ty, 1))
            dc = f"(uint{w}_t)((({yc}) & 63) + 1)"
            op = {"sdiv": Op.SDIV, "srem": Op.SREM, "udiv": Op.UDIV, "urem": Op.UREM}[kind]
            r = b.binary(op, xv, d)
            sym = "/" if "div" in kind else "%"
            if kind[0] == "s":
                c = f"(uint{w}_t)((int{w}_t)({xc}) {sym} (int{w}_t){dc})"
            else:
                c = f"(uint{w}_t)(({wide})({xc}) {sym} ({wide}){dc})"
        elif kind in ("cmp", "select", "diamond"):
            pred = rng.choice(["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt",
                               "uge"])
            cop = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
                   "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}[pred]
            t = f"int{w}_t" if pred[0] == "s" else f"uint{w}_t"
            cond = b.cmp(pred, xv, yv)
            cc = f"(({t})({xc}) {cop} ({t})({yc}))"
            if kind == "cmp":
                r = b.cast(Op.ZEXT, cond, ty)
                c = f"(uint{w}_t){cc}"
            elif kind == "select":
                r = b.select(cond, yv, xv)
                c = f"({cc} ? ({yc}) : ({xc}))"
            else:
                fn = self.fn
                then, els, join = fn.add_block(), fn.add_block(), fn.add_block()
                p = join.add_param(ty)
                b.insert(Branch(cond, then, els, loc=ARTIFICIAL))
                b.position_at_end(then)
                tv = b.binary(Op.ADD, xv, yv)
                b.jump(join, [tv])
                b.position_at_end(els)
                b.jump(join, [xv])
                b.position_at_end(join)
                r = p
                c = f"({cc} ? (uint{w}_t)(({wide})({xc}) + ({wide})({yc})) : ({xc}))"
        else:
            raise AssertionError(kind)
        # C needs a named temporary so expressions stay small
        name = f"t{len(self.pool)}"
        self.pool.append((r, name, w))
        self.lines.append(f"    uint{w}_t {name} = {c};")

    lines: list[str]


def _make(seed: int, nfuncs: int) -> tuple[Module, str]:
    rng = random.Random(seed)
    m = Module()
    decls, refs, calls = [], [], []
    for k in range(nfuncs):
        pw = [rng.choice(WIDTHS) for _ in range(rng.randint(1, 4))]
        rw = rng.choice(WIDTHS)
        f, b = new_function(m, f"rf{k}", [IntType(w) for w in pw], [IntType(rw)])
        g = Gen(rng, b, f)
        g.lines = []
        for _ in range(rng.randint(3, 12)):
            g.step()
        res = g.conv(g.pool[-1], rw)
        b.ret([res[0]])
        params = ", ".join(f"uint{w}_t p{i}" for i, w in enumerate(pw))
        decls.append(f"uint{rw}_t rf{k}({', '.join(f'uint{w}_t' for w in pw)});")
        refs.append(f"static uint{rw}_t ref{k}({params}) {{\n" + "\n".join(g.lines)
                    + f"\n    return {res[1]};\n}}")
        args = ", ".join(f"(uint{w}_t)V[(i + {j * 3}) % NV]" for j, w in enumerate(pw))
        calls.append(f"    for (int i = 0; i < NV; i++) CHECK(rf{k}({args}), ref{k}({args}));")
    driver = ("\n".join(decls) + "\n" + "\n".join(refs) + "\nstatic const uint64_t V[] = {0, 1, 2,"
              " 3, 5, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000,"
              " 0xffffffff, 0x100000000ULL, 0x7fffffffffffffffULL, 0x8000000000000000ULL,"
              " 0xffffffffffffffffULL, 0xfffffffffffffffeULL, 0x123456789abcdefULL, 1000, 77};\n"
              "#define NV (int)(sizeof V / sizeof V[0])\nint main(void) {\n" + "\n".join(calls)
              + '\n    printf("done %d\\n", failures);\n    return failures != 0;\n}\n')
    return m, driver


@pytest.mark.parametrize("level", [0, 2], ids=["O0", "O2"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_expressions(tmp_path, seed, level):
    m, driver = _make(seed, 60)
    out = build_and_run(tmp_path, m, driver, opts=CompileOptions(opt_level=level))
    assert out.strip().endswith("done 0"), out[-3000:]
