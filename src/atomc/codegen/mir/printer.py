"""The textual form of machine IR, for --print-mir-after, debugging and golden
tests (`print_mfunction`; one instruction: `format_minst`)."""

from __future__ import annotations

from .core import DbgMeta, MFunction, MIFlag, MInst

__all__ = ["format_minst", "print_mfunction"]


def print_mfunction(mf: MFunction) -> str:
    """A stable, human-readable dump (`--print-after-all` style)."""
    out = [f"mfunction @{mf.name} {{"]
    for i, s in enumerate(mf.slots):
        where = f" fixed {s.fixed_offset}" if s.fixed_offset is not None else ""
        off = f" cfa{s.cfa_offset:+d}" if s.cfa_offset is not None else ""
        out.append(f"  stack.{i}: {s.kind} size {s.size} align {s.align}{where}{off}"
                   + (f" ; {s.name}" if s.name else ""))
    for b in mf.blocks:
        out.append(f"bb.{b.number}:")
        for inst in b.insts:
            out.append("  " + format_minst(inst))
    out.append("}")
    return "\n".join(out) + "\n"


def format_minst(inst: MInst) -> str:
    text = inst.opcode
    if inst.operands:
        text += " " + ", ".join(str(o) for o in inst.operands)
    if inst.opcode in ("INLINEASM", "jmptab"):
        text += f" ; {inst.meta}"
    if inst.opcode == "CFI" or (inst.opcode == "DBG_VALUE" and inst.meta is not None) or inst.opcode == "DBG_INSTR_REF" and inst.meta is not None:
        text += f" ; {_meta_text(inst.meta)}"
    if inst.flags & MIFlag.FRAME_SETUP:
        text = "frame-setup " + text
    if inst.flags & MIFlag.FRAME_DESTROY:
        text = "frame-destroy " + text
    if inst.instr_num:
        text += f" debug-instr-number {inst.instr_num}"
    if inst.implicit_uses:
        text += " implicit " + ",".join("$" + r for r in inst.implicit_uses)
    if inst.implicit_defs:
        text += " implicit-def " + ",".join("$" + r for r in inst.implicit_defs)
    if inst.loc is not None:
        text += f" :{inst.loc.line}:{inst.loc.column}"
    return text


def _meta_text(meta: object) -> str:
    if isinstance(meta, str):
        return meta
    if isinstance(meta, DbgMeta):
        return f"{meta.var.name} {meta.expr}"
    return repr(meta)
