"""The `atomc` command: a drop-in gcc driver.

One declarative table (`table.py`, from `table_gcc.py`, `table_atomc.py` and
gcc's own inventory in `inventory.py`) says for every option whether atomc
implements it, ignores it (it only tunes gcc) or rejects it (a feature atomc
lacks); `parse.py` reads a command line through it, `run.py` carries it out:
gcc's preprocessor, atomc's compiler proper in-process, GNU as, and gcc as
link driver, so crt files, libraries and the linker are the system's.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence

# Before the driver's modules, and the compiler's after them, create their
# dataclasses and compile their patterns (dccache.py, dcreplay.py and recache.py say why); not
# in the package's __init__, which the served client imports on every compile.
from .. import dccache as _dccache
from .. import dcreplay as _dcreplay
from .. import native_slots as _native_slots
from .. import recache as _recache

_dccache.install()
_dcreplay.install()
_native_slots.install()
_recache.install()

from .parse import parse  # noqa: E402
from .run import EXIT_ERROR, execute  # noqa: E402
from .spec import UsageError  # noqa: E402

__all__ = ["main", "parse", "execute"]


def main(argv: Sequence[str] | None = None) -> int:
    # The compiler's modules are imported on first use, below: thousands of classes
    # and functions, none of them garbage, which the cyclic collector would rescan
    # every few hundred allocations. The thresholds the compile itself sets
    # (frontend.driver.compile_preprocessed), set before those imports.
    gc.set_threshold(100_000, 50, 100)
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
