"""The DIE tree and its emission as `.debug_info` assembler text.

A DIE holds (attribute, form, value) triples in emission order; the
abbreviation code is decided when the unit is written, so DIEs with the same
shape share a code. References between DIEs (DW_FORM_ref4) are written as
label differences, which lets the assembler compute every offset.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ..diag import InternalCompilerError
from .abbrev import AbbrevTable
from .constants import AT_NAMES, FORM, TAG_NAMES, UT, Attr, Form, Tag
from .locexpr import Encoded, SymAddr


@dataclass(frozen=True, slots=True)
class AsmExpr:
    """An assembler expression (a label, or a difference of labels)."""

    text: str

    # written out, not generated (several per DIE): see codegen/mir/core.py
    def __init__(self, text: str) -> None:
        object.__setattr__(self, "text", text)


class DIE:
    __slots__ = ("tag", "attrs", "children", "label")

    def __init__(self, tag: Tag) -> None:
        self.tag = tag
        self.attrs: list[tuple[Attr, Form, AttrValue]] = []
        self.children: list[DIE] = []
        self.label: str | None = None

    def add(self, at: Attr, form: Form, value: AttrValue = None) -> DIE:
        _check(form, value)
        self.attrs.append((at, form, value))
        return self

    def child(self, tag: Tag) -> DIE:
        d = DIE(tag)
        self.children.append(d)
        return d

    def get(self, at: Attr) -> AttrValue:
        for a, _, v in self.attrs:
            if a == at:
                return v
        raise KeyError(at)

    def walk(self) -> Iterator[DIE]:
        yield self
        for c in self.children:
            yield from c.walk()

    def __repr__(self) -> str:
        return f"<DIE {TAG_NAMES[self.tag]}>"


AttrValue = int | None | AsmExpr | SymAddr | Encoded | DIE

_INT_FORMS: Final = {FORM.data1, FORM.data2, FORM.data4, FORM.data8, FORM.udata, FORM.sdata,
              FORM.flag, FORM.loclistx, FORM.rnglistx}
_LABEL_FORMS: Final = {FORM.strp, FORM.line_strp, FORM.sec_offset}


def _check(form: Form, value: AttrValue) -> None:
    # once per attribute of every DIE: the form's own test only, no table of them all
    if form in _INT_FORMS:
        ok = isinstance(value, int) or (form in (FORM.data4, FORM.data8)
                                        and isinstance(value, AsmExpr))
    elif form == FORM.ref4:
        ok = isinstance(value, DIE)
    elif form == FORM.exprloc:
        ok = isinstance(value, Encoded)
    elif form == FORM.addr:
        ok = isinstance(value, int | SymAddr | AsmExpr)
    elif form == FORM.flag_present:
        ok = value is None
    elif form in _LABEL_FORMS:
        ok = isinstance(value, AsmExpr)
    else:
        raise InternalCompilerError(f"unsupported DWARF form {form!r}")
    if not ok:
        raise InternalCompilerError(f"bad value {value!r} for {form!r}")


_FIXED: Final = {FORM.data1: ".byte", FORM.flag: ".byte", FORM.data2: ".value", FORM.data4: ".long",
          FORM.data8: ".quad"}


class UnitWriter:
    """Writes one compile unit's DIE tree as `.debug_info` text."""

    def __init__(self, prefix: str, abbrevs: AbbrevTable, abbrev_label: str) -> None:
        self.prefix = prefix
        self.abbrevs = abbrevs
        self.abbrev_label = abbrev_label

    def directives(self, root: DIE) -> list[str]:
        start, end = f"{self.prefix}info_start", f"{self.prefix}info_end"
        cu = f"{self.prefix}cu_begin"
        self._assign_labels(root)
        out = ["\t.section\t.debug_info,\"\",@progbits", f"{cu}:",
               f"\t.long\t{end}-{start}\t# unit length", f"{start}:",
               "\t.value\t5\t# DWARF version", f"\t.byte\t0x{UT.compile:x}\t# DW_UT_compile",
               "\t.byte\t8\t# address size", f"\t.long\t{self.abbrev_label}\t# abbrev offset"]
        self._emit(root, cu, out)
        out.append(f"{end}:")
        return out

    def _assign_labels(self, root: DIE) -> None:
        targets: set[int] = set()
        for d in root.walk():
            for _, form, v in d.attrs:
                if form == FORM.ref4:
                    targets.add(id(v))
        n = 0
        for d in root.walk():  # tree order: deterministic label numbers
            if id(d) in targets:
                d.label = f"{self.prefix}die{n}"
                n += 1

    def _emit(self, die: DIE, cu: str, out: list[str]) -> None:
        specs = tuple((int(a), int(f)) for a, f, _ in die.attrs)
        code = self.abbrevs.code(die.tag, bool(die.children), specs)
        if die.label is not None:
            out.append(f"{die.label}:")
        out.append(f"\t.uleb128\t{code}\t# DW_TAG_{TAG_NAMES[die.tag]}")
        for at, form, v in die.attrs:
            out.extend(_value(at, form, v, cu))
        if die.children:
            for c in die.children:
                self._emit(c, cu, out)
            out.append("\t.byte\t0\t# end of children")


def _value(at: Attr, form: Form, v: AttrValue, cu: str) -> list[str]:
    note = f"\t# DW_AT_{AT_NAMES[at]}"
    if form == FORM.flag_present:
        return []
    if form == FORM.addr:
        addr = v.expr() if isinstance(v, SymAddr) else v.text if isinstance(v, AsmExpr) else v
        return [f"\t.quad\t{addr}{note}"]
    if form in _FIXED:
        fixed = v.text if isinstance(v, AsmExpr) else v
        return [f"\t{_FIXED[form]}\t{fixed}{note}"]
    if form in (FORM.udata, FORM.loclistx, FORM.rnglistx):
        return [f"\t.uleb128\t{v}{note}"]
    if form == FORM.sdata:
        return [f"\t.sleb128\t{v}{note}"]
    if form in _LABEL_FORMS:
        assert isinstance(v, AsmExpr)
        return [f"\t.long\t{v.text}{note}"]
    if form == FORM.ref4:
        assert isinstance(v, DIE) and v.label is not None
        return [f"\t.long\t{v.label}-{cu}{note}"]
    if form == FORM.exprloc:
        assert isinstance(v, Encoded)
        return [f"\t.uleb128\t{v.size}{note}", *v.directives()]
    raise InternalCompilerError(f"cannot emit form {form!r}")
