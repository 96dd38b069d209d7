"""One modeling run over many kernels: a failing kernel is isolated, repeated warnings summarised.

Extra-P shows every warning of a modeling run — a line on the command line, a message box in
the GUI (boxes deduplicated by their text only). This package's warnings name their kernel, so a
condition shared by 900 kernels gave 900 lines and 900 boxes. :func:`summarised_run` records the
warnings of one ``model()`` call, groups them by condition (the message with the kernel's name
and all numbers taken out) and emits a single warning for the run: one line per condition, with
the first kernel's full message, the number of further kernels and the first of their names.

:func:`isolated_kernel` turns an unexpected exception while modeling one kernel into a warning
naming the kernel and a model that says it is undefined, so the other kernels are still modeled.
Extra-P's ``RecoverableError`` (a deliberate, run-level error such as "needs per-rank values")
still ends the run. Invalid option values end it before the first kernel (see option_rules).
"""
from __future__ import annotations

import functools
import re
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from extrap.util.exceptions import RecoverableError
from extrap.util.progress_bar import DUMMY_PROGRESS

from extrap_segmented.exceptions import ExtrapSegmentedWarning
from extrap_segmented.adapters.option_rules import check_options

#: Kernels named per condition in the summary (the rest are counted).
NAMED_KERNELS = 3
#: Advice lines (warnings whose class sets ``KEEP_APART``) printed per run; the rest are counted.
ADVICE_LINES = 50
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|nan|inf")


class ModelingRunWarning(ExtrapSegmentedWarning):
    """All warnings of one modeling run, one line per condition (when they are of several kinds;
    warnings of one kind of this package keep their category)."""


def kernel_label(measurements: Sequence[Any]) -> str | None:
    """``call path [metric]`` of a kernel's measurements, for messages (None when there are none)."""
    if not measurements:
        return None
    first = measurements[0]
    callpath = getattr(getattr(first, "callpath", None), "name", None) or "<unknown call path>"
    return f"{callpath} [{getattr(getattr(first, 'metric', None), 'name', '?')}]"


def _names_of(measurements: Sequence[Any]) -> list[str]:
    """Ways a message may name the kernel, longest first."""
    if not measurements:
        return []
    callpath, metric = str(measurements[0].callpath), str(measurements[0].metric)
    return [f"{callpath} [{metric}]", f"{callpath}/{metric}", f"{callpath} ({metric})", callpath]


@dataclass
class _Condition:
    first_message: str
    category: type
    kernels: list[str] = field(default_factory=list)
    count: int = 0


class _KernelTracker:
    """Stands in for the progress bar: iterating through it records the kernel being modeled."""

    def __init__(self, progress_bar: Any):
        object.__setattr__(self, "_bar", progress_bar)
        object.__setattr__(self, "current", None)

    def __call__(self, iterable: Iterable, *args: Any, **kwargs: Any):
        for item in self._bar(iterable, *args, **kwargs):
            self.announce_kernel(item)
            yield item
        self.announce_kernel(None)

    def announce_kernel(self, item: Any) -> None:
        """The kernel whose warnings follow (the parallel runner re-emits workers' warnings so);
        a tuple item carries the kernel's measurements first."""
        object.__setattr__(self, "current", item[0] if isinstance(item, tuple) and item else item)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bar, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._bar, name, value)


def summarise(records: Sequence[tuple[Any, Warning]]) -> list[str]:
    """One line per condition from ``(kernel measurements or None, warning)`` pairs, in order of
    first appearance."""
    conditions: dict[tuple, _Condition] = {}
    advice = 0
    for kernel, message in records:
        text = str(message)
        if getattr(type(message), "KEEP_APART", False):
            # advice for one kernel (one segment, the values to measure): merging it with other
            # kernels' would hide which kernel needs what
            advice += 1
            if advice > ADVICE_LINES:
                key = (type(message), "more advice")
                conditions.setdefault(key, _Condition("", type(message))).count += 1
                continue
            key = (type(message), text, kernel_label(kernel) if kernel is not None else None)
            condition = conditions.setdefault(key, _Condition(text, type(message)))
            condition.count += 1
            continue
        key_text = text
        for name in _names_of(kernel) if kernel is not None else ():
            key_text = key_text.replace(name, "\0")
        key = (type(message), _NUMBER.sub("#", key_text))
        condition = conditions.setdefault(key, _Condition(text, type(message)))
        condition.count += 1
        label = kernel_label(kernel) if kernel is not None else None
        if label is not None and label not in condition.kernels:
            condition.kernels.append(label)
    lines = []
    for key, condition in conditions.items():
        if key[1:] == ("more advice",):
            lines.append(f"… and {condition.count} more such notes (each kernel's annotation lists its own)")
            continue
        line = condition.first_message
        if not issubclass(condition.category, ExtrapSegmentedWarning):
            line = f"{condition.category.__name__}: {line}"
        others = condition.kernels[1:]
        if others:
            named = ", ".join(others[:NAMED_KERNELS])
            rest = len(others) - NAMED_KERNELS
            kernels = "kernel" if len(others) == 1 else "kernels"
            line += f" [also {len(others)} more {kernels}: {named}" + (f" and {rest} others]" if rest > 0 else "]")
        if condition.count > max(len(condition.kernels), 1):
            line += f" [{condition.count} times]"
        lines.append(line)
    return lines


def check_modeler_options(modeler: Any) -> None:
    """Checks a modeler's options against its class's ``OPTION_RULES`` and ``OPTION_RELATIONS``.

    Raises:
        InvalidOptionError: names the option(s), the value(s) and what is allowed.
    """
    check_options(modeler, getattr(type(modeler), "OPTION_RULES", {}), getattr(type(modeler), "OPTION_RELATIONS", ()))


def summarised_run(model_method: Callable) -> Callable:
    """Decorates a modeler's ``model(measurements, progress_bar)``: checks the modeler's
    ``OPTION_RULES`` and ``OPTION_RELATIONS`` first, then emits one summary warning for the run."""
    @functools.wraps(model_method)
    def model(self, measurements, progress_bar=DUMMY_PROGRESS, *args, **kwargs):
        check_modeler_options(self)  # before any kernel is modeled
        tracker = _KernelTracker(progress_bar)
        records: list[tuple[Any, Warning]] = []
        passed_on: list[tuple] = []

        def record(message, category, filename, lineno, file=None, line=None):
            if issubclass(category, (DeprecationWarning, PendingDeprecationWarning, FutureWarning)):
                passed_on.append((message, category, filename, lineno))  # for developers: untouched
            else:
                records.append((tracker.current, message if isinstance(message, Warning) else category(message)))

        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.showwarning = record
            models = model_method(self, measurements, tracker, *args, **kwargs)
        for message, category, filename, lineno in passed_on:
            warnings.warn_explicit(message, category, filename, lineno)
        lines = summarise(records)
        if lines:
            categories = {type(message) for _, message in records}
            category = categories.pop() if len(categories) == 1 else ModelingRunWarning
            if not issubclass(category, ExtrapSegmentedWarning):
                category = ModelingRunWarning
            warnings.warn("\n".join(lines), category, stacklevel=2)
        return models
    model.extrap_segmented_summarised = True
    return model


def isolated_kernel(undefined: Callable[[Any], Any]) -> Callable:
    """Decorates a per-kernel ``method(self, measurements, ...)``: an unexpected exception becomes
    a warning naming the kernel and ``undefined(self)``, a model that says it is undefined."""
    def decorate(method: Callable) -> Callable:
        @functools.wraps(method)
        def run(self, measurements, *args, **kwargs):
            try:
                return method(self, measurements, *args, **kwargs)
            except RecoverableError:
                raise
            except Exception as error:  # one kernel must never stop the others
                label = kernel_label(list(measurements)) or "a kernel without measurements"
                warnings.warn(f"{label}: modeling failed ({type(error).__name__}: {error}); the model is undefined "
                              f"(NaN)", ModelingRunWarning, stacklevel=2)
                return undefined(self)
        return run
    return decorate
