"""Experiments saved by version 0.1 still open, with the same models.

Extra-P keys the schemas of saved modelers, models, annotations and experiments by class name, so
moving modules must not change a class name. The files in ``fixtures/saved/`` were written by
version 0.1 (commit e36fd95, see fixtures/PROVENANCE.md); the ``.expected.txt`` files are what
that version printed when it opened them again. Opening a saved experiment in ``extrap`` also models
it once more (the second "Modeler:" block), so the reports are compared as numbers within 1e-9 (the
last digits of a fit differ between CPUs), their text exactly.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from approx_text import assert_text_close

SAVED = Path(__file__).resolve().parents[2] / "fixtures" / "saved"
EXPERIMENTS = sorted(p.stem for p in SAVED.glob("*.extra-p"))
MODEL_FORMAT = "{callpath} [{metric}]: {model}"


def _extrap(*args: str) -> subprocess.CompletedProcess:
    command = [str(Path(sys.executable).parent / "extrap"), *args, "--disable-progress"]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=SAVED)


def test_every_kind_of_saved_result_is_covered():
    assert EXPERIMENTS == ["v01_clustered_ranks", "v01_default_ranks", "v01_expectation_text",
                           "v01_segmented_text"]


@pytest.mark.parametrize("name", EXPERIMENTS)
def test_saved_experiment_opens_with_the_same_models(name):
    result = _extrap("--experiment", f"{name}.extra-p", "--print", MODEL_FORMAT)
    assert result.returncode == 0, result.stderr
    assert_text_close(result.stdout, (SAVED / f"{name}.expected.txt").read_text())


def test_saved_clustered_experiment_prints_the_same_cluster_blocks():
    result = _extrap("--experiment", "v01_clustered_ranks.extra-p", "--print", "all")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("\t\tClusters:") == 11
    # v0.1 printed a redundant "1 cluster(s); kernel model = slowest cluster C1" line per kernel (dropped,
    # issue 13); everything else is printed as v0.1 printed it
    expected = (SAVED / "v01_clustered_ranks.print-all.txt").read_text()
    expected = expected.replace("\t\t\t1 cluster(s); kernel model = slowest cluster C1\n", "")
    assert_text_close(result.stdout, expected)


def test_saved_rank_experiment_keeps_locations_and_values():
    from extrap.fileio.experiment_io import read_experiment

    experiment = read_experiment(str(SAVED / "v01_default_ranks.extra-p"))
    assert type(experiment).__name__ == "RankExperiment"
    assert len(experiment.location_tables) == 6
    measurement = next(iter(experiment.measurements.values()))[-1]
    assert measurement.values.shape == (1, 16)
    assert list(measurement.locations.rank) == list(range(16))
    assert measurement.mean == pytest.approx(measurement.values.mean())


def test_saved_segmented_experiment_keeps_both_segmented_model_classes():
    from extrap.fileio.experiment_io import read_experiment

    experiment = read_experiment(str(SAVED / "v01_segmented_text.extra-p"))
    kinds = {cp.name: type(model).__name__ for (cp, _), model in experiment.modelers[0].models.items()}
    assert kinds == {"two_segments": "SegmentedModel", "three_segments": "MultiSegmentModel",
                     "smooth": "Model"}
