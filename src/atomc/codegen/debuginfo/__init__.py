"""The back end's debug information: lexical-scope labels and the -O0 variable
homes (`scopes`), line-table rows (`line_rows`, `hoisted_lines`), memory homes
of optimised variables (`memory_homes`), the LiveDebugValues adapter
(`live_debug_values`, over the target-free solver in `ldv/`) and the lowering of
its ranges to location lists (`location_lists`). Nothing here emits machine
code, so `.text` is the same with and without -g."""
