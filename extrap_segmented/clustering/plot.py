"""PNG plots of clusters (matplotlib's object API with the Agg canvas, imported lazily so the core
stays numpy-only; no pyplot, so no process-wide backend or figure state).

* :func:`plot_configuration_strips` - per configuration, the per-rank values sorted ascending and
  colored by cluster (the spatial-divergence paper's Fig. 2 as a sorted strip);
* :func:`plot_cluster_models` - per kernel, each cluster's values and model, and its member count
  and membership model, each over one parameter.
"""
from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

_COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf"]


def _figure(**options):
    """A matplotlib ``Figure(**options)`` drawn by the Agg canvas (no pyplot)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    figure = Figure(**options)
    FigureCanvasAgg(figure)
    return figure


def _color_map(names: Sequence[str]) -> dict:
    return {name: _COLORS[i % len(_COLORS)] for i, name in enumerate(dict.fromkeys(names))}


def plot_configuration_strips(path, values: Sequence[np.ndarray], labels: Sequence[np.ndarray],
                              names: Sequence[Sequence[str]], titles: Sequence[str], suptitle: str = "",
                              ylabel: str = "value") -> None:
    """Per-rank values of every configuration, sorted and colored by cluster, one panel each.

    Args:
        path: PNG file to write.
        values: per configuration, one value per location.
        labels: per configuration, index into ``names[j]`` per location (-1: outlier, drawn as a black x).
        names: per configuration, the cluster names (same name = same color in every panel).
        titles: panel titles (e.g. the configuration's parameter values).
        suptitle: figure title.
        ylabel: label of the value axis.
    """
    from matplotlib.lines import Line2D
    colors = _color_map([n for conf in names for n in conf])
    n = len(values)
    columns = min(5, n)
    rows = int(np.ceil(n / columns))
    fig = _figure(figsize=(2.6 * columns, 2.2 * rows))
    axes = fig.subplots(rows, columns, squeeze=False)
    for ax in axes.flat[n:]:
        ax.axis("off")
    any_outliers = False
    for ax, v, lab, conf_names, title in zip(axes.flat, values, labels, names, titles):
        order = np.argsort(v, kind="stable")
        for index, name in enumerate(conf_names):
            selected = lab[order] == index
            ax.scatter(np.flatnonzero(selected), v[order][selected], s=6, color=colors[name], label=name)
        outlying = lab[order] < 0  # ranks the classifier set aside (label -1)
        if outlying.any():
            any_outliers = True
            ax.scatter(np.flatnonzero(outlying), v[order][outlying], s=18, marker="x", color="black")
        ax.set_title(title, fontsize=8)
        ax.tick_params(labelsize=6)
        ax.set_xlabel("ranks, sorted by value", fontsize=6)
    axes.flat[0].set_ylabel(ylabel, fontsize=7)
    handles = {name: Line2D([], [], marker="o", ls="", color=c) for name, c in colors.items()}
    if any_outliers:
        handles["outliers"] = Line2D([], [], marker="x", ls="", color="black")
    fig.legend(handles.values(), handles.keys(), loc="upper right", fontsize=7, ncol=min(len(handles), 6))
    fig.suptitle(suptitle, fontsize=9, x=0.02, ha="left")
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    fig.savefig(path, dpi=90)


def _parameter_axis(ax, xs) -> None:
    """Log x axis with the measured parameter values as plain tick labels."""
    ax.set_xscale("log")
    ticks = np.unique(np.concatenate([np.asarray(x, dtype=float) for x in xs])) if xs else np.array([])
    ticks = ticks[ticks > 0]
    if 0 < len(ticks) <= 12:
        ax.set_xticks(ticks)
        ax.set_xticklabels([f"{t:g}" for t in ticks], fontsize=7)
        ax.minorticks_off()


def plot_cluster_models(path, clusters: Sequence[dict], xlabel: str, ylabel: str = "value",
                        title: str = "", count_clusters: Optional[Sequence[dict]] = None,
                        count_xlabel: Optional[str] = None) -> None:
    """Each cluster's values and model (left) and member counts and membership model (right).

    Args:
        path: PNG file to write.
        clusters: one dict per cluster with keys ``name``, ``x``, ``values``, ``counts`` (measured, same
            length) and optionally ``curve_x``, ``curve``, ``count_curve`` (model evaluated at ``curve_x``).
        xlabel: name of the parameter on the x axis.
        ylabel: label of the value axis.
        title: figure title.
        count_clusters: the same kind of dicts for the right panel (member counts), e.g. along another
            parameter; default ``clusters``.
        count_xlabel: x label of the right panel; default ``xlabel``.
    """
    count_clusters = clusters if count_clusters is None else count_clusters
    colors = _color_map([c["name"] for c in clusters] + [c["name"] for c in count_clusters])
    fig = _figure(figsize=(9, 3.4))
    left, right = fig.subplots(1, 2)
    for cluster in clusters:
        color = colors[cluster["name"]]
        left.scatter(cluster["x"], cluster["values"], color=color, s=14, label=cluster["name"])
        if cluster.get("curve") is not None:
            left.plot(cluster["curve_x"], cluster["curve"], color=color, lw=1)
    for cluster in count_clusters:
        color = colors[cluster["name"]]
        right.scatter(cluster["x"], cluster["counts"], color=color, s=14, label=cluster["name"])
        if cluster.get("count_curve") is not None:
            # a membership model below one rank only extrapolates; hide it on the log axis
            curve = np.asarray(cluster["count_curve"], dtype=float)
            right.plot(cluster["curve_x"], np.where(curve >= 0.5, curve, np.nan), color=color, lw=1)
    for ax, label, x_label, data in ((left, ylabel, xlabel, clusters),
                                     (right, "ranks in cluster", count_xlabel or xlabel, count_clusters)):
        ax.set_xlabel(x_label)
        ax.set_ylabel(label)
        _parameter_axis(ax, [c["x"] for c in data])
        ax.grid(alpha=0.3)
    right.set_yscale("log")
    left.legend(fontsize=7)
    fig.suptitle(title, fontsize=9, x=0.02, ha="left")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
