"""Code-generation options land in CompileOptions with gcc's meaning (the last of a
family wins, as in gcc); the driver-level ones change the output as gcc's do."""

from __future__ import annotations

import pytest

from atomc.driver import parse
from atomc.driver.parse import compile_options
from atomc.options import CfProtection, CodeModel, CompileOptions, StackProtector

from driver_support import atomc, gcc, ok, run


def opts(*argv: str) -> CompileOptions:
    return compile_options(parse(list(argv)))


@pytest.mark.parametrize("argv,field,value", [
    ([], "code_model", CodeModel.PIE),  # Debian's gcc: -fPIE by default
    (["-fPIC"], "code_model", CodeModel.PIC), (["-fpic"], "code_model", CodeModel.PIC),
    (["-fPIE"], "code_model", CodeModel.PIE), (["-fpie"], "code_model", CodeModel.PIE),
    (["-fno-pic"], "code_model", CodeModel.STATIC), (["-fno-pie"], "code_model", CodeModel.STATIC),
    (["-fPIC", "-fno-pie"], "code_model", CodeModel.STATIC),  # as gcc: -fno-pie ends both
    (["-fPIC", "-fpie"], "code_model", CodeModel.PIE),
    (["-fstack-protector"], "stack_protector", StackProtector.DEFAULT),
    (["-fstack-protector-strong"], "stack_protector", StackProtector.STRONG),
    (["-fstack-protector-all"], "stack_protector", StackProtector.ALL),
    (["-fstack-protector-explicit"], "stack_protector", StackProtector.EXPLICIT),
    (["-fstack-protector-all", "-fno-stack-protector"], "stack_protector", StackProtector.NONE),
    (["-fstack-clash-protection"], "stack_clash_protection", True),
    (["-fcf-protection"], "cf_protection", CfProtection.FULL),
    (["-fcf-protection=branch"], "cf_protection", CfProtection.BRANCH),
    (["-fcf-protection=return"], "cf_protection", CfProtection.RETURN),
    (["-fcf-protection=none"], "cf_protection", CfProtection.NONE),
    (["-ffunction-sections"], "function_sections", True),
    (["-fdata-sections"], "data_sections", True),
    (["-fcommon"], "common", True), (["-fcommon", "-fno-common"], "common", False),
    (["-fvisibility=hidden"], "visibility", "hidden"),
    (["-fwrapv"], "wrapv", True), (["-fno-strict-overflow"], "wrapv", True),
    (["-fno-strict-aliasing"], "strict_aliasing", False),
    (["-fno-delete-null-pointer-checks"], "delete_null_pointer_checks", False),
    (["-ftls-model=initial-exec"], "tls_model", "initial-exec"),
    (["-g"], "debug", True), (["-g", "-g0"], "debug", False), (["-g3"], "debug_level", 3),
    (["-g1"], "debug_level", 1), (["-ggdb"], "debug_level", 2), (["-ggdb3"], "debug_level", 3),
    (["-gdwarf"], "debug", True), (["-gdwarf-4"], "debug", True),
    (["-gdwarf-4"], "dwarf_version", 5),  # the documented fallback
    (["-ffile-prefix-map=/a=/b", "-fdebug-prefix-map=/c=d"], "file_prefix_map",
     (("/a", "/b"), ("/c", "d"))),
    (["-O"], "opt_level", 1), (["-O3"], "opt_level", 3), (["-O9"], "opt_level", 3),
    (["-Os"], "size_opt", True), (["-Oz"], "size_opt", True), (["-Og"], "opt_level", 1),
    (["-Ofast"], "opt_level", 3), (["-O2", "-O0"], "opt_level", 0),
    (["-fomit-frame-pointer"], "omit_frame_pointer", True),
    (["-fno-omit-frame-pointer"], "omit_frame_pointer", False),
    (["-fno-inline"], "inline_functions", False),
    (["-std=iso9899:199409"], "std", "c89"), (["-std=gnu18"], "std", "gnu17"),
    (["-ansi"], "std", "c89"),
    (["--emit-ir"], "emit_ir", True), (["--print-after=dce,gvn", "--print-after=sccp"],
                                       "print_after", ("dce", "gvn", "sccp")),
    (["--loclist-mode=multi"], "loclist_mode", "multi"),
    (["-gno-key-instructions"], "key_instructions", False),
])
def test_option_fields(argv, field, value):
    assert getattr(opts(*argv), field) == value


@pytest.mark.parametrize("args", [
    [], ["-fno-asynchronous-unwind-tables"], ["-fno-unwind-tables"],
    ["-fno-asynchronous-unwind-tables", "-fno-unwind-tables"],
    ["-fno-asynchronous-unwind-tables", "-funwind-tables"],
    ["-fno-asynchronous-unwind-tables", "-fexceptions"],
    ["-fno-asynchronous-unwind-tables", "-fnon-call-exceptions"]])
def test_unwind_tables_as_gcc(args, tmp_path):
    """.eh_frame or .debug_frame, as gcc decides from the unwind-table options."""
    (tmp_path / "f.c").write_text("int f(int x) { return x + 1; }\n")
    found = []
    for cc in (atomc, gcc):
        ok(cc("-g", *args, "-c", "f.c", "-o", "f.o", cwd=tmp_path))
        sections = ok(run(["readelf", "-S", str(tmp_path / "f.o")])).stdout
        found.append((".eh_frame" in sections, ".debug_frame" in sections or
                      ".eh_frame" in sections))
    assert found[0] == found[1]


def test_no_inline(tmp_path):
    (tmp_path / "i.c").write_text("static int sq(int x) { return x * x; }\n"
                                  "int f(int y) { return sq(y) + 1; }\n")
    inlined = ok(atomc("-O2", "-S", "i.c", "-o", "-", cwd=tmp_path)).stdout
    kept = ok(atomc("-O2", "-fno-inline", "-S", "i.c", "-o", "-", cwd=tmp_path)).stdout
    assert "call\tsq" not in inlined and "call\tsq" in kept


@pytest.mark.parametrize("level", ["-O", "-O0", "-O1", "-O2", "-O3", "-Os", "-Oz", "-Og",
                                   "-Ofast"])
def test_levels_build_working_programs(level, tmp_path):
    (tmp_path / "p.c").write_text('#include <stdio.h>\nint main(void) { double s = 0;\n'
                                  '  for (int i = 1; i <= 10; i++) s += 1.0 / i;\n'
                                  '  printf("%.6f\\n", s); return 0; }\n')
    ok(atomc(level, "p.c", "-o", "p", cwd=tmp_path))
    assert ok(run([str(tmp_path / "p")])).stdout == "2.928968\n"


def test_misc_accepted_options_compile(tmp_path):
    """Options with gcc's meaning that change nothing in atomc's code: accepted, and the
    program is the same."""
    (tmp_path / "p.c").write_text("int main(void) { char c = -1; return c < 0 ? 3 : 4; }\n")
    for flags in (["-fsigned-char"], ["-fno-builtin"], ["-ffreestanding"], ["-fno-common"],
                  ["-mno-red-zone"], ["-march=native", "-mtune=native"], ["-msse4.2", "-mavx2"],
                  ["-fexceptions"], ["-fno-short-enums"], ["-m64"]):
        ok(atomc(*flags, "p.c", "-o", "p", cwd=tmp_path))
        assert run([str(tmp_path / "p")]).returncode == 3, flags


@pytest.mark.parametrize("args", [["-O0"], ["-O2"], ["-O0", "-fno-builtin"],
                                  ["-O2", "-fno-builtin-fabsf"], ["-O2", "-ffreestanding"],
                                  ["-O2", "-fno-builtin", "-fbuiltin"],
                                  ["-O1", "-fno-builtin-copysignl"]])
def test_builtin_library_calls_as_gcc(args, tmp_path):
    """fabs/fabsf/fabsl and copysign/copysignf/copysignl are expanded inline unless
    -fno-builtin(-NAME) or -ffreestanding: the object references the same library
    functions as gcc's."""
    (tmp_path / "f.c").write_text(
        "#include <math.h>\n"
        "double f(double x, float y, long double z) { return fabs(x) + fabsf(y) + fabsl(z); }\n"
        "double g(double x, float y, long double z) {\n"
        "  return copysign(x, -x) + copysignf(y, x) + copysignl(z, y); }\n")

    def undefined(obj: str) -> set[str]:
        return {ln.split()[-1] for ln in ok(run(["nm", "-u", str(tmp_path / obj)])).stdout
                .splitlines()}

    ok(atomc(*args, "-c", "f.c", "-o", "a.o", cwd=tmp_path))
    ok(gcc(*args, "-c", "f.c", "-o", "g.o", cwd=tmp_path))
    assert undefined("a.o") == undefined("g.o")
