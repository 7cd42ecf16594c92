"""The parser's fingerprint memo (atomc/filedigest.py): the digest is always the
files' content digest, and a process whose files' stats match the memo reads none
of them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from atomc import filedigest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path: Path) -> list[str]:
    dirs = [tmp_path / "a", tmp_path / "b"]
    for i, d in enumerate(dirs):
        d.mkdir()
        (d / "x.py").write_text(f"x = {i}\n")
        (d / "y.py").write_text("y = 'same'\n")
        (d / "notes.txt").write_text("not a source\n")
    return [str(d) for d in dirs]


def _hashed(seed: bytes, dirs: list[str], memo: str | None) -> tuple[bytes, int]:
    before = filedigest.counters.hashed
    value = filedigest.digest(seed, dirs, memo)
    return value, filedigest.counters.hashed - before


def test_memo_spares_the_reading(tree: list[str], tmp_path: Path) -> None:
    memo = str(tmp_path / "memo" / "m.marshal")
    plain = filedigest.content_digest(b"seed", filedigest.sources(tree))
    assert len(filedigest.sources(tree)) == 4
    assert _hashed(b"seed", tree, memo) == (plain, 4)
    assert _hashed(b"seed", tree, memo) == (plain, 0)
    # another seed (another interpreter or format) is not the memo's
    assert _hashed(b"other", tree, memo)[1] == 4


def test_an_edit_and_its_undo(tree: list[str], tmp_path: Path) -> None:
    memo = str(tmp_path / "m.marshal")
    first, _ = _hashed(b"s", tree, memo)
    x = Path(tree[0]) / "x.py"
    x.write_text("x = 9\n")  # same size, new content
    edited, n = _hashed(b"s", tree, memo)
    assert n == 4 and edited != first
    assert edited == filedigest.content_digest(b"s", filedigest.sources(tree))
    x.write_text("x = 0\n")
    assert _hashed(b"s", tree, memo) == (first, 4)
    (Path(tree[1]) / "z.py").write_text("")  # a new file
    assert _hashed(b"s", tree, memo)[0] != first


@pytest.mark.parametrize("content", [b"", b"\x00junk", b"\xff" * 40])
def test_damaged_memo_is_recomputed(tree: list[str], tmp_path: Path, content: bytes) -> None:
    memo = tmp_path / "m.marshal"
    first, _ = _hashed(b"s", tree, str(memo))
    memo.write_bytes(content)
    assert _hashed(b"s", tree, str(memo)) == (first, 4)
    assert _hashed(b"s", tree, str(memo)) == (first, 0)


def test_unwritable_memo_only_costs_the_reading(tree: list[str], tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    memo = str(blocker / "m.marshal")
    first = filedigest.content_digest(b"s", filedigest.sources(tree))
    assert _hashed(b"s", tree, memo) == (first, 4)
    assert _hashed(b"s", tree, memo) == (first, 4)


# opens of the parser's sources during `fingerprint()`, after every import is done
_OPENS = r"""
import json, os, sys
import pycparser, pycparserext
from atomc.frontend import parse_cache
dirs = [os.path.dirname(m.__file__) for m in (parse_cache, pycparser, pycparserext)]
opened = []
def hook(event, args):
    if event == "open" and isinstance(args[0], str) and args[0].endswith(".py") \
            and os.path.dirname(args[0]) in dirs:
        opened.append(args[0])
sys.addaudithook(hook)
value = parse_cache.fingerprint()
print(json.dumps([value.hex(), len(opened)]))
"""


def test_a_warm_compile_reads_no_parser_source(tmp_path: Path) -> None:
    env = {**os.environ, "ATOMC_PARSE_CACHE": str(tmp_path / "parse"),
           "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}

    def run() -> tuple[str, int]:
        done = subprocess.run([sys.executable, "-c", _OPENS], env=env, capture_output=True,
                              text=True, check=True)
        value, opened = json.loads(done.stdout)
        return value, opened

    cold = run()
    assert cold[1] > 20
    assert run() == (cold[0], 0)
