"""The IR text's tokens (the first step of parser.py), and the error every reader of
IR text raises, in compiler style with the source line and a caret."""

from __future__ import annotations

import re
from typing import NamedTuple


class IRParseError(Exception):
    """A syntax or reference error, rendered `file:line:col: error: message` plus the
    offending source line and a caret."""

    def __init__(self, filename: str, line: int, column: int, message: str,
                 source_line: str | None = None) -> None:
        self.filename = filename
        self.line = line
        self.column = column
        self.message = message
        text = f"{filename}:{line}:{column}: error: {message}"
        if source_line is not None:
            caret = "".join(c if c == "\t" else " " for c in source_line[: column - 1]) + "^"
            text += f"\n{source_line}\n{caret}"
        super().__init__(text)


class Token(NamedTuple):
    kind: str  # string local global meta metakw record recordkw float int ident punct eof
    text: str
    line: int
    col: int
    first_on_line: bool


_TOKEN_RE = re.compile(
    r"""
    [ \t\r\f]*  # blanks are skipped as part of the next token
    (?: (?P<nl>\n)
  | (?P<comment>;[^\n]*)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<local>%[A-Za-z0-9_.$]+)
  | (?P<global>@[A-Za-z0-9_.$]+)
  | (?P<meta>![0-9]+)
  | (?P<metakw>![A-Za-z_]+)
  | (?P<record>\#[0-9]+)
  | (?P<recordkw>\#[A-Za-z_]+)
  | (?P<float>0x[0-9A-Fa-f]{16}(?![A-Za-z0-9_])|0xK[0-9A-Fa-f]{20}(?![A-Za-z0-9_])
                     |[-+]?(?:[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+
                     |inf(?![A-Za-z0-9_])|nan(?![A-Za-z0-9_])))
  | (?P<int>[-+]?[0-9]+(?![A-Za-z_]))
  | (?P<ident>[A-Za-z_][A-Za-z0-9_.]*)
  | (?P<punct>->|\.\.\.|[(){}\[\],:=])
  | (?P<bad>.)
  | (?P<end>$) )
    """,
    re.VERBOSE | re.DOTALL,
)


def tokenize(text: str, filename: str) -> list[Token]:
    toks: list[Token] = []
    append = toks.append
    line = 1
    line_start = 0
    first = True
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        if kind is None or kind == "comment" or kind == "end":
            continue
        if kind == "nl":
            line += 1
            line_start = m.end()
            first = True
            continue
        pos = m.start(kind)
        tok_text = m.group(kind)
        if kind == "bad":
            raise IRParseError(filename, line, pos - line_start + 1,
                               f"unexpected character {tok_text!r}",
                               text.split("\n")[line - 1])
        append(Token(kind, tok_text, line, pos - line_start + 1, first))
        first = False
        if kind == "string" and "\n" in tok_text:
            line += tok_text.count("\n")
            line_start = pos + tok_text.rindex("\n") + 1
    append(Token("eof", "", line, len(text) - line_start + 1, True))
    return toks


def unquote(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), s[1:-1],
                  flags=re.DOTALL)


_ESCAPES = {"n": "\n", "t": "\t"}
