"""IR modules built with the Builder, covering every instruction format, type,
data item and metadata node kind; shared by the parser and verifier tests."""

from __future__ import annotations

from atomc.ir import (
    ARTIFICIAL,
    DEREF_EXPR,
    EMPTY_EXPR,
    F32,
    F64,
    I1,
    I8,
    I16,
    I32,
    I64,
    PTR,
    VOID,
    Builder,
    Const,
    DbgKind,
    DbgRecord,
    DIBasicType,
    DICompileUnit,
    DICompositeType,
    DIDerivedType,
    DIEnumerator,
    DIExpression,
    DIFile,
    DIGlobalVariable,
    DILexicalBlock,
    DILocalVariable,
    DILocation,
    DISubprogram,
    DISubrange,
    DISubroutineType,
    Function,
    Global,
    Module,
    Op,
    SymRef,
    TupleType,
    Undef,
    Zeros,
)
from atomc.ir.debuginfo import DW_OP_LLVM_fragment, DW_OP_plus_uconst, DW_OP_stack_value


class DI:
    """A small debug-info universe: file, unit, types (with a recursive struct)."""

    def __init__(self, key_instructions: bool = True) -> None:
        self.file = DIFile("t.c", "/tmp/dir with \"quotes\" and \\")
        self.cu = DICompileUnit(self.file, "atomc 0.1", "C99", False)
        self.int = DIBasicType("int", 32, "signed")
        self.char = DIBasicType("char", 8, "signed_char")
        self.ulong = DIBasicType("unsigned long", 64, "unsigned")
        self.bool = DIBasicType("_Bool", 8, "boolean")
        self.dbl = DIBasicType("double", 64, "float")
        # struct node { int v; struct node *next; }
        self.node = DICompositeType("struct", "node", 128, 64, None, self.file, 3)
        self.node_ptr = DIDerivedType("pointer", "", self.node, 64)
        self.node.elements.append(DIDerivedType("member", "v", self.int, 32, 0, self.file, 4))
        self.node.elements.append(DIDerivedType("member", "next", self.node_ptr, 64, 64,
                                                self.file, 5))
        self.void_ptr = DIDerivedType("pointer", "", None, 64)
        self.cint = DIDerivedType("const", "", self.int)
        self.vint = DIDerivedType("volatile", "", self.cint)
        self.myint = DIDerivedType("typedef", "myint", self.vint, 0, 0, self.file, 2)
        self.color = DICompositeType("enum", "color", 32, 32, self.int, self.file, 7,
                                     [DIEnumerator("RED", 0), DIEnumerator("BLUE", -1)])
        self.arr = DICompositeType("array", "", 320, 32, self.int,
                                   elements=[DISubrange(10), DISubrange(-1)])
        self.uni = DICompositeType("union", "", 64, 64, None, self.file, 9,
                                   [DIDerivedType("member", "l", self.ulong, 64, 0)])
        self.fwd = DICompositeType("struct", "opaque", 0, is_declaration=True)
        self.fn_type = DISubroutineType(self.int, (self.int, self.node_ptr))
        self.vfn_type = DISubroutineType(None, (self.char,), variadic=True, prototyped=False)
        self.key_instructions = key_instructions

    def subprogram(self, name: str, line: int, *, local: bool = False,
                   key_instructions: bool | None = None) -> DISubprogram:
        ki = self.key_instructions if key_instructions is None else key_instructions
        return DISubprogram(name, name, self.file, line, self.fn_type, line + 1, self.cu,
                            is_local=local, key_instructions=ki)


def every_format_module() -> Module:
    """One function per concern; together they use every opcode and type."""
    di = DI()
    m = Module(source_filename="every \"format\".c", cu=di.cu)

    gv = DIGlobalVariable("counter", "counter", di.file, 1, di.myint)
    static_local = m.add_global(Global("main.calls", 8, 8, [Zeros(8)], internal=True))
    g = m.add_global(Global("counter", 4, 4, [b"\x01\x00\x00\x00"], internal=True))
    g.digv = gv
    s = m.add_global(Global(".str.0", 6, 1, [b"hello\x00"], constant=True))
    s.section = ".rodata.str1.1"
    m.add_global(Global("table", 44, 8, [SymRef("counter", 0), SymRef(".str.0", 3),
                                         SymRef("counter", -4, 4), Zeros(4),
                                         b"\xff\x00", Zeros(18)]))
    ext = m.add_global(Global("environ", 8, 8, None))
    ext.attrs = {"weak", "used"}
    m.add_global(Global("empty", 0, 1, []))

    printf = m.add_function(Function("printf", [PTR], [I32], variadic=True))
    pair = m.add_function(Function("pair", [I64, PTR], [I64, I64]))
    pair.attrs = {"noinline", "noreturn"}
    big = m.add_function(Function("take_big", [PTR, I32], [], byval_params=[(24, 8), None]))
    ret_big = m.add_function(Function("ret_big", [PTR], []))
    ret_big.sret = True
    floats = m.add_function(Function("floats", [F32, F64], [F64], internal=True))

    # --- main: integer ops, memory, calls, a loop with block params, records ---
    fn = m.add_function(Function("main", [I32, PTR], [I32]))
    fn.args[0].name = "argc"
    fn.args[1].name = "argv"
    sp = di.subprogram("main", 10)
    fn.subprogram = sp
    static_local.digv = DIGlobalVariable("calls", "", di.file, 11, di.ulong, is_local=True,
                                         scope=sp)
    lex = DILexicalBlock(sp, di.file, 12, 3)
    lex2 = DILexicalBlock(lex, di.file, 13, 5)
    var_x = DILocalVariable("x", sp, di.file, 11, di.int, arg=1)
    var_n = DILocalVariable("n", lex2, di.file, 13, di.node)
    var_arr = DILocalVariable("arr", lex, di.file, 12, di.arr)

    b = Builder(fn, ARTIFICIAL)
    entry, loop, body, done, sw_a, sw_b = (fn.add_block(n) for n in
                                          ("entry", "loop", "body", "done", "a", "b"))
    b.position_at_end(entry)
    L = lambda line, col=1, scope=sp: DILocation(line, col, scope)
    with b.at(L(11, 7)):
        slot = b.alloca(4, 4, name="x.addr")
        node = b.alloca(16, 8)
        arr = b.alloca(40, 4)
        st = b.store(fn.args[0], slot)
        st.add_dbg_record(DbgRecord(DbgKind.NEW, var_x, slot, DEREF_EXPR, loc=L(11, 7)))
        v = b.load(I32, slot, volatile=True)
        b.add_to_new_atom(st, v)
    with b.at(L(12, 3, lex)):
        ops = []
        for op in (Op.ADD, Op.SUB, Op.MUL, Op.SDIV, Op.UDIV, Op.SREM, Op.UREM, Op.AND, Op.OR,
                   Op.XOR, Op.SHL, Op.LSHR, Op.ASHR):
            ops.append(b.binary(op, v, Const(I32, -5 if op is Op.SUB else 3)))
        wide = b.cast(Op.SEXT, ops[-1], I64)
        zw = b.cast(Op.ZEXT, b.cast(Op.TRUNC, wide, I16), I32)
        byte = b.cast(Op.TRUNC, zw, I8)
        flag = b.cast(Op.TRUNC, byte, I1)
        p = b.cast(Op.INTTOPTR, wide, PTR)
        back = b.cast(Op.PTRTOINT, p, I64)
        pa = b.ptradd(node, Const(I64, -8))
        b.store(Const(I64, 0x7FFFFFFFFFFFFFFF), pa)
        b.store(Const(PTR, 0), b.ptradd(node, Const(I64, 8)), volatile=True)
        b.memset(arr, Const(I8, 0), 40, 4)
        b.memcpy(arr, arr, 40, 4)
        b.memcpy(node, arr, 16, 8, volatile=True)
        sel = b.select(flag, back, Const(I64, 1))
        fmt = m.globals[".str.0"]
        c1 = b.call(printf, [fmt, sel, byte], I32, fixed_args=1)
        tup = b.call(pair, [back, Undef(PTR)], TupleType((I64, I64)))
        lo = b.extract(tup, 0)
        hi = b.extract(tup, 1)
        b.call(big, [node, c1], VOID, byval=[(24, 8), None])
        b.call(ret_big, [arr], VOID)
        fp = b.load(PTR, fn.args[1])
        b.call(fp, [lo, hi], I32)
        b.call(floats, [Const(F32, 1.5), Const(F64, float("-inf"))], F64)
    lex_loc = DILocation(13, 5, lex2)
    with b.at(lex_loc):
        b.store(Const(I32, 7), node).add_dbg_record(
            DbgRecord(DbgKind.NEW, var_n, node, DEREF_EXPR, loc=lex_loc))
        jmp = b.jump(loop, [Const(I32, 0), hi])
        b.add_to_new_atom(jmp)

    i = loop.add_param(I32, "i")
    acc = loop.add_param(I64, "acc")
    b.position_at_end(loop)
    with b.at(L(14, 9)):
        frag = DIExpression((DW_OP_LLVM_fragment, 0, 32))
        cmp = b.cmp("slt", i, v)
        r_new = DbgRecord(DbgKind.NEW, var_arr, i, frag, loc=L(14, 9))
        cmp.add_dbg_record(r_new)
        r_add = DbgRecord(DbgKind.ADD, var_arr, arr, DIExpression((DW_OP_plus_uconst, 4,
                                                                   DW_OP_LLVM_fragment, 0, 32)),
                          loc=L(14, 9), key=r_new)
        cmp.add_dbg_record(r_add)
        with b.atom_group():
            br = b.branch(cmp, body, done)
            b.add_to_atom(br, cmp)
    b.position_at_end(body)
    with b.at(L(15, 11)):
        nxt = b.binary(Op.ADD, i, Const(I32, 1))
        nacc = b.binary(Op.ADD, acc, b.cast(Op.SEXT, nxt, I64))
        nxt.add_dbg_record(DbgRecord(DbgKind.DELETE, var_arr, None, EMPTY_EXPR, loc=L(15, 11),
                                     key=r_add))
        b.switch(nxt, loop, [(1, sw_a), (-2, sw_b), (100, loop)])
        body.insts[-1].succs[0].args = []
    # the default edge of a switch to a block with params needs args: rewire
    sw = body.insts[-1]
    sw.succs[0].block = sw_a
    b.position_at_end(sw_a)
    with b.at(L(16, 1)):
        b.jump(loop, [nxt, nacc])
    b.position_at_end(sw_b)
    with b.at(None):
        b.unreachable()
    sw.succs[3].block = sw_b
    b.position_at_end(done)
    with b.at(L(17, 3)):
        r = b.ret([v])
        b.add_to_new_atom(r, v)
        r.add_dbg_record(DbgRecord(DbgKind.NEW, var_x, Const(I32, 42),
                                   DIExpression((DW_OP_stack_value,)), loc=L(17, 3)))
        r.add_dbg_record(DbgRecord(DbgKind.NEW, var_n, None, loc=L(17, 3)))

    # --- floats: every float op, fcmp, float casts ---
    fsp = di.subprogram("floats", 30, local=True, key_instructions=False)
    floats.subprogram = fsp
    b = Builder(floats, ARTIFICIAL)
    b.position_at_end(floats.add_block())
    with b.at(DILocation(31, 2, fsp)):
        x, y = floats.args
        w = b.cast(Op.FPEXT, x, F64)
        vals = [b.binary(op, w, y) for op in (Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV)]
        c = b.cmp("olt", vals[0], Const(F64, 2.5e-300), float_cmp=True)
        n = b.cast(Op.FPTOSI, vals[1], I32)
        u = b.cast(Op.FPTOUI, vals[2], I64)
        f1 = b.cast(Op.SITOFP, n, F64)
        f2 = b.cast(Op.UITOFP, u, F32)
        f3 = b.cast(Op.FPTRUNC, f1, F32)
        s1 = b.binary(Op.FADD, f2, f3)
        s2 = b.select(c, b.cast(Op.FPEXT, s1, F64), Const(F64, float("nan")))
        b.ret([s2])

    # --- a variadic definition using va_start, with an inlined call chain ---
    vfn = m.add_function(Function("vsum", [I32], [I32], variadic=True))
    vsp = di.subprogram("vsum", 40)
    vfn.subprogram = vsp
    callee = di.subprogram("helper", 50, local=True)
    inner = di.subprogram("inner", 60, local=True, key_instructions=False)
    b = Builder(vfn, ARTIFICIAL)
    b.position_at_end(vfn.add_block())
    call_site = DILocation(41, 4, vsp, atom_group=3, atom_rank=1)
    site2 = DILocation(51, 8, callee, inlined_at=call_site)
    with b.at(DILocation(41, 2, vsp)):
        ap = b.alloca(24, 8)
        b.va_start(ap)
    inl = b.load(I32, ap)
    inl.loc = DILocation(52, 6, callee, inlined_at=call_site, atom_group=9, atom_rank=2)
    m.atoms.saw(inl.loc)
    var_h = DILocalVariable("h", DILexicalBlock(callee, di.file, 51, 1), di.file, 51, di.int)
    inl.add_dbg_record(DbgRecord(DbgKind.NEW, var_h, vfn.args[0],
                                 loc=DILocation(51, 1, var_h.scope, inlined_at=call_site)))
    deeper = b.binary(Op.ADD, inl, vfn.args[0])
    deeper.loc = DILocation(61, 3, inner, inlined_at=site2)
    with b.at(DILocation(42, 2, vsp)):
        b.ret([deeper])

    # --- a two-register return and an sret definition ---
    pdef = m.add_function(Function("make_pair", [I64, I64], [I64, I64], internal=True))
    pdef.attrs = {"always_inline"}
    b = Builder(pdef, ARTIFICIAL)
    b.position_at_end(pdef.add_block())
    b.ret(pdef.args)
    sdef = m.add_function(Function("fill", [PTR, PTR], [], byval_params=[None, (32, 16)]))
    sdef.sret = True
    b = Builder(sdef, ARTIFICIAL)
    b.position_at_end(sdef.add_block())
    b.memcpy(sdef.args[0], sdef.args[1], 32, 16)
    b.ret()

    # metadata only reachable from a variable in an otherwise unused function
    other = m.add_function(Function("types", [], [I32]))
    osp = DISubprogram("types", "", di.file, 70, di.vfn_type, 70, di.cu, is_definition=True)
    other.subprogram = osp
    b = Builder(other, ARTIFICIAL)
    b.position_at_end(other.add_block())
    with b.at(DILocation(71, 1, osp)):
        a = b.alloca(8, 8)
        inst = b.store(Const(I64, 1), a)
        for k, ty in enumerate((di.myint, di.color, di.uni, di.fwd, di.void_ptr, di.bool,
                                di.dbl, di.node_ptr)):
            var = DILocalVariable(f"v{k}", osp, di.file, 72 + k, ty)
            inst.add_dbg_record(DbgRecord(DbgKind.NEW, var, a, DEREF_EXPR,
                                          loc=DILocation(71, 1, osp)))
        b.ret([Const(I32, 0)])
    return m


def simple_module(key_instructions: bool = True) -> tuple[Module, Function]:
    """A small verified function: `int f(int a) { return a + 1; }` with debug info."""
    di = DI(key_instructions)
    m = Module(source_filename="t.c", cu=di.cu)
    fn = m.add_function(Function("f", [I32], [I32]))
    fn.subprogram = di.subprogram("f", 1)
    b = Builder(fn, ARTIFICIAL)
    b.position_at_end(fn.add_block())
    with b.at(DILocation(2, 3, fn.subprogram)):
        s = b.binary(Op.ADD, fn.args[0], Const(I32, 1))
        r = b.ret([s])
        b.add_to_new_atom(r, s)
    return m, fn
