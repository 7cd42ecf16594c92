"""The parser's lexer with one `token()` call per token for the common tokens.

The lexer atomc parses with is layered: imaginary constants (`ImaginaryLexer`),
gcc's keyword spellings and `[[...]]` attributes (`AtomcLexer`), pycparserext's
GNU keywords (`GnuCLexer`) and pycparser's `CLexer`, each a `token()` or
`_match_token()` wrapping the next: eight calls and pycparser's full master regex
for every token, about a tenth of a served compile. `FastLexer.token` reads the
two kinds that make most of C text, identifiers and punctuators, and the blanks
before them, with one regular expression, applying every layer's rule for them
in their order (pycparser's keyword table and typedef lookup, the GNU keywords
for what stays an identifier, gcc's spellings, `__complex`, the `[[` check).
Everything else (a number, a literal, a line marker, `.` before a digit, `/`, an
identifier that may hold extended characters, a token queued by a layer) takes
the layered path from the same position, so the tokens are exactly the layered
lexer's; tests/frontend check that over zlib, Lua, sqlite and the tests' programs.

Where an identifier or punctuator is read this way is decided by its first
character: pycparser's master regex matches nothing at a character that starts
no literal or number (all its alternatives start with a quote, a digit, `.`,
`/`, or a letter followed by a quote in `L"`, `u8'` ...), so there the longest
fixed token is the token, and an identifier not followed by a quote is only an
identifier. Its alternatives at a `.` read a number only where a digit follows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from pycparser.c_lexer import _fixed_tokens_by_first, _keyword_map, _Token
from pycparserext.ext_c_lexer import GnuCLexer

from .gnu_parse import _SPELLINGS, AtomcLexer
from .imaginary import ImaginaryLexer

_BLANKS = re.compile(r"[ \t\n]+")
# spelling -> token type; without `/` (pycparser reports `/*` and `//` as comments)
_PUNCTUATORS: dict[str, str] = {
    e.literal: e.tok_type for c, bucket in _fixed_tokens_by_first.items() if c != "/"
    for e in bucket}


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


# `.` and `...` apart: a `.` before a digit begins a number (`.5`)
_PUNCTUATOR_RE = _punctuator_pattern([p for p in _PUNCTUATORS if p[0] != "."]) + \
    r"|\.\.\.|\.(?![0-9])"
# pycparser's integer suffix, its alternatives in its order (without groups)
_INT_SUFFIX = "(?:[uU]ll|[uU]LL|ll[uU]?|LL[uU]?|[uU][lL]|[lL][uU]?|[uU])?"
# an integer constant as pycparser's master regex reads it (hexadecimal, octal,
# decimal: groups 3, 4, 5), taken only where a blank or a punctuator other than
# `.` follows: before a letter, digit, `.`, quote or anything else the master
# regex may read a float, a bad octal constant, an imaginary suffix or a longer
# suffix, and the layered path decides
_INTEGER = (rf"(?:(0[xX][0-9a-fA-F]++{_INT_SUFFIX})|(0[0-7]*+{_INT_SUFFIX})|"
            rf"([1-9][0-9]*+{_INT_SUFFIX}))"
            r"(?=[ \t\n;,()\[\]{}+\-*/%<>=!&|^?:~#]|\Z)")
# blanks, and the newlines among them (group 1) unless a line marker or other `#`
# line follows (`_after_blanks` reads those), then an identifier not followed by
# a quote (`L"..."`, `u8'x'` are literals; possessive, so `u8"` is not read as `u`
# then `8"`), a punctuator or an integer constant: group 2, 3 or 4-6. Reading the
# newlines here spares the first token of each line `_after_blanks`' four matches.
_NEWLINES = r"[ \t]*+(\n[ \t\n]*+(?!#))?+"
_SIMPLE = re.compile(rf"{_NEWLINES}(?:([a-zA-Z_$][0-9a-zA-Z_$]*+)(?![\'\"])|"
                     rf"({_PUNCTUATOR_RE})|{_INTEGER})")
# the same where an identifier may hold extended characters (`identifiers.match`
# reads those): no identifiers
_SIMPLE_PUNCTUATOR = re.compile(rf"{_NEWLINES}(?:(?!)()|({_PUNCTUATOR_RE})|{_INTEGER})")
# a line marker CLexer reads without error: `# LINE "FILE" FLAGS...` (a file name
# without escapes; anything else takes CLexer's own path)
_LINE_MARKER = re.compile(r'#[ \t]*(0|[1-9][0-9]*+)[ \t]*"([^"\\\n]*)"'
                          r"(?:[ \t]*+(?:0|[1-9][0-9]*+))*+[ \t]*+(?=\n|\Z)")
_GNU_KEYWORDS: dict[str, str] = GnuCLexer._extra_keywords
_COMPLEX_SPELLINGS = ("__complex__", "__complex")
# every identifier some layer treats apart (pycparser's keywords, the GNU
# keywords, gcc's spellings, `__complex`) -> its keyword type or "ID": any other
# identifier is a typedef name or an identifier, and the table is one lookup
_SPECIAL_NAMES: dict[str, str] = {
    name: _keyword_map.get(name, "ID")
    for name in (*_keyword_map, *_GNU_KEYWORDS, *_SPELLINGS, *_COMPLEX_SPELLINGS)}
_new = object.__new__  # a token's slots are set in place: `_Token(...)` runs a
# generated `__init__` through a Python call, a third of the identifier path


class FastLexer(ImaginaryLexer, AtomcLexer):
    """The layered lexer (`ImaginaryLexer` over `AtomcLexer`) with its common
    tokens read in one call."""

    _lineno: int  # CLexer's state (`_init_state`), which `_after_blanks` updates
    _line_start: int
    # name -> is it a typedef name, in the parser's scopes as they stand (the
    # parser's `_visible`), where `type_lookup_func` is the parser's
    # `_lex_type_lookup_func` (read inline, without a call per identifier)
    visible: dict[str, bool] | None = None
    # `_SIMPLE` or `_SIMPLE_PUNCTUATOR` (Any: typeshed lacks re's `scanner`, whose
    # `match` reads on where the last match ended, with no arguments to pass)
    _pattern: Any

    def input(self, text: str, filename: str = "") -> None:
        super().input(text, filename)
        self._pattern = _SIMPLE_PUNCTUATOR if self._extended else _SIMPLE
        self.seek(0)

    def seek(self, pos: int) -> None:
        """Go on from offset `pos` (at the start of a line)."""
        self._pos = self._line_start = pos
        self._scan = self._pattern.scanner(self._lexdata, pos).match

    def _raw(self) -> _Token | None:
        # `AtomcLexer`'s tokens (its `[[` look-ahead reads them) by the short cut
        return self.token(True)

    def _special_name(self, name: str, kind: str, raw: bool) -> tuple[str, str]:
        """The token type and spelling of identifier `name` in `_SPECIAL_NAMES`
        (`kind`, pycparser's keyword type or "ID"), by every layer's rule in order
        (`raw`: `AtomcLexer._raw`'s, without ImaginaryLexer's)."""
        if kind == "ID":
            kind = "TYPEID" if self.type_lookup_func(name) else _GNU_KEYWORDS.get(name, "ID")
        spelled = _SPELLINGS.get(name)
        if spelled is not None:
            return spelled
        if kind == "ID" and name in _COMPLEX_SPELLINGS and not raw:
            return "_COMPLEX", name  # ImaginaryLexer's rule
        return kind, name

    def _after_blanks(self) -> re.Match[str] | None:
        """Skip blanks, newlines and cpp's line markers as CLexer does (its
        `_handle_ppline` for a marker `# 12 "file" 1 3`); the identifier or
        punctuator then at `_pos`, or None (the layered path reads on from there)."""
        text = self._lexdata
        pos = start = self._pos
        while True:
            b = _BLANKS.match(text, pos)
            if b is not None:
                end = b.end()
                lines = text.count("\n", pos, end)
                if lines:
                    self._lineno += lines
                    self._line_start = text.rfind("\n", pos, end) + 1
                pos = self._pos = end
            marker = _LINE_MARKER.match(text, pos)
            if marker is None:
                if pos == start:
                    return None
                self._scan = scan = self._pattern.scanner(text, pos).match
                return scan()
            self._lineno = int(marker[1])
            self._filename = marker[2]
            pos = self._pos = self._line_start = marker.end() + 1

    def token(self, raw: bool = False) -> _Token | None:
        """The next token; `raw`: as `AtomcLexer._raw` reads it (no `[[` rule, no
        ImaginaryLexer rule)."""
        if not self._queue and self._pending_tok is None:
            # the scanner matches where the last match ended, which is `_pos`
            # unless the layered path or `_after_blanks` moved on (they restart it)
            m = self._scan() or self._after_blanks()
            if m is not None:
                # one call for the groups: newlines, identifier, punctuator, the
                # three integer spellings (the token is the one group not None)
                newlines, name, punct, hexa, octal, dec = m.groups()
                end = self._pos = m.end()
                if newlines is not None:
                    self._lineno += newlines.count("\n")
                    self._line_start = end - len(name or punct or hexa or octal or dec) - \
                        (len(newlines) - 1 - newlines.rfind("\n"))
                tok = _new(_Token)
                if name is not None:
                    kind = _SPECIAL_NAMES.get(name)
                    if kind is None:  # in no keyword table: a typedef name or not
                        visible = self.visible
                        if visible is None:
                            tok.type = "TYPEID" if self.type_lookup_func(name) else "ID"
                        else:  # the parser's `_lex_type_lookup_func`, inlined
                            tok.type = "TYPEID" if visible.get(name) else "ID"
                        tok.value = name
                    else:
                        tok.type, tok.value = self._special_name(name, kind, raw)
                    tok.lineno = self._lineno
                    tok.column = end - len(name) - self._line_start + 1
                    return tok
                if punct is not None:
                    kind = tok.type = _PUNCTUATORS[punct]
                    tok.value = punct
                    tok.lineno = self._lineno
                    tok.column = end - len(punct) - self._line_start + 1
                    if kind == "LBRACE":
                        self.on_lbrace_func()
                    elif kind == "RBRACE":
                        self.on_rbrace_func()
                    elif kind == "LBRACKET" and not raw:
                        return self._after_lbracket(tok)
                    return tok
                if hexa is not None:
                    tok.type, tok.value = "INT_CONST_HEX", hexa
                elif octal is not None:
                    tok.type, tok.value = "INT_CONST_OCT", octal
                else:
                    tok.type, tok.value = "INT_CONST_DEC", dec
                tok.lineno = self._lineno
                tok.column = end - len(tok.value) - self._line_start + 1
                return tok
        # the layered path (queued tokens; CLexer's loop, GnuCLexer's keywords,
        # gcc's spellings) and the layers' rules on its token
        tok = AtomcLexer._raw(self)
        self._scan = self._pattern.scanner(self._lexdata, self._pos).match
        if raw:
            return tok
        if tok is not None and tok.type == "LBRACKET":
            tok = self._after_lbracket(tok)
        if tok is not None and tok.type == "ID" and tok.value in _COMPLEX_SPELLINGS:
            tok.type = "_COMPLEX"  # ImaginaryLexer's rule
        return tok
