"""Per-rank behavior classes of one kernel at one configuration: :func:`classify_ranks`.

Two modes, the same label convention (one int per location; classes ``0 .. k-1`` in ascending
order of their values; ``-1`` for ranks set aside as outliers):

``"adaptive"`` (default): gaps judged against the spread of the data, on a log scale.
    1. Each rank's repetitions are reduced to one value (``rank_value``, median by default).
    2. Values are split by sign; zeros form one class, negative and positive values are
       classified separately by ``log|x|`` (relative differences become differences, so classes
       with the same *relative* noise have the same spread).
    3. The sorted log values are cut at their largest gaps. For ``k`` classes the cuts are the
       ``k - 1`` largest gaps and the partition is accepted when its smallest cut exceeds
       ``gap_factor`` times the *scale*: the largest of the pooled within-class standard
       deviation of that partition (``sqrt(SSW / (n - k))``), the noise of a rank's value
       estimated from the repetitions (median over ranks of the per-rank standard deviation of
       the log values, divided by ``sqrt(repetitions)``; times ``sqrt(2)``, since a gap is the
       difference of two values), and ``log(1 + min_gap)``. With fewer than
       two degrees of freedom left (``n - k < 2``) the spread is unknown and the paper's
       ``threshold`` is the floor. A cut that leaves a single rank alone must exceed
       ``outlier_factor`` times the pooled deviation (the tails of a class have its widest gaps),
       and a partition with more lone ranks than the outlier budget (at least one) is rejected as
       fragmentation. The largest accepted ``k`` (up to ``max_classes``) is taken.
       A continuous spread has gaps far below its own standard deviation, so it stays one class
       however wide it is; classes separated by an empty gap of a few standard deviations of
       their members are cut exactly.
       Groups of fewer than :data:`SMALL_SAMPLE` ranks are cut by the paper's rule instead.
       Finally a cut below the paper's threshold that is smaller than ``relevance`` (10 %) of the
       largest cut between classes of two or more ranks is dropped: exact counters resolve a 1.4 %
       difference, but next to classes 30-50 % apart it is no behaviour class of its own.
    4. Classes of a single rank are outliers (label ``-1``, :data:`OUTLIER_REASON`) when at most
       ``max_outlier_fraction`` of the ranks would be set aside; otherwise the most isolated
       ones (largest gap to their neighbours) up to that budget. A rank alike no other rank is
       not a behavior class: extreme ranks of a heavy tail land here instead of fragmenting it.

``"paper"``: the spatial-divergence paper's rule (Shah et al.'s relative distance): sort, start
    a new class wherever sorted neighbours differ by more than ``threshold`` (10 %), no outliers.
    See :mod:`extrap_segmented.clustering.relative_distance`.

Both modes are deterministic, invariant under permutation of the locations, and O(n log n):
:func:`classify_ranks` is exactly what the Clustered modeler runs per configuration.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from extrap_segmented.clustering.relative_distance import (_check_finite, check_threshold,
                                                           relative_distance_labels)
from extrap_segmented.clustering.options import CLASSIFIER, MODES
from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.options import check_values
from extrap_segmented.reducers import MEASURES, reduce_columns, reducer, statistic_name

OUTLIER = -1
#: why a rank has label -1, in the words the Clustered modeler prints
OUTLIER_REASON = ("alike no other rank: alone, farther from its nearest rank than the classes' own spread "
                  "allows (4×) and than the gap that starts a class")
SMALL_SAMPLE = 16  # below: too few ranks to judge a gap against their spread (docs/clustering.md)
NOISE_SCALE = float(np.sqrt(2))
"""A gap is the difference of two rank values: its noise is sqrt(2) times the noise of one value."""
"""Sign groups with fewer ranks are cut by the paper's rule: their spread cannot be estimated."""


def _as_number(value):
    """A number given as text (rules files, keyword options) as the number; anything else as it is."""
    try:
        return float(value) if isinstance(value, str) else value
    except ValueError:
        return value


@dataclass(frozen=True)
class ClassifierOptions:
    """Options of :func:`classify_ranks` (see the module docstring); :meth:`checked` validates them."""

    # the defaults, ranges and meanings are declared in clustering/options.py (CLASSIFIER)
    mode: str = CLASSIFIER["mode"].default
    rank_value: str = CLASSIFIER["rank_value"].default
    threshold: float = CLASSIFIER["threshold"].default
    gap_factor: float = CLASSIFIER["gap_factor"].default
    outlier_factor: float = CLASSIFIER["outlier_factor"].default
    min_gap: float = CLASSIFIER["min_gap"].default
    max_classes: int = CLASSIFIER["max_classes"].default
    max_outlier_fraction: float = CLASSIFIER["max_outlier_fraction"].default
    relevance: float = CLASSIFIER["relevance"].default

    def checked(self) -> "ClassifierOptions":
        """These options with canonical names.

        Raises:
            InvalidInputError: names the option and the value that cannot be used.
        """
        if self.__dict__.get("_checked"):  # already the result of checked(): canonical and valid
            return self
        mode = str(self.mode).strip().lower()
        if mode not in MODES:
            raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, got {self.mode!r}")
        rank_value = statistic_name(self.rank_value, allowed=MEASURES, what="rank value")
        threshold = check_threshold(self.threshold)
        numbers = ("gap_factor", "outlier_factor", "min_gap", "max_classes", "max_outlier_fraction", "relevance")
        check_values({name: _as_number(getattr(self, name)) for name in numbers},
                     {name: CLASSIFIER[name] for name in numbers})
        result = ClassifierOptions(mode, rank_value, threshold, float(self.gap_factor), float(self.outlier_factor),
                                   float(self.min_gap), int(self.max_classes), float(self.max_outlier_fraction),
                                   float(self.relevance))
        object.__setattr__(result, "_checked", True)
        return result

    @classmethod
    def from_options(cls, options: dict) -> "ClassifierOptions":
        """Options from keyword arguments; unknown names are an error naming them."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise InvalidInputError(f"unknown option(s) {', '.join(unknown)} for classify_ranks; "
                                    f"valid: {', '.join(sorted(known))}")
        return cls(**options).checked()


def _as_matrix(values) -> np.ndarray:
    matrix = np.asarray(values, dtype=float)
    if matrix.ndim == 1:
        matrix = matrix[None, :]
    if matrix.ndim != 2 or matrix.shape[0] == 0 or matrix.shape[1] == 0:
        raise InvalidInputError("values must have shape (locations,) or (repetitions, locations), both > 0; "
                                f"got shape {np.shape(values)}")
    _check_finite(matrix)
    return matrix


def rank_noise(matrix: np.ndarray) -> float:
    """Noise (log scale) of one rank's reduced value, from the repetitions; 0 without repetitions.

    The median over ranks of the variance of each rank's log values (ranks whose repetitions are
    all positive; corrected by the median of chi-square / degrees of freedom, so that one noisy
    rank does not inflate it), divided by the repetitions, square root.
    """
    repetitions = matrix.shape[0]
    if repetitions < 2:
        return 0.0
    positive = (matrix > 0).all(axis=0)
    if not positive.any():
        return 0.0
    variance = np.var(np.log(matrix[:, positive]), axis=0, ddof=1)
    # median of chi2(df) / df (Wilson-Hilferty) makes the median variance unbiased for normal noise
    df = repetitions - 1
    median_ratio = (1 - 2 / (9 * df)) ** 3
    return float(np.sqrt(np.median(variance) / median_ratio / repetitions))


def _cut_positions(y: np.ndarray, noise: float, options: ClassifierOptions, max_single: int) -> np.ndarray:
    """Indices ``i`` of the accepted cuts between ``y[i]`` and ``y[i + 1]`` of sorted log values ``y``."""
    n = y.size
    k_max = min(options.max_classes, n)
    if k_max < 2:
        return np.empty(0, dtype=np.int64)
    gaps = np.diff(y)
    floor = max(options.gap_factor * NOISE_SCALE * noise, np.log1p(options.min_gap))
    if gaps.max() <= floor:  # not even the largest gap is a cut (the loop below would stop at k = 2)
        return np.empty(0, dtype=np.int64)
    m = k_max - 1
    # the k_max - 1 largest gaps, largest first (ties: lower position first, so the result is deterministic)
    top = np.argpartition(-gaps, m - 1)[:m] if m < gaps.size else np.arange(gaps.size)
    top = top[np.lexsort((top, -gaps[top]))]
    centered = y - y.mean()
    s1 = np.concatenate(([0.0], np.cumsum(centered)))
    s2 = np.concatenate(([0.0], np.cumsum(centered * centered)))
    paper_floor = np.log1p(options.threshold)
    best = 0
    for k in range(2, k_max + 1):
        smallest = gaps[top[k - 2]]
        if smallest <= floor:
            break  # later partitions cut at even smaller gaps
        cuts = np.sort(top[: k - 1])
        starts = np.concatenate(([0], cuts + 1))
        ends = np.concatenate((cuts + 1, [n]))
        sizes = ends - starts
        if np.count_nonzero(sizes == 1) > max_single:
            continue  # a partition into lone ranks is fragmentation, not classes
        sums = s1[ends] - s1[starts]
        ssw = float(np.sum(s2[ends] - s2[starts] - sums * sums / sizes))
        dof = n - k
        spread = np.sqrt(max(ssw, 0.0) / dof) if dof > 0 else 0.0
        small_sample = paper_floor if dof < 2 else 0.0
        limit = max(floor, options.gap_factor * spread, small_sample)
        # a cut that leaves a rank alone must be clearer: tails of a class have their widest gaps
        lone_limit = max(limit, options.outlier_factor * spread)
        cut_gaps = gaps[cuts]
        lone = (sizes[:-1] == 1) | (sizes[1:] == 1)
        if smallest > limit and np.all(cut_gaps[lone] > lone_limit):
            best = k
    cuts = np.sort(top[: best - 1]) if best else np.empty(0, dtype=np.int64)
    return _relevant(cuts, gaps, n, paper_floor, options.relevance)


def _relevant(cuts: np.ndarray, gaps: np.ndarray, n: int, paper_floor: float, relevance: float) -> np.ndarray:
    """The cuts a performance engineer would draw: a cut below the paper's threshold (10 %) that is
    smaller than ``relevance`` × the largest cut between classes of two or more ranks goes (the
    1.4 % difference between two edges of a stencil whose corner, edge and inner ranks differ by
    30-50 %: exact values resolve it, but it is no class of its own). Repeated until stable, since
    merging can turn a lone rank's cut into one between classes."""
    while cuts.size > 1 and relevance > 0:
        starts = np.concatenate(([0], cuts + 1))
        sizes = np.diff(np.concatenate((starts, [n])))
        between = (sizes[:-1] >= 2) & (sizes[1:] >= 2)
        if not between.any():
            return cuts
        largest = float(np.max(gaps[cuts][between]))
        keep = (gaps[cuts] > paper_floor) | (gaps[cuts] >= relevance * largest)
        if keep.all():
            return cuts
        cuts = cuts[keep]
    return cuts


def _adaptive_sorted(y: np.ndarray, noise: float, options: ClassifierOptions, max_single: int) -> np.ndarray:
    """Class index of each sorted log value (0-based, ascending)."""
    labels = np.zeros(y.size, dtype=np.int64)
    if y.size < SMALL_SAMPLE:  # no spread to judge gaps against: the paper's rule (log form)
        cuts = np.flatnonzero(np.diff(y) > np.log1p(options.threshold))
    else:
        cuts = _cut_positions(y, noise, options, max_single)
    if cuts.size:
        step = np.zeros(y.size, dtype=np.int64)
        step[cuts + 1] = 1
        labels = np.cumsum(step)
    return labels


def _outliers(y: np.ndarray, labels: np.ndarray, budget: int) -> np.ndarray:
    """Bool mask (sorted order) of single-rank classes set aside as outliers, at most ``budget``."""
    mask = np.zeros(y.size, dtype=bool)
    if budget <= 0 or labels[-1] == 0:
        return mask
    sizes = np.bincount(labels)
    single = np.flatnonzero(sizes[labels] == 1)
    if single.size == 0:
        return mask
    if single.size > budget:
        padded = np.concatenate(([np.inf], np.diff(y), [np.inf]))
        isolation = np.minimum(padded[single], padded[single + 1])
        single = single[np.lexsort((single, -isolation))[:budget]]
    mask[single] = True
    return mask


def classify_ranks(values, **options) -> np.ndarray:
    """Behavior classes of the ranks of one kernel at one configuration.

    Exactly the decision the Clustered modeler makes per configuration (same options), so a
    notebook reproduces it.

    Args:
        values: finite numbers, shape (locations,) or (repetitions, locations).
        **options: see :class:`ClassifierOptions`: ``mode`` ("adaptive" default, or "paper"),
            ``rank_value`` (median), ``threshold`` (0.1, the paper's rule and the floor for tiny
            samples), ``gap_factor`` (2.8), ``outlier_factor`` (4), ``min_gap`` (0.01),
            ``max_classes`` (32), ``max_outlier_fraction`` (0.1). Defaults chosen by
            ``benchmarks/clustering/clustering_accuracy.py`` (docs/clustering.md).

    Returns:
        int64 labels of shape (locations,): ``0 .. k-1`` in ascending order of the values, ``-1``
        for outliers (adaptive mode only).

    Raises:
        InvalidInputError: bad shape, non-finite values (index named), invalid option values.

    Example:
        >>> classify_ranks([1.0, 1.02, 0.99, 2.0, 2.03, 1.01, 2.01, 9.0, 1.0, 2.02, 1.03, 1.98])
        array([ 0,  0,  0,  1,  1,  0,  1, -1,  0,  1,  0,  1])
    """
    opts = ClassifierOptions.from_options(options)
    return classify_matrix(_as_matrix(values), opts)


def classify_matrix(matrix: np.ndarray, opts: ClassifierOptions) -> np.ndarray:
    """:func:`classify_ranks` for a checked (repetitions, locations) matrix and checked options."""
    rank_values = np.asarray(reduce_columns(reducer(opts.rank_value), matrix), dtype=float)
    if opts.mode == "paper":
        return relative_distance_labels(rank_values, opts.threshold)
    n = rank_values.size
    noise = rank_noise(matrix)
    budget = int(np.floor(opts.max_outlier_fraction * n))
    order = np.argsort(rank_values, kind="stable")
    x = rank_values[order]
    sorted_labels = np.empty(n, dtype=np.int64)
    outlier = np.zeros(n, dtype=bool)
    next_label = 0
    negative, zero = np.searchsorted(x, 0.0, "left"), np.searchsorted(x, 0.0, "right")
    groups = [(0, negative, True), (negative, zero, None), (zero, n, False)]
    for start, end, reverse in groups:
        if end <= start:
            continue
        if reverse is None:  # zeros: one class
            sorted_labels[start:end] = next_label
            next_label += 1
            continue
        y = np.log(np.abs(x[start:end]))
        if reverse:
            y = y[::-1]  # ascending magnitude
        labels = _adaptive_sorted(y, noise, opts, max(budget, 1))
        mask = _outliers(y, labels, budget - int(outlier.sum()))
        if reverse:
            labels, mask = labels.max() - labels[::-1], mask[::-1]
        # labels run 0..max without gaps (cumulative sums of steps): without outliers all are kept
        kept = np.unique(labels[~mask]) if mask.any() else np.arange(int(labels[-1]) + 1)
        renumber = np.full(labels.max() + 1, OUTLIER, dtype=np.int64)
        renumber[kept] = np.arange(kept.size) + next_label
        sorted_labels[start:end] = renumber[labels]
        outlier[start:end] = mask
        next_label += kept.size
    result = np.empty(n, dtype=np.int64)
    result[order] = np.where(outlier, OUTLIER, sorted_labels)
    return result
