"""``--caliper`` in Extra-P: experiment contents, the modelers on it, the command line and its
environment options, bad input at the reader boundary, the GUI's File menu."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from conftest import run_python
from extrap_segmented.caliper.writer import write_cali

ROOT = Path(__file__).resolve().parents[3]
IMBALANCE = ROOT / "fixtures" / "caliper" / "imbalance-p"
STENCIL = ROOT / "fixtures" / "caliper" / "stencil-ranks-p"
FORMAT = "{callpath} [{metric}]: {model}"


def _extrap(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    command = [str(Path(sys.executable).parent / "extrap"), *args, "--disable-progress"]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})})


def _read(path, **options):
    from extrap_segmented.adapters.caliper.reader import CaliperFileReader
    reader = CaliperFileReader()
    for name, value in options.items():
        setattr(reader, name, value)
    return reader.read_experiment(str(path))


def test_region_profiles_become_an_experiment_with_summaries_on_the_average(tmp_path):
    from extrap.entities.callpath import Callpath
    from extrap.entities.coordinate import Coordinate
    from extrap.entities.metric import Metric
    from extrap_segmented.caliper.series import read_caliper
    experiment = _read(IMBALANCE)
    assert type(experiment).__name__ == "CaliperExperiment"
    assert [p.name for p in experiment.parameters] == ["mpi.world.size"]
    assert [c[0] for c in experiment.coordinates] == [8, 16, 32, 64, 128, 256, 512]
    assert {m.name for m in experiment.metrics} == {"Min time/rank", "Max time/rank", "Avg time/rank", "Total time",
                                                    "Imbalance time/rank (max/avg)"}
    assert [c.name for c in experiment.callpaths][:3] == ["main", "main->cycle", "main->cycle->compute"]
    series = read_caliper(IMBALANCE)
    key = (Callpath("main->cycle->MPI_Allreduce"), Metric("Avg time/rank"))
    at64 = experiment.measurements[key][3]
    assert at64.coordinate == Coordinate(64)
    raw = series.array("Avg time/rank", 3)[4, :, 0]            # two repetitions
    assert at64.repetitions == 2
    assert at64.mean == pytest.approx(raw.mean(), rel=1e-12) and at64.median == pytest.approx(np.median(raw), rel=1e-12)
    assert at64.rank_summary.shape == (2, 3)
    assert at64.rank_summary[:, 1] == pytest.approx(raw, rel=1e-12)
    assert at64.rank_summary[:, 2] == pytest.approx(series.array("Max time/rank", 3)[4, :, 0], rel=1e-12)
    others = experiment.measurements[(Callpath("main->cycle->MPI_Allreduce"), Metric("Max time/rank"))][3]
    assert getattr(others, "rank_summary", None) is None and others.values is None


def test_per_rank_records_keep_values_and_locations_like_the_cube_reader():
    from extrap.entities.callpath import Callpath
    from extrap.entities.metric import Metric
    experiment = _read(STENCIL)
    flux = experiment.measurements[(Callpath("main->timestep->flux"), Metric("time"))]
    assert [m.values.shape for m in flux] == [(1, 16), (1, 36), (1, 64), (1, 144), (1, 256)]
    assert flux[0].locations.rank.tolist() == list(range(16))
    assert flux[2].mean == pytest.approx(flux[2].values.mean(), rel=1e-12)
    assert flux[2].maximum == flux[2].values.max()


@pytest.mark.slow
def test_the_modelers_on_caliper_input():
    from extrap.entities.callpath import Callpath
    from extrap.entities.metric import Metric
    from extrap.modelers.model_generator import ModelGenerator
    experiment = _read(IMBALANCE)
    segmented = ModelGenerator(experiment, modeler="segmented")
    segmented.model_all()
    halo = segmented.models[(Callpath("main->cycle->halo"), Metric("Avg time/rank"))]
    # the fixture's halo exchange switches from linear to logarithmic at 64 ranks
    from extrap_segmented.adapters.thicket.results import describe_model
    assert describe_model(halo, ["p"])["change_points"] == [(32.0, 64.0)]
    clustered = ModelGenerator(experiment, modeler="clustered")
    clustered.model_all()
    reaction = clustered.models[(Callpath("main->cycle->reaction"), Metric("Avg time/rank"))]
    assert [c.statistic for c in reaction.clusters] == ["maximum", "average", "minimum"]
    assert reaction.slowest == "slowest rank (max)"
    # one rank in 32 has 60 % more work: the average stays with the fastest ranks
    pattern = next(note for note in reaction.notes if note.startswith("per configuration"))
    assert "a few slow ranks at (mpi.world.size=8), (mpi.world.size=16)" in pattern
    assert "balanced" not in pattern and "spread" not in pattern
    compute = clustered.models[(Callpath("main->cycle->compute"), Metric("Avg time/rank"))]
    assert "balanced at (mpi.world.size=8)" in "".join(compute.notes) and "slow" not in "".join(compute.notes)
    imbalance = clustered.models[(Callpath("main->cycle->MPI_Allreduce"), Metric("Imbalance time/rank (max/avg)"))]
    assert imbalance.hypothesis.function.evaluate(512) > imbalance.hypothesis.function.evaluate(8)
    ranks = _read(STENCIL)
    generator = ModelGenerator(ranks, modeler="clustered")
    generator.model_all()
    flux = generator.models[(Callpath("main->timestep->flux"), Metric("time"))]
    assert sorted(c.counts[-1] for c in flux.clusters) == [4, 56, 196]   # corners, edges, inner at p = 256


@pytest.mark.slow
def test_command_line_reads_with_environment_options_and_documents_them(tmp_path):
    directory = tmp_path / "runs"
    directory.mkdir()
    for n in (10, 20, 40, 80, 160):
        write_cali(directory / f"n{n}.cali", ["main", "main->solve"], {"sum#time.duration": [n * 1.5, n * 1.0]},
                   globals={"mpi.world.size": 64, "problem_size": n})
    (directory / "notes.txt").write_text("not a profile")
    default = _extrap("--caliper", str(directory), "--print", FORMAT)
    assert default.returncode != 0
    assert "mpi.world.size=64" in default.stderr and "modeling needs at least two values" in default.stderr
    chosen = _extrap("--caliper", str(directory), "--print", FORMAT, env={"EXTRAP_CALIPER_PARAMETERS": "problem_size"})
    assert chosen.returncode == 0, chosen.stderr
    assert "main->solve [sum#time.duration]: " in chosen.stdout and "problem_size" in chosen.stdout
    only_three = _extrap("--caliper", str(directory), "--print", FORMAT,
                         env={"EXTRAP_CALIPER_PARAMETERS": "problem_size", "EXTRAP_CALIPER_FILES": "n[124]0.cali"})
    assert only_three.returncode == 0, only_three.stderr
    assert "--caliper" in (help_text := _extrap("--help").stdout)
    assert "$EXTRAP_CALIPER_PARAMETERS" in " ".join(help_text.split())
    assert "$EXTRAP_CALIPER_FILES" in " ".join(help_text.split())


def test_bad_options_and_directories_are_named_without_a_traceback(tmp_path):
    bad = _extrap("--caliper", str(IMBALANCE), env={"EXTRAP_CALIPER_PARAMETERS": " , "})
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    assert "$EXTRAP_CALIPER_PARAMETERS" in bad.stderr and "no parameter given" in bad.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    nothing = _extrap("--caliper", str(empty))
    assert nothing.returncode != 0 and "Traceback" not in nothing.stderr
    assert f"{empty}: no Caliper profiles found" in nothing.stderr


def test_python_api_takes_a_list_of_files_and_parameters():
    from extrap_segmented.adapters.caliper.reader import read_caliper_experiment
    files = sorted(IMBALANCE.glob("*-r1.cali"))[:5]
    experiment = read_caliper_experiment(files, parameters=["jobsize"])
    assert [p.name for p in experiment.parameters] == ["jobsize"]
    assert len(experiment.coordinates) == 5
    assert experiment.sources["files"][0] == [str(files[0])] or len(experiment.sources["files"]) == 5


@pytest.mark.gui
@pytest.mark.slow
def test_gui_file_menu_opens_caliper_profiles():
    code = textwrap.dedent(f"""
        import json
        import extrap_segmented
        extrap_segmented.activate()
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from extrap.extrap import extrapgui
        window, app = extrapgui.main(args=["--caliper", {str(IMBALANCE)!r}], test=True)
        file_menu = [a for a in window.menuBar().actions() if a.text() == "&File"][0].menu()
        actions = [a.text() for a in file_menu.actions()]
        for menu_action in file_menu.actions():
            if menu_action.menu():
                actions += [a.text() for a in menu_action.menu().actions()]
        from extrap_segmented.adapters.caliper.reader import CaliperFileReader
        options = sorted(CaliperFileReader.OPTIONS) if hasattr(CaliperFileReader, "OPTIONS") else []
        experiment = window.getExperiment()
        print(json.dumps({{"actions": actions, "type": type(experiment).__name__,
                           "points": len(experiment.coordinates), "options": options}}), flush=True)
    """)
    result = run_python(code, env_extra={"QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert "Open set of &Caliper files" in shown["actions"]
    assert shown["type"] == "CaliperExperiment" and shown["points"] == 7
    assert {"parameters", "file_pattern", "imbalance"} <= set(shown["options"])
