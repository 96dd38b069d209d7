"""Clustered modeler vs Extra-P's default modeler on the same 256-rank, 500-call-path, 10-point experiment.

Both run in the same process, one after the other, so the ratio is meaningful on a shared machine.
Kernel mixes: "typical" (70 % homogeneous, 20 % two classes, 10 % four classes) and "worst"
(every kernel has four classes, i.e. four value fits per kernel).

Run: python benchmarks/clustering/clustering_modeler_vs_default.py [--callpaths 500]
"""
import argparse
import time
import warnings

import numpy as np

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.experiment import Experiment
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.entities.parameter import Parameter
from extrap.fileio.io_helper import create_call_tree
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.clustering.modeler import ClusteredSingleParameterModeler

RANKS, POINTS = 256, 10


def experiment(n_callpaths, mix, seed=0):
    rng = np.random.default_rng(seed)
    sizes = 100.0 * 2.0 ** np.arange(POINTS)
    exp = Experiment()
    exp.add_parameter(Parameter("s"))
    metric = Metric("time")
    exp.add_metric(metric)
    grid = np.arange(RANKS)
    edge = (grid % 16 == 0) | (grid % 16 == 15)
    corner = edge & ((grid // 16 == 0) | (grid // 16 == 15))
    for k in range(n_callpaths):
        callpath = Callpath(f"main->kernel{k}")
        exp.add_callpath(callpath)
        kind = mix[k % len(mix)]
        exponent = rng.choice([0.5, 1.0, 1.5])
        for s in sizes:
            coordinate = Coordinate(s)
            if k == 0:
                exp.add_coordinate(coordinate)
            factor = np.ones(RANKS)
            if kind >= 2:
                factor[0] = 2.0  # a root rank
            if kind >= 4:
                factor = 1 + 0.5 * edge + 0.7 * corner
                factor[0] = 3.0
            values = 1e-6 * s ** exponent * factor * rng.uniform(0.99, 1.01, size=(2, RANKS))
            exp.add_measurement(Measurement(coordinate, callpath, metric, values, keep_values=True))
    exp.call_tree = create_call_tree(exp.callpaths)
    return exp


def timed(exp, modeler):
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ModelGenerator(exp, modeler).model_all()
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--callpaths", type=int, default=500)
    args = parser.parse_args()
    mixes = {"typical": [1] * 7 + [2] * 2 + [4], "worst": [4]}
    print(f"{RANKS} ranks, {args.callpaths} call paths, {POINTS} points, 2 repetitions")
    print("| mix | Extra-P default [s] | Clustered [s] | ratio | target < 3x |")
    print("|---|---:|---:|---:|---|")
    for name, mix in mixes.items():
        exp = experiment(args.callpaths, mix)
        default = timed(exp, "Default")
        clustered = timed(experiment(args.callpaths, mix), ClusteredSingleParameterModeler())
        ratio = clustered / default
        print(f"| {name} | {default:.2f} | {clustered:.2f} | {ratio:.2f} | {'met' if ratio < 3 else 'NOT met'} |")


if __name__ == "__main__":
    main()
