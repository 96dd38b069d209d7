"""Readable text of clustered models: the ``Clusters:`` block of ``extrap --print all`` and the GUI tooltip.

Models are printed with :data:`SIGNIFICANT_DIGITS` significant digits, and a term (or the
constant) that contributes less than :data:`NEGLIGIBLE` of the model's magnitude at every
configuration the cluster was measured at is left out of the text, e.g. Extra-P's
``4.632300282280052e-15 + 1.0000000000000002 * p^(1)`` prints as ``p^(1)``. Only the text is
simplified; the models themselves are unchanged.
"""
from __future__ import annotations

import copy
from typing import Optional, Sequence

import numpy as np

from extrap_segmented.clustering.matching import format_point
from extrap_segmented.clustering.migration import describe_positions
from extrap_segmented.clustering.ranks import format_ranks

SIGNIFICANT_DIGITS = 4
NEGLIGIBLE = 1e-3
"""Largest share of ``sum(|part|)`` a part may have at every point and still be left out of the text."""


def format_number(value: float) -> str:
    """``value`` with :data:`SIGNIFICANT_DIGITS` significant digits (``0.001563``, ``3.364e-05``, ``196``)."""
    return f"{float(value):.{SIGNIFICANT_DIGITS}g}"


def _term_text(term, parameters) -> str:
    """A term without its coefficient, in Extra-P's notation (``p^(1/2) * log2(p)^(1)``)."""
    unit = copy.copy(term)
    unit.coefficient = 1
    return unit.to_string(*parameters)


def _part_values(function, points: np.ndarray) -> np.ndarray:
    """(parts, points) absolute values of the constant and every term at ``points`` (rows are configurations)."""
    terms = function.compound_terms
    argument = points[:, 0] if len(getattr(terms[0], "parameter_term_pairs", ())) == 0 else points.T
    with np.errstate(all="ignore"):
        rows = [np.full(len(points), abs(function.constant_coefficient))]
        rows += [np.abs(np.broadcast_to(np.asarray(t.evaluate(argument), dtype=float), (len(points),)))
                 for t in terms]
    return np.nan_to_num(np.vstack(rows), nan=np.inf)


def readable_function(function, parameters: Sequence, points: Optional[Sequence[Sequence[float]]] = None) -> str:
    """Short text of an Extra-P function: rounded coefficients, negligible parts left out.

    Args:
        function: an Extra-P ``Function`` (constant, single- or multi-parameter).
        parameters: parameter names (or Extra-P ``Parameter`` objects), one per dimension.
        points: configurations (one tuple per configuration) at which negligible parts are judged;
            None keeps every part.

    Returns:
        E.g. ``7.09e-06 + 2.97e-06 * s^(1)``; ``0`` if every part is zero.
    """
    terms = list(function.compound_terms)
    keep = np.ones(len(terms) + 1, dtype=bool)
    if terms and points is not None and len(points):
        parts = _part_values(function, np.asarray([tuple(p) for p in points], dtype=float))
        total = parts.sum(axis=0)
        with np.errstate(all="ignore"):
            share = np.where(total > 0, parts / total, 0.0)
        keep = np.any(share >= NEGLIGIBLE, axis=1)
    keep[0] &= function.constant_coefficient != 0
    single = not terms or not hasattr(terms[0], "parameter_term_pairs")
    names = [str(p) for p in (parameters[:1] if single else parameters)]
    text = format_number(function.constant_coefficient) if keep[0] else ""
    for term, kept in zip(terms, keep[1:]):
        if not kept:
            continue
        coefficient = format_number(abs(term.coefficient))
        body = _term_text(term, names) if coefficient == "1" else f"{coefficient} * {_term_text(term, names)}"
        if not text:
            text = f"-{body}" if term.coefficient < 0 else body
        else:
            text += f" - {body}" if term.coefficient < 0 else f" + {body}"
    return text or "0"


def model_text(model, parameters, points=None) -> str:
    """Readable text of a cluster's model, or a note when the cluster has none."""
    if model is None:
        return "none (too few configurations)"
    return readable_function(model.hypothesis.function, parameters, points)


def _point(coordinate, parameters) -> str:
    return format_point(tuple(coordinate), [str(p) for p in parameters])


def _where(positions: dict) -> str:
    """``corner`` when every member sits there, else the shares (``edge-0 50%, edge-1 50%``)."""
    return next(iter(positions)) if len(positions) == 1 else describe_positions(positions)


def cluster_lines(model, parameters) -> list[str]:
    """One line per cluster of a ``ClusteredModel``: size, position, member ranks, model, membership model."""
    lines = []
    for info in model.clusters:
        if getattr(info, "statistic", ""):
            points = [tuple(c) for c in info.coordinates]
            lines.append(f"{info.name}: at {len(points)} configurations; model: "
                         f"{model_text(info.model, parameters, points)}")
            continue
        low, high = min(info.counts), max(info.counts)
        counts = f"{low}" if low == high else f"{low}..{high}"
        points = [tuple(c) for c in info.coordinates]
        line = f"{info.name}: {counts} ranks at {len(info.counts)} configurations"
        if info.positions and len(model.clusters) > 1:  # one class holds every position: nothing to say
            line += f"; {_where(info.positions)}"
        if getattr(info, "ranks", None):
            line += f"; {format_ranks(info.ranks)}"
            if len(points) > 1 and info.rank_coordinate is not None:
                line += f" at {_point(info.rank_coordinate, parameters)}"
        line += (f"; model: {model_text(info.model, parameters, points)}"
                 f"; members: {model_text(info.membership_model, parameters, points)}")
        lines.append(line)
    return lines


def outlier_line(model) -> str:
    """``outliers (in no class): rank 63 at 3 of 25 configurations, 1.8..2.4x the slowest class; set
    aside as alike no other rank: …`` (the reason, :data:`~extrap_segmented.clustering.classify.OUTLIER_REASON`),
    or ''."""
    outliers = getattr(model, "outliers", None) or []
    found = [r for ranks in outliers for r in ranks]
    if not found:
        return ""
    ratios = [x for values in (getattr(model, "outlier_ratios", None) or []) for x in values]
    configurations = sum(1 for ranks in outliers if ranks)
    text = f"outliers (in no class): {format_ranks(found)} at {configurations} of {len(outliers)} configurations"
    if ratios:
        low, high = min(ratios), max(ratios)
        span = f"{low:.3g}x" if format_number(low) == format_number(high) else f"{low:.3g}..{high:.3g}x"
        text += f", {span} the slowest class"
    from extrap_segmented.clustering.classify import OUTLIER_REASON
    return f"{text}; set aside as {OUTLIER_REASON}"


def cluster_summary(model, parameters) -> str:
    """Multi-line text describing every cluster of a ``ClusteredModel``, its outliers and its notes."""
    lines = []
    # One "kernel model:" line: the modeler's note that classes are not matched (kept in saved
    # experiments) is folded into it.
    unmatched = any(note.startswith("kernel model:") for note in model.notes)
    if model.clusters and getattr(model.clusters[0], "statistic", ""):
        lines.append(f"kernel model: {model.slowest or 'the maximum over ranks'}")
    elif not model.slowest and unmatched:
        lines.append("kernel model: the slowest class of each configuration (classes are not matched across "
                     "configurations; outliers excluded)")
    elif len(model.clusters) > 1 or not model.slowest:
        lines.append(f"kernel model: {model.slowest or 'the slowest class of each configuration'} "
                     "(highest value at most configurations; outliers excluded)")
    lines += cluster_lines(model, parameters)
    outliers = outlier_line(model)
    if outliers:
        lines.append(outliers)
    lines.extend(note for note in model.notes if not note.startswith("kernel model:"))
    return "\n".join(lines)
