"""-w, -Werror, -Werror=NAME, -Wno-NAME, -Wno-error=NAME, -Wfatal-errors and -fmax-errors on
atomc's own warnings and on the preprocessor's, with gcc's outcome."""

from __future__ import annotations

import pytest

from driver_support import atomc, gcc, ok

ATTR = "int f(void) __attribute__((this_is_not_an_attribute));\nint main(void) { return 0; }\n"
CPPW = "#warning careful\nint main(void) { return 0; }\n"


@pytest.mark.parametrize("flags,status,kind", [
    ([], 0, "warning"), (["-w"], 0, None), (["-Wno-attributes"], 0, None),
    (["-Werror"], 1, "error"), (["-Werror=attributes"], 1, "error"),
    (["-Werror", "-Wno-error=attributes"], 0, "warning"), (["-Werror", "-Wno-error"], 0, "warning"),
    (["-Werror", "-w"], 0, None), (["-Wall", "-Wextra"], 0, "warning"),
])
def test_own_warning(flags, status, kind, twin):
    a_dir, g_dir = twin({"a.c": ATTR})
    a = atomc(*flags, "-c", "a.c", cwd=a_dir)
    g = gcc(*flags, "-c", "a.c", cwd=g_dir)
    assert a.returncode == g.returncode == status, a.stderr
    if kind is None:
        assert a.stderr == g.stderr == ""
        return
    suffix = "[-Werror=attributes]" if kind == "error" else "[-Wattributes]"
    assert f"a.c:1:1: {kind}: 'this_is_not_an_attribute' attribute directive ignored {suffix}" \
        in a.stderr.replace("a.c:1:45:", "a.c:1:1:").replace("a.c:1:16:", "a.c:1:1:") or \
        f"{kind}: 'this_is_not_an_attribute' attribute directive ignored {suffix}" in a.stderr
    assert suffix in g.stderr
    if "-Werror" in flags and status:
        assert "atomc: all warnings being treated as errors" in a.stderr
    if "-Werror=attributes" in flags:
        assert "atomc: some warnings being treated as errors" in a.stderr
    assert not (a_dir / "a.o").exists() or status == 0


@pytest.mark.parametrize("flags,status", [([], 0), (["-w"], 0), (["-Werror"], 1),
                                          (["-Werror=cpp"], 1), (["-Wno-cpp"], 0)])
def test_preprocessor_warning(flags, status, twin):
    a_dir, g_dir = twin({"w.c": CPPW})
    a = atomc(*flags, "-c", "w.c", cwd=a_dir)
    g = gcc(*flags, "-c", "w.c", cwd=g_dir)
    assert a.returncode == g.returncode == status
    assert ("careful" in a.stderr) == ("careful" in g.stderr)
    if "careful" in g.stderr:
        assert "w.c:1:2:" in a.stderr and ("[-Werror=cpp]" in a.stderr) == \
            ("[-Werror=cpp]" in g.stderr)


def test_werror_with_debian_flags(tmp_path):
    """Debian's CFLAGS (without -D_FORTIFY_SOURCE=2, whose builtins are another piece of
    work) with -Werror on a clean program: nothing to report."""
    (tmp_path / "c.c").write_text('#include <stdio.h>\nint main(void) { printf("%d\\n", 1); '
                                  "return 0; }\n")
    p = ok(atomc("-g", "-O2", f"-ffile-prefix-map={tmp_path}=.", "-fstack-protector-strong",
                 "-Wformat", "-Werror=format-security", "-Wdate-time",
                 "-Werror", "-Wall", "-c", "c.c", cwd=tmp_path))
    assert p.stderr == ""


ERRORS = "int f(void) { return a; }\nint g(void) { return b; }\nint h(void) { return c; }\n"


def test_fatal_errors_and_max_errors(tmp_path):
    (tmp_path / "e.c").write_text(ERRORS)
    every = atomc("-c", "e.c", cwd=tmp_path).stderr
    assert every.count(": error:") == 3
    fatal = atomc("-Wfatal-errors", "-c", "e.c", cwd=tmp_path)
    assert fatal.returncode == 1 and fatal.stderr.count(": error:") == 1
    assert "compilation terminated due to -Wfatal-errors." in fatal.stderr
    two = atomc("-fmax-errors=2", "-c", "e.c", cwd=tmp_path)
    assert two.returncode == 1 and two.stderr.count(": error:") == 2
    assert "compilation terminated due to -fmax-errors=2." in two.stderr
