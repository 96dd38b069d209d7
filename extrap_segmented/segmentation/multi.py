"""Changes along one parameter of a multi-parameter experiment (numpy only).

A two-parameter experiment (ranks p × problem size n) is a grid; a *slice along n* is the
series over n at one value of every other parameter. The single-parameter detection runs on
each slice (the caller passes it in as ``detect``, so this module never duplicates it), and
:func:`changes_along` says what the slices agree on:

* ``"consistent"``: the same change location(s) in (nearly) every slice — an eager limit in n
  at every p, an algorithm switch in p at every n. One change, modeled once for all slices;
* ``"moving"``: slices change at different locations — the location depends on the other
  parameters, so no single segmented model describes the kernel; it is modeled per slice;
* ``"isolated"``: a change in too few slices to be more than noise (reported, not modeled);
* ``"none"``: no slice changes (a smooth kernel).

Noisy slices may each miss a change that every one of them has: :func:`pooled_series` averages
the slices (each divided by its mean) into one series with the pooled noise, and
:func:`confirm_with_pool` accepts a change found there when no slice contradicts it.

:func:`fit_separable` fits the three forms a consistent change is modeled with, on all points:
``S(x_d) · H(others)`` (product), ``S(x_d) + Σ c_o·h_o(x_o)`` (sum), where ``S`` is one
function ``a_k + b_k·g_k(x_d)`` per segment, and ``a_k + b_k·g_k(x_d)·H(others)`` (offset: a
constant per segment plus the product, Extra-P's ``c + a·b`` hypothesis per segment). Both are linear in the coefficients once the
terms ``g_k`` and ``h_o`` are chosen (the caller chooses them with the PMNF search), and the
one with the smaller relative error wins, as Extra-P's multi-parameter modeler compares its
candidate products and sums.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.segmentation.options import MULTI

#: A change location on a slice: (last value before, first value after); equal when the
#: change happens at a measured point that both behaviours share.
Location = tuple[float, float]

CONSISTENT, MOVING, ISOLATED, NONE = "consistent", "moving", "isolated", "none"


@dataclass(frozen=True)
class SliceChanges:
    """What the detection found on one slice."""
    others: tuple[float, ...]  # values of the other parameters, in parameter order without d
    locations: tuple[Location, ...]  # ascending; empty: no change
    points: int


@dataclass(frozen=True)
class ParameterChanges:
    """The verdict for one parameter over all its slices."""
    parameter: int
    kind: str
    locations: tuple[Location, ...] = ()  # the agreed locations (consistent), else ()
    slices: tuple[SliceChanges, ...] = field(default=(), repr=False)
    checked: int = 0  # slices with enough points to run the detection

    @property
    def changed_slices(self) -> list[SliceChanges]:
        return [s for s in self.slices if s.locations]


def slices_along(X: np.ndarray, d: int) -> dict[tuple[float, ...], np.ndarray]:
    """Row indices of each slice along parameter ``d``, sorted by ``X[:, d]``; keyed by the values
    of the other parameters (ascending)."""
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or not 0 <= d < X.shape[1]:
        raise InvalidInputError(f"need a (points, parameters) array and a parameter index, got shape "
                                f"{X.shape} and {d}")
    others = [j for j in range(X.shape[1]) if j != d]
    groups: dict[tuple[float, ...], list[int]] = {}
    for i, row in enumerate(X):
        groups.setdefault(tuple(float(row[j]) for j in others), []).append(i)
    return {key: np.asarray(sorted(rows, key=lambda i: X[i, d]), dtype=int) for key, rows in sorted(groups.items())}


def changes_along(X: np.ndarray, y: np.ndarray, d: int,
                  detect: Callable[[np.ndarray, np.ndarray, np.ndarray], Optional[Sequence[Location]]],
                  *, min_share: float = MULTI["consistent_share"].default) -> ParameterChanges:
    """Runs ``detect`` on every slice along ``d`` and classifies the result.

    Args:
        X: (points, parameters) coordinates; y: the value per point.
        d: index of the parameter the changes are sought along.
        detect: ``detect(x, y, rows)`` for one slice (x ascending, ``rows`` the row indices into
            ``X``/``y``); returns the change locations, ``[]`` for none, or None when the slice
            has too few points to tell.
        min_share: a location is consistent when at least this share of the checked slices (and
            at least two) show exactly it and no slice shows another.
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    found = []
    for others, rows in slices_along(X, d).items():
        result = detect(X[rows, d], y[rows], rows)
        if result is None:
            continue
        found.append(SliceChanges(others, tuple(tuple(map(float, loc)) for loc in result), len(rows)))
    checked = len(found)
    changed = [s for s in found if s.locations]
    distinct = {s.locations for s in changed}
    if not changed:
        kind, locations = NONE, ()
    elif len(distinct) > 1:
        kind, locations = MOVING, ()
    elif len(changed) >= max(2, math.ceil(min_share * checked)):
        kind, locations = CONSISTENT, changed[0].locations
    else:
        kind, locations = ISOLATED, ()
    return ParameterChanges(d, kind, locations, tuple(found), checked)


def pooled_series(X: np.ndarray, y: np.ndarray, standard_error: np.ndarray, d: int):
    """The slices along ``d`` as one series: each slice divided by its mean, then averaged.

    A change at the same location in every slice survives the averaging while the noise shrinks
    with the number of slices, so a change too small for any one noisy slice shows in the pool.
    Only slices holding every value of ``d`` that the longest slices hold take part.

    Args:
        standard_error: absolute standard error of each ``y`` (0 where unknown).

    Returns:
        ``(x, pooled, relative_standard_error, slices)``, or None with fewer than 2 such slices.
    """
    X, y, se = (np.asarray(a, dtype=float) for a in (X, y, standard_error))
    slices = slices_along(X, d)
    longest = max(len(rows) for rows in slices.values())
    full = [rows for rows in slices.values() if len(rows) == longest]
    if len(full) < 2:
        return None
    x = X[full[0], d]
    if any(not np.array_equal(X[rows, d], x) for rows in full[1:]):
        return None
    with np.errstate(all="ignore"):
        scales = np.array([np.mean(y[rows]) for rows in full])
        if not np.all(np.isfinite(scales)) or np.any(scales == 0):
            return None
        normalized = np.array([y[rows] / scale for rows, scale in zip(full, scales)])
        errors = np.array([se[rows] / abs(scale) for rows, scale in zip(full, scales)])
        pooled = normalized.mean(axis=0)
        pooled_error = np.sqrt((errors ** 2).sum(axis=0)) / len(full)
        relative = np.where(pooled != 0, pooled_error / np.abs(pooled), 0.0)
    return x, pooled, np.nan_to_num(relative), len(full)


def confirm_with_pool(changes: ParameterChanges, pooled_locations: Sequence[Location]) -> ParameterChanges:
    """A change the pooled series shows (:func:`pooled_series`) is consistent when no slice
    contradicts it: every slice that changes on its own changes exactly there."""
    if changes.kind in (CONSISTENT, MOVING) or not pooled_locations:
        return changes
    pooled = tuple(tuple(map(float, loc)) for loc in pooled_locations)
    if any(s.locations != pooled for s in changes.changed_slices):
        return changes
    return ParameterChanges(changes.parameter, CONSISTENT, pooled, changes.slices, changes.checked)


def segment_masks(values: np.ndarray, locations: Sequence[Location]) -> list[np.ndarray]:
    """Boolean masks of the segments between the change locations (a shared point belongs to
    both neighbouring segments)."""
    values = np.asarray(values, dtype=float)
    edges = [-math.inf] + [v for loc in locations for v in loc] + [math.inf]
    return [(values >= edges[2 * k]) & (values <= edges[2 * k + 1]) for k in range(len(locations) + 1)]


@dataclass(frozen=True)
class SeparableFit:
    """One fitted form: ``segments[k] = (a_k, b_k)`` (b_k None for a constant segment; in the
    offset form ``a_k + b_k·g_k·H``, with g_k = 1 for a constant segment),
    ``others`` the coefficient of each other parameter's term in the sum form (1 in the product
    form, where the terms multiply), ``relative_error`` the RMS of the relative residuals."""
    form: str  # "product", "sum" or "offset"
    segments: tuple[tuple[float, Optional[float]], ...]
    others: tuple[float, ...]
    relative_error: float
    smape: float


def fit_separable(X: np.ndarray, y: np.ndarray, d: int, locations: Sequence[Location],
                  segment_terms: Sequence[Optional[Callable[[np.ndarray], np.ndarray]]],
                  other_terms: Sequence[tuple[int, Callable[[np.ndarray], np.ndarray]]]) -> list[SeparableFit]:
    """Fits ``S(x_d)·Π h_o(x_o)``, ``S(x_d) + Σ c_o h_o(x_o)`` and, per segment,
    ``a_k + b_k g_k(x_d)·Π h_o(x_o)`` by relative least squares.

    Args:
        segment_terms: per segment the term ``g_k`` (None: the segment is a constant).
        other_terms: ``(parameter index, h_o)`` of every other parameter that is not constant.

    Returns:
        The product form and (when there are other terms) the sum and offset forms, best
        (smallest SMAPE) first.
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y, dtype=float)
    if len(segment_terms) != len(locations) + 1:
        raise InvalidInputError(f"{len(locations)} change locations need {len(locations) + 1} segment terms, "
                                f"got {len(segment_terms)}")
    masks = segment_masks(X[:, d], locations)
    x_d = X[:, d]
    H = np.ones(len(y))
    others = [(o, np.asarray(h(X[:, o]), dtype=float)) for o, h in other_terms]
    for _, h in others:
        H = H * h
    weights = 1.0 / np.where(y != 0, np.abs(y), 1.0)
    fits = []
    for form in ("product", "sum", "offset") if others else ("product",):
        columns, layout = [], []
        for k, (mask, g) in enumerate(zip(masks, segment_terms)):
            base = mask.astype(float) * (H if form == "product" else 1.0)
            columns.append(base)
            layout.append((k, "a"))
            if g is not None or form == "offset":
                growth = np.ones(len(y)) if g is None else np.asarray(g(x_d), dtype=float)
                columns.append(base * growth * (H if form == "offset" else 1.0))
                layout.append((k, "b"))
        if form == "sum":
            for o, h in others:
                columns.append(h)
                layout.append((o, "c"))
        A = np.stack(columns, axis=1)
        with np.errstate(all="ignore"):
            coefficients, *_ = np.linalg.lstsq(A * weights[:, None], y * weights, rcond=None)
            predicted = A @ coefficients
            relative = (predicted - y) * weights
            denominator = np.abs(predicted) + np.abs(y)
            smape = float(np.mean(np.where(denominator > 0, 2 * np.abs(predicted - y) / denominator, 0.0)))
        segments = [[0.0, None] for _ in masks]
        other_coefficients = []
        for (index, role), value in zip(layout, coefficients):
            if role == "a":
                segments[index][0] = float(value)
            elif role == "b":
                segments[index][1] = float(value)
            else:
                other_coefficients.append(float(value))
        if form != "sum":
            other_coefficients = [1.0] * len(others)
        fits.append(SeparableFit(form, tuple(tuple(s) for s in segments), tuple(other_coefficients),
                                 float(np.sqrt(np.mean(relative ** 2))), smape))
    return sorted(fits, key=lambda f: f.smape)


def describe_location(name: str, location: Location) -> str:
    """``n<=4096; n>=8192`` or, for a change at a shared point, ``n=4096``."""
    before, after = location
    return f"{name}={before:g}" if before == after else f"{name}<={before:g}; {name}>={after:g}"


def describe_moving(changes: ParameterChanges, names: Sequence[str]) -> str:
    """One line naming where each slice changes, e.g. ``n<=1024; n>=2048 at p=4; n<=4096; n>=8192 at p=16``."""
    name = names[changes.parameter]
    other_names = [n for j, n in enumerate(names) if j != changes.parameter]
    parts = []
    for s in changes.slices:
        at = ", ".join(f"{o}={v:g}" for o, v in zip(other_names, s.others))
        where = " and ".join(describe_location(name, loc) for loc in s.locations) or "no change"
        parts.append(f"{where} at {at}")
    return "; ".join(parts)
