"""A fast path for ``extrap-validate --text``: single-parameter Extra-P text files straight to arrays.

Extra-P's ``TextFileReader`` builds one ``Measurement`` per point, each computing median, mean,
minimum, maximum and standard deviation through numpy's masked arrays: 1.4–2.4 s for 1,000
functions of 6 points × 5 repetitions on our 2-core machine, plus 0.4–0.9 s of imports (Extra-P
and, through the plugin registration its registries trigger, every modeler). ``extrap-validate``
uses none of those objects: it needs each call path's repeated ``x`` and ``y`` arrays, exactly
what :func:`~extrap_segmented.adapters.expectations.series.series_arrays` extracts from them.

:func:`read_text_series` reads the file the way Extra-P's reader does (same line handling,
whitespace normalisation, ``float`` conversion, metric carried over REGION lines, coordinate
counter reset on METRIC and REGION) and returns those arrays directly — but only for the subset
of the format it fully understands:

* exactly one ``PARAMETER`` line with one name, then exactly one ``POINTS`` line of plain
  numbers (no parentheses), all distinct, before any ``DATA``;
* ``REGION``/``METRIC`` names that are not empty, each region named once, each (region, metric)
  block given once with either no ``DATA`` line or exactly one per point, every value a number;
* comment lines (``#`` first) and blank lines anywhere.

Anything else — a second parameter, a region given twice, a block with too few or too many
``DATA`` lines, an unparsable number, an unknown field, a file that is not text, an empty file
— raises :class:`NotFastPath`, and the caller falls back to Extra-P's reader, which then reads
it (or reports the error in its own words). ``tests/adapters/expectations/test_text_input.py``
checks that on every text fixture and on hypothesis-generated files the fast path gives the same
parameter, call paths, metrics and, for every (call path, metric), the same ``x``/``y`` arrays as
Extra-P's reader followed by ``series_arrays``, bit for bit, or declines.

No Extra-P import: the point is not to pay for it.
"""
from __future__ import annotations

import math

import re
from dataclasses import dataclass, field

import numpy as np

# Extra-P's text reader normalises whitespace with this expression (text_file_reader.re_whitespace)
_WHITESPACE = re.compile(r"\s+")


class NotFastPath(Exception):
    """The file uses something the fast path does not handle; read it with Extra-P's reader."""


@dataclass(frozen=True)
class Name:
    """A call path or metric as ``collect_rows`` sees it: a name (hashable, compared by name)."""
    name: str


@dataclass
class TextSeries:
    """What ``extrap-validate`` reads from an experiment, without Extra-P's objects.

    ``parameters``, ``callpaths`` and ``metrics`` in the order Extra-P's reader lists them;
    ``measurements[(callpath, metric)]`` is an :class:`ArraySeries` for each block with data.
    """
    parameters: list
    callpaths: list
    metrics: list
    measurements: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ArraySeries:
    """Repeated ``x`` (float parameter values) and ``y`` (every repetition) of one block."""
    x: np.ndarray
    y: np.ndarray


def read_text_series(path) -> TextSeries:
    """Reads a single-parameter Extra-P text file into arrays (see the module doc).

    Raises:
        NotFastPath: anything outside the understood subset, including unreadable files.
    """
    try:
        with open(path) as file:  # as Extra-P's reader: the locale's encoding, universal newlines
            lines = file.readlines()
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise NotFastPath(f"cannot read: {error}") from None
    parameter = None
    points = None
    callpaths, metrics, metric_names = [], [], set()
    region = metric = None
    blocks = {}  # (region, metric) -> list of value lists
    block = None
    seen_regions = set()
    for line in lines:
        if line.isspace() or line.startswith("#"):
            continue
        line = _WHITESPACE.sub(" ", line)
        separator = line.find(" ")
        if separator <= 0:  # no field name, or none separated from its value (Extra-P mangles those)
            raise NotFastPath(f"unusual line {line!r}")
        name, value = line[:separator], line[separator + 1:].strip()
        if name == "DATA":
            if block is None:
                if points is None or region is None or metric is None:
                    raise NotFastPath("DATA before PARAMETER, POINTS, REGION or METRIC")
                key = (region, metric)
                if key in blocks:
                    raise NotFastPath(f"block {key} given twice")
                block = blocks[key] = []
            if len(block) >= len(points):
                raise NotFastPath("more DATA lines than POINTS")
            try:
                block.append([float(v) for v in value.split(" ")])
            except ValueError:
                raise NotFastPath(f"not a number in {value!r}") from None
        elif name == "REGION":
            if not value or value in seen_regions:
                raise NotFastPath(f"empty or repeated region {value!r}")
            seen_regions.add(value)
            callpaths.append(Name(value))
            region, block = value, None
        elif name == "METRIC":
            if not value:
                raise NotFastPath("empty metric")
            if value not in metric_names:
                metric_names.add(value)
                metrics.append(Name(value))
            metric, block = value, None
        elif name == "PARAMETER":
            if parameter is not None or " " in value or not value:
                raise NotFastPath("more than one parameter")
            parameter = value
        elif name == "POINTS":
            if parameter is None or points is not None or "(" in value:
                raise NotFastPath("POINTS before PARAMETER, repeated, or in parentheses")
            try:
                points = [float(c) for c in value.split(" ")]
            except ValueError:
                raise NotFastPath(f"not a number in POINTS {value!r}") from None
            if len(set(points)) != len(points):
                raise NotFastPath("repeated point")
            if not all(math.isfinite(v) for v in points):  # Extra-P's reader and the checks name it
                raise NotFastPath("a point that is not a finite number")
        else:
            raise NotFastPath(f"unknown field {name!r}")
    if parameter is None or not points or not callpaths or not metrics:
        raise NotFastPath("no parameter, points, region or metric")
    out = TextSeries([parameter], callpaths, metrics)
    for (region, metric), values in blocks.items():
        if len(values) != len(points):
            raise NotFastPath(f"block ({region}, {metric}) has {len(values)} DATA lines for {len(points)} points")
        counts = [len(v) for v in values]
        x = np.repeat(np.array(points, dtype=float), counts)
        y = np.array([v for row in values for v in row], dtype=float)
        out.measurements[(Name(region), Name(metric))] = ArraySeries(x, y)
    return out
