"""Decoding C literal spellings: integer constants, character constants and
string literals (escape sequences, adjacent-literal concatenation)."""

from __future__ import annotations

from .ctype import INT, LONG, UINT, ULONG, IntT
from .preprocess import SOURCE_ERRORS

_SIMPLE_ESCAPES = {"n": 10, "t": 9, "r": 13, "a": 7, "b": 8, "f": 12, "v": 11, "e": 27,
                   "\\": 92, "'": 39, '"': 34, "?": 63}


class LiteralError(Exception):
    pass


def int_literal(text: str) -> tuple[int, IntT]:
    """Value and type of an integer constant (C11 6.4.4.1 on LP64)."""
    s = text.lower()
    suffix = ""
    while s and s[-1] in "ul":
        suffix = s[-1] + suffix
        s = s[:-1]
    if suffix not in ("", "u", "l", "ul", "lu", "ll", "ull", "llu"):
        raise LiteralError(f"invalid suffix '{text[len(s):]}' on integer constant")
    try:
        if s.startswith(("0x", "0b")) and len(s) > 2:
            value = int(s[2:], 16 if s[1] == "x" else 2)
            decimal = False
        elif s.startswith("0") and len(s) > 1:
            value = int(s, 8)
            decimal = False
        else:
            value = int(s, 10)
            decimal = True
    except ValueError:
        raise LiteralError(f"invalid integer constant '{text}'") from None
    unsigned = "u" in suffix
    is_long = "l" in suffix
    candidates: list[IntT]
    if unsigned:
        candidates = [ULONG] if is_long else [UINT, ULONG]
    elif is_long:
        candidates = [LONG] if decimal else [LONG, ULONG]
    else:
        candidates = [INT, LONG] if decimal else [INT, UINT, LONG, ULONG]
    for t in candidates:
        limit = 1 << (t.bits - 1 if t.signed else t.bits)
        if value < limit:
            return value, t
    if value < (1 << 64):
        return value, ULONG  # gcc: "integer constant is so large that it is unsigned"
    raise LiteralError(f"integer constant '{text}' is too large for its type")


def _decode_body(body: str, wide: bool = False) -> list[int]:
    """Code units of a literal's body: UTF-8 bytes for a narrow literal (numeric
    escapes truncated to a byte), code points for a wide one (escapes keep their
    full value)."""
    mask = 0xFFFFFFFF if wide else 0xFF

    def encode(cp: int) -> list[int]:
        # A byte that is not UTF-8 reaches us as a surrogateescape code point (see
        # preprocess.SOURCE_ERRORS): gcc copies it into a narrow literal unchanged and
        # refuses to convert it to a wide character.
        if wide and 0xDC80 <= cp <= 0xDCFF:
            raise LiteralError("converting to execution character set: "
                               "Invalid or incomplete multibyte or wide character")
        return [cp] if wide else list(chr(cp).encode("utf-8", SOURCE_ERRORS))

    out: list[int] = []
    i = 0
    n = len(body)
    while i < n:
        c = body[i]
        if c != "\\":
            out.extend(encode(ord(c)))
            i += 1
            continue
        i += 1
        if i >= n:
            raise LiteralError("incomplete escape sequence")
        c = body[i]
        if c in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[c])
            i += 1
        elif c in "01234567":
            j = i
            while j < n and j < i + 3 and body[j] in "01234567":
                j += 1
            out.append(int(body[i:j], 8) & mask)
            i = j
        elif c == "x":
            j = i + 1
            while j < n and body[j] in "0123456789abcdefABCDEF":
                j += 1
            if j == i + 1:
                raise LiteralError("\\x used with no following hex digits")
            out.append(int(body[i + 1 : j], 16) & mask)
            i = j
        elif c in "uU":
            width = 4 if c == "u" else 8
            digits = body[i + 1 : i + 1 + width]
            try:
                cp = int(digits, 16)
            except ValueError:
                raise LiteralError("incomplete universal character name") from None
            out.extend(encode(cp))
            i += 1 + width
        else:
            out.append(ord(c) & mask)  # unknown escape: gcc warns and keeps the character
            i += 1
    return out


def char_literal(text: str) -> int:
    """The int value of a character constant ('a', '\\n', 'ab'); char is signed."""
    prefix = text[: text.index("'")]
    body = text[len(prefix) + 1 : -1]
    if prefix:  # L'x', u'x', U'x': the code point
        units = _decode_body(body, wide=True)
        return units[0] if units else 0
    units = _decode_body(body)
    if not units:
        raise LiteralError("empty character constant")
    if len(units) == 1:
        v = units[0]
        return v - 256 if v >= 128 else v
    value = 0
    for u in units[-4:]:
        value = (value << 8) | u
    return value - (1 << 32) if value >= 1 << 31 else value


def _segments(text: str) -> list[tuple[str, str]]:
    """(prefix, body) of each adjacent literal in "a" L"b" ..."""
    out: list[tuple[str, str]] = []
    i = 0
    n = len(text)
    while i < n:
        if text[i] in " \t\n":
            i += 1
            continue
        j = i
        while j < n and text[j] != '"':
            j += 1
        prefix = text[i:j]
        if prefix not in ("", "u8", "L", "u", "U") or j >= n:
            raise LiteralError("malformed string literal")
        k = j + 1
        while k < n and text[k] != '"':
            k += 2 if text[k] == "\\" else 1
        out.append((prefix, text[j + 1 : k]))
        i = k + 1
    return out


def string_literal(text: str) -> bytes:
    """Bytes of a (possibly concatenated) narrow string literal, without the NUL."""
    out: list[int] = []
    for prefix, body in _segments(text):
        if prefix not in ("", "u8"):
            raise LiteralError("a wide string literal cannot be used here")
        out.extend(_decode_body(body))
    return bytes(out)


def wide_prefix(text: str) -> str:
    """"L", "u" or "U" if any concatenated segment is wide (the literal then is), else ""."""
    for prefix, _ in _segments(text):
        if prefix in ("L", "u", "U"):
            return prefix
    return ""


def wide_string_literal(text: str) -> list[int]:
    """Code units of a wide literal (UTF-32 for L and U, UTF-16 for u), without the NUL."""
    prefix = wide_prefix(text)
    units: list[int] = []
    for _, body in _segments(text):
        for cp in _decode_body(body, wide=True):
            if prefix == "u" and cp > 0xFFFF:
                cp -= 0x10000
                units += [0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)]
            else:
                units.append(cp)
    return units
