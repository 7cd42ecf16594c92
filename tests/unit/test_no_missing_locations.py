"""Locations cannot be forgotten (issue 12 §3): a scan of the compiler's source for
IR instructions built without a location.

Constructors and the builder refuse `None` at run time; this scan catches, before
anything runs, the spellings that would only fail on the path that reaches them:
`loc=None` passed to an IR instruction class or the builder, an IR instruction
built with no `loc=` at all, a `Builder` made without its starting location, and
`builder.at(None)` anywhere (the builder still reads `None` as ARTIFICIAL, for the
front end's `DILocation | None` positions, but a literal `None` says nothing: spell
ARTIFICIAL), and `inst.loc = None` in the IR and its passes. Machine instructions
(`MInst`) are the back end's and are not IR: they are not scanned.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import atomc
import atomc.ir as ir
from atomc.ir.insts import Inst

SRC = Path(atomc.__file__).resolve().parent
IR_AND_PASSES = ("ir", "opt")


def _inst_classes() -> set[str]:
    from atomc.ir import atomics, wide  # noqa: F401 (their classes are Inst subclasses)

    seen: set[str] = set()
    todo = [Inst]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub.__name__ not in seen:
                seen.add(sub.__name__)
                todo.append(sub)
    return seen


INST_CLASSES = _inst_classes()


def _callee(node: ast.Call) -> str:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return ""


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


_IR_MODULES = ("ir", "insts", "atomics", "wide")


def _ir_names(tree: ast.AST) -> set[str]:
    """The IR instruction classes (and Builder) a module imports, by their local names
    (the front end's typed tree has its own `Cast` and `Call`, which are not IR)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            parts = node.module.split(".")
            if not (parts[-1] in _IR_MODULES and (node.level or parts[0] == "atomc")
                    and (parts[-1] == "ir" or len(parts) == 1 or parts[-2] == "ir")):
                continue
            for alias in node.names:
                if alias.name in INST_CLASSES or alias.name == "Builder":
                    names.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import) and any(a.name == "atomc.ir" for a in node.names):
            names |= INST_CLASSES | {"Builder"}
    return names


def missing_locations(tree: ast.AST, in_ir: bool) -> list[tuple[int, str]]:
    """(line, what) for every forgotten location in one module's syntax tree."""
    found: list[tuple[int, str]] = []
    checked = _ir_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _callee(node)
            if name == "at" and len(node.args) == 1 and _is_none(node.args[0]):
                found.append((node.lineno, "builder.at(None): use at(ARTIFICIAL)"))
                continue
            if name not in checked:
                continue
            kw = {k.arg: k.value for k in node.keywords}
            if None in kw:  # **kwargs: cannot tell
                continue
            if name == "Builder":
                if len(node.args) < 2 and "loc" not in kw:
                    found.append((node.lineno, "Builder made without a location"))
                elif "loc" in kw and _is_none(kw["loc"]) or \
                        len(node.args) >= 2 and _is_none(node.args[1]):
                    found.append((node.lineno, "Builder made with loc None"))
            elif "loc" not in kw:
                found.append((node.lineno, f"{name}(...) without loc="))
            elif _is_none(kw["loc"]):
                found.append((node.lineno, f"{name}(..., loc=None)"))
        elif in_ir and isinstance(node, ast.Assign) and _is_none(node.value):
            for t in node.targets:
                if isinstance(t, ast.Attribute) and t.attr == "loc":
                    found.append((node.lineno, "`.loc = None`: use set_loc(ARTIFICIAL)"))
    return sorted(found)


def test_no_ir_instruction_is_built_without_a_location() -> None:
    problems = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, what in missing_locations(tree, rel.parts[0] in IR_AND_PASSES):
            problems.append(f"src/atomc/{rel}:{line}: {what}")
    assert not problems, "locations forgotten:\n" + "\n".join(problems)


def test_the_scan_finds_each_kind_of_forgotten_location() -> None:
    """The scan itself can fail: each spelling it exists for is found."""
    bad = (
        "from ..ir import Binary, Builder, Cast, Jump\n"
        "b = Builder(fn)\n"
        "x = Binary(Op.ADD, a, b, loc=None)\n"
        "y = ir.Jump(t)\n"
        "inst.loc = None\n"
        "with b.at(None): pass\n"
        "z = MInst('movl', [], loc=None)\n"  # machine instruction: not IR
        "w = Cast(op, v, t, loc=keep(inst))\n"
        "def f():\n"
        "    from ..frontend.tree import Call\n"
        "    return Call(f, args)\n"  # not IR: not imported from the IR
    )
    found = missing_locations(ast.parse(bad), in_ir=True)
    assert [line for line, _ in found] == [2, 3, 4, 5, 6]
    front_end = missing_locations(ast.parse("with b.at(None): pass\nb.at(loc)\n"), in_ir=False)
    assert [line for line, _ in front_end] == [1]


def test_the_scan_knows_every_instruction_class() -> None:
    exported = {n for n, v in vars(ir).items() if inspect.isclass(v) and issubclass(v, Inst)}
    assert exported - {"Inst"} <= INST_CLASSES
    assert {"Wide", "Fence", "CmpXchg", "InlineAsm"} <= INST_CLASSES


def test_constructors_and_builder_refuse_none() -> None:
    import pytest

    from atomc.ir import ARTIFICIAL, Builder, Const, Function, I32, Ret

    with pytest.raises(TypeError, match="needs loc="):
        Ret([Const(I32, 0)], loc=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs loc="):
        Builder(Function("f", [], []), None)  # type: ignore[arg-type]
    assert Ret([], loc=ARTIFICIAL).loc is None
    r = Ret([], loc=ARTIFICIAL)
    with pytest.raises(TypeError, match="needs loc="):
        r.set_loc(None)  # type: ignore[arg-type]
