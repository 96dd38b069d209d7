"""Option contracts: each core estimator declares its options once.

An :class:`Option` says what an option is called, its type, the values it accepts, its default and
what it means in one line (scikit-learn's ``_parameter_constraints`` is the model); a
:class:`Relation` ties two options together (``min_points ≥ 2 × min_segment_size``). The estimator
validates itself with :func:`check_options` and its own declarations; the Extra-P modelers derive
their options (default, type, help text), their ``--options`` checks, the GUI's tooltips and the
docs tables from the same declarations (``extrap_segmented/adapters/option_rules.py``), so that
no two places can disagree about a range or a default.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from extrap_segmented.exceptions import InvalidInputError


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class Option:
    """One option of an estimator.

    ``kind`` is ``int``, ``float``, ``bool``, ``str``, ``tuple`` (an ordered pair of numbers,
    ``low ≤ high``, each within the bounds) or ``list`` (numbers or strings; with ``choices``,
    some of them). Numbers must be finite unless ``infinite`` (then ``inf`` is accepted too, where
    the option means "off"); ``low``/``high`` bound them, inclusive unless ``low_open``/``high_open``;
    ``choices`` lists the accepted values of a ``str`` (the accepted items of a ``list``).
    """
    name: str
    kind: type
    default: Any
    meaning: str
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False
    choices: tuple | None = None
    infinite: bool = False

    def _bound_text(self, value: float) -> str:
        return f"{int(value):,}" if self.kind is int else f"{value:g}"  # integers in full: 1,048,576

    def _bounds_text(self) -> str:
        low, high = (None if bound is None else self._bound_text(bound) for bound in (self.low, self.high))
        if low is not None and high is not None:
            if not (self.low_open or self.high_open):
                return f" from {low} to {high}"
            return f" {'>' if self.low_open else '≥'} {low} and {'<' if self.high_open else '≤'} {high}"
        if low is not None:
            return f" {'>' if self.low_open else '≥'} {low}"
        if high is not None:
            return f" {'<' if self.high_open else '≤'} {high}"
        return ""

    def allowed(self) -> str:
        """The accepted values in words (as error messages, help and tooltips say them)."""
        if self.kind is list:
            return "a list of " + ("some of " + ", ".join(map(str, self.choices)) if self.choices is not None
                                   else "numbers or strings")
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
        if self.kind is bool:
            return "true or false"
        if self.kind is str:
            return "text"
        if self.kind is tuple:
            return f"a pair (low, high) with low ≤ high, both finite numbers{self._bounds_text()}"
        noun = "an integer" if self.kind is int else "a number" if self.infinite else "a finite number"
        return noun + self._bounds_text() + (" (inf: off)" if self.infinite else "")

    def _within(self, value: float) -> bool:
        if self.low is not None and not (value > self.low if self.low_open else value >= self.low):
            return False
        return self.high is None or (value < self.high if self.high_open else value <= self.high)

    def accepts(self, value: Any) -> bool:
        if self.kind is list:
            return isinstance(value, (list, tuple)) and all(
                item in self.choices if self.choices is not None
                else isinstance(item, (str, int, float)) and not isinstance(item, bool) for item in value)
        if self.choices is not None:
            return value in self.choices
        if self.kind is bool:
            return isinstance(value, bool)
        if self.kind is str:
            return isinstance(value, str)
        if self.kind is tuple:
            try:
                low, high = value
            except (TypeError, ValueError):
                return False
            return _number(low) and _number(high) and low <= high and self._within(low) and self._within(high)
        if not (_number(value) or (self.infinite and value == math.inf)):
            return False
        if self.kind is int and int(value) != value:
            return False
        return self._within(value)


@dataclass(frozen=True)
class Relation:
    """``left ≥ factor × right`` must hold between two options."""
    left: str
    right: str
    factor: float = 1.0

    def holds(self, values: Mapping[str, Any]) -> bool:
        left, right = values[self.left], values[self.right]
        return not (_number(left) and _number(right)) or left >= self.factor * right

    def problem(self, values: Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
        """Why the two values are inconsistent, naming them as ``names`` maps them (default: as declared)."""
        names = names or {}
        left, right = names.get(self.left, self.left), names.get(self.right, self.right)
        factor = f"{self.factor:g} × " if self.factor != 1 else ""
        return f"{left} ({values[self.left]!r}) must be ≥ {factor}{right} ({values[self.right]!r})"


def from_text(option: Option, text: str) -> Any:
    """The value of ``option`` written as ``text`` (a command-line flag: numbers as numbers, a list
    as comma-separated items), checked against the declaration.

    Raises:
        InvalidInputError: ``text`` is no value of the option's kind, or one it does not accept.
    """
    value: Any = text
    if option.kind is list:
        value = [item.strip() for item in text.split(",") if item.strip()]
    elif option.kind in (int, float):
        try:
            value = option.kind(text)
        except ValueError:
            raise InvalidInputError(f"{text!r} is not {'an integer' if option.kind is int else 'a number'}") from None
    if not option.accepts(value):
        raise InvalidInputError(f"{text!r} must be {option.allowed()}")
    return value


def value_text(value: Any) -> str:
    """An option's value as a docs table shows it (as TOML writes it)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, tuple)):
        return ", ".join(value_text(item) for item in value)
    return f"{value:g}" if isinstance(value, float) else f"{value:,}" if isinstance(value, int) else str(value)


def contract_table(options: Mapping[str, Option], heading: str = "option") -> str:
    """The docs table of declared options: name, default, accepted values, meaning (Markdown)."""
    rows = [f"| {heading} | default | accepted | meaning |", "|---|---|---|---|"]
    for name, option in options.items():
        meaning = " ".join(option.meaning.split()).replace("|", "\\|")
        rows.append(f"| `{name}` | {value_text(option.default)} | {option.allowed()} | {meaning} |")
    return "\n".join(rows)


def declare(*options: Option) -> dict[str, Option]:
    """The options by name, in declaration order."""
    return {option.name: option for option in options}


def defaults(options: Mapping[str, Option]) -> dict[str, Any]:
    return {name: option.default for name, option in options.items()}


def check_options(owner: Any, options: Mapping[str, Option], relations: Iterable[Relation] = ()) -> None:
    """Raises :class:`InvalidInputError` for the first declared option of ``owner`` (read as its
    attribute) outside its range, then for the first relation that does not hold."""
    check_values({name: getattr(owner, name) for name in options}, options, relations)


def check_values(values: Mapping[str, Any], options: Mapping[str, Option], relations: Iterable[Relation] = ()) -> None:
    """:func:`check_options` on the ``values`` of the ``options`` (by name)."""
    for name, option in options.items():
        if not option.accepts(values[name]):
            raise InvalidInputError(f"{name} must be {option.allowed()}, got {values[name]!r}")
    for relation in relations:
        if not relation.holds(values):
            raise InvalidInputError(relation.problem(values))
