"""--modeler segmented on experiments with two and three parameters (Extra-P in-process)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from extrap.fileio.file_reader.text_file_reader import TextFileReader
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.segmentation.modeler import SegmentationAnnotation

P = [4, 8, 16, 32, 64]
N = [2 ** k for k in range(8, 17)]  # 256 … 65536


def _write(tmp_path, kernels, parameters=("p", "n"), grid=None, seed=1, noise=0.01):
    grid = grid or [(p, n) for p in P for n in N]
    rng = np.random.default_rng(seed)
    lines = [f"PARAMETER {name}" for name in parameters] + [""]
    lines.append("POINTS " + " ".join("( " + " ".join(map(str, point)) + " )" for point in grid))
    for name, f in kernels.items():
        lines += ["", f"REGION {name}", "METRIC time"]
        for point in grid:
            lines.append("DATA " + " ".join(f"{f(*point) * (1 + noise * rng.standard_normal()):.9g}"
                                            for _ in range(3)))
    path = tmp_path / "data.txt"
    path.write_text("\n".join(lines) + "\n")
    return TextFileReader().read_experiment(str(path))


def _models(experiment, modeler="Segmented"):
    generator = ModelGenerator(experiment, modeler=modeler)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        generator.model_all()
    return {cp.name: m for (cp, _), m in generator.models.items()}, [str(w.message) for w in caught]


def eager_limit(p, n):
    return (50 + 0.01 * n if n <= 4096 else 200 + 0.05 * n) * np.log2(p)


def test_a_change_in_n_at_every_p_is_found_once_and_printed_with_the_segments_once(tmp_path):
    experiment = _write(tmp_path, {"eager": eager_limit})
    models, messages = _models(experiment)
    model = models["eager"]
    text = model.hypothesis.function.to_string(*experiment.parameters)
    assert text.startswith("(") and " for n<=4096; " in text and " for n>=8192) * log2(p)^(1)" in text, text
    assert text.count(" for n") == 2  # the segments appear once, not once per term
    # the model follows the data within the noise (1 %) at every point
    for m in model.measurements:
        assert model.hypothesis.function.evaluate(np.array(m.coordinate)[:, None])[0] == pytest.approx(m.mean, rel=0.05)
    notes = [a for a in model.annotations if isinstance(a, SegmentationAnnotation)][0].notes
    assert notes[0].startswith("Segmented along n: 2 segments, change at n<=4096; n>=8192 at every p (5 of 5 slices")
    # the advice names n and the next value of n, not p
    advice = [m for m in messages if "segment 2" in m]
    assert len(advice) == 1, messages
    assert "(n=8192…65536) has only 4 values of n" in advice[0] and "measure next at n=11585 (at every p)" in advice[0]


def test_an_algorithm_switch_in_p_at_every_n_is_modeled_along_p(tmp_path):
    grid = [(p, n) for p in [2, 4, 8, 16, 32, 64, 128, 256] for n in [100, 200, 400, 800, 1600]]
    experiment = _write(tmp_path, {"switch": lambda p, n: (3 * p if p <= 16 else 300 + 0.5 * p) * n}, grid=grid)
    models, _ = _models(experiment)
    text = models["switch"].hypothesis.function.to_string(*experiment.parameters)
    assert "for p<=16; " in text and "for p>=32)" in text and "n^(1)" in text, text


def test_a_smooth_kernel_gets_no_change(tmp_path):
    experiment = _write(tmp_path, {"smooth": lambda p, n: 5 + 0.001 * n * np.log2(p)})
    models, messages = _models(experiment)
    text = models["smooth"].hypothesis.function.to_string(*experiment.parameters)
    assert " for " not in text and "log2(p)" in text and "n^(1)" in text, text
    assert not any("Segmented" in m or "segment" in m for m in messages), messages


def test_a_change_location_that_moves_with_p_is_said_and_not_forced_into_one_model(tmp_path):
    def moving(p, n):
        limit = 64 * p  # the switch moves with p
        return 10 + 0.01 * n if n <= limit else 10 + 0.01 * limit + 0.2 * (n - limit)
    grid = [(p, n) for p in [4, 16, 64] for n in N]
    experiment = _write(tmp_path, {"moving": moving}, grid=grid)
    models, messages = _models(experiment)
    text = models["moving"].hypothesis.function.to_string(*experiment.parameters)
    assert " for n" not in text
    said = [m for m in messages if "moves with p" in m]
    assert len(said) == 1 and "the change in n moves with p" in said[0], messages
    notes = [n for a in models["moving"].annotations if isinstance(a, SegmentationAnnotation) for n in a.notes]
    per_slice = [n for n in notes if n.startswith("at p=")]
    assert len(per_slice) >= 2 and all(" for n<=" in n for n in per_slice), notes


def test_three_parameters_work_without_a_traceback(tmp_path):
    grid = [(p, n, t) for p in [4, 8, 16, 32, 64] for n in [256, 512, 1024, 2048, 4096, 8192, 16384]
            for t in [1, 2, 4, 8, 16]]
    experiment = _write(tmp_path, {"k": lambda p, n, t: (50 + 0.01 * n if n <= 2048 else 200 + 0.05 * n) * p},
                        parameters=("p", "n", "t"), grid=grid)
    models, _ = _models(experiment)
    text = models["k"].hypothesis.function.to_string(*experiment.parameters)
    assert "for n<=2048; " in text and "for n>=4096)" in text, text


@pytest.mark.parametrize("modeler", ["Segmented", "Expectation", "Clustered"])
def test_the_three_modelers_model_the_two_parameter_cube_fixture(modeler, fixtures_dir):
    from extrap_segmented.adapters.cube.reader import CubeRankReader
    experiment = CubeRankReader().read_experiment(str(fixtures_dir / "cube" / "stencil2d-ps"))
    assert len(experiment.parameters) == 2
    generator = ModelGenerator(experiment, modeler=modeler)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        generator.model_all()
    messages = [str(w.message) for w in caught]
    assert len(generator.models) == len(experiment.measurements) == 24
    assert all(np.isfinite(m.hypothesis.function.evaluate(np.array([[64.0], [25600.0]]))).all()
               for m in generator.models.values())
    assert not any("modeling failed" in m for m in messages), messages


def test_extrap_s_own_two_parameter_segmented_case_is_recovered(tmp_path):
    # The formula of Extra-P's tests/data/text/two_parameter_segmented_1.txt (its comment line):
    # =IF(x<55; x^2*0.4*y; 1400+x*10*y), x = 10 … 100, y = 2 … 64; a constant apart in segment 2
    grid = [(x, y) for y in (2, 4, 8, 16, 32, 64) for x in range(10, 101, 10)]
    experiment = _write(tmp_path, {"reg": lambda x, y: 0.4 * x * x * y if x < 55 else 1400 + 10 * x * y},
                        parameters=("x", "y"), grid=grid, seed=5)
    models, _ = _models(experiment)
    function = models["reg"].hypothesis.function
    text = function.to_string(*experiment.parameters)
    assert text.count(" for x<=50; ") == 2 and text.count(" for x>=60)") == 2 and text.endswith(" * y^(1)"), text
    assert "x^(2) for x<=50" in text, text  # segment 2 on 5 values: x or x^(3/4)·log2(x)
    for x, y in ((20.0, 8.0), (90.0, 32.0)):
        truth = 0.4 * x * x * y if x < 55 else 1400 + 10 * x * y
        assert function.evaluate(np.array([[x], [y]]))[0] == pytest.approx(truth, rel=0.03)


def test_the_measured_mpi_sweep_is_modeled_without_an_invented_change(fixtures_dir):
    # Open MPI Allreduce, message size x ranks (2 cores, oversubscribed): every slice along n changes,
    # but not at one location: the 256|512 step in 5 of 6 slices, the eager limit 2048|4096 at p=4
    # and p=8 (4096|8192 at p=5); so no single segmented model, each slice's in the annotation
    experiment = TextFileReader().read_experiment(str(fixtures_dir / "series" / "openmpi_allreduce_size_ranks.txt"))
    models, messages = _models(experiment)
    model = models["MPI_Allreduce"]
    assert " for " not in model.hypothesis.function.to_string(*experiment.parameters)
    notes = [n for a in model.annotations if isinstance(a, SegmentationAnnotation) for n in a.notes]
    moving = [n for n in notes if "the change in n moves with p" in n]
    assert len(moving) == 1, notes
    assert moving[0].count("n<=256; n>=512") >= 4 and moving[0].count("n<=2048; n>=4096") >= 2, moving[0]
    assert sum(n.startswith("at p=") for n in notes) == 6, notes


def test_one_warning_line_for_a_condition_shared_by_many_kernels(tmp_path):
    kernels = {f"k{i}": (lambda i: lambda p, n: (1 + i) * eager_limit(p, n))(i) for i in range(6)}
    experiment = _write(tmp_path, kernels)
    _, messages = _models(experiment)
    advice = [m for m in messages if "has only 4 values of n" in m]
    assert len(advice) == 1, messages  # the run's summary, not one per kernel or per slice
    assert advice[0].count("\n") == 0 and "[also 5 more kernels: k1 [time], k2 [time], k3 [time] and 2 others]" \
        in advice[0], advice[0]


def test_a_change_too_noisy_for_each_slice_is_found_in_the_pooled_slices(tmp_path):
    # 20 % noise: the single-parameter search misses the change in most slices on their own
    experiment = _write(tmp_path, {f"noisy{i}": eager_limit for i in range(4)}, noise=0.2, seed=7)
    models, _ = _models(experiment)
    found = 0
    for model in models.values():
        text = model.hypothesis.function.to_string(*experiment.parameters)
        if " for n<=4096; " in text:
            found += 1
            notes = [n for a in model.annotations if isinstance(a, SegmentationAnnotation) for n in a.notes]
            assert "all of them pooled" in notes[0] or "(5 of 5 slices alone)" in notes[0], notes
        else:
            assert " for " not in text, text  # never a change at another place
    assert found >= 3


def test_smooth_noisy_kernels_stay_unsegmented_when_pooled(tmp_path):
    experiment = _write(tmp_path, {f"smooth{i}": lambda p, n: (5 + 0.01 * n) * np.log2(p) for i in range(8)},
                        noise=0.2, seed=11)
    models, _ = _models(experiment)
    assert not any(" for " in m.hypothesis.function.to_string(*experiment.parameters) for m in models.values())


def test_an_inconsistent_pair_of_detection_options_stops_a_multi_parameter_run_before_any_kernel(tmp_path):
    """The multi-parameter Segmented checks its detection's options as the single-parameter one
    does, pairs included: one error naming both options, not a failed model per kernel."""
    from extrap_segmented.adapters.option_rules import InvalidOptionError
    experiment = _write(tmp_path, {"k": eager_limit})
    generator = ModelGenerator(experiment, modeler="Segmented")
    for option, value in {"mode": "paper", "nrss_band_low": 0.6, "nrss_band_high": 0.1}.items():
        setattr(generator.modeler, option, value)
    with pytest.raises(InvalidOptionError, match=r"options nrss_band_high=0.1 and nrss_band_low=0.6 do not fit "
                                                 r"together; nrss_band_high \(0.1\) must be ≥ nrss_band_low \(0.6\)"):
        generator.model_all()


def test_consistent_share_is_one_declaration_for_the_modeler_and_the_core(tmp_path):
    """The modeler's default is the core's (2/3; it said 0.67, so with three slices it needed all
    three where the core needs two) and a value outside (0, 1] is refused, before any kernel, in the
    words every option error uses."""
    import inspect

    from extrap.util.exceptions import RecoverableError

    from extrap_segmented.adapters.segmentation.multiparameter import SegmentedMultiParameterModeler
    from extrap_segmented.segmentation.multi import changes_along
    core = inspect.signature(changes_along).parameters["min_share"].default
    assert SegmentedMultiParameterModeler().consistent_share == core == pytest.approx(2 / 3, rel=1e-12)
    generator = ModelGenerator(_write(tmp_path, {"k": eager_limit}), modeler="Segmented")
    generator.modeler.consistent_share = 0.0
    with pytest.raises(RecoverableError, match=r"^Segmented modeler: option consistent_share=0.0 is not allowed; "
                                               r"it must be a finite number > 0 and ≤ 1$"):
        generator.model_all()
