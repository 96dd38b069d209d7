"""PNG plots of clusters (matplotlib's Agg canvas, imported lazily so the core stays numpy-only; no
pyplot, so no process-wide backend or figure state).

* :func:`plot_configuration_strips` - per configuration, the per-rank values sorted ascending and
  colored by cluster (the spatial-divergence paper's Fig. 2 as a sorted strip);
* :func:`plot_cluster_models` - per kernel, each cluster's values and model, and its member count
  and membership model, each over one parameter.

Both are drawn fast (well under 0.1 s per PNG, ``benchmarks/clustering/clustering_plot_speed.py``):
the panels are laid out at fixed positions on one figure (no ``Axes``, no ``tight_layout``, no
tick machinery); all points of one color are one marker artist, frames and grid lines one line
collection, and a strip keeps per pixel column only the first and last rank of each cluster (the
sorted strip looks the same, and 16,384 ranks cost what 400 do).
"""
from __future__ import annotations

import functools
from typing import Optional, Sequence

import numpy as np

_COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf"]
_DPI = 90
_FRAME = "#555555"
_GRID = "#dddddd"


def _figure(**options):
    """A matplotlib ``Figure(**options)`` drawn by the Agg canvas (no pyplot)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    figure = Figure(**options)
    FigureCanvasAgg(figure)
    return figure


def _color_map(names: Sequence[str]) -> dict:
    return {name: _COLORS[i % len(_COLORS)] for i, name in enumerate(dict.fromkeys(names))}


def _label(value: float, digits: int = 4) -> str:
    return f"{value:.{digits}g}"


def _labels(values: Sequence[float], scale: float = 1.0) -> list:
    """Tick labels (of ``value / scale``) with the fewest significant digits (3..7) that tell
    neighbouring ticks apart."""
    for digits in range(3, 8):
        labels = [_label(v / scale, digits) for v in values]
        if len(set(labels)) == len(labels):
            return labels
    return labels


class _Drawing:
    """One figure of panels at fixed positions, in figure coordinates (0..1), drawn in one pass."""

    def __init__(self, width: float, height: float):
        self.figure = _figure(figsize=(width, height), dpi=_DPI)
        self.width, self.height = width, height
        self.lines: dict = {}  # (color, width) -> segments
        self.markers: dict = {}  # (color, marker, size) -> ([x], [y])
        self.curves: dict = {}  # color -> [(x, y)]
        self.stamps: list = []  # (x, y, text, size, ha, va)

    def segment(self, x0, y0, x1, y1, color=_FRAME, width=0.8) -> None:
        self.lines.setdefault((color, width), []).append(((x0, y0), (x1, y1)))

    def frame(self, box, color=_FRAME) -> None:
        x0, y0, x1, y1 = box
        for a, b, c, d in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
            self.segment(a, b, c, d, color)

    def points(self, x, y, color, marker="o", size=3.0) -> None:
        xs, ys = self.markers.setdefault((color, marker, size), ([], []))
        xs.append(np.asarray(x, dtype=float))
        ys.append(np.asarray(y, dtype=float))

    def curve(self, x, y, color) -> None:
        self.curves.setdefault(color, []).append((np.asarray(x, dtype=float), np.asarray(y, dtype=float)))

    def text(self, x, y, text, size=7.0, ha="left", va="baseline", **options) -> None:
        """Black text at ``(x, y)``; horizontal text is stamped from a cache of rendered strings (a
        fifth of the cost of a matplotlib ``Text``), rotated text drawn by matplotlib."""
        if options:
            self.figure.text(x, y, text, fontsize=size, ha=ha, va=va, **options)
        elif text:
            self.stamps.append((x, y, text, size, ha, va))

    def save(self, path) -> None:
        from matplotlib.collections import LineCollection
        from matplotlib.lines import Line2D
        transform = self.figure.transFigure
        for (color, width), segments in self.lines.items():
            self.figure.add_artist(LineCollection(segments, colors=color, linewidths=width, transform=transform))
        for color, parts in self.curves.items():
            nan = np.array([np.nan])
            x = np.concatenate([np.concatenate([px, nan]) for px, _ in parts])
            y = np.concatenate([np.concatenate([py, nan]) for _, py in parts])
            self.figure.add_artist(Line2D(x, y, color=color, lw=1.2, transform=transform))
        for (color, marker, size), (xs, ys) in self.markers.items():
            self.figure.add_artist(Line2D(np.concatenate(xs), np.concatenate(ys), ls="", marker=marker, ms=size,
                                          mew=1.2 if marker == "x" else 0, color=color, transform=transform))
        from PIL import Image
        canvas = self.figure.canvas
        canvas.draw()
        image = np.array(np.asarray(canvas.buffer_rgba())[..., :3])  # RGB: the background is opaque
        for x, y, text, size, ha, va in self.stamps:
            _stamp(image, x, y, text, size, ha, va)
        # fast compression: half the encoding time of the default
        Image.fromarray(image, "RGB").save(path, format="png", compress_level=3)

    def legend(self, x, y, entries, size=7.0) -> None:
        """Marker and name per ``(name, color, marker)``, left to right from ``(x, y)``."""
        char = 0.55 * size / 72 / self.width  # average glyph width in figure coordinates
        for name, color, marker in entries:
            self.points([x + 0.4 * char], [y], color, marker, 4.0)
            self.text(x + 1.3 * char, y, name, size, va="center")
            x += (len(name) + 4) * char


@functools.lru_cache(maxsize=4096)
def _rendered(text: str, size: float):
    """``text`` in matplotlib's default font at ``size`` points and the plots' dpi: coverage (0..1,
    rows top-down) and the rows below the baseline."""
    from matplotlib import ft2font
    from matplotlib.font_manager import FontProperties, findfont, get_font
    font = get_font(findfont(FontProperties()))
    font.set_size(size, _DPI)
    # matplotlib >= 3.10 has the LoadFlags enum; older versions the integer constant
    flags = ft2font.LoadFlags.FORCE_AUTOHINT if hasattr(ft2font, "LoadFlags") else ft2font.LOAD_FORCE_AUTOHINT
    font.set_text(text, 0.0, flags=flags)
    font.draw_glyphs_to_bitmap(antialiased=True)
    coverage = np.asarray(font.get_image(), dtype=np.float32) / 255.0
    descent = int(np.ceil(font.get_descent() / 64))
    coverage.setflags(write=False)
    return coverage, descent


def _stamp(image: np.ndarray, x: float, y: float, text: str, size: float, ha: str, va: str) -> None:
    """Draws black ``text`` into the RGB ``image`` at figure coordinates ``(x, y)``."""
    coverage, descent = _rendered(text, float(size))
    height, width = image.shape[:2]
    h, w = coverage.shape
    left = int(round(x * width)) - {"left": 0, "center": w // 2, "right": w}[ha]
    bottom = int(round((1 - y) * height))  # row of the anchor
    top = {"top": bottom, "center": bottom - h // 2, "bottom": bottom - h,
           "baseline": bottom - h + descent}[va]
    r0, c0 = max(top, 0), max(left, 0)
    r1, c1 = min(top + h, height), min(left + w, width)
    if r1 <= r0 or c1 <= c0:
        return
    alpha = coverage[r0 - top:r1 - top, c0 - left:c1 - left, None]
    region = image[r0:r1, c0:c1]
    region[...] = (region * (1.0 - alpha)).astype(np.uint8)


def _strip_sample(order_labels: np.ndarray, columns: int) -> np.ndarray:
    """Indices (into the sorted strip) to draw: per pixel column and label, the first and last rank;
    every outlier (label < 0)."""
    n = len(order_labels)
    if n <= 2 * columns:
        return np.arange(n)
    bucket = np.arange(n) * columns // n
    key = bucket * (int(order_labels.max(initial=0)) + 2) + (order_labels + 1)
    _, first = np.unique(key, return_index=True)
    _, last = np.unique(key[::-1], return_index=True)
    keep = np.zeros(n, dtype=bool)
    keep[first] = True
    keep[n - 1 - last] = True
    keep[order_labels < 0] = True
    return np.flatnonzero(keep)


def _common_scale(values: Sequence[np.ndarray]) -> float:
    """A power of ten (10^3k) the values are written in units of when they share one, else 1: the
    panels' labels then read ``4.07`` rather than ``4.07e-05``."""
    largest = [float(np.max(np.abs(v))) for v in values if len(v) and np.all(np.isfinite(v)) and np.max(np.abs(v)) > 0]
    if not largest:
        return 1.0
    exponents = np.floor(np.log10(largest) / 3) * 3
    if exponents.min() != exponents.max() or exponents[0] == 0:
        return 1.0
    return float(10.0 ** exponents[0])


def _grid(points, n: int):
    """``(row, column)`` per configuration and the row and column values when the configurations
    form a grid of two parameters (at most 8 columns); else None."""
    if points is None:
        return None
    points = np.asarray(points, dtype=float)
    if points.ndim != 2 or points.shape != (n, 2):
        return None
    row_values, rows = np.unique(points[:, 0], return_inverse=True)
    column_values, columns = np.unique(points[:, 1], return_inverse=True)
    if len(column_values) > 8 or len(set(zip(rows.tolist(), columns.tolist()))) != n:
        return None
    return list(zip(rows.tolist(), columns.tolist())), row_values, column_values


def _point_text(point, parameter_names) -> str:
    names = list(parameter_names)
    if len(names) < len(point):
        return ", ".join(f"{v:g}" for v in point)
    return ", ".join(f"{name}={v:g}" for name, v in zip(names, point))


def plot_configuration_strips(path, values: Sequence[np.ndarray], labels: Sequence[np.ndarray],
                              names: Sequence[Sequence[str]], titles: Sequence[str], suptitle: str = "",
                              ylabel: str = "value", points: Optional[Sequence[Sequence[float]]] = None,
                              parameter_names: Sequence[str] = ()) -> None:
    """Per-rank values of every configuration, sorted and colored by cluster, one panel each.

    Each panel is scaled to its own values; its smallest and largest value are written at its
    left edge. Configurations of two parameters that form a grid are drawn as one (rows: first
    parameter, columns: second, with row and column headers); otherwise each panel is titled.

    Args:
        path: PNG file to write.
        values: per configuration, one value per location.
        labels: per configuration, index into ``names[j]`` per location (-1: outlier, drawn as a black x).
        names: per configuration, the cluster names (same name = same color in every panel).
        titles: panel titles (used without ``points``).
        suptitle: figure title.
        ylabel: label of the value axis.
        points: per configuration its parameter values; titles are made from them (and a grid of
            two parameters is laid out as one).
        parameter_names: names of the parameters in titles and headers (default: values only).
    """
    colors = _color_map([n for conf in names for n in conf])
    n = len(values)
    grid = _grid(points, n)
    if grid is not None:
        cells, row_values, column_values = grid
        rows, columns = len(row_values), len(column_values)
    else:
        columns = max(1, min(5, n))
        rows = max(1, int(np.ceil(n / columns)))
        cells = [divmod(k, columns) for k in range(n)]
        if points is not None:
            titles = [_point_text(point, parameter_names) for point in points]
    counts = [len(v) for v in values]
    scale = _common_scale(values)
    cell_w, cell_h, top, bottom, left = 2.05, 1.35, 0.75, 0.3, (0.45 if grid else 0.35)
    width, height = left + columns * cell_w, top + rows * cell_h + bottom
    drawing = _Drawing(width, height)
    pad_l, pad_r, pad_t, pad_b = 0.12, 0.12, 0.2, 0.06  # inches inside a cell
    pixels = int((cell_w - pad_l - pad_r) * _DPI)
    any_outliers = False
    for k, (v, lab, conf_names) in enumerate(zip(values, labels, names)):
        r, c = cells[k]
        x0 = (left + c * cell_w + pad_l) / width
        x1 = (left + (c + 1) * cell_w - pad_r) / width
        y1 = 1 - (top + r * cell_h + pad_t) / height
        y0 = 1 - (top + (r + 1) * cell_h - pad_b) / height
        drawing.frame((x0, y0, x1, y1))
        v = np.asarray(v, dtype=float)
        lab = np.asarray(lab, dtype=int)
        # above the panel: its configuration (unless in the grid's headers) and its value range
        heading = titles[k] + ", " if grid is None else ""
        if grid is None or len({counts[j] for j in range(n) if cells[j][0] == r}) > 1:
            heading += f"{len(v)} ranks" + (": " if len(v) else "")
        if len(v) == 0:
            drawing.text(x0, y1 + 0.03 / height, heading, 7, va="bottom")
            continue
        order = np.argsort(v, kind="stable")
        sorted_v, sorted_lab = v[order], lab[order]
        lo, hi = float(sorted_v[0]), float(sorted_v[-1])
        span = hi - lo if hi > lo else (abs(hi) or 1.0)
        shown = _strip_sample(sorted_lab, pixels)
        margin = 0.04
        px = x0 + (x1 - x0) * (margin + (1 - 2 * margin) * (shown / max(1, len(v) - 1) if len(v) > 1 else
                                                               np.full(len(shown), 0.5)))
        py = y0 + (y1 - y0) * (margin + (1 - 2 * margin) * ((sorted_v[shown] - lo) / span if hi > lo else
                                                            np.full(len(shown), 0.5)))
        shown_lab = sorted_lab[shown]
        for index, name in enumerate(conf_names):
            selected = shown_lab == index
            if selected.any():
                drawing.points(px[selected], py[selected], colors[name])
        outlying = shown_lab < 0  # ranks the classifier set aside (label -1)
        if outlying.any():
            any_outliers = True
            drawing.points(px[outlying], py[outlying], "black", "x", 4.5)
        # one text per panel: a text costs ~1 ms to draw, the points of all panels together less
        low_text, high_text = _labels([lo, hi], scale) if hi > lo else (_label(lo / scale), _label(hi / scale))
        drawing.text(x0, y1 + 0.03 / height, f"{heading}{low_text} \u2013 {high_text}" if hi > lo else
                     f"{heading}all {low_text}", 7, va="bottom")
    names_ = list(parameter_names)
    if grid is not None:
        for c, value in enumerate(column_values):
            x = (left + (c + 0.5) * cell_w + (pad_l - pad_r) / 2) / width
            header = f"{names_[1]} = {value:g}" if len(names_) > 1 else f"{value:g}"
            drawing.text(x, 1 - (top - 0.06) / height, header, 8, ha="center", va="bottom")
        for r, value in enumerate(row_values):
            members = [j for j in range(n) if cells[j][0] == r]
            same = len({counts[j] for j in members}) == 1
            header = (f"{names_[0]} = {value:g}" if names_ else f"{value:g}") + \
                (f"\n{counts[members[0]]} ranks" if same else "")
            drawing.text(0.3 / width, 1 - (top + (r + 0.5) * cell_h) / height, header, 7, ha="center",
                         va="center", rotation=90)
    drawing.text(0.5, 0.1 / height, "ranks, sorted by value; each panel spans its smallest to its largest value "
                                    "(written above it)", 7, ha="center")
    unit = f"{ylabel}{f' in units of {scale:g}' if scale != 1 else ''}"
    if grid is None:
        drawing.text(0.12 / width, 1 - (top + rows * cell_h / 2) / height, unit, 8, rotation=90, va="center")
    drawing.text(0.1 / width, 1 - 0.2 / height, suptitle + (f"   [{unit}]" if grid is not None else ""), 9,
                 va="center")
    entries = [(name, color, "o") for name, color in colors.items()]
    if any_outliers:
        entries.append(("outliers", "black", "x"))
    drawing.legend(0.1 / width, 1 - 0.45 / height, entries)
    drawing.save(path)


def _ticks(lo: float, hi: float, log: bool) -> np.ndarray:
    """Up to ~5 round tick values in [lo, hi] (1-2-5 steps, or decades / 1-2-5 per decade on a log axis)."""
    if not np.isfinite(lo) or not np.isfinite(hi):
        return np.array([])
    if hi <= lo:
        return np.array([lo])
    if log:
        decades = np.arange(np.floor(np.log10(lo)), np.ceil(np.log10(hi)) + 1)
        for subs in ((1.0,), (1.0, 3.0), (1.0, 2.0, 5.0)):
            ticks = np.array([s * 10 ** d for d in decades for s in subs])
            ticks = ticks[(ticks >= lo * (1 - 1e-9)) & (ticks <= hi * (1 + 1e-9))]
            if len(ticks) >= 3:
                return ticks
        return ticks if len(ticks) >= 2 else np.array([lo, hi])
    raw = (hi - lo) / 4
    step = 10 ** np.floor(np.log10(raw))
    step *= next(m for m in (1, 2, 2.5, 5, 10) if m * step >= raw)
    ticks = np.arange(np.ceil(lo / step - 1e-9), np.floor(hi / step + 1e-9) + 1) * step
    ticks[np.abs(ticks) < step * 1e-6] = 0.0
    return ticks + 0.0  # no "-0"


class _Panel:
    """A data rectangle ``box`` (figure coordinates) showing ``x`` and ``y`` ranges, linear or log."""

    def __init__(self, drawing: _Drawing, box, xs, ys, xlog: bool, ylog: bool):
        self.drawing, self.box, self.xlog, self.ylog = drawing, box, xlog, ylog
        self.xlim, self.ylim = self._limits(xs, xlog), self._limits(ys, ylog)

    @staticmethod
    def _limits(arrays, log):
        values = np.concatenate([np.ravel(np.asarray(a, dtype=float)) for a in arrays]) if len(arrays) else np.array([])
        values = values[np.isfinite(values) & ((values > 0) if log else True)]
        if not len(values):
            return 0.0, 1.0  # log: 1 to 10
        lo, hi = float(values.min()), float(values.max())
        if log:
            lo, hi = np.log10(lo), np.log10(hi)
        pad = (hi - lo) * 0.06 if hi > lo else (abs(hi) * 0.1 if hi else 1.0)
        return lo - pad, hi + pad

    def _map(self, values, log, limits, a, b):
        values = np.asarray(values, dtype=float)
        with np.errstate(all="ignore"):
            values = np.where(values > 0, np.log10(np.where(values > 0, values, 1)), np.nan) if log else values
        return a + (b - a) * (values - limits[0]) / (limits[1] - limits[0])

    def tx(self, x):
        return self._map(x, self.xlog, self.xlim, self.box[0], self.box[2])

    def ty(self, y):
        return self._map(y, self.ylog, self.ylim, self.box[1], self.box[3])

    def axes(self, xticks, xlabel: str, ylabel: str, xtick_labels=None) -> None:
        """Frame, grid lines, tick labels and axis labels."""
        d, (x0, y0, x1, y1) = self.drawing, self.box
        d.frame(self.box)
        xticks = np.asarray(xticks, dtype=float)
        xticks = xticks[(self.tx(xticks) >= x0 - 1e-9) & (self.tx(xticks) <= x1 + 1e-9)]
        for tick, text in zip(xticks, xtick_labels(xticks) if xtick_labels else _labels(xticks)):
            x = float(self.tx(tick))
            d.segment(x, y0, x, y1, _GRID, 0.6)
            d.text(x, y0 - 0.06 / d.height, text, 7, ha="center", va="top")
        lo, hi = (10 ** v for v in self.ylim) if self.ylog else self.ylim
        yticks = _ticks(lo, hi, self.ylog)
        for tick, text in zip(yticks, _labels(yticks)):
            y = float(self.ty(tick))
            d.segment(x0, y, x1, y, _GRID, 0.6)
            d.text(x0 - 0.05 / d.width, y, text, 7, ha="right", va="center")
        d.text((x0 + x1) / 2, y0 - 0.3 / d.height, xlabel, 8, ha="center", va="top")
        d.text(x0 - 0.8 / d.width, (y0 + y1) / 2, ylabel, 8, ha="center", va="center", rotation=90)


def _x_ticks(xs: Sequence) -> np.ndarray:
    """The measured parameter values (up to 12), else round values."""
    ticks = np.unique(np.concatenate([np.asarray(x, dtype=float) for x in xs])) if len(xs) else np.array([])
    ticks = ticks[np.isfinite(ticks)]
    if 0 < len(ticks) <= 12:
        return ticks
    return _ticks(ticks.min(), ticks.max(), bool(ticks.min() > 0)) if len(ticks) else ticks


def plot_cluster_models(path, clusters: Sequence[dict], xlabel: str, ylabel: str = "value",
                        title: str = "", count_clusters: Optional[Sequence[dict]] = None,
                        count_xlabel: Optional[str] = None) -> None:
    """Each cluster's values and model (left) and member counts and membership model (right).

    Args:
        path: PNG file to write.
        clusters: one dict per cluster with keys ``name``, ``x``, ``values``, ``counts`` (measured, same
            length) and optionally ``curve_x``, ``curve``, ``count_curve`` (model evaluated at ``curve_x``).
        xlabel: name of the parameter on the x axis.
        ylabel: label of the value axis.
        title: figure title.
        count_clusters: the same kind of dicts for the right panel (member counts), e.g. along another
            parameter; default ``clusters``.
        count_xlabel: x label of the right panel; default ``xlabel``.
    """
    count_clusters = clusters if count_clusters is None else count_clusters
    colors = _color_map([c["name"] for c in clusters] + [c["name"] for c in count_clusters])
    width, height = 9.0, 3.6
    drawing = _Drawing(width, height)
    boxes = ((1.05 / width, 0.75 / height, 4.3 / width, 1 - 0.62 / height),
             (5.55 / width, 0.75 / height, 8.8 / width, 1 - 0.62 / height))
    panels = []
    for box, data, value_key, curve_key, ylog in ((boxes[0], clusters, "values", "curve", False),
                                                   (boxes[1], count_clusters, "counts", "count_curve", True)):
        xs = [np.asarray(c["x"], dtype=float) for c in data]
        all_x = np.concatenate(xs) if xs else np.array([])
        xlog = bool(len(all_x)) and bool(np.all(all_x > 0))
        ys = [np.asarray(c[value_key], dtype=float) for c in data]
        # a membership model below one rank only extrapolates; it is not drawn
        curves = [np.where(np.asarray(c[curve_key], dtype=float) >= 0.5, np.asarray(c[curve_key], dtype=float),
                           np.nan) if curve_key == "count_curve" else np.asarray(c[curve_key], dtype=float)
                  for c in data if c.get(curve_key) is not None]
        panel = _Panel(drawing, box, xs, ys + curves, xlog, ylog)
        for cluster in data:
            color = colors[cluster["name"]]
            drawing.points(panel.tx(cluster["x"]), panel.ty(cluster[value_key]), color, "o", 5.0)
            if cluster.get(curve_key) is not None:
                curve = np.asarray(cluster[curve_key], dtype=float)
                if curve_key == "count_curve":
                    curve = np.where(curve >= 0.5, curve, np.nan)
                cy = panel.ty(curve)
                cy = np.where((cy >= box[1]) & (cy <= box[3]), cy, np.nan)  # clip to the panel
                drawing.curve(panel.tx(cluster["curve_x"]), cy, color)
        panels.append((panel, xs))
    plain = lambda ticks: [f"{t:g}" for t in ticks]  # noqa: E731 - parameter values as written
    panels[0][0].axes(_x_ticks(panels[0][1]), xlabel, ylabel, plain)
    panels[1][0].axes(_x_ticks(panels[1][1]), count_xlabel or xlabel, "ranks in cluster", plain)
    drawing.text(0.1 / width, 1 - 0.2 / height, title, 9, va="center")
    if not clusters and not count_clusters:
        drawing.text(0.5, 0.5, "no cluster was matched across configurations: nothing to model "
                               "(see the ranks plot and extrap --print all)", 9, ha="center", va="center",
                     backgroundcolor="white")
    drawing.legend(1.05 / width, 1 - 0.45 / height, [(name, color, "o") for name, color in colors.items()])
    drawing.save(path)
