"""Textual machine IR round-trips: for every tests/exec program at -O2 -g, the
MIR printed after instruction selection and after every machine pass parses
back (`mir.parser`) into a function that prints identically, debug-info
operands included; a pass run on the parsed copy leaves what it leaves on the
original; bad input gets a `file.mir:LINE:COL: error:` diagnostic."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from atomc.codegen.mir import MFunction, SlotKind, print_mfunction
from atomc.codegen.mir.parser import MIRParseError, parse_mir
from atomc.codegen.mir.passes import MachineContext, MachinePassManager
from atomc.codegen.pipeline import compile_function, machine_passes
from atomc.diag import DiagnosticEngine
from atomc.ir.function import Module
from atomc.options import CompileOptions

PROGRAMS = sorted((Path(__file__).parent.parent / "exec" / "programs").glob("*.c"))
# frame-policy, stack-protector and hardening also read the IR body, which a .mir file lacks
READS_IR_BODY = {"frame-policy", "stack-protector", "hardening"}


def _module(src: Path, opts: CompileOptions) -> Module:
    from atomc.frontend import compile_to_ir
    from atomc.opt.legalize_i128 import legalize_module
    from atomc.pipeline import optimise
    module = optimise(compile_to_ir(str(src), opts, DiagnosticEngine(out=io.StringIO())), opts)
    legalize_module(module)
    return module


class _RoundTrip(MachinePassManager):
    """Prints, parses and prints again after isel and every pass (a pass that left
    the text as the one before it left nothing new to parse: the text is checked once)."""

    def __init__(self, level: int) -> None:
        super().__init__(machine_passes(level))
        self.checked = 0
        self.parsed = 0
        self.failed: list[str] = []
        self.last_text: dict[str, str] = {}

    def after(self, name: str, mf: MFunction) -> None:
        text = print_mfunction(mf)
        self.checked += 1
        if self.last_text.get(mf.name) == text:
            return
        self.last_text[mf.name] = text
        self.parsed += 1
        try:
            again = [print_mfunction(f) for f in parse_mir(text, f"{mf.name}.mir")]
        except MIRParseError as e:
            again = [str(e)]
        if again != [text]:
            self.failed.append(f"{mf.name} after {name}")


@pytest.mark.parametrize("src", PROGRAMS, ids=lambda p: p.stem)
def test_every_function_round_trips_after_every_pass(src: Path) -> None:
    opts = CompileOptions(opt_level=2, debug=True)
    module = _module(src, opts)
    pm = _RoundTrip(2)
    n = 0
    for fn in module.functions.values():
        if not fn.is_declaration:
            compile_function(fn, n, module, fn.subprogram is not None, 2, opts=opts, manager=pm)
            n += 1
    assert pm.failed == []
    assert pm.checked == n * (1 + len(pm.passes)) > 0
    assert pm.parsed > n  # not every pass left every function as it found it


SAMPLE = [p for p in PROGRAMS if p.stem.split("_", 1)[0] in
          {"018", "030", "048", "063", "150", "192", "218", "350", "370", "400"}]


@pytest.mark.parametrize("level", [0, 2])
@pytest.mark.parametrize("src", SAMPLE, ids=lambda p: p.stem)
def test_a_pass_on_parsed_mir_does_what_it_does_on_the_original(src: Path, level: int) -> None:
    """Run each pass on a parsed copy of its input: the result prints like the
    original's, so the text keeps everything the passes read."""
    opts = CompileOptions(opt_level=level, debug=True)
    module = _module(src, opts)
    ctx = MachineContext(module, opts, opts.omits_frame_pointer)
    compared = 0

    class _Twin(MachinePassManager):
        copy: str = ""

        def after(self, name: str, mf: MFunction) -> None:
            nonlocal compared
            text = print_mfunction(mf)
            if self.copy and name not in READS_IR_BODY:
                [twin] = parse_mir(self.copy)
                MachinePassManager([p for p in self.passes if p.name == name]).run(twin, ctx)
                assert print_mfunction(twin) == text, f"{mf.name}: {name}"
                compared += 1
            self.copy = text

    n = 0
    for fn in module.functions.values():
        if not fn.is_declaration:
            compile_function(fn, n, module, fn.subprogram is not None, level, opts=opts,
                             manager=_Twin(machine_passes(level)))
            n += 1
    assert compared > 0


@pytest.mark.parametrize(("text", "where", "message"), [
    ("mfunction @f {\n  function: number 0\n}\n", "2:21", "missing function property"),
    ("mfunction f {\n}\n", "1:11", "expected function name"),
    ("mfunction @f {\n", "1:1", "no closing '}'"),
    ("garbage\n", "1:1", "expected 'mfunction'"),
])
def test_bad_input_gets_a_positioned_error(text: str, where: str, message: str) -> None:
    with pytest.raises(MIRParseError) as e:
        parse_mir(text, "t.mir")
    assert str(e.value).startswith(f"t.mir:{where}: error: ") and message in str(e.value)


HEAD = ("mfunction @f {\n  function: number 0, frame-pointer 1, frame-size 0, "
        "frame-base-offset 16, max-call-frame 0, next-instr-num 1, next-block 2\n"
        "  vregs: 4\nbb.0:\n")


@pytest.mark.parametrize(("body", "where", "message"), [
    ("  movl %v3:4, $rax:4\n", "5:8", "%v3 is not in the function's vregs"),
    ("  jmp %bb.7\n", "5:7", "undefined block %bb.7"),
    ("  movl $rax, %v0:4\n", "5:8", "needs a width"),
    ("  movl [stack.0], %v0:4\n", "5:9", "not a stack object"),
    ("  movl #1, %v0:4 :3:4\n", "5:18", "needs a scope"),
    ("  DBG_VALUE ; x () !0\n", "5:20", "undefined metadata !0"),
    ("  movl #1, %v0:4 junk\n", "5:18", "unexpected 'junk' at end of line"),
    ("  movl #1 ? %v0:4\n", "5:11", "unexpected character '?'"),
])
def test_bad_instructions_get_positioned_errors(body: str, where: str, message: str) -> None:
    with pytest.raises(MIRParseError) as e:
        parse_mir(HEAD + body + "}\n", "t.mir")
    assert str(e.value).startswith(f"t.mir:{where}: error: "), str(e.value)
    assert message in str(e.value)


def test_a_stack_object_kind_is_one_of_slotkind() -> None:
    head = HEAD.removesuffix("bb.0:\n")
    with pytest.raises(MIRParseError) as e:
        parse_mir(head + "  stack.0: x87 size 16 align 16\nbb.0:\n  ret\n}\n", "t.mir")
    assert str(e.value).startswith("t.mir:4:12: error: unknown stack slot kind 'x87'")
    fn, = parse_mir(head + "  stack.0: scratch size 16 align 16 ; x87.cw\nbb.0:\n  ret\n}\n")
    assert fn.slots[0].kind is SlotKind.SCRATCH and fn.slots[0].name == "x87.cw"


def test_metadata_errors_point_into_the_metadata() -> None:
    text = HEAD + "  ret\n}\n!0 = DIFile(name: \"a.c\")\n"
    with pytest.raises(MIRParseError) as e:
        parse_mir(text, "t.mir")
    assert str(e.value).startswith("t.mir:7:"), str(e.value)
