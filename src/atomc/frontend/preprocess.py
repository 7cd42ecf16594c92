"""Run the system preprocessor and turn its complaints into our diagnostics.

We keep cpp's line markers so that pycparser's coordinates point into the
original files. The parser reads GNU syntax natively (`__extension__`,
`__builtin_va_arg(ap, T)`, `__builtin_offsetof`), so `BUILTIN_MACROS` rewrites
nothing and `-E` output compiles as it is.
"""

from __future__ import annotations

import re
import subprocess

from ..diag import CompileAborted, DiagnosticEngine, SourceSpan
from ..options import CompileOptions

BUILTIN_MACROS: tuple[str, ...] = ()

_CPP_MSG = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?:(?P<col>\d+):)? "
                      r"(?P<sev>fatal error|error|warning): (?P<msg>.*)$")
_MISSING = re.compile(r"^(?P<name>.+?): No such file or directory$")

_STD_FLAGS = {"c99": "c99", "c11": "c11", "gnu99": "gnu99", "gnu11": "gnu11",
              "c89": "c89", "gnu89": "gnu89", "c17": "c17", "gnu17": "gnu17"}


def cpp_command(path: str, opts: CompileOptions, for_parser: bool = True) -> list[str]:
    cmd = ["cpp", f"-std={_STD_FLAGS.get(opts.std, 'gnu11')}", "-fdiagnostics-color=never",
           "-fno-diagnostics-show-caret"]
    for d in opts.include_dirs:
        cmd.append(f"-I{d}")
    for d in opts.defines:
        cmd.append(f"-D{d}")
    for u in opts.undefines:
        cmd.append(f"-U{u}")
    if for_parser:
        cmd.extend(BUILTIN_MACROS)
    cmd.append(path)
    return cmd


def run_cpp(path: str, opts: CompileOptions, diags: DiagnosticEngine,
            for_parser: bool = True) -> str:
    """Preprocessed text with line markers; reports cpp errors and aborts on them.
    `for_parser=False` gives plain `cpp` output (for -E), without our builtin rewrites."""
    try:
        proc = subprocess.run(cpp_command(path, opts, for_parser), capture_output=True,
                              check=False)
    except OSError as e:
        raise diags.fatal(None, f"cannot run the preprocessor 'cpp': {e.strerror}") from None
    errors = 0
    for line in proc.stderr.decode("utf-8", errors="replace").splitlines():
        m = _CPP_MSG.match(line)
        if m is None:
            continue
        span = SourceSpan(m["file"], int(m["line"]), int(m["col"] or 0))
        msg = m["msg"]
        sev = m["sev"]
        missing = _MISSING.match(msg)
        if missing is not None:
            diags.error(span, f"'{missing['name']}' file not found")
            errors += 1
        elif sev != "warning" or msg.startswith("missing terminating"):
            diags.error(span, msg)
            errors += 1
        # other cpp warnings are dropped: the driver does not enable them
    if proc.returncode != 0 and errors == 0:
        raise diags.fatal(SourceSpan(path, 0, 0), "preprocessing failed")
    if errors:
        raise CompileAborted()
    return proc.stdout.decode("utf-8", errors="replace")


_MARKER = re.compile(r'^# \d+ "((?:[^"\\]|\\.)*)"((?: \d)*)$', re.MULTILINE)


def system_headers(text: str, main_file: str) -> frozenset[str]:
    """Files cpp marked as system headers (line-marker flag 3). cpp also flags
    lines of the main file that expand a system macro (`true`, `NULL`), so
    the main file is never counted."""
    found: set[str] = set()
    first: str | None = None
    for m in _MARKER.finditer(text):
        if first is None:
            first = m.group(1)
        if " 3" in m.group(2):
            found.add(m.group(1))
    found.discard(main_file)
    if first is not None:
        found.discard(first)
    return frozenset(found)
