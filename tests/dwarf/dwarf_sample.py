"""A hand-built translation unit for the DWARF writer tests: debug metadata made
with `atomc.ir`, assembly for its one function written by hand, and the C source
it pretends to come from (so gdb can list lines)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from atomc.dwarf.files import FileTable
from atomc.dwarf.locexpr import CallFrameCfa, Fbreg, Reg
from atomc.dwarf.model import FunctionDebugInfo, LocRange, ScopeRanges, VarLocation
from atomc.ir import (
    DIBasicType, DICompileUnit, DICompositeType, DIDerivedType, DIEnumerator, DIFile,
    DIGlobalVariable, DILexicalBlock, DILocalVariable, DISubprogram, DISubrange,
    DISubroutineType, Function, Global, Module, I32, PTR,
)

SOURCE = """\
#include "sample.h"
struct node { int value; struct node *next; char tag[4]; };
union num { int i; unsigned char b[4]; };
enum color { RED, GREEN = 5, BLUE = -1 };
int counter = 7;
node_t head = {42, 0, "abc"};
enum color favourite = GREEN;
union num u = {0x01020304};
int table[3][2] = {{1, 2}, {3, 4}, {5, 6}};
int (*callback)(int, ...);
static const volatile short flags;
int sum(node_t *n, int scale) {
    static int calls;
    int total = 0;
    {
        int i = n->value;
        total = i * scale;
    }
    calls++;
    return total;
}
"""
HEADER = "typedef struct node node_t;\n"

# The function as a C compiler at -O0 would lay it out: rbp frame, CFA = rbp + 16.
FUNCTION_ASM = """\
\t.text
\t.globl\tsum
\t.type\tsum, @function
sum:
\t.loc 1 12 31
\t.cfi_startproc
\tpushq\t%rbp
\t.cfi_def_cfa_offset 16
\t.cfi_offset 6, -16
\tmovq\t%rsp, %rbp
\t.cfi_def_cfa_register 6
\tmovq\t%rdi, -24(%rbp)
\tmovl\t%esi, -28(%rbp)
.Lsum_body:
\t.loc 1 14 9 prologue_end
\tmovl\t$0, -4(%rbp)
.Lsum_block:
\t.loc 1 16 13
\tmovq\t-24(%rbp), %rax
\tmovl\t(%rax), %eax
\tmovl\t%eax, -8(%rbp)
\t.loc 1 17 17
\tmovl\t-8(%rbp), %eax
\timull\t-28(%rbp), %eax
\tmovl\t%eax, -4(%rbp)
.Lsum_block_end:
\t.loc 1 19 10
\tmovl\tcalls.0(%rip), %eax
\taddl\t$1, %eax
\tmovl\t%eax, calls.0(%rip)
\t.loc 1 20 12
\tmovl\t-4(%rbp), %eax
\t.loc 1 21 1
\tpopq\t%rbp
\t.cfi_def_cfa 7, 8
\tret
\t.cfi_endproc
.Lsum_end:
\t.size\tsum, .-sum
"""

DATA_ASM = """\
\t.data
\t.globl\tcounter
\t.p2align 2
counter:
\t.long\t7
\t.globl\thead
\t.p2align 3
head:
\t.long\t42
\t.zero\t4
\t.quad\t0
\t.ascii\t"abc\\0"
\t.zero\t4
\t.globl\tfavourite
\t.p2align 2
favourite:
\t.long\t5
\t.globl\tu
u:
\t.long\t0x01020304
\t.globl\ttable
table:
\t.long\t1, 2, 3, 4, 5, 6
\t.bss
\t.globl\tcallback
\t.p2align 3
callback:
\t.zero\t8
\t.local\tflags
flags:
\t.zero\t2
\t.p2align 2
\t.local\tcalls.0
calls.0:
\t.zero\t4
\t.section\t.note.GNU-stack,"",@progbits
"""


@dataclass
class Sample:
    module: Module
    files: FileTable
    functions: list[FunctionDebugInfo]
    nodes: dict[str, object]  # metadata by a short name, for the checks

    def assembly(self, debug_text: str) -> str:
        head = "\n".join(self.files.directives()) + "\n"
        return head + FUNCTION_ASM + DATA_ASM + debug_text


def write_sources(directory: str) -> None:
    with open(os.path.join(directory, "sample.c"), "w") as f:
        f.write(SOURCE)
    with open(os.path.join(directory, "sample.h"), "w") as f:
        f.write(HEADER)


def build(directory: str) -> Sample:
    c_file = DIFile("sample.c", directory)
    h_file = DIFile("sample.h", directory)
    cu = DICompileUnit(c_file, "atomc test producer", "C11", optimized=False)
    m = Module(source_filename="sample.c", cu=cu)
    files = FileTable(c_file)
    files.number(c_file)  # what the back end does for its `.loc`s

    int_t = DIBasicType("int", 32, "signed")
    char_t = DIBasicType("char", 8, "signed_char")
    uchar_t = DIBasicType("unsigned char", 8, "unsigned_char")
    short_t = DIBasicType("short", 16, "signed")

    node = DICompositeType("struct", "node", 192, 64, file=c_file, line=2)
    node_ptr = DIDerivedType("pointer", "", node, 64)
    char4 = DICompositeType("array", "", 32, base=char_t, elements=[DISubrange(4)])
    node.elements.extend([
        DIDerivedType("member", "value", int_t, 32, 0, c_file, 2),
        DIDerivedType("member", "next", node_ptr, 64, 64, c_file, 2),
        DIDerivedType("member", "tag", char4, 32, 128, c_file, 2),
    ])
    node_t = DIDerivedType("typedef", "node_t", node, file=h_file, line=1)
    num = DICompositeType("union", "num", 32, 32, file=c_file, line=3)
    num.elements.extend([
        DIDerivedType("member", "i", int_t, 32, 0, c_file, 3),
        DIDerivedType("member", "b", DICompositeType("array", "", 32, base=uchar_t,
                                                      elements=[DISubrange(4)]), 32, 0, c_file, 3),
    ])
    color = DICompositeType("enum", "color", 32, 32, base=int_t, file=c_file, line=4,
                            elements=[DIEnumerator("RED", 0), DIEnumerator("GREEN", 5),
                                      DIEnumerator("BLUE", -1)])
    table_t = DICompositeType("array", "", 192, base=int_t,
                              elements=[DISubrange(3), DISubrange(2)])
    cb_t = DIDerivedType("pointer", "", DISubroutineType(int_t, (int_t,), variadic=True), 64)
    cv_short = DIDerivedType("const", "", DIDerivedType("volatile", "", short_t))

    sum_type = DISubroutineType(int_t, (DIDerivedType("pointer", "", node_t, 64), int_t))
    sp = DISubprogram("sum", "sum", c_file, 12, sum_type, 12, cu)
    fn = Function("sum", [PTR, I32], [I32])
    fn.subprogram = sp
    m.add_function(fn)
    block = DILexicalBlock(sp, c_file, 15, 5)

    def glob(name: str, size: int, digv: DIGlobalVariable) -> Global:
        g = Global(name, size, 4, [b"\0" * size], internal=digv.is_local)
        g.digv = digv
        return m.add_global(g)

    glob("counter", 4, DIGlobalVariable("counter", "counter", c_file, 5, int_t))
    glob("head", 24, DIGlobalVariable("head", "head", c_file, 6, node_t))
    glob("favourite", 4, DIGlobalVariable("favourite", "favourite", c_file, 7, color))
    glob("u", 4, DIGlobalVariable("u", "u", c_file, 8, num))
    glob("table", 24, DIGlobalVariable("table", "table", c_file, 9, table_t))
    glob("callback", 8, DIGlobalVariable("callback", "callback", c_file, 10, cb_t))
    glob("flags", 2, DIGlobalVariable("flags", "flags", c_file, 11, cv_short, is_local=True))
    glob("calls.0", 4, DIGlobalVariable("calls", "calls.0", c_file, 13, int_t, is_local=True,
                                        scope=sp))
    ext = Global("missing", 4, 4, None)  # an extern declaration: no DIE
    ext.digv = DIGlobalVariable("missing", "missing", c_file, 1, int_t, is_definition=False)
    m.add_global(ext)

    n_var = DILocalVariable("n", sp, c_file, 12, sum_type.params[0], arg=1)
    scale = DILocalVariable("scale", sp, c_file, 12, int_t, arg=2)
    total = DILocalVariable("total", sp, c_file, 14, int_t)
    i_var = DILocalVariable("i", block, c_file, 16, int_t)
    # a block with no address range: its variable moves up to the function
    hidden = DILocalVariable("hidden", DILexicalBlock(sp, c_file, 15, 5), c_file, 15, int_t)
    info = FunctionDebugInfo(
        subprogram=sp, symbol="sum", end_label=".Lsum_end",
        frame_base=(CallFrameCfa(),),
        variables=(
            VarLocation(total, None, single=(Fbreg(-20),)),
            VarLocation(scale, None, ranges=(
                LocRange("sum", ".Lsum_body", (Reg(4),)),
                LocRange(".Lsum_body", ".Lsum_end", (Fbreg(-44),)),
            )),
            VarLocation(n_var, None, single=(Fbreg(-40),)),
            VarLocation(i_var, None, single=(Fbreg(-24),)),
            VarLocation(hidden, None, const_value=-3),
        ),
        scopes=(ScopeRanges(block, None, ((".Lsum_block", ".Lsum_block_end"),)),),
    )
    nodes = {"sp": sp, "block": block, "node": node, "node_t": node_t, "color": color}
    return Sample(m, files, [info], nodes)
