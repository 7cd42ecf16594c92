"""Plots: the step-over-time picture of the Key Instructions RFC, and metric bars.

matplotlib runs headless (Agg); figures are sized so a panel per
configuration stays legible.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.lines import Line2D

from atomc_eval.drivers.base import Trace

BAR_METRICS: tuple[tuple[str, str], ...] = (
    ("order_precision", "order\nprecision"),
    ("order_recall", "order\nrecall"),
    ("line_coverage", "line\ncoverage"),
    ("var_availability", "variable\navailability"),
    ("var_correctness", "variable\ncorrectness"),
    ("static_byte_coverage", "scope bytes\nlocated (static)"),
)


def _function_start(trace: Trace, function: str) -> int:
    known = trace.header.function_lines.get(function)
    if known is not None:
        return known
    lines = [s.line for s in trace.stops if s.function == function]
    return min(lines) if lines else 0


def plot_steps(traces: Sequence[tuple[str, Trace]], out: Path, title: str = "") -> Path:
    """One panel per trace: step number against line relative to function start."""
    if not traces:
        raise ValueError("no traces to plot")
    functions: list[str] = []
    for _, trace in traces:
        for stop in trace.stops:
            if stop.function not in functions:
                functions.append(stop.function)
    palette = plt.get_cmap("tab10")
    colour = {fn: palette(i % 10) for i, fn in enumerate(functions)}
    longest = max((len(t.stops) for _, t in traces), default=1)
    width = min(16.0, max(8.0, longest / 8))
    height = 1.0 + 2.1 * len(traces)
    fig, axes = plt.subplots(
        len(traces), 1, figsize=(width, height), sharex=True, squeeze=False, layout="constrained"
    )
    for ax, (name, trace) in zip(axes[:, 0], traces, strict=True):
        xs = list(range(len(trace.stops)))
        ys = [s.line - _function_start(trace, s.function) for s in trace.stops]
        ax.plot(xs, ys, color="0.75", linewidth=0.8, zorder=1)
        ax.scatter(xs, ys, c=[colour[s.function] for s in trace.stops], s=18, zorder=2)
        end = trace.end.reason
        ax.set_title(
            f"{name}: {len(trace.stops)} stops ({trace.header.debugger}, {end})",
            fontsize=10,
            loc="left",
        )
        ax.set_ylabel("line - fn start")
        ax.grid(True, alpha=0.3)
        ax.set_xlim(-1, longest)
    axes[-1, 0].set_xlabel("step number")
    handles = [
        Line2D([], [], marker="o", linestyle="", color=colour[fn], label=fn) for fn in functions
    ]
    return _save(fig, handles, list(functions), title or "Stops over time", out)


def plot_metrics(summary: Sequence[dict[str, Any]], out: Path, title: str = "") -> Path:
    """Grouped bars per debugger: ratio metrics (left) and new back-jumps (right)."""
    if not summary:
        raise ValueError("no metrics to plot")
    debuggers = list(dict.fromkeys(e["debugger"] for e in summary))
    configs = list(dict.fromkeys(e["config"] for e in summary))
    palette = plt.get_cmap("tab10")
    height = 0.6 + 3.6 * len(debuggers)
    fig, axes = plt.subplots(
        len(debuggers),
        2,
        figsize=(13, height),
        squeeze=False,
        layout="constrained",
        gridspec_kw={"width_ratios": [4.5, 1]},
    )
    group_width = 0.8
    bar = group_width / len(configs)
    for row, dbg in enumerate(debuggers):
        entries = {e["config"]: e for e in summary if e["debugger"] == dbg}
        ax, side = axes[row, 0], axes[row, 1]
        for i, cfg in enumerate(configs):
            entry = entries.get(cfg, {})
            xs = [m + (i - (len(configs) - 1) / 2) * bar for m in range(len(BAR_METRICS))]
            ys = [100 * (entry.get(key) or 0.0) for key, _ in BAR_METRICS]
            ax.bar(xs, ys, width=bar * 0.95, color=palette(i % 10), label=cfg)
            back = entry.get("backward_per_100") or 0.0
            side.bar([i], [back], color=palette(i % 10))
            side.text(i, back, f"{back:.1f}", ha="center", va="bottom", fontsize=8)
        ax.set_xticks(range(len(BAR_METRICS)), [label for _, label in BAR_METRICS], fontsize=9)
        ax.set_ylim(0, 105)
        ax.set_ylabel("% of reference")
        ax.set_title(f"{dbg}: share of what the reference shows", fontsize=10, loc="left")
        ax.grid(True, axis="y", alpha=0.3)
        side.set_xticks(range(len(configs)), configs, rotation=45, ha="right", fontsize=8)
        side.set_title("new back-jumps /100 stops", fontsize=10)
        side.grid(True, axis="y", alpha=0.3)
        side.margins(y=0.2)
    handles, labels = axes[0, 0].get_legend_handles_labels()
    return _save(fig, handles, labels, title or "Debugging experience per configuration", out)


def _save(fig: Any, handles: Sequence[Any], labels: Sequence[str], title: str, out: Path) -> Path:
    """The legend (top right, up to six columns), the title, then the image at `out`."""
    fig.legend(handles, labels, loc="outside upper right", ncol=min(len(labels), 6),
               fontsize=9, frameon=False)
    fig.suptitle(title, x=0.01, ha="left", fontsize=12)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out
