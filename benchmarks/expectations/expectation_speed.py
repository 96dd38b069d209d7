"""Time to validate 1,000 functions, compared with Extra-P's default modeler in the same run.

    python benchmarks/expectations/expectation_speed.py [--functions 1000] [--extrap 100]

Also times ``extrap-validate --text`` as a whole command (fresh interpreter, median of 5) on a
1,000-function text file, with the previous reading path (Extra-P's reader and registries) in
the same run.

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


def text_file(count: int, seed: int = 0) -> str:
    """``count`` functions as an Extra-P text file: 6 points x 5 repetitions, p^0.5, p, p^1.5."""
    rng = np.random.default_rng(seed)
    p = [8, 16, 32, 64, 128, 256]
    lines = ["PARAMETER p", "POINTS " + " ".join(map(str, p)), ""]
    for i in range(count):
        e = (0.5, 1.0, 1.5)[i % 3]
        lines += [f"REGION f{i}", "METRIC time"]
        lines += ["DATA " + " ".join(f"{(1 + 0.01 * v ** e) * (1 + 0.05 * rng.standard_normal()):.5g}"
                                     for _ in range(5)) for v in p]
    return "\n".join(lines) + "\n"


#: run in a fresh interpreter: ``extrap-validate`` as before the --text fast path (full parser
#: with Extra-P's reader registry and plugin registration, Extra-P's text reader)
PREVIOUS = """import sys
from extrap_segmented.adapters.expectations import text_input, validate_cli
def decline(path):
    raise text_input.NotFastPath("previous method")
text_input.read_text_series = decline
validate_cli._parse_text_only = lambda argv: None
sys.exit(validate_cli.run(sys.argv[1:]))
"""


def end_to_end(count: int, repeat: int = 5) -> list:
    """Wall times (median of ``repeat``) of whole commands, interpreter start-up included:
    ``extrap-validate --text`` on ``count`` functions, the same with the previous reading path,
    and an empty interpreter."""
    import shutil
    import subprocess
    import sys
    import tempfile
    from pathlib import Path
    script = shutil.which("extrap-validate", path=str(Path(sys.executable).parent)) or shutil.which("extrap-validate")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "functions.txt"
        data.write_text(text_file(count))
        arguments = ["--text", str(data), "--expect", "O(p)", "--fail-on", "never", "--json-out", str(Path(tmp) / "r.json")]
        commands = [
            (f"`extrap-validate --text` ({count} functions, JSON report)",
             [script, *arguments] if script else [sys.executable, "-m", "extrap_segmented.adapters.expectations.validate_cli", *arguments]),
            ("previous: same command through Extra-P's reader (and its registries)",
             [sys.executable, "-c", PREVIOUS, *arguments]),
            ("interpreter start-up alone (`python -c pass`)", [sys.executable, "-c", "pass"]),
        ]
        rows = []
        for label, command in commands:
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
                times.append(time.perf_counter() - start)
            rows.append((label, float(np.median(times)), min(times), max(times)))
    return rows


def cli_stages(count: int, seed: int = 0, fast: bool = True) -> dict:
    """Stage times of ``extrap-validate`` itself, in-process, on ``count`` functions written as an
    Extra-P text file (6 points x 5 repetitions): reading, row collection, the batch validation,
    and the whole ``run`` (table, JSON report). ``fast=False``: the previous reading path
    (Extra-P's reader, full parser), in a process that has already imported it."""
    import contextlib
    import io
    import tempfile
    from pathlib import Path
    from extrap_segmented.adapters.expectations import text_input
    from extrap_segmented.adapters.expectations import validate_cli as cli
    stages = {}

    def timed(name, function):
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            result = function(*args, **kwargs)
            result = list(result) if name == "validate" else result
            stages[name] = time.perf_counter() - start
            return result
        return wrapper

    def decline(path):
        raise text_input.NotFastPath("previous method")

    originals = cli.read_input, cli.collect_rows, cli.validate_rows, text_input.read_text_series, cli._parse_text_only
    cli.read_input, cli.collect_rows = timed("read", cli.read_input), timed("collect", cli.collect_rows)
    cli.validate_rows = timed("validate", cli.validate_rows)
    if not fast:
        text_input.read_text_series, cli._parse_text_only = decline, lambda argv: None
    try:
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp) / "functions.txt"
            data.write_text(text_file(count, seed))
            start = time.perf_counter()
            with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
                warnings.simplefilter("ignore")
                cli.run(["--text", str(data), "--expect", "O(p)", "--fail-on", "never",
                         "--json-out", str(Path(tmp) / "r.json")])
            stages["run"] = time.perf_counter() - start
    finally:
        cli.read_input, cli.collect_rows, cli.validate_rows, text_input.read_text_series, cli._parse_text_only = originals
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
    rows = end_to_end(args.functions)
    print(f"\nWhole commands, interpreter start-up included (median of 5, min-max), {args.functions} functions "
          "(6 points x 5 repetitions):\n")
    print("| command | wall time (median) | min - max |")
    print("|---|---|---|")
    for label, median, low, high in rows:
        print(f"| {label} | {median:.3f} s | {low:.3f} - {high:.3f} s |")
    stages = {True: cli_stages(args.functions), False: cli_stages(args.functions, fast=False)}
    print(f"\n`extrap-validate --text` on {args.functions} functions, in-process (after its imports):\n")
    print("| stage | --text fast path | previous (Extra-P's reader) |")
    print("|---|---|---|")
    for name in ("read", "collect", "validate", "after read", "run"):
        label = {"read": "reading the text file", "collect": "rows (call paths x metrics)",
                 "validate": "batch validation (validate_rows)",
                 "after read": "everything after reading (rows, validation, rules, table, JSON)",
                 "run": "whole run (without interpreter start-up and first imports)"}[name]
        print(f"| {label} | {stages[True][name]:.3f} s | {stages[False][name]:.3f} s |")

if __name__ == "__main__":
    main()
