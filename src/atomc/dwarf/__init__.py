"""DWARF 5 writer: .debug_info/.debug_abbrev/.debug_str/.debug_line_str,
location and range lists, emitted as assembler directives.

Entry point: `writer.debug_sections`. Layers, bottom up: `leb128`, `constants`,
`locexpr` (location expressions), `strings` and `abbrev` (pools), `die` (the
DIE tree and `.debug_info` text), `lists` (loclists/rnglists), `types` (type
DIEs from metadata), `writer` (the unit: globals, subprograms, scopes)."""
