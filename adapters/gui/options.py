"""Option panels of this package's modelers: plain-words tooltips with the default, options
enabled only where they apply, groups collapsible, the panel scrolls instead of growing.

Extra-P's own panel lays every option out in one form; Segmented's 13 options with their
explanations forced the window to 1,298 px. Here the panel's height is bounded (it scrolls) so
that the main window fits a 1366×768 screen with everything expanded.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QFrame, QWidget, QVBoxLayout, QFormLayout, QToolButton, QLineEdit, QSizePolicy

from extrap.util.dynamic_options import DynamicOption, DynamicOptionsGroup

from ..plugin.extrap_internals import options_widget_base

#: Height the options panel asks for (px); it grows into free space of the dock and scrolls
#: otherwise. Chosen so that Extra-P's window with its docks and this panel expanded fits on a
#: 1366×768 screen (tests/gui/test_option_panels.py).
PANEL_HEIGHT = 120


@dataclass(frozen=True)
class OptionHelp:
    """How one option is presented: a plain-words tooltip and when it applies."""
    text: str
    applies: Optional[Callable[[object], bool]] = None  # None: always


def _in_mode(mode: str) -> Callable[[object], bool]:
    return lambda modeler: getattr(modeler, "mode", mode) == mode


#: Per modeler NAME, per option field. A test checks every field here exists on the modeler.
HELP: dict[str, dict[str, OptionHelp]] = {
    "Segmented": {
        "mode": OptionHelp("How a change of behaviour is detected. 'test': a statistical test of one curve against "
                           "two (recommended). 'paper': the sliding-window method of Ilyas et al."),
        "window_size": OptionHelp("How many consecutive measurement points each sliding window looks at."),
        "theta": OptionHelp("Paper mode: how badly one curve must fit (normalised residual) before the kernel "
                            "counts as segmented. Higher = fewer kernels segmented.", _in_mode("paper")),
        "nrss_band_low": OptionHelp("Paper mode: windows whose normalised residual exceeds this are treated as "
                                    "spanning a change.", _in_mode("paper")),
        "nrss_band_high": OptionHelp("Paper mode: upper end of that band.", _in_mode("paper")),
        "epsilon_limit": OptionHelp("Paper mode: how much worse than its neighbours a window must fit to mark "
                                    "the change.", _in_mode("paper")),
        "max_change_points": OptionHelp("At most this many changes of behaviour are looked for per kernel."),
        "min_segment_size": OptionHelp("Each segment keeps at least this many measurement points."),
        "min_relative_error": OptionHelp("Test mode: a kernel is only split when one curve misses the "
                                         "measurements by more than this fraction (0.06 = 6 %) — and by more "
                                         "than 3× the run-to-run noise.", _in_mode("test")),
        "f_limit": OptionHelp("Test mode: how much better two curves must explain the measurements than one "
                              "(F statistic). Higher = only clear changes.", _in_mode("test")),
        "compare_smooth": OptionHelp("Test mode: also require two segments to beat the best single smooth curve, "
                                     "so a gently bending kernel is not split.", _in_mode("test")),
        "smooth_error_ratio": OptionHelp("Test mode: the smooth curve must still miss by at least this fraction "
                                         "of the error limit before two segments are preferred.", _in_mode("test")),
        "noise_factor": OptionHelp("Test mode, with repetitions: a kernel is only split when one curve misses "
                                   "by more than this many times the run-to-run noise of the means. 1.5 keeps "
                                   "false splits below 1 in 100.", _in_mode("test")),
        "quantisation_steps": OptionHelp("Test mode: counters with integer values (calls, messages) are not split "
                                         "when one curve stays within this many counts of every value.",
                                         _in_mode("test")),
        "reliable_segment_points": OptionHelp("A segment with fewer points is reported as unreliable, with the "
                                              "process counts to measure next."),
        "jobs": OptionHelp("Processes modeling kernels in parallel; 0: every core. Results do not depend on it."),
    },
    "Clustered": {
        "classifier": OptionHelp("How ranks are sorted into classes. 'adaptive': a gap between ranks counts "
                                 "when it is large against the spread and the run-to-run noise; lone extreme "
                                 "ranks become outliers. 'paper': a new class wherever sorted neighbours differ "
                                 "by more than the threshold."),
        "threshold": OptionHelp("Ranks whose values differ by more than this fraction (0.1 = 10 %) from their "
                                "sorted neighbour start a new class (paper classifier; adaptive uses it below "
                                "16 ranks)."),
        "max_outlier_fraction": OptionHelp("Adaptive classifier: at most this share of the ranks (0.1 = 10 %) is "
                                           "set aside as outliers, ranks unlike any other.",
                                           lambda m: getattr(m, "classifier", "adaptive") == "adaptive"),
        "rank_value": OptionHelp("How the repetitions of one rank become one value."),
        "cluster_value": OptionHelp("How the ranks of one class become the value that is modeled."),
        "rules_file": OptionHelp("Optional TOML file naming classes of ranks (rank lists or grid positions). "
                                 "Rules win over the distance threshold."),
        "extra_metrics": OptionHelp("Other metrics (comma-separated, e.g. PAPI_TOT_INS) used together with the "
                                    "modeled one to tell ranks apart."),
        "min_points": OptionHelp("Measurement points per parameter needed before configurations with the same "
                                 "class count are modeled."),
        "plot_dir": OptionHelp("Folder for one PNG per kernel with its classes and models (empty: none)."),
        "plot_kernels": OptionHelp("Which kernels get a PNG in the plot folder: a pattern matched against the "
                                   "call path, e.g. *MPI_Allreduce*.", lambda m: bool(getattr(m, "plot_dir", ""))),
        "jobs": OptionHelp("Processes modeling kernels in parallel; 0: every core. Results do not depend on it."),
    },
    "Expectation": {
        "expectation": OptionHelp("The growth you expect, e.g. O(log p), O(p log p). Empty: no verdict, the "
                                  "kernels are only modeled."),
        "deviation": OptionHelp("How far the measured growth may stray from the expectation before it fails "
                                "(empty: half the leading exponent)."),
        "upper_bound": OptionHelp("Largest growth searched (empty: the expectation squared)."),
        "depth": OptionHelp("How finely exponents between the usual ones are tried (rounds of halving)."),
        "refinement": OptionHelp("Extra slower-growing exponents tried below the expectation."),
        "prefer_expectation": OptionHelp("Keep the expected growth unless another one fits clearly better."),
        "aggregation": OptionHelp("Which value of the repetitions at each point is modeled: mean, median, min "
                                  "or q1 (lower quartile; robust against noisy runs)."),
        "jobs": OptionHelp("Processes modeling kernels in parallel; 0: every core. Results do not depend on it."),
    },
}


#: Values our panels start with where they differ from the modeler's own default (the command
#: line keeps O(p)): no expectation until the user states one, instead of marking every kernel
#: that does not grow linearly red on the first "Generate models".
GUI_DEFAULTS: dict[str, dict[str, object]] = {"Expectation": {"expectation": ""}}

#: Per modeler NAME: (group title, option fields, open at first). Options of no group (Extra-P's
#: own function-search options, jobs) end up in :data:`OTHER_GROUP`, closed.
GROUPS: dict[str, list[tuple[str, tuple[str, ...], bool]]] = {
    "Segmented": [
        ("Change detection", ("mode", "window_size", "max_change_points", "min_segment_size",
                              "reliable_segment_points"), True),
        ("Test mode", ("min_relative_error", "noise_factor", "quantisation_steps", "f_limit", "compare_smooth",
                       "smooth_error_ratio"), True),
        ("Paper mode (Ilyas et al.)", ("theta", "nrss_band_low", "nrss_band_high", "epsilon_limit"), False),
    ],
    "Clustered": [
        ("Classes of ranks", ("classifier", "threshold", "max_outlier_fraction", "rules_file", "extra_metrics"), True),
        ("Values modeled", ("rank_value", "cluster_value", "min_points"), True),
        ("Plots", ("plot_dir", "plot_kernels"), False),
    ],
    "Expectation": [
        ("Expectation", ("expectation", "deviation", "prefer_expectation"), True),
        ("Search space", ("upper_bound", "depth", "refinement", "aggregation"), False),
    ],
}
OTHER_GROUP = "Function search and speed"


def _flatten(options) -> list[DynamicOption]:
    flat = []
    for _, option in options:
        flat.extend(_flatten(option.items()) if isinstance(option, DynamicOptionsGroup) else [option])
    return flat


class Section(QWidget):
    """A titled group of options that collapses to its title (click the title)."""

    def __init__(self, title: str, expanded: bool):
        super().__init__()
        self.header = QToolButton(self)
        self.header.setText(title)
        self.header.setCheckable(True)
        self.header.setChecked(expanded)
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.header.setStyleSheet("QToolButton { border: none; font-weight: bold; }")
        self.body = QWidget(self)
        self.form = QFormLayout(self.body)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.form.setContentsMargins(14, 0, 0, 4)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.header)
        layout.addWidget(self.body)
        self.header.toggled.connect(self.set_expanded)
        self.set_expanded(expanded)

    def set_expanded(self, expanded: bool) -> None:
        self.header.setChecked(expanded)
        self.header.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        self.body.setVisible(expanded)

    def is_expanded(self) -> bool:
        return self.header.isChecked()


def _default_text(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value == "":
        return "empty"
    return f"{value:g}" if isinstance(value, float) else str(value)


def tooltip(modeler, option: DynamicOption) -> str:
    """Plain-words tooltip of ``option`` ending with its default value."""
    name = getattr(modeler, "NAME", "")
    entry = HELP.get(name, {}).get(option.field)
    text = entry.text if entry else (option.description or "")
    default = GUI_DEFAULTS.get(name, {}).get(option.field, option.value)
    return f"{text}\nDefault: {_default_text(default)}."


class PluginOptionsWidget(options_widget_base()):
    """Extra-P's options form for one of our modelers, with our tooltips and enabling rules."""

    def init_ui(self, layout, has_parent_options):
        self._fields, self.sections = {}, {}  # (again on "Reset options to defaults")
        super().init_ui(layout, has_parent_options)

    def _create_options(self, layout, options):
        # Called once with all options: they are laid out in collapsible sections of our own
        # grouping instead of Extra-P's flat form (whose groups cannot collapse).
        by_field = {option.field: option for option in _flatten(options)}
        groups = GROUPS.get(getattr(self.object_with_options, "NAME", ""), [])
        grouped = {field for _, fields, _ in groups for field in fields}
        rest = tuple(field for field in by_field if field not in grouped)
        for title, fields, expanded in groups + [(OTHER_GROUP, rest, False)]:
            present = [by_field[f] for f in fields if f in by_field]
            if not present:
                continue
            section = Section(title, expanded)
            super()._create_options(section.form, [(o.field, o) for o in present])
            layout.addRow(section)
            self.sections[title] = section
        self._update_enabled()

    def _determine_label(self, option):
        label = super()._determine_label(option)
        label.setToolTip(tooltip(self.object_with_options, option))
        self._fields.setdefault(option.field, []).append(label)
        return label

    def _determine_field(self, option):
        field = super()._determine_field(option)
        start = GUI_DEFAULTS.get(getattr(self.object_with_options, "NAME", ""), {})
        if option.field in start and isinstance(field, QLineEdit):
            field.setText(str(start[option.field]))  # applied to the modeler through Extra-P's slot
        field.setToolTip(tooltip(self.object_with_options, option))
        self._fields.setdefault(option.field, []).append(field)
        return field

    def _check_and_apply(self, option, value):
        super()._check_and_apply(option, value)
        self._update_enabled()

    def reset_options(self):
        """"Reset options to defaults": Extra-P restores the modeler's own defaults (the command
        line's, e.g. the expectation O(p)); the panel's start values of :data:`GUI_DEFAULTS` win,
        on the modeler and in the rebuilt inputs."""
        start = GUI_DEFAULTS.get(getattr(self.object_with_options, "NAME", ""), {})
        super().reset_options()
        for name, value in start.items():
            setattr(self.object_with_options, name, value)
            for widget in self._fields.get(name, []):
                if isinstance(widget, QLineEdit) and widget.text() != str(value):
                    widget.setText(str(value))
        self._update_enabled()
        scroll = self.parentWidget()
        while scroll is not None and not isinstance(scroll, ScrollingOptions):
            scroll = scroll.parentWidget()
        if scroll is not None:
            scroll.follow_sections()  # the sections were rebuilt

    def _update_enabled(self):
        rules = HELP.get(getattr(self.object_with_options, "NAME", ""), {})
        for field, widgets in self._fields.items():
            rule = rules.get(field)
            enabled = rule is None or rule.applies is None or bool(rule.applies(self.object_with_options))
            for widget in widgets:
                widget.setEnabled(enabled)

    def widgets_of(self, field: str) -> list[QWidget]:
        """Label and input of option ``field`` (tests, screenshots)."""
        return list(self._fields.get(field, []))


class ScrollingOptions(QScrollArea):
    """Scroll area around a :class:`PluginOptionsWidget`: asks for all its options' height but
    shrinks to :data:`PANEL_HEIGHT` (then scrolls), so the window's minimum height stays small."""

    def __init__(self, parent, modeler):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.options = PluginOptionsWidget(self, modeler)
        self.setWidget(self.options)
        self.follow_sections()
        parent.setEnabled(True)
        main_widget = getattr(parent.parent(), "main_widget", None)  # Extra-P's ModelerWidget
        if main_widget is not None:
            from .tree import keep_annotations_column_fitted
            keep_annotations_column_fitted(main_widget)

    def follow_sections(self) -> None:
        """Refits the panel whenever a section opens or closes (again after a reset rebuilt them)."""
        for section in self.options.sections.values():
            section.header.toggled.connect(self._refit)
        self._refit()

    def setSizePolicy(self, *policy):
        # Extra-P's expander makes its content MinimumExpanding (the hint becomes the minimum,
        # 1,298 px for Segmented's flat form); Preferred lets the panel shrink to its minimum.
        super().setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def _refit(self, *_):
        self.options.adjustSize()
        self.setMaximumHeight(self.options.sizeHint().height() + 2)  # never taller than its options
        self.updateGeometry()

    def _with_scroll_bar(self, height: int):
        hint = self.options.sizeHint()
        hint.setHeight(height)
        hint.setWidth(hint.width() + self.verticalScrollBar().sizeHint().width())
        return hint

    def sizeHint(self):
        return self._with_scroll_bar(self.options.sizeHint().height() + 2)

    def minimumSizeHint(self):
        return self._with_scroll_bar(min(self.options.sizeHint().height() + 2, PANEL_HEIGHT))


def is_ours(modeler) -> bool:
    return type(modeler).__module__.startswith("extrap_segmented.")


def options_widget_factory(original: type) -> Callable:
    """Replacement for the name ``ModelerOptionsWidget`` in Extra-P's ModelerWidget module."""

    def create(parent, modeler, *args, **kwargs):
        if is_ours(modeler) and not args and not kwargs:
            return ScrollingOptions(parent, modeler)
        return original(parent, modeler, *args, **kwargs)
    create.extrap_segmented_gui = True
    create.__wrapped__ = original
    return create
