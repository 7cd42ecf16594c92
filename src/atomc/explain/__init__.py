"""`atomc-explain`: what the optimiser did to each source line and what the debugger
will see there (Optview after Tice & Graham), as an HTML page or as text.

records (pass-manager observer) -> machine (back-end observer) -> objfile (the
emitted object's DWARF and code) -> model (one report) -> html / text.
"""
