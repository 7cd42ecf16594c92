"""Which section each function, jump table and object goes to, as gcc-12
places them (`default_elf_select_section` and its unique-section names).

Data with address constants: when the output is position independent the
dynamic linker must relocate those words, so gcc keeps them out of
`.rodata` and `.data` in sections the linker can group and then make
read-only (RELRO): `.data.rel.ro` for read-only objects, `.data.rel` for
writable ones, each with a `.local` variant when every address in the object
binds locally (the relocation is then a cheap R_X86_64_RELATIVE).

-ffunction-sections / -fdata-sections give every function and object its
own section named after it (`.text.f`, `.data.x`, `.bss.y`, `.rodata.z`,
`.data.rel.ro.local.t`, `.tdata.v`), so `ld --gc-sections` can drop the
unused ones; a switch table goes to `.rodata.f` beside its function.

Tentative definitions (`int x;` with no initialiser) are common symbols
(`.comm`) only under -fcommon or `__attribute__((common))`; gcc 12's default
-fno-common makes them ordinary `.bss` definitions, so two units defining the
same one fail to link.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....ir.function import TENTATIVE, THREAD_LOCAL, Function, Global, Module, SymRef, Zeros
from ....options import CompileOptions
from ..pic import SymbolPolicy


@dataclass(frozen=True, slots=True)
class Placement:
    """Where an object goes: a section directive, or a `.comm` common symbol.
    `zero_fill`: the bytes are all zero and the section is @nobits."""

    directive: str | None
    zero_fill: bool = False

    @property
    def common(self) -> bool:
        return self.directive is None


def code_section(fn: Function, opts: CompileOptions) -> str:
    if fn.section:
        return f'\t.section\t{fn.section},"ax",@progbits'
    if opts.function_sections:
        return f'\t.section\t.text.{fn.name},"ax",@progbits'
    return "\t.text"


def jump_table_section(fn: Function, opts: CompileOptions) -> str:
    if opts.function_sections and not fn.section:
        return f'\t.section\t.rodata.{fn.name},"a",@progbits'
    return "\t.section\t.rodata"


def is_zero(g: Global) -> bool:
    return all(isinstance(it, Zeros) or (isinstance(it, bytes) and not any(it))
               for it in g.init or [])


def relocations(g: Global, module: Module, policy: SymbolPolicy) -> str:
    """"": no address constants; "local": all bind locally; "global": some may not."""
    kind = ""
    for it in g.init or []:
        if not isinstance(it, SymRef):
            continue
        target = module.symbol(it.name)
        if target is not None and not policy.binds_locally(target):
            return "global"
        kind = "local"
    return kind


def data_placement(g: Global, module: Module, policy: SymbolPolicy,
                   opts: CompileOptions) -> Placement:
    zero = is_zero(g)
    reloc = relocations(g, module, policy)
    unique = f".{g.name}" if opts.data_sections and not g.name.startswith(".L") else ""
    if g.section:
        # read-only unless written or relocated (a relocated constant in a
        # read-only section would need text relocations in a PIE)
        flags = "a" if g.constant and not reloc else "aw"
        if THREAD_LOCAL in g.attrs:
            flags += "T"
        nobits = g.section.startswith((".bss", ".tbss"))
        return Placement(f'\t.section\t{g.section},"{flags}",'
                         + ("@nobits" if nobits else "@progbits"))
    if THREAD_LOCAL in g.attrs:
        if zero:
            return Placement(f'\t.section\t.tbss{unique},"awT",@nobits', zero_fill=True)
        return Placement(f'\t.section\t.tdata{unique},"awT",@progbits')
    if zero and not g.constant and _is_common(g, opts):
        return Placement(None)
    pic = policy.position_independent
    if g.constant:
        if reloc and pic:
            local = ".local" if reloc == "local" else ""
            return Placement(f'\t.section\t.data.rel.ro{local}{unique},"aw"')
        return Placement(f'\t.section\t.rodata{unique},"a"' if unique else "\t.section\t.rodata")
    if zero:
        return Placement(f'\t.section\t.bss{unique},"aw",@nobits' if unique else "\t.bss",
                         zero_fill=True)
    if reloc and pic:
        local = ".local" if reloc == "local" else ""
        return Placement(f'\t.section\t.data.rel{local}{unique},"aw"')
    return Placement(f'\t.section\t.data{unique},"aw"' if unique else "\t.data")


def _is_common(g: Global, opts: CompileOptions) -> bool:
    if g.internal or "nocommon" in g.attrs or "weak" in g.attrs:
        return False
    return "common" in g.attrs or (opts.common and TENTATIVE in g.attrs)
