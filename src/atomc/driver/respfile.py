"""`@file` response files, expanded as gcc (libiberty's expandargv) does.

An argument `@name` naming a readable file (not a directory) is replaced by
the words of that file, which may themselves be `@file` arguments. Words are
separated by whitespace; single and double quotes group; a backslash takes the
next character literally, inside quotes too. Otherwise `@name` stays as is.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from .spec import UsageError

MAX_EXPANSIONS = 2000  # libiberty's guard against a file that includes itself


def split_words(text: str) -> list[str]:
    words: list[str] = []
    cur: list[str] = []
    in_word = squote = dquote = escape = False
    for ch in text:
        if escape:
            cur.append(ch)
            escape = False
            in_word = True
        elif ch == "\\":
            escape = in_word = True
        elif squote:
            if ch == "'":
                squote = False
            else:
                cur.append(ch)
        elif dquote:
            if ch == '"':
                dquote = False
            else:
                cur.append(ch)
        elif ch in " \t\n\r\f\v":
            if in_word:
                words.append("".join(cur))
                cur, in_word = [], False
        elif ch == "'":
            squote = in_word = True
        elif ch == '"':
            dquote = in_word = True
        else:
            cur.append(ch)
            in_word = True
    if in_word:
        words.append("".join(cur))
    return words


def expand(argv: Sequence[str]) -> list[str]:
    args = list(argv)
    i = expansions = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("@") or len(arg) == 1 or os.path.isdir(arg[1:]):
            i += 1
            continue
        try:
            with open(arg[1:], encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
        except OSError:
            i += 1
            continue
        expansions += 1
        if expansions >= MAX_EXPANSIONS:
            raise UsageError("too many @-files encountered")
        args[i:i + 1] = split_words(text)  # re-scanned: nested @files expand too
    return args
