"""Compare reports whose numbers come out of fits: the text exactly, every number with a tolerance.

Least-squares coefficients differ in their last one or two digits between CPUs (numpy's OpenBLAS
picks a CPU-specific kernel at start-up), so a report or golden file compared byte for byte passes
only on the machine that wrote it. ``assert_text_close`` splits both texts into the words between
numbers, which must be identical, and the numbers:

* integers (``64``, ``1/2``, ``p=8``) must be written identically: they are counts, sizes and
  exponents, never rounding noise;
* every other number (``2.97e-06``, ``0.5``) must agree within ``rel`` relative to the larger of
  its own magnitude and its formula's: the largest magnitude among the numbers joined to it by
  arithmetic operators on the same line. An intercept that is rounding noise beside a large slope
  (``-9.1e-14 + 40.000000000000036 * n``) is thus judged on the slope's scale, as the fitted
  function is.

Numbers inside names (``kernel_1``, ``log2``, ``p8``) are part of the words.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

# A number starts where no word character, dot or digit precedes it; a sign belongs to it only when
# attached (``-0.5``), not as an operator (``a - 0.5``).
NUMBER = re.compile(r"(?<![\w.])-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w.])")
# What may stand between two numbers of one formula: operators, names and brackets, no separators.
FORMULA_GLUE = re.compile(r"[\s()\w^·]*[-+*/·][\s()\w^·]*")
# Exponents (``p^(1.0)``, ``n^(1/2)``) join a formula but are no magnitude of it.
EXPONENT_BEFORE = re.compile(r"\^\(?(?:\d+/)?$")

DEFAULT_REL = 1e-9


@dataclass(frozen=True)
class _Number:
    text: str
    value: float
    scale: float  # largest magnitude in the number's formula

    @property
    def is_integer(self) -> bool:
        return not any(c in self.text for c in ".eE")


def _split(line: str) -> tuple[list[str], list[_Number]]:
    words, numbers, spans, start = [], [], [], 0
    for match in NUMBER.finditer(line):
        words.append(line[start:match.start()])
        spans.append(match)
        start = match.end()
    words.append(line[start:])
    # Group numbers joined by operator glue into formulas; each number's scale is its formula's.
    groups: list[list[int]] = []
    for i, match in enumerate(spans):
        if i and FORMULA_GLUE.fullmatch(words[i]) is not None:
            groups[-1].append(i)
        else:
            groups.append([i])
    exponent = [EXPONENT_BEFORE.search(line, 0, m.start()) is not None for m in spans]
    scale = [0.0] * len(spans)
    for group in groups:
        largest = max((abs(float(spans[i].group())) for i in group if not exponent[i]), default=0.0)
        for i in group:
            scale[i] = largest
    numbers = [_Number(m.group(), float(m.group()), s) for m, s in zip(spans, scale)]
    return words, numbers


def _number_mismatch(actual: _Number, expected: _Number, rel: float) -> str | None:
    if expected.is_integer or actual.is_integer:
        return None if actual.text == expected.text else "integers differ"
    if math.isnan(expected.value) or math.isnan(actual.value):
        return None if math.isnan(expected.value) and math.isnan(actual.value) else "NaN on one side only"
    limit = rel * max(abs(expected.value), expected.scale, actual.scale)
    difference = abs(actual.value - expected.value)
    if difference <= limit:
        return None
    return f"differ by {difference:.3g}, more than rel={rel:g} of {limit / rel:.6g}"


def text_mismatches(actual: str, expected: str, rel: float = DEFAULT_REL) -> list[str]:
    """Every difference between ``actual`` and ``expected`` (empty when they agree), line by line."""
    problems = []
    actual_lines, expected_lines = actual.split("\n"), expected.split("\n")
    if len(actual_lines) != len(expected_lines):
        problems.append(f"{len(actual_lines)} lines, expected {len(expected_lines)}")
    for number, (got, want) in enumerate(zip(actual_lines, expected_lines), start=1):
        got_words, got_numbers = _split(got)
        want_words, want_numbers = _split(want)
        if got_words != want_words or len(got_numbers) != len(want_numbers):
            problems.append(f"line {number}: text differs\n  actual:   {got!r}\n  expected: {want!r}")
            continue
        for a, e in zip(got_numbers, want_numbers):
            reason = _number_mismatch(a, e, rel)
            if reason:
                problems.append(f"line {number}: {a.text} vs expected {e.text}: {reason}\n  expected line: {want!r}")
    return problems


def assert_text_close(actual: str, expected: str, rel: float = DEFAULT_REL) -> None:
    """Asserts that two reports are the same text with the same numbers within ``rel`` (see module)."""
    problems = text_mismatches(actual, expected, rel)
    if problems:
        shown = "\n".join(problems[:10]) + (f"\n… and {len(problems) - 10} more" if len(problems) > 10 else "")
        raise AssertionError(f"texts differ beyond rel={rel:g}:\n{shown}")
