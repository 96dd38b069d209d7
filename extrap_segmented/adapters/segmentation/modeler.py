"""Extra-P modeler "Segmented": change-point detection plus per-segment PMNF models.

Converts Extra-P measurements to arrays, runs the change-point search of the option ``mode``
(`extrap_segmented.segmentation.significance.SignificanceSearch` for "test",
`extrap_segmented.segmentation.paper.PaperWindowSearch` for "paper"), and turns
the winning terms of the vectorized search (`extrap_segmented.pmnf.search`) back into genuine
Extra-P objects (base class `fast_basic_modeler.VectorizedBasicModeler`), so unsegmented kernels
get exactly the model of Extra-P's default modeler.

Bad kernels: non-finite values raise `InvalidMeasurementsError` from ``create_model``; ``model``
catches it per kernel, warns (naming the call path) and models the finite points only, with an
annotation saying which points were left out, so the other kernels are unaffected.
"""
from __future__ import annotations

import math
import warnings
from typing import Any, Sequence

import numpy as np
from marshmallow import fields

from extrap.entities.annotations import Annotation, AnnotationSchema
from extrap.entities.functions import SegmentedFunction, SegmentedFunctionSchema
from extrap.entities.hypotheses import SingleParameterHypothesis
from extrap.entities.measurement import Measurement
from extrap.entities.model import Model, SegmentedModel, SegmentedModelSchema
from extrap.modelers.loader import create_schema
from extrap.modelers.modeler_options import modeler_options
from extrap.util.exceptions import RecoverableError
from extrap.util.progress_bar import DUMMY_PROGRESS

from extrap_segmented.segmentation.paper import PaperWindowSearch
from extrap_segmented.segmentation import options as contract
from extrap_segmented.segmentation.noise import (robust_point, robust_points, values_from_summary, with_ranks_aligned,
                                                 with_runs_aligned)
from extrap_segmented.segmentation.significance import SignificanceSearch
from extrap_segmented.segmentation.suggest import suggest_measurements
from extrap_segmented.segmentation.trend import TrendBreakSearch
from extrap_segmented.segmentation.window import WindowSearch
from extrap_segmented.exceptions import ExtrapSegmentedWarning, InvalidInputError
from extrap_segmented.options import Relation
from extrap_segmented.adapters.pmnf.basic_modeler import VectorizedBasicModeler
from extrap_segmented.adapters.pmnf.basic_modeler import undefined_model
from extrap_segmented.pmnf.search import search_ranges
from extrap_segmented.batches import fit_in_groups
from extrap_segmented.adapters.measurements import measurement_arrays, repetition_counts, repetition_means
from extrap_segmented.adapters import option_rules
from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.adapters.modeling.parameters import tell_parameter_names
from extrap_segmented.adapters.modeling.runs import isolated_kernel, kernel_label, summarised_run
from extrap_segmented.adapters.parallel.runner import jobs_option, map_kernels
from extrap_segmented.pmnf.search import search_many


class SegmentationWarning(ExtrapSegmentedWarning):
    """Shown on the command line for kernels with too few points or too short segments."""


class SegmentAdviceWarning(SegmentationWarning):
    """Advice for one segment of one kernel (too few points, values to measure next): the run's
    warning summary lists each apart instead of merging it with other kernels' advice."""
    KEEP_APART = True


class InvalidMeasurementsError(RecoverableError):
    """A kernel's measurements cannot be modeled (non-finite values); names the call path."""


class SegmentationAnnotation(Annotation):
    """Notes on a segmented model (too few points, short segments, suggested measurements)."""
    NAME = "Segmentation"

    def __init__(self, notes: Sequence[str] | None = None, suggestions: Sequence[float] | None = None):
        self.notes: list[str] = list(notes or [])
        self.suggestions: list[float] = list(suggestions or [])

    def title(self, **context: Any) -> str:
        """The GUI tooltip: every note, as the command line prints them (short segments and the
        process counts to measure next included)."""
        return "\n".join(self.notes) if self.notes else "Segmentation"

    def icon(self, **context: Any) -> str:
        return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M1 13 L6 8 L6 4 L15 2" '
                'fill="none" stroke="#c0392b" stroke-width="2"/><line x1="6" y1="0" x2="6" y2="16" '
                'stroke="#555" stroke-dasharray="2"/></svg>')

    def content(self, **context: Any) -> str:
        text = "\n".join(self.notes)
        if self.suggestions:
            text += "\nMeasure next at: " + ", ".join(f"{v:g}" for v in self.suggestions)
        return text

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SegmentationAnnotation) and self.notes == other.notes
                and self.suggestions == other.suggestions)


class SegmentationAnnotationSchema(AnnotationSchema):
    notes = fields.List(fields.Str())
    suggestions = fields.List(fields.Float())

    def create_object(self) -> SegmentationAnnotation:
        return SegmentationAnnotation()


class MultiSegmentFunction(SegmentedFunction):
    """A `SegmentedFunction` with more than two segments (Extra-P's allows two)."""
    MAX_NUM_SEGMENTS = 1000

    def to_string(self, *parameters: Any, format: Any = None) -> str:
        name = str(parameters[0]) if parameters else "p"
        parts = []
        for segment, (start, end) in zip(self.segments, self.intervals):
            parts.append(f"{segment.to_string(*parameters, format=format)} for {start:g}<={name}<={end:g}")
        return "\n".join(parts)

    def to_latex_string(self, *parameters: Any) -> str:
        return self.to_string(*parameters)


class MultiSegmentFunctionSchema(SegmentedFunctionSchema):
    def create_object(self) -> MultiSegmentFunction:
        return MultiSegmentFunction([], [])


class MultiSegmentModel(SegmentedModel):
    """A `SegmentedModel` with any number of segments.

    ``segment_bounds`` holds per segment the (first, last) parameter value it covers, so the
    segment measurements can be reassigned when Extra-P sets ``measurements``.
    """

    def __init__(self, hypothesis: SingleParameterHypothesis | None, segment_models: list[Model],
                 changing_points: list[Measurement], segment_bounds: list[tuple[float, float]] | None = None,
                 callpath: Any = None, metric: Any = None):
        self.segment_bounds = list(segment_bounds or [])
        super().__init__(hypothesis, segment_models, changing_points, callpath, metric)

    @SegmentedModel.measurements.setter
    def measurements(self, value: list[Measurement] | None) -> None:
        extrap_internals.store_segmented_measurements(self, value)
        if value is None:
            return
        for model, (first, last) in zip(self.segment_models, self.segment_bounds):
            model.measurements = [m for m in value if first <= m.coordinate[0] <= last]


class MultiSegmentModelSchema(SegmentedModelSchema):
    segment_bounds = fields.List(fields.Tuple((fields.Float(), fields.Float())))
    # Saved for stock Extra-P (whose SegmentedModel holds two segments) as a plain model of the
    # last segment, the behaviour at scale; the plugin restores all segments (plugin/portable.py).
    STOCK_TYPE = None

    def stock_fields(self, result: dict) -> dict:
        segments = result.get("segment_models") or []
        return {"hypothesis": segments[-1].get("hypothesis")} if segments else {}

    def create_object(self) -> MultiSegmentModel:
        return MultiSegmentModel(None, [], [])


@modeler_options
class SegmentedChangePointModeler(VectorizedBasicModeler):
    """Detects changes of behaviour and models each segment with Extra-P's PMNF search."""

    NAME = "Segmented"
    EXTRAP_REPLACES_BUILTIN = True  # takes over Extra-P's "Segmented", kept as "Segmented-Classic"
    DESCRIPTION = ("Detects segmented behaviour (e.g. an algorithm switch at some process count), locates the "
                   "change point(s) and models each segment; unsegmented kernels get the Basic model.")

    # declared by the searches' contracts (segmentation/options.py); modeler option -> core option
    CONTRACT = {**contract.WINDOW, **contract.TEST, **contract.PAPER, **contract.TREND, "mode": contract.MODE}
    CORE_OPTIONS = {"mode": "mode", "window_size": "window", "max_change_points": "max_change_points",
                    "min_segment_size": "min_segment_size", "theta": "theta", "nrss_band_low": "nrss_band",
                    "nrss_band_high": "nrss_band", "epsilon_limit": "epsilon_limit",
                    "min_relative_error": "min_relative_error", "noise_factor": "noise_factor",
                    "quantisation_steps": "quantisation_steps", "f_limit": "f_limit",
                    "compare_smooth": "compare_smooth", "smooth_error_ratio": "smooth_error_ratio",
                    "trend_f_limit": "trend_f_limit", "noise_floor": "noise_floor",
                    "min_relative_change": "min_relative_change", "flat_steps": "flat_steps"}
    mode = option_rules.modeler_option(contract.MODE)
    trend_f_limit = option_rules.modeler_option(contract.TREND["trend_f_limit"], mode="Trend", name="Trend F limit")
    noise_floor = option_rules.modeler_option(contract.TREND["noise_floor"], mode="Trend", name="Noise floor")
    min_relative_change = option_rules.modeler_option(contract.TREND["min_relative_change"], mode="Trend",
                                                      name="Min relative change")
    flat_steps = option_rules.modeler_option(contract.TREND["flat_steps"], mode="Trend", name="Flat steps")
    window_size = option_rules.modeler_option(contract.WINDOW["window"], name="Window size")
    theta = option_rules.modeler_option(contract.PAPER["theta"], mode="Paper", name="Theta")
    nrss_band_low = option_rules.modeler_option(contract.PAPER["nrss_band"], mode="Paper", element=0,
                                                name="nRSS band low")
    nrss_band_high = option_rules.modeler_option(contract.PAPER["nrss_band"], mode="Paper", element=1,
                                                 name="nRSS band high")
    epsilon_limit = option_rules.modeler_option(contract.PAPER["epsilon_limit"], mode="Paper", name="Epsilon limit")
    max_change_points = option_rules.modeler_option(contract.WINDOW["max_change_points"], name="Max change points")
    min_segment_size = option_rules.modeler_option(contract.WINDOW["min_segment_size"], name="Min segment size")
    min_relative_error = option_rules.modeler_option(contract.TEST["min_relative_error"], mode="Test",
                                                     name="Min relative error")
    noise_factor = option_rules.modeler_option(contract.TEST["noise_factor"], mode="Test", name="Noise factor")
    quantisation_steps = option_rules.modeler_option(contract.TEST["quantisation_steps"], mode="Test",
                                                     name="Quantisation steps")
    f_limit = option_rules.modeler_option(contract.TEST["f_limit"], mode="Test", name="F limit")
    compare_smooth = option_rules.modeler_option(contract.TEST["compare_smooth"], mode="Test",
                                                 name="Compare smooth function")
    smooth_error_ratio = option_rules.modeler_option(contract.TEST["smooth_error_ratio"], mode="Test",
                                                     name="Smooth error ratio")
    reliable_segment_points = modeler_options.add(
        5, int, "Segments with fewer points get a warning and suggested process counts to "
                                      "measure next", name="Reliable segment points")
    modeler_options.group("Change-point detection", mode, trend_f_limit, noise_floor, min_relative_change, flat_steps,
                          window_size, theta, nrss_band_low, nrss_band_high, epsilon_limit, max_change_points, min_segment_size, min_relative_error, noise_factor,
                          quantisation_steps, f_limit, compare_smooth, smooth_error_ratio, reliable_segment_points)
    jobs = jobs_option()

    parameter_name = "p"
    """The modeled parameter's name in messages and annotations; set from the experiment by
    `ModelGenerator.model_all` (see :func:`_take_parameter_name`), "p" otherwise."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        tell_parameter_names(SegmentedChangePointModeler, _take_parameter_name)

    # -- Extra-P entry points -------------------------------------------------------------------

    OPTION_RULES = {
        **{name: option_rules.element_rule(contract.PAPER[core]) if core == "nrss_band"
           else option_rules.rule({**contract.WINDOW, **contract.TEST, **contract.PAPER, **contract.TREND}[core])
           for name, core in CORE_OPTIONS.items() if core != "mode"},
        "reliable_segment_points": option_rules.integer_at_least(1),
    }
    # the nRSS band is one pair in the core: its ends must be in order
    OPTION_RELATIONS = (Relation("nrss_band_high", "nrss_band_low"),)

    @summarised_run
    def model(self, measurements: Sequence[Sequence[Measurement]],
              progress_bar: Any = DUMMY_PROGRESS) -> list[Model]:
        """Models every kernel; a kernel with non-finite values is warned about, never fatal.

        The ordinary (unsegmented) model's hypothesis search runs first for all kernels that share
        parameter values, in one vectorized call per group (:meth:`_whole_series_fits`); the
        change-point search and the Extra-P objects follow per kernel."""
        kernels = [list(ms) for ms in measurements]
        whole = self._whole_series_fits(kernels)
        return map_kernels(self._model_item, list(zip(kernels, whole)), self.jobs, progress_bar)

    # Kernels per batched call: large enough to amortise the call, small enough for the cache.
    BATCH = 256

    def _whole_series_fits(self, kernels: Sequence[Sequence[Measurement]]) -> list:
        """Per kernel ``(search result, first detection's segment costs)`` of its whole series
        (sorted by the parameter), computed in one :func:`search_many` and one
        ``WindowSearch.first_errors_many`` call per batch of kernels with the same parameter values
        (per-coordinate work once: the terms at those values); None for a kernel modeled on its own
        (non-finite values, repeated or fewer than 2 points, alone in its group). Each result is bit
        for bit what the kernel's own computation gives."""
        xs: list = [None] * len(kernels)
        ys: list = [None] * len(kernels)
        for i, kernel in enumerate(kernels):
            ordered = sorted(kernel, key=lambda m: m.coordinate[0])
            if len(ordered) < 2:
                continue
            x, y = measurement_arrays(ordered, self.use_measure)
            if np.isfinite(x).all() and np.isfinite(y).all() and len(np.unique(x)) == len(x):
                xs[i], ys[i] = x, y
        exponents, options = self._exponents(), self._search_options()
        searcher = self._searcher()

        def fit_many(x, Y):
            fits = search_many(x, Y, exponents, **options)
            # the first detection's segment costs, where the search would compute them
            first = searcher.first_errors_many(x, Y)
            return list(zip(fits, first if first is not None else [None] * len(fits)))
        # a batch the search refuses: each kernel's own search reports it
        return fit_in_groups(xs, ys, fit_many, self.BATCH, refused=(InvalidInputError,))

    def _model_item(self, item) -> Model:
        measurements, whole = item
        return self._model_one(measurements, whole)

    def create_model(self, measurements: Sequence[Measurement], whole_fit=None) -> Model:
        """Models one kernel (``whole_fit``: ``(search result, first detection's costs)`` of its
        whole series, when computed in a batch).

        Raises:
            InvalidMeasurementsError: non-finite values (names call path and coordinate).
        """
        ordered = sorted(measurements, key=lambda m: m.coordinate[0])
        x, y = measurement_arrays(ordered, self.use_measure)
        bad = ~(np.isfinite(x) & np.isfinite(y))
        if bad.any():
            i = int(np.argmax(bad))
            raise InvalidMeasurementsError(
                f"{kernel_label(ordered)}: value {y[i]!r} at {self.parameter_name}={x[i]!r} is not finite; "
                f"{int(bad.sum())} of {len(y)} points affected")
        return self._segmented_model(ordered, x, y, whole_fit)

    # -- internals ------------------------------------------------------------------------------

    @isolated_kernel(lambda self: undefined_model(self.use_measure))
    def _model_one(self, measurements: Sequence[Measurement], whole_fit=None) -> Model:
        try:
            return self.create_model(measurements, whole_fit)
        except InvalidMeasurementsError as error:
            finite = [m for m in measurements
                      if math.isfinite(m.coordinate[0]) and math.isfinite(m.value(self.use_measure))]
            if len(finite) < 2:  # nothing to fit: say so instead of inventing a value
                note = f"{error}; fewer than 2 finite points, the model is undefined (NaN)"
                model = undefined_model(self.use_measure)
            else:
                note = f"{error}; modeled the finite points only"
                model = self.create_model(finite)
            warnings.warn(note, SegmentationWarning, stacklevel=3)
            model.annotations.append(SegmentationAnnotation([note]))
            return model

    def _noise(self, measurements: Sequence[Measurement]) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Per value: relative standard error from its repetitions, and their number ((None, None) if unknown)."""
        reps = repetition_counts(measurements)
        if np.all(reps <= 1) or any(_mixes_locations(m) for m in measurements):
            return None, None
        with np.errstate(all="ignore"):
            # Extra-P's std divides by r; the sample standard deviation by r - 1
            correction = np.sqrt(reps / np.maximum(reps - 1, 1))
            noise = np.array([_repetition_spread(m) for m in measurements]) * correction / np.sqrt(reps)
        return np.nan_to_num(noise, nan=0.0, posinf=0.0), reps

    def _searcher(self) -> WindowSearch:
        """The change-point search of the option ``mode``, built from the modeler's options.

        Raises:
            InvalidInputError: ``mode`` is not "trend", "test" or "paper".
        """
        # min_points is no option here: at least the core's default and what min_segment_size needs
        min_points = max(contract.WINDOW["min_points"].default, 2 * int(self.min_segment_size))
        shared = dict(window=int(self.window_size), max_change_points=int(self.max_change_points),
                      min_segment_size=int(self.min_segment_size), min_points=min_points, exponents=self._exponents())
        if self.mode == "paper":
            return PaperWindowSearch(theta=float(self.theta),
                                     nrss_band=(float(self.nrss_band_low), float(self.nrss_band_high)),
                                     epsilon_limit=float(self.epsilon_limit), search_options=self._search_options(),
                                     **shared)
        test = dict(min_relative_error=float(self.min_relative_error), f_limit=float(self.f_limit),
                    noise_factor=float(self.noise_factor), quantisation_steps=float(self.quantisation_steps),
                    compare_smooth=bool(self.compare_smooth), smooth_error_ratio=float(self.smooth_error_ratio))
        if self.mode == "test":
            return SignificanceSearch(**test, **shared)
        if self.mode == "trend":
            return TrendBreakSearch(f_limit=float(self.trend_f_limit), noise_floor=float(self.noise_floor),
                                    min_relative_change=float(self.min_relative_change),
                                    flat_steps=int(self.flat_steps), fallback=test, **shared)
        raise InvalidInputError(f"mode must be one of trend, test, paper, got {self.mode!r}")

    def fitted_search(self, ordered: Sequence[Measurement], x: np.ndarray, y: np.ndarray,
                      first_errors=None) -> WindowSearch:
        """The change-point search of this modeler's options fitted to one series, ``ordered`` by x
        with values y: on each point's median and robust noise where the trend search applies, on
        the repetitions' spread otherwise (the inputs the significance test was calibrated with),
        a short series' rules after the test given the medians as well.
        The one place that turns measurements into the search's inputs (the multi-parameter
        modeler fits its slices through it too)."""
        searcher = self._searcher()
        center, extra = y, {}
        if isinstance(searcher, TrendBreakSearch) and searcher.applies(x, y):
            repeated = _repetitions(ordered)  # once for both
            center, noise, repetitions = _robust_points(ordered, y, repeated)
            runs = _repetition_rows(repeated)
            if runs is not None:
                extra["runs"] = runs
        else:
            noise, repetitions = self._noise(ordered)
            if isinstance(searcher, TrendBreakSearch) and repetitions is not None:
                # the rules after the test on a short series judge the medians, as the trend search does
                extra["medians"] = _robust_points(ordered, y)[:2]
        searcher.fit(x, center, noise=noise, repetitions=repetitions, quantum=_quantum(ordered),
                     first_errors=first_errors if center is y else None, **extra)
        return searcher

    def _segment_models(self, ordered: list[Measurement], x: np.ndarray, y: np.ndarray,
                        ranges: list[tuple[int, int]]) -> list[Model]:
        """Extra-P's default model of each segment ``[a, b)``; the hypothesis searches of the
        segments of three or more points in one vectorized call (the same hypotheses as one search
        per segment, their costs equal to ~1e-12 relative: shorter segments are padded, which
        changes the order of some sums). A two-point segment is searched alone: its leave-one-out
        fits rest on one point each, where the padding can change the choice."""
        batched = [(a, b) for a, b in ranges if b - a >= 3]
        fits = dict(zip(batched, search_ranges(x, y, batched, self._exponents(), **self._search_options())))
        return [self._plain_model(ordered[a:b], x[a:b], y[a:b], fits.get((a, b))) for a, b in ranges]

    def _segmented_model(self, ordered: list[Measurement], x: np.ndarray, y: np.ndarray, whole_fit=None) -> Model:
        where = kernel_label(ordered)
        fit, first = whole_fit if whole_fit is not None else (None, None)
        try:
            searcher = self.fitted_search(ordered, x, y, first_errors=first)
        except InvalidInputError as error:
            raise InvalidMeasurementsError(f"{where}: {error}") from error
        model = self._searched_model(ordered, x, y, searcher, fit, where)
        note = (_negative_values_note(searcher, x, y, repetition_counts(ordered), where, self.parameter_name)
                or _negative_repetitions_note(ordered, x, y, where, self.parameter_name))
        if note:
            warnings.warn(note, SegmentationWarning, stacklevel=4)
            model.annotations.append(SegmentationAnnotation([note]))
        return model

    def _searched_model(self, ordered: list[Measurement], x: np.ndarray, y: np.ndarray, searcher: WindowSearch,
                        fit, where: str) -> Model:
        """The model of one kernel from its fitted change-point search (one model, or one per segment)."""
        if searcher.too_few_points_:
            model = self._plain_model(ordered, x, y, fit)
            note = (f"{where}: only {len(x)} points; segmentation needs at least {searcher.min_points}, "
                    f"returning the ordinary model")
            warnings.warn(note, SegmentationWarning, stacklevel=5)
            model.annotations.append(SegmentationAnnotation([note]))
            return model
        if not searcher.segmented_:
            model = self._plain_model(ordered, x, y, fit)
            hint = _averaging_hint(searcher, ordered, where, self.parameter_name)
            if hint:
                warnings.warn(hint, SegmentAdviceWarning, stacklevel=5)
                model.annotations.append(SegmentationAnnotation([hint]))
            return model

        ranges = searcher.segments()
        models = self._segment_models(ordered, x, y, ranges)
        notes, suggestions = [], []
        name = self.parameter_name
        changes = []
        for b, shared in zip(searcher.breakpoints_[:-1], searcher.shared_):
            changes.append([ordered[b - 1]] if shared else [ordered[b - 1], ordered[b]])
            notes.append(f"change at {name}={x[b - 1]:g}" if shared
                         else f"change between {name}={x[b - 1]:g} and {name}={x[b]:g}")
        summary = f"Segmented: {len(ranges)} segments, " + "; ".join(notes)
        for i, (a, b) in enumerate(ranges):
            if b - a < int(self.reliable_segment_points):
                extend = "down" if i == 0 else ("up" if i == len(ranges) - 1 else "none")
                proposal = suggest_measurements(x[a:b], int(self.reliable_segment_points) - (b - a), extend=extend,
                                                series=x)
                suggestions += proposal
                text = (f"{where}: segment {i + 1} ({name}={x[a]:g}…{x[b - 1]:g}) has only {b - a} "
                        f"point{'s' if b - a != 1 else ''}, "
                        f"fewer than the {int(self.reliable_segment_points)} a reliable model needs; measure next at "
                        + (", ".join(f"{name}={v:g}" for v in proposal) or "no free value inside it"))
                warnings.warn(text, SegmentAdviceWarning, stacklevel=5)
                notes.append(text)

        if len(ranges) == 2:
            change = changes[0]
            intervals = [(-math.inf, change[0].coordinate[0]), (change[-1].coordinate[0], math.inf)]
            function = SegmentedFunction([m.hypothesis.function for m in models], intervals)
        else:
            intervals = [(x[a], x[b - 1]) for a, b in ranges]
            intervals[0] = (-math.inf, intervals[0][1])
            intervals[-1] = (intervals[-1][0], math.inf)
            function = MultiSegmentFunction([m.hypothesis.function for m in models], intervals)
        hypothesis = SingleParameterHypothesis(function, self.use_measure)
        hypothesis.compute_cost(ordered)
        hypothesis.compute_adjusted_rsquared(self.create_constant_model(ordered)[1], ordered)
        if len(ranges) == 2:
            result = SegmentedModel(hypothesis, models, changes[0])
        else:
            points = [m for change in changes for m in change]
            result = MultiSegmentModel(hypothesis, models, points, [(x[a], x[b - 1]) for a, b in ranges])
        result.annotations.append(SegmentationAnnotation([summary] + notes[len(changes):], suggestions))
        return result


def _repetition_spread(measurement: Measurement) -> float:
    """Relative standard deviation between repetitions.

    Per-location values (repetitions × locations, ``--cube-ranks`` or ``--keep-values``) are first
    averaged over the locations of each repetition: the spread between ranks is load imbalance,
    not noise. Without kept values Extra-P's ``std`` is used, which for Cube data read with
    ``--cube`` also mixes in the spread between ranks (see docs/segmentation.md).
    """
    per_repetition = repetition_means(measurement)
    if per_repetition is not None and len(per_repetition) >= 2:
        mean = np.nanmean(per_repetition)
        return float(np.nanstd(per_repetition) / abs(mean)) if mean else 0.0
    return measurement.std / abs(measurement.mean) if measurement.mean else 0.0


def _robust_points(measurements: Sequence[Measurement], y: np.ndarray, repeated=None):
    """Per point the median of the repetitions, the robust relative standard error of that median
    and the number of repetitions, for the trend detection (`noise.robust_point`).

    The repetitions' values are the kept ones (per-location values averaged over the locations
    of each repetition: the spread between ranks is load imbalance, not noise) or, for up to five
    repetitions, recovered exactly from Extra-P's summary (`noise.values_from_summary`). With more
    repetitions and no kept values: Extra-P's median and its (non-robust) standard deviation.
    Without repetitions: ``(y, None, None)``. Kept values are in their runs' order: where whole
    runs are slower than others at every point, each point's value and noise are those with the
    runs' offsets removed (`noise.run_aligned_points`; the noise at most the robust one). A summary
    keeps no order: recovered values are aligned by rank instead (`noise.rank_aligned_points`).
    ``repeated``: what `_repetitions` gives for the measurements, where computed already.
    """
    reps = repetition_counts(measurements)
    if np.all(reps <= 1):
        return y, None, None
    kept, values, rows = repeated if repeated is not None else _repetitions(measurements)
    if rows is not None and rows.shape[1] > 0 and np.all(np.isfinite(rows)):
        # as many finite values at every point: all points at once (the same figures)
        center, noise, counts = robust_points(rows)
    else:
        center, noise, counts = (np.asarray(column, dtype=float) for column in zip(*[
            _robust_point(m, value, v) for m, value, v in zip(measurements, y, values)]))
    if rows is not None and all(v is not None for v in kept):
        # kept values (rows holds them, one row per point) are in their runs' order: remove whole
        # runs' offsets where they are real
        center, noise = with_runs_aligned(rows, center, noise)
    elif rows is not None and not any(v is not None for v in kept):
        # values recovered from summaries keep no order: align them by rank
        center, noise = with_ranks_aligned(rows, center, noise)
    return center, noise, np.asarray(counts, dtype=float)


def _repetitions(measurements: Sequence[Measurement]):
    """Per point the kept values (None where Extra-P kept only a summary), the values (kept, or
    recovered from the summary; None where neither), and the (points × repetitions) array of
    them where every point has as many (else None)."""
    kept = [repetition_means(m) for m in measurements]
    values = [v if v is not None else values_from_summary(m.minimum, m.median, m.maximum, m.mean, m.std,
                                                          int(m.repetitions or 1))
              for m, v in zip(measurements, kept)]
    rows = np.vstack(values) if all(v is not None for v in values) and len({len(v) for v in values}) == 1 else None
    return kept, values, rows


def _repetition_rows(repeated):
    """``(rows, in_runs)`` for the trend search's alignment within segments, from what
    `_repetitions` gives (``repeated``): the repetitions of every point and whether they are kept
    values in their runs' order (else recovered from summaries, in no order); None where the
    points have no common number of values or mix the two."""
    kept, _, rows = repeated
    if rows is None or (any(v is not None for v in kept) and not all(v is not None for v in kept)):
        return None
    return rows, all(v is not None for v in kept)


def _robust_point(measurement: Measurement, value: float, values: np.ndarray | None) -> tuple[float, float, int]:
    """One point's median, robust relative standard error and repetitions (see `_robust_points`);
    with no values (many repetitions, summary only) Extra-P's median and standard deviation."""
    if values is None:
        r = int(measurement.repetitions or 1)
        c = float(measurement.median)
        return c, measurement.std * np.sqrt(r / max(r - 1, 1)) / abs(c) / np.sqrt(r) if c else 0.0, r
    c, e, r = robust_point(values)
    return c if np.isfinite(c) else value, e, max(r, 1)


def _mixes_locations(measurement: Measurement) -> bool:
    """True when Extra-P's summary of a point is not one of its repetitions' values: stock
    ``--cube`` summarises repetitions × ranks, so its ``std`` is mostly the spread between ranks
    (load imbalance), not noise. Recognisable for up to five repetitions
    (`noise.values_from_summary` finds no values with that summary)."""
    r = int(getattr(measurement, "repetitions", 1) or 1)
    if getattr(measurement, "values", None) is not None or not 2 <= r <= 5:
        return False
    return values_from_summary(measurement.minimum, measurement.median, measurement.maximum, measurement.mean,
                               measurement.std, r) is None


def _averaging_hint(searcher: WindowSearch, measurements: Sequence[Measurement], where: str, name: str) -> str:
    """When a change narrowly failed the trend test on values whose spread is mostly between
    ranks (stock ``--cube``: Extra-P keeps per point only a summary of all ranks' values), says
    so with the numbers and names the per-rank view, in which ranks are not mixed with noise."""
    if not isinstance(searcher, TrendBreakSearch) or searcher.method_ != "trend" or not searcher.corners_:
        return ""
    if not any(_mixes_locations(m) for m in measurements):
        return ""
    b, f, step = max(searcher.corners_, key=lambda item: item[1])
    if f < searcher.f_limit / 4 or step < searcher.least_step:
        return ""
    x = searcher.x_
    spread = [m.std / abs(m.mean) for m in measurements if m.mean]
    return (f"{where}: a change between {name}={x[b - 1]:g} and {name}={x[b]:g} is likely but not certain "
            f"(z² = {f:.3g}, the limit is {searcher.f_limit:g}): these values mix all ranks, whose spread "
            f"(coefficient of variation {100 * min(spread):.0f}–{100 * max(spread):.0f} %) hides it; "
            f"the per-rank view keeps ranks apart: extrap --cube-ranks DIR --modeler segmented")


def _negative_values_note(searcher: WindowSearch, x: np.ndarray, y: np.ndarray, repetitions: np.ndarray, where: str,
                          name: str) -> str:
    """Where the trend detection would have judged the series but for negative values (a time or
    a count below zero is a measurement error: a clock going back, a counter's overflow), names
    them and says that the significance test on the means decided instead."""
    if not isinstance(searcher, TrendBreakSearch) or searcher.method_ != "test" or not np.any(y < 0) \
            or not np.any(repetitions >= 2) or not searcher.applies(x, np.abs(y) + (y == 0)):
        return ""
    negative = np.flatnonzero(y < 0)
    return (f"{where}: value {y[negative[0]]:g} at {name}={x[negative[0]]:g} is negative ({len(negative)} of "
            f"{len(y)} points); the trend detection judges positive values only, so the significance test on the "
            f"means decided the changes")


def _negative_repetitions_note(ordered: Sequence[Measurement], x: np.ndarray, y: np.ndarray, where: str,
                               name: str) -> str:
    """Names the first point whose value is positive while one of its repetitions is below zero (a
    measurement error: a clock going back, a counter's overflow), which the point's value keeps."""
    lowest = np.array([float(m.minimum) for m in ordered])
    bad = np.flatnonzero((lowest < 0) & (y > 0))
    if not bad.size:
        return ""
    first = bad[0]
    return (f"{where}: a repetition at {name}={x[first]:g} is negative ({lowest[first]:g}; {len(bad)} of {len(y)} "
            f"points have one), a measurement error (a clock going back, a counter's overflow); the point's "
            f"value {y[first]:g} includes it")


def _take_parameter_name(modeler: SegmentedChangePointModeler, names: tuple[str, ...]) -> None:
    """The parameter name of a one-parameter experiment, for messages and annotations (as the
    generator's modeler or its multi-parameter modeler's single-parameter modeler)."""
    if len(names) == 1:
        modeler.parameter_name = names[0]


def _quantum(measurements: Sequence[Measurement]) -> float:
    """1 for event counts (every measured value an integer), else 0 (no quantisation)."""
    for m in measurements:
        values = getattr(m, "values", None)
        if isinstance(values, np.ma.MaskedArray):
            data = np.ma.compressed(np.ma.asarray(values, dtype=float))
        elif values is not None:  # a plain array: no masked-array copy (a third of the time at 1,024 ranks)
            data = np.asarray(values, dtype=float)
        else:
            data = np.array([m.minimum, m.maximum] + ([m.mean] if (m.repetitions or 1) <= 1 else []), dtype=float)
        if not np.all(data == np.round(data)):
            return 0.0
    return 1.0


# Schemas at definition, as Extra-P's loader does for its own modelers: an experiment modeled with
# an instance made directly (not looked up in the registry) is saved with its options too.
create_schema(SegmentedChangePointModeler)
