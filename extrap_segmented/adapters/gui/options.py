"""Option panels of this package's modelers: tooltips with the command line's words, the accepted
values and the default, options enabled only where they apply, groups collapsible, the panel
scrolls instead of growing.

Extra-P's own panel lays every option out in one form; Segmented's 13 options with their
explanations forced the window to 1,298 px. Here the panel's height is bounded (it scrolls) so
that the main window fits a 1366×768 screen with everything expanded.
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QFrame, QWidget, QVBoxLayout, QFormLayout, QToolButton, QLineEdit, QSizePolicy

from extrap.util.dynamic_options import DynamicOption

from ..plugin.extrap_internals import options_widget_base
from .option_texts import flatten, tooltip as option_tooltip

#: Height the options panel asks for (px); it grows into free space of the dock and scrolls
#: otherwise. Chosen so that Extra-P's window with its docks and this panel expanded fits on a
#: 1366×768 screen (tests/gui/test_option_panels.py).
PANEL_HEIGHT = 120


def _in_mode(*modes: str) -> Callable[[object], bool]:
    return lambda modeler: getattr(modeler, "mode", modes[0]) in modes


#: When an option acts, per modeler NAME and option field (options not listed always act); the
#: panel greys out the others. The words of every tooltip come from the option's declaration
#: (:mod:`.option_texts`), as ``extrap --help-modeler`` prints them. A test checks every field
#: here exists on its modeler.
APPLIES: dict[str, dict[str, Callable[[object], bool]]] = {
    "Segmented": {
        **{field: _in_mode("paper") for field in ("theta", "nrss_band_low", "nrss_band_high", "epsilon_limit")},
        **{field: _in_mode("trend") for field in ("trend_f_limit", "noise_floor", "min_relative_change", "flat_steps")},
        # the trend detection hands short series and series without repetitions to the test
        **{field: _in_mode("test", "trend") for field in ("min_relative_error", "f_limit", "compare_smooth",
                                                          "smooth_error_ratio", "noise_factor",
                                                          "quantisation_steps")},
    },
    "Clustered": {
        "max_outlier_fraction": lambda m: getattr(m, "classifier", "adaptive") == "adaptive",
        "plot_kernels": lambda m: bool(getattr(m, "plot_dir", "")),
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
        ("Trend mode", ("trend_f_limit", "noise_floor", "min_relative_change"), True),
        ("Test mode (also trend mode's short series)", ("min_relative_error", "noise_factor", "quantisation_steps",
                                                       "f_limit", "compare_smooth", "smooth_error_ratio"), False),
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


def tooltip(modeler, option: DynamicOption) -> str:
    """The tooltip of ``option``: its declared description (as ``extrap --help-modeler`` prints
    it), the accepted values and the default the panel starts with."""
    start = GUI_DEFAULTS.get(getattr(modeler, "NAME", ""), {}).get(option.field)
    return option_tooltip(modeler, option.field, start=start)


class PluginOptionsWidget(options_widget_base()):
    """Extra-P's options form for one of our modelers, with our tooltips and enabling rules."""

    def init_ui(self, layout, has_parent_options):
        self._fields, self.sections = {}, {}  # (again on "Reset options to defaults")
        super().init_ui(layout, has_parent_options)

    def _create_options(self, layout, options):
        # Called once with all options: they are laid out in collapsible sections of our own
        # grouping instead of Extra-P's flat form (whose groups cannot collapse).
        by_field = {option.field: option for option in flatten(options)}
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
        rules = APPLIES.get(getattr(self.object_with_options, "NAME", ""), {})
        for field, widgets in self._fields.items():
            rule = rules.get(field)
            enabled = rule is None or bool(rule(self.object_with_options))
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
            # multi-parameter Segmented/Expectation keep their options on their single-parameter
            # modeler (the command line's names): the panel is that modeler's, grouped as usual
            if getattr(modeler, "OPTIONS_ON_SINGLE_PARAMETER_MODELER", False):
                modeler = modeler.single_parameter_modeler
            return ScrollingOptions(parent, modeler)
        return original(parent, modeler, *args, **kwargs)
    create.extrap_segmented_gui = True
    create.__wrapped__ = original
    return create
