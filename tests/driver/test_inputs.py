"""Inputs by language: C from standard input, preprocessed .i files (what distcc sends),
.S (preprocessed, then assembled), .s, -x to override suffixes, and what atomc refuses."""

from __future__ import annotations

import pytest

from driver_support import atomc, gcc, ok, run

PROG = ('#include <stdio.h>\n#include <string.h>\nstruct s { int a; char b[8]; };\n'
        'static int twice(int x) { return 2 * x; }\n'
        'int main(void) { struct s v = {21, "ok"}; printf("%d %s %zu\\n", twice(v.a), v.b, '
        'strlen(v.b)); return 0; }\n')
EXPECTED = "42 ok 2\n"


def test_stdin_compile(tmp_path):
    ok(atomc("-x", "c", "-", "-o", "prog", cwd=tmp_path, stdin=PROG))
    assert ok(run([str(tmp_path / "prog")])).stdout == EXPECTED


def test_stdin_object_name(tmp_path):
    ok(atomc("-x", "c", "-c", "-", cwd=tmp_path, stdin=PROG))
    assert (tmp_path / "-.o").exists()  # gcc's name for it


def test_stdin_needs_x(tmp_path):
    p = atomc("-c", "-", cwd=tmp_path, stdin=PROG)
    g = gcc("-c", "-", cwd=tmp_path, stdin=PROG)
    assert p.returncode == g.returncode == 1
    assert "-E or -x required when input is from standard input" in p.stderr


def test_stdin_preprocess_defaults_to_c(tmp_path):
    a = ok(atomc("-E", "-", cwd=tmp_path, stdin="#define A 7\nint x = A;\n"))
    g = ok(gcc("-E", "-", cwd=tmp_path, stdin="#define A 7\nint x = A;\n"))
    assert a.stdout == g.stdout and "int x = 7;" in a.stdout


@pytest.mark.parametrize("text", ["", "/* nothing */\n", "#include <stdio.h>\n"],
                         ids=["empty", "comment", "declarations-only"])
def test_empty_translation_unit(text, tmp_path):
    """A file with no definitions (fribidi's getopt.c where libc has getopt_long) compiles,
    silently as with gcc, to an object that links into a program."""
    (tmp_path / "e.c").write_text(text)
    (tmp_path / "m.c").write_text(PROG)
    a = ok(atomc("-c", "-g", "-O2", "-Wall", "e.c", "-o", "e.o", cwd=tmp_path))
    g = ok(gcc("-c", "-g", "-O2", "-Wall", "e.c", "-o", "g.o", cwd=tmp_path))
    assert a.stderr == g.stderr == ""
    ok(atomc("m.c", "e.o", "-o", "prog", cwd=tmp_path))
    assert ok(run([str(tmp_path / "prog")])).stdout == EXPECTED


def test_preprocessed_input(tmp_path):
    """atomc -E x.c -o x.i && atomc -c x.i: the .i is compiled without a second cpp run."""
    (tmp_path / "x.c").write_text(PROG)
    ok(atomc("-E", "x.c", "-o", "x.i", cwd=tmp_path))
    v = ok(atomc("-v", "-c", "x.i", cwd=tmp_path))
    assert " -E " not in v.stderr  # no preprocessing of the .i
    ok(atomc("x.o", "-o", "prog", cwd=tmp_path))
    assert ok(run([str(tmp_path / "prog")])).stdout == EXPECTED


def test_preprocessed_input_from_gcc(tmp_path):
    """A .i written by gcc -E compiles too, and its main file names the debug info."""
    (tmp_path / "x.c").write_text(PROG)
    ok(gcc("-E", "-g", "x.c", "-o", "x.i", cwd=tmp_path))
    ok(atomc("-g", "-c", "x.i", "-o", "x.o", cwd=tmp_path))
    info = ok(run(["llvm-dwarfdump-22", "--debug-info", str(tmp_path / "x.o")])).stdout
    assert 'DW_AT_name\t("x.c")' in info
    assert f'DW_AT_comp_dir\t("{tmp_path}")' in info


def test_cpp_output_language(tmp_path):
    """-x cpp-output (and gcc 13's c-cpp-output) on a file with another suffix."""
    (tmp_path / "x.c").write_text(PROG)
    ok(atomc("-E", "x.c", "-o", "pre.txt", cwd=tmp_path))
    for lang in ("cpp-output", "c-cpp-output"):
        ok(atomc("-x", lang, "pre.txt", "-x", "none", "-o", "prog", cwd=tmp_path))
        assert ok(run([str(tmp_path / "prog")])).stdout == EXPECTED


def test_preprocessed_round_trip_with_stdarg_and_extension(tmp_path):
    (tmp_path / "v.c").write_text(
        '#include <stdarg.h>\n#include <stdio.h>\n'
        'static int sum(int n, ...) { va_list ap; va_start(ap, n); int s = 0;\n'
        '  while (n--) s += va_arg(ap, int); va_end(ap); return s; }\n'
        'int main(void) { long x = __extension__ 5L; printf("%d %ld\\n", sum(3, 1, 2, 3), x);'
        ' return 0; }\n')
    ok(atomc("-E", "v.c", "-o", "v.i", cwd=tmp_path))
    ok(atomc("-c", "v.i", cwd=tmp_path))
    ok(atomc("v.o", "-o", "v", cwd=tmp_path))
    assert ok(run([str(tmp_path / "v")])).stdout == "6 5\n"


ASM_S = (".text\n.globl answer\n.type answer, @function\nanswer:\n#ifdef BIG\n"
         "  movl $VALUE, %eax\n#else\n  movl $1, %eax\n#endif\n  ret\n"
         '.section .note.GNU-stack,"",@progbits\n')
MAIN = '#include <stdio.h>\nint answer(void);\nint main(void) { printf("%d\\n", answer()); ' \
       'return 0; }\n'


def test_preprocessed_assembly(tmp_path):
    (tmp_path / "a.S").write_text(ASM_S)
    (tmp_path / "m.c").write_text(MAIN)
    ok(atomc("-DBIG", "-DVALUE=42", "m.c", "a.S", "-o", "prog", cwd=tmp_path))
    assert ok(run([str(tmp_path / "prog")])).stdout == "42\n"


def test_assembler_with_cpp_language(tmp_path):
    (tmp_path / "a.asm").write_text(ASM_S)
    (tmp_path / "m.c").write_text(MAIN)
    ok(atomc("-DBIG", "-DVALUE=7", "-c", "-x", "assembler-with-cpp", "a.asm", "-o", "a.o",
             cwd=tmp_path))
    ok(atomc("m.c", "a.o", "-o", "prog", cwd=tmp_path))
    assert ok(run([str(tmp_path / "prog")])).stdout == "7\n"


def test_plain_assembly_and_debug_info(tmp_path):
    """.s is assembled as is; with -g, as gets --gdwarf-5 as gcc gives it."""
    (tmp_path / "a.s").write_text(ASM_S.replace("#ifdef BIG\n  movl $VALUE, %eax\n#else\n", "")
                                  .replace("#endif\n", ""))
    (tmp_path / "m.c").write_text(MAIN)
    v = ok(atomc("-v", "-g", "-c", "a.s", cwd=tmp_path))
    assert "--gdwarf-5" in v.stderr
    ok(atomc("m.c", "a.o", "-o", "prog", cwd=tmp_path))
    assert ok(run([str(tmp_path / "prog")])).stdout == "1\n"


def test_x_assembler_and_none(tmp_path):
    (tmp_path / "code.txt").write_text(ASM_S.replace("#ifdef BIG\n  movl $VALUE, %eax\n#else\n",
                                                     "").replace("#endif\n", ""))
    (tmp_path / "m.c").write_text(MAIN)
    ok(atomc("-x", "assembler", "code.txt", "-x", "none", "m.c", "-o", "prog", cwd=tmp_path))
    assert ok(run([str(tmp_path / "prog")])).stdout == "1\n"


def test_x_c_on_other_suffix(tmp_path):
    (tmp_path / "prog.txt").write_text(PROG)
    ok(atomc("-x", "c", "prog.txt", "-o", "prog", cwd=tmp_path))
    assert ok(run([str(tmp_path / "prog")])).stdout == EXPECTED


@pytest.mark.parametrize("name,message", [
    ("x.cpp", "C++ input is not supported"), ("x.f90", "Fortran input is not supported"),
    ("x.h", "precompiled headers are not supported")])
def test_other_languages_refused(name, message, tmp_path):
    (tmp_path / name).write_text("int x;\n")
    p = atomc("-c", name, cwd=tmp_path)
    assert p.returncode == 1 and message in p.stderr


def test_x_cplusplus_refused(tmp_path):
    (tmp_path / "x.c").write_text("int x;\n")
    p = atomc("-x", "c++", "-c", "x.c", cwd=tmp_path)
    assert p.returncode == 1 and "language c++ is not supported" in p.stderr


def test_linker_input_unused(tmp_path):
    (tmp_path / "x.c").write_text("int x;\n")
    (tmp_path / "lib.o").write_bytes(b"")
    a = ok(atomc("-c", "x.c", "lib.o", cwd=tmp_path))
    g = ok(gcc("-c", "x.c", "lib.o", cwd=tmp_path))
    assert "lib.o: linker input file unused because linking not done" in a.stderr
    assert "linker input file unused" in g.stderr


def test_header_syntax_only(tmp_path):
    (tmp_path / "x.h").write_text("struct s { int a; };\nint f(struct s *p);\n")
    ok(atomc("-fsyntax-only", "x.h", cwd=tmp_path))
    (tmp_path / "bad.h").write_text("int f(struct s p;\n")
    assert atomc("-fsyntax-only", "bad.h", cwd=tmp_path).returncode == 1


def test_e_only_options_do_not_disturb_compiling(tmp_path):
    """-C, -CC, -P and -fdirectives-only shape -E output only; gcc compiles as usual
    with them."""
    (tmp_path / "c.c").write_text("int main(void) { /* a comment */ return 4; }\n")
    for flag in ("-C", "-CC", "-P", "-fdirectives-only"):
        ok(atomc(flag, "c.c", "-o", "c", cwd=tmp_path))
        assert run([str(tmp_path / "c")]).returncode == 4


def test_assembly_inputs_with_S(twin):
    """gcc -S leaves a .s alone and preprocesses a .S to standard output."""
    a_dir, g_dir = twin({"q.S": "#define N 3\n.long N\n", "q2.s": "nop\n"})
    for args in (["-S", "q.S"], ["-S", "q2.s"]):
        a = ok(atomc(*args, cwd=a_dir))
        g = ok(gcc(*args, cwd=g_dir))
        assert a.stdout == g.stdout and a.stderr == g.stderr == ""
    assert sorted(p.name for p in a_dir.iterdir()) == ["q.S", "q2.s"]


def test_a_failing_input_does_not_stop_the_others(tmp_path):
    """gcc compiles every input of a command: one with errors reports them and the
    rest are still compiled (their outputs kept); the command fails and links nothing."""
    (tmp_path / "bad1.c").write_text("int f(void) { return 1 }\n")
    (tmp_path / "good.c").write_text("int g(void) { return 2; }\n")
    (tmp_path / "bad2.c").write_text("int h(void) { return undeclared; }\n")
    (tmp_path / "main.c").write_text("int main(void) { return 0; }\n")
    for cmd in (atomc, gcc):
        for f in tmp_path.glob("*.o"):
            f.unlink()
        p = cmd("-c", "bad1.c", "good.c", "bad2.c", cwd=tmp_path)
        assert p.returncode == 1, (cmd, p.stderr)
        assert "bad1.c:1:" in p.stderr and "bad2.c:1:" in p.stderr, (cmd, p.stderr)
        assert sorted(f.name for f in tmp_path.glob("*.o")) == ["good.o"], cmd
        p = cmd("bad1.c", "main.c", "-o", "prog", cwd=tmp_path)
        assert p.returncode == 1 and not (tmp_path / "prog").exists(), (cmd, p.stderr)
