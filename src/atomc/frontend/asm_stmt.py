"""GNU `asm` statements checked: gcc's constraint strings reduced to the canonical
single-alternative form of `ir.inline_asm`, operands typed (`tree.Asm`; `lower/asm.py`
lowers it to one `InlineAsm` instruction plus the stores of its register outputs).

Reduction of a constraint (first alternative only, modifiers `%*?!#` ignored):
a matching digit wins; an integer constant expression takes an immediate
class (`i n g X` and gcc's range letters); then a specific register letter;
then `r`/`q`/`g`/`p`/`X`/`R`/`l`; then memory (`m o V g`). A basic asm (no
colon) becomes an extended asm without operands whose `%` are escaped, so the
IR has one kind of asm. A `+` operand becomes an output plus a hidden input
tied to it, numbered after the written inputs as in gcc.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pycparser import c_ast

from ..ir.inline_asm import (
    SPECIFIC_REGS,
    TemplateError,
    canonical_clobber,
    parse_template,
)
from . import tree as T
from .ctype import ArrayT, CType, EnumT, FuncT, IntT, PointerT, unqual
from .literals import LiteralError, string_literal
from .scopes import Pos

if TYPE_CHECKING:
    from .sema import Sema

MAX_OPERANDS = 30  # gcc's limit
_IMMEDIATE = frozenset("inIJKLMNOeZEF")
_REGISTER = frozenset("rqgpXRlQU")
_MEMORY = frozenset("mogVX")
_UNSUPPORTED = frozenset("xftuyYAkv")
_IGNORED = frozenset("%*?!#&=+ \t")
# registers the back end can hand to `r` operands (its operand pool)
_POOL_SIZE = 12
_POOL_REGS = frozenset({"rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "rbx", "r12", "r13",
                        "r14", "r15"})


class _Operand:
    """One written operand: its canonical constraint and typed expression."""

    __slots__ = ("cons", "expr", "letters", "pos", "readwrite")

    def __init__(self, cons: str, expr: T.Expr, pos: Pos, letters: str, readwrite: bool) -> None:
        self.cons = cons
        self.expr = expr
        self.pos = pos
        self.letters = letters
        self.readwrite = readwrite


def asm_text(sema: object, node: c_ast.Node) -> str | None:
    """The decoded template string of an `asm` (None after reporting an error)."""
    tmpl = getattr(node, "template", None)
    exprs = getattr(tmpl, "exprs", None) or []
    if len(exprs) != 1 or not isinstance(exprs[0], c_ast.Constant) or exprs[0].type != "string":
        sema.error(node, "expected string literal in 'asm'")  # type: ignore[attr-defined]
        return None
    return _string(sema, exprs[0])


def _string(sema: object, node: c_ast.Constant) -> str | None:
    try:
        return string_literal(node.value).decode("utf-8", errors="surrogateescape")
    except LiteralError as e:
        sema.error(node, str(e))  # type: ignore[attr-defined]
        return None


def check_asm(sema: Sema, node: c_ast.Node) -> T.Asm | None:
    """The checked `asm` statement (None after reporting an error)."""
    p = sema.pos(node)
    text = asm_text(sema, node)
    if text is None:
        return None
    keyword = str(getattr(node, "asm_keyword", "asm"))
    volatile = "volatile" in keyword
    extended = getattr(node, "extended", True)
    out_nodes = list(getattr(node.output_operands, "exprs", None) or [])
    in_nodes = list(getattr(node.input_operands, "exprs", None) or [])
    clob_nodes = list(getattr(node.clobbered_regs, "exprs", None) or [])
    if not extended:
        text = text.replace("%", "%%")
        volatile = True  # basic asm is implicitly volatile
    elif not out_nodes:
        volatile = True  # so is an asm without outputs
    outputs = [_operand(sema, n, is_out=True) for n in out_nodes]
    inputs = [_operand(sema, n, is_out=False) for n in in_nodes]
    if any(o is None for o in outputs + inputs):
        return None
    outs: list[_Operand] = [o for o in outputs if o is not None]
    ins: list[_Operand] = [o for o in inputs if o is not None]
    clobbers: list[str] = []
    for c in clob_nodes:
        name = _string(sema, c) if isinstance(c, c_ast.Constant) and c.type == "string" else None
        if name is None:
            if not (isinstance(c, c_ast.Constant) and c.type == "string"):
                sema.error(c, "expected string literal in 'asm' clobber list")
            return None
        canon = canonical_clobber(name)
        if canon is None:
            sema.error(c, f"unknown register name '{name}' in 'asm'")
            return None
        if canon in ("rsp", "rbp", "rip"):
            sema.error(c, f"'asm' clobbers register '{name}', which the frame needs "
                          "(unsupported)")
            return None
        if canon not in clobbers:
            clobbers.append(canon)
    if len(outs) + len(ins) > MAX_OPERANDS:
        sema.error(p, f"more than {MAX_OPERANDS} operands in 'asm'")
        return None
    hidden = [i for i, o in enumerate(outs) if o.readwrite]
    count = len(outs) + len(ins) + len(hidden)
    try:
        pieces = parse_template(text, count)
    except TemplateError as e:
        sema.error(p, f"invalid 'asm': {e}")
        return None
    if not _resolve_classes(sema, outs, ins, pieces, clobbers, p):
        return None
    return T.Asm(text, tuple(_checked(o) for o in outs), tuple(_checked(o) for o in ins),
                 tuple(hidden), tuple(clobbers), volatile, p)


def _checked(o: _Operand) -> T.AsmOperand:
    return T.AsmOperand(o.cons, o.expr, o.pos)


def _operand(sema: Sema, node: c_ast.Node, is_out: bool) -> _Operand | None:
    name = getattr(node, "name", None)
    args = getattr(getattr(node, "args", None), "exprs", None) or []
    if not (isinstance(node, c_ast.FuncCall) and isinstance(name, c_ast.Constant)
            and name.type == "string" and len(args) == 1):
        sema.error(node, "expected a string constraint followed by a parenthesised expression "
                         "in 'asm' operand")
        return None
    pos = sema.pos(name)
    raw = _string(sema, name)
    if raw is None:
        return None
    alt = raw.split(",")[0]
    if is_out:
        if not alt.startswith(("=", "+")) and "=" not in alt and "+" not in alt:
            sema.error(pos, f"output operand constraint lacks '=' in '{raw}'")
            return None
    elif "=" in alt or "+" in alt:
        sema.error(pos, f"input operand constraint contains '{'=' if '=' in alt else '+'}' "
                        f"in '{raw}'")
        return None
    bad = [ch for ch in alt if ch in _UNSUPPORTED]
    if bad:
        sema.error(pos, f"unsupported constraint '{bad[0]}' in 'asm'")
        return None
    letters = "".join(ch for ch in alt if ch not in _IGNORED)
    unknown = [ch for ch in letters if not (ch.isdigit() or ch in _IMMEDIATE or ch in _REGISTER
                                            or ch in _MEMORY or ch in SPECIFIC_REGS)]
    if unknown or not letters:
        sema.error(pos, f"impossible constraint '{raw}' in 'asm'" if letters
                   else "empty constraint in 'asm' operand")
        return None
    e = sema.exprs.expr(args[0])
    early = "&" in alt
    prefix = ("=&" if early else "=") if is_out else ""
    return _Operand(prefix, e, sema.pos(args[0], pos), letters, is_out and "+" in alt)


def _resolve_classes(sema: Sema, outs: list[_Operand], ins: list[_Operand],
                     pieces: Sequence[object], clobbers: list[str], p: Pos) -> bool:
    """Pick each operand's canonical class; check lvalues, types and registers."""
    high = {x.index for x in pieces if getattr(x, "modifier", "") == "h"}  # type: ignore[attr-defined]
    out_regs: dict[str, _Operand] = {}
    in_regs: set[str] = set()

    def claim(reg: str, o: _Operand, output: bool) -> bool:
        """A specific register: once per side, never clobbered, shared by an input and
        an output only if the output is not early-clobber."""
        taken = reg in out_regs if output else (reg in in_regs or (
            reg in out_regs and out_regs[reg].cons.startswith("=&")))
        if reg in clobbers or taken:
            sema.error(o.pos, "'asm' operand has impossible constraints")
            return False
        if output:
            out_regs[reg] = o
        else:
            in_regs.add(reg)
        return True

    for i, o in enumerate(outs):
        e = o.expr
        if not e.lvalue or isinstance(unqual(e.type), (ArrayT, FuncT)):
            sema.error(o.pos, f"invalid lvalue in 'asm' output {i}")
            return False
        if not sema.ops.check_modifiable(e, "asm output"):
            return False
        if getattr(e, "bits", None) is not None:
            sema.error(o.pos, f"bit-field as 'asm' output {i} is unsupported")
            return False
        cls = _pick(o.letters, is_const=False, high=i in high)
        if cls is None or cls == "i":
            sema.error(o.pos, f"impossible constraint '{o.letters}' in 'asm' output {i}")
            return False
        if cls != "m" and not _register_type(e.type):
            sema.error(o.pos, f"'asm' output {i} of type '{e.type}' does not fit a register "
                              "(unsupported)")
            return False
        if cls in SPECIFIC_REGS and not claim(SPECIFIC_REGS[cls], o, True):
            return False
        o.cons += cls
    for j, o in enumerate(ins):
        k = len(outs) + j
        digits = "".join(ch for ch in o.letters if ch.isdigit())
        if digits:
            n = int(digits)
            if n >= len(outs) or outs[n].cons.endswith("m"):
                sema.error(o.pos, "matching constraint references invalid operand number")
                return False
            o.expr = sema.conv.cast(sema.conv.value(o.expr), outs[n].expr.type)
            o.cons = str(n)
            continue
        e = o.expr if _pick(o.letters, False, False) == "m" and o.expr.lvalue \
            else sema.conv.rvalue(o.expr)
        o.expr = e
        is_const = isinstance(e, T.IntConst)
        cls = _pick(o.letters, is_const, k in high)
        if cls is None or (cls == "i" and not is_const):
            sema.error(o.pos, f"impossible constraint '{o.letters}' in 'asm' input {k}")
            return False
        if cls not in ("m", "i"):
            o.expr = e = sema.conv.value(e)
            if not _register_type(e.type):
                sema.error(o.pos, f"'asm' input {k} of type '{e.type}' does not fit a register "
                                  "(unsupported)")
                return False
        if cls in SPECIFIC_REGS and (not claim(SPECIFIC_REGS[cls], o, False)):
            return False
        o.cons = cls
    # outputs and inputs get distinct registers (a tied input shares one)
    free = _POOL_SIZE - len(set(clobbers) & _POOL_REGS) - len((set(out_regs) | in_regs)
                                                               & _POOL_REGS)
    wanted = sum(1 for o in outs + ins if o.cons.lstrip("=&") in ("r", "q", "m"))
    if wanted > free:
        sema.error(p, "'asm' operand has impossible constraints (not enough registers)")
        return False
    return True


def _pick(letters: str, is_const: bool, high: bool) -> str | None:
    if is_const and any(ch in _IMMEDIATE or ch in "gX" for ch in letters):
        return "i"
    for ch in letters:
        if ch in SPECIFIC_REGS:
            return ch
    if any(ch in _REGISTER for ch in letters):
        return "q" if high or all(ch in "qQ" for ch in letters if ch in _REGISTER) else "r"
    if any(ch in _MEMORY for ch in letters):
        return "m"
    if any(ch in _IMMEDIATE for ch in letters):
        return "i"
    return None


def _register_type(t: CType) -> bool:
    u = unqual(t)
    return isinstance(u, (IntT, PointerT, EnumT)) and 0 < u.size <= 8
