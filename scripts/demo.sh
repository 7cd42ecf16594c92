#!/usr/bin/env bash
# Installs everything, compiles examples/demo.c with atomc, and shows a gdb
# session on it: break in a function, step and next through it, print
# variables, backtrace through three frames, finish with a return value; then
# writes atomc-explain's page for it (the path is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
export PATH="$PWD/.venv/bin:$PATH"
OPT="${1:--O0}"
out="$(mktemp -d)"
echo "== atomc $OPT -g examples/demo.c -o $out/demo"
atomc "$OPT" -g examples/demo.c -o "$out/demo"
echo "== running it"
"$out/demo"
echo "== gdb session"
gdb -q -batch -nx \
  -ex "break manhattan" -ex "run" \
  -ex "bt" -ex "info args" \
  -ex "next" -ex "next" -ex "info locals" \
  -ex "finish" \
  -ex "next" -ex "next" -ex "info locals" -ex "print path[i]" -ex "print scale" \
  -ex "continue" \
  "$out/demo" 2>&1 | grep -v -E '^\[(Thread|Inferior)|libthread_db|^Using host'
echo "== atomc-explain: what the optimiser did to each line and what gdb sees there"
page="${TMPDIR:-/tmp}/atomc-demo-explain.html"
atomc-explain "$OPT" examples/demo.c -o "$page"
atomc-explain "$OPT" --format=text --function=walk examples/demo.c | head -n 12
echo "   (the whole report for every function: open $page in a browser)"
echo "== llvm-dwarfdump-22 --verify"
llvm-dwarfdump-22 --verify "$out/demo" | tail -n 1
rm -rf "$out"
