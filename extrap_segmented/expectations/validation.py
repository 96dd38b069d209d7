"""Validating measured scaling against an expectation: divergence model, uncertainty and verdict.

With G the chosen model's leading-order term and E the expectation (paper, Section 2.4):

* divergence model δ = G / E, printed in simplified big-O form (``O(p^0.5 / log p)``);
* the range [G_low, G_high] of terms indistinguishable from the best (see
  :mod:`~extrap_segmented.expectations.fit`) decides the verdict, so that five noisy points
  cannot claim more than they show:
  ``match`` when E is in the range (G = E); ``approximate`` when the whole range lies within
  E/D … E·D (limits inclusive, as the paper's Reduce row on Juropa shows); ``no match`` when the
  whole range lies outside; ``inconclusive`` when it straddles a limit, with the parameter value
  whose measurement would decide;
* direction ``faster`` / ``slower`` / ``same``: whether G grows faster than E (regression mode
  fails on ``faster`` when asked to).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Optional

import numpy as np

from extrap_segmented.expectations.complexity import (ComplexityTerm, DeviationLimits, Expectation,
                                                     as_term, default_upper_bound, deviation_limits,
                                                     parameter_text, parse_expectation)
from extrap_segmented.exceptions import InvalidInputError, NotFittedError
from extrap_segmented.expectations.fit import (MIN_POINTS, FitResult, aggregation_name,
                                              check_parameter_values, fit_models, repetition_reducer)
from extrap_segmented.expectations.search_space import SearchSpace, build_data_space, build_search_space
from extrap_segmented.expectations.options import ENTRY, VALIDATOR
from extrap_segmented.options import check_options

MATCH, APPROXIMATE, NO_MATCH, INCONCLUSIVE = "match", "approximate", "no match", "inconclusive"
VERDICTS = (MATCH, APPROXIMATE, NO_MATCH, INCONCLUSIVE)
VERDICT_SYMBOLS = {MATCH: "✓", APPROXIMATE: "≈", NO_MATCH: "✗", INCONCLUSIVE: "?"}


def judge(model: ComplexityTerm, limits: DeviationLimits) -> str:
    """``match``, ``approximate`` or ``no match`` of a model's leading term against the limits."""
    if model == limits.expectation:
        return MATCH
    return APPROXIMATE if limits.contains(model) else NO_MATCH


#: terms beyond a search space's upper bound that are fitted too, so that data growing faster than the
#: space allows are recognised (all in-space terms would fit about equally badly, the expectation
#: among them) instead of passing as the expectation
PROBE_TERMS = tuple(sorted({ComplexityTerm(log=Fraction(i, 2)) for i in range(1, 9)}
                           | {ComplexityTerm(power=Fraction(i, 4), log=j) for i in range(1, 17) for j in (0, 1)}))


#: values (functions x candidate terms x points) fitted at once; larger batches go in parts
BATCH_ELEMENTS = 1 << 22


def probe_terms(space: SearchSpace, x) -> list:
    """The probes above ``space``'s upper bound (without log factors when some ``x`` < 1)."""
    allow_log = bool(np.all(np.asarray(x) >= 1))
    return [t for t in PROBE_TERMS if t > space.upper and (allow_log or not t.has_log)]


def judge_range(model: ComplexityTerm, low: ComplexityTerm, high: ComplexityTerm,
                limits: DeviationLimits, best: Optional[ComplexityTerm] = None,
                bound: Optional[str] = None) -> str:
    """Verdict of a model whose indistinguishable terms span ``low`` … ``high`` (see module doc).

    ``bound`` is ``upper``/``lower`` when the ``best`` term is a bound of the search space: the
    data then grow at least (at most) that fast, so a bound outside the limits is no match even if
    lesser terms of the bounded space fit about as badly.
    """
    if model == limits.expectation:
        return MATCH
    if bound == "upper" and best is not None and best > limits.upper:
        return NO_MATCH
    if bound == "lower" and best is not None and best < limits.lower:
        return NO_MATCH
    if limits.contains(low) and limits.contains(high):
        return APPROXIMATE
    if high < limits.lower or low > limits.upper:
        return NO_MATCH
    return INCONCLUSIVE


VERDICT_RULES = ("range", "weights")
#: ``data``: one search space for every expectation (the model is chosen from the data alone);
#: ``expectation``: the paper's space tailored to the expectation (the engine before)
SEARCHES = ("data", "expectation")
#: relative noise below which residuals are no evidence against a term (see docs/expectations.md)
NOISE_FLOOR = 0.01
#: relative noise assumed for a series whose repetitions say nothing about its noise (none, or all equal)
ASSUMED_NOISE = 0.05


def judge_weights(range_verdict: str, mass, threshold: float = 0.6, bound: Optional[str] = None) -> str:
    """Verdict from the Akaike weights of the candidates (``mass`` = weight below, within and
    above the limits, summing to 1) instead of the range's ends: ``match`` stays as
    :func:`judge_range` decides it (E indistinguishable from the best) and so does a ``no
    match`` at a search-space ``bound``; otherwise ``approximate`` when the candidates within the
    limits hold at least ``threshold`` of the weight, ``no match`` when those outside do, else
    ``inconclusive``."""
    if range_verdict == MATCH or (range_verdict == NO_MATCH and bound is not None):
        return range_verdict
    below, within, above = mass
    if within >= threshold:
        return APPROXIMATE
    if below + above >= threshold:
        return NO_MATCH
    return INCONCLUSIVE


def deciding_measurement(x, candidates, limits: DeviationLimits, noise: float,
                         steps: int = 40) -> Optional[float]:
    """Smallest parameter value beyond the measured ones (doubling) at which the indistinguishable
    candidates inside and outside the deviation limits predict values more than four noise
    standard deviations apart: measuring there would decide an inconclusive verdict."""
    inside = [c for c in candidates if limits.contains(c[0])]
    outside = [c for c in candidates if not limits.contains(c[0])]
    if not inside or not outside or not np.isfinite(noise):
        return None
    x_max = float(np.max(x))
    grid = x_max * 2.0 ** np.arange(1, steps + 1)

    def values(c):
        term, c0, c1 = c
        with np.errstate(over="ignore", invalid="ignore"):
            return c0 + c1 * term.evaluate(grid)

    with np.errstate(invalid="ignore"):
        gap = np.min([np.abs(values(a) - values(b)) for a in inside for b in outside], axis=0)
    hits = np.flatnonzero(gap > 4 * max(noise, 1e-300))
    return float(grid[hits[0]]) if hits.size else None


def direction(model: ComplexityTerm, expectation: ComplexityTerm) -> str:
    """``faster``, ``slower`` or ``same``: growth of the model relative to the expectation."""
    if model > expectation:
        return "faster"
    if model < expectation:
        return "slower"
    return "same"


def format_adjusted_r2(value: Optional[float]) -> str:
    """A table row's adjusted R² as printed (two decimals; ``-`` when undefined)."""
    return "-" if value is None else f"{value:.2f}"


VERDICT_ORDER = {MATCH: 0, APPROXIMATE: 1, INCONCLUSIVE: 2, NO_MATCH: 3}


@dataclass
class Regime:
    """The points between two changes of behaviour and, with enough of them, their own validation."""

    low: float
    high: float
    points: int
    result: Optional["ValidationResult"] = None

    def span(self, variable: str = "p") -> str:
        """``p = 32…128 (3 points)``."""
        return f"{variable} = {self.low:g}…{self.high:g} ({self.points} point{'s' if self.points != 1 else ''})"


@dataclass
class ValidationResult:
    """Outcome of validating one function (one call path, metric and slice).

    Attributes:
        expectation: the parsed expectation.
        model: the chosen :class:`FitResult` G (with its range of indistinguishable terms).
        limits: deviation limits used.
        verdict: ``match``, ``approximate``, ``no match`` or ``inconclusive``.
        variable: parameter name used for printing.
        x, y: the aggregated data the model was fitted to.
        lower_bound, upper_bound: the search space's bounds (a model at a bound is shown as
            ``≥ O(…)`` / ``≤ O(…)``: the data may grow faster / slower than the space allows).
        decide_at: for ``inconclusive``, the parameter value whose measurement would decide.
    """

    expectation: Expectation
    model: FitResult
    limits: DeviationLimits
    verdict: str
    variable: str = "p"
    x: Optional[np.ndarray] = field(default=None, repr=False)
    y: Optional[np.ndarray] = field(default=None, repr=False)
    lower_bound: Optional[ComplexityTerm] = None
    upper_bound: Optional[ComplexityTerm] = None
    decide_at: Optional[float] = None
    search_terms: tuple = field(default=(), repr=False)
    #: True when the repetitions measured the noise; False when it was assumed (see ``assumed_noise``)
    noise_known: bool = True
    #: changes of behaviour (:class:`~extrap_segmented.expectations.steps.Change`), ascending
    changes: tuple = ()
    #: with changes: the regimes between them, each validated on its own when it has enough points
    regimes: tuple = ()
    #: the fewest points a regime needs to be validated on its own
    min_points: int = MIN_POINTS

    @property
    def divergence(self) -> ComplexityTerm:
        """Divergence model δ = G/E."""
        return self.model.leading_term / self.expectation.term

    @property
    def direction(self) -> str:
        """``faster``, ``slower`` or ``same``: how G grows compared to E (``faster`` when the data
        outgrow the search space)."""
        if self.changes:
            if self.regimes and all(r.result is not None for r in self.regimes):
                ways = [r.result.direction for r in self.regimes]
                return "faster" if "faster" in ways else "slower" if "slower" in ways else "same"
            up = any(c.log10_factor > 0 for c in self.changes if np.isfinite(c.log10_factor))
            return "faster" if up else "slower"
        if self.at_bound == "upper" and self.model.best_term > self.expectation.term:
            return "faster"
        return direction(self.model.leading_term, self.expectation.term)

    @property
    def passed(self) -> bool:
        """True unless the verdict is ``no match``."""
        return self.verdict != NO_MATCH

    @property
    def written_variable(self) -> str:
        """The parameter as terms write it, so that they parse back (quoted where it is no plain name)."""
        return parameter_text(self.variable)

    def _bounded(self, term: ComplexityTerm) -> str:
        v = self.written_variable
        if self.upper_bound is not None and term >= self.upper_bound and term != self.expectation.term:
            return "≥ " + self.upper_bound.big_o(v)
        if (self.lower_bound is not None and not self.lower_bound.is_constant and term == self.lower_bound
                and term != self.expectation.term):
            return "≤ " + term.big_o(v)
        return term.big_o(v)

    @property
    def at_bound(self) -> Optional[str]:
        """``upper`` / ``lower`` when the best term is a bound of the search space, else None."""
        best = self.model.best_term
        if best == self.expectation.term:
            return None
        if self.upper_bound is not None and best >= self.upper_bound:
            return "upper"
        if self.lower_bound is not None and not self.lower_bound.is_constant and best == self.lower_bound:
            return "lower"
        return None

    @property
    def range_text(self) -> str:
        """``O(p)`` or ``between O(p^0.5) and O(p log p)``: the indistinguishable terms."""
        low, high = self.model.range_low, self.model.range_high
        if low == high:
            return self._bounded(low)
        return f"between {self._bounded(low)} and {self._bounded(high)}"

    @property
    def notes(self) -> list:
        """Remarks a reader must see: model at a search-space bound, negative predictions,
        where to measure to decide an inconclusive verdict."""
        v = self.written_variable
        notes = []
        if self.changes:
            notes.append(self.changes_note)
            return notes
        if self.at_bound == "upper" and self.model.best_term > self.upper_bound:
            notes.append(f"the data grow faster than the search space's upper bound {self.upper_bound.big_o(v)} "
                         f"allows ({self.model.best_term.big_o(v)} fits distinguishably better): widen upper_bound")
        elif self.at_bound == "upper":
            notes.append(f"best term {self.model.best_term.big_o(v)} is the upper bound of the search space; "
                         "the data may grow faster: widen upper_bound")
        elif self.at_bound == "lower":
            notes.append(f"best term {self.model.best_term.big_o(v)} is the lower bound of the search space; "
                         "widen lower_bound")
        if self.x is not None and not self.model.is_constant:
            negative = self.x[self.model.evaluate(self.x) < 0]
            if negative.size:
                notes.append("model predicts negative values at measured "
                             f"{v} = {', '.join(f'{x:g}' for x in negative)}")
        if self.verdict == INCONCLUSIVE:
            where = f"measure {v} = {self.decide_at:g}" if self.decide_at else \
                "more or less noisy measurements are needed"
            notes.append(f"{self.model.n_points} points cannot decide {self.range_text}; {where}")
        return notes

    @property
    def changes_text(self) -> str:
        """``128→256 ×9.8`` per change, ``; `` between them (empty without changes)."""
        parts = []
        for c in self.changes:
            where = f"{c.before:g}" if c.before == c.after else f"{c.before:g}→{c.after:g}"
            parts.append(f"{where} {c.factor_text}".strip())
        return "; ".join(parts)

    @property
    def changes_note(self) -> str:
        """What the changes mean for the verdict, in words."""
        v = self.variable
        where = "; ".join(c.describe(v) for c in self.changes)
        if self.regimes and all(r.result is not None for r in self.regimes):
            each = "; ".join(f"{r.span(v)}: {r.result.verdict}, model {r.result.row()['model']}"
                             for r in self.regimes)
            return f"changes behaviour {where}; verdict per regime: {each}"
        short = ", ".join(r.span(v) for r in self.regimes if r.result is None)
        return (f"changes behaviour {where}: no single expectation describes the data; regimes with fewer than "
                f"{self.min_points} points cannot be validated on their own ({short}): measure more scales "
                "within each regime")



    @property
    def verdict_text(self) -> str:
        """The verdict with what decided it when the data change behaviour (``no match (changes
        between p = 128 and 256 (×9.8))``)."""
        if not self.changes:
            return self.verdict
        return f"{self.verdict} (changes {'; '.join(c.describe(self.variable) for c in self.changes)})"

    def row(self) -> dict:
        """The table row: function-independent columns as strings/floats."""
        v = self.written_variable
        divergence = self.divergence.big_o(v)
        span = self.range_text
        if self.changes:
            validated = self.regimes and all(r.result is not None for r in self.regimes)
            if validated:
                model = " → ".join(r.result.row()["model"] for r in self.regimes)
                span, divergence = model, " → ".join(r.result.row()["divergence"] for r in self.regimes)
            else:
                model, span, divergence = "no single model", "no single model", "-"
        else:
            model = self._bounded(self.model.leading_term)
        return {
            "expectation": self.expectation.term.big_o(v),
            "model": model,
            "range": span,
            "formula": self.model.formula(v),
            "adjusted_r2": None if np.isnan(self.model.adjusted_r2) or self.changes
            else round(self.model.adjusted_r2, 4),
            "divergence": divergence,
            "verdict": self.verdict,
            "direction": self.direction,
            "deviation_limits": [self.limits.lower.big_o(v), self.limits.upper.big_o(v)],
            "changes": [c.as_pair() for c in self.changes],
        }

    def to_dict(self) -> dict:
        """JSON-ready summary, including exact exponents for regression baselines."""
        data = self.row()
        v = self.written_variable
        data.update({
            "parameter": self.variable,
            "model_term_exact": self.model.leading_term.format(v, exact=True),
            "range_exact": [self.model.range_low.format(v, exact=True), self.model.range_high.format(v, exact=True)],
            "constant": self.model.constant,
            "coefficient": self.model.coefficient,
            "points": self.model.n_points,
            "candidates": self.model.n_candidates,
            "decide_at": self.decide_at,
            "at_bound": self.at_bound,
            "notes": self.notes,
            "noise": "measured" if self.noise_known else "assumed",
            "change_factors": [c.factor_text for c in self.changes],
            "regimes": [{"from": _number(r.low), "to": _number(r.high), "points": r.points,
                         **({"verdict": r.result.verdict, "model": r.result.row()["model"],
                             "range": r.result.range_text} if r.result is not None else {"verdict": None})}
                        for r in self.regimes],
            # the search space, so that regression mode can validate in the same space later
            "search_space": {"lower_bound": None if self.lower_bound is None else
                             self.lower_bound.format(v, exact=True),
                             "upper_bound": None if self.upper_bound is None else
                             self.upper_bound.format(v, exact=True),
                             "terms": [t.format(v, exact=True) for t in self.search_terms]},
        })
        return data

    def describe(self) -> str:
        """One line such as ``expected O(log p), model O(p^0.5) …, δ = O(p^0.5 / log p): ≈ approximate``."""
        r = self.row()
        r2 = format_adjusted_r2(r["adjusted_r2"])
        span = "" if r["range"] == r["model"] else f", indistinguishable: {r['range']}"
        return (f"expected {r['expectation']}, model {r['model']} (adj. R² {r2}{span}), "
                f"δ = {r['divergence']}: {VERDICT_SYMBOLS[self.verdict]} {self.verdict_text} "
                f"(limits {r['deviation_limits'][0]} … {r['deviation_limits'][1]})")

    def verdict_line(self) -> str:
        """``Verdict: match (expected O(log p), model O(log p), δ = O(1))``, the same words everywhere."""
        r = self.row()
        return verdict_line(self.verdict_text, r["expectation"], r["model"], r["divergence"])


def _number(value: float):
    return int(value) if float(value).is_integer() and abs(value) < 2 ** 53 else float(value)


def verdict_line(verdict: str, expectation: str, model: str, divergence: str) -> str:
    """The one-line verdict printed by ``extrap --print all`` and written by ``extrap-validate``."""
    return f"Verdict: {verdict} (expected {expectation}, model {model}, δ = {divergence})"


WEIGHTINGS = ("spread", "relative", "none")


def _count_and_spread(V: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Repetitions (non-NaN) and 1.4826 × median absolute deviation of (F, points, r) values."""
    missing = np.isnan(V)
    count = np.sum(~missing, axis=2).astype(float)
    if V.shape[2] < 2:
        return count, np.zeros(count.shape)
    median = np.nanmedian if missing.any() else np.median
    centre = median(V, axis=2, keepdims=True)
    return count, 1.4826 * median(np.abs(V - centre), axis=2)


def point_noise(x, Y, Y_agg, shrink: float = 10.0) -> np.ndarray:
    """(F, n) noise of each aggregated point relative to its value, from its repetitions; NaN rows
    where the repetitions say nothing about the noise (none, or no spread among them).

    The robust spread (1.4826 × median absolute deviation) relative to the aggregate, shrunk
    towards the series' median relative spread with the weight of ``shrink`` repetitions (3-5
    repetitions say little about a variance on their own), over the square root of the number of
    repetitions. Points without repetitions take the pooled relative spread. Aggregates near
    zero are floored at 10⁻⁶ × the series' largest magnitude.

    Raises:
        InvalidInputError: negative ``shrink``.
    """
    if not shrink >= 0:
        raise InvalidInputError(f"shrink must be a number >= 0, got {shrink!r}")
    magnitude = np.abs(Y_agg)
    floor = 1e-6 * np.max(magnitude, axis=1, keepdims=True)
    scale = np.maximum(magnitude, floor)
    x_u, inverse = np.unique(np.asarray(x, dtype=float), return_inverse=True)
    Y = Y if Y.ndim == 3 else Y[:, :, None]
    F = Y.shape[0]
    spread, count = np.zeros_like(Y_agg), np.zeros_like(Y_agg)
    sizes = np.bincount(inverse, minlength=len(x_u))
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN rows: no spread, handled below
        if np.all(sizes == sizes[0]):  # the usual layout: one array (F, points, repetitions)
            count, spread = _count_and_spread(Y[:, np.argsort(inverse, kind="stable"), :].reshape(F, len(x_u), -1))
        else:
            for i in range(len(x_u)):
                c, m = _count_and_spread(Y[:, inverse == i, :].reshape(F, 1, -1))
                count[:, i], spread[:, i] = c[:, 0], m[:, 0]
        relative = (spread / np.where(scale > 0, scale, 1.0)) ** 2
        informative = np.isfinite(relative) & (count > 1)
        pooled = np.median(relative, axis=1, keepdims=True) if informative.all() else \
            np.nanmedian(np.where(informative, relative, np.nan), axis=1, keepdims=True)
        measured = np.isfinite(pooled[:, 0]) & (pooled[:, 0] > 0)
        pooled = np.where(measured[:, None], pooled, 1.0)
        dof = np.where(informative, count - 1, 0.0)
        shrunk = (np.where(informative, relative, 0.0) * dof + pooled * shrink) / np.maximum(dof + shrink, 1e-300)
        shrunk = np.where(dof + shrink > 0, shrunk, pooled)
        noise = np.sqrt(shrunk / np.maximum(count, 1))
    return np.where(measured[:, None], noise, np.nan)


def point_weights(x, Y, Y_agg, method: str = "spread", shrink: float = 10.0) -> Optional[np.ndarray]:
    """(F, n) weights of the aggregated points (inverse variances, up to a factor per row), or None.

    Cost measurements are heteroscedastic: noise is relative (a few per cent of the value) and
    the values span orders of magnitude over the measured scales, so an unweighted fit is decided
    by the largest one or two points and cannot tell neighbouring terms apart on the rest.

    * ``spread`` (default): the inverse variance of each point's aggregate from its repetitions
      (:func:`point_noise`). A series without repetitions (or with no spread among them) is
      fitted unweighted: it says nothing about its noise, and weights from the values alone
      (``relative``) make a constant look better than it is (relative residuals of a constant
      stay below 1).
    * ``relative``: 1/aggregate² (constant relative noise).
    * ``none``: equal weights (the previous engine's unweighted fit).

    Aggregates near zero are floored at 10⁻⁶ × the series' largest magnitude so that no point
    takes all the weight; rows whose weights are not finite get equal weights.

    Args:
        x: parameter values (N,), repeated per repetition.
        Y: values (F, N) or (F, N, r), NaN for missing repetitions.
        Y_agg: the aggregates (F, n) over the sorted distinct ``x``.
        method: ``spread``, ``relative`` or ``none``.
        shrink: prior weight (in repetitions) of the pooled relative spread.

    Raises:
        InvalidInputError: unknown ``method`` or negative ``shrink``.
    """
    if method not in WEIGHTINGS:
        raise InvalidInputError(f"weighting must be one of {', '.join(WEIGHTINGS)}, got {method!r}")
    if not shrink >= 0:
        raise InvalidInputError(f"shrink must be a number >= 0, got {shrink!r}")
    if method == "none":
        return None
    magnitude = np.abs(Y_agg)
    floor = 1e-6 * np.max(magnitude, axis=1, keepdims=True)
    scale = np.maximum(magnitude, floor)
    if method == "relative":
        variance = scale ** 2
    else:
        noise = point_noise(x, Y, Y_agg, shrink)
        # no repetitions (or no spread among them): nothing to weigh by, unweighted as before
        variance = np.where(np.isfinite(noise), (noise * scale) ** 2, 1.0)
    with np.errstate(all="ignore"):
        weights = 1.0 / variance
    ok = np.all(np.isfinite(weights) & (weights > 0), axis=1)
    return np.where(ok[:, None], weights, 1.0)


#: terms whose values over the measured parameter values span more than this factor are left out
#: of the data's own space: next to their largest value the smallest are below double precision's
#: rounding (2^-52), so ``c0 + c1·t`` is a constant plus one point (2^(p/4) over p = 32 … 512)
MAX_TERM_SPAN = 2.0 ** 52


def usable_terms(space: SearchSpace, x) -> SearchSpace:
    """``space`` without the terms that span more than :data:`MAX_TERM_SPAN` over ``x`` (the
    constant and finite, positive terms only)."""
    x = np.asarray(x, dtype=float)
    kept = []
    with np.errstate(all="ignore"):
        for term in space.terms:
            if term.is_constant:
                kept.append(term)
                continue
            t = term.evaluate(x)
            positive = t[t > 0]
            if positive.size and np.all(np.isfinite(t)) and np.max(positive) <= MAX_TERM_SPAN * np.min(positive):
                kept.append(term)
            elif not positive.size or not np.all(np.isfinite(t)):
                kept.append(term)  # log terms at x = 1 (0) and undefined ones: the fit handles them as before
    return SearchSpace(kept, space.function_class, space.lower, space.upper)


def magnitude_scale(Y_agg: np.ndarray) -> np.ndarray:
    """(F,) powers of two near each series' largest magnitude (1 for an all-zero series).

    Dividing by a power of two is exact, so a series and the same series in another unit give
    the same fit, and values near 1e±300 neither overflow nor underflow when squared.
    """
    largest = np.max(np.abs(Y_agg), axis=1)
    with np.errstate(divide="ignore"):
        exponent = np.where(largest > 0, np.frexp(np.where(largest > 0, largest, 1.0))[1], 0)
    # 2^1024 is beyond double precision: values near the largest double get 2^1023 (quotient < 2)
    return np.ldexp(1.0, np.minimum(exponent.astype(int), 1023))


def check_finite_series(x, Y_agg: np.ndarray, variable: str = "p") -> None:
    """Raises InvalidInputError naming the series and points with NaN or infinite aggregates; an
    infinite value is named as an overflow (a number beyond ±1.8e308 cannot be represented)."""
    bad = ~np.all(np.isfinite(Y_agg), axis=1)
    if not np.any(bad):
        return
    rows = np.flatnonzero(bad)
    first = Y_agg[rows[0]]
    where = ", ".join(f"{variable} = {v:g}" for v in np.asarray(x)[~np.isfinite(first)][:5])
    if np.any(np.isinf(Y_agg[rows])):
        raise InvalidInputError(
            f"series {rows[:5].tolist()} contain infinite values (first at {where}): a value beyond "
            "±1.8e308 overflows double precision; give the values in a larger unit")
    raise InvalidInputError(f"series {rows[:5].tolist()} contain NaN values (first at {where})")


def rescaled(fit: FitResult, scale: float) -> FitResult:
    """``fit`` (made on values divided by ``scale``) in the values' own unit."""
    if scale == 1.0:
        return fit
    with np.errstate(over="ignore", invalid="ignore"):
        return replace(fit, constant=fit.constant * scale, coefficient=fit.coefficient * scale,
                       noise=fit.noise * scale,
                       candidates=[(t, c0 * scale, c1 * scale) for t, c0, c1 in fit.candidates])


def aggregate_columns(x, Y, aggregation: str) -> np.ndarray:
    """Aggregates (F, n) or (F, n, r) values over repetitions into (F, len(unique(x))).

    Columns with the same ``x`` are repetitions of that point; so is the last axis of a 3-D
    array. NaN marks a missing repetition.
    """
    reducer = repetition_reducer(aggregation)
    x_u, inverse = np.unique(x, return_inverse=True)
    if Y.ndim == 2 and len(x_u) == len(x):
        return Y[:, np.argsort(x)]
    if Y.ndim == 2:
        Y = Y[:, :, None]
    # all-NaN points give NaN without a warning (reported by the caller)
    with np.errstate(all="ignore"):
        return np.stack([reducer(Y[:, inverse == i, :].reshape(Y.shape[0], -1), axis=1)
                         for i in range(len(x_u))], axis=1)


class ScalabilityValidator:
    """Estimator that validates one series against an expectation.

    Args (stored unchanged, validated in :meth:`fit`):
        expectation: string such as ``"O(p log p)"`` or an :class:`Expectation`.
        deviation: D (string/term) or ``None`` for the default (half the leading exponent).
        lower_bound, upper_bound: search-space bounds (default 1 and E²).
        depth, refinement, extra_exponents, extra_terms: see
            :func:`~extrap_segmented.expectations.search_space.build_search_space`.
        aggregation: ``mean``, ``median``, ``min`` or ``q1`` for repetitions.
        alpha: level of the F-tests of ``criterion="ftest"`` (the previous engine).
        min_points: minimum distinct parameter values.
        prefer_expectation: keep the expectation as the model unless another candidate fits
            is distinguishably better; ``False`` takes the best alone.
        criterion: ``aicc`` (small-sample model choice with uncertainty range) or ``ftest``.
        delta: AICc difference up to which terms are indistinguishable (default 2).
        weighting: ``spread`` (default: each point weighted by the inverse variance of its
            aggregate, from the repetitions' spread), ``relative`` or ``none`` (unweighted, the
            previous fit); see :func:`point_weights`.
        shrink: prior weight, in repetitions, of the series' pooled relative spread.
        trend: ``rising`` (default: a series rising at every step is never O(1)) or ``2x`` (only
            when it also ends at >= 2x its first value, the engine before); see
            :func:`~extrap_segmented.expectations.fit.select_models`.
        verdict_rule: ``range`` (default: the issue's rule on the range of indistinguishable
            terms, :func:`judge_range`) or ``weights`` (:func:`judge_weights`, decided by the
            Akaike weight of the candidates within and outside the limits).
        weight_threshold: the weight share a side needs for ``verdict_rule="weights"``.
        variable: parameter name for printing (default: the expectation's).

    Fitted attributes: ``expectation_``, ``search_space_``, ``limits_``, ``result_``.
    """

    def __init__(self, expectation="O(p)", *, deviation=None, lower_bound=None, upper_bound=None,
                 depth=2, refinement=0, extra_exponents=(), extra_terms=(), aggregation="median",
                 alpha=ENTRY["alpha"].default, min_points=MIN_POINTS, prefer_expectation=True, variable=None,
                 criterion="aicc", delta=2.0, weighting="spread", shrink=10.0, trend="rising",
                 verdict_rule="range", weight_threshold=0.6, search="data", noise_floor=NOISE_FLOOR,
                 assumed_noise=ASSUMED_NOISE, steps=True):
        self.expectation = expectation
        self.deviation = deviation
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound
        self.depth = depth
        self.refinement = refinement
        self.extra_exponents = extra_exponents
        self.extra_terms = extra_terms
        self.aggregation = aggregation
        self.alpha = alpha
        self.min_points = min_points
        self.prefer_expectation = prefer_expectation
        self.variable = variable
        self.criterion = criterion
        self.delta = delta
        self.weighting = weighting
        self.shrink = shrink
        self.trend = trend
        self.verdict_rule = verdict_rule
        self.weight_threshold = weight_threshold
        self.search = search
        self.noise_floor = noise_floor
        self.assumed_noise = assumed_noise
        self.steps = steps

    def _prepare(self):
        expectation = self.expectation
        if not isinstance(expectation, Expectation):
            expectation = parse_expectation(expectation)
        self.expectation_ = expectation
        self.limits_ = deviation_limits(expectation.term, self.deviation)
        check_options(self, {**{name: VALIDATOR[name] for name in ("depth", "refinement", "prefer_expectation")},
                             "alpha": ENTRY["alpha"]})
        if self.search not in SEARCHES:
            raise InvalidInputError(f"search must be one of {', '.join(SEARCHES)}, got {self.search!r}")
        for name in ("noise_floor", "assumed_noise"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < 1:
                raise InvalidInputError(f"{name} must be a number in [0, 1) (a relative noise level), got {value!r}")
        if self.search == "data":
            # bounds given for a series must still admit the expectation (a typo otherwise)
            build_search_space(expectation.term, lower_bound=self.lower_bound, upper_bound=self.upper_bound,
                               depth=0) if (self.lower_bound, self.upper_bound) != (None, None) else None
            # one space whatever the expectation: the model is a fact about the data
            self.search_space_: SearchSpace = build_data_space(
                lower_bound=self.lower_bound, upper_bound=self.upper_bound, depth=self.depth,
                refinement=self.refinement, extra_exponents=self.extra_exponents, extra_terms=self.extra_terms)
        else:
            self.search_space_ = build_search_space(
                expectation.term, lower_bound=self.lower_bound, upper_bound=self.upper_bound,
                depth=self.depth, refinement=self.refinement, extra_exponents=self.extra_exponents,
                extra_terms=self.extra_terms)
        self.aggregation_ = aggregation_name(self.aggregation)
        self.variable_ = self.variable or expectation.variable or "p"
        _check_variables(self, expectation)

    def fit(self, x, y) -> "ScalabilityValidator":
        """Fits the model of ``y`` over ``x`` (repetitions as repeated ``x`` or (n, r) ``y``)."""
        self.result_ = self.validate_many(x, np.asarray(y, dtype=float)[None, ...])[0]
        return self

    def validate_many(self, x, Y) -> list[ValidationResult]:
        """Validates many series measured at the same parameter values in one vectorised fit.

        Args:
            x: parameter values (n,), repeated per repetition or distinct.
            Y: values (F, n) or (F, n, r) with NaN for missing repetitions.

        Returns:
            One :class:`ValidationResult` per series.

        Raises:
            InvalidInputError: too few points, bad parameter values, non-finite data.
        """
        self._prepare()
        Y = np.asarray(Y, dtype=float)
        if Y.ndim not in (2, 3):
            raise InvalidInputError(f"values must have shape (functions, points[, repetitions]), got {Y.shape}")
        x = np.asarray(x, dtype=float)
        if x.ndim != 1 or x.shape[0] != Y.shape[1]:
            raise InvalidInputError(f"{x.shape} parameter values do not match values of shape {Y.shape}")
        x_u = np.unique(x)
        # Memory grows with functions x candidates x points: large batches are validated in parts
        # (each series' result depends on its own row only, so the parts give the same results).
        rows = max(1, BATCH_ELEMENTS // ((len(self.search_space_) + len(PROBE_TERMS)) * len(x_u)))
        if Y.shape[0] > rows:
            return [r for start in range(0, Y.shape[0], rows) for r in self.validate_many(x, Y[start:start + rows])]
        space = self.search_space_
        if self.search == "data" and np.any(x_u < 1) and np.all(x_u > 0):
            # log terms are undefined below 1: the data's own space keeps the others (the
            # expectation's own log term, if any, still needs values >= 1 and says so)
            space = SearchSpace([t for t in space.terms if not t.has_log], space.function_class, space.lower,
                                space.upper)
        if self.search == "data":
            space = usable_terms(space, x_u)
        needs_log = space.has_log or (self.search == "data" and self.expectation_.term.has_log)
        check_parameter_values(x_u, needs_log=needs_log, min_points=self.min_points)
        Y_agg = aggregate_columns(x, Y, self.aggregation_)
        check_finite_series(x_u, Y_agg, self.variable_)
        if self.verdict_rule not in VERDICT_RULES:
            raise InvalidInputError(f"verdict_rule must be one of {', '.join(VERDICT_RULES)}, got {self.verdict_rule!r}")
        if not 0.5 <= self.weight_threshold <= 1:
            raise InvalidInputError(f"weight_threshold must be within 0.5 ... 1, got {self.weight_threshold!r}")
        # the fit runs in units of a power of two near each series' largest value: exact, so the
        # same data in any unit get the same bits, and neither 1e-300 nor 1e300 under- or overflows
        scale = magnitude_scale(Y_agg)
        Y_n = Y / scale.reshape((-1,) + (1,) * (Y.ndim - 1))
        Y_agg_n = Y_agg / scale[:, None]
        data_mode = self.search == "data"
        aicc = self.criterion == "aicc"
        expectation = self.expectation_.term
        preferred = expectation if self.prefer_expectation else None
        if not aicc:
            probes = []
        elif data_mode:
            probes = [t for t in build_data_space().terms if t > space.upper] if self.upper_bound is not None else []
            probes = [t for t in probes if np.all(x_u >= 1) or not t.has_log]
        else:
            probes = probe_terms(space, x_u)
        noise = point_noise(x, Y_n, Y_agg_n, self.shrink) if aicc and self.weighting == "spread" else None
        measured = np.zeros(len(Y_agg), dtype=bool) if noise is None else np.all(np.isfinite(noise), axis=1)
        weights = point_weights(x, Y_n, Y_agg_n, self.weighting if aicc else "none", self.shrink)
        if data_mode and weights is not None and not measured.all():
            # no measured noise: assume it relative to the values (costs are), as the floor is
            relative = point_weights(x, Y_n, Y_agg_n, "relative")
            weights = np.where(measured[:, None], weights, relative)
        floors = np.where(measured, self.noise_floor, self.assumed_noise) if aicc and data_mode else 0.0
        candidates = list(space.terms) + probes
        choosable = None
        if data_mode and preferred is not None and preferred not in candidates:
            candidates.append(preferred)  # scored for "match" only, never the model
            choosable = [True] * (len(candidates) - 1) + [False]
        fits = fit_models(x_u, Y_agg_n, candidates, self.alpha, preferred,
                          (self.limits_.lower, self.limits_.upper), criterion=self.criterion, delta=self.delta,
                          weights=weights, trend=self.trend, noise_floor=floors, choosable=choosable,
                          choose_preferred=not data_mode, assumed=~measured & data_mode)
        inside = fit_models(x_u, Y_agg_n, space.terms, criterion=self.criterion, delta=self.delta, weights=weights,
                            trend=self.trend, noise_floor=floors, assumed=~measured & data_mode) \
            if probes and any(f.term > space.upper for f in fits) else None
        sigmas = self._point_sigmas(noise, measured, Y_agg.shape)
        changes = self._changes(x, Y, x_u, Y_agg, sigmas, measured, space) if self.steps and aicc else \
            [[] for _ in range(len(Y_agg))]
        # the data's own space has no bound near E; the paper's default bound E² still says how
        # fast is too fast to be E with a few terms fitting about as well
        upper = space.upper if not data_mode or self.upper_bound is not None else default_upper_bound(expectation)
        results = []
        for i, (fit, y_row) in enumerate(zip(fits, Y_agg)):
            bound = None if fit.best_term == expectation else \
                "upper" if fit.best_term >= upper else \
                "lower" if fit.best_term == space.lower and not space.lower.is_constant else None
            verdict = judge_range(fit.leading_term, fit.range_low, fit.range_high, self.limits_,
                                  fit.best_term, bound)
            if data_mode and preferred is not None and fit.preferred_delta <= self.delta:
                verdict = MATCH  # E fits about as well as the data's own model
            if self.verdict_rule == "weights" and fit.mass is not None:
                verdict = judge_weights(verdict, fit.mass, self.weight_threshold, bound)
            decide = deciding_measurement(x_u, fit.candidates, self.limits_, fit.noise) \
                if verdict == INCONCLUSIVE else None
            if fit.term > space.upper:
                # the model shown stays in the search space (the paper's semantics); the range and
                # the verdict keep what the probes beyond it showed
                fit = replace(inside[i], range_low=fit.range_low, range_high=fit.range_high,
                              best_term=fit.best_term, candidates=fit.candidates, noise=fit.noise, mass=fit.mass,
                              preferred_delta=fit.preferred_delta, relative_rms=fit.relative_rms)
            fit = rescaled(fit, float(scale[i]))
            if decide is not None:
                decide = float(decide)
            result = ValidationResult(self.expectation_, fit, self.limits_, verdict, self.variable_, x_u,
                                      y_row, space.lower, space.upper, decide, tuple(space.terms),
                                      noise_known=bool(measured[i]), min_points=self.min_points)
            if changes[i]:
                result = self._with_changes(result, changes[i], x, Y[i])
            results.append(result)
        return results

    def _point_sigmas(self, noise, measured, shape) -> np.ndarray:
        """(F, n) relative noise of each aggregate: measured (at least ``noise_floor``) or assumed."""
        if noise is None:
            return np.full(shape, self.assumed_noise)
        with np.errstate(invalid="ignore"):
            return np.where(measured[:, None], np.maximum(np.nan_to_num(noise, nan=1.0), self.noise_floor),
                            self.assumed_noise)

    def _changes(self, x, Y, x_u, Y_agg, sigmas, measured, space) -> list:
        """Per series, its changes of behaviour (:func:`~extrap_segmented.expectations.steps.find_changes`)."""
        from extrap_segmented.expectations.steps import find_changes
        counts = repetition_counts(x, Y)
        repetitions = [counts[i] if measured[i] else None for i in range(len(Y_agg))]
        return find_changes(x_u, Y_agg, sigmas, space.terms, repetitions=repetitions)

    def _with_changes(self, result: "ValidationResult", changes, x, y) -> "ValidationResult":
        """``result`` with its changes, the regimes between them and their own validations where
        they have enough points; the verdict is the worst regime's, or no match when a regime is
        too short (no single expectation describes the data)."""
        x_u = result.x
        bounds = [0] + [c.index for c in changes] + [len(x_u)]
        regimes = []
        for k, (lo, hi) in enumerate(zip(bounds, bounds[1:])):
            if k + 1 < len(bounds) - 1 and changes[k].before == changes[k].after:
                hi += 1  # a change of slope at a measured point: the point belongs to both regimes
            part = x_u[lo:hi]
            regime = Regime(float(part[0]), float(part[-1]), len(part))
            if len(part) >= self.min_points:
                keep = (x >= part[0]) & (x <= part[-1])
                sub = replace_options(self, steps=False)
                try:
                    regime.result = sub.validate_many(x[keep], y[keep][None, ...])[0]
                except InvalidInputError:
                    regime.result = None
            regimes.append(regime)
        if all(r.result is not None for r in regimes):
            verdict = max((r.result.verdict for r in regimes), key=VERDICT_ORDER.__getitem__)
        else:
            # a jump is growth no term of the expectation describes (an O(1) cost that jumps ×10^600
            # is not O(1)), and a regime of fewer points cannot be validated on its own
            verdict = NO_MATCH
        return replace(result, verdict=verdict, changes=tuple(changes), regimes=tuple(regimes), decide_at=None)

    @property
    def verdict_(self) -> str:
        """Verdict of the fitted series.

        Raises:
            NotFittedError: read before :meth:`fit`.
        """
        if not hasattr(self, "result_"):
            raise NotFittedError("ScalabilityValidator.verdict_ read before fit")
        return self.result_.verdict


def _check_variables(validator: "ScalabilityValidator", expectation: Expectation) -> None:
    """The deviation and the bounds must be written in the expectation's parameter: a bound in
    ``q`` on an expectation in ``p`` is not a bound in ``p``."""
    named = validator.variable or expectation.variable
    for key in ("deviation", "lower_bound", "upper_bound"):
        value = getattr(validator, key)
        if not isinstance(value, str):
            continue
        variable = parse_expectation(value, allow_decreasing=True).variable
        if variable is not None and named is not None and variable != named:
            raise InvalidInputError(f"{key} {value!r} is in parameter {variable!r}, but the expectation "
                                    f"{expectation.text!r} is in {named!r}")
        named = named or variable


def replace_options(validator: ScalabilityValidator, **changes) -> ScalabilityValidator:
    """A new, unfitted validator with ``validator``'s options and ``changes``."""
    import inspect
    names = [n for n in inspect.signature(ScalabilityValidator.__init__).parameters if n != "self"]
    options = {n: getattr(validator, n) for n in names if n != "expectation"}
    options.update(changes)
    return ScalabilityValidator(validator.expectation, **options)


def repetition_counts(x, Y) -> np.ndarray:
    """(F, n) number of non-NaN repetitions of each distinct ``x`` (``Y`` (F, N) or (F, N, r))."""
    Y = np.asarray(Y, dtype=float)
    Y = Y if Y.ndim == 3 else Y[:, :, None]
    x_u, inverse = np.unique(np.asarray(x, dtype=float), return_inverse=True)
    present = ~np.isnan(Y)
    return np.stack([np.sum(present[:, inverse == i, :].reshape(Y.shape[0], -1), axis=1)
                     for i in range(len(x_u))], axis=1)


def validate_series(x, y, expectation, **options) -> ValidationResult:
    """One-call validation: ``validate_series(p, times, "O(log p)", aggregation="q1")``.

    Keyword options are those of :class:`ScalabilityValidator`.
    """
    return ScalabilityValidator(expectation, **options).fit(x, y).result_


def validate_term(model, expectation, deviation=None) -> str:
    """Verdict for a model term given directly (e.g. from a saved model)."""
    e = as_term(expectation, what="expectation")
    return judge(as_term(model, what="model"), deviation_limits(e, deviation))
