"""Stack-passed arguments as homes of their value (codegen/debuginfo/incoming_args.py):
an argument slot qualifies only while the function does nothing with it but load
it whole, and one loaded narrower than 8 bytes is never read by an expression or a
call-site value (its upper bytes are not the value's). Each case would show a wrong
value if the rule it checks were dropped: a slot that is written, whose address
escapes or that is partly accessed no longer holds the argument."""

from __future__ import annotations

from types import SimpleNamespace

from atomc.codegen.debuginfo.incoming_args import read_only_arguments
from atomc.codegen.debuginfo.ldv import (
    DebugValue,
    InstrRef,
    MBlockView,
    MFunctionView,
    MInstView,
    VarKey,
    compute_var_ranges,
    reg,
    slot,
)
from atomc.codegen.debuginfo.ldv.callsites import call_site_values
from atomc.codegen.debuginfo.ldv.machine import solve_machine_values
from atomc.codegen.mir import Imm, Mem, MFunction, MInst, PReg, SlotKind
from atomc.dwarf.locexpr import Constu, Plus

RSP = "rsp"
BASE = 80  # frame-base offset: CFA = %rsp + 80 in the body


def _function(body: list[MInst], slots: tuple[tuple[str, int], ...] = (("n", 0),)) -> MFunction:
    mf = MFunction("f", SimpleNamespace(internal=False), 0)  # type: ignore[arg-type]
    mf.frame_base_offset = BASE
    for name, off in slots:
        s = mf.new_slot(8, 8, SlotKind.INCOMING, name, fixed_offset=off)
        mf.slots[s.index].cfa_offset = off
    b = mf.new_block()
    b.insts = body
    mf.blocks.append(b)
    return mf


def _load(op: str, disp: int, dst: str) -> MInst:
    return MInst(op, [Mem(base=PReg(RSP), disp=disp), PReg(dst)], loc=None)


def test_a_slot_only_loaded_whole_qualifies() -> None:
    args = read_only_arguments(_function([_load("movq", BASE, "rax")]), RSP)
    assert args.at == {BASE: slot(0)} and not args.narrow


def test_a_slot_loaded_as_an_int_is_narrow() -> None:
    args = read_only_arguments(_function([_load("movl", BASE, "eax")]), RSP)
    assert args.at == {BASE: slot(0)} and args.narrow == {slot(0)}


def test_a_written_slot_does_not_qualify() -> None:
    store = MInst("movq", [PReg("rcx"), Mem(base=PReg(RSP), disp=BASE)], loc=None)
    assert read_only_arguments(_function([_load("movq", BASE, "rax"), store]), RSP).at == {}


def test_a_slot_whose_address_escapes_does_not_qualify() -> None:
    lea = MInst("leaq", [Mem(base=PReg(RSP), disp=BASE), PReg("rdi")], loc=None)
    assert read_only_arguments(_function([_load("movq", BASE, "rax"), lea]), RSP).at == {}


def test_a_partly_accessed_slot_does_not_qualify() -> None:
    # a byte store into the middle, and a 16-byte access from below reaching into it
    byte = MInst("movb", [Imm(1), Mem(base=PReg(RSP), disp=BASE + 3)], loc=None)
    wide = MInst("movups", [PReg("xmm0"), Mem(base=PReg(RSP), disp=BASE - 8)], loc=None)
    assert read_only_arguments(_function([_load("movq", BASE, "rax"), byte]), RSP).at == {}
    assert read_only_arguments(_function([_load("movq", BASE, "rax"), wide]), RSP).at == {}


def test_the_neighbouring_argument_loads_do_not_disqualify_each_other() -> None:
    mf = _function([_load("movq", BASE, "rax"), _load("movq", BASE + 8, "rcx")],
                   (("a", 0), ("b", 8)))
    assert read_only_arguments(mf, RSP).at == {BASE: slot(0), BASE + 8: slot(8)}


def test_the_variadic_overflow_area_is_not_an_argument() -> None:
    mf = _function([_load("movq", BASE, "rax")], (("va_overflow", 0),))
    assert read_only_arguments(mf, RSP).at == {}


RAX, RDI, RSP_LOC = reg(0), reg(5), reg(7)
ARG = slot(0)
CALLER_SAVED = frozenset({RAX, reg(1), reg(2), reg(4), RDI, reg(8), reg(9), reg(10), reg(11)})
P = VarKey("p", is_param=True)
Q = VarKey("q")


def _view(insts: list[MInstView], narrow: frozenset) -> MFunctionView:
    return MFunctionView((MBlockView(tuple(insts)),), CALLER_SAVED, frozenset(), {},
                         frozenset({RSP_LOC}), narrow)


def _ldv_case(narrow: frozenset) -> list[tuple[object, int, int, object]]:
    # i0 rax = ARG (#1); p = #1.1; q = #1.1 + 1; i1 rax = ...; i2 nop
    insts = [
        MInstView(restore=(RAX, ARG), instr_num=1, def_operands=(None, RAX)),
        MInstView(debug=DebugValue(P, InstrRef(1, 1))),
        MInstView(debug=DebugValue(Q, InstrRef(1, 1), expr=(Constu(1), Plus()))),
        MInstView(defs=(RAX,)),
        MInstView(),
    ]
    return [(r.var.var, r.start, r.end, r.loc) for r in compute_var_ranges(_view(insts, narrow))]


def test_the_parameter_lives_in_its_slot_from_entry_and_after_its_register() -> None:
    # from the first address (-1) to the end (after i2), in the slot or the register
    # loaded from it, without a gap; before, p had no location before the load's
    # record nor after its register was overwritten
    ranges = sorted(r[1:] for r in _ldv_case(frozenset()) if r[0] == "p")
    assert ranges[0][0] == -1 and ranges[-1][1] >= 2 and ranges[-1][2] == ARG
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:], strict=False))
    assert {loc for _, _, loc in ranges} <= {ARG, RAX}


def test_no_expression_reads_a_narrow_slot() -> None:
    wide = [r for r in _ldv_case(frozenset()) if r[0] == "q"]
    narrow = [r for r in _ldv_case(frozenset({ARG})) if r[0] == "q"]
    assert any(str(r[3]).startswith("SLOT0") for r in wide)
    assert all(not str(r[3]).startswith("SLOT0") for r in narrow)
    # the variable itself may still live there: a debugger reads only its bytes
    assert [r for r in _ldv_case(frozenset({ARG})) if r[0] == "p"][-1][3] == ARG


def test_no_call_site_value_reads_a_narrow_slot() -> None:
    # i0 rdi = ARG; i1 call (rdi): the argument is the slot's value
    insts = [MInstView(restore=(RDI, ARG)), MInstView(call=True, uses=(RDI,))]
    for narrow, want in ((frozenset(), (ARG,)), (frozenset({ARG}), ())):
        view = _view(insts, narrow)
        sites = call_site_values(view, solve_machine_values(view), (RDI,), frozenset())
        assert tuple(p.value for p in sites[0].params) == want


def test_a_frame_object_is_not_described_before_the_function_writes_it() -> None:
    # a struct parameter's home below the CFA (structs.c's `dot(struct point u, ...)`):
    # its record names the slot's entry contents, which are not the argument until the
    # stores that follow; it must not be extended to the first address
    home = slot(-16)
    insts = [MInstView(defs=(RAX,)), MInstView(debug=DebugValue(P, home)), MInstView()]
    ranges = [(r.start, r.loc) for r in compute_var_ranges(_view(insts, frozenset()))]
    assert ranges and all(start >= 0 for start, _ in ranges)
