"""The IR text's tokens (the first step of parser.py), the error every reader of
IR text raises, in compiler style with the source line and a caret, and the token
cursor the IR and MIR parsers share."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Generic, NamedTuple, NoReturn, Protocol, TypeVar

import atomc.fastenum as fastenum

_T = TypeVar("_T")


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


class TokKind(fastenum.Enum):
    """A token's class; the value names its group in `_TOKEN_RE`."""

    STRING = "string"  # "..."
    LOCAL = "local"  # %name
    GLOBAL = "global"  # @name
    META = "meta"  # !0
    METAKW = "metakw"  # !loc
    RECORD = "record"  # #0
    RECORDKW = "recordkw"  # #dbg
    FLOAT = "float"
    INT = "int"
    IDENT = "ident"
    PUNCT = "punct"
    EOF = "eof"


class Token(NamedTuple):
    kind: TokKind
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


_KIND_OF_GROUP = {k.value: k for k in TokKind}  # a dict look-up, not an enum call per token


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
        append(Token(_KIND_OF_GROUP[kind], tok_text, line, pos - line_start + 1, first))
        first = False
        if kind == "string" and "\n" in tok_text:
            line += tok_text.count("\n")
            line_start = pos + tok_text.rindex("\n") + 1
    append(Token(TokKind.EOF, "", line, len(text) - line_start + 1, True))
    return toks


# the tokens `at` and `accept` match by their text
_WORD_KINDS = frozenset({TokKind.IDENT, TokKind.PUNCT, TokKind.METAKW, TokKind.RECORDKW})


def unquote(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), s[1:-1],
                  flags=re.DOTALL)


_ESCAPES = {"n": "\n", "t": "\t"}


class _TokenLike(Protocol):
    @property
    def kind(self) -> Any: ...
    @property
    def text(self) -> str: ...


_Tok = TypeVar("_Tok", bound=_TokenLike)


class CursorBase(Generic[_Tok]):
    """A position in a token list that ends in an `END` token, with the reads every
    parser of atomc's texts makes: the IR's (`TokenCursor`) and the MIR's (one line at
    a time), which differ in their token classes and in how an error points at a token."""

    END: ClassVar[Any]  # the kind of the token that ends the list
    END_NAME: ClassVar[str]  # what that token is called in a message
    WORDS: ClassVar[frozenset[Any]]  # the kinds whose text `at` and `expect` compare
    INT: ClassVar[Any]  # the kind of an integer literal

    def __init__(self, text: str, filename: str) -> None:
        self.filename = filename
        self.lines = text.split("\n")  # for the source line an error shows
        self.toks: list[_Tok] = []
        self.pos = 0

    def source_line(self, n: int) -> str | None:
        """Line `n` of the text (1-based), if it has one."""
        return self.lines[n - 1] if 0 < n <= len(self.lines) else None

    def token_error(self, tok: _Tok, message: str) -> NoReturn:
        """Report `message` at `tok`."""
        raise NotImplementedError

    @property
    def tok(self) -> _Tok:
        return self.toks[self.pos]

    def next(self) -> _Tok:
        t = self.toks[self.pos]
        if t.kind is not self.END:
            self.pos += 1
        return t

    def at(self, text: str) -> bool:
        t = self.toks[self.pos]
        return t.text == text and t.kind in self.WORDS

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.pos += 1
            return True
        return False

    def describe(self, tok: _Tok) -> str:
        return f"end of {self.END_NAME}" if tok.kind is self.END else f"'{tok.text}'"

    def expect(self, text: str) -> _Tok:
        if not self.at(text):
            self.token_error(self.tok, f"expected '{text}', found {self.describe(self.tok)}")
        return self.next()

    def expect_kind(self, kind: Any, what: str) -> _Tok:
        if self.tok.kind is not kind:
            self.token_error(self.tok, f"expected {what}, found {self.describe(self.tok)}")
        return self.next()

    def expect_int(self, what: str = "integer") -> int:
        return int(self.expect_kind(self.INT, what).text)


class TokenCursor(CursorBase[Token]):
    """A position in the tokens of one IR text, and the reads every parser of IR
    text makes (the IR parser, and through it the inline readers of the MIR parser)."""

    END = TokKind.EOF
    END_NAME = "file"
    WORDS = _WORD_KINDS
    INT = TokKind.INT

    def __init__(self, text: str, filename: str) -> None:
        super().__init__(text, filename)
        self.text = text
        self.toks = tokenize(text, filename)

    def error(self, tok: Token, message: str) -> NoReturn:
        raise IRParseError(self.filename, tok.line, tok.col, message, self.source_line(tok.line))

    def token_error(self, tok: Token, message: str) -> NoReturn:
        self.error(tok, message)

    def peek(self, k: int = 1) -> Token:
        return self.toks[min(self.pos + k, len(self.toks) - 1)]

    def comma_list(self, close: str, item: Callable[[], _T]) -> list[_T]:
        """`item`s separated by commas up to `close`, which is consumed."""
        items: list[_T] = []
        while not self.at(close):
            if items:
                self.expect(",")
            items.append(item())
        self.expect(close)
        return items

    def expect_string(self) -> str:
        return unquote(self.expect_kind(TokKind.STRING, "string").text)

    def end_of_line(self, start: Token) -> None:
        """An item ends at the end of its line."""
        t = self.tok
        if t.kind is not TokKind.EOF and t.line == start.line and not t.first_on_line:
            self.error(t, f"unexpected {self.describe(t)} at end of line")
