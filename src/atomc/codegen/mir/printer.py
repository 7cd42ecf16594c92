"""The textual form of machine IR, for --print-mir-after, debugging and golden
tests (`print_mfunction`; one instruction: `format_minst`), read back by
`mir.parser` (print -> parse -> print is a fixed point).

A function prints as a header (the frame facts, virtual register widths,
constants, stack objects and debug substitutions), its blocks, and after the
closing brace the debug-info metadata it refers to, in the textual IR's
`!N = DI...(...)` form, numbered in first-use order. An instruction's source
location is `:line:column`, followed by its scope only when that is not the
function's subprogram, by `inlined-at !N`, by `atom GROUP RANK` and by `stmt N`.
"""

from __future__ import annotations

from ...ir.dbgrecords import DbgKind
from ...ir.debuginfo import DILocation
from ...ir.printer import IRPrinter
from ..target import current
from .core import AsmMeta, DbgMeta, JumpTable, MFunction, MIFlag, MInst, quote

__all__ = ["format_minst", "print_mfunction"]

FLAG_WORDS = (("frame-setup", MIFlag.FRAME_SETUP), ("frame-destroy", MIFlag.FRAME_DESTROY),
              ("volatile", MIFlag.VOLATILE))


class _Numbering:
    """The metadata of one function: numbers, definitions, its subprogram."""

    def __init__(self, mf: MFunction) -> None:
        self.md = IRPrinter().md
        self.subprogram = mf.ir.subprogram

    def ref(self, node: object) -> str:
        return self.md.ref(node)


def print_mfunction(mf: MFunction) -> str:
    """A stable, human-readable dump (`--print-after-all` style) that
    `mir.parser.parse_mir` reads back."""
    nums = _Numbering(mf)
    out = [f"mfunction @{mf.name} {{", "  " + _function_line(mf, nums)]
    if mf.callee_saved:
        out.append("  callee-saved: " + ", ".join("$" + r for r in mf.callee_saved))
    if mf.vreg_sizes:
        target = current()
        out.append("  vregs: " + " ".join(f"x{s}" if target.is_vector_vreg(mf, i) else str(s)
                                          for i, s in enumerate(mf.vreg_sizes)))
    for label, image in current().constant_pool(mf).items():
        out.append(f"  float-const {label} = {image.hex()}")
    for i, s in enumerate(mf.slots):
        where = f" fixed {s.fixed_offset}" if s.fixed_offset is not None else ""
        off = f" cfa{s.cfa_offset:+d}" if s.cfa_offset is not None else ""
        extra = (f" arrays {s.arrays}" if s.arrays else "") + \
            (f" phase {s.protect_phase}" if s.protect_phase else "")
        out.append(f"  stack.{i}: {s.kind} size {s.size} align {s.align}{where}{off}{extra}"
                   + (f" ; {s.name}" if s.name else ""))
    for old, (new, subreg) in mf.substitutions.items():
        out.append(f"  substitution {old.instr_num}.{old.operand} -> {new.instr_num}.{new.operand}"
                   + (f" subreg {subreg}" if subreg else ""))
    for b in mf.blocks:
        out.append(f"bb.{b.number}: source-label" if b.source_label else f"bb.{b.number}:")
        for inst in b.insts:
            out.append("  " + format_minst(inst, nums))
    out.append("}")
    out.extend(nums.md.defs)
    return "\n".join(out) + "\n"


def _function_line(mf: MFunction, nums: _Numbering) -> str:
    words = [f"number {mf.number}"]
    if mf.ir.subprogram is not None:
        words.append(f"subprogram {nums.ref(mf.ir.subprogram)}")
    if mf.internal:
        words.append("internal")
    words += [f"frame-pointer {int(mf.frame_pointer)}", f"frame-size {mf.frame_size}",
              f"frame-base-offset {mf.frame_base_offset}", f"max-call-frame {mf.max_call_frame}",
              f"next-instr-num {mf.next_instr_num}", f"next-block {mf.next_block_number}"]
    return "function: " + ", ".join(words)


def format_minst(inst: MInst, nums: _Numbering | None = None) -> str:
    """One instruction. Without `nums` (a function's metadata numbering) the
    debug-info operands are shown by name only, for messages."""
    # most instructions have no flags: skip the IntFlag tests (millions in the test suite)
    text = " ".join([*(w for w, f in FLAG_WORDS if inst.flags & f), inst.opcode]) \
        if inst.flags else inst.opcode
    if inst.operands:
        text += " " + ", ".join(str(o) for o in inst.operands)
    if inst.meta is not None:
        text += " ; " + _meta_text(inst.meta, nums)
    if inst.instr_num:
        text += f" debug-instr-number {inst.instr_num}"
    if inst.implicit_uses:
        text += " implicit " + ",".join("$" + r for r in inst.implicit_uses)
    if inst.implicit_defs:
        text += " implicit-def " + ",".join("$" + r for r in inst.implicit_defs)
    if inst.loc is not None:
        text += " " + _loc_text(inst.loc, nums)
    return text


def _loc_text(loc: DILocation, nums: _Numbering | None) -> str:
    text = f":{loc.line}:{loc.column}"
    if nums is None:
        return text
    if loc.scope is not nums.subprogram:
        text += " " + nums.ref(loc.scope)
    if loc.inlined_at is not None:
        text += " inlined-at " + nums.ref(loc.inlined_at)
    if loc.atom_group or loc.atom_rank:
        text += f" atom {loc.atom_group} {loc.atom_rank}"
    if loc.stmt:
        text += f" stmt {loc.stmt}"
    return text


def _meta_text(meta: object, nums: _Numbering | None) -> str:
    if isinstance(meta, str):
        return quote(meta) if nums is not None else meta
    if isinstance(meta, DbgMeta):
        text = f"{meta.var.name} {meta.expr}"
        if nums is None:
            return text
        text += " " + nums.ref(meta.var)
        if meta.inlined_at is not None:
            text += " inlined-at " + nums.ref(meta.inlined_at)
        if meta.kind is not DbgKind.NEW or meta.token or meta.key:
            text += f" {meta.kind.value} {meta.token}" + (f" key {meta.key}" if meta.key else "")
        if meta.why is not None:
            text += " " + meta.why.ir_text()
        return text
    if isinstance(meta, JumpTable):
        return str(meta) + (" notrack" if meta.notrack else "")
    if isinstance(meta, AsmMeta):
        return str(meta)
    if isinstance(meta, DILocation):  # a folded return's closing brace (`return-brace`)
        return "close " + _loc_text(meta, nums)
    raise TypeError(f"no text form for machine-instruction payload {meta!r}")
