"""Symbol-level assembler directives from IR attributes: binding (`.globl`,
`.weak`), visibility (`.hidden`, `.protected`), user sections, and the
`.init_array`/`.fini_array` entries of constructors and destructors.

A section's flags follow gcc: code is "ax"; data "aw" (writable or
relocated) or "a" (read-only); a `.bss`-prefixed name is @nobits.
"""

from __future__ import annotations

from ...ir.function import Module


def binding(name: str, internal: bool, attrs: set[str]) -> list[str]:
    out = []
    if "weak" in attrs:
        out.append(f"\t.weak\t{name}")
    elif not internal:
        out.append(f"\t.globl\t{name}")
    if "hidden" in attrs:
        out.append(f"\t.hidden\t{name}")
    elif "protected" in attrs:
        out.append(f"\t.protected\t{name}")
    return out


def code_section(fn_section: str | None) -> str:
    if not fn_section:
        return "\t.text"
    return f'\t.section\t{fn_section},"ax",@progbits'


def declaration_directives(module: Module) -> list[str]:
    """Weak or hidden references to symbols defined elsewhere (an undefined weak
    symbol resolves to address 0 instead of failing the link)."""
    out: list[str] = []
    for sym in [*module.functions.values(), *module.globals.values()]:
        if sym.is_declaration and sym.attrs & {"weak", "hidden", "protected"} and \
                any(not u.is_debug for u in sym.uses):
            out.extend(binding(sym.name, True, sym.attrs))
    return out


def init_fini_arrays(module: Module) -> list[str]:
    """One pointer per constructor/destructor, in definition order."""
    out: list[str] = []
    for attr, section in (("constructor", ".init_array"), ("destructor", ".fini_array")):
        fns = [fn for fn in module.functions.values()
               if attr in fn.attrs and not fn.is_declaration]
        if fns:
            out += [f'\t.section\t{section},"aw"', "\t.p2align\t3"]
            out += [f"\t.quad\t{fn.name}" for fn in fns]
    return out
