"""Detects and locates changes of behaviour in a short measurement series.

Index convention (ruptures-like): the series is sorted by x; `ChangePointSearch.predict` returns
sorted breakpoints ``[b_1, …, b_k, n]``; segment ``i`` is ``[b_{i-1}, b_i)`` (``b_0 = 0``). When
``shared_[i]`` is True the change happens *at* a measured point, ``b_i - 1``, which then also
starts segment ``i + 1``; otherwise it lies between points ``b_i - 1`` and ``b_i``.

Modes:

* ``"paper"`` – Ilyas et al.: windows of ``window`` points fitted with Extra-P's search; a window
  is heterogeneous when its nRSS ≥ ``nrss_band[0]`` or its ε = e_{i+1}/(e_i + η) exceeds
  ``epsilon_limit`` (ε only for nRSS inside ``nrss_band``); segmented if max nRSS > ``theta`` or
  some ε in the band exceeds the limit. The run of ones locates the change.
* ``"test"`` (default) – one segment against two: relative least-squares fits (spread-independent)
  of the whole series and of both sides of every admissible split. Segmented if the one-segment
  relative RMS error exceeds ``min_relative_error`` (raised to 3× the measured noise when
  repetitions reveal it) and the F statistic of the best split exceeds ``f_limit``, or — for
  nearly noise-free data, with ≥ ``exact_min_dof`` residual degrees of freedom n − 4 — the error
  exceeds ``exact_relative_error`` and F exceeds ``exact_f_limit``. When a rule fires and
  ``compare_smooth`` is on, two segments must also beat the best smooth *single* function – two
  terms of the set, or one term with a continuous exponent (`segment_costs.SmoothFitCost`), one
  coefficient fewer than two segments – by that rule's F limit, and for the first rule that
  function's relative RMS error must exceed ``smooth_error_ratio`` × the error limit, so a
  smooth function outside the search space is not mistaken for a change. The change is the
  best split near the window pattern.
"""
import numpy as np

from extrap_segmented.exceptions import InvalidInputError, NotFittedError
from extrap_segmented.pmnf.search import search_subsets
from extrap_segmented.segmentation.costs import RelativeFitCost, SmoothFitCost

MODES = ("test", "paper")


class ChangePointSearch:
    """Change-point search (``fit``/``predict``); keyword parameters only, validated in ``fit``.

    Args:
        mode: ``"test"`` or ``"paper"`` (see module docstring).
        window: points per sliding window (paper: 5).
        theta: paper mode, nRSS above which a data set is segmented.
        nrss_band: paper mode, (low, high) band in which the ε criterion applies; ``low`` also
            tags windows as heterogeneous.
        epsilon_limit: paper mode, ε above which a window is heterogeneous.
        eta: paper mode, η added to the denominator of ε.
        max_change_points: most change points (binary segmentation).
        min_segment_size: fewest points per segment considered when splitting.
        min_points: fewest points to look for a change at all (the paper needs 6).
        min_relative_error: test mode, one-segment relative RMS error needed.
        f_limit: test mode, F statistic needed together with ``min_relative_error``.
        exact_relative_error, exact_f_limit: test mode, second rule for near noise-free data.
        exact_min_dof: test mode, residual degrees of freedom (n − 4) that second rule needs.
        compare_smooth: test mode, also compare two segments against the best smooth single
            function (`segment_costs.SmoothFitCost`) before declaring a change.
        smooth_error_ratio: test mode, that function's relative RMS error must exceed this
            fraction of the error limit (noisy rule).
        exponents: (K, 2) PMNF term set (default Extra-P's default search space).
        search_options: keyword options for `pmnf_search.search_subsets` (paper mode windows).
    """

    def __init__(self, *, mode="test", window=5, theta=0.5, nrss_band=(0.1, 0.5), epsilon_limit=4.0,
                 eta=1e-16, max_change_points=2, min_segment_size=3, min_points=6, min_relative_error=0.06,
                 f_limit=10.0, exact_relative_error=0.005, exact_f_limit=1e4, exact_min_dof=3, compare_smooth=True,
                 smooth_error_ratio=0.5, exponents=None, search_options=None):
        self.mode = mode
        self.window = window
        self.theta = theta
        self.nrss_band = nrss_band
        self.epsilon_limit = epsilon_limit
        self.eta = eta
        self.max_change_points = max_change_points
        self.min_segment_size = min_segment_size
        self.min_points = min_points
        self.min_relative_error = min_relative_error
        self.f_limit = f_limit
        self.exact_relative_error = exact_relative_error
        self.exact_f_limit = exact_f_limit
        self.exact_min_dof = exact_min_dof
        self.compare_smooth = compare_smooth
        self.smooth_error_ratio = smooth_error_ratio
        self.exponents = exponents
        self.search_options = search_options

    def fit(self, x, y, noise=None):
        """Searches the series for change points.

        Args:
            x: parameter values (any order, distinct).
            y: values, finite.
            noise: optional relative standard deviation of each value (e.g. from repetitions:
                std / mean / sqrt(repetitions)), same length as x.

        Returns:
            self, with ``order_`` (sorting permutation), ``x_``, ``y_`` (sorted),
            ``breakpoints_``, ``shared_``, ``segmented_``, ``too_few_points_``,
            ``window_errors_``, ``window_tags_``, ``epsilon_``, ``statistics_`` (one dict per
            examined series part ``lo``…``hi``; test mode: ``relative_error``, ``f``,
            ``error_limit``, plus ``f_smooth`` and ``smooth_relative_error`` when a rule fired).

        Raises:
            InvalidInputError: bad parameters, shapes, non-finite values or repeated x.
        """
        self._validate_parameters()
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        if x.ndim != 1 or x.shape != y.shape:
            raise InvalidInputError(f"x and y must be 1-D and equally long, got shapes {x.shape} and {y.shape}")
        bad = ~(np.isfinite(x) & np.isfinite(y))
        if bad.any():
            i = int(np.argmax(bad))
            raise InvalidInputError(f"values must be finite; point {i} is (x={x[i]!r}, y={y[i]!r})")
        self.order_ = np.argsort(x, kind="stable")
        self.x_, self.y_ = x[self.order_], y[self.order_]
        if np.any(np.diff(self.x_) == 0):
            raise InvalidInputError(f"parameter values must be distinct, got {self.x_.tolist()}")
        rel_noise = None
        if noise is not None:
            rel_noise = np.asarray(noise, dtype=float)
            if rel_noise.shape != x.shape:
                raise InvalidInputError(f"noise needs one entry per point ({x.shape}), got shape {rel_noise.shape}")
            rel_noise = rel_noise[self.order_]
        self._noise = rel_noise

        n = len(self.x_)
        self.too_few_points_ = n < self.min_points
        self.window_errors_ = np.array([])
        self.window_tags_ = np.zeros(0, dtype=bool)
        self.epsilon_ = np.array([])
        self.statistics_ = []
        breaks = []  # (breakpoint, shared)
        if not self.too_few_points_:
            self._cost = RelativeFitCost(self.exponents).fit(self.x_, self.y_)
            self._smooth_cost = SmoothFitCost(self.exponents).fit(self.x_, self.y_)
            pending = [(0, n)]
            first = True
            while pending and len(breaks) < self.max_change_points:
                lo, hi = pending.pop(0)
                if hi - lo < self.min_points:
                    continue
                found = self._detect(lo, hi, record_windows=first)
                first = False
                if found is None:
                    continue
                b, shared = found
                breaks.append((b, shared))
                pending += [(lo, b), (b - shared, hi)]
        breaks.sort()
        self.breakpoints_ = [b for b, _ in breaks] + [n]
        self.shared_ = [s for _, s in breaks]
        self.segmented_ = bool(breaks)
        return self

    def predict(self):
        """Returns the breakpoints ``[b_1, …, n]`` (see the module's index convention)."""
        if not hasattr(self, "breakpoints_"):
            raise NotFittedError("ChangePointSearch.predict called before fit")
        return list(self.breakpoints_)

    def segments(self):
        """Returns ``[(start, stop), …]`` index ranges of the segments, shared points included."""
        bounds = self.predict()
        result, start = [], 0
        for i, stop in enumerate(bounds):
            result.append((start, stop))
            if i < len(self.shared_):
                start = stop - 1 if self.shared_[i] else stop
        return result

    def _validate_parameters(self):
        if self.mode not in MODES:
            raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        if int(self.window) != self.window or self.window < 3:
            raise InvalidInputError(f"window must be an integer ≥ 3, got {self.window!r}")
        low, high = self.nrss_band
        if not 0 <= low <= high:
            raise InvalidInputError(f"nrss_band must satisfy 0 ≤ low ≤ high, got {self.nrss_band!r}")
        if self.max_change_points < 0:
            raise InvalidInputError(f"max_change_points must be ≥ 0, got {self.max_change_points!r}")
        if self.min_segment_size < 2:
            raise InvalidInputError(f"min_segment_size must be ≥ 2, got {self.min_segment_size!r}")
        if not self.smooth_error_ratio >= 0:
            raise InvalidInputError(f"smooth_error_ratio must be ≥ 0, got {self.smooth_error_ratio!r}")
        if self.min_points < 2 * self.min_segment_size:
            raise InvalidInputError(f"min_points ({self.min_points}) must be ≥ 2 × min_segment_size "
                                    f"({self.min_segment_size})")

    def _detect(self, lo, hi, record_windows):
        """Looks for one change in ``[lo, hi)``; returns (breakpoint, shared) or None."""
        w = int(self.window)
        n = hi - lo
        starts = np.arange(lo, hi - w + 1) if n >= w else np.zeros(0, dtype=int)
        candidates = _split_candidates(lo, hi, self.min_segment_size)
        left = [(lo, b) for b, _ in candidates]
        right = [(b - s, hi) for b, s in candidates]
        bounds = [(lo, hi)] + left + right + [(s, s + w) for s in starts]
        costs = self._cost.errors([a for a, _ in bounds], [b for _, b in bounds])
        k = len(candidates)
        one, two = costs[0], costs[1:1 + k] + costs[1 + k:1 + 2 * k]
        window_cost = costs[1 + 2 * k:]

        if self.mode == "paper":
            fits = search_subsets(self.x_, self.y_, starts, starts + w, self.exponents, **(self.search_options or {}))
            errors = np.abs(fits.nrss)
            segmented, tags, epsilon = paper_decision(errors, self.theta, self.nrss_band, self.epsilon_limit,
                                                      self.eta)
            stats = {}
        else:
            errors = np.sqrt(window_cost / w)
            tags = errors > self._error_limit(lo, hi)
            epsilon = np.array([])
            segmented, stats = self._test_decision(one, two, lo, hi)
        stats.update(lo=lo, hi=hi)
        self.statistics_.append(stats)
        if record_windows:
            self.window_errors_, self.window_tags_, self.epsilon_ = errors, tags, epsilon
        if not segmented:
            return None
        return self._locate(tags, starts, candidates, two)

    def _error_limit(self, lo, hi):
        limit = self.min_relative_error
        if self._noise is not None:
            limit = max(limit, 3.0 * float(np.median(self._noise[lo:hi])))
        return limit

    def _test_decision(self, one, two, lo, hi):
        n = hi - lo
        best = float(np.min(two))
        error = float(np.sqrt(one / n))
        dof = n - 4
        with np.errstate(all="ignore"):
            f = ((one - best) / 3.0) / (best / dof) if best > 0 else (np.inf if one > 0 else 0.0)
        limit = self._error_limit(lo, hi)
        exact_ok = self._noise is None or 3.0 * float(np.median(self._noise[lo:hi])) < self.exact_relative_error
        noisy_rule = error > limit and f > self.f_limit
        # with fewer residual degrees of freedom, two 3-point segments chosen from dozens of terms
        # fit noisy data almost exactly by chance, which the near-noise-free rule cannot tell apart
        exact_rule = (exact_ok and dof >= self.exact_min_dof and error > self.exact_relative_error
                      and f > self.exact_f_limit)
        stats = {"relative_error": error, "f": float(f), "error_limit": limit}
        if (noisy_rule or exact_rule) and self.compare_smooth:
            # only when the test fires: unsegmented in-space kernels never pay for it
            smooth = float(self._smooth_cost.errors([lo], [hi])[0])
            # costs below (1e-10 relative)² per point are rounding noise
            f_smooth = (smooth - best) / (max(best, n * 1e-20) / dof)  # one coefficient fewer
            smooth_error = float(np.sqrt(smooth / n))
            stats.update(f_smooth=float(f_smooth), smooth_relative_error=smooth_error)
            noisy_rule = noisy_rule and f_smooth > self.f_limit and smooth_error > self.smooth_error_ratio * limit
            exact_rule = exact_rule and f_smooth > self.exact_f_limit
        return bool(noisy_rule or exact_rule), stats

    def _locate(self, tags, starts, candidates, two):
        """Pattern location when clean, else (or to break near-ties) the best split near it."""
        pattern = locate_from_pattern(tags, int(self.window))
        indices = np.arange(len(candidates))
        if pattern is not None:
            point, shared = pattern
            b = int(starts[0]) + point + 1 if shared else int(starts[0]) + point
            near = [i for i, (cb, cs) in enumerate(candidates) if abs(cb - b) <= 1]
            exact = [i for i, c in enumerate(candidates) if c == (b, shared)]
            if self.mode == "paper" and exact:
                return candidates[exact[0]]
            if near:
                indices = np.array(near)
            if exact:
                best = indices[np.argmin(two[indices])]
                # the pattern's own reading wins ties (e.g. a point shared by both behaviours)
                if two[exact[0]] <= two[best] * (1 + 1e-9) + 1e-300:
                    return candidates[exact[0]]
        elif self.mode == "paper" and tags.any():
            first, last = np.flatnonzero(tags)[[0, -1]]
            lo_b, hi_b = starts[first] + 1, starts[last] + int(self.window) - 1
            near = [i for i, (cb, _) in enumerate(candidates) if lo_b <= cb <= hi_b]
            if near:
                indices = np.array(near)
        best = indices[np.argmin(two[indices])]
        return candidates[int(best)]


def paper_decision(errors, theta=0.5, nrss_band=(0.1, 0.5), epsilon_limit=4.0, eta=1e-16):
    """The paper's window classification.

    Args:
        errors: nRSS per window (NaN allowed: treated as 0).

    Returns:
        (segmented, tags, epsilon): tags True for heterogeneous windows; ``epsilon[i]`` is
        ``e_i / (e_{i-1} + eta)`` (``-inf`` for the first window).
    """
    e = np.nan_to_num(np.asarray(errors, dtype=float), nan=0.0)
    low, high = nrss_band
    epsilon = np.full(len(e), -np.inf)
    epsilon[1:] = e[1:] / (e[:-1] + eta)
    in_band = (e >= low) & (e <= high)
    jump = in_band & (epsilon > epsilon_limit)
    segmented = bool(len(e) and (e.max() > theta or jump.any()))
    tags = (e >= low) | jump
    return segmented, tags, epsilon


def locate_from_pattern(tags, window=5):
    """Reads the change from a single run of ``window - 2`` or ``window - 1`` heterogeneous windows.

    Returns:
        ``(index, shared)`` relative to the first window's first point: ``shared`` True means
        the change is the measured point ``index``; False means it lies between ``index - 1``
        and ``index``. None when the pattern is not such a single run (ambiguous).
    """
    tags = np.asarray(tags, dtype=bool)
    ones = np.flatnonzero(tags)
    if len(ones) == 0 or ones[-1] - ones[0] + 1 != len(ones) or len(ones) not in (window - 2, window - 1):
        return None
    second = ones[0] + 1
    if len(ones) == window - 2:
        return second + window // 2, True
    return second + window // 2 + 1, False


def _split_candidates(lo, hi, min_size):
    """Admissible (breakpoint, shared) pairs of ``[lo, hi)`` with ≥ ``min_size`` points per side."""
    result = []
    for b in range(lo + min_size, hi - min_size + 1):
        result.append((b, False))
    for b in range(lo + min_size, hi - min_size + 2):
        result.append((b, True))
    return sorted(result)


def suggest_measurements(segment_x, needed, *, extend="none"):
    """Proposes parameter values to measure so a segment gets ``needed`` more points.

    Fills the widest gaps first (midpoints; geometric midpoints when the values grow
    geometrically, e.g. process counts 2, 4, 8), rounded to integers when all values are
    integers and an integer is left in the gap (else the exact midpoint). When the gaps are exhausted, continues away from the
    change point: ``extend="down"`` below the smallest value (first segment), ``"up"`` above
    the largest (last segment), ``"none"`` stops (middle segments).

    Args:
        segment_x: the segment's measured parameter values.
        needed: how many values to propose.
        extend: ``"down"``, ``"up"`` or ``"none"``.

    Returns:
        Sorted list of proposed values (possibly fewer than ``needed``).
    """
    xs = np.unique(np.asarray(segment_x, dtype=float))
    if needed <= 0 or len(xs) == 0:
        return []
    integer = bool(np.all(xs == np.round(xs)))
    geometric = bool(len(xs) >= 2 and xs[0] > 0 and _is_geometric(xs))
    step = (xs[-1] / xs[-2] if geometric else xs[-1] - xs[-2]) if len(xs) >= 2 else (2.0 if xs[0] > 0 else 1.0)
    low_step = (xs[1] / xs[0] if geometric else xs[1] - xs[0]) if len(xs) >= 2 else step
    known = set(xs.tolist())
    proposals = []
    for _ in range(4 * needed):
        if len(proposals) == needed:
            break
        values = np.array(sorted(known))
        gaps = np.log(values[1:] / values[:-1]) if geometric else np.diff(values)
        value = fraction = None
        if len(gaps):
            i = int(np.argmax(gaps))
            mid = np.sqrt(values[i] * values[i + 1]) if geometric else (values[i] + values[i + 1]) / 2
            rounded = float(np.round(mid)) if integer else float(mid)
            if gaps[i] > 0 and values[i] < rounded < values[i + 1]:
                value = rounded
            elif gaps[i] > 0:
                fraction = float(mid)  # only when neither an integer nor an extension is left
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


def _is_geometric(xs):
    ratios = xs[1:] / xs[:-1]
    return bool(np.all(ratios > 1) and ratios.max() / ratios.min() < 1.5 and ratios.min() > 1.6)
