"""The Thicket bridge on literal Thicket objects: one row per node, model / change points / classes /
verdict columns, Thicket's own Modeling as the reference for the default modeler, per-rank and
Min/Avg/Max data, bad arguments. Skipped when llnl-thicket is not installed (extra ``[thicket]``)."""
from __future__ import annotations

import math

import numpy as np
import pytest

thicket = pytest.importorskip("thicket", reason='needs pip install "extrap-segmented[thicket]"')
pd = pytest.importorskip("pandas")

from extrap_segmented.adapters.thicket.bridge import model_thicket, thicket_series  # noqa: E402
from extrap_segmented.exceptions import InvalidInputError  # noqa: E402

POINTS = (8, 16, 32, 64, 128, 256, 512)


def _gather(p: int) -> float:
    """A collective that is linear up to 32 ranks and logarithmic from 64 on."""
    return 2e-5 * p + 1e-4 if p < 64 else 4e-4 * math.log2(p) - 1.0e-3


def _literal(p: int, repetition: int = 0) -> list:
    noise = 1 + 0.001 * repetition
    solve, gather = 1.0 + 0.1 * math.log2(p), _gather(p)
    minimum, maximum = 0.2 * noise, (0.2 + 0.05 * math.log2(p)) * noise
    return [{"frame": {"name": "main", "type": "function"},
             "metrics": {"Avg time/rank": (solve + gather + 0.3) * noise, "Min time/rank": 0.9 * (solve + gather),
                         "Max time/rank": 1.1 * (solve + gather + 0.3), "p_copy": float(p + repetition / 10)},
             "children": [
                 {"frame": {"name": "solve", "type": "function"},
                  "metrics": {"Avg time/rank": solve * noise, "Min time/rank": 0.95 * solve * noise,
                              "Max time/rank": 1.05 * solve * noise, "p_copy": float(p)}, "children": []},
                 {"frame": {"name": "MPI_Gather", "type": "function"},
                  "metrics": {"Avg time/rank": gather * noise, "Min time/rank": gather * 0.5 * noise,
                              "Max time/rank": gather * 3 * noise, "p_copy": float(p)}, "children": []},
                 {"frame": {"name": "MPI_Allreduce", "type": "function"},
                  "metrics": {"Avg time/rank": 0.3 * noise, "Min time/rank": minimum,
                              "Max time/rank": maximum, "p_copy": float(p)}, "children": []}]}]


def _ensemble(repetitions: int = 1, points=POINTS):
    parts = []
    for p in points:
        for r in range(repetitions):
            tk = thicket.Thicket.from_literal(_literal(p, r))
            # a literal Thicket has an empty metadata table: one row per profile, as a reader makes it
            tk.metadata = pd.DataFrame({"jobsize": [p], "label": ["run"]}, index=pd.Index(tk.profile, name="profile"))
            parts.append(tk)
    ensemble = thicket.Thicket.concat_thickets(parts, disable_tqdm=True)
    ensemble.exc_metrics = ["Avg time/rank", "Min time/rank", "Max time/rank"]
    return ensemble


def _row(frame, name):
    return frame[[n.frame["name"] == name for n in frame.index]].iloc[0]


def test_default_modeler_gives_thickets_own_models_one_row_per_node():
    from thicket.model_extrap import Modeling
    tk = _ensemble()
    ours = model_thicket(tk, "jobsize", modeler="default", metrics=["Avg time/rank"], imbalance=False)
    assert list(ours.index) == list(tk.statsframe.dataframe.index)
    reference = _ensemble()
    Modeling(reference, "jobsize", chosen_metrics=["Avg time/rank"]).produce_models(add_stats=False)
    for node in ours.index:
        theirs = reference.statsframe.dataframe.at[
            next(n for n in reference.statsframe.dataframe.index if n.frame == node.frame), "Avg time/rank_extrap-model"]
        mine = ours.at[node, "Avg time/rank_extrap"]
        for p in (8.0, 100.0, 4096.0):
            assert mine.hypothesis.function.evaluate(p) == pytest.approx(theirs.mdl.hypothesis.function.evaluate(p),
                                                                          rel=1e-9)
    assert ours.columns.tolist()[:9] == ["Avg time/rank_" + f for f in (
        "model", "change_points", "n_classes", "classes", "verdict", "AR2", "RSS", "SMAPE", "extrap")]


def test_segmented_clustered_and_expectation_results_as_columns():
    tk = _ensemble(repetitions=2)
    segmented = model_thicket(tk, "jobsize", modeler="segmented", metrics=["Avg time/rank"])
    gather = _row(segmented, "MPI_Gather")
    assert gather["Avg time/rank_change_points"] == [(32.0, 64.0)]
    assert "log2(jobsize)" in gather["Avg time/rank_model"] and "jobsize<=32" in gather["Avg time/rank_model"]
    assert _row(segmented, "solve")["Avg time/rank_change_points"] == []
    # Min/Avg/Max per rank came along: the imbalance metric is modeled too
    allreduce = _row(segmented, "MPI_Allreduce")
    imbalance = allreduce["Imbalance time/rank (max/avg)_extrap"]
    assert imbalance.hypothesis.function.evaluate(512.0) > imbalance.hypothesis.function.evaluate(8.0)

    clustered = model_thicket(tk, "jobsize", modeler="clustered", metrics=["Avg time/rank"])
    row = _row(clustered, "MPI_Gather")
    assert "slowest rank (max)" in row["Avg time/rank_classes"] and row["Avg time/rank_n_classes"] >= 2
    assert _row(clustered, "solve")["Avg time/rank_n_classes"] == 1       # max/min within 10 %: balanced

    expected = model_thicket(tk, "jobsize", modeler="expectation", metrics=["Avg time/rank"],
                             options={"expectation": "O(log jobsize)"}, imbalance=False)
    assert _row(expected, "solve")["Avg time/rank_verdict"] == "match"
    assert _row(expected, "MPI_Allreduce")["Avg time/rank_verdict"] != "match"   # constant, not log p


def test_per_rank_thicket_gives_classes_of_ranks():
    tk = _ensemble(points=(16, 36, 64, 144, 256))
    rows = []
    for (node, profile), values in tk.dataframe.iterrows():
        p = int(tk.metadata.at[profile, "jobsize"])
        side = int(round(math.sqrt(p)))
        for rank in range(p):
            row, col = divmod(rank, side)
            boundary = (row in (0, side - 1)) + (col in (0, side - 1))
            rows.append({"node": node, "profile": profile, "rank": rank, "name": values["name"],
                         "time": values["Avg time/rank"] * (1 + 0.4 * boundary)})
    frame = pd.DataFrame(rows).set_index(["node", "profile", "rank"])
    ranks = thicket.Thicket(graph=tk.graph, dataframe=frame, exc_metrics=["time"], inc_metrics=[],
                            metadata=tk.metadata, profile=tk.profile, profile_mapping=tk.profile_mapping)
    series, nodes = thicket_series(ranks, "jobsize")
    assert [len(r) for r in series.ranks] == [16, 36, 64, 144, 256]
    result = model_thicket(ranks, "jobsize", modeler="clustered", into_statsframe=True)
    solve = _row(result, "solve")
    assert solve["time_n_classes"] == 3 and "C3: 4 ranks" in solve["time_classes"]
    assert "Imbalance time (max/avg)_model" in result.columns
    assert "time_classes" in ranks.statsframe.dataframe.columns        # joined into the statsframe


def test_repetitions_and_kernels_missing_at_some_points():
    tk = _ensemble(repetitions=3)
    series, _ = thicket_series(tk, "jobsize")
    assert series.array("Avg time/rank", 0).shape == (4, 3, 1)
    # a node measured only from 64 ranks on is modeled on those points, as Thicket's Modeling does
    frame = tk.dataframe
    gather = [n for n in frame.index.get_level_values(0) if n.frame["name"] == "MPI_Gather"][0]
    small = [prof for prof in tk.metadata.index if tk.metadata.at[prof, "jobsize"] < 64]
    for prof in small:
        frame.loc[(gather, prof), "Avg time/rank"] = np.nan
    result = model_thicket(tk, "jobsize", metrics=["Avg time/rank"], imbalance=False)
    model = _row(result, "MPI_Gather")["Avg time/rank_extrap"]
    assert [m.coordinate[0] for m in model.measurements] == [64.0, 128.0, 256.0, 512.0]
    assert "log2(jobsize)" in _row(result, "MPI_Gather")["Avg time/rank_model"]


def test_bad_arguments_name_what_is_wrong():
    tk = _ensemble()
    with pytest.raises(InvalidInputError, match="metadata has no column 'cores'"):
        model_thicket(tk, "cores")
    with pytest.raises(InvalidInputError, match="label='run' is not a number"):
        model_thicket(tk, "label")
    with pytest.raises(InvalidInputError, match="no metric column 'time'"):
        model_thicket(tk, "jobsize", metrics=["time"])
    with pytest.raises(InvalidInputError, match="has no option 'window'"):
        model_thicket(tk, "jobsize", modeler="segmented", metrics=["Avg time/rank"], options={"window": 3})
    one = _ensemble(points=(64,))
    with pytest.raises(InvalidInputError, match="single value"):
        model_thicket(one, "jobsize")


def test_params_by_profile_as_thickets_modeling_takes_them():
    tk = _ensemble()
    params = {prof: float(tk.metadata.at[prof, "jobsize"]) * 2 for prof in tk.metadata.index}
    result = model_thicket(tk, "cores", params=params, metrics=["Avg time/rank"], imbalance=False)
    model = _row(result, "solve")["Avg time/rank_extrap"]
    assert [m.coordinate[0] for m in model.measurements] == [2.0 * p for p in POINTS]
    assert "cores" in _row(result, "solve")["Avg time/rank_model"]
