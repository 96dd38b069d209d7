"""Extra-P's default single-parameter modeler, computed by the vectorized hypothesis search.

:class:`VectorizedBasicModeler` is a drop-in replacement for Extra-P's ``SingleParameterModeler``
("Basic", the single-parameter "Default"): same options, same search space, and ``create_model``
returns the same kind of `Model` with the same term and coefficients. The search over all terms
and leave-one-out folds runs in closed form in :mod:`extrap_segmented.pmnf.search` (a few numpy
operations per kernel instead of ~400 ``lstsq`` calls); only the winning hypothesis is built as an
Extra-P object, and its coefficients come from Extra-P's own ``compute_coefficients``.

Differences: the costs (RSS, SMAPE, ...) of the returned hypothesis come from the closed-form
search and may differ from Extra-P's at rounding level (different summation order), so where two
terms tie at rounding level (e.g. both fit the points exactly) the other one may win; on 400 seeded
series 398 models were identical (``benchmarks/pmnf/clustering_fast_basic_modeler.py``). Inputs the
closed form does not cover (fewer than three points, repeated or non-finite values, terms other
than ``p^i * log2(p)^j``) are handed to Extra-P's own implementation, so results never differ in
kind.

The class is an implementation detail of this package's modelers (Clustered, Segmented; usable as
the ``single_parameter_modeler`` of Extra-P's multi-parameter modeler) and is not registered in
Extra-P's modeler registries; its schema is created on import so that an experiment modeled with it
can still be saved.
"""
from __future__ import annotations

import copy
import math
import warnings
from typing import Sequence

import numpy as np

from extrap.entities.functions import ConstantFunction, SingleParameterFunction
from extrap.entities.hypotheses import ConstantHypothesis, SingleParameterHypothesis
from extrap.entities.measurement import Measurement
from extrap.entities.model import Model
from extrap.entities.terms import CompoundTerm
from extrap.modelers.loader import create_schema
from extrap.modelers.modeler_options import modeler_options
from extrap.modelers.single_parameter.basic import SingleParameterModeler

from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.adapters.measurements import measurement_arrays
from extrap_segmented.pmnf.search import CONSTANT, search

_TERM_TYPES = ("polynomial", "logarithm")


def _exponent_pairs(blocks) -> np.ndarray | None:
    """(K, 2) polynomial and log exponents of Extra-P building blocks; None if one is not ``p^i*log2(p)^j``."""
    pairs = []
    for term in blocks:
        if type(term) is not CompoundTerm or any(t.term_type not in _TERM_TYPES for t in term.simple_terms):
            return None
        # p^a * p^b = p^(a+b) and log^a * log^b = log^(a+b): sums describe any product of simple terms.
        poly = sum(float(t.exponent) for t in term.simple_terms if t.term_type == "polynomial")
        log = sum(float(t.exponent) for t in term.simple_terms if t.term_type == "logarithm")
        pairs.append((poly, log))
    return np.array(pairs, dtype=float).reshape(-1, 2)


def constant_hypothesis(value: float, use_measure) -> ConstantHypothesis:
    """Extra-P's constant hypothesis of ``value`` (costs not yet computed)."""
    return ConstantHypothesis(ConstantFunction(value), use_measure)


def undefined_model(use_measure) -> Model:
    """A model that says it is undefined: constant NaN with NaN costs, as Extra-P's default modeler
    gives a kernel without finite values (its ``compute_cost`` would divide by zero points)."""
    hypothesis = constant_hypothesis(math.nan, use_measure)
    nan = math.nan
    extrap_internals.set_hypothesis_costs(hypothesis, rss=nan, nrss=nan, rrss=nan, re=nan, smape=nan, ar2=nan)
    return Model(hypothesis)


@modeler_options
class VectorizedBasicModeler(SingleParameterModeler):
    """Extra-P's default single-parameter modeler with a vectorized hypothesis search.

    Options, search space and results are those of Extra-P's ``SingleParameterModeler`` (which it
    subclasses); see the module docstring for the few inputs that use Extra-P's own search.
    """

    NAME = "Basic-Vectorized"
    DESCRIPTION = ("Extra-P's default single-parameter modeler (same models) with a vectorized search; "
                   "used internally by the Clustered and Segmented modelers.")

    def __init__(self):
        super().__init__()
        self._exponent_cache = (None, None)

    def create_model(self, measurements: Sequence[Measurement]) -> Model:
        """Extra-P's default model of one kernel's measurements (one parameter)."""
        x, y = self._arrays(measurements)
        if x is None or self._exponents() is None:
            return super().create_model(measurements)
        if len(measurements) < self.min_measurement_points:
            warnings.warn(f"Number of measurements for a parameter needs to be at least "
                          f"{self.min_measurement_points} in order to create a performance model.", UserWarning)
        if not self.are_measurements_log_capable(measurements, self.allow_negative_exponents) and any(
                t.term_type == "logarithm" for c in self.hypotheses_building_blocks for t in c.simple_terms):
            warnings.warn("Your measurements contained a point value below one, therefore, "
                          "Extra-P does not use logarithmic terms for modeling.", UserWarning)
        return self._plain_model(measurements, x, y)

    # -- helpers shared with the Segmented modeler ---------------------------------------------

    def _arrays(self, measurements):
        """(x, y) float arrays if the closed-form search covers these measurements, else (None, None)."""
        if len(measurements) < 3 or any(m.coordinate.dimensions != 1 for m in measurements):
            return None, None
        x, y = measurement_arrays(measurements, self.use_measure)
        # A training fold with two equal x is singular in closed form; lstsq then takes the minimum norm.
        if not (np.isfinite(x).all() and np.isfinite(y).all()) or len(np.unique(x)) != len(x):
            return None, None
        return x, y

    def _exponents(self):
        """The building blocks as a (K, 2) exponent array (cached per building-block list), or None."""
        blocks = self.hypotheses_building_blocks
        if self._exponent_cache[0] is not blocks:
            self._exponent_cache = (blocks, _exponent_pairs(blocks))
        return self._exponent_cache[1]

    def _search_options(self) -> dict:
        """The modeler's options as keyword arguments of :func:`extrap_segmented.pmnf.search.search`."""
        return dict(crossvalidation=bool(self.use_crossvalidation), compare_with_rss=bool(self.compare_with_RSS),
                    min_term_contribution=float(self.minimum_term_contribution), clean_epsilon=self.epsilon,
                    no_cv_clean_epsilon=self.CLEAN_CONSTANT_EPSILON,
                    log_needs_above_one=bool(self.allow_negative_exponents))

    def _plain_model(self, measurements, x, y, fits=None) -> Model:
        """Extra-P's default model of these points (``x``, ``y`` in the order of ``measurements``);
        ``fits``: their search result when already computed in a batch (:func:`search_many`)."""
        if len(x) < 2:  # one point (or none): its constant, with costs as Extra-P's default modeler gives
            if not len(y):
                return undefined_model(self.use_measure)
            hypothesis = constant_hypothesis(float(np.mean(y)), self.use_measure)
            hypothesis.compute_cost(measurements)
            return Model(hypothesis)
        if fits is None:
            fits = search(x, y, self._exponents(), **self._search_options())
        term = int(fits.term[0])
        if term == CONSTANT:
            hypothesis = constant_hypothesis(float(fits.mean[0]), self.use_measure)
            hypothesis.compute_cost(measurements)
            return Model(hypothesis)
        function = SingleParameterFunction(copy.copy(self.hypotheses_building_blocks[term]))
        hypothesis = SingleParameterHypothesis(function, self.use_measure)
        hypothesis.compute_coefficients(measurements)  # numpy.linalg.lstsq, as Extra-P: same coefficients
        extrap_internals.set_hypothesis_costs(hypothesis, rss=fits.rss[0], nrss=fits.nrss[0], rrss=fits.rrss[0],
                                              re=fits.re[0], smape=fits.smape[0], ar2=fits.ar2[0])
        return Model(hypothesis)


create_schema(VectorizedBasicModeler)
