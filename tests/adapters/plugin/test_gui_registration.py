"""Extra-P's GUI, started offscreen, offers the plugins' modelers and readers."""
from __future__ import annotations

import json
import textwrap

import pytest

from conftest import run_python
from test_plugin_registration import make_distribution, DUMMY_PLUGIN

pytestmark = pytest.mark.gui

TEXT_EXPERIMENT = "PARAMETER p\nPOINTS 2 4 8 16 32 64\nREGION main\nMETRIC time\n" + "".join(
    f"DATA {3 * p} {3 * p + 0.1}\n" for p in (2, 4, 8, 16, 32, 64))


def test_gui_lists_plugin_modelers_and_readers(tmp_path):
    make_distribution(tmp_path, "dummy-extrap-plugin", "dummy_extrap_plugin", DUMMY_PLUGIN)
    experiment = tmp_path / "experiment.txt"
    experiment.write_text(TEXT_EXPERIMENT)
    code = textwrap.dedent(f"""
        import json
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from extrap.extrap import extrapgui
        window, app = extrapgui.main(args=["--text", {str(experiment)!r}], test=True)
        file_menu = [a for a in window.menuBar().actions() if a.text() == "&File"][0].menu()
        selector = window.modeler_widget._model_selector
        print(json.dumps({{
            "file_actions": [a.text() for a in file_menu.actions()],
            "modelers": [selector.itemText(i) for i in range(selector.count())],
        }}), flush=True)
    """)
    result = run_python(code, pythonpath=[tmp_path], env_extra={"QT_QPA_PLATFORM": "offscreen"}, timeout=180)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert "Open &dummy text file" in shown["file_actions"]
    assert "Dummy-Refining" in shown["modelers"] and "Refining" in shown["modelers"]
    assert "Segmented" in shown["modelers"] and "Segmented-Classic" in shown["modelers"]
    # This package's own plugin, through the same entry-point path.
    assert "Open set of CUBE files keeping &ranks" in shown["file_actions"]
    assert {"Segmented", "Segmented-Classic", "Clustered", "Expectation"} <= set(shown["modelers"])
    # Extra-P's own entries are unchanged.
    assert "Open set of &CUBE files" in shown["file_actions"]
    assert {"Default", "Basic", "Adaptive"} <= set(shown["modelers"])


def test_gui_saves_a_segmented_per_rank_experiment_atomically(tmp_path):
    """The GUI's save used to show "'value_io'" and quit; now it writes through the atomic writer."""
    from pathlib import Path
    gather = Path(__file__).resolve().parents[3] / "fixtures" / "cube" / "gather-switch-p"
    target = tmp_path / "gui.extra-p"
    code = textwrap.dedent(f"""
        import json
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from extrap.extrap import extrapgui
        window, app = extrapgui.main(args=["--cube-ranks", {str(gather)!r}], test=True)
        from extrap.gui import MainWidget
        from extrap.modelers.model_generator import ModelGenerator
        experiment = window.getExperiment()
        generator = ModelGenerator(experiment, modeler="Segmented")
        generator.model_all()
        experiment.add_modeler(generator)
        MainWidget.write_experiment(experiment, {str(target)!r})
        from extrap.fileio.experiment_io import read_experiment
        back = read_experiment({str(target)!r})
        print(json.dumps({{"atomic": getattr(MainWidget.write_experiment, "extrap_segmented_atomic", False),
                           "types": sorted({{type(m).__name__ for m in back.modelers[-1].models.values()}})}}),
              flush=True)
    """)
    result = run_python(code, env_extra={"QT_QPA_PLATFORM": "offscreen"}, timeout=180)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert shown["atomic"] is True
    assert "SegmentedModel" in shown["types"]
