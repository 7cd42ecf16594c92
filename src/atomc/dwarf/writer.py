"""The DWARF 5 writer: one compile unit per translation unit.

`debug_sections` turns the module's debug metadata and the back end's
per-function facts (`model.FunctionDebugInfo`) into assembler text for
`.debug_abbrev`, `.debug_info`, `.debug_str`, `.debug_line_str`,
`.debug_loclists`, `.debug_rnglists` and `.debug_aranges`. The line table is
built by the assembler from the back end's `.file`/`.loc` directives; this
writer only labels the start of `.debug_line` for `DW_AT_stmt_list` and
re-states the `.file` entries, since decl_file numbers given out here may be
new to the back end.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..diag import InternalCompilerError
from ..ir.debuginfo import (
    DIFile,
    DIGlobalVariable,
    DILexicalBlock,
    DILocation,
    DIScope,
    DISubprogram,
)
from ..ir.function import THREAD_LOCAL, Global, Module
from ..ir.locations import call_chain
from ..options import CompileOptions
from .abbrev import AbbrevTable
from .constants import AT, FORM, LANG, TAG
from .die import DIE, AsmExpr, UnitWriter
from .files import FileTable, remap
from .lists import LocLists, RangeLists
from .locexpr import Addr, Reg, SymAddr, TlsAddr, encode
from .model import FunctionDebugInfo, ScopeRanges, VarLocation
from .strings import StringPool
from .types import TypeDIEs
from .why_section import WhySection

if TYPE_CHECKING:
    from .macros import MacroEvent

PREFIX = ".Ldw_"
_LANGUAGES = {"C89": LANG.C89, "C99": LANG.C99, "C11": LANG.C11}


def debug_sections(module: Module, functions: list[FunctionDebugInfo], files: FileTable,
                   opts: CompileOptions, macros: Sequence[MacroEvent] = ()) -> str:
    """Assembler text of every DWARF section but `.debug_line` (see module doc).
    -g1 (`opts.debug_level` 1) describes functions and external variables only, as
    gcc's; `macros` (from -g3) become `.debug_macro`."""
    w = _Writer(module, files, opts.debug_level <= 1, opts.file_prefix_map, macros)
    return "\n".join(w.write(functions) + [""])


def _add(out: list[str], lines: list[str]) -> None:
    """Append `lines` to `out` as one string (nothing when there are none)."""
    if lines:
        out.append("\n".join(lines))


class _FunctionScopes:
    """DIEs of one function's scopes, created on demand.

    A lexical block gets a DIE only when something is declared in it (or in a
    block nested in it) and it has addresses; otherwise its contents move to
    the nearest enclosing scope that has a DIE. Code inlined from another
    function gets a `DW_TAG_inlined_subroutine` per inlined instance (keyed by
    the callee and the call site), nested in the scope of its call site, with
    `DW_AT_abstract_origin` naming the callee's abstract subprogram DIE.
    """

    def __init__(self, w: _Writer, info: FunctionDebugInfo, sp_die: DIE) -> None:
        self.w = w
        self.info = info
        self.sp = info.subprogram
        self.dies: dict[tuple[int, DILocation | None], DIE] = {(id(self.sp), None): sp_die}
        self.ranges: dict[tuple[int, DILocation | None], ScopeRanges] = {}
        for sr in info.scopes:
            if sr.inlined_at is None and sr.scope.subprogram is not self.sp:
                raise InternalCompilerError(f"scope of another function in {self.sp.name}")
            if sr.ranges:
                self.ranges[(id(sr.scope), sr.inlined_at)] = sr

    def die_for(self, scope: DIScope, inlined_at: DILocation | None = None) -> DIE:
        key = (id(scope), inlined_at)
        d = self.dies.get(key)
        if d is not None:
            return d
        sr = self.ranges.get(key)
        if isinstance(scope, DILexicalBlock):
            parent = self.die_for(scope.scope, inlined_at)
            if sr is None:
                d = parent  # no addresses: hoist into the enclosing scope
            else:
                d = parent.child(TAG.lexical_block)
                self.w.add_ranges(d, sr.ranges)
        elif inlined_at is not None:
            parent = self.die_for(inlined_at.scope, inlined_at.inlined_at)
            if sr is None:
                d = parent  # the inlined code left no instructions
            else:
                d = parent.child(TAG.inlined_subroutine)
                d.add(AT.abstract_origin, FORM.ref4, self.w.abstract_subprogram(scope))
                self.w.add_ranges(d, sr.ranges)
                self.w.types.call_site(d, inlined_at)
        else:
            raise InternalCompilerError(f"scope {scope!r} is not in {self.sp.name}")
        self.dies[key] = d
        return d


def _inlined_instances(scopes: _FunctionScopes, f: FunctionDebugInfo) -> None:
    """A DIE for every inlined instance that kept instructions."""
    for sr in f.scopes:
        if sr.inlined_at is not None and isinstance(sr.scope, DISubprogram) and sr.ranges:
            scopes.die_for(sr.scope, sr.inlined_at)


class _Writer:
    def __init__(self, module: Module, files: FileTable, terse: bool = False,
                 maps: Sequence[tuple[str, str]] = (),
                 macros: Sequence[MacroEvent] = ()) -> None:
        if module.cu is None:
            raise InternalCompilerError("debug sections requested for a module without a CU")
        self.terse = terse  # -g1: no types, variables or call sites
        self.maps = maps
        self.macros = macros
        self.module = module
        self.cu = module.cu
        self.files = files
        self.strs = StringPool(".debug_str", PREFIX + "str")
        self.line_strs = StringPool(".debug_line_str", PREFIX + "line_str")
        self.abbrevs = AbbrevTable()
        self.rnglists = RangeLists(PREFIX)
        self.loclists = LocLists(PREFIX)
        self.why = WhySection(PREFIX)
        self.unit = DIE(TAG.compile_unit)
        self.types = TypeDIEs(self.unit, self.strs, files)
        self.abstract: dict[int, DIE] = {}

    def subprogram_head(self, sp: DISubprogram) -> DIE:
        """The attributes a function's concrete and abstract DIEs both start with."""
        d = self.unit.child(TAG.subprogram)
        if not sp.is_local:
            d.add(AT.external, FORM.flag_present)
        self.types.name(d, sp.name)
        self.types.decl(d, sp.file, sp.line)
        if self.terse:
            return d
        if sp.type.prototyped:
            d.add(AT.prototyped, FORM.flag_present)
        self.types.add_type(d, sp.type.ret)
        return d

    def abstract_subprogram(self, sp: DISubprogram) -> DIE:
        """The out-of-line description of an inlined function (DW_AT_inline)."""
        d = self.abstract.get(id(sp))
        if d is None:
            d = self.subprogram_head(sp)
            d.add(AT.inline, FORM.data1, 1)  # DW_INL_inlined
            self.abstract[id(sp)] = d
        return d

    # -- small helpers ------------------------------------------------------

    def macro_file(self, name: str) -> int:
        """The line-table number of a file a line marker names (as the front end
        names source files: relative to the compilation directory)."""
        if os.path.isabs(name):
            return self.files.number(DIFile(os.path.basename(name), os.path.dirname(name)))
        return self.files.number(DIFile(name, self.cu.file.directory))

    def add_ranges(self, die: DIE, ranges: Sequence[tuple[str, str]]) -> None:
        """low_pc/high_pc for one range, else DW_AT_ranges."""
        if len(ranges) == 1:
            lo, hi = ranges[0]
            die.add(AT.low_pc, FORM.addr, SymAddr(lo))
            die.add(AT.high_pc, FORM.data4, AsmExpr(f"{hi}-{lo}"))
        else:
            die.add(AT.ranges, FORM.sec_offset, AsmExpr(self.rnglists.add(ranges)))

    # -- the unit -----------------------------------------------------------

    def write(self, functions: Sequence[FunctionDebugInfo]) -> list[str]:
        u, cu = self.unit, self.cu
        u.add(AT.producer, FORM.strp, AsmExpr(self.strs.ref(cu.producer)))
        u.add(AT.language, FORM.data2, int(_LANGUAGES.get(cu.language, LANG.C)))
        u.add(AT.name, FORM.line_strp, AsmExpr(self.line_strs.ref(cu.file.name)))
        u.add(AT.stmt_list, FORM.sec_offset, AsmExpr(PREFIX + "line"))
        u.add(AT.comp_dir, FORM.line_strp,
              AsmExpr(self.line_strs.ref(remap(cu.file.directory, self.maps))))
        if self.macros:
            u.add(AT.macros, FORM.sec_offset, AsmExpr(PREFIX + "macro"))
        if len(functions) == 1:
            f = functions[0]
            u.add(AT.low_pc, FORM.addr, SymAddr(f.symbol))
            u.add(AT.high_pc, FORM.data4, AsmExpr(f"{f.end_label}-{f.symbol}"))
        elif functions:
            u.add(AT.low_pc, FORM.addr, 0)
            u.add(AT.ranges, FORM.sec_offset,
                  AsmExpr(self.rnglists.add([(f.symbol, f.end_label) for f in functions])))

        statics: dict[int, list[Global]] = {}  # id(subprogram) -> its local statics
        for g in self.module.globals.values():
            if g.digv is None or g.is_declaration or (self.terse and g.digv.is_local):
                continue
            if g.digv.scope is not None:
                statics.setdefault(id(g.digv.scope.subprogram), []).append(g)
            else:
                self.global_variable(u, g)
        emitted: set[int] = set()
        sp_dies: dict[str, DIE] = {}
        for f in functions:
            scopes = self.subprogram(f)
            sp_dies[f.symbol] = scopes.dies[(id(f.subprogram), None)]
            emitted.add(id(f.subprogram))
            for g in statics.get(id(f.subprogram), []):
                assert g.digv is not None and g.digv.scope is not None
                self.global_variable(scopes.die_for(g.digv.scope), g)
        for f in functions:  # after every subprogram: calls name later functions too
            if not self.terse:
                self.call_sites(sp_dies[f.symbol], f, sp_dies)
        for g in self.module.globals.values():  # statics of functions without code
            if g.digv is not None and g.digv.scope is not None and not g.is_declaration \
                    and id(g.digv.scope.subprogram) not in emitted and not self.terse:
                self.global_variable(u, g)
        self.types.resolve_counts()

        # Each section's lines are joined as soon as they are made: sqlite3's
        # amalgamation writes 2.3 million lines of DWARF, which as one list of
        # strings was the compile's peak of memory.
        abbrev_label = PREFIX + "abbrev"
        out: list[str] = []
        _add(out, UnitWriter(PREFIX, self.abbrevs, abbrev_label).directives(u))
        _add(out, self.abbrevs.directives(abbrev_label))
        _add(out, self.aranges(functions))
        _add(out, self.loclists.directives())
        _add(out, self.why.directives())
        _add(out, self.rnglists.directives())
        if self.macros:
            from .macros import macro_section  # -g3 only

            _add(out, macro_section(self.macros, PREFIX + "macro", PREFIX + "line",
                                    self.files.number(self.cu.file), self.macro_file,
                                    self.strs))
        _add(out, self.strs.directives())
        _add(out, self.line_strs.directives())
        _add(out, ["\t.section\t.debug_line,\"\",@progbits", f"{PREFIX}line:"])
        # The `.file` directives (including files first numbered here, for
        # DW_AT_decl_file) are written once, by the caller, after this text.
        return out

    def aranges(self, functions: Sequence[FunctionDebugInfo]) -> list[str]:
        if not functions:
            return []
        start, end = PREFIX + "aranges_start", PREFIX + "aranges_end"
        out = ["\t.section\t.debug_aranges,\"\",@progbits", f"\t.long\t{end}-{start}",
               f"{start}:", "\t.value\t2\t# version", f"\t.long\t{PREFIX}cu_begin",
               "\t.byte\t8\t# address size", "\t.byte\t0\t# segment selector size",
               "\t.zero\t4\t# pad to 16"]
        for f in functions:
            out += [f"\t.quad\t{f.symbol}", f"\t.quad\t{f.end_label}-{f.symbol}"]
        out += ["\t.quad\t0", "\t.quad\t0", f"{end}:"]
        return out

    # -- call sites -----------------------------------------------------------

    def call_sites(self, sp_die: DIE, f: FunctionDebugInfo, sp_dies: dict[str, DIE]) -> None:
        """`DW_TAG_call_site` children of the caller's subprogram, so a debugger
        stopped in a callee can resolve the callee's `DW_OP_entry_value`s."""
        if f.all_calls:
            sp_die.add(AT.call_all_calls, FORM.flag_present)
        for cs in f.call_sites:
            d = sp_die.child(TAG.call_site)
            d.add(AT.call_return_pc, FORM.addr, SymAddr(cs.return_label))
            if cs.callee is not None:
                origin = sp_dies.get(cs.callee)
                if origin is None:
                    origin = sp_dies[cs.callee] = self.callee_declaration(cs.callee)
                d.add(AT.call_origin, FORM.ref4, origin)
            elif cs.target is not None:
                d.add(AT.call_target, FORM.exprloc, encode(cs.target))
            for p in cs.params:
                pd = d.child(TAG.call_site_parameter)
                pd.add(AT.location, FORM.exprloc, encode((Reg(p.reg),)))
                pd.add(AT.call_value, FORM.exprloc, encode(p.value))

    def callee_declaration(self, name: str) -> DIE:
        """A declaration DIE for a function called here but defined elsewhere."""
        d = self.unit.child(TAG.subprogram)
        fn = self.module.functions.get(name)
        if fn is None or not fn.internal:
            d.add(AT.external, FORM.flag_present)
        self.types.name(d, name)
        d.add(AT.declaration, FORM.flag_present)
        return d

    # -- globals --------------------------------------------------------------

    def global_variable(self, parent: DIE, g: Global) -> None:
        gv: DIGlobalVariable = g.digv  # type: ignore[assignment]
        d = parent.child(TAG.variable)
        self.types.name(d, gv.name)
        if not self.terse:
            self.types.add_type(d, gv.type)
        if not gv.is_local:
            d.add(AT.external, FORM.flag_present)
        self.types.decl(d, gv.file, gv.line)
        op = TlsAddr(g.name) if THREAD_LOCAL in g.attrs else Addr(g.name)
        d.add(AT.location, FORM.exprloc, encode((op,)))

    # -- functions -------------------------------------------------------------

    def subprogram(self, f: FunctionDebugInfo) -> _FunctionScopes:
        sp: DISubprogram = f.subprogram
        d = self.subprogram_head(sp)
        d.add(AT.low_pc, FORM.addr, SymAddr(f.symbol))
        d.add(AT.high_pc, FORM.data4, AsmExpr(f"{f.end_label}-{f.symbol}"))
        d.add(AT.frame_base, FORM.exprloc, encode(f.frame_base))
        scopes = _FunctionScopes(self, f, d)
        if self.terse:  # -g1 keeps inlined instances, for backtraces, as gcc's does
            _inlined_instances(scopes, f)
            return scopes
        seen: set[tuple[int, DILocation | None]] = set()
        for v in f.variables:
            if (id(v.var), v.inlined_at) in seen:
                raise InternalCompilerError(f"variable {v.var.name} is described twice in "
                                            f"{sp.name}")
            seen.add((id(v.var), v.inlined_at))
        own = [v for v in f.variables if v.inlined_at is None]
        params = sorted((v for v in own if v.var.arg > 0), key=lambda v: v.var.arg)
        for v in params:
            self.variable(d, f, v)
        if sp.type.variadic:
            d.child(TAG.unspecified_parameters)
        for v in own:
            if v.var.arg == 0:
                self.variable(scopes.die_for(v.var.scope), f, v)
        # each instance's parameters first and in their order, an enclosing
        # instance's before those of the instances inlined into it (whose DIEs the
        # first of their variables creates): a parameter with no location, listed
        # after the located variables, came after its nested instances, and gdb
        # showed the inlined frame's arguments out of order
        inlined = [(v, v.inlined_at) for v in f.variables if v.inlined_at is not None]
        inlined.sort(key=lambda vs: (len(call_chain(vs[1])), vs[0].var.arg == 0, vs[0].var.arg))
        for v, site in inlined:
            self.variable(scopes.die_for(v.var.scope, site), f, v)
        # an instance without variables still is a frame: without its DIE gdb showed
        # an inlined `tick()`'s line 17 in its caller's frame (poll:17)
        _inlined_instances(scopes, f)
        return scopes

    def variable(self, parent: DIE, f: FunctionDebugInfo, v: VarLocation) -> None:
        var = v.var
        if v.inlined_at is None and var.scope.subprogram is not f.subprogram:
            raise InternalCompilerError(f"variable {var.name} of another function in "
                                        f"{f.subprogram.name}")
        d = parent.child(TAG.formal_parameter if var.arg else TAG.variable)
        self.types.variable_dies[id(var)] = d  # VLA bounds refer to their count variables
        if var.name:  # an unnamed parameter has no name attribute
            self.types.name(d, var.name)
        self.types.decl(d, var.file, var.line)
        self.types.add_type(d, var.type)
        kinds = (v.single is not None) + (v.const_value is not None) + bool(v.ranges)
        if kinds > 1:
            raise InternalCompilerError(f"variable {var.name} has several kinds of location")
        if v.single is not None:
            d.add(AT.location, FORM.exprloc, encode(v.single))
        elif v.const_value is not None:
            d.add(AT.const_value, FORM.sdata, v.const_value)
        elif v.ranges:
            entries = [(r.start, r.end, encode(r.expr)) for r in v.ranges]
            d.add(AT.location, FORM.sec_offset, AsmExpr(self.loclists.add(f.symbol, entries)))
        if v.why:
            d.add(AT.atomc_why, FORM.sec_offset, AsmExpr(self.why.add(v.why)))
