"""The real projects of the tier, as data: Debian 12 source packages built with CC set to
the compiler under test by their own build systems, and checked by their own test suites.

Chosen for breadth over the four build systems a C compiler must serve (autoconf with
libtool shared libraries, plain Makefiles, CMake with both generators, Meson) and over
the C they are written in; the README's realworld paragraph says why each is here.
Shapes of the fields: `recipe.py`. `gcc_cpu` holds gcc's CPU seconds for configure +
build and for the suite (`bench/realworld_build.py`), used only to balance CI's rotation
(`rotation.py`).
"""

from __future__ import annotations

from recipe import BuildSystem, GdbCheck, Recipe, Suite, Tally, TallyKind

AUTOMAKE = Tally(TallyKind.AUTOMAKE)
CTEST = Tally(TallyKind.CTEST)
MESON = Tally(TallyKind.MESON)

# CMake and Meson: plain build types, so the only flags are Debian's (as debhelper does:
# CMake reads no CPPFLAGS, so they go into CFLAGS).
CMAKE = ('CFLAGS="$CFLAGS $CPPFLAGS" cmake -S . -B _build -G {gen} -DCMAKE_BUILD_TYPE=None '
         '-DCMAKE_INSTALL_PREFIX="$PREFIX" {opts}')
CMAKE_BUILD = "cmake --build _build -j $JOBS"
CTEST_RUN = "USE_VALGRIND=0 ctest --test-dir _build -j $JOBS --output-on-failure"
MESON_SETUP = "meson setup _build --buildtype=plain --prefix=\"$PREFIX\" {opts}"
MESON_BUILD = "meson compile -C _build -j $JOBS"
MESON_TEST = "meson test -C _build --num-processes $JOBS --print-errorlogs"
MAKE = "make -j$JOBS"

# sqlite3's testfixture: a fast subset of veryquick.test's files (core SQL, the VM,
# expressions, joins, triggers, FTS5, JSON), each file printing "N errors out of M tests".
# (delete.test is left out: its read-only-file cases fail when run as root.)
SQLITE_TESTS = ("test/select1", "test/select4", "test/expr", "test/func", "test/insert",
                "test/update", "test/delete4", "test/where", "test/join", "test/trigger1",
                "test/index", "test/collate1", "test/json101", "ext/fts5/test/fts5aa",
                "test/window1", "test/with1", "test/vacuum")

JSON_C_GDB = GdbCheck("_build/tests/test_parse", "json_tokener_parse_ex",
                      ("c", "nBytes", "len", "obj", "tok->char_offset", "tok->err", "tok->depth",
                       "tok->st_pos", "tok->stack[tok->depth].state", "tok->flags"),
                      file="json_tokener.c", stop_at=r"while \(PEEK_CHAR\(c, tok\)\)",
                      libdirs=("_build",))

PACKAGES: tuple[Recipe, ...] = (
    Recipe(
        name="sqlite3", system=BuildSystem.AUTOTOOLS,
        why="the 250k-line amalgamation (functions of thousands of lines: compile time), "
            "libtool shared library, Tcl-driven test fixture",
        configure=("./configure --prefix=\"$PREFIX\" --disable-static --enable-shared "
                   "--disable-readline --enable-json --enable-fts5",),
        build=(MAKE, f"{MAKE} testfixture"),
        suite=Suite(tuple(f"./testfixture {t}.test" for t in SQLITE_TESTS),
                    Tally(TallyKind.COUNTS,
                          r"^(?P<failed>\d+) errors out of (?P<total>\d+) tests"),
                    "one `do_test` case of the testfixture files "
                    + ", ".join(t.rpartition("/")[2] for t in SQLITE_TESTS)),
        gdb=GdbCheck(".libs/sqlite3", "sqlite3VdbeExec",
                     ("rc", "encoding", "iCompare", "nVmStep", "nProgressLimit", "p->pc", "p->nOp",
                      "p->nMem", "p->nCursor", "db->nDb", "aOp[0].opcode", "aOp[p->pc].opcode",
                      "pIn1", "pOut"),
                     file="sqlite3.c", stop_at=r"for\(pOp=&aOp\[p->pc\]; 1; pOp\+\+\)\{",
                     args=(":memory:", "'select 6*7, upper(\"abc\")'"), libdirs=(".libs",)),
        tools=("tclsh",), gcc_cpu=(102.0, 16.0)),
    Recipe(
        name="bzip2", system=BuildSystem.MAKEFILE,
        why="plain Makefile, Debian's shared libbz2 (-fPIC, -shared), bit-level compression",
        configure=(),
        build=(f'{MAKE} CC="$CC" CFLAGS="$CFLAGS -Wall -Winline -D_FILE_OFFSET_BITS=64" '
               'CPPFLAGS="$CPPFLAGS -D_REENTRANT" LDFLAGS="$LDFLAGS" '
               'libbz2.a bzip2 bzip2recover',),
        suite=Suite(('make test CC="$CC" CFLAGS="$CFLAGS -D_FILE_OFFSET_BITS=64" '
                     'CPPFLAGS="$CPPFLAGS -D_REENTRANT" LDFLAGS="$LDFLAGS"',),
                    Tally(TallyKind.MARKS, r"^cmp ", r"differ|EOF on", total=6),
                    "one `cmp` of `make test` (3 compressions, 3 decompressions)"),
        gdb=GdbCheck("bzip2", "generateMTFValues",
                     ("i", "wr", "zPend", "EOB", "s->nblock", "s->nInUse", "yy[0]",
                      "s->mtfFreq[0]", "s->mtfFreq[1]"),
                     file="compress.c", stop_at=r"j = ptr\[i\]-1;",
                     args=("-1", "-c", "sample1.ref"), libdirs=(".",), nexts=12),
        gcc_cpu=(5.6, 0.5)),
    Recipe(
        name="lz4", system=BuildSystem.MAKEFILE,
        why="plain Makefile with recursive make, shared liblz4, heavy use of force-inlined "
            "functions and unaligned memory access",
        configure=(),
        build=(f'{MAKE} CC="$CC" V=1 lib-release lz4-release', "make -C tests datagen"),
        suite=Suite(tuple(f"make -C tests {t}" for t in (
            "test-lz4-basic", "test-lz4-multiple", "test-lz4-multiple-legacy",
            "test-lz4-frame-concatenation", "test-lz4-testmode", "test-lz4-contentSize",
            "test-lz4-dict")),
                    Tally(TallyKind.COMMANDS),
                    "one target of `make check` (tests/Makefile's test-lz4-essentials)"),
        gdb=GdbCheck("lz4", "LZ4F_compressUpdateImpl",
                     ("blockSize", "srcSize", "dstCapacity", "srcEnd - srcPtr", "dstPtr - dstStart",
                      "lastBlockCompressed", "blockCompression", "compress", "cctxPtr->cStage",
                      "cctxPtr->tmpInSize", "cctxPtr->prefs.compressionLevel"),
                     file="lib/lz4frame.c",
                     stop_at=r"RETURN_ERROR_IF\(cctxPtr->cStage != 1, compressionState_uninit"
                             r"ialized\);   /\* state must",
                     args=("-1", "-c", "-f", "README.md")),
        gcc_cpu=(14.0, 11.0)),
    Recipe(
        name="libyaml", system=BuildSystem.AUTOTOOLS,
        why="autoreconf from git sources, libtool shared library, a hand-written scanner",
        configure=("./bootstrap", "./configure --prefix=\"$PREFIX\""),
        build=(MAKE,),
        suite=Suite((f"{MAKE} check",), AUTOMAKE, "one program of `make check`"),
        gdb=GdbCheck("tests/.libs/run-parser", "yaml_parser_parse_node",
                     ("token->type", "token->start_mark", "anchor", "tag_handle", "tag", "block",
                      "indentless_sequence", "parser->state", "parser->tokens_parsed"),
                     file="src/parser.c", stop_at=r"if \(token->type == YAML_ALIAS_TOKEN\)",
                     args=("examples/anchors.yaml",), libdirs=("src/.libs",)),
        gcc_cpu=(14.0, 1.5)),
    Recipe(
        name="jansson", system=BuildSystem.AUTOTOOLS,
        why="autoreconf, libtool, a JSON library with a data-driven suite of 300 cases",
        configure=("autoreconf -fi", "./configure --prefix=\"$PREFIX\""),
        build=(MAKE, f"{MAKE} check TESTS="),   # and the test programs, without running them
        suite=Suite((f"{MAKE} check VERBOSE=1",),
                    Tally(TallyKind.MARKS, r"\.\.\. (ok|FAILED|skipped)$",
                          r"\.\.\. (FAILED|skipped)$"),
                    "one case of test/suites (api programs, valid and invalid JSON files)",
                    logs=("test/run-suites.log",)),
        gdb=GdbCheck("test/bin/json_process", "parse_value",
                     ("flags", "lex->token", "lex->flags", "lex->depth", "lex->saved_text.length",
                      "lex->stream.position", "lex->stream.line", "lex->stream.column",
                      "error->line", "error->position"),
                     file="src/load.c", stop_at=r"^    switch \(lex->token\) \{$",
                     args=("test/suites/valid/complex-array",)),
        gcc_cpu=(10.0, 17.0)),
    Recipe(
        name="expat", system=BuildSystem.AUTOTOOLS, subdir="expat",
        why="autoreconf (buildconf.sh), libtool, a C library tested from C and from C++ "
            "(g++ links the library atomc built)",
        configure=("./buildconf.sh", "./configure --prefix=\"$PREFIX\" --without-docbook"),
        build=(MAKE,),
        suite=Suite((f"{MAKE} check",),
                    Tally(TallyKind.COUNTS,
                          r"^\d+%: Checks: (?P<total>\d+), Failed: (?P<failed>\d+)"),
                    "one minicheck case of tests/runtests and tests/runtestspp",
                    logs=("tests/runtests*.log",)),
        gdb=GdbCheck("xmlwf/.libs/xmlwf", "doContent",
                     ("tok", "next - s", "end - s", "startTagLevel", "haveMore", "account",
                      "parser->m_tagLevel", "*eventPP - s", "dtd->hasParamEntityRefs"),
                     file="lib/xmlparse.c",
                     stop_at=r"^    \*eventEndPP = next;"
                             r"(?=\n    switch \(tok\) \{\n    case XML_TOK_TRAILING_CR:)",
                     args=("doc/xmlwf.xml",), libdirs=("lib/.libs",)),
        gcc_cpu=(19.0, 24.0)),
    Recipe(
        name="pcre2", system=BuildSystem.AUTOTOOLS,
        why="libtool with three code-unit widths built from one source, Debian's "
            "configuration with the JIT compiler",
        configure=("./configure --prefix=\"$PREFIX\" --enable-pcre2-16 --enable-pcre2-32 "
                   "--disable-pcre2grep-callout --enable-jit",),
        build=(MAKE,),
        suite=Suite((f"{MAKE} check",), AUTOMAKE,
                    "one program of `make check` (RunTest and RunGrepTest each run "
                    "thousands of patterns)"),
        gdb=GdbCheck(".libs/pcre2grep", "match",
                     ("top_bracket", "frame_size", "utf", "ucp", "N", "P", "reptype",
                      "mb->poptions", "mb->start_offset", "start_eptr - mb->start_subject",
                      "mb->end_subject - mb->start_subject", "*start_ecode"),
                     file="src/pcre2_match.c",
                     stop_at=r"^frame_copy_size = frame_size - offsetof\(heapframe, eptr\);",
                     args=("--no-jit", "-c", "'p[a-z]+e'", "README"), libdirs=(".libs",)),
        gcc_cpu=(108.0, 19.0)),
    Recipe(
        name="libonig", system=BuildSystem.AUTOTOOLS,
        why="autoreconf, libtool, a regex engine with thousands of checks; jq links it",
        configure=("autoreconf -fi", "./configure --prefix=\"$PREFIX\" "
                   "--enable-binary-compatible-posix-api=yes"),
        build=(MAKE, f"{MAKE} check TESTS="),   # and the test programs, without running them
        suite=Suite((f"{MAKE} check",),
                    Tally(TallyKind.COUNTS,
                          r"^RESULT +SUCC: +(?P<passed>\d+), +FAIL: +(?P<failed>\d+)"),
                    "one regex check of test/ (test_utf8, test_syntax, testc, ...)",
                    logs=("test/test[!-]*.log",)),
        gdb=GdbCheck("sample/.libs/simple", "search_in_range",
                     ("end - str", "start - str", "range - str", "data_range - str",
                      "orig_start - str", "option", "reg->num_mem", "reg->anchor",
                      "reg->optimize", "region->num_regs", "*mp"),
                     file="src/regexec.c",
                     stop_at=r"if \(start > end \|\| start < str\) goto mismatch_no_msa;"
                             r"\n\n  if \(OPTON_CHECK",
                     libdirs=("src/.libs",)),
        install=("make install",), gcc_cpu=(24.0, 19.0)),
    Recipe(
        name="jq", system=BuildSystem.AUTOTOOLS, deps=("libonig",),
        why="autoreconf, libtool, an interpreter linked against the libonig atomc built",
        configure=("autoreconf -fi",
                   "./configure --prefix=\"$PREFIX\" --with-oniguruma=\"$DEP_LIBONIG\" "
                   "--disable-docs --disable-maintainer-mode --disable-valgrind "
                   "LDFLAGS=\"$LDFLAGS -Wl,-rpath,$DEP_LIBONIG/lib\""),
        build=(MAKE,),
        suite=Suite((f"{MAKE} check",),
                    Tally(TallyKind.COUNTS, r"^(?P<passed>\d+) of (?P<total>\d+) tests passed"),
                    "one case of tests/jq.test, onig.test and the shell tests",
                    logs=("tests/*.log",)),
        gdb=GdbCheck(".libs/jq", "jq_next",
                     ("backtracking", "*pc", "jq->halted", "jq->initial_execution",
                      "jq->stk_top", "jq->curr_frame", "jq->fork_top", "jq->subexp_nest"),
                     file="src/execute.c", stop_at=r"^    uint16_t opcode = \*pc;$",
                     args=("'.this, (.that | ascii_upcase)'",), stdin="tests/modules/data.json",
                     libdirs=(".libs",)),
        gcc_cpu=(23.0, 71.0)),
    Recipe(
        name="json-c", system=BuildSystem.CMAKE_MAKE,
        why="CMake with the Makefile generator (-MD dependency files), shared library, ctest",
        configure=(CMAKE.format(gen='"Unix Makefiles"', opts=""),),
        build=(CMAKE_BUILD,),
        suite=Suite((CTEST_RUN,), CTEST, "one ctest test (a program compared with its "
                                         "expected output)"),
        gdb=JSON_C_GDB,
        gcc_cpu=(13.0, 5.0)),
    Recipe(
        name="json-c", variant="ninja", system=BuildSystem.CMAKE_NINJA,
        why="the same package through CMake's Ninja generator (deps = gcc: -MD -MT -MF)",
        configure=(CMAKE.format(gen="Ninja", opts=""),),
        build=(CMAKE_BUILD,),
        suite=Suite((CTEST_RUN,), CTEST, "one ctest test"),
        gdb=JSON_C_GDB,
        tools=("ninja",), gcc_cpu=(9.3, 5.0)),
    Recipe(
        name="cmark", system=BuildSystem.CMAKE_NINJA,
        why="CMake with Ninja, a CommonMark parser checked against the spec's 650 examples "
            "from Python through ctypes",
        configure=(CMAKE.format(gen="Ninja", opts=""),),
        build=(CMAKE_BUILD,),
        suite=Suite((CTEST_RUN,), CTEST, "one ctest test (each runs the spec's examples)"),
        gdb=GdbCheck("_build/src/cmark", "cmark_parse_inlines",
                     ("options", "subj.pos", "subj.input.len", "subj.line", "subj.block_offset",
                      "content.len", "parent->type", "parent->start_line", "subj.last_delim"),
                     file="src/inlines.c", stop_at=r"^  cmark_chunk_rtrim\(&subj.input\);",
                     args=("README.md",), libdirs=("_build/src",)),
        tools=("ninja", "python3"), gcc_cpu=(16.0, 14.0)),
    Recipe(
        name="fribidi", system=BuildSystem.MESON,
        why="Meson (compiler detection, -MD -MQ -MF dependencies), generated tables, the "
            "Unicode bidi algorithm",
        configure=(MESON_SETUP.format(opts="-Ddocs=false"),),
        build=(MESON_BUILD,),
        suite=Suite((MESON_TEST,), MESON, "one `meson test` (an input file, its reference "
                                          "output; the Unicode conformance files)"),
        # (not `*pbase_dir`: memory the walk stores to, and -O2 schedules line 558's
        # store before line 557's stop; no debug info can hide what memory holds)
        gdb=GdbCheck("_build/bin/fribidi", "fribidi_get_par_embedding_levels_ex",
                     ("len", "base_level", "max_level", "status", "max_iso_level",
                      "bidi_types[0]", "bidi_types[len - 1]", "main_run_list->next->len",
                      "main_run_list->next->type"),
                     file="lib/fribidi-bidi.c",
                     stop_at=r"^  base_level = FRIBIDI_DIR_TO_LEVEL \(\*pbase_dir\);",
                     args=("--charset", "CapRTL", "test/test_CapRTL_explicit.input"),
                     libdirs=("_build/lib",)),
        tools=("meson", "ninja"), gcc_cpu=(5.3, 3.5)),
    Recipe(
        name="serd", system=BuildSystem.MESON,
        why="Meson with many small tests (the W3C Turtle, NTriples, NQuads and TriG suites)",
        configure=(MESON_SETUP.format(opts="-Ddocs=disabled"),),
        build=(MESON_BUILD,),
        suite=Suite((MESON_TEST,), MESON, "one `meson test`"),
        gdb=GdbCheck("_build/serdi", "read_object",
                     ("c", "emit", "simple", "o", "datatype", "lang", "flags", "ret",
                      "*ate_dot", "ctx->graph", "ctx->subject", "ctx->predicate",
                      "reader->stack.size"),
                     file="src/n3.c",
                     stop_at=r"peek_byte\(reader\);\n  if \(!fancy_syntax\(reader\)\) \{",
                     args=("serd.ttl",), libdirs=("_build",)),
        tools=("meson", "ninja", "python3"), gcc_cpu=(3.9, 8.5)),
)

BY_ID: dict[str, Recipe] = {r.id: r for r in PACKAGES}
