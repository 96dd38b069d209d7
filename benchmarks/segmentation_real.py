"""Change points on real measurements: this package's "Segmented" against Extra-P's built-in, in one run.

    python benchmarks/segmentation_real.py [--series PATTERN ...] [--modelers segmented segmented-classic default]
        [--subsets full even odd top10] [--markdown PATH | --no-markdown] [--plots DIR | --no-plots]
        [--json PATH] [--check] [--truth TRUTH.json ...] [--keep-values]

Inputs: every series of ``fixtures/real/truth.json`` (measured OpenMPI message-size sweeps and a
naive matrix multiplication; the truth was read off log-log plots before any modeler ran, see
``fixtures/real/TRUTH.md``) and Extra-P's own segmented test inputs (``fixtures/extrap_tests/``,
synthetic, BSD-3 licensed, truth from how they were built).

``--truth`` scores other truth files instead, e.g. the held-back sweeps that no modeler was tuned on:

    python benchmarks/segmentation_real.py --truth fixtures/real_holdout/truth.json --no-plots --markdown /tmp/hold.md

(without ``--markdown`` their tables go to ``benchmarks/segmentation/real/score_<folder>.md``, here
``score_real_holdout.md``, so that the default set's ``score.md`` is kept).

Each file goes through Extra-P's machinery as a user's ``extrap --text FILE --modeler NAME`` does:
Extra-P's text reader, then ``ModelGenerator(experiment, modeler=NAME).model_all()`` with default
options (mean of the repetitions; ``--keep-values`` reads as ``extrap --text FILE --keep-values`` does,
which keeps the repetitions in their runs' order). Series with at least 20 sizes are also scored on subsets written
as text files and read back: every other size (both phases, ``even`` = 1st, 3rd, ... size and
``odd`` = 2nd, 4th, ...) and the ten largest sizes (``top10``).

Scoring. A modeler reports a change as (last size of a segment, first size of the next; the same
size when two segments share a point). It is *found* when both lie inside a truth interval
``low|high``; in a subset the interval widens to the nearest sizes present on each side, and a truth
change with no size present on one side is out of range. Each truth change is found at most once
(main changes are matched first); every reported change that matches none is a *false change*.
"classic-only" counts the truth changes ``segmented-classic`` finds and ``segmented`` misses.

Prints a table per series and subset, then totals per subset and overall for each modeler, and the
mean time per kernel, and whether ``segmented`` meets issue 23's targets on the real series
(``--check``: exit 1 if not). ``--markdown`` writes the same tables (default
``benchmarks/segmentation/real/score.md``); ``--plots`` one log-log PNG per full sweep with the
truth intervals, each modeler's changes and models (default ``benchmarks/segmentation/real/plots/``);
``--json`` every record. A truth file or series that cannot be read exits with 2.

Importable: ``score(...)`` returns one ``Record`` per series, subset and modeler;
``summarize(records)`` the totals.
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import re
import sys
import tempfile
import time
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

REPO_ROOT = Path(__file__).resolve().parents[1]
TRUTH_FILES = (REPO_ROOT / "fixtures" / "real" / "truth.json", REPO_ROOT / "fixtures" / "extrap_tests" / "truth.json")
MODELERS = ("segmented", "segmented-classic", "default")
SUBSET_MIN_SIZES = 20
DEFAULT_MARKDOWN = REPO_ROOT / "benchmarks" / "segmentation" / "real" / "score.md"
DEFAULT_PLOTS = REPO_ROOT / "benchmarks" / "segmentation" / "real" / "plots"


def size_text(value: float, exact: bool = False) -> str:
    """An integer size without a decimal point; otherwise 6 digits, or every digit when ``exact``."""
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value)) if exact else f"{value:g}"


class BadInput(Exception):
    """A truth file or series that cannot be scored (exit code 2)."""


@dataclass(frozen=True)
class TruthChange:
    low: float
    high: float
    kind: str  # "main" or "minor"
    what: str = ""

    @property
    def label(self) -> str:
        return f"{size_text(self.low)}|{size_text(self.high)}"


@dataclass
class SeriesTruth:
    id: str
    path: Path
    kernel: str | None
    changes: list[TruthChange]
    usable: bool = True
    source: str = ""  # the truth file's folder: "real" or "extrap_tests"


@dataclass
class Record:
    """One modeler on one series and subset."""
    series: str
    subset: str
    modeler: str
    sizes: list[float]
    truth: list[tuple[float, float, str, str]]  # in-range truth changes, widened: (low, high, kind, label)
    reported: list[tuple[float, float]]
    found: list[str]  # labels of the truth changes found
    false: list[tuple[float, float]]
    seconds: float
    model: str = ""
    found_kinds: dict = field(default_factory=dict)
    collection: str = ""  # "real" or "extrap_tests": the truth file's folder
    curve: list | None = None  # the model's values at the sizes (None if it cannot be evaluated)

    @property
    def main_total(self) -> int:
        return sum(t[2] == "main" for t in self.truth)

    @property
    def minor_total(self) -> int:
        return sum(t[2] == "minor" for t in self.truth)

    @property
    def main_found(self) -> int:
        return sum(self.found_kinds.get(label) == "main" for label in self.found)

    @property
    def minor_found(self) -> int:
        return sum(self.found_kinds.get(label) == "minor" for label in self.found)


# ---------------------------------------------------------------- truth


def load_truth(path: Path) -> list[SeriesTruth]:
    """The series of one truth file; paths are relative to the file's folder."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise BadInput(f"{path}: cannot read the truth file: {error}") from error
    series = []
    for entry in data.get("series", []):
        try:
            changes = [TruthChange(float(c["between"][0]), float(c["between"][1]), c["kind"], c.get("what", ""))
                       for c in entry.get("changes", [])]
            truth = SeriesTruth(entry["id"], Path(path).parent / entry["file"], entry.get("kernel"), changes,
                                bool(entry.get("usable", True)), Path(path).parent.name)
        except (KeyError, TypeError, IndexError, ValueError) as error:
            raise BadInput(f"{path}: series {entry.get('id', '?')!r}: malformed entry ({error!r})") from error
        for change in changes:
            if change.kind not in ("main", "minor") or not change.low < change.high:
                raise BadInput(f"{path}: series {truth.id!r}: change {change.label} kind {change.kind!r}: "
                               "needs low < high and kind main or minor")
        series.append(truth)
    return series


def truth_in_subset(changes: Iterable[TruthChange], sizes: Sequence[float]) -> list[tuple[float, float, str, str]]:
    """The truth intervals widened to the sizes present; changes with no size on one side are dropped."""
    sizes = sorted(sizes)
    result = []
    for change in changes:
        below = [s for s in sizes if s <= change.low]
        above = [s for s in sizes if s >= change.high]
        if below and above:
            result.append((below[-1], above[0], change.kind, change.label))
    return result


def match(reported: Sequence[tuple[float, float]], truth: Sequence[tuple[float, float, str, str]]):
    """(labels of truth changes found, false reported changes); main changes are matched first."""
    found, false = [], []
    for a, b in sorted(reported):
        candidates = [t for t in truth if t[0] <= a and b <= t[1] and t[3] not in found]
        candidates.sort(key=lambda t: (t[2] != "main", t[1] - t[0]))
        if candidates:
            found.append(candidates[0][3])
        else:
            false.append((a, b))
    return found, false


# ---------------------------------------------------------------- Extra-P


def read_kernels(path: Path, keep_values: bool = True) -> dict[str, tuple[list[float], list[list[float]]]]:
    """Per kernel ("callpath [metric]" or callpath if one metric): sizes and repetitions, via Extra-P's reader."""
    from extrap.fileio.file_reader.text_file_reader import TextFileReader

    reader = TextFileReader()
    reader.keep_values = keep_values
    try:
        experiment = reader.read_experiment(str(path))
    except Exception as error:  # Extra-P raises FileFormatError, ValueError, IndexError for bad files
        raise BadInput(f"{path}: Extra-P's text reader failed: {error}") from error
    if len(experiment.parameters) != 1:
        raise BadInput(f"{path}: {len(experiment.parameters)} parameters; the benchmark scores one-parameter series")
    kernels = {}
    for (callpath, metric), measurements in experiment.measurements.items():
        ordered = sorted(measurements, key=lambda m: m.coordinate[0])
        values = [list(np.ravel(m.values)) if m.values is not None else [float(m.mean)] for m in ordered]
        kernels[(callpath.name, metric.name)] = ([float(m.coordinate[0]) for m in ordered], values)
    return kernels


def write_text(path: Path, sizes: Sequence[float], values: Sequence[Sequence[float]], callpath: str,
               metric: str) -> None:
    lines = ["PARAMETER n", "POINTS " + " ".join(size_text(s, exact=True) for s in sizes), "", f"REGION {callpath}",
             f"METRIC {metric}"]
    lines += ["DATA " + " ".join(repr(float(v)) for v in row) for row in values]
    path.write_text("\n".join(lines) + "\n")


def reported_changes(model) -> list[tuple[float, float]]:
    """(last size before, first size after) per change of an Extra-P model; [] for an unsegmented model."""
    bounds = getattr(model, "segment_bounds", None)
    if bounds:
        return [(float(bounds[i][1]), float(bounds[i + 1][0])) for i in range(len(bounds) - 1)]
    points = getattr(model, "changing_points", None)
    if not points:
        return []
    coordinates = sorted(float(m.coordinate[0]) for m in points)
    if len(coordinates) == 1:
        return [(coordinates[0], coordinates[0])]
    if len(coordinates) == 2:
        return [(coordinates[0], coordinates[1])]
    # several changes listed flat (shared points are single): pair neighbouring sizes
    return [(coordinates[i], coordinates[i + 1]) for i in range(0, len(coordinates) - 1, 2)]


def model_file(path: Path, modeler: str, keep_values: bool = False):
    """{(callpath, metric): model} and seconds per kernel of ``modeler`` on an Extra-P text file
    (``keep_values``: read as ``extrap --text FILE --keep-values`` does)."""
    from extrap.fileio.file_reader.text_file_reader import TextFileReader
    from extrap.modelers.model_generator import ModelGenerator

    reader = TextFileReader()
    reader.keep_values = keep_values
    experiment = reader.read_experiment(str(path))
    generator = ModelGenerator(experiment, modeler=modeler)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        start = time.perf_counter()
        generator.model_all()
        elapsed = time.perf_counter() - start
    models = {(cp.name, metric.name): model for (cp, metric), model in generator.models.items()}
    return models, elapsed / max(1, len(models))


def model_curve(model, sizes: Sequence[float]) -> list[float] | None:
    try:
        function = model.hypothesis.function
        return [float(function.evaluate(float(s))) for s in sizes]
    except Exception:  # drawn when possible, never needed for the score
        return None


def model_text(model) -> str:
    try:
        return model.hypothesis.function.to_string("n").replace("\n", "; ")
    except Exception:  # a display string only
        return type(model).__name__


# ---------------------------------------------------------------- scoring


def subsets_of(sizes: Sequence[float]) -> dict[str, list[float]]:
    sizes = sorted(sizes)
    result = {"full": sizes}
    if len(sizes) >= SUBSET_MIN_SIZES:
        result.update(even=sizes[0::2], odd=sizes[1::2], top10=sizes[-10:])
    return result


def select_kernel(truth: SeriesTruth, kernels: dict) -> tuple[str, str]:
    if truth.kernel is None:
        if len(kernels) != 1:
            raise BadInput(f"{truth.path}: series {truth.id!r} names no kernel, the file has {len(kernels)}")
        return next(iter(kernels))
    matching = [key for key in kernels if key[0] == truth.kernel or f"{key[0]} [{key[1]}]" == truth.kernel]
    if len(matching) != 1:
        raise BadInput(f"{truth.path}: series {truth.id!r}: kernel {truth.kernel!r} not found "
                       f"(kernels: {', '.join(k[0] for k in kernels)})")
    return matching[0]


def score_series(truth: SeriesTruth, modelers: Sequence[str] = MODELERS, subsets: Sequence[str] | None = None,
                 workdir: Path | None = None, keep_values: bool = False) -> list[Record]:
    """Records of every modeler on every subset of one series."""
    kernels = read_kernels(truth.path)
    key = select_kernel(truth, kernels)
    sizes, values = kernels[key]
    by_size = dict(zip(sizes, values))
    records = []
    with tempfile.TemporaryDirectory(dir=workdir) as directory:
        for subset, chosen in subsets_of(sizes).items():
            if subsets is not None and subset not in subsets:
                continue
            path = Path(directory) / f"{subset}.txt"
            write_text(path, chosen, [by_size[s] for s in chosen], key[0], key[1])
            in_range = truth_in_subset(truth.changes, chosen)
            kinds = {t[3]: t[2] for t in in_range}
            for modeler in modelers:
                models, seconds = model_file(path, modeler, keep_values)
                model = models[key]
                reported = reported_changes(model)
                found, false = match(reported, in_range)
                records.append(Record(truth.id, subset, modeler, list(chosen), in_range, reported, found, false,
                                      seconds, model_text(model), kinds, truth.source, model_curve(model, chosen)))
    return records


def all_truth(paths: Sequence[Path] = TRUTH_FILES, patterns: Sequence[str] | None = None,
              include_unusable: bool = False) -> list[SeriesTruth]:
    series = []
    for path in paths:
        if Path(path).exists():
            series += load_truth(path)
    if not include_unusable:
        series = [s for s in series if s.usable]
    if patterns:
        series = [s for s in series if any(fnmatch.fnmatch(s.id, p) for p in patterns)]
    return series


def warm_up(modelers: Sequence[str], keep_values: bool = False) -> None:
    """One untimed run per modeler, so that imports and first-call set-up do not count as a kernel's time."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "warm_up.txt"
        x = [2.0 ** k for k in range(12)]
        write_text(path, x, [[1 + v, 1.01 + v] for v in x], "warm_up", "time")
        for modeler in modelers:
            model_file(path, modeler, keep_values)


def score(patterns: Sequence[str] | None = None, modelers: Sequence[str] = MODELERS,
          subsets: Sequence[str] | None = None, truth_files: Sequence[Path] = TRUTH_FILES,
          progress=None, keep_values: bool = False) -> list[Record]:
    """Records of every modeler on every (matching) series and subset; see the module docstring."""
    warm_up(modelers, keep_values)
    records = []
    for truth in all_truth(truth_files, patterns):
        records += score_series(truth, modelers, subsets, keep_values=keep_values)
        if progress:
            progress(truth, records)
    return records


def summarize(records: Sequence[Record], modelers: Sequence[str] | None = None) -> dict:
    """Totals per (subset group, modeler): series, main/minor truth and found, false, seconds, classic-only."""
    modelers = modelers or list(dict.fromkeys(r.modeler for r in records))
    groups = {"full": ["full"], "every other (even+odd)": ["even", "odd"], "top10": ["top10"],
              "all": ["full", "even", "odd", "top10"]}
    result = {}
    collections = list(dict.fromkeys(r.collection for r in records))
    for collection, (group, subsets) in [(c, g) for c in collections for g in groups.items()]:
        group = f"{collection}: {group}"
        mine = [r for r in records if r.collection == collection]
        for modeler in modelers:
            chosen = [r for r in mine if r.subset in subsets and r.modeler == modeler]
            if not chosen:
                continue
            result[(group, modeler)] = dict(
                series=len(chosen), main=sum(r.main_total for r in chosen), main_found=sum(r.main_found for r in chosen),
                minor=sum(r.minor_total for r in chosen), minor_found=sum(r.minor_found for r in chosen),
                false=sum(len(r.false) for r in chosen), series_with_false=sum(bool(r.false) for r in chosen),
                seconds=float(np.mean([r.seconds for r in chosen])))
        ours = {(r.series, r.subset): r for r in mine if r.subset in subsets and r.modeler == "segmented"}
        classic = {(r.series, r.subset): r for r in mine if r.subset in subsets and r.modeler == "segmented-classic"}
        if ours and classic:
            missed = [(key, label, classic[key].found_kinds[label]) for key in classic if key in ours
                      for label in classic[key].found if label not in ours[key].found]
            result[(group, "classic-only")] = missed
    return result


TARGETS = ("issue 23: main changes found >= 90 %, false changes <= 1 per 10 series, none found only by the built-in, "
           ">= 20x its speed")


def targets(records: Sequence[Record], modeler: str = "segmented", collection: str | None = None) -> tuple[str, bool]:
    """(one line on the issue's targets for ``modeler`` over all subsets of ``collection``, all met).

    ``collection`` defaults to the first truth folder of the records whose name starts with "real"
    ("real", or "real_holdout" when only the held-back set was scored).
    """
    if collection is None:
        collection = next((r.collection for r in records if r.collection.startswith("real")), "real")
    chosen = [r for r in records if r.collection == collection and r.modeler == modeler]
    if not chosen:
        return f"{modeler}: no {collection} series scored", False
    main = sum(r.main_total for r in chosen)
    found = sum(r.main_found for r in chosen)
    false = sum(len(r.false) for r in chosen)
    only = summarize(records).get((f"{collection}: all", "classic-only"), [])
    classic = [r.seconds for r in records if r.collection == collection and r.modeler == "segmented-classic"]
    speed = float(np.mean(classic)) / float(np.mean([r.seconds for r in chosen])) if classic else None
    ok = found >= 0.9 * main and false * 10 <= len(chosen) and not only and (speed is None or speed >= 20)
    line = (f"{modeler} on {collection} (all subsets): main found {found}/{main} = {found / max(main, 1):.0%}, "
            f"false {false} in {len(chosen)} series = {10 * false / len(chosen):.1f} per 10, "
            f"found only by segmented-classic {len(only)}"
            + (f", {speed:.0f}x segmented-classic's speed per kernel" if speed else "")
            + f": {'targets met' if ok else 'targets NOT met'} ({TARGETS})")
    return line, ok


# ---------------------------------------------------------------- output


def record_dict(record: Record) -> dict:
    """A record as plain JSON data, with its counts."""
    data = asdict(record)
    data.update(main_total=record.main_total, main_found=record.main_found, minor_total=record.minor_total,
                minor_found=record.minor_found)
    return data


def _cell(record: Record) -> str:
    return f"{record.main_found}/{record.main_total} {record.minor_found}/{record.minor_total} {len(record.false)}"


def _changes(record: Record) -> str:
    # "\|": a pipe inside a markdown table cell
    return ", ".join(size_text(a) if a == b else f"{size_text(a)}\\|{size_text(b)}" for a, b in record.reported) or "-"


def tables(records: Sequence[Record], modelers: Sequence[str]) -> tuple[str, str]:
    """(per-series table, totals table) in markdown."""
    header = "| series | subset | sizes | " + " | ".join(f"{m}: main minor false | {m}: changes" for m in modelers) + " |"
    rows = [header, "|" + "---|" * (3 + 2 * len(modelers))]
    index = {(r.series, r.subset, r.modeler): r for r in records}
    keys = list(dict.fromkeys((r.series, r.subset) for r in records))
    for series, subset in keys:
        first = next(r for r in records if r.series == series and r.subset == subset)
        cells = []
        for m in modelers:
            r = index.get((series, subset, m))
            cells += [_cell(r), _changes(r)] if r else ["", ""]
        rows.append(f"| {series} | {subset} | {len(first.sizes)} | " + " | ".join(cells) + " |")
    totals = summarize(records, modelers)
    lines = ["| subsets | modeler | series | main found | minor found | false changes | series with false | ms per kernel |",
             "|---|---|---|---|---|---|---|---|"]
    classic_only = []
    for (group, modeler), t in totals.items():
        if modeler == "classic-only":
            main = sum(kind == "main" for *_, kind in t)
            classic_only.append(f"| {group} | {len(t)} ({main} main) | "
                                + ", ".join(f"{s}/{sub} {label}" for (s, sub), label, _ in t).replace("|", "\\|")
                                + " |")
            continue
        lines.append(f"| {group} | {modeler} | {t['series']} | {t['main_found']}/{t['main']} | "
                     f"{t['minor_found']}/{t['minor']} | {t['false']} | {t['series_with_false']} | "
                     f"{1e3 * t['seconds']:.1f} |")
    if classic_only:
        lines += ["", "Changes segmented-classic finds correctly that segmented misses:", "",
                  "| subsets | count | which (series/subset interval) |", "|---|---|---|"] + classic_only
    return "\n".join(rows), "\n".join(lines)


MODELER_COLOURS = {"segmented": "C3", "segmented-classic": "C2", "default": "C1"}


def plot_full_sweeps(records: Sequence[Record], truths: Sequence[SeriesTruth], directory: Path,
                     modelers: Sequence[str]) -> list[Path]:
    """One log-log PNG per series: repetitions, truth intervals (main dark, minor light), each modeler's changes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sys.path.insert(0, str(REPO_ROOT / "benchmarks" / "segmentation" / "real"))
    from plot_series import shrink_png, size_label

    written = []
    directory.mkdir(parents=True, exist_ok=True)
    for truth in truths:
        full = {r.modeler: r for r in records if r.series == truth.id and r.subset == "full"}
        if not full:
            continue
        kernels = read_kernels(truth.path)
        sizes, values = kernels[select_kernel(truth, kernels)]
        fig, ax = plt.subplots(figsize=(9, 5), dpi=72)
        for x, row in zip(sizes, values):
            ax.plot([x] * len(row), row, ".", color="0.55", markersize=4)
        ax.plot(sizes, [np.mean(row) for row in values], "-", color="C0", linewidth=1, label="mean")
        for low, high, kind, label in truth_in_subset(truth.changes, sizes):
            ax.axvspan(low, high, color="0.6" if kind == "main" else "0.88", alpha=0.6, linewidth=0)
        lows, highs = min(min(r) for r in values), max(max(r) for r in values)
        for k, modeler in enumerate(modelers):
            record = full.get(modeler)
            if record is None:
                continue
            y = lows * (highs / lows) ** (0.92 - 0.06 * k) if lows > 0 else highs * (0.92 - 0.06 * k)
            for a, b in record.reported:
                ax.plot([a, b] if a != b else [a], [y] if a == b else [y, y], "|-" if a != b else "D",
                        color=MODELER_COLOURS.get(modeler, "k"), markersize=9, linewidth=2.5)
            if record.curve is not None:
                ax.plot(record.sizes, record.curve, "--", color=MODELER_COLOURS.get(modeler, "k"), linewidth=1)
            ax.plot([], [], "-", color=MODELER_COLOURS.get(modeler, "k"), linewidth=2.5,
                    label=f"{modeler}: {record.main_found}/{record.main_total} main, {len(record.false)} false")
        ax.set_xscale("log", base=2)
        if lows > 0:
            ax.set_yscale("log")
        ax.set_xticks(sizes)
        ax.set_xticklabels([size_label(s) if float(s).is_integer() else f"{s:g}" for s in sizes], rotation=90,
                           fontsize=7)
        ax.minorticks_off()
        ax.grid(True, alpha=0.3)
        ax.set_ylim(lows / 1.5 if lows > 0 else None, highs * 1.5 if lows > 0 else None)
        ax.set_title(f"{truth.id}: truth (grey: main dark, minor light), reported changes, models (dashed)",
                     fontsize=9)
        ax.legend(fontsize=7, loc="lower right")
        fig.tight_layout()
        target = directory / ("score_" + re.sub(r"[^A-Za-z0-9]+", "_", truth.id).strip("_") + ".png")
        fig.savefig(target)
        plt.close(fig)
        shrink_png(target)
        written.append(target)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", nargs="+", metavar="PATTERN", help="series ids to score (fnmatch patterns)")
    parser.add_argument("--modelers", nargs="+", default=list(MODELERS))
    parser.add_argument("--subsets", nargs="+", choices=["full", "even", "odd", "top10"])
    parser.add_argument("--truth", nargs="+", type=Path, metavar="TRUTH_JSON",
                        help="truth files to score instead of fixtures/real and fixtures/extrap_tests "
                             "(e.g. fixtures/real_holdout/truth.json)")
    parser.add_argument("--markdown", type=Path,
                        help=f"default {DEFAULT_MARKDOWN}; with --truth, score_<folder of the first truth file>.md beside it")
    parser.add_argument("--plots", type=Path, default=DEFAULT_PLOTS, help=f"default {DEFAULT_PLOTS}")
    parser.add_argument("--no-plots", action="store_true")
    parser.add_argument("--no-markdown", action="store_true")
    parser.add_argument("--json", type=Path, help="also write every record (series, subset, modeler) as JSON")
    parser.add_argument("--keep-values", action="store_true",
                        help="read the files as 'extrap --text FILE --keep-values' does (the repetitions in their "
                             "runs' order; the default reader keeps Extra-P's summary only)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when segmented misses a target of issue 23 on the real series")
    args = parser.parse_args(argv)
    truth_files = tuple(args.truth) if args.truth else TRUTH_FILES
    if args.markdown is None:
        args.markdown = (DEFAULT_MARKDOWN if not args.truth
                         else DEFAULT_MARKDOWN.with_name(f"score_{Path(args.truth[0]).resolve().parent.name}.md"))
        if args.keep_values:
            args.markdown = args.markdown.with_name(args.markdown.stem + "_kept.md")
    try:
        missing = [str(path) for path in truth_files if args.truth and not Path(path).is_file()]
        if missing:
            raise BadInput(f"--truth: no such file: {', '.join(missing)}")
        truths = all_truth(truth_files, args.series)
        if not truths:
            raise BadInput(f"no series matches {args.series}" if args.series else f"no usable series in {truth_files}")
        started = time.perf_counter()

        def progress(truth, records):
            print(f"  {truth.id}: {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

        records = score(args.series, args.modelers, args.subsets, truth_files, progress=progress,
                        keep_values=args.keep_values)
    except BadInput as error:
        print(f"segmentation_real: {error}", file=sys.stderr)
        return 2
    per_series, totals = tables(records, args.modelers)
    print("Per series: main found/main, minor found/minor, false changes; the changes each modeler reported\n")
    print(per_series)
    print("\nTotals\n")
    print(totals)
    target_line, met = targets(records)
    print("\n" + target_line)
    if not args.no_markdown:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        args.markdown.write_text(
            "# Segmented modelers on real measurements\n\nWritten by `python benchmarks/segmentation_real.py"
            + (" " + " ".join(argv) if argv else "") + "`; see its docstring for the scoring rules.\n\n## Totals\n\n"
            + totals + "\n\n" + target_line + "\n\n## Per series\n\nCells: main found/main, minor found/minor, false changes.\n\n"
            + per_series + "\n")
        print(f"\nwrote {args.markdown}")
    if args.json:
        args.json.write_text(json.dumps([record_dict(r) for r in records], indent=1))
        print(f"wrote {args.json}")
    if not args.no_plots:
        for path in plot_full_sweeps(records, truths, args.plots, args.modelers):
            print(f"wrote {path}")
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
