"""Expectation in the kernel plot: the points the verdict was fitted to, the model, the expected band
(the expectation between its deviation limits, scaled to the data) and the verdict in words."""
from __future__ import annotations

import numpy as np
import pytest

from gui_helpers import expand_options, extrap_window, generate, select_callpath, select_modeler  # noqa: F401

pytestmark = pytest.mark.gui

ROWS = {"MPI_Barrier": 0, "Bcast_BT": 7}  # rows of the call tree (the fixture's order)


def _validated(path, kernel, expectation):
    """The validation of one kernel from the fixture's text (the median of each point's repetitions,
    what Extra-P's text reader keeps), without the modeler or the plot."""
    from extrap_segmented.expectations.validation import validate_series
    lines = path.read_text().splitlines()
    points = [float(v) for v in lines[1].split()[1:]]
    start = lines.index(f"REGION {kernel}") + 2
    medians = [np.median([float(v) for v in line.split()[1:]]) for line in lines[start:start + len(points)]]
    return validate_series(np.array(points), np.array(medians), expectation)


def _band_at(collection, p):
    """(low, high) of a fill_between collection at parameter value ``p`` (one of its vertices)."""
    vertices = np.concatenate([path.vertices for path in collection.get_paths()])
    at = vertices[np.isclose(vertices[:, 0], p), 1]
    assert at.size >= 2, f"no band vertices at {p}"
    return float(at.min()), float(at.max())


@pytest.mark.parametrize("kernel, verdict", [("MPI_Barrier", "no match"), ("Bcast_BT", "match")])
def test_expectation_kernel_plot_draws_the_expected_band(qtbot, extrap_window, fixtures_dir, kernel, verdict):
    from extrap_segmented.adapters.gui.plot import open_kernel_plot
    window = extrap_window(["--text", fixtures_dir / "series" / "mpi_collectives.txt"])
    select_modeler(window, "Expectation")
    expand_options(qtbot, window).options.widgets_of("expectation")[-1].setText("O(log p)")
    generate(window, "Expectation", "expect log p")
    select_callpath(window, ROWS[kernel])
    dialog = open_kernel_plot(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == f"Kernel plot: {kernel}"

    result = _validated(fixtures_dir / "series" / "mpi_collectives.txt", kernel, "O(log p)")
    assert result.verdict == verdict

    axes = dialog.canvas.figure.axes[0]
    # the verdict in words in the title
    assert f"Verdict: {verdict} (expected O(log p)" in " ".join(axes.get_title().split())  # wrapped to the axes
    # measured points: the medians of the repetitions (the modeler's aggregation), as the verdict saw them
    points, = [line for line in axes.get_lines() if line.get_label() == "measured (median)"]
    assert np.allclose(points.get_xdata(), result.x) and np.allclose(points.get_ydata(), result.y)
    # the fitted model
    model, = [line for line in axes.get_lines() if line.get_label().startswith("model: ")]
    assert np.allclose(model.get_ydata(), result.model.evaluate(model.get_xdata()), rtol=1e-9)
    # the band: E/D … E·D through the model at the geometric middle of the measured range, sharing its constant
    band, = [c for c in axes.collections if c.get_gid() == "expected-band"]
    assert "deviation limits O(log^0.5 p) … O(log^1.5 p)" in band.get_label()
    c0 = 0.0 if result.model.is_constant else result.model.constant
    anchor = np.sqrt(8 * 4096)
    through = result.model.evaluate(np.array([anchor]))[0]
    for p in (16, 64, 1024):
        by_hand = [c0 + (through - c0) * term.evaluate(np.array([p]))[0] / term.evaluate(np.array([anchor]))[0]
                   for term in (result.limits.lower, result.limits.upper)]
        assert np.allclose(_band_at(band, p), sorted(by_hand), rtol=1e-9), (p, _band_at(band, p), by_hand)
    low, high = _band_at(band, 4096)
    assert high > low  # a band, not a line
    expectation, = [line for line in axes.get_lines() if line.get_gid() == "expectation"]
    assert expectation.get_label() == "expectation O(log p) (scaled)"
    # the fitted model leaves the band exactly when the verdict says it grows outside the limits
    at_end = result.model.evaluate(np.array([4096.0]))[0]
    assert (low <= at_end <= high) == (verdict != "no match"), (low, at_end, high)
    print(f"\n{kernel}: {verdict}; band at p=64 {_band_at(band, 64)}, at p=4096 {(low, high)}, model {at_end:.4g}")


def test_band_without_exact_terms_and_kernels_not_validated(tmp_path, fixtures_dir):
    """Rows saved before the exact terms were stored give the same band; a kernel that could not be
    validated shows its points, its constant model and the reason, without a band."""
    import warnings
    from extrap.fileio.file_reader.text_file_reader import TextFileReader
    from extrap.modelers.model_generator import ModelGenerator
    from extrap_segmented.adapters.expectations.modeler import ExpectationModeler
    from extrap_segmented.adapters.gui.plot import kernel_curves

    def modeled(path):
        experiment = TextFileReader().read_experiment(str(path))
        modeler = ExpectationModeler()
        modeler.expectation, modeler.jobs = "O(log p)", 1
        generator = ModelGenerator(experiment, modeler=modeler)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            generator.model_all()
        (key, model), *_ = generator.models.items()
        return model, experiment.measurements[key]

    model, measurements = modeled(fixtures_dir / "series" / "mpi_collectives.txt")
    exact = kernel_curves(model, measurements)
    for key in ("expectation_exact", "deviation_limits_exact", "aggregation"):
        del model.validation[key]
    older = kernel_curves(model, measurements)
    assert np.allclose(older.band.low, exact.band.low) and np.allclose(older.band.high, exact.band.high)
    assert older.measure == "median" and np.allclose(older.y, exact.y)

    short = tmp_path / "short.txt"
    short.write_text("PARAMETER p\nPOINTS 2 4 8\n\nREGION r\nMETRIC time\nDATA 1\nDATA 2\nDATA 3\n")
    model, measurements = modeled(short)
    curves = kernel_curves(model, measurements)
    assert curves.band is None and curves.verdict.startswith("Verdict: not validated (expected O(log p)")
    assert len(curves.segments) == 1 and curves.segments[0].function.evaluate(4.0) == pytest.approx(2.0)
