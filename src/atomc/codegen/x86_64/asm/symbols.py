"""Symbol-level assembler directives from IR attributes: binding (`.globl`,
`.weak`), visibility (`.hidden`, `.protected`, `.internal`: the attribute, or
-fvisibility= for definitions), and the `.init_array`/`.fini_array` entries
of constructors and destructors. Sections are chosen in `sections`.
"""

from __future__ import annotations

from ....ir.function import Module
from ..pic import Symbol, SymbolPolicy


def binding(sym: Symbol, policy: SymbolPolicy, defined: bool = True) -> list[str]:
    out = []
    name = sym.name
    if "weak" in sym.attrs:
        out.append(f"\t.weak\t{name}")
    elif defined and not sym.internal:
        out.append(f"\t.globl\t{name}")
    vis = policy.visibility(sym)
    if vis != "default" and not sym.internal:
        out.append(f"\t.{vis}\t{name}")
    return out


def declaration_directives(module: Module, policy: SymbolPolicy) -> list[str]:
    """Weak or non-default-visibility references to symbols defined elsewhere
    (an undefined weak symbol resolves to address 0 instead of failing the link)."""
    out: list[str] = []
    symbols: list[Symbol] = [*module.functions.values(), *module.globals.values()]
    for sym in symbols:
        if sym.is_declaration and (sym.attrs & {"weak"} or policy.visibility(sym) != "default") \
                and any(not u.is_debug for u in sym.uses):
            out.extend(binding(sym, policy, defined=False))
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
