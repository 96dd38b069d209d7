"""The "Segmented" Extra-P modeler: equality with Extra-P, bad kernels, annotations, saving, CLI."""
import contextlib
import io
import math
import warnings

import numpy as np
import pytest

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.experiment import Experiment
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric
from extrap.entities.model import SegmentedModel
from extrap.entities.parameter import Parameter
from extrap.fileio import experiment_io
from extrap.modelers.model_generator import ModelGenerator
from extrap.modelers.single_parameter.basic import SingleParameterModeler

from extrap_segmented.adapters.segmentation.modeler import (MultiSegmentModel, SegmentationAnnotation,
                                                         SegmentationWarning, SegmentedChangePointModeler)
from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.pmnf.terms import DEFAULT_EXPONENTS
from extrap_segmented.segmentation.synthetic import make_series, paper_example


def _measurements(x, y, callpath="kernel", reps=None):
    cp, metric = Callpath(callpath), Metric("time")
    return [Measurement(Coordinate(float(a)), cp, metric, [float(v) for v in r] if reps is not None else [float(b)])
            for a, b, r in zip(x, y if y is not None else [None] * len(x), reps if reps is not None else [None] * len(x))]


def _experiment(series_by_callpath):
    experiment = Experiment()
    experiment.add_parameter(Parameter("p"))
    metric = Metric("time")
    experiment.add_metric(metric)
    for name, (x, y) in series_by_callpath.items():
        cp = Callpath(name)
        experiment.add_callpath(cp)
        for a in x:
            if Coordinate(float(a)) not in experiment.coordinates:
                experiment.add_coordinate(Coordinate(float(a)))
        experiment.measurements[(cp, metric)] = _measurements(x, y, name)
    experiment.call_tree = None
    return experiment


def _same(a, b):
    fa, fb = a.hypothesis.function, b.hypothesis.function
    close = lambda u, v: u == v or abs(u - v) <= 1e-6 * max(abs(u), abs(v))  # noqa: E731
    return (type(fa) is type(fb) and len(fa.compound_terms) == len(fb.compound_terms)
            and close(fa.constant_coefficient, fb.constant_coefficient)
            and all(ta.simple_terms == tb.simple_terms and close(ta.coefficient, tb.coefficient)
                    for ta, tb in zip(fa.compound_terms, fb.compound_terms)))


def _read_real(path, keep_values=False):
    """The measurements of the one kernel of an Extra-P text file, read as ``extrap --text`` does."""
    from extrap.fileio.file_reader.text_file_reader import TextFileReader

    reader = TextFileReader()
    reader.keep_values = keep_values
    return next(iter(reader.read_experiment(str(path)).measurements.values()))


def _changing_points(measurements):
    """The sizes on both sides of each change the segmented modeler reports (warnings ignored)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = SegmentedChangePointModeler().create_model(measurements)
    return [m.coordinate[0] for m in getattr(model, "changing_points", [])]

def test_default_building_blocks_match_core_copy():
    blocks = SingleParameterModeler.create_default_building_blocks(True)
    assert np.array_equal(SegmentedChangePointModeler()._exponents(), DEFAULT_EXPONENTS)
    assert len(blocks) == len(DEFAULT_EXPONENTS)


@pytest.mark.parametrize("seed", range(12))
def test_unsegmented_equals_extrap_default_modeler(seed):
    series = make_series(10, layout=("linear", "pow2")[seed % 2], noise=(0, 0.02, 0.05)[seed % 3], seed=seed)
    data = _measurements(series.x, series.y)
    ours = SegmentedChangePointModeler().create_model(data)
    assert not isinstance(ours, SegmentedModel)
    assert _same(ours, SingleParameterModeler().create_model(data))


def test_options_are_honoured_like_extrap():
    series = make_series(10, layout="linear", noise=0.05, seed=3)
    data = _measurements(series.x, series.y)
    for option, value in [("use_crossvalidation", False), ("allow_log_terms", False), ("compare_with_RSS", True),
                          ("poly_exponents", "1,2")]:
        ours, basic = SegmentedChangePointModeler(), SingleParameterModeler()
        setattr(ours, option, value)
        setattr(basic, option, value)
        assert _same(ours.create_model(data), basic.create_model(data)), option


def test_paper_example_returns_extrap_segmented_model():
    s = paper_example()
    model = SegmentedChangePointModeler().create_model(_measurements(s.x, s.y))
    assert type(model) is SegmentedModel
    assert [m.coordinate[0] for m in model.changing_points] == [6.0]
    left, right = (m.hypothesis.function for m in model.segment_models)
    assert left.evaluate(3.0) == pytest.approx(9) and right.evaluate(8.0) == pytest.approx(38)
    assert "change at p=6" in model.annotations[0].content()


def test_short_segment_warns_and_annotates_suggestions():
    x = 2.0 ** np.arange(1, 9)
    y = np.where(np.arange(8) < 5, 50 + x, 0.01 * x ** 3)
    with pytest.warns(SegmentationWarning, match=r"segment 2 .* has only 3 points.*measure next at p=91, p=181"):
        model = SegmentedChangePointModeler().create_model(_measurements(x, y, "short"))
    annotation = model.annotations[0]
    assert isinstance(annotation, SegmentationAnnotation) and annotation.suggestions == [91.0, 181.0]


def test_fewer_than_six_points_ordinary_model_with_warning():
    x = np.arange(1, 6.0)
    data = _measurements(x, 2 * x ** 2, "tiny")
    with pytest.warns(SegmentationWarning, match="tiny.*only 5 points"):
        model = SegmentedChangePointModeler().create_model(data)
    assert _same(model, SingleParameterModeler().create_model(data))
    assert "only 5 points" in model.annotations[0].title()


def test_nan_kernel_warns_with_call_path_and_others_are_modeled():
    x = np.arange(1, 11.0)
    bad = 3 * x
    bad[2] = math.nan
    experiment = _experiment({"good": (x, 3 * x + 1), "broken": (x, bad)})
    generator = ModelGenerator(experiment, modeler=SegmentedChangePointModeler())
    with pytest.warns(SegmentationWarning, match=r"broken \[time\]: value nan at p=3.0 is not finite"):
        generator.model_all()
    models = {cp.name: m for (cp, _), m in generator.models.items()}
    assert models["good"].hypothesis.function.evaluate(4.0) == pytest.approx(13)
    assert models["broken"].hypothesis.function.evaluate(4.0) == pytest.approx(12)
    assert "modeled the finite points only" in models["broken"].annotations[0].content()


def test_repetitions_use_the_revealed_noise():
    x = np.arange(1, 11.0)
    rng = np.random.default_rng(0)
    base = np.where(x <= 5, 100 + x, 112 + x)
    reps = [b * (1 + rng.uniform(-0.3, 0.3, 5)) for b in base]
    noisy = SegmentedChangePointModeler().create_model(_measurements(x, [np.mean(r) for r in reps], reps=reps))
    assert not isinstance(noisy, SegmentedModel)
    clean = SegmentedChangePointModeler().create_model(_measurements(x, base, reps=[[b, b] for b in base]))
    assert isinstance(clean, SegmentedModel)


def test_repetitions_with_low_noise_reveal_a_small_change():
    # a 3 % step at 0.5 % noise: unseen with one value per point (6 % limit), found with 5 repetitions
    x = 2.0 ** np.arange(1, 11)
    rng = np.random.default_rng(4)
    base = np.where(x <= 32, 50 + 2 * x, (50 + 2 * x) * 1.03)
    reps = [b * (1 + rng.uniform(-0.005, 0.005, 5)) for b in base]
    single = SegmentedChangePointModeler().create_model(_measurements(x, [r[0] for r in reps]))
    assert not isinstance(single, SegmentedModel)
    model = SegmentedChangePointModeler().create_model(_measurements(x, None, reps=reps))
    assert isinstance(model, SegmentedModel)
    assert [m.coordinate[0] for m in model.changing_points] == [32.0, 64.0]


def test_small_event_counts_are_not_segmented():
    # the real-data false alarm: a hardware counter whose counts are 0, 1 or 2 – a one-count step
    # is a 100 % relative "change" but no more than the counting noise
    x = 2.0 ** np.arange(3, 13)
    counts = [1, 1, 1, 1, 1, 2, 2, 2, 2, 2]
    assert not isinstance(SegmentedChangePointModeler().create_model(_measurements(x, counts)), SegmentedModel)
    told = SegmentedChangePointModeler()
    told.quantisation_steps = 0.0
    assert isinstance(told.create_model(_measurements(x, counts)), SegmentedModel)
    # with repetitions of 0, 1 and 2 counts
    reps = [[1, 0, 1], [1, 1, 0], [1, 1, 1], [0, 1, 1], [1, 0, 1], [2, 1, 2], [2, 2, 1], [1, 2, 2], [2, 2, 2],
            [2, 1, 2]]
    assert not isinstance(SegmentedChangePointModeler().create_model(_measurements(x, None, reps=reps)),
                          SegmentedModel)
    # the same step on thousands of events is a change
    large = [1000 * v + 1000 for v in counts]
    assert isinstance(SegmentedChangePointModeler().create_model(_measurements(x, large)), SegmentedModel)


def test_save_and_reload_segmented_models(tmp_path):
    s = paper_example()
    x = np.arange(1, 19.0)
    three = np.select([x <= 6, x <= 12], [5 + x, 400 + x ** 2], 20 * x ** 1.5)
    short_x = 2.0 ** np.arange(1, 9)
    short_y = np.where(np.arange(8) < 5, 50 + short_x, 0.01 * short_x ** 3)
    experiment = _experiment({"paper": (s.x, s.y), "three": (x, three), "short": (short_x, short_y)})
    generator = ModelGenerator(experiment, modeler=SegmentedChangePointModeler())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        generator.model_all()
    models = {cp.name: m for (cp, _), m in generator.models.items()}
    assert type(models["three"]) is MultiSegmentModel and len(models["three"].segment_models) == 3
    path = tmp_path / "segmented.extra-p"
    experiment_io.write_experiment(experiment, str(path))
    loaded = experiment_io.read_experiment(str(path))
    reloaded = {cp.name: m for (cp, _), m in loaded.modelers[0].models.items()}
    for name in models:
        assert type(reloaded[name]) is type(models[name])
        grid = np.array([1.5, 4.0, 7.0, 16.0])
        np.testing.assert_allclose(reloaded[name].hypothesis.function.evaluate(grid),
                                   models[name].hypothesis.function.evaluate(grid))
        assert reloaded[name].annotations == models[name].annotations
    assert loaded.modelers[0].modeler.mode == "trend"


def test_multi_parameter_modeler_with_segmented_single_parameter_modeler():
    from extrap.modelers.multi_parameter.multi_parameter_modeler import MultiParameterModeler
    experiment = Experiment()
    for name in ("p", "q"):
        experiment.add_parameter(Parameter(name))
    metric, cp = Metric("time"), Callpath("mp")
    experiment.add_metric(metric)
    experiment.add_callpath(cp)
    data = []
    for p in range(1, 11):
        for q in (1, 2, 3, 4, 5):
            value = (p ** 2 if p <= 5 else 30 + p) * q
            data.append(Measurement(Coordinate(float(p), float(q)), cp, metric, [float(value)]))
            experiment.add_coordinate(Coordinate(float(p), float(q)))
    experiment.measurements[(cp, metric)] = data
    modeler = MultiParameterModeler()
    modeler.single_parameter_modeler = SegmentedChangePointModeler()
    generator = ModelGenerator(experiment, modeler=modeler)
    generator.model_all()
    model = next(iter(generator.models.values()))
    assert np.isfinite(model.hypothesis.function.evaluate((3.0, 2.0)))


def test_cli_text_file_uses_segmented_modeler(tmp_path):
    import extrap_segmented
    from extrap.extrap import extrapcmd
    extrap_segmented.activate()
    s = paper_example()
    text = tmp_path / "seg.txt"
    text.write_text("PARAMETER p\nPOINTS " + " ".join(f"{v:g}" for v in s.x) + "\nREGION kernel\nMETRIC time\n"
                    + "".join(f"DATA {v:g}\n" for v in s.y))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        extrapcmd.main(["--text", str(text), "--modeler", "segmented", "--disable-progress"])
    assert "for p<=6.0" in out.getvalue() and "for p>=6.0" in out.getvalue()


def test_smooth_function_outside_search_space_gets_the_basic_model_and_option_turns_check_off():
    x = 2.0 ** np.arange(1, 11)
    y = 88 + 1.77 * x ** 2.101 * (1 + np.random.default_rng(0).uniform(-0.05, 0.05, 10))
    data = _measurements(x, y, "smooth")
    ours = SegmentedChangePointModeler().create_model(data)
    assert not isinstance(ours, SegmentedModel)
    assert _same(ours, SingleParameterModeler().create_model(data))
    plain_test = SegmentedChangePointModeler()
    plain_test.compare_smooth = False
    assert isinstance(plain_test.create_model(data), SegmentedModel)


def test_help_lists_the_smooth_comparison_options():
    import extrap_segmented
    from extrap.extrap import extrapcmd
    extrap_segmented.activate()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        extrapcmd.main(["--help-modeler", "segmented"])
    assert "compare_smooth" in out.getvalue() and "smooth_error_ratio" in out.getvalue()


# -- the modeler builds the core detection classes from its unchanged options ----------------------

from extrap_segmented.segmentation.significance import NOISE_FACTOR  # noqa: E402

from extrap_segmented.segmentation.trend import F_LIMIT, MIN_RELATIVE_CHANGE, NOISE_FLOOR  # noqa: E402

OPTION_DEFAULTS = {"mode": "trend", "trend_f_limit": F_LIMIT, "noise_floor": NOISE_FLOOR,
                   "min_relative_change": MIN_RELATIVE_CHANGE, "flat_steps": 1, "window_size": 5, "theta": 0.5, "nrss_band_low": 0.1, "nrss_band_high": 0.5,
                   "epsilon_limit": 4.0, "max_change_points": 2, "min_segment_size": 3, "min_relative_error": 0.06,
                   "noise_factor": NOISE_FACTOR, "quantisation_steps": 1.0, "f_limit": 10.0, "compare_smooth": True, "smooth_error_ratio": 0.5, "reliable_segment_points": 5}


def test_segmentation_options_and_defaults_unchanged():
    modeler = SegmentedChangePointModeler()
    for name, default in OPTION_DEFAULTS.items():
        assert getattr(modeler, name) == default, name
    group = SegmentedChangePointModeler.OPTIONS["Change-point detection"]
    declared = {option.field: option.value for option in group.options}
    assert declared == OPTION_DEFAULTS


def test_modeler_builds_the_detection_class_of_its_mode_with_its_options():
    from extrap_segmented.segmentation.paper import PaperWindowSearch
    from extrap_segmented.segmentation.significance import SignificanceSearch

    from extrap_segmented.segmentation.trend import TrendBreakSearch

    modeler = SegmentedChangePointModeler()
    modeler.trend_f_limit, modeler.noise_floor, modeler.min_relative_change = 30.0, 0.01, 0.05
    modeler.flat_steps = 0
    trend = modeler._searcher()
    assert type(trend) is TrendBreakSearch
    assert (trend.f_limit, trend.noise_floor, trend.min_relative_change, trend.max_change_points,
            trend.flat_steps) == (30.0, 0.01, 0.05, 2, 0)
    modeler.mode = "test"
    modeler.f_limit, modeler.window_size, modeler.compare_smooth = 20.0, 6, False
    test = modeler._searcher()
    assert type(test) is SignificanceSearch
    assert (test.f_limit, test.window, test.compare_smooth, test.noise_factor) == (20.0, 6, False, NOISE_FACTOR)
    modeler.mode, modeler.theta, modeler.nrss_band_low, modeler.nrss_band_high = "paper", 0.7, 0.2, 0.6
    paper = modeler._searcher()
    assert type(paper) is PaperWindowSearch
    assert (paper.theta, paper.nrss_band, paper.window) == (0.7, (0.2, 0.6), 6)
    modeler.mode = "magic"
    with pytest.raises(InvalidInputError, match="mode must be one of trend, test, paper, got 'magic'"):
        modeler._searcher()


def test_modeler_result_equals_the_core_search_of_each_mode():
    from extrap_segmented.segmentation.search import ChangePointSearch

    x = np.arange(1, 13.0)
    y = np.where(x <= 6, 10 + x, 2 * x ** 2)
    for mode in ("test", "paper"):
        modeler = SegmentedChangePointModeler()
        modeler.mode = mode
        model = modeler.create_model(_measurements(x, y))
        (b, _), = ChangePointSearch(mode=mode).fit(x, y).segments()[1:]  # second segment starts at b
        assert type(model) is SegmentedModel
        assert [m.coordinate[0] for m in model.changing_points][-1] == x[b]


def test_reliable_segment_points_option_controls_the_warning():
    x = 2.0 ** np.arange(1, 9)
    y = np.where(np.arange(8) < 5, 50 + x, 0.01 * x ** 3)
    modeler = SegmentedChangePointModeler()
    modeler.reliable_segment_points = 3
    with warnings.catch_warnings():
        warnings.simplefilter("error", SegmentationWarning)  # a 3-point segment is reliable enough now
        model = modeler.create_model(_measurements(x, y, "short"))
    assert model.annotations[0].suggestions == []


def test_messages_and_annotations_use_the_parameters_own_name(tmp_path):
    # through the stock `extrap` command on a text file whose parameter is x
    import subprocess
    import sys
    from pathlib import Path
    x = 2.0 ** np.arange(1, 9)
    y = np.where(np.arange(8) < 5, 50 + x, 0.01 * x ** 3)
    text = tmp_path / "x.txt"
    text.write_text("PARAMETER x\nPOINTS " + " ".join(f"{v:g}" for v in x) + "\nREGION short\nMETRIC time\n"
                    + "".join(f"DATA {v:g}\n" for v in y))
    saved = tmp_path / "x.extra-p"
    extrap = Path(sys.executable).with_name("extrap")
    result = subprocess.run([str(extrap), "--text", str(text), "--modeler", "segmented", "--disable-progress",
                             "--save-experiment", str(saved)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "short [time]: segment 2 (x=64…256) has only 3 points" in result.stderr
    assert "measure next at x=91, x=181" in result.stderr and "p=" not in result.stderr
    assert "for x<=32.0" in result.stdout or "for x<=" in result.stdout
    experiment = experiment_io.read_experiment(str(saved))
    model = next(iter(next(iter(experiment.modelers)).models.values()))
    content = model.annotations[0].content()
    assert "change between x=32 and x=64" in content and "p=" not in content


# -- issue 23, part 4: ties go to the simpler hypothesis -------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=100, deadline=None)
@given(st.floats(1e-3, 1e4), st.integers(6, 12), st.integers(0, 2 ** 31 - 1), st.sampled_from(["trend", "test"]))
def test_flat_series_gets_a_constant_model(level, n, seed, mode):
    """4.14 ± 1 % at p = 100 … 51200, the same repetitions at every point in another order: the
    means differ in their last bits only, and the model is the constant (issue 23 saw
    ``1.18e-30 + 2.22e-15·p³·log₂p`` for such series)."""
    from extrap.entities.functions import ConstantFunction

    rng = np.random.default_rng(seed)
    x = 100 * 2.0 ** np.arange(n)
    repetitions = level * (1 + rng.uniform(-0.01, 0.01, 5))
    modeler = SegmentedChangePointModeler()
    modeler.mode = mode
    model = modeler.create_model(_measurements(x, None, reps=[rng.permutation(repetitions) for _ in x]))
    function = model.hypothesis.function
    assert not isinstance(model, SegmentedModel)
    assert isinstance(function, ConstantFunction) or not function.compound_terms, function
    assert function.evaluate(np.array([x[0], x[-1]])) == pytest.approx(np.mean(repetitions), rel=1e-9)


def _pingpong_with_a_broken_copy(break_runs) -> tuple[list[str], dict]:
    """A real ping-pong sweep (23 sizes, 5 runs) modeled as kernel "clean" and, with
    ``break_runs(runs)`` applied to a copy of its runs, as kernel "broken": the warning lines that
    mention "negative" and the models by kernel name."""
    from pathlib import Path
    lines = (Path(__file__).resolve().parents[3] / "fixtures" / "real" / "mpi" / "idle" / "pingpong_2.txt").read_text()
    x = [float(v) for v in next(line for line in lines.splitlines() if line.startswith("POINTS")).split()[1:]]
    runs = [[float(v) for v in line.split()[1:]] for line in lines.splitlines() if line.startswith("DATA")]
    broken = [list(r) for r in runs]
    break_runs(broken)
    experiment = Experiment()
    experiment.add_parameter(Parameter("n"))
    metric = Metric("time")
    experiment.add_metric(metric)
    for a in x:
        experiment.add_coordinate(Coordinate(a))
    for name, reps in (("clean", runs), ("broken", broken)):
        cp = Callpath(name)
        experiment.add_callpath(cp)
        experiment.measurements[(cp, metric)] = _measurements(x, None, name, reps=reps)
    experiment.call_tree = None
    generator = ModelGenerator(experiment, modeler=SegmentedChangePointModeler())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        generator.model_all()
    # one summary warning for the run: one line per kernel's note
    notes = [line for w in caught for line in str(w.message).splitlines() if "negative" in line]
    return notes, {cp.name: m for (cp, _), m in generator.models.items()}


def test_a_negative_repetition_among_positive_ones_is_named():
    # one run's time at n = 512 gone negative (a clock going back): the point's value stays
    # positive and the detection runs, but the user is told which point holds a measurement
    # error; the clean copy gets no note
    def third_run_at_512_negative(runs):
        runs[9][2] = -runs[9][2]

    notes, models = _pingpong_with_a_broken_copy(third_run_at_512_negative)
    assert len(notes) == 1 and notes[0].startswith("broken [time]: a repetition at n=512 is negative (-"), notes
    assert "1 of 23 points have one" in notes[0], notes
    assert any("is negative" in str(a.content()) for a in models["broken"].annotations)
    assert not any("is negative" in str(a.content()) for a in models["clean"].annotations)
    # the trend detection still judged the series: the same changes as the clean copy
    changes = {name: [float(c.coordinate[0]) for c in models[name].changing_points] for name in models}
    assert changes["broken"] == changes["clean"] and changes["clean"], changes


def test_negative_values_are_named_where_the_trend_detection_would_have_judged():
    # one size's time gone negative in every run (a clock going back): the trend detection judges
    # positive values only; the user is told which point made the significance test decide, and
    # the clean copy gets no such note
    def every_run_at_64_negative(runs):
        runs[6] = [-v for v in runs[6]]

    notes, models = _pingpong_with_a_broken_copy(every_run_at_64_negative)
    assert len(notes) == 1 and notes[0].startswith("broken [time]: value -"), notes
    assert "at n=64 is negative (1 of 23 points)" in notes[0] and "significance test" in notes[0]
    assert any("is negative" in str(a.content()) for a in models["broken"].annotations)
    assert not any("is negative" in str(a.content()) for a in models["clean"].annotations)


def test_summaries_are_aligned_by_rank_on_a_real_sweep(fixtures_dir, monkeypatch):
    # the first example, read as most users read it (Extra-P's text reader, no
    # --keep-values: a summary per size): each repetition of this sweep is one mpirun, and a
    # slow run stays slow at most sizes, so the values aligned by rank show the x1.19 step at
    # 256|512 B that the runs' spread hides from the medians (the growth is found either way)
    from extrap_segmented.adapters.segmentation import modeler as segmented_modeler

    measurements = _read_real(fixtures_dir / "real" / "mpi" / "idle" / "allreduce_2.txt")
    assert all(m.values is None for m in measurements)  # the summary only
    assert _changing_points(measurements) == [256.0, 512.0, 4096.0, 8192.0]
    monkeypatch.setattr(segmented_modeler, "with_ranks_aligned", lambda values, center, noise: (center, noise))
    assert 256.0 not in _changing_points(measurements)


def test_the_ten_largest_sizes_are_judged_on_their_medians_after_the_test(fixtures_dir, monkeypatch):
    # Extra-P's text reader, the summary only: the ten largest sizes of a 4-rank TCP Alltoall whose
    # first run is slow at 8-32 KiB (thirty-sixth real set). Extra-P's means rise into 32 KiB and
    # hide the x2.42 jump at 32|64 KiB that the medians (recovered from the summary) show
    from extrap_segmented.segmentation import trend

    path = fixtures_dir / "real_thirtysixth" / "mpi" / "thirtysixth" / "alltoall_tcp_eager55k_4.txt"
    measurements = sorted(_read_real(path), key=lambda m: m.coordinate[0])[-10:]
    assert all(m.values is None and m.repetitions == 5 for m in measurements)
    assert _changing_points(measurements) == [32768.0, 65536.0]
    monkeypatch.setattr(trend, "MEDIAN_REPETITIONS", 6)  # the means judged, as before
    assert _changing_points(measurements) == []


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_the_segments_between_changes_are_aligned_on_their_own(fixtures_dir, keep_values):
    # the 4-rank Bcast as users read it (Extra-P's text reader): the x1.63 eager switch at
    # 2048|4096 B is found beside the x5.8 jump at 256|512 B once the sizes from 512 B on are
    # aligned by run (kept values) or by rank (summaries) without the sizes before, whose runs
    # lie otherwise
    measurements = _read_real(fixtures_dir / "real" / "mpi" / "idle" / "bcast_4.txt", keep_values)
    assert _changing_points(measurements) == [256.0, 512.0, 2048.0, 4096.0]


def test_a_segment_aligned_on_its_own_shows_a_kink(fixtures_dir, monkeypatch):
    # a 3-rank Sendrecv ring with a 43 KiB eager limit (thirtieth real set), read with
    # --keep-values: after the found step at 256|512 B the series climbs x1.05, x1.07, x1.09 and
    # then switches, x1.81 at 32|64 KiB, into growth that does not steepen (a kink); aligned over the
    # whole sweep it is lost in the runs' spread, in the segment from 512 B aligned on its own it is
    # found (from the summaries, aligned by rank, it is found without the segments)
    from extrap_segmented.adapters.segmentation import modeler as segmented_modeler

    measurements = _read_real(fixtures_dir / "real_thirtieth" / "mpi" / "thirtieth" / "sendrecv_ring_eager43k_3.txt",
                              keep_values=True)
    assert _changing_points(measurements) == [256.0, 512.0, 32768.0, 65536.0]
    monkeypatch.setattr(segmented_modeler, "_repetition_rows", lambda repeated: None)  # no segments aligned
    assert _changing_points(measurements) == [256.0, 512.0]


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_a_fall_inside_growth_is_a_change(fixtures_dir, keep_values, monkeypatch):
    # a loaded 2-rank Allgather with a 62.5 KiB eager limit (forty-first real set) as users read it
    # (Extra-P's text reader): x1.70, x1.77 per doubling into 32 KiB, then x0.55 at 32|64 KiB and
    # x1.62 on from a third of its trend. Without the rule the second place went to the onset of
    # growth at 4|8 KiB (a minor change in its truth table), the fall was no candidate at all
    from extrap_segmented.segmentation import trend

    measurements = _read_real(fixtures_dir / "real_fortyfirst" / "mpi" / "loaded41" / "allgather_eager62k5_2.txt",
                              keep_values)
    assert _changing_points(measurements) == [256.0, 512.0, 32768.0, 65536.0]
    monkeypatch.setattr(trend, "falls", lambda *args: [])
    assert _changing_points(measurements) == [256.0, 512.0, 4096.0, 8192.0]


def _some_sizes(path, folder, chosen):
    """An Extra-P text file of the sweep at ``path`` with the sizes ``chosen`` (a slice), in ``folder``."""
    lines = path.read_text().splitlines()
    points = next(line for line in lines if line.startswith("POINTS")).split()[1:]
    data = [line for line in lines if line.startswith("DATA")]
    kept = [line for line in lines if not line.startswith(("POINTS", "DATA"))]
    out = folder / path.name
    out.write_text("\n".join(kept + ["POINTS " + " ".join(points[chosen])] + data[chosen]) + "\n")
    return out


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_a_double_stair_is_two_changes(fixtures_dir, keep_values, tmp_path, monkeypatch):
    # every other size of a 4-rank linear Allreduce (thirteenth real set) as users read it (Extra-P's
    # text reader): x1.76 at 256|1024 B (the inline-send limit) and x1.69 at 1024|4096 B (the eager
    # switch), level before, between and after; without the rule the two counted as one rise
    from extrap_segmented.segmentation import trend

    path = _some_sizes(fixtures_dir / "real_thirteenth" / "mpi" / "thirteenth" / "allreduce_linear_4.txt", tmp_path,
                       slice(None, None, 2))
    measurements = _read_real(path, keep_values)
    assert _changing_points(measurements) == [256.0, 1024.0, 1024.0, 4096.0]
    monkeypatch.setattr(trend, "double_stairs", lambda *args: [])
    assert _changing_points(measurements) == [256.0, 1024.0]


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_a_step_down_from_one_byte_is_a_change(fixtures_dir, tmp_path, keep_values, monkeypatch):
    # a loaded 2-rank Gather over TCP (forty-fourth real set) as users read it: the 1-byte call
    # takes 3.2 times as long as 2 B and every size after it up to the eager switch (x0.31 at
    # 1|2 B in every run, then x1.00, x1.01): a change, the first; every other size from 2 B of a
    # loaded 2-rank Allreduce (forty-fifth set) drops x0.8 at 2|8 B only because 2 and 4 B are a
    # bump above 1 and 8 B, and from a first size above 1 no drop is judged
    from extrap_segmented.segmentation import trend

    gather = _read_real(fixtures_dir / "real_fortyfourth" / "mpi" / "loaded44" / "gather_tcp_eager31k5_2.txt",
                        keep_values)
    assert _changing_points(gather)[:2] == [1.0, 2.0]
    allreduce = _read_real(_some_sizes(fixtures_dir / "real_fortyfifth" / "mpi" / "loaded45" /
                                       "allreduce_eager2k75_2.txt", tmp_path, slice(1, None, 2)), keep_values)
    assert 2.0 not in _changing_points(allreduce)
    monkeypatch.setattr(trend, "first_drop", lambda *args: [])
    assert 1.0 not in _changing_points(gather)


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_a_switch_right_after_growth_starts_is_a_change(fixtures_dir, keep_values, tmp_path, monkeypatch):
    # every other size from 2 B of a 4-rank ring Reduce_scatter over TCP (fortieth real set) as
    # users read it (Extra-P's text reader): x1.05, x1.08, x1.46, then x2.72 at 32|128 KiB (the
    # rendezvous switch at 32|64 KiB), x2.68, x7.33; the series steepens on, its excess over the
    # flat level does not, and before the rule nothing was found
    from extrap_segmented.segmentation import trend

    path = _some_sizes(fixtures_dir / "real_fortieth" / "mpi" / "fortieth" / "reduce_scatter_ring_tcp_4.txt",
                       tmp_path, slice(1, None, 2))
    measurements = _read_real(path, keep_values)
    assert _changing_points(measurements) == [32768.0, 131072.0]
    monkeypatch.setattr(trend, "excess_jumps", lambda *args: [])
    assert _changing_points(measurements) == []


def test_a_double_stair_into_growth_is_two_changes(fixtures_dir, tmp_path, monkeypatch):
    # every other size of a 4-rank ring Reduce_scatter (tenth real set) from the summaries, as
    # most users read it (Extra-P's text reader): x1.04, then x1.53 at 256|1024 B (the inline-send
    # limit) and x2.12 at 1024|4096 B (the eager switch), then x1.25 and growth; the series grows
    # after the pair instead of lying level, and before the rule nothing was found
    from extrap_segmented.segmentation import trend

    path = _some_sizes(fixtures_dir / "real_tenth" / "mpi" / "tenth" / "reduce_scatter_ring_4.txt", tmp_path,
                       slice(None, None, 2))
    measurements = _read_real(path)
    assert _changing_points(measurements) == [256.0, 1024.0, 1024.0, 4096.0]
    monkeypatch.setattr(trend, "STAIRS_GROWTH_AFTER", 0.0)
    # (the switches right after growth starts, judged last, see the second stair)
    monkeypatch.setattr(trend, "excess_jumps", lambda *args: [])
    assert _changing_points(measurements) == []


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
@pytest.mark.parametrize("fixtures, name, change", [
    ("real_twentieth", "mpi/twentieth/reduce_scatter_nonoverlap_2.txt", [65536.0, 131072.0]),
    ("real_thirtyninth", "mpi/loaded39/allreduce_eager30k5_2.txt", [32768.0, 65536.0])])
def test_a_jump_inside_growth_among_the_ten_largest_sizes_is_a_change(fixtures_dir, keep_values, tmp_path,
                                                                      monkeypatch, fixtures, name, change):
    # the ten largest sizes as users read them (Extra-P's text reader): a 2-rank Reduce_scatter
    # (x1.22, x1.34, x1.56, then x4.90 at 64|128 KiB, x2.36, x2.13) and a loaded 2-rank Allreduce with
    # a 30.5 KiB eager limit (x1.59, x1.75, then x2.57 at 32|64 KiB, x1.66, x1.80): neither jump is
    # twice its neighbours', and slow runs hide it from the significance test on the means
    from extrap_segmented.segmentation import trend

    path = _some_sizes(fixtures_dir / fixtures / name, tmp_path, slice(-10, None))
    measurements = _read_real(path, keep_values)
    assert _changing_points(measurements) == change
    monkeypatch.setattr(trend, "growth_jumps", lambda *args: [])
    assert _changing_points(measurements) == []


def test_a_jump_inside_growth_below_the_short_series_limit_is_a_change(fixtures_dir, tmp_path, monkeypatch):
    # the ten largest sizes of a 4-rank Exscan with a 41.5 KiB eager limit (fortieth real set) as
    # users read them from the summaries: x1.18, x1.27, then x1.96 at 32|64 KiB (the eager switch),
    # x1.55, x1.84; its second differences' z² lie between 24 and 50, below the short pieces' limit
    from extrap_segmented.segmentation import trend

    path = _some_sizes(fixtures_dir / "real_fortieth" / "mpi" / "fortieth" / "exscan_eager41k5_4.txt", tmp_path,
                       slice(-10, None))
    measurements = _read_real(path)
    assert _changing_points(measurements) == [32768.0, 65536.0]
    monkeypatch.setattr(trend, "GROWTH_JUMP_F_LIMIT", trend.SHORT_F_LIMIT)
    assert _changing_points(measurements) == []


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_a_jump_inside_growth_at_every_other_size_is_a_change(fixtures_dir, keep_values, tmp_path, monkeypatch):
    # every other size of a 3-rank Rabenseifner Allreduce (twenty-fourth real set) as users read it:
    # x1.07, x1.22, then x1.79 at 4|16 KiB (the eager switch), x1.38, x1.71; the slope drops after
    # the jump, but the secants of the slope-drop test see the growth steepen again
    from extrap_segmented.segmentation import trend

    path = _some_sizes(fixtures_dir / "real_twentyfourth" / "mpi" / "twentyfourth" / "allreduce_rabenseifner_3.txt",
                       tmp_path, slice(None, None, 2))
    measurements = _read_real(path, keep_values)
    assert _changing_points(measurements) == [1.0, 4.0, 4096.0, 16384.0]
    monkeypatch.setattr(trend, "growth_jumps", lambda *args: [])
    # (the onsets out of a climbing part see it too: x1.07, x1.22 climb, then x1.79; and the
    # switches right after growth starts, judged last)
    monkeypatch.setattr(trend, "climbing_onsets", lambda *args: [])
    monkeypatch.setattr(trend, "excess_jumps", lambda *args: [])
    assert _changing_points(measurements) == [1.0, 4.0]


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_growth_that_starts_at_once_out_of_a_climbing_latency_regime_is_a_change(fixtures_dir, keep_values,
                                                                                 tmp_path, monkeypatch):
    # every other size of a 4-rank Alltoallv with a 53.5 KiB eager limit (forty-first real set) as
    # users read it: x1.04, x1.03, x1.21 (the latency regime climbs), then x1.68 at 4|16 KiB, x1.80,
    # x2.36; the three sizes before the onset lie within x1.25, not x1.15, of each other
    from extrap_segmented.segmentation import trend

    path = _some_sizes(fixtures_dir / "real_fortyfirst" / "mpi" / "fortyfirst" / "alltoallv_eager53k5_4.txt",
                       tmp_path, slice(None, None, 2))
    measurements = _read_real(path, keep_values)
    assert _changing_points(measurements) == [4096.0, 16384.0]
    monkeypatch.setattr(trend, "ONSET_FLAT", trend.FLAT_STEP)
    assert _changing_points(measurements) == []


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_growth_that_starts_at_once_out_of_a_part_that_climbs_is_a_change(fixtures_dir, keep_values, tmp_path,
                                                                          monkeypatch):
    # every other size of a 5-rank Allgather over TCP (thirty-ninth real set) as users read it:
    # x0.96, x1.20, x1.12 (the latency regime climbs x1.34 over three sizes, more than ONSET_FLAT),
    # then x2.27 at 8|32 KiB, x3.03, x3.19; the line through the three sizes before the gap, not
    # their median, is the level the growth leaves at once
    from extrap_segmented.segmentation import trend

    path = _some_sizes(fixtures_dir / "real_thirtyninth" / "mpi" / "thirtyninth" / "allgather_tcp_5.txt",
                       tmp_path, slice(1, None, 2))
    measurements = _read_real(path, keep_values)
    assert _changing_points(measurements) == [8192.0, 32768.0]
    monkeypatch.setattr(trend, "climbing_onsets", lambda *args: [])
    # (with kept values the switches right after growth starts, judged last, see it too)
    monkeypatch.setattr(trend, "excess_jumps", lambda *args: [])
    assert _changing_points(measurements) == []


@pytest.mark.parametrize("keep_values", [False, True], ids=["summaries", "kept values"])
def test_growth_that_starts_at_once_out_of_a_flat_part_is_a_change(fixtures_dir, keep_values, monkeypatch):
    # a 5-rank pipelined Reduce (thirtieth real set) as users read it (Extra-P's text reader): flat
    # at 15-16 us up to 2 KiB, then x1.56, x1.39, x1.71 (medians) from 2048|4096 B on; a term growing as the
    # sizes after it do would have lifted 2 KiB well above the flat level, so the growth starts
    # at once: a change, which no other rule but the onsets out of a climbing part reports
    from extrap_segmented.segmentation import trend

    measurements = _read_real(fixtures_dir / "real_thirtieth" / "mpi" / "thirtieth" / "reduce_pipeline_5.txt",
                              keep_values)
    assert _changing_points(measurements) == [2048.0, 4096.0]
    monkeypatch.setattr(trend, "growth_onsets", lambda *args: [])
    monkeypatch.setattr(trend, "climbing_onsets", lambda *args: [])
    assert _changing_points(measurements) == []
