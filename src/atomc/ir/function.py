"""Blocks, functions, globals and the module that owns them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from . import work
from .debuginfo import (
    DICompileUnit,
    DIGlobalVariable,
    DILocalVariable,
    DILocation,
    DISubprogram,
)
from .insts import OPINFO, Inst
from .types import PTR, Type
from .values import Arg, BlockParam, Value


class Block:
    """A basic block. `source_label`: its code starts at a label of the source (gcc
    -O0 keeps that label's line on a jump falling into it, codegen fallthrough.py);
    printed after the block's name (`bb3: source_label`), carried to the MIR."""

    __slots__ = ("name", "params", "insts", "function", "source_label")

    def __init__(self, name: str = "", source_label: bool = False) -> None:
        self.name = name
        self.params: list[BlockParam] = []
        self.insts: list[Inst] = []
        self.function: Function | None = None
        self.source_label = source_label

    def add_param(self, ty: Type, name: str = "") -> BlockParam:
        p = BlockParam(ty, self, len(self.params), name)
        self.params.append(p)
        return p

    @property
    def terminator(self) -> Inst | None:
        # the opcode table read here, not through `Inst.is_terminator`: every CFG
        # question (successors, predecessors, dominators) starts with this one
        insts = self.insts
        if insts and OPINFO[(last := insts[-1]).op].terminator:
            return last
        return None

    @property
    def successors(self) -> list[Block]:
        t = self.terminator
        return [s.block for s in t.succs] if t is not None else []

    def append(self, inst: Inst) -> Inst:
        inst.block = self
        self.insts.append(inst)
        return inst

    def insert(self, index: int, inst: Inst) -> Inst:
        inst.block = self
        self.insts.insert(index, inst)
        return inst

    def remove(self, inst: Inst) -> None:
        self.insts.remove(inst)
        inst.block = None

    def __repr__(self) -> str:
        return f"<Block {self.name}>"


class Function(Value):
    """A function definition or declaration. As a value it is its own address."""

    __slots__ = ("param_types", "ret_types", "variadic", "internal", "blocks", "args",
                 "subprogram", "attrs", "sret", "byval_params", "module", "section",
                 "dom_kept", "loops_kept")

    def __init__(self, name: str, param_types: Sequence[Type], ret_types: Sequence[Type], *,
                 variadic: bool = False, internal: bool = False,
                 byval_params: Sequence[tuple[int, int] | None] | None = None) -> None:
        super().__init__(PTR, name)
        self.param_types = list(param_types)
        self.ret_types = list(ret_types)
        self.variadic = variadic
        self.internal = internal
        self.blocks: list[Block] = []
        self.byval_params = list(byval_params) if byval_params else [None] * len(param_types)
        self.args: list[Arg] = [Arg(t, self, i, self.byval_params[i])
                                for i, t in enumerate(self.param_types)]
        self.subprogram: DISubprogram | None = None
        self.attrs: set[str] = set()  # "noinline", "always_inline", "noreturn", ...
        self.section: str | None = None  # `__attribute__((section("...")))`
        self.sret = False  # first parameter is the hidden struct-return pointer
        self.module: Module | None = None
        # the last dominator tree and the CFG shape it was built for (dominators.py)
        self.dom_kept: object | None = None
        # the last loop analysis and the dominator tree it was built from (loops.py)
        self.loops_kept: object | None = None

    @property
    def is_declaration(self) -> bool:
        return not self.blocks

    @property
    def entry(self) -> Block:
        return self.blocks[0]

    def add_block(self, name: str = "") -> Block:
        b = Block(name)
        b.function = self
        self.blocks.append(b)
        return b

    def insts(self) -> Iterator[Inst]:
        for b in self.blocks:
            yield from b.insts

    def predecessors(self) -> dict[Block, list[Block]]:
        """Predecessor lists (with repeats for multi-edges), in block order."""
        preds: dict[Block, list[Block]] = {b: [] for b in self.blocks}
        for b in self.blocks:
            for s in b.successors:
                preds[s].append(b)
        work.add("function.predecessors", len(self.blocks))
        return preds


# ---------------------------------------------------------------------------
# Global data


@dataclass(frozen=True, slots=True)
class SymRef:
    """An 8-byte (or `size`) address constant `name + addend` in static data."""

    name: str
    addend: int = 0
    size: int = 8


@dataclass(frozen=True, slots=True)
class Zeros:
    count: int


DataItem = bytes | SymRef | Zeros


# Global attributes (in `Global.attrs`) the front end sets and the back end reads
THREAD_LOCAL = "thread_local"  # `__thread` / `_Thread_local`: one instance per thread
TENTATIVE = "tentative"  # a file-scope definition without initialiser (C11 6.9.2)


class Global(Value):
    """A global variable; as a value it is its address (for a thread-local
    variable, the address of the running thread's instance)."""

    __slots__ = ("size", "align", "init", "internal", "constant", "section", "digv", "module",
                 "attrs")

    def __init__(self, name: str, size: int, align: int, init: list[DataItem] | None, *,
                 internal: bool = False, constant: bool = False) -> None:
        super().__init__(PTR, name)
        self.size = size
        self.align = align
        self.init = init  # None: an external declaration
        self.internal = internal
        self.constant = constant
        self.section: str | None = None
        self.digv: DIGlobalVariable | None = None
        self.module: Module | None = None
        self.attrs: set[str] = set()

    @property
    def is_declaration(self) -> bool:
        return self.init is None


@dataclass(frozen=True, slots=True)
class Iteration:
    """One trip of a fully unrolled loop: `loop` numbers the unrolled loop
    instance (unique in the module, from the atom counter), `index` the trip
    (0 = the first), `header` the loop's exit test, whose code folded away.

    The line-table writer gives each trip a stop on the header's line
    (dwarf/iteration_heads.py): at -O0 the debugger stops there before every
    trip, and after full unrolling the line has no code of its own."""

    loop: int
    index: int
    header: DILocation


AtomKey = tuple[DISubprogram, DILocation | None, int]
"""A source atom: (the function its code is of, inlined_at, group). Groups are
numbered per function, and an inlined instance keeps its callee's numbers."""


def atom_key(loc: DILocation) -> AtomKey:
    """The source atom of a location with a group."""
    return (loc.scope.subprogram, loc.inlined_at, loc.atom_group)


@dataclass(slots=True)
class AtomCounter:
    """Next free Key Instructions atom group, with LLVM's waterline rule: creating
    a location with group G raises the counter to at least G + 1.

    `iterations`: the trips of fully unrolled loops each source atom belongs to,
    innermost loop first (opt/loop_passes.py sets them, cloning carries them).
    They are keyed by the atom (`atom_key`): functions number their groups
    alike and inlined instances keep their callee's numbers, so a group alone
    names atoms of every function and instance (a trip of one loop would tag
    another function's or callee's atom of that number)."""

    next_group: int = 1
    iterations: dict[AtomKey, tuple[Iteration, ...]] = field(default_factory=dict)

    def fresh(self) -> int:
        g = self.next_group
        self.next_group += 1
        return g

    def saw(self, loc: DILocation | None) -> None:
        if loc is not None and loc.atom_group >= self.next_group:
            self.next_group = loc.atom_group + 1

    def carry_iterations(self, old: AtomKey, new: AtomKey, loops: dict[int, int]) -> None:
        """A clone's atom `new` of `old` is in the clone's copy of each unrolled
        loop `old` is in: a loop number of its own per clone (`loops`, shared by
        the groups of one cloned region), so two clones' trips never mix."""
        trips = self.iterations.get(old)
        if trips:
            self.iterations[new] = tuple(
                Iteration(loops.setdefault(t.loop, self.fresh()), t.index, t.header)
                for t in trips)


@dataclass(slots=True)
class Module:
    source_filename: str = ""
    functions: dict[str, Function] = field(default_factory=dict)
    globals: dict[str, Global] = field(default_factory=dict)
    cu: DICompileUnit | None = None
    atoms: AtomCounter = field(default_factory=AtomCounter)
    asm: list[str] = field(default_factory=list)  # file-scope `asm("...")`, emitted verbatim
    # operand variables by scope, line and name (ir/operand_records.py); None: not
    # looked for yet (a module read from text may name some)
    operand_vars: dict[tuple[object, int, str], DILocalVariable] | None = None

    def add_function(self, fn: Function) -> Function:
        fn.module = self
        self.functions[fn.name] = fn
        return fn

    def add_global(self, g: Global) -> Global:
        g.module = self
        self.globals[g.name] = g
        return g

    def symbol(self, name: str) -> Function | Global | None:
        return self.functions.get(name) or self.globals.get(name)
