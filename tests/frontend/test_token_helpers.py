"""The parser's own token helpers (`_peek`, `_peek_type`, `_advance`, `_accept` in
frontend/parse.py read the token buffer directly) must parse exactly as
pycparser's, which go through `_TokenStream`: the same trees for valid programs,
the same diagnostic for a program cut off at the end of input."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from pycparser.c_parser import CParser

from atomc.diag import CompileAborted, DiagnosticEngine
from atomc.frontend import parse

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "tests" / "frontend" / "programs").glob("*.c")) + \
    [ROOT / "bench" / "programs" / n for n in ("interp.c", "lz.c")]


class _StreamParser(parse._Parser):
    """The same parser with pycparser's token helpers."""

    _peek = CParser._peek
    _peek_type = CParser._peek_type
    _advance = CParser._advance
    _accept = CParser._accept


def _tree(parser_class: type, text: str) -> str:
    out = io.StringIO()
    parser_class().parse(text, "t.c").show(buf=out, attrnames=True, nodenames=True,
                                           showcoord=True)
    return out.getvalue()


def _preprocessed(path: Path) -> str:
    return subprocess.run(["gcc", "-E", "-std=gnu11", str(path)], capture_output=True,
                          text=True, check=True).stdout


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_same_tree_as_pycparser_helpers(path: Path) -> None:
    text = _preprocessed(path)
    assert _tree(parse._Parser, text) == _tree(_StreamParser, text)


def _diagnostic(parser_class: type, text: str, monkeypatch: pytest.MonkeyPatch) -> list:
    monkeypatch.setattr(parse, "_Parser", parser_class)
    diags = DiagnosticEngine(out=io.StringIO())
    with pytest.raises(CompileAborted):
        parse.parse_c(text, "t.c", diags)
    return [(d.severity, d.span, d.message) for d in diags.diagnostics]


@pytest.mark.parametrize("text", ["int f(void) { return 1 +", "int x = (", "struct s { int a;"])
def test_same_diagnostic_at_end_of_input(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ours = _diagnostic(parse._Parser, text, monkeypatch)
    assert ours and ours == _diagnostic(_StreamParser, text, monkeypatch)
