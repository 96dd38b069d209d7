"""Extra-P's GUI, offscreen: the File menu offers --cube-ranks and loading the stencil fixture works."""
from __future__ import annotations

import json
import textwrap

import pytest

from conftest import run_python

pytestmark = pytest.mark.gui


@pytest.mark.slow
def test_gui_file_menu_has_the_reader_and_loads_the_stencil_fixture(fixtures_dir, repo_root):
    stencil = fixtures_dir / "cube" / "stencil2d-ps"
    code = textwrap.dedent(f"""
        import json
        import extrap_segmented
        extrap_segmented.activate()
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from extrap.extrap import extrapgui
        from PySide6.QtWidgets import QMessageBox
        from extrap.gui.StrongScalingConversionDialog import StrongScalingConversionDialog as _dialogs
        # the stencil's mean time falls with p in places; answer "keep weak scaling" instead of showing the question
        _dialogs.pose_question_for_readers_with_scaling_conversion = staticmethod(
            lambda parent: QMessageBox.StandardButton.No)
        window, app = extrapgui.main(args=["--cube-ranks", {str(stencil)!r}], test=True)
        file_menu = [a for a in window.menuBar().actions() if a.text() == "&File"][0].menu()
        actions = [a.text() for a in file_menu.actions()]
        for menu_action in file_menu.actions():
            if menu_action.menu():
                actions += [a.text() for a in menu_action.menu().actions()]
        experiment = window.getExperiment()
        m = experiment.measurements[next(iter(experiment.measurements))][-1]
        print(json.dumps({{"actions": actions, "type": type(experiment).__name__,
                           "points": len(experiment.coordinates), "shape": list(m.values.shape),
                           "dims": list(m.locations.topology_dims)}}), flush=True)
    """)
    result = run_python(code, env_extra={"QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert "Open set of CUBE files keeping &ranks" in shown["actions"]
    assert shown["type"] == "RankExperiment"
    assert shown["points"] == 30
    assert shown["shape"] == [2, 256] and shown["dims"] == [16, 16]
