"""The 20 LiveDebugValues conformance cases of shared/specs/variable-locations.md
§8. "LLVM" lines are llc-22's observed ranges, which `single` mode must
reproduce; "ML" lines are the extra overlapping entries `multi` mode adds.

Ranges are written as in the spec: `RAX[1,3)` is [end(i1), end(i3)); `start`
is the function's first address.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from atomc.codegen.debuginfo.ldv import (
    ConstLoc, ConstOp, DebugPhi, DebugValue, EntryValueLoc, InstrRef, MBlockView, MFunctionView,
    MInstView, MLoc, VarKey, compute_var_ranges, reg, slot,
)
from atomc.options import LoclistMode

RAX, RDX, RCX, RBX, RSI, RDI, RSP = reg(0), reg(1), reg(2), reg(3), reg(4), reg(5), reg(7)
R8, R12 = reg(8), reg(12)
SLOT = slot(-8)
NAMES = {RAX: "RAX", RDX: "RDX", RCX: "RCX", RBX: "RBX", RSI: "RSI", RDI: "RDI", R8: "R8",
         R12: "R12", SLOT: "slot", RSP: "RSP"}
CALLER_SAVED = frozenset({RAX, RCX, RDX, RSI, RDI, R8, reg(9), reg(10), reg(11)})

X, Y, S, A = VarKey("x"), VarKey("y"), VarKey("s"), VarKey("a", is_param=True)


@dataclass(frozen=True)
class I:
    """A named real instruction."""

    name: str
    view: MInstView


def d(name: str, loc: MLoc, num: int = 0) -> I:  # loc = <something>
    return I(name, MInstView(defs=(loc,), instr_num=num))


def use_def(name: str, loc: MLoc, num: int = 0) -> I:  # loc = loc + 1
    return I(name, MInstView(defs=(loc,), uses=(loc,), instr_num=num))


def nop(name: str) -> I:  # test / cmp / jcc / jmp / ret: no tracked defs
    return I(name, MInstView())


def copy(name: str, dst: MLoc, src: MLoc, kill: bool = False) -> I:
    return I(name, MInstView(copy=(dst, src), kills_src=kill))


def spill(name: str, src: MLoc) -> I:
    return I(name, MInstView(spill=(SLOT, src)))


def restore(name: str, dst: MLoc) -> I:
    return I(name, MInstView(restore=(dst, SLOT)))


def call(name: str) -> I:
    return I(name, MInstView(call=True, defs=(RSP,), uses=(RSP,)))


def ref(var: VarKey, num: int) -> MInstView:
    return MInstView(debug=DebugValue(var, InstrRef(num)))


def dbg_value(var: VarKey, operand: MLoc | int) -> MInstView:
    op = ConstOp(operand) if isinstance(operand, int) else operand
    return MInstView(debug=DebugValue(var, op))


def dbg_phi(loc: MLoc, num: int) -> MInstView:
    return MInstView(debug=DebugPhi(loc, num))


def run(blocks: list[tuple[list[I | MInstView], tuple[int, ...]]], mode: str = "single", *,
        saved: frozenset[MLoc] = frozenset(), subs: dict | None = None) -> str:
    names: list[str] = []
    views = []
    for insts, succs in blocks:
        vs = []
        for x in insts:
            if isinstance(x, I):
                names.append(x.name[1:])
                vs.append(x.view)
            else:
                vs.append(x)
        views.append(MBlockView(tuple(vs), succs))
    fn = MFunctionView(tuple(views), CALLER_SAVED, saved, subs or {}, frozenset({RSP}))
    ranges = compute_var_ranges(fn, LoclistMode(mode))
    if mode == "multi":
        ranges = _union_by_location(ranges)
    pos = lambda p: "start" if p < 0 else names[p]  # noqa: E731
    out = []
    for r in ranges:
        frag = f"[{r.var.fragment[0]},{r.var.fragment[1]})" if r.var.fragment else ""
        loc = r.loc
        where = (NAMES[loc] if isinstance(loc, MLoc) else
                 f"entry({NAMES[loc.reg]})" if isinstance(loc, EntryValueLoc) else
                 f"const{loc.value}" if isinstance(loc, ConstLoc) else str(loc))
        out.append(f"{r.var.var}{frag}={where}[{pos(r.start)},{pos(r.end)})")
    return " ".join(sorted(out))


def _union_by_location(ranges):
    """Multi mode: per (variable, location), join touching or overlapping ranges."""
    from atomc.codegen.debuginfo.ldv import VarRange
    by: dict = {}
    for r in ranges:
        by.setdefault((r.var, r.loc), []).append((r.start, r.end))
    out = []
    for (var, loc), spans in by.items():
        spans.sort()
        cur = list(spans[0])
        for s, e in spans[1:]:
            if s <= cur[1]:
                cur[1] = max(cur[1], e)
            else:
                out.append(VarRange(var, cur[0], cur[1], loc))
                cur = [s, e]
        out.append(VarRange(var, cur[0], cur[1], loc))
    return out


def expect(text: str) -> str:
    return " ".join(sorted(text.split()))


def c1():
    return [([d("i1", RAX, 1), ref(X, 1), d("i2", RCX), d("i3", RAX), nop("i4")], ())]


def test_c1_def_reference_clobber() -> None:
    assert run(c1()) == expect("x=RAX[1,3)")


def c2():
    return [([d("i1", RCX), ref(X, 1), d("i2", RDX), d("i3", RAX, 1), d("i4", RSI),
              nop("i5")], ())]


def test_c2_use_before_def() -> None:
    assert run(c2()) == expect("x=RAX[3,5)")


def c3():
    return [([d("i1", RAX, 1), ref(X, 1), copy("i2", RCX, RAX), d("i3", RAX), d("i4", RDX),
              d("i5", RCX), d("i6", RSI), nop("i7")], ())]


def test_c3_copy_then_clobbers() -> None:
    assert run(c3()) == expect("x=RAX[1,3) x=RCX[3,5)")
    assert run(c3(), "multi") == expect("x=RAX[1,3) x=RCX[2,5)")


def test_c4a_killing_copy_into_unsaved_rbx() -> None:
    blocks = [([d("i1", RAX, 1), ref(X, 1), copy("i2", RBX, RAX, kill=True), call("i3"),
                d("i4", RAX), nop("i5")], ())]
    assert run(blocks) == expect("x=RAX[1,3) x=RBX[3,5)")


def test_c4b_killing_copy_into_saved_rbx() -> None:
    push = I("i1", MInstView(defs=(RSP,), uses=(RBX, RSP)))
    pop = I("i6", MInstView(defs=(RBX, RSP), uses=(RSP,)))
    blocks = [([push, d("i2", RAX, 1), copy("i3", RCX, RAX), ref(X, 1),
                copy("i4", RBX, RAX, kill=True), d("i5", RDX), pop, nop("i7")], ())]
    assert run(blocks, saved=frozenset({RBX})) == expect("x=RAX[3,4) x=RBX[4,6) x=RCX[6,7)")


def c5():
    return [([d("i1", RAX, 1), ref(X, 1), spill("i2", RAX), d("i3", RAX), restore("i4", RBX),
              d("i5", RCX), spill("i6", RCX), d("i7", RDX), d("i8", RBX), nop("i9")], ())]


def test_c5_spill_clobber_restore_overwrite() -> None:
    assert run(c5()) == expect("x=RAX[1,2) x=slot[2,6) x=RBX[6,8)")
    assert run(c5(), "multi") == expect("x=RAX[1,3) x=slot[2,6) x=RBX[4,8)")


def test_c5_variant_slot_overwritten_without_restore() -> None:
    blocks = [([d("i1", RAX, 1), ref(X, 1), spill("i2", RAX), d("i3", RAX), d("i4", RCX),
                spill("i5", RCX), d("i6", RDX), nop("i7")], ())]
    assert run(blocks) == expect("x=RAX[1,2) x=slot[2,5)")


def c6():
    return [([d("i1", RDI, 1), ref(X, 1), copy("i2", RBX, RDI), call("i3"), d("i4", RAX),
              nop("i5")], ())]


def test_c6_call_clobbers_caller_saved_copy_survives() -> None:
    assert run(c6()) == expect("x=RDI[1,3) x=RBX[3,5)")
    assert run(c6(), "multi") == expect("x=RDI[1,3) x=RBX[2,5)")


def test_c7_choosing_among_holders() -> None:
    blocks = [([d("i1", RAX, 1), copy("i2", RCX, RAX), copy("i3", RBX, RAX), ref(Y, 1),
                spill("i4", RAX), ref(X, 1), d("i5", RDX), nop("i6")], ())]
    assert run(blocks) == expect("y=RAX[3,4) y=slot[4,6) x=slot[4,6)")


def test_c8a_block_boundary_invisible() -> None:
    blocks = [([d("i1", RBX, 1), ref(X, 1), d("i2", RCX), nop("i3")], (1,)),
              ([nop("i4"), nop("i5"), nop("i6")], ())]
    assert run(blocks) == expect("x=RBX[1,6)")


def diamond(bb1, bb2, bb3, head=None):
    head = head or [d("i1", RBX, 1), ref(X, 1), nop("i2"), nop("i3")]
    return [(head, (2, 1)), (bb1, (3,)), (bb2, (3,)), (bb3, ())]


def test_c8b_diamond() -> None:
    blocks = diamond([nop("i4"), nop("i5")], [nop("i6")], [nop("i7"), nop("i8")])
    assert run(blocks) == expect("x=RBX[1,8)")


def test_c9_diamond_one_arm_clobbers() -> None:
    blocks = diamond([nop("i4"), nop("i5")], [d("i6", RCX), d("i7", RBX)],
                     [nop("i8"), nop("i9")])
    assert run(blocks) == expect("x=RBX[1,7)")


def test_c10_vphi_resolved_in_common_register() -> None:
    blocks = diamond([d("i3", RBX, 1), ref(X, 1), nop("i4")], [d("i5", RBX, 2), ref(X, 2)],
                     [copy("i6", RAX, RBX), d("i7", RBX), nop("i8")],
                     head=[nop("i1"), nop("i2")])
    assert run(blocks) == expect("x=RBX[3,4) x=RBX[5,7) x=RAX[7,8)")


def test_c11a_vphi_unresolved() -> None:
    blocks = diamond([d("i3", RBX, 1), ref(X, 1), nop("i4")], [d("i5", R12, 2), ref(X, 2)],
                     [d("i6", RAX), nop("i7")], head=[nop("i1"), nop("i2")])
    assert run(blocks) == expect("x=RBX[3,4)")


def test_c11b_single_assignment_in_one_arm() -> None:
    blocks = diamond([d("i3", RBX, 1), ref(X, 1), nop("i4")], [d("i5", R12)],
                     [d("i6", RAX), nop("i7")], head=[nop("i1"), nop("i2")])
    assert run(blocks) == expect("x=RBX[3,4)")


def test_c12_machine_phi_eliminated_after_restore() -> None:
    blocks = diamond([spill("i4", RBX), d("i5", RBX), restore("i6", RBX), nop("i7")],
                     [d("i8", RCX)], [d("i9", RDX), nop("i10")],
                     head=[d("i1", RBX, 1), ref(X, 1), nop("i2"), nop("i3")])
    assert run(blocks) == expect("x=RBX[1,4) x=slot[4,7) x=RBX[7,10)")


def test_c13a_loop_value_live_through() -> None:
    blocks = [([d("i1", RBX, 1), ref(X, 1)], (1,)),
              ([use_def("i2", RDI), nop("i3"), nop("i4")], (1, 2)),
              ([nop("i5"), nop("i6")], ())]
    assert run(blocks) == expect("x=RBX[1,6)")


def test_c13b_loop_clobbers_register() -> None:
    blocks = [([d("i1", RBX, 1), ref(X, 1), d("i2", RCX)], (1,)),
              ([use_def("i3", RDI), d("i4", RBX), nop("i5"), nop("i6")], (1, 2)),
              ([nop("i7"), nop("i8")], ())]
    assert run(blocks) == expect("x=RBX[1,2)")


def test_c14_loop_carried_variable() -> None:
    blocks = [([d("i1", RBX, 1), ref(X, 1)], (1,)),
              ([use_def("i2", RBX, 2), ref(X, 2), use_def("i3", RDI), nop("i4"), nop("i5")],
               (1, 2)),
              ([d("i6", RAX), nop("i7")], ())]
    assert run(blocks) == expect("x=RBX[1,7)")


def test_c15a_single_dbg_phi() -> None:
    blocks = diamond([d("i3", RBX), nop("i4")], [d("i5", RBX)],
                     [dbg_phi(RBX, 7), ref(X, 7), d("i6", RAX), d("i7", RBX), nop("i8")],
                     head=[nop("i1"), nop("i2")])
    assert run(blocks) == expect("x=RBX[5,7)")


def test_c15b_duplicated_dbg_phi() -> None:
    blocks = diamond([d("i3", RBX), nop("i4"), dbg_phi(RBX, 7)], [d("i5", RBX), dbg_phi(RBX, 7)],
                     [ref(X, 7), nop("i6"), nop("i7")], head=[nop("i1"), nop("i2")])
    assert run(blocks) == expect("x=RBX[5,7)")


def test_c15c_duplicated_dbg_phi_clobbered() -> None:
    blocks = diamond([d("i3", RBX), nop("i4"), dbg_phi(RBX, 7)],
                     [d("i5", RBX), dbg_phi(RBX, 7), d("i5b", RBX)],
                     [ref(X, 7), nop("i6"), nop("i7")], head=[nop("i1"), nop("i2")])
    assert run(blocks) == ""


def test_c16_substitutions() -> None:
    blocks = [([d("i1", RAX, 2), ref(X, 1), ref(Y, 3), d("i2", RCX), nop("i3")], ())]
    assert run(blocks, subs={(1, 0): (2, 0), (3, 0): (2, 0)}) == expect(
        "x=RAX[1,3) y=RAX[1,3)")


def test_c17_reference_to_dropped_number() -> None:
    blocks = [([d("i1", RAX, 1), ref(X, 1), d("i2", RCX), ref(X, 99), d("i3", RDX),
                nop("i4")], ())]
    assert run(blocks) == expect("x=RAX[1,2)")


def test_c18_entry_value() -> None:
    blocks = [([dbg_value(A, RDI), d("i1", RCX), d("i2", RDI), d("i3", RDX), nop("i4")], ())]
    assert run(blocks) == expect("a=RDI[start,2) a=entry(RDI)[2,4)")


def test_c19_fragments() -> None:
    lo, hi, whole = (VarKey("s", fragment=(0, 64)), VarKey("s", fragment=(64, 64)),
                     VarKey("s", fragment=(0, 128)))
    blocks = [([d("i1", RAX, 1), d("i2", RBX, 2), ref(lo, 1), ref(hi, 2), d("i3", RCX),
                d("i4", RAX), d("i5", RDX), d("i6", RSI, 3), ref(whole, 3), d("i7", RDI),
                nop("i8")], ())]
    assert run(blocks) == expect("s[0,64)=RAX[2,4) s[64,64)=RBX[2,6) s[0,128)=RSI[6,8)")


def test_c20_constant_across_blocks_and_calls() -> None:
    blocks = [([dbg_value(Y, 7), d("i1", RAX), nop("i2")], (1,)),
              ([call("i3"), nop("i4"), nop("i5")], ())]
    assert run(blocks) == expect("y=const7[start,5)")


@pytest.mark.parametrize("mode", ["single", "multi"])
def test_every_case_runs_in_both_modes(mode: str) -> None:
    for case in (c1, c2, c3, c5, c6):
        assert run(case(), mode)
