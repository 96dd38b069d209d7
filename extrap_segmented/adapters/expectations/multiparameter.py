"""Extra-P multi-parameter modeler "Expectation": a big-O expectation over several parameters.

Registered under the same NAME as the single-parameter ``Expectation`` in Extra-P's registry of
multi-parameter modelers, so ``--modeler expectation --options expectation="O(p log p * n)"``
works on (p, n) data. Each parameter the expectation names is validated on every slice along
it with its factor (``extrap_segmented.expectations.multi``; the same validator, options and
repetitions as the single-parameter modeler and ``extrap-validate``). A one-parameter
expectation (``O(log p)``) on multi-parameter data is validated per slice along that parameter.
The kernel's model is Extra-P's multi-parameter model; the verdict over all parameters (the
worst slice's), δ per parameter and the slices' verdicts are its ``Expectation`` annotation.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from extrap.entities.measurement import Measure, Measurement
from extrap.entities.model import Model
from extrap.modelers.abstract_modeler import MultiParameterModeler
from extrap.modelers.loader import create_schema
from extrap.modelers.modeler_options import modeler_options
from extrap.util.progress_bar import DUMMY_PROGRESS

from extrap_segmented.adapters.expectations.modeler import (ExpectationModeler, ExpectationVerdictAnnotation,
                                                            check_parameter, option_errors, require_expectation)
from extrap_segmented.adapters.measurements import coordinate_array
from extrap_segmented.adapters.modeling.multiparameter import inner_with_outer_options, parameter_labels, plain_model
from extrap_segmented.adapters.modeling.parameters import tell_parameter_names
from extrap_segmented.adapters.modeling.runs import isolated_kernel, summarised_run
from extrap_segmented.adapters.option_rules import InvalidOptionError
from extrap_segmented.adapters.parallel.runner import jobs_option, map_kernels
from extrap_segmented.adapters.pmnf.basic_modeler import undefined_model
from extrap_segmented.exceptions import ExtrapSegmentedError
from extrap_segmented.expectations.complexity import ONE, parameter_text
from extrap_segmented.expectations.multi import VERDICT_ORDER, parse_multi_expectation, worst_verdict
from extrap_segmented.segmentation.multi import slices_along

#: Slices with fewer values of the validated parameter are skipped (the validator needs 5).
MIN_VALUES = 5


@modeler_options
class ExpectationMultiParameterModeler(MultiParameterModeler):
    """``Expectation`` for experiments with two or more parameters (see the module docstring)."""

    NAME = "Expectation"
    #: The GUI shows the single-parameter modeler's options panel (the detection's options live there).
    OPTIONS_ON_SINGLE_PARAMETER_MODELER = True
    DESCRIPTION = ("Validates a big-O expectation over several parameters (e.g. O(p log p * n)) on every slice "
                   "along each parameter it names; the model is Extra-P's multi-parameter model, the verdict "
                   "over all parameters its annotation.")
    jobs = jobs_option()

    parameter_names: tuple = ()

    def __init__(self):
        super().__init__(use_measure=Measure.MEDIAN, single_parameter_modeler=ExpectationModeler())
        tell_parameter_names(ExpectationMultiParameterModeler)

    def _options(self) -> ExpectationModeler:
        """The single-parameter modeler holding the options (Extra-P's CLI sets them on this one)."""
        inner = self.single_parameter_modeler
        if not isinstance(inner, ExpectationModeler):
            inner = ExpectationModeler()
        inner = inner_with_outer_options(self, inner)
        inner.parameter_names = None  # checked here, per parameter
        return inner

    def check_options(self, names: Sequence[str]):
        inner = self._options()
        values = {key: str(getattr(inner, key) or "") for key in ("expectation", "deviation", "upper_bound")}
        require_expectation(values["expectation"], "O(log p * n)")
        parsed = {}
        for key, value in values.items():
            if not value.strip():
                continue
            with option_errors(key, value):
                parsed[key] = parse_multi_expectation(value)
            for variable in parsed[key].variables:
                check_parameter(key, value, variable, names)
        if not parsed["expectation"].variables:
            raise InvalidOptionError(f"Expectation modeler: option expectation={values['expectation']!r} names no "
                                     f"parameter; on several parameters write e.g. O(1) per parameter as O(log p) "
                                     f"or name the parameters (its parameters: {', '.join(names)})")
        return inner, parsed

    @summarised_run
    def model(self, measurements, progress_bar=DUMMY_PROGRESS):
        """Checks the options once (one clear error, before any kernel), then validates every kernel."""
        dimensions = next((ms[0].coordinate.dimensions for ms in measurements if ms), 2)
        names = parameter_labels(self.parameter_names, dimensions)
        inner, parsed = self.check_options(names)
        kernels = [(sorted(ms, key=lambda m: m.coordinate), inner, parsed, names) for ms in measurements]
        return map_kernels(self._model_item, kernels, self.jobs, progress_bar)

    def _model_item(self, item) -> Model:
        measurements, inner, parsed, names = item
        return self._create(measurements, inner, parsed, names)

    def create_model(self, measurements: Sequence[Measurement]) -> Model:
        names = parameter_labels(self.parameter_names, measurements[0].coordinate.dimensions)
        inner, parsed = self.check_options(names)
        return self._create(sorted(measurements, key=lambda m: m.coordinate), inner, parsed, names)

    @isolated_kernel(lambda self: undefined_model(self.use_measure))
    def _create(self, measurements, inner: ExpectationModeler, parsed: dict, names) -> Model:
        from extrap_segmented.adapters.expectations.series import series_arrays
        from extrap_segmented.expectations.fit import aggregation_name
        from extrap_segmented.expectations.validation import ScalabilityValidator
        expectation = parsed["expectation"]
        aggregation = aggregation_name(inner.aggregation)
        X = coordinate_array(measurements)
        rows, verdicts, deltas = [], [], {}
        for name in expectation.variables:
            d = names.index(name)
            term = expectation.factor(name)
            shrinking = term < ONE
            target = ONE if shrinking else term
            written = parameter_text(name)
            options = {}
            for key in ("deviation", "upper_bound"):
                factor = parsed[key].factors.get(name) if key in parsed else None
                if factor is not None:
                    options[key] = factor.text
            validator_text = f"O({target.format(written, exact=True)})"
            mine = []
            for others, indices in slices_along(X, d).items():
                if len(np.unique(X[indices, d])) < MIN_VALUES:
                    continue
                at = ", ".join(f"{n}={v:g}" for n, v in zip([n for j, n in enumerate(names) if j != d], others))
                try:
                    x, y, _ = series_arrays([measurements[i] for i in indices], d, aggregation)
                    if shrinking:
                        y = y / term.evaluate(x)
                    result = ScalabilityValidator(validator_text, variable=name, depth=inner.depth,
                                                  refinement=inner.refinement,
                                                  prefer_expectation=inner.prefer_expectation,
                                                  aggregation=inner.aggregation, **options).fit(x, y).result_
                except ExtrapSegmentedError as error:
                    rows.append(f"along {name} at {at}: not validated: {str(error).splitlines()[0]}")
                    continue
                mine.append(result)
                rows.append(f"along {name} at {at}: {result.verdict}, model {result.model.leading_term.big_o(written)}"
                            f", δ = {result.divergence.format(written)}")
            if mine:
                worst = max(mine, key=lambda r: VERDICT_ORDER.index(r.verdict) if r.verdict in VERDICT_ORDER else 9)
                deltas[name] = worst.divergence.format(written)
                verdicts += [r.verdict for r in mine]
        overall = worst_verdict(verdicts) if verdicts else "error"
        model = plain_model(measurements, self.use_measure)
        divergence = " · ".join(f"{d}" for d in deltas.values() if d != "1") or "1"
        message = ("no slice with at least 5 values of a parameter the expectation names"
                   if not verdicts else f"verdict over {', '.join(expectation.variables)}: {overall}")
        model.annotations.append(ExpectationVerdictAnnotation(
            verdict=overall, expectation=expectation.big_o(),
            model=model.hypothesis.function.to_string(*names), divergence=f"O({divergence})",
            limits="expected per parameter: " + ", ".join(
                f"{n}: {e.big_o(parameter_text(n))}" for n, e in ((n, expectation.factor(n)) for n in expectation.variables)),
            message=message, notes="\n".join(rows)))
        return model


create_schema(ExpectationMultiParameterModeler)
