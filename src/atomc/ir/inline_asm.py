"""The canonical inline-asm constraint language shared by the front end (which
reduces gcc's constraints to it), the IR verifier and the back end.

One alternative per operand, as a short string:

* outputs: `=` + optional `&` (early clobber) + a class letter;
* inputs: a class letter, or a decimal output number (the input starts in
  that output's register);
* class letters: `r` any general register, `q` one of a/b/c/d, a specific
  register `a b c d S D`, `m` memory (the IR operand is the address),
  `i` an integer immediate (the IR operand is a constant).

Clobbers are canonical 64-bit register names (`rax`, `r12`, `xmm3`) or the
words "memory" and "cc".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SPECIFIC_REGS: Final = {"a": "rax", "b": "rbx", "c": "rcx", "d": "rdx", "S": "rsi", "D": "rdi"}
REGISTER_CLASSES: Final = frozenset({"r", "q", *SPECIFIC_REGS})
INPUT_CLASSES: Final = REGISTER_CLASSES | {"m", "i"}
OUTPUT_CLASSES: Final = REGISTER_CLASSES | {"m"}

_GPR_ALIASES: Final = {
    "rax": ("eax", "ax", "al", "ah"), "rbx": ("ebx", "bx", "bl", "bh"),
    "rcx": ("ecx", "cx", "cl", "ch"), "rdx": ("edx", "dx", "dl", "dh"),
    "rsi": ("esi", "si", "sil"), "rdi": ("edi", "di", "dil"), "rbp": ("ebp", "bp", "bpl"),
    "rsp": ("esp", "sp", "spl"),
    **{f"r{n}": (f"r{n}d", f"r{n}w", f"r{n}b", f"r{n}l") for n in range(8, 16)},
}
_CLOBBER_NAMES: Final = {alias: canon for canon, aliases in _GPR_ALIASES.items()
                         for alias in (canon, *aliases)}


def canonical_clobber(name: str) -> str | None:
    """`%eax` -> rax, "memory"/"cc" unchanged, `xmm3` kept; None if unknown."""
    n = name.strip().lstrip("%").lower()
    if n in ("memory", "cc"):
        return n
    if n in _CLOBBER_NAMES:
        return _CLOBBER_NAMES[n]
    if (n.startswith(("xmm", "ymm")) and n[3:].isdigit() and int(n[3:]) < 16) or \
            (n.startswith("st") and (n == "st" or n[3:-1].isdigit())) or n in ("flags", "fpsr",
                                                                                "dirflag"):
        return n if not n.startswith("ymm") else "xmm" + n[3:]
    return None


def is_output(constraint: str) -> bool:
    return constraint.startswith("=")


def constraint_class(constraint: str) -> str:
    """The class letter (or output number) of a canonical constraint."""
    return constraint.lstrip("=&")


def is_early_clobber(constraint: str) -> bool:
    return constraint.startswith("=&")


def check_constraints(constraints: tuple[str, ...] | list[str]) -> list[str]:
    """Problems with a canonical constraint list (empty when well formed)."""
    problems: list[str] = []
    outputs = 0
    seen_input = False
    for i, c in enumerate(constraints):
        if is_output(c):
            if seen_input:
                problems.append(f"output operand {i} follows an input")
            if constraint_class(c) not in OUTPUT_CLASSES:
                problems.append(f"operand {i}: bad output constraint '{c}'")
            outputs += 1
            continue
        seen_input = True
        if c.isdigit():
            k = int(c)
            if k >= outputs:
                problems.append(f"operand {i}: matching constraint {k} is not an output")
            elif constraint_class(constraints[k]) == "m":
                problems.append(f"operand {i}: matching constraint {k} names a memory output")
        elif c not in INPUT_CLASSES:
            problems.append(f"operand {i}: bad input constraint '{c}'")
    return problems


def check_asm(inst: object) -> list[str]:
    """Verifier rules for an `InlineAsm` instruction: canonical constraints, known
    clobbers, one IR operand per non-register-output operand (ptr for memory,
    a constant for `i`), and a result type matching the register outputs."""
    from .insts import InlineAsm
    from .types import PTR, VOID, IntType, PtrType, TupleType
    from .values import Const

    assert isinstance(inst, InlineAsm)
    problems = check_constraints(inst.constraints)
    for c in inst.clobbers:
        if canonical_clobber(c) != c:
            problems.append(f"unknown clobber '{c}'")
    ops = [u.value for u in inst.operands]
    outs = inst.register_outputs()
    if len(ops) != len(inst.constraints) - len(outs):
        return problems + [f"asm has {len(ops)} operands for {len(inst.constraints)} "
                           f"constraints with {len(outs)} register outputs"]
    k = 0
    for c in inst.constraints:
        if is_output(c) and constraint_class(c) != "m":
            continue
        v = ops[k]
        k += 1
        cls = constraint_class(c)
        if cls == "m" and v.ty != PTR:
            problems.append(f"memory operand {k - 1} must be ptr, not {v.ty}")
        elif cls == "i" and not (isinstance(v, Const) and isinstance(v.value, int)):
            problems.append(f"immediate operand {k - 1} is not an integer constant")
        elif cls not in ("m", "i") and not isinstance(v.ty, (IntType, PtrType)):
            problems.append(f"register operand {k - 1} has type {v.ty}")
    types = list(inst.ty.elems) if isinstance(inst.ty, TupleType) else \
        ([] if inst.ty == VOID else [inst.ty])
    if len(types) != len(outs):
        problems.append(f"asm result type {inst.ty} does not match {len(outs)} register outputs")
    elif any(not isinstance(t, (IntType, PtrType)) for t in types):
        problems.append(f"asm result type {inst.ty} is not made of integers and pointers")
    return problems


# ---------------------------------------------------------------------------
# Templates

MODIFIERS: Final = frozenset({"", "k", "q", "w", "b", "h", "c", "P", "p", "a", "n", "V", "z"})


class TemplateError(Exception):
    """A malformed `%` escape in an asm template (gcc: "invalid 'asm': ...")."""


@dataclass(frozen=True, slots=True)
class OperandRef:
    """`%<modifier><index>` in a template; index -1 is `%=` (a number unique to
    this asm instance in the output)."""

    index: int
    modifier: str = ""


def parse_template(template: str, operand_count: int) -> list[str | OperandRef]:
    """Split an extended-asm template into text and operand references.

    `%%` is a percent sign, `%{ %| %}` are literal braces and bar, and
    `{att|intel}` dialect alternatives keep the AT&T one."""
    out: list[str | OperandRef] = []
    text: list[str] = []
    i = 0
    n = len(template)
    dialect = 0  # 0 outside braces, 1 in the AT&T part, 2 in skipped parts
    while i < n:
        ch = template[i]
        if ch == "%":
            if i + 1 >= n:
                raise TemplateError("'%' at the end of the template")
            nxt = template[i + 1]
            if nxt in "%{|}":
                if dialect != 2:
                    text.append(nxt)
                i += 2
                continue
            if nxt == "=":
                if dialect != 2:
                    out.append("".join(text))
                    text = []
                    out.append(OperandRef(-1, "="))
                i += 2
                continue
            j = i + 1
            mod = ""
            if template[j].isalpha():
                mod = template[j]
                j += 1
            if j >= n or not template[j].isdigit():
                if j < n and template[j] == "[":
                    raise TemplateError("named asm operands ('%[name]') are unsupported")
                if mod:
                    raise TemplateError(f"operand number missing after %-letter '{mod}'")
                raise TemplateError(f"invalid %-code '%{template[j] if j < n else ''}'")
            k = j
            while k < n and template[k].isdigit():
                k += 1
            index = int(template[j:k])
            if index >= operand_count:
                raise TemplateError("operand number out of range")
            if mod not in MODIFIERS:
                raise TemplateError(f"invalid operand code '{mod}'")
            if dialect != 2:
                out.append("".join(text))
                text = []
                out.append(OperandRef(index, mod))
            i = k
            continue
        if ch == "{" and dialect == 0:
            dialect = 1
        elif ch == "|" and dialect:
            dialect = 2
        elif ch == "}" and dialect:
            dialect = 0
        elif dialect != 2:
            text.append(ch)
        i += 1
    if text:
        out.append("".join(text))
    return [p for p in out if p != ""]
