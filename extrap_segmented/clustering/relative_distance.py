"""Relative-distance clustering of one value per rank (Shah et al.; spatial-divergence paper, Sec. III-B).

The values are sorted and adjacent pairs are compared. The relative distance of two values ``a``
and ``b`` is ``|b - a| / min(|a|, |b|)``; when it exceeds ``threshold`` a new cluster starts.
One pass after sorting, O(n log n), no fixed number of clusters.

Edge cases, decided explicitly:

* **zero**: the relative distance of ``0`` and ``0`` is 0 (same cluster); of ``0`` and any non-zero
  value it is infinite (new cluster). Zeros therefore always form a cluster of their own.
* **mixed signs**: for ``a < 0 < b`` the distance is ``(|a| + |b|) / min(|a|, |b|) >= 2``, so with any
  threshold below 2 (200 %) negative and positive values never share a cluster. Negative values are
  clustered by magnitude exactly like positive ones (the definition is symmetric under ``x -> -x``).
* **NaN / infinity**: rejected with :class:`~extrap_segmented.exceptions.InvalidInputError` naming
  the first offending index.

Label convention: cluster labels are ``0 .. n_clusters - 1`` in ascending order of the values they
contain (label 0 holds the smallest values); ``labels[i]`` belongs to ``values[i]`` (input order).
"""
from __future__ import annotations

import numpy as np

from extrap_segmented.exceptions import InvalidInputError

DEFAULT_THRESHOLD = 0.1


def check_threshold(threshold: float) -> float:
    """``threshold`` as a float.

    Raises:
        InvalidInputError: not a finite number > 0.
    """
    threshold = float(threshold)
    if not np.isfinite(threshold) or threshold <= 0:
        raise InvalidInputError(f"threshold must be a finite number > 0 (0.1 means 10 %), got {threshold!r}")
    return threshold


def _check_finite(values: np.ndarray, what: str = "values") -> None:
    finite = np.isfinite(values)
    if not finite.all():
        bad = np.argwhere(~finite)[0]
        index = tuple(int(i) for i in bad) if values.ndim > 1 else int(bad[0])
        raise InvalidInputError(f"{what} must be finite; {what}[{index}] is {values[tuple(bad)]!r}")


def _breaks_sorted(sorted_values: np.ndarray, threshold: float) -> np.ndarray:
    """True where a new cluster starts between sorted neighbours (along the last axis).

    ``diff > threshold * min(|a|, |b|)`` equals ``diff / min(...) > threshold`` for a non-zero
    minimum and gives the documented zero rule (``0, 0`` together, ``0, x`` apart) without dividing.
    """
    left, right = sorted_values[..., :-1], sorted_values[..., 1:]
    smaller = np.minimum(np.abs(left), np.abs(right))
    return (right - left) > threshold * smaller


def relative_distance_labels(values, threshold: float = DEFAULT_THRESHOLD) -> np.ndarray:
    """Cluster a 1-D array of values by relative distance.

    Args:
        values: finite numbers, shape (n,), n >= 1.
        threshold: relative distance above which a new cluster starts (0.1 = 10 %).

    Returns:
        int64 labels of shape (n,), ascending with the values (see module docstring).

    Raises:
        InvalidInputError: empty input, non-finite values, or threshold <= 0.
    """
    values = np.asarray(values, dtype=float)
    if values.ndim != 1 or values.size == 0:
        raise InvalidInputError(f"values must be a non-empty 1-D array, got shape {values.shape}")
    threshold = check_threshold(threshold)
    _check_finite(values)
    order = np.argsort(values, kind="stable")
    sorted_labels = np.empty(values.size, dtype=np.int64)
    sorted_labels[0] = 0
    np.cumsum(_breaks_sorted(values[order], threshold), out=sorted_labels[1:])
    labels = np.empty_like(sorted_labels)
    labels[order] = sorted_labels
    return labels


def relative_distance_labels_batch(values, threshold: float = DEFAULT_THRESHOLD) -> np.ndarray:
    """Cluster every row of a 2-D array independently (e.g. all call paths of one configuration).

    Vectorized: one sort of the whole array, no Python loop over rows.

    Args:
        values: finite numbers, shape (n_sets, n), n >= 1.
        threshold: relative distance above which a new cluster starts.

    Returns:
        int64 labels of shape (n_sets, n); row ``k`` equals ``relative_distance_labels(values[k])``.
    """
    values = np.asarray(values, dtype=float)
    if values.ndim != 2 or values.shape[1] == 0:
        raise InvalidInputError(f"values must be a 2-D array with at least one column, got shape {values.shape}")
    threshold = check_threshold(threshold)
    _check_finite(values)
    order = np.argsort(values, axis=1, kind="stable")
    sorted_values = np.take_along_axis(values, order, axis=1)
    sorted_labels = np.zeros(values.shape, dtype=np.int64)
    np.cumsum(_breaks_sorted(sorted_values, threshold), axis=1, out=sorted_labels[:, 1:])
    labels = np.empty_like(sorted_labels)
    np.put_along_axis(labels, order, sorted_labels, axis=1)
    return labels


def multi_metric_labels(features, threshold: float = DEFAULT_THRESHOLD) -> np.ndarray:
    """Cluster ranks on several metrics at once.

    Each metric (column) is normalized by its median magnitude and clustered by relative distance;
    two ranks share a cluster only if they share one in every metric. Relative distance is
    scale-free, so the normalization does not change any single-metric clustering; it puts the
    metrics on a common scale for ordering and plotting. Clusters are numbered in ascending order
    of the first metric's cluster median (ties broken by the following metrics).

    Args:
        features: finite numbers, shape (n, n_metrics); column 0 is the primary metric (time).
        threshold: relative distance above which a new cluster starts, for every metric.

    Returns:
        int64 labels of shape (n,), following the module's label convention.
    """
    features = np.asarray(features, dtype=float)
    if features.ndim == 1:
        features = features[:, None]
    if features.ndim != 2 or features.shape[0] == 0 or features.shape[1] == 0:
        raise InvalidInputError(f"features must have shape (n_ranks, n_metrics) with both > 0, got {features.shape}")
    scale = np.median(np.abs(features), axis=0)
    scale[~(scale > 0)] = 1.0
    normalized = features / scale
    per_metric = relative_distance_labels_batch(normalized.T, threshold)  # (n_metrics, n)
    _, combined = np.unique(per_metric.T, axis=0, return_inverse=True)
    combined = combined.reshape(-1)
    n_clusters = int(combined.max()) + 1
    medians = np.array([np.median(normalized[combined == c], axis=0) for c in range(n_clusters)])
    rank_of = np.empty(n_clusters, dtype=np.int64)
    rank_of[np.lexsort(medians.T[::-1])] = np.arange(n_clusters)
    return rank_of[combined]


class RelativeDistanceClustering:
    """Estimator wrapper of :func:`relative_distance_labels` (scikit-learn conventions).

    Args:
        threshold: relative distance above which a new cluster starts (0.1 = 10 %).

    Fitted attributes:
        labels_: cluster of each value (input order), ascending with the values.
        n_clusters_: number of clusters.
        sizes_: number of values per cluster, shape (n_clusters_,).
        medians_: median value of each cluster, shape (n_clusters_,).
        bounds_: smallest and largest value of each cluster, shape (n_clusters_, 2).
    """

    def __init__(self, threshold: float = DEFAULT_THRESHOLD):
        self.threshold = threshold

    def fit(self, values) -> "RelativeDistanceClustering":
        """Cluster ``values`` (1-D, finite). Returns self."""
        values = np.asarray(values, dtype=float)
        self.labels_ = relative_distance_labels(values, self.threshold)
        self.n_clusters_ = int(self.labels_.max()) + 1
        self.sizes_ = np.bincount(self.labels_, minlength=self.n_clusters_)
        order = np.argsort(self.labels_, kind="stable")
        groups = np.split(values[order], np.cumsum(self.sizes_)[:-1])
        self.medians_ = np.array([np.median(g) for g in groups])
        self.bounds_ = np.array([[g.min(), g.max()] for g in groups])
        return self

    def fit_predict(self, values) -> np.ndarray:
        """Fit and return ``labels_``."""
        return self.fit(values).labels_
