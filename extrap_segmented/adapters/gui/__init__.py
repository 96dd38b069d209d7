"""GUI of the plugin's analyses inside Extra-P's Qt GUI: option panels, the import dialog of our
readers and a kernel plot.

Imported only when Extra-P's GUI runs (it imports PySide6); :func:`install` wires the parts in
through :mod:`extrap_segmented.adapters.plugin.extrap_internals`.
"""
from __future__ import annotations


def install() -> None:
    """Our option panels for our modelers, our import dialog for our readers and the kernel plot
    in the graph's context menu (idempotent)."""
    from ..plugin import extrap_internals
    from .import_dialog import import_dialog_factory
    from .options import options_widget_factory
    from .plot import add_plot_action
    extrap_internals.replace_modeler_options_widget(options_widget_factory)
    extrap_internals.replace_import_options_dialog(import_dialog_factory)
    extrap_internals.extend_graph_context_menu(add_plot_action)
