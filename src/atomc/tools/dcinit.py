"""Write the `__init__` that `dataclasses` generates into the source of each
dataclass of the compiled copy (scripts/build_compiled.py), so that mypyc compiles it.

mypyc compiles the methods written in a dataclass's body; the ones `dataclasses`
adds when the module is imported (`__init__`, `__eq__`, ...) stay Python code made
by `exec`. So, compiled, making a dataclass object ran a Python `__init__`:
~1,900 instructions for three fields, ~4,400 for a frozen class (three
`object.__setattr__` calls), against ~360 for the same `__init__` compiled (a
calling loop in a mypyc module, session 34). This step writes, in the copy's
sources only, the `__init__` `dataclasses` would make, as plain Python: the same
parameters in the same order, defaults (the field's default expression; a
`default_factory` field takes dataclasses' own sentinel `_HAS_DEFAULT_FACTORY`
and calls the factory when given it), keyword-only fields, `InitVar`s passed to
`__post_init__`, `field(init=False)` fields set as `_field_init` sets them,
inherited fields in MRO order, and frozen classes' fields set with
`object.__setattr__` (mypyc compiles that call to the slot's write: the same ~360
instructions as a plain store, which a frozen native class refuses). `dataclasses`
keeps an `__init__` a class defines, so everything else it does is unchanged.

Everything is read from the sources (`ast`), never by importing atomc: a class's
fields from its body and those of its bases, which are found through the module's
own classes and its `from ... import` statements. A class whose fields cannot all
be known that way (a base outside the tree, a decorator argument or a `field()`
argument that is not a literal, a mangled name) is left to `dataclasses`.

The text is placed so that no line moves (tracebacks and mypyc's messages name the
lines of src/): the `def` is one line, written over the first blank line after the
class body (only comments between), and the names it needs (the sentinel and
`typing.Any`, only in modules with a factory field) are appended to the module's
first `from dataclasses import` statement, on its own last line.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

# the names the written code uses, bound by the import line's addition
SENTINEL = "_dcinit_FACTORY"
ANY = "_dcinit_Any"
IMPORTS = (f"; from typing import Any as {ANY}; import dataclasses as _dcinit_dataclasses; "
           f"{SENTINEL}: {ANY} = getattr(_dcinit_dataclasses, '_HAS_DEFAULT_FACTORY')")
# bases that add no field and no `__post_init__` (all a compiled class may have
# besides atomc's own classes)
PLAIN_BASES = frozenset({"object", "Generic", "typing.Generic", "Exception", "ValueError",
                         "RuntimeError", "TypeError", "KeyError", "LookupError"})
DECORATOR_NAMES = frozenset({"dataclass", "dataclasses.dataclass"})
# the other decorators a compiled class may carry (test_compiled_source_rules)
OTHER_DECORATORS = frozenset({"mypyc_attr", "final", "typing.final", "trait"})


@dataclass(frozen=True, slots=True)
class Field:
    """One annotated name of a dataclass body, as `dataclasses.field` would see it."""

    name: str
    annotation: str  # the parameter's annotation text
    default: str | None  # the default's expression text, or None
    factory: str | None  # the text of an expression that makes a fresh default
    init: bool
    kw_only: bool
    initvar: bool


@dataclass(frozen=True, slots=True, eq=False)
class ClassInfo:
    """A class statement of the tree: what the rewrite needs of it."""

    module: str  # dotted module name
    qualname: str
    node: ast.ClassDef
    bases: tuple[ast.expr, ...]
    params: dict[str, bool] | None  # the dataclass decorator's flags; None: no dataclass
    fields: tuple[Field, ...] | None  # own fields; None: not knowable
    defines: frozenset[str]  # the functions its body defines


class Unknown(Exception):
    """The rewrite of a class needs something the sources do not say."""


def _literal_bool(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return node.value
    raise Unknown(f"non-literal flag {ast.unparse(node)}")


def _is_dataclass(node: ast.ClassDef) -> bool:
    return any(ast.unparse(d.func if isinstance(d, ast.Call) else d) in DECORATOR_NAMES
               for d in node.decorator_list)


def _decorator_params(node: ast.ClassDef) -> dict[str, bool]:
    """The flags of a dataclass's `@dataclass(...)`; raises Unknown for one that is
    not literal or for a decorator the rewrite does not know."""
    params = {"init": True, "frozen": False, "slots": False, "kw_only": False}
    for dec in node.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        name = ast.unparse(target)
        if name in DECORATOR_NAMES:
            if isinstance(dec, ast.Call):
                if dec.args:
                    raise Unknown("positional decorator argument")
                for kw in dec.keywords:
                    if kw.arg is None:
                        raise Unknown("decorator **arguments")
                    params[kw.arg] = _literal_bool(kw.value)
        elif name not in OTHER_DECORATORS:
            raise Unknown(f"decorator {name}")
    return params


def _marker(annotation: ast.expr) -> str | None:
    """'ClassVar', 'InitVar' or 'KW_ONLY' when the annotation is one (bare, in
    quotes, qualified by its module or subscripted), else None."""
    node = annotation
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        node = ast.parse(node.value, mode="eval").body
    if isinstance(node, ast.Subscript):
        node = node.value
    name = node.attr if isinstance(node, ast.Attribute) else \
        node.id if isinstance(node, ast.Name) else None
    return name if name in ("ClassVar", "InitVar", "KW_ONLY") else None


def _initvar_type(annotation: ast.expr) -> str:
    """The type inside `InitVar[...]` (the parameter's annotation)."""
    node = annotation
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        node = ast.parse(node.value, mode="eval").body
    return ast.unparse(node.slice) if isinstance(node, ast.Subscript) else ANY


def _factory_call(node: ast.expr) -> str:
    """The text of a call of the factory: `name()`, or a lambda's body."""
    if isinstance(node, ast.Lambda):
        a = node.args
        if a.args or a.posonlyargs or a.kwonlyargs or a.vararg or a.kwarg:
            raise Unknown("factory lambda with parameters")
        return f"({ast.unparse(node.body)})"
    if isinstance(node, ast.Name | ast.Attribute):
        return f"{ast.unparse(node)}()"
    raise Unknown(f"factory {ast.unparse(node)}")


def _own_fields(node: ast.ClassDef, kw_only_default: bool) -> tuple[Field, ...]:
    """The fields the class body declares, in order, as dataclasses reads them."""
    out: list[Field] = []
    kw_only = kw_only_default
    assigned = {t.id for stmt in node.body if isinstance(stmt, ast.Assign)
                for t in stmt.targets if isinstance(t, ast.Name)}
    # names the body binds: at its end (where the def goes) a default naming one
    # could mean another object than where the field was declared
    bound = assigned | {s.name for s in node.body
                        if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)} \
        | {s.target.id for s in node.body
           if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
    for stmt in node.body:
        if not isinstance(stmt, ast.AnnAssign):
            continue
        if not isinstance(stmt.target, ast.Name) or not stmt.simple:
            raise Unknown("annotated non-name")
        name = stmt.target.id
        if name.startswith("__") and not name.endswith("__"):
            raise Unknown(f"mangled field {name}")
        if name in assigned:
            raise Unknown(f"field {name} assigned again in the body")
        marker = _marker(stmt.annotation)
        if marker == "ClassVar":
            continue
        if marker == "KW_ONLY":
            kw_only = True
            continue
        initvar = marker == "InitVar"
        annotation = _initvar_type(stmt.annotation) if initvar else ast.unparse(stmt.annotation)
        default: str | None = None
        factory: str | None = None
        init, this_kw_only = True, kw_only
        value = stmt.value
        if isinstance(value, ast.Call) and ast.unparse(value.func) in ("field",
                                                                        "dataclasses.field"):
            if value.args:
                raise Unknown("positional field() argument")
            for kw in value.keywords:
                if kw.arg == "default":
                    default = ast.unparse(kw.value)
                elif kw.arg == "default_factory":
                    factory = _factory_call(kw.value)
                elif kw.arg == "init":
                    init = _literal_bool(kw.value)
                elif kw.arg == "kw_only":
                    this_kw_only = _literal_bool(kw.value)
                elif kw.arg not in ("repr", "hash", "compare", "metadata"):
                    raise Unknown(f"field({kw.arg}=...)")
        elif value is not None:
            default = ast.unparse(value)
        if value is not None and any(isinstance(n, ast.Name) and n.id in bound
                                     for n in ast.walk(value)):
            raise Unknown(f"default of {name} names a name of the class body")
        out.append(Field(name, annotation, default, factory, init, this_kw_only, initvar))
    return tuple(out)


def _class_info(module: str, qualname: str, node: ast.ClassDef) -> ClassInfo:
    defines = frozenset(s.name for s in node.body
                        if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef))
    params: dict[str, bool] | None = None
    fields: tuple[Field, ...] | None = ()
    if _is_dataclass(node):
        params = {"init": True, "frozen": False, "slots": False, "kw_only": False}
        try:
            params = _decorator_params(node)
            fields = _own_fields(node, params["kw_only"])
        except Unknown:
            fields = None
    if node.keywords:  # a metaclass: dataclasses still works, the rewrite does not guess
        fields = None
    return ClassInfo(module, qualname, node, tuple(node.bases), params, fields, defines)


class Tree:
    """The classes and imports of every module of a package tree, by module name."""

    def __init__(self, root: Path, package: str = "atomc") -> None:
        self.root = root  # the folder that holds the package folder
        self.package = package
        self.classes: dict[str, dict[str, ClassInfo]] = {}  # module -> qualname -> info
        self.imports: dict[str, dict[str, str]] = {}  # module -> local name -> dotted target
        self.trees: dict[str, ast.Module] = {}
        self.texts: dict[str, str] = {}

    def module_name(self, rel: str) -> str:
        """'atomc/a/b.py' -> 'atomc.a.b' ('atomc/a/__init__.py' -> 'atomc.a')."""
        parts = rel.removesuffix(".py").split("/")
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join(parts)

    def load(self, module: str) -> bool:
        """Parse `module` once; False when the tree has no such module."""
        if module in self.trees:
            return True
        base = self.root / module.replace(".", "/")
        path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        if not path.is_file():
            return False
        text = path.read_text()
        tree = ast.parse(text, str(path))
        self.texts[module] = text
        self.trees[module] = tree
        is_pkg = path.name == "__init__.py"
        imports: dict[str, str] = {}
        classes: dict[str, ClassInfo] = {}
        for stmt in tree.body:
            if isinstance(stmt, ast.ImportFrom):
                origin = self._absolute(module, is_pkg, stmt.module, stmt.level)
                for alias in stmt.names:
                    imports[alias.asname or alias.name] = f"{origin}.{alias.name}"
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    if alias.asname:
                        imports[alias.asname] = alias.name
                    else:
                        top = alias.name.split(".")[0]
                        imports[top] = top
        self._collect(module, "", tree.body, classes)
        self.imports[module] = imports
        self.classes[module] = classes
        return True

    def _collect(self, module: str, prefix: str, body: list[ast.stmt],
                 classes: dict[str, ClassInfo]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.ClassDef):
                qualname = prefix + stmt.name
                classes[qualname] = _class_info(module, qualname, stmt)
                self._collect(module, qualname + ".", stmt.body, classes)

    @staticmethod
    def _absolute(module: str, is_pkg: bool, name: str | None, level: int) -> str:
        if level == 0:
            return name or ""
        parts = module.split(".")
        if not is_pkg:
            parts.pop()
        if level > 1:
            parts = parts[:len(parts) - (level - 1)]
        return ".".join([*parts, name] if name else parts)

    def resolve(self, module: str, scope: str, expr: ast.expr) -> ClassInfo | None:
        """The class a base expression names; None for a plain base (no fields, no
        `__post_init__`); raises Unknown for anything else."""
        if isinstance(expr, ast.Subscript):  # Generic[T], Base[T]
            expr = expr.value
        text = ast.unparse(expr)
        if text in PLAIN_BASES:
            return None
        classes = self.classes[module]
        # a name of the enclosing class bodies (innermost first), then the module's
        outer = scope.split(".")[:-1] if scope else []
        for i in range(len(outer), -1, -1):
            candidate = ".".join([*outer[:i], text])
            if candidate in classes:
                return classes[candidate]
        head, _, rest = text.partition(".")
        target = self.imports[module].get(head)
        if target is None:
            raise Unknown(f"base {text} of {module}.{scope}")
        dotted = f"{target}.{rest}" if rest else target
        return self._find(dotted)

    def _find(self, dotted: str) -> ClassInfo:
        """The class named by a dotted path, through modules and re-exports."""
        if not dotted.startswith(self.package + ".") and dotted != self.package:
            raise Unknown(f"base {dotted} outside the tree")
        parts = dotted.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module, rest = ".".join(parts[:cut]), ".".join(parts[cut:])
            if not self.load(module):
                continue
            if rest in self.classes[module]:
                return self.classes[module][rest]
            head, _, tail = rest.partition(".")
            target = self.imports[module].get(head)
            if target is not None:
                return self._find(f"{target}.{tail}" if tail else target)
            raise Unknown(f"{dotted} not found")
        raise Unknown(f"{dotted} not found")

    def mro(self, info: ClassInfo) -> list[ClassInfo]:
        """The class's MRO over the tree's classes (C3; plain bases left out)."""
        bases = [b for b in (self.resolve(info.module, info.qualname, e) for e in info.bases)
                 if b is not None]
        seqs = [self.mro(b) for b in bases] + [bases]
        out = [info]
        while any(seqs):
            for seq in seqs:
                if not seq:
                    continue
                head = seq[0]
                if not any(head in s[1:] for s in seqs):
                    break
            else:
                raise Unknown(f"no MRO for {info.qualname}")
            out.append(head)
            seqs = [s[1:] if s and s[0] is head else s for s in seqs]
        return out

    def fields(self, info: ClassInfo) -> dict[str, Field]:
        """All fields of a dataclass, in dataclasses' order: the bases' (from the
        most basic) then its own, a redefined name keeping its first place."""
        out: dict[str, Field] = {}
        for base in reversed(self.mro(info)[1:]):
            inherited = self._dataclass_fields(base)
            if inherited is not None:
                out.update(inherited)
        own = info.fields
        if own is None:
            raise Unknown(f"fields of {info.qualname}")
        for f in own:
            out[f.name] = f
        return out

    def _dataclass_fields(self, info: ClassInfo) -> dict[str, Field] | None:
        """`getattr(cls, '__dataclass_fields__', None)` for a base: its own fields
        when it is a dataclass, else those of the first dataclass in its MRO."""
        for c in self.mro(info):
            if c.params is not None:
                return self.fields(c)
        return None


def init_text(tree: Tree, info: ClassInfo) -> str | None:
    """The one-line `def __init__` dataclasses would generate for the class, or None
    when dataclasses would not generate one (no dataclass, init=False, its own)."""
    params = info.params
    if params is None or not params["init"] or "__init__" in info.defines:
        return None
    fields = list(tree.fields(info).values())
    mro = tree.mro(info)
    has_post_init = any("__post_init__" in c.defines for c in mro)
    frozen = params["frozen"]
    self_name = "__dataclass_self__" if any(f.name == "self" for f in fields) else "self"
    std = [f for f in fields if f.init and not f.kw_only]
    kw = [f for f in fields if f.init and f.kw_only]

    def param(f: Field) -> str:
        if f.factory is not None:
            return f"{f.name}: {ANY} = {SENTINEL}"
        default = "" if f.default is None else f" = {f.default}"
        return f"{f.name}: {f.annotation}{default}"

    args = [self_name, *(param(f) for f in std)]
    if kw:
        args += ["*", *(param(f) for f in kw)]
    body: list[str] = []
    for f in fields:
        if f.factory is not None:
            value = f"{f.factory} if {f.name} is {SENTINEL} else {f.name}" if f.init \
                else f.factory
        elif f.init:
            value = f.name
        elif params["slots"] and f.default is not None:
            value = f.default
        else:
            continue  # read from the class attribute
        if f.initvar:
            continue
        if frozen:
            body.append(f"object.__setattr__({self_name}, {f.name!r}, {value})")
        else:
            body.append(f"{self_name}.{f.name} = {value}")
    if has_post_init:
        names = ", ".join(f.name for f in fields if f.initvar)
        body.append(f"{self_name}.__post_init__({names})")
    return f"def __init__({', '.join(args)}) -> None: {'; '.join(body) or 'pass'}"


@dataclass(frozen=True, slots=True)
class Written:
    """One class's `__init__` as written into the module's text."""

    qualname: str
    text: str  # the def, without indentation
    line: int  # 1-based line of the module it is on


@dataclass(frozen=True, slots=True)
class Rewrite:
    """A module's text with its classes' `__init__`s, what was written, and what was
    left to dataclasses (qualname, why)."""

    text: str
    written: tuple[Written, ...]
    skipped: tuple[tuple[str, str], ...]


def rewrite_module(tree: Tree, module: str) -> Rewrite:
    """The module's text with an `__init__` written into each dataclass that
    dataclasses would give one; no line of the original text moves unless a class
    has no blank line after it, or ends on the line a class it is nested in ends
    (then the lines after it move down one)."""
    tree.load(module)
    text = tree.texts[module]
    lines = text.splitlines(keepends=True)
    # (0-based line after the class, -indentation, qualname, def text)
    edits: list[tuple[int, int, str, str]] = []
    skipped: list[tuple[str, str]] = []
    for qualname, info in tree.classes[module].items():
        try:
            init = init_text(tree, info)
        except Unknown as e:
            if info.params is not None:
                skipped.append((qualname, str(e)))
            continue
        if init is not None:
            edits.append((info.node.end_lineno or 0, -info.node.body[0].col_offset,
                          qualname, init))
    if not edits:
        return Rewrite(text, (), tuple(skipped))
    if any(ANY in e[3] for e in edits):
        lines = _add_imports(tree.trees[module], lines)
    # each def goes over the first blank line after its class (comments may come
    # between), else in a line of its own there; bottom-up, so that an inserted
    # line moves only the defs placed already; of two classes that end on one line
    # the outer is placed first, so the inner's def comes before it
    placed: dict[str, int] = {}
    for end, negative_indent, qualname, init in sorted(edits, reverse=True):
        line = " " * -negative_indent + init + "\n"
        i = end
        while i < len(lines) and lines[i].lstrip().startswith("#"):
            i += 1
        if i < len(lines) and not lines[i].strip():
            lines[i] = line
        else:
            i = end
            lines.insert(i, line)
            placed = {q: p + 1 for q, p in placed.items()}
        placed[qualname] = i
    written = tuple(Written(q, init, placed[q] + 1) for _, _, q, init in edits)
    return Rewrite("".join(lines), written, tuple(skipped))


def _add_imports(module: ast.Module, lines: list[str]) -> list[str]:
    """`lines` with the sentinel's and Any's definitions appended to the first
    top-level `from dataclasses import` (after the statement, before any comment)."""
    for stmt in module.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.module == "dataclasses" \
                and stmt.end_lineno is not None and stmt.end_col_offset is not None:
            i, col = stmt.end_lineno - 1, stmt.end_col_offset
            raw = lines[i].encode()  # ast's offsets count UTF-8 bytes
            lines = list(lines)
            lines[i] = (raw[:col] + IMPORTS.encode() + raw[col:]).decode()
            return lines
    raise Unknown("no top-level `from dataclasses import` to add the sentinel to")


def rewrite_files(root: Path, rels: list[str], package: str = "atomc"
                  ) -> list[tuple[str, Rewrite]]:
    """Rewrite in place the modules `rels` (paths relative to `root`, the folder
    holding `package`) and return what each got."""
    tree = Tree(root, package)
    out = []
    for rel in rels:
        module = tree.module_name(rel)
        result = rewrite_module(tree, module)
        if result.written:
            (root / rel).write_text(result.text)
        out.append((rel, result))
    return out
