"""Allowed values of this package's modeler options, checked before any kernel is modeled.

Extra-P's ``--options`` parser checks only options with a list or ``range`` of choices; a float
or an unbounded integer is taken as given, so ``theta=nan`` or ``window_size=-1`` reached the
kernels and failed there (or not at all). Each modeler lists a :class:`Rule` per option in
``OPTION_RULES``; :func:`check_options` raises one :class:`InvalidOptionError` naming the option,
the value and what is allowed, which ``extrap`` prints as ``extrap: error: …`` and the GUI as an
error box.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from extrap.util.exceptions import RecoverableError


class InvalidOptionError(RecoverableError):
    """A modeler option has a value outside its allowed range (names option, value, range)."""


@dataclass(frozen=True)
class Rule:
    """``allowed`` describes the values ``check`` accepts, in the words of the error message."""
    allowed: str
    check: Callable[[Any], bool]


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def integer_at_least(low: int) -> Rule:
    return Rule(f"an integer ≥ {low}", lambda v: _number(v) and int(v) == v and v >= low)


def number_at_least(low: float) -> Rule:
    return Rule(f"a finite number ≥ {low:g}", lambda v: _number(v) and v >= low)


def number_above(low: float) -> Rule:
    return Rule(f"a finite number > {low:g}", lambda v: _number(v) and v > low)


def number_between(low: float, high: float) -> Rule:
    return Rule(f"a number from {low:g} to {high:g}", lambda v: _number(v) and low <= v <= high)


def writable_directory_or_empty() -> Rule:
    """Empty (off), an existing writable directory, or a path whose existing parent is writable."""
    def check(value: Any) -> bool:
        if value in ("", None):
            return True
        path = Path(str(value)).expanduser()
        if path.exists():
            return path.is_dir() and os.access(path, os.W_OK | os.X_OK)
        parent = next((p for p in path.parents if p.exists()), None)
        return parent is not None and parent.is_dir() and os.access(parent, os.W_OK | os.X_OK)
    return Rule("empty or a directory this user can write to (created if missing)", check)


def check_options(modeler: Any, rules: Mapping[str, Rule]) -> None:
    """Raises :class:`InvalidOptionError` for the first option whose value breaks its rule."""
    name_of_modeler = getattr(modeler, "NAME", type(modeler).__name__)
    for option, rule in rules.items():
        value = getattr(modeler, option)
        if not rule.check(value):
            raise InvalidOptionError(f"{name_of_modeler} modeler: option {option}={value!r} is not allowed; "
                                     f"it must be {rule.allowed}")


def range_problem(option: Any, value: Any, unit: str = "") -> str | None:
    """Why ``value`` is not accepted for an integer ``option`` declared with a ``range`` (None: it
    is). ``value`` may be the text a user typed."""
    accepted = option.range
    if not isinstance(accepted, range):
        return None
    if isinstance(value, str):
        text = value.replace(",", "").replace("_", "").strip()
        if unit and text.endswith(unit):
            text = text[:-len(unit)].strip()
        try:
            value = int(text)
        except ValueError:
            value = value.strip()
    whole = isinstance(value, int) and not isinstance(value, bool)
    if whole and value in accepted:
        return None
    name = option.name or option.field
    shown = f"{value:,}" if whole else ("an empty value" if value == "" else repr(value))
    return (f"{name}: {shown} is not accepted; it must be a whole number from {accepted.start:,} to "
            f"{accepted[-1]:,}" + (f" {unit}" if unit else ""))
