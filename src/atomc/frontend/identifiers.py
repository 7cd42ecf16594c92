"""C11 extended identifiers: raw UTF-8 letters and universal character names.

gcc 12 takes `int é;`, `int \\u00e9;` and `int \\U000000e9;` as one identifier named
by its characters, and writes that name as UTF-8 in the assembly (`.globl é`) and in
DW_AT_name. Its preprocessor writes every extended character of an identifier as a
`\\UXXXXXXXX` escape, so each reaches atomc's lexer in that form from a `.c` file and
in any form from a `.i` file. pycparser knows only ASCII identifiers: `match` reads an
identifier holding extended characters, checks each as gcc's preprocessor does (the
character ranges of C11 Annex D) and gives its name; an invalid one gets gcc's
message. The names then travel through atomc as ordinary Python strings, encoded as
UTF-8 where they are written out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import lazyre

# C11 Annex D.1: the characters allowed in an identifier
_ALLOWED: tuple[tuple[int, int], ...] = (
    (0x00A8, 0x00A8), (0x00AA, 0x00AA), (0x00AD, 0x00AD), (0x00AF, 0x00AF),
    (0x00B2, 0x00B5), (0x00B7, 0x00BA), (0x00BC, 0x00BE), (0x00C0, 0x00D6),
    (0x00D8, 0x00F6), (0x00F8, 0x00FF), (0x0100, 0x167F), (0x1681, 0x180D),
    (0x180F, 0x1FFF), (0x200B, 0x200D), (0x202A, 0x202E), (0x203F, 0x2040),
    (0x2054, 0x2054), (0x2060, 0x206F), (0x2070, 0x218F), (0x2460, 0x24FF),
    (0x2776, 0x2793), (0x2C00, 0x2DFF), (0x2E80, 0x2FFF), (0x3004, 0x3007),
    (0x3021, 0x302F), (0x3031, 0x303F), (0x3040, 0xD7FF), (0xF900, 0xFD3D),
    (0xFD40, 0xFDCF), (0xFDF0, 0xFE44), (0xFE47, 0xFFFD),
) + tuple((plane, plane + 0xFFFD) for plane in range(0x10000, 0xF0000, 0x10000))
# C11 Annex D.2: allowed, but not as an identifier's first character (combining marks)
_NOT_INITIAL: tuple[tuple[int, int], ...] = (
    (0x0300, 0x036F), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))
# the ASCII characters a UCN may name (C11 6.4.3p2): `$`, `@` and the backquote
_BASIC_UCNS = frozenset({0x24, 0x40, 0x60})

# how the errors below begin (parse.py passes them through unchanged)
MESSAGES = ("\\u", "\\U", "universal character ", "extended character ")

_UCN = r"\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}"
# one identifier that may hold extended characters: ASCII letters, digits, `_` and `$`,
# UCNs and any non-ASCII character (checked one by one afterwards)
_EXTENDED_ID = lazyre.compile(rf"(?:[A-Za-z_$]|{_UCN}|[^\x00-\x7f])"
                          rf"(?:[0-9A-Za-z_$]|{_UCN}|[^\x00-\x7f])*")
_ASCII_ID = lazyre.compile(r"[A-Za-z_$][0-9A-Za-z_$]*")
_PIECE = lazyre.compile(rf"{_UCN}|.", re.S)


def _within(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= code <= hi for lo, hi in ranges)


def allowed(code: int, initial: bool) -> bool:
    """May the character `code` appear in an identifier (first when `initial`)?"""
    if code < 0x80:
        return chr(code).isalnum() and (not initial or not chr(code).isdigit()) \
            or chr(code) in "_$"
    if _within(code, _NOT_INITIAL):
        return not initial
    return _within(code, _ALLOWED)


@dataclass(frozen=True, slots=True)
class Identifier:
    """An identifier read at some offset: its name and how many characters it spans,
    or gcc's error for it."""

    name: str
    length: int
    error: str = ""


def may_hold(text: str) -> bool:
    """Can `text` hold an extended identifier (a non-ASCII character or a UCN anywhere)?
    Most sources cannot, and their lexing skips `match` altogether. (`isascii` and
    `in` scan a whole preprocessed file several times faster than a regular
    expression's search.)"""
    return not text.isascii() or "\\u" in text or "\\U" in text


def match(text: str, pos: int) -> Identifier | None:
    """The identifier at `pos` if it holds an extended character (a UCN or a non-ASCII
    character gcc takes), else None (pycparser's lexer reads it, or reports the stray
    character)."""
    if pos < len(text) and text[pos] != "\\" and text[pos] < "\x80":
        # the common case, decided without the slow path: an ASCII identifier (or
        # another token) that no UCN or non-ASCII character follows
        plain = _ASCII_ID.match(text, pos)
        end = plain.end() if plain is not None else pos
        if plain is None or end == len(text) or (text[end] != "\\" and text[end] < "\x80"):
            return None
    m = _EXTENDED_ID.match(text, pos)
    if m is None:
        return None
    name: list[str] = []
    extended = False
    length = 0
    for piece in _PIECE.findall(m.group(0)):
        initial = not name
        if len(piece) > 1:
            code = int(piece[2:], 16)
            if code < 0xA0 and code not in _BASIC_UCNS or 0xD800 <= code <= 0xDFFF:
                return Identifier("", len(m.group(0)),
                                  f"{piece} is not a valid universal character")
            if code > 0x10FFFF or not allowed(code, False):
                return Identifier("", len(m.group(0)),
                                  f"universal character {piece} is not valid in an identifier")
            if initial and not allowed(code, True):
                return Identifier("", len(m.group(0)), f"universal character {piece} is not "
                                                       f"valid at the start of an identifier")
        elif ord(piece) >= 0x80:
            code = ord(piece)
            if not allowed(code, False):
                break  # not part of the identifier: pycparser reports the stray byte
            if initial and not allowed(code, True):
                return Identifier("", length + 1, f"extended character {piece} is not "
                                                  f"valid at the start of an identifier")
        else:
            code = ord(piece)
        extended = extended or code >= 0x80 or len(piece) > 1
        name.append(chr(code))
        length += len(piece)
    if not extended or not name:
        return None
    return Identifier("".join(name), length)
