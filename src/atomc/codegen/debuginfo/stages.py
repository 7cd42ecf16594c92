"""A function's debug-information stages after its machine passes, in order.

Imported only by a compile with -g (`codegen/pipeline.py`), and the optimised
code's stages (inlined loop entries, call-site entries, LiveDebugValues and the
rows moved after its labels) only by a function compiled at -O1 or above: an
-O0 compile never imports them, which saves a small file a good part of its
start-up (tests/driver/test_lazy_imports.py).

Debug info: these stages add labels and meta instructions only, no code, so
`.text` is the same with and without -g.
"""

from __future__ import annotations

from ...dwarf.line_rows import LineTable
from ...dwarf.model import FunctionDebugInfo
from ...ir.work import stage
from ...options import CompileOptions
from ..mir import MFunction
from ..mir.cfg import drop_cfg, start_keeping_cfg
from .instruction_scopes import SharedScopes
from .line_rows import compute_rows, rows_after_labels
from .scopes import LabelCounter, function_debug_info, insert_scope_labels

BACK = "back end"


class DebugStages:
    """One module's debug-info stages: its functions share the label counter."""

    __slots__ = ("labels", "opts")

    def __init__(self, opts: CompileOptions) -> None:
        self.opts = opts  # the command line's: time passes, key instructions, location lists
        self.labels = LabelCounter()

    def function(self, mf: MFunction, level: int) -> tuple[FunctionDebugInfo, LineTable]:
        """`mf`'s scopes, variable locations and line rows, at its own `level`."""
        return _function_debug(mf, level, self.opts, self.labels)


def _function_debug(mf: MFunction, level: int, opts: CompileOptions,
                    labels: LabelCounter) -> tuple[FunctionDebugInfo, LineTable]:
    timed = opts.time_passes
    start_keeping_cfg(mf)  # the debug-info stages change no branch (dropped below)
    shared = SharedScopes(mf)  # computed once unless a stage changes a location
    if level > 0:
        # optimised code only: its variables follow their values (LiveDebugValues)
        from .call_site_entries import claim_call_site_entries
        from .inline_entries import open_inlined_loop_entries
        from .live_debug_values import variable_locations
        with stage("inline-entries", BACK, timed):
            open_inlined_loop_entries(mf, shared)
        with stage("call-site-entries", BACK, timed):
            claim_call_site_entries(mf, shared)
    with stage("scope-labels", BACK, timed):
        scopes = insert_scope_labels(mf, labels, shared)
    with stage("line-rows", BACK, timed):
        table = compute_rows(mf, opts.key_instructions_mode)
    # Optimised code: variables follow their values (LiveDebugValues), which read
    # the rows where a line starts; at -O0 every variable has one stack home for
    # its whole life.
    varlocs = None
    if level > 0:
        before = [mi for _, mi in mf.instructions()]
        with stage("LiveDebugValues", BACK, timed):
            varlocs = variable_locations(mf, opts.loclist_mode, labels.fresh, table)
        with stage("line-rows", BACK, timed):
            table = rows_after_labels(mf, table, before)
    with stage("function-debug-info", BACK, timed):
        info = function_debug_info(mf, scopes, varlocs)
    drop_cfg(mf)
    return info, table
