"""Carrying out an `Invocation`: gcc -E, atomc's compiler proper, as, the link driver.

Each step is a command (the compiler proper runs in-process, shown as the
equivalent `atomc -S -x cpp-output` command); `-v` prints each before running
it and hands `-v` to gcc so its include search list and collect2 line appear
as build systems expect; `-###` prints them quoted, as gcc does, and runs none.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from .. import childproc, lazyre
from ..diag import (
    CompileAborted,
    DiagnosticEngine,
    InternalCompilerError,
    WarningPolicy,
    compiling_where,
)
from ..options import CompileOptions
from . import fsutil, naming, toolchain
from .invocation import Input, Invocation, Lang, Stop
from .outputs import write_text
from .parse import compile_options
from .spec import Stage

EXIT_ERROR = 1
EXIT_INTERNAL = 70
_SAFE = lazyre.compile(r"^[A-Za-z0-9_/.\-]+$")
_DEP_WORDS = frozenset({"-MD", "-MMD", "-MF", "-MT", "-MQ", "-MP", "-MG"})
_E_ONLY = frozenset({"-o", "-x", "-d", "-M", "-MM", "-C", "-CC", "-P", "-fdirectives-only",
                     "-fno-directives-only", *_DEP_WORDS,
                     "--output=", "--output", "--no-line-commands", "--comments",
                     "--comments-in-macros",
                     "--language=", "--dependencies", "--user-dependencies",
                     "--write-dependencies", "--write-user-dependencies"})
_LINKER_INPUTS = frozenset({"-l", "-Wl,", "-Xlinker", "--for-linker="})
_COMPILER_PREFIXES = ("-O", "-g", "-f", "-m", "-W", "-w", "-std", "-ansi", "-pedantic")


def quote(arg: str) -> str:
    """An argument as gcc's -### prints it."""
    if _SAFE.match(arg):
        return arg
    return '"' + re.sub(r'(["\\$])', r"\\\1", arg) + '"'


@dataclass
class Runner:
    """Runs the external tools (gcc's preprocessor, as, the link), echoing them for -v/-###."""

    verbose: bool
    dry_run: bool

    def show(self, argv: Sequence[str]) -> None:
        if self.dry_run:
            print(" " + " ".join(quote(a) for a in argv), file=sys.stderr)
        elif self.verbose:
            print(" " + " ".join(argv), file=sys.stderr)
        sys.stderr.flush()

    def run(self, argv: list[str]) -> int:
        """Run a tool; under -v (which atomc hands on to gcc) gcc's own banner is
        left out of its output: atomc printed its banner already."""
        self.show(argv)
        if self.dry_run:
            return 0
        try:
            if not self.verbose:
                return childproc.run(argv).returncode
            proc = childproc.run(argv, stderr=True)
        except OSError as e:
            print(f"atomc: error: cannot run '{argv[0]}': {e.strerror}", file=sys.stderr)
            return EXIT_ERROR
        from ..frontend.preprocess import GCC_BANNER
        for line in proc.stderr.decode("utf-8", errors="replace").splitlines():
            if not GCC_BANNER.match(line):
                print(line, file=sys.stderr)
        return proc.returncode


def execute(inv: Invocation) -> int:
    if inv.help is not None:
        from .help import help_text

        sys.stdout.write(help_text(inv.help))
        return 0
    if inv.version:
        from .info import version_text

        sys.stdout.write(version_text())
        return 0
    if inv.verbose or inv.dry_run:
        from .info import banner

        sys.stderr.write(banner())
    if inv.verbose:
        for word in inv.ignored:
            print(f"atomc: note: ignoring '{word}' (it only tunes gcc itself)", file=sys.stderr)
        if inv.opts.get("dwarf_version") == 5 and any(
                w.option is not None and w.option.spelling == "-gdwarf-" and w.value != "5"
                for w in inv.words):
            print("atomc: note: writing DWARF 5 (atomc writes no older DWARF version)",
                  file=sys.stderr)
    if inv.queries:
        from .info import answer_queries

        return answer_queries(inv)
    inputs = inv.inputs
    # gcc counts -l, -Wl, and -Xlinker as linker inputs (Meson probes `cc -Wl,--version`)
    link_words = any(w.option is not None and w.option.spelling in _LINKER_INPUTS
                     for w in inv.words)
    if not inputs and not (link_words and inv.stop is Stop.LINK):
        if inv.verbose or inv.dry_run:
            return 0
        print("atomc: fatal error: no input files\ncompilation terminated.", file=sys.stderr)
        return EXIT_ERROR
    for i in inputs:
        if i.path != "-" and not os.path.exists(i.path):
            print(f"atomc: error: {i.path}: No such file or directory", file=sys.stderr)
            return EXIT_ERROR
    runner = Runner(inv.verbose, inv.dry_run)
    if inv.stop is Stop.PREPROCESS:
        return _preprocess_only(inv, runner)
    if any(i.path == "-" and i.language is None for i in inputs):
        print("atomc: error: -E or -x required when input is from standard input",
              file=sys.stderr)
        return EXIT_ERROR
    compiled = [i for i in inputs if i.lang is not Lang.LINKER]
    if inv.output and inv.stop is not Stop.LINK and len(compiled) > 1:
        print("atomc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple "
              "files\ncompilation terminated.", file=sys.stderr)
        return EXIT_ERROR
    job = _Job(inv, runner, compile_options(inv))
    with fsutil.temporary_directory("atomc-") as tmp:
        job.tmp = tmp
        # as gcc: an input that fails does not stop the others (each reports its own
        # errors and keeps its output); the command then fails, without linking
        failed = 0
        for w in inv.words:
            if w.input is not None:
                status = job.compile_input(w.input)
                failed = failed or status
        if failed:
            return failed
        if inv.stop is Stop.LINK and not inv.syntax_only:
            return job.link()
    return 0


def _preprocess_only(inv: Invocation, runner: Runner) -> int:
    """-E, -M, -MM: gcc's preprocessor does all of it, on the user's words in order."""
    argv = [toolchain.gcc_path(), "-E"]
    for w in inv.words:
        if w.input is not None:
            argv.append(w.input.path)
        elif w.option is not None and (w.goes_to(Stage.CPP) or w.option.spelling in _E_ONLY):
            if w.option.spelling in ("-x", "--language=") and w.value == "c-cpp-output":
                argv.extend(t.replace("c-cpp-output", "cpp-output") for t in w.tokens)
            else:
                argv.extend(w.tokens)
    if inv.verbose:
        argv.append("-v")
    return runner.run(argv)


@dataclass
class _Job:
    """One command's compiles and link, with its temporary files."""

    inv: Invocation
    runner: Runner
    opts: CompileOptions
    tmp: str = ""
    objects: dict[int, str] = field(default_factory=dict)  # id(Input) -> object file
    _count: int = 0

    # -- names ----------------------------------------------------------------

    def _temp(self, inp: Input, ext: str, keep: bool) -> str:
        """The intermediate file `ext` of `inp`: kept under gcc's name with -save-temps."""
        if keep and self.inv.save_temps is not None:
            return naming.temp_prefix(self.inv, inp.path) + ext
        self._count += 1
        return os.path.join(self.tmp, f"cc{self._count}{ext}")

    def _final(self, inp: Input) -> str:
        return self.inv.output if self.inv.output is not None else \
            naming.default_output(self.inv, inp.path)

    # -- one input --------------------------------------------------------------

    def compile_input(self, inp: Input) -> int:
        lang = inp.lang
        if isinstance(lang, str):
            print(f"atomc: error: {inp.path}: {lang} input is not supported (atomc compiles C)",
                  file=sys.stderr)
            return EXIT_ERROR
        if lang is Lang.LINKER:
            if self.inv.stop is not Stop.LINK:
                print(f"atomc: warning: {inp.path}: linker input file unused because linking "
                      "not done", file=sys.stderr)
            return 0
        if lang is Lang.C_HEADER and not self.inv.syntax_only:
            print(f"atomc: error: {inp.path}: precompiled headers are not supported",
                  file=sys.stderr)
            return EXIT_ERROR
        if lang in (Lang.ASM, Lang.ASM_CPP):
            return self._assemble_input(inp, lang)
        return self._compile_c(inp, lang)

    def _cpp_words(self, inp: Input) -> list[str]:
        """The preprocessor's words: the user's, then gcc's -MD/-MMD file and target."""
        inv = self.inv
        words = inv.tokens_for(Stage.CPP)
        kinds = set(inv.dep_kinds)
        if kinds & {"MD", "MMD"}:
            words += ["-MMD" if "MD" not in kinds else "-MD", "-MF",
                      naming.dependency_file(inv, inp.path)]
            for w in inv.words:
                if w.option is not None and w.option.spelling in _DEP_WORDS - {"-MD", "-MMD"}:
                    words.extend(w.tokens)
            target = naming.implicit_dependency_target(inv)
            if target is not None:
                words += ["-MQ", target]
        if inv.verbose:
            words.append("-v")
        return words

    def _preprocess(self, inp: Input, language: str, for_parser: bool, out: str | None,
                    diags: DiagnosticEngine) -> str:
        from ..frontend.preprocess import cpp_command, run_command
        cmd = cpp_command(inp.path, self.opts, for_parser, self._cpp_words(inp), language, out,
                          toolchain.gcc_path())
        self.runner.show(cmd)
        if self.inv.dry_run:
            return ""
        return run_command(cmd, inp.path, diags, out)

    def _diags(self) -> DiagnosticEngine:
        d = DiagnosticEngine(policy=WarningPolicy.from_words(self.inv.warning_words))
        if "-Wfatal-errors" in self.inv.warning_words:
            d.error_limit, d.limit_note = 1, "compilation terminated due to -Wfatal-errors."
        elif self.inv.max_errors is not None:
            d.error_limit = self.inv.max_errors
            d.limit_note = f"compilation terminated due to -fmax-errors={self.inv.max_errors}."
        return d

    def _compile_c(self, inp: Input, lang: Lang) -> int:
        inv = self.inv
        diags = self._diags()
        to_file = not (self.opts.emit_ir or inv.stop is Stop.COMPILE)
        i_file: str | None = inp.path
        if lang is not Lang.CPP_OUTPUT:
            i_file = None if inv.pipe and inv.save_temps is None else \
                self._temp(inp, ".i", keep=True)
        if to_file:
            s_file = self._temp(inp, ".s", keep=True)
        else:
            s_file = inv.output if inv.output is not None else (
                "-" if self.opts.emit_ir else naming.default_output(inv, inp.path))
        try:
            if lang is Lang.CPP_OUTPUT:
                text = self._read_preprocessed(inp)
            else:
                if inp.path != "-":
                    from ..frontend.driver import check_source
                    check_source(inp.path, diags)
                text = self._preprocess(inp, "c", True, i_file, diags)
            asm = self._compile_text(inp, text, i_file or "-", s_file, diags)
        except CompileAborted:
            diags.finish()
            return EXIT_ERROR
        except InternalCompilerError as e:
            where = f" in {e.where}" if e.where else ""
            at = f" at {e.span.file}:{e.span.line}:{e.span.column}" if e.span else ""
            print(f"{inp.path}: internal compiler error{where}{at}: {e}", file=sys.stderr)
            return EXIT_INTERNAL
        except RecursionError:
            print(f"{inp.path}: error: program nesting too deep for atomc"
                  f"{compiling_where.get()}", file=sys.stderr)
            return EXIT_ERROR
        except OSError:
            raise
        except Exception as e:  # a bug: one line, never a traceback
            if os.environ.get("ATOMC_TRACEBACK"):
                raise
            print(f"{inp.path}: internal compiler error{compiling_where.get()}: "
                  f"{type(e).__name__}: {e}", file=sys.stderr)
            return EXIT_INTERNAL
        diags.finish()
        if inv.syntax_only:
            return 0
        if asm is not None:
            write_text(s_file, asm)
        if not to_file:
            return 0
        return self._assemble(inp, s_file, source_is_asm=False)

    def _read_preprocessed(self, inp: Input) -> str:
        from ..frontend.preprocess import SOURCE_ERRORS
        if self.inv.dry_run:
            return ""
        if inp.path == "-":
            return sys.stdin.buffer.read().decode("utf-8", errors=SOURCE_ERRORS)
        with open(inp.path, encoding="utf-8", errors=SOURCE_ERRORS) as f:
            return f.read()

    def _compile_text(self, inp: Input, text: str, i_name: str, s_name: str,
                      diags: DiagnosticEngine) -> str | None:
        """atomc's compiler proper on preprocessed text (shown as the equivalent atomc
        command); None when nothing is to be written (-fsyntax-only, -###)."""
        from ..frontend.preprocess import origin, split_macros
        shown = [w for word in self.inv.words if word.option is not None and (
            word.option.spelling.startswith(_COMPILER_PREFIXES) and not
            word.option.spelling.startswith(("-Wl,", "-Wa,", "-Wp,"))) for w in word.tokens]
        self.runner.show(["atomc", "-S" if not self.opts.emit_ir else "--emit-ir",
                          "-x", "cpp-output", *shown, i_name, "-o", s_name])
        if self.inv.dry_run:
            return None
        text, macros = split_macros(text)
        main, cwd = origin(text)
        opts = replace(self.opts, working_directory=cwd) if cwd else self.opts
        return _compile_module(text, main or inp.path, opts, diags,
                               macros if opts.debug_level >= 3 else (),
                               self.inv.syntax_only, self._unwind_tables())

    def _unwind_tables(self) -> bool:
        """Whether gcc would write .eh_frame: asynchronous unwind tables are on by default
        on x86-64; without them, -funwind-tables or exceptions still ask for them."""
        inv = self.inv
        return inv.async_unwind_tables is not False or bool(inv.unwind_tables) or \
            inv.exceptions

    def _assemble_input(self, inp: Input, lang: Lang) -> int:
        inv = self.inv
        if inv.stop is Stop.COMPILE or inv.syntax_only:
            # gcc -S: a .s is left alone, a .S is preprocessed to the output (stdout)
            if lang is Lang.ASM_CPP and not inv.syntax_only:
                try:
                    text = self._preprocess(inp, "assembler-with-cpp", False, None,
                                            self._diags())
                except CompileAborted:
                    return EXIT_ERROR
                if not inv.dry_run:
                    write_text(inv.output or "-", text)
            return 0
        source = inp.path
        if lang is Lang.ASM_CPP:
            diags = self._diags()
            source = self._temp(inp, ".s", keep=True)
            try:
                self._preprocess(inp, "assembler-with-cpp", False, source, diags)
            except CompileAborted:
                return EXIT_ERROR
        return self._assemble(inp, source, source_is_asm=True)

    def _assemble(self, inp: Input, s_file: str, source_is_asm: bool) -> int:
        inv = self.inv
        assembler = toolchain.assembler([w.value or "" for w in inv.words
                                         if w.option is not None and w.option.spelling == "-B"])
        if assembler is None:
            print("atomc: error: the GNU assembler 'as' was not found", file=sys.stderr)
            return EXIT_ERROR
        if inv.stop is Stop.ASSEMBLE:
            obj = self._final(inp)
        else:
            obj = self._temp(inp, ".o", keep=True)
            self.objects[id(inp)] = obj
        argv = [assembler]
        if source_is_asm and self.opts.debug:
            argv.append("--gdwarf-5")
        if inv.compress_debug is not None:
            argv.append(f"--compress-debug-sections={inv.compress_debug}")
        argv.append("--64")
        for w in inv.words:
            if w.goes_to(Stage.AS) and w.value is not None:
                argv += w.value.split(",") if w.option and w.option.spelling.endswith(",") \
                    else [w.value]
        argv += ["-o", obj, s_file]
        status = self.runner.run(argv)
        if status != 0:
            print(f"atomc: error: assembler failed for {inp.path}", file=sys.stderr)
            return EXIT_ERROR
        return 0

    # -- the link ----------------------------------------------------------------

    def link(self) -> int:
        inv = self.inv
        words: list[str] = []
        for w in inv.words:
            if w.input is not None:
                lang = w.input.lang
                words.append(self.objects.get(id(w.input), w.input.path)
                              if lang is not Lang.LINKER else w.input.path)
            elif w.goes_to(Stage.LINK):
                words.extend(w.tokens)
        out = inv.output if inv.output is not None else "a.out"
        argv = [toolchain.gcc_path(), *toolchain.default_link_flags(words), *words, "-o", out]
        if inv.verbose:
            argv.append("-v")
        status = self.runner.run(argv)
        if status != 0:
            return EXIT_ERROR
        return 0


def _compile_module(text: str, main: str, opts: CompileOptions, diags: DiagnosticEngine,
                    macros: Sequence[object], syntax_only: bool, unwind: bool) -> str | None:
    from ..frontend.driver import compile_preprocessed
    from ..pipeline import optimise

    token = compiling_where.set(" (front end)")
    try:
        module = compile_preprocessed(text, main, opts, diags)
        diags.check()
        if syntax_only:
            return None
        compiling_where.set(" (optimiser)")
        module = optimise(module, opts)
        if opts.emit_ir:
            from ..ir import print_module
            return print_module(module)
        compiling_where.set(" (back end)")
        from ..codegen import generate_assembly
        asm = generate_assembly(module, opts, macros)  # type: ignore[arg-type]
        if not unwind:  # -fno-asynchronous-unwind-tables -fno-unwind-tables: no .eh_frame
            asm = "\t.cfi_sections\t.debug_frame\n" + asm
        return asm
    finally:
        compiling_where.reset(token)
