"""Back end: IR -> machine IR -> x86-64 GNU assembly (with .loc and CFI)."""
