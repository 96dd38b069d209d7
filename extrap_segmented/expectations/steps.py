"""Where a validated series changes behaviour: steps that no single term explains.

A validation compares *one* growth law with the data. When the data change behaviour between
two measured scales (an MPI library switching algorithms: ``MPI_Gather`` at 30, 42, 59, 580,
750 µs over 32 … 512 ranks), every single term fits badly and the verdict of the best one is
misleading. This module finds such changes so that the validation can name them.

Two detections, one contract (:func:`find_changes`):

* **Five points or fewer than the segmentation core needs** — a *jump* between two consecutive
  points, both regimes with at least two points. The jump is named when

  1. no single function explains the series within its noise: the smallest χ² over the
     candidates ``c0 + c1·t`` (linear, relative noise) and ``a · t^b`` (a power of a
     candidate term, fitted on log values) exceeds the 99.9 % quantile of χ²(n − 2);
  2. the same function with a jump there does: ``a + δ·[x ≥ x_j] + b·ln t`` on log values (a
     multiplicative step, as an algorithm switch gives) or ``c0 + δ·[x ≥ x_j] + c1·t``, growing
     (b, c1 ≥ 0: a spike that falls back is no change of level); its χ²
     stays below the 99 % quantile of χ²(n − 3), and the jump removes at least
     ``min_improvement`` (25, five standard deviations: the best of all positions and terms is
     chosen, which a smaller bar would let noise pass);
  3. the measured ratio across the jump differs from 1 by more than four noise standard
     deviations of the two points.

  A jump into the first or out of the last point cannot be told from acceleration or an outlier
  with one point on its side, so regimes need two points.
* **Six points and more** — the project's segmentation core, through its public API
  (``extrap_segmented.ChangePointSearch``, mode ``"test"``, given the measured noise of the
  aggregated points), which also finds changes of slope.

The noise is relative: the repetitions' (noise of each aggregate, at least ``floor``), or, for
a series whose repetitions say nothing about its noise, the assumed relative noise of the
validation (``assumed_noise``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from extrap_segmented.expectations.complexity import ComplexityTerm

#: χ² improvement a jump must bring (the best position and term are searched)
MIN_IMPROVEMENT = 49.0
#: noise standard deviations the ratio across a jump must differ from 1 by
MIN_JUMP_SIGMAS = 4.0


@dataclass(frozen=True)
class Change:
    """A change of behaviour between two measured parameter values.

    Attributes:
        before: the last parameter value of the old behaviour.
        after: the first parameter value of the new behaviour (equal to ``before`` for a change of
            slope at a measured point, which belongs to both regimes).
        index: position of ``after`` in the sorted distinct parameter values.
        log10_factor: log10 of the ratio of the aggregated values at ``after`` and ``before`` (NaN
            when they are not both positive); in logs, so that 1e-300 → 1e300 is ×10^600, not
            an overflow.
        method: ``jump`` or ``segmentation``.
    """

    before: float
    after: float
    index: int
    log10_factor: float
    method: str = "jump"

    @property
    def factor_text(self) -> str:
        """``×9.8``, ``÷3.1``, ``×10^600`` (beyond double precision), or ``""`` when unknown."""
        f = self.log10_factor
        if not math.isfinite(f) or self.before == self.after:
            return ""
        if abs(f) >= 300:  # the ratio itself would overflow a double: say so by its exponent
            return ("×" if f > 0 else "÷") + f"10^{abs(f):.0f}"
        ratio = 10.0 ** abs(f)
        text = f"{ratio:.2g}" if ratio < 100 else f"{ratio:,.0f}"
        return ("×" if f >= 0 else "÷") + text

    def describe(self, variable: str = "p") -> str:
        """``between p = 128 and 256 (×9.8)`` or ``at p = 128`` (a change of slope)."""
        if self.before == self.after:
            return f"at {variable} = {self.before:g} (change of slope)"
        factor = self.factor_text
        return f"between {variable} = {self.before:g} and {self.after:g}" + (f" ({factor})" if factor else "")

    def as_pair(self) -> list:
        """``[before, after]`` as the JSON row carries it."""
        return [_plain(self.before), _plain(self.after)]


def _plain(value: float):
    return int(value) if float(value).is_integer() and abs(value) < 2 ** 53 else float(value)


def _quantile(probability: float, dof: int) -> float:
    from scipy.special import chdtri  # inverse survival function of chi-square (no scipy.stats import)
    return float(chdtri(dof, 1.0 - probability))


def _shapes(x: np.ndarray, terms: Sequence[ComplexityTerm]) -> tuple[np.ndarray, np.ndarray]:
    """(m, n) values of the non-constant terms and their logarithms, finite and positive only."""
    rows = []
    with np.errstate(all="ignore"):
        for term in terms:
            if term.is_constant:
                continue
            t = term.evaluate(x)
            if np.all(np.isfinite(t)) and np.all(t > 0) and np.ptp(t) > 0:
                rows.append(t)
    if not rows:
        return np.zeros((0, x.size)), np.zeros((0, x.size))
    T = np.array(rows)
    T = T / np.max(T, axis=1, keepdims=True)
    return T, np.log(T)


def _chi2(Z: np.ndarray, W: np.ndarray, U: np.ndarray, groups: Optional[np.ndarray] = None,
          growing: bool = False) -> np.ndarray:
    """Weighted least squares ``z ≈ level(group) + b·u`` for every row of Z and every shape in U.

    Args:
        Z: (F, n) values; W: (F, n) weights; U: (m, n) shapes; groups: (n,) regime of each point
            (None: one regime).

        growing: constrain b >= 0 (the least-squares optimum is then b = 0 where the free one is
            negative).

    Returns:
        (F, m + 1) χ²: one column per shape and a last one for the levels alone (b = 0).
    """
    F, n = Z.shape
    groups = np.zeros(n, dtype=int) if groups is None else groups
    Zc = np.zeros_like(Z)
    Uc = np.zeros((F,) + U.shape)
    for g in np.unique(groups):
        member = groups == g
        w = W[:, member]
        total = np.sum(w, axis=1, keepdims=True)
        Zc[:, member] = Z[:, member] - np.sum(w * Z[:, member], axis=1, keepdims=True) / total
        Uc[:, :, member] = U[None, :, member] - (np.einsum("fn,mn->fm", w, U[:, member]) / total)[:, :, None]
    suu = np.einsum("fmn,fn->fm", Uc * Uc, W)
    suz = np.einsum("fmn,fn->fm", Uc, W * Zc)
    with np.errstate(divide="ignore", invalid="ignore"):
        b = np.where(suu > 0, suz / np.where(suu > 0, suu, 1.0), 0.0)
    if growing:
        b = np.maximum(b, 0.0)
    residual = Zc[:, None, :] - b[:, :, None] * Uc
    chi2 = np.einsum("fmn,fn->fm", residual * residual, W)
    levels = np.sum(W * Zc * Zc, axis=1, keepdims=True)
    result = np.concatenate([chi2, levels], axis=1)
    return result


def _prepared(x, Y, S, terms):
    """Log values, values in units of each row's largest, their weights and the shapes."""
    Z = np.log(Y)  # exact for any magnitude (1e-300 and 1e300 alike)
    T, U = _shapes(x, terms)
    W_log = 1.0 / S ** 2
    # linear fits in units of each series' largest value; values below 1e-6 of it count as 1e-6
    V = np.exp(Z - np.max(Z, axis=1, keepdims=True))
    W_lin = 1.0 / (S * np.maximum(V, 1e-6)) ** 2
    return Z, V, W_log, W_lin, T, U


def explained_by_one_function(x, Y: np.ndarray, noise: np.ndarray, terms: Sequence[ComplexityTerm]) -> np.ndarray:
    """(F,) True where one function ``c0 + c1·t`` or ``a·t^b`` of the terms fits the row within
    its noise (χ² at most the 99.9 % quantile of χ²(n − 2)); rows not all positive count as explained."""
    x = np.asarray(x, dtype=float)
    Y = np.atleast_2d(np.asarray(Y, dtype=float))
    noise = np.asarray(noise, dtype=float)
    result = np.ones(Y.shape[0], dtype=bool)
    rows = np.flatnonzero(np.all(Y > 0, axis=1) & np.all(np.isfinite(noise) & (noise > 0), axis=1))
    if rows.size and Y.shape[1] > 2:
        Z, V, W_log, W_lin, T, U = _prepared(x, Y[rows], noise[rows], terms)
        single = np.minimum(np.min(_chi2(Z, W_log, U), axis=1), np.min(_chi2(V, W_lin, T), axis=1))
        result[rows] = single <= _quantile(0.999, Y.shape[1] - 2)
    return result


def jump_improvement(x, y: np.ndarray, noise: np.ndarray, terms: Sequence[ComplexityTerm], index: int) -> float:
    """How much a jump before ``x[index]`` lowers the χ² of the best single function (see the
    module docstring, condition 2) for one positive series; NaN when it cannot be computed."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)[None, :]
    noise = np.asarray(noise, dtype=float)[None, :]
    if not (np.all(y > 0) and np.all(np.isfinite(noise) & (noise > 0))) or not 0 < index < x.size:
        return float("nan")
    Z, V, W_log, W_lin, T, U = _prepared(x, y, noise, terms)
    single = min(np.min(_chi2(Z, W_log, U)), np.min(_chi2(V, W_lin, T)))
    groups = (np.arange(x.size) >= index).astype(int)
    step = min(np.min(_chi2(Z, W_log, U, groups, growing=True)), np.min(_chi2(V, W_lin, T, groups, growing=True)))
    return float(single - step)


def find_jumps(x, Y: np.ndarray, noise: np.ndarray, terms: Sequence[ComplexityTerm], *,
               min_improvement: float = MIN_IMPROVEMENT, min_sigmas: float = MIN_JUMP_SIGMAS) -> list:
    """The jump detection of the module docstring for series measured at the same ``x``.

    Args:
        x: sorted distinct parameter values (n,).
        Y: (F, n) aggregated values; rows that are not all positive are skipped (no ratios).
        noise: (F, n) relative noise of each value (> 0).
        terms: candidate terms (the validation's search space).

    Returns:
        Per row, a list with at most one :class:`Change`.
    """
    x = np.asarray(x, dtype=float)
    Y = np.atleast_2d(np.asarray(Y, dtype=float))
    F, n = Y.shape
    out = [[] for _ in range(F)]
    if n < 4:
        return out
    positive = np.all(Y > 0, axis=1) & np.all(np.isfinite(noise) & (noise > 0), axis=1)
    rows = np.flatnonzero(positive)
    if rows.size == 0:
        return out
    Yp, S = Y[rows], np.asarray(noise, dtype=float)[rows]
    Z, V, W_log, W_lin, T, U = _prepared(x, Yp, S, terms)
    single = np.minimum(np.min(_chi2(Z, W_log, U), axis=1), np.min(_chi2(V, W_lin, T), axis=1))
    explained = single <= _quantile(0.999, n - 2)
    best = np.full(rows.size, np.inf)
    where = np.full(rows.size, -1)
    for j in range(2, n - 1):  # the new regime starts at x[j]; both regimes have >= 2 points
        groups = (np.arange(n) >= j).astype(int)
        # a level change with growth on both sides (a spike that falls back is no change of level)
        step = np.minimum(np.min(_chi2(Z, W_log, U, groups, growing=True), axis=1),
                          np.min(_chi2(V, W_lin, T, groups, growing=True), axis=1))
        better = step < best
        best = np.where(better, step, best)
        where = np.where(better, j, where)
    fits = best <= _quantile(0.99, n - 3)
    for k, row in enumerate(rows):
        j = int(where[k])
        if explained[k] or not fits[k] or j < 0 or single[k] - best[k] < min_improvement:
            continue
        ratio = Z[k, j] - Z[k, j - 1]
        if abs(ratio) <= min_sigmas * math.hypot(S[k, j], S[k, j - 1]):
            continue
        out[row].append(Change(float(x[j - 1]), float(x[j]), j, float(ratio / math.log(10)), "jump"))
    return out


def segmentation_changes(x, y, noise, repetitions) -> list:
    """Changes the segmentation core finds in one series (six or more points), as :class:`Change` s.

    Uses only the core's public API (``ChangePointSearch(mode="test")``, ``fit``, ``segments``).
    """
    from extrap_segmented import ChangePointSearch

    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    search = ChangePointSearch(mode="test")
    search.fit(x, y, noise=noise, repetitions=repetitions)
    segments = search.segments()
    changes = []
    with np.errstate(divide="ignore", invalid="ignore"):
        for (_, stop), (start, _) in zip(segments, segments[1:]):
            before, after = (start, start) if start < stop else (stop - 1, start)
            factor = np.log10(y[after] / y[before]) if y[after] > 0 and y[before] > 0 else float("nan")
            changes.append(Change(float(x[before]), float(x[after]), int(after), float(factor), "segmentation"))
    return changes


def find_changes(x, Y: np.ndarray, noise: np.ndarray, terms: Sequence[ComplexityTerm], *,
                 repetitions: Optional[np.ndarray] = None, core_points: int = 6) -> list:
    """Changes of behaviour of every row of ``Y`` (see the module docstring).

    Args:
        x: sorted distinct parameter values (n,).
        Y: (F, n) aggregated values in their own unit (any magnitude).
        noise: (F, n) relative noise of each aggregate (> 0).
        terms: the validation's candidate terms.
        repetitions: (F, n) repetitions behind each aggregate (None: the noise is assumed).
        core_points: from this many points on, the segmentation core decides.

    Returns:
        Per row, the list of :class:`Change` s in ascending order.
    """
    x = np.asarray(x, dtype=float)
    Y = np.atleast_2d(np.asarray(Y, dtype=float))
    if x.size < core_points:
        return find_jumps(x, Y, noise, terms)
    from extrap_segmented.exceptions import ExtrapSegmentedError
    changes = []
    with np.errstate(all="ignore"):
        logs = np.where(Y > 0, np.log(np.where(Y > 0, Y, 1.0)), np.nan)
    # the core's own term set is Extra-P's; a change it finds must also be one that no function of
    # the validation's space explains within the noise
    explained = explained_by_one_function(x, Y, noise, terms)
    fallback = []
    for i in range(Y.shape[0]):
        largest = np.max(np.abs(Y[i]))
        if explained[i] or not largest > 0 or not np.all(np.isfinite(noise[i])):
            changes.append([])
            continue
        if not np.all(Y[i] / largest > 0):
            # values the core's relative fits cannot hold (zero, negative, or 1e-300 next to 1e300):
            # the jump detection works on logarithms
            fallback.append(i)
            changes.append([])
            continue
        try:
            reps = None if repetitions is None else repetitions[i]
            found = segmentation_changes(x, Y[i] / largest, noise[i], reps)
        except ExtrapSegmentedError:
            found = []
        # a jump the core names must be as clear as one named on five points (condition 2)
        found = [c for c in found if c.before == c.after
                 or not jump_improvement(x, Y[i], noise[i], terms, c.index) < MIN_IMPROVEMENT]
        changes.append([_with_factor(c, logs[i]) for c in found])
    if fallback:
        for i, found in zip(fallback, find_jumps(x, Y[fallback], np.asarray(noise)[fallback], terms)):
            changes[i] = found
    return changes


def _with_factor(change: Change, logs: np.ndarray) -> Change:
    """``change`` with its factor from the values' own logarithms (exact for any magnitude)."""
    if change.before == change.after:
        return change
    i = change.index
    value = (logs[i] - logs[i - 1]) / math.log(10)
    return Change(change.before, change.after, change.index, float(value) if np.isfinite(value) else float("nan"),
                  change.method)
