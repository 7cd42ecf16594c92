#!/usr/bin/env bash
# Installs everything atomc needs on a Debian 12 machine: the system toolchain
# (binutils, gcc, gdb, LLVM/Clang/LLDB 22) and atomc itself in ./.venv.
# Safe to run again; it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

PKGS="binutils gcc make gdb lldb-22 python3-lldb-22 clang-22 llvm-22 csmith libcsmith-dev python3 python3-venv python3-dev"
missing=""
for p in $PKGS; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq $missing >/dev/null
fi

# The lldb Python module of python3-lldb-22 is built for CPython 3.11.
PY=python3
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
