"""Link options reach gcc's link driver in command-line order: the link behaves as
gcc's (static, shared, PIE, stripped, custom entry points and scripts, ...)."""

from __future__ import annotations

import subprocess

import pytest

from atomc.driver import toolchain

from driver_support import atomc, gcc, ok, run

MAIN = '#include <stdio.h>\nint lib_fn(int);\nint main(void) { printf("%d\\n", lib_fn(14)); ' \
       'return 0; }\n'
LIB = "int lib_fn(int x) { return x * 3; }\n"


def readelf(*args: str) -> str:
    return ok(run(["readelf", *args])).stdout


@pytest.fixture
def proj(tmp_path):
    (tmp_path / "main.c").write_text(MAIN)
    (tmp_path / "lib.c").write_text(LIB)
    return tmp_path


def test_default_link_is_gccs_pie_in_one_place(proj):
    """atomc's default code is PIE, so it links as Debian's gcc does: a PIE unless
    told otherwise; one constant decides it."""
    assert toolchain.LINK_PIE_BY_DEFAULT is True
    for mode in ((), ("-pie",), ("-shared",), ("-static-pie",), ("-r",), ("-no-pie",)):
        assert toolchain.default_link_flags(["x.o", *mode]) == []
    ok(atomc("main.c", "lib.c", "-o", "prog", cwd=proj))
    assert "DYN (Position-Independent Executable file)" in readelf("-h", str(proj / "prog"))
    ok(atomc("-no-pie", "main.c", "lib.c", "-o", "prog2", cwd=proj))
    assert "EXEC (Executable file)" in readelf("-h", str(proj / "prog2"))


def test_shared_library(proj):
    ok(atomc("-shared", "-fPIC", "lib.c", "-o", "liblib.so", cwd=proj))
    assert "DYN (Shared object file)" in readelf("-h", str(proj / "liblib.so"))
    ok(gcc("main.c", "-L.", "-llib", "-Wl,-rpath,$ORIGIN", "-o", "prog", cwd=proj))
    assert ok(run([str(proj / "prog")])).stdout == "42\n"


def test_pie_link(proj):
    (proj / "p.c").write_text("int main(void) { return 3; }\n")
    ok(atomc("-pie", "p.c", "-o", "p", cwd=proj))
    assert "DYN (Position-Independent Executable file)" in readelf("-h", str(proj / "p"))
    assert run([str(proj / "p")]).returncode == 3


def test_static(proj):
    ok(atomc("-static", "main.c", "lib.c", "-o", "prog", cwd=proj))
    assert "INTERP" not in readelf("-l", str(proj / "prog"))
    assert ok(run([str(proj / "prog")])).stdout == "42\n"


def test_order_of_libraries_and_objects(proj):
    """Objects take the place of their sources among -l options, as in gcc."""
    ok(atomc("-c", "lib.c", cwd=proj))
    ok(run(["ar", "rcs", "liblib.a", "lib.o"], cwd=proj))
    ok(atomc("main.c", "-L.", "-llib", "-o", "prog", cwd=proj))
    assert ok(run([str(proj / "prog")])).stdout == "42\n"
    p = atomc("-L.", "-llib", "main.c", "-o", "prog2", cwd=proj)
    g = gcc("-L.", "-llib", "main.c", "-o", "prog2", cwd=proj)
    assert p.returncode == g.returncode != 0  # the archive comes before its user
    assert "undefined reference to `lib_fn'" in p.stderr


def test_rdynamic_and_strip(proj):
    ok(atomc("-rdynamic", "main.c", "lib.c", "-o", "prog", cwd=proj))
    assert " lib_fn" in readelf("--dyn-syms", str(proj / "prog"))
    ok(atomc("-s", "main.c", "lib.c", "-o", "stripped", cwd=proj))
    assert ".symtab" not in readelf("-S", str(proj / "stripped"))


def test_nostdlib_entry_and_undefined(proj):
    (proj / "start.c").write_text(
        "void my_start(void) {\n"
        "  __asm__ volatile(\"mov $60, %eax\\n\\tmov $7, %edi\\n\\tsyscall\");\n}\n")
    ok(atomc("-nostdlib", "-e", "my_start", "start.c", "-o", "s", cwd=proj))
    assert run([str(proj / "s")]).returncode == 7
    ok(atomc("-nostartfiles", "-nodefaultlibs", "-emy_start", "start.c", "-o", "s2", cwd=proj))
    assert run([str(proj / "s2")]).returncode == 7
    # -u pulls an archive member nobody references
    ok(atomc("-c", "lib.c", cwd=proj))
    ok(run(["ar", "rcs", "liblib.a", "lib.o"], cwd=proj))
    (proj / "empty.c").write_text("int main(void) { return 0; }\n")
    ok(atomc("-u", "lib_fn", "empty.c", "-L.", "-llib", "-o", "u", cwd=proj))
    assert "lib_fn" in ok(run(["nm", str(proj / "u")])).stdout


def test_linker_script_and_linker_words(proj):
    script = ok(run(["ld", "--verbose"])).stdout.split("=" * 50)[1]
    (proj / "my.ld").write_text(script.replace("SECTIONS\n{", "SECTIONS\n{\n  PROVIDE (my_mark = 42);", 1))
    (proj / "m.c").write_text('#include <stdio.h>\nextern char my_mark[];\n'
                              'int main(void) { printf("%ld\\n", (long)my_mark); return 0; }\n')
    # absolute symbols: a PIE would read them relative to its load address, as gcc's does
    ok(atomc("-no-pie", "-T", "my.ld", "m.c", "-o", "m", cwd=proj))
    assert ok(run([str(proj / "m")])).stdout == "42\n"
    ok(atomc("-no-pie", "-Wl,--defsym,my_mark=7", "m.c", "-o", "m2", cwd=proj))
    assert ok(run([str(proj / "m2")])).stdout == "7\n"
    ok(atomc("-no-pie", "-Xlinker", "--defsym", "-Xlinker", "my_mark=9", "m.c", "-o", "m3", cwd=proj))
    assert ok(run([str(proj / "m3")])).stdout == "9\n"
    ok(atomc("-Wl,-z,relro,-z,now", "main.c", "lib.c", "-o", "relro", cwd=proj))
    assert "BIND_NOW" in readelf("-d", str(proj / "relro"))


def test_pthread_defines_reentrant_and_links(proj):
    (proj / "th.c").write_text(
        '#include <pthread.h>\n#include <stdio.h>\nstatic void *run(void *a) { return a; }\n'
        'int main(void) { pthread_t t; void *r;\n#ifdef _REENTRANT\n puts("reentrant");\n#endif\n'
        ' pthread_create(&t, 0, run, (void *)5); pthread_join(t, &r); return (int)(long)r; }\n')
    ok(atomc("-pthread", "th.c", "-o", "th", cwd=proj))
    p = run([str(proj / "th")])
    assert p.returncode == 5 and p.stdout == "reentrant\n"


def test_libgcc_options(proj):
    for flag in ("-static-libgcc", "-shared-libgcc"):
        ok(atomc(flag, "main.c", "lib.c", "-o", "prog", cwd=proj))
        assert ok(run([str(proj / "prog")])).stdout == "42\n"


def test_assembler_words(proj):
    """-Wa, and -Xassembler reach as (here: a listing file and a symbol definition)."""
    (proj / "a.c").write_text("long f(void) { return 1; }\n")
    ok(atomc("-c", "a.c", "-Wa,-adhln=a.lst", "-Xassembler", "--defsym",
             "-Xassembler", "sym=0x1234", cwd=proj))
    assert (proj / "a.lst").stat().st_size > 0
    assert "0000000000001234 a sym" in ok(run(["nm", str(proj / "a.o")])).stdout


def test_fast_math_links_crtfastmath(proj):
    (proj / "d.c").write_text('#include <stdio.h>\n#include <float.h>\nint main(void) {\n'
                              '  volatile double tiny = DBL_MIN; volatile double h = tiny / 4;\n'
                              '  printf("%d\\n", h == 0.0); return 0; }\n')
    for flag in ("-ffast-math", "-Ofast"):
        ok(atomc(flag, "d.c", "-o", "d", cwd=proj))
        ok(gcc(flag, "d.c", "-o", "g", cwd=proj))
        # crtfastmath.o turns on flush-to-zero, as in gcc's build
        assert ok(run([str(proj / "d")])).stdout == ok(run([str(proj / "g")])).stdout == "1\n"
    ok(atomc("d.c", "-o", "d", cwd=proj))
    assert ok(run([str(proj / "d")])).stdout == "0\n"


def test_link_failure(proj):
    p = atomc("main.c", "-o", "prog", cwd=proj)
    assert p.returncode == 1 and "undefined reference" in p.stderr
    assert not (proj / "prog").exists()


def test_gcc_link_driver_found():
    assert subprocess.run([toolchain.gcc_path(), "--version"], capture_output=True).returncode == 0


def test_linker_words_count_as_inputs(tmp_path):
    """`cc -Wl,--version` runs the linker (Meson's linker probe), as in gcc."""
    a = ok(atomc("-Wl,--version", cwd=tmp_path))
    g = ok(gcc("-Wl,--version", cwd=tmp_path))
    assert a.stdout.splitlines()[0] == g.stdout.splitlines()[0]
    assert a.stdout.startswith("GNU ld")
    p = atomc("-lm", cwd=tmp_path)
    assert p.returncode == 1 and "undefined reference to `main'" in p.stderr


def test_glibc_extern_inlines_at_O2(tmp_path):
    """-O2 reaches the preprocessor (gcc's __OPTIMIZE__), so glibc's headers define
    `extern inline __attribute__((gnu_inline))` bodies; like gcc, atomc emits no
    out-of-line copy of them, and two objects using toupper still link."""
    (tmp_path / "u1.c").write_text('#include <ctype.h>\n#include <stdio.h>\nint other(void);\n'
                                   'int main(void) { printf("%c%c\\n", toupper(97), other()); '
                                   "return 0; }\n")
    (tmp_path / "u2.c").write_text("#include <ctype.h>\nint other(void) { return toupper(98); }\n")
    ok(atomc("-O2", "u1.c", "u2.c", "-o", "u", cwd=tmp_path))
    assert ok(run([str(tmp_path / "u")])).stdout == "AB\n"
    assert "toupper" not in ok(run(["nm", "--defined-only", str(tmp_path / "u")])).stdout
