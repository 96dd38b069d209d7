"""PNG plots of a clustered kernel (``plot_dir`` option), drawn by :mod:`extrap_segmented.clustering.plot`."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from extrap_segmented.adapters.clustering.models import ClusteredModel


def _file_stem(callpath, metric) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{callpath}-{metric}").strip("_")[:120]


def point_label(coordinate, names) -> str:
    """``p=64, s=100`` (a panel title) for a configuration."""
    return ", ".join(f"{name}={float(value):g}" for name, value in zip(names, tuple(coordinate)))


def axis_label(parameter: int, coordinates, names) -> str:
    """The name of parameter ``parameter``, with the values the others are fixed at: ``s (p=64)``."""
    largest = np.max(np.array([tuple(c) for c in coordinates], dtype=float), axis=0) if coordinates else []
    fixed = [f"{name}={largest[i]:g}" for i, name in enumerate(names) if i != parameter and i < len(largest)]
    return names[parameter] + (f" ({', '.join(fixed)})" if fixed else "")


def plot_kernel(plot_dir, callpath, metric, model: ClusteredModel, primary, configurations, coordinates,
                parameter_names=None) -> None:
    """Writes ``<callpath>-<metric>-ranks.png`` (per-rank values by cluster, one strip per configuration)
    and ``<callpath>-<metric>-clusters.png`` (cluster values and models over the last parameter, member
    counts and membership models over the first) into ``plot_dir``.
    """
    from extrap_segmented.clustering.plot import plot_cluster_models, plot_configuration_strips

    directory = Path(plot_dir)
    directory.mkdir(parents=True, exist_ok=True)
    stem = _file_stem(callpath, metric)
    n = len(coordinates[0]) if coordinates else 1
    names = list(parameter_names or [])
    if len(names) != n:  # not told (modeled outside Extra-P's model generator): the texts' names p, q, ...
        from extrap_segmented.adapters.clustering.kernel import _parameter_names
        names = _parameter_names(n)
    plot_configuration_strips(directory / f"{stem}-ranks.png", primary, [c.labels for c in configurations],
                              [c.names for c in configurations], [point_label(c, names) for c in coordinates],
                              f"{callpath} ({metric}): per-rank values by cluster", str(metric))
    # Values along the last parameter (often the problem size), counts along the first (by Extra-P
    # convention usually the process count); the other parameters at their largest value.
    plot_cluster_models(directory / f"{stem}-clusters.png", cluster_plot_data(model, n - 1),
                        axis_label(n - 1, coordinates, names), str(metric), f"{callpath} ({metric}): clusters and models",
                        count_clusters=cluster_plot_data(model, 0), count_xlabel=axis_label(0, coordinates, names))


def cluster_plot_data(model: ClusteredModel, parameter: int = 0) -> list[dict]:
    """Per cluster: measured values/counts along ``parameter`` and the models evaluated there.

    The other parameters are fixed at their largest value where the cluster was measured.
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
                 "counts": np.asarray(info.counts)[line], "curve_x": curve_x}
        with np.errstate(all="ignore"):
            for key, sub in (("curve", info.model), ("count_curve", info.membership_model)):
                if sub is not None:
                    entry[key] = np.broadcast_to(sub.hypothesis.function.evaluate(
                        grid.T if grid.shape[1] > 1 else grid[:, 0]), curve_x.shape)
        result.append(entry)
    return result

