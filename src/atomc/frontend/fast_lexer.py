"""The parser's lexer with one `token()` call per token for the common tokens.

The lexer atomc parses with is layered: imaginary constants (`ImaginaryLexer`),
gcc's keyword spellings and `[[...]]` attributes (`AtomcLexer`), pycparserext's
GNU keywords (`GnuCLexer`) and pycparser's `CLexer`, each a `token()` or
`_match_token()` wrapping the next: eight calls and pycparser's full master regex
for every token, about a tenth of a served compile. `FastLexer` reads the two
kinds that make most of C text, identifiers and punctuators, and the blanks
before them, in one call, applying every layer's rule for them in their order
(pycparser's keyword table and typedef lookup, the GNU keywords for what stays
an identifier, gcc's spellings, the `[[` check, `__complex`). Everything else (a
number, a literal, a line marker, `.`, `/`, an identifier that may hold extended
characters, a token queued by a layer) takes the layered path from the same
position, so the tokens are exactly the layered lexer's; tests/frontend check
that over zlib, Lua, sqlite and the tests' programs.

Where an identifier or punctuator is read this way is decided by its first
character: pycparser's master regex matches nothing at a character that starts
no literal or number (all its alternatives start with a quote, a digit, `.`,
`/`, or a letter followed by a quote in `L"`, `u8'` ...), so there the longest
fixed token is the token, and an identifier not followed by a quote is only an
identifier.
"""

from __future__ import annotations

import re

from pycparser.c_lexer import _fixed_tokens_by_first, _keyword_map, _Token
from pycparserext.ext_c_lexer import GnuCLexer

from .gnu_parse import _SPELLINGS, AtomcLexer
from .imaginary import ImaginaryLexer

_IDENT = re.compile(r"[a-zA-Z_$][0-9a-zA-Z_$]*")
_BLANKS = re.compile(r"[ \t\n]+")
_ID_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$")
_QUOTES = frozenset("'\"")
# first character -> (spelling, token type) longest first; without `.` (`.5` is a
# number) and `/` (pycparser reports `/*` and `//` as comments)
_PUNCTUATORS: dict[str, tuple[tuple[str, str], ...]] = {
    c: tuple((e.literal, e.tok_type) for e in bucket)
    for c, bucket in _fixed_tokens_by_first.items() if c not in "./"}
_GNU_KEYWORDS: dict[str, str] = GnuCLexer._extra_keywords
_COMPLEX_SPELLINGS = ("__complex__", "__complex")


class FastLexer(ImaginaryLexer, AtomcLexer):
    """The layered lexer (`ImaginaryLexer` over `AtomcLexer`) with its common
    tokens read in one call."""

    def token(self):
        tok = self._raw()
        if tok is not None and tok.type == "LBRACKET":
            tok = self._after_lbracket(tok)
        if tok is not None and tok.type == "ID" and tok.value in _COMPLEX_SPELLINGS:
            tok.type = "_COMPLEX"  # ImaginaryLexer's rule
        return tok

    def _raw(self) -> _Token | None:
        if self._queue:
            return self._queue.popleft()
        if self._pending_tok is None:
            text = self._lexdata
            n = len(text)
            pos = self._pos
            while pos < n:
                c = text[pos]
                if c in " \t\n":
                    end = m.end() if (m := _BLANKS.match(text, pos)) else pos + 1
                    lines = text.count("\n", pos, end)
                    if lines:
                        self._lineno += lines
                        self._line_start = text.rfind("\n", pos, end) + 1
                    pos = end
                    continue
                if c in _ID_START and not self._extended:
                    end = m.end() if (m := _IDENT.match(text, pos)) else pos + 1
                    if end < n and text[end] in _QUOTES:
                        break  # `L"..."`, `u8'x'`: a literal
                    value = text[pos:end]
                    kind = _keyword_map.get(value, "ID")
                    if kind == "ID":
                        kind = "TYPEID" if self.type_lookup_func(value) else \
                            _GNU_KEYWORDS.get(value, "ID")
                    spelled = _SPELLINGS.get(value)
                    if spelled is not None:
                        kind, value = spelled
                    self._pos = end
                    return _Token(kind, value, self._lineno, pos - self._line_start + 1)
                bucket = _PUNCTUATORS.get(c)
                if bucket is None:
                    break
                for literal, kind in bucket:
                    if text.startswith(literal, pos):
                        tok = _Token(kind, literal, self._lineno, pos - self._line_start + 1)
                        self._pos = pos + len(literal)
                        if kind == "LBRACE":
                            self.on_lbrace_func()
                        elif kind == "RBRACE":
                            self.on_rbrace_func()
                        return tok
                break  # unreachable: every bucket ends with its one-character token
            self._pos = pos
        # the layered path: CLexer's loop, GnuCLexer's keywords, gcc's spellings
        return AtomcLexer._raw(self)
