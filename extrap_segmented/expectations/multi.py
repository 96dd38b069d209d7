"""Expectations over several parameters: ``O(p*n)``, ``O(p log p · n)``, ``O(n^2/p)``.

A multi-parameter expectation is a product of one-parameter factors, ``E(p, n) = E_p(p)·E_n(n)``:
at every value of n the kernel should grow like ``E_p`` along p, and at every value of p like
``E_n`` along n. :func:`parse_multi_expectation` splits the text into these factors, each an
ordinary :class:`~extrap_segmented.expectations.complexity.Expectation` (the single-parameter
parser reads each factor, with the other parameters set to a constant), after checking that the
text *is* a product: a sum, logarithm or exponent that mixes parameters (``O(p + n)``,
``O(log(p n))``, ``O(2^(p n))``) has no such factors and is refused with a caret.

Validation (:func:`validate_along`) runs the single-parameter validation on every slice along
each parameter with that parameter's factor; the verdict over all parameters is the worst of
the slices' (no match > inconclusive > approximate > match), and the divergence is the product
of the per-parameter divergences. A factor that shrinks (``1/p`` in ``O(n^2/p)``, strong
scaling) is validated as ``y / E_p`` against ``O(1)``: its divergence is the same ``G/E``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np

from extrap_segmented.expectations.complexity import (_LOG_NAMES, _SQRT_NAMES, ONE, ComplexityTerm, Expectation,
                                                      _error, _tokenize, parameter_text, parse_expectation)

#: Verdicts from best to worst; the verdict over several parameters is the worst one.
VERDICT_ORDER = ("match", "approximate", "inconclusive", "no match")


@dataclass(frozen=True)
class MultiExpectation:
    """A product of one-parameter expectations, keyed by parameter name (in the order written)."""
    text: str
    factors: dict = field(default_factory=dict)  # name -> Expectation

    @property
    def variables(self) -> list[str]:
        return list(self.factors)

    def factor(self, name: str) -> ComplexityTerm:
        """The factor in ``name`` (``O(1)`` for a parameter the expectation does not name)."""
        expectation = self.factors.get(name)
        return expectation.term if expectation is not None else ONE

    def big_o(self) -> str:
        parts = [e.term.format(parameter_text(name)) for name, e in self.factors.items() if not e.term.is_constant]
        return "O(" + (" · ".join(parts) or "1") + ")"

    def __str__(self) -> str:
        return self.big_o()


def _variable_tokens(tokens) -> list:
    out = []
    for i, token in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if token.kind == "name":
            out.append(i)
        elif token.kind == "ident" and token.text not in _LOG_NAMES | _SQRT_NAMES:
            if following is not None and following.kind == "op" and following.text == "(":
                continue  # O( ... ) or a function
            out.append(i)
    return out


def _groups(tokens) -> list[tuple[int, int]]:
    """(open index, close index) of every parenthesized group, plus the whole text."""
    stack, groups = [], [(-1, len(tokens))]
    for i, token in enumerate(tokens):
        if token.kind == "op" and token.text == "(":
            stack.append(i)
        elif token.kind == "op" and token.text == ")" and stack:
            groups.append((stack.pop(), i))
    return groups


def _token_end(text: str, token) -> int:
    return token.pos + (len(token.text) + 2 if token.kind == "name" else len(token.text))


def parse_multi_expectation(text: str, *, allow_decreasing: bool = True) -> MultiExpectation:
    """Splits an expectation into one factor per parameter.

    Raises:
        ExpectationSyntaxError: not an expectation (the single-parameter parser's message), or a
            sum, logarithm or exponent mixing parameters (caret under it).
    """
    if not isinstance(text, str):
        return MultiExpectation(str(text), {})
    tokens = _tokenize(text)
    variables = _variable_tokens(tokens)
    names = list(dict.fromkeys(tokens[i].text for i in variables))
    if len(names) <= 1:
        expectation = parse_expectation(text, allow_decreasing=allow_decreasing)
        return MultiExpectation(text, {expectation.variable: expectation} if expectation.variable else {})
    name_of = {i: tokens[i].text for i in variables}

    def names_in(a: int, b: int) -> set:
        return {name for i, name in name_of.items() if a < i < b}

    groups = _groups(tokens)

    def innermost(i: int) -> tuple[int, int]:
        return min((g for g in groups if g[0] < i < g[1]), key=lambda g: g[1] - g[0])

    def operand(i: int) -> tuple[int, int]:
        """Token span (exclusive bounds) of the operand starting at index i."""
        if tokens[i].kind == "op" and tokens[i].text == "(":
            return next(g for g in groups if g[0] == i)
        return i - 1, i + 1

    def refuse(i: int, what: str, mixed: set):
        listed = ", ".join(sorted(mixed))
        return _error(text, tokens[i].pos, f"{what} mixes the parameters {listed}; an expectation over several "
                                           "parameters must be a product of one-parameter factors, such as "
                                           "O(p log p · n) or O(n^2/p)")

    for i, token in enumerate(tokens):
        if token.kind == "op" and token.text in "+-" and len(names_in(*innermost(i))) > 1:
            raise refuse(i, "a sum", names_in(*innermost(i)))
        if token.kind == "ident" and token.text in _LOG_NAMES and i + 1 < len(tokens):
            j = i + 1
            if tokens[j].kind == "op" and tokens[j].text == "^":  # log^2 (p n)
                j += 2
            if j < len(tokens) and len(names_in(*operand(j))) > 1:
                raise refuse(i, "a logarithm", names_in(*operand(j)))
        if token.kind == "op" and token.text == "^" and i + 1 < len(tokens):
            exponent = names_in(*operand(i + 1))
            base = names_in(*operand(i - 1)) if tokens[i - 1].text != ")" else \
                names_in(*next(g for g in groups if g[1] == i - 1))
            if exponent and (len(exponent) > 1 or base - exponent):
                raise refuse(i, "an exponent", exponent | base)
    factors = {}
    for name in names:
        # the other parameters as the constant 2: log 2 = 1, and constants vanish in big-O
        pieces, last = [], 0
        for i, other in name_of.items():
            if other != name:
                pieces += [text[last:tokens[i].pos], "2"]
                last = _token_end(text, tokens[i])
        pieces.append(text[last:])
        expectation = parse_expectation("".join(pieces), allow_decreasing=True)
        if expectation.term.is_constant:
            continue
        factors[name] = Expectation(text=f"O({expectation.term.format(parameter_text(name), exact=True)})",
                                    term=expectation.term, variable=name)
    # a shrinking factor (1/p of O(n^2/p)) is validated as y / E_p against O(1), so a product
    # over several parameters is accepted with it; allow_decreasing applies to one-parameter texts
    return MultiExpectation(text, factors)


def worst_verdict(verdicts: Sequence[str]) -> str:
    """The verdict over several slices or parameters: the worst of theirs."""
    known = [v for v in verdicts if v in VERDICT_ORDER]
    if not known:
        return "error"
    return max(known, key=VERDICT_ORDER.index)


@dataclass(frozen=True)
class SliceVerdict:
    parameter: str
    others: tuple  # ((name, value), ...)
    expectation: ComplexityTerm  # the factor validated (O(1) for a shrinking factor, see module docstring)
    result: object  # ValidationResult, or None when the slice could not be validated
    error: Optional[str] = None
    divided_by: Optional[ComplexityTerm] = None  # the shrinking factor divided out

    @property
    def verdict(self) -> str:
        return self.result.verdict if self.result is not None else "error"

    @property
    def divergence(self) -> Optional[ComplexityTerm]:
        return None if self.result is None else self.result.divergence


def slices_for(X: np.ndarray, d: int) -> dict:
    """Row indices per slice along ``d`` (keyed by the other coordinates)."""
    from extrap_segmented.segmentation.multi import slices_along
    return slices_along(X, d)


def validate_along(X: np.ndarray, Y: Sequence[np.ndarray], names: Sequence[str], expectation: MultiExpectation,
                   validate: Callable[[str, str, np.ndarray, np.ndarray], object], *,
                   min_values: int = 5) -> list[SliceVerdict]:
    """Validates every slice along every parameter the expectation names.

    Args:
        X: (points, parameters) coordinates; ``Y[i]`` the repetitions of point i (1-D array).
        validate: ``validate(expectation_text, parameter, x, y)`` -> ValidationResult, with x and y
            repeated per repetition (raises on data it cannot validate).
        min_values: slices with fewer distinct values of the parameter are skipped.
    """
    X = np.asarray(X, dtype=float)
    out = []
    for name in expectation.variables:
        d = list(names).index(name)
        term = expectation.factor(name)
        shrinking = term < ONE
        for others, rows in slices_for(X, d).items():
            if len(np.unique(X[rows, d])) < min_values:
                continue
            x = np.concatenate([np.full(len(Y[i]), X[i, d]) for i in rows])
            y = np.concatenate([np.asarray(Y[i], dtype=float) for i in rows])
            target = term
            if shrinking:
                y = y / term.evaluate(x)
                target = ONE
            other_names = [n for j, n in enumerate(names) if j != d]
            key = tuple(zip(other_names, others))
            try:
                result = validate(f"O({target.format(parameter_text(name), exact=True)})", name, x, y)
                out.append(SliceVerdict(name, key, target, result, None, term if shrinking else None))
            except Exception as error:  # noqa: BLE001 - one slice's problem is reported in its row
                out.append(SliceVerdict(name, key, target, None, str(error).splitlines()[0],
                                        term if shrinking else None))
    return out


def summary(expectation: MultiExpectation, verdicts: Sequence[SliceVerdict]) -> tuple[str, str]:
    """(verdict over all parameters, one line naming each parameter's worst slice and δ)."""
    overall = worst_verdict([v.verdict for v in verdicts])
    parts = []
    for name in expectation.variables:
        mine = [v for v in verdicts if v.parameter == name]
        if not mine:
            parts.append(f"{name}: no slice with enough values")
            continue
        worst = max(mine, key=lambda v: VERDICT_ORDER.index(v.verdict) if v.verdict in VERDICT_ORDER else 99)
        at = ", ".join(f"{k}={v:g}" for k, v in worst.others)
        delta = worst.divergence.format(parameter_text(name)) if worst.divergence is not None else "?"
        counts = {}
        for v in mine:
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
        tally = ", ".join(f"{n} {k}" for k, n in counts.items())
        parts.append(f"along {name}: {tally} of {len(mine)} slices; worst at {at}: δ = {delta}")
    return overall, "; ".join(parts)
