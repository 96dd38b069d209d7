"""PNG plots of a clustered kernel (``plot_dir`` option), drawn by :mod:`extrap_segmented.clustering.plot`."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

import numpy as np

from extrap_segmented.adapters.clustering.models import ClusteredModel


def _file_stem(callpath, metric) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{callpath}-{metric}").strip("_")[:120]


def _names(parameter_names: Sequence[str], n: int) -> list:
    """The experiment's parameter names, or ``parameter 1``, ``parameter 2``, ... when not known."""
    names = [str(name) for name in parameter_names]
    return names if len(names) == n else [f"parameter {i + 1}" for i in range(n)]


def _axis_label(names: list, parameter: int, fixed) -> str:
    """``s (p = 256)``: the parameter on the axis and where the others are held."""
    others = ", ".join(f"{name} = {value:g}" for i, (name, value) in enumerate(zip(names, fixed)) if i != parameter)
    return f"{names[parameter]} ({others})" if others else names[parameter]


def plot_kernel(plot_dir, callpath, metric, model: ClusteredModel, primary, configurations, coordinates,
                parameter_names: Sequence[str] = ()) -> None:
    """Writes ``<callpath>-<metric>-ranks.png`` (per-rank values by cluster, one strip per configuration)
    and ``<callpath>-<metric>-clusters.png`` (cluster values and models over the last parameter, member
    counts and membership models over the first) into ``plot_dir``.

    ``parameter_names`` (the experiment's, when the modeler was told them) name the axes and panels.
    """
    from extrap_segmented.clustering.plot import plot_cluster_models, plot_configuration_strips

    directory = Path(plot_dir)
    directory.mkdir(parents=True, exist_ok=True)
    stem = _file_stem(callpath, metric)
    n = len(coordinates[0]) if coordinates else 1
    names = _names(parameter_names, n)
    points = [tuple(float(v) for v in c) for c in coordinates]
    plot_configuration_strips(directory / f"{stem}-ranks.png", primary, [c.labels for c in configurations],
                              [c.names for c in configurations], [str(tuple(c)) for c in coordinates],
                              f"{callpath} ({metric}): per-rank values by cluster", str(metric),
                              points=points, parameter_names=names)
    # Values along the last parameter (often the problem size), counts along the first (by Extra-P
    # convention usually the process count); the other parameters at their largest value.
    values, counts = cluster_plot_data(model, n - 1), cluster_plot_data(model, 0)
    plot_cluster_models(directory / f"{stem}-clusters.png", values,
                        _axis_label(names, n - 1, _held(values, n)), str(metric),
                        f"{callpath} ({metric}): clusters and models", count_clusters=counts,
                        count_xlabel=_axis_label(names, 0, _held(counts, n)))


def _held(data: list, n: int) -> list:
    """Where the other parameters are held: the largest measured value of each (over the clusters)."""
    fixed = [entry["fixed"] for entry in data if "fixed" in entry]
    return list(np.max(np.array(fixed), axis=0)) if fixed else [np.nan] * n


def cluster_plot_data(model: ClusteredModel, parameter: int = 0) -> list[dict]:
    """Per cluster: measured values/counts along ``parameter`` and the models evaluated there.

    The other parameters are fixed at their largest value where the cluster was measured
    (``fixed``: that point).
    """
    result = []
    for info in model.clusters:
        if not info.coordinates:
            continue
        points = np.array([tuple(c) for c in info.coordinates], dtype=float)
        fixed = points.max(axis=0)
        line = np.all(np.delete(points == fixed, parameter, axis=1), axis=1)
        x = points[line, parameter]
        curve_x = np.geomspace(x.min(), x.max(), 50) if x.min() > 0 else np.linspace(x.min(), x.max(), 50)
        grid = np.tile(fixed, (len(curve_x), 1))
        grid[:, parameter] = curve_x
        entry = {"name": info.name, "x": x, "values": np.asarray(info.values)[line],
                 "counts": np.asarray(info.counts)[line], "curve_x": curve_x, "fixed": fixed}
        with np.errstate(all="ignore"):
            for key, sub in (("curve", info.model), ("count_curve", info.membership_model)):
                if sub is not None:
                    entry[key] = np.broadcast_to(sub.hypothesis.function.evaluate(
                        grid.T if grid.shape[1] > 1 else grid[:, 0]), curve_x.shape)
        result.append(entry)
    return result
