"""``plot_kernels``: ``plot_dir`` draws only the kernels matching the glob; models do not change."""
from __future__ import annotations

import pytest

from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.cube.reader import CubeRankReader
from extrap_segmented.adapters.parallel.runner import plot_selected


class _Named:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name


class _M:
    def __init__(self, callpath, metric):
        self.callpath, self.metric = _Named(callpath), _Named(metric)


@pytest.mark.parametrize("pattern, selected", [("*", True), ("*MPI_Gather", True), ("*MPI_Gather/time", True),
                                               ("*MPI_Gather/visits", False), ("main", False), ("*gather*", False)])
def test_glob_matches_call_path_or_call_path_and_metric(pattern, selected):
    assert plot_selected(pattern, [_M("main->iteration->MPI_Gather", "time")]) is selected


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_only_matching_kernels_are_plotted(fixtures_dir, tmp_path):
    experiment = CubeRankReader().read_experiment(fixtures_dir / "cube" / "gather-switch-p")
    plain = ModelGenerator(experiment, modeler="clustered")
    plain.modeler.jobs = 1
    plain.model_all()
    plotted = ModelGenerator(experiment, modeler="clustered")
    plotted.modeler.jobs = 1
    plotted.modeler.plot_dir = str(tmp_path)
    plotted.modeler.plot_kernels = "*MPI_Gather/time"
    plotted.model_all()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["main-_iteration-_MPI_Gather-time-clusters.png",
                                                         "main-_iteration-_MPI_Gather-time-ranks.png"]
    assert all(p.stat().st_size > 5000 for p in tmp_path.iterdir())
    assert [str(m.hypothesis.function) for m in plotted.models.values()] == \
        [str(m.hypothesis.function) for m in plain.models.values()]
