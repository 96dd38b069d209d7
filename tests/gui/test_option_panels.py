"""Option panels of Segmented, Clustered and Expectation in Extra-P's window: they fit a 1366×768
screen expanded, options apply only where they act, tooltips say what the command line's help says
(from the options' declarations) with the accepted values and the default."""
from __future__ import annotations

import pytest

from gui_helpers import expand_options, extrap_window, select_modeler  # noqa: F401 - fixture

pytestmark = pytest.mark.gui

OURS = ("Segmented", "Clustered", "Expectation")
SINGLE_PARAMETER = ("Segmented", "Expectation")  # Clustered needs a per-rank experiment


@pytest.mark.parametrize("modeler", SINGLE_PARAMETER)
def test_expanded_panel_fits_a_1366x768_screen(qtbot, extrap_window, fixtures_dir, modeler):
    from extrap_segmented.adapters.gui.options import ScrollingOptions
    window = extrap_window(["--text", fixtures_dir / "series" / "mafia_kernels.txt"])
    select_modeler(window, modeler)
    panel = expand_options(qtbot, window, all_sections=True)
    assert isinstance(panel, ScrollingOptions)
    assert panel.isVisible() and panel.height() >= 100
    # A 768-px screen minus a 40-px task bar and a 28-px title bar leaves 700 px for the window.
    hint = window.minimumSizeHint()
    assert hint.height() <= 700 and hint.width() <= 1366, hint
    # Every option is reachable: the panel scrolls to the last one.
    last = panel.options._fields[list(panel.options._fields)[-1]][-1]
    panel.ensureWidgetVisible(last)
    qtbot.wait(10)
    assert last.visibleRegion().boundingRect().height() > 0
    print(f"\n{modeler}: window minimum height {hint.height()} px with every section expanded")


def test_sections_group_the_options_and_collapse(qtbot, extrap_window, fixtures_dir):
    window = extrap_window(["--text", fixtures_dir / "series" / "mafia_kernels.txt"])
    select_modeler(window, "Segmented")
    options = expand_options(qtbot, window).options
    assert list(options.sections) == ["Change detection", "Trend mode", "Test mode (also trend mode's short series)",
                                      "Paper mode (Ilyas et al.)", "Function search and speed"]
    paper = options.sections["Paper mode (Ilyas et al.)"]
    theta = options.widgets_of("theta")[-1]
    assert not paper.is_expanded() and not theta.isVisible()  # closed at first: trend mode is the default
    assert options.sections["Trend mode"].is_expanded()
    paper.header.click()
    qtbot.wait(10)
    assert paper.is_expanded() and theta.isVisible()
    paper.header.click()
    assert not theta.isVisible()
    # Extra-P's own options of the function search are there, in the last section
    assert options.widgets_of("allow_log_terms") and options.widgets_of("jobs")


def test_paper_mode_options_disabled_in_test_mode_and_back(qtbot, extrap_window, fixtures_dir):
    window = extrap_window(["--text", fixtures_dir / "series" / "mafia_kernels.txt"])
    select_modeler(window, "Segmented")
    options = expand_options(qtbot, window).options
    paper = ("theta", "nrss_band_low", "nrss_band_high", "epsilon_limit")
    test = ("min_relative_error", "f_limit", "compare_smooth", "smooth_error_ratio")
    trend = ("trend_f_limit", "noise_floor", "min_relative_change")
    # default trend mode: its own options and the test's (its short series) act, the paper's not
    assert all(not w.isEnabled() for f in paper for w in options.widgets_of(f))
    assert all(w.isEnabled() for f in trend + test + ("window_size", "max_change_points")
               for w in options.widgets_of(f))
    mode = options.widgets_of("mode")[-1]
    mode.setCurrentText("test")
    assert all(not w.isEnabled() for f in paper + trend for w in options.widgets_of(f))
    assert all(w.isEnabled() for f in test for w in options.widgets_of(f))
    mode.setCurrentText("paper")
    assert window.modeler_widget._modeler.mode == "paper"
    assert all(w.isEnabled() for f in paper for w in options.widgets_of(f))
    assert all(not w.isEnabled() for f in test + trend for w in options.widgets_of(f))


def test_tooltips_are_the_declared_descriptions_with_accepted_values_and_default(qtbot, extrap_window, fixtures_dir):
    from extrap_segmented.adapters.gui.option_texts import declared_description
    window = extrap_window(["--text", fixtures_dir / "series" / "mafia_kernels.txt"])
    select_modeler(window, "Segmented")
    options = expand_options(qtbot, window).options
    modeler = window.modeler_widget._modeler
    tip = options.widgets_of("f_limit")[-1].toolTip()
    assert tip == "Test mode: F statistic (one vs two segments) needed\nAccepted: a finite number > 0.\nDefault: 10."
    assert options.widgets_of("compare_smooth")[-1].toolTip().endswith("\nDefault: on.")
    assert options.widgets_of("mode")[-1].toolTip().endswith("\nOne of: trend, test, paper.\nDefault: trend.")
    for field in options._fields:
        for widget in options.widgets_of(field):  # label and input
            assert widget.toolTip().splitlines()[0] == declared_description(modeler, field), field
    select_modeler(window, "Expectation")
    options = expand_options(qtbot, window).options
    assert options.widgets_of("deviation")[-1].toolTip() == (
        "Deviation D (limits E/D and E·D); empty: half the leading exponent\nDefault: empty.")
    assert options.widgets_of("depth")[-1].toolTip().endswith("\nAccepted: 0 … 5.\nDefault: 2.")


def test_expectation_tooltips_say_what_the_command_line_help_says(qtbot, extrap_window, fixtures_dir,
                                                                  python_subprocess):
    """The issue's case: the GUI described Expectation's options in other words than
    `extrap --help-modeler expectation` and docs/expectations.md."""
    help_text = python_subprocess("import sys; from extrap.extrap.extrapcmd import main\n"
                                  "sys.argv = ['extrap', '--help-modeler', 'expectation']\n"
                                  "try:\n    main()\nexcept SystemExit:\n    pass\n")
    assert help_text.returncode == 0, help_text.stderr[-2000:]
    printed = " ".join(help_text.stdout.split())
    window = extrap_window(["--text", fixtures_dir / "series" / "mpi_collectives.txt"])
    select_modeler(window, "Expectation")
    options = expand_options(qtbot, window, all_sections=True).options
    own = ("expectation", "deviation", "upper_bound", "depth", "refinement", "prefer_expectation", "aggregation",
           "jobs")
    for field in own:
        first_line = options.widgets_of(field)[-1].toolTip().splitlines()[0]
        assert first_line and first_line in printed, (field, first_line)


def test_applies_table_matches_the_modelers_options():
    from extrap.modelers.modeler_options import modeler_options
    from extrap_segmented.adapters.gui.option_texts import declared_description
    from extrap_segmented.adapters.gui.options import APPLIES
    from extrap.modelers import single_parameter, multi_parameter
    for name in OURS:
        modeler = (single_parameter.all_modelers.get(name) or multi_parameter.all_modelers.get(name))()
        fields = {o.field for o in modeler_options.iter(modeler)}
        assert set(APPLIES.get(name, {})) <= fields, f"{name}: rules for options it does not have"
        own = {o.field for o in modeler_options.iter(modeler) if o.field in type(modeler).__dict__}
        assert own and all(declared_description(modeler, field) for field in own), f"{name}: an option without words"


def test_extrap_modelers_keep_their_own_panel(qtbot, extrap_window, fixtures_dir):
    from extrap.gui.ModelerOptionsWidget import ModelerOptionsWidget
    window = extrap_window(["--text", fixtures_dir / "series" / "mafia_kernels.txt"])
    select_modeler(window, "Default")
    assert type(window.modeler_widget._options_container.content()) is ModelerOptionsWidget


def test_reset_restores_the_empty_expectation_not_the_command_lines_default(qtbot, extrap_window, fixtures_dir):
    from PySide6.QtWidgets import QPushButton
    from extrap.util.exceptions import RecoverableError
    from gui_helpers import generate
    window = extrap_window(["--text", fixtures_dir / "series" / "mpi_collectives.txt"])
    select_modeler(window, "Expectation")
    panel = expand_options(qtbot, window)
    options = panel.options
    options.widgets_of("expectation")[-1].setText("O(log p)")
    options.widgets_of("deviation")[-1].setText("sqrt(p)")
    modeler = window.modeler_widget._modeler
    assert (modeler.expectation, modeler.deviation) == ("O(log p)", "sqrt(p)")
    reset, = [b for b in options.findChildren(QPushButton) if b.text() == "Reset options to defaults"]
    reset.click()
    qtbot.wait(10)
    from extrap.modelers.modeler_options import modeler_options
    own, = [o.value for o in modeler_options.iter(modeler) if o.field == "expectation"]
    assert own == "O(p)"  # the modeler's (the command line's) own default, which Extra-P's reset applies
    assert (modeler.expectation, modeler.deviation) == ("", "")
    field = options.widgets_of("expectation")[-1]
    assert field.text() == "" and field.toolTip().endswith("Default: empty.")
    with pytest.raises(RecoverableError, match="state the growth you expect first"):
        generate(window, "Expectation", "after reset")
    # the rebuilt sections still collapse and the panel follows them
    section = options.sections["Search space"]
    section.set_expanded(False)
    closed = panel.maximumHeight()
    section.header.click()
    qtbot.wait(10)
    assert section.is_expanded() and panel.maximumHeight() > closed
