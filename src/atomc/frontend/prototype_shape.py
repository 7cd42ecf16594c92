"""What a header prototype's declaration says about its deferral, from its tree
alone, and the stored form of one that may be deferred.

`sema/lazy_decls.py` defers a system header's prototype until the program names
it; most never are. Whether one may be deferred is partly a matter of its tree
(`shape`: a plain function declarator, only symbol attributes, tags named without
a body) and partly of the checker's state where it stands (the file scope's names
and tags, `#pragma pack` and the like). The parse cache (`parse_cache.py`) stores
each top-level declaration of a header segment whose shape allows it as a
`StoredPrototype`: its name, coordinate, the tags it names and its tree pickled.
The checker decides from those alone, as it would from the tree; the tree is
unpickled only when it is checked (named, or not deferred), so a compile no longer
builds the hundreds of prototypes it never uses.
"""

from __future__ import annotations

from pycparser import c_ast
from pycparserext import ext_c_parser as ext

from .attributes import attribute_name, attribute_nodes

# attributes recorded on the symbol alone (sym.attrs, its call checks)
SYMBOL_ONLY = frozenset({
    "nothrow", "leaf", "nonnull", "pure", "const", "malloc", "warn_unused_result",
    "format", "format_arg", "deprecated", "access", "returns_twice", "noreturn", "cold",
    "sentinel", "returns_nonnull", "unavailable", "fd_arg", "fd_arg_read", "fd_arg_write",
})
# declarator nodes whose meaning later is their meaning now (given the checks below)
_PLAIN = (c_ast.TypeDecl, c_ast.PtrDecl, c_ast.FuncDecl, c_ast.ParamList, c_ast.Decl,
          c_ast.Typename, c_ast.IdentifierType, c_ast.EllipsisParam, c_ast.ArrayDecl,
          c_ast.Constant, c_ast.ID, ext.FuncDeclExt, ext.TypeDeclExt, ext.ArrayDeclExt)
_TAGGED = (c_ast.Struct, c_ast.Union, c_ast.Enum)
PROTOTYPES = frozenset({c_ast.FuncDecl, ext.FuncDeclExt})
STORAGE = frozenset({"extern", "__extension__"})
_SPECIFIER = ext.AttributeSpecifier
# the children `_plain` walks in the commonest of those classes: what their
# `children()` names, less attributes and asm labels (which `shape` checked)
_WALKED: dict[type, tuple[str, ...]] = {
    c_ast.Decl: ("type", "init", "bitsize"),
    c_ast.TypeDecl: ("type",), ext.TypeDeclExt: ("type",),
    c_ast.PtrDecl: ("type",),
    c_ast.FuncDecl: ("args", "type"), ext.FuncDeclExt: ("args", "type"),
    c_ast.Typename: ("type",),
    c_ast.ArrayDecl: ("type", "dim"), ext.ArrayDeclExt: ("type", "dim"),
    c_ast.IdentifierType: (), c_ast.EllipsisParam: (), c_ast.Constant: (), c_ast.ID: (),
}
_SIZED = frozenset({c_ast.ArrayDecl, ext.ArrayDeclExt})


def attribute_word(node: c_ast.Node) -> str | None:
    """`attribute_name` without the argument list it builds."""
    if type(node) is c_ast.FuncCall:
        name = node.name
        return name.name.strip("_") if isinstance(name, c_ast.ID) else None
    if type(node) is c_ast.ID:
        return node.name.strip("_")
    return attribute_name(node)


def declarator_ok(decl: c_ast.Decl) -> bool:
    """The part of `LazyPrototypes.defer`'s test on a file-scope declaration that
    reads its tree alone (any prototype, system header or not)."""
    storage = decl.storage
    funcspec = decl.funcspec
    return not (not decl.name or decl.init is not None or decl.bitsize is not None
                or type(decl.type) not in PROTOTYPES
                or (storage and not STORAGE.issuperset(storage))
                or (funcspec and not all(type(f) is _SPECIFIER for f in funcspec))
                or getattr(decl, "align", None) or getattr(decl.type, "asm", None) is not None)


def system_tags(decl: c_ast.Decl) -> list[str] | None:
    """For a prototype `declarator_ok` accepts, as a system header's: the tags its
    declarator names (each must be visible where it stands), or None when its
    attributes or declarator rule deferral out."""
    for a in attribute_nodes(decl):
        if attribute_word(a) not in SYMBOL_ONLY:
            return None
    tags: list[str] = []
    return tags if _plain(decl.type, tags) else None


def shape(decl: c_ast.Node) -> list[str] | None:
    """`system_tags` of a file-scope declaration, None for anything else."""
    if type(decl) is not c_ast.Decl or not declarator_ok(decl):
        return None
    return system_tags(decl)


def _plain(node: c_ast.Node, tags: list[str]) -> bool:
    """Does `node` (a prototype's declarator, walked whole) name only what a
    deferral allows? Tags named go to `tags`. The common classes are walked through
    their children by name (`_WALKED`), without building each node's `children()`
    tuple."""
    walked = _WALKED.get(type(node))
    if walked is None:
        return _plain_node(node, tags)
    if type(node) in _SIZED:
        dim = node.dim
        if not (dim is None or isinstance(dim, c_ast.Constant)):
            return False
    for child_name in walked:
        child = getattr(node, child_name)
        if child is not None and not _plain(child, tags):
            return False
    return True


def _plain_node(node: c_ast.Node, tags: list[str]) -> bool:
    """`_plain` for the classes `_WALKED` does not list (tags, parameter lists,
    subclasses), through `children()`."""
    if isinstance(node, _TAGGED):
        if (node.name is not None and getattr(node, "decls", None) is None
                and getattr(node, "values", None) is None):
            tags.append(node.name)
            return True
        return False
    if type(node) is c_ast.ParamList:
        for param in node.params:
            if not _plain(param, tags):
                return False
        return True
    if not isinstance(node, _PLAIN):
        return False
    if isinstance(node, c_ast.ArrayDecl) and not (
            node.dim is None or isinstance(node.dim, c_ast.Constant)):
        return False
    if isinstance(node, c_ast.ID):
        return True  # a K&R parameter name
    for child_name, child in node.children():
        if child_name.startswith(("attributes", "asm")):
            continue
        if not _plain(child, tags):
            return False
    return True


class StoredPrototype:
    """A top-level declaration of a cached header segment whose `shape` allows
    deferral: what the checker's decision reads, and the declaration pickled."""

    __slots__ = ("name", "coord", "tags", "data")

    # trees unpickled from a stored prototype in this process (a work counter for tests)
    loaded = 0

    def __init__(self, name: str, coord: object, tags: tuple[str, ...], data: bytes) -> None:
        self.name = name
        self.coord = coord
        self.tags = tags
        self.data = data

    def load(self) -> c_ast.Decl:
        """The declaration's tree (a new one each time)."""
        import pickle

        StoredPrototype.loaded += 1
        decl: c_ast.Decl = pickle.loads(self.data)
        return decl


def loaded(node: object) -> object:
    """`node`, or the tree of a stored prototype."""
    return node.load() if type(node) is StoredPrototype else node
