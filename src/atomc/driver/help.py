"""`atomc --help` and `--help=CLASS`: the option table, printed from the table."""

from __future__ import annotations

from .. import __version__
from .spec import Class, Option
from .table import table

_TITLES = {
    Class.ATOMC: "atomc's own options",
    Class.IMPLEMENTED: "gcc options atomc implements (with gcc's meaning)",
    Class.REJECTED: "gcc options atomc rejects (the feature is missing)",
    Class.IGNORED: "gcc options accepted and ignored (they only tune gcc itself)",
}


def _line(o: Option, width: int = 30) -> str:
    text = o.help if o.cls is not Class.REJECTED else f"not supported: {o.missing}"
    head = "  " + o.describe_spelling()
    if len(head) >= width:
        return f"{head}\n{'':{width}}{text}"
    return f"{head:{width}}{text}"


def help_text(which: str = "all") -> str:
    t = table()
    out = ["usage: atomc [options] file...", "",
           f"atomc {__version__}: a C compiler whose optimised code stays debuggable, driven "
           "like gcc.", "Inputs: .c, .i (preprocessed), .s, .S (preprocessed assembly), "
           "objects and libraries; '-' reads standard input (with -x or -E).", ""]
    classes = [Class.ATOMC, Class.IMPLEMENTED, Class.REJECTED] if which == "all" else \
        [Class(which)]
    for cls in classes:
        opts = t.by_class(cls)
        shown = [o for o in opts if not (cls is Class.IMPLEMENTED and o.help.startswith(
            "announces an instruction-set extension"))]
        out.append(f"{_TITLES[cls]} ({len(opts)}):")
        out += [_line(o) for o in shown]
        if len(shown) < len(opts):
            out.append(f"  ...and {len(opts) - len(shown)} -m<extension> options (-mavx2, "
                       "-msse4.2, ...): gcc's predefined macros for the extension; the code "
                       "stays baseline x86-64")
        out.append("")
    if which == "all":
        out.append(f"{len(t.by_class(Class.IGNORED))} more gcc options are accepted and "
                   "ignored; `atomc --help=ignored` lists them, `-v` reports them.")
        out.append("")
        out += ENVIRONMENT
    return "\n".join(out)


# server/client.py and server/auto.py
ENVIRONMENT = [
    "Compile server (ATOMC_SERVER):",
    "  unset or empty  use this user's compile server for this atomc, which has imported",
    "                  the compiler once; when none runs, compile here, and if another",
    "                  atomc compiled within 30 s (a build), start one in the background",
    "                  ($XDG_RUNTIME_DIR/atomc or /tmp/atomc-UID; it exits after 10",
    "                  idle minutes, ATOMC_SERVER_IDLE=SECONDS, or when atomc changes)",
    "  off, 0          never use or start a server",
    "  SOCKET          use the server `atomc-server SOCKET` listens on, never start one",
    "",
]
