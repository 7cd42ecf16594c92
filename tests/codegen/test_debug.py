"""Debug-related back-end guarantees: -g never changes machine code, the
per-function debug facts (frame-base offsets, scope ranges) are right, and
gdb unwinds through atomc frames."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from atomc.codegen import generate_assembly
from atomc.codegen.debuginfo.scopes import LabelCounter, insert_scope_labels, variable_locations
from atomc.codegen.mir import PReg
from atomc.codegen.regalloc.fast import allocate
from atomc.codegen.x86_64.frame import lower_frame
from atomc.codegen.x86_64.isel.select import select_function
from atomc.dwarf.locexpr import Fbreg
from atomc.ir import (
    DEREF_EXPR,
    I32,
    DbgKind,
    DbgRecord,
    DIBasicType,
    DICompileUnit,
    DIFile,
    DILexicalBlock,
    DILocalVariable,
    DILocation,
    DISubprogram,
    DISubroutineType,
    Module,
    Op,
)
from atomc.options import CompileOptions

from .harness import new_function

EXEC_PROGRAMS = Path(__file__).parent.parent / "exec" / "programs"


def _debug_module() -> tuple[Module, DILexicalBlock, DILocalVariable, DILocalVariable]:
    """f(a): { int t = a * 3; } return t + 1, with a lexical block and two variables."""
    m = Module(source_filename="t.c")
    file = DIFile("t.c", "/tmp")
    m.cu = DICompileUnit(file, "test", "C11", False)
    int_t = DIBasicType("int", 32, "signed")
    sp = DISubprogram("f", "f", file, 1, DISubroutineType(int_t, (int_t,)), 2, m.cu)
    blk = DILexicalBlock(sp, file, 3, 5)
    a_var = DILocalVariable("a", sp, file, 1, int_t, arg=1)
    t_var = DILocalVariable("t", blk, file, 4, int_t)
    f, b = new_function(m, "f", [I32], [I32])
    f.subprogram = sp
    a_slot = b.alloca(4, 4, "a")
    t_slot = b.alloca(4, 4, "t")
    st = b.store(f.args[0], a_slot)
    st.add_dbg_record(DbgRecord(DbgKind.NEW, a_var, a_slot, DEREF_EXPR,
                                loc=DILocation(1, 11, sp)))
    with b.at(DILocation(4, 13, blk)):
        v = b.binary(Op.MUL, b.load(I32, a_slot), f.args[0])
        st2 = b.store(v, t_slot)
    st2.add_dbg_record(DbgRecord(DbgKind.NEW, t_var, t_slot, DEREF_EXPR,
                                 loc=DILocation(4, 9, blk)))
    # an SSA-valued record (not a memory home): described through its vreg's slot
    st2.add_dbg_record(DbgRecord(DbgKind.NEW, t_var, v, loc=DILocation(4, 9, blk)))
    with b.at(DILocation(6, 12, sp)):
        r = b.binary(Op.ADD, b.load(I32, t_slot), b.load(I32, a_slot))
        b.ret([r])
    return m, blk, a_var, t_var


def _code_lines(asm: str) -> list[str]:
    """Instruction and CFI lines of the text section (labels and .loc removed)."""
    out = []
    for line in asm.splitlines():
        s = line.strip()
        if s.startswith(".section") and ("debug" in s or "GNU-stack" in s):
            break
        if not s or s.startswith((".loc", ".file", ".Ltmp")) or s.endswith(":"):
            continue
        out.append(s)
    return out


def test_debug_does_not_change_code_ir():
    m, *_ = _debug_module()
    with_g = generate_assembly(m, CompileOptions(debug=True))
    without = generate_assembly(m, CompileOptions(debug=False))
    assert ".loc" in with_g and ".loc" not in without
    assert _code_lines(with_g) == _code_lines(without)


def test_frame_offsets_and_scope_ranges():
    m, blk, _a_var, _t_var = _debug_module()
    fn = m.functions["f"]
    mf = select_function(fn, 0, m, True)
    allocate(mf)
    lower_frame(mf)
    scopes = insert_scope_labels(mf, LabelCounter())
    assert [s.scope for s in scopes] == [blk]
    (start, end), = scopes[0].ranges
    labels = [mi.operands[0].name for _, mi in mf.instructions() if mi.opcode == "LABEL"]
    assert start in labels and end in labels
    # the range covers exactly the instructions located in the block (line 4)
    inside = False
    lines = set()
    for _, mi in mf.instructions():
        if mi.opcode == "LABEL":
            inside = mi.operands[0].name == start
            continue
        if inside and not mi.is_meta and mi.loc is not None:
            lines.add(mi.loc.line)
    assert lines == {4}
    locs = {v.var.name: v for v in variable_locations(mf)}
    # frame base is the CFA = %rbp + 16: fbreg offset = rbp offset - 16
    a_off = locs["a"].single[0].offset
    store_a = next(mi for _, mi in mf.instructions()
                   if mi.opcode == "movl" and mi.loc is None and "rbp" in str(mi.operands[1])
                   and isinstance(mi.operands[0], PReg))
    assert store_a.operands[1].disp == a_off + 16
    t = locs["t"].single[0]
    assert isinstance(t, Fbreg) and t.offset < -16


# lftr: the counter's records follow the scaled IV
TEXT_IDENTITY_PROGRAMS = ("452_counted_loop_exit_tests.c",)


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_debug_does_not_change_text_section(tmp_path, atomc_cmd, level):
    """End to end through the driver: the .text bytes of -g and -g0 objects match
    (every ninth program, and those written for a pass that moves records)."""
    for src in sorted(EXEC_PROGRAMS.glob("*.c"))[::9] + [
            EXEC_PROGRAMS / name for name in TEXT_IDENTITY_PROGRAMS]:
        texts = []
        for flag in ("-g", "-g0"):
            obj = tmp_path / f"{src.stem}{flag}.o"
            r = subprocess.run([*atomc_cmd, level, flag, "-c", str(src), "-o", str(obj)],
                               capture_output=True, text=True, timeout=300, check=False)
            if r.returncode != 0:
                pytest.skip(f"front end cannot compile {src.name} yet: {r.stderr[-300:]}")
            binp = tmp_path / f"{src.stem}{flag}.text"
            subprocess.run(["objcopy", "-O", "binary", "--only-section=.text", str(obj),
                            str(binp)], check=True)
            texts.append(binp.read_bytes())
        assert texts[0] == texts[1], src.name


GDB_PROGRAM = r"""#include <stdio.h>
static int leaf(int x)
{
    int r = x * x;
    return r;
}
int middle(int a, int b)
{
    int s = leaf(a);
    {
        int t = b + 1;
        s += t;
    }
    return s;
}
int main(void)
{
    int total = 0;
    for (int i = 0; i < 3; i++)
        total += middle(i, 2);
    printf("%d\n", total);
    return 0;
}
"""


@pytest.mark.gdb
@pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")
def test_gdb_backtrace_and_finish(tmp_path, atomc_cmd):
    src = tmp_path / "bt.c"
    src.write_text(GDB_PROGRAM)
    exe = tmp_path / "bt"
    r = subprocess.run([*atomc_cmd, "-O0", "-g", str(src), "-o", str(exe)], capture_output=True,
                       text=True, timeout=300, check=False)
    if r.returncode != 0:
        pytest.skip(f"driver/front end not ready: {r.stderr[-300:]}")
    script = tmp_path / "cmds"
    script.write_text("break leaf\nrun\nbt\nfinish\nnext\nnext\ninfo locals\nup\n"
                      "info locals\ncontinue\ncontinue\nbt\nup\ninfo frame\n")
    out = subprocess.run(["gdb", "-q", "-batch", "-nx", "-x", str(script), str(exe)],
                         capture_output=True, text=True, timeout=60, check=False).stdout
    # three frames, with arguments read through the frame base
    assert "#0  leaf (x=0) at" in out
    assert "#1  0x" in out and "in middle (a=0, b=2) at" in out and "bt.c:9" in out
    assert "#2  0x" in out and "in main () at" in out and "bt.c:20" in out
    assert "Value returned is $1 = 0" in out
    assert "t = 3" in out  # the block-local variable after two `next`s
    # third stop: i == 2, the caller chain is intact
    assert "in middle (a=2, b=2) at" in out
    assert "caller of frame at" in out or "called by frame at" in out


@pytest.mark.gdb
@pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")
def test_gdb_parameter_value_at_function_breakpoint(tmp_path, atomc_cmd):
    """`break leaf` stops after the parameter is stored (prologue_end is on the first
    statement), so the second stop shows the new argument."""
    src = tmp_path / "bt.c"
    src.write_text(GDB_PROGRAM)
    exe = tmp_path / "bt"
    r = subprocess.run([*atomc_cmd, "-O0", "-g", str(src), "-o", str(exe)], capture_output=True,
                       text=True, timeout=300, check=False)
    if r.returncode != 0:
        pytest.skip(f"driver/front end not ready: {r.stderr[-300:]}")
    script = tmp_path / "cmds"
    script.write_text("break leaf\nrun\ncontinue\nbt 1\n")
    out = subprocess.run(["gdb", "-q", "-batch", "-nx", "-x", str(script), str(exe)],
                         capture_output=True, text=True, timeout=60, check=False).stdout
    assert "#0  leaf (x=1) at bt.c:4" in out


@pytest.mark.gdb
@pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb not installed")
def test_gdb_unwinds_after_an_early_epilogue(tmp_path):
    """Code placed after a non-final epilogue gets the body's CFI back
    (remember/restore_state), so gdb unwinds through calls made there."""
    from atomc.ir import Const, Function

    m = Module(source_filename="early.c")
    probe = m.add_function(Function("probe", [I32], [I32]))
    f, b = new_function(m, "early", [I32], [I32])
    neg, pos = f.add_block("neg"), f.add_block("pos")
    b.branch(b.cmp("slt", f.args[0], Const(I32, 0)), neg, pos)
    b.position_at_end(neg)
    b.ret([Const(I32, -1)])
    b.position_at_end(pos)
    b.ret([b.call(probe, [f.args[0]], I32)])
    asm = generate_assembly(m, CompileOptions())
    assert ".cfi_remember_state" in asm and ".cfi_restore_state" in asm
    (tmp_path / "early.s").write_text(asm)
    (tmp_path / "main.c").write_text(
        "#include <stdio.h>\nint early(int);\n"
        "int probe(int x) { return x * 2; }\n"
        "int main(void) { printf(\"%d\\n\", early(21)); return 0; }\n")
    exe = tmp_path / "early"
    subprocess.run(["gcc", "-g", "-O0", str(tmp_path / "main.c"), str(tmp_path / "early.s"),
                    "-o", str(exe)], check=True, capture_output=True)
    out = subprocess.run(["gdb", "-q", "-batch", "-nx", "-ex", "break probe", "-ex", "run",
                          "-ex", "bt", str(exe)], capture_output=True, text=True, timeout=60,
                         check=False).stdout
    frames = [ln for ln in out.splitlines() if ln.startswith("#")]
    assert len(frames) == 3, out
    assert "probe" in frames[0] and "early" in frames[1] and "main" in frames[2], out
