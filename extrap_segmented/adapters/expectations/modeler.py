"""Extra-P modeler "Expectation": models in the search space tailored to a big-O expectation.

The verdict (match / approximate / no match, δ = G/E) is attached to every model as an
:class:`ExpectationVerdictAnnotation`, which the GUI shows as an icon with a tooltip and which
``--save-experiment`` keeps. A kernel that cannot be validated (too few points, parameter
values < 1 with log terms, ...) gets a constant model (mean of its measurements) with an
annotation that states the error; the other kernels are modeled normally.
"""
from __future__ import annotations

import contextlib
from fractions import Fraction

import warnings
from typing import Callable, Sequence

import numpy as np
from marshmallow import fields

from extrap.entities.annotations import Annotation, AnnotationSchema
from extrap.entities.functions import ConstantFunction, SingleParameterFunction, SingleParameterFunctionSchema
from extrap.entities.hypotheses import ConstantHypothesis, HypothesisSchema, SingleParameterHypothesis
from extrap.entities.measurement import Measure, Measurement
from extrap.entities.model import Model, ModelSchema
from extrap.entities.terms import CompoundTerm, SimpleTerm
from extrap.modelers.abstract_modeler import SingularModeler
from extrap.modelers.loader import create_schema
from extrap.modelers.modeler_options import modeler_options
from extrap.util.progress_bar import DUMMY_PROGRESS
from extrap.util.serialization_schema import NumberField

from extrap_segmented.adapters import option_rules
from extrap_segmented.batches import fit_in_groups
from extrap_segmented.adapters.measurements import measurement_arrays
from extrap_segmented.adapters.modeling.parameters import tell_parameter_names
from extrap_segmented.adapters.modeling.runs import isolated_kernel, summarised_run
from extrap_segmented.adapters.option_rules import InvalidOptionError
from extrap_segmented.adapters.parallel.runner import jobs_option, map_kernels
from extrap_segmented.adapters.pmnf.basic_modeler import undefined_model
from extrap_segmented.exceptions import ExpectationWarning, ExtrapSegmentedError
from extrap_segmented.expectations.options import VALIDATOR

_COLOURS = {"match": "#2e7d32", "approximate": "#f9a825", "no match": "#c62828", "inconclusive": "#1565c0",
            "error": "#757575"}
_SYMBOLS = {"match": "✓", "approximate": "≈", "no match": "✗", "inconclusive": "?", "error": "!"}


class ExpectationVerdictAnnotation(Annotation):
    """The verdict of one model against its expectation (shown in the GUI's call tree)."""

    NAME = "Expectation"

    def __init__(self, verdict="error", expectation="", model="", divergence="", adjusted_r2=None,
                 limits="", message="", range="", notes="", changes=""):
        self.verdict = verdict
        self.expectation = expectation
        self.model = model
        self.divergence = divergence
        self.adjusted_r2 = adjusted_r2
        self.limits = limits
        self.message = message
        self.range = range
        self.notes = notes
        #: where the data change behaviour, e.g. ``between p = 128 and 256 (×9.8)`` (empty: nowhere)
        self.changes = changes

    def report(self) -> str:
        """The ``--print all`` section: the verdict line, the indistinguishable range and notes."""
        from extrap_segmented.expectations.validation import verdict_line
        if self.verdict == "error":
            return f"Verdict: not validated (expected {self.expectation}: {self.message})"
        changes = getattr(self, "changes", "")
        verdict = f"{self.verdict} (changes {changes})" if changes else self.verdict
        lines = [verdict_line(verdict, self.expectation, self.model, self.divergence)]
        if changes:
            lines.append(f"Changes: {changes}")
        if self.range and self.range != self.model:
            lines.append(f"Indistinguishable: {self.range}")
        lines.append(f"Deviation limits: {self.limits}")
        lines += [f"Note: {note}" for note in self.notes.splitlines() if note]
        return "\n".join(lines)

    def title(self, **context):
        if self.verdict == "error":
            return f"Expectation {self.expectation}: not validated ({self.message})"
        changes = getattr(self, "changes", "")
        return (f"{_SYMBOLS[self.verdict]} {self.verdict}: expected {self.expectation}, model {self.model}, "
                f"δ = {self.divergence}" + (f"; changes {changes}" if changes else ""))

    def icon(self, **context):
        # The verdict in words next to the model (the call tree shows icons only): a badge with a
        # stroked symbol (legible at 16 px whatever fonts are installed) and the verdict.
        colour = _COLOURS.get(self.verdict, "#757575")
        stroke = 'fill="none" stroke="white" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"'
        symbol = {"match": f'<path d="M3.5 8.5 L6.8 11.8 L12.5 4.5" {stroke}/>',
                  "approximate": f'<path d="M3.5 6.5 Q5.75 4.5 8 6.5 T12.5 6.5 M3.5 10.5 Q5.75 8.5 8 10.5 T12.5 10.5" '
                                 f'{stroke}/>',
                  "no match": f'<path d="M4.5 4.5 L11.5 11.5 M11.5 4.5 L4.5 11.5" {stroke}/>',
                  }.get(self.verdict)
        if symbol is None:  # inconclusive, error
            text = "?" if self.verdict == "inconclusive" else "!"
            symbol = (f'<text x="8" y="13" font-size="13" font-weight="bold" text-anchor="middle" fill="white" '
                      f'font-family="sans-serif">{text}</text>')
        word = "not validated" if self.verdict == "error" else self.verdict
        width = 20 + 7 * len(word)  # about 7 units per character of an 11-unit sans-serif font
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="16" viewBox="0 0 {width} 16">'
                f'<rect x="0.5" y="0.5" width="{width - 1}" height="15" rx="7.5" fill="{colour}"/>{symbol}'
                f'<text x="17" y="12" font-size="11" fill="white" font-family="sans-serif">{word}</text></svg>')

    def content(self, **context):
        r2 = "-" if self.adjusted_r2 is None else f"{self.adjusted_r2:.3f}"
        lines = [f"Expectation: {self.expectation}", f"Model: {self.model}", f"Adjusted R²: {r2}",
                 f"Divergence δ: {self.divergence}", f"Deviation limits: {self.limits}",
                 f"Verdict: {self.verdict}"]
        if getattr(self, "changes", ""):
            lines.append(f"Changes: {self.changes}")
        if getattr(self, "range", "") and self.range != self.model:
            lines.append(f"Indistinguishable: {self.range}")
        if self.message:
            lines.append(self.message)
        lines += [n for n in getattr(self, "notes", "").splitlines() if n]
        return "\n".join(lines)

    def __eq__(self, other):
        return isinstance(other, ExpectationVerdictAnnotation) and vars(self) == vars(other)


class ExpectationVerdictAnnotationSchema(AnnotationSchema):
    verdict = fields.String()
    expectation = fields.String()
    model = fields.String()
    divergence = fields.String()
    adjusted_r2 = fields.Float(allow_none=True)
    limits = fields.String()
    message = fields.String()
    range = fields.String(load_default="")
    notes = fields.String(load_default="")
    changes = fields.String(load_default="")

    def create_object(self):
        return ExpectationVerdictAnnotation()


class ExpectationFunction(SingleParameterFunction):
    """``c0 + c1 · 2^(exp2·x) · x^b · log2(x)^c``: Extra-P's PMNF terms times an exponential.

    Extra-P's own terms cannot express 2^x, which exponential expectations (``O(k^3 2^k)``)
    need; the polynomial and log factors stay ordinary ``SimpleTerm`` s.
    """

    def __init__(self, *compound_terms, exp2_exponent=0.0):
        super().__init__(*compound_terms)
        self.exp2_exponent = exp2_exponent

    def evaluate(self, parameter_value):
        if hasattr(parameter_value, '__len__') and (len(parameter_value) == 1):
            parameter_value = parameter_value[0]
        x = np.asarray(parameter_value, dtype=float)
        value = np.full(x.shape, self.constant_coefficient, dtype=float) if x.shape else self.constant_coefficient
        factor = np.exp2(self.exp2_exponent * x)
        for term in self.compound_terms:
            value = value + term.evaluate(x) * factor
        return value

    def to_string(self, *parameters, format=None):
        name = str(parameters[0]) if parameters else "p"
        text = super().to_string(*parameters, format=format)
        if self.exp2_exponent and self.compound_terms:
            return f"{text} * 2^({self.exp2_exponent:g}*{name})"
        return text


class ExpectationFunctionSchema(SingleParameterFunctionSchema):
    exp2_exponent = NumberField()

    def create_object(self):
        return ExpectationFunction()


class ExpectationModel(Model):
    """A model chosen by the Expectation modeler; ``validation`` holds the table row."""

    def __init__(self, hypothesis, callpath=None, metric=None, validation=None):
        super().__init__(hypothesis, callpath, metric)
        self.validation = validation or {}


class _HypothesisWithFractions(fields.Nested):
    """Extra-P's hypothesis field; on load, exponents that are simple fractions become fractions
    again (see :func:`restore_fractions`)."""

    def _deserialize(self, value, attr, data, partial=None, **kwargs):
        hypothesis = super()._deserialize(value, attr, data, partial=partial, **kwargs)
        restore_fractions(getattr(hypothesis, "function", None))
        return hypothesis


class ExpectationModelSchema(ModelSchema):
    hypothesis = _HypothesisWithFractions(HypothesisSchema)
    validation = fields.Dict()

    def create_object(self):
        return ExpectationModel(None)


def _exponent(value):
    """A non-integer exponent as a simple fraction where it is one, as Extra-P's own terms hold
    them (printed ``p^(1/4)``): Extra-P's GUI renders 1/4 as ¹⸍⁴ but 0.25 as ⁰' ²⁵."""
    fraction = Fraction(float(value)).limit_denominator(64)
    if fraction.denominator > 1 and abs(float(fraction) - float(value)) < 1e-12:
        return fraction
    return float(value)


def restore_fractions(function) -> None:
    """Turns the exponents of ``function``'s terms that are simple fractions back into fractions.

    A saved experiment stores every exponent as a number, so 1/4 comes back as 0.25, which
    Extra-P's GUI renders ``log₂(p)⁰ ̇ ²⁵`` instead of ``log₂(p)¹⸍⁴``; whole exponents stay as
    they are.
    """
    for compound in getattr(function, "compound_terms", None) or ():
        for simple in getattr(compound, "simple_terms", ()):
            exponent = _exponent(simple.exponent)
            if isinstance(exponent, Fraction):
                simple.exponent = exponent


def build_function(fit) -> SingleParameterFunction:
    """Extra-P function of a :class:`~extrap_segmented.expectations.fit.FitResult`."""
    if fit.is_constant:
        return ConstantFunction(fit.constant)
    term = CompoundTerm()
    term.coefficient = fit.coefficient
    if fit.term.power != 0:
        term.add_simple_term(SimpleTerm("polynomial", _exponent(fit.term.power)))
    if fit.term.log != 0:
        term.add_simple_term(SimpleTerm("logarithm", _exponent(fit.term.log)))
    if fit.term.exp2 != 0:
        function = ExpectationFunction(term, exp2_exponent=float(fit.term.exp2))
    else:
        function = SingleParameterFunction(term)
    function.constant_coefficient = fit.constant
    return function


def require_expectation(value, example: str) -> None:
    """Raises :class:`InvalidOptionError` when the option ``expectation`` is empty (the GUI starts so)."""
    if not str(value).strip():
        raise InvalidOptionError(f"Expectation modeler: state the growth you expect first (option expectation, "
                                 f"e.g. {example}); nothing was modeled")


@contextlib.contextmanager
def option_errors(name: str, value):
    """Turns the core's error about option ``name``'s ``value`` into one :class:`InvalidOptionError`
    naming both (a RecoverableError: Extra-P's GUI shows it in a box and stays open)."""
    try:
        yield
    except ExtrapSegmentedError as error:
        raise InvalidOptionError(f"Expectation modeler: option {name}={value!r}: "
                                 f"{str(error).splitlines()[0]}") from error


def check_parameter(name: str, value, variable, names, hint: Callable[[], str] = str) -> None:
    """Raises :class:`InvalidOptionError` when option ``name`` is written in a ``variable`` that is
    none of the experiment's parameter ``names`` (``hint()``: how to write it instead)."""
    if variable is not None and names and variable not in names:
        raise InvalidOptionError(
            f"Expectation modeler: option {name}={value!r} is in parameter {variable!r}, which the experiment "
            f"does not have (its parameters: {', '.join(names)}){hint()}; nothing was modeled")


@modeler_options
class ExpectationModeler(SingularModeler):
    """Single-parameter modeler whose search space is built around a big-O expectation."""

    NAME = "Expectation"
    DESCRIPTION = ("Fits constant + one term from a search space tailored to a big-O expectation "
                   "(scalability validation) and annotates each model with match / approximate / no match.")

    # declared by ScalabilityValidator's contract (expectations/options.py), same names
    CONTRACT = VALIDATOR
    CORE_OPTIONS = {name: name for name in VALIDATOR}
    expectation = option_rules.modeler_option(VALIDATOR["expectation"])
    deviation = option_rules.modeler_option(VALIDATOR["deviation"])
    upper_bound = option_rules.modeler_option(VALIDATOR["upper_bound"])
    depth = option_rules.modeler_option(VALIDATOR["depth"])
    refinement = option_rules.modeler_option(VALIDATOR["refinement"])
    prefer_expectation = option_rules.modeler_option(VALIDATOR["prefer_expectation"])
    aggregation = option_rules.modeler_option(VALIDATOR["aggregation"])

    jobs = jobs_option()

    # The experiment's parameter names, told by Extra-P's model generator before modeling (a
    # modeler gets measurements only); None when this modeler is used without one.
    parameter_names = None

    def __init__(self):
        super().__init__(use_measure=Measure.MEDIAN)
        tell_parameter_names(ExpectationModeler)

    def _validator(self):
        from extrap_segmented.expectations.validation import ScalabilityValidator
        return ScalabilityValidator(self.expectation, deviation=self.deviation or None,
                                    upper_bound=self.upper_bound or None, depth=self.depth,
                                    refinement=self.refinement, prefer_expectation=self.prefer_expectation,
                                    aggregation=self.aggregation)

    def check_options(self):
        """Parses every option once, before any kernel is modeled.

        Raises:
            InvalidOptionError: an option is empty, unparsable or inconsistent; the message names the
                option and its value (``expectation='O(p'``: ...).
        """
        from extrap_segmented.expectations.complexity import as_term, parse_expectation, written_in
        from extrap_segmented.expectations.fit import aggregation_name
        require_expectation(self.expectation, "O(log p) or O(p log p)")
        checks = {"expectation": lambda v: parse_expectation(str(v)),
                  "deviation": lambda v: v and as_term(str(v), what="deviation"),
                  "upper_bound": lambda v: v and as_term(str(v), what="upper bound"),
                  "aggregation": lambda v: aggregation_name(str(v))}
        for name, check in checks.items():
            value = getattr(self, name)
            with option_errors(name, value):
                check(value)
        if self.parameter_names and len(self.parameter_names) > 1:
            # inside Extra-P's multi-parameter modeler, which would apply one expectation to every parameter
            raise InvalidOptionError(
                f"Expectation modeler: it validates one parameter, and this experiment has "
                f"{len(self.parameter_names)} ({', '.join(self.parameter_names)}); validate each with extrap-validate "
                "(parameter = \"...\" and fix = {...} in the TOML); nothing was modeled")
        if self.parameter_names:
            for name in ("expectation", "deviation", "upper_bound"):
                value = str(getattr(self, name) or "")
                variable = parse_expectation(value, allow_decreasing=True).variable if value.strip() else None
                check_parameter(name, value, variable, self.parameter_names,
                                lambda: f"; write {name}={written_in(value, self.parameter_names[0])}"[:300]
                                if len(self.parameter_names) == 1 else "")
        try:
            self._validator()._prepare()
        except ExtrapSegmentedError as error:
            options = ", ".join(f"{n}={getattr(self, n)!r}" for n in ("expectation", "deviation", "upper_bound"))
            raise InvalidOptionError(f"Expectation modeler: options {options}: {error}") from error

    @summarised_run
    def model(self, measurements, progress_bar=DUMMY_PROGRESS):
        """Checks the options (one clear error instead of a constant model per kernel), validates
        the kernels that share parameter values in one vectorised call per group, then builds the
        Extra-P models, on ``jobs`` worker processes."""
        self.check_options()
        kernels = [sorted(ms, key=lambda m: m.coordinate) for ms in measurements]
        prepared = self._validate_batches(kernels)
        return map_kernels(self._model_item, list(zip(kernels, prepared)), self.jobs, progress_bar)

    def _validate_batches(self, kernels: Sequence[Sequence[Measurement]]) -> list:
        """Per kernel ``(x, y, note, result)`` from one ``validate_many`` call per group of kernels
        with the same parameter values (as :func:`series_arrays` repeats them), or None where the
        kernel is validated on its own: a group of one, or a group the batch call rejects or warns
        about (each kernel then reports its own error or warning, as it always did)."""
        from extrap_segmented.adapters.expectations.series import series_arrays
        from extrap_segmented.expectations.fit import aggregation_name
        aggregation = aggregation_name(self.aggregation)
        xs: list = [None] * len(kernels)
        series: list = [None] * len(kernels)
        for i, kernel in enumerate(kernels):
            try:
                x, y, note = series_arrays(kernel, 0, aggregation)
            except Exception:  # noqa: BLE001 - the kernel on its own reports it
                continue
            xs[i], series[i] = x, (y, note)
        validator = self._validator()

        def validate_many(x, Y):
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # a warning belongs to its kernel: validate those alone
                return validator.validate_many(x, Y)
        # a batch that fails (e.g. NaN in one series): each kernel alone says which
        results = fit_in_groups(xs, [s[0] if s else None for s in series], validate_many)
        return [None if result is None else (xs[i], *series[i], result) for i, result in enumerate(results)]

    def _model_item(self, item) -> Model:
        kernel, prepared = item
        return self._create(kernel, prepared)

    def create_model(self, measurements: Sequence[Measurement]) -> Model:
        """The model of one kernel, validated on its own."""
        return self._create(sorted(measurements, key=lambda m: m.coordinate), None)

    @isolated_kernel(lambda self: undefined_model(self.use_measure))
    def _create(self, measurements: Sequence[Measurement], prepared=None) -> Model:
        """Builds the Extra-P model of a kernel (``measurements`` sorted by coordinate) from its
        batch validation ``prepared``, or validates it first when None."""
        from extrap_segmented.adapters.expectations.series import series_arrays
        from extrap_segmented.expectations.fit import aggregation_name
        x_mean, y_mean = measurement_arrays(measurements, self.use_measure)
        if prepared is not None:
            x, y, note, result = prepared
        else:
            try:
                x, y, note = series_arrays(measurements, 0, aggregation_name(self.aggregation))
                result = self._validator().validate_many(x, y[None, :])[0]
            except ExtrapSegmentedError as error:
                return self._fallback(measurements, y_mean, error)
        y = y_mean
        row = result.to_dict()
        # what the kernel plot needs to redraw the expected band and the points fitted to, also
        # after a save and reopen (the printed terms round exponents such as 1/3)
        v = result.written_variable  # parses back (quoted where it is no plain name)
        row.update(expectation_exact=result.expectation.term.format(v, exact=True),
                   deviation_limits_exact=[result.limits.lower.format(v, exact=True),
                                           result.limits.upper.format(v, exact=True)],
                   aggregation=aggregation_name(self.aggregation))
        hypothesis = SingleParameterHypothesis(build_function(result.model), self.use_measure)
        if result.model.is_constant:
            hypothesis = ConstantHypothesis(hypothesis.function, self.use_measure)
        hypothesis.compute_cost(measurements)
        constant_cost = float(np.sum((y - y.mean()) ** 2))
        if not result.model.is_constant:
            hypothesis.compute_adjusted_rsquared(constant_cost, measurements)
        model = ExpectationModel(hypothesis, validation=row)
        model.annotations.append(ExpectationVerdictAnnotation(
            verdict=result.verdict, expectation=row["expectation"], model=row["model"],
            divergence=row["divergence"], adjusted_r2=row["adjusted_r2"],
            limits=" … ".join(row["deviation_limits"]), range=row["range"],
            notes="\n".join(row["notes"] + ([note] if note else [])),
            changes="; ".join(c.describe(v) for c in result.changes)))
        return model

    def _fallback(self, measurements, y, error) -> Model:
        name = measurements[0].callpath if measurements else "?"
        message = f"{name}: {error}"
        y = np.asarray(y, dtype=float)
        finite = y[np.isfinite(y)]
        if len(finite) == 0:  # nothing to average: a model that says it is undefined
            warnings.warn(f"Expectation modeler: {message}; no finite value, the model is undefined (NaN)",
                          ExpectationWarning, stacklevel=3)
            hypothesis = undefined_model(self.use_measure).hypothesis
        else:
            warnings.warn(f"Expectation modeler: {message}; using a constant model of the finite values",
                          ExpectationWarning, stacklevel=3)
            hypothesis = ConstantHypothesis(ConstantFunction(float(np.mean(finite))), self.use_measure)
            hypothesis.compute_cost([m for m, v in zip(measurements, y) if np.isfinite(v)])
        model = ExpectationModel(hypothesis, validation={"error": str(error)})
        model.annotations.append(ExpectationVerdictAnnotation(
            verdict="error", expectation=str(self.expectation), message=str(error).splitlines()[0]))
        return model


# Schemas at definition, as Extra-P's loader does for its own modelers: an experiment modeled with
# an instance made directly (not looked up in the registry) is saved with its options too.
create_schema(ExpectationModeler)
