"""The text of an inline `asm` in the assembly: its template with the operands
instruction selection placed (isel/inline_asm.py) substituted, as gcc prints it."""

from __future__ import annotations

from collections.abc import Callable

from ....diag import InternalCompilerError
from ....ir.inline_asm import OperandRef, TemplateError, parse_template
from ...mir import Mem, MInst
from ...mir.core import AsmMeta, AsmOperand, AsmOperandKind
from ..registers import SUFFIX, reg_name

__all__ = ["format_inline_asm"]

_HIGH_BYTE = {"rax": "ah", "rbx": "bh", "rcx": "ch", "rdx": "dh"}


def format_inline_asm(mi: MInst, unique: int) -> str:
    """The template with its operands substituted, between gcc's #APP markers."""
    from .printer import format_mem  # it imports this module

    meta = mi.meta
    assert isinstance(meta, AsmMeta)
    try:
        pieces = parse_template(meta.template, len(meta.operands))
    except TemplateError as e:  # the front end diagnoses templates it generates
        raise InternalCompilerError(f"bad asm template: {e}", where="isel (inline asm)") \
            from None
    out: list[str] = []
    for p in pieces:
        if isinstance(p, str):
            out.append(p)
            continue
        if p.index < 0:
            out.append(str(unique))  # %=
            continue
        o = meta.operands[p.index]
        out.append(_operand_text(o, p, mi, format_mem))
    return "#APP\n\t" + "".join(out) + "\n\t#NO_APP"


def _operand_text(o: AsmOperand, p: OperandRef, mi: MInst,
                  format_mem: Callable[[Mem], str]) -> str:
    mod = p.modifier
    if o.kind is AsmOperandKind.IMM:
        if mod in ("c", "P", "a"):
            return str(o.value)
        if mod == "n":
            return str(-o.value)
        return f"${o.value}"
    if o.kind is AsmOperandKind.MEM:
        m = mi.operands[o.index]
        assert isinstance(m, Mem)
        return format_mem(m)
    size = {"k": 4, "q": 8, "w": 2, "b": 1}.get(mod, o.size)
    if mod == "z":
        return SUFFIX[o.size]
    if mod == "h":
        return "%" + _HIGH_BYTE.get(o.reg, reg_name(o.reg, 1))
    name = reg_name(o.reg, size)
    if mod == "V":
        return name
    if mod == "a":
        return f"(%{reg_name(o.reg, 8)})"
    return "%" + name
