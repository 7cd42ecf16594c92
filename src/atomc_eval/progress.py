"""A minimal progress bar on stderr (no dependency for one line of output)."""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO


class ProgressBar:
    """Thread-safe ``[####----] 3/8 label`` line, redrawn in place on a terminal.

    Off a terminal (CI logs) it prints one line per finished item instead,
    so logs stay readable.
    """

    def __init__(
        self, total: int, title: str, stream: TextIO | None = None, enabled: bool = True
    ) -> None:
        self._total = max(total, 1)
        self._done = 0
        self._title = title
        self._stream = stream or sys.stderr
        self._enabled = enabled
        self._tty = self._stream.isatty()
        self._lock = threading.Lock()
        self._start = time.monotonic()

    def advance(self, label: str) -> None:
        with self._lock:
            self._done += 1
            if not self._enabled:
                return
            width = 24
            filled = width * self._done // self._total
            bar = "#" * filled + "-" * (width - filled)
            elapsed = time.monotonic() - self._start
            text = f"{self._title} [{bar}] {self._done}/{self._total} {elapsed:5.1f}s {label}"
            if self._tty:
                self._stream.write("\r\033[K" + text)
                if self._done >= self._total:
                    self._stream.write("\n")
            else:
                self._stream.write(text + "\n")
            self._stream.flush()
