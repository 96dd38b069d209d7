"""The plot_dir PNGs (``extrap_segmented.clustering.plot``): size, layout and what is drawn where."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from extrap_segmented.clustering import plot

BLUE, ORANGE = (0x1f, 0x77, 0xb4), (0xff, 0x7f, 0x0e)  # the first two cluster colors


def _pixels(image: np.ndarray, color, tolerance=40) -> np.ndarray:
    """(row, column) of the pixels close to ``color``."""
    return np.argwhere(np.abs(image.astype(int) - np.array(color)).sum(axis=2) < tolerance)


def _grid_inputs():
    """2 x 3 configurations (p x s); per configuration 100 ranks: 70 low (C1), 29 high (C2), one outlier."""
    rng = np.random.default_rng(1)
    values, labels, points = [], [], []
    for p in (16.0, 64.0):
        for s in (10.0, 20.0, 40.0):
            lab = np.r_[np.zeros(70, int), np.ones(29, int), -1]
            v = np.where(lab == 0, 1.0, 2.0) * s * 1e-3 * rng.uniform(0.99, 1.01, 100)
            v[-1] = 10 * s * 1e-3
            values.append(v), labels.append(lab), points.append((p, s))
    return values, labels, [["C1", "C2"]] * 6, points


def test_strips_grid_layout_colors_and_order(tmp_path):
    values, labels, names, points = _grid_inputs()
    path = tmp_path / "ranks.png"
    plot.plot_configuration_strips(path, values, labels, names, [str(p) for p in points], "kernel (time)", "time",
                                   points=points, parameter_names=["p", "s"])
    image = np.asarray(Image.open(path).convert("RGB"))
    # a grid of 2 rows (p) x 3 columns (s): the figure's size follows from the fixed layout
    assert image.shape[:2] == (int((0.75 + 2 * 1.35 + 0.3) * 90), int((0.45 + 3 * 2.05) * 90))
    blue, orange, black = _pixels(image, BLUE), _pixels(image, ORANGE), _pixels(image, (0, 0, 0), 10)
    assert len(blue) > 200 and len(orange) > 100
    # per panel column, the higher class (C2, orange) is drawn above the lower one (C1, blue), and the
    # outlier (largest value, black x) at the top right of each panel
    width = image.shape[1]
    for column in range(3):
        x0, x1 = ((0.45 + column * 2.05 + 0.12) / 6.6 * width, (0.45 + (column + 1) * 2.05 - 0.12) / 6.6 * width)
        in_column = lambda pixels: pixels[(pixels[:, 1] > x0) & (pixels[:, 1] < x1)]  # noqa: E731
        b, o = in_column(blue), in_column(orange)
        assert len(b) and len(o)
        top_row = (image.shape[0] * 0.75 / 3.75, image.shape[0] * (0.75 + 1.35) / 3.75)
        b, o = b[(b[:, 0] > top_row[0]) & (b[:, 0] < top_row[1])], o[(o[:, 0] > top_row[0]) & (o[:, 0] < top_row[1])]
        assert np.median(o[:, 0]) < np.median(b[:, 0])  # rows count down: orange higher
        assert b[:, 1].min() < o[:, 1].min()  # sorted by value: the low class on the left
    assert len(black) > 0


def test_strips_without_grid_have_titled_panels(tmp_path):
    values, labels, names, points = _grid_inputs()
    one_parameter = [(p[0] * p[1],) for p in points]
    path = tmp_path / "ranks.png"
    plot.plot_configuration_strips(path, values, labels, names, ["a"] * 6, "kernel", "time", points=one_parameter,
                                   parameter_names=["p"])
    image = np.asarray(Image.open(path).convert("RGB"))
    # up to 5 panels a row: 2 rows of 5 columns
    assert image.shape[:2] == (int((0.75 + 2 * 1.35 + 0.3) * 90), int((0.35 + 5 * 2.05) * 90))
    assert len(_pixels(image, BLUE)) > 200


def test_strip_sample_keeps_extremes_of_every_class_per_pixel_column():
    labels = np.r_[np.zeros(10000, int), np.ones(5000, int), -1, -1]
    labels[5000:5010] = 1  # a few C2 ranks inside C1's range
    shown = plot._strip_sample(labels, 100)
    assert len(shown) < 500
    assert shown[0] == 0 and shown[-1] == len(labels) - 1
    assert set(np.flatnonzero(labels < 0)) <= set(shown)
    assert {5000, 5009} <= set(shown)  # first and last of the lone C2 run
    bucket = np.arange(len(labels)) * 100 // len(labels)
    assert {(b, l) for b, l in zip(bucket, labels)} == {(b, l) for b, l in zip(bucket[shown], labels[shown])}
    assert list(plot._strip_sample(labels[:150], 100)) == list(range(150))  # few ranks: all drawn


def test_cluster_models_panels(tmp_path):
    x = np.array([16.0, 32.0, 64.0, 128.0, 256.0])
    curve_x = np.geomspace(16, 256, 50)
    clusters = [{"name": "C1", "x": x, "values": 2 * x, "counts": x - 4, "curve_x": curve_x, "curve": 2 * curve_x,
                 "count_curve": curve_x - 4},
                {"name": "C2", "x": x, "values": 3 * x, "counts": np.full(5, 4.0), "curve_x": curve_x}]
    path = tmp_path / "clusters.png"
    plot.plot_cluster_models(path, clusters, "p (s = 100)", "time", "kernel (time)")
    image = np.asarray(Image.open(path).convert("RGB"))
    assert image.shape[:2] == (int(3.6 * 90), int(9.0 * 90))
    blue, orange = _pixels(image, BLUE), _pixels(image, ORANGE)
    middle = image.shape[1] / 2
    # both panels have both clusters' points; only C1 has curves (more blue than orange pixels)
    for side in (blue[:, 1] < middle, blue[:, 1] > middle):
        assert side.any()
    assert (orange[:, 1] < middle).any() and (orange[:, 1] > middle).any()
    assert len(blue) > 2 * len(orange)
    # left panel: C2 (3x) above C1 (2x) at the right end
    left = lambda pixels: pixels[(pixels[:, 1] < middle) & (pixels[:, 1] > middle * 0.85)]  # noqa: E731
    assert left(orange)[:, 0].min() < left(blue)[:, 0].min()


def test_cluster_models_without_clusters_says_so(tmp_path):
    path = tmp_path / "clusters.png"
    plot.plot_cluster_models(path, [], "p", "time", "kernel")
    empty = np.asarray(Image.open(path).convert("L"))
    # the note is drawn in the middle of the figure
    middle = empty[empty.shape[0] // 2 - 6:empty.shape[0] // 2 + 6, empty.shape[1] // 4:3 * empty.shape[1] // 4]
    assert (middle < 100).sum() > 100


@pytest.mark.parametrize("lo, hi, log, expected", [(0.0, 1.0, False, [0, 0.25, 0.5, 0.75, 1.0]),
                                                   (-0.003, 0.17, False, [0, 0.05, 0.1, 0.15]),
                                                   (1.0, 300.0, True, [1, 10, 100]),
                                                   (3.0, 20.0, True, [5, 10, 20]),
                                                   (4.0, 4.0, False, [4.0])])
def test_ticks(lo, hi, log, expected):
    ticks = plot._ticks(lo, hi, log)
    assert ticks == pytest.approx(expected)
    assert not any(np.signbit(ticks) & (ticks == 0))  # no "-0"


def test_common_scale():
    assert plot._common_scale([np.array([4.0e-5, 4.1e-5]), np.array([3.9e-5])]) == pytest.approx(1e-6)
    assert plot._common_scale([np.array([4.0e-5]), np.array([0.2])]) == 1.0  # different magnitudes
    assert plot._common_scale([np.array([12.0])]) == 1.0
