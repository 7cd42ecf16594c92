"""DWARF 5 writer: .debug_info/.debug_abbrev/.debug_str/.debug_line_str,
location and range lists, emitted as assembler directives."""
