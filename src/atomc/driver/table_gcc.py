"""gcc options atomc implements or rejects, one entry each (the explicit part of
the table; `inventory.py` classifies the rest of gcc's options).

Every -f/-m option's words also reach the preprocessor and the link driver,
as gcc's own specs pass them on (`%{f*} %{m*}`), so `atomc -E -dM` with any
flags prints exactly gcc's macros and `-ffast-math` links crtfastmath.o.
"""

from __future__ import annotations

from collections.abc import Callable, Container

from ..options import CfProtection, CodeModel, StackProtector
from . import convert as cv
from .invocation import Stop
from .spec import Add, Class, Form, Option, Set, Stage, UsageError, flag, valued

I, G, R = Class.IMPLEMENTED, Class.IGNORED, Class.REJECTED
CPP, AS, LINK = Stage.CPP, Stage.AS, Stage.LINK
FM = CPP | LINK  # -f and -m options
J, JS, S, EQ = Form.JOINED, Form.JOINED_OR_SEPARATE, Form.SEPARATE, Form.EQ


def _query(spelling: str) -> Add:
    return Add("inv.queries", convert=lambda v: (spelling, v))


def _queries() -> list[Option]:
    flags = {
        "-dumpversion": "print gcc's major version (12), as gcc-12 does",
        "-dumpfullversion": "print gcc's full version (12.2.0)",
        "-dumpmachine": "print the target triplet",
        "-dumpspecs": "print the specs of the gcc that atomc preprocesses and links with",
        "-print-search-dirs": "print the program and library search paths",
        "-print-libgcc-file-name": "print the path of libgcc.a",
        "-print-multiarch": "print the multiarch triplet",
        "-print-sysroot": "print the target sysroot (empty: none)",
        "-print-multi-directory": "print the multilib directory of this target",
        "-print-multi-os-directory": "print the OS library directory, relative",
        "-print-multi-lib": "print the multilib mapping",
        "-print-sysroot-headers-suffix": "print the sysroot header suffix",
    }
    out = [flag(s, I, h, Add("inv.queries", (s, ""))) for s, h in flags.items()]
    out.append(valued("-print-file-name=", EQ, I, "print the path of a library or data file, "
                      "looking in atomc's own data directory first", _query("-print-file-name="),
                      metavar="NAME"))
    out.append(valued("-print-prog-name=", EQ, I, "print the path of a toolchain program",
                      _query("-print-prog-name="), metavar="PROG"))
    return out


DRIVER: list[Option] = [
    flag("-c", I, "compile and assemble; do not link", Set("inv.stop", Stop.ASSEMBLE)),
    flag("-S", I, "compile to assembly; do not assemble", Set("inv.stop", Stop.COMPILE)),
    flag("-E", I, "preprocess only (gcc's preprocessor)", Set("inv.stop", Stop.PREPROCESS)),
    valued("-o", JS, I, "write the output to FILE", Set("inv.output"), metavar="FILE"),
    valued("-x", JS, I, "language of the inputs that follow: c, c-header, cpp-output "
           "(or c-cpp-output), assembler, assembler-with-cpp, none",
           Set("inv.language", convert=cv.language), metavar="LANG"),
    flag("-pipe", I, "preprocessed text goes to the compiler through a pipe",
         Set("inv.pipe", True)),
    flag("-save-temps", I, "keep the .i, .s and .o files, named as gcc names them",
         Set("inv.save_temps", "default")),
    valued("-save-temps=", EQ, I, "keep intermediate files in the current directory (cwd) or "
           "beside the output (obj)", Set("inv.save_temps"), values=("cwd", "obj")),
    flag("-v", I, "print the version banner and each command run (with the tools' own -v)",
         Set("inv.verbose", True)),
    flag("-###", I, "print the commands, quoted, without running them",
         Set("inv.dry_run", True)),
    flag("--version", I, "print the version", Set("inv.version", True)),
    flag("--help", I, "print this table", Set("inv.help", "all")),
    valued("--help=", EQ, I, "print one class of the table", Set("inv.help"),
           values=("implemented", "ignored", "rejected", "atomc")),
    flag("-fsyntax-only", I, "check the program; write nothing", Set("inv.syntax_only", True),
         to=CPP),
    valued("-B", JS, I, "look for programs (as) and startup files in DIR", to=CPP | LINK,
           metavar="DIR"),
    valued("--sysroot=", EQ, I, "use DIR as the root for headers and libraries", to=CPP | LINK,
           metavar="DIR"),
    valued("--sysroot", S, I, "use DIR as the root for headers and libraries", to=CPP | LINK,
           metavar="DIR"),
    valued("-specs=", EQ, I, "read gcc spec FILE (for the preprocessor and link driver)",
           to=CPP | LINK, metavar="FILE"),
    flag("-no-canonical-prefixes", I, "do not canonicalize gcc's component paths", to=CPP | LINK),
    flag("-pass-exit-codes", G, "exit codes of the phases are not distinguished"),
    flag("-time", G, "gcc's per-subprocess timing report"),
    valued("-wrapper", S, R, "", missing="running the compiler under a wrapper program"),
    *_queries(),
]

PREPROCESSOR: list[Option] = [
    valued("-D", JS, I, "define a macro", to=CPP, metavar="NAME[=VAL]"),
    valued("-U", JS, I, "undefine a macro", to=CPP, metavar="NAME"),
    valued("-I", JS, I, "add a directory to the include search path", to=CPP, metavar="DIR"),
    valued("-A", JS, I, "assert a predicate (obsolete #assert)", to=CPP, metavar="PRED=ANS"),
    valued("-include", JS, I, "include FILE before the source", to=CPP, metavar="FILE"),
    valued("-imacros", JS, I, "take only the macros of FILE", to=CPP, metavar="FILE"),
    valued("-isystem", JS, I, "add a system include directory", to=CPP, metavar="DIR"),
    valued("-iquote", JS, I, "add a directory for #include \"...\" only", to=CPP, metavar="DIR"),
    valued("-idirafter", JS, I, "add an include directory searched last", to=CPP,
           metavar="DIR"),
    valued("-iprefix", JS, I, "set the prefix of -iwithprefix", to=CPP, metavar="DIR"),
    valued("-iwithprefix", JS, I, "add prefix/DIR after the system directories", to=CPP,
           metavar="DIR"),
    valued("-iwithprefixbefore", JS, I, "add prefix/DIR to the -I directories", to=CPP,
           metavar="DIR"),
    valued("-isysroot", JS, I, "root directory for system headers", to=CPP, metavar="DIR"),
    valued("-imultilib", JS, I, "multilib subdirectory of the include directories", to=CPP,
           metavar="DIR"),
    flag("-nostdinc", I, "do not search the standard include directories", to=CPP),
    flag("-undef", I, "predefine no system- or target-specific macros", to=CPP),
    flag("-trigraphs", I, "replace ISO C trigraphs", to=CPP),
    flag("-C", I, "keep comments in -E output (no effect when compiling)"),
    flag("-CC", I, "keep comments, also inside macros, in -E output (no effect when "
         "compiling)"),
    flag("-P", I, "no line markers in -E output (no effect when compiling)"),
    flag("-H", I, "print the name of each header used", to=CPP),
    flag("-fdirectives-only", I, "with -E: run directives, leave macros unexpanded (no effect "
         "when compiling)"),
    flag("-fno-directives-only", I, "with -E: expand macros (the default)"),
    flag("-remap", I, "remap file names for short file systems", to=CPP),
    flag("-traditional-cpp", I, "pre-standard preprocessing", to=CPP),
    flag("-traditional", I, "pre-standard C (gcc supports it with -E only)",
         Set("inv.traditional", True), to=CPP),
    flag("-posix", I, "define _POSIX_SOURCE", to=CPP),
    flag("-pthread", I, "define _REENTRANT and link with the threads library", to=CPP | LINK),
    valued("-Wp,", J, I, "pass comma-separated options to the preprocessor", to=CPP,
           metavar="OPTS"),
    valued("-Xpreprocessor", S, I, "pass ARG to the preprocessor", to=CPP, metavar="ARG"),
    valued("-d", J, I, "with -E: M lists the macros, D adds them, N names them, I keeps "
           "#include, U lists used ones; other letters (gcc dumps) are ignored",
           Add("inv.dump_letters"), metavar="LETTERS"),
    flag("-M", I, "write make dependencies instead of compiling", Add("inv.dep_kinds", "M")),
    flag("-MM", I, "like -M, without system headers", Add("inv.dep_kinds", "MM")),
    flag("-MD", I, "write dependencies to a .d file while compiling",
         Add("inv.dep_kinds", "MD")),
    flag("-MMD", I, "like -MD, without system headers", Add("inv.dep_kinds", "MMD")),
    valued("-MF", JS, I, "dependency output file", Add("inv.dep_kinds", "MF"), metavar="FILE"),
    valued("-MT", JS, I, "dependency target, as given", Add("inv.dep_kinds", "MT"),
           metavar="TARGET"),
    valued("-MQ", JS, I, "dependency target, quoted for make", Add("inv.dep_kinds", "MQ"),
           metavar="TARGET"),
    flag("-MP", I, "add a phony target per header", Add("inv.dep_kinds", "MP")),
    flag("-MG", I, "treat missing headers as generated files", Add("inv.dep_kinds", "MG")),
    valued("-fmacro-prefix-map=", EQ, I, "rewrite OLD to NEW at the start of __FILE__",
           to=FM, metavar="OLD=NEW"),
    valued("-ffile-prefix-map=", EQ, I, "rewrite OLD to NEW in __FILE__ and in debug "
           "information (reproducible builds)",
           Add("inv.debug_maps", convert=cv.prefix_map("-ffile-prefix-map")), to=FM,
           metavar="OLD=NEW"),
    valued("-fdebug-prefix-map=", EQ, I, "rewrite OLD to NEW in debug information: "
           "DW_AT_comp_dir and file names",
           Add("inv.debug_maps", convert=cv.prefix_map("-fdebug-prefix-map")), to=FM,
           metavar="OLD=NEW"),
    valued("-fexec-charset=", EQ, I, "execution character set (atomc supports UTF-8)",
           to=FM, values=("UTF-8", "utf-8", "UTF8", "utf8")),
    valued("-fwide-exec-charset=", EQ, I, "wide execution character set (atomc supports "
           "UTF-32LE)", to=FM, values=("UTF-32LE", "UTF-32", "utf-32le", "utf-32")),
    valued("-finput-charset=", EQ, I, "character set of the source files (converted by cpp)",
           to=FM, metavar="CHARSET"),
]

LANGUAGE: list[Option] = [
    valued("-std=", EQ, I, "language standard: c89 c90 iso9899:1990 iso9899:199409 c99 c9x "
           "iso9899:1999 iso9899:199x c11 c1x iso9899:2011 c17 c18 iso9899:2017 iso9899:2018 "
           "c2x gnu89 gnu90 gnu99 gnu9x gnu11 gnu1x gnu17 gnu18 gnu2x",
           Set("opts.std", convert=cv.std), Set("inv.std_spelling"), to=CPP,
           metavar="STANDARD"),
    flag("-ansi", I, "ISO C90 (-std=c90)", Set("opts.std", "c89"), Set("inv.std_spelling",
                                                                       "c90"), to=CPP),
    flag("-pedantic", I, "ISO pedantic warnings (from the preprocessor; atomc's front end "
         "adds none)", to=CPP),
    flag("-pedantic-errors", I, "ISO pedantic errors (from the preprocessor)", to=CPP),
    flag("-fsigned-char", I, "plain char is signed (atomc's only choice)", to=FM),
    flag("-fno-unsigned-char", I, "plain char is signed (atomc's only choice)", to=FM),
    flag("-funsigned-char", R, "", missing="unsigned plain 'char' (atomc's char is signed)"),
    flag("-fno-signed-char", R, "", missing="unsigned plain 'char' (atomc's char is signed)"),
    flag("-fsigned-bitfields", I, "plain int bit-fields are signed", to=FM),
    flag("-fno-unsigned-bitfields", I, "plain int bit-fields are signed", to=FM),
    flag("-funsigned-bitfields", R, "", missing="unsigned plain bit-fields"),
    flag("-fno-signed-bitfields", R, "", missing="unsigned plain bit-fields"),
    flag("-fshort-enums", R, "", missing="-fshort-enums (enums are int-sized)"),
    flag("-fno-short-enums", I, "enums are int-sized (the ABI's rule)", to=FM),
    flag("-fshort-wchar", R, "", missing="16-bit wchar_t"),
    flag("-fno-short-wchar", I, "wchar_t is 32 bits (the ABI's rule)", to=FM),
    flag("-fpack-struct", R, "", missing="packing every structure (-fpack-struct)"),
    valued("-fpack-struct=", EQ, R, "", missing="packing every structure (-fpack-struct)"),
    flag("-fno-pack-struct", I, "natural structure layout", to=FM),
    flag("-fms-extensions", R, "", missing="Microsoft C extensions"),
    flag("-fplan9-extensions", R, "", missing="Plan 9 C extensions"),
    flag("-ffreestanding", I, "freestanding environment (__STDC_HOSTED__ 0; implies "
         "-fno-builtin)", Set("opts.builtins", False), to=FM),
    flag("-fhosted", I, "hosted environment", Set("opts.builtins", True), to=FM),
    flag("-fbuiltin", I, "library functions gcc expands inline (fabs) are expanded",
         Set("opts.builtins", True), to=FM),
    flag("-fno-builtin", I, "plain library calls stay calls (fabs too)",
         Set("opts.builtins", False), to=FM),
    valued("-fno-builtin-", J, I, "the named library function stays a call",
           Add("opts.no_builtin"), to=FM, metavar="NAME"),
    valued("-fsso-struct=", EQ, I, "scalar storage order (atomc: little-endian only)",
           to=FM, values=("native", "little-endian")),
    flag("-fgnu89-inline", G, "GNU89 inline semantics; atomc emits every inline function it "
         "compiles either way (cpp's macros follow the flag)", to=FM),
    flag("-fno-gnu89-inline", G, "C99 inline semantics; atomc emits every inline function it "
         "compiles either way", to=FM),
]


def toggle(on: str, off: str, target: str, on_help: str, off_help: str) -> list[Option]:
    """A -fx / -fno-x pair setting one boolean."""
    return [flag(on, I, on_help, Set(target, True), to=FM),
            flag(off, I, off_help, Set(target, False), to=FM)]


def _code_model(model: CodeModel) -> Set:
    return Set("opts.code_model", model)


def _protector(kind: StackProtector) -> Set:
    return Set("opts.stack_protector", kind)


CODEGEN: list[Option] = [
    valued("-O", J, I, "optimisation level: -O/-O1 scalar clean-up; -O2/-O3 add inlining, "
           "GVN, LICM, loop passes; -Os/-Oz size thresholds; -Og as -O1; -Ofast is -O3 with "
           "-ffast-math's permissions (atomc keeps exact IEEE results)",
           Set("opts.opt_level", convert=cv.opt_level), Set("opts.size_opt", convert=cv.size_opt),
           to=FM, metavar="LEVEL"),
    *(flag(f"-O{v}", I, h, Set("opts.opt_level", cv.opt_level(v)),
           Set("opts.size_opt", cv.size_opt(v)), to=FM) for v, h in (
        ("fast", "-O3, with -ffast-math's permissions (atomc keeps exact IEEE results)"),
        ("g", "optimise without hurting debugging (atomc: -O1)"),
        ("s", "optimise for size (-O2 with size thresholds)"),
        ("z", "optimise for size (as -Os)"))),
    *(flag(s, I, h, _code_model(m), to=FM) for s, h, m in (
        ("-fPIC", "position-independent code for shared libraries", CodeModel.PIC),
        ("-fpic", "position-independent code for shared libraries (same as -fPIC on x86-64)",
         CodeModel.PIC),
        ("-fPIE", "position-independent code for executables", CodeModel.PIE),
        ("-fpie", "position-independent code for executables", CodeModel.PIE),
        ("-fno-pic", "position-dependent code", CodeModel.STATIC),
        ("-fno-PIC", "position-dependent code", CodeModel.STATIC),
        ("-fno-pie", "position-dependent code", CodeModel.STATIC),
        ("-fno-PIE", "position-dependent code", CodeModel.STATIC))),
    *(flag(s, I, h, _protector(k), to=FM) for s, h, k in (
        ("-fstack-protector", "canaries in functions with char arrays or alloca",
         StackProtector.DEFAULT),
        ("-fstack-protector-strong", "canaries in functions with arrays or address-taken locals",
         StackProtector.STRONG),
        ("-fstack-protector-all", "canaries in every function", StackProtector.ALL),
        ("-fstack-protector-explicit", "canaries in stack_protect functions only",
         StackProtector.EXPLICIT),
        ("-fno-stack-protector", "no stack canaries", StackProtector.NONE))),
    *toggle("-fstack-clash-protection", "-fno-stack-clash-protection",
            "opts.stack_clash_protection", "probe large stack frames page by page",
            "no stack probes"),
    flag("-fcf-protection", I, "Intel CET: endbr64 at indirect-branch targets (=full)",
         Set("opts.cf_protection", CfProtection.FULL), to=FM),
    valued("-fcf-protection=", EQ, I, "Intel CET level",
           Set("opts.cf_protection", convert=lambda v: CfProtection(v)), to=FM,
           values=("full", "branch", "return", "none")),
    *toggle("-ffunction-sections", "-fno-function-sections", "opts.function_sections",
            "each function in its own section", "functions share .text"),
    *toggle("-fdata-sections", "-fno-data-sections", "opts.data_sections",
            "each variable in its own section", "variables share their sections"),
    *toggle("-fcommon", "-fno-common", "opts.common",
            "tentative definitions become common symbols",
            "tentative definitions are ordinary definitions (the default)"),
    valued("-fvisibility=", EQ, I, "default ELF visibility of definitions",
           Set("opts.visibility"), to=FM, values=("default", "internal", "hidden", "protected")),
    *toggle("-fwrapv", "-fno-wrapv", "opts.wrapv", "signed overflow wraps",
            "signed overflow is undefined"),
    *toggle("-fno-strict-overflow", "-fstrict-overflow", "opts.wrapv",
            "signed overflow wraps (as -fwrapv)", "signed overflow is undefined (as -fno-wrapv)"),
    flag("-ftrapv", R, "", missing="trapping signed arithmetic (-ftrapv)"),
    flag("-fno-trapv", I, "signed arithmetic does not trap", to=FM),
    *toggle("-fstrict-aliasing", "-fno-strict-aliasing", "opts.strict_aliasing",
            "assume type-based aliasing rules", "make no type-based aliasing assumptions"),
    *toggle("-fdelete-null-pointer-checks", "-fno-delete-null-pointer-checks",
            "opts.delete_null_pointer_checks", "a dereferenced pointer is assumed non-null",
            "address 0 may be valid; null checks stay"),
    valued("-ftls-model=", EQ, I, "thread-local storage access model", Set("opts.tls_model"),
           to=FM, values=("global-dynamic", "local-dynamic", "initial-exec", "local-exec")),
    *toggle("-fomit-frame-pointer", "-fno-omit-frame-pointer", "opts.omit_frame_pointer",
            "no %rbp frame pointer where it is not needed",
            "keep %rbp as frame pointer in every function"),
    flag("-finline", I, "allow inlining (at -O2 and above)", Set("opts.inline_functions", True),
         to=FM),
    flag("-fno-inline", I, "no inlining (always_inline functions are called too, as atomc "
         "does at -O0)", Set("opts.inline_functions", False), to=FM),
    flag("-fasynchronous-unwind-tables", I, "unwind tables exact at every instruction "
         "(atomc's CFI always is; on by default)", Set("inv.async_unwind_tables", True), to=FM),
    flag("-fno-asynchronous-unwind-tables", I, "no .eh_frame unless -funwind-tables or "
         "-fexceptions asks for one (the CFI goes to .debug_frame)",
         Set("inv.async_unwind_tables", False), to=FM),
    flag("-funwind-tables", I, "emit .eh_frame", Set("inv.unwind_tables", True), to=FM),
    flag("-fno-unwind-tables", I, "no synchronous unwind tables (asynchronous ones stay)",
         Set("inv.unwind_tables", False), to=FM),
    flag("-fexceptions", I, "unwind tables for exception propagation (C code has no landing "
         "pads)", Set("inv.exceptions", True), to=FM),
    flag("-fno-exceptions", I, "no exception handling", Set("inv.exceptions", False), to=FM),
    flag("-fnon-call-exceptions", I, "trapping instructions may throw: unwind tables (no "
         "landing pads in C)", Set("inv.exceptions", True), to=FM),
    flag("-fno-non-call-exceptions", I, "only calls may throw", to=FM),
    valued("-fmax-errors=", EQ, I, "stop after N errors (0: no limit)",
           Set("inv.max_errors", convert=cv.count), to=FM, metavar="N"),
    flag("-fsplit-stack", R, "", missing="segmented stacks (-fsplit-stack)"),
    flag("-fstack-check", R, "", missing="stack checking (-fstack-check)"),
    valued("-fstack-check=", EQ, R, "", missing="stack checking (-fstack-check)"),
    valued("-fstack-limit-register=", EQ, R, "", missing="stack limits (-fstack-limit)"),
    valued("-fstack-limit-symbol=", EQ, R, "", missing="stack limits (-fstack-limit)"),
    flag("-fstack-usage", R, "", missing="stack usage files (.su)"),
    flag("-fcallgraph-info", R, "", missing="call graph files (.ci)"),
    valued("-fcallgraph-info=", EQ, R, "", missing="call graph files (.ci)"),
    valued("-fcall-saved-", J, R, "", missing="changing the calling convention's registers"),
    valued("-fcall-used-", J, R, "", missing="changing the calling convention's registers"),
    valued("-ffixed-", J, R, "", missing="reserving registers (-ffixed-REG)"),
    flag("-fleading-underscore", R, "", missing="underscore-prefixed symbol names"),
    flag("-fpcc-struct-return", R, "", missing="returning small structures in memory "
         "(-fpcc-struct-return)"),
    flag("-fsingle-precision-constant", R, "", missing="single-precision floating constants"),
    flag("-frounding-math", R, "", missing="dynamic rounding modes (atomc folds floating "
         "point in round-to-nearest)"),
    flag("-fsignaling-nans", R, "", missing="signaling-NaN semantics"),
    valued("-ftrivial-auto-var-init=", EQ, I, "uninitialized automatic variables stay "
           "uninitialized (zero and pattern are not supported)", to=FM,
           values=("uninitialized",)),
    valued("-fzero-call-used-regs=", EQ, I, "no register clearing on return (only 'skip')",
           to=FM, values=("skip",)),
    flag("-fharden-compares", R, "", missing="hardened comparisons"),
    flag("-fharden-conditional-branches", R, "", missing="hardened conditional branches"),
    valued("-fpatchable-function-entry=", EQ, R, "", missing="patchable function entries"),
    flag("-finstrument-functions", R, "", missing="function entry/exit instrumentation"),
    valued("-finstrument-functions-exclude-file-list=", EQ, R, "",
           missing="function entry/exit instrumentation"),
    valued("-finstrument-functions-exclude-function-list=", EQ, R, "",
           missing="function entry/exit instrumentation"),
    flag("-fgnu-tm", R, "", missing="transactional memory"),
    flag("-fopenmp", R, "", missing="OpenMP"),
    flag("-fopenacc", R, "", missing="OpenACC"),
    valued("-fopenacc-dim=", EQ, R, "", missing="OpenACC"),
    flag("-fopenmp-simd", G, "OpenMP simd pragmas are hints; atomc does not vectorise"),
    valued("-fsanitize=", EQ, R, "", missing="sanitizers (-fsanitize=)"),
    valued("-fsanitize-coverage=", EQ, R, "", missing="sanitizer coverage"),
    flag("-flto", R, "", missing="link-time optimisation (-flto)"),
    valued("-flto=", EQ, R, "", missing="link-time optimisation (-flto)"),
    flag("-fno-lto", G, "no link-time optimisation (atomc has none)"),
    flag("-fprofile-arcs", R, "", missing="profiling arcs (gcov)"),
    flag("-ftest-coverage", R, "", missing="coverage notes (gcov)"),
    flag("-fprofile-generate", R, "", missing="profile generation"),
    valued("-fprofile-generate=", EQ, R, "", missing="profile generation"),
    flag("-fprofile-values", R, "", missing="value profiling"),
    flag("-fprofile-info-section", R, "", missing="profile generation"),
    valued("-fprofile-info-section=", EQ, R, "", missing="profile generation"),
    flag("--coverage", R, "", missing="coverage instrumentation (gcov)"),
    flag("-pg", R, "", missing="mcount profiling (-pg)"),
    flag("-p", R, "", missing="prof profiling (-p)"),
    valued("-fplugin=", EQ, R, "", missing="gcc plugins"),
    valued("-fplugin-arg-", J, R, "", missing="gcc plugins"),
    flag("-fdump-ada-spec", R, "", missing="Ada spec output"),
    flag("-fdump-ada-spec-slim", R, "", missing="Ada spec output"),
    valued("-fdump-go-spec=", EQ, R, "", missing="Go spec output"),
    flag("-fhelp", R, "", missing="gcc's -fhelp (use --help)"),
    valued("-fhelp=", EQ, R, "", missing="gcc's -fhelp (use --help)"),
    flag("-ffast-math", I, "permits value-changing floating-point rewrites, which atomc never "
         "makes; gcc's macros and crtfastmath.o as gcc", to=FM),
    flag("-fno-fast-math", I, "exact floating point", to=FM),
    *(flag(s, I, "permission for value-changing floating-point rewrites; atomc keeps exact "
           "results (gcc's macros follow the flag)", to=FM)
      for s in ("-funsafe-math-optimizations", "-fassociative-math", "-freciprocal-math",
                "-ffinite-math-only", "-fno-signed-zeros", "-fno-trapping-math",
                "-fno-math-errno", "-fcx-limited-range", "-fcx-fortran-rules")),
    *(flag(s, I, "exact floating-point semantics (atomc's only behaviour)", to=FM)
      for s in ("-fno-unsafe-math-optimizations", "-fno-associative-math",
                "-fno-reciprocal-math", "-fno-finite-math-only", "-fsigned-zeros",
                "-ftrapping-math", "-fmath-errno", "-fno-cx-limited-range",
                "-fno-cx-fortran-rules", "-fno-rounding-math", "-fno-signaling-nans",
                "-fno-single-precision-constant")),
    valued("-fexcess-precision=", EQ, I, "no excess precision on x86-64's SSE arithmetic",
           to=FM, values=("standard", "fast", "16")),
    valued("-ffp-contract=", EQ, I, "permission to fuse multiply-add; atomc does not fuse",
           to=FM, values=("off", "on", "fast")),
    valued("-fpermitted-flt-eval-methods=", EQ, I, "FLT_EVAL_METHOD values the headers may "
           "see", to=FM, values=("c11", "ts-18661")),
    valued("-fuse-ld=", EQ, I, "linker the link driver runs", to=FM,
           values=("bfd", "gold", "lld", "mold")),
]


def _g(level: int) -> tuple[Set, Set]:
    return Set("opts.debug", level > 0), Set("opts.debug_level", max(level, 1))


DEBUG: list[Option] = [
    valued("-g", J, I, "debug information, DWARF 5: -g/-g2 full, -g1 line tables and functions "
           "only, -g3 adds macros (.debug_macro), -g0 none",
           Set("opts.debug", convert=lambda v: cv.debug_level(v) > 0),
           Set("opts.debug_level", convert=lambda v: max(cv.debug_level(v), 1)), to=CPP,
           metavar="LEVEL"),
    valued("-ggdb", J, I, "debug information for gdb (as -g)",
           Set("opts.debug", convert=lambda v: cv.debug_level(v) > 0),
           Set("opts.debug_level", convert=lambda v: max(cv.debug_level(v), 1)), to=CPP,
           metavar="LEVEL"),
    flag("-gdwarf", I, "DWARF debug information (as -g)", *_g(2), to=CPP),
    valued("-gdwarf-", J, I, "DWARF version: 5; 2, 3 and 4 fall back to DWARF 5 (atomc writes "
           "DWARF 5 only; gdb and lldb read it)", Set("opts.debug", True),
           Set("opts.dwarf_version", convert=cv.dwarf_version), to=CPP,
           metavar="N"),
    flag("-gdwarf32", I, "32-bit DWARF offsets (atomc's only format)", to=CPP),
    flag("-gdwarf64", R, "", missing="64-bit DWARF"),
    flag("-gz", I, "compress debug sections (zlib), in objects and at link",
         Set("inv.compress_debug", "zlib"), to=CPP | LINK),
    valued("-gz=", EQ, I, "debug section compression", Set("inv.compress_debug"),
           to=CPP | LINK, values=("none", "zlib", "zlib-gnu")),
    flag("-gsplit-dwarf", R, "", missing="split DWARF (.dwo files)"),
    *(flag(s, R, "", missing=f"debug format {s[2:]}")
      for s in ("-gstabs", "-gstabs+", "-gxcoff", "-gxcoff+", "-gvms", "-gcoff", "-gcoff1",
                "-gcoff2", "-gcoff3", "-gbtf", "-gctf", "-gtoggle")),
    valued("-gctf", J, R, "", missing="debug format ctf"),
]

_WARNING_WORD = Add("inv.warning_words", convert=lambda v: v)


def warnings(known: Container[str]) -> list[Option]:
    """-W options atomc itself interprets; `known` holds gcc's warning names."""
    def name(option: str) -> Callable[[str], str]:
        def check(value: str) -> str:
            if value not in known:
                raise UsageError(f"'{option}{value}': no option '-W{value}'")
            return value
        return check

    def prefixed(option: str) -> Callable[[str], str]:
        check = name(option)
        return lambda value: option + check(value)
    return [
        flag("-w", I, "no warnings", Add("inv.warning_words", "-w"), to=CPP),
        flag("-Werror", I, "warnings are errors", Add("inv.warning_words", "-Werror"), to=CPP),
        flag("-Wno-error", I, "warnings stay warnings", Add("inv.warning_words", "-Wno-error"),
             to=CPP),
        valued("-Werror=", EQ, I, "this warning is an error", Add(
            "inv.warning_words", convert=prefixed("-Werror=")),
            to=CPP, metavar="NAME"),
        valued("-Wno-error=", EQ, I, "this warning is not an error", Add(
            "inv.warning_words", convert=prefixed("-Wno-error=")),
            to=CPP, metavar="NAME"),
        flag("-Wfatal-errors", I, "stop at the first error",
             Add("inv.warning_words", "-Wfatal-errors"), to=CPP),
        valued("-Wno-", J, I, "turn a warning off (an unknown name is accepted silently, as "
               "gcc does)", Add("inv.warning_words", convert=lambda v: "-Wno-" + v), to=CPP,
               metavar="NAME"),
        flag("-Wattributes", I, "warn about attributes atomc ignores (on by default)",
             Add("inv.warning_words", "-Wattributes"), to=CPP),
        flag("-Wall", I, "gcc's common warnings: the preprocessor's ones and atomc's own",
             to=CPP),
        flag("-Wextra", I, "more warnings: the preprocessor's ones and atomc's own", to=CPP),
        *(flag(s, I, "a warning the preprocessor reports", to=CPP) for s in (
            "-Wcpp", "-Wcomment", "-Wcomments", "-Wtrigraphs", "-Wundef", "-Wunused-macros",
            "-Wendif-labels", "-Wexpansion-to-defined", "-Wbuiltin-macro-redefined",
            "-Wdate-time", "-Wmissing-include-dirs", "-Wvariadic-macros", "-Wbidi-chars",
            "-Wmultichar", "-Wpedantic", "-Wtraditional", "-Wlong-long", "-Wnormalized")),
    ]


LINKER: list[Option] = [
    valued("-l", JS, I, "link with library LIB", to=LINK, metavar="LIB"),
    valued("-L", JS, I, "add a library search directory", to=LINK, metavar="DIR"),
    valued("-Wl,", J, I, "pass comma-separated options to the linker", to=LINK,
           metavar="OPTS"),
    valued("-Xlinker", S, I, "pass ARG to the linker", to=LINK, metavar="ARG"),
    valued("-Wa,", J, I, "pass comma-separated options to the assembler", to=AS,
           metavar="OPTS"),
    valued("-Xassembler", S, I, "pass ARG to the assembler", to=AS, metavar="ARG"),
    valued("-T", JS, I, "link with the linker script SCRIPT", to=LINK, metavar="SCRIPT"),
    valued("-u", JS, I, "link as if SYMBOL were undefined", to=LINK, metavar="SYMBOL"),
    valued("-e", JS, I, "entry point SYMBOL", to=LINK, metavar="SYMBOL"),
    valued("--entry=", EQ, I, "entry point SYMBOL", to=LINK, metavar="SYMBOL"),
    valued("-z", JS, I, "pass -z KEYWORD to the linker", to=LINK, metavar="KEYWORD"),
    *(flag(s, I, h, to=LINK) for s, h in (
        ("-static", "link statically"),
        ("-shared", "build a shared library"),
        ("-pie", "link a position-independent executable"),
        ("-no-pie", "link a position-dependent executable"),
        ("-static-pie", "link a static position-independent executable"),
        ("-r", "relocatable link (an object file)"),
        ("-rdynamic", "export all symbols to the dynamic symbol table"),
        ("-s", "strip symbols from the executable"),
        ("-symbolic", "bind global references locally in a shared library"),
        ("-nostdlib", "no startup files, no default libraries"),
        ("-nostartfiles", "no startup files"),
        ("-nodefaultlibs", "no default libraries"),
        ("-nolibc", "no C library"),
        ("-static-libgcc", "link libgcc statically"),
        ("-shared-libgcc", "link libgcc as a shared library"),
        ("-static-libasan", "static sanitizer runtime (no effect without -fsanitize)"),
        ("-mpc32", "x87 precision control at startup: single"),
        ("-mpc64", "x87 precision control at startup: double"),
        ("-mpc80", "x87 precision control at startup: extended"))),
]


def target(march: tuple[str, ...], mtune: tuple[str, ...]) -> list[Option]:
    """x86-64 options; `march`/`mtune` are gcc's accepted CPU names."""
    return [
        valued("-march=", EQ, I, "the CPU whose extensions the predefined macros announce "
               "(as gcc's); atomc's code stays baseline x86-64, which every CPU runs, "
               "except that __sync_* on 16 bytes use its cmpxchg16b, as gcc's",
               Set("opts.march"), to=FM, values=march, metavar="CPU"),
        flag("-mcx16", I, "cmpxchg16b: __sync_* builtins on 16 bytes inline, as gcc's",
             Set("opts.cx16", True), to=FM),
        flag("-mno-cx16", I, "no cmpxchg16b: __sync_* builtins on 16 bytes call "
             "__sync_*_16 functions, as gcc's", Set("opts.cx16", False), to=FM),
        valued("-mtune=", EQ, G, "gcc's scheduling model (atomc has its own)", to=FM,
               values=mtune, metavar="CPU"),
        valued("-mcpu=", EQ, G, "gcc's scheduling model (deprecated spelling of -mtune=)",
               to=FM, values=mtune, metavar="CPU"),
        flag("-m64", I, "64-bit x86-64 code (atomc's only target)", to=FM),
        *(flag(s, R, "", missing=m) for s, m in (
            ("-m32", "32-bit code (-m32)"), ("-mx32", "the x32 ABI (-mx32)"),
            ("-m16", "16-bit code (-m16)"), ("-mno-sse", "code without SSE (floating point "
                                            "uses SSE2)"),
            ("-mno-sse2", "code without SSE2 (floating point uses SSE2)"),
            ("-msoft-float", "software floating point"),
            ("-mgeneral-regs-only", "code without SSE and x87 registers"),
            ("-mno-80387", "code without x87 (long double uses it)"),
            ("-mno-fp-ret-in-387", "returning floating values in integer registers"),
            ("-m96bit-long-double", "a 12-byte long double"),
            ("-malign-double", "8-byte alignment of double in structures"),
            ("-mms-bitfields", "Microsoft bit-field layout"),
            ("-mandroid", "the Android platform"), ("-mbionic", "the Bionic C library"),
            ("-muclibc", "the uClibc C library"), ("-mmusl", "the musl C library"),
            ("-mindirect-branch-register", "indirect branches through registers only"),
            ("-mfentry", "__fentry__ profiling calls"), ("-mrecord-mcount", "mcount records"),
            ("-mnop-mcount", "mcount records"), ("-mrecord-return", "return records"),
            ("-mcall-ms2sysv-xlogues", "the Microsoft calling convention"),
            ("-miamcu", "the Intel MCU ABI"), ("-mintel-syntax", "Intel assembly syntax"))),
        *(valued(s, EQ, R, "", missing=m) for s, m in (
            ("-mfentry-name=", "__fentry__ profiling calls"),
            ("-mfentry-section=", "__fentry__ profiling calls"),
            ("-minstrument-return=", "return instrumentation"),
            ("-mstack-protector-guard-offset=", "a stack protector guard at another offset"),
            ("-mstack-protector-guard-symbol=", "a stack protector guard in a global"))),
        *(valued(s, EQ, I, h, to=FM, values=v) for s, h, v in (
            ("-mabi=", "the System V ABI (ms is not supported)", ("sysv",)),
            ("-mcmodel=", "the small code model (medium, large and kernel are not supported)",
             ("small",)),
            ("-mfpmath=", "floating point in SSE registers (387 is not supported)", ("sse",)),
            ("-masm=", "AT&T assembly syntax, also for asm statements (intel is not "
             "supported)", ("att",)),
            ("-mtls-dialect=", "the traditional TLS dialect (gnu2 descriptors are not "
             "supported)", ("gnu",)),
            ("-mindirect-branch=", "indirect branches unchanged (retpoline thunks are not "
             "supported)", ("keep",)),
            ("-mfunction-return=", "returns unchanged (return thunks are not supported)",
             ("keep",)),
            ("-mharden-sls=", "no straight-line-speculation hardening", ("none",)),
            ("-maddress-mode=", "64-bit addresses", ("long",)),
            ("-mstack-protector-guard=", "the stack protector guard in TLS at %fs:0x28",
             ("tls",)),
            ("-mstack-protector-guard-reg=", "the stack protector guard segment", ("fs",)))),
        *(flag(s, I, h, to=FM) for s, h in (
            ("-mlong-double-80", "80-bit x87 long double (the ABI's)"),
            ("-m128bit-long-double", "long double padded to 16 bytes (the ABI's)"),
            ("-mred-zone", "the 128-byte red zone may be used"),
            ("-mno-red-zone", "nothing is stored below %rsp (atomc never uses the red zone)"),
            ("-mglibc", "the GNU C library"),
            ("-mno-ms-bitfields", "the System V bit-field layout"),
            ("-mno-align-double", "the ABI's alignment of double"),
            ("-mfp-ret-in-387", "long double returned in %st(0) (the ABI's)"),
            ("-m80387", "x87 instructions available"),
            ("-msse", "SSE (part of baseline x86-64)"),
            ("-msse2", "SSE2 (part of baseline x86-64)"))),
        *(flag(s, R, "", missing=m) for s, m in (
            ("-mlong-double-64", "a 64-bit long double"),
            ("-mlong-double-128", "a 128-bit long double"))),
    ]
