"""Deterministic mutations of valid C programs, for robustness fuzzing of the compiler.

Each mutant is named by (program, index) and derived from a random generator
seeded with that name only, so adding programs to the corpus never changes
the mutants of the others, and a mutant found to crash atomc can be rebuilt
exactly from its name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

# A rough C tokenizer: good enough to cut programs at token boundaries.
TOKEN = re.compile(rb"""
    [A-Za-z_]\w*
  | 0[xX][0-9a-fA-F]+\w*
  | \d+\.?\d*(?:[eE][+-]?\d+)?\w*
  | "(?:\\.|[^"\\\n])*"
  | '(?:\\.|[^'\\\n])*'
  | <<= | >>= | \.\.\. | -> | \+\+ | -- | << | >> | <= | >= | == | != | && | \|\| | \#\#
  | [-+*/%&|^]=
  | \S
""", re.VERBOSE)

# Bytes worth inserting: C punctuation that changes structure, keywords, and bytes a
# lexer may not expect (NUL, high bytes, a lone backslash, an unterminated comment or literal).
INSERTIONS: tuple[bytes, ...] = (
    b"{", b"}", b"(", b")", b"[", b"]", b";", b",", b"*", b"&", b"#", b"\\", b"\"", b"'",
    b"/*", b"*/", b"//", b"\x00", b"\xff", b"\xc3\x28", b"\t", b"\r", b"?", b":", b"...",
    b"sizeof", b"struct", b"union", b"enum", b"typedef", b"static", b"const", b"volatile",
    b"int", b"char", b"long", b"unsigned", b"void", b"return", b"goto", b"case", b"default:",
    b"#define", b"#if 1", b"#endif", b"#include", b"__attribute__((", b"0x", b"1e", b"L'",
    b"9999999999999999999999", b"..", b"->", b"++", b"<<=", b"_Bool", b"restrict", b"inline",
)


def _tokens(data: bytes) -> list[tuple[int, int]]:
    return [m.span() for m in TOKEN.finditer(data)]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def delete_token(data: bytes, rng: random.Random) -> bytes:
    toks = _tokens(data)
    a, b = toks[rng.randrange(len(toks))]
    return data[:a] + data[b:]


def duplicate_token(data: bytes, rng: random.Random) -> bytes:
    toks = _tokens(data)
    a, b = toks[rng.randrange(len(toks))]
    return data[:b] + b" " + data[a:b] + data[b:]


def swap_tokens(data: bytes, rng: random.Random) -> bytes:
    toks = _tokens(data)
    i = rng.randrange(len(toks) - 1)
    # Half the time neighbours (keeps most of the program parseable), else any two.
    j = i + 1 if rng.random() < 0.5 else rng.randrange(len(toks))
    if i == j:
        return data
    (a1, b1), (a2, b2) = sorted([toks[i], toks[j]])
    return data[:a1] + data[a2:b2] + data[b1:a2] + data[a1:b1] + data[b2:]


def replace_token(data: bytes, rng: random.Random) -> bytes:
    toks = _tokens(data)
    a, b = toks[rng.randrange(len(toks))]
    c, d = toks[rng.randrange(len(toks))]
    return data[:a] + data[c:d] + data[b:]


def delete_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def duplicate_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return b"\n".join(lines)


def swap_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[:rng.randrange(len(data))]


def insert_bytes(data: bytes, rng: random.Random) -> bytes:
    pos = rng.randrange(len(data) + 1)
    if rng.random() < 0.3:
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
    else:
        junk = rng.choice(INSERTIONS)
    return data[:pos] + junk + data[pos:]


MUTATORS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "deltok": delete_token, "duptok": duplicate_token, "swaptok": swap_tokens,
    "reptok": replace_token, "delline": delete_line, "dupline": duplicate_line,
    "swapline": swap_lines, "trunc": truncate, "insert": insert_bytes,
}


def mutate(data: bytes, name: str) -> tuple[bytes, list[str]]:
    """The mutant called `name` of data: one to three mutations; returns it and the operators used."""
    rng = random.Random(name)
    ops: list[str] = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        op = rng.choice(sorted(MUTATORS))
        if op == "trunc" and ops:
            continue  # a truncation after another mutation mostly hides it
        data = MUTATORS[op](data, rng)
        ops.append(op)
        if len(data) < 2:
            break
    return data, ops
