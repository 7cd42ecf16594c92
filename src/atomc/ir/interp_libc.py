"""The C library subset the IR interpreter implements: printf (glibc's rendering
of the integer, character, string, floating and long double conversions), puts,
putchar, abort, exit, malloc/calloc/free and a few string functions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import interp_x87 as x87
from .insts import Call
from .interp_eval import (
    InterpError,
    ProgramExit,
    RtValue,
    Scalar,
    Trap,
    as_float,
    as_int,
    to_signed,
)
from .interp_memory import Memory
from .libgcc128 import LIBGCC_TI
from .x87float import X80

if TYPE_CHECKING:
    from .interp import Interpreter

# a library function: the machine, the arguments, the call that receives the result
External = Callable[["Interpreter", list[Scalar], Call], RtValue]


def format_printf(fmt: bytes, args: Sequence[Scalar], mem: Memory) -> bytes:
    """glibc-compatible rendering of the integer, character and string conversions."""
    out = bytearray()
    ai = 0
    i = 0

    def next_arg() -> Scalar:
        nonlocal ai
        if ai >= len(args):
            raise InterpError("printf: too few arguments")
        a = args[ai]
        ai += 1
        return a

    while i < len(fmt):
        c = fmt[i]
        if c != ord("%"):
            out.append(c)
            i += 1
            continue
        flags, width, prec, length, i = _conversion_spec(fmt, i + 1, next_arg)
        if i >= len(fmt):
            break
        conv = chr(fmt[i])
        i += 1
        bits = {"": 32, "hh": 8, "h": 16, "l": 64, "ll": 64, "z": 64, "j": 64, "t": 64,
                "q": 64}.get(length, 64)
        spec = "%" + flags + width + ("." + prec if prec is not None else "")
        if conv == "%":
            out += b"%"
        elif conv in "di":
            v = to_signed(as_int(next_arg()), bits)
            if prec == "0" and v == 0:
                out += _pad(b"", flags, width)
            else:
                out += ((spec + "d") % v).encode()
        elif conv in "uxXo":
            v = as_int(next_arg()) & ((1 << bits) - 1)
            if prec == "0" and v == 0:  # C prints no digits at all here
                out += _pad(b"", flags, width)
                continue
            pyconv = "d" if conv == "u" else conv
            text = (spec.replace("+", "").replace(" ", "") + pyconv) % v
            if conv == "o" and "#" in flags:
                text = text.replace("0o", "0", 1)
            out += text.encode()
        elif conv == "c":
            out += _pad(bytes([as_int(next_arg()) & 0xFF]), flags, width)
        elif conv == "s":
            addr = as_int(next_arg())
            s = b"(null)" if addr == 0 else mem.read_cstring(addr)
            if prec is not None:
                s = s[: int(prec)]
            out += _pad(s, flags, width)
        elif conv == "p":
            addr = as_int(next_arg())
            out += _pad(b"(nil)" if addr == 0 else f"0x{addr:x}".encode(), flags, width)
        elif conv in "fFeEgGaA" and length == "L":
            xv = next_arg()
            if not isinstance(xv, X80):
                raise InterpError(f"printf: %L{conv} needs a long double argument")
            out += x87.format_x80(xv, conv, flags, width, prec)
        elif conv in "fFeEgG":
            f = as_float(next_arg())
            out += ((spec + conv) % f).encode()
        else:
            raise InterpError(f"printf: unsupported conversion %{conv}")
    return bytes(out)


def _conversion_spec(fmt: bytes, i: int,
                     next_arg: Callable[[], Scalar]) -> tuple[str, str, str | None, str, int]:
    """Flags, width, precision and length modifier of the conversion whose text starts
    at fmt[i] (after the `%`), and where its conversion letter is; a `*` width or
    precision takes the next argument, as printf does."""
    flags = ""
    while i < len(fmt) and chr(fmt[i]) in "-+ #0":
        flags += chr(fmt[i])
        i += 1
    width = ""
    if i < len(fmt) and fmt[i] == ord("*"):
        w = to_signed(as_int(next_arg()), 32)
        if w < 0:
            flags += "-"
            w = -w
        width = str(w)
        i += 1
    while i < len(fmt) and chr(fmt[i]).isdigit():
        width += chr(fmt[i])
        i += 1
    prec: str | None = None
    if i < len(fmt) and fmt[i] == ord("."):
        i += 1
        prec = ""
        if i < len(fmt) and fmt[i] == ord("*"):
            p = to_signed(as_int(next_arg()), 32)
            prec = str(p) if p >= 0 else None
            i += 1
        else:
            while i < len(fmt) and chr(fmt[i]).isdigit():
                prec += chr(fmt[i])
                i += 1
            prec = prec or "0"
    length = ""
    while i < len(fmt) and chr(fmt[i]) in "hlzjtqL":
        length += chr(fmt[i])
        i += 1
    return flags, width, prec, length, i


def _pad(s: bytes, flags: str, width: str) -> bytes:
    w = int(width) if width else 0
    if len(s) >= w:
        return s
    fill = b" " * (w - len(s))
    return s + fill if "-" in flags else fill + s


def _printf(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    text = format_printf(it.mem.read_cstring(as_int(args[0])), args[1:], it.mem)
    it.stdout += text
    return len(text)


def _puts(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    it.stdout += it.mem.read_cstring(as_int(args[0])) + b"\n"
    return 1


def _putchar(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    c = as_int(args[0]) & 0xFF
    it.stdout.append(c)
    return c


def _abort(it: Interpreter, args: list[Scalar], call: Call | None) -> None:
    raise Trap("abort() called")


def _exit(it: Interpreter, args: list[Scalar], call: Call | None) -> None:
    raise ProgramExit(to_signed(as_int(args[0]), 32) & 0xFF)


def _malloc(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    return it.mem.allocate(as_int(args[0]), 16, "malloc")


def _calloc(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    return it.mem.allocate(as_int(args[0]) * as_int(args[1]), 16, "calloc")


def _free(it: Interpreter, args: list[Scalar], call: Call | None) -> None:
    if as_int(args[0]):
        it.mem.free(as_int(args[0]))


def _strlen(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    return len(it.mem.read_cstring(as_int(args[0])))


def _strcmp(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    a, b = it.mem.read_cstring(as_int(args[0])), it.mem.read_cstring(as_int(args[1]))
    return (a > b) - (a < b)


def _memcpy(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    dst, src, n = as_int(args[0]), as_int(args[1]), as_int(args[2])
    it.mem.write(dst, it.mem.read(src, n))
    return dst


def _memset(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    dst, c, n = as_int(args[0]), as_int(args[1]), as_int(args[2])
    it.mem.write(dst, bytes([c & 0xFF]) * n)
    return dst


def _memcmp(it: Interpreter, args: list[Scalar], call: Call | None) -> int:
    n = as_int(args[2])
    a, b = it.mem.read(as_int(args[0]), n), it.mem.read(as_int(args[1]), n)
    return (a > b) - (a < b)


LIBC: dict[str, External] = {
    "printf": _printf, "puts": _puts, "putchar": _putchar, "abort": _abort, "exit": _exit,
    "malloc": _malloc, "calloc": _calloc, "free": _free, "strlen": _strlen, "strcmp": _strcmp,
    "memcpy": _memcpy, "memset": _memset, "memcmp": _memcmp,
    **LIBGCC_TI,  # type: ignore[dict-item]
}


