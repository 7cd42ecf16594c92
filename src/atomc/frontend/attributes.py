"""GNU `__attribute__((...))` on declarations: which ones atomc acts on, which
it accepts without effect, and the warning for the rest (as gcc's
`-Wattributes`: "'x' attribute directive ignored").

Acted on (they become IR function/global attributes or a section):
`noinline`, `noipa` (also no inlining), `always_inline`, `noreturn`, `used`,
`weak`, `visibility(...)` (an explicit "default" is kept too: -fvisibility=
cannot change it), `constructor`, `destructor`, `section("name")`,
`stack_protect` / `no_stack_protector`, `common` / `nocommon`,
`tls_model("...")`, `optnone` and `optimize(...)` (a function's own optimisation
level, `optimize_attr`); `alias`, `weakref`, `ifunc` and `symver` become
assembler directives (`symbol_aliases`). `aligned`, `packed`, `mode`,
`transparent_union` and `vector_size` are read by the type code
(`type_attributes`), `cleanup` by irgen (`cleanup`). Accepted without effect
because their semantics allow it: optimisation hints and checking attributes
(`cold`, `pure`, `format`, ...). Attributes that change meaning and are not
implemented (`naked`, `ms_abi`, ...) are rejected in user code rather than
silently dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pycparser import c_ast
from pycparserext import ext_c_parser as ext

from .literals import LiteralError, string_literal
from .optimize_attr import Requests
from .scopes import SymKind
from .symbol_aliases import ALIAS_ATTRIBUTES, note_directive

if TYPE_CHECKING:
    from .sema import Sema

# attributes that become IR attributes of the symbol, under the same name
IR_ATTRS = frozenset({"noinline", "noipa", "always_inline", "noreturn", "used", "weak",
                      "constructor", "destructor", "stack_protect", "no_stack_protector",
                      "common", "nocommon", "returns_twice"})
TLS_MODELS = ("global-dynamic", "local-dynamic", "initial-exec", "local-exec")
VISIBILITIES = ("default", "hidden", "protected", "internal")
# accepted, no code effect needed (hints, diagnostics, type attributes read elsewhere)
IGNORED = frozenset({
    "aligned", "packed", "unused", "cold", "hot", "pure", "const", "format", "format_arg",
    "nonnull", "malloc", "warn_unused_result", "deprecated", "unavailable", "nothrow", "leaf",
    "returns_nonnull", "sentinel", "gnu_inline", "artificial", "flatten",
    "no_instrument_function", "noclone", "no_reorder", "access",
    "alloc_size", "alloc_align", "assume_aligned", "designated_init", "externally_visible",
    "no_icf", "noplt", "retain", "error", "warning",
    "nonstring", "may_alias", "fallthrough", "target", "fd_arg", "fd_arg_read",
    "fd_arg_write", "no_sanitize", "no_sanitize_address", "no_sanitize_undefined",
    "no_split_stack", "warn_if_not_aligned", "copy", "noinit", "persistent",
    "no_profile_instrument_function", "zero_call_used_regs", "null_terminated_string_arg",
    "counted_by", "expected_throw", "strict_flex_array", "sysv_abi", "cdecl",
    "transparent_union", "mode", "vector_size", "cleanup",  # read by type_attributes, cleanup
    # instrumentation, hardening and code-placement hints with no effect on meaning
    "no_sanitize_coverage", "no_sanitize_thread", "no_stack_limit", "patchable_function_entry",
    "simd", "target_clones", "nocf_check", "cf_check", "indirect_return", "indirect_branch",
    "function_return", "fentry_name", "fentry_section", "force_align_arg_pointer", "gcc_struct",
    "warn_unused", "nodiscard", "maybe_unused", "vector_mask", "objc_root_class",
    # calling-convention attributes gcc ignores on x86-64
    "stdcall", "fastcall", "thiscall", "regparm",
})
# meaning-changing attributes atomc does not implement: an error outside system headers
UNSUPPORTED = frozenset({"naked", "ms_abi", "interrupt", "scalar_storage_order", "ms_struct"})


# attribute_nodes' answers during one compile (`Sema` empties it when made): a
# declaration is asked several times (its type, alignment, symbol attributes, its
# deferral), and its tree never changes once parsed
_ASKED: dict[c_ast.Node, tuple[c_ast.Node, ...]] = {}


def forget_attribute_nodes() -> None:
    """Drop the answers kept for another translation unit's declarations."""
    _ASKED.clear()


def attribute_nodes(decl: c_ast.Node) -> tuple[c_ast.Node, ...]:
    """Every attribute expression written on a declaration: in its specifiers and on
    each level of its declarator (`int a[3] __attribute__((x))` attaches to the inner
    declarator)."""
    known = _ASKED.get(decl)
    if known is None:
        known = _ASKED[decl] = _collect(decl)
    return known


def _collect(decl: c_ast.Node) -> tuple[c_ast.Node, ...]:
    out: list[c_ast.Node] = []
    for fs in _field(decl, "funcspec") or ():
        if isinstance(fs, ext.AttributeSpecifier):
            out.extend(_field(fs.exprlist, "exprs") or ())
    t = _field(decl, "type")
    depth = 0
    while t is not None and depth < 64:  # asked several times per declaration
        attrs = _field(t, "attributes")
        if attrs is not None:
            out.extend(_field(attrs, "exprs") or ())
        t = _field(t, "type")
        depth += 1
    return tuple(out)


def _field(node: object, name: str) -> Any:
    """`getattr(node, name, None)`, asking `hasattr` first: compiled, a getattr with
    a default raises and drops an AttributeError where `node` lacks `name`
    (~2,500 instructions; a declarator's walk misses on most of its levels), which
    hasattr does not."""
    return getattr(node, name) if hasattr(node, name) else None


def _name_and_args(node: c_ast.Node) -> tuple[str, list[c_ast.Node]] | None:
    if isinstance(node, c_ast.ID):
        return node.name.strip("_"), []
    if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
        args = list(node.args.exprs) if node.args is not None else []
        return node.name.name.strip("_"), args
    return None


def attribute_name(node: c_ast.Node) -> str | None:
    """An attribute's name without its underscores; None for an unreadable one."""
    na = _name_and_args(node)
    return na[0] if na is not None else None


def _string_arg(sema: Sema, node: c_ast.Node, args: list[c_ast.Node], name: str) -> str | None:
    if len(args) != 1 or not (isinstance(args[0], c_ast.Constant) and args[0].type == "string"):
        sema.error(node, f"'{name}' attribute requires a string argument")
        return None
    try:
        return string_literal(args[0].value).decode("utf-8", errors="surrogateescape")
    except LiteralError as e:
        sema.error(args[0], str(e))
        return None


def symbol_attributes(sema: Sema, decl: c_ast.Node, system: bool,
                      kind: SymKind) -> tuple[set[str], str | None]:
    """(IR attributes, section) a declaration asks for; warns about unknown ones."""
    attrs: set[str] = set()
    section: str | None = None
    levels = Requests()  # optnone, optimize(...): settled after the loop
    for node in attribute_nodes(decl):
        na = _name_and_args(node)
        if na is None:
            continue
        name, args = na
        if name in IR_ATTRS:
            attrs.add(name)
            if name == "noipa":
                attrs.add("noinline")
            elif name == "always_inline":
                levels.always_inline = node
        elif levels.take(sema, name, node, args):  # optnone, optimize(...)
            continue
        elif name == "section":
            section = _string_arg(sema, node, args, name) or section
        elif name in ("warning", "error") and args and getattr(decl, "name", None):
            msg = _string_arg(sema, node, args, name)
            if msg is not None:
                sema.call_diagnostics[decl.name] = (name, msg)
        elif name == "alloc_size" and getattr(decl, "name", None):
            positions = [sema.decls.const_int(sema.exprs.expr(a), "alloc_size argument")
                         for a in args]
            if positions and all(isinstance(x, int) for x in positions):
                sema.alloc_sizes[decl.name] = tuple(positions)  # type: ignore[arg-type]
        elif name in ALIAS_ATTRIBUTES:
            target = _string_arg(sema, node, args, name) if args or name != "weakref" else ""
            if target is not None:
                note_directive(sema, decl, name, target)
        elif name == "visibility":
            vis = _string_arg(sema, node, args, name)
            if vis is not None and vis not in VISIBILITIES:
                sema.error(args[0], "attribute 'visibility' argument must be one of 'default', "
                                    "'hidden', 'protected' or 'internal'")
            elif vis in ("hidden", "internal", "protected"):
                attrs.add(vis)
            elif vis == "default":
                attrs.add("visibility_default")
        elif name == "tls_model":
            model = _string_arg(sema, node, args, name)
            if model is not None and model not in TLS_MODELS:
                sema.error(args[0], "'tls_model' argument should be one of 'global-dynamic', "
                                    "'local-dynamic', 'initial-exec' or 'local-exec'")
            elif model is not None:
                attrs.add("tls_" + model.replace("-", "_"))
        elif name in IGNORED or system:
            continue
        elif name in UNSUPPORTED:
            sema.error(node, f"'{name}' attribute is unsupported")
        elif not sema.quiet:
            sema.warning(node, f"'{name}' attribute directive ignored", "attributes")
    levels.settle(sema, decl, attrs, kind)
    if kind is not SymKind.FUNC:
        attrs -= {"noinline", "noipa", "always_inline", "noreturn", "stack_protect",
                  "no_stack_protector", "returns_twice"}
    return attrs, section
