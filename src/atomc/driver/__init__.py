"""The `atomc` command: a drop-in gcc driver.

One declarative table (`table.py`, from `table_gcc.py`, `table_atomc.py` and
gcc's own inventory in `inventory.py`) says for every option whether atomc
implements it, ignores it (it only tunes gcc) or rejects it (a feature atomc
lacks); `parse.py` reads a command line through it, `run.py` carries it out:
gcc's preprocessor, atomc's compiler proper in-process, GNU as, and gcc as
link driver, so crt files, libraries and the linker are the system's.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .parse import parse
from .run import EXIT_ERROR, execute
from .spec import UsageError

__all__ = ["main", "parse", "execute"]


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        inv = parse(argv)
        return execute(inv)
    except UsageError as e:
        print(f"atomc: error: {e}", file=sys.stderr)
        if e.note:
            print(f"atomc: note: {e.note}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        return 130
    except OSError as e:  # unwritable output, a directory in the way, a full disk
        where = f" '{e.filename}'" if e.filename else ""
        print(f"atomc: error: cannot write output{where}: {e.strerror or e}", file=sys.stderr)
        return EXIT_ERROR
