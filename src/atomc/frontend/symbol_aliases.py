"""GNU attributes that define a symbol as another one, as assembler directives
(what gcc emits): `alias("target")` -> `.set`, `weakref("target")` ->
`.weakref`, `ifunc("resolver")` -> an `@gnu_indirect_function` symbol set to
the resolver, `symver("name@VERSION")` -> `.symver`.

The declaration carrying `alias`/`ifunc` is not a definition of storage of its
own (sema treats such an object as `extern`); its target is kept even when
nothing else refers to it (it gets `used`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pycparser import c_ast

if TYPE_CHECKING:
    from .sema import Sema

ALIAS_ATTRIBUTES = frozenset({"alias", "weakref", "ifunc", "symver"})


@dataclass(frozen=True, slots=True)
class SymbolDirective:
    name: str  # the declared symbol
    kind: str  # one of ALIAS_ATTRIBUTES
    target: str  # target symbol, resolver or versioned name ("" for a bare weakref)
    internal: bool  # declared `static`


def note_directive(sema: Sema, decl: c_ast.Node, kind: str, target: str) -> None:
    name = getattr(decl, "name", None)
    if not name:
        return
    internal = "static" in (getattr(decl, "storage", None) or [])
    sema.symbol_directives.setdefault(name, []).append(
        SymbolDirective(name, kind, target, internal))


def is_alias(sema: Sema, name: str) -> bool:
    """Does the declaration of `name` make it another symbol (no storage of its own)?"""
    return any(d.kind in ("alias", "weakref", "ifunc")
               for d in sema.symbol_directives.get(name, ()))


def directive_lines(sema: Sema) -> list[str]:
    """The directives, one file-scope assembly text per symbol; keep the targets."""
    out: list[str] = []
    for name, directives in sema.symbol_directives.items():
        kinds = {d.kind: d for d in directives}
        sym = sema.scopes.lookup_file(name)
        weak = sym is not None and "weak" in sym.attrs
        internal = any(d.internal for d in directives)
        lines: list[str] = []
        if "weakref" in kinds:
            target = kinds["weakref"].target or (kinds["alias"].target if "alias" in kinds
                                                 else "")
            if target:
                lines.append(f"\t.weakref\t{name},{target}")
                _keep(sema, target)
        elif "alias" in kinds or "ifunc" in kinds:
            d = kinds.get("ifunc") or kinds["alias"]
            if weak:
                lines.append(f"\t.weak\t{name}")
            elif not internal:
                lines.append(f"\t.globl\t{name}")
            if d.kind == "ifunc":
                lines.append(f"\t.type\t{name}, @gnu_indirect_function")
            lines.append(f"\t.set\t{name},{d.target}")
            _keep(sema, d.target)
        if "symver" in kinds:
            lines.append(f"\t.symver\t{name}, {kinds['symver'].target}")
        if lines:
            out.append("\n".join(lines))
    return out


def _keep(sema: Sema, target: str) -> None:
    sym = sema.scopes.lookup_file(target)
    if sym is not None:
        sym.used = True
        sym.attrs.add("used")
