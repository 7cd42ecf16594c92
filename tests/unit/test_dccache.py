"""The cache of dataclasses' generated code (atomc/dccache.py): a warm process
compiles no generated text, its methods are the ones plain dataclasses makes, and
a corrupt, stale or unwritable cache only costs the compiles."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from atomc import dccache

ROOT = Path(__file__).resolve().parents[2]

# imports what a compile imports, then prints the counters and, for every dataclass
# of atomc, what each generated method's code is
_PROBE = r"""
import dataclasses, json, sys
import atomc.driver.run, atomc.pipeline
from atomc import dccache

def code_key(c):
    consts = tuple(code_key(k) if hasattr(k, "co_code") else repr(k) for k in c.co_consts)
    return [c.co_code.hex(), c.co_names, c.co_varnames, c.co_freevars, consts,
            c.co_filename, c.co_name, c.co_qualname, c.co_firstlineno, c.co_flags]

methods = {}
for name, mod in sorted(sys.modules.items()):
    if not name.startswith("atomc"):
        continue
    for cls in list(vars(mod).values()):
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name:
            for meth in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__",
                         "__delattr__", "__lt__", "__getstate__"):
                fn = vars(cls).get(meth)
                if getattr(fn, "__code__", None) is not None \
                        and fn.__code__.co_filename == "<string>":
                    methods[f"{name}.{cls.__qualname__}.{meth}"] = code_key(fn.__code__)
print(json.dumps({"hits": dccache.stats.hits, "compiled": dccache.stats.compiled,
                  "installed": dccache._installed, "methods": methods}))
"""


def _probe(cache: str) -> dict[str, object]:
    env = {**os.environ, dccache.ENV_VAR: cache,
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True,
                          text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


needs_known_version = pytest.mark.skipif(
    sys.version_info[:2] not in dccache.KNOWN_VERSIONS,
    reason="the hook is only installed where dataclasses' generator is known")


@needs_known_version
def test_warm_process_compiles_no_generated_text(tmp_path: Path) -> None:
    cache = str(tmp_path / "dc.marshal")
    cold = _probe(cache)
    assert cold["installed"] and cold["compiled"] > 100 and Path(cache).exists()
    warm = _probe(cache)
    assert warm["compiled"] == 0
    assert warm["hits"] == cold["compiled"] + cold["hits"]


@needs_known_version
def test_cached_methods_are_the_plain_ones(tmp_path: Path) -> None:
    cache = str(tmp_path / "dc.marshal")
    _probe(cache)
    warm = _probe(cache)
    plain = _probe("off")
    assert plain["installed"] is False and plain["hits"] == plain["compiled"] == 0
    methods = plain["methods"]
    assert isinstance(methods, dict) and len(methods) > 300
    assert warm["methods"] == plain["methods"]


@needs_known_version
@pytest.mark.parametrize("content", [b"", b"\x00garbage", b"\xff" * 64])
def test_corrupt_cache_is_rebuilt(tmp_path: Path, content: bytes) -> None:
    cache = tmp_path / "dc.marshal"
    cache.write_bytes(content)
    first = _probe(str(cache))
    assert first["compiled"] > 100
    assert _probe(str(cache))["compiled"] == 0


@needs_known_version
def test_stale_cache_is_ignored(tmp_path: Path) -> None:
    cache = tmp_path / "dc.marshal"
    _probe(str(cache))
    entries = dccache.load(str(cache))
    assert entries
    import marshal
    cache.write_bytes(marshal.dumps(("atomc-dataclass-cache 0\0other python", entries)))
    assert dccache.load(str(cache)) == {}
    assert _probe(str(cache))["compiled"] > 100


@needs_known_version
def test_unwritable_cache_falls_back(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    cache = blocker / "dc.marshal"  # its directory is a regular file
    assert not dccache.save(str(cache), {})
    assert _probe(str(cache))["compiled"] > 100
    assert _probe(str(cache))["compiled"] > 100


def test_off_leaves_dataclasses_alone() -> None:
    assert _probe("off")["installed"] is False
    done = subprocess.run(
        [sys.executable, "-c",
         "import atomc.driver, dataclasses; print('exec' in vars(dataclasses))"],
        env={**os.environ, dccache.ENV_VAR: "off"}, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


@needs_known_version
def test_only_atomc_classes_are_cached(tmp_path: Path) -> None:
    """A class of another module (here the script's own) is made by the builtin
    exec and kept out of the file every compile loads."""
    cache = tmp_path / "dc.marshal"
    script = ("import atomc.driver, dataclasses\n"
              "from atomc import dccache\n"
              "@dataclasses.dataclass(frozen=True)\n"
              "class NotAtomcs:\n"
              "    zebra_field_4711: int\n"
              "print(dccache.stats.compiled)\n")
    env = {**os.environ, dccache.ENV_VAR: str(cache),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, check=True)
    assert int(done.stdout) > 50  # atomc's own classes were compiled and cached
    texts = dccache.load(str(cache))
    assert texts and not any("zebra_field_4711" in t for t in texts)
