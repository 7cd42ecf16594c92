"""Reads the textual machine IR that `mir.printer` writes back into `MFunction`s
(`parse_mir`), so machine passes can be run and tested on `.mir` files, like
llc's `-run-pass`; print -> parse -> print is a fixed point.

A file holds any number of functions; lines starting with `#` between them are
comments (lit's RUN lines, `--print-mir-after`'s banners). Each function's
debug-info metadata follows its closing brace in the textual IR's form and is
read by the IR parser, so scopes, variables and types are shared objects
exactly as in the printed function. The IR function an `MFunction` points at
(`mf.ir`) is made from the header: its name, linkage and subprogram, with no
body (what a pass asks of the IR body, such as dynamic allocas, is then absent).
Bad input raises `MIRParseError`, `file.mir:LINE:COL: error: ...`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple, NoReturn, TypeVar

import atomc.fastenum as fastenum

from ...ir.dbgrecords import DbgKind
from ...ir.debuginfo import (
    OP_ARITY,
    OP_BY_NAME,
    DIExpression,
    DILexicalBlock,
    DILocalVariable,
    DILocation,
    DIScope,
    DISubprogram,
)
from ...ir.function import Function
from ...ir.parser import IRParser
from ...ir.text_lexer import CursorBase, IRParseError, Token, TokKind, unquote
from ...ir.why import Why, WhyKind
from ..target import current
from .core import (
    INLINE_ASM,
    AsmMeta,
    AsmOperand,
    AsmOperandKind,
    BlockRef,
    DbgMeta,
    FrameSlot,
    Imm,
    InstrOperandRef,
    JumpTable,
    MBlock,
    Mem,
    MFunction,
    MIFlag,
    MInst,
    Operand,
    PReg,
    SlotKind,
    StackSlot,
    Sym,
    VReg,
)
from .printer import FLAG_WORDS

_KIND_WORDS = frozenset(k.value for k in DbgKind)  # a record's kind: new, add, delete

__all__ = ["MIRParseError", "parse_mir"]

_T = TypeVar("_T")
_BLOCK_HEADER = re.compile(r"bb\.(\d+):(\s+source-label)?\s*$")


class MIRParseError(Exception):
    """`file:line:col: error: message`, then the offending line and a caret."""

    def __init__(self, filename: str, line: int, column: int, message: str,
                 source_line: str | None = None) -> None:
        self.filename, self.line, self.column, self.message = filename, line, column, message
        text = f"{filename}:{line}:{column}: error: {message}"
        if source_line is not None:
            text += f"\n{source_line}\n" + " " * (column - 1) + "^"
        super().__init__(text)


class MTok(fastenum.Enum):
    """A MIR token's class; the value names its group in `_TOKEN_RE`."""

    STRING = "string"  # "..."
    LOC = "loc"  # :line:col
    VREG = "vreg"  # %v1:8
    BLOCK = "block"  # %bb.1
    ASMOP = "asmop"  # %0=
    SEGMENT = "segment"  # %fs:
    PREG = "preg"  # $rax or $rax:4
    IMM = "imm"  # #-1
    META = "meta"  # !3
    SLOT = "slot"  # stack.0
    SYM = "sym"  # @name
    ARROW = "arrow"  # ->
    INT = "int"
    WORD = "word"
    PUNCT = "punct"
    EOL = "eol"


class _Tok(NamedTuple):
    """A token (a tuple: the test suite parses millions of them)."""

    kind: MTok
    text: str
    col: int


_TOKEN_RE = re.compile(r"""
    (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<loc>:\d+:\d+)
  | (?P<vreg>%v\d+:\d+)
  | (?P<block>%bb\.\d+)
  | (?P<asmop>%\d+=)
  | (?P<segment>%[a-z]+:)
  | (?P<preg>\$[A-Za-z0-9_]+(?::\d+)?)
  | (?P<imm>\#-?\d+)
  | (?P<meta>!\d+)
  | (?P<slot>stack\.\d+)
  | (?P<sym>@[^\s,\[\]]+)
  | (?P<arrow>->)
  | (?P<int>-?\d+)
  | (?P<word>(?:[A-Za-z_.<]|[^\x00-\x7f])(?:[\w.@<>$-]|[^\x00-\x7f])*)  # any UTF-8 name
  | (?P<punct>[\[\](),;{}:+*=])
    """, re.VERBOSE)
# leading white space and a token in one match; the token's group gives its class
_SPACED_TOKEN_RE = re.compile(r"\s*(?:" + _TOKEN_RE.pattern + ")", re.VERBOSE)
_KIND_OF_GROUP = {k.value: k for k in MTok}
_KEYWORD_KINDS = frozenset({MTok.WORD, MTok.PUNCT, MTok.ARROW})
_BLANK_OR_END_RE = re.compile(r"\s|$")
_OPERAND_START = frozenset({MTok.VREG, MTok.PREG, MTok.IMM, MTok.SLOT, MTok.BLOCK, MTok.SYM,
                            MTok.SEGMENT})
_SLOT_KINDS = frozenset(k.value for k in SlotKind)
_SLOT_RE = re.compile(r"\s*stack\.(\d+): (\w+) size (\d+) align (\d+)(?: fixed (-?\d+))?"
                      r"(?: cfa([-+]\d+))?(?: arrays (\d+))?(?: phase (\d+))?(?: ; (.*))?$")
_SUBST_RE = re.compile(r"\s*substitution (\d+)\.(\d+) -> (\d+)\.(\d+)(?: subreg (\d+))?$")
_FLOAT_RE = re.compile(r"\s*float-const (\S+) = ([0-9a-f]*)$")
_FLAG_WORD_RE = re.compile(r"([\w-]+) ")
_FLAG_OF_WORD = dict(FLAG_WORDS)


@dataclass(slots=True)
class _Chunk:
    """One function's lines: (line number, text) of the body and of its metadata."""

    body: list[tuple[int, str]]
    metadata: list[tuple[int, str]]


def parse_mir(text: str, filename: str = "<input>") -> list[MFunction]:
    """The machine functions in `text`, in order."""
    return _MIRParser(text, filename).parse()


class _MIRParser(CursorBase[_Tok]):
    """Reads a MIR text one line at a time: each line's tokens end in an `EOL` token."""

    END = MTok.EOL
    END_NAME = "line"
    WORDS = _KEYWORD_KINDS
    INT = MTok.INT

    def __init__(self, text: str, filename: str) -> None:
        super().__init__(text, filename)
        self.line = 0
        self.md: IRParser | None = None
        self.mf: MFunction | None = None
        self.blocks: dict[int, MBlock] = {}

    # -- errors and tokens ------------------------------------------------------
    def error(self, col: int, message: str, line: int | None = None) -> NoReturn:
        n = self.line if line is None else line
        raise MIRParseError(self.filename, n, col, message, self.source_line(n))

    def tokenize(self, n: int, text: str, start: int = 0) -> None:
        self.line, self.pos = n, 0
        toks: list[_Tok] = []
        match, kinds, end = _SPACED_TOKEN_RE.match, _KIND_OF_GROUP, len(text)
        i = start
        while i < end:
            m = match(text, i)
            group = m.lastgroup if m is not None else None
            if m is None or group is None:
                while i < end and text[i].isspace():
                    i += 1
                if i < end:
                    self.error(i + 1, f"unexpected character {text[i]!r}")
                break
            toks.append(_Tok(kinds[group], m.group(group), m.start(group) + 1))
            i = m.end()
        toks.append(_Tok(MTok.EOL, "", end + 1))
        self.toks = toks

    def token_error(self, tok: _Tok, message: str) -> NoReturn:
        self.error(tok.col, message)

    def end_of_line(self) -> None:
        if self.tok.kind is not MTok.EOL:
            self.error(self.tok.col, f"unexpected {self.describe(self.tok)} at end of line")

    # -- file structure -----------------------------------------------------------
    def chunks(self) -> Iterator[_Chunk]:
        chunk: _Chunk | None = None
        inside = False
        for n, text in enumerate(self.lines, 1):
            s = text.strip()
            if inside and chunk is not None:
                chunk.body.append((n, text))
                inside = s != "}"
            elif not s or s.startswith("#"):
                continue
            elif s.startswith("mfunction "):
                if chunk is not None:
                    yield chunk
                chunk, inside = _Chunk([(n, text)], []), True
            elif s.startswith("!") and chunk is not None:
                chunk.metadata.append((n, text))
            else:
                self.line = n
                self.error(len(text) - len(text.lstrip()) + 1,
                           "expected 'mfunction', metadata or a '#' comment")
        if inside and chunk is not None:
            self.error(1, "function has no closing '}'", chunk.body[0][0])
        if chunk is not None:
            yield chunk

    def parse(self) -> list[MFunction]:
        return [self.function(c) for c in self.chunks()]

    def function(self, chunk: _Chunk) -> MFunction:
        md_lines = [""] * len(self.lines)
        for n, text in chunk.metadata:
            md_lines[n - 1] = text
        try:
            self.md = IRParser("\n".join(md_lines), self.filename)
            self.md.lines = self.lines
            self.md.parse()
        except IRParseError as e:
            raise MIRParseError(e.filename, e.line, e.column, e.message,
                                self.lines[e.line - 1]) from None
        body = chunk.body
        self.tokenize(*body[0])
        self.expect("mfunction")
        name = self.expect_kind(MTok.SYM, "function name such as @f").text[1:]
        self.expect("{")
        self.end_of_line()
        self.tokenize(*body[1])
        self.mf = mf = self.function_line(name)
        self.blocks = {}
        for n, text in body:
            m = _BLOCK_HEADER.match(text)
            if m:
                num = int(m.group(1))
                if num in self.blocks:
                    self.line = n
                    self.error(1, f"redefinition of bb.{num}")
                self.blocks[num] = MBlock(num, f".LBB{mf.number}_{num}",
                                          source_label=m.group(2) is not None)
        cur: MBlock | None = None
        for n, text in body[2:-1]:
            self.line = n
            m = _BLOCK_HEADER.match(text)
            if m:
                cur = self.blocks[int(m.group(1))]
                mf.blocks.append(cur)
            elif cur is None:
                self.header_line(n, text)
            else:
                cur.insts.append(self.instruction(n, text))
        return mf

    # -- header -----------------------------------------------------------------------
    def function_line(self, name: str) -> MFunction:
        self.expect("function")
        self.expect(":")
        fields: dict[str, int | None] = {}
        subprogram: DISubprogram | None = None
        while True:
            key = self.expect_kind(MTok.WORD, "a function property")
            if key.text in fields:
                self.error(key.col, f"duplicate property '{key.text}'")
            if key.text == "internal":
                fields["internal"] = None
            elif key.text == "subprogram":
                subprogram = self.md_ref(DISubprogram)
                fields["subprogram"] = None
            elif key.text in _FUNCTION_INTS:
                fields[key.text] = self.expect_int(f"a value for '{key.text}'")
            else:
                self.error(key.col, f"unknown function property '{key.text}'")
            if not self.accept(","):
                break
        self.end_of_line()
        missing = [k for k in _FUNCTION_INTS if k not in fields]
        if missing:
            self.error(self.tok.col, f"missing function property '{missing[0]}'")
        ir = Function(name, [], [], internal="internal" in fields)
        ir.subprogram = subprogram
        mf = MFunction(name, ir, fields["number"] or 0)
        mf.frame_pointer = bool(fields["frame-pointer"])
        mf.frame_size = fields["frame-size"] or 0
        mf.frame_base_offset = fields["frame-base-offset"] or 0
        mf.max_call_frame = fields["max-call-frame"] or 0
        mf.next_instr_num = fields["next-instr-num"] or 0
        mf.next_block_number = fields["next-block"] or 0
        return mf

    def header_line(self, n: int, text: str) -> None:
        mf = self.mf
        assert mf is not None
        if m := _SLOT_RE.match(text):
            if int(m.group(1)) != len(mf.slots):
                self.error(text.index("stack") + 1, f"expected stack.{len(mf.slots)}")
            fixed, cfa, arrays, phase = (m.group(k) for k in (5, 6, 7, 8))
            if m.group(2) not in _SLOT_KINDS:
                self.error(m.start(2) + 1, f"unknown stack slot kind '{m.group(2)}'", n)
            mf.slots.append(FrameSlot(int(m.group(3)), int(m.group(4)), SlotKind(m.group(2)),
                                      m.group(9) or "", None if fixed is None else int(fixed),
                                      None if cfa is None else int(cfa),
                                      int(arrays or 0), int(phase or 0)))
        elif m := _SUBST_RE.match(text):
            a, b, c, d, sub = (int(x or 0) for x in m.groups())
            mf.substitutions[InstrOperandRef(a, b)] = (InstrOperandRef(c, d), sub)
        elif m := _FLOAT_RE.match(text):
            current().constant_pool(mf)[m.group(1)] = bytes.fromhex(m.group(2))
        else:
            self.tokenize(n, text)
            word = self.expect_kind(MTok.WORD, "a header line or 'bb.N:'")
            self.expect(":")
            if word.text == "callee-saved":
                mf.callee_saved = [t[1:] for t in self.comma_list(MTok.PREG, "register")]
            elif word.text == "vregs":
                self.vregs(mf)
            else:
                self.error(word.col, f"unknown header line '{word.text}'")
            self.end_of_line()

    def comma_list(self, kind: MTok, what: str) -> list[str]:
        out = [self.expect_kind(kind, what).text]
        while self.accept(","):
            out.append(self.expect_kind(kind, what).text)
        return out

    def vregs(self, mf: MFunction) -> None:
        while self.tok.kind is not MTok.EOL:
            t = self.next()
            xmm = t.kind is MTok.WORD and t.text.startswith("x") and t.text[1:].isdigit()
            if not (xmm or t.kind is MTok.INT):
                self.error(t.col, f"expected a register width such as 8 or x16, found '{t.text}'")
            mf.vreg_sizes.append(int(t.text.lstrip("x")))
            if xmm:
                current().set_vector_vreg(mf, len(mf.vreg_sizes) - 1)

    # -- metadata ---------------------------------------------------------------------
    def md_ref(self, cls: type[_T]) -> _T:
        t = self.expect_kind(MTok.META, "metadata reference such as !0")
        assert self.md is not None
        try:
            return self.md.md_ref(Token(TokKind.META, t.text, self.line, t.col, False), cls)
        except IRParseError as e:
            self.error(e.column, e.message, e.line)

    def md_scope(self) -> DIScope:
        t = self.tok
        node = self.md_ref(object)
        if not isinstance(node, (DISubprogram, DILexicalBlock)):
            self.error(t.col, f"{t.text} is a {type(node).__name__}, expected a scope")
        return node

    # -- instructions -------------------------------------------------------------------
    def instruction(self, n: int, text: str) -> MInst:
        flags = MIFlag.NONE
        i = len(text) - len(text.lstrip())
        while (w := _FLAG_WORD_RE.match(text, i)) and w.group(1) in _FLAG_OF_WORD:
            flags |= _FLAG_OF_WORD[w.group(1)]
            i = w.end()
        opcode = _opcode_at(text, i)
        if not opcode:
            self.line = n
            self.error(i + 1, "expected an opcode")
        self.tokenize(n, text, i + len(opcode))
        operands: list[Operand] = []
        if self.tok.kind in _OPERAND_START or self.at("["):
            operands.append(self.operand())
            while self.accept(","):
                operands.append(self.operand())
        meta = self.meta(opcode) if self.accept(";") else None
        mi = MInst(opcode, operands, loc=None, flags=flags, meta=meta)
        if self.accept("debug-instr-number"):
            mi.instr_num = self.expect_int("instruction number")
        if self.accept("implicit"):
            mi.implicit_uses = tuple(t[1:] for t in self.comma_list(MTok.PREG, "register"))
        if self.accept("implicit-def"):
            mi.implicit_defs = tuple(t[1:] for t in self.comma_list(MTok.PREG, "register"))
        if self.tok.kind is MTok.LOC:
            mi.loc = self.location()
        self.end_of_line()
        return mi

    def operand(self) -> Operand:
        t = self.tok
        if t.kind is MTok.SEGMENT or self.at("["):
            return self.memory()
        self.next()
        match t.kind:
            case MTok.VREG:
                return self.vreg(t)
            case MTok.PREG:
                return self.preg(t)
            case MTok.IMM:
                return Imm(int(t.text[1:]))
            case MTok.SLOT:
                return self.slot(t)
            case MTok.BLOCK:
                return BlockRef(self.block(t))
            case MTok.SYM:
                return Sym(t.text[1:])
        self.error(t.col, f"expected an operand, found {self.describe(t)}")

    def vreg(self, t: _Tok) -> VReg:
        num, size = t.text[2:].split(":")
        assert self.mf is not None
        if int(num) >= len(self.mf.vreg_sizes):
            self.error(t.col, f"%v{num} is not in the function's vregs list")
        return VReg(int(num), int(size))

    def preg(self, t: _Tok) -> PReg:
        name, _, size = t.text[1:].partition(":")
        if not size:
            self.error(t.col, f"register {t.text} needs a width, such as {t.text}:8")
        return PReg(name, int(size))

    def slot(self, t: _Tok) -> StackSlot:
        assert self.mf is not None
        index = int(t.text[6:])
        if index >= len(self.mf.slots):
            self.error(t.col, f"{t.text} is not a stack object of this function")
        return StackSlot(index)

    def block(self, t: _Tok) -> MBlock:
        b = self.blocks.get(int(t.text[4:]))
        if b is None:
            self.error(t.col, f"undefined block {t.text}")
        return b

    def memory(self) -> Mem:
        segment = self.next().text[1:-1] if self.tok.kind is MTok.SEGMENT else None
        self.expect("[")
        base: VReg | PReg | StackSlot | None = None
        index: VReg | PReg | None = None
        scale, disp, symbol = 1, 0, None
        while True:
            t = self.next()
            first = symbol is None and base is None and index is None
            if first and (t.kind is MTok.WORD or (t.kind is MTok.PREG and ":" not in t.text)):
                symbol = t.text  # a register always has a width: `$x` alone is a C name
            elif t.kind in (MTok.VREG, MTok.PREG) and self.accept("*"):
                reg = self.vreg(t) if t.kind is MTok.VREG else self.preg(t)
                index, scale = reg, self.expect_int("scale")
            elif t.kind in (MTok.VREG, MTok.PREG, MTok.SLOT) and base is None and index is None:
                base = self.vreg(t) if t.kind is MTok.VREG else \
                    self.preg(t) if t.kind is MTok.PREG else self.slot(t)
            elif t.kind is MTok.INT:
                disp = int(t.text)
                break
            else:
                self.error(t.col, f"unexpected {self.describe(t)} in a memory operand")
            if not self.accept("+"):
                break
        self.expect("]")
        return Mem(base, index, scale, disp, symbol, segment)

    def meta(self, opcode: str) -> object:
        t = self.tok
        if t.kind is MTok.STRING:
            self.next()
            if opcode != INLINE_ASM:
                return unquote(t.text)
            ops: list[AsmOperand] = []
            while self.tok.kind is MTok.ASMOP:
                a = self.next()
                if int(a.text[1:-1]) != len(ops):
                    self.error(a.col, f"expected %{len(ops)}=")
                ops.append(self.asm_operand())
            return AsmMeta(unquote(t.text), tuple(ops))
        if t.kind is MTok.WORD and self.toks[self.pos + 1].text == "[":
            self.next()
            self.expect("[")
            targets = [self.block(self.expect_kind(MTok.BLOCK, "a block such as %bb.1"))]
            while self.accept(","):
                targets.append(self.block(self.expect_kind(MTok.BLOCK, "a block such as %bb.1")))
            self.expect("]")
            return JumpTable(t.text, tuple(targets), self.accept("notrack"))
        if t.kind is MTok.WORD and t.text == "close" and self.toks[self.pos + 1].kind is MTok.LOC:
            self.next()  # a folded return's closing brace (`return-brace`)
            return self.location()
        return self.dbg_meta()

    def asm_operand(self) -> AsmOperand:
        t = self.next()
        if t.kind is MTok.PREG:
            reg = self.preg(t)
            return AsmOperand(AsmOperandKind.REG, reg.name, reg.size)
        if t.kind is MTok.IMM:
            return AsmOperand(AsmOperandKind.IMM, value=int(t.text[1:]))
        if t.kind is MTok.WORD and re.fullmatch(r"op\d+", t.text):
            return AsmOperand(AsmOperandKind.MEM, index=int(t.text[2:]))
        self.error(t.col, "expected an asm operand ($reg:size, opN or #imm), "
                          f"found {self.describe(t)}")

    def dbg_meta(self) -> DbgMeta:
        name = self.next() if self.tok.kind is MTok.WORD else None
        expr = self.expression()
        var_tok = self.tok
        var = self.md_ref(DILocalVariable)
        if name is not None and name.text != var.name:
            self.error(var_tok.col, f"{var_tok.text} is variable '{var.name}', not '{name.text}'")
        inlined_at = self.md_ref(DILocation) if self.accept("inlined-at") else None
        kind, token, key = DbgKind.NEW, 0, 0
        if self.tok.kind is MTok.WORD and self.tok.text in _KIND_WORDS:
            kind = DbgKind(self.next().text)
            token = self.expect_int("record token")
            key = self.expect_int("record key") if self.accept("key") else 0
        why = self.why() if self.tok.kind is MTok.WORD and self.tok.text == "why" else None
        return DbgMeta(var, inlined_at, expr, kind, token, key, why)

    def why(self) -> Why:
        """`why(KIND[, LINE][, "NAME"])`, as in the IR (ir/why.py)."""
        self.next()
        self.expect("(")
        t = self.next()
        try:
            kind = WhyKind(t.text)
        except ValueError:
            self.error(t.col, f"unknown reason '{t.text}'")
        line, name = 0, ""
        while self.accept(","):
            if self.tok.kind is MTok.STRING:
                name = unquote(self.next().text)
            else:
                line = self.expect_int("line")
        self.expect(")")
        return Why(kind, line, name)

    def expression(self) -> DIExpression:
        self.expect("(")
        ops: list[int] = []
        while not self.at(")"):
            if ops:
                self.expect(",")
            t = self.expect_kind(MTok.WORD, "a DWARF operation")
            code = OP_BY_NAME.get(t.text)
            if code is None:
                self.error(t.col, f"unknown DWARF operation '{t.text}'")
            ops.append(code)
            ops += [self.expect_int("operand") for _ in range(OP_ARITY.get(code, 0))]
        self.expect(")")
        return DIExpression(tuple(ops))

    def location(self) -> DILocation:
        t = self.next()
        line, col = (int(x) for x in t.text[1:].split(":"))
        assert self.mf is not None
        scope: DIScope | None = self.mf.ir.subprogram
        if self.tok.kind is MTok.META:
            scope = self.md_scope()
        if scope is None:
            self.error(t.col, "a location needs a scope: the function has no subprogram")
        inlined_at = self.md_ref(DILocation) if self.accept("inlined-at") else None
        group = rank = 0
        if self.accept("atom"):
            group, rank = self.expect_int("atom group"), self.expect_int("atom rank")
        stmt = self.expect_int("statement number") if self.accept("stmt") else 0
        return DILocation(line, col, scope, inlined_at, group, rank, stmt=stmt)


def _opcode_at(text: str, i: int) -> str:
    """The opcode starting at `text[i]`: the longest the target knows that ends
    at a blank (x87's `fmulp\t%st, %st(1)`, `lock addl`), else the first word."""
    ends = [m.start() for m in _BLANK_OR_END_RE.finditer(text, i)]
    target = current()
    for end in reversed(ends[1:]):
        if target.is_opcode(text[i:end]):
            return text[i:end]
    return text[i:ends[0]]


_FUNCTION_INTS = ("number", "frame-pointer", "frame-size", "frame-base-offset",
                  "max-call-frame", "next-instr-num", "next-block")
