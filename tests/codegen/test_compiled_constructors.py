"""The frozen values the back end makes per instruction or per row write their own
`__init__` (issue 13, compile time): the one `dataclasses` generates is interpreted
code even in the mypyc-compiled build, about 1.5 us a value there. Counted, never
timed; and each written `__init__` is held to its class's fields."""

from __future__ import annotations

import dataclasses
import inspect
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from atomc.codegen import generate_assembly
from atomc.codegen.debuginfo.ldv.derived import Link
from atomc.codegen.debuginfo.ldv.variables import _GroupedIncoming, _Incoming
from atomc.codegen.debuginfo.ldv.widths import Form
from atomc.codegen.mir import BlockRef, DbgMeta, Imm, Mem, PReg, StackSlot, Sym, VReg
from atomc.codegen.regalloc.coalesce import _Candidate
from atomc.codegen.regalloc.linear import Interval
from atomc.codegen.regalloc.split import _Ref
from atomc.codegen.x86_64.abi import ArgLoc
from atomc.diag import DiagnosticEngine
from atomc.dwarf.die import AsmExpr
from atomc.dwarf.line_rows import LineBlock, Row
from atomc.dwarf.locexpr import Constu, Encoded, Fbreg, Reg
from atomc.dwarf.model import LocRange, VarLocation, WhyEntry
from atomc.frontend import compile_to_ir
from atomc.ir.debuginfo import DIExpression, DILocalVariable, DILocation
from atomc.opt.mem2reg import _Stored
from atomc.opt.selectform import _Side
from atomc.options import CompileOptions
from atomc.pipeline import optimise

WRITTEN = (VReg, PReg, Imm, StackSlot, Mem, BlockRef, Sym, LineBlock, Row)
# the values the lowering, the optimiser, the allocator and the variable-location
# and DWARF stages of an -O2 -g compile make most often (deflate.c: DILocation
# ~4,000, Interval ~1,700, DbgMeta ~1,000, then ~500-950 each; Lua's lvm.c adds
# _Incoming ~4,000, WhyEntry ~2,700, VarLocation, _Ref, LocRange, _Stored ~1,200-1,400)
WRITTEN_O2 = (DILocation, Interval, DbgMeta, _Candidate, _Side, Reg, Constu, Encoded,
              AsmExpr, Form, Link, _Incoming, _GroupedIncoming, WhyEntry, VarLocation,
              LocRange, _Ref, _Stored, Fbreg, ArgLoc, DIExpression, DILocalVariable)

_SOURCE = """
struct s { int a[4]; long b; };
int g(int);
int f(struct s *p, int n) {
    int t = 0;
    for (int i = 0; i < n; i++) {
        int k = p->a[i & 3] + (int)p->b;
        if (k > 3)
            t += g(k);
        else
            t -= k;
    }
    return t;
}
"""


def _generated_inits(tmp: Path, opts: CompileOptions,
                     whole: bool = False) -> tuple[Counter[str], str]:
    """The assembly of `_SOURCE`, and how many values of each class the back end
    (`whole`: the lowering, the optimiser and the back end) made through an
    `__init__` that `dataclasses` generated."""
    src = tmp / "f.c"
    src.write_text(_SOURCE)
    made: Counter[str] = Counter()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        code = frame.f_code
        if event == "call" and code.co_name == "__init__" and code.co_filename == "<string>":
            made[type(frame.f_locals[code.co_varnames[0]]).__name__] += 1

    module = None if whole else compile_to_ir(str(src), opts, DiagnosticEngine())
    sys.setprofile(profile)
    try:
        if module is None:
            module = optimise(compile_to_ir(str(src), opts, DiagnosticEngine()), opts)
        text = generate_assembly(module, opts)
    finally:
        sys.setprofile(None)
    return made, text


@pytest.mark.parametrize("level", [0, 2])
def test_back_end_values_are_made_by_written_inits(tmp_path: Path, level: int) -> None:
    made, text = _generated_inits(tmp_path, CompileOptions(opt_level=level, debug=True))
    assert "f:" in text and ".loc" in text
    names = {cls.__name__ for cls in WRITTEN}
    slow = {name: n for name, n in made.items() if name in names}
    assert not slow, f"made through dataclasses' generated __init__: {slow}"


def test_whole_compile_values_are_made_by_written_inits(tmp_path: Path) -> None:
    made, text = _generated_inits(tmp_path, CompileOptions(opt_level=2, debug=True),
                                  whole=True)
    assert "f:" in text and ".loc" in text
    names = {cls.__name__ for cls in WRITTEN + WRITTEN_O2}
    slow = {name: n for name, n in made.items() if name in names}
    assert not slow, f"made through dataclasses' generated __init__: {slow}"


def _default(f: dataclasses.Field) -> object:
    """The parameter default a written `__init__` gives field `f`: its default, or
    None for a field with a factory (the written one calls the factory then)."""
    if f.default_factory is not dataclasses.MISSING:
        return None
    return inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default


@pytest.mark.parametrize("cls", WRITTEN + WRITTEN_O2, ids=lambda c: c.__name__)
def test_written_init_is_the_generated_one(cls: type) -> None:
    """The same parameters (names, order, defaults) as the fields, each field set
    from its own, a factory's field a new value each time, and frozen classes
    still frozen."""
    assert "__init__" in cls.__dict__
    assert cls.__init__.__code__.co_filename == inspect.getfile(cls)  # type: ignore[misc]
    fields = dataclasses.fields(cls)
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]  # type: ignore[misc]
    assert [p.name for p in params] == [f.name for f in fields]
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params)
    assert [p.default for p in params] == [_default(f) for f in fields]
    values = {f.name: object() for f in fields}  # a distinct value per field
    made = cls(**values)
    assert all(getattr(made, name) is value for name, value in values.items())
    again = cls(*values.values())
    assert all(getattr(again, name) is value for name, value in values.items())
    if cls.__dataclass_params__.eq:  # type: ignore[attr-defined]
        assert made == again
    required = {f.name: values[f.name] for f in fields
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            one, other = cls(**required), cls(**required)
            assert getattr(one, f.name) == f.default_factory()
            assert getattr(one, f.name) is not getattr(other, f.name)
    if cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, fields[0].name, 1)
