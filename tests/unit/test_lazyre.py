"""Patterns few compiles use are compiled on first use (atomc/lazyre.py): a tiny
compile compiles none of them, and a LazyPattern answers as re's pattern does."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from atomc import lazyre

ROOT = Path(__file__).resolve().parents[2]

# (module, name) of the patterns a compile of a small plain file never uses
LAZY = [("atomc.frontend.preprocess", n)
        for n in ("_CPP_MSG", "_TOOL_MSG", "_CONTEXT", "GCC_BANNER", "_MISSING")] + [
    ("atomc.frontend.identifiers", "_EXTENDED_ID"), ("atomc.frontend.identifiers", "_ASCII_ID"),
    ("atomc.frontend.identifiers", "_PIECE"), ("atomc.frontend.imaginary", "_SUFFIX"),
    ("atomc.frontend.imaginary", "_HEX_INT"), ("atomc.frontend.optimize_attr", "_PRAGMA"),
    ("atomc.frontend.optimize_attr", "_PRAGMA_ARG"), ("atomc.frontend.float_consts", "_NAME"),
    ("atomc.frontend.sema.common", "PACK_BUILTIN"), ("atomc.driver.run", "_SAFE")]

_PROBE = r"""
import importlib, json, re, sys
from atomc.driver import main
status = main(sys.argv[2:])
compiled = {key[1] for key in re._cache}
used = []
for module, name in json.loads(sys.argv[1]):
    if getattr(importlib.import_module(module), name).pattern in compiled:
        used.append(name)
print(json.dumps([status, used]))
"""


def test_a_small_compile_compiles_none_of_them(tmp_path: Path) -> None:
    src = tmp_path / "t.c"
    src.write_text("int x = 3;\nint main(void) { return x - 3; }\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep
           + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(LAZY), "-O0", "-g", "-c",
                           str(src), "-o", str(tmp_path / "t.o")], env=env, capture_output=True,
                          text=True, check=True)
    assert json.loads(done.stdout) == [0, []]


def test_lazy_pattern_answers_as_re() -> None:
    before = lazyre.counters.compiled
    lazy = lazyre.compile(r"(?P<w>[a-z]+)(\d*)", re.IGNORECASE)
    assert lazyre.counters.compiled == before  # not yet
    plain = re.compile(r"(?P<w>[a-z]+)(\d*)", re.IGNORECASE)
    text = "ab12 CD x9 --"
    for args in ((text,), (text, 3), (text, 1, 6)):
        assert repr(lazy.match(*args)) == repr(plain.match(*args))
        assert repr(lazy.search(*args)) == repr(plain.search(*args))
        assert repr(lazy.fullmatch(*args)) == repr(plain.fullmatch(*args))
        assert lazy.findall(*args) == plain.findall(*args)
        assert [m.span() for m in lazy.finditer(*args)] == [m.span() for m in plain.finditer(*args)]
    assert lazy.sub(r"<\g<w>>", text) == plain.sub(r"<\g<w>>", text)
    assert lazy.sub("-", text, 1) == plain.sub("-", text, 1)
    assert lazy.pattern == plain.pattern
    assert lazyre.counters.compiled == before + 1
    assert lazy.compiled() is lazy.compiled()
