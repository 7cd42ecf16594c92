"""What the optimiser did to each source line, from the passes' own work.

`PassRecorder` is the pass manager's observer (`atomc.observe.pass_observer`):
before and after each pass it snapshots every instruction's identity, block,
location and operands, and classifies the difference per source line:

* an instruction gone whose users now read a constant: *folded* (sccp,
  instcombine); one whose users now read an older instruction: *merged* with
  that instruction's line (gvn); one gone with no replacement: *deleted as
  dead* (dce, or unreachable code removed by simplifycfg); loads, stores and
  stack slots removed by mem2reg/sroa: *promoted* to registers;
* a surviving instruction in another block: *hoisted* (licm, to an earlier
  block) or *sunk* (licm or sink, to a later one); a surviving instruction whose
  line changed: its location was *merged* by that pass;
* simplifycfg's tail merging: an instruction gone from a block that jumped to
  the same block as the block a survivor of the same opcode moved out of: both
  lines *merged* with each other "by tail merging";
* new instructions with a new inlined-at: *inlined* at that call site; new
  copies of a position that still exists: *duplicated* by that pass (unrolled
  xK, rotated, threaded).

Nothing here changes the module: the snapshots hold references only.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

import atomc.fastenum as fastenum

from ..ir import Module
from ..ir.debuginfo import DILocation
from ..ir.insts import Inst, Op
from ..ir.locations import call_chain
from ..ir.values import Const


class ActionKind(fastenum.Enum):
    DEAD = "deleted as dead"
    FOLDED = "folded to a constant"
    MERGED = "merged"
    LOC_MERGED = "location merged"
    HOISTED = "hoisted"
    SUNK = "sunk"
    INLINED = "inlined"
    UNROLLED = "unrolled"
    ROTATED = "rotated"
    THREADED = "threaded"
    DUPLICATED = "duplicated"
    PROMOTED = "promoted to a register"
    IF_CONVERTED = "if-converted to a select"
    SPECULATED = "speculated"


# passes whose copies of an instruction have a name of their own
_COPY_KINDS = {"loop-unroll": ActionKind.UNROLLED, "unroll-jam": ActionKind.UNROLLED,
               "loop-rotate": ActionKind.ROTATED,
               "jump-threading": ActionKind.THREADED}
_MEMORY_OPS = frozenset({Op.LOAD, Op.STORE, Op.ALLOCA, Op.MEMCPY, Op.MEMSET})
_PROMOTERS = frozenset({"mem2reg", "sroa"})
# passes that copy code (simplifycfg: tail duplication); others' new instructions at an
# old position are rewrites, not copies
_COPIERS = frozenset({"loop-unroll", "unroll-jam", "loop-rotate", "jump-threading",
                      "simplifycfg"})
_Once = Callable[[tuple[object, ...]], bool]
_MOVERS = frozenset({"licm", "sink"})  # passes that move instructions to other blocks
# passes that turn a branch into a select, running its arms' code on both paths
_IF_CONVERTERS = frozenset({"select-form"})
_TAIL_MERGER = "simplifycfg"


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a pass did to the code of one source line (in one function)."""

    kind: ActionKind
    pass_name: str
    function: str  # the function whose code changed
    file: str  # the source line's file name
    line: int
    other_line: int = 0  # merged with / inlined at (call-site line) / new line
    factor: int = 0  # unrolled xK: the copies of the line now present
    opcode: str = ""

    def describe(self) -> str:
        k = self.kind
        if k is ActionKind.MERGED:
            how = "tail merging (simplifycfg)" if self.pass_name == _TAIL_MERGER \
                else self.pass_name
            return f"merged with line {self.other_line} by {how}"
        if k is ActionKind.LOC_MERGED:
            to = f"line {self.other_line}" if self.other_line else "line 0"
            return f"location merged ({self.opcode} now at {to}) by {self.pass_name}"
        if k is ActionKind.INLINED:
            return f"inlined into {self.function} at line {self.other_line}"
        if k is ActionKind.UNROLLED:
            return f"unrolled x{self.factor}"
        if k is ActionKind.SUNK and self.pass_name == "sink":
            return f"sunk into the branch that uses it by sink ({self.opcode})"
        if k in (ActionKind.HOISTED, ActionKind.SUNK):
            return f"{k.value} out of the loop by {self.pass_name} ({self.opcode})"
        if k is ActionKind.DUPLICATED:
            return f"duplicated by {self.pass_name}"
        if k is ActionKind.IF_CONVERTED:
            return f"if-converted by {self.pass_name}: a select (cmov) chooses the value"
        if k is ActionKind.SPECULATED:
            return f"speculated by {self.pass_name} ({self.opcode}): it runs on both paths " \
                "now, with no line of its own"
        return f"{k.value} by {self.pass_name}" + (f" ({self.opcode})" if self.opcode else "")


@dataclass(slots=True)
class _Snap:
    inst: Inst
    function: str
    block: object
    block_index: int
    loc: DILocation | None
    operands: tuple[object, ...]  # the values read, in slot order (successor args too)
    succs: frozenset[int]  # ids of its block's successors
    users: list[Inst] = field(default_factory=list)


def _operands(inst: Inst) -> tuple[object, ...]:
    return tuple(u.value for u in inst.all_uses())


def _position(loc: DILocation) -> tuple[object, ...]:
    return (loc.line, loc.column, id(loc.scope), _inline_key(loc.inlined_at))


def _inline_key(at: DILocation | None) -> tuple[object, ...]:
    chain = () if at is None else (at, *call_chain(at))
    return tuple(x for site in chain for x in (site.line, site.column, id(site.scope)))


def _snapshot(module: Module) -> dict[int, _Snap]:
    snaps: dict[int, _Snap] = {}
    for fn in module.functions.values():
        if fn.is_declaration:
            continue
        for bi, b in enumerate(fn.blocks):
            succs = frozenset(id(s) for s in b.successors)
            for inst in b.insts:
                snaps[id(inst)] = _Snap(inst, fn.name, b, bi, inst.loc, _operands(inst), succs)
    for s in snaps.values():
        for v in s.operands:
            if isinstance(v, Inst) and id(v) in snaps:
                snaps[id(v)].users.append(s.inst)
    return snaps


def loc_file(loc: DILocation) -> str:
    """The path of a location's file: a relative name joined to its directory, so a
    header and the main file with one basename stay apart."""
    f = getattr(loc.scope, "file", None)
    if f is None:
        return ""
    return f.name if os.path.isabs(f.name) or not f.directory else os.path.join(f.directory,
                                                                               f.name)


class PassRecorder:
    """Collects `Action`s while a module is optimised (see the module docstring)."""

    def __init__(self) -> None:
        self.actions: list[Action] = []
        self.passes_run: list[str] = []
        # the lines each function had code on before optimisation (-O0's lines)
        self.initial_lines: dict[str, set[tuple[str, int]]] = {}
        self._before: dict[int, _Snap] | None = None
        self._live_blocks: set[int] = set()

    # -- the observer protocol ------------------------------------------------

    def before_pass(self, name: str, module: Module) -> None:
        if self._before is None:
            self._before = _snapshot(module)
            for snap in self._before.values():
                if snap.loc is not None and snap.loc.line:
                    self.initial_lines.setdefault(snap.function, set()).add(
                        (loc_file(snap.loc), snap.loc.line))

    def after_pass(self, name: str, module: Module) -> None:
        before = self._before if self._before is not None else {}
        after = _snapshot(module)
        self.passes_run.append(name)
        self._diff(name, before, after)
        self._before = after  # nothing changes the module between two passes

    # -- classification -----------------------------------------------------------

    def _add(self, kind: ActionKind, pass_name: str, fn: str, loc: DILocation,
             other: int = 0, factor: int = 0, opcode: str = "") -> None:
        self.actions.append(Action(kind, pass_name, fn, loc_file(loc), loc.line, other, factor,
                                   opcode))

    def _diff(self, name: str, before: dict[int, _Snap], after: dict[int, _Snap]) -> None:
        seen: set[tuple[object, ...]] = set()

        def once(key: tuple[object, ...]) -> bool:
            if key in seen:
                return False
            seen.add(key)
            return True

        functions = {s.function for s in after.values()}
        self._live_blocks = {id(s.block) for s in after.values()}
        fresh = [s for k, s in after.items() if k not in before and s.loc is not None
                 and s.loc.line != 0]
        copied = {(s.function, *_position(s.loc)) for s in fresh if s.loc is not None} \
            if name in _COPIERS else set()
        done = self._tail_merged(name, before, after, once) if name == _TAIL_MERGER else set()
        for key, old in before.items():
            loc = old.loc
            if loc is None or loc.line == 0 or old.function not in functions or key in done:
                continue  # a function removed (inlined everywhere) is not a line's fate
            new = after.get(key)
            if new is None:
                if (old.function, *_position(loc)) not in copied:  # moved into its copies
                    self._deleted(name, old, before, after, once)
            else:
                self._survived(name, old, new, once)
        self._added(name, before, fresh, once)

    def _tail_merged(self, name: str, before: dict[int, _Snap], after: dict[int, _Snap],
                     once: _Once) -> set[int]:
        """Tail merging: a survivor moved out of a block ending in a jump, and deleted
        instructions of its opcode and type in other blocks jumping to the same
        block. Both sides' lines are merged with each other; returns the
        instructions accounted for."""
        # by the block both came before (the survivor may have moved on since: its
        # block merged into the one before it once the copies' blocks emptied)
        moved: dict[tuple[object, ...], _Snap] = {}
        for key, old in before.items():
            new = after.get(key)
            if new is not None and new.block is not old.block and len(old.succs) == 1:
                moved[(old.function, old.inst.op, str(old.inst.ty), *old.succs)] = old
        done: set[int] = set()
        if not moved:
            return done
        for key, old in before.items():
            if key in after or len(old.succs) != 1:
                continue
            survivor = moved.get((old.function, old.inst.op, str(old.inst.ty), *old.succs))
            if survivor is None:
                continue
            done |= {key, id(survivor.inst)}
            for a, b in ((old, survivor), (survivor, old)):
                if a.loc is not None and a.loc.line and b.loc is not None and \
                        once((ActionKind.MERGED, a.function, a.loc.line, b.loc.line)):
                    self._add(ActionKind.MERGED, name, a.function, a.loc, other=b.loc.line,
                              opcode=a.inst.op.value)
        return done

    def _deleted(self, name: str, old: _Snap, before: dict[int, _Snap],
                 after: dict[int, _Snap], once: _Once) -> None:
        loc = old.loc
        assert loc is not None
        op = old.inst.op
        if name in _PROMOTERS and op in _MEMORY_OPS:
            if once((ActionKind.PROMOTED, old.function, loc.line)):
                self._add(ActionKind.PROMOTED, name, old.function, loc)
            return
        if (name == "inline" and op is Op.CALL) or op is Op.JUMP:
            return  # a call site records its inlining on the callee's lines; jumps are layout
        block_gone = id(old.block) not in self._live_blocks
        repl = _replacement(old, before, after)
        if repl is None and block_gone:
            kind = ActionKind.DEAD  # an unreachable block removed
        elif isinstance(repl, Const) or (repl is None and name == "sccp"):
            kind = ActionKind.FOLDED  # sccp deletes only what it proved constant
        elif repl is None and old.inst.is_terminator and name in _IF_CONVERTERS:
            kind = ActionKind.IF_CONVERTED  # the branch became a select
        elif repl is None and old.inst.is_terminator:
            kind = ActionKind.FOLDED  # a branch on a known condition became a jump
        elif repl is None:
            kind = ActionKind.DEAD
        elif isinstance(repl, Inst) and id(repl) in before:
            was = before[id(repl)].loc  # the survivor's line before the pass merged locations
            if was is None or not (name == "gvn" or was.line != loc.line):
                return
            if once((ActionKind.MERGED, old.function, loc.line, was.line)):
                self._add(ActionKind.MERGED, name, old.function, loc, other=was.line)
            return
        else:
            return  # rewritten in place (instcombine), or replaced by a parameter
        if once((kind, old.function, loc.line)):
            self._add(kind, name, old.function, loc, opcode=op.value)

    def _survived(self, name: str, old: _Snap, new: _Snap, once: _Once) -> None:
        loc = old.loc
        assert loc is not None
        nl = new.inst.loc
        if new.block is not old.block and name in _IF_CONVERTERS:
            if once((ActionKind.SPECULATED, old.function, loc.line)):
                self._add(ActionKind.SPECULATED, name, old.function, loc,
                          opcode=old.inst.op.value)
            return  # LLVM's rule: speculated code drops its line
        if new.block is not old.block and name in _MOVERS:
            kind = ActionKind.HOISTED if new.block_index < old.block_index else ActionKind.SUNK
            if once((kind, old.function, loc.line)):
                self._add(kind, name, old.function, loc, other=nl.line if nl else 0,
                          opcode=old.inst.op.value)
            return  # LLVM's rule: a hoisted instruction drops its line (it may be 0 now)
        if nl is None or nl.line != loc.line:
            if once((ActionKind.LOC_MERGED, old.function, loc.line)):
                self._add(ActionKind.LOC_MERGED, name, old.function, loc,
                          other=nl.line if nl is not None else 0, opcode=old.inst.op.value)

    def _added(self, name: str, before: dict[int, _Snap], fresh: list[_Snap],
               once: _Once) -> None:
        if name == "inline":
            for s in fresh:
                assert s.loc is not None
                if s.loc.inlined_at is None:
                    continue
                site = s.loc.inlined_at
                while site.inlined_at is not None:
                    site = site.inlined_at
                if once((ActionKind.INLINED, s.function, s.loc.line,
                         _inline_key(s.loc.inlined_at))):
                    self._add(ActionKind.INLINED, name, s.function, s.loc, other=site.line)
            return
        if name not in _COPIERS or not fresh:
            return
        old_count: dict[tuple[object, ...], int] = {}
        for s in before.values():
            if s.loc is not None:
                key = (s.function, *_position(s.loc))
                old_count[key] = old_count.get(key, 0) + 1
        new_count: dict[tuple[object, ...], int] = {}
        for s in fresh:
            assert s.loc is not None
            key = (s.function, *_position(s.loc))
            if key in old_count:
                new_count[key] = new_count.get(key, 0) + 1
        best: dict[tuple[str, int], tuple[int, _Snap]] = {}
        for s in fresh:
            assert s.loc is not None
            key = (s.function, *_position(s.loc))
            if key not in new_count:
                continue
            factor = max(2, new_count[key] // old_count[key])
            line_key = (s.function, s.loc.line)
            if line_key not in best or best[line_key][0] < factor:
                best[line_key] = (factor, s)
        kind = _COPY_KINDS.get(name, ActionKind.DUPLICATED)
        for _key, (factor, s) in sorted(best.items(), key=lambda kv: kv[0]):
            assert s.loc is not None
            if once((kind, s.function, s.loc.line)):
                self._add(kind, name, s.function, s.loc, factor=factor)


def _replacement(old: _Snap, before: dict[int, _Snap], after: dict[int, _Snap]) -> object:
    """The value that took the place of the deleted `old` in a surviving user, if any."""
    for user in old.users:
        was = before[id(user)]
        now = after.get(id(user))
        if now is None or len(now.operands) != len(was.operands):
            continue
        for v_was, v_now in zip(was.operands, now.operands, strict=True):
            if v_was is old.inst and v_now is not old.inst:
                return v_now
    return None
