"""Markdown and JSON reports of a comparison (and of a single score)."""

from __future__ import annotations

import dataclasses
import json
import textwrap
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from atomc_eval.compare import CompareResult, Row
from atomc_eval.metrics import Scores, WrongValue
from atomc_eval.why import KINDS

COLUMNS: tuple[tuple[str, str], ...] = (
    ("stops", "stops"),
    ("order_precision", "order prec."),
    ("order_recall", "order recall"),
    ("backward_per_100", "new back-jumps /100"),
    ("line_coverage", "line cov."),
    ("var_availability", "var avail."),
    ("var_availability_whole", "var avail. (whole)"),
    ("var_correctness", "var correct"),
    ("var_correctness_loose", "var correct (loose)"),
    ("wrong", "WRONG"),
)
# WRONG without the values at the reference's indeterminate or unreadable reads
WRONG_DETERMINATE_LABEL = "WRONG excl. indeterminate ref."
STATIC_COLUMNS: tuple[tuple[str, str], ...] = (
    ("with_location", "vars located"),
    ("byte_coverage", "scope bytes cov."),
    ("line_coverage", "var lines cov."),
)
PERCENT = {
    "order_precision",
    "order_recall",
    "line_coverage",
    "var_availability",
    "var_availability_whole",
    "var_correctness",
    "var_correctness_loose",
    "with_location",
    "byte_coverage",
}


def _cell(name: str, value: Any) -> str:
    if value is None:
        return "-"
    if name == "wrong":
        return (
            str(sum(w.count for w in value))
            if not isinstance(value, (int, float))
            else f"{value:g}"
        )
    if name in PERCENT or name == "static_line_coverage":
        return f"{100 * value:.1f}%"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def _row_cells(row: Row) -> list[str]:
    cells = [row.program, row.config, row.debugger]
    if row.scores is None:
        cells += ["-"] * len(COLUMNS)
    else:
        cells += [_cell(name, getattr(row.scores, name)) for name, _ in COLUMNS]
    for name, _ in STATIC_COLUMNS:
        value = getattr(row.static, name) if row.static is not None else None
        cells.append(_cell("static_line_coverage" if name == "line_coverage" else name, value))
    notes = []
    if row.error:
        notes.append(row.error)
    if row.scores is not None and row.scores.end_reason != "exited":
        notes.append(f"trace: {row.scores.end_reason}")
    if row.output_ok is False:
        notes.append("OUTPUT DIFFERS")
    cells.append("; ".join(notes))
    return cells


def _table(header: Sequence[str], body: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |" for cells in body]
    return lines


def _mean(values: Sequence[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known else None


def _groups(result: CompareResult) -> Iterator[tuple[str, str, list[Row]]]:
    """The rows of each (config, debugger), in the order the tables list them."""
    for config in result.configs:
        for dbg in result.debuggers:
            yield config.name, dbg, [r for r in result.rows
                                     if r.config == config.name and r.debugger == dbg]


def _scored(rows: list[Row]) -> list[Scores]:
    return [r.scores for r in rows if r.scores is not None]


def _wrong_determinate_ref(rows: list[Row]) -> int | None:
    """WRONG without the observations at the reference's indeterminate or unreadable
    reads (None when no row has a re-run of its reference)."""
    known = [r for r in rows if r.scores is not None and r.wrong_indeterminate_ref is not None]
    if not known:
        return None
    return sum(sum(w.count for w in r.scores.wrong) - (r.wrong_indeterminate_ref or 0)
               - (r.wrong_unreadable_ref or 0) for r in known if r.scores is not None)


def summary_rows(result: CompareResult) -> list[dict[str, Any]]:
    """Per (config, debugger): stops and WRONG summed, ratios averaged over programs."""
    out: list[dict[str, Any]] = []
    for config, dbg, rows in _groups(result):
        scored = _scored(rows)
        statics = [r.static for r in rows if r.static is not None]
        entry: dict[str, Any] = {
            "config": config,
            "debugger": dbg,
            "programs": len(scored),
        }
        entry["stops"] = sum(s.stops for s in scored)
        for name, _ in COLUMNS:
            if name not in ("stops", "wrong"):
                entry[name] = _mean([getattr(s, name) for s in scored])
        entry["wrong"] = sum(w.count for s in scored for w in s.wrong)
        entry["wrong_determinate_ref"] = _wrong_determinate_ref(rows)
        for name, _ in STATIC_COLUMNS:
            entry["static_" + name] = _mean([getattr(s, name) for s in statics])
        out.append(entry)
    return out


def render_markdown(result: CompareResult) -> str:
    """The human report: summary table, per-program table, WRONG values."""
    lines = ["# atomc-dbgeval comparison", ""]
    if result.command:
        lines += [f"Command: `{result.command}`", ""]
    versions = ", ".join(f"{name} ({version})" for name, version in result.debuggers.items())
    lines += [
        f"Programs: {', '.join(result.programs)}  ",
        f"Debuggers: {versions}  ",
        f"Time: {result.elapsed:.1f} s",
        "",
        "Configurations:",
        "",
    ]
    refs = {r.config: r.reference for r in result.rows}
    lines += [
        f"- `{c.name}`: `{c.command}` (reference: {refs.get(c.name, '-')})" for c in result.configs
    ]
    lines += [
        "",
        "Each trace steps (`step`) from `main` to the end and is scored against the reference",
        "trace of the same program under the same debugger. Ratios are shares of what the",
        'reference shows; "new back-jumps" are backward line steps the reference never makes.',
        "",
        "## Summary (stops and WRONG summed, ratios averaged over programs)",
        "",
    ]
    head = (
        ["config", "debugger"]
        + [label for _, label in COLUMNS]
        + [WRONG_DETERMINATE_LABEL]
        + [label for _, label in STATIC_COLUMNS]
    )
    body = []
    for entry in summary_rows(result):
        cells = [entry["config"], entry["debugger"]]
        cells += [_cell(name, entry[name]) for name, _ in COLUMNS]
        cells.append(_cell("wrong", entry["wrong_determinate_ref"]))
        cells += [
            _cell("static_line_coverage" if n == "line_coverage" else n, entry["static_" + n])
            for n, _ in STATIC_COLUMNS
        ]
        body.append(cells)
    lines += _table(head, body)
    lines += ["", "## Per program", ""]
    head = ["program", "config", "debugger"] + [label for _, label in COLUMNS]
    head += [label for _, label in STATIC_COLUMNS] + ["notes"]
    lines += _table(head, [_row_cells(r) for r in result.rows])
    lines += ["", "## Optimized-out observations by reason", ""]
    lines += _why_table(result)
    lines += ["", "## Values flagged not current", "",
              "Values shown where the binary records that the variable's location holds",
              "a value of another point of the source (a store moved across statements);",
              "`WRONG`: of those, values the reference never shows there.", ""]
    lines += _currency_table(result)
    if any(r.wrong_build_dependent is not None for r in result.rows):
        lines += _section("WRONG values at build-dependent reads", DEPENDENCE_NOTE,
                          _dependence_table(result))
    if any(r.wrong_indeterminate_ref is not None for r in result.rows):
        lines += _section("WRONG values at indeterminate reference reads",
                          REFERENCE_READS_NOTE, _reference_reads_table(result))
    wrong = [(r, w) for r in result.rows if r.scores for w in r.scores.wrong]
    lines += ["", "## WRONG values (shown by the build, never by the reference there)", ""]
    if not wrong:
        lines.append("None.")
    for row, w in wrong:
        expected = ", ".join(w.expected)
        lines.append(
            f"- {row.program} {row.config} {row.debugger}: `{w.function}:{w.line}` "
            f"`{w.variable}` = {w.value} ({w.count}x; reference: {expected}){_read_note(row, w)}"
        )
    return "\n".join(lines) + "\n"


DEPENDENCE_NOTE = (
    "Of the WRONG observations, those at (function, line, variable)s where the reference and "
    "the determinacy build show different values (uninitialised memory, stale slots, padding: "
    "the value depends on the build, not the program); \"WRONG (determinate reads)\" is WRONG "
    "without them. The last two columns are the variable availability of the summary (over "
    "the programs with a determinacy trace) and the same without those reads: a variable read "
    "before it is set shows garbage at -O0, so the optimised build cannot be held to show it. "
    "WRONG and var avail. above stay the metrics.")
REFERENCE_READS_NOTE = (
    "Each reference is traced twice under each debugger, the second time filling the dead "
    "stack below the stack pointer at every stop. Where the two runs show a variable on a line "
    "differently, the reference read memory the program never wrote there (uninitialised, a "
    "VLA not filled yet): **indeterminate**. Where only this debugger's two runs differ and "
    "another debugger reads the same binary steadily there, this debugger reads bytes that are "
    "not the variable's: **unreadable**. WRONG stays the metric; the last columns leave those "
    "reads out.")


def _section(title: str, note: str, table: list[str]) -> list[str]:
    """A titled report section: an explanation wrapped to 88 columns, then its table."""
    return ["", f"## {title}", "", *textwrap.wrap(note, 88), "", *table]


def _read_note(row: Row, w: WrongValue) -> str:
    key = (w.function, w.line, w.variable)
    if row.ref_reads is None:
        return ""
    if key in row.ref_reads.indeterminate:
        return " [indeterminate reference]"
    if key in row.ref_reads.unreadable:
        return f" [reference unreadable by {row.debugger}]"
    return ""


def reference_read_rows(result: CompareResult) -> list[dict[str, Any]]:
    """Per (config, debugger): WRONG, and those at indeterminate and unreadable
    reference reads, over the rows whose reference was re-run."""
    out: list[dict[str, Any]] = []
    for config, dbg, rows in _groups(result):
        known = [r for r in rows if r.scores is not None and r.wrong_indeterminate_ref is not None]
        wrong = sum(w.count for r in known if r.scores is not None for w in r.scores.wrong)
        indeterminate = sum(r.wrong_indeterminate_ref or 0 for r in known)
        unreadable = sum(r.wrong_unreadable_ref or 0 for r in known)
        out.append({"config": config, "debugger": dbg, "programs": len(known),
                    "wrong": wrong, "indeterminate": indeterminate, "unreadable": unreadable,
                    "wrong_determinate_ref": wrong - indeterminate - unreadable,
                    "var_availability": _mean([r.scores.var_availability for r in known
                                               if r.scores is not None]),
                    "var_availability_determinate_ref": _mean(
                        [r.var_availability_determinate_ref for r in known])})
    return out


def _reference_reads_table(result: CompareResult) -> list[str]:
    head = ["config", "debugger", "programs", "WRONG", "at indeterminate ref. reads",
            "at unreadable ref. reads", WRONG_DETERMINATE_LABEL, "var avail.",
            "var avail. (determinate ref.)"]
    return _table(head, [[r["config"], r["debugger"], str(r["programs"]), str(r["wrong"]),
                          str(r["indeterminate"]), str(r["unreadable"]),
                          str(r["wrong_determinate_ref"]), _percent(r["var_availability"]),
                          _percent(r["var_availability_determinate_ref"])]
                         for r in reference_read_rows(result)])


def why_rows(result: CompareResult) -> list[dict[str, Any]]:
    """Per (config, debugger): optimized-out observations, and their share per reason."""
    out: list[dict[str, Any]] = []
    for config, dbg, rows in _groups(result):
        scored = _scored(rows)
        counts: dict[str, float] = {}
        for s in scored:
            for kind, share in s.why_shares.items():
                counts[kind] = counts.get(kind, 0.0) + share * s.optimized_out
        total = sum(s.optimized_out for s in scored)
        out.append({"config": config, "debugger": dbg, "optimized_out": total,
                    "shares": {k: counts[k] / total for k in KINDS if k in counts}
                    if total else {}})
    return out


def currency_rows(result: CompareResult) -> list[dict[str, Any]]:
    """Per (config, debugger): values flagged not current, and how many are WRONG."""
    out: list[dict[str, Any]] = []
    for config, dbg, rows in _groups(result):
        scored = _scored(rows)
        out.append({"config": config, "debugger": dbg,
                    "not_current": sum(s.not_current for s in scored),
                    "wrong": sum(s.not_current_wrong for s in scored),
                    "all_wrong": sum(w.count for s in scored for w in s.wrong)})
    return out


def _currency_table(result: CompareResult) -> list[str]:
    head = ["config", "debugger", "not current", "of them WRONG", "WRONG observations"]
    return _table(head, [[r["config"], r["debugger"], str(r["not_current"]), str(r["wrong"]),
                          str(r["all_wrong"])] for r in currency_rows(result)])


def dependence_rows(result: CompareResult) -> list[dict[str, Any]]:
    """Per (config, debugger): WRONG observations, and those at build-dependent reads."""
    out: list[dict[str, Any]] = []
    for config, dbg, rows in _groups(result):
        known = [(r.scores, r.wrong_build_dependent) for r in rows
                 if r.scores is not None and r.wrong_build_dependent is not None]
        wrong = sum(w.count for scores, _ in known for w in scores.wrong)
        dependent = sum(n for _, n in known)
        avail = [r.scores.var_availability for r in rows
                 if r.scores is not None and r.wrong_build_dependent is not None]
        determinate = [r.var_availability_determinate for r in rows]
        out.append({"config": config, "debugger": dbg, "programs": len(known),
                    "wrong": wrong, "build_dependent": dependent,
                    "determinate": wrong - dependent,
                    "var_availability": _mean(avail),
                    "var_availability_determinate": _mean(determinate)})
    return out


def _percent(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def _dependence_table(result: CompareResult) -> list[str]:
    head = ["config", "debugger", "programs", "WRONG", "of them build-dependent",
            "WRONG (determinate reads)", "var avail.", "var avail. (determinate reads)"]
    return _table(head, [[r["config"], r["debugger"], str(r["programs"]), str(r["wrong"]),
                          str(r["build_dependent"]), str(r["determinate"]),
                          _percent(r["var_availability"]),
                          _percent(r["var_availability_determinate"])]
                         for r in dependence_rows(result)])


def _why_table(result: CompareResult) -> list[str]:
    """Shares of each configuration's optimized-out observations per recorded reason
    ("none": no reason recorded, as in every gcc or clang build)."""
    head = ["config", "debugger", "optimized out", *KINDS]
    body = []
    for row in why_rows(result):
        shares = row["shares"]
        body.append([row["config"], row["debugger"], str(row["optimized_out"])]
                    + [f"{100 * shares[k]:.1f}%" if k in shares else "-" for k in KINDS])
    return _table(head, body)


def scores_to_json(scores: Scores) -> dict[str, Any]:
    return dataclasses.asdict(scores)


def to_json(result: CompareResult) -> dict[str, Any]:
    """Machine-readable report (per-variable static detail included)."""
    return {
        "command": result.command,
        "elapsed_s": round(result.elapsed, 3),
        "programs": list(result.programs),
        "configs": [dataclasses.asdict(c) for c in result.configs],
        "debuggers": result.debuggers,
        "summary": summary_rows(result),
        "why_optimized_out": why_rows(result),
        "not_current": currency_rows(result),
        "build_dependent": dependence_rows(result),
        "reference_reads": reference_read_rows(result),
        "rows": [
            {
                "program": r.program,
                "config": r.config,
                "debugger": r.debugger,
                "reference": r.reference,
                "scores": scores_to_json(r.scores) if r.scores else None,
                "static": dataclasses.asdict(r.static) if r.static else None,
                "output_ok": r.output_ok,
                "trace": r.trace_path,
                "error": r.error,
                "wrong_build_dependent": r.wrong_build_dependent,
                "var_availability_determinate": r.var_availability_determinate,
                "wrong_indeterminate_ref": r.wrong_indeterminate_ref,
                "wrong_unreadable_ref": r.wrong_unreadable_ref,
                "var_availability_determinate_ref": r.var_availability_determinate_ref,
                "indeterminate_ref_reads": sorted(r.ref_reads.indeterminate)
                if r.ref_reads else None,
                "unreadable_ref_reads": sorted(r.ref_reads.unreadable) if r.ref_reads else None,
            }
            for r in result.rows
        ],
    }


def write_reports(result: CompareResult, out_dir: Path) -> tuple[Path, Path]:
    """Write ``report.md`` and ``report.json`` into ``out_dir``."""
    md, js = out_dir / "report.md", out_dir / "report.json"
    md.write_text(render_markdown(result), encoding="utf-8")
    js.write_text(json.dumps(to_json(result), indent=1) + "\n", encoding="utf-8")
    return md, js


def render_scores(scores: Scores) -> str:
    """Plain-text block for ``atomc-dbgeval score``."""
    lines = [f"{label:>22}: {_cell(name, getattr(scores, name))}" for name, label in COLUMNS]
    lines.insert(1, f"{'reference stops':>22}: {scores.ref_stops}")
    lines.insert(5, f"{'new back-jumps':>22}: {scores.backward_jumps}")
    lines.append(f"{'trace end':>22}: {scores.end_reason}")
    for w in scores.wrong:
        lines.append(
            f"  WRONG {w.function}:{w.line} {w.variable} = {w.value} "
            f"({w.count}x; reference: {', '.join(w.expected)})"
        )
    return "\n".join(lines)
