"""The option contracts of expectation-based validation (see :mod:`extrap_segmented.options`).

``VALIDATOR``: :class:`~.validation.ScalabilityValidator`'s options, shared by the Expectation
modeler's options and the TOML keys of ``extrap-validate`` (``expectations/config.py``). ``None``
for ``deviation`` and ``upper_bound`` means the default rule (an empty option in Extra-P).
``ENTRY``: the validator's options only an ``[[expectation]]`` table offers; ``RULE``: the keys of
a ``[[rule]]`` table (``target`` is also ``extrap-validate --target``, every rule's default);
``GATE``: what makes ``extrap-validate`` fail (``--fail-on``)."""
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

ENTRY = declare(
    Option("alpha", float, 0.05, "Significance level of the F test against the constant model (the engine before "
                                 "AICc)", low=0, high=1, low_open=True, high_open=True),
    Option("search_exponents", list, None, "Extra exponents placed in every class of the search space, e.g. "
                                           "[\"1/3\", 0.5]"),
)

RULE = declare(
    Option("target", float, None, "Scale up to which a predicted break fails the rule, a parameter value such as "
                                  "65536", low=0, low_open=True),
    Option("tolerance", float, 0.0, "Relative slack of the rule: left ≤ (1 + tolerance) × right", low=0),
)

GATE = declare(
    Option("fail_on", list, ("no-match", "rule"), "What makes extrap-validate exit 1: a verdict (no-match, "
                                                  "approximate, or inconclusive: the data cannot decide), a failed "
                                                  "rule (rule), growth faster than expected (worse) or nothing "
                                                  "(never); with --baseline the default adds worse",
           choices=("no-match", "approximate", "inconclusive", "rule", "worse", "never")),
)
