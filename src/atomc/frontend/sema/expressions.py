"""Primary and postfix expressions: constants, names, members, calls, compound literals."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pycparser import c_ast

from .. import tree as T
from ..bitfields import (
    access_of,
    value_type,
)
from ..complex_sema import (
    imaginary_const,
)
from ..ctype import (
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    LDOUBLE,
    LONG,
    UINT,
    USHORT,
    VOID,
    ArrayT,
    CType,
    FuncT,
    IntT,
    PointerT,
    StructT,
    VoidT,
    as_int,
    const_volatile_atomic,
    contains_unsupported_float,
    drop_atomic,
    is_void,
    qualify,
    settled_layout,
    unqual,
)
from ..floats import float_literal, is_float_literal
from ..generic_selection import GenericSelection, generic_expr
from ..gnu_builtins import LIBC_PROTOTYPES, libc_builtin_symbol
from ..gnu_inline import (
    bound_constant,
    inline_call,
)
from ..imaginary import imaginary_part
from ..literals import (
    LiteralError,
    char_literal,
    int_literal,
    string_literal,
    wide_prefix,
    wide_string_literal,
)
from ..scopes import Pos, StorageClass, Symbol, SymKind
from .common import (
    LIBC_BUILTINS,
    is_expression,
    unsupported_float_message,
)

if TYPE_CHECKING:
    from .core import Sema


class ExpressionChecker:
    """Primary and postfix expressions: constants, names, members, calls, compound literals."""

    __slots__ = ("sema", "handlers", "by_class", "int_constants", "float_free")

    def __init__(self, sema: Sema) -> None:
        self.sema = sema
        self.handlers: dict[str, Callable[[Any], T.Expr]] = {}  # set by Sema
        self.by_class: dict[type, Callable[[Any], T.Expr]] = {}  # the same, by class
        # each integer constant's spelling decoded once (value and type): most
        # constants of a file are a few spellings (0, 1, a header's macros)
        self.int_constants: dict[str, tuple[int, IntT]] = {}
        # file-scope objects whose (complete) type holds no _Float128, with that type
        self.float_free: dict[Symbol, CType] = {}

    def expr(self, node: c_ast.Node) -> T.Expr:
        method = self.by_class.get(type(node))
        if method is None:  # the name is asked once per class
            method = self.handlers.get(type(node).__name__)
            if method is None:
                self.sema.error(node, f"unsupported expression '{type(node).__name__}'")
                return T.IntConst(0, INT, self.sema.pos(node))
            self.by_class[type(node)] = method
        return method(node)

    def bad(self, p: Pos) -> T.Expr:
        return T.IntConst(0, INT, p)

    def e_Constant(self, node: c_ast.Constant) -> T.Expr:
        p = self.sema.pos(node)
        try:
            if node.type == "string":
                prefix = wide_prefix(node.value)
                if prefix:  # wchar_t is int; char16_t/char32_t are unsigned
                    elem = {"L": INT, "u": USHORT, "U": UINT}[prefix]
                    units = wide_string_literal(node.value) + [0]
                    wdata = b"".join((u & ((1 << elem.bits) - 1)).to_bytes(elem.size, "little")
                                     for u in units)
                    return T.StrLit(wdata, ArrayT(elem, len(units)), p)
                data = string_literal(node.value) + b"\0"
                return T.StrLit(data, ArrayT(CHAR, len(data)), p)
            # (a spelling is known only once read as an integer: never a character)
            known = self.int_constants.get(node.value)
            if known is not None:
                return T.IntConst(known[0], known[1], p)
            if node.type == "char" or node.value.lstrip("LuU8").startswith("'"):
                v = char_literal(node.value)
                return T.IntConst(v, INT, p)
            imag = imaginary_part(node.value)
            if imag is not None:
                real = self.e_Constant(c_ast.Constant(node.type, imag, node.coord))
                if isinstance(real, (T.FloatConst, T.IntConst)):
                    return imaginary_const(real.value, real.type, p, self.sema)
                return real
            if is_float_literal(node.value):
                fv, size = float_literal(node.value)
                return T.FloatConst(fv, {4: FLOAT, 8: DOUBLE, 16: LDOUBLE}[size], p)
            v, t = self.int_constants[node.value] = int_literal(node.value)
            return T.IntConst(v, t, p)
        except LiteralError as e:
            self.sema.error(p, str(e))
            return self.bad(p)

    def e_ID(self, node: c_ast.ID) -> T.Expr:
        sema = self.sema
        p = sema.pos(node)
        sym = sema.scopes.lookup(node.name)
        if sym is None:
            if node.name in ("__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"):
                name = sema.function.name if sema.function else ""
                data = name.encode() + b"\0"
                return T.StrLit(data, ArrayT(qualify(CHAR, True, False), len(data)), p)
            sema.error(p, f"use of undeclared identifier '{node.name}'")
            return self.bad(p)
        kind = sym.kind
        if kind is SymKind.TYPEDEF:
            sema.error(p, f"unexpected type name '{node.name}': expected expression")
            return self.bad(p)
        if kind is SymKind.ENUMCONST:
            return T.IntConst(sym.value, INT, p)
        if sema.inline_frames:
            const = bound_constant(sema, sym, p)
            if const is not None:
                return const
        sym.used = True
        # a _Float128 object from a header is rejected where it is used
        # (functions: at the call); a symbol's type is searched once (a struct's
        # members, recursively), not at every use
        if sym.file_scope and self.float_free.get(sym) is not sym.type:
            u = unqual(sym.type)
            if not isinstance(u, FuncT) and contains_unsupported_float(sym.type):
                sema.error(p, unsupported_float_message(sym.type))
            elif isinstance(u, FuncT) or settled_layout(u):
                self.float_free[sym] = sym.type
        return T.VarRef(sym, p)

    def e_ExprList(self, node: c_ast.ExprList) -> T.Expr:
        exprs = [self.expr(x) for x in node.exprs]
        if not exprs:
            return self.bad(self.sema.pos(node))
        result = self.sema.conv.rvalue(exprs[0])
        for e in exprs[1:]:
            result = T.Comma(result, self.sema.conv.rvalue(e), e.pos)
            # an rvalue: `__typeof__((void)0, *p)` drops `_Atomic` (<stdatomic.h> relies on it)
            result.type = drop_atomic(result.type)
        return result

    def e_Compound(self, node: c_ast.Compound) -> T.Expr:
        """GNU statement expression `({ ...; e; })`: its type is that of the final
        expression statement, found by a silent trial declaration of the block's
        locals; then the block is checked for real (not when on trial itself)."""
        p = self.sema.pos(node)
        if self.sema.function is None:
            self.sema.error(p, "statement expression not allowed at file scope")
            return self.bad(p)
        items = node.block_items or []
        t: CType = VOID
        if items and is_expression(items[-1]):
            saved_statics = dict(self.sema.statics_used)
            self.sema.quiet += 1
            self.sema.scopes.push()
            try:
                for item in items[:-1]:
                    if isinstance(item, c_ast.Decl):
                        self.sema.decls.declare_local(item)
                    elif isinstance(item, c_ast.Typedef):
                        self.sema.decls.declare_typedef(item)
                t = self.sema.conv.rvalue(self.expr(items[-1])).type
            finally:
                self.sema.scopes.pop()
                self.sema.quiet -= 1
                self.sema.statics_used = saved_statics
        if self.sema.quiet:
            return T.StmtExpr(None, None, t, p)
        body, value = self.sema.stmts.statement_expression(node, is_void(t))
        return T.StmtExpr(body, value, t, p)

    def e_ArrayRef(self, node: c_ast.ArrayRef) -> T.Expr:
        p = self.sema.pos(node)
        base = self.sema.conv.value(self.expr(node.name))
        idx = self.sema.conv.value(self.expr(node.subscript))
        bu, iu = unqual(base.type), unqual(idx.type)
        if not isinstance(bu, PointerT) and isinstance(iu, PointerT):  # 3[a]
            # (not one swap of all four: compiled by mypyc, the swap's tuple kept
            # `iu` narrowed to PointerT and refused the integer type put there)
            base, idx = idx, base
            bu, iu = unqual(base.type), unqual(idx.type)
        if not isinstance(bu, PointerT):
            self.sema.error(p, "subscripted value is not an array or pointer")
            return self.bad(p)
        if as_int(idx.type) is None:
            self.sema.error(idx.pos, "array subscript is not an integer")
            return self.bad(p)
        if isinstance(unqual(bu.pointee), VoidT):
            self.sema.error(p, "subscript of pointer to incomplete type 'void'")
            return self.bad(p)
        addr = self.sema.ops.ptr_arith("+", base, self.sema.conv.cast(idx, LONG), bu, base.type, p)
        return T.Deref(addr, bu.pointee, p)

    def e_StructRef(self, node: c_ast.StructRef) -> T.Expr:
        sema = self.sema
        p = sema.pos(node.field) if node.field is not None else sema.pos(node)
        base = self.expr(node.name)
        name = node.field.name
        if node.type == "->":
            ptr = sema.conv.value(base)
            pt = ptr.type
            pu = unqual(pt) if pt.layered else pt
            if not isinstance(pu, PointerT):
                sema.error(p, f"member reference type '{ptr.type}' is not a pointer")
                return self.bad(p)
            st = unqual(pu.pointee)
            obj: T.Expr = T.Deref(ptr, pu.pointee, ptr.pos)
        else:
            st = unqual(base.type)
            obj = base
        if not isinstance(st, StructT):
            sema.error(p, f"member reference base type '{obj.type}' is not a structure or "
                          "union")
            return self.bad(p)
        if not st.is_complete:
            sema.error(p, f"incomplete definition of type '{st}' (no member named '{name}')")
            return self.bad(p)
        found = st.find_member(name)
        if found is None:
            sema.error(p, f"no member named '{name}' in '{st}'")
            return self.bad(p)
        off, member = found
        mt = member.type
        ot = obj.type
        if ot.layered:
            const, volatile, _ = const_volatile_atomic(ot)
            if const or volatile:
                mt = qualify(mt, const, volatile)
        bits = None
        if member.is_bitfield:
            bits = access_of(member, off)
            bits = replace(bits, decl_type=mt)
            mt = value_type(mt, member.bit_width)
        m = T.Member(obj, off, name, mt, p, bits)
        if isinstance(obj, (T.Call, T.Assign, T.Cond, T.Comma, T.StmtExpr)):
            m.lvalue = False
        return m

    def e_FuncCall(self, node: c_ast.FuncCall) -> T.Expr:
        p = self.sema.pos(node)
        # `__builtin_types_compatible_p(int, T)` parses with a TypeList of type names
        args_nodes = [] if node.args is None else list(node.args)
        if isinstance(node.name, c_ast.ID):
            name = node.name.name
            special = self.sema.calls.builtin_call(name, args_nodes, p, node)
            if special is not None:
                return special
            if self.sema.scopes.lookup(name) is None:
                if name.startswith("__builtin_") and (name[10:] in LIBC_BUILTINS
                                                      or name[10:] in LIBC_PROTOTYPES):
                    sym = self.sema.scopes.lookup(name[10:]) or \
                        libc_builtin_symbol(self.sema, name[10:], p)
                    if sym is not None:
                        return self.sema.calls.call(T.VarRef(sym, p), args_nodes, p)
                if name.startswith("__builtin_"):
                    self.sema.error(p, f"builtin '{name}' is not supported")
                    for a in args_nodes:
                        self.expr(a)
                    return self.bad(p)
                return self.sema.calls.call(
                    T.VarRef(self.sema.calls.implicit_function(name, p), p), args_nodes, p
                )
        callee = self.expr(node.name)
        call = self.sema.calls.call(callee, args_nodes, p)
        return inline_call(self.sema, call) or call

    def e_CompoundLiteral(self, node: c_ast.CompoundLiteral) -> T.Expr:
        p = self.sema.pos(node)
        t = self.sema.types.resolve_type(node.type, p)
        init = self.sema.inits.initializer(t, node.init, p)
        self.sema.anon_count += 1
        at_file = self.sema.scopes.at_file_scope
        sym = Symbol(f".compoundliteral.{self.sema.anon_count}", init.type, SymKind.VAR,
                     StorageClass.STATIC if at_file else StorageClass.AUTO, p,
                     static_storage=at_file)
        lit = T.CompoundLit(init.type, init, sym, p)
        if at_file:  # an unnamed static object: its address is a link-time constant
            sym.link_name = f".L.compoundliteral.{self.sema.anon_count}"
            self.sema.static_literals[sym.link_name] = lit
        return lit

    def e_InitList(self, node: c_ast.InitList) -> T.Expr:
        self.sema.error(node, "expected expression (initializer list not allowed here)")
        return self.bad(self.sema.pos(node))

    def e_GenericSelection(self, node: GenericSelection) -> T.Expr:
        return generic_expr(self.sema, node)

    def e_Typename(self, node: c_ast.Typename) -> T.Expr:
        self.sema.error(node, "expected expression, found a type name")
        return self.bad(self.sema.pos(node))
