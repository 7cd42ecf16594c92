"""GNU imaginary constants: `2.0i`, `1.0iF` (<complex.h>'s `_Complex_I`), `3.5jL`,
and `__complex__` as a spelling of `_Complex`.

pycparser's lexer reads `1.0iF` as the constant `1.0` followed by the
identifier `iF`; `ImaginaryLexer` glues such a suffix (an `i` or `j` among the
`f`/`l`/`u` suffix letters, forming the whole rest of the token) back onto the
number. `imaginary_part` then splits the spelling into the real constant's
spelling, which the ordinary literal rules type and round.
"""

from __future__ import annotations

import re

from pycparserext.ext_c_lexer import GnuCLexer

from .. import lazyre

_NUMBER_TOKENS = frozenset({"FLOAT_CONST", "HEX_FLOAT_CONST", "INT_CONST_DEC", "INT_CONST_HEX",
                            "INT_CONST_OCT", "INT_CONST_BIN"})
_SUFFIX = lazyre.compile(r"[fFlLuU]*[iIjJ][fFlLuU]*(?![A-Za-z0-9_])")
_HAS_SUFFIX = re.compile(r"^(?P<body>.*?)(?P<suffix>[fFlLuU]*[iIjJ][fFlLuU]*)$")
_HEX_INT = lazyre.compile(r"^(?P<body>0[xX][0-9a-fA-F]+)(?P<suffix>[lLuU]*[iIjJ][lLuU]*)$")


class ImaginaryLexer(GnuCLexer):
    def token(self):
        tok = super().token()
        if tok is not None and tok.type == "ID" and tok.value in ("__complex__", "__complex"):
            tok.type = "_COMPLEX"  # GNU spellings of the `_Complex` type specifier
        return tok

    def _match_token(self):
        tok = super()._match_token()
        if tok is not None and tok.type in _NUMBER_TOKENS:
            m = _SUFFIX.match(self._lexdata, self._pos)
            if m is not None:
                tok.value += m.group(0)
                self._pos = m.end()
        return tok


def imaginary_part(text: str) -> str | None:
    """The spelling of the constant without its imaginary suffix (`1.0iF` -> `1.0F`),
    or None when `text` is not an imaginary constant."""
    hex_int = text[:2].lower() == "0x" and "p" not in text.lower()
    m = (_HEX_INT if hex_int else _HAS_SUFFIX).match(text)  # `f` is a hex digit there
    if m is None:
        return None
    suffix = m.group("suffix")
    return m.group("body") + "".join(c for c in suffix if c not in "iIjJ")
