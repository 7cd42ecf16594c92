#!/usr/bin/env bash
# Installs everything atomc needs on a Debian 12 machine: the system toolchain
# (binutils, gcc, gdb, LLVM/Clang/LLDB 22), the build engines atomc is tested
# under (ccache, distcc) and atomc itself in ./.venv.
# Safe to run again; it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

PKGS="binutils gcc make dpkg-dev tcl gdb ccache distcc lldb-22 python3-lldb-22 clang-22 llvm-22 csmith libcsmith-dev python3 python3-venv python3-dev chromium chromium-driver"
# tests/realworld's packages (packages.py): their build systems (autoreconf for the
# git-snapshot sources, CMake, Meson with Ninja), tclsh and Tcl's headers for sqlite3's
# test fixture, g++ for expat's C++ test program, and debhelper (with fakeroot when not
# root) for the dpkg-buildpackage test
PKGS="$PKGS autoconf automake libtool pkg-config cmake meson ninja-build tcl8.6-dev g++ debhelper fakeroot"
missing=""
for p in $PKGS; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq $missing >/dev/null
fi

# distccd serves only compilers masqueraded in /usr/lib/distcc (distcc >= 3.3); Debian's
# update-distcc-symlinks makes the links for gcc and clang, this one is atomc's
# (tests/driver/test_build_engines.py runs a local distccd).
if [ -d /usr/lib/distcc ] && [ ! -e /usr/lib/distcc/atomc ]; then
  $SUDO ln -s ../../bin/distcc /usr/lib/distcc/atomc
fi

# The venv is made with Debian's own interpreter (/usr/bin/python3, CPython 3.11, the one
# python3-lldb-22's module is built for), not the first python3 on PATH. Debian builds it
# with profile-guided and link-time optimisation and libpython linked in; a Python built
# from source without them (pyenv's, first on PATH on this project's CI image) runs
# atomc's compiles in 13-16% more instructions (callgrind: deflate.c at -O0 -g 1183M ->
# 1029M, an empty file 362M -> 305M). Elsewhere, the first python3 on PATH.
PY=python3
if /usr/bin/python3 -c 'import sys, venv; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then
  PY=/usr/bin/python3
fi
if [ -x .venv/bin/python ] && [ "$(.venv/bin/python -c 'import sys; print(sys.base_prefix)')" \
    != "$("$PY" -c 'import sys; print(sys.base_prefix)')" ]; then
  echo "install: .venv was made with another Python; making it again with $PY"
  rm -rf .venv
fi
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
# The `atomc` console script pip writes imports `re` (to strip a Windows suffix from
# argv[0]): 24M instructions at every command, 40% of what a served compile's client
# costs (callgrind, 60M -> 36M). And every process's `site` step computes the same
# sys.path again (the .pth files, setuptools' _distutils_hack): 4.7M more of an empty
# compile's 380M. The launcher written here has neither: it starts the interpreter
# with -S and appends the entries `site` adds, while the files `site` reads keep their
# recorded modification times (src/atomc/server/launcher.py).
.venv/bin/python -m atomc.server.launcher .venv/bin/atomc
# Byte-compile atomc once. An editable install leaves that to the first import, and where
# PYTHONDONTWRITEBYTECODE is set (CI images, this project's sandboxes) no import ever
# writes it, so every compiler run would compile ~260 modules from source again: 0.72 s
# of CPU for a one-line file instead of 0.21 s (`time atomc -c t.c`).
.venv/bin/python -m compileall -q -j 2 src >/dev/null

# The compiled copy of the compiler (issue 13): mypyc compiles the lowering to IR, the
# IR, the optimiser, the back end and the DWARF writer to C extensions in build/compiled
# (scripts/build_compiled.py, one library per package; about 5 min of CPU the first
# time, under a minute after most edits). `atomc` runs it instead of src/ while it is
# as fresh as src/ (src/atomc/compiled_copy.py); per process it compiles zlib and Lua
# at -O2 -g in 2.1-2.2x gcc's CPU where pure Python takes 3.2x (session 28).
# ATOMC_COMPILED=0 skips the build
# (and makes atomc run the pure package).
if [ "${ATOMC_COMPILED:-1}" != 0 ] && ! .venv/bin/python -c '
import sys; sys.path.insert(0, "src")
from atomc.compiled_copy import default_copy, is_fresh, source_root
sys.exit(0 if is_fresh(default_copy(), source_root()) else 1)'; then
  echo "install: compiling atomc with mypyc into build/compiled (log: build/compiled.log)"
  mkdir -p build
  if ! .venv/bin/python scripts/build_compiled.py --jobs "$(nproc)" >build/compiled.log 2>&1; then
    tail -n 30 build/compiled.log >&2
    echo "install: error: the mypyc build failed (build/compiled.log)" >&2
    exit 1
  fi
fi

# Debian sources of real C programs for tests/realworld, unpacked once into
# ${ATOMC_SRC_CACHE:-~/.cache/atomc-debsrc}, never into the repo: zlib, Lua and sqlite3
# here (every run builds them); the other packages of tests/realworld/packages.py are
# fetched by the tests themselves when the rotation picks them. A deb-src entry mirroring the machine's own
# Debian entries is added if none exists. Without network this only warns: those tests
# then skip.
SOURCES="zlib lua5.4 sqlite3"
if ! .venv/bin/python tests/realworld/debsrc.py --cached $SOURCES >/dev/null 2>&1; then
  if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
        | $SUDO tee /etc/apt/sources.list.d/atomc-src.sources >/dev/null
    elif [ -f /etc/apt/sources.list ]; then
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list \
        | $SUDO tee /etc/apt/sources.list.d/atomc-src.list >/dev/null
    fi
  fi
  $SUDO apt-get update -qq || true
  .venv/bin/python tests/realworld/debsrc.py $SOURCES \
    || echo "install.sh: warning: Debian sources not fetched; tests/realworld will skip" >&2
fi
