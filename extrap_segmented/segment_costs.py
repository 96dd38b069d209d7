"""Per-segment costs of the best PMNF fit, for many segments of one series at once.

Like ruptures' costs: ``fit(x, y)`` stores the series, ``errors(starts, stops)`` returns one cost
per segment ``[start, stop)`` (Python slice convention, indexes into the sorted series).

* ``relative``: sum of squared *relative* residuals of the best ``c0 + c1 * term`` fit under
  relative least squares (weights ``1 / y²``). Relative noise of a given level gives the same
  cost whatever the values' spread, which is what the default detection needs.
* ``nrss``: Extra-P's nRSS of the hypothesis its default modeler selects (the paper's measure).
"""
import numpy as np

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.pmnf_search import search_subsets
from extrap_segmented.pmnf_terms import default_exponents, evaluate_terms, has_log

# Values below this fraction of the series' largest magnitude count as this small when
# weighting, so exact zeros do not get infinite weight.
ZERO_FLOOR = 1e-3


class _SeriesCost:
    """Stores the series in ``fit``; subclasses implement ``errors(starts, stops)``."""

    def fit(self, x, y):
        """Stores the series (sorted by x by the caller); returns self."""
        self.x_ = np.asarray(x, dtype=float)
        self.y_ = np.asarray(y, dtype=float)
        return self


class RelativeFitCost(_SeriesCost):
    """Sum of squared relative residuals of the best single-term PMNF fit per segment.

    Args:
        exponents: (K, 2) term set, default Extra-P's default search space.
    """
    model = "relative"

    def __init__(self, exponents=None):
        self.exponents = exponents

    def errors(self, starts, stops):
        """Returns the cost of each segment ``[start, stop)``; segments need ≥ 2 points."""
        x, y = self.x_, self.y_
        exponents = default_exponents() if self.exponents is None else np.asarray(self.exponents, dtype=float)
        starts = np.asarray(starts, dtype=int)
        stops = np.asarray(stops, dtype=int)
        sizes = stops - starts
        offsets = np.arange(int(sizes.max()))
        mask = offsets[None, :] < sizes[:, None]
        index = np.where(mask, starts[:, None] + offsets[None, :], starts[:, None])
        xs, ys = x[index], y[index]
        floor = ZERO_FLOOR * np.max(np.abs(y))
        with np.errstate(all="ignore"):
            weight = np.where(mask, 1.0 / np.maximum(np.abs(ys), floor) ** 2, 0.0)
            total = weight.sum(axis=1)
            y_bar = (weight * ys).sum(axis=1) / total
            dy = np.where(mask, ys - y_bar[:, None], 0.0)
            constant_cost = (weight * dy * dy).sum(axis=1)
            terms = evaluate_terms(xs, exponents).transpose(1, 0, 2)
            w = weight[:, None, :]
            t_bar = (w * np.where(mask[:, None, :], terms, 0.0)).sum(axis=2) / total[:, None]
            dt = np.where(mask[:, None, :], terms - t_bar[:, :, None], 0.0)
            slope = (w * dt * dy[:, None, :]).sum(axis=2) / (w * dt * dt).sum(axis=2)
            residual = dy[:, None, :] - slope[:, :, None] * dt
            cost = (w * residual * residual).sum(axis=2)
        low = np.where(mask, xs, np.inf)
        log_ok = np.all(low >= 1.0, axis=1)[:, None] | ~has_log(exponents)[None, :]
        cost = np.where(np.isfinite(cost) & log_ok, cost, np.inf)
        return np.minimum(cost.min(axis=1), constant_cost)


class ExtrapNrssCost(_SeriesCost):
    """Extra-P's nRSS of the hypothesis its default modeler selects per segment.

    Args:
        exponents: (K, 2) term set, default Extra-P's default search space.
        search_options: keyword options of `pmnf_search.search_subsets`.
    """
    model = "nrss"

    def __init__(self, exponents=None, search_options=None):
        self.exponents = exponents
        self.search_options = search_options

    def errors(self, starts, stops):
        """Returns ``|nRSS|`` of each segment's selected hypothesis (NaN when its mean is 0)."""
        fits = search_subsets(self.x_, self.y_, starts, stops, self.exponents, **(self.search_options or {}))
        return np.abs(fits.nrss)


COSTS = {cls.model: cls for cls in (RelativeFitCost, ExtrapNrssCost)}


def make_cost(model, **kwargs):
    """Creates the cost named ``model``.

    Raises:
        InvalidInputError: unknown name (the message lists the valid ones).
    """
    try:
        return COSTS[model](**kwargs)
    except KeyError:
        raise InvalidInputError(f"unknown segment cost {model!r}; valid costs: {', '.join(sorted(COSTS))}") from None
