"""Semantic analysis: declarations, types and expressions.

`Sema` turns pycparser declarations into `Symbol`s and C types, and pycparser
expressions into the typed tree of `tree.py`, reporting user errors through
the diagnostic engine. Statements are walked by irgen, which asks `Sema` for
the typed pieces (expressions, declarations, initialisers, case values).

After an error, expressions come back as an `IntConst` of type int so that
checking can go on and report more than one problem per file.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from pycparser import c_ast
from pycparserext import ext_c_parser as ext

from ..diag import DiagnosticEngine, SourceSpan
from ..ir.x87float import X80
from . import tree as T
from .bitfields import (
    BitFieldT,
    FieldDecl,
    access_of,
    bit_range,
    init_type,
    layout_record,
    value_type,
)
from .attributes import attribute_nodes, symbol_attributes
from .gnu_builtins import LIBC_PROTOTYPES, gnu_builtin, libc_builtin_symbol
from .ctype import VlaT, variably_modified
from .consteval import ConstError, evaluate
from .ctype import (
    BOOL,
    CHAR,
    DOUBLE,
    FLOAT,
    INT,
    FLOAT128,
    INT128,
    LDOUBLE,
    LLONG,
    LONG,
    SCHAR,
    SHORT,
    UCHAR,
    UINT,
    UINT128,
    ULLONG,
    ULONG,
    USHORT,
    VOID,
    ArrayT,
    ComplexT,
    CType,
    EnumT,
    FloatT,
    FuncT,
    IntT,
    PointerT,
    StructT,
    Typedef,
    VoidT,
    as_float,
    as_int,
    common_arith,
    compatible,
    contains_float,
    contains_unsupported_float,
    drop_atomic,
    is_arith,
    is_const,
    is_integer,
    is_pointer,
    is_scalar,
    is_void,
    is_volatile,
    promote,
    qualify,
    unqual,
    usual_arith,
    wrap,
)
from .float_builtins import float_builtin
from .complex_sema import (
    CREAL_NAMES, builtin_complex, complex_binary, complex_builtin, complex_cast, complex_of,
    complex_unary, imaginary_const,
)
from .complex_sema import part as complex_part
from .complex_sema import truth as complex_truth
from .complex_sema import operand as complex_operand
from .imaginary import imaginary_part
from .generic_selection import GenericSelection, generic_expr
from .labelvalues import LabelValues, label_address
from .parse import ComputedGoto
from .floats import float_literal, is_float_literal
from .literals import (
    LiteralError,
    char_literal,
    int_literal,
    string_literal,
    wide_prefix,
    wide_string_literal,
)
from .scopes import Pos, Scopes, Symbol
from .thread_local import SPELLINGS as TLS_SPELLINGS
from .thread_local import THREAD_LOCAL, check_redeclaration, thread_local_decl, thread_spelling

_BASIC_TYPES: dict[tuple[str, ...], CType] = {}


def _basic(names: list[str], t: CType) -> None:
    _BASIC_TYPES[tuple(sorted(names))] = t


for _spec, _t in [
    ("void", VOID), ("_Bool", BOOL), ("char", CHAR), ("signed char", SCHAR),
    ("unsigned char", UCHAR), ("short", SHORT), ("short int", SHORT), ("signed short", SHORT),
    ("signed short int", SHORT), ("unsigned short", USHORT), ("unsigned short int", USHORT),
    ("int", INT), ("signed", INT), ("signed int", INT), ("unsigned", UINT),
    ("unsigned int", UINT), ("long", LONG), ("long int", LONG), ("signed long", LONG),
    ("signed long int", LONG), ("unsigned long", ULONG), ("unsigned long int", ULONG),
    ("long long", LLONG), ("long long int", LLONG), ("signed long long", LLONG),
    ("signed long long int", LLONG), ("unsigned long long", ULLONG),
    ("unsigned long long int", ULLONG), ("__int128", INT128), ("signed __int128", INT128),
    ("unsigned __int128", UINT128), ("float", FLOAT), ("double", DOUBLE),
    ("long double", LDOUBLE), ("_Float32", FLOAT), ("_Float64", DOUBLE),
    ("_Float128", FLOAT128), ("_Float32x", DOUBLE), ("_Float64x", LDOUBLE),
    ("__float128", FLOAT128), ("__float80", LDOUBLE), ("__fp16", FLOAT),
    ("__int128_t", INT128), ("__uint128_t", UINT128),
]:
    _basic(_spec.split(), _t)

_CONST_QUALS = frozenset({"const", "__const"})
_VOLATILE_QUALS = frozenset({"volatile", "__volatile", "__volatile__"})
_ARITH_OPS = frozenset({"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"})
_CMP_OPS = frozenset({"<", ">", "<=", ">=", "==", "!="})
_LIBC_BUILTINS = frozenset({"memcpy", "memset", "memmove", "memcmp", "strlen", "strcmp",
                            "strcpy", "strncpy", "strcat", "strchr", "printf", "puts", "abort",
                            "exit", "malloc", "free", "calloc", "abs", "labs", "putchar",
                            "sprintf", "snprintf"})


def make_va_list_type() -> CType:
    """`__builtin_va_list`: the SysV `struct __va_list_tag[1]`."""
    tag = StructT("struct", "__va_list_tag")
    tag.layout([("gp_offset", UINT, 0), ("fp_offset", UINT, 0),
                ("overflow_arg_area", PointerT(VOID), 0), ("reg_save_area", PointerT(VOID), 0)])
    return ArrayT(tag, 1)


class InitItems(dict):
    """Initialiser items keyed by first bit, remembering the furthest bit covered so far:
    items placed in order (the common case, e.g. large tables) skip the overlap scan."""

    __slots__ = ("reach",)

    def __init__(self) -> None:
        super().__init__()
        self.reach: int | None = None


class Sema:
    def __init__(self, diags: DiagnosticEngine, main_file: str,
                 system_files: frozenset[str],
                 lines: dict[str, list[str]] | None = None) -> None:
        """`lines`: the text each file has in the preprocessed input, which the columns
        of pycparser's coordinates refer to (read from the files when absent)."""
        self.diags = diags
        self.main_file = main_file
        self.system_files = system_files
        self.scopes = Scopes()
        self.va_list = Typedef("__builtin_va_list", make_va_list_type())
        self.function: Symbol | None = None  # function being defined
        self.function_ret: CType = INT
        self.statics_used: dict[str, int] = {}
        self.anon_count = 0
        self._lines: dict[str, list[str]] = dict(lines or {})
        self.string_count = 0
        self.quiet = 0  # > 0 while typing a statement expression on trial
        self.pending_struct_attrs: dict[str, c_ast.Node | None] = {}
        self.pack: int | None = None  # `#pragma pack(N)` in effect
        self.static_literals: dict[str, T.CompoundLit] = {}  # file-scope compound literals
        self.libcalls: dict[str, Symbol] = {}  # libgcc helpers behind GCC builtins
        self.pack_stack: list[int | None] = []
        self.sections: dict[str, str] = {}  # file-scope name -> `section` attribute
        self.label_values = LabelValues()  # `&&label` / `goto *p` of the current function
        # struct/union definitions already laid out, by parse node: pycparser shares
        # one node among the declarators of `struct s {...} a, b;`
        self.defined_records: dict[int, StructT] = {}

    # ------------------------------------------------------------------
    # positions and errors

    def pos(self, node: c_ast.Node | None, fallback: Pos | None = None) -> Pos:
        coord = getattr(node, "coord", None) if node is not None else None
        if coord is None or not getattr(coord, "line", 0):
            return fallback or Pos(self.main_file, 0, 0)
        return Pos(coord.file or self.main_file, coord.line, coord.column or 0)

    def error(self, where: Pos | c_ast.Node | None, msg: str) -> None:
        if self.quiet:
            return
        p = where if isinstance(where, Pos) else self.pos(where)
        span = SourceSpan(p.file, p.line, p.column) if p.line else None
        self.diags.error(span, msg)

    def warning(self, where: Pos | c_ast.Node | None, msg: str, option: str = "") -> None:
        """A warning gcc controls with -W`option`."""
        if self.quiet:
            return
        p = where if isinstance(where, Pos) else self.pos(where)
        self.diags.warning(SourceSpan(p.file, p.line, p.column) if p.line else None, msg,
                           option)

    def is_system(self, p: Pos) -> bool:
        return p.file in self.system_files

    def source_line(self, p: Pos) -> str | None:
        lines = self._lines.get(p.file)
        if lines is None:
            try:
                with open(p.file, encoding="utf-8", errors="replace") as f:
                    lines = f.read().split("\n")
            except OSError:
                lines = []
            self._lines[p.file] = lines
        return lines[p.line - 1] if 1 <= p.line <= len(lines) else None

    def operator_pos(self, node_pos: Pos, right: c_ast.Node, op: str) -> Pos:
        """Column of a binary/assignment operator: scan back from the right operand."""
        rp = self.pos(right)
        if rp.line != node_pos.line or rp.file != node_pos.file or rp.column <= 1:
            return node_pos
        text = self.source_line(rp)
        if text is None:
            return node_pos
        i = rp.column - 2  # 0-based index just before the right operand
        if i >= len(text):
            return node_pos
        while i >= 0 and text[i] in " \t(":
            i -= 1
        start = i - len(op) + 1
        if start >= 0 and text[start : i + 1] == op and start + 1 > node_pos.column:
            return Pos(rp.file, rp.line, start + 1)
        return node_pos

    # ------------------------------------------------------------------
    # types from declarators

    def resolve_type(self, node: c_ast.Node, pos: Pos | None = None) -> CType:
        """The C type a declarator (TypeDecl/PtrDecl/ArrayDecl/FuncDecl/Typename) denotes."""
        if isinstance(node, (c_ast.Typename, c_ast.Decl)):
            return self.resolve_type(node.type, pos)
        if isinstance(node, c_ast.TypeDecl):
            base = self.specifier_type(node.type, self.pos(node, pos))
            return self._apply_quals(base, node.quals, self.pos(node, pos))
        if isinstance(node, c_ast.PtrDecl):
            return self._apply_quals(PointerT(self.resolve_type(node.type, pos)), node.quals)
        if isinstance(node, c_ast.ArrayDecl):
            elem = self.resolve_type(node.type, pos)
            count: int | None = None
            p = self.pos(node, pos)
            if node.dim is not None:
                dim = self.expr(node.dim)
                v = self.const_int(dim, "array size")
                if v is None and as_int(dim.type) is None:
                    self.error(dim.pos, f"size of array has non-integer type '{dim.type}'")
                    count = 1
                elif v is None:
                    if self.scopes.at_file_scope:
                        self.error(dim.pos, "variable length array declaration not allowed at "
                                            "file scope (variably modified type at file scope)")
                        count = 1
                    else:
                        return VlaT(elem, self.cast(self.value(dim), ULONG))
                elif v < 0:
                    self.error(dim.pos, "array size is negative (invalid type)")
                    count = 1
                else:
                    count = v
            if isinstance(unqual(elem), FuncT):
                self.error(p, "declaration of array of functions (invalid type)")
            elif not unqual(elem).complete and not self.is_system(p):
                self.error(p, f"array has incomplete element type '{elem}'")
            if isinstance(unqual(elem), VlaT) and count is not None:
                # `int a[3][n]`: an array of VLAs is itself sized at run time
                return VlaT(elem, T.IntConst(count, ULONG, p))
            return ArrayT(elem, count)
        if isinstance(node, (c_ast.FuncDecl, ext.FuncDeclExt)):
            ret = self.resolve_type(node.type, pos)
            params, variadic, prototyped = self._params(node.args, pos)
            u = unqual(ret)
            if isinstance(u, (ArrayT, FuncT)):
                self.error(self.pos(node, pos), "function cannot return an array or function "
                                                "(invalid type)")
            return FuncT(ret, tuple(params), variadic, prototyped)
        if isinstance(node, (c_ast.IdentifierType, c_ast.Struct, c_ast.Union, c_ast.Enum)):
            return self.specifier_type(node, self.pos(node, pos))
        raise_internal = getattr(node, "__class__", type(node)).__name__
        self.error(pos or self.pos(node), f"unsupported type construct '{raise_internal}'")
        return INT

    def _apply_quals(self, t: CType, quals: list[str] | None, pos: Pos | None = None) -> CType:
        if not quals:
            return t
        c = any(q in _CONST_QUALS for q in quals)
        v = any(q in _VOLATILE_QUALS for q in quals)
        a = "_Atomic" in quals
        if a and pos is not None and is_scalar(t) and t.size > 8 and not self.is_system(pos):
            self.error(pos, f"'_Atomic {t}' is unsupported (16-byte atomic scalars need "
                            "libatomic's 16-byte operations)")
        return qualify(t, c, v, a)

    def _params(self, args: c_ast.ParamList | None,
                pos: Pos | None) -> tuple[list[CType], bool, bool]:
        if args is None:
            return [], False, False
        params: list[CType] = []
        variadic = False
        items = list(args.params)
        # prototype scope: `int n, int a[n]` sees the earlier parameters (for VLA sizes)
        self.scopes.push()
        try:
            for i, p in enumerate(items):
                if isinstance(p, c_ast.EllipsisParam):
                    variadic = True
                    continue
                if isinstance(p, c_ast.ID):  # K&R identifier list
                    return [], False, False
                t = self.resolve_type(p.type, pos)
                if is_void(t) and len(items) == 1 and getattr(p, "name", None) is None:
                    return [], False, True
                params.append(self.adjust_param(t))
                pname = getattr(p, "name", None)
                if pname and self.scopes.lookup_current(pname) is None:
                    self.scopes.define(Symbol(pname, params[-1], "var", "param", self.pos(p)))
        finally:
            self.scopes.pop()
        return params, variadic, True

    @staticmethod
    def adjust_param(t: CType) -> CType:
        """Parameter type adjustment: arrays and functions become pointers."""
        u = unqual(t)
        if isinstance(u, (ArrayT, VlaT)):
            return PointerT(u.elem)
        if isinstance(u, FuncT):
            return PointerT(t)
        return t

    def specifier_type(self, spec: c_ast.Node, pos: Pos) -> CType:
        if isinstance(spec, c_ast.IdentifierType):
            names = [n for n in spec.names if n not in ("__extension__",)]
            if len(names) == 1 and names[0] not in ("signed", "unsigned", "long", "short"):
                key: tuple[str, ...] = (names[0],)
                if key in _BASIC_TYPES:
                    return _BASIC_TYPES[key]
                if names[0] == "__builtin_va_list":
                    return self.va_list
                sym = self.scopes.lookup(names[0])
                if sym is not None and sym.kind == "typedef":
                    return sym.type
                self.error(pos, f"unknown type name '{names[0]}'")
                return INT
            if "_Complex" in names or "__complex__" in names:
                rest = [n for n in names if n not in ("_Complex", "__complex__")]
                base = self.specifier_type(c_ast.IdentifierType(rest), pos) if rest else DOUBLE
                return complex_of(names, base, self, pos)
            t = _BASIC_TYPES.get(tuple(sorted(names)))
            if t is None:
                self.error(pos, f"invalid type specifier combination '{' '.join(names)}'")
                return INT
            return t
        if isinstance(spec, (c_ast.Struct, c_ast.Union)):
            return self.struct_type(spec, pos)
        if isinstance(spec, c_ast.Enum):
            return self.enum_type(spec, pos)
        if isinstance(spec, ext.TypeOfExpression):
            e = self.expr(spec.expr)
            return e.type
        if isinstance(spec, ext.TypeOfDeclaration):
            return self.resolve_type(spec.declaration, pos)
        if isinstance(spec, (c_ast.TypeDecl, c_ast.PtrDecl, c_ast.ArrayDecl, c_ast.FuncDecl,
                             c_ast.Typename)):
            return self.resolve_type(spec, pos)
        self.error(pos, f"unsupported type specifier '{type(spec).__name__}'")
        return INT

    def struct_type(self, spec: c_ast.Struct | c_ast.Union, pos: Pos) -> CType:
        kind = "struct" if isinstance(spec, c_ast.Struct) else "union"
        tag = spec.name or ""
        done = self.defined_records.get(id(spec)) if spec.decls is not None else None
        if done is not None:  # the same definition again (another declarator, a retyping)
            if tag and self.scopes.lookup_tag_current(tag) is not done:
                self.scopes.define_tag(tag, done)
            return done
        existing: CType | None = None
        if tag:
            existing = (self.scopes.lookup_tag_current(tag) if spec.decls is not None
                        else self.scopes.lookup_tag(tag))
        if existing is not None and not (isinstance(existing, StructT) and existing.kind == kind):
            self.error(pos, f"use of '{tag}' with tag type that does not match previous "
                            "declaration (invalid type)")
            existing = None
        st: StructT
        if isinstance(existing, StructT):
            st = existing
        else:
            st = StructT(kind, tag, file=pos.file, line=pos.line)
            if tag:
                self.scopes.define_tag(tag, st)
        if spec.decls is None:
            return st
        if st.is_complete:
            self.error(pos, f"redefinition of '{kind} {tag}'")
            st = StructT(kind, tag, file=pos.file, line=pos.line)
        st.file, st.line = pos.file, pos.line
        fields: list[FieldDecl] = []
        names: set[str] = set()
        for d in spec.decls:
            if isinstance(d, c_ast.Pragma):
                self.pragma(d)
            if not isinstance(d, c_ast.Decl):
                continue
            dp = self.pos(d, pos)
            mt = self.resolve_type(d.type, dp)
            malign = self.declared_alignment(d)
            if contains_unsupported_float(mt) and not self.is_system(dp):
                self.error(dp, _unsupported_float_message(mt))
            name = d.name or ""
            u = unqual(mt)
            width = self.bitfield_width(d, name, mt, dp) if d.bitsize is not None else None
            if name == "" and width is None and not isinstance(u, StructT):
                continue
            if name and name in names:
                self.error(dp, f"duplicate member '{name}'")
            names.add(name)
            if fields and _is_flexible(fields[-1].type):
                self.error(dp, f"flexible array member '{fields[-1].name}' not at end of "
                               f"{kind}")
            if variably_modified(mt):
                self.error(dp, f"field '{name}' has variably modified type (fields must have "
                               "a constant size)")
                mt = INT
            elif not u.complete and not (isinstance(u, ArrayT) and u.count is None):
                self.error(dp, f"field '{name}' has incomplete type '{mt}'")
                mt = INT
            if _is_flexible(mt) and (kind == "union" or not any(f.name for f in fields)):
                self.error(dp, f"flexible array member '{name}' in "
                               f"{'a union' if kind == 'union' else 'otherwise empty struct'}")
            fields.append(FieldDecl(name, mt, dp.line, width, malign))
        attrs = _attributes(getattr(getattr(spec, "attrib", None), "exprlist", None))
        pending, self.pending_struct_attrs = self.pending_struct_attrs, {}
        attrs.update(pending)
        for msg in layout_record(st, fields, packed="packed" in attrs,
                                 min_align=self._align_arg(attrs), max_align=self.pack or 0):
            self.error(pos, msg)
        self.defined_records[id(spec)] = st
        return st

    def bitfield_width(self, d: c_ast.Decl, name: str, mt: CType, dp: Pos) -> int | None:
        """The checked width of bit-field `d` (None after an error)."""
        it = as_int(mt)
        shown = f"'{name}'" if name else "(anonymous)"
        if it is None:
            self.error(dp, f"bit-field {shown} has invalid type '{mt}'")
            return None
        w = self.const_int(self.expr(d.bitsize), "bit-field width")
        if w is None:
            self.error(dp, f"bit-field {shown} width not an integer constant")
            return None
        if w < 0:
            self.error(dp, f"bit-field {shown} has negative width ({w})")
            return None
        if w > it.bits or (it == BOOL and w > 1):
            self.error(dp, f"width of bit-field {shown} ({w} bits) exceeds the width of its "
                           f"type")
            return None
        if w == 0 and name:
            self.error(dp, f"named bit-field '{name}' has zero width")
            return None
        return w

    def enum_type(self, spec: c_ast.Enum, pos: Pos) -> CType:
        tag = spec.name or ""
        if spec.values is None:
            found = self.scopes.lookup_tag(tag) if tag else None
            if isinstance(found, EnumT):
                return found
            et = EnumT(tag, UINT, file=pos.file, line=pos.line)
            if tag:
                self.scopes.define_tag(tag, et)
            return et
        if tag:
            prev = self.scopes.lookup_tag_current(tag)
            if isinstance(prev, EnumT) and prev.is_complete:
                self.error(pos, f"redefinition of 'enum {tag}'")
        et = EnumT(tag, UINT, file=pos.file, line=pos.line)
        if tag:
            self.scopes.define_tag(tag, et)
        value = 0
        for e in spec.values.enumerators:
            ep = self.pos(e, pos)
            if e.value is not None:
                v = self.const_int(self.expr(e.value), "enumerator value")
                value = v if v is not None else value
            prev_sym = self.scopes.lookup_current(e.name)
            if prev_sym is not None:
                self.error(ep, f"redefinition of '{e.name}'")
            self.scopes.define(Symbol(e.name, INT, "enumconst", "", ep, value=value))
            et.enumerators.append((e.name, value))
            value += 1
        vals = [v for _, v in et.enumerators] or [0]
        if min(vals) < 0:
            et.underlying = INT if min(vals) >= -(1 << 31) and max(vals) < (1 << 31) else LONG
        else:
            et.underlying = UINT if max(vals) < (1 << 32) else ULONG
        et.is_complete = True
        return et

    # ------------------------------------------------------------------
    # declarations

    def storage_of(self, decl: c_ast.Decl, pos: Pos) -> str:
        """The storage class, apart from `_Thread_local` (see `thread_local`)."""
        st = [s for s in (decl.storage or []) if s != "__extension__" and s not in TLS_SPELLINGS]
        if len(st) > 1:
            self.error(pos, f"multiple storage classes in declaration specifiers "
                            f"('{st[0]}' and '{st[1]}'): conflicting storage class")
        return st[0] if st else ""

    def _align_arg(self, attrs: dict[str, c_ast.Node | None]) -> int:
        if "aligned" not in attrs:
            return 1
        arg = attrs["aligned"]
        if arg is None:
            return 16  # bare `aligned`: the target's largest alignment
        v = self.const_int(self.expr(arg), "alignment")
        if v is None or v <= 0 or v & (v - 1):
            self.error(self.pos(arg), "requested alignment is not a positive power of 2 "
                                      "(invalid attribute)")
            return 1
        return v

    def declared_alignment(self, decl: c_ast.Decl) -> int:
        """`aligned(N)` on a declarator, or `_Alignas(N)`; 0 when there is none."""
        attrs = _attributes(c_ast.ExprList(attribute_nodes(decl)))
        best = self._align_arg(attrs) if "aligned" in attrs else 0
        for a in getattr(decl, "align", None) or []:
            arg = getattr(a, "alignment", None)
            if isinstance(arg, c_ast.Typename):
                best = max(best, self.resolve_type(arg).align)
            elif arg is not None:
                best = max(best, self._align_arg({"aligned": arg}))
        return best

    def function_attributes(self, decl: c_ast.Decl, kind: str = "func") -> set[str]:
        """IR attributes a declaration asks for (GNU attributes, `_Noreturn`); a
        `section` attribute is recorded in `sections` (see `attributes.py`)."""
        names, section = symbol_attributes(self, decl, self.is_system(self.pos(decl)), kind)
        if kind == "func" and "_Noreturn" in (getattr(decl, "funcspec", None) or []):
            names.add("noreturn")
        if section is not None and decl.name:
            self.sections[decl.name] = section
        return names

    def note_trailing_attributes(self, decl: c_ast.Decl) -> None:
        """`struct S {...} __attribute__((packed));` puts the attribute on the declaration."""
        for fs in getattr(decl, "funcspec", None) or []:
            if isinstance(fs, ext.AttributeSpecifier):
                self.pending_struct_attrs.update(_attributes(fs.exprlist))

    def pragma(self, node: c_ast.Pragma) -> None:
        """`#pragma pack(...)` (push, pop, N, empty); other pragmas are ignored."""
        m = _PACK.match(node.string or "")
        if m is None:
            return
        args = [a.strip() for a in m.group(1).split(",") if a.strip()]
        if args and args[0] == "push":
            self.pack_stack.append(self.pack)
            args = args[1:]
        elif args and args[0] == "pop":
            self.pack = self.pack_stack.pop() if self.pack_stack else None
            return
        if not args:
            if not m.group(1).strip():
                self.pack = None
            return
        try:
            n = int(args[0], 0)
        except ValueError:
            self.error(node, f"invalid alignment '{args[0]}' in '#pragma pack'")
            return
        if n not in (1, 2, 4, 8, 16):
            self.error(node, "expected #pragma pack parameter to be '1', '2', '4', '8', or '16'")
            return
        self.pack = n

    def declare_typedef(self, decl: c_ast.Decl) -> None:
        p = self.pos(decl)
        self.note_trailing_attributes(decl)
        others = [s for s in (decl.storage or [])
                  if s not in ("typedef", "__extension__") and s not in TLS_SPELLINGS]
        tls = thread_spelling(decl)
        if tls is not None:
            self.error(p, f"'{tls}' used with 'typedef'")
        elif others:
            self.error(p, f"multiple storage classes in declaration specifiers ('typedef' and "
                          f"'{others[0]}'): conflicting storage class")
        t = self.resolve_type(decl.type, p)
        self.pending_struct_attrs = {}
        prev = self.scopes.lookup_current(decl.name)
        if prev is not None:
            if prev.kind != "typedef" or not compatible(prev.type, t):
                self.error(p, f"redefinition of '{decl.name}' with a different type")
            return
        self.scopes.define(Symbol(decl.name, Typedef(decl.name, t, p.file, p.line), "typedef",
                                  "typedef", p))

    def declare_file_scope(self, decl: c_ast.Decl, is_definition: bool = False) -> Symbol | None:
        """A file-scope object or function declaration; merges with earlier ones."""
        p = self.pos(decl)
        storage = self.storage_of(decl, p)
        if storage == "typedef":
            self.declare_typedef(decl)
            return None
        self.note_trailing_attributes(decl)
        t = self.resolve_type(decl.type, p)
        self.pending_struct_attrs = {}
        if decl.name is None:
            return None  # `struct S { ... };`
        if storage in ("auto", "register"):
            self.error(p, f"illegal storage class '{storage}' on file-scoped variable")
            storage = ""
        system = self.is_system(p)
        kind = "func" if isinstance(unqual(t), FuncT) else "var"
        if not system:
            self._check_float_decl(t, p, kind)
        tls = thread_local_decl(self, decl, storage, kind, p, file_scope=True)
        prev = self.scopes.lookup_current(decl.name)
        if prev is not None and prev.kind == kind == "var":
            check_redeclaration(self, prev, tls, p)
        if prev is not None:
            if prev.kind != kind or not compatible(prev.type, t):
                if prev.kind in ("typedef", "enumconst") or prev.kind != kind:
                    self.error(p, f"redefinition of '{decl.name}' as different kind of symbol")
                else:
                    self.error(p, f"conflicting types for '{decl.name}' (incompatible "
                                  f"redeclaration)")
                return prev
            if storage == "static" and prev.storage != "static" and prev.storage != "":
                pass
            elif storage == "static" and prev.storage == "" and kind == "func":
                pass  # gcc accepts `int f(); static int f() {}` with a warning only
            elif storage == "static" and prev.storage in ("", "extern") and kind == "var":
                self.error(p, f"static declaration of '{decl.name}' follows non-static "
                              "declaration (conflicting storage class)")
            elif storage == "" and prev.storage == "static" and kind == "var":
                self.error(p, f"non-static declaration of '{decl.name}' follows static "
                              "declaration (conflicting storage class)")
            pt = unqual(prev.type)
            nt = unqual(t)
            if isinstance(pt, ArrayT) and isinstance(nt, ArrayT) and pt.count is None:
                prev.type = t
            if isinstance(pt, FuncT) and isinstance(nt, FuncT) and not pt.prototyped:
                prev.type = t
            if storage == "static":
                prev.storage = "static"
            elif storage == "" and prev.storage == "extern" and kind == "var":
                prev.storage = ""
            if decl.init is not None:
                if prev.init is not None:
                    self.error(p, f"redefinition of '{decl.name}'")
                prev.init = decl.init
                prev.pos = p
            if is_definition:
                if prev.defined:
                    self.error(p, f"redefinition of '{decl.name}'")
                prev.pos = p
                if not (isinstance(nt, FuncT) and not nt.prototyped):
                    prev.type = t  # an old-style definition keeps the earlier prototype
            prev.system = prev.system and system
            prev.attrs |= self.function_attributes(decl, kind)
            return prev
        sym = Symbol(decl.name, t, kind, storage, p, static_storage=True, file_scope=True,
                     link_name=decl.name, init=decl.init, system=system,
                     align=self.declared_alignment(decl))
        sym.attrs = self.function_attributes(decl, kind) | ({THREAD_LOCAL} if tls else set())
        asm = getattr(decl.type, "asm", None)
        if asm is not None and getattr(asm, "template", None) is not None:
            try:
                sym.link_name = string_literal(asm.template.value).decode()
            except (LiteralError, AttributeError):
                pass
        self.scopes.define(sym)
        return sym

    def _check_float_decl(self, t: CType, p: Pos, kind: str) -> None:
        u = unqual(t)
        if isinstance(u, FuncT):
            bad = [x for x in (u.ret, *u.params) if contains_unsupported_float(x)]
            if bad:
                self.error(p, _unsupported_float_message(bad[0]))
        elif contains_unsupported_float(t):
            self.error(p, _unsupported_float_message(t))

    def declare_local(self, decl: c_ast.Decl) -> Symbol | None:
        """A block-scope declaration; the caller (irgen) allocates storage."""
        p = self.pos(decl)
        storage = self.storage_of(decl, p)
        if storage == "typedef":
            self.declare_typedef(decl)
            return None
        self.note_trailing_attributes(decl)
        t = self.auto_type(decl) or self.resolve_type(decl.type, p)
        self.pending_struct_attrs = {}
        if decl.name is None:
            return None
        kind = "func" if isinstance(unqual(t), FuncT) else "var"
        self._check_float_decl(t, p, kind)
        tls = thread_local_decl(self, decl, storage, kind, p, file_scope=False)
        prev = self.scopes.lookup_current(decl.name)
        if kind == "func" or storage == "extern":
            fsym = self.scopes.lookup_file(decl.name)
            if prev is not None and prev.kind != kind:
                self.error(p, f"redefinition of '{decl.name}' as different kind of symbol")
            if fsym is None:
                fsym = Symbol(decl.name, t, kind, "extern", p, static_storage=True,
                              file_scope=True, link_name=decl.name,
                              attrs={THREAD_LOCAL} if tls else set())
                self.scopes.levels[0].names[decl.name] = fsym
            elif fsym.kind == kind == "var":
                check_redeclaration(self, fsym, tls, p)
            self.scopes.define(fsym)
            if decl.init is not None:
                self.error(p, f"'extern' variable '{decl.name}' cannot have an initializer")
            return None
        if prev is not None:
            self.error(p, f"redefinition of '{decl.name}'")
        if storage == "static":
            fname = self.function.name if self.function else "anon"
            n = self.statics_used.get(f"{fname}.{decl.name}", 0)
            self.statics_used[f"{fname}.{decl.name}"] = n + 1
            link = f"{fname}.{decl.name}" + (f".{n}" if n else "")
            sym = Symbol(decl.name, t, "var", "static", p, static_storage=True,
                         link_name=link, attrs={THREAD_LOCAL} if tls else set())
        else:
            sym = Symbol(decl.name, t, "var", storage or "auto", p)
        sym.align = self.declared_alignment(decl)
        symbol_attributes(self, decl, self.is_system(p), "var")  # checks and warnings only
        u = unqual(t)
        if isinstance(u, VoidT):
            self.error(p, f"variable '{decl.name}' has incomplete type 'void'")
            sym.type = INT
        elif isinstance(u, VlaT) and storage == "static":
            self.error(p, f"storage size of '{decl.name}' isn't constant (variable length "
                          "array declaration cannot have 'static' storage duration)")
            sym.type = INT
        elif isinstance(u, VlaT) and decl.init is not None:
            self.error(p, f"variable-sized object '{decl.name}' may not be initialized")
            decl.init = None
        elif storage == "static" and variably_modified(t):
            self.error(p, f"variably modified '{decl.name}' cannot have 'static' storage")
            sym.type = INT
        elif not u.complete and not (isinstance(u, ArrayT) and u.count is None
                                     and decl.init is not None):
            self.error(p, f"variable '{decl.name}' has incomplete type '{t}'")
            sym.type = INT
        self.scopes.define(sym)
        return sym

    def auto_type(self, decl: c_ast.Decl) -> CType | None:
        """GNU `__auto_type x = e;`: the type of `e` after lvalue conversion (typed
        silently here; the initialiser is checked for real afterwards)."""
        spec = getattr(decl.type, "type", None)
        if not (isinstance(decl.type, c_ast.TypeDecl) and isinstance(spec, c_ast.IdentifierType)
                and spec.names == ["__auto_type"]):
            return None
        if decl.init is None or isinstance(decl.init, c_ast.InitList):
            self.error(self.pos(decl), "'__auto_type' requires a plain initializer")
            return INT
        self.quiet += 1
        try:
            t = self.rvalue(self.expr(decl.init)).type
        finally:
            self.quiet -= 1
        return unqual(t)

    def declare_param(self, name: str | None, t: CType, p: Pos, index: int) -> Symbol | None:
        t = self.adjust_param(t)
        if not name:
            return None
        if self.scopes.lookup_current(name) is not None:
            self.error(p, f"redefinition of parameter '{name}'")
        if not unqual(t).complete and not isinstance(unqual(t), PointerT):
            self.error(p, f"parameter '{name}' has incomplete type '{t}'")
        sym = Symbol(name, t, "var", "param", p, param_index=index)
        self.scopes.define(sym)
        return sym

    # ------------------------------------------------------------------
    # constants

    def const_int(self, e: T.Expr, what: str) -> int | None:
        try:
            v = evaluate(e)
        except ConstError as err:
            self.error(err.expr.pos, err.message)
            return 0
        if isinstance(v, int) and is_integer(e.type):
            return v
        return None

    def require_const_int(self, e: T.Expr, what: str) -> int:
        v = self.const_int(e, what)
        if v is None:
            self.error(e.pos, f"{what} is not an integer constant expression")
            return 0
        return v

    # ------------------------------------------------------------------
    # conversions

    def rvalue(self, e: T.Expr) -> T.Expr:
        """Array/function decay; the result is a value expression."""
        u = unqual(e.type)
        if isinstance(u, (ArrayT, VlaT)):
            return T.Decay(e, PointerT(u.elem))
        if isinstance(u, FuncT):
            return T.Decay(e, PointerT(e.type))
        return e

    def value(self, e: T.Expr, what: str = "") -> T.Expr:
        """rvalue() plus the check that a value exists (not void)."""
        e = self.rvalue(e)
        if is_void(e.type):
            self.error(e.pos, "void value not ignored as it ought to be")
            return T.IntConst(0, INT, e.pos)
        return e

    def cast(self, e: T.Expr, to: CType, explicit: bool = False) -> T.Expr:
        """Conversion node (no checks); folds integer constants."""
        same = e.type is to or (unqual(e.type) == unqual(to)
                                 and not isinstance(unqual(to), EnumT))
        if same and not explicit:
            return e
        if isinstance(unqual(to), ComplexT) or isinstance(unqual(e.type), ComplexT):
            return complex_cast(self, e, to, explicit)
        ti = as_int(to)
        if isinstance(e, T.IntConst) and ti is not None:
            return T.IntConst(wrap(e.value, ti) if ti != BOOL else int(e.value != 0), to, e.pos)
        tf = as_float(to)
        if isinstance(e, (T.IntConst, T.FloatConst)) and (tf is not None or ti is not None):
            v = evaluate(T.Cast(e, to, e.pos, explicit))
            if isinstance(v, (float, X80)):
                return T.FloatConst(v, to, e.pos)
            if isinstance(v, int):
                return T.IntConst(v, to, e.pos)
        return T.Cast(e, to, e.pos, explicit)

    def is_null_const(self, e: T.Expr) -> bool:
        if not is_integer(e.type) and not (is_pointer(e.type) and
                                           is_void(unqual(e.type).pointee)):  # type: ignore
            return False
        try:
            v = evaluate(e)
        except ConstError:
            return False
        return v == 0 and isinstance(v, int)

    def assign_convert(self, e: T.Expr, to: CType, context: str, pos: Pos | None = None) -> T.Expr:
        """Convert `e` as if by assignment to an object of type `to`."""
        e = self.value(e)
        p = pos or e.pos
        tu = unqual(to)
        eu = unqual(e.type)
        if isinstance(tu, (FloatT, ComplexT)):
            if isinstance(eu, (IntT, EnumT, FloatT, ComplexT)):
                return self.cast(e, to)
            self.error(p, f"incompatible types {context} '{to}' from '{e.type}'")
            return self.cast(T.IntConst(0, INT, p), to)
        if isinstance(tu, (IntT, EnumT)):
            if isinstance(eu, (IntT, EnumT, FloatT, ComplexT)):
                return self.cast(e, to)
            if isinstance(eu, PointerT):
                if tu == BOOL:
                    return self.cast(e, to)
                self.error(p, f"incompatible pointer to integer conversion {context} "
                              f"'{to}' from '{e.type}'")
                return self.cast(e, to)
        elif isinstance(tu, PointerT):
            if isinstance(eu, PointerT):
                return self.cast(e, to)
            if isinstance(eu, (IntT, EnumT)):
                if self.is_null_const(e):
                    return self.cast(e, to)
                self.error(p, f"incompatible integer to pointer conversion {context} "
                              f"'{to}' from '{e.type}'")
                return self.cast(e, to)
        elif isinstance(tu, StructT) and eu is tu:
            return e
        self.error(p, f"incompatible types {context} '{to}' from '{e.type}'")
        return T.IntConst(0, INT, p) if not isinstance(tu, StructT) else e

    # ------------------------------------------------------------------
    # expressions

    def expr(self, node: c_ast.Node) -> T.Expr:
        method = getattr(self, "_e_" + type(node).__name__, None)
        if method is None:
            self.error(node, f"unsupported expression '{type(node).__name__}'")
            return T.IntConst(0, INT, self.pos(node))
        return method(node)

    def bad(self, p: Pos) -> T.Expr:
        return T.IntConst(0, INT, p)

    def _e_Constant(self, node: c_ast.Constant) -> T.Expr:
        p = self.pos(node)
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
            if node.type == "char" or node.value.lstrip("LuU8").startswith("'"):
                v = char_literal(node.value)
                return T.IntConst(v, INT, p)
            imag = imaginary_part(node.value)
            if imag is not None:
                real = self._e_Constant(c_ast.Constant(node.type, imag, node.coord))
                if isinstance(real, (T.FloatConst, T.IntConst)):
                    return imaginary_const(real.value, real.type, p, self)
                return real
            if is_float_literal(node.value):
                fv, size = float_literal(node.value)
                return T.FloatConst(fv, {4: FLOAT, 8: DOUBLE, 16: LDOUBLE}[size], p)
            v, t = int_literal(node.value)
            return T.IntConst(v, t, p)
        except LiteralError as e:
            self.error(p, str(e))
            return self.bad(p)

    def _e_ID(self, node: c_ast.ID) -> T.Expr:
        p = self.pos(node)
        sym = self.scopes.lookup(node.name)
        if sym is None:
            if node.name in ("__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"):
                name = self.function.name if self.function else ""
                data = name.encode() + b"\0"
                return T.StrLit(data, ArrayT(qualify(CHAR, True, False), len(data)), p)
            self.error(p, f"use of undeclared identifier '{node.name}'")
            return self.bad(p)
        if sym.kind == "typedef":
            self.error(p, f"unexpected type name '{node.name}': expected expression")
            return self.bad(p)
        if sym.kind == "enumconst":
            return T.IntConst(sym.value, INT, p)
        sym.used = True
        # a _Float128 object from a header is rejected where it is used
        # (functions: at the call)
        if sym.file_scope and contains_unsupported_float(sym.type) and \
                not isinstance(unqual(sym.type), FuncT):
            self.error(p, _unsupported_float_message(sym.type))
        return T.VarRef(sym, p)

    def _e_ExprList(self, node: c_ast.ExprList) -> T.Expr:
        exprs = [self.expr(x) for x in node.exprs]
        if not exprs:
            return self.bad(self.pos(node))
        result = self.rvalue(exprs[0])
        for e in exprs[1:]:
            result = T.Comma(result, self.rvalue(e), e.pos)
            # an rvalue: `__typeof__((void)0, *p)` drops `_Atomic` (<stdatomic.h> relies on it)
            result.type = drop_atomic(result.type)
        return result

    def _e_Compound(self, node: c_ast.Compound) -> T.Expr:
        """GNU statement expression `({ ...; e; })`: its type is that of the final
        expression statement, found by a silent trial declaration of the block's
        locals (irgen checks and emits the block for real)."""
        p = self.pos(node)
        if self.function is None:
            self.error(p, "statement expression not allowed at file scope")
            return self.bad(p)
        items = node.block_items or []
        t: CType = VOID
        if items and _is_expression(items[-1]):
            saved_statics = dict(self.statics_used)
            self.quiet += 1
            self.scopes.push()
            try:
                for item in items[:-1]:
                    if isinstance(item, c_ast.Decl):
                        self.declare_local(item)
                    elif isinstance(item, c_ast.Typedef):
                        self.declare_typedef(item)  # type: ignore[arg-type]
                t = self.rvalue(self.expr(items[-1])).type
            finally:
                self.scopes.pop()
                self.quiet -= 1
                self.statics_used = saved_statics
        return T.StmtExpr(node, t, p)

    def _e_UnaryOp(self, node: c_ast.UnaryOp) -> T.Expr:
        op = node.op
        p = self.pos(node)
        if op == "&&":
            return label_address(self, node, p)
        if op == "sizeof" or op in ("_Alignof", "__alignof__", "alignof", "__alignof"):
            if isinstance(node.expr, c_ast.Typename):
                t = self.resolve_type(node.expr, p)
            else:
                operand = self.expr(node.expr)
                t = operand.type
                if isinstance(operand, T.Member) and operand.bits is not None:
                    self.error(p, f"invalid application of '{op}' to bit-field "
                                  f"'{operand.name}'")
                    return T.IntConst(1, ULONG, p)
            u = unqual(t)
            if op != "sizeof":
                return T.IntConst(t.align, ULONG, p)
            if isinstance(u, VlaT):
                return T.VlaSizeof(u, ULONG, p)
            if isinstance(u, FuncT) or (not u.complete and not isinstance(u, VoidT)):
                self.error(p, f"invalid application of 'sizeof' to an incomplete type '{t}'")
                return T.IntConst(1, ULONG, p)
            return T.IntConst(t.size, ULONG, p)
        if op in ("++", "--", "p++", "p--"):
            target = self.expr(node.expr)
            if not self.check_modifiable(target, "increment" if "++" in op else "decrement"):
                return self.bad(p)
            u = unqual(target.type)
            if isinstance(u, PointerT):
                step = 1 if isinstance(unqual(u.pointee), VlaT) else self._pointee_size(u, p)
            elif isinstance(u, (IntT, EnumT, FloatT, ComplexT)):
                step = 1
            else:
                self.error(p, f"cannot increment value of type '{target.type}' (invalid type)")
                return self.bad(p)
            delta = step if "++" in op else -step
            return T.IncDec(delta, not op.startswith("p"), target, p)
        if op == "&":
            inner = self.expr(node.expr)
            if isinstance(inner, T.VarRef) and inner.sym.kind == "func":
                return T.AddrOf(inner, PointerT(inner.type), p)
            if not inner.lvalue:
                self.error(p, "cannot take the address of an rvalue (lvalue required as "
                              "unary '&' operand)")
                return self.bad(p)
            if isinstance(inner, T.VarRef) and inner.sym.storage == "register":
                self.error(p, f"address of register variable '{inner.sym.name}' requested")
            if isinstance(inner, T.Member) and inner.bits is not None:
                self.error(p, f"cannot take address of bit-field '{inner.name}'")
                return self.bad(p)
            return T.AddrOf(inner, PointerT(inner.type), p)
        if op == "*":
            ptr = self.value(self.expr(node.expr))
            u = unqual(ptr.type)
            if not isinstance(u, PointerT):
                self.error(p, f"indirection requires pointer operand ('{ptr.type}' invalid)")
                return self.bad(p)
            if isinstance(unqual(u.pointee), FuncT):
                return ptr  # *fp is the function designator again; decays back
            return T.Deref(ptr, u.pointee, p)
        if op in ("__real__", "__imag__"):
            return complex_part(self, op, self.rvalue(self.expr(node.expr)), p)
        operand = self.value(self.expr(node.expr))
        ou = unqual(operand.type)
        if isinstance(ou, ComplexT):
            return complex_unary(self, op, operand, p)
        if op == "!":
            if not is_scalar(operand.type):
                self.error(p, f"invalid argument type '{operand.type}' to unary expression "
                              "(scalar type required)")
                return self.bad(p)
            if isinstance(operand, T.IntConst):
                return T.IntConst(int(operand.value == 0), INT, p)
            return T.Unary("!", operand, INT, p)
        if isinstance(ou, FloatT) and op in ("-", "+"):
            if op == "+":
                return operand
            if isinstance(operand, T.FloatConst):
                return T.FloatConst(-operand.value, operand.type, p)
            return T.Unary("-", operand, operand.type, p)
        it = as_int(operand.type)
        if it is None:
            what = "pointer" if isinstance(ou, PointerT) else "type"
            self.error(p, f"invalid argument type '{operand.type}' to unary '{op}' "
                          f"(invalid {what} operand)")
            return self.bad(p)
        pt = promote(it)
        operand = self.cast(operand, pt)
        if op == "+":
            return operand
        if isinstance(operand, T.IntConst):
            return T.IntConst(wrap(-operand.value if op == "-" else ~operand.value, pt), pt, p)
        return T.Unary(op, operand, pt, p)

    def ptr_arith(self, op: str, ptr: T.Expr, idx: T.Expr, pt: PointerT, t: CType,
                  p: Pos) -> T.Expr:
        """`ptr op idx` scaled by the pointee size (a run-time size for a VLA pointee)."""
        if isinstance(unqual(pt.pointee), VlaT):
            return T.PtrArith(op, ptr, idx, 0, t, p, vla=unqual(pt.pointee))
        return T.PtrArith(op, ptr, idx, self._pointee_size(pt, p), t, p)

    def _pointee_size(self, pt: PointerT, p: Pos) -> int:
        u = unqual(pt.pointee)
        if isinstance(u, VlaT):
            self.error(p, "this use of a pointer to a variable length array is unsupported "
                          "(only indexing and +/- an integer)")
            return 1
        if isinstance(u, (VoidT, FuncT)):
            return 1
        if not u.complete:
            self.error(p, f"arithmetic on a pointer to an incomplete type '{pt.pointee}'")
            return 1
        return u.size

    def check_modifiable(self, target: T.Expr, what: str, at: Pos | None = None) -> bool:
        u = unqual(target.type)
        if not target.lvalue:
            self.error(at or target.pos, f"expression is not assignable (lvalue required as {what} "
                                   "operand)")
            return False
        if isinstance(u, (ArrayT, VlaT)):
            self.error(target.pos, f"array type '{target.type}' is not assignable (lvalue "
                                   "required, not an array)")
            return False
        if isinstance(u, FuncT):
            self.error(target.pos, "function is not assignable (lvalue required)")
            return False
        if is_const(target.type) or self._const_member(target):
            name = target.sym.name if isinstance(target, T.VarRef) else ""
            what_s = f"variable '{name}'" if name else "a location"
            self.error(target.pos, f"cannot assign to {what_s} with const-qualified type "
                                   f"'{target.type}' (read-only)")
            return False
        if isinstance(u, StructT) and _struct_has_const(u):
            self.error(target.pos, "cannot assign to a struct with a const-qualified member")
            return False
        return True

    @staticmethod
    def _const_member(e: T.Expr) -> bool:
        while isinstance(e, T.Member):
            if is_const(e.base.type):
                return True
            e = e.base
        return False

    def _e_Cast(self, node: c_ast.Cast) -> T.Expr:
        p = self.pos(node)
        to = self.resolve_type(node.to_type, p)
        tu = unqual(to)
        e = self.expr(node.expr)
        if isinstance(tu, VoidT):
            return T.Cast(self.rvalue(e), to, p, explicit=True)
        e = self.value(e)
        eu = unqual(e.type)
        if contains_unsupported_float(to):
            self.error(p, _unsupported_float_message(to))
            return self.bad(p)
        if not isinstance(tu, (IntT, EnumT, PointerT, FloatT, ComplexT)):
            self.error(p, f"used type '{to}' where arithmetic or pointer type is required "
                          "(invalid type conversion)")
            return self.bad(p)
        if not isinstance(eu, (IntT, EnumT, PointerT, FloatT, ComplexT)):
            self.error(p, f"operand of type '{e.type}' where arithmetic or pointer type is "
                          "required (invalid type conversion)")
            return self.bad(p)
        if isinstance(tu, (FloatT, ComplexT)) and isinstance(eu, PointerT) or \
                isinstance(tu, PointerT) and isinstance(eu, (FloatT, ComplexT)):
            self.error(p, f"cannot cast '{e.type}' to '{to}' (pointer and floating type)")
            return self.bad(p)
        r = self.cast(e, to, explicit=True)
        if isinstance(r, T.IntConst):
            r.pos = p
            return r
        r.pos = p
        return r

    def _e_BinaryOp(self, node: c_ast.BinaryOp) -> T.Expr:
        p = self.operator_pos(self.pos(node), node.right, node.op)
        op = node.op
        left = self.value(self.expr(node.left))
        right = self.value(self.expr(node.right))
        return self.binary(op, left, right, p)

    def binary(self, op: str, left: T.Expr, right: T.Expr, p: Pos) -> T.Expr:
        lu, ru = unqual(left.type), unqual(right.type)
        li, ri = as_int(left.type), as_int(right.type)
        if op in ("&&", "||"):
            for side in (left, right):
                if not is_scalar(side.type):
                    self.error(side.pos, f"invalid operands to binary expression ('{left.type}' "
                                         f"and '{right.type}'): scalar type required")
                    return self.bad(p)
            r = T.Logical(op, complex_truth(self, left), complex_truth(self, right), INT, p)
            return self._fold(r)
        if op in ("+", "-") and (isinstance(lu, PointerT) or isinstance(ru, PointerT)):
            if isinstance(lu, PointerT) and ri is not None:
                idx = self.cast(right, LONG)
                return self._fold(self.ptr_arith(op, left, idx, lu, left.type, p))
            if op == "+" and isinstance(ru, PointerT) and li is not None:
                idx = self.cast(left, LONG)
                return self._fold(self.ptr_arith("+", right, idx, ru, right.type, p))
            if op == "-" and isinstance(lu, PointerT) and isinstance(ru, PointerT):
                if not compatible(lu.pointee, ru.pointee):
                    self.error(p, f"'{left.type}' and '{right.type}' are not pointers to "
                                  "compatible types (incompatible pointer subtraction)")
                if isinstance(unqual(lu.pointee), VlaT):
                    return T.PtrDiff(left, right, 0, LONG, p, vla=unqual(lu.pointee))
                return T.PtrDiff(left, right, self._pointee_size(lu, p), LONG, p)
            self.error(p, f"invalid operands to binary '{op}' ('{left.type}' and "
                          f"'{right.type}'): invalid pointer arithmetic")
            return self.bad(p)
        if isinstance(lu, ComplexT) or isinstance(ru, ComplexT):
            return complex_binary(self, op, left, right, p)
        if (isinstance(lu, FloatT) or isinstance(ru, FloatT)) and is_arith(left.type) \
                and is_arith(right.type) and (op in _CMP_OPS or op in ("+", "-", "*", "/")):
            ct = common_arith(left.type, right.type)
            rt = INT if op in _CMP_OPS else ct
            return self._fold(T.Binary(op, self.cast(left, ct), self.cast(right, ct), rt, p))
        if op in _CMP_OPS:
            if li is not None and ri is not None:
                ct = usual_arith(li, ri)
                return self._fold(T.Binary(op, self.cast(left, ct), self.cast(right, ct), INT, p))
            if isinstance(lu, PointerT) or isinstance(ru, PointerT):
                if isinstance(lu, PointerT) and isinstance(ru, PointerT):
                    return T.Binary(op, left, right, INT, p)
                ptr, other = (left, right) if isinstance(lu, PointerT) else (right, left)
                if as_int(other.type) is not None:
                    if not self.is_null_const(other) and op not in ("==", "!="):
                        pass  # gcc: warning only (comparison between pointer and integer)
                    conv = self.cast(other, ptr.type)
                    if ptr is left:
                        return T.Binary(op, left, conv, INT, p)
                    return T.Binary(op, conv, right, INT, p)
            self.error(p, f"invalid operands to binary '{op}' ('{left.type}' and "
                          f"'{right.type}'): incompatible types")
            return self.bad(p)
        if op in _ARITH_OPS:
            if li is None or ri is None:
                kind = "pointer" if isinstance(lu, PointerT) or isinstance(ru, PointerT) \
                    else "type"
                self.error(p, f"invalid operands to binary '{op}' ('{left.type}' and "
                              f"'{right.type}'): invalid {kind} operand")
                return self.bad(p)
            if op in ("<<", ">>"):
                lt = promote(li)
                return self._fold(T.Binary(op, self.cast(left, lt), self.cast(right, lt), lt, p))
            ct = usual_arith(li, ri)
            return self._fold(T.Binary(op, self.cast(left, ct), self.cast(right, ct), ct, p))
        self.error(p, f"unsupported binary operator '{op}'")
        return self.bad(p)

    def _fold(self, e: T.Expr) -> T.Expr:
        """Fold integer constant subexpressions (as clang does even at -O0), and
        floating arithmetic on two floating constants."""
        if isinstance(e, T.Binary) and as_float(e.type) is not None:
            if isinstance(e.left, T.FloatConst) and isinstance(e.right, T.FloatConst):
                v = evaluate(e)
                # an invalid operation is left to run time: gcc computes it there
                # (x86's NaN is negative, a folded one would not be)
                if isinstance(v, float) and not math.isnan(v) or \
                        isinstance(v, X80) and not v.is_nan():
                    return T.FloatConst(v, e.type, e.pos)
            return e
        if not is_integer(e.type):
            return e
        if isinstance(e, T.Binary) and e.op in ("/", "%"):
            try:
                rv = evaluate(e.right)
            except ConstError:
                return e
            if rv == 0:
                return e  # keep the trap at run time; constant contexts report it
        if isinstance(e, T.Binary) and not (isinstance(e.left, T.IntConst)
                                            and isinstance(e.right, T.IntConst)):
            return e
        if isinstance(e, T.Logical) and not isinstance(e.left, T.IntConst):
            return e
        try:
            v = evaluate(e)
        except ConstError:
            return e
        if isinstance(v, int):
            return T.IntConst(v, e.type, e.pos)
        return e

    def _e_TernaryOp(self, node: c_ast.TernaryOp) -> T.Expr:
        p = self.pos(node)
        c = self.value(self.expr(node.cond))
        if not is_scalar(c.type):
            self.error(c.pos, f"used type '{c.type}' where scalar is required (invalid type)")
            return self.bad(p)
        if node.iftrue is not None:
            c = complex_truth(self, c)
        elif isinstance(unqual(c.type), ComplexT):
            self.error(c.pos, "'?:' with the middle operand omitted is unsupported for "
                              f"'{c.type}'")
            return self.bad(p)
        if node.iftrue is None:  # GNU `c ?: b`: c once, as the condition and the value
            c = T.Reuse(c)
            a: T.Expr = c
        else:
            a = self.rvalue(self.expr(node.iftrue))
        b = self.rvalue(self.expr(node.iffalse))
        au, bu = unqual(a.type), unqual(b.type)
        ai, bi = as_int(a.type), as_int(b.type)
        t: CType
        if ai is not None and bi is not None:
            t = usual_arith(ai, bi)
            a, b = self.cast(a, t), self.cast(b, t)
        elif is_arith(a.type) and is_arith(b.type):  # at least one floating arm
            t = common_arith(a.type, b.type)
            a, b = self.cast(a, t), self.cast(b, t)
        elif isinstance(au, VoidT) or isinstance(bu, VoidT):
            t = VOID
        elif isinstance(au, StructT) and au is bu:
            t = a.type
        elif isinstance(au, PointerT) and isinstance(bu, PointerT):
            if is_void(au.pointee):
                t = a.type
            elif is_void(bu.pointee):
                t = b.type
            else:
                t = a.type
            b = self.cast(b, t)
        elif isinstance(au, PointerT) and bi is not None:
            t = a.type
            b = self.cast(b, t)
        elif isinstance(bu, PointerT) and ai is not None:
            t = b.type
            a = self.cast(a, t)
        else:
            self.error(p, f"incompatible operand types ('{a.type}' and '{b.type}') in "
                          "conditional expression")
            return self.bad(p)
        if isinstance(c, T.IntConst) and not isinstance(unqual(t), StructT):
            return a if c.value else b
        return T.Cond(c, a, b, t, p)

    def _e_Assignment(self, node: c_ast.Assignment) -> T.Expr:
        p = self.operator_pos(self.pos(node), node.rvalue, node.op)
        target = self.expr(node.lvalue)
        value = self.expr(node.rvalue)
        if not self.check_modifiable(target, "left" if node.op == "=" else "compound "
                                     "assignment", p):
            return self.bad(p)
        if node.op == "=":
            v = self.assign_convert(value, target.type, "assigning to", p)
            return T.Assign(target, v, p)
        op = node.op[:-1]
        value = self.value(value)
        tu = unqual(target.type)
        ti, vi = as_int(target.type), as_int(value.type)
        if isinstance(tu, PointerT) and op in ("+", "-") and vi is not None:
            return T.CompoundAssign(op, target, self.cast(value, LONG), target.type,
                                    1 if isinstance(unqual(tu.pointee), VlaT)
                                    else self._pointee_size(tu, p), p)
        if (isinstance(tu, ComplexT) or isinstance(unqual(value.type), ComplexT)) and \
                is_arith(target.type) and is_arith(value.type) and op in ("+", "-", "*", "/"):
            ot = common_arith(target.type, value.type)
            return T.CompoundAssign(op, target, complex_operand(self, value, ot), ot, 0, p)
        if (isinstance(tu, FloatT) or as_float(value.type) is not None) and \
                is_arith(target.type) and is_arith(value.type) and op in ("+", "-", "*", "/"):
            ot = common_arith(target.type, value.type)
            return T.CompoundAssign(op, target, self.cast(value, ot), ot, 0, p)
        if ti is None or vi is None:
            kind = "pointer" if isinstance(tu, PointerT) or is_pointer(value.type) else "type"
            self.error(p, f"invalid operands to '{node.op}' ('{target.type}' and "
                          f"'{value.type}'): invalid {kind} operand")
            return self.bad(p)
        if op in ("<<", ">>"):
            ot = promote(ti)
        else:
            ot = usual_arith(ti, vi)
        return T.CompoundAssign(op, target, self.cast(value, ot), ot, 0, p)

    def _e_ArrayRef(self, node: c_ast.ArrayRef) -> T.Expr:
        p = self.pos(node)
        base = self.value(self.expr(node.name))
        idx = self.value(self.expr(node.subscript))
        bu, iu = unqual(base.type), unqual(idx.type)
        if not isinstance(bu, PointerT) and isinstance(iu, PointerT):
            base, idx, bu, iu = idx, base, iu, bu  # 3[a]
        if not isinstance(bu, PointerT):
            self.error(p, "subscripted value is not an array or pointer")
            return self.bad(p)
        if as_int(idx.type) is None:
            self.error(idx.pos, "array subscript is not an integer")
            return self.bad(p)
        if isinstance(unqual(bu.pointee), VoidT):
            self.error(p, "subscript of pointer to incomplete type 'void'")
            return self.bad(p)
        addr = self.ptr_arith("+", base, self.cast(idx, LONG), bu, base.type, p)
        return T.Deref(addr, bu.pointee, p)

    def _e_StructRef(self, node: c_ast.StructRef) -> T.Expr:
        p = self.pos(node.field) if node.field is not None else self.pos(node)
        base = self.expr(node.name)
        name = node.field.name
        if node.type == "->":
            ptr = self.value(base)
            pu = unqual(ptr.type)
            if not isinstance(pu, PointerT):
                self.error(p, f"member reference type '{ptr.type}' is not a pointer")
                return self.bad(p)
            st = unqual(pu.pointee)
            obj: T.Expr = T.Deref(ptr, pu.pointee, ptr.pos)
        else:
            st = unqual(base.type)
            obj = base
        if not isinstance(st, StructT):
            self.error(p, f"member reference base type '{obj.type}' is not a structure or "
                          "union")
            return self.bad(p)
        if not st.is_complete:
            self.error(p, f"incomplete definition of type '{st}' (no member named '{name}')")
            return self.bad(p)
        found = st.find_member(name)
        if found is None:
            self.error(p, f"no member named '{name}' in '{st}'")
            return self.bad(p)
        off, member = found
        mt = member.type
        if is_const(obj.type) or is_volatile(obj.type):
            mt = qualify(mt, is_const(obj.type), is_volatile(obj.type))
        bits = None
        if member.is_bitfield:
            bits = access_of(member, off)
            bits = replace(bits, decl_type=mt)
            mt = value_type(mt, member.bit_width)
        m = T.Member(obj, off, name, mt, p, bits)
        if isinstance(obj, (T.Call, T.Assign, T.Cond, T.Comma, T.StmtExpr)):
            m.lvalue = False
        return m

    def _e_FuncCall(self, node: c_ast.FuncCall) -> T.Expr:
        p = self.pos(node)
        # `__builtin_types_compatible_p(int, T)` parses with a TypeList of type names
        args_nodes = [] if node.args is None else list(node.args)
        if isinstance(node.name, c_ast.ID):
            name = node.name.name
            special = self._builtin_call(name, args_nodes, p, node)
            if special is not None:
                return special
            if self.scopes.lookup(name) is None:
                if name.startswith("__builtin_") and (name[10:] in _LIBC_BUILTINS
                                                      or name[10:] in LIBC_PROTOTYPES):
                    sym = self.scopes.lookup(name[10:]) or libc_builtin_symbol(self, name[10:], p)
                    if sym is not None:
                        return self._call(T.VarRef(sym, p), args_nodes, p)
                self.error(p, f"use of undeclared identifier '{name}' (implicit declaration "
                              "of function)")
                for a in args_nodes:
                    self.expr(a)
                return self.bad(p)
        callee = self.expr(node.name)
        return self._call(callee, args_nodes, p)

    def _call(self, callee: T.Expr, args_nodes: list[c_ast.Node], p: Pos) -> T.Expr:
        fn = self.rvalue(callee)
        fu = unqual(fn.type)
        ft = unqual(fu.pointee) if isinstance(fu, PointerT) else None
        if not isinstance(ft, FuncT):
            self.error(p, f"called object type '{callee.type}' is not a function or function "
                          "pointer (called object is not a function)")
            for a in args_nodes:
                self.expr(a)
            return self.bad(p)
        name = callee.sym.name if isinstance(callee, T.VarRef) else ""
        if contains_unsupported_float(ft.ret) or any(contains_unsupported_float(x)
                                                     for x in ft.params):
            self.error(p, f"call to '{name or 'function'}' uses __float128 (_Float128), "
                          "which is unsupported")
        args = [self.expr(a) for a in args_nodes]
        nparams = len(ft.params)
        if ft.prototyped:
            if len(args) < nparams:
                self.error(p, f"too few arguments to function call{_named(name)}, expected "
                              f"{nparams}, have {len(args)}")
            elif len(args) > nparams and not ft.variadic:
                self.error(args[nparams].pos, f"too many arguments to function call"
                                              f"{_named(name)}, expected {nparams}, have "
                                              f"{len(args)}")
        out: list[T.Expr] = []
        for i, a in enumerate(args):
            if ft.prototyped and i < nparams:
                out.append(self.assign_convert(a, ft.params[i],
                                               f"for argument {i + 1}{_named(name)}: passing to"
                                               " parameter of type"))
            else:
                v = self.value(a)
                ai = as_int(v.type)
                if ai is not None:
                    v = self.cast(v, promote(ai))
                elif as_float(v.type) == FLOAT:  # default argument promotion
                    v = self.cast(v, DOUBLE)
                elif contains_unsupported_float(v.type):
                    self.error(v.pos, _unsupported_float_message(v.type))
                out.append(v)
        ret = ft.ret
        if not isinstance(unqual(ret), VoidT) and not unqual(ret).complete:
            self.error(p, f"calling function with incomplete return type '{ret}'")
        return T.Call(fn, out, ft, ret, p)

    def _builtin_call(self, name: str, args: list[c_ast.Node], p: Pos,
                      node: c_ast.FuncCall) -> T.Expr | None:
        if name in ("__builtin_alloca", "alloca") and len(args) == 1 and (
                name != "alloca" or self.scopes.lookup("alloca") is None
                or self.scopes.lookup("alloca").file_scope):  # type: ignore[union-attr]
            # dynamic stack allocation (gcc treats `alloca` as this builtin)
            size = self.value(self.expr(args[0]))
            if as_int(size.type) is None:
                self.error(p, f"passing '{size.type}' to '{name}', which takes a size")
                return self.bad(p)
            return T.Call(None, [self.cast(size, ULONG)], None, PointerT(VOID), p,
                          builtin="alloca")
        if name == "__atomc_va_arg":
            ap = self.value(self.expr(args[0]))
            marker = args[1]
            t = self.resolve_type(marker.to_type, p) if isinstance(marker, c_ast.Cast) else INT
            tu = unqual(t)
            target = unqual(tu.pointee) if isinstance(tu, PointerT) else INT
            if contains_unsupported_float(target):
                self.error(p, _unsupported_float_message(target) + " (va_arg)")
                return self.bad(p)
            if isinstance(target, StructT) and contains_float(target) and target.size <= 16:
                self.error(p, "va_arg of a struct with floating-point members is unsupported")
                return self.bad(p)
            target_t = tu.pointee if isinstance(tu, PointerT) else INT
            return T.VaArg(ap, target_t, p)
        if name in ("__builtin_va_start", "__builtin_va_end", "__builtin_va_copy"):
            vals = [self.value(self.expr(a)) for a in args]
            if name == "__builtin_va_start":
                if self.function is None or not unqual(self.function.type).variadic:  # type: ignore
                    self.error(p, "'va_start' used in function with fixed arguments")
                return T.Call(None, vals[:1], None, VOID, p, builtin="va_start")
            if name == "__builtin_va_end":
                return T.Call(None, vals[:1], None, VOID, p, builtin="va_end")
            return T.Call(None, vals[:2], None, VOID, p, builtin="va_copy")
        if name == "__builtin_complex":
            return builtin_complex(self, [self.expr(a) for a in args], p)
        if name in CREAL_NAMES and (not name.startswith("c")
                                    or self._is_library_function(name)):
            return complex_builtin(self, name, [self.expr(a) for a in args], p)
        if name == "__builtin_expect" and len(args) == 2:
            v = self.value(self.expr(args[0]))
            self.expr(args[1])
            return v
        if name == "__builtin_unreachable":
            return T.Call(None, [], None, VOID, p, builtin="unreachable")
        if name == "__builtin_trap":
            return T.Call(None, [], None, VOID, p, builtin="trap")
        if name in ("offsetof", "__builtin_offsetof") and len(args) == 2 and \
                isinstance(args[0], c_ast.Typename):
            t = unqual(self.resolve_type(args[0], p))
            return T.IntConst(self._offsetof(t, args[1], p), ULONG, p)
        if name in _BIT_BUILTINS and len(args) == 1:
            return self._bit_builtin(name, self.value(self.expr(args[0])), p)
        if name == "__builtin_constant_p" and len(args) == 1:
            e = self.expr(args[0])
            # integer constant expressions and string literals (as gcc at -O0)
            return T.IntConst(int(isinstance(e, (T.IntConst, T.StrLit))), INT, p)
        gnu = gnu_builtin(self, name, args, p)
        if gnu is not None:
            return gnu
        return float_builtin(self, name, args, p)

    def _is_library_function(self, name: str) -> bool:
        """Is `name` undeclared or declared only by a system header (so the C
        library's function, which gcc treats as a builtin)?"""
        sym = self.scopes.lookup(name)
        return sym is None or (sym.kind == "func" and sym.file_scope and sym.system)

    def _libcall(self, name: str, ret: CType, params: tuple[CType, ...], args: list[T.Expr],
                 p: Pos) -> T.Expr:
        """A call to a libgcc helper (always linked by `cc`), declared on first use."""
        sym = self.libcalls.get(name)
        ft = FuncT(ret, params)
        if sym is None:
            sym = Symbol(name, ft, "func", "extern", p, static_storage=True, file_scope=True,
                         link_name=name, used=True)
            self.libcalls[name] = sym
        conv = [self.cast(a, t) for a, t in zip(args, params)]
        return T.Call(T.Decay(T.VarRef(sym, p), PointerT(ft)), conv, ft, ret, p)

    def _bit_builtin(self, name: str, arg: T.Expr, p: Pos) -> T.Expr:
        """GCC's bit builtins, lowered to libgcc's 64-bit helpers plus an adjustment."""
        if as_int(arg.type) is None:
            self.error(p, f"incompatible type '{arg.type}' for '{name}' (integer required)")
            return self.bad(p)
        base = name.rstrip("l")  # __builtin_popcountl, __builtin_clzll, ...
        wide = name.endswith("l")
        if base.startswith("__builtin_bswap"):
            bits = int(base[len("__builtin_bswap"):])
            ut = {16: USHORT, 32: UINT, 64: ULONG}[bits]
            if bits == 64:
                return self._libcall("__bswapdi2", ULONG, (ULONG,), [arg], p)
            r = self._libcall("__bswapsi2", UINT, (UINT,), [arg], p)
            if bits == 16:
                r = self.binary(">>", r, T.IntConst(16, INT, p), p)
            return self.cast(r, ut)
        x = self.cast(arg, ULONG if wide else UINT)
        if base == "__builtin_popcount":
            return self._libcall("__popcountdi2", INT, (ULONG,), [x], p)
        # clz/ctz (undefined for 0), ffs and parity are lowered inline, as gcc -O2 does
        kind = {"__builtin_parity": "parity", "__builtin_ctz": "ctz", "__builtin_clz": "clz",
                "__builtin_ffs": "ffs"}[base]
        return T.Call(None, [x], None, INT, p, builtin=kind)

    def _offsetof(self, t: CType, desig: c_ast.Node, p: Pos) -> int:
        if isinstance(desig, c_ast.ID):
            found = t.find_member(desig.name) if isinstance(t, StructT) else None
            if found is None:
                self.error(p, f"no member named '{desig.name}' in '{t}'")
                return 0
            if found[1].is_bitfield:
                self.error(p, f"cannot compute offset of bit-field '{desig.name}'")
            return found[0]
        if isinstance(desig, c_ast.StructRef):
            base_off = self._offsetof(t, desig.name, p)
            inner = unqual(self._offsetof_type(t, desig.name))
            return base_off + self._offsetof(inner, desig.field, p)
        if isinstance(desig, c_ast.ArrayRef):
            base_off = self._offsetof(t, desig.name, p)
            at = unqual(self._offsetof_type(t, desig.name))
            idx = self.require_const_int(self.expr(desig.subscript), "offsetof index")
            if isinstance(at, ArrayT):
                return base_off + idx * at.elem.size
            self.error(p, "subscripted value is not an array (offsetof)")
            return base_off
        self.error(p, "expected a member designator in offsetof")
        return 0

    def _offsetof_type(self, t: CType, desig: c_ast.Node) -> CType:
        if isinstance(desig, c_ast.ID):
            found = t.find(desig.name) if isinstance(t, StructT) else None
            return found[1] if found else INT
        if isinstance(desig, c_ast.StructRef):
            inner = unqual(self._offsetof_type(t, desig.name))
            return self._offsetof_type(inner, desig.field)
        if isinstance(desig, c_ast.ArrayRef):
            at = unqual(self._offsetof_type(t, desig.name))
            return at.elem if isinstance(at, ArrayT) else INT
        return INT

    def _e_CompoundLiteral(self, node: c_ast.CompoundLiteral) -> T.Expr:
        p = self.pos(node)
        t = self.resolve_type(node.type, p)
        init = self.initializer(t, node.init, p)
        self.anon_count += 1
        at_file = self.scopes.at_file_scope
        sym = Symbol(f".compoundliteral.{self.anon_count}", init.type, "var",
                     "static" if at_file else "auto", p, static_storage=at_file)
        lit = T.CompoundLit(init.type, init, sym, p)
        if at_file:  # an unnamed static object: its address is a link-time constant
            sym.link_name = f".L.compoundliteral.{self.anon_count}"
            self.static_literals[sym.link_name] = lit
        return lit

    def _e_InitList(self, node: c_ast.InitList) -> T.Expr:
        self.error(node, "expected expression (initializer list not allowed here)")
        return self.bad(self.pos(node))

    def _e_GenericSelection(self, node: GenericSelection) -> T.Expr:
        return generic_expr(self, node)

    def _e_Typename(self, node: c_ast.Typename) -> T.Expr:
        self.error(node, "expected expression, found a type name")
        return self.bad(self.pos(node))

    # ------------------------------------------------------------------
    # initialisers

    def initializer(self, t: CType, node: c_ast.Node, p: Pos) -> T.Init:
        """Check an initialiser for an object of type `t`; completes `int a[] = ...`."""
        items: dict[int, T.InitItem] = InitItems()
        t2 = self._init_obj(t, node, 0, items, p)
        ordered = [items[k] for k in sorted(items)]
        return T.Init(t2, ordered, p)

    def _init_obj(self, t: CType, node: c_ast.Node, off: int, items: dict[int, T.InitItem],
                  p: Pos) -> CType:
        u = unqual(t)
        if isinstance(node, c_ast.InitList):
            if isinstance(u, (ArrayT, StructT)):
                if isinstance(u, ArrayT) and _is_string_elem(u.elem) and len(node.exprs) == 1:
                    only = node.exprs[0]
                    if isinstance(only, c_ast.Constant) and only.type == "string":
                        return self._init_obj(t, only, off, items, p)
                lst = list(node.exprs)
                # a braced list re-initialises the whole subobject (C11 6.7.9p19)
                for k in [k for k in items if off * 8 <= k < (off + max(t.size, 0)) * 8]:
                    del items[k]
                pos, t2 = self._fill(t, lst, 0, off, items, braced=True, p=self.pos(node, p))
                if pos < len(lst):
                    self.error(self.pos(lst[pos], p), f"excess elements in "
                                                      f"{_kind(u)} initializer")
                return t2
            if not node.exprs:
                self.error(self.pos(node, p), "scalar initializer cannot be empty (invalid "
                                              "initializer)")
                return t
            if len(node.exprs) > 1:
                self.error(self.pos(node.exprs[1], p), "excess elements in scalar initializer")
            return self._init_obj(t, node.exprs[0], off, items, p)
        if isinstance(node, c_ast.NamedInitializer):
            self.error(self.pos(node.expr, p), "designator in scalar initializer (invalid "
                                               "initializer)")
            return t
        e = self.expr(node)
        if isinstance(u, ArrayT):
            if isinstance(e, T.StrLit) and _string_fits(e, u.elem):
                n = len(e.data) // max(u.elem.size, 1)
                if u.count is None:
                    t = ArrayT(u.elem, n)
                elif n - 1 > u.count:
                    self.error(e.pos, "initializer-string for char array is too long (excess "
                                      "elements in char array initializer)")
                self._put(items, T.InitItem(off, t, e))
                return t
            self.error(e.pos, "array initializer must be an initializer list or string "
                              "literal (invalid initializer)")
            return t
        if isinstance(u, BitFieldT):
            self._put(items, T.InitItem(off, t, self.assign_convert(e, u.base, "initializing")))
            return t
        if isinstance(u, StructT):
            ev = self.rvalue(e)
            if unqual(ev.type) is not u:
                self.error(e.pos, f"initializing '{t}' with an expression of incompatible "
                                  f"type '{e.type}' (invalid initializer)")
                return t
            self._put(items, T.InitItem(off, t, ev))
            return t
        v = self.assign_convert(e, t, "initializing")
        self._put(items, T.InitItem(off, t, v))
        return t

    @staticmethod
    def _put(items: dict[int, T.InitItem], item: T.InitItem) -> None:
        """Add an item (keyed by its first bit); a later initialiser for the same bits
        replaces earlier ones."""
        start, end = bit_range(item.offset, item.type)
        reach = items.reach if isinstance(items, InitItems) else None
        if reach is None or start < reach:
            for k in [k for k, it in items.items()
                      if k < end and start < bit_range(it.offset, it.type)[1]]:
                del items[k]
        items[start] = item
        if isinstance(items, InitItems):
            items.reach = end if reach is None else max(reach, end)

    def _subobjects(self, u: CType) -> list[tuple[CType, int, str]] | None:
        if isinstance(u, StructT):
            if u.kind == "union":
                return [(init_type(m), m.offset, m.name) for m in u.members[:1]]
            return [(init_type(m), m.offset, m.name) for m in u.members]
        return None

    def _fill(self, t: CType, lst: list[c_ast.Node], pos: int, off: int,
              items: dict[int, T.InitItem], braced: bool, p: Pos) -> tuple[int, CType]:
        """Initialise aggregate `t` from lst[pos:], with brace elision; returns (next, type)."""
        u = unqual(t)
        if isinstance(u, ArrayT):
            elem = u.elem
            esz = elem.size
            i = 0
            max_i = 0
            while pos < len(lst):
                node = lst[pos]
                if isinstance(node, c_ast.NamedInitializer):
                    if not braced:
                        break
                    i = self._designated(t, node, off, items, p)
                    pos += 1
                    i += 1
                    max_i = max(max_i, i)
                    continue
                if u.count is not None and i >= u.count:
                    if braced:
                        self.error(self.pos(node, p), "excess elements in array initializer")
                        return len(lst), t
                    break
                pos = self._fill_one(elem, lst, pos, off + i * esz, items, p)
                i += 1
                max_i = max(max_i, i)
            if u.count is None:
                return pos, ArrayT(elem, max_i)
            return pos, t
        assert isinstance(u, StructT)
        subs = self._subobjects(u) or []
        i = 0
        while pos < len(lst):
            node = lst[pos]
            if isinstance(node, c_ast.NamedInitializer):
                if not braced:
                    break
                i = self._designated(t, node, off, items, p) + 1
                pos += 1
                continue
            if i >= len(subs):
                if braced:
                    self.error(self.pos(node, p), f"excess elements in {u.kind} initializer")
                    return len(lst), t
                break
            st, so, _ = subs[i]
            pos = self._fill_one(st, lst, pos, off + so, items, p)
            i += 1
            if u.kind == "union":
                if braced and pos < len(lst):
                    self.error(self.pos(lst[pos], p), "excess elements in union initializer")
                    return len(lst), t
                break
        return pos, t

    def _fill_one(self, t: CType, lst: list[c_ast.Node], pos: int, off: int,
                  items: dict[int, T.InitItem], p: Pos) -> int:
        """Initialise one subobject from lst[pos], eliding braces if needed."""
        node = lst[pos]
        u = unqual(t)
        if isinstance(u, (ArrayT, StructT)) and not isinstance(node, c_ast.InitList):
            if isinstance(u, ArrayT) and _is_string_elem(u.elem) and \
                    isinstance(node, c_ast.Constant) \
                    and node.type == "string":
                self._init_obj(t, node, off, items, p)
                return pos + 1
            if isinstance(u, StructT):
                probe = self.expr(node)
                if unqual(probe.type) is u:
                    self._put(items, T.InitItem(off, t, self.rvalue(probe)))
                    return pos + 1
            new_pos, _ = self._fill(t, lst, pos, off, items, braced=False, p=p)
            return new_pos if new_pos > pos else pos + 1
        self._init_obj(t, node, off, items, p)
        return pos + 1

    def _designated(self, t: CType, node: c_ast.NamedInitializer, off: int,
                    items: dict[int, T.InitItem], p: Pos) -> int:
        """Apply `.a.b[2] = x` inside aggregate `t`; returns the index the first designator
        selects (the last one for a GNU range `[lo ... hi]`), where positional
        initialisation continues."""
        return self._designate(t, list(node.name), node.expr, off, items, p)

    def _designate(self, t: CType, path: list[c_ast.Node], expr: c_ast.Node, off: int,
                   items: dict[int, T.InitItem], p: Pos) -> int:
        d, rest = path[0], path[1:]
        u = unqual(t)

        def apply(sub_t: CType, sub_off: int) -> None:
            if rest:
                self._designate(sub_t, rest, expr, sub_off, items, p)
            else:
                self._init_obj(sub_t, expr, sub_off, items, p)

        if isinstance(d, c_ast.ID):
            if not isinstance(u, StructT):
                self.error(self.pos(d, p), "field designator in a non-struct initializer "
                                           "(invalid initializer)")
                return 0
            idx = next((j for j, m in enumerate(u.members) if m.name == d.name), None)
            if idx is not None:
                apply(init_type(u.members[idx]), off + u.members[idx].offset)
                return idx
            found = u.find_member(d.name)  # a member of an anonymous struct/union member
            if found is None:
                self.error(self.pos(d, p), f"field designator '{d.name}' does not refer to any "
                                           f"field in type '{u}' (no member named '{d.name}')")
                return 0
            apply(init_type(found[1]), off + found[0])
            return next((j for j, m in enumerate(u.members)
                         if m.name == "" and isinstance(unqual(m.type), StructT)
                         and unqual(m.type).find(d.name) is not None), 0)  # type: ignore
        if not isinstance(u, ArrayT):
            self.error(self.pos(d, p), "array designator in a non-array initializer (invalid "
                                       "initializer)")
            return 0
        if isinstance(d, ext.RangeExpression):
            lo = self.require_const_int(self.expr(d.first), "array designator")
            hi = self.require_const_int(self.expr(d.last), "array designator")
        else:
            lo = hi = self.require_const_int(self.expr(d), "array designator")
        if lo < 0 or hi < lo or (u.count is not None and hi >= u.count):
            self.error(self.pos(d, p), "array designator index exceeds array bounds (invalid "
                                       "initializer)")
            return 0
        for ix in range(lo, hi + 1):
            apply(u.elem, off + ix * u.elem.size)
        return hi

    # ------------------------------------------------------------------
    # statements helpers

    def condition(self, node: c_ast.Node) -> T.Expr:
        e = self.value(self.expr(node))
        if not is_scalar(e.type):
            self.error(e.pos, f"statement requires expression of scalar type ('{e.type}' "
                              "invalid)")
            return self.bad(e.pos)
        return complex_truth(self, e)

    def return_value(self, node: c_ast.Node | None, p: Pos) -> T.Expr | None:
        fname = self.function.name if self.function else "?"
        ret = self.function_ret
        if node is None:
            if not is_void(ret):
                self.error(p, f"non-void function '{fname}' should return a value (return "
                              "without value)")
            return None
        e = self.expr(node)
        if is_void(ret):
            if not is_void(e.type):
                self.error(e.pos, f"void function '{fname}' should not return a value")
                return None
            return e  # `return f();` with a void f: evaluated for its effects
        return self.assign_convert(e, ret, "returning", e.pos)


_BIT_BUILTINS = frozenset(
    f"__builtin_{b}{suffix}" for b in ("popcount", "clz", "ctz", "parity", "ffs")
    for suffix in ("", "l", "ll")) | {"__builtin_bswap16", "__builtin_bswap32",
                                      "__builtin_bswap64"}

_PACK = re.compile(r"^\s*pack\s*\((.*)\)\s*$")


_STATEMENT_NODES = (c_ast.Decl, c_ast.Compound, c_ast.If, c_ast.For, c_ast.While, c_ast.DoWhile,
                   c_ast.Return, c_ast.Switch, c_ast.Label, c_ast.Goto, ComputedGoto,
                   c_ast.Break,
                   c_ast.Continue, c_ast.EmptyStatement, c_ast.Case, c_ast.Default,
                   c_ast.Typedef, c_ast.DeclList, c_ast.Pragma)


def _is_flexible(t: CType) -> bool:
    u = unqual(t)
    return isinstance(u, ArrayT) and u.count is None


def _is_expression(node: c_ast.Node) -> bool:
    return not isinstance(node, _STATEMENT_NODES)


def _named(name: str) -> str:
    return f" '{name}'" if name else ""


def _kind(u: CType) -> str:
    if isinstance(u, ArrayT):
        return "array"
    if isinstance(u, StructT):
        return u.kind
    return "scalar"


def _is_string_elem(t: CType) -> bool:
    """Can arrays of `t` be initialised from a (narrow or wide) string literal?"""
    it = as_int(t)
    return it is not None and it.size in (1, 2, 4) and it != BOOL


def _string_fits(e: T.StrLit, elem: CType) -> bool:
    lit = unqual(e.type)
    return _is_string_elem(elem) and isinstance(lit, ArrayT) and lit.elem.size == elem.size


def _struct_has_const(st: StructT) -> bool:
    for m in st.members:
        if is_const(m.type):
            return True
        u = unqual(m.type)
        if isinstance(u, StructT) and _struct_has_const(u):
            return True
    return False


def _attributes(exprlist: c_ast.Node | None) -> dict[str, c_ast.Node | None]:
    """GNU attributes by name (`__packed__` is `packed`), each with its first argument."""
    out: dict[str, c_ast.Node | None] = {}
    for e in getattr(exprlist, "exprs", None) or []:
        if isinstance(e, c_ast.ID):
            out[e.name.strip("_")] = None
        elif isinstance(e, c_ast.FuncCall) and isinstance(e.name, c_ast.ID):
            args = e.args.exprs if e.args is not None else []
            out[e.name.name.strip("_")] = args[0] if args else None
    return out


def _unsupported_float_message(t: CType) -> str:
    return "__float128 (_Float128, IEEE quad precision) is unsupported"
