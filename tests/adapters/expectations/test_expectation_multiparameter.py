"""Expectations over several parameters: the Expectation modeler on (p, n) data and
extrap-validate --expect 'O(p*n)' (exit codes 0/1/2)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from extrap.fileio.file_reader.text_file_reader import TextFileReader
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.expectations.modeler import ExpectationVerdictAnnotation
from extrap_segmented.adapters.expectations.validate_cli import run

P = [4, 8, 16, 32, 64, 128]
N = [64, 128, 256, 512, 1024, 2048]
KERNELS = {"pn": lambda p, n: 1e-3 * p * n + 5, "logp_n": lambda p, n: 2e-3 * np.log2(p) * n + 1}


@pytest.fixture
def two_parameter_text(tmp_path):
    rng = np.random.default_rng(2)
    lines = ["PARAMETER p", "PARAMETER n", "", "POINTS " + " ".join(f"( {p} {n} )" for p in P for n in N)]
    for name, f in KERNELS.items():
        lines += ["", f"REGION {name}", "METRIC time"]
        for p in P:
            for n in N:
                lines.append("DATA " + " ".join(f"{f(p, n) * (1 + 0.02 * rng.standard_normal()):.9g}" for _ in range(5)))
    path = tmp_path / "two.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def _verdicts(path, expectation):
    experiment = TextFileReader().read_experiment(str(path))
    generator = ModelGenerator(experiment, modeler="Expectation")
    generator.modeler.expectation = expectation
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        generator.model_all()
    out = {}
    for (cp, _), model in generator.models.items():
        annotation = next(a for a in model.annotations if isinstance(a, ExpectationVerdictAnnotation))
        out[cp.name] = annotation
    return out


def test_the_modeler_validates_every_parameter_and_gives_the_worst_verdict(two_parameter_text):
    verdicts = _verdicts(two_parameter_text, "O(log p * n)")
    assert verdicts["logp_n"].verdict in ("match", "approximate")
    # grows with p, expected log p: fails along p, however well n matches
    assert verdicts["pn"].verdict == "no match"
    assert "along p at n=64: no match" in verdicts["pn"].notes
    assert "along n at p=8: match" in verdicts["pn"].notes


def test_a_one_parameter_expectation_keeps_per_slice_validation(two_parameter_text):
    verdicts = _verdicts(two_parameter_text, "O(n)")
    notes = verdicts["pn"].notes.splitlines()
    assert len(notes) == len(P) and all(line.startswith("along n at p=") for line in notes)


def test_a_parameter_the_data_lack_is_an_error_before_modeling(two_parameter_text):
    from extrap.util.exceptions import RecoverableError
    experiment = TextFileReader().read_experiment(str(two_parameter_text))
    generator = ModelGenerator(experiment, modeler="Expectation")
    generator.modeler.expectation = "O(q * n)"
    with pytest.raises(RecoverableError, match="in parameter 'q', which the experiment does not have"):
        generator.model_all()


def test_validate_passes_fails_and_refuses_with_distinct_exit_codes(two_parameter_text, capsys):
    assert run(["--text", str(two_parameter_text), "--expect", "O(log p · n)"]) == 1
    out = capsys.readouterr()
    assert "pn [along p: n=64]" in out.out and "note: pn: over all parameters: no match" in out.out
    assert "note: logp_n: over all parameters: match" in out.out or \
        "note: logp_n: over all parameters: approximate" in out.out
    assert run(["--text", str(two_parameter_text), "--expect", "O(q*n)"]) == 2
    assert "expectation 'O(q*n)' is in parameter 'q', which the experiment does not have" in capsys.readouterr().err
    assert run(["--text", str(two_parameter_text), "--expect", "O(p + n)"]) == 2
    assert "a sum mixes the parameters n, p" in capsys.readouterr().err


def test_toml_deviation_per_parameter(two_parameter_text, tmp_path, capsys):
    toml = tmp_path / "e.toml"
    toml.write_text('[[expectation]]\nname = "pn"\ncallpath = "pn"\nexpectation = "O(p * n)"\n'
                    'deviation = "log p * n^0.25"\nupper_bound = "p^2 * n^1.5"\n')
    report = tmp_path / "report.json"
    assert run(["--text", str(two_parameter_text), "--expectations", str(toml), "--json-out", str(report)]) in (0, 1)
    out = capsys.readouterr().out
    assert "pn [along p: n=64]" in out and "pn [along n: p=4]" in out
    import json
    rows = {row["function"]: row for row in json.loads(report.read_text())["rows"]}
    # each parameter gets its own factor of the deviation: log p along p, n^0.25 along n
    assert rows["pn [along p: n=64]"]["deviation_limits"] == ["O(p / log p)", "O(p log p)"]
    assert rows["pn [along n: p=4]"]["deviation_limits"] == ["O(n^0.75)", "O(n^1.25)"]
    # and its own factor of the upper bound
    assert rows["pn [along p: n=64]"]["search_space"]["upper_bound"] == "p^2"
    assert rows["pn [along n: p=4]"]["search_space"]["upper_bound"] == "n^(3/2)"


def _grid(f, seed=3):
    rng = np.random.default_rng(seed)
    return {(p, n): [f(p, n) * (1 + 0.02 * rng.standard_normal()) for _ in range(5)] for p in P for n in N}


def test_the_pytest_fixture_takes_points_over_two_parameters(assert_scaling):
    verdicts = assert_scaling(_grid(KERNELS["logp_n"]), "O(log p · n)", parameters=("p", "n"))
    assert {v.parameter for v in verdicts} == {"p", "n"} and len(verdicts) == len(P) + len(N)


def test_the_pytest_fixture_fails_a_kernel_growing_faster_in_one_parameter(assert_scaling):
    from extrap_segmented.adapters.expectations.pytest_plugin import ScalingAssertionError
    with pytest.raises(ScalingAssertionError) as error:
        assert_scaling(_grid(KERNELS["pn"]), "O(log p · n)")
    text = str(error.value)
    assert text.startswith("scaling does not meet O(log p · n): no match over all parameters")
    assert "along p at n=64: no match, model O(p)" in text and "along n at" not in text.split("\n", 2)[2]


def test_the_pytest_fixture_names_a_parameter_the_points_lack(assert_scaling):
    with pytest.raises(TypeError, match="in parameter 'q', which the measurements do not have"):
        assert_scaling(_grid(KERNELS["pn"]), "O(q · n)", parameters=("p", "n"))


def test_a_sparse_cross_design_names_the_slices_it_cannot_validate(tmp_path, capsys):
    # Extra-P's sparse layout: one line per parameter through a base point, 4 values each
    points = [(p, 64) for p in (4, 8, 16, 32)] + [(4, n) for n in (128, 256, 512)]
    lines = ["PARAMETER p", "PARAMETER n", "", "POINTS " + " ".join(f"( {p} {n} )" for p, n in points), "",
             "REGION k", "METRIC time"] + [f"DATA {p * n} {p * n * 1.01}" for p, n in points]
    path = tmp_path / "sparse.txt"
    path.write_text("\n".join(lines) + "\n")
    assert run(["--text", str(path), "--expect", "O(p*n)"]) == 2
    err = capsys.readouterr().err
    assert "nothing validated: k: 4 of 4 slices along p have fewer than 5 values of p" in err, err
