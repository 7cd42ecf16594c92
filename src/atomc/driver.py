"""The `atomc` command: a gcc-compatible driver.

It compiles each `.c` input to assembly in-process, assembles with GNU `as`,
and links through the system `cc` (so crt files and libc come from the system).
Outputs are written to a temporary name and renamed into place only on
success, so a failed compilation never leaves a half-written file behind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import __version__
from .diag import CompileAborted, DiagnosticEngine, InternalCompilerError, compiling_where
from .options import CfProtection, CodeModel, CompileOptions, StackProtector

EXIT_ERROR = 1
EXIT_INTERNAL = 70

HELP = f"""\
usage: atomc [options] file...

atomc {__version__}: a C compiler whose optimised code stays debuggable.

Inputs: .c (compiled), .s (assembled), .o/.a (linked). Several inputs may be given.

  -c                 compile and assemble, do not link
  -S                 compile only; write assembly
  -E                 preprocess only
  -o FILE            write output to FILE
  -O0 -O1 -O2 -O3 -Os
                     optimisation level (-O1: mem2reg and scalar clean-up;
                     -O2/-O3/-Os: adds sroa, sccp, gvn and licm)
  -g, -g0            emit / do not emit DWARF 5 debug information
  -gkey-instructions, -gno-key-instructions
                     Key Instructions is_stmt placement (default: on when optimising)
  -I DIR, -D NAME[=VAL], -U NAME
                     preprocessor options
  -std=c99|c11|gnu99|gnu11
  -W..., -w, -pedantic  warning options (accepted)
  -L DIR, -l LIB, -Wl,..., -static, -pthread
                     linker options
  --emit-ir          print the IR instead of assembly
  --print-after-all  print the IR after every pass (to stderr)
  --print-after=PASS print the IR after the named pass
  --verify-each      run the IR verifier after every pass
  --passes=a,b,c     run exactly these passes
  --opt-bisect-limit=N, --time-passes
  --version          print the version
  -v                 name the driver on stderr (gcc-compatible), then compile as usual
"""

_STDS = ("c99", "c11", "gnu99", "gnu11", "c89", "c90", "gnu89", "gnu90", "c17", "gnu17", "c18",
         "gnu18")
# -f flags that only tune things atomc does not model; accepted for build-system compatibility.
_ACCEPTED_F = ("-fno-strict-aliasing",
               "-fwrapv", "-fno-builtin", "-fsigned-char",
               "-fdiagnostics-color=never", "-fno-inline",
               "-fno-asynchronous-unwind-tables")


class UsageError(Exception):
    pass


@dataclass
class DriverArgs:
    mode: str = "link"  # link, c, S, E
    output: str | None = None
    inputs: list[str] = field(default_factory=list)
    link_args: list[str] = field(default_factory=list)
    opts: CompileOptions = field(default_factory=CompileOptions)
    show_version: bool = False
    show_help: bool = False
    verbose: bool = False  # -v: identify the driver on stderr, as gcc does


def parse_args(argv: Sequence[str]) -> DriverArgs:
    a = DriverArgs()
    o: dict[str, object] = {}
    includes: list[str] = []
    defines: list[str] = []
    undefs: list[str] = []
    print_after: list[str] = []
    it = iter(range(len(argv)))
    args = list(argv)

    def value(i: int, flag: str) -> tuple[str, int]:
        if len(args[i]) > len(flag):
            return args[i][len(flag):], i
        if i + 1 >= len(args):
            raise UsageError(f"argument to '{flag}' is missing")
        return args[i + 1], i + 1

    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("-c", "-S", "-E"):
            a.mode = arg[1]
        elif arg.startswith("-o"):
            a.output, i = value(i, "-o")
        elif arg in ("-O", "-O1"):
            o["opt_level"] = 1
        elif arg in ("-O0", "-O2", "-O3"):
            o["opt_level"] = int(arg[2])
        elif arg in ("-Os", "-Oz"):
            o["opt_level"], o["size_opt"] = 2, True
        elif arg == "-Og":
            o["opt_level"] = 1
        elif arg in ("-g", "-g2", "-g3", "-ggdb", "-gdwarf", "-gdwarf-5", "-gdwarf-4"):
            o["debug"] = True
        elif arg in ("-g0",):
            o["debug"] = False
        elif arg == "-gkey-instructions":
            o["key_instructions"] = True
        elif arg == "-gno-key-instructions":
            o["key_instructions"] = False
        elif arg.startswith("-I"):
            d, i = value(i, "-I")
            includes.append(d)
        elif arg.startswith("-D"):
            d, i = value(i, "-D")
            defines.append(d)
        elif arg.startswith("-U"):
            d, i = value(i, "-U")
            undefs.append(d)
        elif arg.startswith("-std="):
            std = arg[5:]
            if std not in _STDS:
                raise UsageError(f"invalid value '{std}' in '{arg}'")
            o["std"] = std
        elif arg.startswith("-W") and not arg.startswith("-Wl,"):
            pass
        elif arg in ("-w", "-pedantic", "-pedantic-errors", "-ansi", "-m64", "-pipe"):
            if arg == "-ansi":
                o["std"] = "c89"
        elif arg in ("-fomit-frame-pointer", "-fno-omit-frame-pointer"):
            o["omit_frame_pointer"] = arg == "-fomit-frame-pointer"
        elif _codegen_flag(arg, o, a.link_args):
            pass
        # --- semantics flags (int128 helper; the driver's option table takes these over) ---
        elif arg in ("-fwrapv", "-fno-wrapv"):
            o["wrapv"] = arg == "-fwrapv"
        elif arg in ("-fstrict-aliasing", "-fno-strict-aliasing"):
            o["strict_aliasing"] = arg == "-fstrict-aliasing"
        elif arg in ("-fdelete-null-pointer-checks", "-fno-delete-null-pointer-checks"):
            o["delete_null_pointer_checks"] = arg == "-fdelete-null-pointer-checks"
        # --- end of semantics flags ---
        elif arg in _ACCEPTED_F or arg.startswith("-fdiagnostics") or arg.startswith("-fmax-errors"):
            pass
        elif arg.startswith("-L"):
            d, i = value(i, "-L")
            a.link_args.append("-L" + d)
        elif arg.startswith("-l"):
            d, i = value(i, "-l")
            a.link_args.append("-l" + d)
        elif arg.startswith("-Wl,") or arg in ("-pthread", "-rdynamic"):
            a.link_args.append(arg)
        elif arg == "--version":
            a.show_version = True
        elif arg == "-v":
            a.verbose = True
        elif arg in ("--help", "-help"):
            a.show_help = True
        elif arg == "--emit-ir":
            o["emit_ir"] = True
        elif arg == "--print-after-all":
            o["print_after_all"] = True
        elif arg.startswith("--print-after="):
            print_after.extend(p for p in arg.split("=", 1)[1].split(",") if p)
        elif arg == "--verify-each":
            o["verify_each"] = True
        elif arg.startswith("--passes="):
            o["passes"] = tuple(p for p in arg.split("=", 1)[1].split(",") if p)
        elif arg.startswith("--opt-bisect-limit="):
            try:
                o["opt_bisect_limit"] = int(arg.split("=", 1)[1])
            except ValueError:
                raise UsageError(f"invalid value in '{arg}'") from None
        elif arg == "--time-passes":
            o["time_passes"] = True
        elif arg.startswith("--key-instructions-mode="):
            mode = arg.split("=", 1)[1]
            if mode not in ("documented", "llvm22"):
                raise UsageError(f"invalid value '{mode}' in '{arg}' (documented or llvm22)")
            o["key_instructions_mode"] = mode
        elif arg.startswith("--loclist-mode="):
            mode = arg.split("=", 1)[1]
            if mode not in ("single", "multi"):
                raise UsageError(f"invalid value '{mode}' in '{arg}' (single or multi)")
            o["loclist_mode"] = mode
        elif arg == "-":
            raise UsageError("reading source from standard input is not supported")
        elif arg.startswith("-"):
            raise UsageError(f"unrecognized command-line option '{arg}'")
        else:
            a.inputs.append(arg)
        i += 1
    del it
    _resolve_code_model(o)
    a.opts = replace(CompileOptions(), include_dirs=tuple(includes), defines=tuple(defines),
                     undefines=tuple(undefs), print_after=tuple(print_after),
                     **o)  # type: ignore[arg-type]
    return a


# ---- code generation and link-mode flags (PIC/PIE, hardening, sections, TLS) -----------
# Kept in one block for the driver's option table to absorb.
_LINK_MODE_FLAGS = ("-shared", "-pie", "-no-pie", "-static", "-static-pie")
_PIC_LEVEL = {"-fpic": ("pic", 1), "-fPIC": ("pic", 2), "-fpie": ("pie", 1), "-fPIE": ("pie", 2)}
_STACK_PROTECTOR = {"-fstack-protector": StackProtector.DEFAULT,
                    "-fstack-protector-strong": StackProtector.STRONG,
                    "-fstack-protector-all": StackProtector.ALL,
                    "-fstack-protector-explicit": StackProtector.EXPLICIT,
                    "-fno-stack-protector": StackProtector.NONE}
_TLS_MODELS = ("global-dynamic", "local-dynamic", "initial-exec", "local-exec")
_VISIBILITIES = ("default", "hidden", "protected", "internal")
_ON_OFF = {"-ffunction-sections": ("function_sections", True),
           "-fno-function-sections": ("function_sections", False),
           "-fdata-sections": ("data_sections", True),
           "-fno-data-sections": ("data_sections", False),
           "-fcommon": ("common", True), "-fno-common": ("common", False),
           "-fstack-clash-protection": ("stack_clash_protection", True),
           "-fno-stack-clash-protection": ("stack_clash_protection", False)}


def _codegen_flag(arg: str, o: dict[str, object], link_args: list[str]) -> bool:
    """Record one of these flags in `o` (or `link_args`); False if `arg` is not one."""
    if arg in _LINK_MODE_FLAGS:
        link_args.append(arg)
    elif arg in _PIC_LEVEL:
        # gcc: the last of -fpic/-fPIC/-fpie/-fPIE cancels the others
        kind, level = _PIC_LEVEL[arg]
        o["_pic"], o["_pie"] = (level, -1) if kind == "pic" else (-1, level)
    elif arg == "-fno-pic":
        o["_pic"] = 0
    elif arg == "-fno-pie":
        o["_pie"] = 0
    elif arg in _STACK_PROTECTOR:
        o["stack_protector"] = _STACK_PROTECTOR[arg]
    elif arg in _ON_OFF:
        name, on = _ON_OFF[arg]
        o[name] = on
    elif arg == "-fcf-protection" or arg.startswith("-fcf-protection="):
        level = arg.partition("=")[2] or "full"
        try:
            o["cf_protection"] = CfProtection(level)
        except ValueError:
            raise UsageError(f"unknown Control-Flow Protection Level '{level}'") from None
    elif arg.startswith("-fvisibility="):
        if arg[13:] not in _VISIBILITIES:
            raise UsageError(f"unrecognized argument in option '{arg}'")
        o["visibility"] = arg[13:]
    elif arg.startswith("-ftls-model="):
        if arg[12:] not in _TLS_MODELS:
            raise UsageError(f"unrecognized argument in option '{arg}'")
        o["tls_model"] = arg[12:]
    else:
        return False
    return True


def _resolve_code_model(o: dict[str, object]) -> None:
    """gcc's finish_options: without a -fpie/-fPIE option the default PIE applies only
    when no -fpic/-fPIC/-fno-pic was given either; PIE implies PIC code."""
    pic, pie = o.pop("_pic", -1), o.pop("_pie", -1)
    if pic == -1 and pie == -1:
        return
    if pie == -1:
        pie = 0 if pic != -1 else 2
    o["code_model"] = CodeModel.PIE if pie else CodeModel.PIC if pic and pic != -1 \
        else CodeModel.STATIC
# ---- end of code generation and link-mode flags --------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        args = parse_args(argv)
    except UsageError as e:
        print(f"atomc: error: {e}", file=sys.stderr)
        return EXIT_ERROR
    if args.show_help:
        sys.stdout.write(HELP)
        return 0
    if args.show_version:
        print(f"atomc {__version__}")
        return 0
    if args.verbose:  # build scripts (zlib's configure) look for "gcc" here
        print(f"atomc version {__version__} (gcc-compatible driver)\n"
              "Target: x86_64-linux-gnu", file=sys.stderr)
        if not args.inputs:
            return 0
    if not args.inputs:
        print("atomc: error: no input files", file=sys.stderr)
        return EXIT_ERROR
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except OSError as e:  # unwritable output, a directory in the way, a full disk
        where = f" '{e.filename}'" if e.filename else ""
        print(f"atomc: error: cannot write output{where}: {e.strerror or e}", file=sys.stderr)
        return EXIT_ERROR


def _run(args: DriverArgs) -> int:
    for path in args.inputs:
        if not os.path.exists(path):
            print(f"atomc: error: {path}: No such file or directory", file=sys.stderr)
            return EXIT_ERROR
    single_output_modes = ("c", "S", "E")
    if args.output and args.mode in single_output_modes and len(args.inputs) > 1:
        print("atomc: error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files",
              file=sys.stderr)
        return EXIT_ERROR
    with tempfile.TemporaryDirectory(prefix="atomc-") as tmp:
        objects: list[str] = []
        for path in args.inputs:
            suffix = Path(path).suffix
            if suffix in (".o", ".a", ".so") and args.mode == "link":
                objects.append(path)
                continue
            status = _compile_one(path, args, tmp, objects)
            if status != 0:
                return status
        if args.mode == "link":
            return _link(objects, args, tmp)
    return 0


def _default_output(path: str, mode: str) -> str:
    ext = {"c": ".o", "S": ".s"}[mode]
    return Path(path).with_suffix(ext).name


def _compile_one(path: str, args: DriverArgs, tmp: str, objects: list[str]) -> int:
    suffix = Path(path).suffix
    if suffix in (".s", ".S"):
        if args.mode in ("S", "E"):
            print(f"atomc: error: {path}: assembly input with '-{args.mode}'", file=sys.stderr)
            return EXIT_ERROR
        out = args.output if args.mode == "c" and args.output else None
        obj = out or (os.path.join(tmp, f"{len(objects)}.o") if args.mode == "link"
                      else _default_output(path, "c"))
        status = _assemble(path, obj)
        if status == 0 and args.mode == "link":
            objects.append(obj)
        return status
    if suffix not in (".c", ".h", ".i") and suffix:
        print(f"atomc: error: {path}: unrecognized input file type", file=sys.stderr)
        return EXIT_ERROR
    diags = DiagnosticEngine()
    try:
        if args.mode == "E":
            from .frontend import preprocess
            text = preprocess(path, args.opts, diags)
            return _write_output(args.output, text)
        text = _compile_to_text(path, args.opts, diags)
    except CompileAborted:
        return EXIT_ERROR
    except InternalCompilerError as e:
        where = f" in {e.where}" if e.where else ""
        at = f" at {e.span.file}:{e.span.line}:{e.span.column}" if e.span else ""
        print(f"{path}: internal compiler error{where}{at}: {e}", file=sys.stderr)
        return EXIT_INTERNAL
    except RecursionError:
        print(f"{path}: error: program nesting too deep for atomc{compiling_where.get()}",
              file=sys.stderr)
        return EXIT_ERROR
    except Exception as e:  # a bug: one line, never a traceback
        if os.environ.get("ATOMC_TRACEBACK"):
            raise
        print(f"{path}: internal compiler error{compiling_where.get()}: "
              f"{type(e).__name__}: {e}", file=sys.stderr)
        return EXIT_INTERNAL
    if args.opts.emit_ir or args.mode == "S":
        out = args.output if args.output else (
            "-" if args.opts.emit_ir else _default_output(path, "S"))
        return _write_output(out, text)
    asm_path = os.path.join(tmp, f"{len(objects)}.s")
    Path(asm_path).write_text(text)
    obj = (args.output or _default_output(path, "c")) if args.mode == "c" else \
        os.path.join(tmp, f"{len(objects)}.o")
    status = _assemble(asm_path, obj)
    if status == 0 and args.mode == "link":
        objects.append(obj)
    return status


def _compile_to_text(path: str, opts: CompileOptions, diags: DiagnosticEngine) -> str:
    from .frontend import compile_to_ir
    from .pipeline import optimise

    token = compiling_where.set(" (front end)")
    try:
        module = compile_to_ir(path, opts, diags)
        diags.check()
        compiling_where.set(" (optimiser)")
        module = optimise(module, opts)
        if opts.emit_ir:
            from .ir import print_module
            return print_module(module)
        compiling_where.set(" (back end)")
        from .codegen import generate_assembly
        return generate_assembly(module, opts)
    finally:
        compiling_where.reset(token)


def _write_output(out: str | None, text: str) -> int:
    if out is None or out == "-":
        sys.stdout.write(text)
        return 0
    _atomic_write(out, text.encode())
    return 0


def _atomic_write(path: str, data: bytes) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".atomc-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _tool(name: str) -> str | None:
    return shutil.which(name)


def _assemble(asm: str, obj: str) -> int:
    assembler = _tool("as")
    if assembler is None:
        print("atomc: error: the GNU assembler 'as' was not found", file=sys.stderr)
        return EXIT_ERROR
    directory = os.path.dirname(os.path.abspath(obj))
    fd, tmp_obj = tempfile.mkstemp(dir=directory, prefix=".atomc-", suffix=".o")
    os.close(fd)
    try:
        proc = subprocess.run([assembler, "--64", asm, "-o", tmp_obj], capture_output=True,
                              text=True)
        if proc.returncode != 0:
            sys.stderr.write(proc.stderr)
            print(f"atomc: error: assembler failed for {asm}", file=sys.stderr)
            return EXIT_ERROR
        os.replace(tmp_obj, obj)
        return 0
    finally:
        if os.path.exists(tmp_obj):
            os.unlink(tmp_obj)


def _link(objects: list[str], args: DriverArgs, tmp: str) -> int:
    cc = _tool("cc") or _tool("gcc")
    if cc is None:
        print("atomc: error: no system 'cc' to link with", file=sys.stderr)
        return EXIT_ERROR
    out = args.output or "a.out"
    directory = os.path.dirname(os.path.abspath(out))
    fd, tmp_out = tempfile.mkstemp(dir=directory, prefix=".atomc-")
    os.close(fd)
    try:
        # the system cc's own default (a PIE on Debian); -no-pie, -static, -shared, ...
        # are in link_args, in command-line order
        proc = subprocess.run([cc, "-o", tmp_out, *objects, *args.link_args],
                              capture_output=True, text=True)
        sys.stderr.write(proc.stderr)  # ld's warnings too (text relocations, ...), as gcc
        if proc.returncode != 0:
            print("atomc: error: linker command failed", file=sys.stderr)
            return EXIT_ERROR
        os.chmod(tmp_out, 0o755)
        os.replace(tmp_out, out)
        return 0
    finally:
        if os.path.exists(tmp_out):
            os.unlink(tmp_out)
