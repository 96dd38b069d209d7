"""Fit statistics of a class model measured against the per-rank values it stands for.

A class model is fitted to one value per configuration (the class's median). Judged against
those values alone, a constant fitted to a single configuration has RSS 0 and adjusted R² 1,
whatever the ranks did. :func:`with_rank_costs` recomputes Extra-P's statistics (RSS, rRSS,
nRSS, SMAPE, RE, adjusted R²) against every member rank's value at every configuration, so the
numbers printed next to the model say how well it describes the class's ranks. Extra-P's
``ConstantHypothesis`` reports adjusted R² 1 unconditionally (its own TODO); constants become a
:class:`MeasuredConstantHypothesis`, whose adjusted R² is ``1 - RSS / TSS`` (0 for a constant that
is the mean of spread values, 1 only when every rank has the same value).
"""
from __future__ import annotations

import copy
from typing import Sequence

import numpy as np

from extrap.entities.hypotheses import ConstantHypothesis, ConstantHypothesisSchema

from extrap_segmented.adapters.plugin import extrap_internals


class MeasuredConstantHypothesis(ConstantHypothesis):
    """A constant hypothesis whose adjusted R² is computed, not fixed at 1."""

    @property
    def AR2(self):
        return extrap_internals.stored_ar2(self)


class MeasuredConstantHypothesisSchema(extrap_internals.stored_ar2_schema_mixin(), ConstantHypothesisSchema):
    # Extra-P's constant schema reads AR2 back as 1; the mixin keeps the measured value (stock
    # Extra-P, which loads the file as a ConstantHypothesis, still shows its 1).

    def create_object(self):
        return MeasuredConstantHypothesis(None, None)


def _term_count(function) -> int:
    return len(getattr(function, "compound_terms", ()))


def with_rank_costs(hypothesis, coordinates: Sequence, rank_values: Sequence[np.ndarray]):
    """A copy of ``hypothesis`` with its statistics measured against per-rank values.

    Args:
        hypothesis: an Extra-P hypothesis (the class's or kernel's model).
        coordinates: the configurations, Extra-P ``Coordinate`` objects.
        rank_values: per configuration, the values of the ranks the model stands for.

    Returns:
        The copy (constants as :class:`MeasuredConstantHypothesis`); ``hypothesis`` unchanged.
    """
    result = copy.deepcopy(hypothesis)
    if isinstance(result, ConstantHypothesis) and not isinstance(result, MeasuredConstantHypothesis):
        result = extrap_internals.retype_hypothesis(result, MeasuredConstantHypothesis)
    predicted, actual = [], []
    with np.errstate(all="ignore"):
        for coordinate, values in zip(coordinates, rank_values):
            values = np.asarray(values, dtype=float).ravel()
            if values.size == 0:
                continue
            point = coordinate[0] if len(coordinate) == 1 else coordinate
            estimate = float(result.function.evaluate(point))
            predicted.append(np.full(values.size, estimate))
            actual.append(values)
    if not actual:
        return result
    predicted, actual = np.concatenate(predicted), np.concatenate(actual)
    difference = predicted - actual
    rss = float(np.sum(difference ** 2))
    nonzero = actual != 0
    relative = difference[nonzero] / actual[nonzero]
    total = np.abs(actual) + np.abs(predicted)
    smape = np.where(total > 0, 2 * np.abs(difference) / np.where(total > 0, total, 1), 0.0)
    mean = float(np.mean(actual))
    tss = float(np.sum((actual - mean) ** 2))
    n, terms = actual.size, _term_count(result.function)
    if tss == 0:
        ar2 = 1.0 if rss == 0 else 0.0
    elif n - terms - 1 > 0:
        ar2 = 1.0 - (rss / (n - terms - 1)) / (tss / (n - 1))
    else:
        ar2 = 1.0 - rss / tss
    extrap_internals.set_hypothesis_costs(
        result, rss=rss, rrss=float(np.sum(relative ** 2)),
        nrss=float(np.sqrt(rss) / mean) if mean != 0 else float("nan"),
        smape=float(np.mean(smape) * 100), re=float(np.mean(np.abs(relative))) if relative.size else 0.0,
        ar2=float(ar2))
    return result
