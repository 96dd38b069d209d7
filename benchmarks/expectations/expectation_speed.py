"""Time to validate 1,000 functions, compared with Extra-P's default modeler in the same run.

    PYTHONPATH=. python benchmarks/expectations/expectation_speed.py [--functions 1000] [--extrap 100]

The expectation fit is vectorised over candidates and functions (one matrix product per
expectation). Extra-P's default single-parameter modeler (with its cross-validation) is timed
on the first ``--extrap`` functions of the same data and scaled per function for context.
"""
from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

from extrap_segmented.expectations.synthetic import generate_cases
from extrap_segmented.expectations.validation import ScalabilityValidator


def extrap_models(x, values, count):
    from extrap.entities.callpath import Callpath
    from extrap.entities.coordinate import Coordinate
    from extrap.entities.measurement import Measurement
    from extrap.entities.metric import Metric
    from extrap.modelers.single_parameter.basic import SingleParameterModeler
    modeler = SingleParameterModeler()
    metric = Metric("time")
    series = [[Measurement(Coordinate(float(p)), Callpath(f"f{i}"), metric, list(values[i, j]))
               for j, p in enumerate(x)] for i in range(count)]
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        modeler.model(series)
    return time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", type=int, default=1000)
    parser.add_argument("--extrap", type=int, default=100, help="functions to model with Extra-P")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    cases = generate_cases(args.functions, seed=0)
    groups = {e: [i for i, x in enumerate(cases.expectations) if x == e] for e in set(cases.expectations)}
    best = np.inf
    for _ in range(args.repeat):
        start = time.perf_counter()
        results = []
        for expectation, idx in groups.items():
            results += ScalabilityValidator(expectation).validate_many(cases.x, cases.values[idx])
        best = min(best, time.perf_counter() - start)
    assert len(results) == args.functions
    one_by_one = time.perf_counter()
    for i in range(100):
        x = np.repeat(cases.x, cases.values.shape[2])
        ScalabilityValidator(cases.expectations[i]).fit(x, cases.values[i].ravel())
    one_by_one = (time.perf_counter() - one_by_one) / 100
    extrap_time = extrap_models(cases.x, cases.values, args.extrap)
    print("| method | functions | wall time | per function |")
    print("|---|---|---|---|")
    print(f"| expectation validation, vectorised (best of {args.repeat}) | {args.functions} | {best:.3f} s | "
          f"{best / args.functions * 1e3:.3f} ms |")
    print(f"| expectation validation, one call per function | 100 | {one_by_one * 100:.3f} s | "
          f"{one_by_one * 1e3:.3f} ms |")
    print(f"| Extra-P default single-parameter modeler | {args.extrap} | {extrap_time:.3f} s | "
          f"{extrap_time / args.extrap * 1e3:.3f} ms |")
    print(f"\nExtra-P per function / vectorised validation per function: "
          f"{extrap_time / args.extrap / (best / args.functions):.0f}x")


if __name__ == "__main__":
    main()
