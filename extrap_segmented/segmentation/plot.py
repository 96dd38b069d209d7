"""PNG plot of a segmented series (matplotlib imported lazily; its object API, no global state)."""
from __future__ import annotations

import os
from typing import Callable, Sequence

import numpy as np
from numpy.typing import ArrayLike

Curve = Callable[[np.ndarray], np.ndarray]


def plot_segmentation(x: ArrayLike, y: ArrayLike, path: str | os.PathLike, *, unsegmented: Curve | None = None,
                      segments: Sequence[tuple[Curve, tuple[float, float]]] = (), change_points: Sequence[float] = (),
                      title: str | None = None, parameter: str = "p",
                      log_x: bool | None = None) -> str | os.PathLike:
    """Draws measurements, the unsegmented model (dashed), segment models (solid) and vertical
    lines at the change points, and writes a PNG.

    Args:
        x, y: measurements.
        path: output file (PNG).
        unsegmented: callable ``f(x_array) -> y_array`` of the single model, or None.
        segments: ``[(f, (x_first, x_last)), …]`` segment models and the x range each covers.
        change_points: x positions of the change points (a pair of neighbours is drawn as two lines).
        title: figure title.
        parameter: axis label of x.
        log_x: logarithmic x axis (default: when x spans more than a factor 20 and is positive).

    Returns:
        ``path``.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if log_x is None:
        log_x = bool(np.all(x > 0) and x.max() / x.min() > 20)
    grid = np.geomspace(x.min(), x.max(), 400) if log_x else np.linspace(x.min(), x.max(), 400)
    fig = Figure(figsize=(6, 4), dpi=90)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.plot(x, y, "o", color="black", label="measurements", zorder=3)
    if unsegmented is not None:
        ax.plot(grid, unsegmented(grid), "--", color="grey", label="unsegmented model")
    for i, (function, (first, last)) in enumerate(segments):
        part = grid[(grid >= first) & (grid <= last)]
        ax.plot(part, function(part), "-", lw=2, label=f"segment {i + 1}")
    for j, cp in enumerate(change_points):
        ax.axvline(cp, color="tab:red", lw=1, ls=":", label="change point" if j == 0 else None)
    if log_x:
        ax.set_xscale("log", base=2)
    ax.set_xlabel(parameter)
    ax.set_ylabel("value")
    if title:
        ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    return path
