"""Fixtures for the DWARF writer tests: the sample unit assembled into an object."""

from __future__ import annotations

from pathlib import Path

import dwarf_sample
import pytest
from dwarf_helpers import assemble

from atomc.dwarf.writer import debug_sections
from atomc.options import CompileOptions


@pytest.fixture(scope="module")
def sample_object(tmp_path_factory: pytest.TempPathFactory) -> tuple[dwarf_sample.Sample, Path]:
    d = tmp_path_factory.mktemp("sample")
    dwarf_sample.write_sources(str(d))
    s = dwarf_sample.build(str(d))
    text = debug_sections(s.module, s.functions, s.files, CompileOptions(debug=True))
    s_path = d / "sample.s"
    s_path.write_text(s.assembly(text))
    return s, assemble(s_path)
