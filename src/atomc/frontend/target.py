"""The instruction-set extensions of the command line that change atomc's code.

atomc's code is baseline x86-64 whatever `-march=` or `-m<isa>` says (they only
change gcc's predefined macros), with one exception gcc forces: the `__sync_*`
builtins on 16-byte objects are `lock cmpxchg16b` loops when the target has
cmpxchg16b (`-mcx16`, or a `-march=` CPU with it) and calls of functions no library
defines otherwise. Whether `-march=CPU` has it is asked of gcc's preprocessor
(`__GCC_HAVE_SYNC_COMPARE_AND_SWAP_16`), once per CPU and only when code needs it.
"""

from __future__ import annotations

import functools

from .preprocess import GCC

_CX16_MACRO = "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_16"


@functools.lru_cache(maxsize=8)
def _march_has_cx16(march: str) -> bool:
    import subprocess  # (-march= only: childproc.py says why)

    try:
        proc = subprocess.run([GCC, f"-march={march}", "-E", "-dM", "-x", "c", "/dev/null"],
                              capture_output=True, text=True, check=False)
    except OSError:
        return False
    return _CX16_MACRO in proc.stdout


class TargetFeatures:
    """What `-march=`/`-mcx16`/`-mno-cx16` enable, for the code that depends on it."""

    __slots__ = ("cx16_flag", "march")

    def __init__(self, march: str | None = None, cx16: bool | None = None) -> None:
        self.march = march
        self.cx16_flag = cx16

    @property
    def cx16(self) -> bool:
        if self.cx16_flag is not None:
            return self.cx16_flag
        return self.march is not None and _march_has_cx16(self.march)
