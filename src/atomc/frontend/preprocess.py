"""Run gcc's preprocessor (`gcc -E`) and turn its complaints into our diagnostics.

We keep cpp's line markers so that pycparser's coordinates point into the
original files. The parser reads GNU syntax natively (`__extension__`,
`__builtin_va_arg(ap, T)`, `__builtin_offsetof`), so `BUILTIN_MACROS` rewrites
nothing and `-E` output compiles as it is.

The driver hands over the user's preprocessor words (`-D`, `-I`, `-std=`,
`-O2`, `-march=`, ...) verbatim, so the macros cpp predefines are exactly
gcc's for the same command line. Preprocessed text may carry `#define` and
`#undef` lines (`-g3` runs cpp with `-dD`); `split_macros` takes them out for
the parser and keeps them, with their file and line, for `.debug_macro`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from .. import childproc, lazyre
from ..diag import CompileAborted, Diagnostic, DiagnosticEngine, SourceSpan
from ..options import CfProtection, CodeModel, CompileOptions, StackProtector

if TYPE_CHECKING:
    from ..dwarf.macros import MacroEvent

GCC = "gcc"  # the gcc whose preprocessor atomc runs (the driver may name another)
# How source text is decoded from UTF-8 and encoded back: gcc passes bytes that are not
# UTF-8 (a Latin-1 or EUC-JP string literal) through to narrow literals unchanged, so
# they must survive the round trip instead of becoming U+FFFD.
SOURCE_ERRORS = "surrogateescape"

BUILTIN_MACROS: tuple[str, ...] = ()
# How cpp's messages must look for `report_cpp_messages` to read them.
DIAGNOSTIC_FLAGS: tuple[str, ...] = ("-fdiagnostics-color=never", "-fno-diagnostics-show-caret")

_CPP_MSG = lazyre.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?:(?P<col>\d+):)? "
                          r"(?P<sev>fatal error|error|warning|note): (?P<msg>.*)$")
_TOOL_MSG = lazyre.compile(r"^(cc1|gcc|cpp): (fatal error|error|warning|note): ")
_CONTEXT = lazyre.compile(r"^(In file included from |\s+from |compilation terminated\.)")
# gcc's own -v banner, when the driver runs gcc with -v: atomc printed its own
GCC_BANNER = lazyre.compile(r"^(Using built-in specs\.|COLLECT_GCC=|COLLECT_LTO_WRAPPER=|"
                            r"OFFLOAD_|Target: |Configured with: |Thread model: |"
                            r"Supported LTO |gcc version )")
_MISSING = lazyre.compile(r"^(?P<name>.+?): No such file or directory$")

_STD_FLAGS = {"c99": "c99", "c11": "c11", "gnu99": "gnu99", "gnu11": "gnu11",
              "c89": "c89", "gnu89": "gnu89", "c17": "c17", "gnu17": "gnu17", "c2x": "c2x",
              "gnu2x": "gnu2x"}


_PIC_FLAG = {CodeModel.STATIC: "-fno-pic", CodeModel.PIE: "-fPIE", CodeModel.PIC: "-fPIC"}


def codegen_macro_flags(opts: CompileOptions) -> list[str]:
    """The code-generation options gcc's preprocessor defines macros for
    (`__PIC__`/`__PIE__`, `__SSP_STRONG__`..., `__CET__`), so cpp sees them too."""
    out = [_PIC_FLAG[opts.code_model]]
    if opts.stack_protector is not StackProtector.NONE:
        suffix = "" if opts.stack_protector is StackProtector.DEFAULT \
            else "-" + opts.stack_protector.value
        out.append("-fstack-protector" + suffix)
    if opts.cf_protection is not CfProtection.NONE:
        out.append("-fcf-protection=" + opts.cf_protection.value)
    return out


def cpp_command(path: str, opts: CompileOptions, for_parser: bool = True,
                words: Sequence[str] | None = None, language: str = "c",
                output: str | None = None, gcc: str = GCC) -> list[str]:
    """`gcc -E` for one input. `words` are the driver's preprocessor words, in the
    user's order; without them (library use) the options come from `opts`."""
    cmd = [gcc, "-E"]
    if words is None:
        cmd.append(f"-std={_STD_FLAGS.get(opts.std, 'gnu11')}")
        cmd += [f"-I{d}" for d in opts.include_dirs]
        cmd += [f"-D{d}" for d in opts.defines]
        cmd += [f"-U{u}" for u in opts.undefines]
        cmd += codegen_macro_flags(opts)
    else:
        cmd += words
    cmd += DIAGNOSTIC_FLAGS
    if for_parser:
        cmd.extend(BUILTIN_MACROS)
    cmd += ["-x", language, path]
    if output is not None:
        cmd += ["-o", output]
    return cmd


def run_cpp(path: str, opts: CompileOptions, diags: DiagnosticEngine,
            for_parser: bool = True) -> str:
    """Preprocessed text with line markers; reports cpp errors and aborts on them.
    `for_parser=False` gives plain `cpp` output (for -E), without our builtin rewrites."""
    return run_command(cpp_command(path, opts, for_parser), path, diags)


def run_command(cmd: list[str], path: str, diags: DiagnosticEngine,
                output: str | None = None) -> str:
    """Run a `cpp_command`; its text (from `output` when the command writes a file)."""
    try:
        proc = childproc.run(cmd, stdout=True, stderr=True)
    except OSError as e:
        raise diags.fatal(None, f"cannot run the preprocessor '{cmd[0]}': {e.strerror}") \
            from None
    errors = report_cpp_messages(proc.stderr.decode("utf-8", errors="replace"), diags)
    if proc.returncode != 0 and errors == 0:
        raise diags.fatal(SourceSpan(path, 0, 0), "preprocessing failed")
    if errors:
        raise CompileAborted()
    if output is not None:
        with open(output, encoding="utf-8", errors=SOURCE_ERRORS) as f:
            return f.read()
    return proc.stdout.decode("utf-8", errors=SOURCE_ERRORS)


def report_cpp_messages(stderr: str, diags: DiagnosticEngine) -> int:
    """Show cpp's diagnostics as ours (with the source line and a caret); the number of
    errors. cpp already applied -w, -Werror and friends, which the driver passes it."""
    errors = 0
    for line in stderr.splitlines():
        m = _CPP_MSG.match(line)
        if m is None:
            if _TOOL_MSG.match(line):  # `cc1: error: bad value ... for -march=`
                errors += " error: " in line
            elif _CONTEXT.match(line) or GCC_BANNER.match(line):
                continue  # our diagnostics show no include chains; atomc printed its banner
            diags.out.write(line + "\n")  # -H's header list, -v's search list
            continue
        span = SourceSpan(m["file"], int(m["line"]), int(m["col"] or 0))
        msg, sev = m["msg"], m["sev"]
        missing = _MISSING.match(msg)
        if missing is not None:
            diags.error(span, f"'{missing['name']}' file not found")
            errors += 1
        elif sev in ("error", "fatal error"):
            diags.error(span, msg)
            errors += 1
        else:
            diags.report(Diagnostic(sev, span, msg))
    return errors


_MARKER = re.compile(r'^# \d+ "((?:[^"\\]|\\.)*)"((?: \d)*)$', re.MULTILINE)
_MARKER_LINE = re.compile(r'^# (\d+) "((?:[^"\\]|\\.)*)"((?: \d)*)\s*$')


class MarkerSearch:
    """Every line of a text that a line-marker pattern matches, found fast: the
    pattern is searched as `\\n` plus itself (a literal first character lets the
    regex engine skip ahead; a `^` tried at every offset made these whole-text
    scans tens of milliseconds on an amalgamation), and tried once at offset 0.
    `body` must match from a line's start (its `^` left out) and end at `$`."""

    __slots__ = ("first", "rest")

    def __init__(self, body: str) -> None:
        self.first = re.compile(body, re.MULTILINE)
        self.rest = re.compile("\n" + body, re.MULTILINE)

    def finditer(self, text: str) -> Iterator[tuple[int, re.Match[str]]]:
        """(offset of the marker's line, match) for each marker line, in order."""
        m = self.first.match(text)
        pos = 0
        if m is not None:
            yield 0, m
            pos = m.end()
        for m in self.rest.finditer(text, pos):
            yield m.start() + 1, m


# _MARKER_LINE over a whole text (a name and blanks without newlines: it read one
# line), the blanks after the flags as group 4: every line marker of cpp's output
_MARKER_LINES = MarkerSearch(
    r'# (\d+) "([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"((?: \d)*+)([^\S\n]*+)$')

# a text's line markers: (offset of the line, its `_MARKER_LINES` match), in order
Markers = list[tuple[int, re.Match[str]]]


def line_markers(text: str) -> Markers:
    """Every line marker of `text`, found by the one search of the whole text that
    the front end makes: `preprocessed_lines`, `system_headers` and the parse
    cache's `layout` each read the list (they made a search each)."""
    return list(_MARKER_LINES.finditer(text))
_DIRECTIVE = re.compile(r"^#(define|undef)\s")


def _unescape(name: str) -> str:
    return re.sub(r"\\(.)", r"\1", name)


def origin(text: str) -> tuple[str | None, str | None]:
    """The main file a preprocessed text names (its first line marker) and the
    working directory cpp's -fworking-directory recorded (`# 1 "/dir//"`), if any."""
    markers = _MARKER.finditer(text[:65536])
    first = next(markers, None)
    if first is None:
        return None, None
    second = next(markers, None)
    cwd = None
    if second is not None and second.group(1).endswith("//") and not second.group(2):
        cwd = _unescape(second.group(1))[:-2] or "/"
    return _unescape(first.group(1)), cwd


def split_macros(text: str) -> tuple[str, list[MacroEvent]]:
    """Preprocessed text without its `#define`/`#undef` lines (left blank, so line
    numbers hold), and those lines as macro events inside the file structure the
    line markers describe (flag 1: a file is entered, flag 2: it is left; the
    main file's own text starts where a marker returns to it from cpp's
    <built-in> and <command-line> pseudo-files)."""
    if "#define" not in text and "#undef" not in text:
        return text, []
    from ..dwarf.macros import MacroEvent, MacroKind  # -g3 only

    lines = text.split("\n")
    events: list[MacroEvent] = []
    depth = 0  # files entered (below the main file)
    line = 0
    main: str | None = None
    elsewhere = main_seen = False
    for i, s in enumerate(lines):
        if s.startswith("# "):
            m = _MARKER_LINE.match(s)
            if m is not None:
                flags = m.group(3).split()
                name = _unescape(m.group(2))
                if "1" in flags:
                    events.append(MacroEvent(MacroKind.START_FILE, line, name))
                    depth += 1
                elif "2" in flags and depth > 0:
                    events.append(MacroEvent(MacroKind.END_FILE, 0, ""))
                    depth -= 1
                elif depth == 0 and main is None:
                    main = name
                elif depth == 0 and name == main and elsewhere and not main_seen:
                    events.append(MacroEvent(MacroKind.MAIN, 0, name))
                    main_seen = True
                elif depth == 0 and name != main:
                    elsewhere = True
                line = int(m.group(1))
                continue
        d = _DIRECTIVE.match(s)
        if d is not None:
            kind = MacroKind.DEFINE if d.group(1) == "define" else MacroKind.UNDEF
            body = s[d.end():].strip()
            events.append(MacroEvent(kind, line, body))
            lines[i] = ""
        line += 1
    events.extend(MacroEvent(MacroKind.END_FILE, 0, "") for _ in range(depth))
    return "\n".join(lines), events


def preprocessed_lines(text: str, markers: Markers | None = None) -> dict[str, list[str]]:
    """Each file's lines as the preprocessed text has them (line markers place them),
    so that what the front end reads of a line does not depend on the file system:
    a distcc server compiles the same text without the sources.

    One search for the markers, then each stretch between two of them placed as a
    slice: a sqlite amalgamation's text is 250k lines, and a Python step per line
    was a visible part of its front end. `markers`: `line_markers(text)`."""
    out: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    marks = line_markers(text) if markers is None else markers
    for i, (_, m) in enumerate(marks):
        raw = m.group(2)
        name = names.get(raw)
        if name is None:
            name = names[raw] = _unescape(raw)
        lines = out.setdefault(name, [])
        begin = m.end() + 1  # the line after the marker
        end = marks[i + 1][0] - 1 if i + 1 < len(marks) else len(text)
        if begin > len(text) or (i + 1 < len(marks) and end < begin):
            continue  # no line before the next marker (or the end of the text)
        chunk = text[begin:end].split("\n")
        no = int(m.group(1))
        if no <= 0:  # lines numbered 0 and below are not kept
            chunk = chunk[1 - no:]
            no = 1
        last = no - 1 + len(chunk)
        if len(lines) < last:
            lines.extend([""] * (last - len(lines)))
        lines[no - 1:last] = chunk
    return out


def system_headers(text: str, main_file: str,
                   markers: Markers | None = None) -> frozenset[str]:
    """Files cpp marked as system headers (line-marker flag 3). cpp also flags
    the lines of any other file that expand a system macro (`NULL`, `true`), with a
    flag-3 marker that the next marker undoes (back to the same file without the
    flag): such an excursion does not make a file a system header (pcre2's
    pcre2_jit_compile.c includes pcre2_jit_match.c, whose functions use `NULL`).
    The main file is never counted. The markers are those without blanks after
    their flags (`markers`: `line_markers(text)`); a quoted name may not run on
    to the next line (one that does, the lexer rejects)."""
    found: set[str] = set()
    first: str | None = None
    if markers is None:
        markers = line_markers(text)
    marks = [m for _, m in markers if not m.group(4)]
    for i, m in enumerate(marks):
        if first is None:
            first = m.group(2)
        flags = m.group(3).split()
        if "3" not in flags:
            continue
        nxt = marks[i + 1] if i + 1 < len(marks) else None
        if "1" not in flags and "2" not in flags and nxt is not None and \
                nxt.group(2) == m.group(2) and "3" not in nxt.group(3).split():
            continue  # a system macro expanded in this file: cpp returns at once
        found.add(m.group(2))
    found.discard(main_file)
    if first is not None:
        found.discard(first)
    return frozenset(found)
