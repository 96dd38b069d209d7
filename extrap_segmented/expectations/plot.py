"""PNG of one validation: measurements, fitted model, scaled expectation and deviation band.

matplotlib is imported inside the function, so importing this module is cheap; the figure is drawn
with matplotlib's object API and the Agg canvas (no pyplot, no process-wide backend or figure state).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import numpy as np
from numpy.typing import ArrayLike

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.expectations.complexity import ComplexityTerm


def scaled_curve(term: ComplexityTerm, x: np.ndarray, y: ArrayLike, anchor_x: float, anchor_y: float,
                 c0: float) -> np.ndarray:
    """``c0 + b·term(x)`` passing through ``(anchor_x, anchor_y)`` (shape of ``term``, data's scale)."""
    base = term.evaluate(np.array([anchor_x]))[0]
    values = term.evaluate(x)
    if base == 0:
        return np.full_like(x, anchor_y)
    return c0 + (anchor_y - c0) * values / base


@dataclass(frozen=True)
class ExpectedBand:
    """The expectation E and its deviation limits E/D and E·D as curves over ``x`` (see
    :func:`expected_band`); ``low``/``high`` are the band's pointwise bounds."""

    x: np.ndarray
    expectation: np.ndarray
    lower_limit: np.ndarray  # E/D
    upper_limit: np.ndarray  # E·D

    @property
    def low(self) -> np.ndarray:
        return np.minimum(self.lower_limit, self.upper_limit)

    @property
    def high(self) -> np.ndarray:
        return np.maximum(self.lower_limit, self.upper_limit)


def expected_band(expectation: ComplexityTerm, limits, measured_x, grid, model_values: Callable,
                  constant: float) -> ExpectedBand:
    """E, E/D and E·D over ``grid``, sharing the model's ``constant`` and passing through the model
    at the geometric middle of the measured range (``measured_x``): the band shows which growth
    the limits allow, and a model outside it grows too fast or too slowly.

    Args:
        expectation: E.
        limits: the :class:`~extrap_segmented.expectations.complexity.DeviationLimits`.
        measured_x: the measured parameter values.
        grid: where to evaluate the curves.
        model_values: the model's values at an array of parameter values.
        constant: the model's constant (0 for a constant model).
    """
    x = np.asarray(measured_x, float)
    grid = np.asarray(grid, float)
    anchor_x = float(np.sqrt(x.min() * x.max()))
    anchor_y = float(np.asarray(model_values(np.array([anchor_x])), float).reshape(-1)[0])
    return ExpectedBand(grid, *(scaled_curve(term, grid, None, anchor_x, anchor_y, constant)
                                for term in (expectation, limits.lower, limits.upper)))


def plot_validation(result, path, *, title: Optional[str] = None, raw_x=None, raw_y=None,
                    extrapolate_to: Optional[float] = None, dpi: int = 110, violations=(),
                    rule: Optional[str] = None) -> Path:
    """Writes a PNG for a :class:`~extrap_segmented.expectations.validation.ValidationResult`.

    The expectation E and the deviation limits E/D and E·D are drawn with the model's constant
    and scaled to meet the model at the geometric middle of the measured range: the band shows
    which growth the limits allow, and a model outside it grows too fast or too slowly.

    Args:
        result: the validation result (carries the aggregated ``x``/``y``).
        path: output PNG.
        title: plot title (default: the expectation).
        raw_x, raw_y: optional individual repetitions to show as small dots.
        extrapolate_to: extend the curves to this parameter value.
        violations: measured parameter values where ``rule`` is violated (marked with red crosses).
        rule: the rule's text, for the legend.

    The models of every term indistinguishable from the best (the uncertainty range) are drawn
    as a light blue envelope.
    """
    if result.x is None or result.y is None:
        raise InvalidInputError("the validation result carries no data to plot")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    x, y = np.asarray(result.x, float), np.asarray(result.y, float)
    v = result.variable
    end = max(x.max(), extrapolate_to or 0)
    grid = np.geomspace(x.min(), end, 200)
    e = result.expectation.term
    # E, E/D and E·D share the model's constant and pass through the model at the geometric
    # middle of the measured range, so a model that grows faster than E·D leaves the band.
    band = expected_band(e, result.limits, x, grid, result.model.evaluate,
                         result.model.constant if not result.model.is_constant else 0.0)
    e_curve = band.expectation
    fig = Figure(figsize=(6.4, 4.2))
    FigureCanvasAgg(fig)
    ax = fig.subplots()
    ax.fill_between(grid, band.low, band.high, color="tab:green", alpha=0.15,
                    label=f"deviation limits {result.limits.lower.big_o(v)} … {result.limits.upper.big_o(v)}")
    ax.plot(grid, e_curve, "--", color="tab:green", label=f"expectation {e.big_o(v)} (scaled)")
    changes = getattr(result, "changes", ()) or ()
    candidates = getattr(result.model, "candidates", None) or []
    if changes:  # no single model describes the data: the regimes, not one curve, are the result
        candidates = []
    if len(candidates) > 1:
        with np.errstate(all="ignore"):
            curves = np.array([c0_ + c1_ * term.evaluate(grid) for term, c0_, c1_ in candidates])
        ax.fill_between(grid, curves.min(axis=0), curves.max(axis=0), color="tab:blue", alpha=0.12,
                        label=f"indistinguishable: {result.range_text}")
    if changes:
        for k, change in enumerate(changes):
            where = np.sqrt(change.before * change.after)  # between the two points, on the log axis
            ax.axvline(where, color="tab:red", linestyle=":", linewidth=1.5,
                       label=f"changes {change.describe(v)}" if k == 0 else None)
            ax.annotate(change.factor_text, (where, float(np.max(y))), color="tab:red", fontsize=8,
                        ha="center", va="bottom")
        for regime in getattr(result, "regimes", ()):
            if regime.result is not None:
                inside = grid[(grid >= regime.low) & (grid <= regime.high)]
                ax.plot(inside, regime.result.model.evaluate(inside), "-", color="tab:blue",
                        label=f"{v} = {regime.low:g}…{regime.high:g}: {regime.result.row()['model']}")
    else:
        ax.plot(grid, result.model.evaluate(grid), "-", color="tab:blue",
                label=f"model {result.model.formula(v)}")
    if raw_x is not None and raw_y is not None:
        ax.plot(raw_x, raw_y, ".", color="0.6", markersize=3, label="repetitions")
    ax.plot(x, y, "o", color="black", markersize=5, label="measurements (aggregated)")
    marked = [i for i, value in enumerate(x) if any(np.isclose(value, w) for w in violations)]
    if marked:
        ax.plot(x[marked], y[marked], "x", color="tab:red", markersize=11, markeredgewidth=2,
                label=f"rule violated (measured){': ' + rule if rule else ''}")
    ax.set_xscale("log", base=2)
    ax.set_xlabel(v)
    ax.set_ylabel("value")
    symbol = {"match": "✓", "approximate": "≈", "no match": "✗", "inconclusive": "?"}[result.verdict]
    detail = f"δ = {result.divergence.big_o(v)}" if not changes else \
        f"changes {'; '.join(c.describe(v) for c in changes)}"
    ax.set_title(f"{title or e.big_o(v)}: {symbol} {result.verdict}, {detail}", fontsize=10)
    ax.legend(fontsize=7, loc="upper left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=dpi)
    return path
