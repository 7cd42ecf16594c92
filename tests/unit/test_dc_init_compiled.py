"""In the compiled copy (scripts/build_compiled.py) the dataclasses' `__init__`s are
compiled code: the step (tools/dcinit.py) wrote them into the copy's sources. Before
it, every object of a compiled dataclass ran the `__init__` that `dataclasses`
generates, Python code (~1,900-4,400 instructions an object). Skips when there is
no compiled build or it is stale, as tests/test_compiled.py does."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from atomc.tools import dcinit

ROOT = Path(__file__).resolve().parents[2]
TREE = Path(os.environ.get("ATOMC_COMPILED_DIR", ROOT / "build" / "compiled")).resolve()


def _state() -> str | None:
    """Why the compiled build cannot be tested, or None."""
    stamp = TREE / "atomc" / "COMPILED"
    if not stamp.exists():
        return f"no compiled build in {TREE} (python scripts/build_compiled.py)"
    spec = importlib.util.spec_from_file_location("build_compiled",
                                                  ROOT / "scripts" / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    if stamp.read_text().strip() != script.source_hash(ROOT / "src" / "atomc"):
        return f"compiled build in {TREE} is stale (python scripts/build_compiled.py)"
    return None


pytestmark = pytest.mark.skipif(_state() is not None, reason=_state() or "")


def _run(code: str, *args: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("ATOMC_SERVER", "ATOMC_COMPILED")}
    env |= {"PYTHONPATH": str(TREE), "ATOMC_SERVER": "off"}
    return subprocess.run([sys.executable, "-c", code, *args], env=env, check=True,
                          capture_output=True, text=True).stdout.splitlines()


def test_written_inits_are_compiled() -> None:
    """Each class the step rewrites has, compiled, a native `__init__` (the slot
    wrapper of its compiled one), not the Python function dataclasses makes."""
    tree = dcinit.Tree(ROOT / "src")
    classes = [(tree.module_name(rel), w.qualname) for rel in _modules()
               for w in dcinit.rewrite_module(tree, tree.module_name(rel)).written]
    assert len(classes) > 150
    code = """if True:
        import importlib, json, sys
        out = []
        for module, qualname in json.loads(sys.argv[1]):
            obj = importlib.import_module(module)
            for part in qualname.split("."):
                obj = getattr(obj, part)
            out.append([module, qualname, type(vars(obj)["__init__"]).__name__])
        print(json.dumps(out))
    """
    kinds = json.loads(_run(code, json.dumps(classes))[0])
    assert len(kinds) == len(classes)
    assert [k for k in kinds if k[2] != "wrapper_descriptor"] == []


def _modules() -> list[str]:
    import runpy

    script = runpy.run_path(str(ROOT / "scripts" / "build_compiled.py"))  # not run as main
    rels = script["modules"](ROOT / "src" / "atomc", list(script["PACKAGES"]))
    return [r for r in rels if r not in script["EXCLUDE"]]


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_compile_runs_no_generated_init_of_a_compiled_class(level: str, tmp_path: Path) -> None:
    """A whole compile (in one process, under a profile hook) calls no Python
    `__init__` that dataclasses generated for a compiled class (thousands before:
    every type, position, statement and location the compile made)."""
    code = """if True:
        import sys
        from atomc.driver import main
        calls = {}
        def hook(frame, event, arg):
            c = frame.f_code
            if event == "call" and c.co_name == "__init__" and c.co_filename == "<string>":
                cls = type(frame.f_locals.get(c.co_varnames[0]))
                if hasattr(cls, "__mypyc_attrs__"):
                    calls[cls.__qualname__] = calls.get(cls.__qualname__, 0) + 1
        sys.setprofile(hook)
        status = main(sys.argv[1:])
        sys.setprofile(None)
        print(status, sum(calls.values()), sorted(calls.items(), key=lambda kv: -kv[1])[:5])
    """
    out = _run(code, level, "-g", "-c", str(ROOT / "bench" / "programs" / "hash.c"),
               "-o", str(tmp_path / "hash.o"))
    assert out[-1] == "0 0 []", out
