"""Textual IR writer. The grammar is documented in docs/ir-reference.md and read
back by `ir.parser`; print -> parse -> print is a fixed point.

Value numbers (`%7`) and block names (`bb3`) are assigned at print time, so
they are never stored in the IR. Metadata nodes are numbered in first-use order.
"""

from __future__ import annotations

import math
import struct

from .atomics_text import atomic_body
from .dbgrecords import DbgRecord
from .debuginfo import (
    DIBasicType,
    DICompileUnit,
    DICompositeType,
    DIDerivedType,
    DIEnumerator,
    DIFile,
    DIGlobalVariable,
    DILexicalBlock,
    DILocalVariable,
    DILocation,
    DISubprogram,
    DISubrange,
    DISubroutineType,
)
from .function import Block, Function, Global, Module, SymRef, Zeros
from .insts import (
    ATOMIC_OPS,
    Alloca,
    Binary,
    Branch,
    Call,
    Cast,
    Cmp,
    DynAlloca,
    Extract,
    InlineAsm,
    Inst,
    Load,
    MemCopy,
    MemSet,
    Op,
    Ret,
    Store,
    Switch,
    arg_loc,
)
from .types import IntType
from .values import Arg, BlockParam, Const, Undef, Use, Value
from .wide import Wide


def _q(s: str) -> str:
    """A quoted string on one line (newlines and tabs, as in asm text, escaped)."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
        .replace("\t", "\\t") + '"'


class _Metadata:
    """Numbers metadata nodes and renders their definitions."""

    def __init__(self) -> None:
        self.ids: dict[int, int] = {}
        self.defs: list[str] = []

    def ref(self, node: object | None) -> str:
        if node is None:
            return "null"
        key = id(node)
        if key in self.ids:
            return f"!{self.ids[key]}"
        n = len(self.ids)
        self.ids[key] = n
        self.defs.append("")  # reserve the slot; children may be numbered meanwhile
        self.defs[n] = f"!{n} = " + self._render(node)
        return f"!{n}"

    def _render(self, node: object) -> str:
        r = self.ref
        match node:
            case DIFile():
                return f"DIFile(name: {_q(node.name)}, dir: {_q(node.directory)})"
            case DICompileUnit():
                return (f"DICompileUnit(file: {r(node.file)}, producer: {_q(node.producer)}, "
                        f"language: {node.language}, optimized: {_b(node.optimized)})")
            case DIBasicType():
                return (f"DIBasicType(name: {_q(node.name)}, size: {node.size_bits}, "
                        f"encoding: {node.encoding})")
            case DIDerivedType():
                return (f"DIDerivedType(tag: {node.tag}, name: {_q(node.name)}, base: "
                        f"{r(node.base)}, size: {node.size_bits}, offset: {node.offset_bits}, "
                        f"file: {r(node.file)}, line: {node.line}"
                        + (f", bitsize: {node.bit_size})" if node.bit_size else ")"))
            case DICompositeType():
                # elements may refer back to this node: number it first (done by ref)
                elems = ", ".join(r(e) for e in node.elements)
                return (f"DICompositeType(tag: {node.tag}, name: {_q(node.name)}, size: "
                        f"{node.size_bits}, align: {node.align_bits}, base: {r(node.base)}, "
                        f"file: {r(node.file)}, line: {node.line}, declaration: "
                        f"{_b(node.is_declaration)}, elements: ({elems}))")
            case DIEnumerator():
                return f"DIEnumerator(name: {_q(node.name)}, value: {node.value})"
            case DISubrange():
                return f"DISubrange(count: {node.count}" + (
                    f", countvar: {r(node.count_var)})" if node.count_var is not None else ")")
            case DISubroutineType():
                params = ", ".join(r(p) for p in node.params)
                return (f"DISubroutineType(ret: {r(node.ret)}, params: ({params}), variadic: "
                        f"{_b(node.variadic)}, prototyped: {_b(node.prototyped)})")
            case DISubprogram():
                return (f"DISubprogram(name: {_q(node.name)}, linkage: {_q(node.linkage_name)}, "
                        f"file: {r(node.file)}, line: {node.line}, type: {r(node.type)}, "
                        f"scope_line: {node.scope_line}, unit: {r(node.unit)}, local: "
                        f"{_b(node.is_local)}, definition: {_b(node.is_definition)}, "
                        f"key_instructions: {_b(node.key_instructions)})")
            case DILexicalBlock():
                return (f"DILexicalBlock(scope: {r(node.scope)}, file: {r(node.file)}, line: "
                        f"{node.line}, column: {node.column})")
            case DILocalVariable():
                return (f"DILocalVariable(name: {_q(node.name)}, scope: {r(node.scope)}, file: "
                        f"{r(node.file)}, line: {node.line}, type: {r(node.type)}, arg: "
                        f"{node.arg})")
            case DIGlobalVariable():
                return (f"DIGlobalVariable(name: {_q(node.name)}, linkage: "
                        f"{_q(node.linkage_name)}, file: {r(node.file)}, line: {node.line}, "
                        f"type: {r(node.type)}, local: {_b(node.is_local)}, definition: "
                        f"{_b(node.is_definition)}"
                        + (f", scope: {r(node.scope)}" if node.scope is not None else "") + ")")
            case DILocation():
                return f"DILocation({self.loc_fields(node)})"
        raise TypeError(f"not a metadata node: {node!r}")

    def loc_fields(self, loc: DILocation) -> str:
        s = f"line: {loc.line}, column: {loc.column}, scope: {self.ref(loc.scope)}"
        if loc.inlined_at is not None:
            s += f", inlined_at: {self.ref(loc.inlined_at)}"
        if loc.atom_group or loc.atom_rank:  # a rank without a group is shown for the verifier
            s += f", atom: {loc.atom_group} {loc.atom_rank}"
        if loc.copy:
            s += f", copy: {loc.copy}"
        if loc.stmt:
            s += f", stmt: {loc.stmt}"
        return s


def _b(v: bool) -> str:
    return "true" if v else "false"


class _FunctionNames:
    def __init__(self, fn: Function) -> None:
        self.values: dict[int, str] = {}
        self.blocks: dict[int, str] = {}
        n = 0

        def name(v: Value) -> None:
            nonlocal n
            self.values[id(v)] = f"%{v.name}.{n}" if v.name else f"%{n}"
            n += 1

        for a in fn.args:
            name(a)
        for i, b in enumerate(fn.blocks):
            self.blocks[id(b)] = f"bb{i}"
        for b in fn.blocks:
            for p in b.params:
                name(p)
            for inst in b.insts:
                if str(inst.ty) != "void":
                    name(inst)
        self.records: dict[int, str] = {}
        r = 0
        for b in fn.blocks:
            for inst in b.insts:
                for rec in inst.dbg_records:
                    self.records[id(rec)] = f"#{r}"
                    r += 1


def float_text(v: float) -> str:
    """A float constant that parses back to the same bits: NaNs other than the
    default quiet NaN (whose sign and payload `repr` loses) as the hex image of
    the double, everything else by repr."""
    if math.isnan(v):
        bits = struct.unpack("<Q", struct.pack("<d", v))[0]
        return "nan" if bits == 0x7FF8000000000000 else f"0x{bits:016x}"
    return repr(v)


class IRPrinter:
    def __init__(self) -> None:
        self.md = _Metadata()

    # -- values -------------------------------------------------------------
    def value_ref(self, v: Value, names: _FunctionNames | None) -> str:
        match v:
            case Const():
                signed = isinstance(v.value, int) and isinstance(v.ty, IntType)
                val = v.signed() if signed else v.value
                return float_text(val) if isinstance(val, float) else str(val)  # X80: 0xK...
            case Undef():
                return "undef"
            case Function() | Global():
                return f"@{v.name}"
            case Arg() | BlockParam() | Inst():
                if names is not None and id(v) in names.values:
                    return names.values[id(v)]
                return "%<unnumbered>"
        raise TypeError(f"cannot print value {v!r}")

    def typed(self, v: Value, names: _FunctionNames | None) -> str:
        return f"{v.ty} {self.value_ref(v, names)}"

    def loc(self, loc: DILocation | None) -> str:
        if loc is None:
            return ""
        return f"  !loc({self.md.loc_fields(loc)})"

    # -- module -------------------------------------------------------------
    def module(self, m: Module) -> str:
        body: list[str] = []
        if m.cu is not None:
            body.append(f"compile_unit {self.md.ref(m.cu)}")
        for g in m.globals.values():
            body.append(self.global_(g))
        if m.globals:
            body.append("")
        for fn in m.functions.values():
            body.append(self.function(fn))
        head = [f"source_filename = {_q(m.source_filename)}", ""]
        if m.asm:
            head[1:1] = [f"module_asm {_q(text)}" for text in m.asm]
        meta = self.md.defs
        return "\n".join(head + body + ([""] + meta if meta else [])) + "\n"

    def global_(self, g: Global) -> str:
        flags = ["internal" if g.internal else "external"]
        if g.constant:
            flags.append("constant")
        if g.section:
            flags.append(f"section {_q(g.section)}")
        if g.attrs:
            flags.append("attrs(" + ", ".join(sorted(g.attrs)) + ")")
        if g.digv is not None:
            flags.append(f"dbg {self.md.ref(g.digv)}")
        s = f"global @{g.name} : size {g.size}, align {g.align}, " + ", ".join(flags)
        if g.init is not None:
            items = []
            for it in g.init:
                match it:
                    case bytes():
                        items.append(f'bytes "{it.hex()}"')
                    case Zeros():
                        items.append(f"zero {it.count}")
                    case SymRef():
                        items.append(f"sym{it.size} @{it.name}{it.addend:+d}")
            s += " = [" + ", ".join(items) + "]"
        return s

    def signature(self, fn: Function, names: _FunctionNames | None) -> str:
        params = []
        for i, t in enumerate(fn.param_types):
            p = str(t)
            bv = fn.byval_params[i]
            if bv is not None:
                p += f" byval({bv[0]}, {bv[1]})"
            if names is not None:
                p += " " + self.value_ref(fn.args[i], names)
            params.append(p)
        if fn.variadic:
            params.append("...")
        rets = ", ".join(str(t) for t in fn.ret_types)
        link = "internal " if fn.internal else ""
        s = f"{link}@{fn.name}(" + ", ".join(params) + f") -> ({rets})"
        if fn.sret:
            s += " sret"
        if fn.attrs:
            s += " attrs(" + ", ".join(sorted(fn.attrs)) + ")"
        if fn.section:
            s += f" section {_q(fn.section)}"
        if fn.subprogram is not None:
            s += f" dbg {self.md.ref(fn.subprogram)}"
        return s

    def function(self, fn: Function) -> str:
        if fn.is_declaration:
            return "declare " + self.signature(fn, None) + "\n"
        names = _FunctionNames(fn)
        lines = ["define " + self.signature(fn, names) + " {"]
        for b in fn.blocks:
            lines.append(self.block_header(b, names))
            for inst in b.insts:
                for rec in inst.dbg_records:
                    lines.append("  " + self.record(rec, names))
                lines.append("  " + self.inst(inst, names))
        lines.append("}")
        return "\n".join(lines) + "\n"

    def block_header(self, b: Block, names: _FunctionNames) -> str:
        head = names.blocks[id(b)]
        if b.params:
            head += "(" + ", ".join(self.typed(p, names) for p in b.params) + ")"
        return head + (": source_label" if b.source_label else ":")

    def succ(self, inst: Inst, i: int, names: _FunctionNames) -> str:
        s = inst.succs[i]
        text = names.blocks.get(id(s.block), "<detached>")
        if s.args:
            text += "(" + ", ".join(self.edge_arg(u, names) for u in s.args) + ")"
        return text

    def edge_arg(self, u: Use, names: _FunctionNames) -> str:
        """`TYPE VALUE`, then `!loc(...)` when the argument carries an assignment."""
        at = arg_loc(u)
        text = self.typed(u.value, names)
        return text if at is None else f"{text} !loc({self.md.loc_fields(at)})"

    def record(self, rec: DbgRecord, names: _FunctionNames) -> str:
        s = f"#dbg {rec.kind.value} {names.records.get(id(rec), '#?')}"
        if rec.key is not None:
            s += f" key {names.records.get(id(rec.key), '#?')}"
        val = self.typed(rec.value, names) if rec.value is not None else "none"
        s += f", {self.md.ref(rec.var)}, {val}, {rec.expr}"
        if rec.why is not None and rec.value is None:
            s += " " + rec.why.ir_text()
        return s + self.loc(rec.loc)

    def inst(self, inst: Inst, names: _FunctionNames) -> str:
        def t(v: Value) -> str:
            return self.typed(v, names)

        ops = [u.value for u in inst.operands]
        op = inst.op.value
        match inst:
            case Binary():
                body = f"{op}{' nsw' if inst.nsw else ''} {t(ops[0])}, {t(ops[1])}"
            case Cmp():
                body = f"{op} {inst.pred} {t(ops[0])}, {t(ops[1])}"
            case Cast():
                body = f"{op} {t(ops[0])} to {inst.ty}"
            case Alloca():
                body = f"alloca {inst.size}, align {inst.align}" + (
                    f", arrays {int(inst.arrays)}" if inst.arrays else "")
            case Load():
                body = f"load {inst.ty}, {t(ops[0])}" + (" volatile" if inst.volatile else "")
            case Store():
                body = f"store {t(ops[0])}, {t(ops[1])}" + (" volatile" if inst.volatile else "")
            case MemCopy():
                body = (f"memcpy {t(ops[0])}, {t(ops[1])}, {inst.size}, align {inst.align}"
                        + (" volatile" if inst.volatile else ""))
            case MemSet():
                body = f"memset {t(ops[0])}, {t(ops[1])}, {inst.size}, align {inst.align}"
            case Call():
                args = []
                for a, bv in zip(ops[1:], inst.byval, strict=True):
                    args.append(t(a) if bv is None else
                                f"{a.ty} byval({bv[0]}, {bv[1]}) {self.value_ref(a, names)}")
                body = f"call {inst.ty} {t(ops[0])}(" + ", ".join(args) + ")"
                if inst.fixed_args is not None:
                    body += f" fixed {inst.fixed_args}"
            case Extract():
                body = f"extract {t(ops[0])}, {inst.index}"
            case DynAlloca():
                body = f"dynalloca {t(ops[0])}, align {inst.align}"
            case InlineAsm():
                body = (f"asm {inst.ty}" + (" volatile" if inst.side_effects else "")
                        + f" {_q(inst.template)}, [" + ", ".join(map(_q, inst.constraints))
                        + "], clobber [" + ", ".join(map(_q, inst.clobbers)) + "], ("
                        + ", ".join(t(v) for v in ops) + ")")
            case Branch():
                body = (f"branch {t(ops[0])}, {self.succ(inst, 0, names)}, "
                        f"{self.succ(inst, 1, names)}")
            case Switch():
                cases = ", ".join(f"{v}: {self.succ(inst, i + 1, names)}"
                                  for i, v in enumerate(inst.values))
                body = f"switch {t(ops[0])}, default {self.succ(inst, 0, names)}, [{cases}]"
            case Wide():
                body = f"wide {inst.mnemonic} " + ", ".join(t(v) for v in ops)
            case _ if inst.op is Op.JUMP:
                body = f"jump {self.succ(inst, 0, names)}"
            case _ if inst.op in ATOMIC_OPS:
                body = atomic_body(inst, t)
            case _:
                body = op + (" " + ", ".join(t(v) for v in ops) if ops else "")
        if str(inst.ty) != "void":
            body = f"{self.value_ref(inst, names)} = {body}"
        close = inst.close if isinstance(inst, Ret) else None
        return body + self.loc(inst.loc) + (
            "" if close is None else f" !close({self.md.loc_fields(close)})")


def print_module(m: Module) -> str:
    return IRPrinter().module(m)


def print_function(fn: Function) -> str:
    """One function with the metadata it refers to (for dumps and error messages)."""
    p = IRPrinter()
    text = p.function(fn)
    return text + ("\n" + "\n".join(p.md.defs) + "\n" if p.md.defs else "")
