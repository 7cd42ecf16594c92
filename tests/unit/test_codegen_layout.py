"""The back end's layout rules (docs/architecture.md), checked on the imports
and the source: a new dependency that breaks a rule fails here, and the
allow-lists below can only shrink (an entry that no longer applies fails too).

1. Only the pipeline and `x86_64/target.py` name the x86-64 target from outside
   `x86_64/`.
2. `x86_64/` imports nothing of `codegen/` but `mir/`, `target.py` and itself.
3. `ldv/` never imports `mir/` (it sees machine code through its own views).
4. Opcodes are a table: no opcode is spelt by concatenating strings at run time.
5. Instruction selection has no mixins: its classes derive from nothing of their own
   (`FunctionISel` holds its float, x87 and `wide` parts as components).
6. Target-neutral code spells no x86: outside `x86_64/` (and the pipeline), no
   string names an x86-64 opcode, mnemonic family or register (the spellings come
   from `x86_64/opcodes.py`'s and `registers.py`'s tables), and no code takes an
   opcode apart (`.opcode[-1]`, `.opcode.startswith(...)`): a pass asks the target
   description (`codegen/target.py`) what an instruction does instead.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import atomc.codegen
from atomc.codegen.mir.core import INLINE_ASM, META_OPCODES
from atomc.codegen.x86_64.opcodes import CMOV, EXTEND, JCC, SETCC, SIZED, SSE, table
from atomc.codegen.x86_64.registers import GPRS, XMMS, reg_name

OPCODES = table()  # every row, made now (opcodes.py makes them when first asked for)

CODEGEN = Path(atomc.codegen.__file__).parent
PKG = "atomc.codegen"

# Rule 1's remaining exceptions: module -> the x86_64 modules it still imports.
X86_OUTSIDE_ALLOWED: dict[str, set[str]] = {}

# Rule 2's remaining exceptions: x86_64 module -> the codegen modules it still imports.
# (none left: the printer takes its line rows as the DWARF writer's `LineTable`)
X86_INSIDE_ALLOWED: dict[str, set[str]] = {}

# Rule 4 has no exceptions left: instruction selection picks rows from the lookups of
# x86_64/opcodes.py (SIZED, SETCC, JCC, EXTEND, SSE, CVT_*, CMOV) by size and
# condition code; only that module spells a mnemonic from its parts.
BUILT_OPCODES_ALLOWED: dict[str, int] = {}


def _module_name(path: Path) -> str:
    rel = path.relative_to(CODEGEN).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([PKG, *parts])


def _imports(path: Path) -> set[str]:
    """Absolute names of every module `path` imports (lazy imports too)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            found.add(mod)
            # `from . import x` may name a submodule
            found.update(f"{mod}.{a.name}" for a in node.names)
    return {m for m in found if m.startswith(PKG + ".") or m == PKG}


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(CODEGEN.rglob("*.py"))}


def _is_module(name: str) -> bool:
    return name in _modules()


def _under(name: str, folder: str) -> bool:
    prefix = f"{PKG}.{folder}"
    return name == prefix or name.startswith(prefix + ".")


def _short(name: str) -> str:
    return name[len(PKG) + 1:] if name.startswith(PKG + ".") else name


def test_only_the_pipeline_and_the_target_name_x86_64() -> None:
    allowed_importers = {f"{PKG}.pipeline", f"{PKG}.__main__", f"{PKG}.x86_64.target"}
    seen: dict[str, set[str]] = {}
    for name, path in _modules().items():
        if _under(name, "x86_64") or name in allowed_importers:
            continue
        x86 = {_short(m) for m in _imports(path) if _under(m, "x86_64") and _is_module(m)}
        if x86:
            seen[_short(name)] = x86
    assert seen == X86_OUTSIDE_ALLOWED


def test_x86_64_imports_only_mir_and_the_target_protocol() -> None:
    seen: dict[str, set[str]] = {}
    for name, path in _modules().items():
        if not _under(name, "x86_64"):
            continue
        other = {_short(m) for m in _imports(path) if _is_module(m)
                 and not (_under(m, "x86_64") or _under(m, "mir") or m == f"{PKG}.target")}
        if other:
            seen[_short(name)] = other
    assert seen == X86_INSIDE_ALLOWED


def test_ldv_never_imports_mir() -> None:
    for name, path in _modules().items():
        if _under(name, "debuginfo.ldv"):
            bad = {m for m in _imports(path) if _under(m, "mir")}
            assert not bad, f"{_short(name)} imports {sorted(bad)}"


def _built_opcodes(path: Path) -> int:
    """String concatenations and f-strings that make an opcode: the first
    argument of `MInst(...)` or of instruction selection's `.emit(...)` (the
    assembly printer's `emit` takes finished text lines), or a value assigned
    to `.opcode`."""
    parts = path.relative_to(CODEGEN).parts if CODEGEN in path.parents else ()
    callees = {"MInst"} if "asm" in parts else {"MInst", "emit"}
    count = 0
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Call) and node.args:
            fn = node.func
            callee = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
            if callee in callees:
                targets.append(node.args[0])
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Attribute) and t.attr == "opcode" for t in node.targets):
                targets.append(node.value)
        count += sum(1 for t in targets if _is_built(t))
    return count


def _is_built(expr: ast.expr) -> bool:
    """An f-string or a `+` anywhere in the opcode expression (opcodes are strings:
    `+` joins parts of one), a table key included (`SIZED["lock " + op, 4]`)."""
    return any(isinstance(n, ast.JoinedStr)
               or isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add)
               for n in ast.walk(expr))


def test_opcodes_are_not_built_from_strings() -> None:
    seen = {_short(n): c for n, p in _modules().items() if (c := _built_opcodes(p))}
    assert seen == BUILT_OPCODES_ALLOWED


def test_the_opcode_check_sees_a_built_opcode(tmp_path: Path) -> None:
    bad = tmp_path / "isel_example.py"
    bad.write_text('sel.emit("set" + cc, r)\nsel.emit(SIZED["lock " + op, 4], r)\n'
                   'mi.opcode = f"j{cc}"\nsel.emit(SIZED["cmp", 4], r)\n')
    assert _built_opcodes(bad) == 3



def _base_names(cls: ast.ClassDef) -> set[str]:
    return {b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute)
            else ast.unparse(b) for b in cls.bases}


def test_isel_has_no_mixins() -> None:
    library_bases = {"Enum", "IntEnum", "NamedTuple", "Exception", "Protocol"}
    seen = {f"{_short(name)}.{node.name}": sorted(_base_names(node) - library_bases)
            for name, path in _modules().items() if _under(name, "x86_64.isel")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ClassDef) and _base_names(node) - library_bases}
    assert not seen, f"classes of isel/ built from other classes (mixins): {seen}"


# Rule 6: the modules that may spell x86 (besides x86_64/ itself)
X86_SPELLERS = {f"{PKG}.pipeline", f"{PKG}.__main__"}
_MIN_STEM = 3  # shorter mnemonic stems ("or", "j") are ordinary words and letters


def x86_spellings() -> frozenset[str]:
    """Every opcode of the x86-64 table but the neutral MIR's own (inline asm), the
    mnemonic stems and families its lookups are built from (`add`, `movz`, `set`),
    and every register at every width (`rdi`, `edi`, `dil`, `xmm0`)."""
    opcodes = set(OPCODES) - META_OPCODES - {INLINE_ASM}
    stems = {stem for stem, _ in SIZED} | {stem for stem, _ in SSE}
    families = {os.path.commonprefix(sorted(rows)) for rows in (
        SETCC.values(), JCC.values(), CMOV.values(),
        [op for (signed, _, _), op in EXTEND.items() if signed],
        [op for (signed, _, _), op in EXTEND.items() if not signed])}
    registers = {reg_name(r, n) for r in GPRS for n in (1, 2, 4, 8)} | set(XMMS)
    return frozenset(opcodes | registers | {s for s in stems | families if len(s) >= _MIN_STEM})


def _docstrings(tree: ast.Module) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant):
            out.add(id(node.body[0].value))
    return out


def _is_opcode(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Attribute) and expr.attr == "opcode" \
        or isinstance(expr, ast.Name) and expr.id == "opcode"


def x86_in(path: Path, spellings: frozenset[str]) -> list[str]:
    """`line: what` for each x86 spelling (a string other than a docstring) and each
    opcode taken apart (sliced, indexed, or tested for a prefix or suffix) in `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    out: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        what = ""
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value in spellings and id(node) not in docs:
            what = repr(node.value)
        elif isinstance(node, ast.Subscript) and _is_opcode(node.value):
            what = ast.unparse(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("startswith", "endswith") and _is_opcode(node.func.value):
            what = ast.unparse(node.func)
        if what:
            out.append((node.lineno, node.col_offset, what))
    return [f"{line}: {what}" for line, _, what in sorted(out)]


def test_target_neutral_code_spells_no_x86() -> None:
    spellings = x86_spellings()
    seen = {_short(name): found for name, path in _modules().items()
            if not _under(name, "x86_64") and name not in X86_SPELLERS
            and (found := x86_in(path, spellings))}
    assert not seen, "ask codegen/target.py instead of spelling x86 here:\n" + "\n".join(
        f"{m}:{f}" for m, fs in sorted(seen.items()) for f in fs)


def test_the_x86_check_sees_spellings(tmp_path: Path) -> None:
    spellings = x86_spellings()
    assert {"movq", "leal", "movzbl", "sete", "jne", "cmovgl", "rep movsb", "shr", "movz",
            "cmov", "rdi", "edi", "dil", "r8d", "xmm0", "rsp"} <= spellings
    assert not {"DBG_VALUE", "INLINEASM", "or", "j", "loc"} & spellings
    bad = tmp_path / "neutral_example.py"
    bad.write_text('"""Docstrings may say movq %rdi."""\n'
                   'if mi.opcode in ("leaq", "leal") or op.name.startswith("xmm0"):\n'
                   '    w = 32 if mi.opcode[-1] == "l" else 64\n'
                   'elif mi.opcode.startswith("shr") or opcode.endswith("q"):\n'
                   '    reg = "rsp"\n')
    assert x86_in(bad, spellings) == [
        "2: 'leaq'", "2: 'leal'", "2: 'xmm0'", "3: mi.opcode[-1]", "4: mi.opcode.startswith",
        "4: 'shr'", "4: opcode.endswith", "5: 'rsp'"]
