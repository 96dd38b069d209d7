"""Why the trend detection keeps or drops each change on the real sweeps: its proposals, the F and
misfit of every check round, and an F scan over every place.

    python benchmarks/segmentation/real/trend_checks.py [--series PATTERN ...] [--subsets full even odd top10]
        [--all]

Per series and subset of ``benchmarks/segmentation_real.py`` (same files, same subsets, the
modeler's own inputs through ``SegmentedChangePointModeler.fitted_search`` with default options)
where ``segmented`` misses a main change or reports a false one (``--all``: every one): the truth
intervals in range, the changes the line partition proposes, per round of the check each change
as ``low|high F/misfit`` (misfit: relative RMS error of the best smooth single function), the
changes kept, and the scan: F/misfit of a change at each place, judged between the kept changes
(``--`` where a segment would get fewer than ``min_segment_size`` points). A change passes with
F > ``trend_f_limit`` and misfit ≥ ``min_relative_change``. Series the trend test does not judge
(fewer than 11 sizes: the significance test) show only the changes found.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import segmentation_real as real  # noqa: E402  (the scorer's readers, subsets and matching)

from extrap_segmented.segmentation.costs import RelativeFitCost, SmoothFitCost, relative_scale  # noqa: E402
from extrap_segmented.segmentation.trend import loglog_line_costs  # noqa: E402


def label(x: np.ndarray, b: int) -> str:
    return f"{real.size_text(x[b - 1])}|{real.size_text(x[b])}"


def scan(searcher, kept: list[int]) -> list[tuple[int, tuple[float, float] | None]]:
    """Per place b (1 … n-1): (F, misfit) of a change there judged between the kept changes by the
    check's own window test, None where a segment would be too short."""
    x, y, sigma = searcher.x_, searcher.y_, searcher.sigma_
    n, m, reach = len(x), int(searcher.min_segment_size), int(searcher.reach)
    lines = loglog_line_costs(x, y, sigma, m)
    pmnf = RelativeFitCost(searcher.exponents).fit(x, y)
    pmnf.scale_ = relative_scale(y) * sigma
    smooth = SmoothFitCost(searcher.exponents).fit(x, y)
    smooth.scale_ = pmnf.scale_
    plain = RelativeFitCost(searcher.exponents).fit(x, y)
    plain_smooth = SmoothFitCost(searcher.exponents).fit(x, y)

    def cost(kind, a, c):
        return float(kind.errors([a], [c])[0])

    def side(a, c):
        return min(lines[a, c], cost(pmnf, a, c))

    cells = []
    for b in range(1, n):
        low = max([0] + [k for k in kept if k < b])
        high = min([n] + [k for k in kept if k > b])
        if b - low < m or high - b < m:
            cells.append((b, None))
            continue
        a, c = max(low, b - reach), min(high, b + reach)
        f, size = searcher._window_test(a, b, c, side, cost, lines, pmnf, smooth, plain, plain_smooth)
        cells.append((b, (float(f), float(size))))
    return cells


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
        print("   proposed:", ", ".join(label(x, b) for b in searcher.candidates_) or "-")
        for i, checks in enumerate(searcher.checks_):
            print(f"   round {i}:", ", ".join(f"{label(x, b)} {f:.1f}/{size:.3f}" for b, f, size in checks))
        print("   kept:", ", ".join(label(x, b) for b in kept) or "-")
        print("   noise %:", " ".join(f"{100 * s:.1f}" for s in searcher.sigma_))
        print("   scan:", "  ".join(f"{label(x, b)} " + ("--" if cell is None else f"{cell[0]:.0f}/{cell[1]:.3f}")
                                    for b, cell in scan(searcher, kept)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--series", nargs="*", help="fnmatch patterns of series ids")
    parser.add_argument("--subsets", nargs="*", choices=("full", "even", "odd", "top10"))
    parser.add_argument("--all", action="store_true", help="also series where nothing is missed or false")
    args = parser.parse_args(argv)
    try:
        series = [t for t in real.all_truth(real.TRUTH_FILES[:1], args.series)]
        for truth in series:
            explain(truth, args.subsets, args.all)
    except real.BadInput as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
