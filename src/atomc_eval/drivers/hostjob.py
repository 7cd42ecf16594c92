"""The job a debugger host runs, as `hostrun.py` wrote it, read inside the host
(gdb's embedded Python or lldb's child process): stdlib only, like the hosts."""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def load_job(*path: str) -> dict[str, Any]:
    """The job file named by ``ATOMC_EVAL_JOB``, with its source root and `path`
    (where the host's debugger module lives, if anywhere) put on ``sys.path``."""
    with open(os.environ["ATOMC_EVAL_JOB"], encoding="utf-8") as fh:
        job: dict[str, Any] = json.load(fh)
    for entry in (job["src_root"], *path):
        if entry and entry not in sys.path:
            sys.path.insert(0, entry)
    return job
