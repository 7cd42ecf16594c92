"""GNU assembler (AT&T syntax) text for functions and global data.

Pure formatting: every decision (rows, labels, CFI) was made before. The one
piece of state is the assembler's sticky `is_stmt` register, which `.loc`
only needs to mention when it changes (GNU as keeps it across rows).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ....diag import InternalCompilerError
from ....dwarf.files import FileTable
from ....ir.function import THREAD_LOCAL, Global, Module, Zeros
from ....options import CompileOptions
from ...mir import (
    META_OPCODES,
    BlockRef,
    Imm,
    JumpTable,
    Mem,
    MFunction,
    MInst,
    Operand,
    PReg,
    StackSlot,
    Sym,
    VReg,
)
from ..pic import SymbolPolicy
from ..registers import reg_name
from ..stack_clash import LOOP_TO_R11, PROBED_ALLOCA, format_probe
from ..tls import format_tls_call
from .loop_align import LOOP_ALIGN_DIRECTIVES
from .sections import code_section, data_placement, jump_table_section
from .symbols import binding

if TYPE_CHECKING:  # made by the -g stages only
    from ....dwarf.line_rows import LineTable, Row


class AsmWriter:
    def __init__(self, module: Module, opts: CompileOptions) -> None:
        self.module = module
        self.opts = opts
        self.policy = SymbolPolicy(opts.code_model, opts.visibility)
        # Lines of the function being printed; each finished function becomes one
        # string in `chunks`: sqlite3's amalgamation at -O2 -g prints 3.1 million
        # lines, and as separate strings (49 bytes of header each) they held over
        # 200 MB until the end of the compile.
        self.lines: list[str] = []
        self.chunks: list[str] = []
        self.is_stmt = True
        self.last_file = 1
        # the file of the last row that named one, and its number: a function's rows
        # name the same file object in turn, numbered once (no key built and hashed)
        self.loc_file: object = None
        self.loc_file_number = 1
        self.asm_count = 0  # `%=` in asm templates: a number unique in the output

    def emit(self, line: str) -> None:
        self.lines.append(line)

    def seal(self) -> None:
        """Join the lines printed since the last seal into one chunk."""
        if self.lines:
            self.chunks.append("\n".join(self.lines))
            self.lines = []

    def text(self, head: list[str]) -> str:
        """The whole assembly: `head`, then everything printed, made in one join
        (a trailing `+ "\n"` would copy all of it once more)."""
        self.seal()
        return "\n".join([*head, *self.chunks, ""])

    # -- .loc -----------------------------------------------------------------------
    def loc(self, row: Row, files: FileTable) -> None:
        f = row.file
        if f is None:
            fileno = self.last_file
        elif f is self.loc_file:
            fileno = self.loc_file_number
        else:
            fileno = self.loc_file_number = files.number(f)
            self.loc_file = f
        self.last_file = fileno
        text = f"\t.loc\t{fileno} {row.line} {row.column}"
        if row.prologue_end:
            text += " prologue_end"
        if row.epilogue_begin:
            text += " epilogue_begin"
        if row.is_stmt != self.is_stmt:
            text += f" is_stmt {int(row.is_stmt)}"
            self.is_stmt = row.is_stmt
        self.emit(text)

    # -- functions --------------------------------------------------------------------
    def function(self, mf: MFunction, table: LineTable | None, files: FileTable | None,
                 aligned: frozenset[str] = frozenset()) -> None:
        """`aligned`: labels of the blocks to pad to gcc's loop alignment (`loop_align`)."""
        name = mf.name
        self.emit(code_section(mf.ir, self.opts))
        for line in binding(mf.ir, self.policy):
            self.emit(line)
        self.emit("\t.p2align\t4, 0x90")
        self.emit(f"\t.type\t{name},@function")
        self.emit(f"{name}:")
        self.emit("\t.cfi_startproc")
        if table is not None and files is not None and table.entry_row is not None:
            self.loc(table.entry_row, files)
        k = 0
        texts: dict[int, str] = {}  # operand text by operand (`format_inst`)
        # An -O0 function's two-operand instructions repeat (the same reload of the
        # same slot into the same register): their whole line by opcode and operands
        # (by `id`: every operand stays alive while the function is printed). Where
        # the allocator shares no operands (-O1 and up) nothing would repeat.
        pairs: dict[tuple[str, int, int], str] | None = {} if self.opts.opt_level == 0 \
            else None
        tables: list[MInst] = []  # the jumps through a switch table, printed after
        rows = table.rows if table is not None else None
        emit = self.lines.append  # (`emit`; `seal` alone replaces the list)
        for bi, b in enumerate(mf.blocks):
            if bi:
                if b.label in aligned:
                    self.lines += LOOP_ALIGN_DIRECTIVES
                emit(f"{b.label}:")
            for mi in b.insts:
                row = rows[k] if rows is not None else None
                k += 1
                if mi.meta is not None and isinstance(mi.meta, JumpTable):
                    tables.append(mi)
                opcode = mi.opcode
                if opcode in META_OPCODES:
                    if opcode == "LABEL":
                        if table is not None:
                            sym = mi.operands[0]
                            assert isinstance(sym, Sym)
                            emit(f"{sym.name}:")
                    elif opcode == "CFI":
                        emit(f"\t{mi.meta}")
                    continue
                if row is not None and files is not None:
                    self.loc(row, files)
                if opcode == "INLINEASM":
                    from .inline_asm import format_inline_asm  # asm statements only

                    self.asm_count += 1
                    emit("\t" + format_inline_asm(mi, self.asm_count))
                    continue
                ops = mi.operands
                if pairs is not None and len(ops) == 2 and opcode not in _SPECIAL:
                    key = (opcode, id(ops[0]), id(ops[1]))
                    said = pairs.get(key)
                    if said is None:
                        said = pairs[key] = "\t" + format_inst(mi, texts)
                    emit(said)
                    continue
                emit("\t" + format_inst(mi, texts))
        self.emit(f"{mf.end_label}:")
        self.emit(f"\t.size\t{name}, {mf.end_label}-{name}")
        self.emit("\t.cfi_endproc")
        self.jump_tables(mf, tables)
        self.emit("")
        self.seal()

    def jump_tables(self, mf: MFunction, tables: list[MInst]) -> None:
        """The function's switch tables (`tables`: their jumps, in layout order), in
        read-only data: offsets from the table (`.long .Lcase-.Ltable`) for a jump
        through a register, absolute addresses for a jump through memory (-fno-pic;
        see switch_lowering)."""
        if not tables:
            return
        self.emit(jump_table_section(mf.ir, self.opts))
        for mi in tables:
            t = mi.meta
            assert isinstance(t, JumpTable)
            relative = not isinstance(mi.operands[0], Mem)
            self.emit(f"\t.p2align\t{2 if relative else 3}")
            self.emit(f"{t.label}:")
            for blk in t.targets:
                self.emit(f"\t.long\t{blk.label}-{t.label}" if relative
                          else f"\t.quad\t{blk.label}")
        self.emit(code_section(mf.ir, self.opts))

    # -- data -------------------------------------------------------------------------
    def float_constants(self, pool: dict[str, bytes]) -> None:
        """Floating-point constants and sign masks: 16-byte aligned (SSE memory
        operands of packed instructions require it), one entry per bit pattern."""
        self.emit('\t.section\t.rodata.cst16,"aM",@progbits,16')
        self.emit("\t.p2align\t4")
        for label in sorted(pool):
            self.emit(f"{label}:")
            self.emit("\t.byte\t" + ",".join(str(x) for x in pool[label]))
        self.emit("")

    def global_var(self, g: Global) -> None:
        init = g.init
        assert init is not None
        where = data_placement(g, self.module, self.policy, self.opts)
        if where.common:
            self.emit(f"\t.type\t{g.name},@object")
            for line in binding(g, self.policy, defined=False):
                self.emit(line)
            self.emit(f"\t.comm\t{g.name},{max(g.size, 1)},{max(g.align, 1)}")
            self.emit("")
            return
        self.emit(where.directive)  # type: ignore[arg-type]
        kind = "@tls_object" if THREAD_LOCAL in g.attrs else "@object"
        self.emit(f"\t.type\t{g.name},{kind}")
        for line in binding(g, self.policy):
            self.emit(line)
        align = max(g.align, 1)
        self.emit(f"\t.p2align\t{align.bit_length() - 1}")
        self.emit(f"{g.name}:")
        total = 0
        if where.zero_fill:
            total = g.size
            if total:
                self.emit(f"\t.zero\t{total}")
        else:
            for it in init:
                if isinstance(it, bytes):
                    for i in range(0, len(it), 16):
                        self.emit("\t.byte\t" + ",".join(str(x) for x in it[i:i + 16]))
                    total += len(it)
                elif isinstance(it, Zeros):
                    if it.count:
                        self.emit(f"\t.zero\t{it.count}")
                    total += it.count
                else:
                    directive = {8: ".quad", 4: ".long", 2: ".short", 1: ".byte"}[it.size]
                    self.emit(f"\t{directive}\t{operand_symbol(it.name)}{_offset(it.addend)}")
                    total += it.size
        if total < g.size:
            self.emit(f"\t.zero\t{g.size - total}")
            total = g.size
        if total == 0:
            self.emit("\t.zero\t1")  # a zero-size object still needs a distinct address
        self.emit(f"\t.size\t{g.name}, {g.size}")
        self.emit("")


def format_operand(op: Operand) -> str:
    if isinstance(op, PReg):
        return "%" + reg_name(op.name, op.size)
    if isinstance(op, Imm):
        return f"${op.value}"
    if isinstance(op, Mem):
        return format_mem(op)
    if isinstance(op, BlockRef):
        return op.block.label
    if isinstance(op, Sym):
        return operand_symbol(op.name)
    if isinstance(op, (VReg, StackSlot)):
        raise InternalCompilerError(f"unallocated operand {op} reached the assembly printer",
                                    where="asm-printer")
    raise InternalCompilerError(f"unknown operand {op!r}", where="asm-printer")


def operand_symbol(name: str) -> str:
    """A symbol as an operand or data word: AT&T syntax reads a leading `$` as an
    immediate, so gcc writes `$x` (a GNU `$` identifier) as `($x)`, `($x)@PLT`."""
    if not name.startswith("$"):
        return name
    base, at, reloc = name.partition("@")
    return f"({base}){at}{reloc}"


def _offset(n: int) -> str:
    """An offset after a symbol: `+8`, `-8`, or nothing for 0."""
    return f"+{n}" if n > 0 else (str(n) if n else "")


def format_mem(m: Mem) -> str:
    if m.segment is not None:
        return f"%{m.segment}:" + _segment_offset(m)
    if m.symbol is not None and m.base is None:
        return f"{operand_symbol(m.symbol)}{_offset(m.disp)}(%rip)"
    text = str(m.disp) if m.disp else ""
    if m.symbol is not None:
        text = operand_symbol(m.symbol) + _offset(m.disp)
    inner = ""
    if m.base is not None:
        inner += format_operand(m.base)
    if m.index is not None:
        inner += "," + format_operand(m.index) + f",{m.scale}"
    return f"{text}({inner})"


def _segment_offset(m: Mem) -> str:
    """`%fs:` operands: an absolute offset, never `%rip`-relative."""
    text = m.symbol + _offset(m.disp) if m.symbol else str(m.disp or "")
    if m.base is None and m.index is None:
        return text or "0"
    inner = format_operand(m.base) if m.base is not None else ""
    if m.index is not None:
        inner += "," + format_operand(m.index) + f",{m.scale}"
    return f"{text}({inner})"


# opcodes printed otherwise than `opcode\toperands` (an indirect call only)
_SPECIAL: Final = frozenset({LOOP_TO_R11, "jmptab", "TLS_GD", "TLS_LD", PROBED_ALLOCA, "call"})


def format_inst(mi: MInst, texts: dict[int, str] | None = None) -> str:
    """`texts`: operand texts by `id` of the operand, for operands that stay alive
    while it is used (one function's): after allocation and frame lowering most
    instructions share their register and slot operands, each formatted once."""
    if mi.opcode in _SPECIAL:
        special = _format_special(mi)
        if special is not None:
            return special
    if not mi.operands:
        return mi.opcode
    if texts is None:
        return mi.opcode + "\t" + ", ".join(format_operand(o) for o in mi.operands)
    parts: list[str] = []
    for o in mi.operands:
        text = texts.get(id(o))
        if text is None:
            text = texts[id(o)] = format_operand(o)
        parts.append(text)
    # (one string built from the pieces: `+` made two intermediate strings)
    return f"{mi.opcode}\t{', '.join(parts)}"


def _format_special(mi: MInst) -> str | None:
    """The text of an instruction of `_SPECIAL`, None for a direct call."""
    if mi.opcode == LOOP_TO_R11:
        return format_probe(mi, None)
    if not mi.operands:
        return mi.opcode
    if mi.opcode == "jmptab":
        # a table jump needs no end-branch marker at its targets under -fcf-protection
        if not isinstance(mi.meta, JumpTable):
            raise InternalCompilerError("a table jump without its table", where="asm-printer")
        prefix = "notrack " if mi.meta.notrack else ""
        return prefix + "jmp\t*" + format_operand(mi.operands[0])
    if mi.opcode in ("TLS_GD", "TLS_LD"):
        return format_tls_call(mi)
    if mi.opcode == PROBED_ALLOCA:
        return format_probe(mi, format_operand(mi.operands[0]))
    if mi.opcode == "call" and isinstance(mi.operands[0], (PReg, Mem)):
        return "call\t*" + format_operand(mi.operands[0])
    return None
