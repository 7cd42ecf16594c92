#!/usr/bin/env python3
"""Which of atomc's "not assigned yet" bytes at -O2 -g could honestly get a location.

`varloc_stats.py --breakdown` counts the scope bytes atomc leaves without a location
because no assignment has been reached yet (`not_yet`). Some have no value at all
(C89 locals declared at the top of a function and assigned later); others lie after
an assignment in source order whose computation the optimiser moved below them. This
splits them by what the unoptimised program has at the same line. For each such byte,
the line of its line-table row (through the inlined call's line when the row belongs
to a function inlined into the variable's), and at that line in the -O0 IR (the front
end's, memory-based), whether the variable has been assigned on reaching the line's
code (a store to its home or a call given its address, forward over the CFG):

  before      on no path: the value does not exist yet (nothing to describe);
  loop        inside a loop, only by an earlier iteration (the first has no value);
  some paths  on some paths but not all (after a loop: if it ran);
  every path  on every path: the assignment is above this point in source order, only
              its computation runs later (the describable part);
  unknown     no row, or a line the variable's function does not have.

"then located" says the variable gets a location later in the -O2 code (the
computation was moved or scheduled below), "never located" that it does not.

    python bench/notyet_split.py                # Debian's zlib, as varloc_stats.py --zlib
    python bench/notyet_split.py --top 20       # + the variables with the most bytes
"""

from __future__ import annotations

import argparse
import bisect
import re
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "realworld"))
sys.path.insert(0, str(HERE))
import debsrc  # noqa: E402
from varloc_stats import ZLIB_FILES, _minus, _pct  # noqa: E402

_TOKEN = re.compile(r"%[\w.]+")
_LINE = re.compile(r"!loc\(line: (\d+)")
_VAR = re.compile(r"^(!\d+) = DILocalVariable\(name: \"([^\"]*)\".*?line: (\d+)", re.M)
_FUNC = re.compile(r"^define (?:\w+ )*@([\w.]+)\(.*?\n(.*?)^\}", re.M | re.S)
_HOME = re.compile(r"#dbg new #\d+, (!\d+), ptr (%[\w.]+), \(deref\)")
_DERIVED = re.compile(r"(%[\w.]+) = (?:ptradd|select|phi)\b(.*)")
_STORE = re.compile(r"store \S+ (.*?), ptr (%[\w.]+)")

VarId = tuple[str, int]  # (name, declaration line)


@dataclass(frozen=True, slots=True)
class _Block:
    name: str
    insts: tuple[str, ...]


def _blocks(body: str) -> list[_Block]:
    out: list[tuple[str, list[str]]] = []
    for raw in body.splitlines():
        s = raw.strip()
        if re.fullmatch(r"bb\d+:", s) or re.fullmatch(r"bb\d+\(.*\):", s):
            out.append((s.split("(")[0].rstrip(":"), []))
        elif s:
            if not out:
                out.append(("entry", []))
            out[-1][1].append(s)
    return [_Block(n, tuple(i)) for n, i in out]


def _assigned_vars(s: str, derived: dict[str, VarId]) -> set[VarId]:
    """The variables instruction text `s` may assign: a store into (a part of) a
    home, a home's address stored or passed to a call."""
    if s.startswith("#dbg"):
        return set()
    m = _STORE.match(s)
    if m:
        out = {derived[m.group(2)]} if m.group(2) in derived else set()
        return out | {derived[t] for t in _TOKEN.findall(m.group(1)) if t in derived}
    if re.search(r"(^|= )call ", s):
        return {derived[t] for t in _TOKEN.findall(s.split("call", 1)[1]) if t in derived}
    return set()


def line_states(ir_text: str) -> dict[str, dict[VarId, dict[int, str]]]:
    """Per function and variable, per line: "before", "loop", "some" or "every" (the
    module docstring), joined over the line's runs of instructions."""
    names = {m.group(1): (m.group(2), int(m.group(3))) for m in _VAR.finditer(ir_text)}
    out: dict[str, dict[VarId, dict[int, str]]] = {}
    for fm in _FUNC.finditer(ir_text):
        blocks = _blocks(fm.group(2))
        if not blocks:
            continue
        derived: dict[str, VarId] = {}
        for b in blocks:
            for s in b.insts:
                m = _HOME.match(s)
                if m and m.group(1) in names:
                    derived[m.group(2)] = names[m.group(1)]
                m = _DERIVED.match(s)
                if m:
                    base = next((t for t in _TOKEN.findall(m.group(2)) if t in derived), None)
                    if base is not None:
                        derived[m.group(1)] = derived[base]
        out[fm.group(1)] = _states(blocks, derived)
    return out


def _states(blocks: list[_Block], derived: dict[str, VarId]) -> dict[VarId, dict[int, str]]:
    variables = sorted(set(derived.values()))
    bit = {v: 1 << i for i, v in enumerate(variables)}
    gen = {b.name: sum({bit[v] for s in b.insts for v in _assigned_vars(s, derived)})
           for b in blocks}
    succs = {b.name: re.findall(r"\b(bb\d+)\b", b.insts[-1]) if b.insts else [] for b in blocks}
    preds: dict[str, list[str]] = defaultdict(list)
    for b, ss in succs.items():
        for t in ss:
            preds[t].append(b)
    rpo = _reverse_post_order(blocks[0].name, succs)
    index = {b: i for i, b in enumerate(rpo)}
    every = (1 << len(variables)) - 1
    may = dict.fromkeys(gen, 0)
    must = dict.fromkeys(gen, every)
    must[blocks[0].name] = 0
    changed = True
    while changed:  # forward may/must over the whole CFG
        changed = False
        for b in rpo[1:]:
            ps = [p for p in preds[b] if p in index]
            m_ = 0
            mu = every if ps else 0
            for p in ps:
                m_ |= may[p] | gen[p]
                mu &= must[p] | gen[p]
            if (m_, mu) != (may[b], must[b]):
                may[b], must[b], changed = m_, mu, True
    acyclic = dict.fromkeys(gen, 0)  # may, without back edges
    for b in rpo[1:]:
        for p in preds[b]:
            if p in index and index[p] < index[b]:
                acyclic[b] |= acyclic[p] | gen[p]
    in_cycle = _in_cycles(succs)
    seen: dict[VarId, dict[int, set[str]]] = {v: defaultdict(set) for v in variables}
    for blk in blocks:
        m_, mu, ac = may[blk.name], must[blk.name], acyclic[blk.name]
        prev = None
        cyclic = blk.name in in_cycle
        for s in blk.insts:
            if s.startswith("#dbg"):
                continue  # a declaration's record: not code of its line
            lm = _LINE.search(s)
            line = int(lm.group(1)) if lm else None
            if line is not None and line != prev:
                for v, k in bit.items():
                    seen[v][line].add("every" if mu & k else
                                      ("some" if ac & k or not cyclic else "loop")
                                      if m_ & k else "before")
                prev = line
            for v in _assigned_vars(s, derived):
                m_, mu, ac = m_ | bit[v], mu | bit[v], ac | bit[v]
    return {v: {ln: _join(ss) for ln, ss in lines.items()} for v, lines in seen.items()}


def _in_cycles(succs: dict[str, list[str]]) -> set[str]:
    """The blocks that reach themselves (inside a loop)."""
    out = set()
    for b in succs:
        todo, seen = list(succs[b]), set()
        while todo:
            t = todo.pop()
            if t == b:
                out.add(b)
                break
            if t not in seen and t in succs:
                seen.add(t)
                todo.extend(succs[t])
    return out


def _join(states: set[str]) -> str:
    if len(states) == 1:
        return next(iter(states))
    return "loop" if states <= {"loop", "before"} else "some"


def _reverse_post_order(entry: str, succs: dict[str, list[str]]) -> list[str]:
    seen = {entry}
    post: list[str] = []
    stack: list[tuple[str, Iterator[str]]] = [(entry, iter(succs.get(entry, [])))]
    while stack:
        b, it = stack[-1]
        nxt = next((t for t in it if t not in seen and t in succs), None)
        if nxt is None:
            post.append(b)
            stack.pop()
        else:
            seen.add(nxt)
            stack.append((nxt, iter(succs.get(nxt, []))))
    return post[::-1]


def inlined_calls(obj: Path) -> list[tuple[int, int, int]]:
    """(low, high, call line) of every inlined call's address ranges, outermost first."""
    from elftools.dwarf.ranges import RangeEntry
    from elftools.elf.elffile import ELFFile

    out: list[tuple[int, int, int, int]] = []
    with open(obj, "rb") as fh:
        dwarf = ELFFile(fh).get_dwarf_info()
        ranges = dwarf.range_lists()
        for cu in dwarf.iter_CUs():
            top = cu.get_top_DIE()
            base = top.attributes["DW_AT_low_pc"].value if "DW_AT_low_pc" in top.attributes else 0
            todo = [(top, 0)]
            while todo:
                die, depth = todo.pop()
                for c in die.iter_children():
                    todo.append((c, depth + 1))
                    if c.tag != "DW_TAG_inlined_subroutine":
                        continue
                    a = c.attributes
                    line = a["DW_AT_call_line"].value if "DW_AT_call_line" in a else 0
                    if "DW_AT_low_pc" in a:
                        lo, hi = a["DW_AT_low_pc"].value, a["DW_AT_high_pc"]
                        out.append((depth, lo, hi.value if hi.form == "DW_FORM_addr"
                                    else lo + hi.value, line))
                    elif "DW_AT_ranges" in a and ranges is not None:
                        for e in ranges.get_range_list_at_offset(a["DW_AT_ranges"].value, cu=cu):
                            if isinstance(e, RangeEntry):
                                off = 0 if e.is_absolute else base
                                out.append((depth, off + e.begin_offset, off + e.end_offset, line))
    return [(lo, hi, line) for _, lo, hi, line in sorted(out)]


def split(objs_and_irs: Sequence[tuple[str, Path, Path]]
          ) -> tuple[Counter[str], Counter[tuple[str, str, str]], int]:
    """(not_yet bytes per class, per (class, function, variable), scope bytes)."""
    from atomc.data.atomc_why_reader import NOT_YET
    from atomc.explain.objfile import read_object

    by_class: Counter[str] = Counter()
    by_var: Counter[tuple[str, str, str]] = Counter()
    scope_bytes = 0
    for stem, obj, ir in objs_and_irs:
        states = line_states(ir.read_text())
        calls = inlined_calls(obj)
        functions, seqs = read_object(str(obj))
        rows = sorted((r for s in seqs for r in s), key=lambda r: r.address)
        addrs = [r.address for r in rows]
        for fn in functions.values():
            for v in fn.variables:
                scope_bytes += sum(hi - lo for lo, hi in v.scope)
                if v.everywhere:
                    continue
                located = [(lo, hi) for lo, hi, _ in v.locations]
                gaps = _minus(list(v.scope), located)
                lines = states.get(v.inlined_from or fn.name, {}).get((v.name, v.decl_line))
                for e in (e for e in v.reasons if e.code == NOT_YET):
                    for lo, hi in gaps:
                        a, b = max(lo, e.low), min(hi, e.high)
                        later = "then located" if any(x >= b for x, _ in located) \
                            else "never located"
                        for x in range(a, b):
                            k = bisect.bisect_right(addrs, x) - 1
                            row = rows[k] if k >= 0 else None
                            line = row.line if row is not None and \
                                row.file.endswith(f"{stem}.c") else 0
                            if lines is not None and line not in lines:
                                line = next((c for lo_, hi_, c in reversed(calls)
                                             if lo_ <= x < hi_ and c in lines), 0)
                            state = lines.get(line) if lines is not None and line else None
                            cls = "unknown" if state is None else \
                                f"{state} ({later})" if state != "before" else state
                            by_class[cls] += 1
                            by_var[(cls, fn.name, v.name)] += 1
    return by_class, by_var, scope_bytes


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", type=int, default=0, help="also the N variables with most bytes")
    args = ap.parse_args(argv)
    root = debsrc.fetch("zlib")
    flags = [f"-I{root}", "-DHAVE_UNISTD_H"]
    atomc = [sys.executable, "-m", "atomc"]
    with tempfile.TemporaryDirectory() as tmp:
        built = []
        for name in ZLIB_FILES:
            src, obj, ir = root / f"{name}.c", Path(tmp) / f"{name}.o", Path(tmp) / f"{name}.ir"
            subprocess.run([*atomc, "-O2", "-g", *flags, "-c", str(src), "-o", str(obj)],
                           check=True, capture_output=True)
            subprocess.run([*atomc, "-O0", "-g", "-S", "--emit-ir", *flags, str(src), "-o",
                            str(ir)], check=True, capture_output=True)
            built.append((name, obj, ir))
        by_class, by_var, scope = split(built)
    total = sum(by_class.values())
    print(f"atomc -O2 -g, {len(ZLIB_FILES)} zlib files: {scope} scope bytes, "
          f"{total} not assigned yet ({_pct(total, scope)})")
    print("assigned at -O0 on reaching the line:")
    for cls, n in sorted(by_class.items()):
        print(f"  {cls:<28}{n:>9}{_pct(n, scope):>8} of scope{_pct(n, total):>8} of not_yet")
    for (cls, fn, var), n in by_var.most_common(args.top):
        print(f"  {n:>7}  {cls:<28}{fn}: {var}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
