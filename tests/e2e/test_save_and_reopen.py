"""``--save-experiment`` works for every modeler and input that keeps per-location values, and the
file reopens with the plugin (full types, notes, verdicts) and in stock Extra-P (nearest Extra-P
model types, same model functions).

Regression: segmented models of per-rank input failed with ``KeyError: 'value_io'`` and left a
22-byte file; stock Extra-P refused every file saved from ``--cube-ranks`` ("No subschema found").
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GATHER = ROOT / "fixtures" / "cube" / "gather-switch-p"
STENCIL = ROOT / "fixtures" / "cube" / "stencil2d-ps"
SERIES = ROOT / "fixtures" / "series" / "mpi_collectives.txt"
CALIPER = ROOT / "fixtures" / "caliper" / "imbalance-p"            # Min/Avg/Max per rank
CALIPER_RANKS = ROOT / "fixtures" / "caliper" / "stencil-ranks-p"  # per-rank records
FORMAT = "{callpath} [{metric}]: {model}"

CASES = [
    (("--cube-ranks", str(GATHER)), "segmented", "SegmentedModel"),
    (("--cube-ranks", str(GATHER)), "clustered", "ClusteredModel"),
    (("--cube-ranks", str(GATHER)), "expectation", "ExpectationModel"),
    (("--cube-ranks", str(GATHER)), "default", None),
    (("--cube-ranks", str(GATHER)), "segmented-classic", None),
    (("--cube", str(GATHER), "--keep-values"), "segmented", "SegmentedModel"),
    (("--text", str(SERIES), "--keep-values"), "segmented", None),
    (("--cube-ranks", str(STENCIL)), "clustered", "ClusteredModel"),
    (("--caliper", str(CALIPER)), "segmented", "SegmentedModel"),
    (("--caliper", str(CALIPER)), "clustered", "ClusteredModel"),
    (("--caliper", str(CALIPER)), "default", None),
    (("--caliper", str(CALIPER_RANKS)), "clustered", "ClusteredModel"),
]


def _extrap(*args: str, stock: bool = False) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if stock:
        env["EXTRAP_SEGMENTED_DISABLE"] = "1"
    command = [str(Path(sys.executable).parent / "extrap"), *args, "--disable-progress"]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env=env)


def _same_format(text: str) -> str:
    # Extra-P reads exponents back as floats ("p^(1)" is printed "p^(1.0)" after any reload); a
    # reopened experiment prints its saved models under "Modeler: ...", then models it once more.
    text = re.sub(r"\^\((-?\d+)\.0\)", r"^(\1)", text)
    # the plugin restores exponents that are simple fractions (log2(p)^(1/4)); stock prints 0.25
    text = re.sub(r"\^\((-?\d+)/(\d+)\)", lambda m: f"^({int(m.group(1)) / int(m.group(2))})", text)
    if text.startswith("Modeler: "):
        text = text.split("\n", 1)[1].split("Modeler: ", 1)[0]
    return text.strip()


@pytest.mark.parametrize("inputs, modeler, own_type", CASES, ids=lambda v: v if isinstance(v, str) else None)
@pytest.mark.slow
def test_saved_experiment_reopens_with_and_without_the_plugin(tmp_path, inputs, modeler, own_type):
    target = tmp_path / "saved.extra-p"
    saved = _extrap(*inputs, "--modeler", modeler, "--save-experiment", str(target), "--print", FORMAT)
    assert saved.returncode == 0, saved.stderr
    with zipfile.ZipFile(target) as archive:
        data = json.loads(archive.read("experiment.json"))
    assert "$type" not in data, "the experiment itself must be stock-shaped"
    if inputs[0] in ("--cube-ranks", "--caliper") or own_type:  # says in words what stock Extra-P will not show
        assert "install extrap-segmented to see them in full" in data["extrap_segmented"]["note"]

    with_plugin = _extrap("--experiment", str(target), "--print", FORMAT)
    assert with_plugin.returncode == 0, with_plugin.stderr
    # exact: the first block prints the saved coefficients, read back from JSON bit for bit; no fit between
    assert _same_format(with_plugin.stdout) == _same_format(saved.stdout)

    stock = _extrap("--experiment", str(target), "--print", FORMAT, stock=True)
    assert stock.returncode == 0, stock.stderr
    assert "Traceback" not in stock.stderr
    # exact: saved coefficients, read back bit for bit
    assert _same_format(stock.stdout) == _same_format(saved.stdout), "stock Extra-P shows other models"

    if own_type:
        from extrap.fileio.experiment_io import read_experiment
        back = read_experiment(str(target))
        types = {type(m).__name__ for m in back.modelers[0].models.values()}
        assert own_type in types


def test_rank_experiment_keeps_its_locations_and_values_after_reopening(tmp_path):
    from extrap.fileio.experiment_io import read_experiment, write_experiment
    from extrap_segmented.adapters.cube.reader import CubeRankReader
    experiment = CubeRankReader().read_experiment(GATHER)
    target = tmp_path / "saved.extra-p"
    write_experiment(experiment, str(target))
    back = read_experiment(str(target))
    assert type(back).__name__ == "RankExperiment"
    assert back.location_tables.keys() == experiment.location_tables.keys()
    key = next(iter(experiment.measurements))
    for before, after in zip(experiment.measurements[key], back.measurements[key]):
        assert after.locations is not None
        assert (after.values == before.values).all()


def test_caliper_experiment_keeps_summaries_locations_and_sources_after_reopening(tmp_path):
    from extrap.fileio.experiment_io import read_experiment, write_experiment
    from extrap.modelers.model_generator import ModelGenerator
    from extrap_segmented.adapters.caliper.reader import read_caliper_experiment
    for source in (CALIPER, CALIPER_RANKS):
        experiment = read_caliper_experiment(source)
        # saved with a model set, as the command line does (Extra-P 4.2.5 loads files without one
        # with a list of modelers shared by all such loads: modeling one then breaks the next)
        ModelGenerator(experiment, modeler="default").model_all()
        target = tmp_path / f"{source.name}.extra-p"
        write_experiment(experiment, str(target))
        back = read_experiment(str(target))
        assert type(back).__name__ == "CaliperExperiment"
        assert back.sources == experiment.sources and back.location_tables.keys() == experiment.location_tables.keys()
        assert back.rank_summaries.keys() == experiment.rank_summaries.keys()
        for key, measurements in experiment.measurements.items():
            for before, after in zip(measurements, back.measurements[key]):
                summary = getattr(before, "rank_summary", None)
                assert (summary is None) == (getattr(after, "rank_summary", None) is None)
                if summary is not None:
                    assert (after.rank_summary == summary).all()
                if before.values is not None:
                    assert (after.values == before.values).all() and after.locations == before.locations
        # the reopened experiment still gives the Clustered modeler what it needs
        generator = ModelGenerator(back, modeler="clustered")
        generator.model_all()
        assert any(getattr(m, "clusters", None) for m in generator.models.values())
        assert len(back.modelers) == 2


def test_segmented_annotations_and_change_point_values_survive_a_round_trip(tmp_path):
    """What only the plugin reads (notes, suggestions, per-rank values of change points) is kept."""
    target = tmp_path / "saved.extra-p"
    assert _extrap("--cube-ranks", str(GATHER), "--modeler", "segmented", "--save-experiment",
                   str(target)).returncode == 0
    from extrap.fileio.experiment_io import read_experiment, write_experiment
    back = read_experiment(str(target))
    segmented = [m for m in back.modelers[0].models.values() if getattr(m, "segment_models", None)]
    assert segmented, "the Gather switch must come back as a segmented model"
    model = segmented[0]
    notes = [a for a in model.annotations if type(a).__name__ == "SegmentationAnnotation"]
    assert notes and notes[0].suggestions == [11.0, 23.0]
    assert all(point.values is not None for point in model.changing_points)
    again = tmp_path / "again.extra-p"
    write_experiment(back, str(again))  # saving a reopened file keeps all of it too
    twice = read_experiment(str(again))
    model_again = twice.modelers[0].models[next(k for k, m in back.modelers[0].models.items() if m is model)]
    assert [a.suggestions for a in model_again.annotations] == [a.suggestions for a in model.annotations]
    for first, second in zip(model.changing_points, model_again.changing_points):
        assert (first.values == second.values).all()


@pytest.mark.slow
def test_a_file_with_a_type_this_version_does_not_know_opens_with_a_warning(tmp_path):
    """A file from a newer plugin version: shown in its stock form, with a warning naming the type."""
    target = tmp_path / "saved.extra-p"
    assert _extrap("--cube-ranks", str(GATHER), "--modeler", "segmented", "--save-experiment",
                   str(target)).returncode == 0
    edited = tmp_path / "edited.extra-p"
    with zipfile.ZipFile(target) as source, zipfile.ZipFile(edited, "w") as sink:
        for item in source.infolist():
            payload = source.read(item)
            if item.filename == "experiment.json":
                payload = payload.replace(b'"$type": "SegmentationAnnotation"', b'"$type": "FutureNote"')
                payload = payload.replace(b'"$type": "RankExperiment"', b'"$type": "FutureExperiment"')
            sink.writestr(item, payload)
    result = _extrap("--experiment", str(edited), "--print", FORMAT)
    assert result.returncode == 0, result.stderr
    assert "FutureNote" in result.stderr and "FutureExperiment" in result.stderr
    assert "does not know" in result.stderr and "Traceback" not in result.stderr
    assert "MPI_Gather [time]: " in result.stdout and "for p<=32" in result.stdout


def test_saving_onto_a_directory_is_a_clear_error_and_leaves_nothing_behind(tmp_path):
    target = tmp_path / "results.extra-p"
    target.mkdir()
    result = _extrap("--text", str(SERIES), "--save-experiment", str(target))
    assert result.returncode == 1
    assert f"cannot save the experiment to {target}: it is a directory" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.extra-p"]


def test_a_failed_save_keeps_the_previous_file_and_leaves_no_temporary_file(tmp_path):
    from extrap.fileio import experiment_io
    from extrap.fileio.text_file_reader import read_text_file
    from extrap_segmented.adapters.plugin.registration import activate
    activate()
    experiment = read_text_file(str(SERIES))
    target = tmp_path / "saved.extra-p"
    experiment_io.write_experiment(experiment, str(target))
    good = target.read_bytes()
    assert getattr(experiment_io.write_experiment, "extrap_segmented_atomic", False)
    original = experiment_io.write_experiment.__wrapped__

    def fails_half_way(experiment, path, *args, **kwargs):
        Path(path).write_bytes(b"PK\x03\x04 truncated")
        raise OSError(28, "No space left on device")
    from extrap.util.exceptions import RecoverableError
    from extrap_segmented.adapters.plugin.atomic_save import make_atomic
    with pytest.raises(RecoverableError, match="No space left on device"):
        make_atomic(fails_half_way)(experiment, str(target))
    assert target.read_bytes() == good  # exact: the file must be untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saved.extra-p"]
    make_atomic(original)(experiment, str(target))
    assert experiment_io.read_experiment(str(target)).callpaths == experiment.callpaths


@pytest.mark.slow
def test_three_segments_open_in_stock_extrap_as_the_last_segment_and_fully_with_the_plugin(tmp_path):
    import math
    points = [2 ** i for i in range(1, 16)]
    values = [1e-3 * p if p <= 32 else 0.1 + 1e-2 * math.log2(p) if p <= 1024 else 1e-5 * p for p in points]
    series = tmp_path / "three.txt"
    series.write_text("PARAMETER p\nPOINTS " + " ".join(map(str, points)) + "\n\nREGION three\nMETRIC time\n"
                      + "".join(f"DATA {v}\n" for v in values))
    target = tmp_path / "three.extra-p"
    saved = _extrap("--text", str(series), "--modeler", "segmented", "--save-experiment", str(target),
                    "--print", FORMAT)
    assert saved.returncode == 0, saved.stderr
    assert saved.stdout.count(" for ") == 3, saved.stdout
    with_plugin = _extrap("--experiment", str(target), "--print", FORMAT)
    # exact: the first block prints the saved coefficients, read back from JSON bit for bit; no fit between
    assert _same_format(with_plugin.stdout) == _same_format(saved.stdout)
    stock = _extrap("--experiment", str(target), "--print", FORMAT, stock=True)
    assert stock.returncode == 0, stock.stderr
    last_segment = saved.stdout.strip().splitlines()[-1].split(" for ")[0]
    # exact: saved coefficients, read back bit for bit
    assert _same_format(stock.stdout) == "three [time]: " + _same_format(last_segment)


NAN_SERIES = "\n".join(["PARAMETER p", "POINTS 8 16 32 64 128", "",
                        "REGION broken", "METRIC time", "DATA 1", "DATA 2", "DATA nan", "DATA 4", "DATA 5", "",
                        "REGION good", "METRIC time", "DATA 1", "DATA 2", "DATA 3", "DATA 4", "DATA 5", ""])


@pytest.mark.slow
def test_an_experiment_with_a_nan_measurement_reopens_with_and_without_the_plugin(tmp_path):
    """Extra-P saves the std of a NaN value as "--" and then refuses the whole file ("Not a valid
    number"); saved with the plugin it is "nan", and a file stock Extra-P saved so opens with it."""
    series = tmp_path / "nan.txt"
    series.write_text(NAN_SERIES)
    ours, stock = tmp_path / "ours.extra-p", tmp_path / "stock.extra-p"
    assert _extrap("--text", str(series), "--save-experiment", str(ours)).returncode == 0
    assert _extrap("--text", str(series), "--save-experiment", str(stock), stock=True).returncode == 0
    with zipfile.ZipFile(stock) as saved:
        assert b'"std": "--"' in saved.read("experiment.json")  # Extra-P's own form, which it cannot load
    for path, without_plugin in ((ours, False), (ours, True), (stock, False)):
        result = _extrap("--experiment", str(path), "--print", FORMAT, stock=without_plugin)
        assert result.returncode == 0, (path.name, without_plugin, result.stderr)
        assert "good [time]: " in result.stdout and "log2(p)" in result.stdout
        assert "broken [time]: " in result.stdout
