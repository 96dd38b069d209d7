"""Expectations over several parameters: factors, refusals, the verdict over all (no Extra-P)."""
from __future__ import annotations

import pytest

from extrap_segmented.exceptions import ExpectationSyntaxError
from extrap_segmented.expectations.complexity import ComplexityTerm
from extrap_segmented.expectations.multi import parse_multi_expectation, worst_verdict


@pytest.mark.parametrize("text, factors", [
    ("O(p*n)", {"p": ComplexityTerm(power=1), "n": ComplexityTerm(power=1)}),
    ("O(p log p · n)", {"p": ComplexityTerm(power=1, log=1), "n": ComplexityTerm(power=1)}),
    ("O(n^2/p)", {"n": ComplexityTerm(power=2), "p": ComplexityTerm(power=-1)}),
    ("O(sqrt(p n))", {"p": ComplexityTerm(power=0.5), "n": ComplexityTerm(power=0.5)}),
    ("O(log p)", {"p": ComplexityTerm(log=1)}),
])
def test_multi_parameter_expectations_split_into_one_factor_per_parameter(text, factors):
    parsed = parse_multi_expectation(text)
    assert {name: e.term for name, e in parsed.factors.items()} == factors


@pytest.mark.parametrize("text, what, caret", [("O(p + n)", "a sum", 4), ("O(log(p n))", "a logarithm", 2),
                                               ("O(2^(p n))", "an exponent", 3)])
def test_expressions_that_mix_parameters_are_refused_with_a_caret(text, what, caret):
    with pytest.raises(ExpectationSyntaxError) as error:
        parse_multi_expectation(text)
    assert what in str(error.value) and "n, p" in str(error.value)
    assert error.value.position == caret


def test_the_verdict_over_several_parameters_is_the_worst():
    assert worst_verdict(["match", "approximate", "match"]) == "approximate"
    assert worst_verdict(["match", "no match", "inconclusive"]) == "no match"
    assert worst_verdict([]) == "error"
