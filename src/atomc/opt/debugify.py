"""Debugify: check a pass's debug-info contract on synthetic debug info.

In the manner of LLVM's debugify pair, `debugify_module` replaces all debug
info with something easy to audit: every function gets a synthetic
subprogram, every instruction a distinct line (with its own Key Instructions
atom), and every value (instruction result or block parameter) a synthetic
variable with a `new` record right after its definition. `check_pass` then
runs one pass and compares:

* locations: a surviving instruction whose location became None or moved to
  another line, and a new instruction without a location. These break the
  contract only when the pass claims `DI.LOCS`; otherwise they are the drops and
  merges it declared and are only counted.
* variables: a synthetic variable with no record left at all is *lost* (a
  breach of `DI.VALUES`), unless its definition sat in a block that the pass
  deleted (code that never runs has no values) or that was unreachable to
  begin with. Variables whose records all became "optimised out" because
  salvage failed are reported separately: that is the contract working; but
  a record the pass made "optimised out" without saying why (ir/why.py) is
  *unexplained*, a breach of `DI.VALUES` too.
* scopes: every location must still lie in its function's subprogram and the
  subprogram must be the same object (`DI.SCOPES`).

The report lists human-readable findings; `to_json()` gives the per-pass
counts for a baseline file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..ir import (
    EMPTY_EXPR,
    DbgKind,
    DbgRecord,
    DIBasicType,
    DICompileUnit,
    DIFile,
    DILocalVariable,
    DILocation,
    DISubprogram,
    DISubroutineType,
    FloatType,
    Function,
    Inst,
    IntType,
    Module,
    Value,
)
from ..ir.dominators import dominators_of_function
from ..ir.why import running_pass
from .passmanager import DI, Pass, PassContext

_FILE = DIFile("debugify.c", "/debugify")
_CU = DICompileUnit(_FILE, "atomc debugify", "C11", True)


def _var_type(v: Value) -> DIBasicType:
    if isinstance(v.ty, FloatType):
        return DIBasicType(f"float{v.ty.bits}", v.ty.bits, "float")
    bits = v.ty.bits if isinstance(v.ty, IntType) else 8 * max(v.ty.size, 1)
    return DIBasicType(f"ty{bits}", bits, "unsigned")


@dataclass
class _FunctionState:
    fn: Function
    subprogram: DISubprogram
    locs: list[tuple[Inst, DILocation]]  # every instruction with its synthetic location
    variables: list[tuple[DILocalVariable, int]]  # variable, index of its defining block
    dead_block_vars: set[int]  # ids of variables defined in unreachable blocks
    blocks: list[int]  # ids of the blocks before the pass


@dataclass
class DebugifyState:
    functions: list[_FunctionState] = field(default_factory=list)


def debugify_module(module: Module) -> DebugifyState:
    """Replace every location and record in `module` with synthetic ones."""
    state = DebugifyState()
    line = 0
    ftype = DISubroutineType(None, ())
    for fn in module.functions.values():
        if fn.is_declaration:
            continue
        sp = DISubprogram(fn.name, fn.name, _FILE, line + 1, ftype, line + 1, _CU,
                          key_instructions=True)
        fn.subprogram = sp
        reachable = dominators_of_function(fn)
        fs = _FunctionState(fn, sp, [], [], set(), [id(b) for b in fn.blocks])
        for bi, b in enumerate(fn.blocks):
            for inst in b.insts:
                for rec in list(inst.dbg_records):
                    rec.detach()
            pending: list[Value] = list(b.params)
            for inst in b.insts:
                line += 1
                loc = DILocation(line, 1, sp, None, module.atoms.fresh(), 1)
                inst.loc = loc
                fs.locs.append((inst, loc))
                for v in pending:  # a value's record goes right after its definition
                    var = DILocalVariable(f"v{line}_{len(fs.variables)}", sp, _FILE, line,
                                          _var_type(v))
                    fs.variables.append((var, bi))
                    if not reachable.is_reachable(b):
                        fs.dead_block_vars.add(id(var))
                    inst.add_dbg_record(DbgRecord(DbgKind.NEW, var, v, EMPTY_EXPR, loc=loc))
                pending = [inst] if str(inst.ty) != "void" else []
        state.functions.append(fs)
    return state


@dataclass
class DebugifyReport:
    pass_name: str
    keeps_di: DI
    missing_locations: list[str] = field(default_factory=list)
    changed_locations: list[str] = field(default_factory=list)
    new_without_location: list[str] = field(default_factory=list)
    lost_variables: list[str] = field(default_factory=list)
    optimised_out: list[str] = field(default_factory=list)
    deleted_with_block: list[str] = field(default_factory=list)
    unexplained: list[str] = field(default_factory=list)
    scope_errors: list[str] = field(default_factory=list)

    @property
    def violations(self) -> list[str]:
        """Findings that contradict the pass's declared `keeps_di`."""
        out: list[str] = []
        if DI.LOCS in self.keeps_di:
            out += [f"location lost: {m}" for m in self.missing_locations]
            out += [f"location changed: {m}" for m in self.changed_locations]
            out += [f"new instruction without location: {m}" for m in self.new_without_location]
        if DI.VALUES in self.keeps_di:
            out += [f"variable lost: {m}" for m in self.lost_variables]
            out += [f"optimised out without a reason: {m}" for m in self.unexplained]
        if DI.SCOPES in self.keeps_di:
            out += [f"scope: {m}" for m in self.scope_errors]
        return out

    @property
    def ok(self) -> bool:
        return not self.violations

    def counts(self) -> dict[str, int]:
        return {
            "missing_locations": len(self.missing_locations),
            "changed_locations": len(self.changed_locations),
            "new_without_location": len(self.new_without_location),
            "lost_variables": len(self.lost_variables),
            "optimised_out": len(self.optimised_out),
            "deleted_with_block": len(self.deleted_with_block),
            "unexplained": len(self.unexplained),
            "scope_errors": len(self.scope_errors),
            "violations": len(self.violations),
        }

    def merge(self, other: DebugifyReport) -> None:
        for name in ("missing_locations", "changed_locations", "new_without_location",
                     "lost_variables", "optimised_out", "deleted_with_block", "unexplained",
                     "scope_errors"):
            getattr(self, name).extend(getattr(other, name))

    def summary(self) -> str:
        c = self.counts()
        return (f"{self.pass_name}: {c['violations']} violation(s); locations "
                f"{c['missing_locations']} dropped, {c['changed_locations']} changed, "
                f"{c['new_without_location']} new without; variables {c['lost_variables']} "
                f"lost, {c['optimised_out']} optimised out, {c['deleted_with_block']} with "
                f"deleted blocks")


def check_debugify(state: DebugifyState, pass_name: str, keeps_di: DI) -> DebugifyReport:
    report = DebugifyReport(pass_name, keeps_di)
    for fs in state.functions:
        fn = fs.fn
        where = f"@{fn.name}"
        if fn.subprogram is not fs.subprogram:
            report.scope_errors.append(f"{where}: subprogram replaced")
        present = {id(i) for i in fn.insts()}
        known = {id(i) for i, _ in fs.locs}
        for inst, loc in fs.locs:
            if id(inst) not in present:
                continue
            now = inst.loc
            if now is None:
                report.missing_locations.append(f"{where}: {inst.op.value} (line {loc.line})")
            elif now.line != loc.line or now.scope is not loc.scope:
                report.changed_locations.append(
                    f"{where}: {inst.op.value} line {loc.line} -> {now.line}")
        for inst in fn.insts():
            if id(inst) not in known and inst.loc is None:
                report.new_without_location.append(f"{where}: {inst.op.value}")
            if inst.loc is not None and inst.loc.inlined_at is None \
                    and inst.loc.scope.subprogram is not fs.subprogram:
                report.scope_errors.append(f"{where}: {inst.op.value} in a foreign scope")
        _check_variables(fs, report, where)
    return report


def _check_variables(fs: _FunctionState, report: DebugifyReport, where: str) -> None:
    live_blocks = {id(b) for b in fs.fn.blocks}
    with_value: set[int] = set()
    any_record: set[int] = set()
    for inst in fs.fn.insts():
        for rec in inst.dbg_records:
            any_record.add(id(rec.var))
            if rec.value is not None:
                with_value.add(id(rec.var))
            elif rec.kind is DbgKind.NEW and rec.why is None:
                report.unexplained.append(f"{where}: {rec.var.name}")
    for var, bi in fs.variables:
        if id(var) in with_value:
            continue
        name = f"{where}: {var.name}"
        if id(var) in any_record:
            report.optimised_out.append(name)
        elif id(var) in fs.dead_block_vars:
            continue  # never had a value at run time
        elif fs.blocks[bi] not in live_blocks:
            report.deleted_with_block.append(name)
        else:
            report.lost_variables.append(name)


def check_pass(p: Pass, module: Module, opt_level: int = 2) -> DebugifyReport:
    """Debugify `module` in place, run `p` on it, and report what it lost."""
    state = debugify_module(module)
    with running_pass(p.name):
        p.run_on_module(module, PassContext(module, opt_level=opt_level))
    return check_debugify(state, p.name, p.keeps_di)


def debugify_each(passes: Sequence[Pass], module: Module) -> list[DebugifyReport]:
    """`--debugify-each`: fresh synthetic debug info before every pass of a pipeline."""
    return [check_pass(p, module) for p in passes]


def reports_to_json(reports: Iterable[DebugifyReport]) -> str:
    """Per-pass totals, for a baseline that keeps losses from regressing silently."""
    totals: dict[str, dict[str, int]] = {}
    for r in reports:
        t = totals.setdefault(r.pass_name, {})
        for k, v in r.counts().items():
            t[k] = t.get(k, 0) + v
    return json.dumps(totals, indent=2, sort_keys=True)
