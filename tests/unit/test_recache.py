"""The cache of compiled patterns' code (atomc/recache.py): a warm process parses
no pattern of atomc or its parser, its pattern objects equal the ones `re` makes,
and a corrupt, stale or unwritable cache only costs the compiles."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from atomc import recache

ROOT = Path(__file__).resolve().parents[2]

# imports what a compile imports (pycparser's lexer, atomc's fast lexer and
# preprocessor), compiles the lazy patterns of the preprocessor's module, then prints
# the counters
_PROBE = r"""
import json
import atomc.driver.run, atomc.frontend.parse, atomc.frontend.preprocess
from atomc import recache
from atomc.frontend import preprocess
for p in vars(preprocess).values():
    if hasattr(p, "compiled") and hasattr(p, "pattern"):
        p.compiled()
print(json.dumps({"hits": recache.stats.hits, "compiled": recache.stats.compiled,
                  "decoded": recache.stats.decoded, "installed": recache._installed}))
"""


def _probe(cache: str, script: str = _PROBE) -> dict[str, object]:
    env = {**os.environ, recache.ENV_VAR: cache,
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


needs_known_version = pytest.mark.skipif(
    sys.version_info[:2] not in recache.KNOWN_VERSIONS,
    reason="the hook is only installed where re's compiler is known")


@needs_known_version
def test_warm_process_parses_no_pattern(tmp_path: Path) -> None:
    cache = str(tmp_path / "re.marshal")
    cold = _probe(cache)
    assert cold["installed"] and isinstance(cold["compiled"], int) and cold["compiled"] > 10
    assert Path(cache).is_file()
    warm = _probe(cache)
    assert warm["compiled"] == 0
    assert warm["hits"] == cold["compiled"] + cold["hits"]


@needs_known_version
def test_cached_patterns_equal_the_plain_ones(tmp_path: Path) -> None:
    """Pattern equality compares flags, pattern text and the generated code."""
    cache = tmp_path / "re.marshal"
    _probe(str(cache))
    entries = recache.load(str(cache))
    assert len(entries) > 10
    import _sre
    import re

    for (pattern, flags), entry in entries.items():
        plain = re._compiler.compile(pattern, flags)  # type: ignore[attr-defined]
        assert _sre.compile(pattern, *entry) == plain, pattern
        cached = _sre.compile(pattern, *entry)
        assert cached.groupindex == plain.groupindex and cached.groups == plain.groups
        assert cached.flags == plain.flags


@needs_known_version
@pytest.mark.parametrize("content", [b"", b"\x00garbage", b"\xff" * 64])
def test_corrupt_cache_is_rebuilt(tmp_path: Path, content: bytes) -> None:
    cache = tmp_path / "re.marshal"
    _probe(str(cache))
    cache.write_bytes(content)
    assert recache.load(str(cache)) == {}
    assert isinstance(n := _probe(str(cache))["compiled"], int) and n > 10
    assert _probe(str(cache))["compiled"] == 0


@needs_known_version
def test_other_interpreters_cache_is_ignored(tmp_path: Path) -> None:
    cache = tmp_path / "re.marshal"
    _probe(str(cache))
    entries = recache.load(str(cache))
    assert entries
    cache.write_bytes(marshal.dumps(("atomc-regex-cache 2\0other python",
                                     {k: marshal.dumps(v) for k, v in entries.items()})))
    assert recache.load(str(cache)) == {}
    assert isinstance(n := _probe(str(cache))["compiled"], int) and n > 10


@needs_known_version
def test_unwritable_cache_falls_back(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    cache = blocker / "re.marshal"  # its directory is a regular file
    assert not recache.save(str(cache), {})
    for _ in range(2):
        assert isinstance(n := _probe(str(cache))["compiled"], int) and n > 10


def test_off_leaves_re_alone() -> None:
    done = subprocess.run(
        [sys.executable, "-c",
         "import re, atomc.driver; from atomc import recache; "
         "print(recache._installed, re._compiler.compile.__module__)"],
        env={**os.environ, recache.ENV_VAR: "off"}, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "re._compiler"]


@needs_known_version
def test_only_atomc_patterns_are_cached(tmp_path: Path) -> None:
    """A pattern of another module (here the script's own) is compiled by `re`
    alone and kept out of the file every compile loads."""
    cache = tmp_path / "re.marshal"
    script = ("import re, atomc.driver.run, atomc.frontend.parse\n"
              "re.compile('zebra_pattern_4711+')\n"
              "print('{}')\n")
    _probe(str(cache), script)
    patterns = [p for p, _ in recache.load(str(cache))]
    assert patterns and "zebra_pattern_4711+" not in patterns


@needs_known_version
def test_the_file_keeps_at_most_max_entries(tmp_path: Path) -> None:
    """Entries a process did not use go once the file would pass MAX_ENTRIES."""
    cache = tmp_path / "re.marshal"
    _probe(str(cache))
    used = recache.load(str(cache))
    filler = {(f"x{i}", 0): next(iter(used.values())) for i in range(recache.MAX_ENTRIES)}
    assert recache.save(str(cache), filler)
    _probe(str(cache))
    kept = recache.load(str(cache))
    assert set(kept) == set(used)


@needs_known_version
def test_a_process_unmarshals_only_the_entries_it_uses(tmp_path: Path) -> None:
    """The file's other entries (other commands', other tests') stay bytes."""
    cache = tmp_path / "re.marshal"
    _probe(str(cache))
    used = recache.load(str(cache))
    some = next(iter(used.values()))
    others = {(f"other_pattern_{i}", 0): some for i in range(50)}
    assert recache.save(str(cache), {**others, **used})
    assert len(recache.load_blobs(str(cache))) == len(used) + 50
    warm = _probe(str(cache))
    assert warm["compiled"] == 0 and warm["hits"] == len(used)
    assert warm["decoded"] == len(used)


def test_a_damaged_entry_is_compiled_again(tmp_path: Path) -> None:
    cache = tmp_path / "re.marshal"
    _probe(str(cache))
    blobs = recache.load_blobs(str(cache))
    key = next(iter(blobs))
    blobs[key] = b"\x00garbage"
    assert recache.save(str(cache), {}, blobs)
    assert key not in recache.load(str(cache))
    again = _probe(str(cache))
    assert again["compiled"] == 1
    assert key in recache.load(str(cache))
