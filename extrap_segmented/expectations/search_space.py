"""Search spaces built around an expectation like ticks on a ruler (paper, Section 2.3).

Big ticks are whole exponents of the expectation's class between the bounds; inner ticks come
from recursively averaging adjacent exponents (``depth`` times); small ticks multiply every
big/inner tick with terms of the next lower class (exponent 1 by default, plus ±1, ±1/2, ±1/3,
... around it on request). Only terms between the lower and upper bound are kept.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Sequence

from extrap_segmented.expectations.complexity import (ONE, ComplexityTerm, as_term, default_upper_bound,
                                                     _fraction, _range_problem)
from extrap_segmented.exceptions import InvalidInputError

# Candidate terms a search space may hold: every candidate is fitted to every function, so the
# work of a validation grows with it (memory is bounded by validating large batches in parts). The
# paper's spaces hold 17-30 terms, the data's own space 81 (about 2,700 at depth and refinement 5),
# an expectation-tailored space of O(p^64) (the largest exponent an expectation may have) 1,025.
MAX_SEARCH_TERMS = 5000


def ruler_exponents(low, high, depth: int = 2) -> list[Fraction]:
    """Whole exponents in ``[low, high]`` (plus both ends), refined ``depth`` times by averaging.

    >>> [str(e) for e in ruler_exponents(0, 2, depth=2)]
    ['0', '1/4', '1/2', '3/4', '1', '5/4', '3/2', '7/4', '2']
    """
    low, high = _fraction(low), _fraction(high)
    if high < low:
        raise InvalidInputError(f"search-space bounds are reversed: lower exponent {low} > upper {high}")
    if depth < 0:
        raise InvalidInputError(f"depth must be >= 0, got {depth}")
    whole = int(low) if low == int(low) else int(low) + 1
    # counted before building: whole exponents and both ends, each gap halved ``depth`` times
    gaps = max(0, int(high) - whole + 1) + 1
    if depth > 30 or gaps * 2 ** depth + 1 > MAX_SEARCH_TERMS:
        count = f"{gaps * 2 ** depth + 1:,}" if depth <= 30 else f"2^{depth}"
        raise InvalidInputError(
            f"the search space from exponent {low} to {high} with depth {depth} would hold about {count} "
            f"exponents (limit {MAX_SEARCH_TERMS:,} candidate terms): lower upper_bound or depth")
    ticks = {low, high}
    ticks.update(Fraction(i) for i in range(whole, int(high) + 1) if low <= i <= high)
    for _ in range(depth):
        ordered = sorted(ticks)
        ticks.update((a + b) / 2 for a, b in zip(ordered, ordered[1:]))
    return sorted(ticks)


def lower_class_exponents(centre: Fraction = Fraction(0), refinement: int = 0) -> list[Fraction]:
    """Exponents of the next-lower-class multiplier: 0 (none), 1, the expectation's own, and
    ``refinement`` further steps (±1, ±1/2, ..., ±1/refinement around 1 and the centre)."""
    if refinement < 0:
        raise InvalidInputError(f"refinement must be >= 0, got {refinement}")
    if refinement > MAX_SEARCH_TERMS // 4:
        raise InvalidInputError(f"refinement {refinement} would give more than {MAX_SEARCH_TERMS:,} candidate terms")
    base = {Fraction(1), _fraction(centre)}
    exponents = {Fraction(0)} | base
    for n in range(1, refinement + 1):
        step = Fraction(1, n)
        exponents.update(b + sign * step for b in base for sign in (-1, 1))
    return sorted(e for e in exponents if e >= 0)


@dataclass
class SearchSpace:
    """Candidate terms for the model ``c0 + c1·term``, sorted by growth.

    Attributes:
        terms: the candidates; ``ComplexityTerm()`` (the constant model) is always first.
        function_class: class (1, 2, 3) of the big ticks.
        lower, upper: the bounds B_l and B_u.
    """

    terms: list[ComplexityTerm]
    function_class: int
    lower: ComplexityTerm = field(default_factory=ComplexityTerm)
    upper: ComplexityTerm = field(default_factory=ComplexityTerm)

    def __len__(self):
        return len(self.terms)

    def __iter__(self):
        return iter(self.terms)

    @property
    def has_log(self) -> bool:
        """True when a candidate term has a logarithm factor."""
        return any(t.has_log for t in self.terms)

    def format(self, variable: str = "p") -> str:
        """The candidate terms as ``{1, p^0.5, ...}``."""
        return "{" + ", ".join(t.format(variable) for t in self.terms) + "}"


def build_search_space(expectation, *, lower_bound=None, upper_bound=None, depth: int = 2,
                       refinement: int = 0, extra_exponents: Iterable = (),
                       extra_terms: Iterable = ()) -> SearchSpace:
    """The paper's expectation-driven search space.

    Args:
        expectation: term, :class:`Expectation` or string such as ``"O(p)"``.
        lower_bound: B_l (default 1).
        upper_bound: B_u (default E², or ``x`` for ``O(1)``).
        depth: rounds of averaging adjacent big-tick exponents (2 gives quarter steps).
        refinement: extra lower-class multiplier exponents (0 = the paper's default, exponent 1).
        extra_exponents: additional class exponents placed on the ruler (e.g. ``[1/3, 2/3]``).
        extra_terms: additional candidate terms (strings or terms), kept if within the bounds.

    Returns:
        A :class:`SearchSpace` that always contains the expectation and the constant model.

    Raises:
        InvalidInputError: the bounds are reversed or do not contain the expectation, or an
            extra exponent is not a number.
    """
    e = as_term(expectation, what="expectation")
    lower = ONE if lower_bound is None else as_term(lower_bound, what="lower bound")
    upper = default_upper_bound(e) if upper_bound is None else as_term(upper_bound, what="upper bound")
    if not lower <= e <= upper:
        raise InvalidInputError(
            f"search-space bounds [{lower.big_o()}, {upper.big_o()}] do not contain the expectation "
            f"{e.big_o()}")
    k = max(e.function_class, upper.function_class)
    exponents = set(ruler_exponents(lower.exponent_in_class(k), upper.exponent_in_class(k), depth))
    extra_exponents = list(extra_exponents)
    if len(extra_exponents) > MAX_SEARCH_TERMS:
        raise InvalidInputError(f"{len(extra_exponents):,} search exponents are more than the {MAX_SEARCH_TERMS:,} "
                                "candidate terms a search space may hold")
    exponents.update(parse_exponent_list(extra_exponents))
    exponents.add(e.exponent_in_class(k))
    if k > 1:
        multipliers = lower_class_exponents(e.exponent_in_class(k - 1), refinement)
    else:
        multipliers = [Fraction(0)]
    extra_terms = list(extra_terms)
    size = len(exponents) * len(multipliers) + len(extra_terms)
    if size > MAX_SEARCH_TERMS:
        raise InvalidInputError(
            f"the search space would hold {size:,} candidate terms (limit {MAX_SEARCH_TERMS:,}): lower upper_bound, "
            "depth or refinement, or use fewer search_exponents")
    terms = {ComplexityTerm.of_class(k, i) * ComplexityTerm.of_class(k - 1, j) if k > 1
             else ComplexityTerm.of_class(k, i)
             for i in exponents for j in multipliers}
    terms.add(e)
    terms.add(ONE)
    terms.update(as_term(t) for t in extra_terms)
    kept = sorted(t for t in terms if (lower <= t <= upper) or t == ONE)
    return SearchSpace(kept, k, lower, upper)


def parse_exponent_list(values: Sequence) -> list[Fraction]:
    """Exponents from user input: numbers or strings like ``"1/3"``.

    Raises:
        InvalidInputError: an entry is not a number, or outside the range of exponents
            (:func:`~extrap_segmented.expectations.complexity.parse_expectation`).
    """
    result = []
    for value in values:
        try:
            if isinstance(value, str) and len(value) > 40:
                raise ValueError
            exponent = Fraction(value) if isinstance(value, str) else _fraction(value)
        except (ValueError, TypeError, ZeroDivisionError, OverflowError):
            raise InvalidInputError(f"search exponent {value!r:.60} is not a number such as 0.25 or '1/3'") from None
        problem = _range_problem(exponent)
        if problem:
            raise InvalidInputError(f"search exponent {value!r}: {problem}")
        result.append(exponent)
    return result


#: largest exponent of each class in the data's own search space: log² x, x^4 (times log x),
#: 2^(2x) (times x^4). Beyond log² x the logarithms are left to x^i: over the few doublings a
#: series spans, log^3 x and log^4 x grow like x^0.5 … x^1.5 and only blur the range of terms
#: that fit (benchmarks/expectations/expectation_accuracy.py; docs/expectations.md)
DATA_SPACE_LIMITS = {1: Fraction(2), 2: Fraction(4), 3: Fraction(2)}
#: exponents of the next lower class multiplied with the terms of F2 (log x) and F3 (x)
DATA_SPACE_MULTIPLIERS = {2: (Fraction(0), Fraction(1)),
                          3: tuple(Fraction(i) for i in range(5))}


def build_data_space(*, lower_bound=None, upper_bound=None, depth: int = 2, refinement: int = 0,
                     extra_exponents: Iterable = (), extra_terms: Iterable = ()) -> SearchSpace:
    """One search space for every expectation: the model of a series is chosen from its data alone.

    The paper tailors the space to the expectation E (bounds 1 … E²); then the model of the same
    data depends on what it is compared with (a series fitted O(1) against ``O(1)``, O(p) against
    ``O(p)``). This space contains, for every class, the terms an expectation-tailored space
    could hold, as the paper's own case study did when it used one refined space for all MPI
    functions:

    * F1: log^i x, i in ruler steps (quarters at ``depth`` 2) up to 2;
    * F2: x^i · log^j x, i in ruler steps up to 4, j in {0, 1};
    * F3: 2^(i·x) · x^j, i in ruler steps up to 2, j in {0, …, 4};

    plus ``extra_exponents`` in every class, ``refinement`` extra lower-class multipliers (±1,
    ±1/2, … around 1) and ``extra_terms``. ``lower_bound`` / ``upper_bound`` cut it (the model is
    then marked ``≥``/``≤`` at a bound, as before).

    Returns:
        A :class:`SearchSpace` (``function_class`` 0: all classes) with the constant first.

    Raises:
        InvalidInputError: reversed bounds, bad depth or exponents.
    """
    extra_exponents, extra_terms = list(extra_exponents), list(extra_terms)
    if len(extra_exponents) + len(extra_terms) > MAX_SEARCH_TERMS:
        raise InvalidInputError(f"{len(extra_exponents) + len(extra_terms):,} extra search exponents and terms are "
                                f"more than the {MAX_SEARCH_TERMS:,} candidate terms a search space may hold")
    extras = parse_exponent_list(extra_exponents)
    terms = {ONE}
    for k, high in DATA_SPACE_LIMITS.items():
        exponents = set(ruler_exponents(0, high, depth))
        exponents.update(e for e in extras if 0 < e <= high)
        exponents.discard(Fraction(0))
        if k == 1:
            multipliers = [Fraction(0)]
        else:
            multipliers = set(DATA_SPACE_MULTIPLIERS[k])
            multipliers.update(e for e in lower_class_exponents(Fraction(1), refinement))
        for i in exponents:
            for j in multipliers:
                term = ComplexityTerm.of_class(k, i)
                if k > 1:
                    term = term * ComplexityTerm.of_class(k - 1, j)
                terms.add(term)
    terms.update(as_term(t) for t in extra_terms)
    if len(terms) > MAX_SEARCH_TERMS:
        raise InvalidInputError(f"the search space would hold {len(terms):,} candidate terms (limit "
                                f"{MAX_SEARCH_TERMS:,}): lower depth or refinement, or use fewer search_exponents")
    lower = ONE if lower_bound is None else as_term(lower_bound, what="lower bound")
    top = max(terms)
    upper = top if upper_bound is None else as_term(upper_bound, what="upper bound")
    if upper < lower:
        raise InvalidInputError(f"search-space bounds are reversed: lower {lower.big_o()} > upper {upper.big_o()}")
    kept = sorted(t for t in terms if (lower <= t <= upper) or t == ONE)
    if upper_bound is not None and upper not in kept:
        kept = sorted(set(kept) | {upper})
    return SearchSpace(kept, 0, lower, upper)
