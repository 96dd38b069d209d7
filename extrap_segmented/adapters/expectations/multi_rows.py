"""Rows of ``extrap-validate`` for an expectation over several parameters (``O(p*n)``).

Each parameter the expectation names is validated on every slice along it with its own factor
(``O(p)`` along p at every n, ``O(n)`` along n at every p), with the deviation and upper bound
of that parameter (``deviation = "sqrt(p) * log n"`` gives ``sqrt(p)`` along p and ``log n``
along n; a parameter the option does not name keeps the default). Rows are labelled
``Allreduce [along p: n=64]``; the verdict over all parameters (the worst of the rows) and the
divergence per parameter are one note per function (:func:`summaries`), and every row counts
for ``--fail-on`` as usual, so a kernel that grows faster than expected along any parameter
fails with exit 1.
"""
from __future__ import annotations

import dataclasses
from collections import defaultdict

import numpy as np

from extrap_segmented.expectations.complexity import ONE, parameter_text
from extrap_segmented.expectations.multi import MultiExpectation, parse_multi_expectation, worst_verdict

ALONG = " [along "
#: The validator needs this many distinct values along the validated parameter.
MIN_VALUES = 5


def is_multi(expectation: str | None) -> bool:
    return expectation is not None and len(parse_multi_expectation(str(expectation)).variables) > 1


def check_names(entry, multi: MultiExpectation, parameters: list, where: str, source: str) -> None:
    """Every parameter the expectation, deviation, bounds or fix name must be the data's (exit 2)."""
    from extrap_segmented.expectations.config import ExpectationConfigError
    uses = [(name, f"expectation {multi.text!r}") for name in multi.variables]
    for key in ("deviation", "lower_bound", "upper_bound"):
        text = entry.options.get(key)
        if text is not None:
            uses += [(name, f"{key} {text!r}") for name in parse_multi_expectation(str(text)).variables]
    uses += [(name, f"fix = {{ {name} = {value:g} }}") for name, value in entry.fix.items()]
    for name, what in uses:
        if name not in parameters:
            raise ExpectationConfigError(f"{source}: {where}: {what} is in parameter {name!r}, which the experiment "
                                         f"does not have (its parameters: {', '.join(parameters)})")
    fixed = [name for name in multi.variables if name in entry.fix]
    if fixed:
        raise ExpectationConfigError(f"{source}: {where}: fix = {{ {fixed[0]} = {entry.fix[fixed[0]]:g} }} fixes "
                                     f"{fixed[0]!r}, which the expectation {multi.text!r} models")


def _entry_for(entry, name: str):
    """The entry with each multi-parameter option reduced to its factor in ``name``."""
    options = dict(entry.options)
    for key in ("deviation", "lower_bound", "upper_bound"):
        if options.get(key) is not None:
            factor = parse_multi_expectation(str(options[key])).factors.get(name)
            if factor is None:
                options.pop(key)
            else:
                options[key] = factor.text
    return dataclasses.replace(entry, options=options)


def slices_of(measurements, parameters: list, index: int, fix: dict) -> dict:
    """The measurements of each slice along ``parameters[index]`` whose other parameters take the
    values ``fix`` names, keyed by ``((name, value), ...)`` of the other parameters in ascending
    order; each slice's measurements in their given order (the grouping is the core's
    :func:`~extrap_segmented.segmentation.multi.slices_along`)."""
    from extrap_segmented.adapters.measurements import coordinate_array
    from extrap_segmented.segmentation.multi import slices_along
    X = coordinate_array(measurements).reshape(len(measurements), len(parameters))
    others = [name for j, name in enumerate(parameters) if j != index]
    slices = {}
    for values, rows in slices_along(X, index).items():
        key = tuple(zip(others, values))
        if all(float(fix[k]) == v for k, v in key if k in fix):
            slices[key] = [measurements[i] for i in sorted(rows)]
    return slices


def expand(entry, label: str, multi: MultiExpectation, measurements, parameters: list, aggregation: str,
           notes: list, series) -> list:
    """Rows ``(label, entry, x, y, expectation text, variable)`` of every slice along every
    parameter the expectation names (``series(subset, index, label)`` gives x and y)."""
    rows = []
    for name in multi.variables:
        index = parameters.index(name)
        term = multi.factor(name)
        shrinking = term < ONE
        text = "O(1)" if shrinking else f"O({term.format(parameter_text(name), exact=True)})"
        entry_here = _entry_for(entry, name)
        slices = slices_of(measurements, parameters, index, entry.fix)
        short = [others for others, subset in slices.items()
                 if len({float(m.coordinate[index]) for m in subset}) < MIN_VALUES]
        if short:  # sparse designs (Extra-P's cross of lines): most slices hold one point
            notes.append(f"{label}: {len(short)} of {len(slices)} slices along {name} have fewer than {MIN_VALUES} "
                         f"values of {name} and are not validated")
        for others, subset in sorted(slices.items()):
            if others in short:
                continue
            free = ", ".join(f"{k}={v:g}" for k, v in others if k not in entry.fix)
            slice_label = f"{label}{ALONG}{name}" + (f": {free}" if free else "") + "]"
            x, y = series(subset, index, slice_label)
            if shrinking:  # strong scaling: y / E_p should stay constant; δ is still G/E
                y = y / term.evaluate(x)
            rows.append((slice_label, entry_here, x, y, text, name))
        if shrinking:
            notes.append(f"{label}: the factor {term.big_o(parameter_text(name))} of {multi.text} shrinks; "
                         f"validated as value · {(ONE / term).format(parameter_text(name))} against O(1) along {name}")
    return rows


def summaries(results: dict) -> list[str]:
    """One line per multi-parameter function: the verdict over all parameters and, per
    parameter, how many slices gave which verdict."""
    groups: dict = defaultdict(list)
    for label, (result, _, _) in results.items():
        if ALONG in label:
            base, rest = label.split(ALONG, 1)
            groups[base].append((rest.split(":")[0].rstrip("]"), result))
    lines = []
    for base, members in groups.items():
        overall = worst_verdict([r.verdict for _, r in members])
        per = defaultdict(list)
        for name, result in members:
            per[name].append(result)
        parts = []
        for name, results_here in per.items():
            counts = defaultdict(int)
            for r in results_here:
                counts[r.verdict] += 1
            worst = max(results_here, key=lambda r: ("match", "approximate", "inconclusive", "no match").index(r.verdict)
                        if r.verdict in ("match", "approximate", "inconclusive", "no match") else 4)
            parts.append(f"along {name}: " + ", ".join(f"{n} {v}" for v, n in counts.items())
                         + f" of {len(results_here)} slices (worst δ = {worst.divergence.format(parameter_text(name))})")
        lines.append(f"{base}: over all parameters: {overall}; " + "; ".join(parts))
    return lines


def repeated(y: np.ndarray) -> np.ndarray:
    return np.asarray(y, dtype=float)
