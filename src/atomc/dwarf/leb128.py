"""LEB128 encodings (DWARF 5 §7.6), used by expressions, abbreviations and lists."""

from __future__ import annotations


def uleb128(value: int) -> bytes:
    if value < 0:
        raise ValueError(f"uleb128 of negative value {value}")
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def sleb128(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7  # arithmetic shift: Python ints keep their sign
        done = (value == 0 and not byte & 0x40) or (value == -1 and byte & 0x40)
        out.append(byte if done else byte | 0x80)
        if done:
            return bytes(out)
