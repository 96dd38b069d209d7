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


def cli_stages(count: int, seed: int = 0) -> dict:
    """Stage times of ``extrap-validate`` itself on ``count`` functions written as an Extra-P text
    file (6 points x 5 repetitions): Extra-P's reader, row collection, the batch validation, and
    the whole ``run`` (table, JSON report)."""
    import contextlib
    import io
    import tempfile
    from pathlib import Path
    from extrap_segmented.adapters.expectations import validate_cli as cli
    rng = np.random.default_rng(seed)
    p = [8, 16, 32, 64, 128, 256]
    lines = ["PARAMETER p", "POINTS " + " ".join(map(str, p)), ""]
    for i in range(count):
        e = (0.5, 1.0, 1.5)[i % 3]
        lines += [f"REGION f{i}", "METRIC time"]
        lines += ["DATA " + " ".join(f"{(1 + 0.01 * v ** e) * (1 + 0.05 * rng.standard_normal()):.5g}"
                                     for _ in range(5)) for v in p]
    stages = {}

    def timed(name, function):
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            result = function(*args, **kwargs)
            result = list(result) if name == "validate" else result
            stages[name] = time.perf_counter() - start
            return result
        return wrapper

    originals = cli.read_input, cli.collect_rows, cli.validate_rows
    cli.read_input, cli.collect_rows = timed("read", cli.read_input), timed("collect", cli.collect_rows)
    cli.validate_rows = timed("validate", cli.validate_rows)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "functions.txt"
            data.write_text("\n".join(lines) + "\n")
            start = time.perf_counter()
            with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
                warnings.simplefilter("ignore")
                cli.run(["--text", str(data), "--expect", "O(p)", "--fail-on", "never",
                         "--json-out", str(Path(tmp) / "r.json")])
            stages["run"] = time.perf_counter() - start
    finally:
        cli.read_input, cli.collect_rows, cli.validate_rows = originals
    stages["after read"] = stages["run"] - stages["read"]
    return stages


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
    stages = cli_stages(args.functions)
    print(f"\nextrap-validate --text on {args.functions} functions (6 points x 5 repetitions), in-process:\n")
    print("| stage | wall time |")
    print("|---|---|")
    for name in ("read", "collect", "validate", "after read", "run"):
        label = {"read": "Extra-P's text reader (Measurement objects)", "collect": "rows (call paths x metrics)",
                 "validate": "batch validation (validate_rows)",
                 "after read": "everything after reading (rows, validation, rules, table, JSON)",
                 "run": "whole run (without interpreter start-up)"}[name]
        print(f"| {label} | {stages[name]:.3f} s |")


if __name__ == "__main__":
    main()
