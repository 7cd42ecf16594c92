"""`.debug_macro` (DWARF 5 §6.3) for -g3: the macros of a translation unit, so that
gdb's `info macro` and `macro expand` work.

The events come from cpp's `-dD` output (`frontend.preprocess.split_macros`):
definitions and undefinitions with their line, and the include structure the
line markers describe. gdb reads macros met before the first
`DW_MACRO_start_file` as command-line ones (line 0) and takes that first
start_file as the main file, so the writer emits: built-in and command-line
definitions, then `start_file 0 <main>`, the headers cpp read before the main
file (stdc-predef.h) nested in it, then the main file's own events. File
numbers are those of the line table (`FileTable`), as DW_MACRO_start_file
requires; the header names the unit's `.debug_line`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import atomc.fastenum as fastenum

from .strings import StringPool

SECTION = ".debug_macro"

_DEFINE_STRP, _UNDEF_STRP = 0x05, 0x06
_START_FILE, _END_FILE = 0x03, 0x04
_FLAG_LINE_OFFSET = 0x02  # 32-bit offsets, debug_line_offset present


class MacroKind(fastenum.Enum):
    DEFINE = "define"
    UNDEF = "undef"
    START_FILE = "start"  # an #include entered `text` at `line` of the includer
    END_FILE = "end"
    MAIN = "main"  # preprocessing reached the main file's own text


@dataclass(frozen=True, slots=True)
class MacroEvent:
    kind: MacroKind
    line: int
    text: str  # the definition ("NAME VALUE", "NAME(ARGS) BODY"), the name, or a file


def macro_section(events: Sequence[MacroEvent], label: str, line_label: str,
                  main_file: int, file_number: Callable[[str], int],
                  strs: StringPool) -> list[str]:
    """Assembler lines of one macro unit at `label`; `file_number` maps a file name
    from the line markers to its line-table entry."""
    prelude, body = _arrange(events)
    out = [f'\t.section\t{SECTION},"",@progbits', f"{label}:", "\t.value\t0x5",
           f"\t.byte\t{_FLAG_LINE_OFFSET:#x}", f"\t.long\t{line_label}"]

    def op(e: MacroEvent) -> None:
        if e.kind in (MacroKind.DEFINE, MacroKind.UNDEF):
            code = _DEFINE_STRP if e.kind is MacroKind.DEFINE else _UNDEF_STRP
            out.extend([f"\t.byte\t{code:#x}", f"\t.uleb128\t{e.line}",
                        f"\t.long\t{strs.ref(e.text)}"])
        elif e.kind is MacroKind.START_FILE:
            out.extend([f"\t.byte\t{_START_FILE:#x}", f"\t.uleb128\t{e.line}",
                        f"\t.uleb128\t{file_number(e.text)}"])
        elif e.kind is MacroKind.END_FILE:
            out.append(f"\t.byte\t{_END_FILE:#x}")

    for e in prelude:
        op(MacroEvent(e.kind, 0, e.text))
    out.extend([f"\t.byte\t{_START_FILE:#x}", "\t.uleb128\t0", f"\t.uleb128\t{main_file}"])
    for e in body:
        op(e)
    out.extend([f"\t.byte\t{_END_FILE:#x}", "\t.byte\t0"])
    return out


def _arrange(events: Sequence[MacroEvent]) -> tuple[list[MacroEvent], list[MacroEvent]]:
    """(command-line definitions, the main file's events): files cpp entered before
    the main file's text move into it, at line 0, as gcc nests stdc-predef.h."""
    main_at = next((i for i, e in enumerate(events) if e.kind is MacroKind.MAIN), None)
    if main_at is None:
        return [], [e for e in events if e.kind is not MacroKind.MAIN]
    prelude: list[MacroEvent] = []
    early: list[MacroEvent] = []
    depth = 0
    for e in events[:main_at]:
        if e.kind is MacroKind.START_FILE:
            depth += 1
            early.append(MacroEvent(e.kind, 0, e.text))
        elif e.kind is MacroKind.END_FILE:
            depth -= 1
            early.append(e)
        elif depth == 0:
            prelude.append(e)
        else:
            early.append(e)
    return prelude, early + [e for e in events[main_at + 1:] if e.kind is not MacroKind.MAIN]
