"""Semantic analysis: declarations, types and expressions.

`Sema` turns pycparser declarations into `Symbol`s and C types, and pycparser
statements and expressions into the typed tree of `tree.py`, reporting user errors
through the diagnostic engine. A function definition is checked whole
(`functions.definition`) before `lower/function.py` lowers it; `unit.items` hands
the lowering the checked file-scope items one at a time.

`Sema` itself holds the checker's state, positions and diagnostics; the checks are
its parts, each a module of this package reached through an attribute:

| attribute | module | checks |
|---|---|---|
| `types` | `types.py` | types from declarators and specifiers, attributes, pragmas |
| `decls` | `declarations.py` | declarations, typedefs, parameters, constant expressions |
| `conv` | `conversions.py` | rvalues, casts, assignment conversions |
| `exprs` | `expressions.py` | primary and postfix expressions (and the dispatch) |
| `ops` | `operators.py` | unary, binary, conditional and assignment operators |
| `calls` | `calls.py` | calls, builtins, library calls, `offsetof` |
| `inits` | `initialisers.py` | initialisers |
| `stmts` | `statements.py` | statements: blocks, jumps, labels, cases, conditions, returns |
| `functions` | `functions.py` | function definitions: K&R types, parameters, the body |
| `unit` | `unit.py` | the translation unit: file-scope declarations, its end |

After an error, expressions come back as an `IntConst` of type int so that
checking can go on and report more than one problem per file.
"""

from __future__ import annotations

from pycparser import c_ast
from pycparser.c_parser import Coord

from ...diag import DiagnosticEngine, SourceSpan
from .. import tree as T
from ..attributes import forget_attribute_nodes
from ..ctype import (
    INT,
    CType,
    StructT,
    Typedef,
)
from ..float_builtins import LIBRARY_BUILTINS
from ..gnu_inline import (
    InlineDef,
    InlineFrame,
)
from ..labelvalues import LabelValues
from ..optimize_attr import OptimizePragmas
from ..scopes import Pos, Scopes, Symbol, new_pos
from ..target import TargetFeatures
from .calls import CallChecker
from .common import (
    make_va_list_type,
)
from .conversions import Conversions
from .declarations import DeclarationChecker
from .expressions import ExpressionChecker
from .functions import FunctionChecker
from .initialisers import InitialiserChecker
from .lazy_decls import LazyPrototypes
from .operators import OperatorChecker
from .statements import StatementChecker
from .types import TypeResolver
from .unit import UnitChecker


class Sema:
    """Checks declarations, statements and expressions for the lowering and reports
    user errors."""

    def __init__(self, diags: DiagnosticEngine, main_file: str,
                 system_files: frozenset[str],
                 lines: dict[str, list[str]] | None = None) -> None:
        """`lines`: the text each file has in the preprocessed input, which the columns
        of pycparser's coordinates refer to (read from the files when absent)."""
        forget_attribute_nodes()
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
        self.pack: int | None = None  # `#pragma pack(N)` in effect
        self.static_literals: dict[str, T.CompoundLit] = {}  # file-scope compound literals
        self.libcalls: dict[str, Symbol] = {}  # libgcc helpers behind GCC builtins
        self.pack_stack: list[int | None] = []
        self.optimize_pragmas = OptimizePragmas()  # `#pragma GCC optimize` in effect
        self.sections: dict[str, str] = {}  # file-scope name -> `section` attribute
        self.label_values = LabelValues()  # `&&label` / `goto *p` of the current function
        # struct/union definitions already laid out, by parse node: pycparser shares
        # one node among the declarators of `struct s {...} a, b;`
        self.defined_records: dict[int, StructT] = {}
        self.transparent_unions: set[StructT] = set()  # GNU `transparent_union` types
        self.symbol_directives: dict[str, list] = {}  # `alias`, `ifunc`, ... (symbol_aliases)
        self.defined_types: dict[c_ast.Node, CType] = {}  # struct/union/enum definitions
        self.inline_defs: dict[str, InlineDef] = {}  # inline-only bodies (gnu_inline)
        self.inline_frames: list[InlineFrame] = []  # inlined calls being expanded
        self.call_diagnostics: dict[str, tuple[str, str]] = {}  # `warning`/`error` attributes
        self.alloc_sizes: dict[str, tuple[int, ...]] = {}  # `alloc_size` argument positions
        self.optimizing = False  # -O1 and above (set by the front end's driver)
        self.target = TargetFeatures()  # the extensions that change code (-mcx16)
        # library functions called by their plain names that expand like their
        # __builtin_ spelling (set by the front end's driver from -fno-builtin)
        self.library_builtins: frozenset[str] = LIBRARY_BUILTINS
        self.gnu89_inline = False  # gnu89 `extern inline` semantics
        self.types = TypeResolver(self)
        self.decls = DeclarationChecker(self)
        self.conv = Conversions(self)
        self.exprs = ExpressionChecker(self)
        self.ops = OperatorChecker(self)
        self.calls = CallChecker(self)
        self.inits = InitialiserChecker(self)
        self.stmts = StatementChecker(self)
        self.functions = FunctionChecker(self)
        self.unit = UnitChecker(self)
        self.lazy_decls = LazyPrototypes(self)
        self.exprs.handlers = {name[2:]: getattr(part, name) for part in (self.exprs, self.ops)
                               for name in dir(part) if name.startswith("e_")}

    def pos(self, node: c_ast.Node | None, fallback: Pos | None = None) -> Pos:
        """`node`'s position (called for most nodes checked: one attribute read each).
        A coordinate naming its file keeps the position made for it (nodes share
        coordinates, and most are asked more than once)."""
        coord = getattr(node, "coord", None)
        if coord is None:
            return fallback or Pos(self.main_file, 0, 0)
        if type(coord) is Coord:  # (the only kind given a position below)
            # its dict, not `getattr(coord, "atomc_pos", None)`: compiled, that
            # getattr raises and drops an AttributeError for every coordinate not
            # seen yet (~2,500 instructions each, 2% of deflate.c's -O0 compile)
            known = coord.__dict__.get("atomc_pos")
            if known is not None:
                return known
        line = getattr(coord, "line", 0)
        if not line:
            return fallback or Pos(self.main_file, 0, 0)
        file = coord.file
        if not file:
            return new_pos(self.main_file, line, coord.column or 0)
        p = new_pos(file, line, coord.column or 0)
        if type(coord) is Coord:
            coord.atomc_pos = p
        return p

    def closing_brace(self, block: c_ast.Node) -> Pos | None:
        """Where block `block`'s `}` is (the parser records it: gnu_parse.Compound)."""
        end = getattr(block, "end", None)
        if end is None or not getattr(end, "line", 0):
            return None
        return Pos(end.file or self.main_file, end.line, end.column or 0)

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
        line, column = rp.line, rp.column
        if line != node_pos.line or column <= 1 or rp.file != node_pos.file:
            return node_pos
        lines = self._lines.get(rp.file)
        if lines is not None:  # (source_line's answer, without the call)
            text = lines[line - 1] if 1 <= line <= len(lines) else None
        else:
            text = self.source_line(rp)
        if text is None or column - 2 >= len(text):
            return node_pos
        # the text before the right operand, without the blanks and `(` just before it
        before = text[:column - 1].rstrip(" \t(")
        start = len(before) - len(op)
        if start >= 0 and before.endswith(op) and start + 1 > node_pos.column:
            return new_pos(rp.file, line, start + 1)
        return node_pos
