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


# Whole lines inserted at a line start: directives and declarations that reach the
# preprocessor's and semantic analysis's error paths rather than the parser's.
LINES: tuple[bytes, ...] = (
    b"#define int long", b"#define return", b"#undef NULL", b"#if", b"#else", b"#endif",
    b"#elif 1", b"#ifdef", b"#if 1/0", b"#if (", b"#include <no_such_header.h>", b"#include",
    b"#include __FILE__", b"#error mutant", b"#line 0", b"#line 99999999999", b"#pragma pack(1)",
    b"#define f(x) f(x) + x", b"#define X X", b"#define S(x) #x", b"#define C(a,b) a##b",
    b"#", b"#if defined(", b"#define", b"typedef int int;", b"struct S; struct S s;",
    b"int z = 1/0;", b"static int g(void) { return g(); }", b"_Static_assert(0, \"no\");",
    b"enum { A = 1 << 70 };", b"char c[-1];", b"int big[0x7fffffffffffffff];", b"void v;",
    b"int h(int, ...); int y = h(1, 2);", b"extern int q[]; int r = sizeof q;",
    b"int (*(*fp)(int))[3];", b"struct T { struct T t; };", b"union U { int a; } u = { .b = 1 };",
    b"goto nowhere;", b"break;", b"continue;", b"case 1:", b"default:", b"return 1, 2;",
    b"int a = (int[]){1, 2}[5];", b"static int k = k;", b"int m = &m;",
    b"int w = sizeof(void);", b"register int *rp = &(int){0};", b"__asm__(\"nop\");",
    b"long long ll = 18446744073709551616;", b"char s[2] = \"toolong\";",
)


def insert_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    lines.insert(rng.randrange(len(lines) + 1), rng.choice(LINES))
    return b"\n".join(lines)


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    """Wrap one token in thousands of parentheses, or open thousands of blocks: nesting limits
    must end in a diagnostic, not a RecursionError traceback."""
    toks = _tokens(data)
    a, b = toks[rng.randrange(len(toks))]
    depth = rng.choice((300, 3000, 20000))
    opener, closer = rng.choice(((b"(", b")"), (b"{", b"}"), (b"[", b"]"), (b"-", b""),
                                 (b"*", b""), (b"!", b"")))
    return data[:a] + opener * depth + data[a:b] + closer * depth + data[b:]


MUTATORS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "deltok": delete_token, "duptok": duplicate_token, "swaptok": swap_tokens,
    "reptok": replace_token, "delline": delete_line, "dupline": duplicate_line,
    "swapline": swap_lines, "trunc": truncate, "insert": insert_bytes,
    "insline": insert_line, "nest": deep_nesting,
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
