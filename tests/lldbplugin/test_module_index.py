"""The lldb plugin's unit index (atomc_lldb_blocks.ModuleModel): which compile unit
holds an address, the way gdb finds it, without reading every unit's top DIE.

A system library's separate debug file (libc6-dbg's libc has 2,063 units) made the
plugin's first stop inside libc take seconds when the index read every unit's top
DIE and line program header; `.debug_aranges` answers for the units it lists."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import atomc.data

sys.path.insert(0, str(Path(atomc.data.__file__).parent))
import atomc_lldb_blocks  # noqa: E402
from elftools.dwarf.compileunit import CompileUnit  # noqa: E402
from elftools.elf.elffile import ELFFile  # noqa: E402

UNITS = {
    "one.c": "int one(int x) { return x + 1; }\n",
    "two.c": "int two(int x) { return x * 2; }\nint twice(int x) { return two(two(x)); }\n",
    "main.c": "int one(int); int twice(int);\nint main(void) { return one(twice(3)) - 13; }\n",
}
LIBC_DEBUG = Path("/usr/lib/debug/.build-id")


def _build(cc: list[str], tmp_path: Path) -> Path:
    if shutil.which(cc[0]) is None:
        pytest.skip(f"{cc[0]} is not installed")
    for name, text in UNITS.items():
        (tmp_path / name).write_text(text)
    exe = tmp_path / f"prog-{cc[0]}"
    subprocess.run([*cc, "-g", "-O1", *(str(tmp_path / n) for n in UNITS), "-o", str(exe)],
                   check=True, capture_output=True)
    return exe


def _functions(exe: Path) -> dict[str, tuple[int, str]]:
    """Each defined function's address and the name of the unit defining it."""
    with exe.open("rb") as f:
        dwarf = ELFFile(f).get_dwarf_info()
        out: dict[str, tuple[int, str]] = {}
        for cu in dwarf.iter_CUs():
            top = cu.get_top_DIE()
            unit = Path(top.attributes["DW_AT_name"].value.decode()).name
            for die in top.iter_children():
                attrs = die.attributes
                wanted = {"DW_AT_low_pc", "DW_AT_name"}
                if die.tag == "DW_TAG_subprogram" and wanted <= attrs.keys():
                    name = attrs["DW_AT_name"].value.decode()
                    out[name] = (int(attrs["DW_AT_low_pc"].value), unit)
        return out


class _CountTopDies:
    """Counts the units whose top DIE is read (the index's per-unit work)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.units: set[int] = set()
        original = CompileUnit.get_top_DIE

        def counted(cu: CompileUnit):  # type: ignore[no-untyped-def]
            self.units.add(cu.cu_offset)
            return original(cu)

        monkeypatch.setattr(CompileUnit, "get_top_DIE", counted)


@pytest.mark.parametrize("cc", [["gcc"], ["clang-22"], ["atomc"]], ids=lambda c: c[0])
def test_every_function_is_found_in_its_unit(cc: list[str], tmp_path: Path) -> None:
    """gcc and atomc write .debug_aranges; clang-22 does not (top DIE ranges)."""
    exe = _build(cc, tmp_path)
    model = atomc_lldb_blocks.ModuleModel(str(exe))
    try:
        for name, (addr, unit) in _functions(exe).items():
            cu = model.cu_for(addr)
            assert cu is not None and Path(cu.name).name == unit, name
        assert model.cu_for(0) is None
    finally:
        model.close()


def test_units_listed_in_aranges_are_not_read_to_index(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    exe = _build(["gcc"], tmp_path)
    counter = _CountTopDies(monkeypatch)
    model = atomc_lldb_blocks.ModuleModel(str(exe))
    try:
        assert model.dwarf is not None and model.dwarf.get_aranges() is not None
        assert counter.units == set(), "the index read units that .debug_aranges lists"
        model.cu_for(_functions(exe)["twice"][0])
        assert len(counter.units) >= 1  # the unit asked for, read on demand
    finally:
        model.close()


def test_units_without_aranges_are_indexed_by_their_top_die(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exe = _build(["clang-22"], tmp_path)
    counter = _CountTopDies(monkeypatch)
    model = atomc_lldb_blocks.ModuleModel(str(exe))
    try:
        assert len(counter.units) == len(UNITS)
    finally:
        model.close()


def test_libc_debug_file_reads_only_units_missing_from_aranges(
        monkeypatch: pytest.MonkeyPatch) -> None:
    libc = Path("/lib/x86_64-linux-gnu/libc.so.6")
    if not libc.exists():
        pytest.skip("no libc.so.6")
    build_id = ELFFile(libc.open("rb")).get_section_by_name(".note.gnu.build-id")
    note = next(iter(build_id.iter_notes())) if build_id is not None else None
    if note is None:
        pytest.skip("libc has no build id")
    debug = LIBC_DEBUG / note["n_desc"][:2] / f"{note['n_desc'][2:]}.debug"
    if not debug.exists():
        pytest.skip("libc6-dbg is not installed")
    counter = _CountTopDies(monkeypatch)
    model = atomc_lldb_blocks.ModuleModel(str(debug))
    try:
        assert model.dwarf is not None
        aranges = model.dwarf.get_aranges()
        listed = {e.info_offset for e in aranges.entries if e.length > 0} if aranges else set()
        assert counter.units == set(model._offsets) - listed
        assert len(counter.units) < len(model._offsets) // 10
    finally:
        model.close()


@pytest.mark.parametrize("cc", [["gcc"], ["atomc"]], ids=lambda c: c[0])
def test_a_line_breakpoint_reads_only_the_units_naming_its_file(
        cc: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`b two.c:2` reads two.c's unit in full and no other (gdb expands only the units
    whose line table lists the file); with libc6-dbg's libc and ld.so loaded, reading
    every unit made one such breakpoint take 28 s of CPU."""
    exe = _build(cc, tmp_path)
    read: list[str] = []
    original = atomc_lldb_blocks._CuReader.read

    def counted(self):  # type: ignore[no-untyped-def]
        model = original(self)
        read.append(Path(model.name).name)
        return model

    monkeypatch.setattr(atomc_lldb_blocks._CuReader, "read", counted)
    model = atomc_lldb_blocks.ModuleModel(str(exe))
    try:
        [cu] = model.cus_naming("two.c")
        assert read == ["two.c"]
        assert cu.lines.stmt_pcs(cu.lines.files_matching("two.c")[0], 2)
        assert model.cus_naming(str(tmp_path / "one.c"))[0].lines.files_matching("one.c")
        assert not any(c.lines.files_matching("three.c") for c in model.cus_naming("three.c"))
        assert sorted(read) == ["one.c", "two.c"]  # main.c's unit never read
    finally:
        model.close()
