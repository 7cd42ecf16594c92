"""Back end: IR -> machine IR -> x86-64 GNU assembly (with .loc and CFI).

Pipeline per function: instruction selection (virtual registers; symbol
addresses by the code model, `x86_64/pic`, and TLS model, `x86_64/tls`),
fall-through branch folding, the stack protector's guard slot, register
allocation (-O0: `regalloc_fast`; above, linear scan then `branch_cleanup` of
the jump-only blocks it leaves), frame lowering (prologue with stack-clash
probes, epilogue, CFI, slot offsets), a folded return's `ret` at its closing brace
when the return line keeps code or an epilogue (`return-brace`), the hardening that needs final
addresses (canary checks, `endbr64`), then, with -g, scope labels, line-table
rows and the `FunctionDebugInfo` the DWARF writer consumes. Nothing that -g
adds emits machine code, so `.text` is identical with and without it. A
function with its own level (`optnone`, `optimize(...)`: `atomc.optlevel`)
runs that level's machine passes, -O0's for `optnone`.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, TextIO

from ..dwarf.files import FileTable
from ..ir.function import Function, Module
from ..ir.i128_uses import module_uses_i128
from ..ir.work import STAGES, report_stages, stage
from ..observe import machine_observer
from ..options import CompileOptions
from ..optlevel import function_options
from .mir import MFunction, print_mfunction
from .mir.passes import MachineContext, MachinePass, MachinePassManager, MIRState
from .passes.fallthrough import FallThrough
from .passes.return_brace import ReturnBrace
from .regalloc.fast import FastRegalloc
from .target import use_target
from .x86_64.asm.loop_align import aligns_loops, loop_headers
from .x86_64.asm.printer import AsmWriter
from .x86_64.asm.symbols import declaration_directives, init_fini_arrays
from .x86_64.cet import data_references, property_note, tracks_branches
from .x86_64.function_state import x86_state
from .x86_64.isel.select import select_function
from .x86_64.passes import DropBarriers, FrameLowering, FramePolicy, Hardening, StackProtector
from .x86_64.target import X86_64

if TYPE_CHECKING:
    from ..dwarf.macros import MacroEvent
    from ..dwarf.model import FunctionDebugInfo

__all__ = ["compile_function", "generate_assembly", "machine_pass_names", "machine_passes",
           "run_machine_pass"]

BACK = "back end"

use_target(X86_64)  # the one target atomc has


def machine_passes(opt_level: int) -> list[MachinePass]:
    """The machine passes after instruction selection, in order, at `opt_level`.
    The optimising ones are imported here, so that an -O0 compile never loads them."""
    passes: list[MachinePass] = [FramePolicy(), StackProtector(), FallThrough()]
    if opt_level == 0:
        passes += [DropBarriers(), FastRegalloc()]
    else:
        from .passes.branch_cleanup import BranchCleanup
        from .passes.dead_defs import DeadDefs
        from .passes.schedule import Schedule
        from .regalloc.coalesce import CoalesceCopies
        from .regalloc.linear import LinearRegalloc
        from .x86_64.passes import Peephole, RedundantZext
        passes.append(DeadDefs())
        if opt_level >= 2:
            passes.append(Schedule())
        passes.append(DropBarriers())  # barriers only constrain the scheduler
        passes += [CoalesceCopies(), LinearRegalloc(), RedundantZext(), BranchCleanup(),
                   Peephole()]
    passes += [FrameLowering(), ReturnBrace(), Hardening()]
    return passes


@cache
def machine_pass_names() -> frozenset[str]:
    """What --print-mir-after= accepts: instruction selection, then every machine pass."""
    return frozenset({"isel"} | {p.name for level in (0, 2) for p in machine_passes(level)})


def machine_pass_manager(opts: CompileOptions, verify: bool = False) -> MachinePassManager:
    """The manager for `opts`: its level's passes, and the printing and checking
    the command line asks for (`verify`: the verifier after every pass)."""
    return MachinePassManager(
        machine_passes(opts.opt_level),
        verify=verify or opts.verify_machineinstrs,
        check_di=opts.verify_machineinstrs,
        print_after_all=opts.print_mir_after_all,
        print_after=frozenset(opts.print_mir_after))


def run_machine_pass(functions: Sequence[MFunction], name: str, opts: CompileOptions,
                     out: TextIO) -> None:
    """Run the machine pass `name` of `opts`' level on `functions` (parsed from
    a .mir file, which starts in the state that pass expects) and print the
    result to `out`, like llc's -run-pass. With `opts.verify_machineinstrs` the
    verifier checks the input and the output and the pass's `keeps_di` contract
    is checked; a violation raises `InternalCompilerError`."""
    state = MIRState.VIRTUAL
    for p in machine_passes(opts.opt_level):
        if p.name == name:
            break
        state = p.leaves or state
    else:
        levels = [f"-O{level}" for level in range(4) if name in
                  {q.name for q in machine_passes(level)}]
        raise ValueError(f"no machine pass '{name}' at -O{opts.opt_level}"
                         + (f" (it runs at {', '.join(levels)})" if levels else ""))
    module = Module()
    for mf in functions:
        module.add_function(mf.ir)
    data_refs = data_references(module) if tracks_branches(opts.cf_protection) else None
    ctx = MachineContext(module, opts, opts.omits_frame_pointer, data_refs)
    pm = MachinePassManager([p], verify=opts.verify_machineinstrs,
                            check_di=opts.verify_machineinstrs)
    for mf in functions:
        if opts.verify_machineinstrs:
            from .mir.verifier import check_mfunction  # --verify-machineinstrs only

            check_mfunction(mf, state.value, two_vregs=opts.opt_level == 0)
        pm.run(mf, ctx, state)
        out.write(print_mfunction(mf))


def compile_function(fn: Function, number: int, module: Module, debug: bool,
                     opt_level: int = 0, verify: bool = False,
                     omit_frame_pointer: bool = False,
                     opts: CompileOptions | None = None,
                     data_refs: frozenset[str] | None = None,
                     manager: MachinePassManager | None = None) -> MFunction:
    """IR function -> final MIR (allocated, frame lowered), by instruction
    selection and then `manager` (default: `machine_pass_manager(opts, verify)`;
    with `verify`, the machine-IR verifier runs after every pass).
    `opts` supplies the code model and hardening options (default: gcc's);
    `data_refs`: the module's `cet.data_references` (computed when not given)."""
    opts = opts or CompileOptions(opt_level=opt_level)
    assert opts.opt_level == opt_level, "opt_level and opts disagree"
    pm = manager or machine_pass_manager(opts, verify)
    with stage("isel", BACK, opts.time_passes):
        mf = select_function(fn, number, module, debug, index_addressing=opt_level > 0,
                             opts=opts)
    if pm.verify:
        from .mir.verifier import check_mfunction  # --verify-machineinstrs only

        check_mfunction(mf, MIRState.VIRTUAL.value, two_vregs=opt_level == 0)
    pm.after("isel", mf)
    pm.run(mf, MachineContext(module, opts, omit_frame_pointer, data_refs))
    return mf


def legalize_i128() -> Callable[[Module], None]:
    """The optimiser's i128 legaliser, found by name: a compiled module that names a
    module of another compiled package (even inside a function) makes its library load
    that package's library at import, and the back end's would load the optimiser's
    in every -O0 compile."""
    legalize: Callable[[Module], None] = \
        importlib.import_module("atomc.opt.legalize_i128").legalize_module
    return legalize


def generate_assembly(module: Module, opts: CompileOptions,
                      macros: Sequence[MacroEvent] = ()) -> str:
    """The module's assembly text; `macros` (cpp's definitions, for -g3) go to
    `.debug_macro`."""
    # i128 values become i64 pairs (the machine's widest); --verify-each checks the result
    with stage("legalize-i128", BACK, opts.time_passes):
        legalized = module_uses_i128(module)
        if legalized:  # the legaliser is imported by a module with an i128 value only
            legalize_i128()(module)
    if legalized and opts.verify_each:
        from ..ir.verifier import verify_module
        errors = verify_module(module)
        if errors:
            from ..diag import InternalCompilerError
            raise InternalCompilerError(f"IR verification failed after legalize-i128: "
                                        f"{errors[0]} ({len(errors)} error(s))")
    debug = bool(opts.debug and module.cu is not None)
    files = FileTable(module.cu.file) if debug and module.cu is not None else None
    out = AsmWriter(module, opts)
    infos: list[FunctionDebugInfo] = []
    debug_stages = None
    if files is not None:
        from .debuginfo.stages import DebugStages  # -g only
        debug_stages = DebugStages(opts)
    float_consts: dict[str, bytes] = {}  # the module's floating-point constant pool
    number = 0
    data_refs = data_references(module) if tracks_branches(opts.cf_protection) else None
    watch = machine_observer.get()  # atomc-explain's recorder; None in a normal compile
    managers: dict[int, MachinePassManager] = {}  # by level
    for fn in module.functions.values():
        if fn.is_declaration:
            continue
        fn_debug = debug and fn.subprogram is not None
        fopts = function_options(fn.attrs, opts)  # optnone, optimize(...): its own level
        manager = managers.get(fopts.opt_level)
        if manager is None:
            manager = managers[fopts.opt_level] = machine_pass_manager(fopts, opts.verify_each)
        mf = compile_function(fn, number, module, fn_debug, fopts.opt_level, opts.verify_each,
                              fopts.omits_frame_pointer, fopts, data_refs, manager)
        number += 1
        table = None
        if fn_debug and debug_stages is not None:
            info, table = debug_stages.function(mf, fopts.opt_level)
            infos.append(info)
        with stage("asm-printer", BACK, opts.time_passes):
            aligned = loop_headers(mf) if aligns_loops(fopts.opt_level, fopts.size_opt) \
                else frozenset()
            out.function(mf, table, files if fn_debug else None, aligned)
        float_consts.update(x86_state(mf).float_consts)
        if watch is not None:
            watch.function(mf, table)
        else:
            mf.discard_code()
    with stage("asm-printer", BACK, opts.time_passes):
        if float_consts:
            out.float_constants(float_consts)
        for g in module.globals.values():
            if not g.is_declaration:
                out.global_var(g)
        for line in init_fini_arrays(module) + declaration_directives(module, out.policy):
            out.emit(line)
    if files is not None:
        with stage("DWARF", BACK, opts.time_passes):
            sections = _debug_sections(module, infos, files, opts, macros)
        if sections:
            out.emit(sections.rstrip("\n"))
    out.emit('\t.section\t.note.GNU-stack,"",@progbits')
    for line in property_note(opts.cf_protection):
        out.emit(line)
    head = ["\t.text"]
    if module.source_filename:
        # The symbol-table file name is the base name, as gcc writes it: GNU as
        # takes a path here for line-table file 0 and would clash with `.file 0`.
        head.append(f'\t.file\t"{_esc(os.path.basename(module.source_filename))}"')
    if files is not None:
        head.extend(files.directives(opts.file_prefix_map))
    if module.asm:  # file-scope asm, verbatim and in source order, before the functions
        head += ["#APP", *module.asm, "#NO_APP", "\t.text"]
    with stage("asm-printer", BACK, opts.time_passes):
        text = out.text(head)
    if opts.time_passes:
        report_stages(sys.stderr)
        STAGES.clear()
    return text


def _debug_sections(module: Module, infos: list[FunctionDebugInfo], files: FileTable,
                    opts: CompileOptions, macros: Sequence[MacroEvent]) -> str:
    """The DWARF writer's sections, when the writer is available."""
    try:
        from ..dwarf.writer import debug_sections
    except ImportError:
        return ""
    return debug_sections(module, infos, files, opts, macros)


def _esc(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')
