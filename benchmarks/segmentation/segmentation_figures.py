"""Writes the example figures of docs/segmentation.md (paper example, power-of-two switch,
smooth function outside the search space).

Usage: python benchmarks/segmentation/segmentation_figures.py
"""
import warnings
from pathlib import Path

import numpy as np

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.modelers.single_parameter.basic import SingleParameterModeler

from extrap_segmented.adapters.segmentation.modeler import SegmentedChangePointModeler
from extrap_segmented.segmentation.plot import plot_segmentation
from extrap_segmented.segmentation.synthetic import paper_example

OUT = Path(__file__).resolve().parents[2] / "docs" / "img" / "segmentation"


def figure(x, y, name, title):
    data = [Measurement(Coordinate(float(a)), Callpath(name), Metric("time"), [float(b)]) for a, b in zip(x, y)]
    plain = SingleParameterModeler().create_model(data)
    model = SegmentedChangePointModeler().create_model(data)
    segments, changes = [], []
    if hasattr(model, "segment_models"):
        for sub in model.segment_models:
            segments.append(sub.hypothesis.function.evaluate)
        cps = [m.coordinate[0] for m in model.changing_points]
        changes = cps
        bounds = [(min(x), cps[0]), (cps[-1], max(x))]
        segments = list(zip(segments, bounds))
    path = plot_segmentation(x, y, OUT / f"{name}.png", unsegmented=plain.hypothesis.function.evaluate,
                             segments=segments, change_points=changes, title=title)
    print(path, "|", plain.hypothesis.function.to_string("p"), "|", model.hypothesis.function.to_string("p"))


def main():
    warnings.simplefilter("ignore")  # the short-segment warnings of the examples are expected
    OUT.mkdir(parents=True, exist_ok=True)
    s = paper_example()
    figure(s.x, s.y, "paper_example", "p² for p ≤ 5, 30 + p after (change point p = 6)")
    x = 2.0 ** np.arange(1, 11)
    rng = np.random.default_rng(1)
    y = np.where(x <= 64, 4 + 0.8 * np.log2(x), 0.05 * x) * (1 + rng.uniform(-0.02, 0.02, 10))
    figure(x, y, "pow2_switch", "algorithm switch after p = 64 (2 % noise)")
    y = (88 + 1.77 * x ** 2.101) * (1 + np.random.default_rng(0).uniform(-0.05, 0.05, 10))
    figure(x, y, "smooth_outside", "88 + 1.77·p^2.101, 5 % noise: not segmented")


if __name__ == "__main__":
    main()
