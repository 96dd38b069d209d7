"""The "Expectation" modeler in Extra-P: verdict annotations, save/reload, CLI and GUI."""
from __future__ import annotations

import json
import textwrap
import warnings

import pytest

import extrap_segmented
from extrap.extrap import extrapcmd
from extrap.fileio.experiment_io import read_experiment, write_experiment
from extrap.fileio.file_reader.text_file_reader import TextFileReader
from extrap.modelers.model_generator import ModelGenerator

from extrap_segmented.adapters.expectations.modeler import (ExpectationModel, ExpectationModeler,
                                                           ExpectationVerdictAnnotation)
from extrap_segmented.exceptions import ExpectationWarning


@pytest.fixture(scope="module")
def mpi_experiment(fixtures_dir):
    return TextFileReader().read_experiment(str(fixtures_dir / "series" / "mpi_collectives.txt"))


def _model(experiment, expectation, **options):
    modeler = ExpectationModeler()
    modeler.expectation = expectation
    for key, value in options.items():
        setattr(modeler, key, value)
    generator = ModelGenerator(experiment, modeler=modeler)
    generator.model_all()
    return generator, {cp.name: m for (cp, _), m in generator.models.items()}


def test_models_carry_verdict_annotations(mpi_experiment):
    _, models = _model(mpi_experiment, "O(log p)", upper_bound="p^2")
    bt = models["Bcast_BT"]
    assert isinstance(bt, ExpectationModel)
    annotation = bt.annotations[0]
    assert isinstance(annotation, ExpectationVerdictAnnotation)
    assert annotation.verdict == "match" and annotation.title().startswith("✓ match: expected O(log p)")
    assert "<svg" in annotation.icon()
    reduce_ = models["MPI_Reduce"].annotations[0]
    assert (reduce_.verdict, reduce_.model, reduce_.divergence) == ("no match", "O(p^0.5 log p)", "O(p^0.5)")
    # The Extra-P function reproduces the measurements.
    fn = models["Bcast_BT"].hypothesis.function
    assert fn.evaluate(1024.0) == pytest.approx(1.0 + 0.8 * 10, rel=0.05)


def test_annotations_survive_save_and_reload(mpi_experiment, tmp_path):
    generator, models = _model(mpi_experiment, "O(log p)", deviation="sqrt(p)", upper_bound="p^2")
    path = tmp_path / "mpi.extra-p"
    write_experiment(mpi_experiment, str(path))
    loaded = read_experiment(str(path))
    modeler = loaded.modelers[-1].modeler
    assert type(modeler).__name__ == "ExpectationModeler" and modeler.deviation == "sqrt(p)"
    reloaded = {cp.name: m for (cp, _), m in loaded.modelers[-1].models.items()}
    for name, model in models.items():
        again = reloaded[name]
        assert isinstance(again, ExpectationModel)
        assert again.annotations == model.annotations
        assert again.validation["verdict"] == model.validation["verdict"]


def test_exponential_models_serialize(tmp_path, fixtures_dir):
    experiment = TextFileReader().read_experiment(str(fixtures_dir / "series" / "mafia_kernels.txt"))
    _, models = _model(experiment, "O(k * 2^k)")
    pcount = models["pcount"]
    assert pcount.annotations[0].verdict == "match"
    value = pcount.hypothesis.function.evaluate(16.0)
    write_experiment(experiment, str(tmp_path / "m.extra-p"))
    loaded = read_experiment(str(tmp_path / "m.extra-p"))
    again = {cp.name: m for (cp, _), m in loaded.modelers[-1].models.items()}["pcount"]
    assert again.hypothesis.function.evaluate(16.0) == pytest.approx(value)
    assert "2^(1*k)" in again.hypothesis.function.to_string("k")


def test_bad_kernel_gets_constant_model_and_error_annotation(tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("PARAMETER p\nPOINTS 2 4 8\n\nREGION r\nMETRIC time\nDATA 1\nDATA 2\nDATA 3\n")
    experiment = TextFileReader().read_experiment(str(path))
    with pytest.warns(ExpectationWarning, match="at least 5 distinct parameter values"):
        _, models = _model(experiment, "O(p)")
    model = models["r"]
    assert model.hypothesis.function.evaluate(4.0) == pytest.approx(2.0)
    assert model.annotations[0].verdict == "error"
    assert "at least 5" in model.annotations[0].title()


def test_extrap_command_line_offers_the_modeler(fixtures_dir, capsys):
    extrap_segmented.activate()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        extrapcmd.main(["--text", str(fixtures_dir / "series" / "mpi_collectives.txt"), "--modeler", "expectation",
                        "--options", "expectation=O(p)", "--disable-progress"])
    out = capsys.readouterr().out
    assert "MPI_Gather" in out and "p^(1.0)" in out


@pytest.mark.gui
@pytest.mark.slow
def test_gui_offers_expectation_modeler(tmp_path, fixtures_dir):
    from conftest import run_python
    code = textwrap.dedent(f"""
        import json
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from extrap.extrap import extrapgui
        window, app = extrapgui.main(args=["--text", {str(fixtures_dir / 'series' / 'mpi_collectives.txt')!r}],
                                     test=True)
        selector = window.modeler_widget._model_selector
        print(json.dumps([selector.itemText(i) for i in range(selector.count())]), flush=True)
    """)
    result = run_python(code, env_extra={"QT_QPA_PLATFORM": "offscreen"}, timeout=180)
    assert result.returncode == 0, result.stderr
    assert "Expectation" in json.loads(result.stdout.strip().splitlines()[-1])


def quarter_log_series(path):
    """time = 1 + 2·log2(p)^(1/4): the Expectation modeler fits exponent 1/4 for O(log^0.25 p)."""
    import numpy as np
    points = (8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096)
    lines = ["PARAMETER p", "POINTS " + " ".join(map(str, points)), "", "REGION quarter", "METRIC time"]
    for p in points:
        lines.append("DATA " + " ".join(f"{(1 + 2 * np.log2(p) ** 0.25) * (1 + d):.6g}" for d in (-0.01, 0, 0.01)))
    path.write_text("\n".join(lines) + "\n")
    return path


def _exponents(model):
    return [(s.term_type, s.exponent) for c in model.hypothesis.function.compound_terms for s in c.simple_terms]


def test_fraction_exponents_survive_save_and_reopen(tmp_path):
    from fractions import Fraction
    experiment = TextFileReader().read_experiment(str(quarter_log_series(tmp_path / "quarter.txt")))
    _, models = _model(experiment, "O(log^0.25 p)", jobs=1)
    assert _exponents(models["quarter"]) == [("logarithm", Fraction(1, 4))]
    path = tmp_path / "quarter.extra-p"
    write_experiment(experiment, str(path))
    assert '"exponent": 0.25' in __import__("zipfile").ZipFile(path).read("experiment.json").decode()  # stored as a float
    again = {cp.name: m for (cp, _), m in read_experiment(str(path)).modelers[-1].models.items()}["quarter"]
    (kind, exponent), = _exponents(again)
    assert kind == "logarithm" and isinstance(exponent, Fraction) and exponent == Fraction(1, 4)
    assert "log2(p)^(1/4)" in again.hypothesis.function.to_string("p")
    assert again.hypothesis.function.evaluate(256.0) == pytest.approx(models["quarter"].hypothesis.function.evaluate(256.0))


def test_restore_fractions_keeps_whole_and_irregular_exponents():
    from fractions import Fraction
    from extrap.entities.functions import SingleParameterFunction
    from extrap.entities.terms import CompoundTerm, SimpleTerm
    from extrap_segmented.adapters.expectations.modeler import restore_fractions
    terms = [CompoundTerm(SimpleTerm("polynomial", e)) for e in (2, 0.5, 1 / 3, 0.123456789)]
    function = SingleParameterFunction(*terms)
    restore_fractions(function)
    exponents = [c.simple_terms[0].exponent for c in function.compound_terms]
    assert exponents == [2, Fraction(1, 2), Fraction(1, 3), 0.123456789]
    assert isinstance(exponents[0], int) and isinstance(exponents[3], float)
