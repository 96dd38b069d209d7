"""Cross-function rules such as ``Allreduce <= Reduce + Bcast`` (MPI performance guidelines).

A rule is checked (1) on the measurements, at every parameter value where all its functions were
measured, with the repetitions' spread where there are repetitions (:func:`check_measured`: a
difference within two standard errors is "within noise", not a violation), because fitted models
can break a rule the data keep (a model negative at small p) and keep one the data break; then
on the fitted models: (2) extrapolated on a geometric grid up to a target scale, reporting the smallest parameter
value where the rule is predicted to break (refined by bisection), and (3) asymptotically, by
comparing the leading-order terms of both sides (the paper combines the models "before
transforming them into their asymptotic form").
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable, Mapping, Optional

import numpy as np

from extrap_segmented.expectations.complexity import ONE
from extrap_segmented.exceptions import ExpectationSyntaxError, InvalidInputError

# separators outside quotes: a comparison between the sides, "+" between addends
_SEPARATOR = re.compile(r"<=|>=|≤|≥|<|>|\+")
_COMPARISONS = {"<=": "<=", "<": "<=", "≤": "<=", ">=": ">=", ">": ">=", "≥": ">="}
_WEIGHT = re.compile(r"(?P<weight>(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)(?P<gap>\s*\*\s*|\s+|)")
MAX_RULE_LENGTH = 1000

OK, VIOLATED, PREDICTED, ASYMPTOTIC = "ok", "violated", "predicted", "asymptotic"


@dataclass(frozen=True)
class CrossFunctionRule:
    """``lhs <= rhs`` with each side a list of ``(weight, function name)``."""

    text: str
    lhs: tuple
    rhs: tuple

    @property
    def names(self) -> set:
        """Names of the functions the rule refers to."""
        return {name for _, name in self.lhs + self.rhs}


def _rule_error(rule: str, pos: int, message: str) -> ExpectationSyntaxError:
    error = ExpectationSyntaxError(f"cannot parse rule {rule!r:.200}: {message} (at character {pos + 1})\n"
                                   f"  {rule[:200]}\n  {' ' * min(pos, 200)}^")
    error.text, error.position = rule, pos
    return error


def _segments(rule: str) -> list[tuple[str, int, str]]:
    """``(text, start, separator after it)`` between the separators outside quotes."""
    segments, start, pos, quote = [], 0, 0, None
    while pos < len(rule):
        char = rule[pos]
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        else:
            match = _SEPARATOR.match(rule, pos)
            if match:
                segments.append((rule[start:pos], start, match.group()))
                start = pos = match.end()
                continue
        pos += 1
    if quote:
        raise _rule_error(rule, rule.rindex(quote), f"the quote {quote} is not closed")
    segments.append((rule[start:], start, ""))
    return segments


def _addend(rule: str, text: str, start: int) -> tuple[float, str]:
    """``(weight, name)`` of one addend: ``Name``, ``2 * Name``, ``2 Name``, ``"quoted name"``."""
    stripped = text.strip()
    pos = start + len(text) - len(text.lstrip())
    if not stripped:
        raise _rule_error(rule, pos, "an empty addend is not a function name (write 'Name' or '2 * Name')")
    weight = 1.0
    match = _WEIGHT.match(stripped)
    if match and len(match.group()) < len(stripped):
        if not match.group("gap"):  # "2D_stencil": a name that starts with a digit
            raise _rule_error(rule, pos, "write '2 * Name' for a weight, or quote a function name that starts "
                                         "with a digit (\"2D stencil\")")
        weight = float(match.group("weight"))
        if not (math.isfinite(weight) and weight > 0):
            raise _rule_error(rule, pos, f"the weight {match.group('weight')} must be a positive finite number")
        pos += len(match.group())
        stripped = stripped[len(match.group()):]
    if stripped[0] in "\"'":
        if stripped[-1] != stripped[0] or len(stripped) < 2 or stripped[0] in stripped[1:-1]:
            raise _rule_error(rule, pos, "a quoted function name must be the whole addend (\"Bcast (BT)\")")
        name = stripped[1:-1]
        if not name.strip():
            raise _rule_error(rule, pos, "an empty function name")
        return weight, name
    for char in "*\"'":
        if char in stripped:
            raise _rule_error(rule, pos + stripped.index(char),
                              f"unexpected {char!r} in a function name; write the weight first ('2 * Name') "
                              "and quote names that contain quotes or '*'")
    return weight, stripped


def rule_name(name: str) -> str:
    """``name`` as it is written in a rule: as it is where that parses back to it, else quoted.

    Raises:
        InvalidInputError: the name holds both quote characters (it cannot be written in a rule).
    """
    bare = (name and name == name.strip() and not _WEIGHT.match(name) and not _SEPARATOR.search(name)
            and not any(c in name for c in "*\"'"))
    if bare:
        return name
    for quote in "\"'":
        if quote not in name:
            return f"{quote}{name}{quote}"
    raise InvalidInputError(f"the function name {name!r} holds both quote characters and cannot be named in a rule")


def parse_rule(text: str) -> CrossFunctionRule:
    """Parses ``"Allreduce <= Reduce + Bcast"`` (also ``>=``, ``2 * Bcast``, ``"quoted name"``).

    Function names are the ``name`` of ``[[expectation]]`` entries, written as they are (any
    script, inner spaces and brackets included: ``Bcast (BT)``, ``Allréduce``); a name that holds
    ``+``, ``<``, ``>``, ``*`` or a quote, or starts with a digit, is written in double or single
    quotes (``"a+b"``). A number before a name is its weight (``2 * Bcast`` or ``2 Bcast``). ``<``
    is read as ``<=`` (models are compared with a tolerance anyway); ``a >= b`` becomes ``b <= a``.

    Raises:
        ExpectationSyntaxError: not exactly one comparison, an empty or unreadable addend, a weight
            that is not a positive finite number; the message points at the place.
    """
    if not isinstance(text, str) or not text.strip():
        raise ExpectationSyntaxError(f"cannot parse rule {text!r:.80}: expected 'A <= B + C'")
    if len(text) > MAX_RULE_LENGTH:
        raise _rule_error(text, MAX_RULE_LENGTH, f"longer than {MAX_RULE_LENGTH} characters ({len(text):,})")
    segments = _segments(text)
    comparisons = [(i, sep) for i, (_, _, sep) in enumerate(segments) if sep in _COMPARISONS]
    if len(comparisons) != 1:
        where = len(text) if not comparisons else segments[comparisons[1][0] + 1][1] - len(comparisons[1][1])
        raise _rule_error(text, where, "expected 'A <= B + C' with one comparison" if not comparisons else
                          "a second comparison; a rule compares two sides once")
    split, op = comparisons[0]
    lhs = tuple(_addend(text, part, start) for part, start, _ in segments[:split + 1])
    rhs = tuple(_addend(text, part, start) for part, start, _ in segments[split + 1:])
    if _COMPARISONS[op] == ">=":
        lhs, rhs = rhs, lhs
    return CrossFunctionRule(text.strip(), lhs, rhs)


@dataclass
class MeasuredCheck:
    """A rule on the measurements: the common parameter values, where the left side exceeds the
    right beyond the repetitions' spread (``violated``) and where only within it (``within_noise``),
    and the measured ratio lhs/rhs at each common value."""

    points: list
    violated: list
    within_noise: list
    ratios: list
    repetitions: bool


def _fmt(value: float) -> str:
    """Parameter values as people write them: ``65,536``, ``11,990``, ``0.5``."""
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def check_measured(rule: CrossFunctionRule, measured: Mapping, *, tolerance: float = 0.0,
                   reduce: Optional[Mapping] = None, z: float = 2.0) -> MeasuredCheck:
    """Checks a rule on measured values.

    Args:
        rule: the parsed rule.
        measured: function name -> ``(x, y)`` with ``x`` repeated per repetition.
        tolerance: relative slack, lhs <= (1 + tolerance)·rhs.
        reduce: function name -> ``reduce(values)`` aggregating repetitions (default: median).
        z: standard errors the excess must exceed to count as a violation when repetitions exist.

    Raises:
        InvalidInputError: a function of the rule has no measurements.
    """
    missing = sorted(rule.names - set(measured))
    if missing:
        raise InvalidInputError(f"rule {rule.text!r} names {missing}, which have no measurements")
    groups = {}
    for name in rule.names:
        x, y = (np.asarray(a, dtype=float) for a in measured[name])
        keep = np.isfinite(y)
        groups[name] = {v: y[keep & (x == v)] for v in np.unique(x[keep])}
    common = sorted(set.intersection(*(set(g) for g in groups.values())))
    any_repetitions = any(len(vals) > 1 for g in groups.values() for vals in g.values())
    violated, noise, ratios = [], [], []
    for v in common:
        def side(addends):
            total, var = 0.0, 0.0
            for w, name in addends:
                values = groups[name][v]
                f = (reduce or {}).get(name, np.median)
                total += w * float(f(values))
                if values.size > 1:
                    var += (w * np.std(values, ddof=1)) ** 2 / values.size
            return total, var
        lhs, var_l = side(rule.lhs)
        rhs, var_r = side(rule.rhs)
        excess = lhs - (1 + tolerance) * rhs
        ratios.append(lhs / rhs if rhs else float("inf"))
        if excess > 0:
            spread = z * np.sqrt(var_l + (1 + tolerance) ** 2 * var_r)
            (violated if excess > spread else noise).append(float(v))
    return MeasuredCheck([float(v) for v in common], violated, noise, ratios, any_repetitions)


@dataclass
class RuleResult:
    """Outcome of one rule.

    Attributes:
        status: ``ok``, ``violated`` (at a measured value), ``predicted`` (breaks at or below
            the target scale), ``asymptotic`` (the left side grows faster but breaks only
            beyond the target or no target was given).
        break_at: smallest parameter value where lhs > rhs (measured or predicted), or None.
        ratio_at_target: lhs/rhs at the target scale (None without target).
    """

    rule: CrossFunctionRule
    status: str
    break_at: Optional[float]
    asymptotic_violation: bool
    target: Optional[float]
    ratio_at_target: Optional[float]
    message: str
    measured: Optional[MeasuredCheck] = None

    @property
    def failed(self) -> bool:
        """True when the rule is violated or predicted to break before its target."""
        return self.status in (VIOLATED, PREDICTED)

    def to_dict(self) -> dict:
        """JSON-ready summary."""
        return {"rule": self.rule.text, "status": self.status, "break_at": self.break_at,
                "asymptotic_violation": self.asymptotic_violation, "target": self.target,
                "ratio_at_target": self.ratio_at_target, "message": self.message,
                "measured": None if self.measured is None else {
                    "points": self.measured.points, "violated_at": self.measured.violated,
                    "within_noise_at": self.measured.within_noise, "ratios": self.measured.ratios,
                    "repetitions": self.measured.repetitions}}


def _side_value(side, models, x):
    return sum(w * np.asarray(models[name].evaluate(x), dtype=float) for w, name in side)


def _side_leading(side, models):
    """Leading term and its summed coefficient of a weighted sum of models."""
    lead, coefficient = ONE, 0.0
    for weight, name in side:
        model = models[name]
        term = model.leading_term
        c = weight * (model.coefficient if not term.is_constant else model.constant)
        if term > lead:
            lead, coefficient = term, c
        elif term == lead:
            coefficient += c
    return lead, coefficient


def evaluate_rule(rule: CrossFunctionRule, models: Mapping, measured_x, *, target: Optional[float] = None,
                  tolerance: float = 0.0, horizon: float = 1e6, measured: Optional[Mapping] = None,
                  reduce: Optional[Mapping] = None, variable: str = "p") -> RuleResult:
    """Checks a rule on the measurements (when given) and on fitted models.

    With ``measured`` (name -> repeated ``(x, y)``), measured violations come from the data
    (:func:`check_measured`), never from the models; the models extrapolate beyond the measured
    range. Without it, the models are checked at ``measured_x`` too (the previous behaviour).

    Args:
        rule: the parsed rule.
        models: function name -> object with ``evaluate(x)``, ``leading_term``, ``constant`` and
            ``coefficient`` (a :class:`~extrap_segmented.expectations.fit.FitResult`).
        measured_x: parameter values that were measured.
        target: scale up to which a predicted break fails the rule.
        tolerance: relative slack, lhs <= (1 + tolerance)·rhs.
        horizon: without target, breaks are searched up to ``horizon`` × the largest measured
            value (reported, not failing).

    Raises:
        InvalidInputError: a name in the rule has no model; the message lists the known names.
    """
    missing = sorted(rule.names - set(models))
    if missing:
        raise InvalidInputError(f"rule {rule.text!r} names {missing}, which have no model; known: "
                                f"{sorted(models)}")
    x = np.unique(np.asarray(measured_x, dtype=float))
    if x.size == 0:
        raise InvalidInputError(f"rule {rule.text!r}: no measured parameter values")

    def excess(values):
        return _side_value(rule.lhs, models, values) - (1 + tolerance) * _side_value(rule.rhs, models, values)

    lead_l, coef_l = _side_leading(rule.lhs, models)
    lead_r, coef_r = _side_leading(rule.rhs, models)
    asymptotic = lead_l > lead_r or (lead_l == lead_r and coef_l > (1 + tolerance) * coef_r)
    ratio_at_target = None
    if target is not None:
        rhs_t = float(_side_value(rule.rhs, models, np.array([target]))[0])
        lhs_t = float(_side_value(rule.lhs, models, np.array([target]))[0])
        ratio_at_target = lhs_t / rhs_t if rhs_t != 0 else None

    check = check_measured(rule, measured, tolerance=tolerance, reduce=reduce) if measured is not None else None
    ratio_text = (f"; predicted ratio {ratio_at_target:.2g} at {variable} = {_fmt(target)}"
                  if ratio_at_target is not None else "")
    noise_text = ""
    if check is not None and check.within_noise:
        noise_text = (f"; exceeded within the repetitions' spread at measured {variable} = "
                      f"{', '.join(_fmt(v) for v in check.within_noise)}")
    if check is not None:
        if check.violated:
            return RuleResult(rule, VIOLATED, check.violated[0], asymptotic, target, ratio_at_target,
                              f"{rule.text} is violated at measured {variable} = "
                              f"{', '.join(_fmt(v) for v in check.violated)}{ratio_text}", check)
    else:
        measured_bad = x[excess(x) > 0]
        if measured_bad.size:
            return RuleResult(rule, VIOLATED, float(measured_bad[0]), asymptotic, target, ratio_at_target,
                              f"{rule.text} is violated at measured value {measured_bad[0]:g}")
    end = target if target is not None else x[-1] * horizon
    break_at = _first_break(excess, x[-1], end) if end > x[-1] else None
    if break_at is not None and target is not None and break_at <= target:
        return RuleResult(rule, PREDICTED, break_at, asymptotic, target, ratio_at_target,
                          f"{rule.text} is predicted to break at {variable} = {_fmt(break_at)} (target "
                          f"{_fmt(target)}){ratio_text}{noise_text}", check)
    if asymptotic and break_at is None:  # report where it breaks beyond the target
        break_at = _first_break(excess, end, max(end, x[-1]) * horizon)
    held = " on the measurements" if check is not None else ""
    if asymptotic:
        where = f"; predicted break at {variable} = {_fmt(break_at)}" if break_at is not None else ""
        return RuleResult(rule, ASYMPTOTIC, break_at, True, target, ratio_at_target,
                          f"{rule.text} holds{held}{' up to ' + _fmt(target) if target else ''} but the "
                          f"left side grows faster ({lead_l.big_o(variable)} vs {lead_r.big_o(variable)})"
                          f"{where}{ratio_text}{noise_text}", check)
    return RuleResult(rule, OK, None, False, target, ratio_at_target,
                      f"{rule.text} holds{held}{ratio_text}{noise_text}", check)


def _first_break(excess: Callable, start: float, end: float, points: int = 512) -> Optional[float]:
    grid = np.geomspace(start, end, points)
    with np.errstate(all="ignore"):
        values = excess(grid)
    bad = np.flatnonzero(values > 0)
    if bad.size == 0:
        return None
    i = bad[0]
    if i == 0:
        return float(grid[0])
    lo, hi = grid[i - 1], grid[i]
    for _ in range(60):  # bisection to relative precision ~1e-12
        mid = np.sqrt(lo * hi)
        if excess(np.array([mid]))[0] > 0:
            hi = mid
        else:
            lo = mid
        if hi / lo - 1 < 1e-9:
            break
    return float(hi)
