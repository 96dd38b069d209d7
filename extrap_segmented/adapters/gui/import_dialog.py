"""The import dialog of this package's file readers (File → Open set of CUBE files keeping ranks,
File → Open … Caliper): the real limits and units, one message for what cannot be loaded.

Extra-P's dialog gives an integer option a spin box with Qt's own range, 0 … 99, and sets the value
before the range: the anchor limits (256 MiB, 2,000,000 elements) showed as 99, and one click made
the element limit 98, so every profile was skipped, one warning box per file. Here each input
takes the range and unit the reader declares (``DynamicOptions.add(..., range=...)`` and the
reader's ``OPTION_UNITS``); a value outside it is named in one message inside the dialog, which
stays open; so does a load that fails (e.g. limits too small for the profiles), and the warnings
of a load that succeeds come as one box (one line per condition) instead of one per file.
"""
from __future__ import annotations

import warnings

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLabel, QLayout, QSpinBox)

from extrap.gui.components.ProgressWindow import ProgressWidget
from extrap.util.exceptions import CancelProcessError, FileFormatError, RecoverableError

from ..option_rules import range_problem
from ..plugin.extrap_internals import reader_options_widget_base
from .option_texts import tooltip

#: Longest message shown whole (a failed load lists reasons file by file; the tooltip has them all).
MESSAGE_CHARACTERS = 420
#: Style of the message naming what is not accepted or why loading failed.
_MESSAGE_STYLE = "QLabel { color: #a4000f; background: #fde8e8; border: 1px solid #e3a0a0; padding: 6px; }"


class ReaderOptionsWidget(reader_options_widget_base()):
    """Extra-P's form of a reader's options, with the declared ranges and units in integer inputs
    and tooltips from the declarations."""

    def init_ui(self, layout, has_parent_options):
        self.limits: dict[str, tuple[object, QSpinBox, str]] = {}  # field: (option, input, unit)
        super().init_ui(layout, has_parent_options)

    def _unit(self, option) -> str:
        return getattr(self.object_with_options, "OPTION_UNITS", {}).get(option.field, "")

    def _determine_label(self, option):
        label = super()._determine_label(option)
        label.setToolTip(tooltip(self.object_with_options, option.field, unit=self._unit(option)))
        return label

    def _determine_field(self, option):
        unit = self._unit(option)
        if option.type is int and isinstance(option.range, range):
            field = QSpinBox()
            field.setRange(option.range.start, option.range[-1])  # before the value, which Qt clamps
            field.setSingleStep(option.range.step)
            field.setGroupSeparatorShown(True)
            if unit:
                field.setSuffix(f" {unit}")
            field.setValue(getattr(self.object_with_options, option.field, option.value))
            field.setCorrectionMode(QSpinBox.CorrectionMode.CorrectToPreviousValue)
            field.setMinimumWidth(field.fontMetrics().horizontalAdvance(f"{option.range[-1]:,} {unit}") + 40)
            field.valueChanged[int].connect(lambda value: self._check_and_apply(option, value))
            self.limits[option.field] = (option, field, unit)
        else:
            field = super()._determine_field(option)
        field.setToolTip(tooltip(self.object_with_options, option.field, unit=unit))
        return field

    def problems(self) -> list[str]:
        """What the inputs hold that the reader does not accept, as typed (a spin box keeps its
        previous value while its text is out of range)."""
        found = []
        for option, field, unit in self.limits.values():
            problem = range_problem(option, field.cleanText(), unit)
            if problem:
                found.append(problem)
        return found


class ReaderImportDialog(QDialog):
    """The import dialog for this package's readers (see the module's description); what Extra-P's
    main window uses of its own dialog: ``exec``/``open``/``accept`` and ``experiment``."""

    def __init__(self, parent, reader, path):
        super().__init__(parent)
        self.experiment = None
        self.reader = reader
        self.path = path
        self._build()

    def _build(self):
        self.setWindowTitle("Import Options")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setWindowFlag(Qt.WindowType.WindowContextHelpButtonHint, False)
        self.setWindowFlag(Qt.WindowType.WindowCloseButtonHint, False)
        layout = QFormLayout(self)
        layout.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)
        self.options_widget = ReaderOptionsWidget(self, self.reader)
        self.options_widget.layout().setContentsMargins(0, 0, 0, 0)
        layout.addRow(self.options_widget)
        self.message = QLabel(self)
        self.message.setObjectName("importProblem")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(_MESSAGE_STYLE)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setMaximumWidth(520)
        self.message.hide()
        layout.addRow(self.message)
        self.progress_widget = ProgressWidget(self)
        self.progress_widget.setContentsMargins(0, 10, 0, 0)
        layout.addRow(self.progress_widget)
        buttons = QDialogButtonBox.StandardButton
        self.buttonBox = QDialogButtonBox(buttons.Ok | buttons.Cancel | buttons.RestoreDefaults)
        self.buttonBox.accepted.connect(self.accept)
        self.buttonBox.rejected.connect(self.reject)
        self.buttonBox.button(buttons.RestoreDefaults).clicked.connect(self._restore_defaults)
        layout.addRow(self.buttonBox)
        for _, field, _ in self.options_widget.limits.values():
            field.lineEdit().textEdited.connect(self._check_inputs)
        self.setLayout(layout)

    def reject(self):
        self.progress_widget.cancel()
        super().reject()

    def _restore_defaults(self):
        self.options_widget.reset_options()
        for _, field, _ in self.options_widget.limits.values():
            field.lineEdit().textEdited.connect(self._check_inputs)
        self._check_inputs()

    def _check_inputs(self, *_):
        """Names every value not accepted, in one message, while the user types."""
        problems = self.options_widget.problems()
        self.show_message("\n".join(problems) if problems else "")
        return not problems

    def show_message(self, text: str) -> None:
        """Shows ``text`` (empty: hides the message); a long one is cut, whole in its tooltip."""
        shown = text if len(text) <= MESSAGE_CHARACTERS else text[:MESSAGE_CHARACTERS].rsplit(" ", 1)[0] + " …"
        self.message.setText(shown)
        self.message.setToolTip(text if shown != text else "")
        self.message.setVisible(bool(text))
        self.adjustSize()

    def accept(self):
        if not self._check_inputs():
            return  # the message names the values; the dialog stays open
        caught: list = []
        with self.progress_widget.get_progress_bar() as progress:
            self._enable_inputs(False)
            try:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    self.experiment = self.reader.read_experiment(self.path, progress)
            except CancelProcessError:  # "Cancel" while reading: the dialog is closing
                self.experiment = None
                return
            except (FileFormatError, RecoverableError, OSError) as error:
                self.experiment = None
                self._enable_inputs(True)
                self.progress_widget.setMaximumHeight(0)  # folded again, as before reading
                self.show_message(f"Not loaded: {error}")
                return
        _warn_once(caught)
        if self.experiment is None:
            self._enable_inputs(True)
            self.show_message("Not loaded: the reader returned no experiment; the files may be corrupt.")
            return
        QDialog.accept(self)

    def _enable_inputs(self, enabled: bool):
        self.options_widget.setEnabled(enabled)
        for button in (QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.RestoreDefaults):
            self.buttonBox.button(button).setEnabled(enabled)


def _warn_once(caught) -> None:
    """The warnings of one load as one warning (one line per condition; files counted)."""
    from ..modeling.runs import summarise
    records = [(None, record.message) for record in caught
               if not issubclass(record.category, (DeprecationWarning, PendingDeprecationWarning, FutureWarning))]
    lines = summarise(records)
    if lines:
        categories = {type(message) for _, message in records}
        category = categories.pop() if len(categories) == 1 else UserWarning
        warnings.warn("\n".join(lines), category, stacklevel=3)


def is_ours(reader) -> bool:
    return type(reader).__module__.startswith("extrap_segmented.")


def import_dialog_factory(original: type):
    """Replacement for the name ``ImportOptionsDialog`` in Extra-P's MainWidget module: our dialog
    for our readers, Extra-P's for every other."""

    def create(parent, reader, path, *args, **kwargs):
        if is_ours(reader) and not args and not kwargs:
            return ReaderImportDialog(parent, reader, path)
        return original(parent, reader, path, *args, **kwargs)
    create.extrap_segmented_gui = True
    create.__wrapped__ = original
    return create
