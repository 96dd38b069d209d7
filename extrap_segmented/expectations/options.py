"""The option contract of :class:`~.validation.ScalabilityValidator` (see :mod:`extrap_segmented.options`),
shared by the Expectation modeler's options and the TOML keys of ``extrap-validate``
(``expectations/config.py``). ``None`` for ``deviation`` and ``upper_bound`` means the default
rule (an empty option in Extra-P)."""
from __future__ import annotations

from extrap_segmented.options import Option, declare

VALIDATOR = declare(
    Option("expectation", str, "O(p)", "Expected asymptotic growth, e.g. O(log p), O(p log p), O(k^3 * 2^k)"),
    Option("deviation", str, None, "Deviation D (limits E/D and E·D); empty: half the leading exponent"),
    Option("upper_bound", str, None, "Upper search-space bound; empty: E²"),
    Option("depth", int, 2, "Rounds of averaging adjacent exponents (ruler ticks)", low=0, high=5),
    Option("refinement", int, 0, "Extra lower-class exponents (±1, ±1/2, …)", low=0, high=5),
    Option("prefer_expectation", bool, True, "Keep the expectation when no other term fits distinguishably better"),
    Option("aggregation", str, "median", "Statistic of the repetitions at each point: mean, median, min or q1 (as "
                                         "extrap-validate)"),
)
