"""Random valid IR for property tests: random CFGs with block parameters and
random instructions whose operands respect dominance and types."""

from __future__ import annotations

import random

from ir_samples import DI

from atomc.ir import (
    ARTIFICIAL,
    F32,
    F64,
    I1,
    I8,
    I16,
    I32,
    I64,
    PTR,
    Block,
    Branch,
    Builder,
    Const,
    DbgKind,
    DbgRecord,
    DIExpression,
    DILocalVariable,
    DILocation,
    Function,
    Module,
    Op,
    TupleType,
    Undef,
    Use,
    Value,
)
from atomc.ir.dominators import DomTree
from atomc.ir.types import FloatType, IntType

INTS = (I1, I8, I16, I32, I64)
SCALARS = (*INTS, PTR, F32, F64)
INT_OPS = (Op.ADD, Op.SUB, Op.MUL, Op.SDIV, Op.UDIV, Op.SREM, Op.UREM, Op.AND, Op.OR, Op.XOR,
           Op.SHL, Op.LSHR, Op.ASHR)
FLOAT_OPS = (Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV)


def _const(rng: random.Random, ty: object) -> Value:
    if rng.random() < 0.05:
        return Undef(ty)  # type: ignore[arg-type]
    if isinstance(ty, IntType):
        return Const(ty, rng.randint(-(1 << (ty.bits - 1)), (1 << ty.bits) - 1))
    if isinstance(ty, FloatType):
        return Const(ty, rng.choice([0.0, 1.5, -2.25, 1e300, float("inf"), 3.0e-7]))
    return Const(PTR, rng.choice([0, 4096]))


def random_module(seed: int) -> Module:
    rng = random.Random(seed)
    di = DI(key_instructions=rng.random() < 0.7)
    m = Module(source_filename=f"random{seed}.c", cu=di.cu)
    callee = m.add_function(Function("callee", [I64, PTR], [I64, I64] if rng.random() < 0.5
                                     else [I32]))
    vcallee = m.add_function(Function("vcallee", [PTR], [I32], variadic=True))
    params = [rng.choice(SCALARS) for _ in range(rng.randint(0, 4))]
    fn = m.add_function(Function("f", params, [I32], variadic=rng.random() < 0.2))
    for i, a in enumerate(fn.args):
        if rng.random() < 0.5:
            a.name = f"a{i}"
    sp = di.subprogram("f", 1)
    fn.subprogram = sp
    var = DILocalVariable("v", sp, di.file, 2, di.ulong)
    n = rng.randint(1, 8)
    blocks = [fn.add_block() for _ in range(n)]
    succs: dict[int, list[int]] = {}
    for i in range(n):
        kind = rng.choice(["ret", "jump", "branch", "switch"]) if n > 1 else "ret"
        succs[i] = {"ret": [], "jump": [rng.randrange(1, n)] if n > 1 else [],
                    "branch": [rng.randrange(1, n), rng.randrange(1, n)] if n > 1 else [],
                    "switch": [rng.randrange(1, n) for _ in range(rng.randint(1, 4))]
                    if n > 1 else []}[kind]
    for b in blocks[1:]:
        for _ in range(rng.randint(0, 2)):
            b.add_param(rng.choice(SCALARS), rng.choice(["", "p", "x.y"]))
    tree = DomTree(0, lambda i: succs[i])
    bld = Builder(fn, ARTIFICIAL)
    avail: dict[int, list[Value]] = {}  # values usable at the end of each block
    line = 10
    new_rec: DbgRecord | None = None
    for i in [*tree.rpo, *(j for j in range(n) if not tree.is_reachable(j))]:
        b = blocks[i]
        parent = tree.idom.get(i) if tree.is_reachable(i) else None
        if i == 0:
            vals: list[Value] = list(fn.args)
        else:  # what the immediate dominator had; dead blocks only see their params
            vals = list(avail[parent]) if parent is not None else []
        vals += b.params
        bld.position_at_end(b)

        def pick(ty: object, vals: list[Value] = vals) -> Value:
            cands = [v for v in vals if v.ty == ty]
            return rng.choice(cands) if cands and rng.random() < 0.8 else _const(rng, ty)

        for _ in range(rng.randint(0, 10)):
            line += 1
            loc = DILocation(line, rng.randint(0, 40), sp) if rng.random() < 0.8 else None
            with bld.at(loc):
                choice = rng.randrange(9)
                ty = rng.choice(INTS[1:])
                if choice == 0:
                    v = bld.binary(rng.choice(INT_OPS), pick(ty), pick(ty))
                elif choice == 1:
                    ft = rng.choice((F32, F64))
                    v = bld.binary(rng.choice(FLOAT_OPS), pick(ft), pick(ft))
                elif choice == 2:
                    v = bld.cmp(rng.choice(["eq", "ne", "slt", "uge"]), pick(ty), pick(ty))
                elif choice == 3:
                    small, big = sorted(rng.sample(INTS, 2), key=lambda t: t.bits)
                    if rng.random() < 0.5:
                        v = bld.cast(rng.choice((Op.ZEXT, Op.SEXT)), pick(small), big)
                    else:
                        v = bld.cast(Op.TRUNC, pick(big), small)
                elif choice == 4:
                    p = bld.alloca(rng.choice([1, 8, 24]), rng.choice([1, 8, 16]))
                    bld.store(pick(ty), p, volatile=rng.random() < 0.2)
                    vals.append(p)
                    v = bld.load(ty, bld.ptradd(p, pick(I64)))
                elif choice == 5:
                    v = bld.select(pick(I1), pick(ty), pick(ty))
                elif choice == 6:
                    if callee.ret_types == [I32]:
                        v = bld.call(callee, [pick(I64), pick(PTR)], I32)
                    else:
                        t = bld.call(callee, [pick(I64), pick(PTR)], TupleType((I64, I64)))
                        v = bld.extract(t, rng.randrange(2))
                elif choice == 7:
                    v = bld.call(vcallee, [pick(PTR), pick(ty), pick(F64)], I32, fixed_args=1)
                else:
                    src = pick(I64)
                    v = bld.cast(Op.INTTOPTR, src, PTR)
                    if loc is not None and new_rec is None and i == 0:
                        new_rec = DbgRecord(DbgKind.NEW, var, src, DIExpression(), loc=loc)
                        v.add_dbg_record(new_rec)
                    elif loc is not None and new_rec is not None and i == 0:
                        v.add_dbg_record(DbgRecord(DbgKind.ADD, var, src, loc=loc,
                                                   key=new_rec))
                if loc is not None and rng.random() < 0.3:
                    bld.add_to_new_atom(v)
                vals.append(v)
        avail[i] = vals
        line += 1
        with bld.at(DILocation(line, 1, sp)):
            targets = [blocks[t] for t in succs[i]]
            args = [[pick(p.ty) for p in t.params] for t in targets]
            if not targets:
                bld.ret([pick(I32)])
            elif len(targets) == 1 and rng.random() < 0.5:
                bld.jump(targets[0], args[0])
            elif len(targets) == 2:
                bld.insert(Branch(pick(I1), targets[0], targets[1], args[0], args[1],
                                  loc=bld.loc))
            else:
                sw_ty = rng.choice(INTS[1:])
                cases = sorted(rng.sample(range(-50, 50), len(targets) - 1))
                sw = bld.switch(pick(sw_ty), targets[0], list(zip(cases, targets[1:],
                                                                      strict=True)))
                for s, a in zip(sw.succs, args, strict=True):
                    s.args = [Use(sw, x) for x in a]
    return m


def all_blocks(m: Module) -> list[Block]:
    return [b for f in m.functions.values() for b in f.blocks]
