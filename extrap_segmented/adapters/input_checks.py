"""Checks on every experiment Extra-P's readers build, with one clear error instead of a traceback
later (or a wrong model) for parameter values that are not what a model needs.

Every reader of Extra-P 4.2.5 ends with ``io_helper.validate_experiment``; the wrapper installed
here checks first that

* every parameter value is a finite real number: a JSON ``"point": ["16"]`` is text, not the
  number 16 (Extra-P's modelers fail on it with ``TypeError``), and ``inf`` or ``nan`` cannot be
  modeled;
* no kernel has two measurements at one point: JSON points ``[16]`` and ``[16.0]`` are the same
  point (Extra-P reported "The number of measurements (6) ... does not match the number of
  coordinates (5)").

Each reader's ``read_experiment`` is wrapped so that these errors name the file. The text reader
stops before the check on a ``POINTS`` line that lists one point twice (``16`` and ``16.0``) with
"To many DATA lines (5) for the number of POINTS (5)"; its error is replaced by one that names the
line and the two spellings.
"""
from __future__ import annotations

import math
import numbers
import re
from collections import Counter
from pathlib import Path
from typing import Callable, Optional

from extrap_segmented.adapters.plugin import extrap_internals
from extrap_segmented.adapters.plugin.errors import pass_through


def _shown(value) -> str:
    return repr(value) if isinstance(value, str) else str(value)


def problem_with_points(experiment) -> Optional[str]:
    """What is wrong with the experiment's parameter values, or None."""
    names = [str(getattr(p, "name", p)) for p in getattr(experiment, "parameters", [])]
    coordinates = list(getattr(experiment, "coordinates", []))
    for coordinate in coordinates:
        if len(coordinate) != len(names):
            if all(isinstance(v, str) and len(v) == 1 for v in coordinate):  # JSON "point": "16"
                text = "".join(coordinate)
                return (f"a point is given as the text {text!r}; a point is a list of numbers, one per parameter "
                        f"({', '.join(names)}), e.g. [{text.strip()}]")
            return None  # Extra-P's validation names that mismatch itself
    for coordinate in coordinates:
        for index, value in enumerate(coordinate):
            name = names[index] if index < len(names) else f"#{index + 1}"
            if isinstance(value, str):
                return (f"parameter {name} has the text {value!r} at point ({', '.join(map(_shown, coordinate))}); "
                        f"parameter values must be numbers (write {value.strip()}, not \"{value.strip()}\")")
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                return (f"parameter {name} has the value {value!r} at point ({', '.join(map(_shown, coordinate))}); "
                        "parameter values must be numbers")
            if not math.isfinite(value):
                return (f"parameter {name} has the value {value} at point ({', '.join(map(_shown, coordinate))}); "
                        "parameter values must be finite numbers")
    for (callpath, metric), measurements in getattr(experiment, "measurements", {}).items():
        seen: dict = {}
        for measurement in measurements:
            key = tuple(float(v) for v in measurement.coordinate)
            if key in seen:
                first, second = (" ".join(map(str, c)) for c in (seen[key], measurement.coordinate))
                spelled = f" (written {first} and {second})" if first != second else ""
                point = ", ".join(f"{n}={v:g}" for n, v in zip(names, key))
                return (f"{callpath} [{metric}] has two measurements at the point {point}{spelled}; each "
                        "point may be given once (repetitions are the values of one measurement)")
            seen[key] = measurement.coordinate
    return None


def make_checked(validate_experiment: Callable) -> Callable:
    """``validate_experiment`` that first raises ``InvalidExperimentError`` for the problems above."""
    def checked_validate_experiment(experiment, *args, **kwargs):
        problem = problem_with_points(experiment)
        if problem is not None:
            from extrap.util.exceptions import InvalidExperimentError
            error = InvalidExperimentError(problem)
            error.extrap_segmented_input_check = True  # the reader's wrapper adds the file
            raise error
        return validate_experiment(experiment, *args, **kwargs)
    return pass_through(checked_validate_experiment)


def repeated_text_point(path) -> Optional[str]:
    """For an Extra-P text file: a point its ``POINTS`` lines list twice (``16`` and ``16.0``, on
    one line or on two), as a message naming the file, the lines and the spellings, or None."""
    listed: list[tuple[tuple, str, int]] = []  # (value, spelling, line)
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for number, line in enumerate(handle, start=1):
                fields = line.split(maxsplit=1)
                if not fields or fields[0] != "POINTS" or len(fields) < 2:
                    continue
                if "(" in fields[1]:  # (8 16) (16 16.0), or one point per line: ( 16 )
                    points = [" ".join(p.split()) for p in re.findall(r"\(([^)]*)\)", fields[1])]
                else:
                    points = fields[1].split()
                for text in points:
                    try:
                        listed.append((tuple(float(v) for v in text.split()), text, number))
                    except ValueError:
                        return None  # not this problem: Extra-P's own message stands
    except OSError:
        return None
    counts = Counter(value for value, _, _ in listed)
    for value, count in counts.items():
        if count > 1:
            places = [(text, number) for v, text, number in listed if v == value]
            lines = sorted({number for _, number in places})
            where = f"line {lines[0]}" if len(lines) == 1 else "lines " + ", ".join(map(str, lines))
            return (f"{path}: {where}: POINTS lists the point {' '.join(f'{v:g}' for v in value)} {count} times "
                    f"({', '.join(text for text, _ in places)}); list each point once")
    return None


def make_named(read_experiment: Callable) -> Callable:
    """A reader's ``read_experiment`` whose errors from the checks above name the file; for the text
    reader, a ``FileFormatError`` caused by a point listed twice is replaced by one that says so."""
    def read_experiment_named(self, path, *args, **kwargs):
        from extrap.util.exceptions import FileFormatError
        try:
            return read_experiment(self, path, *args, **kwargs)
        except FileFormatError as error:
            message = repeated_text_point(path) if getattr(self, "NAME", None) == "text" and isinstance(
                path, (str, Path)) else None
            if message is None:
                raise
            raise FileFormatError(message) from error
        except Exception as error:
            if not getattr(error, "extrap_segmented_input_check", False):
                raise
            named = type(error)(f"{path}: {error}")
            named.extrap_segmented_input_check = False
            raise named from error
    # Extra-P's own reader errors pass through unchanged (its format, its traceback)
    return pass_through(read_experiment_named)


def install() -> None:
    """Installs both checks (idempotent)."""
    extrap_internals.wrap_validate_experiment(make_checked)
    extrap_internals.wrap_readers(make_named)
