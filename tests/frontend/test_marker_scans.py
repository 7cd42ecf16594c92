"""The front end's whole-text scans for cpp's line markers (preprocess.py's
`preprocessed_lines` and `system_headers`, parse_cache's `layout`) find the markers
with one search that skips ahead (`MarkerSearch`) and place the lines between two
markers as one slice. These check them, over real cpp output and hand-made edge
cases, against what they computed before: the lines by the line-by-line
definition (written out here), the system headers and the layout with the plain
multiline search put back; and count that `layout` reads no marker past the main
file's first line."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from atomc.diag import DiagnosticEngine
from atomc.frontend import parse_cache
from atomc.frontend.preprocess import (
    MarkerSearch,
    preprocessed_lines,
    run_cpp,
    system_headers,
)
from atomc.options import CompileOptions

HERE = Path(__file__).resolve().parent
# the module (the package's `preprocess` attribute is the driver's function)
preprocess = importlib.import_module("atomc.frontend.preprocess")

# the reference definitions: one regex step per line, `^` tried everywhere
_LINE = re.compile(r'^# (\d+) "((?:[^"\\]|\\.)*)"((?: \d)*)\s*$')
_ANY = re.compile(r'^# \d+ "((?:[^"\\]|\\.)*)"((?: \d)*)$', re.MULTILINE)
_CACHE = re.compile(r'^# \d+ "((?:[^"\\\n]|\\.)*)"((?: [1-4])*)[ \t]*$', re.MULTILINE)


def _unescape(name: str) -> str:
    return re.sub(r"\\(.)", r"\1", name)


def reference_lines(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    lines: list[str] | None = None
    no = 0
    for s in text.split("\n"):
        m = _LINE.match(s) if s.startswith("# ") else None
        if m is not None:
            lines = out.setdefault(_unescape(m.group(2)), [])
            no = int(m.group(1))
            continue
        if lines is not None and no > 0:
            lines.extend([""] * (no - len(lines)))
            lines[no - 1] = s
        no += 1
    return out


class _MultilineSearch:
    """`MarkerSearch`'s interface over the plain multiline regex it replaced."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern

    def finditer(self, text: str) -> Iterator[tuple[int, re.Match[str]]]:
        for m in self.pattern.finditer(text):
            yield m.start(), m


def reference_layout_markers(text: str) -> list[tuple[int, str, str]]:
    return [(m.start(), m.group(1), m.group(2)) for m in _CACHE.finditer(text)]


EDGE_CASES = [
    "",
    "int x;\n",
    '# 1 "a.c"',
    '# 1 "a.c"\n',
    '# 0 "a.c"\nx\ny\n# 5 "b\\"q.h" 1 3\nz\n\n# 3 "a.c" 2\nw',
    '# 1 "a.c"\n# 2 "a.c"\n# 7 "a.c"\nq\n#  x\n# 1 "a.c" 3 \t\nr\n# 9 "a.c" 12\n',
    'pre\n# 2 "a.c"\nA\nB\n# 1 "a.c"\nC\n# 4 "a\\\\b.h" 1 3 4\n\n\nD',
    '# 0 "a.c"\n# 1 "s.h" 1 3\nint s;\n# 2 "a.c" 3\nNULL\n# 2 "a.c"\nint m;\n',
    '# 0 "a.c"\r\n# 1 "x.h" 1\r\ny\n# 1 "a.c" 2\nz # 1 "q.h"\n',
]


@pytest.fixture(scope="module")
def cpp_texts() -> list[str]:
    texts = []
    for src in sorted((HERE / "programs").glob("*.c")):
        texts.append(run_cpp(str(src), CompileOptions(), DiagnosticEngine()))
    return texts + EDGE_CASES


def test_lines_match_the_line_by_line_definition(cpp_texts: list[str]) -> None:
    for text in cpp_texts:
        assert preprocessed_lines(text) == reference_lines(text), text[:120]


def reference_system_headers(text: str, main_file: str) -> frozenset[str]:
    """`system_headers` as it was written with its own multiline search."""
    found: set[str] = set()
    first: str | None = None
    markers = list(_ANY.finditer(text))
    for i, m in enumerate(markers):
        if first is None:
            first = m.group(1)
        flags = m.group(2).split()
        if "3" not in flags:
            continue
        nxt = markers[i + 1] if i + 1 < len(markers) else None
        if "1" not in flags and "2" not in flags and nxt is not None and \
                nxt.group(1) == m.group(1) and "3" not in nxt.group(2).split():
            continue
        found.add(m.group(1))
    found.discard(main_file)
    if first is not None:
        found.discard(first)
    return frozenset(found)


def test_system_headers_match_a_multiline_search(cpp_texts: list[str]) -> None:
    mains = ("a.c", "", "s.h")
    found = [system_headers(text, main) for text in cpp_texts for main in mains]
    assert found == [reference_system_headers(text, main)
                     for text in cpp_texts for main in mains]
    assert sum(bool(f) for f in found) >= 5


def test_one_marker_search_per_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """The parse cache's layout, the system headers and the files' lines each
    searched the whole text for line markers (three searches, each about 3M
    instructions on zlib's deflate.c); the front end now searches once and
    hands them the list, which gives each what its own search gave."""
    from atomc.frontend.driver import compile_preprocessed

    src = HERE / "programs" / "system_headers.c"
    text = run_cpp(str(src), CompileOptions(), DiagnosticEngine())
    markers = preprocess.line_markers(text)
    assert parse_cache.layout(text, markers) == parse_cache.layout(text)
    searches = [0]
    real = MarkerSearch.finditer

    def counting(self, t):  # type: ignore[no-untyped-def]
        searches[0] += t is text
        return real(self, t)

    monkeypatch.setattr(MarkerSearch, "finditer", counting)
    compile_preprocessed(text, str(src), CompileOptions(), DiagnosticEngine())
    assert searches[0] == 1


def test_layout_from_the_shared_markers(cpp_texts: list[str]) -> None:
    for text in cpp_texts:
        lay = parse_cache.layout(text, preprocess.line_markers(text))
        assert lay == parse_cache.layout(text), text[:120]


def test_marker_search_finds_what_a_multiline_search_finds(cpp_texts: list[str]) -> None:
    search = MarkerSearch(r'# \d+ "([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"((?: [1-4])*+)[ \t]*+$')
    for text in cpp_texts:
        found = [(at, m.group(1), m.group(2)) for at, m in search.finditer(text)]
        assert found == reference_layout_markers(text)


def test_layout_matches_a_multiline_search(cpp_texts: list[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    found = [parse_cache.layout(text) for text in cpp_texts]
    monkeypatch.setattr(parse_cache, "_MARKERS", _MultilineSearch(_CACHE))
    assert found == [parse_cache.layout(text) for text in cpp_texts]
    assert sum(lay is not None and len(lay.boundaries) > 2 for lay in found) >= 5


def test_layout_reads_no_marker_past_the_main_file(monkeypatch: pytest.MonkeyPatch) -> None:
    headers = "".join(f'# 1 "h{i}.h" 1\nint h{i};\n# 2 "a.c" 2\n' for i in range(20))
    after = "".join(f'# {i} "t{i}.h" 1\nint t{i};\n# {i} "a.c" 2\nint m{i};\n'
                    for i in range(500))
    text = '# 0 "a.c"\n' + headers + "int main_first;\n" + after
    read = [0]
    real = parse_cache._MARKERS

    class Counting:
        def finditer(self, t: str):  # type: ignore[no-untyped-def]
            for found in real.finditer(t):
                read[0] += 1
                yield found

    monkeypatch.setattr(parse_cache, "_MARKERS", Counting())
    lay = parse_cache.layout(text)
    assert lay is not None and lay.limit == text.index("int main_first")
    # the first marker, two per header, the main file's and the one after it
    assert read[0] <= 1 + 2 * 20 + 2
