"""Source-location upkeep for transformations: the keep / merge / drop rules,
and the clone-and-remap API that gives every copy of a source atom its own group.

Semantics follow LLVM 22 (shared/specs/key-instructions.md §3 and §4):

* `merge_locations(a, b)` is `DILocation::getMergedLocation`: the common
  inlined-at frames are merged from the outermost inwards; same line keeps an
  atom (better rank wins; equal ranks: the non-zero, then the smaller group),
  merging across different inline sites makes a fresh rank-1 atom, and
  different lines give line 0 with no atom.
* `AtomMap` + `map_atom_instance` + `remap_atoms` is the pair
  `mapAtomInstance` / `RemapSourceAtom`: every member of one atom inside one
  cloned region maps to the same fresh group; ranks never change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import overload

from .debuginfo import (
    ARTIFICIAL,
    DILexicalBlock,
    DILocation,
    DIScope,
    Loc,
    NoLoc,
    loc_or_artificial,
)
from .function import AtomCounter, atom_key
from .insts import Inst, Ret, edge_args


def keep(inst: Inst) -> Loc:
    """Preserve rule: the instruction stays where it was (or in an equivalent place),
    or a replacement takes the place of `inst` (LLVM's legalisation and instcombine
    copy the DebugLoc of the instruction they rewrite)."""
    return loc_or_artificial(inst.loc)


def drop() -> NoLoc:
    """Drop rule: hoisted or sunk code that would make a line reachable where it was not."""
    return ARTIFICIAL


def _chain(loc: DILocation) -> list[DILocation]:
    """The frames of an inlined location, outermost (the function's own) first."""
    frames = []
    cur: DILocation | None = loc
    while cur is not None:
        frames.append(cur)
        cur = cur.inlined_at
    return frames[::-1]


def _scope_parent(s: DIScope) -> DIScope | None:
    return s.scope if isinstance(s, DILexicalBlock) else None


def nearest_common_scope(a: DIScope, b: DIScope) -> DIScope | None:
    ancestors: list[DIScope] = []
    cur: DIScope | None = a
    while cur is not None:
        ancestors.append(cur)
        cur = _scope_parent(cur)
    cur = b
    while cur is not None:
        if any(cur is x for x in ancestors):
            return cur
        cur = _scope_parent(cur)
    return None


def merge_locations(a: DILocation | None, b: DILocation | None,
                    atoms: AtomCounter) -> DILocation | None:
    """The location of one instruction that replaces instructions at `a` and `b`."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    fa, fb = _chain(a), _chain(b)
    merged: DILocation | None = None
    for depth in range(min(len(fa), len(fb))):
        x, y = fa[depth], fb[depth]
        if x.subprogram is not y.subprogram:
            break
        innermost = x is a and y is b
        m = _merge_frame(x, y, merged, innermost, atoms)
        if m is None:
            break
        merged = m
    if merged is None:
        return DILocation(0, 0, a.scope)
    return merged


def _merge_frame(x: DILocation, y: DILocation, parent: DILocation | None, innermost: bool,
                 atoms: AtomCounter) -> DILocation | None:
    if x == y and parent == x.inlined_at:
        return x
    scope = nearest_common_scope(x.scope, y.scope)
    if scope is None:
        return None
    line = x.line if x.line == y.line else 0
    column = x.column if line and x.column == y.column else 0
    group = rank = 0
    if line and (x.atom_group or y.atom_group):
        if innermost and x.inlined_at == y.inlined_at and parent == x.inlined_at:
            group, rank = _pick_atom(x, y)
        else:
            group, rank = atoms.fresh(), 1
    loc = DILocation(line, column, scope, parent, group, rank)
    atoms.saw(loc)
    return loc


def _pick_atom(x: DILocation, y: DILocation) -> tuple[int, int]:
    if x.atom_rank == y.atom_rank:
        if not x.atom_group or not y.atom_group:
            return (x.atom_group or y.atom_group, x.atom_rank)
        return (min(x.atom_group, y.atom_group), x.atom_rank)
    if not x.atom_rank or not y.atom_rank:
        w = x if x.atom_rank else y
        return (w.atom_group, w.atom_rank)
    w = x if x.atom_rank < y.atom_rank else y
    return (w.atom_group, w.atom_rank)


# ---------------------------------------------------------------------------
# Cloning


AtomKey = tuple[DILocation | None, int]
AtomMap = dict[AtomKey, int]


def map_atom_instance(loc: DILocation | None, amap: AtomMap, atoms: AtomCounter) -> None:
    """Give the atom of `loc` a fresh group in this clone, on first sight."""
    if loc is None or not loc.atom_group:
        return
    key = (loc.inlined_at, loc.atom_group)
    if key not in amap:
        amap[key] = atoms.fresh()


@overload
def remap_atom(loc: DILocation, amap: AtomMap) -> DILocation: ...
@overload
def remap_atom(loc: DILocation | None, amap: AtomMap) -> DILocation | None: ...
def remap_atom(loc: DILocation | None, amap: AtomMap) -> DILocation | None:
    if loc is None or not loc.atom_group:
        return loc
    g = amap.get((loc.inlined_at, loc.atom_group))
    return loc if g is None else replace(loc, atom_group=g)


def remap_atoms(insts: Iterable[Inst], amap: AtomMap, atoms: AtomCounter) -> None:
    """Map then remap every instruction of a freshly cloned region."""
    insts = list(insts)
    mapped = set(amap)
    for inst in insts:
        map_atom_instance(inst.loc, amap, atoms)
        for arg in edge_args(inst):
            map_atom_instance(arg.loc, amap, atoms)
        if isinstance(inst, Ret):
            map_atom_instance(inst.close, amap, atoms)
    loops: dict[int, int] = {}
    carried: set[AtomKey] = set()
    for inst in insts:
        close = (inst.close,) if isinstance(inst, Ret) else ()
        for loc in (inst.loc, *(a.loc for a in edge_args(inst)), *close):
            if loc is not None and loc.atom_group:
                _carry(loc, amap, atoms, mapped, carried, loops)
    for inst in insts:
        inst.loc = remap_atom(inst.loc, amap)
        for rec in inst.dbg_records:
            rec.loc = remap_atom(rec.loc, amap)
        for arg in edge_args(inst):
            arg.loc = remap_atom(arg.loc, amap)
        if isinstance(inst, Ret):
            inst.close = remap_atom(inst.close, amap)


def _carry(loc: DILocation, amap: AtomMap, atoms: AtomCounter, mapped: set[AtomKey],
           carried: set[AtomKey], loops: dict[int, int]) -> None:
    """The loop iterations an atom is tagged with follow it into its fresh group."""
    key = (loc.inlined_at, loc.atom_group)
    if key not in mapped and key not in carried:
        carried.add(key)
        old = atom_key(loc)
        atoms.carry_iterations(old, (old[0], old[1], amap[key]), loops)



# ---------------------------------------------------------------------------
# Copies of inlined calls


CallSiteMap = dict[DILocation, DILocation]


def call_chain(loc: DILocation) -> tuple[DILocation, ...]:
    """The call sites `loc` is inlined through, innermost first."""
    out: list[DILocation] = []
    at = loc.inlined_at
    while at is not None:
        out.append(at)
        at = at.inlined_at
    return tuple(out)


@overload
def copy_call_site(loc: DILocation, outer: tuple[DILocation, ...], sites: CallSiteMap,
                   atoms: AtomCounter) -> DILocation: ...
@overload
def copy_call_site(loc: DILocation | None, outer: tuple[DILocation, ...], sites: CallSiteMap,
                   atoms: AtomCounter) -> DILocation | None: ...
def copy_call_site(loc: DILocation | None, outer: tuple[DILocation, ...],
                   sites: CallSiteMap, atoms: AtomCounter) -> DILocation | None:
    """`loc` with the call site made directly in the instance `outer` (a call
    chain) replaced by its copy in `sites`, made on first sight with a fresh
    `copy` number (numbers come from the atom counter: unique in the module).
    Locations of `outer`'s own code, or of code outside it, are kept."""
    if loc is None:
        return None
    chain = call_chain(loc)
    n = len(chain) - len(outer)
    if n <= 0 or chain[n:] != outer:
        return loc
    site = chain[n - 1]
    cur = sites.get(site)
    if cur is None:
        cur = sites[site] = replace(site, copy=atoms.fresh())
    for s in reversed(chain[:n - 1]):
        cur = replace(s, inlined_at=cur)
    trips = atoms.iterations.get(atom_key(loc)) if loc.atom_group else None
    if trips:  # the atom's trips follow it into the copied instance
        atoms.iterations[(loc.scope.subprogram, cur, loc.atom_group)] = trips
    return replace(loc, inlined_at=cur)


def copy_call_sites(insts: Iterable[Inst], outer: tuple[DILocation, ...],
                    atoms: AtomCounter) -> None:
    """Make the calls inlined into a cloned region (a loop body's copy) inlined
    instances of their own: the code they inline, and their value records."""
    sites: CallSiteMap = {}
    for inst in insts:
        inst.loc = copy_call_site(inst.loc, outer, sites, atoms)
        for rec in inst.dbg_records:
            rec.loc = copy_call_site(rec.loc, outer, sites, atoms)
        for arg in edge_args(inst):
            arg.loc = copy_call_site(arg.loc, outer, sites, atoms)
