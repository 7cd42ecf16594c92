"""The verifier's report: the module's IR with each error under the line it concerns.

Apart from the rules (verifier.py) because it only prints; the IR it prints is IR the
rules found broken, so every print is guarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .printer import IRPrinter

if TYPE_CHECKING:
    from .function import Module
    from .verifier import VerifierError


def annotate(m: Module, errors: list[VerifierError]) -> str:
    """The module's IR with `; error: ...` lines under each offending line (a comment,
    so the text still parses)."""
    by_where: dict[int, list[str]] = {}
    placed: set[int] = set()
    for e in errors:
        by_where.setdefault(id(e.where), []).append(f"; error: {e}")
    out: list[str] = []
    p = IRPrinter()

    def emit(line: str, obj: object) -> None:
        out.append(line)
        key = id(obj)
        if obj is not None and key in by_where and key not in placed:
            placed.add(key)
            out.extend(by_where[key])

    quoted = m.source_filename.replace("\\", "\\\\").replace('"', '\\"')
    out.append(f'source_filename = "{quoted}"')
    if m.cu is not None:
        out.append(f"compile_unit {p.md.ref(m.cu)}")
    if id(None) in by_where:  # module-level errors
        placed.add(id(None))
        out.extend(by_where[id(None)])
    for g in m.globals.values():
        try:
            emit(p.global_(g), g)
        except Exception as exc:  # noqa: BLE001 - broken IR must still be reported
            emit(f"; (cannot print @{g.name}: {exc})", g)
    for fn in m.functions.values():
        out.append("")
        try:
            lines = p.function(fn).rstrip("\n").split("\n")
        except Exception as exc:  # noqa: BLE001
            emit(f"; (cannot print @{fn.name}: {exc})", fn)
            for e in errors:
                if e.function is fn and id(e.where) not in placed:
                    out.append(f"; error: {e}")
            continue
        objs: list[object] = [fn]
        if not fn.is_declaration:
            for b in fn.blocks:
                objs.append(b)
                for inst in b.insts:
                    objs.extend(inst.dbg_records)
                    objs.append(inst)
            objs.append(None)
        for line, obj in zip(lines, objs, strict=False):
            emit(line, obj)
        for e in errors:  # objects that are not printed (e.g. detached blocks)
            if e.function is fn and id(e.where) not in placed:
                out.append(f"; error: {e}")
    for e in errors:  # errors about objects outside the module's lists
        if id(e.where) not in placed and e.function is None:
            out.append(f"; error: {e}")
    if p.md.defs:
        out.append("")
        out.extend(p.md.defs)
    return "\n".join(out) + "\n"
