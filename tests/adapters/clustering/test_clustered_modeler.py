"""The Clustered modelers inside Extra-P: models, printing, saving, bad input, rules, metrics, GUI."""
from __future__ import annotations

import copy
import io
import json
import textwrap
from fractions import Fraction
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest

from extrap.entities.callpath import Callpath
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.fileio.experiment_io import read_experiment, write_experiment
from extrap.fileio.output import format_output
from extrap.modelers.model_generator import ModelGenerator
from extrap.util.exceptions import RecoverableError

from extrap_segmented.adapters.clustering.modeler import ClusterAnnotation, ClusteredModel
from extrap_segmented.exceptions import ClusteringWarning
from extrap_segmented.locations import LocationTable
from rank_experiments import P_VALUES, make_experiment, model, stencil_values

REPO = Path(__file__).resolve().parents[3]

@pytest.fixture(scope="module")
def stencil_1p():
    # The model is built without Extra-P's registry; --print all sections come with registration.
    import extrap_segmented
    extrap_segmented.activate()
    experiment = make_experiment({"flux": stencil_values})
    return experiment, model(experiment)


def test_four_classes_and_membership_models(stencil_1p):
    experiment, generator = stencil_1p
    result = generator.models[(Callpath("flux"), Metric("time"))]
    assert isinstance(result, ClusteredModel)
    assert [c.name for c in result.clusters] == ["C1", "C2", "C3", "C4"]
    assert [c.counts[-1] for c in result.clusters] == [196, 28, 28, 4]  # p = 256
    assert result.counts == [1, 4, 4, 4, 4, 4] and len(result.left_out) == 1
    members = [c.membership_model.hypothesis.function.to_string("p") for c in result.clusters]
    assert "p^(1)" in members[0] and "p^(1/2)" in members[1] and "p^(1/2)" in members[2]
    assert members[3] == "4.0"
    assert result.slowest == "C4" and result.hypothesis is result.cluster("C4").model.hypothesis
    assert result.cluster("C1").positions == {"inner": sum(result.cluster("C1").counts)}
    assert set(result.cluster("C2").positions) | set(result.cluster("C3").positions) == {"edge-0", "edge-1"}


def test_print_all_shows_clusters_under_the_model(stencil_1p):
    experiment, _ = stencil_1p
    text = format_output(experiment, "all")
    block = text[text.index("\t\tModel:"):]
    assert block.index("\t\tClusters:") < block.index("\t\t\tC4: 4 ranks at 5 configurations")
    assert "\t\t\tC4: 4 ranks at 5 configurations; corner; ranks 0,15,240,255 at (p=256); model: " in text
    assert "\t\t\tC1: 4..196 ranks at 5 configurations; inner; ranks 17-30,33-46," in text
    assert "\t\t\tkernel model: C4 (highest value at most configurations; outliers excluded)\n" in text
    assert "left out: 1 class at (4)\n" in text and "outliers (in no class)" not in text


def test_save_and_reload_keeps_clusters(stencil_1p, tmp_path):
    experiment, generator = stencil_1p
    path = tmp_path / "clustered.extra-p"
    write_experiment(experiment, str(path))
    loaded = read_experiment(str(path))
    before = generator.models[(Callpath("flux"), Metric("time"))]
    after = loaded.modelers[0].models[(Callpath("flux"), Metric("time"))]
    assert isinstance(after, ClusteredModel) and after.clusters == before.clusters
    assert after.hypothesis.function.to_string("p") == before.hypothesis.function.to_string("p")
    assert after.cluster("C2").model.measurements[0].mean == before.cluster("C2").values[0]
    annotation = [a for a in after.annotations if isinstance(a, ClusterAnnotation)][0]
    assert annotation.title(parameters=loaded.parameters).startswith("Clusters: 1..4")
    assert "C4: 4 ranks" in annotation.content(parameters=loaded.parameters)
    # Extra-P itself saves the integer exponent 1 as 1.0 ("p^(1)" is reloaded as "p^(1.0)")
    assert format_output(loaded, "all").replace("^(1.0)", "^(1)") == format_output(experiment, "all")


def test_two_parameters_inner_linear_in_s():
    experiment = make_experiment({"flux": stencil_values}, ss=[100, 400, 1600, 6400, 25600])
    result = model(experiment, threshold=0.05).models[(Callpath("flux"), Metric("time"))]
    assert result.counts.count(4) == 25
    inner = result.cluster("C1").model.hypothesis.function
    terms = [t for t in inner.compound_terms if any(i == 1 for i, _ in t.parameter_term_pairs)]
    assert terms, inner.to_string("p", "s")
    for term in terms:
        for index, compound in term.parameter_term_pairs:
            if index == 1:
                assert [(t.term_type, t.exponent) for t in compound.simple_terms] == [("polynomial", 1)]


def test_bad_kernels_get_messages_and_do_not_stop_the_others():
    def with_nan(p, s, rng):
        values, table = stencil_values(p, s, rng)
        values[0, 3] = np.nan
        return values, table

    def single_rank(p, s, rng):
        return np.full((2, 1), 3.0), None

    def all_equal(p, s, rng):
        return np.full((2, p), 2.5), None

    def missing_rank(p, s, rng):
        values, table = stencil_values(p, s, rng)
        keep = np.arange(p) != 1
        short = LocationTable(table.rank[keep], table.thread[keep], table.node[keep], table.coords[keep],
                              table.topology_dims, table.periodic)
        return values[:, keep], short

    experiment = make_experiment({"good": stencil_values, "nan": with_nan, "single": single_rank,
                                  "equal": all_equal, "missing": missing_rank})
    with pytest.warns(ClusteringWarning) as caught:
        models = model(experiment).models
    get = lambda name: models[(Callpath(name), Metric("time"))]  # noqa: E731
    assert len(get("good").clusters) == 4
    nan_note = get("nan").annotations[0]
    assert nan_note.problem and "location 3 (repetition 0)" in nan_note.summary and "nan" in nan_note.summary
    assert "single rank" in get("single").annotations[0].summary
    assert [c.counts for c in get("equal").clusters] == [list(P_VALUES)]
    assert get("equal").hypothesis.function.to_string("p") == "2.5"
    assert any("15 of 16 ranks present (missing: 1)" in n for n in get("missing").notes)
    assert any("nan: not clustered" in str(w.message).replace("nan/time", "nan") for w in caught)


def test_without_per_rank_values_says_how_to_load():
    experiment = make_experiment({"flux": stencil_values})
    for ms in experiment.measurements.values():
        for m in ms:
            m.values = None
    with pytest.raises(RecoverableError, match="--cube-ranks DIR --modeler clustered"):
        model(experiment)


def test_rules_file_names_the_clusters():
    experiment = make_experiment({"flux": stencil_values})
    result = model(experiment, rules_file=str(REPO / "fixtures" / "rules" / "stencil2d.toml")).models[
        (Callpath("flux"), Metric("time"))]
    assert [c.name for c in result.clusters] == ["corner", "top-bottom edge", "left-right edge", "inner"]
    assert result.cluster("corner").counts == [4] * 6
    assert result.cluster("inner").counts[-1] == 196 and result.slowest == "corner"


def test_extra_metric_splits_ranks_that_time_alone_cannot():
    experiment = make_experiment({"k": lambda p, s, rng: (np.ones((1, p)) * (1 + 0.005 * (np.arange(p) % 2)), None)})
    instructions = Metric("PAPI_TOT_INS")
    experiment.add_metric(instructions)
    for coordinate in experiment.coordinates:
        p = int(coordinate[0])
        values = np.where(np.arange(p) < p // 2, 1e9, 3e9)[None, :]
        experiment.add_measurement(Measurement(coordinate, Callpath("k"), instructions, values, keep_values=True))
    time_only = model(experiment).models[(Callpath("k"), Metric("time"))]
    both = model(experiment, extra_metrics="PAPI_TOT_INS").models[(Callpath("k"), Metric("time"))]
    assert len(time_only.clusters) == 1 and len(both.clusters) == 2
    missing = model(experiment, extra_metrics="visits").models[(Callpath("k"), Metric("time"))]
    assert "extra metric 'visits' is not measured" in missing.annotations[0].summary


def test_migration_between_equal_process_counts():
    def moving(p, s, rng):
        values = np.ones((1, p))
        values[0, : (2 if s == 100 else 3)] = 2.0
        return values, None

    experiment = make_experiment({"k": moving}, ss=[100, 200])
    result = model(experiment, min_points=2).models[(Callpath("k"), Metric("time"))]
    assert any("rank 2: C1->C2" in note for note in result.notes)


def test_cli_prints_clusters_for_the_stencil_fixture():
    import extrap_segmented
    from extrap.extrap import extrapcmd

    extrap_segmented.activate()
    out = io.StringIO()
    with redirect_stdout(out):
        extrapcmd.main(["--cube", str(REPO / "fixtures" / "cube" / "stencil2d-ps"), "--keep-values",
                        "--modeler", "clustered", "--disable-progress"])
    text = out.getvalue()
    block = text[text.index("Callpath: main->timestep->compute_fluxes->density_flux"):]
    block = block[:block.index("\tMetric: visits")]
    assert "kernel model: C4 (highest value at most configurations; outliers excluded)" in block
    assert "C4: 4 ranks at 25 configurations; ranks 0,15,240,255 at (p=256, s=25600); model:" in block


@pytest.mark.gui
def test_gui_shows_cluster_annotation(stencil_1p, tmp_path):
    from conftest import run_python

    experiment, _ = stencil_1p
    path = tmp_path / "clustered.extra-p"
    write_experiment(experiment, str(path))
    code = textwrap.dedent(f"""
        import json
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from extrap.extrap import extrapgui
        from extrap.fileio.experiment_io import read_experiment
        window, app = extrapgui.main(args=[], test=True)
        window.set_experiment(read_experiment({str(path)!r}))
        tree = window.selector_widget.tree_model
        root = tree.index(0, 2)
        print(json.dumps({{"tooltip": tree.data(root, Qt.ToolTipRole),
                           "icons": len(tree.data(root, Qt.DisplayRole) or [])}}), flush=True)
    """)
    result = run_python(code, env_extra={"QT_QPA_PLATFORM": "offscreen"}, timeout=180)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert shown["tooltip"].startswith("Clusters: 1..4") and shown["icons"] == 1


DENSITY_FLUX = (Callpath("main->timestep->compute_fluxes->density_flux"), Metric("time"))


@pytest.fixture(scope="module")
def stencil_cube():
    """The 2-D stencil Cube fixture read with the per-rank reader (ranks with Cartesian coordinates)."""
    from extrap_segmented.adapters.cube.reader import CubeRankReader

    return CubeRankReader().read_experiment(str(REPO / "fixtures" / "cube" / "stencil2d-ps"))


def _only_linear_in_s(function) -> bool:
    pairs = [(t.term_type, t.exponent) for term in function.compound_terms
             for index, compound in term.parameter_term_pairs if index == 1 for t in compound.simple_terms]
    return bool(pairs) and set(pairs) == {("polynomial", 1)}


def _membership_exponents(function) -> set:
    return {(t.term_type, t.exponent) for term in function.compound_terms
            for _, compound in term.parameter_term_pairs for t in compound.simple_terms}


def test_cube_ranks_stencil_acceptance_default_options(stencil_cube):
    """Issue 5 acceptance: default options (10 % threshold, no rules) on the per-rank Cube fixture."""
    result = model(stencil_cube).models[DENSITY_FLUX]
    counts = {tuple(c): n for c, n in zip(result.count_coordinates, result.counts)}
    large = [n for c, n in counts.items() if c[0] >= 16]
    assert len(large) == 25 and set(large) == {4}
    assert [c.name for c in result.clusters] == ["C1", "C2", "C3", "C4"]
    inner, edge_a, edge_b, corner = result.clusters
    assert inner.positions == {"inner": sum(inner.counts)} and corner.positions == {"corner": sum(corner.counts)}
    assert {tuple(edge_a.positions), tuple(edge_b.positions)} == {("edge-0",), ("edge-1",)}
    assert _only_linear_in_s(inner.model.hypothesis.function), inner.model.hypothesis.function.to_string("p", "s")
    # member counts: corners constant 4, edges 2 (sqrt(p) - 2) each, inner (sqrt(p) - 2)^2 ~ p
    assert corner.membership_model.hypothesis.function.to_string("p", "s") == "4.0"
    for edge in (edge_a, edge_b):
        assert _membership_exponents(edge.membership_model.hypothesis.function) == {("polynomial", Fraction(1, 2))}
        assert edge.membership_model.hypothesis.function.evaluate((1024.0, 100.0)) == pytest.approx(60, abs=0.5)
    assert _membership_exponents(inner.membership_model.hypothesis.function) == {("polynomial", 1)}
    assert result.slowest == "C4"


def test_cube_ranks_stencil_with_rules_file(stencil_cube):
    """The paper's tuned clustering: a rules file names the classes by Cartesian position."""
    result = model(stencil_cube, rules_file=str(REPO / "fixtures" / "rules" / "stencil2d.toml")).models[DENSITY_FLUX]
    assert [c.name for c in result.clusters] == ["corner", "top-bottom edge", "left-right edge", "inner"]
    assert result.cluster("corner").counts == [4] * 30
    inner = result.cluster("inner")
    assert len([c for c in inner.coordinates if c[0] >= 16]) == 25
    assert _only_linear_in_s(inner.model.hypothesis.function)
    members = [c.membership_model.hypothesis.function.to_string("p", "s") for c in result.clusters]
    assert members[0] == "4.0" and "p^(1/2)" in members[1] and "p^(1/2)" in members[2] and "p^(1)" in members[3]


def test_plot_dir_writes_strip_and_model_pngs(tmp_path):
    experiment = make_experiment({"flux": stencil_values}, ss=[100, 400])
    model(experiment, plot_dir=str(tmp_path), min_points=2)
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == ["flux-time-clusters.png", "flux-time-ranks.png"]
    for name in written:
        data = (tmp_path / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def _waiting_times(p, s, rng):
    """A continuous spread of waiting times (log-normal, sigma 0.5) and rank 3 far above it."""
    values = 0.1 * np.exp(rng.normal(0, 0.5, p))
    values[3] = values.max() * 20  # 6 standard deviations (log) above its neighbour
    return values[None, :] * np.exp(rng.normal(0, 0.01, (3, p))), None


def test_continuous_spread_is_one_class_and_an_outlier_cannot_hijack_the_kernel_model(tmp_path):
    import extrap_segmented
    extrap_segmented.activate()  # the --print all sections come with registration (alone or in any order)
    experiment = make_experiment({"wait": _waiting_times})
    result = model(experiment).models[(Callpath("wait"), Metric("time"))]
    assert [c.name for c in result.clusters] == ["C1"] and result.slowest == "C1"
    assert result.outliers[1:] == [[3]] * 5  # p = 4 has no spread to judge: the paper rule decides there
    assert all(ratio > 15 for ratios in result.outlier_ratios[1:] for ratio in ratios)
    # statistics measured against the ranks: a constant model of a wide spread explains nothing
    hypothesis = result.hypothesis
    assert hypothesis.RSS > 0 and hypothesis.AR2 < 0.2
    paper = model(experiment, classifier="paper").models[(Callpath("wait"), Metric("time"))]
    assert max(paper.counts) > 3  # the paper's rule fragments the spread
    text = format_output(experiment, "all")
    assert "outliers (in no class): rank 3 at 5 of 6 configurations, " in text
    # label -1 only with a reason the user reads
    assert "; set aside as alike no other rank: alone, farther from its nearest rank" in text
    path = tmp_path / "wait.extra-p"
    write_experiment(experiment, str(path))
    reloaded = read_experiment(str(path))
    again = next(m for m in reloaded.modelers[0].models.values())
    assert again.outliers == result.outliers and again.hypothesis.AR2 == pytest.approx(hypothesis.AR2)
    assert again.clusters[0].ranks == result.clusters[0].ranks


def test_classifier_option_is_checked():
    experiment = make_experiment({"flux": stencil_values})
    with pytest.raises(RecoverableError, match="mode must be one of adaptive, paper, got 'kmeans'"):
        model(experiment, classifier="kmeans")


def test_modeler_decision_is_classify_ranks():
    """The modeler's classes per configuration are exactly classify_ranks on the same values."""
    from extrap_segmented import classify_ranks

    experiment = make_experiment({"flux": stencil_values, "wait": _waiting_times})
    models = model(experiment).models
    for name in ("flux", "wait"):
        result = models[(Callpath(name), Metric("time"))]
        for j, m in enumerate(experiment.measurements[(Callpath(name), Metric("time"))]):
            labels = classify_ranks(m.values)
            assert result.outliers[j] == np.flatnonzero(labels < 0).tolist()
            assert result.counts[j] == labels.max() + 1


def test_stencil_fixture_classes_unchanged_by_the_adaptive_default(stencil_cube):
    """Every kernel and configuration of the stencil fixture: the default classes equal the paper rule's."""
    from extrap_segmented import classify_ranks

    compared = 0
    for measurements in stencil_cube.measurements.values():
        for m in measurements:
            values = np.asarray(m.values, dtype=float).reshape(np.shape(m.values)[0], -1)
            assert np.array_equal(classify_ranks(values), classify_ranks(values, mode="paper")), m
            compared += 1
    assert compared >= 300


def test_per_coordinate_facts_are_computed_once_per_run(fixtures_dir, monkeypatch):
    """Missing ranks and topology positions depend on the coordinate's location table only: one
    computation per table and run, not one per kernel; the models do not change."""
    import pickle
    from extrap_segmented.adapters.clustering import kernel as kernel_module
    from extrap_segmented.adapters.cube.reader import CubeRankReader
    from extrap_segmented.clustering import kernel as core_kernel
    experiment = CubeRankReader().read_experiment(str(fixtures_dir / "cube" / "stencil2d-ps"))
    plain = ModelGenerator(experiment, modeler="clustered")
    plain.modeler.jobs = 1
    plain.model_all()
    expected = format_output(experiment, "all")
    calls = {"missing": 0, "positions": 0}
    missing, positions = core_kernel.missing_ranks, core_kernel.topology_positions

    def count(name, function):
        def counted(*args):
            calls[name] += 1
            return function(*args)
        return counted
    monkeypatch.setattr(core_kernel, "missing_ranks", count("missing", missing))
    monkeypatch.setattr(core_kernel, "topology_positions", count("positions", positions))
    generator = ModelGenerator(experiment, modeler="clustered")
    generator.modeler.jobs = 1
    generator.model_all()
    tables = len({id(m.locations) for ms in experiment.measurements.values() for m in ms})
    assert tables == 30 and len(experiment.measurements) > 10
    assert calls == {"missing": tables, "positions": tables}
    assert format_output(experiment, "all") == expected
    settings = kernel_module.Settings(0.1, "median", "median", 5, None, [], "")
    settings.table_fact(experiment.measurements[DENSITY_FLUX][0].locations, "missing", lambda t: "x")
    assert pickle.loads(pickle.dumps(settings)).table_facts == {}  # workers start with their own
    assert copy.copy(settings).table_facts is settings.table_facts


def test_member_ranks_are_saved_as_runs_and_the_plain_lists_of_earlier_versions_still_load():
    from marshmallow import ValidationError

    from extrap_segmented.adapters.clustering.models import ClusterInfo, ClusterInfoSchema
    from extrap_segmented.clustering.ranks import RankList

    info = ClusterInfo("C1", ranks=[*range(4096), 7, 9])
    assert isinstance(info.ranks, RankList)
    saved = ClusterInfoSchema().dump(info)
    assert saved["ranks"] == [[0, 4095], [7, 7], [9, 9]]  # 3 runs, not 4,098 numbers
    assert ClusterInfoSchema().load(saved).ranks == [*range(4096), 7, 9]
    earlier = dict(saved, ranks=[3, 4, 5, 0])
    assert ClusterInfoSchema().load(earlier).ranks == [3, 4, 5, 0]
    with pytest.raises(ValidationError, match="ranks"):
        ClusterInfoSchema().load(dict(saved, ranks="0-4095"))
    with pytest.raises(ValidationError, match="ends before it starts"):
        ClusterInfoSchema().load(dict(saved, ranks=[[5, 1]]))
