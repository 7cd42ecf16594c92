"""Work the -O0 back end does once rather than per instruction (issue 13,
compile time): counted, never timed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from atomc.codegen import generate_assembly
from atomc.codegen.mir import MBlock, MFunction, MInst
from atomc.diag import DiagnosticEngine
from atomc.frontend import compile_to_ir
from atomc.ir.function import Module
from atomc.options import CompileOptions

_SOURCE = """
int g(int);
int f(int a, int b) {
    int s = 0;
    for (int i = 0; i < a; i++) {
        int t = i * b + s;
        s += g(t) ^ (t >> 3);
    }
    return s + a * b;
}
"""


def _module(tmp: Path, opts: CompileOptions) -> Module:
    src = tmp / "f.c"
    src.write_text(_SOURCE)
    return compile_to_ir(str(src), opts, DiagnosticEngine())


def test_fast_allocator_walks_the_code_once(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The -O0 allocator rewrites the debug references of the instructions it
    listed while rewriting the blocks, without a second walk over every
    instruction of the function."""
    opts = CompileOptions(opt_level=0, debug=True)
    module = _module(tmp_path, opts)
    walks = 0
    plain = MFunction.instructions

    def counted(self: MFunction) -> Iterator[tuple[MBlock, MInst]]:
        nonlocal walks
        walks += 1
        return plain(self)

    import atomc.codegen.regalloc.fast as fast
    allocate = fast.allocate

    def allocate_counted(mf: MFunction) -> None:
        monkeypatch.setattr(MFunction, "instructions", counted)
        try:
            allocate(mf)
        finally:
            monkeypatch.setattr(MFunction, "instructions", plain)

    monkeypatch.setattr(fast, "allocate", allocate_counted)
    text = generate_assembly(module, opts)
    assert "f:" in text and "DBG" not in text
    assert walks == 0, f"the -O0 allocator walked the function's code {walks} more time(s)"


def test_o0_printer_formats_a_repeated_instruction_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At -O0 the same load or store (same opcode, same slot and register
    operands) repeats within a function: its text is formatted once."""
    import atomc.codegen.x86_64.asm.printer as printer
    opts = CompileOptions(opt_level=0, debug=True)
    src = tmp_path / "r.c"
    src.write_text("int f(int a, int b) {\n    int s = 0;\n"
                   + "    s += a * b;\n" * 8 + "    return s;\n}\n")
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    plain = printer.format_inst
    calls = 0

    def counted(mi: MInst, texts: dict[int, str] | None = None) -> str:
        nonlocal calls
        calls += 1
        return plain(mi, texts)

    monkeypatch.setattr(printer, "format_inst", counted)
    text = generate_assembly(module, opts)
    body = text[text.index("f:"):text.index(".Lfunc_end0:")]
    printed = sum(1 for line in body.splitlines()
                  if line.startswith("\t") and not line.startswith("\t."))
    assert printed > 20
    assert calls < 0.8 * printed, f"{calls} instruction texts formatted for {printed} printed"


def _fast_scans(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                reads: list[int] | None = None) -> list[object]:
    """Compile `_SOURCE` at -O0 -g; the -O0 allocator's scans (and, in `reads`,
    how many times it read an instruction's operands)."""
    import atomc.codegen.regalloc.fast as fast
    opts = CompileOptions(opt_level=0, debug=True)
    module = _module(tmp_path, opts)
    scans: list[object] = []
    scan = fast.scan_function

    def kept(mf: MFunction, pool: frozenset[str]) -> object:
        fs = scan(mf, pool)
        scans.append(fs)
        return fs

    monkeypatch.setattr(fast, "scan_function", kept)
    if reads is not None:
        plain = fast.FastAllocator._read

        def counted(self: object, *args: object) -> object:
            reads.append(1)
            return plain(self, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(fast.FastAllocator, "_read", counted)
    assert "f:" in generate_assembly(module, opts)
    return scans


def test_fast_scan_makes_no_container_for_what_an_instruction_lacks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Most instructions write no pool register and open or close no reservation:
    the scan shares one empty value for those (and for no 32-bit write) instead
    of making a list per instruction (four lists each before)."""
    refs = [ir for fs in _fast_scans(tmp_path, monkeypatch)
            for bs in fs.blocks for ir in bs.refs if ir is not None]  # type: ignore[attr-defined]
    assert len(refs) > 20
    for field in ("pdefs", "puses", "w32", "release", "reserve"):
        empty = {id(getattr(ir, field)) for ir in refs if not getattr(ir, field)}
        made = sum(1 for ir in refs if getattr(ir, field))
        assert len(empty) <= 1, f"{len(empty)} empty {field} containers made"
        assert made < len(refs), field


def test_fast_allocator_reads_only_instructions_that_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An instruction that only writes (a load from a slot, a constant) gets no
    pass over the registers it reads."""
    reads: list[int] = []
    refs = [ir for fs in _fast_scans(tmp_path, monkeypatch, reads)
            for bs in fs.blocks for ir in bs.refs if ir is not None]  # type: ignore[attr-defined]
    reading = sum(1 for ir in refs if ir.uses)
    assert reading < sum(1 for ir in refs if ir.uses or ir.defs)
    assert len(reads) == reading


def test_printer_numbers_a_row_file_once_per_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A function's `.loc` rows name the same file in turn: the printer asks the
    file table for its number when the file changes, not once per row."""
    from atomc.dwarf.files import FileTable
    opts = CompileOptions(opt_level=0, debug=True)
    module = _module(tmp_path, opts)
    plain = FileTable.number
    calls = 0

    def counted(self: FileTable, f: object) -> int:
        nonlocal calls
        calls += 1
        return plain(self, f)  # type: ignore[arg-type]

    import atomc.codegen.x86_64.asm.printer as printer
    write_loc = printer.AsmWriter.loc
    locs = 0

    def loc_counted(self: printer.AsmWriter, row: object, files: FileTable) -> None:
        nonlocal locs
        locs += 1
        monkeypatch.setattr(FileTable, "number", counted)
        try:
            write_loc(self, row, files)  # type: ignore[arg-type]
        finally:
            monkeypatch.setattr(FileTable, "number", plain)

    monkeypatch.setattr(printer.AsmWriter, "loc", loc_counted)
    text = generate_assembly(module, opts)
    assert text.count("\t.loc\t") == locs > 10
    assert calls == 1, f"{calls} file-number look-ups for {locs} rows"


def test_fast_allocator_reads_register_classes_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The -O0 allocator takes the function's vector registers from the target in
    one call, instead of asking the class of each register it allocates."""
    import atomc.codegen.regalloc.fast as fast
    from atomc.codegen.x86_64.target import X86_64Target
    opts = CompileOptions(opt_level=0, debug=True)
    src = tmp_path / "v.c"
    src.write_text("double f(double a, double b, int n) {\n    double s = a;\n"
                   "    for (int i = 0; i < n; i++)\n        s = s * b + i;\n"
                   "    return s;\n}\n")
    module = compile_to_ir(str(src), opts, DiagnosticEngine())
    asked = 0
    plain_one = X86_64Target.is_vector_vreg
    plain_all = X86_64Target.vector_vregs

    def one(self: X86_64Target, mf: MFunction, vreg: int) -> bool:
        nonlocal asked
        asked += 1
        return plain_one(self, mf, vreg)

    def every(self: X86_64Target, mf: MFunction) -> object:
        nonlocal asked
        asked += 1
        return plain_all(self, mf)

    allocate = fast.allocate

    def allocate_counted(mf: MFunction) -> None:
        monkeypatch.setattr(X86_64Target, "is_vector_vreg", one)
        monkeypatch.setattr(X86_64Target, "vector_vregs", every)
        try:
            allocate(mf)
        finally:
            monkeypatch.setattr(X86_64Target, "is_vector_vreg", plain_one)
            monkeypatch.setattr(X86_64Target, "vector_vregs", plain_all)

    monkeypatch.setattr(fast, "allocate", allocate_counted)
    text = generate_assembly(module, opts)
    assert "mulsd" in text
    assert asked == 1, f"the allocator asked the target {asked} times for register classes"


def test_fast_scan_keeps_no_per_block_index_tables(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where each virtual register is last named in a block the allocator reads
    off the block's `InstRefs` into its function-wide lists as it starts the
    block: the scan makes one dict per block (the fixed registers' writes), not
    two more of boxed indices that the allocator then copied over."""
    blocks = [bs for fs in _fast_scans(tmp_path, monkeypatch)
              for bs in fs.blocks]  # type: ignore[attr-defined]
    assert len(blocks) > 2
    for bs in blocks:
        tables = [name for name in type(bs).__slots__
                  if isinstance(getattr(bs, name, None), dict)]
        assert tables == ["fixed"], tables


def test_isel_takes_edges_without_arguments_straight(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At -O0 no edge passes block arguments: the selection of a jump or branch
    does not go through the parallel copy and its x87 half for nothing."""
    import atomc.codegen.x86_64.isel.x87 as x87
    opts = CompileOptions(opt_level=0, debug=True)
    module = _module(tmp_path, opts)
    edges = [s for fn in module.functions.values() for b in fn.blocks
             if b.insts for s in b.insts[-1].succs]
    assert edges and not any(s.args for s in edges)
    plain = x87.X87Lowering.edge_copies
    calls = 0

    def counted(self: x87.X87Lowering, succ: object) -> None:
        nonlocal calls
        calls += 1
        plain(self, succ)  # type: ignore[arg-type]

    monkeypatch.setattr(x87.X87Lowering, "edge_copies", counted)
    assert "f:" in generate_assembly(module, opts)
    assert calls == 0, f"{calls} parallel copies made for edges passing nothing"
