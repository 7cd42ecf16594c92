"""One report per compile: per function, its source lines (atoms, `is_stmt` rows,
optimiser actions), its instructions (address, text, row, atom) linked to the
lines, its variables' locations, the execution order and a summary. The html
and text writers only format this."""

from __future__ import annotations

import os
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .compile import Compiled
from .machine import MachineFunction, MachineInst
from .objfile import ObjFunction, Row, Variable, read_object
from .records import Action, ActionKind
from .trace import TraceStop


@dataclass(frozen=True, slots=True)
class Inst:
    index: int
    address: int | None
    text: str
    line: int  # row key (`SourceKeys`): the line, or FILE_STRIDE * k + line in a header; 0: none
    column: int
    atom_group: int
    atom_rank: int
    inlined: str  # "manhattan@26" chain, innermost first ("" for the function's own code)
    row_line: int  # row key of the debugger's row at this address (0: none starts here)
    is_stmt: bool  # a row starts here and it is a recommended breakpoint

    @property
    def atom(self) -> str:
        """The atom's name: its group, and the inlined call it belongs to (groups are
        numbered per inlined copy)."""
        if not self.atom_group:
            return ""
        return f"{self.atom_group}" + (f"@{self.inlined}" if self.inlined else "")


_COPY_WORDS = ("inlined", "unrolled", "rotated", "threaded", "duplicated")


FILE_STRIDE = 1_000_000  # row keys of the k-th header: k * FILE_STRIDE + line


def row_label(key: int, file: str) -> str:
    """A row key as every pane names it: `12`, or `util.h:12` for a header's line."""
    n = key % FILE_STRIDE
    return f"{os.path.basename(file)}:{n}" if file else str(n)


class SourceKeys:
    """One integer per source row of the report, so every pane keys rows alike: a line
    of the main file is its number; line N of the k-th other file (a header whose
    inline functions or macros put code in a function) is k * FILE_STRIDE + N."""

    def __init__(self, main: str) -> None:
        self.main = main  # the main file's basename
        self.files: list[str] = []  # other files, in order of first use
        self._index: dict[str, int] = {}
        self._text: dict[str, list[str]] = {}

    def key(self, file: str, line: int) -> int:
        if not line:
            return 0
        if not file or os.path.basename(file) == self.main:
            return line
        path = os.path.normpath(file)
        k = self._index.get(path)
        if k is None:
            self.files.append(path)
            k = self._index[path] = len(self.files)
        return k * FILE_STRIDE + line

    def file_of(self, key: int) -> str:
        """The file of a key ("" for the main file)."""
        return self.files[key // FILE_STRIDE - 1] if key >= FILE_STRIDE else ""

    def text(self, key: int, main_lines: list[str]) -> str:
        n = key % FILE_STRIDE
        if key < FILE_STRIDE:
            lines = main_lines
        else:
            path = self.file_of(key)
            if path not in self._text:
                try:
                    with open(path, encoding="utf-8", errors="replace") as f:
                        self._text[path] = f.read().splitlines()
                except OSError:
                    self._text[path] = []
            lines = self._text[path]
        return lines[n - 1].rstrip() if 0 < n <= len(lines) else ""


@dataclass(frozen=True, slots=True)
class Line:
    number: int  # row key (`SourceKeys`)
    text: str
    atoms: tuple[tuple[str, int, bool], ...]  # (atom, rank, has a key instruction)
    stops: int  # is_stmt rows of this line
    actions: tuple[str, ...]
    insts: tuple[int, ...]  # indices of the instructions of this line
    had_code: bool  # the line had code before optimisation
    file: str = ""  # "" for the main file, else the header's path

    @property
    def label(self) -> str:
        """How the page names the line: `12`, or `util.h:12` for a header's."""
        return row_label(self.number, self.file)

    @property
    def stops_why(self) -> str:
        """Why the line has as many stops as it has: its atoms that hold one, and the
        passes that copied its code (each copy's atoms are stops of their own)."""
        held = {a.split("@", 1)[1] if "@" in a else "" for a, _r, k in self.atoms if k}
        parts = [f"{sum(1 for *_x, k in self.atoms if k)} of {len(self.atoms)} atoms"
                 if self.atoms else "no atom: a prologue or block-entry row"]
        if len(held) > 1:
            parts.append(f"in {len(held)} inlined copies")
        parts += [a for a in self.actions if a.startswith(_COPY_WORDS)]
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class OrderRow:
    line: int  # row key
    atom: str
    first_inst: int
    count: int
    stop: bool  # an is_stmt row starts in this run


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    insts: tuple[Inst, ...]
    lines: tuple[Line, ...]
    variables: tuple[Variable, ...]
    order: tuple[OrderRow, ...]
    located: float  # share of (instruction, variable in scope) with a location
    no_stop: tuple[tuple[str, str], ...]  # lines (labels) with code but no stop, and why
    trace: tuple[TraceStop, ...] = ()  # a debugger run's stops in this function
    files: tuple[str, ...] = ()  # the headers row keys name (`SourceKeys.files`)

    def label(self, key: int) -> str:
        """A row key as the page names it: `12`, or `util.h:12`."""
        k = key // FILE_STRIDE
        return row_label(key, self.files[k - 1] if 0 < k <= len(self.files) else "")

    def variables_at(self, inst: Inst) -> list[tuple[Variable, list[str]]]:
        if inst.address is None:
            return []
        return [(v, v.at(inst.address)) for v in self.variables if v.in_scope(inst.address)]


@dataclass(frozen=True, slots=True)
class Report:
    source: str
    options: tuple[str, ...]
    passes: tuple[str, ...]
    functions: tuple[Function, ...]
    debugger: str = ""  # the debugger of the overlaid run ("" without --trace)
    step_plot: str = ""  # its step plot, base64 PNG


def _match_addresses(mf: MachineFunction, of: ObjFunction | None) -> list[int | None]:
    """The address of each emitted instruction: objdump's instructions in order, skipping
    the assembler's alignment nops; None for all if the two do not line up."""
    if of is None:
        return [None] * len(mf.insts)
    out: list[int | None] = []
    code = list(of.addresses)
    k = 0
    for mi in mf.insts:
        mine_nop = mi.text.startswith("nop")
        while k < len(code) and not mine_nop and code[k][1].split(" ")[0].endswith(("nop", "nopw",
                                                                                     "nopl")):
            k += 1
        if k >= len(code):
            return [None] * len(mf.insts)
        out.append(code[k][0])
        k += 1
    return out


def _rows_by_address(rows: Iterable[Row]) -> dict[int, Row]:
    out: dict[int, Row] = {}
    for r in rows:
        out[r.address] = r  # the last row at an address is the one a debugger uses
    return out


def _rows_per_function(objs: dict[str, ObjFunction], seqs: list[list[Row]],
                       names: list[str]) -> dict[str, dict[int, Row]]:
    """Each function's rows by address. In one .text, addresses tell functions apart;
    with -ffunction-sections every section starts at 0 in the object, and the line
    table has one sequence per section, in the order the functions were emitted."""
    starts = [objs[n].addresses[0][0] for n in names if n in objs and objs[n].addresses]
    if len(set(starts)) == len(starts):
        merged = _rows_by_address(r for seq in seqs for r in seq)
        return {n: merged for n in names}
    return {n: _rows_by_address(seq) for n, seq in zip(names, seqs, strict=False)}


def _describe_actions(actions: list[Action], keys: SourceKeys) -> dict[int, list[str]]:
    """Per row key, the phrases of its actions in pass order; the inlined copies of a
    line make one phrase naming every call site."""
    sites: dict[int, list[int]] = {}
    for act in actions:
        if act.kind is ActionKind.INLINED:
            sites.setdefault(keys.key(act.file, act.line), []).append(act.other_line)
    per_line: dict[int, list[str]] = {}
    for act in actions:
        key = keys.key(act.file, act.line)
        if act.kind is ActionKind.INLINED:
            at = sites[key]
            text = f"inlined into {act.function} at line {at[0]}" if len(at) == 1 else \
                f"inlined into {act.function} at {len(at)} call sites (lines " + \
                ", ".join(map(str, sorted(at))) + ")"
        else:
            text = act.describe()
        lst = per_line.setdefault(key, [])
        if text not in lst:
            lst.append(text)
    return per_line


def _inline_text(mi: MachineInst) -> str:
    return " < ".join(f"{s.function}@{s.line}" for s in mi.inlined)


def build_function(mf: MachineFunction, of: ObjFunction | None, rows: dict[int, Row],
                   actions: list[Action], source_lines: list[str], keys: SourceKeys,
                   initial: set[int] | None) -> Function:
    addrs = _match_addresses(mf, of)
    insts: list[Inst] = []
    for mi, a in zip(mf.insts, addrs, strict=True):
        row = rows.get(a) if a is not None else None
        if a is None:  # no object to read: the back end's own rows
            row_line, stmt = keys.key(mi.file, mi.row_line), mi.is_stmt
        else:
            row_line, stmt = (keys.key(row.file, row.line), row.is_stmt) if row is not None \
                else (0, False)
        insts.append(Inst(mi.index, a, mi.text.replace("\t", " "), keys.key(mi.file, mi.line),
                          mi.column, mi.atom_group, mi.atom_rank, _inline_text(mi), row_line,
                          stmt and row_line != 0))
    by_line: dict[int, list[Inst]] = {}
    for i in insts:
        if i.line:
            by_line.setdefault(i.line, []).append(i)
    # Key Instructions floats a key instruction's is_stmt up to the first instruction of
    # its same-line run: an atom holds a stop when its run starts with an is_stmt row
    stmt_run: list[bool] = []
    for i in insts:
        same = bool(stmt_run) and insts[i.index - 1].line == i.line and i.line != 0
        stmt_run.append((stmt_run[-1] if same else False) or (i.is_stmt and i.row_line == i.line))
    stops: dict[int, int] = {}
    for i in insts:
        if i.is_stmt:
            stops[i.row_line] = stops.get(i.row_line, 0) + 1
    per_line = _describe_actions(actions, keys)
    if initial is None:  # not optimised: the lines with code are -O0's lines
        initial = set(by_line)
    numbers = sorted(set(by_line) | set(per_line) | initial)
    lines: list[Line] = []
    for n in numbers:
        on_line = by_line.get(n, [])
        atoms: dict[tuple[str, int], bool] = {}
        for i in on_line:
            if i.atom_group:
                key = (i.atom, i.atom_rank)
                atoms[key] = atoms.get(key, False) or stmt_run[i.index]
        lines.append(Line(n, keys.text(n, source_lines),
                          tuple((g, r, k) for (g, r), k in sorted(atoms.items())),
                          stops.get(n, 0), tuple(per_line.get(n, ())),
                          tuple(i.index for i in on_line), n in initial, keys.file_of(n)))
    order: list[OrderRow] = []
    for i in insts:
        if not i.line:
            continue
        last = order[-1] if order else None
        if last is not None and last.line == i.line and last.atom == i.atom and \
                last.first_inst + last.count == i.index:
            order[-1] = OrderRow(last.line, last.atom, last.first_inst, last.count + 1,
                                 last.stop or i.is_stmt)
        else:
            order.append(OrderRow(i.line, i.atom, i.index, 1, i.is_stmt))
    variables = of.variables if of is not None else ()
    pairs, known = _located(sorted(i.address for i in insts if i.address is not None),
                            variables)
    no_stop = tuple((ln.label, _why_no_stop(ln)) for ln in lines if ln.had_code and not ln.stops)
    return Function(mf.name, tuple(insts), tuple(lines), variables, tuple(order),
                    known / pairs if pairs else 1.0, no_stop, files=tuple(keys.files))


def _located(addrs: list[int], variables: tuple[Variable, ...]) -> tuple[int, int]:
    """(instruction, variable in scope) pairs, and how many of them have a location:
    by address intervals, since a big function has thousands of both."""
    def covered(ranges: Iterable[tuple[int, int]]) -> set[int]:
        out: set[int] = set()
        for lo, hi in ranges:
            out.update(range(bisect_left(addrs, lo), bisect_left(addrs, hi)))
        return out
    pairs = known = 0
    for v in variables:
        scope = covered(v.scope)
        pairs += len(scope)
        known += len(scope) if v.everywhere else \
            len(scope & covered((lo, hi) for lo, hi, _d in v.locations))
    return pairs, known


def _why_no_stop(ln: Line) -> str:
    done = "; ".join(ln.actions)
    if ln.insts:
        why = f"{len(ln.insts)} instruction(s) left, none is an atom's key instruction"
        return why + (f" ({done})" if done else "")
    return "no code left" + (f": {done}" if done else "")


def build_report(c: Compiled, options: tuple[str, ...], trace_path: str | None = None) -> Report:
    """The report; with `trace_path` (an atomc-dbgeval trace of a program built from the
    same source with the same options) its stops are placed on the code."""
    objs, seqs = read_object(c.object_path)
    rows = _rows_per_function(objs, seqs, [mf.name for mf in c.functions])
    with open(c.source, encoding="utf-8", errors="replace") as f:
        source_lines = f.read().splitlines()
    keys = SourceKeys(os.path.basename(c.source))
    funcs = []
    for mf in c.functions:
        acts = [a for a in c.actions if a.function == mf.name]
        initial = {keys.key(fname, ln) for (fname, ln) in c.initial_lines.get(mf.name, set())}
        funcs.append(build_function(mf, objs.get(mf.name), rows.get(mf.name, {}), acts,
                                    source_lines, keys, initial if c.passes else None))
    report = Report(c.source, options, c.passes, tuple(funcs))
    if trace_path is None:
        return report
    from .trace import load, place_stops, step_plot_png
    trace = load(trace_path)
    starts = {f.name: {i.address: i.index for i in f.insts if i.address is not None}
              for f in funcs}
    stops = place_stops(trace, starts)
    funcs = [replace(f, trace=tuple(s for s in stops if s.function == f.name)) for f in funcs]
    title = f"{trace.header.debugger} {trace.header.step_command}: {len(stops)} stops"
    return replace(report, functions=tuple(funcs), debugger=trace.header.debugger,
                   step_plot=step_plot_png(trace, title))
