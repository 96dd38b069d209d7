"""Where to measure next so that a short segment gets enough points for a reliable model."""
from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike


def suggest_measurements(segment_x: ArrayLike, needed: int, *, extend: str = "none", min_ratio: float = 1.6,
                         max_ratio_spread: float = 1.5, series: ArrayLike | None = None) -> list[float]:
    """Proposes parameter values to measure so a segment gets ``needed`` more points.

    Fills the widest gaps first (midpoints; geometric midpoints when the values grow
    geometrically, e.g. process counts 2, 4, 8), rounded to integers when all values are
    integers and an integer is left in the gap (else the exact midpoint). When the gaps are
    exhausted, continues away from the change point: ``extend="down"`` below the smallest value
    (first segment), ``"up"`` above the largest (last segment), ``"none"`` (middle segments)
    into the gaps to the values of ``series`` beside the segment, then stops.

    Args:
        segment_x: the segment's measured parameter values.
        needed: how many values to propose.
        extend: ``"down"``, ``"up"`` or ``"none"``.
        min_ratio: the values grow geometrically when every ratio of neighbours exceeds this
            (default 1.6) ...
        max_ratio_spread: ... and the largest ratio is less than this many times the smallest
            (default 1.5).
        series: all measured values of the parameter; a segment of one value continues their
            spacing beside it (without them: steps of 2, which beside 4 MiB is 2 bytes). For a
            segment between two changes (``extend="none"``), once its own gaps are filled, the
            gaps between it and the values of ``series`` beside it (across the changes) are filled
            next, widest first: the segment may reach into them, and a value there tells on which
            side of it each change lies (a segment of one size between two steps has no gap of
            its own).

    Returns:
        Sorted list of proposed values (possibly fewer than ``needed``).
    """
    xs = np.unique(np.asarray(segment_x, dtype=float))
    if needed <= 0 or len(xs) == 0:
        return []
    integer = bool(np.all(xs == np.round(xs)))
    geometric = bool(len(xs) >= 2 and xs[0] > 0 and _is_geometric(xs, min_ratio, max_ratio_spread))
    step = (xs[-1] / xs[-2] if geometric else xs[-1] - xs[-2]) if len(xs) >= 2 else (2.0 if xs[0] > 0 else 1.0)
    low_step = (xs[1] / xs[0] if geometric else xs[1] - xs[0]) if len(xs) >= 2 else step
    around = np.unique(np.asarray(series, dtype=float)) if series is not None else xs
    around = around[np.isfinite(around)]  # (np.unique puts NaN last: no spacing to continue)
    if len(xs) == 1 and len(around) >= 2:
        i = int(np.searchsorted(around, xs[0]))
        low, high = (around[i - 1], around[i]) if 0 < i < len(around) else (around[0], around[1])
        geometric = bool(around[0] > 0 and _is_geometric(around, min_ratio, max_ratio_spread))
        step = low_step = high / low if geometric else high - low
    known = set(xs.tolist())
    below, above = around[around < xs[0]], around[around > xs[-1]]
    beside = set(below[-1:].tolist() + above[:1].tolist())
    proposals = []
    for _ in range(4 * needed):
        if len(proposals) == needed:
            break
        # a middle segment fills its own gaps first, those beside it (below) after
        values = np.array(sorted(known if extend != "none" else {k for k in known if xs[0] <= k <= xs[-1]}))
        gaps, middles, rounded = _gap_middles(values, geometric, integer)
        value = fraction = None
        if len(gaps):
            i = int(np.argmax(gaps))
            if gaps[i] > 0 and values[i] < rounded[i] < values[i + 1]:
                value = float(rounded[i])
            elif gaps[i] > 0:
                fraction = float(middles[i])  # only when neither an integer nor an extension is left
        if value is None and extend == "none" and beside:
            value = _widest_free_midpoint(np.array(sorted(known | beside)), geometric, integer)
        if value is None and extend == "up":
            value = float(values[-1] * step if geometric else values[-1] + step)
        elif value is None and extend == "down":
            candidate = values[0] / low_step if geometric else values[0] - low_step
            value = float(np.round(candidate)) if integer else float(candidate)
            if value <= 0 < values[0]:
                value = None
        if value is None:
            value = fraction
        if value is None or value in known:
            break
        known.add(value)
        proposals.append(value)
    return sorted(proposals)


def _widest_free_midpoint(values: np.ndarray, geometric: bool, integer: bool) -> float | None:
    """The (geometric) midpoint of the widest gap of the sorted ``values`` that has one strictly
    inside it (an integer one where ``integer``); None where no gap has."""
    gaps, _, rounded = _gap_middles(values, geometric, integer)
    for i in np.argsort(-gaps, kind="stable"):
        if values[i] < rounded[i] < values[i + 1]:
            return float(rounded[i])
    return None


def _gap_middles(values: np.ndarray, geometric: bool, integer: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per gap of the sorted ``values``: its width (in log where ``geometric``), its (geometric)
    midpoint, and that midpoint rounded to an integer where ``integer``."""
    low, high = values[:-1], values[1:]
    gaps = np.log(high / low) if geometric else high - low
    middles = np.sqrt(low * high) if geometric else (low + high) / 2
    return gaps, middles, (np.round(middles) if integer else middles)


def _is_geometric(xs: np.ndarray, min_ratio: float, max_ratio_spread: float) -> bool:
    ratios = xs[1:] / xs[:-1]
    return bool(np.all(ratios > 1) and ratios.max() / ratios.min() < max_ratio_spread and ratios.min() > min_ratio)
