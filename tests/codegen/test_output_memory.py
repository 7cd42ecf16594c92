"""The assembly text is held a function at a time, and written a piece at a time.

sqlite3's amalgamation at -O2 -g prints 3.1 million lines (75 MB); held as one
string per line until the end, then joined, then encoded whole, they were the
compile's peak of memory (issue 13: under 1 GB). These tests count what is held,
never time or memory."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from atomc.codegen import generate_assembly
from atomc.codegen.x86_64.asm import printer
from atomc.diag import DiagnosticEngine
from atomc.driver import outputs
from atomc.frontend import compile_to_ir
from atomc.options import CompileOptions
from atomc.pipeline import optimise


def _functions(n: int) -> str:
    body = "".join(f"int f{i}(int a, int b) {{ int s = a; for (int k = 0; k < b; k++) "
                   f"s = s * 3 + k; return s ^ {i}; }}\n" for i in range(n))
    return body + "int main(void) { return f0(1, 2); }\n"


def test_writer_keeps_one_string_per_function(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Between functions the writer holds one joined chunk per function printed,
    not one string per line; the text is the same as joining the lines."""
    held: list[tuple[int, int]] = []  # (chunks, loose lines) after each function
    real = printer.AsmWriter.function

    def function(self: printer.AsmWriter, *args: object, **kw: object) -> None:
        real(self, *args, **kw)  # type: ignore[arg-type]
        held.append((len(self.chunks), len(self.lines)))

    monkeypatch.setattr(printer.AsmWriter, "function", function)
    src = tmp_path / "t.c"
    src.write_text(_functions(12))
    opts = CompileOptions(opt_level=2, debug=True)
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    optimise(module, opts)
    text = generate_assembly(module, opts)
    assert held == [(n, 0) for n in range(1, 14)]
    assert "\n\n" in text and text.endswith("\n") and "f11:" in text


@pytest.mark.parametrize("size", [0, 5, outputs.PIECE - 1, outputs.PIECE, 3 * outputs.PIECE + 7])
def test_pieces_encode_like_the_whole_text(size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Non-ASCII characters and undecodable source bytes (surrogate escapes) that
    fall across a piece boundary come out as the whole text's encoding would."""
    monkeypatch.setattr(outputs, "PIECE", 4)  # boundaries everywhere
    unit = "é\udcff€a"
    text = (unit * (size // len(unit) + 1))[:size]
    buf = io.BytesIO()
    outputs._write_pieces(buf, text)
    assert buf.getvalue() == text.encode("utf-8", errors="surrogateescape")


def test_write_text_writes_every_piece(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outputs, "PIECE", 3)
    text = "\t.text\nmain:\n\tret\n# \udcfe é\n"
    out = tmp_path / "t.s"
    outputs.write_text(str(out), text)
    assert out.read_bytes() == text.encode("utf-8", errors="surrogateescape")
