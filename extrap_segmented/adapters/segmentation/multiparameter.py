"""Extra-P multi-parameter modeler "Segmented": changes along one parameter of a (p, n) grid.

Registered under the same NAME as the single-parameter ``Segmented``, in Extra-P's registry of
multi-parameter modelers, so ``--modeler segmented`` works on experiments with any number of
parameters. Per kernel:

1. the single-parameter change-point search (the ``Segmented`` modeler's own, with its options)
   runs on every slice along every parameter (``extrap_segmented.segmentation.multi``);
2. a change at the same location in every slice along n (an eager limit at every p) is modeled
   once: a PMNF term per segment of n (from Extra-P's averaged single-parameter points), the
   other parameters' terms, combined as a product or a sum, whichever fits better — printed
   ``(a + b * n^(1) for n<=4096; c + d * n^(1) for n>=8192) * log2(p)^(1)``;
3. a change whose location moves with the other parameters is reported per slice, and the
   kernel keeps Extra-P's multi-parameter model; a smooth kernel gets that model unchanged.

Segments with too few values of the changing parameter get one warning naming that parameter
and the values to measure next in it (at every value of the others).
"""
from __future__ import annotations

import copy
import math
import warnings
from typing import Any, Sequence

import numpy as np

from extrap.entities.functions import MultiParameterFunction, MultiParameterFunctionSchema, SingleParameterFunction
from extrap.entities.hypotheses import MultiParameterHypothesis
from extrap.entities.measurement import Measure, Measurement
from extrap.entities.model import Model
from extrap.entities.terms import MultiParameterTerm, SegmentedTerm
from extrap.modelers import multi_parameter
from extrap.modelers.abstract_modeler import MultiParameterModeler
from extrap.modelers.loader import create_schema
from extrap.modelers.modeler_options import modeler_options
from extrap.util.exceptions import RecoverableError
from extrap.util.progress_bar import DUMMY_PROGRESS

from extrap_segmented.adapters.measurements import coordinate_array, measurement_arrays, repetition_counts
from extrap_segmented.adapters.modeling.multiparameter import (DEFAULT_NAMES, inner_with_outer_options,
                                                               parameter_labels, plain_model)
from extrap_segmented.adapters.modeling.parameters import tell_parameter_names
from extrap_segmented.adapters.modeling.runs import (check_modeler_options, isolated_kernel, kernel_label,
                                                     summarised_run)
from extrap_segmented.adapters import option_rules
from extrap_segmented.adapters.parallel.runner import jobs_option, map_kernels
from extrap_segmented.adapters.pmnf.basic_modeler import VectorizedBasicModeler, undefined_model
from extrap_segmented.adapters.segmentation.modeler import (SegmentationAnnotation, SegmentationWarning,
                                                            SegmentedChangePointModeler)
from extrap_segmented.segmentation.multi import (CONSISTENT, ISOLATED, MOVING, ParameterChanges, changes_along,
                                                 confirm_with_pool, describe_location, describe_moving, fit_separable,
                                                 pooled_series, segment_masks)
from extrap_segmented.segmentation import options as contract
from extrap_segmented.segmentation.suggest import suggest_measurements

#: Relative improvement of the SMAPE over all points for which another term replaces a segment's.
REFIT_GAIN = 0.1


class AlongParameterFunction(MultiParameterFunction):
    """A multi-parameter function with one segmented factor: the terms of Extra-P's
    ``MultiParameterFunction``, one of which holds a ``SegmentedTerm`` in the changing parameter.
    Evaluated by Extra-P's own code; only the text differs: the segments once, in parentheses."""

    def to_string(self, *parameters: Any, format: Any = None) -> str:
        if format is not None and str(getattr(format, "name", format)).upper() != "DEFAULT":
            return super().to_string(*parameters, format=format)
        names = [str(getattr(p, "name", p)) for p in parameters] or list(DEFAULT_NAMES)
        parts = [] if self.constant_coefficient == 0 else [f"{self.constant_coefficient}"]
        for term in self.compound_terms:
            factors = [] if term.coefficient == 1 else [f"{term.coefficient}"]
            for index, single in term.parameter_term_pairs:
                name = names[index] if index < len(names) else f"x{index}"
                factors.append(_segments_text(single, name) if isinstance(single, SegmentedTerm)
                               else single.to_string(name))
            parts.append(" * ".join(factors) or "1")
        return " + ".join(parts) or "0"

    def to_latex_string(self, *parameters: Any) -> str:
        return self.to_string(*parameters)


class AlongParameterFunctionSchema(MultiParameterFunctionSchema):
    def create_object(self) -> AlongParameterFunction:
        return AlongParameterFunction()


def _segments_text(term: SegmentedTerm, name: str) -> str:
    parts = []
    for segment, (start, end) in zip(term.segments, term.intervals):
        if math.isinf(start):
            where = f"{name}<={end:g}"
        elif math.isinf(end):
            where = f"{name}>={start:g}"
        else:
            where = f"{start:g}<={name}<={end:g}"
        parts.append(f"{segment.to_string(name)} for {where}")
    return "(" + "; ".join(parts) + ")"


@modeler_options
class SegmentedMultiParameterModeler(MultiParameterModeler):
    """``Segmented`` for experiments with two or more parameters (see the module docstring)."""

    NAME = "Segmented"
    #: The GUI shows the single-parameter modeler's options panel (the detection's options live there).
    OPTIONS_ON_SINGLE_PARAMETER_MODELER = True
    DESCRIPTION = ("Finds changes of behaviour along each parameter (the single-parameter Segmented search on "
                   "every slice): a change at the same location at every value of the other parameters is "
                   "modeled once, a moving one is reported per slice; other kernels get Extra-P's "
                   "multi-parameter model.")
    consistent_share = option_rules.modeler_option(contract.MULTI["consistent_share"], name="Consistent share")
    OPTION_RULES = {"consistent_share": option_rules.rule(contract.MULTI["consistent_share"])}
    # Ungrouped like every option of this class: Extra-P's CLI parser accepts the options of a
    # single- and a multi-parameter modeler of one NAME only then.
    jobs = jobs_option()

    parameter_names: tuple = ()
    """The experiment's parameter names for messages; told by Extra-P's model generator."""

    def __init__(self):
        super().__init__(use_measure=Measure.MEAN, single_parameter_modeler=SegmentedChangePointModeler())
        tell_parameter_names(SegmentedMultiParameterModeler)

    # Options of the single-parameter Segmented given on the command line (--options window_size=7)
    # are set on this modeler by Extra-P's CLI; they belong to the detection.
    def _detector(self) -> SegmentedChangePointModeler:
        inner = self.single_parameter_modeler
        if not isinstance(inner, SegmentedChangePointModeler):
            raise RecoverableError(f"--modeler segmented detects changes with the Segmented single-parameter "
                                   f"modeler, not {getattr(inner, 'NAME', type(inner).__name__)}; for another "
                                   f"single-parameter modeler use --modeler multi-parameter")
        inner = inner_with_outer_options(self, inner)
        inner.use_measure = self.use_measure
        return inner

    @summarised_run
    def model(self, measurements: Sequence[Sequence[Measurement]], progress_bar: Any = DUMMY_PROGRESS) -> list[Model]:
        """Models every kernel; a kernel that fails is warned about and undefined, never fatal."""
        detector = self._detector()
        check_modeler_options(detector)  # this modeler's own (OPTION_RULES) by summarised_run
        kernels = [(list(ms), detector) for ms in measurements]
        return map_kernels(self._model_item, kernels, self.jobs, progress_bar)

    def _model_item(self, item) -> Model:
        measurements, detector = item
        return self._model_one(measurements, detector)

    def create_model(self, measurements: Sequence[Measurement]) -> Model:
        return self._model_one(list(measurements), self._detector())

    @isolated_kernel(lambda self: undefined_model(self.use_measure))
    def _model_one(self, measurements: list[Measurement], detector: SegmentedChangePointModeler) -> Model:
        names = parameter_labels(self.parameter_names, measurements[0].coordinate.dimensions)
        where = kernel_label(measurements)
        X, values = measurement_arrays(measurements, self.use_measure, parameter=None)
        finite = np.isfinite(values) & np.isfinite(X).all(axis=1)
        notes = []
        if not finite.all():
            note = (f"{where}: {int((~finite).sum())} of {len(values)} points are not finite; modeled the finite "
                    f"points only")
            warnings.warn(note, SegmentationWarning, stacklevel=2)
            notes.append(note)
            measurements = [m for m, ok in zip(measurements, finite) if ok]
            X, values = X[finite], values[finite]
        if len(measurements) < 2:
            return undefined_model(self.use_measure)

        def detect(x, y, rows):
            if len(x) < detector._searcher().min_points or len(np.unique(x)) != len(x):
                return None
            searcher = detector.fitted_search([measurements[i] for i in rows], x, y)
            if searcher.too_few_points_:
                return None
            if not searcher.segmented_:
                return []
            return [(x[b - 1], x[b - 1] if shared else x[b])
                    for b, shared in zip(searcher.breakpoints_[:-1], searcher.shared_)]

        results = [changes_along(X, values, d, detect, min_share=float(self.consistent_share))
                   for d in range(X.shape[1])]
        results = [self._pooled(result, X, values, measurements, detector) for result in results]
        for result in results:
            name = names[result.parameter]
            others = ", ".join(n for j, n in enumerate(names) if j != result.parameter)
            if result.kind == MOVING:
                text = (f"{where}: the change in {name} moves with {others} ({describe_moving(result, names)}); "
                        f"no single segmented model: the kernel keeps the unsegmented model, each slice's "
                        f"segmented model is in the annotation")
                warnings.warn(text, SegmentationWarning, stacklevel=2)
                notes.append(text)
                notes += self._slice_models(measurements, X, result, names, detector)
            elif result.kind == ISOLATED:
                changed = result.changed_slices
                notes.append(f"{where}: a change in {name} in only {len(changed)} of {result.checked} slices "
                             f"({describe_moving(ParameterChanges(result.parameter, MOVING, (), tuple(changed)), names)}"
                             f"); not modeled")
        consistent = [r for r in results if r.kind == CONSISTENT]
        base = plain_model(measurements, self.use_measure)
        if not consistent:
            if notes:
                base.annotations.append(SegmentationAnnotation(notes))
            return base
        chosen = consistent[0]
        for other in consistent[1:]:
            notes.append(f"{where}: also a change along {names[other.parameter]} at "
                         + "; ".join(describe_location(names[other.parameter], loc) for loc in other.locations)
                         + f"; modeled along {names[chosen.parameter]} only")
        model = self._segmented_model(measurements, X, values, chosen, names, where, detector, notes)
        return model if model is not None else base

    def _pooled(self, result: ParameterChanges, X, values, measurements, detector) -> ParameterChanges:
        """Where the slices alone find no consistent change (too noisy each), the same search on
        the slices pooled into one series (:func:`pooled_series`) may; accepted when no slice
        contradicts it (:func:`confirm_with_pool`)."""
        if result.kind in (CONSISTENT, MOVING):
            return result
        noise, _ = detector._noise(measurements)  # relative standard error per point
        standard_error = np.zeros(len(values)) if noise is None else noise * np.abs(values)
        pooled = pooled_series(X, values, standard_error, result.parameter)
        if pooled is None:
            return result
        x, y, relative_error, count = pooled
        searcher = detector._searcher()
        if len(x) < searcher.min_points or noise is None:
            return result
        repetitions = repetition_counts(measurements)
        searcher.fit(x, y, noise=relative_error, repetitions=np.full(len(x), float(np.min(repetitions)) * count))
        if searcher.too_few_points_ or not searcher.segmented_:
            return result
        locations = [(x[b - 1], x[b - 1] if shared else x[b])
                     for b, shared in zip(searcher.breakpoints_[:-1], searcher.shared_)]
        return confirm_with_pool(result, locations)

    def _slice_models(self, measurements, X, result: ParameterChanges, names, detector) -> list[str]:
        """``at p=4: <segmented model along n>`` for every slice that changes (the single-parameter
        Segmented modeler on that slice alone)."""
        from extrap.entities.coordinate import Coordinate
        from extrap_segmented.segmentation.multi import slices_along
        d = result.parameter
        inner = copy.copy(detector)
        inner.parameter_name = names[d]
        inner.reliable_segment_points = 1  # no per-slice advice: the run's one warning says where it moves
        other_names = [n for j, n in enumerate(names) if j != d]
        lines = []
        changed = {s.others for s in result.changed_slices}
        for others, rows in slices_along(X, d).items():
            if others not in changed:
                continue
            series = []
            for i in rows:
                m = copy.copy(measurements[i])
                m.coordinate = Coordinate(float(X[i, d]))
                series.append(m)
            model = inner.create_model(series)
            at = ", ".join(f"{n}={v:g}" for n, v in zip(other_names, others))
            text = model.hypothesis.function.to_string(names[d]).replace("\n", "; ")
            lines.append(f"at {at}: {text}")
        return lines

    def _single_fit(self, measurements: list[Measurement]):
        """The compound term of Extra-P's default single-parameter model (None: constant)."""
        basic = VectorizedBasicModeler()
        basic.use_measure = self.use_measure
        x, y = basic._arrays(measurements)
        if x is None:  # fewer than 3 points: the segment is a constant
            return None
        # the helper the Segmented modeler models its segments with: a short segment is warned about
        # once, with the values to measure next, not again as Extra-P's "at least 5 points"
        function = basic._plain_model(measurements, x, y).hypothesis.function
        terms = list(getattr(function, "compound_terms", []) or [])
        if not terms:
            return None
        term = copy.deepcopy(terms[0])
        term.reset_coefficients()
        return term

    def _segmented_model(self, measurements, X, values, change: ParameterChanges, names, where, detector, notes):
        d = change.parameter
        averager = multi_parameter.Default()
        averager.use_measure = self.use_measure
        averaged = averager.find_best_measurement_points(measurements)  # per parameter, 1-D coordinates
        masks_avg = segment_masks(coordinate_array(averaged[d], 0), change.locations)
        segment_terms = [self._single_fit([m for m, keep in zip(averaged[d], mask) if keep]) for mask in masks_avg]
        other_terms = {o: self._single_fit(averaged[o]) for o in range(X.shape[1]) if o != d}
        other_terms = {o: t for o, t in other_terms.items() if t is not None}
        others = [(o, t.evaluate) for o, t in other_terms.items()]

        def fit(terms):
            return fit_separable(X, values, d, change.locations, [None if t is None else t.evaluate for t in terms],
                                 others)[0]

        best = fit(segment_terms)
        # Each segment's term was chosen on the points averaged over the other parameters (a few
        # values of n); all slices together choose better: a building block replaces it where it
        # fits every point clearly better (by more than REFIT_GAIN of the relative error).
        candidates = [None] + [_unit(t) for t in VectorizedBasicModeler().hypotheses_building_blocks]
        for k in range(len(segment_terms)):
            trials = [(fit(segment_terms[:k] + [c] + segment_terms[k + 1:]), c) for c in candidates]
            trial, term = min(trials, key=lambda tc: tc[0].smape)
            if trial.smape < (1 - REFIT_GAIN) * best.smape:
                segment_terms[k], best = term, trial
        segments, offsets = [], []
        for term, (a, b) in zip(segment_terms, best.segments):
            function, offset = SingleParameterFunction(), SingleParameterFunction()
            if best.form == "offset":  # a_k apart, b_k·g_k multiplies the other parameters' terms
                offset.constant_coefficient = a
                if term is None:
                    function.constant_coefficient = b
            else:
                function.constant_coefficient = a
            if term is not None:
                term = copy.deepcopy(term)
                term.coefficient = b
                function.add_compound_term(term)
            segments.append(function)
            offsets.append(offset)
        edges = [-math.inf] + [v for loc in change.locations for v in loc] + [math.inf]
        intervals = np.array([(edges[2 * k], edges[2 * k + 1]) for k in range(len(segments))], dtype=float)
        segmented = SegmentedTerm(segments, intervals)
        if best.form == "offset":
            first = MultiParameterTerm((d, SegmentedTerm(offsets, intervals.copy())))
            first.coefficient = 1
            product = MultiParameterTerm((d, segmented), *((o, copy.deepcopy(t)) for o, t in other_terms.items()))
            product.coefficient = 1
            function = AlongParameterFunction(first, product)
        elif best.form == "product":
            product = MultiParameterTerm((d, segmented), *((o, copy.deepcopy(t)) for o, t in other_terms.items()))
            product.coefficient = 1
            function = AlongParameterFunction(product)
        else:
            first = MultiParameterTerm((d, segmented))
            first.coefficient = 1
            rest = []
            for (o, t), c in zip(other_terms.items(), best.others):
                term = MultiParameterTerm((o, copy.deepcopy(t)))
                term.coefficient = c
                rest.append(term)
            function = AlongParameterFunction(first, *rest)
        hypothesis = MultiParameterHypothesis(function, self.use_measure)
        hypothesis.compute_cost(measurements)
        constant_cost = float(np.sum((values - values.mean()) ** 2))
        hypothesis.compute_adjusted_rsquared(constant_cost, measurements)
        model = Model(hypothesis)
        name = names[d]
        others = ", ".join(n for j, n in enumerate(names) if j != d)
        summary = (f"Segmented along {name}: {len(segments)} segments, change at "
                   + "; ".join(describe_location(name, loc) for loc in change.locations)
                   + f" at every {others} ({len(change.changed_slices)} of {change.checked} slices alone"
                   + ("" if len(change.changed_slices) == change.checked else "; all of them pooled") + ")")
        reliable = int(detector.reliable_segment_points)
        masks = segment_masks(X[:, d], change.locations)
        suggestions = []
        for k, mask in enumerate(masks):
            levels = np.unique(X[mask, d])
            if len(levels) < reliable:
                extend = "down" if k == 0 else ("up" if k == len(masks) - 1 else "none")
                proposal = suggest_measurements(levels, reliable - len(levels), extend=extend, series=X[:, d])
                suggestions += proposal
                text = (f"{where}: segment {k + 1} ({name}={levels[0]:g}…{levels[-1]:g}) has only {len(levels)} "
                        f"value{'s' if len(levels) != 1 else ''} of {name}, fewer than the {reliable} a reliable "
                        f"model needs; measure next at "
                        + (", ".join(f"{name}={v:g}" for v in proposal) or "no free value inside it")
                        + f" (at every {others})")
                warnings.warn(text, SegmentationWarning, stacklevel=3)
                notes.append(text)
        model.annotations.append(SegmentationAnnotation([summary] + notes, suggestions))
        model.segmented_parameter = d
        return model


def _unit(term):
    term = copy.deepcopy(term)
    term.reset_coefficients()
    return term


create_schema(SegmentedMultiParameterModeler)
