"""VectorizedBasicModeler vs Extra-P's SingleParameterModeler: time and agreement on seeded series.

Both modelers fit the same 400 seeded series (3-10 points, constant / power / p*log p shapes,
0-10 % noise) in the same run; a series agrees when the function text, the constant and every term
coefficient are identical.

Run: python benchmarks/pmnf/clustering_fast_basic_modeler.py [--series 400]
"""
import argparse
import time
import warnings

import numpy as np

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.modelers.single_parameter.basic import SingleParameterModeler

from extrap_segmented.adapters.pmnf.basic_modeler import VectorizedBasicModeler

X_SETS = [np.array([4, 8, 16, 32, 64.]), 100 * 2.0 ** np.arange(10), np.array([0.5, 1, 2, 3, 4, 5]),
          np.array([1, 2, 3, 4, 5, 6, 7.]), np.array([2, 4, 8.])]


def series(n):
    rng = np.random.default_rng(1)
    callpath, metric = Callpath("k"), Metric("time")
    for i in range(n):
        x = X_SETS[i % len(X_SETS)]
        exponent = rng.choice([0, 0.25, 0.5, 1, 1.5, 2])
        y = rng.uniform(0.1, 10) + rng.uniform(0.01, 3) * x ** exponent * (
            np.log2(x) if i % 4 == 1 and (x >= 1).all() else 1)
        if i % 4 == 2:
            y = np.full_like(x, 3.3)
        y = y * (1 + rng.uniform(-1, 1, len(x)) * rng.choice([0, 0.01, 0.1]))
        yield [Measurement(Coordinate(float(a)), callpath, metric, [float(b)]) for a, b in zip(x, y)]


def same(a, b):
    fa, fb = a.hypothesis.function, b.hypothesis.function
    return (type(fa) is type(fb) and fa.to_string("p") == fb.to_string("p")
            and fa.constant_coefficient == fb.constant_coefficient)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--series", type=int, default=400)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    data = list(series(args.series))
    VectorizedBasicModeler().create_model(data[0])  # first call imports scipy.optimize for Extra-P's lstsq path
    times, models = {}, {}
    for name, modeler in (("Extra-P SingleParameterModeler", SingleParameterModeler()),
                          ("VectorizedBasicModeler", VectorizedBasicModeler())):
        start = time.perf_counter()
        models[name] = [modeler.create_model(ms) for ms in data]
        times[name] = time.perf_counter() - start
    stock, fast = models.values()
    agree = sum(same(a, b) for a, b in zip(fast, stock))
    print(f"{args.series} series, 3-10 points each")
    print("| modeler | time [s] | per fit [ms] |")
    print("|---|---:|---:|")
    for name, seconds in times.items():
        print(f"| {name} | {seconds:.2f} | {1000 * seconds / args.series:.2f} |")
    print(f"identical models: {agree} of {args.series}")
    # Exact fits (noise-free series) have costs at rounding level (RSS ~ 1e-30) whose relative
    # differences say nothing; compare the costs of inexact fits (SMAPE above 1e-6 %).
    inexact = [(a, b) for a, b in zip(fast, stock) if same(a, b) and b.hypothesis.SMAPE > 1e-6]
    worst = max((abs(getattr(a.hypothesis, c) - getattr(b.hypothesis, c)) / abs(getattr(b.hypothesis, c))
                 for a, b in inexact for c in ("RSS", "SMAPE", "AR2") if getattr(b.hypothesis, c) != 0),
                default=0.0)
    print(f"largest relative difference of RSS, SMAPE, AR2 over the {len(inexact)} identical inexact fits: "
          f"{worst:.2g}")
    for a, b in zip(fast, stock):
        if not same(a, b):
            print(f"  differs: ours {a.hypothesis.function.to_string('p')} | "
                  f"Extra-P {b.hypothesis.function.to_string('p')}")


if __name__ == "__main__":
    main()
