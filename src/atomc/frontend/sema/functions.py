"""Function definitions: the declaration, K&R parameter types, the parameters and
the body, checked into a `tree.FunctionDef` before the lowering sees any of it."""

from __future__ import annotations

from pycparser import c_ast

from ...optlevel import explicit_level
from .. import tree as T
from ..ctype import CType, FuncT, unqual, variably_modified
from ..knr import KnrParam, is_knr, knr_params, promoted
from ..labelvalues import LabelValues
from ..scopes import Pos, SymKind
from .call_attributes import report_call_attributes
from .common import SemaPart


class FunctionChecker(SemaPart):
    """Function definitions."""

    __slots__ = ()

    def definition(self, fd: c_ast.FuncDef) -> T.FunctionDef | None:
        """The checked definition; None if it defines nothing (an error, or a second
        definition already reported)."""
        sema = self.sema
        sym = sema.decls.declare_file_scope(fd.decl, is_definition=True)
        if sym is None or sym.kind is not SymKind.FUNC:
            return None
        ft = unqual(sym.type)
        assert isinstance(ft, FuncT)
        p = sym.pos
        if sym.defined:
            return None
        sym.defined = True
        knr = knr_params(sema, fd, p) if is_knr(fd) else None
        di_ft = ft
        if knr is not None:
            ft, di_ft = self.knr_types(ft, knr, p)
        brace = sema.pos(fd.body)
        sema.label_values = LabelValues()
        optimizing = sema.optimizing
        level = explicit_level(sym.attrs)  # optnone, optimize(...): gnu_inline bodies follow it
        if level is not None:
            sema.optimizing = level[0] > 0
        sema.function = sym
        sema.function_ret = ft.ret
        sema.scopes.push()
        pnodes = self.param_nodes(fd, ft)
        params = self.params(pnodes, ft, p, knr)
        vla_params = self.vla_params(pnodes, p)
        with sema.stmts.body_of_function():
            body = sema.stmts.function_body(fd.body)
            sema.stmts.check_labels({name: lp for name, (_, lp)
                                     in sema.label_values.taken.items()})
        end = sema.closing_brace(fd.body) or brace
        sema.scopes.pop()
        sema.function = None
        sema.optimizing = optimizing
        taken = tuple((name, index) for name, (index, _) in sema.label_values.taken.items())
        report_call_attributes(sema, body)
        return T.FunctionDef(sym, ft, di_ft, params, vla_params, body, end, taken)

    def knr_types(self, ft: FuncT, knr: list[KnrParam], p: Pos) -> tuple[FuncT, FuncT]:
        """The passed (ABI) and the declared (debug info) function types of an old-style
        definition: an earlier prototype's parameter types, else the promoted ones."""
        declared = tuple(k.type for k in knr)
        if ft.prototyped:
            if len(ft.params) != len(knr) or ft.variadic:
                self.sema.error(p, "number of arguments doesn't match prototype (conflicting "
                                   "types)")
                ft = FuncT(ft.ret, declared, False, True)
            return ft, FuncT(ft.ret, declared, False, True)
        return (FuncT(ft.ret, tuple(promoted(t) for t in declared), False, False),
                FuncT(ft.ret, declared, False, False))

    @staticmethod
    def param_nodes(fd: c_ast.FuncDef, ft: FuncT) -> list[c_ast.Node]:
        args = getattr(fd.decl.type, "args", None)
        if args is None or len(ft.params) == 0:
            return []
        return [x for x in args.params if not isinstance(x, c_ast.EllipsisParam)]

    def params(self, pnodes: list[c_ast.Node], ft: FuncT, p: Pos,
               knr: list[KnrParam] | None) -> tuple[T.Param, ...]:
        sema = self.sema
        # (name, declared type, position, passed type) of each parameter
        items: list[tuple[str | None, CType, Pos, CType]] = []
        if knr is not None:
            items = [(k.name, k.type, k.pos, passed)
                     for k, passed in zip(knr, ft.params, strict=False)]
        for i, passed in enumerate(ft.params if knr is None else ()):
            node = pnodes[i] if i < len(pnodes) else None
            items.append((getattr(node, "name", None) if node is not None else None, passed,
                          sema.pos(node, p), passed))
        out = []
        for i, (name, pt, ppos, passed) in enumerate(items):
            sym = sema.decls.declare_param(name, pt, ppos, i + 1)
            if sym is not None and not sema.is_system(ppos):
                sema.decls.check_float_decl(sym.type, ppos)
            out.append(T.Param(sym, name or "", pt, passed, ppos,
                               sym.type if sym is not None else pt))
        return tuple(out)

    def vla_params(self, pnodes: list[c_ast.Node], p: Pos) -> tuple[tuple[CType, Pos], ...]:
        """`int n, int a[n][n]`: the parameter's pointer-to-VLA type again, now that the
        parameters it mentions exist (its sizes are evaluated on entry)."""
        sema = self.sema
        out = []
        for node in pnodes:
            name = getattr(node, "name", None)
            sym = sema.scopes.lookup_current(name) if name else None
            if sym is None or not variably_modified(sym.type):
                continue
            ppos = sema.pos(node, p)
            sym.type = sema.types.adjust_param(sema.types.resolve_type(node.type, ppos))
            out.append((sym.type, ppos))
        return tuple(out)
