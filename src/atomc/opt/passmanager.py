"""Passes and the pass manager.

Every pass declares its debug-info contract in `keeps_di` (and explains it in
a "Debug info:" paragraph of its docstring):

* `LOCS`   — instructions that survive keep their exact source location;
             new ones get a location by the keep / merge / drop rules.
* `VALUES` — no variable loses a debug record except where its value is really
             gone (salvaged into an expression, or set to "optimised out" with
             the reason why, ir/why.py).
* `SCOPES` — the subprogram / lexical-block tree is unchanged.

A pass changes only the functions its context `covers`: never an `optnone`
one (`atomc.optlevel`). The debugify checker (opt/debugify.py) tests these
claims. The manager also implements --print-after(-all), --verify-each, --opt-bisect-limit and
--time-passes, so no pass has to.
"""

from __future__ import annotations

import enum
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TextIO

from mypy_extensions import mypyc_attr

import atomc.fastenum as fastenum

from ..diag import InternalCompilerError, compiling_where
from ..ir import Function, Module, print_module
from ..ir.why import running_pass
from ..observe import pass_observer
from ..optlevel import OPTNONE


class DI(fastenum.Flag):
    NONE = 0
    LOCS = enum.auto()
    VALUES = enum.auto()
    SCOPES = enum.auto()
    # LOCS | VALUES | SCOPES, spelt as its value: mypyc cannot read enum members
    # in the class body that defines them
    ALL = 7


@dataclass
class PassContext:
    """What a pass run sees: the level it runs at and the functions it may change.
    `functions`: the definitions compiled at this level (`pipeline.optimise` runs
    each per-function level's pipeline on its own functions); None: every
    definition but `optnone` ones, which no pass touches (LLVM's skipFunction)."""

    module: Module
    opt_level: int = 0
    size_opt: bool = False
    stats: dict[str, int] = field(default_factory=dict)
    functions: frozenset[str] | None = None

    def covers(self, fn: Function) -> bool:
        """May this run change `fn`'s body?"""
        if fn.is_declaration:
            return False
        if self.functions is not None:
            return fn.name in self.functions
        return OPTNONE not in fn.attrs

    def count(self, what: str, n: int = 1) -> None:
        self.stats[what] = self.stats.get(what, 0) + n


# allow_interpreted_subclasses: compiled (scripts/build_compiled.py), a pass
# written in Python (a test's, a plugin's) may still subclass these three
@mypyc_attr(allow_interpreted_subclasses=True)
class Pass:
    name: ClassVar[str]
    keeps_di: ClassVar[DI] = DI.ALL

    def run_on_module(self, module: Module, ctx: PassContext) -> bool:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class FunctionPass(Pass):
    """A pass that looks at one function definition at a time."""

    def run(self, fn: Function, ctx: PassContext) -> bool:
        raise NotImplementedError

    def run_on_module(self, module: Module, ctx: PassContext) -> bool:
        changed = False
        for fn in list(module.functions.values()):
            if ctx.covers(fn):
                token = compiling_where.set(f" in pass '{self.name}' on function '{fn.name}'")
                try:
                    changed |= self.run(fn, ctx)
                finally:
                    compiling_where.reset(token)
        return changed


@mypyc_attr(allow_interpreted_subclasses=True)
class ModulePass(Pass):
    def run_on_module(self, module: Module, ctx: PassContext) -> bool:
        return self.run(module, ctx)

    def run(self, module: Module, ctx: PassContext) -> bool:
        raise NotImplementedError


@dataclass
class PassManager:
    passes: Sequence[Pass]
    verify_each: bool = False
    print_after_all: bool = False
    print_after: frozenset[str] = frozenset()
    bisect_limit: int = -1  # -1: no limit
    time_passes: bool = False
    out: TextIO = field(default_factory=lambda: sys.stderr)
    timings: dict[str, float] = field(default_factory=dict)
    _bisect_count: int = 0

    def run(self, module: Module, ctx: PassContext) -> bool:
        changed = False
        watch = pass_observer.get()  # atomc-explain's recorder; None in a normal compile
        for p in self.passes:
            if not self._bisect_allows(p):
                continue
            if watch is not None:
                watch.before_pass(p.name, module)
            start = time.process_time()  # CPU time: other processes do not count
            with running_pass(p.name):  # records it makes unavailable name it
                changed |= p.run_on_module(module, ctx)
            self.timings[p.name] = self.timings.get(p.name, 0.0) + time.process_time() - start
            if watch is not None:
                watch.after_pass(p.name, module)
            if self.verify_each:
                self._verify(module, p)
            if self.print_after_all or p.name in self.print_after:
                self.out.write(f"; *** IR after {p.name} ***\n{print_module(module)}")
        if self.time_passes:
            self.report_times()
        return changed

    def _bisect_allows(self, p: Pass) -> bool:
        if self.bisect_limit < 0:
            return True
        self._bisect_count += 1
        ok = self._bisect_count <= self.bisect_limit
        self.out.write(f"BISECT: {'running' if ok else 'NOT running'} pass "
                       f"({self._bisect_count}) {p.name}\n")
        return ok

    def _verify(self, module: Module, p: Pass) -> None:
        from ..ir.verifier import verify_module
        errors = verify_module(module)
        if errors:
            first = errors[0]
            raise InternalCompilerError(f"IR verification failed after pass '{p.name}': "
                                        f"{first} ({len(errors)} error(s))", where=p.name)

    def report_times(self) -> None:
        total = sum(self.timings.values()) or 1e-9
        self.out.write("===-- pass execution times --===\n")
        for name, t in sorted(self.timings.items(), key=lambda kv: -kv[1]):
            self.out.write(f"{t * 1000:10.2f} ms {100 * t / total:6.1f}%  {name}\n")
        self.out.write(f"{total * 1000:10.2f} ms  total\n")
