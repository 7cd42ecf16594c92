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
"""

from __future__ import annotations

import ast
from pathlib import Path

import atomc.codegen

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
