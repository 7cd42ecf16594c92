"""CMake and Meson probe atomc as a compiler and take it for gcc (GNU C 12), with its
include and link directories, dependency files and linker."""

from __future__ import annotations

import os
import shutil

import pytest

from driver_support import BIN, ok, run

PROG = '#include <stdio.h>\n#include "h.h"\nint main(void) { puts(MSG); return 0; }\n'


def _env() -> dict[str, str]:
    return dict(os.environ, CC="atomc", PATH=f"{BIN}:{os.environ.get('PATH', '/usr/bin:/bin')}")


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed")
def test_cmake_identifies_gnu(tmp_path):
    (tmp_path / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.16)\n"
                                             "project(t C)\nadd_executable(t t.c)\n")
    (tmp_path / "t.c").write_text(PROG)
    (tmp_path / "h.h").write_text('#define MSG "cmake"\n')
    out = ok(run(["cmake", "-S", ".", "-B", "b"], cwd=tmp_path, env=_env())).stdout
    assert "The C compiler identification is GNU 12." in out
    ok(run(["cmake", "--build", "b"], cwd=tmp_path, env=_env()))
    assert ok(run([str(tmp_path / "b" / "t")])).stdout == "cmake\n"
    info = next((tmp_path / "b" / "CMakeFiles").glob("*/CMakeCCompiler.cmake")).read_text()
    assert '/usr/include"' in info and 'CMAKE_C_IMPLICIT_LINK_LIBRARIES "gcc;gcc_s;c' in info
    # the Makefile generator's -MD files: touching the header rebuilds
    (tmp_path / "h.h").write_text('#define MSG "again"\n')
    ok(run(["cmake", "--build", "b"], cwd=tmp_path, env=_env()))
    assert ok(run([str(tmp_path / "b" / "t")])).stdout == "again\n"


@pytest.mark.skipif(shutil.which("meson") is None or shutil.which("ninja") is None,
                    reason="meson or ninja is not installed")
def test_meson_detects_gcc(tmp_path):
    (tmp_path / "meson.build").write_text("project('t', 'c')\nexecutable('t', 't.c')\n")
    (tmp_path / "t.c").write_text(PROG)
    (tmp_path / "h.h").write_text('#define MSG "meson"\n')
    out = ok(run(["meson", "setup", "b"], cwd=tmp_path, env=_env())).stdout
    assert 'C compiler for the host machine: atomc (gcc 12.' in out
    assert "C linker for the host machine: atomc ld.bfd" in out
    ok(run(["ninja", "-C", "b"], cwd=tmp_path, env=_env()))
    assert ok(run([str(tmp_path / "b" / "t")])).stdout == "meson\n"
    (tmp_path / "h.h").write_text('#define MSG "again"\n')
    ok(run(["ninja", "-C", "b"], cwd=tmp_path, env=_env()))
    assert ok(run([str(tmp_path / "b" / "t")])).stdout == "again\n"
