"""Property: a product of one-parameter factors, written in any order, splits back into them."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from extrap_segmented.expectations.complexity import ComplexityTerm
from extrap_segmented.expectations.multi import parse_multi_expectation

POWERS = [Fraction(0), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2)]  # shrinking ones: O(n^2/p) test
LOGS = [0, 1, 2]


def _text(name: str, power: Fraction, log: int) -> str:
    parts = []
    if power:
        parts.append(f"{name}^({power.numerator}/{power.denominator})")
    if log:
        parts.append(f"log^{log} {name}")
    return " · ".join(parts) or "1"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(POWERS), st.sampled_from(LOGS)), min_size=2, max_size=3),
       st.randoms(use_true_random=False))
def test_products_split_into_their_factors(factors, random):
    names = ["p", "n", "s"][:len(factors)]
    pieces = [_text(name, power, log) for name, (power, log) in zip(names, factors)]
    order = list(range(len(pieces)))
    random.shuffle(order)
    text = "O(" + " * ".join(pieces[i] for i in order) + ")"
    parsed = parse_multi_expectation(text)
    expected = {name: ComplexityTerm(power=power, log=log) for name, (power, log) in zip(names, factors)
                if power or log}
    assert {name: e.term for name, e in parsed.factors.items()} == expected, text
