"""What atomc says and runs: --version, -v, -###, and gcc's queries (-dumpversion,
-print-prog-name=, ...) answered as gcc-12 answers them."""

from __future__ import annotations

import re
import shlex

import pytest

from driver_support import atomc, gcc, ok

SRC = "int main(void) { return 0; }\n"


def test_version_shape():
    out = ok(atomc("--version")).stdout
    first = out.splitlines()[0]
    assert re.fullmatch(r"atomc \(atomc [\d.]+\) 12\.\d+\.\d+", first), first
    assert "Free Software Foundation" in out  # Meson's test for a GNU-compatible compiler


def test_v_banner(tmp_path):
    err = ok(atomc("-v")).stderr
    assert "Target: x86_64-linux-gnu" in err.splitlines()
    assert "Thread model: posix" in err.splitlines()
    assert re.search(r"^gcc version 12\.\d+\.\d+ \(atomc [\d.]+\)", err, re.M)
    assert err.count("gcc version") == 1


def test_v_lists_commands_and_search_dirs(tmp_path):
    """CMake reads the include search list and the collect2 line from -v."""
    (tmp_path / "t.c").write_text(SRC)
    err = ok(atomc("-v", "t.c", "-o", "t", cwd=tmp_path)).stderr
    assert "#include <...> search starts here:" in err and "End of search list." in err
    assert re.search(r"^ \S*gcc -E .* t\.c -o \S+\.i$", err, re.M)
    assert re.search(r"^ atomc -S -x cpp-output \S+\.i -o \S+\.s$", err, re.M)
    assert re.search(r"^ \S*as --64 -o \S+\.o \S+\.s$", err, re.M)
    assert re.search(r"^ \S*gcc \S+\.o -o t -v$", err, re.M)
    assert re.search(r"^ \S*collect2 .* -o t ", err, re.M)
    assert err.count("gcc version") == 1


def test_dry_run_lists_quoted_commands_and_runs_nothing(tmp_path):
    (tmp_path / "t.c").write_text(SRC)
    p = ok(atomc("-###", "-O2", "-DMSG=\"a b\"", "t.c", "-lm", "-o", "t", cwd=tmp_path))
    lines = [ln for ln in p.stderr.splitlines() if ln.startswith(" ")]
    assert len(lines) == 4, p.stderr
    assert re.match(r'^ \S*gcc -E -O2 "-DMSG=\\"a b\\"" .*-x c t\.c -o \S+\.i$', lines[0])
    assert lines[1].startswith(" atomc -S -x cpp-output -O2 ")
    assert re.match(r"^ \S*as --64 -o \S+\.o \S+\.s$", lines[2])
    assert re.match(r"^ \S*gcc -O2 \S+\.o -lm -o t$", lines[3])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.c"]
    # each line is a command a shell can run
    assert shlex.split(lines[3])[-2:] == ["-o", "t"]


def test_dry_run_quoting_matches_gcc(tmp_path):
    """The assembler's words as gcc's -### quotes them (", \\ and $ escaped)."""
    (tmp_path / "t.c").write_text(SRC)
    args = ["-###", "-c", "t.c", "-Xassembler", 'a"b$c\\d e', "-Wa,plain,x=y", "-o", "t.o"]
    a = [ln for ln in ok(atomc(*args, cwd=tmp_path)).stderr.splitlines()
         if re.match(r"^ \S*as ", ln)]
    g = [ln for ln in ok(gcc(*args, cwd=tmp_path)).stderr.splitlines()
         if re.match(r"^ \S*as ", ln)]
    assert len(a) == len(g) == 1
    want = ' "a\\"b\\$c\\\\d e" plain "x=y" -o t.o'
    assert want in a[0] and want in g[0], (a, g)


@pytest.mark.parametrize("query", [
    "-dumpversion", "-dumpfullversion", "-dumpmachine", "-print-search-dirs",
    "-print-libgcc-file-name", "-print-multiarch", "-print-sysroot",
    "-print-multi-directory", "-print-multi-os-directory", "-print-multi-lib",
    "-print-prog-name=ld", "-print-prog-name=as", "-print-file-name=libc.so",
    "-print-file-name=crtbegin.o", "-print-file-name=nonexistent.so"])
def test_queries_answer_as_gcc(query):
    assert ok(atomc(query)).stdout == ok(gcc(query)).stdout


def test_dumpversion_is_12():
    assert ok(atomc("-dumpversion")).stdout == "12\n"


def test_print_file_name_looks_in_atomcs_data_first():
    import os
    from importlib import resources

    from atomc.compiled_copy import ENV_VAR, default_copy, is_fresh, source_root
    # the data folder of the build the command runs: the compiled copy's own while it
    # is fresh and wanted (ATOMC_COMPILED=1 runs of the suite), else src/'s
    copy = default_copy()
    if os.environ.get(ENV_VAR) != "0" and is_fresh(copy, source_root()):
        here = os.path.join(copy, "data", "README.md")
    else:
        here = str(resources.files("atomc.data").joinpath("README.md"))
    assert ok(atomc("-print-file-name=README.md")).stdout == f"{here}\n"
    assert ok(gcc("-print-file-name=README.md")).stdout == "README.md\n"


def test_no_input_files():
    p = atomc("-O2")
    assert p.returncode == 1 and "atomc: fatal error: no input files" in p.stderr
