"""The parser's lexer, reading the common tokens a stretch at a time.

The lexer atomc parses with is layered: imaginary constants (`ImaginaryLexer`),
gcc's keyword spellings and `[[...]]` attributes (`AtomcLexer`), pycparserext's
GNU keywords (`GnuCLexer`) and pycparser's `CLexer`, each a `token()` or
`_match_token()` wrapping the next: eight calls and pycparser's full master regex
for every token. `FastLexer` reads the tokens that make most of C text
(identifiers, punctuators, integer and floating constants, plain string and
character literals, and the blanks and newlines between them) a *stretch* at a
time: one regular expression, matched on from where the last match ended, makes
the stretch's tokens in one loop (`_fill`), up to the first text it does not read
(a line marker or other `#` line, a prefixed literal, an escape or number spelled
unusually, a bad character, the end). `token()` then hands them out one per call
and applies there what depends on the moment a token is lexed: whether an
identifier names a type in the parser's scopes as they stand (a stretch's
identifiers carry the type `_NAME` until then), the brace callbacks, the `[[`
rule, the GNU keywords and `__complex` (`_SPECIAL`). So the parser sees each token
exactly when and as the layered lexer gave it. The other tokens' types do not
depend on that moment, so the parser takes them into its buffer together with
the token before them (`lex_into`), with no call each. Everything the stretch
does not read takes the layered path from the same position, so the tokens are
exactly the layered lexer's; tests/frontend check that over zlib, Lua, sqlite
and the tests' programs.

A stretch never crosses a `#` line, so the file name (which coordinates take
from the lexer when they are made) changes only between stretches, when the
token after the marker is asked for, as in the layered lexer. Where a literal or
number is read this way is decided by its first character and what follows:
pycparser's master regex matches nothing at a character that starts no literal
or number (all its alternatives start with a quote, a digit, `.`, `/`, or a
letter followed by a quote in `L"`, `u8'` ...), so there the longest fixed token
is the token, and an identifier not followed by a quote is only an identifier;
a number is read only where a blank or a punctuator other than `.` follows it
(before a letter, digit, `.` or quote pycparser may read a longer number, a bad
octal, an imaginary suffix), and a literal only where all its escapes are good
ones (the master regex's bad-literal alternatives come first).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from pycparser.c_lexer import _fixed_tokens_by_first, _keyword_map, _Token
from pycparserext.ext_c_lexer import GnuCLexer

from .gnu_parse import _SPELLINGS, AtomcLexer
from .imaginary import ImaginaryLexer

_BLANKS = re.compile(r"[ \t\n]+")
# spelling -> token type (`/` and `/=` too: a stretch reads `/` where no `*` or
# `/` follows, which pycparser would report as a comment)
_PUNCTUATORS: dict[str, str] = {
    e.literal: e.tok_type for bucket in _fixed_tokens_by_first.values() for e in bucket}


def _punctuator_pattern(spellings: Iterable[str]) -> str:
    """The punctuators, longest first among those of one first character: a class
    of the characters that begin only a one-character punctuator, then each other
    first character with its rest (`<(?:<=|<|=)?`, optional where the character
    alone is one). Alternatives of
    different first characters exclude each other, so the order between them is
    free; a flat list of 42 spellings made `re` try each in turn."""
    singles = sorted(c for c in {p[0] for p in spellings}
                     if not any(len(p) > 1 and p[0] == c for p in spellings))
    rests: dict[str, list[str]] = {}
    for p in spellings:
        if p[0] not in singles:
            rests.setdefault(p[0], [])
            if len(p) > 1:
                rests[p[0]].append(p[1:])
    multi = [re.escape(c) + "(?:" + "|".join(re.escape(r) for r in
                                             sorted(rest, key=len, reverse=True))
             + (")?" if c in spellings else ")") for c, rest in sorted(rests.items())]
    one = ["[" + "".join(re.escape(c) for c in singles) + "]"] if singles else []
    return "|".join([*one, *multi])


# `.` and `...` apart: a `.` before a digit begins a number (`.5`); `/` apart: `/*`
# and `//` are pycparser's comment errors
_PUNCTUATOR_RE = _punctuator_pattern([p for p in _PUNCTUATORS if p[0] not in "./"]) + \
    r"|\.\.\.|\.(?![0-9])|/(?![*/])=?+"
# pycparser's integer suffix, its alternatives in its order (without groups)
_INT_SUFFIX = "(?:[uU]ll|[uU]LL|ll[uU]?|LL[uU]?|[uU][lL]|[lL][uU]?|[uU])?"
# what may follow a number the stretch reads: a blank or a punctuator other than
# `.` (before a letter, digit, `.`, quote or anything else the master regex may
# read a float, a bad octal constant, an imaginary suffix or a longer suffix)
_NUMBER_END = r"(?=[ \t\n;,()\[\]{}+\-*/%<>=!&|^?:~#]|\Z)"
# an integer constant as pycparser's master regex reads it (hexadecimal, octal,
# decimal: groups 4, 5, 6), then a floating constant (group 7: pycparser's
# decimal float, its alternatives in its order; a hexadecimal one takes the
# layered path)
_NUMBER = (rf"(?:(0[xX][0-9a-fA-F]++{_INT_SUFFIX})|(0[0-7]*+{_INT_SUFFIX})|"
           rf"([1-9][0-9]*+{_INT_SUFFIX})|"
           r"((?:(?:[0-9]*+\.[0-9]++|[0-9]++\.)(?:[eE][-+]?+[0-9]++)?+"
           r"|[0-9]++[eE][-+]?+[0-9]++)[FfLl]?+))" + _NUMBER_END)
# a string literal whose escapes are all pycparser's good ones (group 8), and a
# character constant of one plain character or escape (group 9): the master
# regex's alternatives before them (bad literals, multi-character constants)
# match none of these
_LITERAL = (r"""|("(?:[^"\\\n]|\\[0-9a-zA-Z._~!=&^\-\\?'"])*+")"""
            r"""|('(?:[^'\\\n]|\\[a-wyzA-Z._~!=&^\-\\?'"]|\\[0-9]++|\\x[0-9a-fA-F]++)')""")
# after blanks: a run of newlines (group 1, ending at the last: the next line
# starts there), an identifier not followed by a quote (`L"..."`, `u8'x'` are
# literals; possessive, so `u8"` is not read as `u` then `8"`), a backslash or
# a non-ASCII character (`identifiers.match` reads those: group 2), a
# punctuator (3), a number (4-7) or a literal (8, 9)
_STRETCH = re.compile(r"[ \t]*+(?:(\n(?:[ \t]*+\n)*+)"
                      r"|([a-zA-Z_$][0-9a-zA-Z_$]*+)(?![\'\"\\\x80-\U0010ffff])"
                      rf"|({_PUNCTUATOR_RE})|{_NUMBER}{_LITERAL})")
# (typeshed lacks re's `scanner`, whose `match` reads on where the last match ended)
_SCANNABLE: Any = _STRETCH
# a line marker CLexer reads without error: `# LINE "FILE" FLAGS...` (a file name
# without escapes; anything else takes CLexer's own path)
_LINE_MARKER = re.compile(r'#[ \t]*(0|[1-9][0-9]*+)[ \t]*"([^"\\\n]*)"'
                          r"(?:[ \t]*+(?:0|[1-9][0-9]*+))*+[ \t]*+(?=\n|\Z)")
# a line marker (or another `#` line) before the next token
_LINE_AHEAD = re.compile(r"[ \t\n]*+#")
_GNU_KEYWORDS: dict[str, str] = GnuCLexer._extra_keywords
_COMPLEX_SPELLINGS = ("__complex__", "__complex")
# the type of a stretch's identifier that names no keyword: decided when it is
# handed out (a typedef name or not, in the scopes as they then stand)
_NAME = "ID?"
# ... and of one that some layer treats apart as it then stands (a GNU keyword,
# unless a typedef of that name is visible; `__complex`, unless read raw)
_SPECIAL = "ID!"
# a stretch token's spelling -> its type, for pycparser's keywords and the
# punctuators, whose tokens do not depend on the lexer's state, and `_SPECIAL` for
# the names the other layers read (GNU keywords, gcc's spellings, `__complex`:
# pycparser asks whether they name a type first); any other token's type is its
# group's (`_GROUP_TYPES`: an identifier is a `_NAME`)
_KINDS: dict[str, str] = {
    **{name: _SPECIAL for name in (*_GNU_KEYWORDS, *_SPELLINGS, *_COMPLEX_SPELLINGS)},
    **_keyword_map, **_PUNCTUATORS}
_GROUP_TYPES = (None, None, _NAME, None, "INT_CONST_HEX", "INT_CONST_OCT", "INT_CONST_DEC",
                "FLOAT_CONST", "STRING_LITERAL", "CHAR_CONST")
# the token types that depend on when the token is handed out (`_NAME`, `_SPECIAL`)
# or do something then (the brace callbacks, the `[[` rule)
_DEFERRED = frozenset({_NAME, _SPECIAL, "LBRACE", "RBRACE", "LBRACKET"})
_new = object.__new__  # a token's slots are set in place: `_Token(...)` runs a
# generated `__init__` through a Python call
_WINDOW = 16384  # characters a stretch reads at most (to the end of that line)


class FastLexer(ImaginaryLexer, AtomcLexer):
    """The layered lexer (`ImaginaryLexer` over `AtomcLexer`) with its common
    tokens read a stretch at a time."""

    _lineno: int  # CLexer's state (`_init_state`), after the stretch's last token
    _line_start: int
    _pos: int
    # the stretch: its tokens, the text offset after each, the next one to hand
    # out, and their count (0 while tokens a layer put back are queued); the
    # indices of its `_DEFERRED` tokens, then its length, and the first of them
    # not before `_k` (or one before it)
    _toks: list[_Token]
    _ends: list[int]
    _k: int = 0
    _n: int = 0
    _deps: list[int]
    _d: int = 0

    def input(self, text: str, filename: str = "") -> None:
        super().input(text, filename)
        self.seek(0)

    def seek(self, pos: int) -> None:
        """Go on from offset `pos` (at the start of a line)."""
        self._pos = self._line_start = pos
        self._toks = []
        self._ends = []
        self._deps = [0]
        self._k = self._n = self._d = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # is this name a typedef name? (`use_scopes`)
        self._is_type: Callable[[str], bool | None] = self.type_lookup_func

    def use_scopes(self, visible: dict[str, bool]) -> None:
        """Decide typedef names by `visible` (name -> is it a typedef name, in the
        parser's scopes as they stand: the parser's `_visible`), whose `get` then
        answers for `type_lookup_func` without a call through the parser."""
        self._is_type = visible.get

    def offset(self) -> int:
        """The text offset after the last token lexed (handed out or queued)."""
        k = self._k  # (a stretch's first token is handed out as it is read)
        return self._ends[k - 1] if k < len(self._toks) else self._pos

    def marker_ahead(self) -> bool:
        """Is there a `#` line between `offset()` and the text's next token?"""
        if self._k < len(self._toks):
            return False  # (a stretch crosses none)
        return _LINE_AHEAD.match(self._lexdata, self._pos) is not None

    def _raw(self) -> _Token | None:
        # `AtomcLexer`'s tokens (its `[[` look-ahead reads them) by the short cut
        return self.token(True)

    def token(self, raw: bool = False) -> _Token | None:
        """The next token; `raw`: as `AtomcLexer._raw` reads it (no `[[` rule, no
        ImaginaryLexer rule)."""
        k = self._k
        if k < self._n:
            tok = self._toks[k]
            self._k = k + 1
            kind = tok.type
            if kind is _NAME:
                tok.type = "TYPEID" if self._is_type(tok.value) else "ID"
            elif kind in _DEFERRED:
                return self._deferred(tok, raw)
            return tok
        return self._next(raw)

    def lex_into(self, buf: list[Any]) -> _Token | None:
        """Append the next token to the parser's token buffer `buf` and return it,
        and with it the stretch's tokens up to its next `_DEFERRED` one: the others'
        types do not depend on when they are handed out, and the parser reads them
        from `buf` when it comes to them, with no call each."""
        k = self._k
        if k < self._n:
            toks = self._toks
            deps = self._deps
            d = self._d
            while deps[d] < k:  # (`token()` handed out some)
                d += 1
            j = deps[d]
            if j == k:  # the next token is deferred: decide it now
                tok = toks[k]
                d += 1
                if tok.type is _NAME:
                    tok.type = "TYPEID" if self._is_type(tok.value) else "ID"
                else:
                    self._k = k + 1
                    self._d = d
                    out = self._deferred(tok, False)
                    if out is not tok or self._k != k + 1 or not self._n:
                        buf.append(out)  # (the `[[` rule read on)
                        return out
                j = deps[d]
            buf += toks[k:j]
            self._k = j
            self._d = d
            return toks[k]
        out = self._next(False)
        buf.append(out)
        return out

    def _deferred(self, tok: _Token, raw: bool) -> _Token | None:
        """A stretch's token whose rules apply as it is handed out: a brace, a `[`
        or a `_SPECIAL` name (`token` and `lex_into` decide a `_NAME` themselves)."""
        kind = tok.type
        if kind == "LBRACE":
            self.on_lbrace_func()
        elif kind == "RBRACE":
            self.on_rbrace_func()
        elif kind == "LBRACKET":
            if not raw:
                return self._lbracket(tok)
        else:  # _SPECIAL: every layer's rule in order
            name = tok.value
            kind = "TYPEID" if self._is_type(name) else _GNU_KEYWORDS.get(name, "ID")
            spelled = _SPELLINGS.get(name)
            if spelled is not None:
                tok.type, tok.value = spelled
            elif kind == "ID" and name in _COMPLEX_SPELLINGS and not raw:
                tok.type = "_COMPLEX"  # ImaginaryLexer's rule
            else:
                tok.type = kind
        return tok

    def _lbracket(self, tok: _Token) -> _Token | None:
        """`AtomcLexer`'s `[[` rule on `[`; the tokens it reads ahead and puts back
        are handed out before the stretch's next ones."""
        out = self._after_lbracket(tok)
        if self._queue:
            self._n = 0
        return out

    def _next(self, raw: bool) -> _Token | None:
        """The next token where the stretch has none to hand out: a queued one, a
        new stretch's first, or the layered path's."""
        queue = self._queue
        if queue:
            tok: _Token | None = queue.popleft()
            if not queue:
                self._n = len(self._toks)
        else:
            if self._pending_tok is None and self._fill():
                return self.token(raw)
            # the layered path (CLexer's loop, GnuCLexer's keywords, gcc's
            # spellings) from `_pos`
            tok = AtomcLexer._raw(self)
        if raw:
            return tok
        if tok is not None and tok.type == "LBRACKET":
            tok = self._lbracket(tok)
        if tok is not None and tok.type == "ID" and tok.value in _COMPLEX_SPELLINGS:
            tok.type = "_COMPLEX"  # ImaginaryLexer's rule
        return tok

    def _fill(self) -> bool:
        """Read the stretch of tokens from `_pos` (after the blanks, newlines and
        cpp's line markers there, which set the line and file as CLexer's
        `_handle_ppline` does); False where it has none (the layered path reads
        on from `_pos`)."""
        text = self._lexdata
        pos = self._pos
        lineno = self._lineno
        toks: list[_Token] = []
        ends: list[int] = []
        deps: list[int] = []
        append = toks.append
        end_at = ends.append
        defer = deps.append
        kinds = _KINDS
        group_types = _GROUP_TYPES
        deferred = _DEFERRED
        while True:
            base = self._line_start - 1  # (a column is the offset less this)
            # up to the line end after `_WINDOW` characters (no token spans lines):
            # the stretch's lists stay short while its tokens live on in the
            # parser's buffer
            window = text.find("\n", pos + _WINDOW) + 1 or len(text)
            for m in iter(_SCANNABLE.scanner(text, pos, window).match, None):
                group: Any = m.lastindex
                if group == 1:  # newlines
                    lineno += m[1].count("\n")
                    base = m.end() - 1
                    continue
                value = m[group]
                tok = _new(_Token)
                end_at(end := m.end())
                tok.type = kind = kinds.get(value, group_types[group])
                tok.value = value
                tok.lineno = lineno
                tok.column = end - len(value) - base
                if kind in deferred:
                    defer(len(toks))
                append(tok)
            if toks:
                last = toks[-1]
                deps.append(len(toks))
                self._toks = toks
                self._ends = ends
                self._deps = deps
                self._k = self._d = 0
                self._n = len(toks)
                self._pos = end = ends[-1]
                self._lineno = last.lineno
                self._line_start = end - len(last.value) - last.column + 1
                return True
            # nothing read at `pos`: blanks and newlines, then a line marker?
            lineno = self._lineno
            b = _BLANKS.match(text, pos)
            if b is not None:
                end = b.end()
                lines = text.count("\n", pos, end)
                if lines:
                    lineno += lines
                    self._line_start = text.rfind("\n", pos, end) + 1
                pos = end
            self._pos = pos
            self._lineno = lineno
            marker = _LINE_MARKER.match(text, pos)
            if marker is None:
                return False
            self._lineno = lineno = int(marker[1])
            self._filename = marker[2]
            self._pos = pos = self._line_start = marker.end() + 1
