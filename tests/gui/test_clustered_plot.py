"""Clustered in the kernel plot: one curve per class over the configurations its model was fitted
on, the class that is the kernel's model named, each class's curve can be hidden."""
from __future__ import annotations

import numpy as np
import pytest

import gui_helpers  # noqa: F401 - sets QT_QPA_PLATFORM before pytest-qt makes the QApplication

pytestmark = pytest.mark.gui

P = (8, 16, 32, 64, 128, 256, 512, 1024)


def _clustered_model():
    from extrap.entities.callpath import Callpath
    from extrap.entities.coordinate import Coordinate
    from extrap.entities.functions import ConstantFunction, SingleParameterFunction
    from extrap.entities.hypotheses import SingleParameterHypothesis, ConstantHypothesis
    from extrap.entities.measurement import Measure, Measurement
    from extrap.entities.metric import Metric
    from extrap.entities.model import Model
    from extrap.entities.terms import CompoundTerm, SimpleTerm
    from extrap_segmented.adapters.clustering.models import ClusterInfo, ClusteredModel

    def model(function, ps, values):
        result = Model(SingleParameterHypothesis(function, Measure.MEAN))
        result.measurements = [Measurement(Coordinate(p), Callpath("k"), Metric("time"), [v]) for p, v in zip(ps, values)]
        return result
    term = CompoundTerm(SimpleTerm("polynomial", 1))
    term.coefficient = 0.01
    linear = SingleParameterFunction(term)
    late = P[3:]  # the class exists only from p = 64 on
    workers = ClusterInfo("C1", model(ConstantFunction(1.0), P, [1.0] * 8), coordinates=[(p,) for p in P],
                          values=[1.0] * 8, ranks=range(1, 1024))
    root = ClusterInfo("C2", model(linear, late, [0.01 * p for p in late]), coordinates=[(p,) for p in late],
                       values=[0.01 * p for p in late], ranks=[0])
    kernel = ClusteredModel(SingleParameterHypothesis(linear, Measure.MEAN), [workers, root], "C2")
    measurements = [Measurement(Coordinate(p), Callpath("k"), Metric("time"), [1.0, 0.01 * p]) for p in P]
    return kernel, measurements


def test_each_class_is_drawn_over_its_fitted_range_and_the_kernels_class_is_named(qtbot):
    from extrap_segmented.adapters.gui.plot import KernelPlotDialog
    kernel, measurements = _clustered_model()
    dialog = KernelPlotDialog(None, kernel, measurements, "p", "time", "k")
    qtbot.addWidget(dialog)
    assert [(s.first, s.last) for s in dialog.curves.segments] == [(8, 1024), (64, 1024)]
    axes = dialog.canvas.figure.axes[0]
    curves = {line.get_gid(): line for line in axes.get_lines() if (line.get_gid() or "").startswith("curve-")}
    assert np.isclose(min(curves["curve-1"].get_xdata()), 64)  # not extrapolated down to p = 8
    assert curves["curve-1"].get_label().startswith("class C2 = the kernel's model (slowest class), ranks 0:\n")
    assert curves["curve-0"].get_label().startswith("class C1, ranks 1,2,3,4,5,6,… (1023):\n")
    assert [t.text() for t in dialog.curve_toggles] == ["Show class C1", "Show class C2"]
    assert dialog.curves.changes() == [] and not axes.texts  # classes are no segments: no change marked
    dialog.curve_toggles[0].setChecked(False)
    hidden = [l for l in dialog.canvas.figure.axes[0].get_lines() if l.get_gid() in ("curve-0", "points-0")]
    assert hidden and not any(l.get_visible() for l in hidden)


def test_caliper_rank_summary_rows_are_drawn_as_the_three_statistics(qtbot, fixtures_dir):
    """Caliper's Min/Avg/Max per rank: one curve per statistic, named as such (no classes)."""
    import warnings
    from extrap.entities.callpath import Callpath
    from extrap.entities.metric import Metric
    from extrap.modelers.model_generator import ModelGenerator
    from extrap_segmented.adapters.caliper.reader import CaliperFileReader
    from extrap_segmented.adapters.gui.plot import KernelPlotDialog
    from gui_helpers import overlapping_texts
    experiment = CaliperFileReader().read_experiment(str(fixtures_dir / "caliper" / "imbalance-p"))
    generator = ModelGenerator(experiment, modeler="clustered")
    generator.modeler.jobs = 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        generator.model_all()
    key = (Callpath("main->cycle->reaction"), Metric("Avg time/rank"))
    dialog = KernelPlotDialog(None, generator.models[key], experiment.measurements[key],
                              [str(p) for p in experiment.parameters], "Avg time/rank", "main->cycle->reaction")
    qtbot.addWidget(dialog)
    assert [t.text() for t in dialog.curve_toggles] == ["Show slowest rank (max)", "Show average (avg)",
                                                        "Show fastest rank (min)"]
    curves = {line.get_gid(): line for line in dialog.canvas.figure.axes[0].get_lines()
              if (line.get_gid() or "").startswith("curve-")}
    assert len(curves) == 3
    assert curves["curve-0"].get_label().startswith("slowest rank (max) = the kernel's model:\n")
    maximum, average, minimum = (np.asarray(curves[f"curve-{i}"].get_ydata()) for i in range(3))
    assert np.all(maximum >= average - 1e-12) and np.all(average >= minimum - 1e-12)
    assert overlapping_texts(dialog.canvas.figure) == []
