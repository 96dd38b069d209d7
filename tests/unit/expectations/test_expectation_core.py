"""Expectation parsing, classes, deviation limits, ruler search spaces, fits and verdicts."""
from __future__ import annotations

from fractions import Fraction as Fr

import numpy as np
import pytest

from extrap_segmented.expectations.complexity import (ComplexityTerm as T, default_deviation, deviation_limits,
                                                     parse_expectation)
from extrap_segmented.exceptions import ExpectationSyntaxError, InvalidInputError
from extrap_segmented.expectations.fit import ExpectationFit, aggregate_repetitions
from extrap_segmented.expectations.search_space import build_search_space, ruler_exponents
from extrap_segmented.expectations.synthetic import generate_cases, scaling_series
from extrap_segmented.expectations.validation import (ScalabilityValidator, judge, validate_series,
                                                     validate_term)

P = 2.0 ** np.arange(3, 13)


@pytest.mark.parametrize("text, term, cls", [
    ("O(1)", T(), "F1"),
    ("O(log p)", T(log=1), "F1"),
    ("O(p log p)", T(power=1, log=1), "F2"),
    ("O(p^1.5)", T(power=Fr(3, 2)), "F2"),
    ("O(sqrt(p) * log(p)^2)", T(power=Fr(1, 2), log=2), "F2"),
    ("O(k^3 * 2^k)", T(exp2=1, power=3), "F3"),
    ("O(log^2 p)", T(log=2), "F1"),
    ("O(n^2 + n log n)", T(power=2), "F2"),
    ("O(4^k)", T(exp2=2), "F3"),
    ("p·log(p)", T(power=1, log=1), "F2"),
])
def test_parse_examples_and_classes(text, term, cls):
    parsed = parse_expectation(text)
    assert parsed.term == term
    assert parsed.term.class_name == cls


@pytest.mark.parametrize("text, position, fragment", [
    ("O(p log ^ p)", 10, "after 'log^'"),
    ("O(p $ 2)", 4, "unexpected character '$'"),
    ("O(p - 1)", 4, "subtraction"),
    ("O(p", 3, "to close 'O('"),
    ("O(log p^2)", 7, "ambiguous"),
    ("O(p n)", 4, "second parameter 'n'"),
    ("O(k^k)", 4, "base is a number"),
    ("O(1/p)", 2, "shrinks"),
])
def test_syntax_errors_point_at_the_character(text, position, fragment):
    with pytest.raises(ExpectationSyntaxError) as info:
        parse_expectation(text)
    message = str(info.value)
    assert info.value.position == position
    assert fragment in message
    caret_line = message.splitlines()[-1]
    assert caret_line.index("^") - 2 == position  # two spaces of indentation


def test_default_deviation_halves_the_leading_exponent():
    assert default_deviation(T(power=1)) == T(power=Fr(1, 2))           # E = p -> D = sqrt(p)
    assert default_deviation(T(log=1)) == T(log=Fr(1, 2))
    assert default_deviation(T(exp2=1, power=3)) == T(exp2=Fr(1, 2))    # k^3 2^k -> 2^(k/2)
    limits = deviation_limits(T(power=1))
    assert limits.lower == T(power=Fr(1, 2)) and limits.upper == T(power=Fr(3, 2))
    with pytest.raises(InvalidInputError, match="must grow"):
        deviation_limits("O(p)", "O(1)")


def test_default_search_space_for_p_is_the_papers():
    # {1, log p, p^1/4, p^1/4 log p, sqrt p, ..., p, p log p, ..., p^7/4 log p, p^2}
    quarter = [Fr(i, 4) for i in range(9)]
    expected = sorted({T(power=e, log=j) for e in quarter for j in (0, 1)} - {T(power=2, log=1)})
    space = build_search_space("O(p)")
    assert space.terms == expected
    assert len(space) == 17
    assert space.format() .startswith("{1, log p, p^0.25, p^0.25 log p, p^0.5,")
    assert space.format().endswith("p^1.75 log p, p^2}")


def test_ruler_refinement_and_user_options():
    assert ruler_exponents(0, 2, depth=1) == [0, Fr(1, 2), 1, Fr(3, 2), 2]
    space = build_search_space("O(k^3 2^k)", refinement=1)
    assert T(exp2=1, power=4) in space.terms and T(exp2=1, power=2) in space.terms
    wide = build_search_space("O(log p)", upper_bound="p^2", extra_exponents=["1/3"])
    assert T(power=Fr(1, 3), log=1) in wide.terms and T(power=2) in wide.terms
    with pytest.raises(InvalidInputError, match="do not contain the expectation"):
        build_search_space("O(p^2)", upper_bound="p")


def test_fit_recovers_exact_functions():
    space = build_search_space("O(p)").terms
    for term in (T(log=1), T(power=1), T(power=1, log=1), T(power=Fr(3, 2))):
        fit = ExpectationFit(space).fit(P, 7 + 0.5 * term.evaluate(P))
        assert fit.term_ == term
        assert fit.result_.coefficient == pytest.approx(0.5, rel=1e-6)
        assert fit.result_.constant == pytest.approx(7, rel=1e-6)
        assert fit.adjusted_r2_ == pytest.approx(1.0)


def test_pure_noise_gives_the_constant_model():
    rng = np.random.default_rng(3)
    result = validate_series(np.repeat(P, 5), 10 * (1 + 0.05 * rng.standard_normal(50)), "O(1)")
    assert result.model.is_constant and result.verdict == "match"
    assert np.isnan(result.model.adjusted_r2)


def test_aggregations():
    x = np.array([1, 1, 1, 1, 2, 2, 2, 2.0])
    y = np.array([1, 2, 3, 10, 4, 5, 6, 7.0])
    assert aggregate_repetitions(x, y, "mean")[1].tolist() == [4.0, 5.5]
    assert aggregate_repetitions(x, y, "median")[1].tolist() == [2.5, 5.5]
    assert aggregate_repetitions(x, y, "min")[1].tolist() == [1.0, 4.0]
    assert aggregate_repetitions(x, y, "q1")[1].tolist() == [1.75, 4.75]
    with pytest.raises(InvalidInputError, match="unknown aggregation 'max'"):
        aggregate_repetitions(x, y, "max")


@pytest.mark.parametrize("x, fragment", [
    (P[:4], "at least 5 distinct parameter values are needed"),
    (np.array([0.5, 1, 2, 4, 8]), "log terms, which need parameter values >= 1; got 0.5"),
    (np.array([0, 1, 2, 4, 8.0]), "must be > 0, got 0"),
    (np.array([-2, 1, 2, 4, 8.0]), "must be > 0, got -2"),
])
def test_bad_parameter_values(x, fragment):
    # O(log p) needs log p at every measured value; the data's own space drops its log terms below 1
    with pytest.raises(InvalidInputError, match=fragment.replace("(", r"\(")):
        validate_series(x, 1 + x, "O(log p)")
    with pytest.raises(InvalidInputError, match=fragment.replace("(", r"\(")):
        validate_series(x, 1 + x, "O(p)", search="expectation")


def test_values_below_one_validate_without_log_terms():
    x = np.array([0.5, 1, 2, 4, 8])
    result = validate_series(x, 1 + x, "O(p)")
    assert result.verdict == "match" and not any(t.has_log for t in result.search_terms)


def test_no_log_terms_allow_parameter_values_below_one():
    x = np.array([0.25, 0.5, 1, 2, 4, 8])
    result = validate_series(x, 1 + x ** 2, "O(2^k)")  # F3 space: powers of x, no logs
    assert result.verdict in ("match", "approximate", "no match")


def test_papers_table_2_verdicts_with_sqrt_p_deviation():
    # Piz Daint / Juropa rows of Table 2 (expectation, model, deviation sqrt(p)).
    rows = [("O(log p)", "p^0.67 log p", "no match", "O(p^0.67)"),
            ("O(log p)", "p^0.33", "approximate", "O(p^0.33 / log p)"),
            ("O(log p)", "p^0.5", "approximate", "O(p^0.5 / log p)"),
            ("O(log p)", "p^0.5 log p", "approximate", "O(p^0.5)"),       # on the limit: inclusive
            ("O(p log p)", "p^1.25", "approximate", "O(p^0.25 / log p)"),
            ("O(log p)", "p^1.25 log p", "no match", "O(p^1.25)"),
            ("O(1)", "p", "no match", "O(p)"),
            ("O(p)", "p", "match", "O(1)")]
    for expectation, model, verdict, divergence in rows:
        assert validate_term(model, expectation, "sqrt(p)") == verdict, (expectation, model)
        e, g = parse_expectation(expectation).term, parse_expectation(model).term
        assert (g / e).big_o("p") == divergence


def test_verdicts_on_noisy_series_and_divergence():
    y = scaling_series("p^0.5", P, noise=0.05, rng=4)
    result = validate_series(np.repeat(P, 5), y.ravel(), "O(log p)", upper_bound="p^2", aggregation="q1")
    assert result.model.leading_term == T(power=Fr(1, 2))
    assert result.row()["divergence"] == "O(p^0.5 / log p)"
    assert result.verdict == "no match"
    assert "δ = O(p^0.5 / log p)" in result.describe()


def test_mafia_exponential_expectations():
    # Table 4: every kernel matched or stayed inside the deviation limits; the exact exponents
    # of k and 2^k trade off against each other at 5 % noise (k^4 2^k ~ k^2 2^(1.25k) on 3..16).
    k = np.arange(3, 17, dtype=float)
    cases = [("O(k^3 * 2^k)", "k^4 2^k", {"match", "approximate"}),   # gen
             ("O(k^4 * 2^k)", "k^4 2^k", {"match"}),                  # dedup
             ("O(k * 2^k)", "k 2^k", {"match"}),                      # pcount
             ("O(k^3 * 2^k)", "k^2 2^k", {"match", "approximate"}),   # unjoin
             ("O(k^4)", "k^4 2^k", {"no match"})]                     # a polynomial expectation fails
    for seed in range(3):
        for i, (expectation, truth, verdicts) in enumerate(cases):
            y = scaling_series(truth, k, noise=0.05, repetitions=5, rng=10 * seed + i)
            result = validate_series(np.repeat(k, 5), y.ravel(), expectation)
            assert result.verdict in verdicts, (expectation, truth, result.describe())
    exact = validate_series(k, 0.3 + 1e-6 * k ** 4 * 2 ** k, "O(k^3 * 2^k)", refinement=1)
    assert exact.row()["model"] == "O(k^4 2^k)" and exact.row()["divergence"] == "O(k)"
    assert exact.verdict == "approximate"


def test_verdict_accuracy_on_seeded_sample():
    cases = generate_cases(400, seed=11)
    right = 0
    for expectation in set(cases.expectations):
        idx = [i for i, e in enumerate(cases.expectations) if e == expectation]
        validator = ScalabilityValidator(expectation)
        for i, result in zip(idx, validator.validate_many(cases.x, cases.values[idx])):
            right += result.verdict == judge(cases.truths[i], validator.limits_)
    assert right / len(cases.expectations) >= 0.93


def test_validate_many_matches_single_fits():
    cases = generate_cases(20, seed=2, expectations=("O(p)",))
    many = ScalabilityValidator("O(p)").validate_many(cases.x, cases.values)
    assert len(many) == len(cases.values) == 20  # zip alone would pass a short or empty result
    for values, result in zip(cases.values, many):
        single = validate_series(np.repeat(cases.x, values.shape[1]), values.ravel(), "O(p)")
        assert single.model.term == result.model.term
        assert single.model.coefficient == pytest.approx(result.model.coefficient)


def test_model_formula_shows_the_sign_of_each_coefficient():
    from extrap_segmented.expectations.complexity import parse_expectation
    from extrap_segmented.expectations.fit import FitResult
    term = parse_expectation("O(log^2 p)").term
    grows = FitResult(term=term, constant=-6.03e-5, coefficient=4.35e-6, adjusted_r2=0.88, p_value=0.0,
                      n_points=6, n_candidates=9)
    shrinks = FitResult(term=term, constant=1e-3, coefficient=-2e-6, adjusted_r2=0.5, p_value=0.0,
                        n_points=6, n_candidates=9)
    assert grows.formula() == "-6.03e-05 + 4.35e-06 · log^2 p"
    assert shrinks.formula() == "0.001 - 2e-06 · log^2 p"
