"""Models of a Thicket ensemble with any Extra-P modeler, this package's included, as a DataFrame.

Thicket's own ``thicket.model_extrap.Modeling`` always uses Extra-P's default modeler and one
value per profile. :func:`model_thicket` takes the same inputs (a Thicket and a metadata column
such as ``jobsize``), reads them into the arrays of :mod:`extrap_segmented.caliper.series` and
models them with any modeler by name (``segmented``, ``clustered``, ``expectation``, ``default``,
...), keeping what Thicket holds per rank:

* a ``rank`` level in the performance-data index (per-rank profiles) gives per-rank values, so
  ``clustered`` finds classes of ranks;
* metrics ``Min X``/``Avg X``/``Max X`` (Caliper's per-rank summary, e.g. ``Min time/rank``) give
  ``clustered`` its per-rank summary and add the metric ``Imbalance X (max/avg)``;
* profiles with equal parameter values are repetitions.

The result has one row per node (indexed like ``tk.statsframe.dataframe``) and, per metric, the
columns ``<metric>_model``, ``_change_points``, ``_n_classes``, ``_classes``, ``_verdict``, ``_AR2``,
``_RSS``, ``_SMAPE`` and ``_extrap`` (the Extra-P ``Model`` object, e.g. to evaluate it);
``into_statsframe=True`` also joins them into the Thicket's statsframe, as Thicket's ``Modeling``
does. Kernels measured at only some parameter values are modeled on those (as Thicket's
``Modeling`` does); a kernel with fewer than two values is left empty.

Needs ``pip install "extrap-segmented[thicket]"`` (llnl-thicket, pandas).
"""
from __future__ import annotations

import copy
from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np

from extrap.entities.measurement import Measure
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.caliper.experiment import build_experiment
from extrap_segmented.adapters.thicket.results import FIELDS, describe_model
from extrap_segmented.caliper.profile import SEPARATOR, CaliMetric
from extrap_segmented.caliper.series import CaliperSeries, add_imbalance, find_summaries
from extrap_segmented.exceptions import InvalidInputError

__all__ = ["model_thicket", "thicket_series", "FIELDS"]

RANK_LEVEL = "rank"


def _require_pandas():
    try:
        import pandas
    except ImportError as error:  # pragma: no cover - the extra installs it
        raise ImportError('the Thicket bridge needs pandas and llnl-thicket: pip install "extrap-segmented[thicket]"'
                          ) from error
    return pandas


def model_thicket(tk, param_name: Union[str, Sequence[str]] = "jobsize", *, modeler: str = "default",
                  metrics: Optional[Sequence[str]] = None, options: Optional[Mapping[str, Any]] = None,
                  params: Optional[Mapping[Any, float]] = None, measure: str = "mean", imbalance: bool = True,
                  into_statsframe: bool = False):
    """Models every node and metric of a Thicket with an Extra-P modeler.

    Args:
        tk: a ``thicket.Thicket``.
        param_name: metadata column(s) holding the parameter value of each profile (``jobsize``,
            ``mpi.world.size``; several for a multi-parameter model).
        modeler: modeler name as for ``extrap --modeler`` (``segmented``, ``clustered``, ``expectation``,
            ``default``, ...).
        metrics: metric columns to model (default: Thicket's exclusive and inclusive metrics, plus the
            imbalance metrics).
        options: modeler options by name, as ``extrap --options`` takes them (``{"expectation": "O(log p)"}``).
        params: instead of a metadata column, the parameter value of each profile (keyed by profile
            index or file name, as Thicket's ``Modeling``; single parameter).
        measure: ``mean``, ``median``, ``minimum`` or ``maximum`` of the repetitions (and ranks).
        imbalance: add ``Imbalance … (max/avg)`` for Min/Avg/Max per-rank summaries and per-rank metrics.
        into_statsframe: also join the columns into ``tk.statsframe.dataframe``.

    Returns:
        A ``pandas.DataFrame``, one row per node (index as ``tk.statsframe.dataframe``), columns
        ``<metric>_<field>`` for every field of :data:`FIELDS` and ``<metric>_extrap``.

    Raises:
        InvalidInputError: a missing metadata column or metric, a parameter with one value only.
    """
    pd = _require_pandas()
    series, nodes = thicket_series(tk, param_name, metrics=metrics, params=params, imbalance=imbalance)
    chosen = list(series.metrics) if metrics is None else list(dict.fromkeys(list(metrics) + [
        s.imbalance for s in series.summaries if imbalance and (s.average in metrics or s.maximum in metrics)]))
    results: dict[tuple[int, str], Any] = {}
    parameters = list(series.parameters)
    for group in _point_groups(series, chosen):
        points, kernels = group
        experiment = build_experiment(_subseries(series, points, kernels), warn_partial=False)
        generator = ModelGenerator(experiment, modeler=modeler, use_measure=Measure.from_str(measure))
        for name, value in (options or {}).items():
            _set_option(generator.modeler, name, value)
        generator.model_all()
        index = {c: i for i, c in enumerate(series.callpaths)}
        for (callpath, metric), model in generator.models.items():
            c = index[callpath.name]
            if c in kernels.get(metric.name, ()):
                results[(c, metric.name)] = model
    rows = []
    for c in range(len(series.callpaths)):
        row = {}
        for metric in chosen:
            model = results.get((c, metric))
            for field, value in describe_model(model, parameters).items():
                row[f"{metric}_{field}"] = value
            row[f"{metric}_extrap"] = model
        rows.append(row)
    frame = pd.DataFrame(rows, index=pd.Index(nodes, name="node"))
    if into_statsframe:
        stats = tk.statsframe.dataframe
        for column in frame.columns:
            stats[column] = frame[column].reindex(stats.index)
    return frame


def _set_option(modeler, name: str, value) -> None:
    targets = [modeler] + ([modeler.single_parameter_modeler]
                           if getattr(modeler, "single_parameter_modeler", None) is not None else [])
    for target in targets:
        if name in getattr(target, "OPTIONS", {}):
            option = target.OPTIONS[name]
            setattr(target, name, option.type(value) if isinstance(value, str) and option.type is not str else value)
            return
    known = sorted({n for t in targets for n in getattr(t, "OPTIONS", {})})
    raise InvalidInputError(f"modeler {getattr(modeler, 'NAME', modeler)!r} has no option {name!r}; options: "
                            f"{', '.join(known) or 'none'}")


def thicket_series(tk, param_name: Union[str, Sequence[str]] = "jobsize", *, metrics: Optional[Sequence[str]] = None,
                   params: Optional[Mapping[Any, float]] = None, imbalance: bool = True
                   ) -> tuple[CaliperSeries, list]:
    """A Thicket's performance data as a :class:`CaliperSeries` (call paths in node order) and its nodes.

    Raises:
        InvalidInputError: a missing metadata column or metric, non-numeric parameter values, a
            parameter with a single value.
    """
    pd = _require_pandas()
    names = [param_name] if isinstance(param_name, str) else list(param_name)
    profile_values = _profile_parameters(tk, names, params)
    data = tk.dataframe
    levels = list(data.index.names)
    per_rank = RANK_LEVEL in levels
    columns = _metric_columns(tk, metrics)
    nodes = list(dict.fromkeys(data.index.get_level_values(0)))
    callpaths = _callpaths(nodes)
    node_row = {id(n): i for i, n in enumerate(nodes)}
    points = sorted(set(profile_values.values()))
    if not all(len({p[d] for p in points}) > 1 for d in range(len(names))):
        raise InvalidInputError(f"metadata column(s) {', '.join(names)} take a single value over the "
                                f"{len(profile_values)} profiles; modeling needs at least two")
    profiles_at = {p: [prof for prof, v in profile_values.items() if v == p] for p in points}
    reps = max(len(v) for v in profiles_at.values())
    flat = data.reset_index()
    ranks_at: list[Optional[np.ndarray]] = []
    for p in points:
        if per_rank:
            at = flat[flat[levels[1]].isin(profiles_at[p])][RANK_LEVEL]
            ranks_at.append(np.array(sorted(pd.unique(at.astype("int64"))), dtype=np.int64))
        else:
            ranks_at.append(None)
    values: dict[str, list[np.ndarray]] = {}
    node_codes = np.array([node_row[id(n)] for n in flat[levels[0]]], dtype=np.int64)
    for column in columns:
        numbers = pd.to_numeric(flat[column], errors="coerce").to_numpy(dtype=float)
        arrays = []
        for i, p in enumerate(points):
            locations = 1 if ranks_at[i] is None else len(ranks_at[i])
            array = np.full((len(nodes), reps, locations), np.nan)
            for r, profile in enumerate(profiles_at[p]):
                rows = np.flatnonzero((flat[levels[1]] == profile).to_numpy())
                if per_rank:
                    cols = np.searchsorted(ranks_at[i], flat[RANK_LEVEL].to_numpy()[rows].astype(np.int64))
                    array[node_codes[rows], r, cols] = numbers[rows]
                else:
                    array[node_codes[rows], r, 0] = numbers[rows]
            arrays.append(array)
        values[column] = arrays
    metrics_info = {c: CaliMetric(c, c) for c in columns}
    series = CaliperSeries(tuple(names), points, [[_profile_name(tk, p) for p in profiles_at[q]] for q in points],
                           tuple(callpaths), metrics_info, values, ranks_at)
    series.summaries = find_summaries(series.metrics)
    if imbalance:
        add_imbalance(series)
    return series, nodes


def _profile_parameters(tk, names, params) -> dict:
    metadata = tk.metadata
    if params is not None:
        if len(names) != 1:
            raise InvalidInputError("params gives one value per profile: use a single param_name with it")
        by_file = {str(v): k for k, v in getattr(tk, "profile_mapping", {}).items()}
        out = {}
        for key, value in params.items():
            profile = key if key in metadata.index else by_file.get(str(key))
            if profile is None:
                raise InvalidInputError(f"params names {key!r}, which is neither a profile nor a file of the Thicket")
            out[profile] = (float(value),)
        missing = [p for p in metadata.index if p not in out]
        if missing:
            raise InvalidInputError(f"params lacks {len(missing)} profiles, e.g. {_profile_name(tk, missing[0])}")
        return out
    absent = [n for n in names if n not in metadata.columns]
    if absent:
        raise InvalidInputError(f"metadata has no column {absent[0]!r}; numeric columns: "
                                + ", ".join(c for c in metadata.columns if _numeric(metadata[c]))[:400])
    out = {}
    for profile, row in metadata[names].iterrows():
        try:
            point = tuple(float(row[n]) for n in names)
        except (TypeError, ValueError):
            raise InvalidInputError(f"profile {_profile_name(tk, profile)}: metadata "
                                    f"{', '.join(f'{n}={row[n]!r}' for n in names)} is not a number") from None
        if not all(np.isfinite(point)):
            raise InvalidInputError(f"profile {_profile_name(tk, profile)}: metadata "
                                    f"{', '.join(f'{n}={row[n]!r}' for n in names)} is not a finite number")
        out[profile] = point
    return out


def _profile_name(tk, profile) -> str:
    """The profile's file (Thicket's profile mapping), or its index where that is not a short name."""
    name = str(getattr(tk, "profile_mapping", {}).get(profile, profile))
    return name if len(name) <= 120 else str(profile)


def _numeric(column) -> bool:
    pd = _require_pandas()
    return pd.api.types.is_numeric_dtype(column)


def _metric_columns(tk, metrics) -> list[str]:
    data = tk.dataframe
    if metrics is None:
        chosen = [m for m in list(tk.exc_metrics) + list(tk.inc_metrics) if m in data.columns]
        chosen = [m for m in dict.fromkeys(chosen) if _numeric(data[m])]
        if not chosen:
            raise InvalidInputError("the Thicket lists no numeric metric (exc_metrics, inc_metrics); name them with "
                                    "metrics=[...]")
        return chosen
    absent = [m for m in metrics if m not in data.columns]
    derived = [m for m in absent if m.startswith("Imbalance ")]
    absent = [m for m in absent if m not in derived]
    if absent:
        raise InvalidInputError(f"the Thicket has no metric column {absent[0]!r}; metrics: "
                                f"{', '.join(map(str, list(tk.exc_metrics) + list(tk.inc_metrics)))}")
    chosen = [m for m in metrics if m not in derived]
    # the other statistics of a Min/Avg/Max per-rank summary come along (summary, imbalance metric)
    for metric in list(chosen):
        for word in ("Min ", "Avg ", "Max "):
            if metric.startswith(word):
                for other in ("Min ", "Avg ", "Max "):
                    partner = other + metric[len(word):]
                    if partner in data.columns and partner not in chosen:
                        chosen.append(partner)
    return chosen


def _callpaths(nodes) -> list[str]:
    paths, seen = [], {}
    for node in nodes:
        try:
            path = node.paths()[0]
            text = SEPARATOR.join(str(n.frame.get("name")) for n in path)
        except Exception:
            text = str(node.frame.get("name"))
        count = seen.get(text, 0) + 1
        seen[text] = count
        paths.append(text if count == 1 else f"{text} [{count}]")
    return paths


def _point_groups(series: CaliperSeries, metrics: Sequence[str]) -> list[tuple[tuple[int, ...], dict]]:
    """Kernels grouped by the points at which they are measured: ``(points, {metric: call paths})``."""
    groups: dict[tuple[int, ...], dict[str, list[int]]] = {}
    for metric in metrics:
        if metric not in series.values:
            continue
        present = np.stack([~np.all(np.isnan(a), axis=(1, 2)) for a in series.values[metric]], axis=1)
        for c in range(len(series.callpaths)):
            where = tuple(int(i) for i in np.flatnonzero(present[c]))
            if len(where) >= 2:
                groups.setdefault(where, {}).setdefault(metric, []).append(c)
    return list(groups.items())


def _subseries(series: CaliperSeries, points: tuple[int, ...], kernels: dict) -> CaliperSeries:
    """The points ``points`` of ``series`` with only the kernels ``{metric: call paths}`` measured."""
    values = {}
    for metric, callpaths in kernels.items():
        keep = np.zeros(len(series.callpaths), dtype=bool)
        keep[callpaths] = True
        arrays = []
        for i in points:
            array = series.values[metric][i].copy()
            array[~keep] = np.nan
            arrays.append(array)
        values[metric] = arrays
    for summary in series.summaries:  # the Clustered modeler's summary travels with the average
        if summary.average in kernels:
            for name in (summary.minimum, summary.maximum):
                values.setdefault(name, [series.values[name][i] for i in points])
    sub = copy.copy(series)
    sub.points = [series.points[i] for i in points]
    sub.files = [series.files[i] for i in points]
    sub.ranks = [series.ranks[i] for i in points]
    sub.values = values
    sub.metrics = {m: series.metrics[m] for m in values}
    sub.summaries = [s for s in series.summaries if all(m in values for m in s.metrics())]
    return sub
