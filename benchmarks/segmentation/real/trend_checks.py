"""Why the trend detection reports or misses each change on the real sweeps: per point the slope
drop (z² and step) it judges, the changes it keeps, and each point's noise.

    python benchmarks/segmentation/real/trend_checks.py [--series PATTERN ...] [--subsets full even odd top10]
        [--truth TRUTH_JSON] [--all]

Per series and subset of ``benchmarks/segmentation_real.py`` (same files, same subsets, the
modeler's own inputs through ``SegmentedChangePointModeler.fitted_search`` with default options)
where ``segmented`` misses a main change or reports a false one (``--all``: every one): the truth
intervals in range, the noise per point, the log-log slope ratio per gap, and every point whose
slope drops as ``low|high z²/step`` (the change it points to; ``*`` where z² > ``trend_f_limit``
and the step ≥ ``min_relative_change``), then the changes kept. Series the trend detection does
not judge (fewer than 11 sizes: the significance test) show only the changes found.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import segmentation_real as real  # noqa: E402  (the scorer's readers, subsets and matching)


def label(x: np.ndarray, b: int) -> str:
    return f"{real.size_text(x[b - 1])}|{real.size_text(x[b])}"


def fit_series(truth, subsets=None):
    """Per subset of one series: (subset, fitted search, truth in range, found, false, missed main),
    the search fitted by the modeler (default options) on the file the scorer writes."""
    import tempfile

    from extrap.fileio.file_reader.text_file_reader import TextFileReader
    from extrap_segmented.adapters.measurements import measurement_arrays
    from extrap_segmented.adapters.segmentation.modeler import SegmentedChangePointModeler

    kernels = real.read_kernels(truth.path)
    key = real.select_kernel(truth, kernels)
    sizes, values = kernels[key]
    by_size = dict(zip(sizes, values))
    results = []
    with tempfile.TemporaryDirectory() as directory:
        for subset, chosen in real.subsets_of(sizes).items():
            if subsets and subset not in subsets:
                continue
            path = Path(directory) / f"{subset}.txt"
            real.write_text(path, chosen, [by_size[s] for s in chosen], key[0], key[1])
            experiment = TextFileReader().read_experiment(str(path))
            modeler = SegmentedChangePointModeler()
            ordered = sorted(next(iter(experiment.measurements.values())), key=lambda m: m.coordinate[0])
            x, y = measurement_arrays(ordered, modeler.use_measure)
            searcher = modeler.fitted_search(ordered, x, y)
            kept = list(searcher.breakpoints_[:-1]) if searcher.segmented_ else []
            in_range = real.truth_in_subset(truth.changes, chosen)
            found, false = real.match([(float(x[b - 1]), float(x[b])) for b in kept], in_range)
            missed = [t[3] for t in in_range if t[2] == "main" and t[3] not in found]
            results.append((subset, searcher, in_range, found, false, missed))
    return results


def explain(truth, subsets, show_all: bool) -> None:
    for subset, searcher, in_range, found, false, missed in fit_series(truth, subsets):
        if not show_all and not missed and not false:
            continue
        x = searcher.x_
        kept = list(searcher.breakpoints_[:-1]) if searcher.segmented_ else []
        print(f"== {truth.id} {subset} ({len(x)} sizes, {searcher.method_}): "
              f"found {', '.join(found) or '-'}; missed main {', '.join(missed) or '-'}; "
              f"false {', '.join(f'{real.size_text(a)}|{real.size_text(b)}' for a, b in false) or '-'}")
        print("   truth:", ", ".join(f"{t[3]} ({t[2]})" for t in in_range) or "-")
        if searcher.method_ != "trend":
            continue
        print("   noise %:", " ".join(f"{100 * s:.1f}" for s in searcher.sigma_))
        print("   ratio per gap:", " ".join(f"{r:.2f}" for r in searcher.y_[1:] / searcher.y_[:-1]))
        drops = [f"{label(x, b)} {z2:.1f}/{step:+.2f}{'*' if searcher.passes((b, z2, step)) else ''}"
                 for b, z2, step in searcher.corners_]
        print("   slope drops:", ", ".join(drops) or "-")
        print("   kept:", ", ".join(label(x, b) for b in kept) or "-")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--series", nargs="*", help="fnmatch patterns of series ids")
    parser.add_argument("--subsets", nargs="*", choices=("full", "even", "odd", "top10"))
    parser.add_argument("--truth", type=Path, default=real.TRUTH_FILES[0], help="truth file (default fixtures/real)")
    parser.add_argument("--all", action="store_true", help="also series where nothing is missed or false")
    args = parser.parse_args(argv)
    try:
        if not args.truth.exists():
            raise real.BadInput(f"{args.truth}: no such truth file")
        for truth in real.all_truth([args.truth], args.series):
            if truth.usable:
                explain(truth, args.subsets, args.all)
    except real.BadInput as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
