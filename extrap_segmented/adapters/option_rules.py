"""Allowed values of this package's modeler options, checked before any kernel is modeled.

Extra-P's ``--options`` parser checks only options with a list or ``range`` of choices; a float
or an unbounded integer is taken as given, so ``theta=nan`` or ``window_size=-1`` reached the
kernels and failed there (or not at all). Each modeler lists a :class:`Rule` per option in
``OPTION_RULES`` and the pairs that must agree in ``OPTION_RELATIONS``; :func:`check_options`
raises one :class:`InvalidOptionError` naming the option(s), the value(s) and what is allowed,
which ``extrap`` prints as ``extrap: error: …`` and the GUI as an error box.

An option that passes to a core estimator is declared once, in the estimator's contract
(:class:`extrap_segmented.options.Option`): :func:`modeler_option` makes the Extra-P option of it
(default, type, help text, choices), :func:`rule` its check, :func:`options_table` the docs table.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from extrap.modelers.modeler_options import modeler_options
from extrap.util.exceptions import RecoverableError

from extrap_segmented.options import Option, Relation


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


def rule(option: Option) -> Rule:
    """The check of a contract's option, in the contract's words."""
    return Rule(option.allowed(), option.accepts)


def element_rule(option: Option) -> Rule:
    """The check of one end of a contract's pair option (the order is a relation of the two)."""
    single = Option(option.name, float, None, option.meaning, low=option.low, high=option.high,
                    low_open=option.low_open, high_open=option.high_open, infinite=option.infinite)
    return rule(single)


def integer_range(option: Option) -> range | None:
    """The ``range`` of a bounded integer option (Extra-P's spin boxes and parsers take one)."""
    if option.kind is int and option.low is not None and option.high is not None:
        return range(int(option.low) + option.low_open, int(option.high) + 1 - option.high_open)
    return None


def reader_option(option: Option, *, name: str | None = None):
    """The Extra-P reader option of a contract's ``option`` (in a ``DynamicOptions`` class body):
    its default, type, meaning and accepted range."""
    from extrap.util.dynamic_options import DynamicOptions
    return DynamicOptions.add(option.default, option.kind, option.meaning, name=name, range=integer_range(option))


def modeler_option(option: Option, *, mode: str = "", element: int | None = None, name: str | None = None):
    """The Extra-P modeler option of a contract's ``option`` (in a ``@modeler_options`` class body):
    its default (``element`` 0 or 1 of a pair: its lower or upper end), type, meaning (prefixed
    "<mode> mode: ") and choices."""
    default = option.default if element is None else option.default[element]
    kind = option.kind if element is None else type(default)
    if default is None and kind is str:
        default = ""  # Extra-P's empty text: the core's default rule
    meaning = option.meaning if element is None else f"{('lower', 'upper')[element]} end of the {option.meaning}"
    description = f"{mode} mode: {meaning}" if mode else meaning
    choices = list(option.choices) if option.choices else None
    if element is None and integer_range(option) is not None:  # Extra-P's spin box and parser
        choices = integer_range(option)
    return modeler_options.add(default, kind, description, name=name, range=choices)


def check_options(modeler: Any, rules: Mapping[str, Rule], relations: tuple[Relation, ...] = ()) -> None:
    """Raises :class:`InvalidOptionError` for the first option whose value breaks its rule, then for
    the first pair of options that do not fit together."""
    name_of_modeler = getattr(modeler, "NAME", type(modeler).__name__)
    for option, rule_ in rules.items():
        value = getattr(modeler, option)
        if not rule_.check(value):
            raise InvalidOptionError(f"{name_of_modeler} modeler: option {option}={value!r} is not allowed; "
                                     f"it must be {rule_.allowed}")
    values = {name: getattr(modeler, name) for relation in relations for name in (relation.left, relation.right)}
    for relation in relations:
        if not relation.holds(values):
            raise InvalidOptionError(f"{name_of_modeler} modeler: options {relation.left}={values[relation.left]!r} "
                                     f"and {relation.right}={values[relation.right]!r} do not fit together; "
                                     f"{relation.problem(values)}")


def accepted_words(modeler: Any, field: str) -> str:
    """What option ``field`` of ``modeler`` accepts, in words, where a rule or the core's contract
    says it ('' otherwise; choices are shown by the option's own ``range``)."""
    rules = getattr(modeler, "OPTION_RULES", None) or {}
    if field in rules:
        return rules[field].allowed
    core, contract = getattr(modeler, "CORE_OPTIONS", {}), getattr(modeler, "CONTRACT", {})
    option = contract.get(core.get(field))
    return option.allowed() if option is not None and option.choices is None and option.kind is not str else ""


def options_table(modeler: type, fields: tuple[str, ...] | None = None) -> str:
    """The docs table of a modeler's options: name, default, accepted values, meaning."""
    from extrap_segmented.adapters.gui.option_texts import flatten, value_text  # words as the GUI says them
    rows = ["| option | default | accepted | meaning |", "|---|---|---|---|"]
    for declared in flatten(modeler.OPTIONS.items()):
        if fields is not None and declared.field not in fields:
            continue
        if declared.range is not None and not isinstance(declared.range, range):
            accepted = ", ".join(f"`{choice}`" for choice in declared.range)
        else:
            accepted = accepted_words(modeler, declared.field)
        meaning = " ".join((declared.description or "").split()).replace("|", "\\|")
        rows.append(f"| `{declared.field}` | {value_text(declared.value)} | {accepted} | {meaning} |")
    return "\n".join(rows)


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
