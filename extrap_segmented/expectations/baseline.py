"""Regression mode: save fitted models as a baseline and use them as the expectation later.

The baseline is JSON::

    {"format": "extrap-segmented/expectation-baseline", "version": 1,
     "entries": {"Allreduce": {"model": "p^(1/2) log p", "parameter": "p", ...}}}

``model`` is written with exact exponents, so ``parse_expectation`` reads back the same term;
later runs validate against ``O(model)`` (the paper's "status quo").
"""
from __future__ import annotations

import json
from pathlib import Path

from extrap_segmented.expectations.complexity import parse_expectation
from extrap_segmented.exceptions import ExpectationSyntaxError, InvalidInputError

BASELINE_FORMAT = "extrap-segmented/expectation-baseline"
BASELINE_VERSION = 1


class BaselineError(InvalidInputError):
    """A baseline file is missing, malformed or lacks a function; the message names the file."""


def save_baseline(path, rows: dict) -> Path:
    """Writes ``{label: ValidationResult.to_dict()-like dict}`` as a baseline file.

    Each row needs ``model_term_exact`` and ``parameter``; other keys are kept for reference.
    """
    entries = {}
    for label, row in rows.items():
        if "model_term_exact" not in row:
            raise InvalidInputError(f"baseline row {label!r} has no 'model_term_exact'")
        entries[label] = {"model": row["model_term_exact"], "parameter": row.get("parameter", "p"),
                          "formula": row.get("formula"), "adjusted_r2": row.get("adjusted_r2"),
                          "callpath": row.get("callpath"), "metric": row.get("metric"),
                          "search_space": row.get("search_space"), "aggregation": row.get("aggregation")}
    path = Path(path)
    path.write_text(json.dumps({"format": BASELINE_FORMAT, "version": BASELINE_VERSION, "entries": entries},
                               indent=2, sort_keys=True) + "\n")
    return path


def load_baseline(path) -> dict:
    """Reads a baseline: ``{label: "O(model)"}``.

    Raises:
        BaselineError: missing file, wrong format, or an unreadable model.
    """
    return {label: entry["expectation"] for label, entry in load_baseline_entries(path).items()}


def load_baseline_entries(path) -> dict:
    """Reads a baseline with its call paths and metrics: ``{label: {"expectation": "O(…)", …}}``.

    Raises:
        BaselineError: missing file, wrong format, or an unreadable model.
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise BaselineError(f"baseline file {path} does not exist (create it with --save-baseline)") from None
    except IsADirectoryError:
        raise BaselineError(f"baseline file {path} is a directory") from None
    except UnicodeDecodeError:
        raise BaselineError(f"baseline file {path} is not JSON text (binary or not UTF-8)") from None
    except OSError as error:
        raise BaselineError(f"baseline file {path} cannot be read: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise BaselineError(f"baseline file {path} is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != BASELINE_FORMAT:
        raise BaselineError(f"{path} is not an expectation baseline (format {BASELINE_FORMAT!r} expected)")
    result = {}
    entries = data.get("entries", {})
    if not isinstance(entries, dict) or not all(isinstance(e, dict) for e in entries.values()):
        raise BaselineError(f"{path}: 'entries' must map function names to objects")
    for label, entry in entries.items():
        if not isinstance(entry.get("model"), str):
            raise BaselineError(f"{path}: entry {label!r}: 'model' must be a string, got {entry.get('model')!r}")
        text = f"O({entry.get('model', '')})"
        try:
            parse_expectation(text)
        except ExpectationSyntaxError as error:
            raise BaselineError(f"{path}: entry {label!r}: {error}") from None
        result[label] = {**entry, "expectation": text}
    return result
