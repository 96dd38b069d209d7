"""Modeling runs: one summary warning per run, one failing kernel isolated (extrap_segmented/adapters/modeling/runs.py)."""
from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric

from extrap_segmented.adapters.modeling.runs import summarise


def _kernel(name: str, values) -> list[Measurement]:
    return [Measurement(Coordinate(p), Callpath(name), Metric("time"), np.atleast_1d(v))
            for p, v in zip((4, 8, 16, 32, 64, 128, 256), values)]


class _Note(UserWarning):
    pass


def test_summary_groups_one_condition_of_many_kernels_into_one_line():
    records = [(_kernel(f"k{i}", [1.0]), _Note(f"k{i} [time]: segment 1 (p={i}…32) has only {i % 4} points"))
               for i in range(900)]
    lines = summarise(records)
    assert len(lines) == 1
    assert lines[0].startswith("_Note: k0 [time]: segment 1 (p=0…32) has only 0 points")
    assert "[also 899 more kernels: k1 [time], k2 [time], k3 [time] and 896 others]" in lines[0]


def test_summary_keeps_different_conditions_apart_in_order_of_appearance():
    records = [(_kernel("a", [1.0]), _Note("a [time]: not finite")),
               (_kernel("b", [1.0]), _Note("b [time]: too few points")),
               (_kernel("c", [1.0]), _Note("c [time]: not finite")),
               (None, _Note("no kernel")), (None, _Note("no kernel"))]
    assert summarise(records) == ["_Note: a [time]: not finite [also 1 more kernel: c [time]]",
                                  "_Note: b [time]: too few points", "_Note: no kernel [2 times]"]


@pytest.mark.parametrize("modeler", ["segmented", "expectation"])
def test_a_kernel_without_finite_values_gets_an_undefined_model_and_the_others_are_modeled(modeler):
    from extrap_segmented.adapters.plugin.registration import activate
    activate()
    from extrap_segmented.adapters.segmentation.modeler import SegmentedChangePointModeler
    from extrap_segmented.adapters.expectations.modeler import ExpectationModeler
    instance = {"segmented": SegmentedChangePointModeler, "expectation": ExpectationModeler}[modeler]()
    p = np.array([4, 8, 16, 32, 64, 128, 256], dtype=float)
    good = _kernel("good", 3.0 * p)
    one_rank_nan = _kernel("one_rank_nan", [np.array([v, np.nan]) for v in 3.0 * p])
    all_inf = _kernel("all_inf", [np.inf] * 7)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        models = instance.model([good, one_rank_nan, all_inf])
    assert models[0].hypothesis.function.evaluate(1000.0) == pytest.approx(3000.0, rel=1e-6)
    for bad in models[1:]:
        assert np.isnan(bad.hypothesis.function.evaluate(1000.0))
    from extrap_segmented.exceptions import ExtrapSegmentedWarning
    summaries = [w for w in caught if issubclass(w.category, ExtrapSegmentedWarning)]
    assert len(summaries) == 1, [str(w.message) for w in caught]
    assert "one_rank_nan" in str(summaries[0].message) and "all_inf" in str(summaries[0].message)


def test_an_unexpected_error_in_one_kernel_leaves_the_others_modeled(monkeypatch):
    from extrap_segmented.adapters.plugin.registration import activate
    activate()
    from extrap_segmented.adapters.segmentation.modeler import SegmentedChangePointModeler
    modeler = SegmentedChangePointModeler()
    original = SegmentedChangePointModeler._segmented_model

    def fails_for_one(self, ordered, x, y, *batched):
        if str(ordered[0].callpath) == "broken":
            raise ZeroDivisionError("division by zero")
        return original(self, ordered, x, y, *batched)
    monkeypatch.setattr(SegmentedChangePointModeler, "_segmented_model", fails_for_one)
    p = np.array([4, 8, 16, 32, 64, 128, 256], dtype=float)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        models = modeler.model([_kernel("broken", p), _kernel("fine", 2 * p)])
    assert np.isnan(models[0].hypothesis.function.evaluate(10.0))
    assert models[1].hypothesis.function.evaluate(10.0) == pytest.approx(20.0)
    message = "\n".join(str(w.message) for w in caught)
    assert "broken [time]: modeling failed (ZeroDivisionError: division by zero)" in message


@pytest.mark.slow
def test_900_kernels_with_the_same_condition_print_one_line(tmp_path):
    lines = ["PARAMETER p", "POINTS 8 16 32 64 128", ""]
    for i in range(900):
        lines += [f"REGION kernel{i}", "METRIC time"] + [f"DATA {v * (1 + i)}" for v in (1, 2, 3, 4, 5)] + [""]
    series = tmp_path / "five_points.txt"
    series.write_text("\n".join(lines))
    extrap = Path(sys.executable).parent / "extrap"
    result = subprocess.run([str(extrap), "--text", str(series), "--modeler", "segmented", "--disable-progress",
                             "--print", "{callpath}: {model}"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    warning_lines = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warning_lines) == 1, warning_lines[:5]
    assert "also 899 more kernels" in warning_lines[0]
    assert result.stdout.count("kernel") == 900


@pytest.mark.parametrize("option, fragment", [
    ("window_size=-1", "option window_size=-1 is not allowed; it must be an integer ≥ 3"),
    ("theta=nan", "option theta=nan is not allowed; it must be a finite number ≥ 0"),
    ("f_limit=-5", "option f_limit=-5.0 is not allowed; it must be a finite number > 0"),
    ("epsilon_limit=0", "option epsilon_limit=0.0 is not allowed; it must be a number > 0 (inf: off)"),
    ("min_segment_size=1", "option min_segment_size=1 is not allowed; it must be an integer ≥ 2"),
    # a pair that does not fit together is an error of the options, not of the first kernel
    ("mode=paper nrss_band_low=0.6 nrss_band_high=0.1", "options nrss_band_high=0.1 and nrss_band_low=0.6 do not "
                                                        "fit together; nrss_band_high (0.1) must be ≥ nrss_band_low (0.6)"),
])
def test_invalid_segmented_options_stop_the_run_before_modeling_with_one_error(option, fragment):
    series = Path(__file__).resolve().parents[3] / "fixtures" / "series" / "mpi_collectives.txt"
    extrap = Path(sys.executable).parent / "extrap"
    result = subprocess.run([str(extrap), "--text", str(series), "--modeler", "segmented", "--options", *option.split(),
                             "--disable-progress"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stderr.splitlines()[0] == f"extrap: error: Segmented modeler: {fragment}"
    assert "warning" not in result.stderr and result.stdout == ""


def test_unwritable_plot_dir_is_an_error_before_modeling(tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    gather = Path(__file__).resolve().parents[3] / "fixtures" / "cube" / "gather-switch-p"
    extrap = Path(sys.executable).parent / "extrap"
    result = subprocess.run([str(extrap), "--cube-ranks", str(gather), "--modeler", "clustered", "--options",
                             f"plot_dir={blocker / 'plots'}", "--disable-progress"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "option plot_dir=" in result.stderr and "directory this user can write to" in result.stderr
    assert result.stdout == ""


def test_every_option_rule_names_an_option_of_its_modeler():
    from extrap_segmented.adapters.plugin.registration import activate
    activate()
    from extrap_segmented.adapters.segmentation.modeler import SegmentedChangePointModeler
    from extrap_segmented.adapters.clustering.modeler import ClusteredSingleParameterModeler
    for modeler in (SegmentedChangePointModeler, ClusteredSingleParameterModeler):
        fields = set()
        for option in modeler.OPTIONS.values():
            fields.update(o.field for o in getattr(option, "options", [option]))
        assert modeler.OPTION_RULES and set(modeler.OPTION_RULES) <= fields, modeler.__name__
        instance = modeler()
        for name, rule in modeler.OPTION_RULES.items():
            assert rule.check(getattr(instance, name)), f"{modeler.__name__}: default of {name} breaks its rule"
