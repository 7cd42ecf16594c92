"""The mypyc-compiled atomc (scripts/build_compiled.py, in build/compiled or
$ATOMC_COMPILED_DIR) writes byte for byte the assembly the pure-Python atomc
writes, at -O0 -g and -O2 -g, on programs that exercise the whole back end.

mypyc changes how the same source runs (early-bound calls, annotations checked at
run time, native integers), so a difference here is a bug in one of the two:
usually an annotation that does not hold. Skips when there is no compiled build or
when it was built from other sources than src/ (rebuild it); CI builds it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREE = Path(os.environ.get("ATOMC_COMPILED_DIR", ROOT / "build" / "compiled")).resolve()
PROGRAMS = ("interp.c", "lz.c", "bignum.c", "dp.c", "hash.c")
LEVELS = ("-O0", "-O2")


def _build_script() -> ModuleType:
    """scripts/build_compiled.py, for its source hash."""
    spec = importlib.util.spec_from_file_location("build_compiled",
                                                  ROOT / "scripts" / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _state() -> str | None:
    """Why the compiled build cannot be tested, or None."""
    stamp = TREE / "atomc" / "COMPILED"
    if not stamp.exists():
        return f"no compiled build in {TREE} (python scripts/build_compiled.py)"
    if stamp.read_text().strip() != _build_script().source_hash(ROOT / "src" / "atomc"):
        return f"compiled build in {TREE} is stale (python scripts/build_compiled.py)"
    return None


pytestmark = pytest.mark.skipif(_state() is not None, reason=_state() or "")


def _env(path: Path) -> dict[str, str]:
    """Run atomc from `path`, each compile in a process of its own (not through the
    session's compile server, which runs the pure compiler)."""
    env = {k: v for k, v in os.environ.items() if k != "ATOMC_SERVER"}
    return env | {"PYTHONPATH": str(path)}


def test_compiled_modules_are_loaded() -> None:
    """The compiled copy really runs native code for the back end."""
    code = "import atomc.codegen.regalloc.linear as m, atomc.ir.insts as i; " \
           "print(m.__file__); print(i.__file__)"
    out = subprocess.run([sys.executable, "-c", code], env=_env(TREE), check=True,
                         capture_output=True, text=True).stdout.split()
    assert all(f.endswith(".so") and f.startswith(str(TREE)) for f in out), out


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", PROGRAMS)
def test_same_assembly(name: str, level: str, tmp_path: Path) -> None:
    src = ROOT / "bench" / "programs" / name
    asm = {}
    for label, path in (("pure", ROOT / "src"), ("compiled", TREE)):
        out = tmp_path / f"{label}.s"
        subprocess.run([sys.executable, "-m", "atomc", level, "-g", "-S", str(src),
                        "-o", str(out)], env=_env(path), check=True)
        asm[label] = out.read_bytes()
    assert asm["pure"] == asm["compiled"]
