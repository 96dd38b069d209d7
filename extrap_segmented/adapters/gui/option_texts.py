"""The words the GUI shows for an option, taken from the one place the option is declared.

A tooltip says what ``extrap --help-modeler NAME`` prints for the option: the description its
modeler (or file reader) declares for Extra-P (``modeler_options.add(value, type, description)``,
``DynamicOptions.add``). The GUI adds only what its input cannot show by itself: the accepted
values and the default. :func:`declared_option` is the one function that reads the declaration.
An option passed to a core estimator is declared by the estimator's contract: its description
and default come from there through the modeler's declaration, and the accepted values of an
option without choices are the words of its rule (``OPTION_RULES``, made from the contract).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Optional

from extrap.util.dynamic_options import DynamicOption, DynamicOptionsGroup


def flatten(options) -> list[DynamicOption]:
    """The options of ``OPTIONS.items()``, groups opened, in declaration order."""
    flat = []
    for _, option in options:
        flat.extend(flatten(option.items()) if isinstance(option, DynamicOptionsGroup) else [option])
    return flat


def declared_option(owner, field: str) -> Optional[DynamicOption]:
    """The declaration of option ``field`` of ``owner`` (a modeler or file reader, class or instance)."""
    options = getattr(owner, "OPTIONS", None) or {}
    return next((option for option in flatten(options.items()) if option.field == field), None)


def declared_description(owner, field: str) -> str:
    """What the command line's help says about option ``field`` (empty when it says nothing)."""
    option = declared_option(owner, field)
    return " ".join((option.description or "").split()) if option is not None else ""


def value_text(value, unit: str = "") -> str:
    """A value as the GUI shows it: on/off, empty, thousands separated, with its unit."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None or value == "":
        return "empty"
    if isinstance(value, int):
        text = f"{value:,}"
    elif isinstance(value, float):
        text = f"{value:g}"
    else:
        text = str(value)
    return f"{text} {unit}" if unit else text


def accepted_text(option: DynamicOption, unit: str = "") -> str:
    """The values the declaration accepts, in words ('' when it declares no bounds)."""
    choices = option.range
    if isinstance(choices, range):
        return f"Accepted: {value_text(choices.start)} … {value_text(choices[-1], unit)}."
    if isinstance(choices, Mapping):
        return "One of: " + ", ".join(map(str, choices)) + "."
    if choices is not None and not isinstance(choices, str):
        return "One of: " + ", ".join(map(str, choices)) + "."
    return ""


def tooltip(owner, field: str, *, start=None, unit: str = "") -> str:
    """The declared description of option ``field``, the accepted values where the declaration
    bounds them, and the default (``start``: the value the GUI starts with where it differs from
    the declared one)."""
    option = declared_option(owner, field)
    if option is None:
        return ""
    lines = [declared_description(owner, field)]
    accepted = accepted_text(option, unit)
    if not accepted:
        from extrap_segmented.adapters.option_rules import accepted_words
        words = accepted_words(owner, field)
        accepted = f"Accepted: {words}." if words else ""
    if accepted:
        lines.append(accepted)
    lines.append(f"Default: {value_text(option.value if start is None else start, unit)}.")
    return "\n".join(line for line in lines if line)
