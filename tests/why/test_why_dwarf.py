"""The vendor encoding of "why is it optimized out?" (docs/why-optimized-out.md):
`DW_AT_atomc_why` (0x3f10) on the variables that have ranges without location,
pointing into `.debug.atomc_why`; `llvm-dwarfdump-22 --verify` stays clean with
it; `.text` is the same with and without `-g`; the records decode to the ranges
and reasons the source implies."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

PROGRAMS = Path(__file__).parent / "programs"
DATA = Path(__file__).resolve().parents[2] / "src" / "atomc" / "data"
DWARFDUMP = shutil.which("llvm-dwarfdump-22")
CASES = sorted(p.name for p in PROGRAMS.glob("*.c"))


def _compile(src: Path, out: Path, *flags: str) -> Path:
    subprocess.run([sys.executable, "-m", "atomc", "-O2", *flags, str(src), "-o", str(out)],
                   check=True)
    return out


@pytest.mark.skipif(DWARFDUMP is None, reason="llvm-dwarfdump-22 is not installed")
@pytest.mark.parametrize("program", CASES)
def test_verify_is_clean_with_the_vendor_attribute(program: str, tmp_path: Path) -> None:
    assert DWARFDUMP is not None
    for what, out in (("object", _compile(PROGRAMS / program, tmp_path / "p.o", "-g", "-c")),
                      ("executable", _compile(PROGRAMS / program, tmp_path / "p", "-g"))):
        done = subprocess.run([DWARFDUMP, "--verify", str(out)], capture_output=True,
                              text=True, check=False)
        assert done.returncode == 0 and "No errors." in done.stdout, (what, done.stdout)
        info = subprocess.run([DWARFDUMP, "--debug-info", str(out)], capture_output=True,
                              text=True, check=True).stdout
        assert re.search(r"DW_AT_unknown_3f10\s+\(0x[0-9a-f]+\)", info), what


@pytest.mark.parametrize("program", CASES)
def test_text_is_the_same_without_g(program: str, tmp_path: Path) -> None:
    def text(obj: Path) -> bytes:
        raw = tmp_path / (obj.name + ".text")
        subprocess.run(["objcopy", "-O", "binary", "--only-section=.text", str(obj), str(raw)],
                       check=True)
        return raw.read_bytes()

    with_g = _compile(PROGRAMS / program, tmp_path / "g.o", "-g", "-c")
    without = _compile(PROGRAMS / program, tmp_path / "n.o", "-c")
    assert text(with_g) == text(without)
    names = subprocess.run(["readelf", "-S", "-W", str(without)], capture_output=True,
                           text=True, check=True).stdout
    assert ".debug.atomc_why" not in names


def _reader() -> ModuleType:
    """The reader as the debuggers load it: a top-level module from data/."""
    sys.path.insert(0, str(DATA))
    try:
        import atomc_why_reader
    finally:
        sys.path.remove(str(DATA))
    return atomc_why_reader


def test_records_decode_to_the_reasons(tmp_path: Path) -> None:
    reader = _reader()
    DEAD, NOT_YET, WhyIndex = reader.DEAD, reader.NOT_YET, reader.WhyIndex
    binary = _compile(PROGRAMS / "dead.c", tmp_path / "dead", "-g")
    index = WhyIndex(str(binary))
    try:
        start = index.symbol_address("work")
        assert start is not None and index.has_records
        by_name = {v.name: v for v in index.variables_at(start + 1)}
        assert set(by_name) == {"n", "sq", "t", "u"}
        # a parameter located from its entry on, in its register and then in the
        # sign extension the division reads; where its entry value stands in (that
        # register overwritten by line 6's division), that reason is kept for a
        # debugger that cannot resolve the entry value
        assert [(e.code, e.line) for e in by_name["n"].entries] == [(DEAD, 6)]
        sq = by_name["sq"].entries
        # dead over the whole body after the prologue: one range ending at the end
        assert [(e.code, e.line) for e in sq][-1] == (DEAD, 5)
        t = by_name["t"].entries
        assert [(e.code, e.line) for e in t] == [(NOT_YET, 6), (DEAD, 8)]
        assert t[0].high <= t[1].low  # ordered, not overlapping
    finally:
        index.close()


def test_the_frame_named_by_the_debugger_picks_the_scope(tmp_path: Path) -> None:
    """At the first instruction of an inlined call gdb and lldb show the caller's
    frame (the call line): named so, the reader answers for the caller's
    variables, not the callee's."""
    WhyIndex = _reader().WhyIndex
    binary = _compile(PROGRAMS / "inlined.c", tmp_path / "inlined", "-g")
    index = WhyIndex(str(binary))
    try:
        assert index.dwarf is not None
        starts = [index._ranges(d, cu)[0][0] for cu in index.dwarf.iter_CUs()
                  for d in cu.iter_DIEs() if d.tag == "DW_TAG_inlined_subroutine"]
        assert starts
        at = starts[0]
        callee = {v.name for v in index.variables_at(at)}
        assert {"v", "lo", "hi", "sq"} <= callee and "r" not in callee
        caller = {v.name for v in index.variables_at(at, 0, "work")}
        assert "r" in caller and "sq" not in caller
        assert {v.name for v in index.variables_at(at, 0, "clampsq")} == callee
        assert {v.name for v in index.variables_at(at, 0, "unknown")} == callee
    finally:
        index.close()


def _sections(path: Path) -> str:
    return subprocess.run(["readelf", "-S", "-W", str(path)], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.skipif(shutil.which("dwz") is None, reason="dwz is not installed (debhelper's)")
def test_packaging_tools_take_the_section(tmp_path: Path) -> None:
    """Debian's dh_dwz runs dwz on every binary a package ships, and dh_strip splits the
    debug information off with objcopy: neither may choke on the vendor section or lose
    it (dwz stops on a `.debug_*` name it does not know, which broke the
    `dpkg-buildpackage` of an atomc-built package)."""
    binary = _compile(PROGRAMS / "dead.c", tmp_path / "dead", "-g")
    lib = _compile(PROGRAMS / "dead.c", tmp_path / "libdead.so", "-g", "-fPIC", "-shared")
    for path in (binary, lib):
        done = subprocess.run(["dwz", str(path)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
    reader = _reader()
    index = reader.WhyIndex(str(binary))
    try:
        start = index.symbol_address("work")
        assert start is not None and index.has_records
        sq = {v.name: v for v in index.variables_at(start + 1)}["sq"].entries
        assert [(e.code, e.line) for e in sq][-1] == (reader.DEAD, 5)
    finally:
        index.close()
    debug, stripped = tmp_path / "dead.debug", tmp_path / "dead.stripped"
    subprocess.run(["objcopy", "--only-keep-debug", str(binary), str(debug)], check=True)
    subprocess.run(["strip", "-g", "-o", str(stripped), str(binary)], check=True)
    kept = [ln for ln in _sections(debug).splitlines() if reader.SECTION in ln]
    assert kept and "NOBITS" not in kept[0]
    assert reader.SECTION not in _sections(stripped)
